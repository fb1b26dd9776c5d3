//! A terminal a person opened: a shell on a pseudo-terminal (`script`), started by the test (never
//! under an agent) when it opens it, into which the test later types commands and answers.

use super::{Cmd, Output, Sandbox};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct PersonTerminal {
    child: Child,
    input: ChildStdin,
    shown: Arc<Mutex<Vec<u8>>>,
    gitvow: String,
}

impl Sandbox {
    /// A shell on a terminal of its own, opened now.
    pub fn person_terminal(&self) -> PersonTerminal {
        let gitvow = self.gitvow();
        let mut shell = Cmd { program: "sh".into(), args: Vec::new(), stdin: Some(Vec::new()), ..gitvow.clone() }.on_terminal();
        shell.terminal.as_mut().unwrap().launcher = None;
        let mut child = shell.spawn();
        let input = child.stdin.take().unwrap();
        let mut output = child.stdout.take().unwrap();
        let shown = Arc::new(Mutex::new(Vec::new()));
        let sink = shown.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = output.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        PersonTerminal { child, input, shown, gitvow: gitvow.program.to_string_lossy().into_owned() }
    }
}

impl PersonTerminal {
    /// Types `gitvow <args>` and then `answer` (if any), and waits for the command to end. What the
    /// terminal showed meanwhile is the output's stdout (a terminal has one stream).
    pub fn run(&mut self, args: &[&str], answer: &str) -> Output {
        let words: Vec<String> = std::iter::once(self.gitvow.clone()).chain(args.iter().map(|a| a.to_string())).collect();
        self.type_line(&shell_words::join(words), answer)
    }

    /// Types the shell line `command` as it is (a command gitvow printed, pasted), then `answer`,
    /// and waits for it to end, as [`PersonTerminal::run`] does.
    pub fn type_line(&mut self, command: &str, answer: &str) -> Output {
        let start = self.shown.lock().unwrap().len();
        let line = format!("{command}; printf '@@%s@@\\n' $?\n");
        self.input.write_all(line.as_bytes()).unwrap();
        if !answer.is_empty() {
            self.input.write_all(answer.as_bytes()).unwrap();
        }
        self.input.flush().unwrap();
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let text = String::from_utf8_lossy(&self.shown.lock().unwrap()[start..]).into_owned();
            // The echo of the typed line shows `@@%s@@`; only the exit code is a number there.
            if let Some(code) = text.split("@@").skip(1).find_map(|p| p.parse::<i32>().ok()) {
                return Output { code, stdout: text, stderr: String::new(), signal: None };
            }
            assert!(Instant::now() < until, "the command typed into the terminal did not end: {text}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for PersonTerminal {
    fn drop(&mut self) {
        let _ = self.input.write_all(b"exit\n");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
