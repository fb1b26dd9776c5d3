# Sourced by the hook benchmarks: the installed default policy in $HOME and a repository policy that
# adds two rules, in a fresh repository at $1 (the setup a real call sees); and the payloads of the
# hook's cases (write_payloads).
setup_policies() {
    local repo=$1
    mkdir -p "$HOME/.gitvow" "$repo/.gitvow"
    git init -q "$repo"
    cp "$root/templates/policy.json" "$HOME/.gitvow/policy.json"
    python3 - "$root/templates/policy.json" "$repo/.gitvow/policy.json" <<'PY'
import json, sys
policy = json.load(open(sys.argv[1]))
policy["bash_deny"].append({"pattern": "^make\\s+(?:\\S+\\s+)*deploy-prod\\b", "reason": "deploys production from a laptop"})
policy["path_confirm"].append({"pattern": "(^|/)migrations/", "reason": "a database migration"})
json.dump(policy, open(sys.argv[2], "w"), indent=2)
PY
}

# The payloads of the cases, in $work: the real captured shapes from templates/probes and
# tests/fixtures/payloads, moved into the repository $repo. bash-allow, bash-deny, edit, codex-patch and bash-2k (a 2 KB compound
# command) are PreToolUse calls; post is a PostToolUse and start a SessionStart.
write_payloads() {
    payload() { # fixture, then sed expressions
        local file=$1; shift
        local fixtures="$root/templates/probes"
        [ -e "$fixtures/$file" ] || fixtures="$root/tests/fixtures/payloads"
        local cwd
        cwd=$(sed -n 's/.*"cwd":"\([^"]*\)".*/\1/p' "$fixtures/$file")
        sed "s#$cwd#$repo#g" "$fixtures/$file" | sed "$@"
    }
    payload claude-bash.json -e 's#"command":"[^"]*"#"command":"ls -la \&\& git status"#' -e 's#"permission_mode":"default"#"permission_mode":"bypassPermissions"#' > "$work/bash-allow.json"
    payload claude-bash.json -e 's#"command":"[^"]*"#"command":"git push --force origin main"#' > "$work/bash-deny.json"
    payload codex-patch.json -e 's#^##' > "$work/codex-patch.json"
    payload claude-edit.json -e 's#^##' > "$work/edit.json"
    local long=""
    while (( ${#long} < 2000 )); do
        long+="cd src/app \&\& cargo build --release 2>\&1 | tail -n 20; grep -rn 'TODO' src | wc -l \&\& echo done; "
    done
    payload claude-bash.json -e "s#\"command\":\"[^\"]*\"#\"command\":\"${long}git status\"#" -e 's#"permission_mode":"default"#"permission_mode":"bypassPermissions"#' > "$work/bash-2k.json"
    payload claude-bash.json -e 's#"hook_event_name":"PreToolUse"#"hook_event_name":"PostToolUse"#' > "$work/post.json"
    printf '{"session_id":"s","transcript_path":"/dev/null","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' "$repo" > "$work/start.json"
}

# A temporary HOME ($work/home) and repository ($repo) with both policies and the payloads, removed
# when the script ends.
setup_bench() {
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    export HOME="$work/home"
    repo="$work/repo"
    setup_policies "$repo"
    write_payloads
}
