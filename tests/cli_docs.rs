//! Shell completions and man pages come from the command-line definitions.

mod runtime_support;

use runtime_support::Env;

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    let env = Env::new();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = env.gitvow(&["completions", shell]);
        assert_eq!(out.code, 0, "{shell}: {out:?}");
        for sub in ["install", "uninstall", "doctor", "trust", "approve", "policy", "log"] {
            assert!(out.stdout.contains(sub), "{shell} completions lack {sub}");
        }
    }
    let out = env.gitvow(&["completions", "tcsh"]);
    assert_ne!(out.code, 0);
}

#[test]
fn man_pages_one_per_subcommand() {
    let env = Env::new();
    let dir = env.home.join("man1");
    let out = env.gitvow(&["man", dir.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    for page in ["gitvow", "gitvow-install", "gitvow-uninstall", "gitvow-doctor", "gitvow-check", "gitvow-trust", "gitvow-approve", "gitvow-log"] {
        let text = std::fs::read_to_string(dir.join(format!("{page}.1"))).unwrap_or_else(|_| panic!("no {page}.1"));
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{page}.1 is not a man page");
        assert!(text.contains(page), "{page}.1 does not name itself");
    }
    let out = env.gitvow(&["man"]);
    assert!(out.stdout.contains(".TH gitvow"), "{}", &out.stdout[..200.min(out.stdout.len())]);
}
