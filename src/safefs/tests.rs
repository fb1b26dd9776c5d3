use super::*;
use crate::paths::{Repo, Scope};
use std::fs::{self, File};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

fn write(path: &Path, bytes: &str) {
    fs::write(path, bytes).unwrap();
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap()
}

/// A temporary repository `top` with a `.git` directory, and a directory outside it.
struct Fixture {
    _tmp: tempfile::TempDir,
    top: PathBuf,
    outside: PathBuf,
    scope: Scope,
}

fn repo() -> Fixture {
    let tmp = tempfile::tempdir().unwrap();
    let top = tmp.path().join("repo");
    let outside = tmp.path().join("outside");
    fs::create_dir_all(top.join(".git")).unwrap();
    fs::create_dir_all(top.join(".claude")).unwrap();
    fs::create_dir_all(&outside).unwrap();
    let scope = Scope::Repo(Repo { top: top.clone(), git_dir: top.join(".git") });
    Fixture { _tmp: tmp, top, outside, scope }
}

/// The user's scope: the temporary directories the tests write in lie in it.
fn user() -> Scope {
    Scope::User { home: std::env::temp_dir() }
}

fn refused(path: &Path, scope: &Scope, why: &str) {
    let err = replace_if_unchanged(path, scope, Area::Config, None, b"{}").unwrap_err();
    assert!(err.message.starts_with("refusing to write"), "{}", err.message);
    assert!(err.message.contains(why), "{} should say {why}", err.message);
}

#[test]
fn replace_keeps_permission_bits() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("settings.json");
    write(&f, "old");
    fs::set_permissions(&f, fs::Permissions::from_mode(0o600)).unwrap();
    let out = replace_if_unchanged(&f, &user(), Area::Config, Some(b"old"), b"new").unwrap();
    assert_eq!(out, Replaced::Done);
    assert_eq!(read(&f), "new");
    assert_eq!(fs::metadata(&f).unwrap().permissions().mode() & 0o7777, 0o600);
}

#[test]
fn new_file_gets_the_ordinary_mode() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference");
    File::create(&reference).unwrap();
    let f = dir.path().join("new.json");
    assert_eq!(replace_if_unchanged(&f, &user(), Area::Config, None, b"{}").unwrap(), Replaced::Done);
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode(&f), mode(&reference));
    assert_eq!(read(&f), "{}");
}

#[test]
fn user_scope_follows_a_symlinked_settings_file() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("dotfiles-settings.json");
    let link = dir.path().join("settings.json");
    write(&real, "old");
    symlink("dotfiles-settings.json", &link).unwrap();
    assert_eq!(read_target(&link, &user(), Area::Config).unwrap().as_deref(), Some(&b"old"[..]));
    replace_if_unchanged(&link, &user(), Area::Config, Some(b"old"), b"new").unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_eq!(read(&real), "new");
}

#[test]
fn user_scope_dangling_link_creates_its_target_and_directories() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("settings.json");
    let real = dir.path().join("dotfiles/claude/settings.json");
    symlink(&real, &link).unwrap();
    let created = create_parent_dirs(&link, &user(), Area::Config).unwrap();
    assert_eq!(created, vec![dir.path().join("dotfiles"), dir.path().join("dotfiles/claude")]);
    replace_if_unchanged(&link, &user(), Area::Config, None, b"{}").unwrap();
    assert_eq!(read(&real), "{}");
}

#[test]
fn repo_scope_refuses_a_symlink_outside() {
    let fx = repo();
    let victim = fx.outside.join("bashrc");
    write(&victim, "export A=1\n");
    let target = fx.top.join(".claude/settings.json");
    symlink(&victim, &target).unwrap();
    refused(&target, &fx.scope, "outside the repository");
    assert_eq!(read(&victim), "export A=1\n");
}

#[test]
fn repo_scope_refuses_a_symlink_into_the_git_directory() {
    let fx = repo();
    write(&fx.top.join(".git/config"), "[core]\n");
    let target = fx.top.join(".claude/settings.json");
    symlink("../.git/config", &target).unwrap();
    refused(&target, &fx.scope, "git directory");
    assert_eq!(read(&fx.top.join(".git/config")), "[core]\n");
}

#[test]
fn repo_scope_allows_a_symlink_inside_the_repository() {
    let fx = repo();
    write(&fx.top.join("shared.json"), "old");
    let target = fx.top.join(".claude/settings.json");
    symlink("../shared.json", &target).unwrap();
    replace_if_unchanged(&target, &fx.scope, Area::Config, Some(b"old"), b"new").unwrap();
    assert_eq!(read(&fx.top.join("shared.json")), "new");
}

#[test]
fn repo_scope_follows_directory_links_that_stay_inside_the_repository() {
    let fx = repo();
    fs::remove_dir(fx.top.join(".claude")).unwrap();
    fs::create_dir_all(fx.top.join("config/claude")).unwrap();
    symlink("config/claude", fx.top.join(".claude")).unwrap();
    // An absolute link inside the repository, reached through the relative one.
    write(&fx.top.join("shared.json"), "old");
    symlink(fx.top.join("shared.json"), fx.top.join("config/claude/settings.json")).unwrap();
    replace_if_unchanged(&fx.top.join(".claude/settings.json"), &fx.scope, Area::Config, Some(b"old"), b"new").unwrap();
    assert_eq!(read(&fx.top.join("shared.json")), "new");
    // A missing directory below a linked one is created in the repository, where the link leads.
    let made = create_parent_dirs(&fx.top.join(".claude/sub/hooks.json"), &fx.scope, Area::Config).unwrap();
    assert_eq!(made, vec![fx.top.join("config/claude/sub")]);
    assert!(fx.top.join("config/claude/sub").is_dir());
}

#[test]
fn repo_scope_refuses_a_link_loop_and_a_path_climbing_out() {
    let fx = repo();
    symlink("b", fx.top.join(".claude/a")).unwrap();
    symlink("a", fx.top.join(".claude/b")).unwrap();
    refused(&fx.top.join(".claude/a"), &fx.scope, "symlink loop");
    symlink("../../outside/x.json", fx.top.join(".claude/up")).unwrap();
    refused(&fx.top.join(".claude/up"), &fx.scope, "climbs out of the repository");
    assert!(!fx.outside.join("x.json").exists());
}

#[test]
fn repo_scope_refuses_a_symlinked_directory_outside() {
    let fx = repo();
    fs::remove_dir(fx.top.join(".claude")).unwrap();
    symlink(&fx.outside, fx.top.join(".claude")).unwrap();
    refused(&fx.top.join(".claude/settings.json"), &fx.scope, ".claude leads to");
    assert!(!fx.outside.join("settings.json").exists());
}

#[test]
fn repo_scope_refuses_a_hard_link() {
    let fx = repo();
    let victim = fx.outside.join("other.json");
    write(&victim, "theirs");
    let target = fx.top.join(".claude/settings.json");
    fs::hard_link(&victim, &target).unwrap();
    let err = replace_if_unchanged(&target, &fx.scope, Area::Config, Some(b"theirs"), b"ours").unwrap_err();
    assert!(err.message.contains("hard link"), "{}", err.message);
    assert_eq!(read(&victim), "theirs");
}

#[test]
fn repo_scope_refuses_a_directory_and_a_fifo() {
    let fx = repo();
    let dir_target = fx.top.join(".claude/settings.json");
    fs::create_dir(&dir_target).unwrap();
    refused(&dir_target, &fx.scope, "a directory, not a regular file");
    let fifo = fx.top.join(".claude/settings.local.json");
    let status = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(status.success());
    refused(&fifo, &fx.scope, "a FIFO");
    // The FIFO must be refused before anyone tries to read it (which would hang).
    assert!(read_target(&fifo, &user(), Area::Config).is_err());
}

#[test]
fn repo_scope_refuses_a_path_under_a_regular_file() {
    let fx = repo();
    write(&fx.top.join(".codex"), "not a directory");
    refused(&fx.top.join(".codex/hooks.json"), &fx.scope, "is a file, where a directory must be");
}

#[test]
fn a_changed_file_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("settings.json");
    write(&f, "agent rewrote this");
    let out = replace_if_unchanged(&f, &user(), Area::Config, Some(b"planned on this"), b"new").unwrap();
    assert_eq!(out, Replaced::Changed(Some(b"agent rewrote this".to_vec())));
    assert_eq!(read(&f), "agent rewrote this");
    // "Must not exist" but it does.
    let out = replace_if_unchanged(&f, &user(), Area::Config, None, b"new").unwrap();
    assert_eq!(out, Replaced::Changed(Some(b"agent rewrote this".to_vec())));
    // Deletion is compared the same way; a missing file is reported as such.
    let out = remove_if_unchanged(&f, &user(), Area::Config, b"planned on this").unwrap();
    assert_eq!(out, Replaced::Changed(Some(b"agent rewrote this".to_vec())));
    assert_eq!(remove_if_unchanged(&f, &user(), Area::Config, b"agent rewrote this").unwrap(), Replaced::Done);
    assert!(!f.exists());
    let out = replace_if_unchanged(&f, &user(), Area::Config, Some(b"x"), b"new").unwrap();
    assert_eq!(out, Replaced::Changed(None));
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left");
}

/// A program that saves by renaming its file into place just before gitvow's exchange, and reads
/// the file again while gitvow's bytes stand at the name, must read what it saved: were it to
/// read gitvow's bytes (planned on the file it replaced), its next save would drop its own last
/// change. gitvow's file waits for such a reader on a write lease and is given the bytes now at
/// the name before the reader goes on. `read_at_the_name` is the reader, started in that instant.
fn renamed_just_before_the_exchange(read_at_the_name: fn(&Path) -> String) {
    let dir = tempfile::tempdir().unwrap();
    let (f, agents) = (dir.path().join("settings.json"), dir.path().join("agent-tmp"));
    write(&f, "read by gitvow");
    let reader: std::rc::Rc<std::cell::RefCell<Option<std::thread::JoinHandle<String>>>> = Default::default();
    let seen = reader.clone();
    let (f2, agents2) = (f.clone(), agents.clone());
    faults::AT_STEP.set(Some(Box::new(move |what| match what {
        "exchange the new file with the old" => {
            write(&agents2, "saved by the agent");
            fs::rename(&agents2, &f2).unwrap();
        }
        "exchange back for a renamed file" => {
            // Only now does the reader open the name, which holds gitvow's file; wait until it has
            // read it or is waiting on gitvow's lease (on the descriptor of the file at the name).
            let leased = fs::read_dir("/proc/self/fd").unwrap().flatten().find_map(|e| {
                let fd: i32 = e.file_name().to_str()?.parse().ok()?;
                (fs::read_link(e.path()).ok()? == f2).then_some(fd)
            });
            let path = f2.clone();
            let thread = std::thread::spawn(move || read_at_the_name(&path));
            // SAFETY: F_GETLEASE on a descriptor of this process.
            let breaking = |fd: i32| unsafe { libc::fcntl(fd, libc::F_GETLEASE) } == libc::F_RDLCK;
            while !thread.is_finished() && !leased.is_some_and(breaking) {
                std::thread::yield_now();
            }
            *seen.borrow_mut() = Some(thread);
        }
        _ => {}
    })));
    let out = replace_if_unchanged(&f, &user(), Area::Config, Some(b"read by gitvow"), b"planned by gitvow");
    faults::AT_STEP.set(None);
    assert_eq!(out.unwrap(), Replaced::Changed(Some(b"saved by the agent".to_vec())));
    assert_eq!(read(&f), "saved by the agent");
    let thread = reader.borrow_mut().take().expect("gitvow exchanged back");
    assert_eq!(thread.join().unwrap(), "saved by the agent", "the reader read gitvow's planned bytes");
}

/// The agent's own read: an ordinary open, which the kernel makes wait on the lease.
#[test]
fn a_reader_in_the_moment_of_a_renamed_file_reads_that_file() {
    renamed_just_before_the_exchange(read);
}

/// Another gitvow run's read: its open does not block (a FIFO must not hang it), so the lease
/// refuses it (EWOULDBLOCK), and it must try again rather than fail.
#[test]
fn another_gitvow_run_reading_in_that_moment_waits_for_the_lease() {
    renamed_just_before_the_exchange(|path| {
        let bytes = read_target(path, &user(), Area::Config).unwrap().unwrap();
        String::from_utf8(bytes).unwrap()
    });
}

/// Three files: `a` and `b` exist, `c` is new under a missing directory.
fn three_files(fx: &Fixture) -> (Transaction, [PathBuf; 3]) {
    let a = fx.top.join(".claude/settings.json");
    let b = fx.top.join(".claude/other.json");
    let c = fx.top.join(".codex/hooks.json");
    write(&a, "a-old");
    write(&b, "b-old");
    let mut tx = Transaction::new(fx.scope.clone(), Area::Config);
    tx.write(&a, Some(b"a-old".to_vec().into()), b"a-new".to_vec().into())
        .write(&b, Some(b"b-old".to_vec().into()), b"b-new".to_vec().into())
        .write(&c, None, b"c-new".to_vec().into());
    (tx, [a, b, c])
}

#[test]
fn transaction_applies_every_step() {
    let fx = repo();
    let (tx, [a, b, c]) = three_files(&fx);
    let TxOutcome::Applied(applied) = tx.apply().unwrap() else { panic!("applied") };
    assert_eq!(applied.created_dirs(), vec![fs::canonicalize(&fx.top).unwrap().join(".codex")]);
    assert_eq!((read(&a), read(&b), read(&c)), ("a-new".into(), "b-new".into(), "c-new".into()));
}

#[test]
fn transaction_rolls_back_when_the_second_of_three_fails() {
    let fx = repo();
    let (tx, [a, b, c]) = three_files(&fx);
    // Between planning and writing, a directory appears where the 2nd file was.
    let err = tx
        .apply_with(&mut |i| {
            if i == 1 {
                fs::remove_file(&b).unwrap();
                fs::create_dir(&b).unwrap();
            }
            Ok(())
        })
        .unwrap_err();
    assert!(err.message.contains("other.json") && err.message.contains("directory"), "{}", err.message);
    assert_eq!(read(&a), "a-old", "the first file is restored");
    assert!(!c.exists() && !fx.top.join(".codex").exists(), "the third is never written");
}

#[test]
fn transaction_refuses_everything_before_writing_anything() {
    let fx = repo();
    let (mut tx, [a, _, _]) = three_files(&fx);
    write(&fx.top.join(".factory"), "a regular file");
    tx.write(fx.top.join(".factory/hooks.json"), None, b"{}".to_vec().into());
    assert!(tx.apply().is_err());
    assert_eq!(read(&a), "a-old");
}

#[test]
fn transaction_reports_a_file_changed_since_the_plan_and_undoes_the_rest() {
    let fx = repo();
    let (tx, [a, b, c]) = three_files(&fx);
    let out = tx
        .apply_with(&mut |i| {
            if i == 1 {
                write(&b, "b-agent");
            }
            Ok(())
        })
        .unwrap();
    assert_eq!(out, TxOutcome::Changed { path: b.clone(), current: Some(b"b-agent".to_vec()) });
    assert_eq!((read(&a), read(&b)), ("a-old".into(), "b-agent".into()));
    assert!(!c.exists());
    // Changed before anything is written: found by the first pass.
    write(&a, "a-agent");
    let out = tx.apply().unwrap();
    assert_eq!(out, TxOutcome::Changed { path: a.clone(), current: Some(b"a-agent".to_vec()) });
}

#[test]
fn a_symlink_swapped_in_after_planning_is_refused() {
    let fx = repo();
    let (tx, [a, b, _]) = three_files(&fx);
    let victim = fx.outside.join("bashrc");
    write(&victim, "b-old");
    let err = tx
        .apply_with(&mut |i| {
            if i == 1 {
                fs::remove_file(&b).unwrap();
                symlink(&victim, &b).unwrap();
            }
            Ok(())
        })
        .unwrap_err();
    assert!(err.message.contains("other.json") && err.message.contains("outside"), "{}", err.message);
    assert_eq!(read(&victim), "b-old", "nothing outside the repository changed");
    assert_eq!(read(&a), "a-old");
}

#[test]
fn transaction_undoes_a_deletion_with_its_mode() {
    let fx = repo();
    let owned = fx.top.join(".claude/gitvow.json");
    write(&owned, "ours");
    fs::set_permissions(&owned, fs::Permissions::from_mode(0o640)).unwrap();
    let dir_target = fx.top.join(".claude/blocked.json");
    let mut tx = Transaction::new(fx.scope.clone(), Area::Config);
    tx.delete(&owned, b"ours".to_vec().into()).write(&dir_target, None, b"{}".to_vec().into());
    let err = tx
        .apply_with(&mut |i| {
            if i == 1 {
                fs::create_dir(&dir_target).unwrap();
            }
            Ok(())
        })
        .unwrap_err();
    assert!(err.message.contains("blocked.json"), "{}", err.message);
    assert_eq!(read(&owned), "ours");
    assert_eq!(fs::metadata(&owned).unwrap().permissions().mode() & 0o7777, 0o640);
}

#[test]
fn stale_temporary_files_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    // No pid can be this large (Linux caps pids at 2^22).
    let stale = dir.path().join(format!("{TEMP_PREFIX}999999999-0-0"));
    let live = dir.path().join(format!("{TEMP_PREFIX}{}-0-0", std::process::id()));
    let other = dir.path().join("settings.json");
    for f in [&stale, &live, &other] {
        write(f, "x");
    }
    let removed = remove_stale_temps(&other, &user(), Area::Config).unwrap();
    assert_eq!(removed, vec![stale.clone()]);
    assert!(!stale.exists() && live.exists() && other.exists());
    assert!(remove_stale_temps(&dir.path().join("missing/settings.json"), &user(), Area::Config).unwrap().is_empty());
}

#[test]
fn the_lock_serialises_runs() {
    let dir = tempfile::tempdir().unwrap();
    let scope = Scope::User { home: dir.path().to_path_buf() };
    let first = InstallLock::acquire(&scope, |_| panic!("the first run must not wait")).unwrap();
    let waited = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = waited.clone();
    let second = std::thread::spawn(move || {
        let _lock = InstallLock::acquire(&scope, |_| flag.store(true, Ordering::SeqCst)).unwrap();
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    drop(first);
    second.join().unwrap();
    assert!(waited.load(Ordering::SeqCst));
}

/// The one private writer, by both doors: mode 0600 and the whole bytes; a link at the name is
/// replaced, never written through; create-only keeps what is there (a file or a link) and says so;
/// no temporary file is left behind.
#[test]
fn private_files_are_owner_only_and_never_written_through_a_link() {
    let f = repo();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let home = f.outside.join("home/.gitvow");
    let key = home.join("record.key");
    write_private(&key, b"first", Existing::Keep).unwrap();
    assert_eq!((read(&key), mode(&key), mode(&home)), ("first".to_string(), 0o600, 0o700));
    let err = write_private(&key, b"second", Existing::Keep).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists);
    assert_eq!(read(&key), "first");

    let victim = f.outside.join("victim");
    write(&victim, "mine");
    let linked = home.join("trust.json");
    symlink(&victim, &linked).unwrap();
    write_private(&linked, b"{}", Existing::Replace).unwrap();
    assert_eq!((read(&victim), read(&linked)), ("mine".to_string(), "{}".to_string()));
    assert!(!fs::symlink_metadata(&linked).unwrap().file_type().is_symlink(), "the link is replaced by the file");

    // In a repository: the record's directory inside the git directory; a dangling link at the
    // name is something there, and nothing is created where it points.
    write(&f.top.join(".git/HEAD"), "ref: refs/heads/main\n");
    fs::create_dir(f.top.join(".git/objects")).unwrap();
    let state = f.top.join(".git/gitvow");
    fs::create_dir(&state).unwrap();
    let record = state.join("install-record.json");
    write_private_in(&record, &f.scope, Area::State, b"{}\n", Existing::Keep).unwrap();
    assert_eq!((read(&record), mode(&record)), ("{}\n".to_string(), 0o600));
    let dangling = state.join("side");
    symlink(f.outside.join("made-through-a-link"), &dangling).unwrap();
    assert!(write_private_in(&dangling, &f.scope, Area::State, b"x", Existing::Keep).is_err());
    assert!(!f.outside.join("made-through-a-link").exists());

    for dir in [&home, &state] {
        let names: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert!(names.iter().all(|n| !n.starts_with(TEMP_PREFIX)), "a temporary file was left: {names:?}");
    }
}

/// A settings file's original is kept aside as a second name of its inode only while that inode
/// holds the bytes the plan was made on, and never in a repository (where a settings file with two
/// names is refused); otherwise nothing is left at the side file's name and the caller writes a copy.
/// Once the settings file has another inode, the side file has one name and is made private.
#[test]
fn an_original_is_kept_aside_by_a_second_name_only_while_it_holds_what_was_planned() {
    use std::os::unix::fs::MetadataExt;
    let tmp = tempfile::tempdir().unwrap();
    let scope = Scope::User { home: tmp.path().to_path_buf() };
    let settings = tmp.path().join("settings.json");
    let originals = tmp.path().join("originals");
    fs::create_dir(&originals).unwrap();
    let side = originals.join("planned");
    write(&settings, "planned");
    fs::set_permissions(&settings, fs::Permissions::from_mode(0o644)).unwrap();
    assert!(link_private_in(&settings, &side, &scope, b"planned").unwrap());
    assert_eq!(fs::metadata(&side).unwrap().ino(), fs::metadata(&settings).unwrap().ino());
    assert!(!private_file_exists(&side, &scope, Area::State).unwrap(), "a second name is not a side file of its own");
    make_private(&side, &scope, Area::State).unwrap();
    assert_eq!(fs::metadata(&settings).unwrap().permissions().mode() & 0o777, 0o644, "the settings keep their mode");

    // The settings replaced (as the exchange does): the side file is the old inode alone.
    write(&tmp.path().join("new"), "new");
    fs::rename(tmp.path().join("new"), &settings).unwrap();
    assert!(private_file_exists(&side, &scope, Area::State).unwrap());
    make_private(&side, &scope, Area::State).unwrap();
    assert_eq!((read(&side), fs::metadata(&side).unwrap().permissions().mode() & 0o777), ("planned".to_string(), 0o600));

    // Written since the plan: not kept.
    let other = originals.join("other");
    assert!(!link_private_in(&settings, &other, &scope, b"planned").unwrap());
    assert!(!other.exists());
    remove_private(&side, &scope, Area::State).unwrap();
    assert!(!side.exists());

    // A repository: never linked.
    let f = repo();
    write(&f.top.join(".git/HEAD"), "ref: refs/heads/main\n");
    fs::create_dir_all(f.top.join(".git/objects")).unwrap();
    fs::create_dir_all(f.top.join(".git/gitvow")).unwrap();
    let in_repo = f.top.join(".claude/settings.json");
    write(&in_repo, "planned");
    assert!(!link_private_in(&in_repo, &f.top.join(".git/gitvow/planned"), &f.scope, b"planned").unwrap());
    assert_eq!(fs::metadata(&in_repo).unwrap().nlink(), 1);
}
