# Sourced by the hook benchmarks: the installed default policy in $HOME and a repository policy that
# adds two rules, in a fresh repository at $1 (the setup a real call sees).
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
