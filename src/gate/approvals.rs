//! Approval codes: how a person answers a confirmation on an agent that cannot ask them itself
//! (codex, gemini, factory, opencode, claude outside its prompting modes, external adapters).
//!
//! A confirmed call gets a short code in its block message; the person runs `gitvow approve <code>`
//! in their own terminal, sees the exact call and answers. The same call (same normalised command,
//! or same files and change, same session, same repository) then passes once within
//! [`ONCE_FOR`], or for the rest of the session. A no is recorded too, and the next identical call
//! reports it. Each waiting call is a file `~/.gitvow/approvals/<code>.json` (mode 0600, holding
//! the call's text so that the person can read it; the hook log never does), removed once used or
//! after [`PENDING_FOR`]. Each file is sealed with gitvow's key ([`super::seal`]): one that anything
//! else wrote or changed (a `"state": "approved"` typed in) is not an approval; it is left where it
//! is, ignored, and reported by `gitvow approve` and doctor.

use super::normalize::Call;
use super::regular_file;
use super::rule_ref::{self, RuleRef};
use super::verdict::{ASK_THE_USER, Decision, Verdict};
use crate::digest::{hex, sha256};
use crate::paths::Repo;
use crate::safefs::{Existing, write_private};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// How long a yes for one call stays good.
pub const ONCE_FOR: u64 = 10 * 60;
/// How long a question waits for an answer, and a no is remembered.
pub const PENDING_FOR: u64 = 60 * 60;
/// A yes for the session ends at the latest after a day.
const SESSION_FOR: u64 = 24 * 60 * 60;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Pending,
    Approved,
    Denied,
}

/// What a waiting call does, as the person reads it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Subject {
    Command { command: String },
    Edit { tool: String, path: String, old: String, new: String },
    Tool { tool: String },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Approval {
    pub code: String,
    /// The call's identity: a hash of session, repository and what it does.
    pub key: String,
    pub state: State,
    /// `once` or `session`, once approved.
    #[serde(default)]
    pub scope: Option<String>,
    pub created: u64,
    #[serde(default)]
    pub answered: Option<u64>,
    pub agent: String,
    pub session: String,
    pub repo: Option<String>,
    pub cwd: String,
    pub subjects: Vec<Subject>,
    /// What asked for the confirmation.
    #[serde(with = "rule_ref::or_empty")]
    pub rule: Option<RuleRef>,
    pub reason: String,
    /// The authentication code of everything above, under gitvow's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mac: Option<String>,
}

impl Approval {
    /// What the code seals: the record as written, without its code.
    fn sealed_bytes(&self) -> Vec<u8> {
        let mut bare = self.clone();
        bare.mac = None;
        super::seal::record_bytes("gitvow approval 1", &bare)
    }
}

/// An approval file that does not count, and why: for `gitvow approve` and doctor to report.
pub struct Ignored {
    pub path: PathBuf,
    pub why: &'static str,
}

fn dir() -> Option<PathBuf> {
    crate::paths::gitvow_home().map(|h| h.join("approvals"))
}

pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Edits keep at most this much of their text for the person to read.
const TEXT_LIMIT: usize = 64 << 10;

/// An edit's texts cut to [`TEXT_LIMIT`] each, for the approval file.
fn cut_subject(s: Subject) -> Subject {
    match s {
        Subject::Edit { tool, path, old, new } => Subject::Edit { tool, path, old: cut(&old), new: cut(&new) },
        other => other,
    }
}

fn cut(text: &str) -> String {
    if text.len() <= TEXT_LIMIT {
        return text.to_string();
    }
    let mut end = TEXT_LIMIT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n… ({} more bytes)", &text[..end], text.len() - end)
}

/// What the call does, with paths in the form path rules see (repository-relative inside it).
fn subjects(call: &Call, repo: Option<&Repo>) -> Vec<Subject> {
    let top = repo.map(|r| r.top.as_path());
    call.actions
        .iter()
        .map(|a| {
            if let Some(command) = a.command() {
                Subject::Command { command: command.to_string() }
            } else if let Some(path) = a.edited_path() {
                let (old, new) = a.change();
                Subject::Edit { tool: a.tool_name.clone(), path: super::location::rule_path(path, &call.cwd, top), old, new }
            } else {
                Subject::Tool { tool: a.tool_name.clone() }
            }
        })
        .collect()
}

/// The identity of a call: the whole text of what it does (not cut), its session and repository.
fn key(call: &Call, repo: Option<&Repo>, subjects: &[Subject]) -> String {
    let repo = repo.map(|r| r.top.to_string_lossy().into_owned()).unwrap_or_default();
    key_of(&call.session, &repo, subjects)
}

fn key_of(session: &str, repo: &str, subjects: &[Subject]) -> String {
    let subjects = serde_json::to_string(subjects).unwrap_or_default();
    hex(&sha256(&[session.as_bytes(), &[0], repo.as_bytes(), &[0], subjects.as_bytes()])[..16])
}

/// Whether `a`'s identity is that of the call it shows (its subjects whole, as a question from the
/// box keeps them).
pub(super) fn is_key_of(a: &Approval) -> bool {
    key_of(&a.session, a.repo.as_deref().unwrap_or_default(), &a.subjects) == a.key
}

/// [`key`] of a call: its identity for the answer kept for its other entries ([`super::same_call`]).
pub(super) fn call_key(call: &Call, repo: Option<&Repo>) -> String {
    key(call, repo, &subjects(call, repo))
}

/// Where questions wait and answers are read when the approvals directory cannot serve (in gitvow's
/// box, where it is read-only and the key hidden: [`super::box_questions`]).
pub trait Elsewhere {
    /// The person's answer to the call with identity `key`, unless it expired.
    fn answer(&self, key: &str) -> Option<Approval>;
    /// The code `question` waits under (the one already asked for the same call, or its own);
    /// `None` when it cannot be kept.
    fn ask(&self, question: &Approval) -> Option<String>;
}

/// Codes a person types: no letters that read alike (`0`/`o`, `1`/`l`/`i`).
pub(super) const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

pub(super) fn new_code() -> String {
    let mut bytes = [0u8; 6];
    let random = std::fs::File::open("/dev/urandom").and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes));
    if random.is_err() {
        // No /dev/urandom: time and process id are unique enough for a code that lives an hour.
        let seed = sha256(&[format!("{:?}{}", SystemTime::now(), std::process::id()).as_bytes()]);
        bytes.copy_from_slice(&seed[..6]);
    }
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// The file that names the code a call waits under: `<key>.key` beside the approvals, so that the
/// call's approval is found by reading two small files, not every file of the directory (a
/// directory of thousands costs a confirm nothing). It is only a pointer: what it points to counts
/// only when gitvow sealed it, under that code, for this very call.
fn pointer(key: &str) -> Option<PathBuf> {
    (!key.is_empty() && key.bytes().all(|b| b.is_ascii_hexdigit())).then(|| dir().map(|d| d.join(format!("{key}.key"))))?
}

/// The approval on file for the call with key `key`, if any (an expired one is removed).
fn on_file(key: &str) -> Option<Approval> {
    let pointer = pointer(key)?;
    let code = regular_file::read_private(&pointer, "an approval's code").ok()??;
    let code = String::from_utf8(code).ok()?;
    let path = path_of(code.trim())?;
    let found = match regular_file::read_private(&path, "an approval") {
        Ok(Some(bytes)) => serde_json::from_slice::<Approval>(&bytes).ok(),
        _ => None,
    };
    let a = found.filter(|a| {
        a.code == code.trim() && a.key == key && super::seal::check(a.mac.as_deref(), &a.sealed_bytes()) == super::seal::Check::Holds
    });
    match a {
        Some(a) if expired(&a, now()) => {
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(&pointer);
            None
        }
        Some(a) => Some(a),
        None => {
            let _ = std::fs::remove_file(&pointer);
            None
        }
    }
}

/// Every approval on file, expired ones removed.
pub fn all() -> Vec<Approval> {
    scan().0
}

/// The approvals on file (expired ones removed), and the files that are not approvals gitvow sealed,
/// which are left alone.
pub fn scan() -> (Vec<Approval>, Vec<Ignored>) {
    let (mut out, mut ignored) = (Vec::new(), Vec::new());
    let Some(dir) = dir() else { return (out, ignored) };
    let Ok(entries) = std::fs::read_dir(&dir) else { return (out, ignored) };
    let now = now();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let approval = match regular_file::read_private(&path, "an approval") {
            Ok(Some(bytes)) => serde_json::from_slice::<Approval>(&bytes).ok(),
            _ => None,
        };
        let Some(a) = approval else {
            ignored.push(Ignored { path, why: "it is not an approval gitvow can read" });
            continue;
        };
        match super::seal::check(a.mac.as_deref(), &a.sealed_bytes()) {
            super::seal::Check::Holds if expired(&a, now) => {
                let _ = std::fs::remove_file(&path);
            }
            super::seal::Check::Holds if path_of(&a.code).as_ref() == Some(&path) => out.push(a),
            super::seal::Check::Holds => ignored.push(Ignored { path, why: "it was copied from another code's file" }),
            super::seal::Check::Missing => {
                ignored.push(Ignored { path, why: "it was written before approvals were sealed: not approved, ask again" })
            }
            super::seal::Check::Broken => ignored.push(Ignored { path, why: "it was written or changed by something other than gitvow" }),
        }
    }
    out.sort_by_key(|a| a.created);
    (out, ignored)
}

/// How many entries of the approvals directory [`waiting`] reads: past them, a question is taken
/// to wait.
const WAITING_LOOK: usize = 256;

/// Whether a question gitvow sealed waits for a person's answer now. Bounded: a directory with
/// more entries than [`WAITING_LOOK`] counts as holding one.
pub fn waiting() -> bool {
    let Some(dir) = dir() else { return false };
    let Ok(entries) = std::fs::read_dir(&dir) else { return false };
    let now = now();
    let records = entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "json"));
    for (k, path) in records.enumerate() {
        if k >= WAITING_LOOK {
            return true;
        }
        let Ok(Some(bytes)) = regular_file::read_private(&path, "an approval") else { continue };
        let Ok(a) = serde_json::from_slice::<Approval>(&bytes) else { continue };
        if a.state == State::Pending
            && !expired(&a, now)
            && super::seal::check(a.mac.as_deref(), &a.sealed_bytes()) == super::seal::Check::Holds
        {
            return true;
        }
    }
    false
}

/// The records gitvow ignores because it did not seal them as they are (approval files, trust
/// entries), one line each: for doctor, which names them.
pub fn ignored_records() -> Vec<String> {
    let mut out: Vec<String> = scan().1.into_iter().map(|i| format!("{}: {}", crate::paths::display(&i.path), i.why)).collect();
    for (file, entry) in super::policy::trust_record::read_record() {
        match super::policy::trust_record::check(&file, &entry) {
            super::seal::Check::Holds => {}
            super::seal::Check::Missing => {
                out.push(format!("the trust of {file} was recorded before trust was sealed: untrusted until trusted again"))
            }
            super::seal::Check::Broken => {
                out.push(format!("the trust of {file} was written or changed by something other than gitvow: ignored"))
            }
        }
    }
    out
}

pub(super) fn expired(a: &Approval, now: u64) -> bool {
    let since = |t: Option<u64>| now.saturating_sub(t.unwrap_or(a.created));
    match (a.state, a.scope.as_deref()) {
        (State::Approved, Some("session")) => since(a.answered) > SESSION_FOR,
        (State::Approved, _) => since(a.answered) > ONCE_FOR,
        _ => now.saturating_sub(a.created) > PENDING_FOR,
    }
}

fn path_of(code: &str) -> Option<PathBuf> {
    // Codes come from the person's command line: only the alphabet's characters name a file.
    if code.is_empty() || !code.bytes().all(|b| ALPHABET.contains(&b)) {
        return None;
    }
    dir().map(|d| d.join(format!("{code}.json")))
}

/// Writes `a`, sealed.
pub fn save(a: &Approval) -> crate::error::Result<()> {
    let path = path_of(&a.code).ok_or_else(|| crate::error::Error::new("cannot find the home directory for ~/.gitvow/approvals"))?;
    save_to(&path, a)
}

/// Writes `a` at `path`, sealed.
pub(super) fn save_to(path: &std::path::Path, a: &Approval) -> crate::error::Result<()> {
    let mut sealed = a.clone();
    sealed.mac = Some(super::seal::seal(&a.sealed_bytes())?);
    let text = serde_json::to_string_pretty(&sealed).unwrap_or_default() + "\n";
    write_private(path, text.as_bytes(), Existing::Replace).map_err(|e| crate::error::Error::io("write", path, &e))
}

fn remove(code: &str) {
    if let Some(path) = path_of(code) {
        let _ = std::fs::remove_file(path);
    }
}

/// A confirm verdict, on an agent that cannot ask the person itself, meets the approvals on file: a
/// yes for this call lets it through (once, or for the session), a no turns it into a deny, and
/// otherwise the call waits under a code (the same code for every retry) that the message names.
/// `None` when there is nothing to say about the approval (not a confirm).
/// `boxed` is where questions and answers go instead of the approvals directory, in gitvow's box.
pub fn settle(call: &Call, repo: Option<&Repo>, agent: &str, verdict: &mut Verdict, boxed: Option<&dyn Elsewhere>) -> Option<String> {
    if verdict.decision != Decision::Confirm {
        return None;
    }
    let subjects = subjects(call, repo);
    let key = key(call, repo, &subjects);
    let found = match boxed {
        Some(b) => b.answer(&key),
        None => on_file(&key),
    };
    match found {
        Some(a) if a.state == State::Approved => {
            if a.scope.as_deref() != Some("session") && boxed.is_none() {
                remove(&a.code);
            }
            *verdict = Verdict::allow(format!("approved by the person ({})", a.code));
            verdict.rule = Some(RuleRef::Approval);
            Some(a.code)
        }
        Some(a) if a.state == State::Denied => {
            let rule = verdict.rule.take();
            *verdict = Verdict::blocking(
                Decision::Deny,
                &format!("the person declined this call (gitvow approve --deny {}); do not retry it", a.code),
                rule,
                None,
                "",
            );
            verdict.reason = format!("declined by the person ({})", a.code);
            Some(a.code)
        }
        found => {
            let code = match found {
                Some(a) => a.code,
                None => {
                    let mut a = Approval {
                        code: new_code(),
                        key,
                        state: State::Pending,
                        scope: None,
                        created: now(),
                        answered: None,
                        agent: agent.to_string(),
                        session: call.session.clone(),
                        repo: repo.map(|r| r.top.to_string_lossy().into_owned()),
                        cwd: call.cwd.to_string_lossy().into_owned(),
                        subjects,
                        rule: verdict.rule.clone(),
                        reason: verdict.reason.clone(),
                        mac: None,
                    };
                    // A question from the box keeps the call whole: `gitvow approve` checks its
                    // identity against what it shows.
                    if let Some(b) = boxed {
                        b.ask(&a)?
                    } else {
                        a.subjects = a.subjects.into_iter().map(cut_subject).collect();
                        // Without a place to keep it, the call can still be confirmed the agent's
                        // way; the message says why no code comes with it, for the person to fix.
                        if let Err(e) = save(&a) {
                            let fix = e.hint.map(|h| format!("; {h}")).unwrap_or_default();
                            verdict.message =
                                format!("{} (gitvow could not keep it for `gitvow approve`: {}{fix})", verdict.message, e.message);
                            return None;
                        }
                        if let Some(pointer) = pointer(&a.key) {
                            let _ = write_private(&pointer, a.code.as_bytes(), Existing::Replace);
                        }
                        a.code
                    }
                }
            };
            let core = verdict.message.strip_suffix(ASK_THE_USER).unwrap_or(&verdict.message).to_string();
            verdict.message = format!(
                "{core}. Only a person can approve this call: ask the user to run `gitvow approve {code}` in their own terminal, then retry the same call."
            );
            Some(code)
        }
    }
}

/// `gitvow approve --help`: which agents cannot ask the person themselves, from the agent table.
pub fn approve_help() -> String {
    let names: Vec<&str> =
        crate::agents::AGENTS.iter().filter(|a| !super::respond::asks_natively(a, Some("default"))).map(|a| a.name).collect();
    let agents = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    };
    format!(
        "{agents} (and claude outside its prompting modes, and external adapters) cannot ask you\n\
         themselves: a confirmation there carries a code. `gitvow approve <code>` shows the exact call (control\n\
         and bidirectional characters escaped) and asks; after yes, the agent's next identical call (same command\n\
         or change, same session, same repository) passes once within 10 minutes, or for the rest of the session\n\
         with --session. Answers only from a terminal that was open before the call asked, outside any agent's\n\
         session (one an agent made after the call asked, with `script`, `setsid` or a pty module, is refused;\n\
         against one it opened earlier the gate is best effort without `gitvow run`: see the README).\n\n\
         Examples:\n  gitvow approve                  list what is waiting\n  gitvow approve k7q2xm\n  \
         gitvow approve k7q2xm --session\n  gitvow approve k7q2xm --deny    say no: the agent's next identical call is told so"
    )
}

/// What a call will run or change, in a line a person reads: `` run `git push origin main` ``.
pub fn describe(call: &Call, repo: Option<&Repo>) -> String {
    describe_subjects(&subjects(call, repo))
}

pub fn describe_subjects(subjects: &[Subject]) -> String {
    let parts: Vec<String> = subjects
        .iter()
        .map(|s| match s {
            Subject::Command { command } => {
                let one_line = crate::visible::visible_line(&command.split_whitespace().collect::<Vec<_>>().join(" "));
                let shown: String = one_line.chars().take(300).collect();
                let more = if shown.len() < one_line.len() { " …" } else { "" };
                format!("run `{shown}{more}`")
            }
            Subject::Edit { tool, path, old, new } => {
                let (removed, added) = (old.lines().count(), new.lines().count());
                format!(
                    "{} {} (-{removed} +{added} lines)",
                    if tool == "Write" { "write" } else { "edit" },
                    crate::visible::visible_line(path)
                )
            }
            Subject::Tool { tool } => format!("use the tool {tool}"),
        })
        .collect();
    parts.join(", ")
}

/// The question a person reads where the agent asks natively: what, why (in full: a provider's
/// evidence, a classifier's words), which rule and policy.
pub fn question(call: &Call, repo: Option<&Repo>, verdict: &Verdict) -> String {
    let mut origin = Vec::new();
    if let Some(rule) = &verdict.rule {
        origin.push(format!("rule {rule}"));
    }
    if !verdict.source.is_empty() {
        origin.push(verdict.source.clone());
    }
    let origin = if origin.is_empty() { String::new() } else { format!(" ({})", origin.join(", ")) };
    // A provider's evidence is shown as it gave it, but escaped: it is text from a program.
    let why = crate::visible::visible_line(&verdict.why);
    format!("gitvow asks before the agent goes on: {}. Why: {why}{origin}. Allow it?", describe(call, repo))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::policy::ListKey;

    /// An approval file as gitvow wrote it before rule references were a type.
    const WRITTEN: &str = r#"{
  "code": "abc234",
  "key": "00112233445566778899aabbccddeeff",
  "state": "pending",
  "scope": null,
  "created": 1764590000,
  "answered": null,
  "agent": "codex",
  "session": "s1",
  "repo": "/r",
  "cwd": "/r",
  "subjects": [
    {
      "kind": "command",
      "command": "git push origin main"
    }
  ],
  "rule": "bash_confirm[0]",
  "reason": "push publishes commits to a remote"
}"#;

    #[test]
    fn an_approval_file_reads_back_with_a_typed_rule_and_writes_the_same_bytes() {
        let a: Approval = serde_json::from_str(WRITTEN).unwrap();
        assert_eq!(a.rule, Some(RuleRef::Listed { list: ListKey::BashConfirm, index: 0 }));
        assert_eq!(serde_json::to_string_pretty(&a).unwrap(), WRITTEN);
        for rule in ["mcp_allow", "providers: graph, topology", "untrusted", "llm_classifier", "analysis", "self-protection", ""] {
            let text = WRITTEN.replace("\"bash_confirm[0]\"", &serde_json::to_string(rule).unwrap());
            let a: Approval = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{rule:?}: {e}"));
            assert_eq!(serde_json::to_string_pretty(&a).unwrap(), text);
        }
        // A rule no gitvow wrote makes the file foreign (and [`all`] removes it), as any damage does.
        assert!(serde_json::from_str::<Approval>(&WRITTEN.replace("bash_confirm[0]", "bash_confirm[x]")).is_err());
    }
}
