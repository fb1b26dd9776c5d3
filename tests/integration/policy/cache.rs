//! The hook compiles a policy's patterns only when a call needs them, once this build of gitvow has
//! compiled that exact file whole (`~/.gitvow/validated-policies`). None of that may weaken the
//! fail-closed guarantee: a pattern that does not compile blocks every PreToolUse, right after the
//! file or gitvow changes too; a changed layer or trust record is never served stale; a corrupt or
//! foreign cache is ignored. Where a test forges a cache entry, it first shows that the entry is
//! honoured where it should be, so that the blocking it then expects cannot come from a forgery
//! that never worked.

use crate::support::{BIN, Output, Sandbox, bash, mkfifo};
use gitvow::gate::policy::validated::{build_id, cache_path, key};
use serde_json::json;
use std::path::{Path, PathBuf};

/// The default policy with one more `bash_deny` rule, whose pattern does not compile. No word of it
/// is in the commands below, so only a check of the whole file can find it.
fn broken_policy() -> String {
    let mut policy: serde_json::Value = serde_json::from_str(gitvow::gate::policy::DEFAULT_POLICY).unwrap();
    policy["bash_deny"].as_array_mut().unwrap().push(json!({"pattern": "^zzunused(", "reason": "broken on purpose"}));
    serde_json::to_string_pretty(&policy).unwrap()
}

fn hook_with(env: &Sandbox, exe: &Path, command: &str) -> Output {
    env.gitvow().program(exe).args(["hook", "PreToolUse"]).stdin(bash(env.repo(), command).to_string()).run()
}

fn ls(env: &Sandbox) -> Output {
    env.hook("claude", "PreToolUse", bash(env.repo(), "ls -la").to_string())
}

fn assert_blocked_by_the_broken_pattern(out: &Output) {
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("does not compile") && out.stderr.contains("every tool call is blocked"), "{out:?}");
}

fn cache(env: &Sandbox) -> PathBuf {
    cache_path(&env.home().join(".gitvow"))
}

/// A cache that says `policy` compiled whole under the build `exe` is.
fn forge(env: &Sandbox, exe: &Path, policy: &str) {
    let path = cache(env);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let k = key(&build_id(exe).unwrap(), policy.as_bytes());
    // Sealed with gitvow's key, as only gitvow (or whoever holds its key) can.
    let text = format!("gitvow validated policies 1\n{k}\n");
    let mut message = b"gitvow validated policies\0".to_vec();
    message.extend_from_slice(text.as_bytes());
    let mac = crate::support::records::hmac_hex(&crate::support::records::record_key(env.home()), &message);
    std::fs::write(&path, format!("{text}{mac}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

fn copy_of_gitvow(env: &Sandbox, name: &str) -> PathBuf {
    let exe = env.home().join(name);
    crate::support::copy_executable(BIN, &exe);
    exe
}

#[test]
fn a_broken_pattern_blocks_every_call_right_after_a_cached_policy_changes() {
    let env = Sandbox::with_repo();
    let default = gitvow::gate::policy::DEFAULT_POLICY;
    env.write("~/.gitvow/policy.json", default);
    env.write(".gitvow/policy.json", json!({"bash_deny": [{"pattern": "^make\\s+deploy\\b", "reason": "deploys"}]}).to_string());
    assert_eq!(ls(&env).code, 0);
    let entries = std::fs::read_to_string(cache(&env)).unwrap();
    assert_eq!(entries.lines().count(), 4, "both layers are recorded, and sealed: {entries}");

    // The repository's layer breaks: the next call, and every one after, is blocked.
    env.write(".gitvow/policy.json", json!({"bash_deny": [{"pattern": "^zzunused(", "reason": "x"}]}).to_string());
    for _ in 0..2 {
        assert_blocked_by_the_broken_pattern(&ls(&env));
    }
    // Also a pattern of a list this call never consults (an Edit's paths, for a command).
    env.write(".gitvow/policy.json", json!({"path_confirm": [{"pattern": "(^|/)zz[", "reason": "x"}]}).to_string());
    assert_blocked_by_the_broken_pattern(&ls(&env));
    std::fs::remove_file(env.repo().join(".gitvow/policy.json")).unwrap();
    assert_eq!(ls(&env).code, 0);

    // The person's own policy breaks: the same.
    env.write("~/.gitvow/policy.json", broken_policy());
    for _ in 0..2 {
        assert_blocked_by_the_broken_pattern(&ls(&env));
    }
    env.write("~/.gitvow/policy.json", default);
    assert_eq!(ls(&env).code, 0);
}

#[test]
fn a_new_or_rebuilt_gitvow_compiles_every_pattern_again() {
    let env = Sandbox::with_repo();
    let policy = broken_policy();
    env.write("~/.gitvow/policy.json", &policy);
    let old = copy_of_gitvow(&env, "gitvow-old");
    let new = copy_of_gitvow(&env, "gitvow-new");

    // The forged entry works for the build it names (it skips the check, as a real entry would)...
    forge(&env, &old, &policy);
    assert_eq!(hook_with(&env, &old, "ls").code, 0, "the forged entry was not honoured: the test below would prove nothing");
    // ...and for no other: another binary of the same version, or the same path rebuilt in place.
    assert_blocked_by_the_broken_pattern(&hook_with(&env, &new, "ls"));
    std::thread::sleep(std::time::Duration::from_millis(20));
    crate::support::copy_executable(BIN, &old);
    assert_blocked_by_the_broken_pattern(&hook_with(&env, &old, "ls"));
}

#[test]
fn a_corrupt_or_foreign_cache_is_ignored() {
    let env = Sandbox::with_repo();
    let policy = broken_policy();
    env.write("~/.gitvow/policy.json", &policy);
    let exe = Path::new(BIN);
    let path = cache(&env);
    forge(&env, exe, &policy);
    assert_eq!(ls(&env).code, 0, "the forged entry was not honoured: the cases below would prove nothing");
    // Even an honoured forgery never lets through a call that reaches the broken pattern.
    let out = env.hook("claude", "PreToolUse", bash(env.repo(), "zzunused x").to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("internal error; the call is blocked"), "{out:?}");
    let good = std::fs::read_to_string(&path).unwrap();

    let variants: Vec<(&str, String)> = vec![
        ("a line that is not an entry", format!("{good}not an entry\n")),
        ("a truncated entry", good[..good.len() - 5].to_string()),
        ("no final newline", good.trim_end().to_string()),
        ("another format", good.replace("policies 1", "policies 2")),
        ("an upper-case entry", good.to_uppercase().replace("GITVOW VALIDATED POLICIES", "gitvow validated policies")),
    ];
    for (what, text) in variants {
        std::fs::write(&path, text).unwrap();
        let out = ls(&env);
        assert_eq!(out.code, 2, "{what}: {out:?}");
        assert_blocked_by_the_broken_pattern(&out);
    }

    // Writable by others: whoever wrote it, it is not trusted.
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(&path, &good).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
    assert_blocked_by_the_broken_pattern(&ls(&env));

    // Not a file: ignored at once, never waited on.
    std::fs::remove_file(&path).unwrap();
    mkfifo(&path);
    assert_blocked_by_the_broken_pattern(&ls(&env));
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    assert_blocked_by_the_broken_pattern(&ls(&env));
}

#[test]
fn a_changed_layer_is_never_served_stale() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", json!({"bash_deny": [{"pattern": "^make\\s+deploy\\b", "reason": "deploys"}]}).to_string());
    let run = |c: &str| env.hook("claude", "PreToolUse", bash(env.repo(), c).to_string()).code;
    assert_eq!((run("make test"), run("make deploy")), (0, 2));
    assert!(cache(&env).exists());
    env.write(".gitvow/policy.json", json!({"bash_deny": [{"pattern": "^make\\s+test\\b", "reason": "tests"}]}).to_string());
    assert_eq!((run("make test"), run("make deploy")), (2, 0));
}

#[test]
fn a_changed_trust_record_is_never_served_stale() {
    let env = Sandbox::with_repo();
    // An exception only a trusted repository policy may add: it lets this push skip the default's
    // confirmation.
    let policy = json!({"bash_allow": [{"pattern": "^git\\s+push\\s+origin\\s+feature$", "reason": "feature branches"}]}).to_string();
    let file = env.write(".gitvow/policy.json", &policy);
    let push = || env.hook("claude", "PreToolUse", bash(env.repo(), "git push origin feature").to_string()).code;
    let record = env.home().join(".gitvow/trust.json");
    let trust = |sha: &str| {
        let key = file.canonicalize().unwrap().to_string_lossy().into_owned();
        // Sealed as `gitvow trust` seals an entry (this test is about the cache, not the seal).
        let entry = json!({"sha256": sha});
        let mut message = format!("gitvow trust 1\n{key}\0").into_bytes();
        message.extend(serde_json::to_vec(&entry).unwrap());
        let mac = crate::support::records::hmac_hex(&crate::support::records::record_key(env.home()), &message);
        std::fs::write(&record, json!({"version": 1, "trusted": {key: {"sha256": sha, "mac": mac}}}).to_string()).unwrap();
    };
    use sha2::Digest;
    let sha: String = sha2::Sha256::digest(policy.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();

    assert_eq!(push(), 2, "untrusted: the exception does not apply");
    assert!(cache(&env).exists(), "the policy is cached from here on");
    trust(&sha);
    assert_eq!(push(), 0, "trusted: the exception applies at once");
    trust(&"0".repeat(64));
    assert_eq!(push(), 2, "the record no longer trusts these bytes");
    trust(&sha);
    assert_eq!(push(), 0);
    std::fs::remove_file(&record).unwrap();
    assert_eq!(push(), 2, "the record is gone");
}

/// The prepared policies of `~/.gitvow/prepared-policies`, each with its size.
fn prepared(env: &Sandbox) -> Vec<(PathBuf, u64)> {
    let dir = env.home().join(".gitvow/prepared-policies");
    let mut files: Vec<(PathBuf, u64)> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).map(|p| (p.clone(), p.metadata().unwrap().len())).collect();
    files.sort();
    files
}

#[test]
fn a_prepared_policy_that_is_corrupt_or_another_files_is_ignored() {
    let env = Sandbox::with_repo();
    let deny = |p: &str| json!({"bash_deny": [{"pattern": p, "reason": "x"}]}).to_string();
    let run = |c: &str| env.hook("claude", "PreToolUse", bash(env.repo(), c).to_string()).code;
    env.write(".gitvow/policy.json", deny("^make\\s+deploy\\b"));
    assert_eq!((run("make test"), run("make deploy")), (0, 2));
    let first = prepared(&env);
    assert_eq!(first.len(), 2, "the built-in default and the repository's: {first:?}");
    // The repository's policy is far smaller than the default.
    let deploy = first.iter().min_by_key(|(_, len)| *len).unwrap().0.clone();

    env.write(".gitvow/policy.json", deny("^make\\s+test\\b"));
    assert_eq!((run("make test"), run("make deploy")), (2, 0));
    let test = prepared(&env).into_iter().map(|(p, _)| p).find(|p| !first.iter().any(|(q, _)| q == p)).unwrap();
    let good = std::fs::read(&test).unwrap();
    let other = std::fs::read(&deploy).unwrap();

    let variants: Vec<(&str, Vec<u8>)> = vec![
        ("another file's prepared policy", other),
        ("cut short", good[..good.len() - 3].to_vec()),
        ("a changed byte", {
            let mut b = good.clone();
            let at = b.len() - 10;
            b[at] ^= 0x20;
            b
        }),
        ("not one at all", b"gitvow prepared policy 1\n".to_vec()),
    ];
    for (what, bytes) in variants {
        std::fs::write(&test, &bytes).unwrap();
        assert_eq!((run("make test"), run("make deploy")), (2, 0), "{what}");
        assert_eq!(std::fs::read(&test).unwrap(), good, "{what}: written again whole");
    }
}

/// The checksum a prepared policy carried before the cache was sealed: a 64-bit digest anyone can
/// compute (this is the whole of it), so anyone who could write the directory could make a policy
/// file stand for another policy.
fn unkeyed_checksum(k: &str, payload: &[u8]) -> [u8; 8] {
    const MUL: u64 = 0x9e37_79b9_7f4a_7c15;
    let (mut state, mut len) = (3u64.wrapping_mul(MUL) ^ 0x2545_f491_4f6c_dd1d, 0u64);
    let word = |w: u64, state: &mut u64| *state = (*state ^ w).wrapping_mul(MUL).rotate_left(29);
    for bytes in [k.as_bytes(), payload] {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            word(u64::from_le_bytes(chunk.try_into().unwrap()), &mut state);
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        word(u64::from_le_bytes(last), &mut state);
        len = len.wrapping_mul(MUL) ^ bytes.len() as u64;
    }
    word(len, &mut state);
    let mut h = state;
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    (h ^ (h >> 33)).to_le_bytes()
}

#[test]
fn a_crafted_prepared_policy_never_changes_a_verdict() {
    let env = Sandbox::with_repo();
    let run = |c: &str| env.hook("claude", "PreToolUse", bash(env.repo(), c).to_string()).code;
    let header = b"gitvow prepared policy 1\n";
    // A policy that denies nothing, as the cache keeps it: a forger reads its encoding off the entry.
    env.write(".gitvow/policy.json", json!({"bash_confirm": [{"pattern": "^zzz-never\\b", "reason": "x"}]}).to_string());
    assert_eq!(run("make deploy"), 0);
    let before = prepared(&env);
    let lenient = before.iter().min_by_key(|(_, len)| *len).unwrap().0.clone();
    let bytes = std::fs::read(&lenient).unwrap();
    let body = &bytes[header.len() + lenient.file_name().unwrap().len() + 1..];

    // The policy in force denies `make deploy`; its entry is replaced by the lenient policy under
    // the unkeyed checksum entries had before they were sealed, with either code length.
    env.write(".gitvow/policy.json", json!({"bash_deny": [{"pattern": "^make\\s+deploy\\b", "reason": "deploys"}]}).to_string());
    assert_eq!(run("make deploy"), 2);
    let strict = prepared(&env).into_iter().map(|(p, _)| p).find(|p| !before.iter().any(|(q, _)| q == p)).unwrap();
    let k = strict.file_name().unwrap().to_str().unwrap().to_string();
    for sum_len in [8usize, 32] {
        for payload in [&body[8..], &body[32..]] {
            let mut forged = header.to_vec();
            forged.extend_from_slice(k.as_bytes());
            forged.push(b'\n');
            let mut sum = unkeyed_checksum(&k, payload).to_vec();
            sum.resize(sum_len, 0);
            forged.extend_from_slice(&sum);
            forged.extend_from_slice(payload);
            std::fs::write(&strict, &forged).unwrap();
            let out = env.hook("claude", "PreToolUse", bash(env.repo(), "make deploy").to_string());
            assert_eq!(out.code, 2, "a crafted entry ({sum_len}-byte code) decided: {out:?}");
            assert!(out.stderr.contains("deploys"), "{out:?}");
        }
    }
}
