//! The agents' managed (system) layers: where an organisation's settings live on a machine, in
//! what form, and which of their switches make the agent run only the managed hooks. Measured with
//! the real binaries (claude 2.1.332, codex 0.169, gemini 0.61, qwen 0.24.4, copilot 1.0.102);
//! `gitvow install --system` writes gitvow's entries there.

/// How gitvow's entries are written into a managed file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManagedForm {
    /// The same JSON document as the agent's user file (claude's managed settings, gemini's and
    /// qwen's system settings, a copilot policy file), edited by the same code.
    LikeUserFile,
    /// codex `requirements.toml`: `[[hooks.<Event>]]` tables appended as one marked block.
    CodexRequirements,
}

/// One agent's managed layer.
#[derive(Debug)]
pub struct ManagedLayer {
    pub agent: &'static str,
    /// Absolute, on Linux.
    pub file: &'static str,
    pub form: ManagedForm,
    /// The managed setting that makes the agent ignore every user, project and plugin hook
    /// (`--managed-only` sets it to true), where the agent has one in this file.
    pub managed_only: Option<&'static str>,
    /// The managed setting that keeps the agent's hooks on whatever the user's own settings say
    /// (the agent takes the managed value over the user's): its key path and value, which
    /// `install --system` writes with gitvow's entries. `None` where no user setting turns managed
    /// hooks off (claude) or none was measured.
    pub hooks_on: Option<(&'static [&'static str], bool)>,
    /// What the person can still do to switch the managed entries off, as doctor says it.
    pub user_can: &'static str,
}

pub(crate) const LAYERS: &[ManagedLayer] = &[
    ManagedLayer {
        agent: "claude",
        file: "/etc/claude-code/managed-settings.json",
        form: ManagedForm::LikeUserFile,
        managed_only: Some("allowManagedHooksOnly"),
        hooks_on: None,
        user_can: "nothing: a user's `disableAllHooks` does not stop managed hooks (only a managed `disableAllHooks` does)",
    },
    ManagedLayer {
        agent: "codex",
        file: "/etc/codex/requirements.toml",
        form: ManagedForm::CodexRequirements,
        managed_only: Some("allow_managed_hooks_only"),
        // A user's `[features] hooks = false` (config.toml, `-c`, `--disable hooks`) turns managed
        // hooks off too, unless requirements.toml pins the feature on.
        hooks_on: Some((&["features", "hooks"], true)),
        user_can: "nothing: requirements.toml pins `[features] hooks = true` over their config.toml, `-c` and `--disable hooks`",
    },
    ManagedLayer {
        agent: "gemini",
        file: "/etc/gemini-cli/settings.json",
        form: ManagedForm::LikeUserFile,
        managed_only: None,
        // The system file is merged last: its `enabled` outranks the user's.
        hooks_on: Some((&["hooksConfig", "enabled"], true)),
        user_can: "always: `hooksConfig.disabled` naming gitvow's hooks (`gitvow-BeforeTool`) in their settings, or GEMINI_CLI_SYSTEM_SETTINGS_PATH naming another file",
    },
    ManagedLayer {
        agent: "qwen",
        file: "/etc/qwen-code/settings.json",
        form: ManagedForm::LikeUserFile,
        managed_only: None,
        // The system file is merged last: its `disableAllHooks` outranks the user's.
        hooks_on: Some((&["disableAllHooks"], false)),
        user_can: "always: `qwen --bare`, or QWEN_CODE_SYSTEM_SETTINGS_PATH naming another file",
    },
    ManagedLayer {
        agent: "copilot",
        file: "/etc/github-copilot/policy.d/gitvow.json",
        form: ManagedForm::LikeUserFile,
        managed_only: None,
        hooks_on: None,
        user_can: "nothing: policy-directory hooks run whatever `disableAllHooks` says",
    },
];

/// The managed layer of `agent`, if gitvow knows one.
pub fn layer(agent: &str) -> Option<&'static ManagedLayer> {
    LAYERS.iter().find(|l| l.agent == agent)
}
