//! Doctor's helpers: a user install of agents from the built binary, doctor's JSON report, and the
//! statuses of one agent's checks.

use super::witness::Witness;
use super::{BIN, Cmd, Sandbox};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// `gitvow install --user --yes` for `agents`; the recorded command is the test binary's path.
pub fn install_user(env: &Sandbox, agents: &[&str], extra: &[&str]) {
    let mut args = vec!["install", "--user", "--yes"];
    for a in agents {
        args.extend(["--agent", a]);
    }
    args.extend(extra);
    env.run(&args).ok();
}

pub struct Report {
    pub code: i32,
    pub json: Value,
}

impl Report {
    /// The statuses of `agent`'s checks named `check` (`agent` "" for the policy group).
    pub fn statuses(&self, agent: &str, check: &str) -> Vec<String> {
        self.checks(agent, check).iter().map(|c| c["status"].as_str().unwrap().to_string()).collect()
    }

    pub fn checks(&self, agent: &str, check: &str) -> Vec<Value> {
        self.json["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["agent"].as_str().unwrap_or("") == agent && c["check"] == check)
            .cloned()
            .collect()
    }

    /// The detail of the only non-ok check named `check` of `agent`, asserting its status.
    #[track_caller]
    pub fn only(&self, agent: &str, check: &str, status: &str) -> String {
        let bad: Vec<Value> = self.checks(agent, check).into_iter().filter(|c| c["status"] != "ok").collect();
        assert_eq!(bad.len(), 1, "{agent} {check}: {}", serde_json::to_string_pretty(&self.json).unwrap());
        assert_eq!(bad[0]["status"], status, "{}", bad[0]);
        assert!(bad[0]["fix"].as_str().is_some_and(|f| !f.is_empty()), "a non-ok check carries a fix: {}", bad[0]);
        bad[0]["detail"].as_str().unwrap().to_string()
    }

    /// Every (agent, check, status) that is not ok.
    pub fn not_ok(&self) -> Vec<(String, String, String)> {
        self.json["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["status"] != "ok")
            .map(|c| {
                (
                    c["agent"].as_str().unwrap_or("").to_string(),
                    c["check"].as_str().unwrap().to_string(),
                    c["status"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    }
}

pub fn doctor(env: &Sandbox, args: &[&str]) -> Report {
    doctor_in(env, env.home(), args)
}

pub fn doctor_in(env: &Sandbox, cwd: &Path, args: &[&str]) -> Report {
    report(env.gitvow().current_dir(cwd).arg("doctor").args(args))
}

/// [`doctor`] with `witness` handed to doctor and to everything it starts (probes, providers).
pub fn doctor_witnessed(env: &Sandbox, witness: &Witness, args: &[&str]) -> Report {
    report(env.gitvow().current_dir(env.home()).witnessed(witness).arg("doctor").args(args))
}

fn report(doctor: Cmd) -> Report {
    let run = doctor.arg("--json").run();
    let json =
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("doctor --json is not JSON ({e}):\n{}\n{}", run.stdout, run.stderr));
    Report { code: run.code, json }
}

/// A fake `gitvow` executable (a shell script) in its own directory, for commands that misbehave.
pub fn fake_gitvow(env: &Sandbox, name: &str, script: &str) -> PathBuf {
    env.script(env.outside(format!("{name}/gitvow")), script)
}

/// A directory holding a `gitvow` symlink to the test binary, to put on the PATH.
pub fn path_dir_with_gitvow(env: &Sandbox) -> PathBuf {
    let dir = env.outside("pathbin");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(BIN, dir.join("gitvow")).unwrap();
    dir
}

pub fn edit_json(env: &Sandbox, rel: &str, f: impl FnOnce(&mut Value)) {
    let at = format!("~/{rel}");
    let mut v: Value = serde_json::from_str(&env.read(&at)).unwrap();
    f(&mut v);
    env.write(&at, serde_json::to_string_pretty(&v).unwrap());
}
