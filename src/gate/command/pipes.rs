//! Programs that run a command on each name a list gives them, as `xargs` does: GNU parallel
//! (`env_parallel`, and `sem`, which runs its command once), rush, xe and gargs. The list is
//! their input, the words after `:::`, or the lines of a file (`::::`, `-a`); the command is
//! shell text with placeholders for the name (`{}`, `{.}`, `{/}`, `{1}`…), or the name added after
//! it. It is judged as run with a variable standing for each name of the list, as the body of a
//! loop over that list is: `find ~/.gitvow | parallel cat` reads what `find` lists.

use super::syntax::{Simple, Word};
use super::{Dirs, Feed, Io, Peeled, ProgramCall, ShellState, Step, Walk, effects, expand_home};

/// The variable that stands for each name in the command as judged.
const EACH: &str = "__gitvow_each";

/// Where a program's names come from besides its input.
enum Source {
    /// Words on its command line (`::: a b`).
    Words(Vec<Word>),
    /// A file of names, one a line (`:::: list`, `-a list`).
    File(Word),
}

/// What one of these programs is told to do.
#[derive(Default)]
struct Runs {
    /// The command's words, as given.
    command: Vec<Word>,
    /// The command goes to a shell as text (parallel, rush, gargs, `xe -s`); else it is run as
    /// its words are (xe).
    shell_text: bool,
    /// A replace string of its own (`-I R`) besides the placeholders.
    replace: Option<String>,
    /// Lists of names that stand instead of its input.
    sources: Vec<Source>,
    /// Its input goes to the command as its input (`parallel --pipe`), or it runs the command once
    /// (`sem`): no name is added.
    once: bool,
    /// The directory the command runs in (`--workdir`).
    workdir: Option<String>,
    /// Files it writes (`--joblog`, rush's `-o`).
    writes: Vec<Word>,
}

impl Walk<'_> {
    /// `… | parallel cmd`, `parallel cmd ::: names`, `rush`, `xe`, `gargs`: the command judged on
    /// each name of its list (see the module's comment).
    pub(super) fn run_on_each(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        let words = cmd.operands();
        let runs = match call.name.as_str() {
            "rush" => rush(words, &call.args),
            "xe" => xe(words, &call.args),
            "gargs" => gargs(words, &call.args),
            name => parallel(words, &call.args, name == "sem"),
        };
        let dirs = match &runs.workdir {
            Some(d) => cmd.dirs.join(&expand_home(d, self.ctx.home)),
            None => cmd.dirs.clone(),
        };
        for w in &runs.writes {
            self.effect(effects::EffectKind::Overwrite, w, &cmd.dirs);
        }
        if runs.command.is_empty() {
            // `… | parallel`: each name is a command line of its own.
            if call.name == "parallel" && !runs.once {
                self.each_line_run(&runs, io, &dirs, shell);
            }
            return Step::unknown();
        }
        let Some(text) = command_text(&runs) else {
            self.opaque("it runs a command on a name an expression computes");
            return Step::unknown();
        };
        let names = if runs.once { None } else { self.names(&runs.sources, io.feed, &cmd.dirs) };
        self.seen.loops.retain(|(m, ..)| m != EACH);
        if let Some(names) = names {
            self.seen.loops.push((EACH.to_string(), names, false));
        }
        let input = if runs.once { io.feed.clone() } else { Feed::None };
        self.text_reading(&text, &mut ShellState { dirs, ..shell.clone() }, io.reparse + 1, &input);
        self.seen.loops.retain(|(m, ..)| m != EACH);
        Step::unknown()
    }

    /// The names of the lists `sources` holds, or else of `feed`, when bounded (see
    /// [`Walk::bounded_list`]); `None` when any of them is not.
    fn names(&self, sources: &[Source], feed: &Feed, dirs: &Dirs) -> Option<Vec<Word>> {
        if sources.is_empty() {
            return self.bounded_list(feed);
        }
        let mut names = Vec::new();
        for s in sources {
            match s {
                Source::Words(ws) => names.extend(ws.iter().cloned()),
                Source::File(w) => names.extend(self.bounded_list(&self.listed_file(w, dirs))?),
            }
        }
        names.iter().all(|w| w.parts.iter().all(super::loops::spliceable)).then_some(names)
    }

    /// `… | parallel` with no command: each line of the list runs as a command.
    fn each_line_run(&mut self, runs: &Runs, io: &Io, dirs: &Dirs, shell: &ShellState) {
        let lines: Option<Vec<String>> = if runs.sources.is_empty() {
            match io.feed {
                Feed::Text(t) => Some(t.lines().map(str::to_string).collect()),
                Feed::None => Some(Vec::new()),
                _ => None,
            }
        } else {
            runs.sources
                .iter()
                .map(|s| match s {
                    Source::Words(ws) => ws.iter().map(Word::literal).collect::<Option<Vec<String>>>(),
                    Source::File(_) => None,
                })
                .collect::<Option<Vec<Vec<String>>>>()
                .map(|v| v.concat())
        };
        match lines {
            Some(lines) => {
                for line in lines {
                    self.text(&line, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, io.reparse + 1);
                }
            }
            None => self.opaque("it runs each line of a list the analyser cannot read as a command"),
        }
    }
}

/// The command as the shell is given it, with `"$__gitvow_each"` for each placeholder or added
/// after it; `None` when a placeholder computes its name (`{= perl =}`, rush's `{^suffix}`).
fn command_text(runs: &Runs) -> Option<String> {
    let each = format!("\"${EACH}\"");
    let mut put = false;
    let mut pieces = Vec::new();
    for w in &runs.command {
        let text = w.text();
        let (replaced, found) = placeholders(&text, runs.replace.as_deref(), &each)?;
        put |= found;
        pieces.push(if runs.shell_text || found { replaced } else { single_quoted(&text) });
    }
    if !put && !runs.once {
        pieces.push(each);
    }
    Some(pieces.join(" "))
}

/// `text` with each placeholder for the name replaced by `each`, and whether it held any.
fn placeholders(text: &str, replace: Option<&str>, each: &str) -> Option<(String, bool)> {
    let mut out = String::new();
    let mut found = false;
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = replace.filter(|r| !r.is_empty() && rest.starts_with(r)) {
            out.push_str(each);
            rest = &rest[r.len()..];
            found = true;
            continue;
        }
        if rest.starts_with("{=") || rest.starts_with("{^") || rest.starts_with("{@") {
            return None;
        }
        if let Some(body) = rest.strip_prefix('{')
            && let Some(end) = body.find('}')
            && end <= 8
            && body[..end].chars().all(|c| c.is_ascii_digit() || "./:#%+".contains(c))
        {
            out.push_str(each);
            rest = &body[end + 1..];
            found = true;
            continue;
        }
        let c = rest.chars().next().unwrap_or_default();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Some((out, found))
}

/// `text` as one word to a shell, whatever it holds.
fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Short options of GNU parallel that take a value, and long ones.
const PARALLEL_SHORT: &str = "aCdEIjlLnNPsS";
const PARALLEL_LONG: &[&str] = &[
    "--jobs",
    "--arg-file",
    "--arg-sep",
    "--arg-file-sep",
    "--delimiter",
    "--eof",
    "--max-lines",
    "--max-args",
    "--max-chars",
    "--max-replace-args",
    "--sshlogin",
    "--sshloginfile",
    "--slf",
    "--colsep",
    "--workdir",
    "--wd",
    "--tmpdir",
    "--results",
    "--res",
    "--joblog",
    "--env",
    "--halt",
    "--halt-on-error",
    "--delay",
    "--timeout",
    "--retries",
    "--block",
    "--block-size",
    "--basefile",
    "--bf",
    "--transferfile",
    "--tf",
    "--return",
    "--tag-string",
    "--tagstring",
    "--memfree",
    "--load",
    "--nice",
    "--header",
    "--rpl",
    "--termseq",
    "--semaphorename",
    "--id",
    "--ssh",
    "--limit",
    "--recstart",
    "--recend",
    "--sqlmaster",
    "--sqlworker",
    "--sqlandworker",
    "--shard",
    "--shellquote-replace",
];

/// An option's value: its text, and the word that is all of it, when one is (`-a FILE`).
struct Value {
    text: String,
    word: Option<usize>,
}

impl Value {
    /// The value as a word: the command's own, or its text when attached (`--arg-file=F`).
    fn word(&self, words: &[Word]) -> Word {
        self.word.and_then(|k| words.get(k).cloned()).unwrap_or_else(|| super::lit_word(&self.text))
    }
}

/// A program's options before its command, by the letters and names that take a value, each
/// given to `option` with its value; the index of the command's first word.
fn read_options(args: &[String], short: &str, long: &[&str], mut option: impl FnMut(&str, Option<Value>)) -> usize {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return i + 1;
        }
        if !a.starts_with('-') || a == "-" || a.starts_with(":::") {
            return i;
        }
        if a.starts_with("--") {
            match a.split_once('=') {
                Some((name, v)) => option(name, Some(Value { text: v.to_string(), word: None })),
                None if long.contains(&a) => {
                    option(a, args.get(i + 1).map(|v| Value { text: v.clone(), word: Some(i + 1) }));
                    i += 1;
                }
                None => option(a, None),
            }
            i += 1;
            continue;
        }
        // A cluster of short options: a letter that takes a value takes the rest, or the next word.
        for (k, c) in a.char_indices().skip(1) {
            let name = format!("-{c}");
            if short.contains(c) {
                let rest = &a[k + c.len_utf8()..];
                if rest.is_empty() {
                    option(&name, args.get(i + 1).map(|v| Value { text: v.clone(), word: Some(i + 1) }));
                    i += 1;
                } else {
                    option(&name, Some(Value { text: rest.to_string(), word: None }));
                }
                break;
            }
            option(&name, None);
        }
        i += 1;
    }
    i
}

/// GNU parallel: `parallel [options] [command] [::: names…] [:::: files…]`.
fn parallel(words: &[Word], args: &[String], sem: bool) -> Runs {
    let mut runs = Runs { shell_text: true, once: sem, ..Runs::default() };
    let (mut arg_sep, mut file_sep) = (":::".to_string(), "::::".to_string());
    let mut files = Vec::new();
    let start = read_options(args, PARALLEL_SHORT, PARALLEL_LONG, |name, value| match (name, value) {
        ("-a" | "--arg-file", Some(v)) => files.push(v.word(words)),
        ("-I" | "--replace", Some(v)) => runs.replace = Some(v.text),
        ("-i", None) => runs.replace = Some("{}".into()),
        ("--arg-sep", Some(v)) => arg_sep = v.text,
        ("--arg-file-sep", Some(v)) => file_sep = v.text,
        ("--workdir" | "--wd", Some(v)) => runs.workdir = Some(v.text).filter(|d| d != "..." && d != "."),
        ("--joblog", Some(v)) => runs.writes.push(v.word(words)),
        ("--pipe" | "--pipepart" | "--semaphore" | "--bg", None) => runs.once = true,
        _ => {}
    });
    runs.sources.extend(files.into_iter().map(Source::File));
    let is_sep = |a: &str| a == arg_sep || a == format!("{arg_sep}+") || a == file_sep || a == format!("{file_sep}+");
    let end = (start..args.len()).find(|&k| is_sep(&args[k])).unwrap_or(args.len());
    runs.command = words[start.min(words.len())..end.min(words.len())].to_vec();
    let mut k = end;
    while k < args.len() {
        let files = args[k].starts_with(file_sep.as_str());
        let stop = (k + 1..args.len()).find(|&j| is_sep(&args[j])).unwrap_or(args.len());
        let group = words[k + 1..stop].to_vec();
        if files {
            runs.sources.extend(group.into_iter().map(Source::File));
        } else {
            runs.sources.push(Source::Words(group));
        }
        k = stop;
    }
    runs
}

/// rush: `rush [flags] 'command'`, its flags anywhere; `-i FILE` lists the names.
fn rush(words: &[Word], args: &[String]) -> Runs {
    let mut runs = Runs { shell_text: true, ..Runs::default() };
    let mut k = 0;
    while k < args.len() {
        let a = args[k].as_str();
        let valued = matches!(a, "-D" | "-d" | "-i" | "-j" | "-n" | "-o" | "-r" | "-t" | "-T" | "-v" | "-J" | "-C")
            || matches!(
                a,
                "--delimiter"
                    | "--field-delimiter"
                    | "--infile"
                    | "--jobs"
                    | "--nrecords"
                    | "--out-file"
                    | "--retries"
                    | "--timeout"
                    | "--trim"
                    | "--assign"
                    | "--records-join-sep"
                    | "--succeed-cmd-file"
                    | "--retry-interval"
            );
        if valued {
            match a {
                "-i" | "--infile" => runs.sources.extend(words.get(k + 1).cloned().map(Source::File)),
                "-o" | "--out-file" => runs.writes.extend(words.get(k + 1).cloned()),
                _ => {}
            }
            k += 2;
        } else if a.starts_with('-') && a.len() > 1 {
            k += 1;
        } else {
            runs.command.push(words[k].clone());
            k += 1;
        }
    }
    runs
}

/// xe: `xe [options] command…` runs the command itself (no shell) unless `-s script`; `-a`
/// and `-A SEP` take the names from the words after `--` or SEP.
fn xe(words: &[Word], args: &[String]) -> Runs {
    let mut runs = Runs::default();
    let mut sep: Option<String> = None;
    let mut script: Option<Word> = None;
    let start = read_options(args, "IfNjsA", &[], |name, value| match (name, value) {
        ("-I", Some(v)) => runs.replace = Some(v.text),
        ("-f", Some(v)) => runs.sources.push(Source::File(v.word(words))),
        ("-s", Some(v)) => script = Some(v.word(words)),
        ("-A", Some(v)) => sep = Some(v.text),
        ("-a", None) => sep = sep.clone().or(Some("--".into())),
        _ => {}
    });
    let end = sep.as_ref().and_then(|s| (start..args.len()).find(|&k| &args[k] == s)).unwrap_or(args.len());
    if end < args.len() {
        runs.sources.push(Source::Words(words[end + 1..].to_vec()));
    }
    runs.command = words[start.min(words.len())..end.min(words.len())].to_vec();
    if let Some(s) = script {
        // `xe -s 'cat "$1"'`: the names are the script's arguments.
        let text = ["$@", "$*", "$1", "${1}", "${@}"].iter().fold(s.text(), |t, p| t.replace(p, "{}"));
        runs.command = vec![super::lit_word(&text)];
        runs.shell_text = true;
    }
    runs
}

/// gargs: `gargs [options] 'command'`, run by a shell, `{}` or `{0}`… for the name.
fn gargs(words: &[Word], args: &[String]) -> Runs {
    let start = read_options(args, "psl", &["--procs", "--sep", "--log"], |_, _| {});
    Runs { command: words[start.min(words.len())..].to_vec(), shell_text: true, ..Runs::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs_text(runs: &Runs) -> Option<String> {
        command_text(runs)
    }

    fn lits(ws: &[&str]) -> Vec<Word> {
        ws.iter().map(|w| super::super::lit_word(w)).collect()
    }

    fn args(ws: &[&str]) -> Vec<String> {
        ws.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn placeholders_stand_for_the_name() {
        let each = format!("\"${EACH}\"");
        for (cmd, want) in [
            (vec!["cat"], format!("cat {each}")),
            (vec!["cat {} | wc -l"], format!("cat {each} | wc -l")),
            (vec!["cp", "{}", "{.}.bak"], format!("cp {each} {each}.bak")),
            (vec!["mv {/} {//}/x"], format!("mv {each} {each}/x")),
            (vec!["awk '{print}'"], format!("awk '{{print}}' {each}")),
        ] {
            let a = args(&cmd);
            let runs = parallel(&lits(&cmd), &a, false);
            assert_eq!(runs_text(&runs).as_deref(), Some(want.as_str()), "{cmd:?}");
        }
        let a = args(&["cat {= s/x/y/ =}"]);
        assert!(runs_text(&parallel(&lits(&["cat {= s/x/y/ =}"]), &a, false)).is_none());
    }

    #[test]
    fn options_names_and_command_are_told_apart() {
        let a = args(&["-j4", "-k", "--joblog", "log", "cat", ":::", "a", "b", "::::", "list"]);
        let runs = parallel(&lits(&a.iter().map(String::as_str).collect::<Vec<_>>()), &a, false);
        assert_eq!(runs.command.iter().map(Word::text).collect::<Vec<_>>(), ["cat"]);
        assert_eq!(runs.sources.len(), 2);
        assert_eq!(runs.writes.iter().map(Word::text).collect::<Vec<_>>(), ["log"]);
        let a = args(&["-I", "%", "cat", "%"]);
        let runs = xe(&lits(&["-I", "%", "cat", "%"]), &a);
        assert_eq!(runs_text(&runs), Some(format!("'cat' \"${EACH}\"")));
        let a = args(&["-a", "cat", "--", "x"]);
        let runs = xe(&lits(&["-a", "cat", "--", "x"]), &a);
        assert!(matches!(runs.sources.as_slice(), [Source::Words(w)] if w.len() == 1));
    }
}

/// Names a compound's output is taken to list, at most: past it the output is unknown.
const MAX_PRINTED: usize = 64;

/// What the commands inside each open compound print (`for …; do echo "$f"; done | xargs cat`):
/// the compound's own output, which its closing word passes on.
#[derive(Default)]
pub(super) struct Bodies {
    open: Vec<Vec<Feed>>,
    /// The pipeline that ends next opened compounds with a head that prints nothing (`for f in
    /// …`, `while read f`), whose output the analysis does not know.
    quiet: bool,
}

impl Bodies {
    /// Before `cmd` runs: the output of the compounds its leading keywords close, when it closes any.
    pub(super) fn close(&mut self, cmd: &Simple) -> Option<Feed> {
        let (closes, _) = super::loops::keywords(cmd);
        let mut out = None;
        for _ in 0..closes {
            let mut body = self.open.pop().unwrap_or_default();
            body.extend(out.take());
            out = Some(union(body));
        }
        out
    }

    /// After `cmd` runs: the compounds its leading keywords open.
    pub(super) fn open(&mut self, cmd: &Simple) {
        let (_, opens) = super::loops::keywords(cmd);
        self.open.extend((0..opens).map(|_| Vec::new()));
        let head = cmd.words.iter().filter_map(Word::literal).find(|w| !super::loops::KEYWORDS.contains(&w.as_str()));
        self.quiet = opens > 0 && head.is_some_and(|h| matches!(h.as_str(), "for" | "select" | "case" | "read" | "true" | ":"));
    }

    /// What a pipeline inside printed.
    pub(super) fn printed(&mut self, feed: &Feed) {
        if std::mem::take(&mut self.quiet) {
            return;
        }
        if let Some(body) = self.open.last_mut() {
            body.push(feed.clone());
        }
    }
}

/// What printing each of `feeds` in turn prints: names when all are names or known text, else
/// unknown.
fn union(feeds: Vec<Feed>) -> Feed {
    let (mut names, mut trees, mut text) = (Vec::new(), false, String::new());
    for f in feeds {
        match f {
            Feed::None => {}
            Feed::Found(ws, t) => {
                names.extend(ws);
                trees |= t;
            }
            Feed::Text(t) => {
                text.push_str(&t);
                text.push('\n');
            }
            _ => return Feed::Unknown,
        }
    }
    if names.is_empty() {
        return if text.is_empty() { Feed::None } else { Feed::Text(text) };
    }
    names.extend(text.split_whitespace().map(super::lit_word));
    if names.len() > MAX_PRINTED { Feed::Unknown } else { Feed::Found(names, trees) }
}
