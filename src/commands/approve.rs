//! `gitvow approve`: a person answers a confirmation the agent could not ask them about. Only a
//! person at a terminal of their own may answer (see [`crate::person`]): the agent must never
//! approve itself. Everything shown of the call is made visible first
//! ([`crate::visible`]): its text is the agent's.

use crate::error::{Error, Result};
use crate::gate::approvals::{self, Approval, State, Subject};
use crate::gate::box_questions::{self, Asked};
use crate::gate::rule_ref;
use crate::visible::{visible, visible_line};

#[derive(Clone, Debug)]
pub struct ApproveRequest {
    pub(crate) code: Option<String>,
    /// Approve for the rest of the session instead of once.
    pub(crate) session: bool,
    pub(crate) deny: bool,
}

pub fn run(request: &ApproveRequest) -> Result<i32> {
    // In gitvow's box (`~/.gitvow` on a read-only mount) the OS refuses the answer's write anyway:
    // say why before asking anything.
    if let Some(home) = crate::paths::gitvow_home()
        && rustix::fs::access(&home, rustix::fs::Access::WRITE_OK) == Err(rustix::io::Errno::ROFS)
    {
        let again = request.code.as_deref().map_or("gitvow approve".to_string(), |c| format!("gitvow approve {}", visible_line(c)));
        return Err(Error::new("this runs inside gitvow's box, where the OS keeps every answer from being written")
            .hint(format!("answer in your own terminal, outside the box: {again}")));
    }
    crate::person::require("gitvow approve")?;
    let Some(code) = &request.code else { return list() };
    let code = code.trim().to_ascii_lowercase();
    let (on_file, ignored) = approvals::scan();
    report(&ignored);
    // A call waits in the approvals directory, or, asked from inside gitvow's box, in the box's own.
    let (mut a, from_box) = match on_file.into_iter().find(|a| a.code == code) {
        Some(a) => (a, None),
        None => {
            let asked = box_questions::waiting().into_iter().find(|q| q.approval.code == code).ok_or_else(|| {
                Error::new(format!("no call is waiting under the code `{}`", visible_line(&code)))
                    .hint("codes expire after an hour; `gitvow approve` lists what is waiting")
            })?;
            (asked.approval.clone(), Some(asked))
        }
    };
    let save = |a: &Approval| match &from_box {
        Some(asked) => asked.answer(a),
        None => approvals::save(a),
    };
    let again = format!(
        "gitvow approve {code}{}",
        if request.deny {
            " --deny"
        } else if request.session {
            " --session"
        } else {
            ""
        }
    );
    crate::person::require_answer("gitvow approve", &again)?;
    crate::say_part!("{}", show(&a));
    if request.deny {
        a.state = State::Denied;
        a.answered = Some(approvals::now());
        save(&a)?;
        crate::output::line(&format!("declined: the agent's next identical call is blocked and told that you said no ({code})"));
        return Ok(0);
    }
    let how = if request.session { "for the rest of this session" } else { "once" };
    if !crate::person::confirm(&format!("Allow this call {how}?"))? {
        crate::say!("not approved; the call keeps waiting (`gitvow approve --deny {code}` says no)");
        return Ok(1);
    }
    super::presence::require("gitvow approve", &again)?;
    a.state = State::Approved;
    a.scope = Some(if request.session { "session" } else { "once" }.to_string());
    a.answered = Some(approvals::now());
    save(&a)?;
    let when = if request.session {
        "every identical call of this session passes".to_string()
    } else {
        format!("the agent's next identical call passes, once, within {} minutes", approvals::ONCE_FOR / 60)
    };
    crate::output::line(&format!("approved: {when}; ask the agent to retry it"));
    Ok(0)
}

fn age(secs: u64) -> String {
    let ago = approvals::now().saturating_sub(secs);
    match ago {
        0..60 => format!("{ago} s ago"),
        60..3600 => format!("{} min ago", ago / 60),
        _ => format!("{} h ago", ago / 3600),
    }
}

/// The call as the person must see it before answering: everything it runs or changes.
fn show(a: &Approval) -> String {
    let mut out = format!("gitvow approve {}\n", a.code);
    out.push_str(&format!("  agent:   {} (session {})\n", visible_line(&a.agent), visible_line(&a.session)));
    let place = a.repo.as_deref().unwrap_or(&a.cwd);
    out.push_str(&format!("  where:   {}\n", visible_line(&crate::paths::display(std::path::Path::new(place)))));
    out.push_str(&format!("  why:     {} (rule {})\n", visible_line(&a.reason), rule_ref::text(a.rule.as_ref())));
    out.push_str(&format!("  asked:   {}\n", age(a.created)));
    for s in &a.subjects {
        match s {
            Subject::Command { command } => {
                out.push_str("  runs:\n");
                for line in visible(command).split('\n') {
                    out.push_str(&format!("    {line}\n"));
                }
            }
            Subject::Edit { tool, path, old, new } => {
                out.push_str(&format!("  {}: {}\n", if tool == "Write" { "writes" } else { "edits" }, visible_line(path)));
                let diff = similar::TextDiff::from_lines(old.as_str(), new.as_str());
                let text = diff.unified_diff().context_radius(2).to_string();
                let lines: Vec<&str> = text.lines().collect();
                for line in lines.iter().take(80) {
                    out.push_str(&format!("    {}\n", visible_line(line)));
                }
                if lines.len() > 80 {
                    out.push_str(&format!("    … {} more lines\n", lines.len() - 80));
                }
            }
            Subject::Tool { tool } => out.push_str(&format!("  uses:    {}\n", visible_line(tool))),
        }
    }
    out
}

/// Says which files in the approvals directory count for nothing, and why.
fn report(ignored: &[approvals::Ignored]) {
    for i in ignored {
        crate::say!("gitvow: ignored {}: {}", crate::paths::display(&i.path), i.why);
    }
}

fn list() -> Result<i32> {
    let (on_file, ignored) = approvals::scan();
    report(&ignored);
    let boxed = box_questions::waiting().into_iter().map(|q: Asked| q.approval);
    let waiting: Vec<Approval> = on_file.into_iter().filter(|a| a.state == State::Pending).chain(boxed).collect();
    if waiting.is_empty() {
        crate::output::line("nothing is waiting for approval");
        return Ok(0);
    }
    let mut out = String::new();
    for a in &waiting {
        let what = approvals::describe_subjects(&a.subjects);
        out.push_str(&format!(
            "{}  {:<10} {:<8} {}  ({})\n",
            a.code,
            age(a.created),
            visible_line(&a.agent),
            what,
            visible_line(&a.reason)
        ));
    }
    // A code that is waiting, so that the example works when pasted.
    let example = &waiting[0].code;
    out.push_str(&format!(
        "answer one by its code: `gitvow approve {example}` (add --session for the rest of the session, --deny to say no)\n"
    ));
    crate::output::print(&out);
    Ok(0)
}
