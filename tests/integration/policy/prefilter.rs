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

proptest! {
    #![proptest_config(proptest_config(4000))]

    #[test]
    fn never_rejects_a_text_that_matches(p in pattern(), texts in prop::collection::vec("[abAB \\-\nx]{0,10}", 8)) {
        for t in &texts {
            prop_assert!(agrees(&p, t).is_ok(), "{}", agrees(&p, t).unwrap_err());
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
