//! Dry runs: the option that makes a subcommand only say what it would do passes that command
//! (a force push, a namespace deleted, a mirror with `--delete`, a destroy, a publish) where the
//! tool's manual says that subcommand honours it; the same word after `--` (an operand there), a
//! tool or subcommand without one, `--dry-run=none`, or an option with which the dry run still
//! starts a program the call names (`rsync -e`, `git -c core.sshCommand=…`) is judged as the real run.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-dry-run-options", "allow", "git push --force --dry-run"),
    ("classes-dry-run-options", "allow", "git push -fn origin main"),
    ("classes-dry-run-options", "allow", "git push --mirror -n backup"),
    ("classes-dry-run-options", "allow", "git push --force-with-lease --dry-run origin HEAD"),
    ("classes-dry-run-options", "allow", "git -C sub push --dry-run --force origin +main"),
    ("classes-dry-run-options", "allow", "kubectl delete namespace shop --dry-run=server"),
    ("classes-dry-run-options", "allow", "kubectl -n prod delete deploy web --dry-run=client -o yaml"),
    ("classes-dry-run-options", "allow", "oc delete project staging --dry-run=client"),
    ("classes-dry-run-options", "allow", "helm uninstall shop --dry-run"),
    ("classes-dry-run-options", "allow", "helm -n prod rollback shop 2 --dry-run"),
    ("classes-dry-run-options", "allow", "pulumi destroy --preview-only"),
    ("classes-dry-run-options", "allow", "pulumi -C infra destroy --yes --preview-only -s prod"),
    ("classes-dry-run-options", "allow", "pulumi refresh --preview-only"),
    ("classes-dry-run-options", "allow", "rsync -avn --delete build/ ~/"),
    ("classes-dry-run-options", "allow", "rsync --dry-run -a --delete build/ ~/"),
    ("classes-dry-run-options", "allow", "sudo rsync -n -a --delete build/ ~/"),
    ("classes-dry-run-options", "allow", "npm publish --dry-run"),
    ("classes-dry-run-options", "allow", "pnpm publish --dry-run --no-git-checks"),
    ("classes-dry-run-options", "allow", "cargo publish --dry-run"),
    ("classes-dry-run-options", "allow", "uv publish --dry-run"),
    ("classes-dry-run-options", "deny", "git push --force origin main -- --dry-run"),
    ("classes-dry-run-options", "deny", "git push --force -- -n"),
    ("classes-dry-run-options", "deny", "git -c core.sshCommand='sh -c x' push --force -n"),
    ("classes-dry-run-options", "deny", "git push -f \"$N\" origin main"),
    ("classes-dry-run-options", "confirm", "kubectl delete namespace shop --dry-run=none"),
    ("classes-dry-run-options", "confirm", "kubectl delete namespace shop -- --dry-run=client"),
    ("classes-dry-run-options", "confirm", "helm uninstall shop -- --dry-run"),
    ("classes-dry-run-options", "deny", "pulumi destroy --yes -- --preview-only"),
    ("classes-dry-run-options", "deny", "rsync -a --delete build/ ~/"),
    ("classes-dry-run-options", "deny", "rsync -n -e 'sh -c x' -a --delete build/ ~/"),
    ("classes-dry-run-options", "deny", "rsync -a --delete build/ ~/ --rsync-path='x' -n"),
    ("classes-dry-run-options", "confirm", "npm publish -- --dry-run"),
    ("classes-dry-run-options", "confirm", "docker system prune -af --dry-run"),
    ("classes-dry-run-options", "deny", "terraform destroy -dry-run"),
    // A release tool's own spelling of a dry run: cargo's `-n`, goreleaser's `--snapshot`.
    ("classes-dry-run-options", "allow", "cargo publish -n"),
    ("classes-dry-run-options", "allow", "cargo publish -vn --allow-dirty"),
    ("classes-dry-run-options", "allow", "goreleaser release --snapshot --clean"),
    ("classes-dry-run-options", "confirm", "cargo publish --allow-dirty"),
    ("classes-dry-run-options", "confirm", "cargo publish -- -n"),
    ("classes-dry-run-options", "confirm", "goreleaser release --clean"),
    ("classes-dry-run-options", "confirm", "goreleaser release -- --snapshot"),
];
