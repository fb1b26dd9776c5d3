//! Servers of a directory's files (`python3 -m http.server`, `php -S`, `npx serve`, `busybox
//! httpd`, `ruby -run -e httpd`): whoever connects reads any file of the tree they serve, so
//! serving a tree is reading it whole (`cd ~/.gitvow && python3 -m http.server` reads the record
//! key, as `cp -r ~/.gitvow /tmp` does).

use super::syntax::Word;
use super::{Dirs, Walk, lit_word};

/// What a server serves: the directory it runs in, or the one an argument names.
#[derive(Debug, PartialEq, Eq)]
enum Served {
    WorkingDirectory,
    Operand(usize),
}

impl Walk<'_> {
    /// Records the tree a server `name args` (its operand words `words`) serves as read whole.
    pub(super) fn served(&mut self, name: &str, args: &[String], words: &[Word], dirs: &Dirs) {
        for what in served(name, args) {
            match what {
                Served::WorkingDirectory => self.read(&lit_word("."), dirs, true),
                Served::Operand(i) => {
                    if let Some(word) = words.get(i).and_then(super::reads::operand) {
                        self.read(&word, dirs, true);
                    }
                }
            }
        }
    }
}

/// What `name args` serves, when it is a server of files (the module of `python -m`, the program
/// of `npx`, and busybox's applet are named as themselves).
fn served(name: &str, args: &[String]) -> Vec<Served> {
    // The value of the first of `flags` given (`-d DIR`, `--directory=DIR`), else the directory it
    // runs in.
    let option = |flags: &[&str]| {
        let at = args.iter().enumerate().find_map(|(i, a)| {
            flags.iter().find_map(|f| match a.strip_prefix(f) {
                Some("") => Some(i + 1),
                Some(v) if v.starts_with('=') => Some(i),
                _ => None,
            })
        });
        vec![at.map_or(Served::WorkingDirectory, Served::Operand)]
    };
    // Each operand may be the tree served (a port or an address read as a directory reads
    // nothing); without one, the directory it runs in.
    let operands = |from: usize| {
        let found: Vec<Served> =
            args.iter().enumerate().skip(from).filter(|(_, a)| !a.starts_with('-')).map(|(i, _)| Served::Operand(i)).collect();
        if found.is_empty() { vec![Served::WorkingDirectory] } else { found }
    };
    let has = |flag: &str| args.iter().any(|a| a == flag);
    match name {
        "http.server" | "SimpleHTTPServer" | "RangeHTTPServer" | "uploadserver" | "updog" => option(&["-d", "--directory"]),
        "pyftpdlib" => option(&["-d", "--directory"]),
        "php" | "php-cgi" if args.iter().any(|a| a.starts_with("-S")) => option(&["-t", "--docroot"]),
        "httpd" if args.is_empty() || has("-h") || has("-f") || has("-p") => option(&["-h"]),
        "webfsd" => option(&["-r"]),
        "twistd" if has("web") => option(&["--path"]),
        "caddy" if args.first().is_some_and(|a| a == "file-server") => option(&["--root", "-r"]),
        "rclone" if args.first().is_some_and(|a| a == "serve") => operands(2),
        // A notebook server serves every file under its root to its browser tab.
        "jupyter" | "jupyter-notebook" | "jupyter-lab" | "voila"
            if args.first().is_none_or(|a| matches!(a.as_str(), "notebook" | "lab" | "server") || a.starts_with('-')) =>
        {
            option(&["--notebook-dir", "--ServerApp.root_dir", "--NotebookApp.notebook_dir"])
        }
        "serve" | "http-server" | "live-server" | "miniserve" | "darkhttpd" | "static-web-server" | "servez" | "sirv" | "lite-server"
        | "simple-http-server" | "ws" | "local-web-server" => operands(0),
        // `ruby -run -e httpd DIR -p 8000`: un.rb's server.
        "ruby" if args.iter().any(|a| a == "-run" || a == "un") => match args.iter().position(|a| a == "httpd" || a == "-ehttpd") {
            Some(k) => operands(k + 1),
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Served, served};

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_server_serves_its_directory_or_the_one_it_is_given() {
        assert_eq!(served("http.server", &args("8000")), [Served::WorkingDirectory]);
        assert_eq!(served("http.server", &args("-d /x 8000")), [Served::Operand(1)]);
        assert_eq!(served("http.server", &args("--directory=/x")), [Served::Operand(0)]);
        assert_eq!(served("php", &args("-S 0:8000 -t /x")), [Served::Operand(3)]);
        assert_eq!(served("php", &args("-S 0:8000")), [Served::WorkingDirectory]);
        assert_eq!(served("httpd", &args("-f -p 8080 -h /x")), [Served::Operand(4)]);
        assert_eq!(served("serve", &args("-l 3000 /x")), [Served::Operand(1), Served::Operand(2)]);
        assert_eq!(served("ruby", &args("-run -e httpd /x -p 8000")), [Served::Operand(3), Served::Operand(5)]);
        assert_eq!(served("rclone", &args("serve http /x")), [Served::Operand(2)]);
        assert_eq!(served("ruby", &args("-run -ehttpd /x")), [Served::Operand(2)]);
        assert_eq!(served("jupyter", &args("lab --ServerApp.root_dir=/x")), [Served::Operand(1)]);
    }

    #[test]
    fn other_programs_serve_nothing() {
        assert!(served("php", &args("artisan serve")).is_empty());
        assert!(served("ruby", &args("-e 'puts 1'")).is_empty());
        assert!(served("caddy", &args("run")).is_empty());
        assert!(served("rclone", &args("sync a b")).is_empty());
    }
}
