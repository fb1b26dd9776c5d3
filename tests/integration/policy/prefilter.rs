//! The hook skips a rule without compiling it when the text lacks what its pattern needs
//! (`src/gate/policy/prefilter.rs`). A wrong "needs" would skip a rule that matches and let a
//! call through, so both tests hold the analysis to the regex engine itself: whenever `regex-lite`
//! finds a match, the prefilter must have said "may match".

use crate::support::proptest_config;
use gitvow::gate::policy::DEFAULT_POLICY;
use gitvow::gate::policy::prefilter::{Prefilter, Start};
use proptest::prelude::*;
use regex_lite::Regex;

fn agrees(pattern: &str, text: &str) -> Result<(), String> {
    let Ok(re) = Regex::new(pattern) else { return Ok(()) };
    if !re.is_match(text) {
        return Ok(());
    }
    if !Prefilter::new(pattern).may_match(text) {
        return Err(format!("prefilter of {pattern:?} rejects {text:?}, which matches"));
    }
    if Start::new(pattern).is_some_and(|s| !s.may_match(text)) {
        return Err(format!("start words of {pattern:?} reject {text:?}, which matches"));
    }
    Ok(())
}

/// Patterns from the syntax the analysis reads and the syntax it must give up on, over a small
/// alphabet so that random texts match often.
fn pattern() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        4 => "[abAB -]".prop_map(|s| s.to_string()),
        1 => Just(r"\s".to_string()),
        1 => Just(r"\S".to_string()),
        1 => Just(r"\b".to_string()),
        1 => Just(".".to_string()),
        1 => Just("^".to_string()),
        1 => Just("$".to_string()),
        1 => Just(r"\-".to_string()),
        1 => Just(r"\x61".to_string()),
        1 => Just(r"\n".to_string()),
        1 => prop_oneof![Just("[ab]"), Just("[^a]"), Just("[a-b]"), Just("[-a]"), Just("[]a]"), Just(r"[\sa]"), Just("[A-Za-z]"), Just("[[:alpha:]]")].prop_map(str::to_string),
    ];
    let leaf = atom.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..5).prop_map(|v| v.concat()),
            (prop::collection::vec(inner.clone(), 1..4), prop_oneof![Just("(?:"), Just("("), Just("(?i:"), Just("(?-i:"), Just("(?x:")])
                .prop_map(|(v, open)| format!("{open}{})", v.join("|"))),
            (
                inner.clone(),
                prop_oneof![Just("*"), Just("+"), Just("?"), Just("{2}"), Just("{0,1}"), Just("{1,}"), Just("??"), Just("{0}")]
            )
                .prop_map(|(a, q)| format!("(?:{a}){q}")),
            (inner, prop_oneof![Just("(?i)"), Just("(?-i)"), Just("(?m)"), Just("")]).prop_map(|(a, f)| format!("{f}{a}")),
        ]
    });
    prop::collection::vec(leaf, 1..4).prop_map(|v| v.join("|"))
}

/// Patterns anchored at the start whose first pieces are groups, optional, repeated or nested
/// (`^(?:npx\s+)?mikro-orm`), the shapes the start words read through.
fn anchored() -> impl Strategy<Value = String> {
    // An alternative is letters, or a repeated class and letters (`[\w.-]*ctl`).
    let class = (
        prop_oneof![Just("[a-]"), Just("[b]"), Just(r"[\w.-]"), Just("[^a]"), Just("[a-b ]"), Just(r"[\s]"), Just("[]a]")],
        prop_oneof![Just("*"), Just("+"), Just("*?"), Just("?")],
        "[ab]{1,2}",
    )
        .prop_map(|(c, q, word)| format!("{c}{q}{word}"));
    let alternative = prop_oneof![3 => "[ab]{0,2}", 1 => class];
    let group =
        (prop::collection::vec(alternative, 1..4), prop_oneof![Just(""), Just("?"), Just("*"), Just("+"), Just("??"), Just("{0,1}")])
            .prop_map(|(alternatives, q)| format!("(?:{}){q}", alternatives.join("|")));
    let lead =
        prop_oneof![group.clone(), (group.clone(), group).prop_map(|(inner, outer)| outer.replacen("(?:", &format!("(?:{inner}|"), 1))];
    let rest = prop_oneof!["[ab]{0,2}", "[ab-]{0,2}\\\\b[ab]?"];
    (prop::collection::vec(lead, 1..3), rest, prop_oneof![Just(""), Just("|^b\\b"), Just("|^(?:a|b)?a")])
        .prop_map(|(leads, rest, more)| format!("^{}{rest}{more}", leads.concat()))
}

proptest! {
    #![proptest_config(proptest_config(4000))]

    #[test]
    fn never_rejects_a_text_that_matches(p in pattern(), texts in prop::collection::vec("[abAB \\-\nx]{0,10}", 8)) {
        for t in &texts {
            prop_assert!(agrees(&p, t).is_ok(), "{}", agrees(&p, t).unwrap_err());
        }
    }

    #[test]
    fn start_words_never_reject_a_text_that_matches(p in anchored(), texts in prop::collection::vec("[abx -]{0,6}", 8)) {
        for t in &texts {
            prop_assert!(agrees(&p, t).is_ok(), "{}", agrees(&p, t).unwrap_err());
        }
    }
}

/// Every rule of the default policy, with the list it is in.
fn default_rules() -> Vec<(&'static str, String)> {
    let policy: serde_json::Value = serde_json::from_str(DEFAULT_POLICY).unwrap();
    let mut rules = Vec::new();
    for key in ["bash_deny", "bash_confirm", "bash_allow", "path_confirm", "path_allow"] {
        for rule in policy[key].as_array().into_iter().flatten() {
            rules.push((key, rule["pattern"].as_str().unwrap().to_string()));
        }
    }
    rules
}

/// A rule whose analysis gives up is compiled on every call (about 0.1 ms each): every default rule
/// must have words to search, and none of them may let an everyday command or path through to the
/// regex engine. (A long alternation once gave up whole because one branch listed many verbs.)
#[test]
fn every_default_rule_is_skipped_without_compiling_on_everyday_calls() {
    // The texts a command rule reads: simple commands, and the effect lines of what everyday
    // calls write (an Edit, a build's output, a clean of the build directory).
    let commands = [
        "ls -la",
        "git status",
        "git diff --stat",
        "cargo test --locked",
        "npm run build",
        "cat README.md",
        "grep -rn main src",
        "cd app",
        "effect overwrite project /home/u/project/src/main.rs",
        "effect overwrite project README.md",
        "effect delete project /home/u/project/notes.txt",
        "effect delete-recursive project /home/u/project/target",
        "effect overwrite-recursive project /home/u/project/dist",
        "effect move project /home/u/project/a.txt",
        "effect overwrite temp /tmp/build.log",
        "effect delete-recursive temp /tmp/cache",
    ];
    let paths = ["src/main.rs", "README.md", "/home/u/project/src/lib.rs", "tests/integration/main.rs", "/home/u/project/Cargo.toml"];
    let rules = default_rules();
    assert!(rules.len() > 60, "only {} rules", rules.len());
    for (key, pattern) in &rules {
        let prefilter = Prefilter::new(pattern);
        assert!(!prefilter.is_empty(), "{key} pattern {pattern:?} needs no word: it is compiled on every call");
        let start = Start::new(pattern);
        let texts: &[&str] = if key.starts_with("path_") { &paths } else { &commands };
        for text in texts {
            let passes = start.as_ref().is_none_or(|s| s.may_match(text)) && prefilter.may_match(text);
            assert!(!passes, "{key} pattern {pattern:?} is compiled for {text:?}");
        }
    }
}

/// Every pattern of the default policy against texts that match it (and some that nearly do).
#[test]
fn the_default_policy_rules_match_what_they_matched_before() {
    let texts = [
        "rm -rf /",
        "rm -fr ~",
        "rm -r -f $HOME/",
        "git push --force origin main",
        "git -C x push -f",
        "git push origin +main",
        "git push origin main",
        "git reset --hard",
        "git clean -fdx",
        "git branch -D x",
        "git config core.hooksPath /dev/null",
        "terraform destroy",
        "tofu apply -auto-approve -destroy",
        "terraform apply",
        "pulumi destroy",
        "pulumi up",
        "> /dev/sda",
        "dd if=x of=/dev/nvme0",
        "tee /dev/mapper/x",
        "mkfs.ext4 /dev/sdb1",
        "wipefs -a",
        "shred /dev/sda",
        "chmod -R 777 /",
        "PSQL -c 'DROP DATABASE x'",
        "psql -c 'drop schema s'",
        "mysql -e 'insert into t values (1)'",
        "psql -f x.sql",
        "dropdb x",
        "mysqladmin drop x",
        "redis-cli FLUSHALL",
        "gh repo delete x",
        "kubectl --context prod delete pod x",
        "helm upgrade x",
        "aws ec2 terminate-instances --ids x",
        "aws s3 rm s3://x",
        "gcloud compute instances delete x",
        "fly deploy",
        "ansible-playbook site.yml",
        "npm publish",
        "cargo +nightly publish",
        "twine upload dist/*",
        "docker image push x",
        "gh release create v1",
        "mvn -q deploy",
        "gradlew publishToMavenLocal",
        "python3 setup.py sdist upload",
        "rails db:migrate",
        "alembic upgrade head",
        "prisma migrate deploy",
        "python manage.py migrate",
        "manage.py flush",
        "> .gitvow/policy.json",
        "> ~/.claude/settings.json",
        "sed -i s/x/y/ .gitvow/policy.json",
        "python3 x.py .codex/config.toml",
        "git checkout .github/hooks/x",
        "gitvow uninstall --user",
        ".gitvow/policy.json",
        "a/.claude/settings.local.json",
        ".git/hooks/pre-commit",
        ".husky/pre-push",
        ".pre-commit-config.yaml",
        ".github/workflows/ci.yml",
        "CODEOWNERS",
        "src/Auth/x.rs",
        "src/security/x.rs",
        "config/Permissions.yml",
        "lib/AccessControl.java",
        "etc/sudoers",
        "src/acl.rs",
        "ls -la",
        "git status",
        "cargo test",
        "echo git push --force",
        "README.md",
    ];
    let policy: serde_json::Value = serde_json::from_str(DEFAULT_POLICY).unwrap();
    let mut matched = 0;
    for key in ["bash_deny", "bash_confirm", "path_confirm"] {
        for rule in policy[key].as_array().unwrap() {
            let pattern = rule["pattern"].as_str().unwrap();
            let re = Regex::new(pattern).unwrap();
            for t in texts {
                matched += usize::from(re.is_match(t));
                agrees(pattern, t).unwrap();
            }
        }
    }
    // The corpus does exercise the rules (else the loop above proves nothing).
    assert!(matched >= 60, "only {matched} matches");
}
