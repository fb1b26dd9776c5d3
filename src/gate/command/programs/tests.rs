use super::*;

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

#[test]
fn help_is_asked_before_any_command_the_words_would_run() {
    for (name, args) in [
        ("terraform", "destroy --help"),
        ("git", "push --force --help"),
        ("kubectl", "delete ns x --help"),
        ("terraform", "destroy -help"),
        ("vault", "kv delete -help"),
        ("aws", "s3 rm help"),
        ("git", "push -h"),
        ("kubectl", "delete pod -h"),
        ("helm", "uninstall -h"),
        ("kubectl", "help delete"),
        ("pipx", "help uninstall"),
    ] {
        assert!(asks_for_help(name, &words(args)), "{name} {args}");
    }
    for (name, args) in [
        ("bash", "-c x --help"),
        ("sudo", "rm --help"),
        ("rm", "-rf -- --help"),
        ("xargs", "rm --help"),
        ("rm", "a b c d e --help"),
        ("rm", "-help"),
        ("shutdown", "-help"),
        ("aws", "s3 rm help s3://b/k"),
        ("rm", "help"),
        ("rm", "-rf x -h"),
        ("kubectl", "-n x delete pod -h"),
        ("git", "-h push"),
        ("git", "push help"),
    ] {
        assert!(!asks_for_help(name, &words(args)), "{name} {args}");
    }
}

#[test]
fn packages_are_named_by_the_command_they_provide() {
    assert_eq!(package_program("netlify-cli"), "netlify");
    assert_eq!(package_program("@railway/cli@3"), "railway");
    assert_eq!(package_program("@cloudflare/wrangler@3"), "wrangler");
    assert_eq!(package_program("wrangler@3.1"), "wrangler");
    assert_eq!(package_program("@scope/tool"), "tool");
}

#[test]
fn a_multiplexer_option_missing_its_value_runs_nothing() {
    // The value the option wants is not there: no command, and no reading past the words.
    for (name, line) in [("screen", "-S"), ("screen", "-p"), ("tmux", "-S"), ("tmux", "send-keys -t"), ("tmux", "new-window -c")] {
        assert_eq!(multiplexer_command(name, &words(line)), None, "{name} {line}");
    }
}

#[test]
fn a_cluster_of_switches_gives_the_program_after_its_inline_letter() {
    let Role::Interpreter(perl) = role("perl") else { panic!("perl is an interpreter") };
    assert_eq!(perl.inline_in_cluster("-lne"), Some(None));
    assert_eq!(perl.inline_in_cluster("-lnEsay 1"), Some(Some("say 1")));
    assert_eq!(perl.inline_in_cluster("-l40pe0"), Some(Some("0")));
    assert_eq!(perl.inline_in_cluster("-0777ne"), Some(None));
    // -i takes the rest as its backup suffix; -e alone and --e are no clusters.
    assert_eq!(perl.inline_in_cluster("-pie"), None);
    assert_eq!(perl.inline_in_cluster("-e"), None);
    assert_eq!(perl.inline_in_cluster("--e"), None);
    assert_eq!(perl.inline_in_cluster("-Mstrict"), None);
    let Role::Interpreter(python) = role("python3") else { panic!("python is an interpreter") };
    assert_eq!(python.inline_in_cluster("-uc"), Some(None));
    assert_eq!(python.inline_in_cluster("-Wc"), None);
    let Role::Interpreter(node) = role("node") else { panic!("node is an interpreter") };
    assert_eq!(node.inline_in_cluster("-pe"), None);
}
