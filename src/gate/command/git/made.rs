//! Refs and rebases the call makes itself, and what undoing them discards: a tag the call made and
//! deletes holds nothing of the person's; `git tag -f NAME` where no tag NAME exists makes one and
//! moves none; a rebase the call started (one refuses to start on a dirty tree) and aborts puts
//! back what was there before it; ending a merge, rebase, cherry-pick, revert or am that is not in
//! progress changes nothing (git refuses). The refs and the operations' state are read on disk at
//! judging time (bounded): what cannot be read may exist.

use super::Git;
use super::index::unchanged;
use super::refs::{in_progress, plain_ref, ref_may_exist};
use crate::gate::command::{Dirs, Walk};

/// Options of `git rebase` that go on with or end a rebase in progress instead of starting one.
const REBASE_IN_PROGRESS: &[&str] = &["--abort", "--continue", "--skip", "--quit", "--edit-todo", "--show-current-patch"];

impl Git {
    /// The operands of the subcommand (its words that are no options).
    fn operands(&self) -> Vec<&String> {
        self.args.iter().filter(|a| !a.starts_with('-')).collect()
    }

    /// `git tag NAME [REV]`, `git tag -a NAME -m TEXT`: the tag it makes; `None` for any other.
    pub fn tag_made(&self) -> Option<&str> {
        let makes = |a: &String| matches!(a.as_str(), "--annotate" | "--sign" | "--force") || a.starts_with("--message");
        let operands = self.operands();
        (self.subcommand.as_deref() == Some("tag")
            && self.args.iter().filter(|a| a.starts_with('-')).all(makes)
            && (1..=2).contains(&operands.len())
            && plain_ref(operands[0]))
        .then(|| operands[0].as_str())
    }

    /// `git tag -d NAME…` where each NAME is a tag the same call made (`made_here`): deleting it
    /// discards nothing of the person's. Whether it is.
    pub fn made_tag_deleted(&self, made_here: impl Fn(&str) -> bool) -> bool {
        let operands = self.operands();
        self.subcommand.as_deref() == Some("tag")
            && self.args.iter().filter(|a| a.starts_with('-')).all(|a| a == "--delete")
            && self.args.iter().any(|a| a == "--delete")
            && !operands.is_empty()
            && operands.iter().all(|n| made_here(n))
    }

    /// `git tag -f NAME [REV]` where no tag NAME exists (`exists` says whether one may): git makes
    /// it and moves none; written as the plain creation. Whether it was unforced.
    pub fn new_tag_unforced(&mut self, exists: impl Fn(&str) -> bool) -> bool {
        match self.tag_made() {
            Some(name) if self.args.iter().any(|a| a == "--force") && !exists(name) => {}
            _ => return false,
        }
        self.args.retain(|a| a != "--force");
        self.render();
        true
    }

    /// `git rebase …` that starts a rebase.
    pub fn starts_rebase(&self) -> bool {
        self.subcommand.as_deref() == Some("rebase") && !self.args.iter().any(|a| REBASE_IN_PROGRESS.contains(&a.as_str()))
    }

    /// `git rebase --abort` alone.
    pub fn aborts_rebase(&self) -> bool {
        self.subcommand.as_deref() == Some("rebase") && matches!(self.args.as_slice(), [a] if a == "--abort")
    }

    /// `git SUB --abort` or `git SUB --skip` alone: the subcommand whose operation in progress it
    /// ends (`rebase`, `merge`, `cherry-pick`, …).
    pub fn ends_operation(&self) -> Option<&str> {
        matches!(self.args.as_slice(), [a] if a == "--abort" || a == "--skip").then_some(self.subcommand.as_deref()?)
    }

    /// `git restore [--worktree] [--] FILE…` and `git checkout -- FILE…`: the files written back
    /// from the index, each named as it is (no pattern or pathspec magic); `None` for any other
    /// command or source.
    pub fn restored_files(&self) -> Option<Vec<&str>> {
        let dd = self.args.iter().position(|a| a == "--").unwrap_or(self.args.len());
        let (options, files): (Vec<&String>, Vec<&String>) = self.args[..dd].iter().partition(|a| a.starts_with('-'));
        let files: Vec<&str> = files.into_iter().chain(self.args.get(dd + 1..).unwrap_or_default()).map(String::as_str).collect();
        let only = |allowed: &[&str]| options.iter().all(|o| allowed.contains(&o.as_str()));
        let restores = match self.subcommand.as_deref() {
            Some("restore") => only(&["--worktree", "--quiet"]),
            Some("checkout") => only(&["--quiet"]) && dd < self.args.len() && self.args[..dd].iter().all(|a| a.starts_with('-')),
            _ => false,
        };
        let plain = |f: &&str| !f.is_empty() && !f.starts_with(':') && !f.contains(['*', '?', '[', '\\']);
        (restores && !files.is_empty() && files.iter().all(plain)).then_some(files)
    }

    /// A git command that reads or fetches and starts no operation another could end.
    fn starts_nothing(&self) -> bool {
        matches!(self.subcommand.as_deref(), Some("status" | "log" | "diff" | "show" | "rev-parse" | "fetch" | "describe"))
    }
}

impl Walk<'_> {
    /// `git tag -d NAME` of a tag the call made (none of that name is on disk), `git tag -f NAME`
    /// of a new one, `git rebase --abort` of a rebase the call started (none was in progress on
    /// disk, and no other git command ran since that could have brought the person's work into
    /// it), `git merge --abort` (any operation's `--abort` or `--skip`) with none in progress on
    /// disk and no git command before it in the call that may start one: the words as given are
    /// taken back, and the plain creation is what rules read; whether the command discards nothing
    /// at all (then no text of it is left).
    pub(in crate::gate::command) fn made_undone(&mut self, g: &mut Git, dirs: &Dirs) -> bool {
        let before: Vec<Git> = self.out.texts[..self.out.texts.len().saturating_sub(1)]
            .iter()
            .filter_map(|t| t.strip_prefix("git "))
            .map(|t| super::canonical(&t.split_whitespace().map(str::to_string).collect::<Vec<_>>()))
            .collect();
        let named = |name: &str| before.iter().any(|b| b.args.iter().any(|a| a == name));
        let made_here =
            |name: &str| before.iter().any(|b| b.tag_made() == Some(name)) && !ref_may_exist(&format!("refs/tags/{name}"), dirs);
        let started = before.iter().rposition(Git::starts_rebase);
        // `git rebase --abort 2>/dev/null || true` with no rebase in progress on disk and nothing
        // earlier in the call that may start one: git refuses, and nothing changes.
        let nothing_to_end = g
            .ends_operation()
            .is_some_and(|sub| before.iter().all(Git::starts_nothing) && !g.elsewhere && !self.git_placed() && !in_progress(sub, dirs));
        // `git restore FILE` of files that hold no change: git leaves them as they are.
        let nothing_to_restore = g.restored_files().is_some_and(|files| {
            before.iter().all(Git::starts_nothing) && !g.elsewhere && !self.git_placed() && files.iter().all(|f| unchanged(f, dirs))
        });
        let undone = nothing_to_end
            || nothing_to_restore
            || g.made_tag_deleted(made_here)
            || (g.aborts_rebase()
                && started.is_some_and(|k| before[k + 1..].iter().all(|b| b.subcommand.as_deref() == Some("rebase")))
                && !in_progress("rebase", dirs));
        let unforced = !undone && g.new_tag_unforced(|name| named(name) || ref_may_exist(&format!("refs/tags/{name}"), dirs));
        if (undone || unforced) && self.out.texts.last().is_some_and(|t| t.starts_with("git ")) {
            self.out.texts.pop();
        }
        undone
    }

    /// Whether the call or the environment it runs in tells git where its directory, work tree or
    /// ref namespace is (`GIT_DIR=…`): then what is on disk where git runs is not what it acts on.
    fn git_placed(&self) -> bool {
        super::PLACE_VARIABLES
            .iter()
            .chain(&["GIT_NAMESPACE"])
            .any(|n| self.seen.values.iter().any(|(v, _)| v == n) || std::env::var_os(n).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::super::canonical;

    fn git(line: &str) -> super::Git {
        canonical(&line.split_whitespace().map(str::to_string).collect::<Vec<_>>())
    }

    #[test]
    fn a_tag_made_is_told_from_one_deleted_listed_or_moved() {
        assert_eq!(git("tag v1").tag_made(), Some("v1"));
        assert_eq!(git("tag -a v2.1-rc1 -m rc").tag_made(), Some("v2.1-rc1"));
        assert_eq!(git("tag -f scratch HEAD").tag_made(), Some("scratch"));
        assert_eq!(git("tag -d v1").tag_made(), None);
        assert_eq!(git("tag -l v*").tag_made(), None);
        assert!(git("tag -d v1 v2").made_tag_deleted(|n| n.starts_with('v')));
        assert!(!git("tag -d v1 keep").made_tag_deleted(|n| n.starts_with('v')));
        assert!(!git("tag -f v1").made_tag_deleted(|_| true));
    }

    #[test]
    fn a_forced_tag_is_unforced_only_where_none_exists() {
        let mut g = git("tag -f scratch HEAD");
        assert!(g.new_tag_unforced(|_| false));
        assert_eq!(g.text, "git tag scratch HEAD");
        let mut g = git("tag -f v1.0 HEAD");
        assert!(!g.new_tag_unforced(|n| n == "v1.0"));
        assert!(g.text.contains("--force"));
        assert!(!git("tag -f -d v1").new_tag_unforced(|_| false));
    }

    #[test]
    fn a_rebase_start_is_told_from_what_goes_on_with_one() {
        assert!(git("rebase -i --autosquash main").starts_rebase());
        assert!(git("rebase --exec make HEAD~1").starts_rebase());
        assert!(!git("rebase --continue").starts_rebase());
        assert!(git("rebase --abort").aborts_rebase());
        assert!(!git("rebase --skip").aborts_rebase());
        assert_eq!(git("cherry-pick --skip").ends_operation(), Some("cherry-pick"));
        assert_eq!(git("merge --abort").ends_operation(), Some("merge"));
        assert_eq!(git("merge --abort --no-verify").ends_operation(), None);
        assert_eq!(git("rebase --continue").ends_operation(), None);
        assert_eq!(git("restore docs/a.txt b").restored_files(), Some(vec!["docs/a.txt", "b"]));
        assert_eq!(git("restore -W -- -a").restored_files(), Some(vec!["-a"]));
        assert_eq!(git("checkout -- a").restored_files(), Some(vec!["a"]));
        assert_eq!(git("restore --source=HEAD~1 a").restored_files(), None);
        assert_eq!(git("restore -SW a").restored_files(), None);
        assert_eq!(git("restore *.txt").restored_files(), None);
        assert_eq!(git("checkout main -- a").restored_files(), None);
        assert_eq!(git("checkout -f -- a").restored_files(), None);
        assert!(git("--git-dir=x rebase --abort").elsewhere && git("--work-tree x am --abort").elsewhere);
        assert!(!git("-C x rebase --abort").elsewhere);
    }
}
