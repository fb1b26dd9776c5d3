//! What one action reaches, as the rules read it: the texts of the commands it runs, the files it
//! changes (each in its normalised and its resolved form), what of the gate's own it would change,
//! and whether the command could be analysed at all.

use super::command::effects::EffectKind;
use super::command::{self, Context};
use super::location::{self, Place};
use super::normalize::{Action, Shell};
use super::pattern;
use super::place;
use super::protect::{Guard, Reaching};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

#[derive(Debug, Default)]
pub struct Reach {
    /// The normalised simple commands (see [`command`]); empty for tools that are no shell.
    pub texts: Vec<String>,
    /// Every file the action writes: the edited file, or the files a command changes.
    pub places: Vec<Place>,
    /// Why the action would change what the gate protects as a whole, and the place.
    pub protected: Option<(String, String)>,
    /// The protected directory or file [`Reach::protected`] names.
    pub protected_root: Option<PathBuf>,
    /// [`Reach::protected`] takes gitvow's home away whole, which switches the gate off: denied.
    pub switches_off: bool,
    /// Why the command could not be analysed.
    pub opaque: Option<&'static str>,
    /// What is known of the names it writes that the shell computes ([`command::Analysis::computed_names`]).
    pub computed_names: Vec<String>,
    /// The same for the files it only changes or moves away ([`command::Analysis::computed_existing`]).
    pub computed_existing: Vec<String>,
    /// The directories it makes that do not exist now ([`command::Analysis::made_dirs`]).
    pub made_dirs: Vec<PathBuf>,
    /// The path by which a tool that is no shell reads or writes gitvow's record key (or searches
    /// the directory that holds it): whoever holds the key can seal an approval.
    pub record_key: Option<String>,
    /// How the action types into a terminal already open (`tmux send-keys`, a write into a FIFO
    /// or another process's open file), where `gitvow approve` may wait for a person's answer.
    pub types_into_terminal: Option<String>,
    /// How the action takes hold of another running process (its terminal, memory or system calls).
    pub attaches: Option<&'static str>,
    /// How the action pushes characters into a terminal's input by a system call (TIOCSTI): the
    /// agent's own terminal typed into as the person, wherever a question waits.
    pub injects_keys: Option<String>,
}

impl Reach {
    pub fn of(action: &Action, cwd: &Path, repo_top: Option<&Path>) -> Reach {
        let home = crate::paths::home();
        let mut reach = Reach::default();
        let mut touched = Vec::new();
        let mut partly = Vec::new();
        let mut made_dirs = Vec::new();
        if let Some(path) = action.edited_path() {
            let touch = command::Touch { path: location::place(path, cwd, repo_top).absolute, glob: None };
            // An edit overwrites its file: the effect rules judge it as they judge `> file`.
            let ctx = Context { cwd, home: home.as_deref(), repo_top };
            let effect = command::effects::Effect::of(EffectKind::Overwrite, &touch, &ctx);
            reach.texts.push(effect.text());
            // A setting that names a program, written into a package manager's settings file.
            reach.texts.extend(command::program_settings_written(&touch.path, &action.change().1));
            if let Some((real, text)) = edited_through_links(&touch, &effect, &ctx) {
                reach.texts.extend(text);
                touched.push(real);
            }
            touched.push(touch);
            // Program text that types into a terminal, written now to be run by a later call.
            reach.injects_keys = terminal_ioctl(&action.change().1);
        }
        if action.command().is_none() {
            reach.record_key = record_key_argument(action, cwd, home.as_deref());
            if reach.record_key.is_none() {
                reach.secret_reads(&tool_reads(action, cwd, home.as_deref()));
            }
        }
        if let Some(text) = action.command() {
            // Gemini runs a shell command in its `dir_path` (or `directory`), relative to the cwd.
            let start: PathBuf = match action.str_field("dir_path").or_else(|| action.str_field("directory")) {
                Some(dir) if !dir.is_empty() => cwd.join(dir),
                _ => cwd.to_path_buf(),
            };
            let ctx = Context { cwd: &start, home: home.as_deref(), repo_top };
            let seen = match action.shell {
                Shell::Posix => command::analyse_in(text, &ctx),
                Shell::PowerShell => command::analyse_powershell(text, &ctx),
            };
            reach.texts.extend(seen.texts);
            reach.opaque = seen.opaque.or(seen.spelt_secret);
            reach.computed_names = seen.computed_names;
            reach.computed_existing = seen.computed_existing;
            reach.types_into_terminal = seen.types_into_terminal.map(str::to_string);
            reach.attaches = seen.attaches.or_else(|| limits_a_process(text));
            reach.injects_keys = terminal_ioctl(text);
            reach.secret_reads(&seen.reads);
            touched.extend(seen.touched);
            partly = seen.partly;
            made_dirs = seen.made_dirs;
            reach.made_dirs.clone_from(&made_dirs);
        }
        if touched.is_empty() {
            return reach;
        }
        let guard = Guard::new(home.as_deref(), repo_top);
        let mut hows = Hows::new(&touched, &partly);
        // A pattern the shell expands to the record key is not read by the policy's rules on its
        // name: the gate names the key itself (`rm ~/.gitv?w/record.key`).
        let patterned = touched.iter().any(|t| t.glob.is_some() && pattern::has_pattern(&t.path));
        touched = as_the_shell_sees(touched, &guard, &mut hows);
        // `> f` five thousand times is one file: each is resolved on disk only once.
        let mut seen = std::collections::HashSet::new();
        touched.retain(|t| seen.insert(t.clone()));
        let (names, unsearched) = other_names(&touched, &guard);
        for t in names {
            if seen.insert(t.clone()) {
                touched.push(t);
            }
        }
        if let Some(why) = unsearched {
            reach.protected = Some(why);
        }
        if reach.types_into_terminal.is_none() {
            reach.types_into_terminal = touched.iter().find_map(typed_into);
        }
        let places = location::Places::new(repo_top);
        if patterned && reach.record_key.is_none() {
            reach.record_key = touched.iter().find_map(|t| record_key_touched(&t.path));
        }
        for t in &touched {
            let place = places.of(&t.path);
            let judged = guard.judge(t, hows.of(t));
            if reach.protected.is_none()
                && let Some((why, root)) = judged.protected
            {
                reach.protected = Some((why, place.shown.clone()));
                reach.protected_root = Some(root);
                reach.switches_off = judged.switches_off;
            }
            // What it reaches in a git hook directory, each by the path rules.
            for entry in judged.entries {
                let place = places.of(&entry);
                if !reach.places.contains(&place) {
                    reach.places.push(place);
                }
            }
            if is_new_project_file(&t.path, &made_dirs, repo_top) {
                continue;
            }
            if !reach.places.contains(&place) {
                reach.places.push(place);
            }
        }
        reach
    }
}

/// Where the links of an edited path's existing components lead, as the shell would follow them
/// (`rootlink/etc/gitvow/policy.json` with `rootlink -> /`), when that is out of the project: the
/// file there, judged as a Bash write through those links is, and its effect's text when it is of
/// another kind of place. (The same resolution the places of the call make, done once.) A project
/// that is itself behind a link (`/tmp` -> `/private/tmp`) is left alone.
fn edited_through_links(
    touch: &command::Touch,
    effect: &command::effects::Effect,
    ctx: &Context,
) -> Option<(command::Touch, Option<String>)> {
    let real = command::Touch { path: location::resolve(&touch.path), glob: None };
    let inside = ctx.repo_top.is_some_and(|top| real.path.starts_with(location::resolve(top)));
    if inside || real.path == place::lexical(&touch.path) {
        return None;
    }
    let there = command::effects::Effect::of(EffectKind::Overwrite, &real, ctx);
    let text = (there.class != effect.class).then(|| there.text());
    Some((real, text))
}

impl Reach {
    /// What of gitvow's secrets `reads` reach: by a name of theirs, a pattern, a directory read
    /// whole, or another of their names (a hard link made earlier).
    fn secret_reads(&mut self, reads: &[command::Read]) {
        match secret_read(reads) {
            Some(SecretRead::Direct(path)) => self.record_key = Some(path),
            Some(SecretRead::Whole(path)) => {
                let why = format!("it reads everything under {path}, gitvow's record key and approvals among it");
                self.protected = Some((why, path));
            }
            None => self.read_by_link(reads),
        }
    }

    /// What of gitvow's secrets `reads` reach by another of their names (a hard link made earlier).
    fn read_by_link(&mut self, reads: &[command::Read]) {
        let Some(dir) = crate::paths::gitvow_home() else { return };
        match super::hard_links::secret_read(reads, &dir) {
            Some(super::hard_links::SecretRead::Found(name, secret)) => {
                self.record_key = Some(format!("{} (another name of {})", crate::paths::display(&name), crate::paths::display(&secret)));
            }
            Some(super::hard_links::SecretRead::Unsearched(why)) => self.protected = Some((why, crate::paths::display(&dir))),
            None => {}
        }
    }
}

/// The touched paths with what their patterns name: what the gate protects that a pattern could
/// name, and, for a pattern in a directory component (`~/.gitv*/policy.json`), every path it
/// expands to on disk now. An expansion too large to list is judged as the pattern alone.
fn as_the_shell_sees(touched: Vec<command::Touch>, guard: &Guard, hows: &mut Hows) -> Vec<command::Touch> {
    let mut out = Vec::with_capacity(touched.len());
    for t in touched {
        let from = out.len();
        if let Some(path) = guard.in_guarded_case(&place::lexical(&t.path)) {
            out.push(command::Touch { path, glob: t.glob });
        }
        if let Some(glob) = t.glob.filter(|_| pattern::has_pattern(&t.path)) {
            out.extend(guard.could_name(&t));
            if t.path.parent().is_some_and(pattern::has_pattern) {
                let found = pattern::on_disk(&t.path, glob.hidden).unwrap_or_default();
                out.extend(found.into_iter().map(|path| command::Touch { path, glob: None }));
            }
        }
        // What a pattern names is reached as the pattern is.
        let how = hows.of(&t);
        for named in &out[from..] {
            hows.add(named, how);
        }
        out.push(t);
    }
    out
}

/// How the call reaches each file it touches ([`Reaching`]): whole, unless every time it touched
/// it, it did so in one same other way.
struct Hows {
    partly: HashMap<command::Touch, Reaching>,
    whole: HashSet<command::Touch>,
}

impl Hows {
    /// From the touched files and the times some were reached other than whole
    /// ([`command::Analysis::partly`], each one of the times it is in `touched`).
    fn new(touched: &[command::Touch], partly: &[(command::Touch, Reaching)]) -> Hows {
        let mut hows = Hows { partly: HashMap::new(), whole: HashSet::new() };
        if partly.is_empty() {
            return hows;
        }
        let mut times: HashMap<&command::Touch, usize> = HashMap::new();
        for t in touched {
            *times.entry(t).or_default() += 1;
        }
        let mut partial: HashMap<&command::Touch, usize> = HashMap::new();
        for (t, how) in partly {
            *partial.entry(t).or_default() += 1;
            hows.add(t, *how);
        }
        for (t, n) in times {
            if partial.get(t).copied().unwrap_or(0) < n {
                hows.add(t, Reaching::Whole);
            }
        }
        hows
    }

    /// `t` is reached as `how` (too): two different ways make it whole.
    fn add(&mut self, t: &command::Touch, how: Reaching) {
        // With nothing reached partly, everything is whole: nothing to keep.
        if self.whole.contains(t) || (self.partly.is_empty() && how == Reaching::Whole) {
            return;
        }
        match self.partly.get(t) {
            _ if how == Reaching::Whole => {}
            None => {
                self.partly.insert(t.clone(), how);
                return;
            }
            Some(h) if *h == how => return,
            Some(_) => {}
        }
        self.partly.remove(t);
        self.whole.insert(t.clone());
    }

    fn of(&self, t: &command::Touch) -> Reaching {
        self.partly.get(t).copied().unwrap_or(Reaching::Whole)
    }
}

/// The other names, among what the gate guards, of the written files that have more than one
/// (hard links): a write to any name is a write to each. When the search was cut short, why the
/// call is asked about instead, and the file.
fn other_names(touched: &[command::Touch], guard: &Guard) -> (Vec<command::Touch>, Option<(String, String)>) {
    let mut names = Vec::new();
    let mut places: Option<Vec<PathBuf>> = None;
    for t in touched.iter().filter(|t| t.glob.is_none()) {
        let real = location::resolve(&t.path);
        let Some(id) = location::hard_linked(&real) else { continue };
        let places = places.get_or_insert_with(|| guard.guarded_places());
        let found = super::hard_links::among(id, &real, places);
        if found.incomplete {
            let shown = crate::paths::display(&t.path);
            let why = format!(
                "it writes {shown}, a file with {} names, and the gate could not look through every place where another of them would be one it guards",
                id.links
            );
            return (names, Some((why, shown)));
        }
        names.extend(found.found.into_iter().map(|path| command::Touch { path, glob: None }));
    }
    (names, None)
}

/// How writing `t` types into a terminal or a program's input, if it does: a named pipe (a session
/// started earlier may read it as its input), another process's open file (`/proc/PID/fd/0`, a
/// terminal's master side), the kernel's input devices.
fn typed_into(t: &command::Touch) -> Option<String> {
    let path = place::lexical(&t.path);
    let shown = crate::paths::display(&path);
    if path.starts_with("/proc") && path.components().any(|c| c.as_os_str() == "fd" || c.as_os_str() == "fdinfo") {
        return Some(format!("it writes into another process's open file ({shown})"));
    }
    if path.starts_with("/dev/uinput") || path.starts_with("/dev/input") {
        return Some(format!("it writes keyboard input ({shown})"));
    }
    (t.glob.is_none() && location::is_fifo(&location::resolve(&path)))
        .then(|| format!("it writes into a named pipe ({shown}), which a session may read as typed input"))
}

/// Program text that pushes characters into a terminal's input (`ioctl(fd, TIOCSTI, c)`, or
/// TIOCLINUX's paste), by the request's name in any case, its name put together (`'TIOC' + 'STI'`)
/// or its number in hexadecimal, decimal or octal beside an `ioctl` or `syscall`: typed as the
/// person, those characters answer whatever reads that terminal, `gitvow approve` among them.
pub fn terminal_ioctl(text: &str) -> Option<String> {
    const WHY: &str =
        "its program text pushes characters into a terminal's input (TIOCSTI): they would answer gitvow approve as the person";
    let upper = text.to_ascii_uppercase();
    if upper.contains("TIOCSTI") || upper.contains("TIOCLINUX") {
        return Some(WHY.to_string());
    }
    if !upper.contains("IOCTL") && !upper.contains("SYSCALL") {
        return None;
    }
    // 0x5412 (TIOCSTI) and 0x541C (TIOCLINUX), with leading zeros, and their decimal and octal forms.
    let numbers = ["21522", "21532", "052022", "0O52022", "052034", "0O52034"];
    let numbered = upper
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| numbers.contains(&w) || w.strip_prefix("0X").is_some_and(|h| ["5412", "541C"].contains(&h.trim_start_matches('0'))));
    (numbered || (upper.contains("TIOC") && upper.contains("STI"))).then(|| WHY.to_string())
}

/// The record key, when a change of `path` (a name a pattern expands to, or where its links lead)
/// changes it: `rm ~/.gitv?w/record.key` is named by the file, not by the policy's path rule.
fn record_key_touched(path: &Path) -> Option<String> {
    if path.file_name().is_none_or(|n| n != "record.key") {
        return None;
    }
    let key = crate::paths::gitvow_home()?.join("record.key");
    let named = place::lexical(path);
    (named == key || location::resolve(&named) == key).then(|| crate::paths::display(&key))
}

/// Whether program text sets another running process's limits (`resource.prlimit(os.getppid(),
/// …)`): a stack limit of 8 KiB on the agent makes every program it starts die at once, its hook
/// too, and some agents take a hook that died as "go ahead".
/// Program text that lowers its own stack limit below what the hook needs
/// (`resource.setrlimit(resource.RLIMIT_STACK, (16384, 16384))`, `Process.setrlimit(:STACK,
/// 16<<10)`) does it for what it starts next (an agent); a limit it computes is taken as small,
/// one spelt unlimited (`RLIM_INFINITY`, `-1`) or at least [`command::HOOK_STACK`] is not.
fn limits_a_process(text: &str) -> Option<&'static str> {
    let upper = text.to_ascii_uppercase();
    if upper.contains("PRLIMIT") && upper.contains("PID") {
        return Some(
            "it sets the limits of a running process: a small stack on the agent makes every program it starts die at once, its hook too, which the agent may take as \"go ahead\"",
        );
    }
    let set = upper.find("SETRLIMIT")?;
    let after = &upper[set..];
    let stack = after.find("STACK")?;
    let value = after[stack + "STACK".len()..].trim_start_matches(|c: char| !c.is_ascii_digit() && c != '-' && !c.is_ascii_alphabetic());
    let unlimited = value.starts_with("-1") || value.contains("RLIM_INFINITY") || value.starts_with("INFINITY");
    let large = product(value).is_some_and(|n| n >= command::HOOK_STACK);
    (!unlimited && !large).then_some(
        "it lowers its stack limit below what gitvow's hook needs to start: an agent it then starts runs every hook into SIGSEGV, which the agent may take as \"go ahead\"",
    )
}

/// The value of `16384`, `16<<10`, `16*1024`, `2**20` at the start of `text`; `None` when it is
/// no such number.
fn product(text: &str) -> Option<u64> {
    fn number(t: &str) -> Option<(u64, &str)> {
        let t = t.trim_start();
        let n = t.bytes().take_while(u8::is_ascii_digit).count();
        Some((t[..n].parse().ok()?, &t[n..]))
    }
    let (mut value, mut rest) = number(text)?;
    loop {
        let trimmed = rest.trim_start();
        let Some(op) = ["<<", "**", "*"].into_iter().find(|op| trimmed.starts_with(op)) else { return Some(value) };
        let Some((n, after)) = number(&trimmed[op.len()..]) else { return Some(value) };
        let small = u32::try_from(n).unwrap_or(u32::MAX);
        value = match op {
            "<<" => value.checked_shl(small).filter(|v| v >> small == value).unwrap_or(u64::MAX),
            "**" => value.saturating_pow(small),
            _ => value.saturating_mul(n),
        };
        rest = after;
    }
}

/// What a command's reads reach of gitvow's secrets.
enum SecretRead {
    /// The record key or an approval record, as named or by a pattern that could name it, or
    /// gitvow's directory read whole.
    Direct(String),
    /// A directory above gitvow's, read whole (`tar czf x.tgz ~`).
    Whole(String),
}

/// Whether any of `reads` reaches the record key or the approval records, in the forms they are
/// named and, where the name could be theirs, with links resolved.
fn secret_read(reads: &[command::Read]) -> Option<SecretRead> {
    if reads.is_empty() {
        return None;
    }
    let dir = crate::paths::gitvow_home()?;
    let key = dir.join("record.key");
    let approvals = dir.join("approvals");
    let secret_names = ["record.key", "approvals"];
    // The key, the approvals and the directory each hold the directory's name: a path whose bytes
    // do not (nearly every path a call reads) is none of them, said without comparing it with
    // each component by component. (A plain loop over these short paths: a substring searcher's
    // code is more pages for an Edit to map than its search saves.)
    let dir_name = dir.file_name().map_or(&[][..], |n| n.as_encoded_bytes());
    let may_be_gitvows = |p: &Path| {
        let bytes = p.as_os_str().as_encoded_bytes();
        dir_name.is_empty() || bytes.windows(dir_name.len()).any(|w| w[0] == dir_name[0] && w == dir_name)
    };
    let mut whole = None;
    for read in reads {
        let path = &read.touch.path;
        if path.is_relative() {
            // A name in a directory the shell computes may be in gitvow's: a pattern there that
            // could match the key or the approvals is them.
            let matched = read.touch.glob.is_some_and(|g| {
                path.file_name()
                    .is_some_and(|n| !pattern::could_name(&dir.join(n), g.hidden, [key.as_path(), approvals.as_path()]).is_empty())
            });
            if matched || path.file_name().is_some_and(|n| secret_names.iter().any(|s| n == *s)) {
                return Some(SecretRead::Direct(format!("…/{}", path.display())));
            }
            continue;
        }
        let named = place::lexical(path);
        // In another case, on a file system that ignores it, the same files.
        let named = super::protect::in_case_of(&named, &dir).unwrap_or(named);
        let may_be_secret =
            read.recursive || pattern::has_pattern(&named) || named.components().any(|c| secret_names.iter().any(|s| c.as_os_str() == *s));
        // A name that is a link (`ln -s ~/.gitvow/record.key k` made earlier; `cat k`) is read where
        // it leads; so is each link a pattern matches on disk now (`cat k*`). A link to a directory
        // is read only by a reader of trees (`cat` of one reads nothing).
        let followed = |p: &Path| {
            std::fs::symlink_metadata(p)
                .is_ok_and(|m| m.file_type().is_symlink())
                .then(|| location::resolve(p))
                .filter(|r| read.recursive || !r.is_dir())
        };
        let mut linked: Vec<PathBuf> = Vec::new();
        // (Not a bare `*`: the analyser's stand-in for names a listing prints, `git ls-files`'s
        // tracked files among them, which an untracked link is not.)
        let bare = named.file_name().is_some_and(|n| n == "*");
        if let Some(glob) = read.touch.glob.filter(|_| !bare && pattern::has_pattern(&named)) {
            linked.extend(pattern::on_disk(&named, glob.hidden).unwrap_or_default().iter().filter_map(|p| followed(p)));
        }
        let resolved = if may_be_secret { Some(location::resolve(&named)) } else { followed(&named) }.filter(|r| *r != named);
        for form in std::iter::once(&named).chain(resolved.as_ref()).chain(&linked) {
            // (Shown only when it is the answer: a compound command reads dozens of paths, and
            // showing each cost more than judging it.)
            let shown = || crate::paths::display(form);
            if let Some(glob) = read.touch.glob.filter(|_| pattern::has_pattern(form)) {
                let mut secrets = vec![key.as_path(), approvals.as_path()];
                if read.recursive {
                    secrets.push(dir.as_path());
                }
                if !pattern::could_name(form, glob.hidden, secrets).is_empty() {
                    return Some(SecretRead::Direct(shown()));
                }
                continue;
            }
            // gitvow's directory given to a program that reads what it is given (no lister: those
            // record no reads) is read whole, with or without an option to recurse.
            if may_be_gitvows(form) && (*form == key || form.starts_with(&approvals) || *form == dir) {
                return Some(SecretRead::Direct(shown()));
            }
            if read.recursive && dir.starts_with(form) {
                whole.get_or_insert(SecretRead::Whole(shown()));
            }
        }
    }
    whole
}

/// A file the call writes under a directory it made itself, in the project and outside its
/// dot-directories: it changes no file that exists, so the path rules (which guard existing files,
/// and the dot-directories that tools load by their presence) do not judge it. The gate's own
/// protection and the effect rules still do.
fn is_new_project_file(path: &Path, made_dirs: &[PathBuf], repo_top: Option<&Path>) -> bool {
    let path = place::lexical(path);
    let Some(inside) = repo_top.and_then(|top| path.strip_prefix(place::lexical(top)).ok()) else { return false };
    made_dirs.iter().any(|d| path.starts_with(d)) && !inside.components().any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
}

/// The path argument of a tool (`Read`'s `file_path`, `Grep`'s `path`, `Glob`'s `path` and
/// `pattern`, an MCP `read_file`'s `path`, …) that names gitvow's record key, the directory that
/// holds it, or a pattern there; as written and with its links resolved.
fn record_key_argument(action: &Action, cwd: &Path, home: Option<&Path>) -> Option<String> {
    let key = crate::paths::gitvow_home()?.join("record.key");
    let dir = key.parent()?.to_path_buf();
    let mut named = super::normalize::path_arguments(&action.tool_input);
    if let Some(pattern) = action.str_field("pattern").filter(|_| action.tool_name == "Glob") {
        let base = action.str_field("path").unwrap_or(".");
        named.push(if pattern.starts_with('/') { pattern.to_string() } else { format!("{base}/{pattern}") });
    }
    let absolute = |text: &str| argument_path(text, cwd, home);
    let is_pattern = |p: &Path| p.file_name().is_some_and(|n| n.to_string_lossy().contains(['*', '?', '[', '{']));
    named.into_iter().find(|text| {
        let path = absolute(text);
        let path = super::protect::in_case_of(&path, &dir).unwrap_or(path);
        let resolved = location::resolve(&path);
        [path, resolved].iter().any(|p| *p == key || *p == dir || (p.parent() == Some(&dir) && is_pattern(p)))
            || names_a_secret_somewhere(text, cwd, home)
    })
}

/// A path that goes up from a link only the reading process can follow (`/proc/self/cwd/../…`,
/// `/dev/fd/3/../…`) is somewhere the gate cannot tell: it names the key or an approval by its
/// names, as a name in a directory the shell computes does.
fn names_a_secret_somewhere(text: &str, cwd: &Path, home: Option<&Path>) -> bool {
    let joined = match (text.strip_prefix('~'), home) {
        (Some(rest), Some(h)) => h.join(rest.trim_start_matches('/')),
        _ => cwd.join(text),
    };
    place::physical(&joined).is_none() && joined.components().any(|c| matches!(c.as_os_str().to_str(), Some("record.key" | "approvals")))
}

/// A tool's path argument as an absolute path: a leading `~` is the home directory, and a relative
/// one is in the call's working directory.
fn argument_path(text: &str, cwd: &Path, home: Option<&Path>) -> PathBuf {
    let expanded = match (text.strip_prefix('~'), home) {
        (Some(rest), Some(h)) => h.join(rest.trim_start_matches('/')),
        _ => PathBuf::from(text),
    };
    place::lexical_owned(cwd.join(expanded))
}

/// What a tool that is no shell reads: each path argument; a directory whole where the tool reads
/// what is in it, as `grep -r` does (`Grep`'s `path`: ripgrep under it, hidden files and all, what
/// ever its `glob`), not where it lists names (`Glob`, a directory tree) or fails (`Read`).
fn tool_reads(action: &Action, cwd: &Path, home: Option<&Path>) -> Vec<command::Read> {
    let searches = super::normalize::searches_contents(action);
    super::normalize::path_arguments(&action.tool_input)
        .iter()
        .map(|text| {
            let path = argument_path(text, cwd, home);
            let recursive = std::fs::metadata(&path).is_ok_and(|m| m.is_dir());
            // No shell expands a pattern there; judged as one all the same, as it could name.
            let glob = pattern::has_pattern(&path).then_some(command::Glob { hidden: true });
            command::Read { touch: command::Touch { path, glob }, recursive: recursive && searches }
        })
        .collect()
}
