//! Writers the gate knew only in part: an editor in batch mode told to write a file (`vim -es -c
//! 'w! F'`, `ex -sc 'w! F'`), and the files where agents read the MCP servers they start
//! (`~/.copilot/mcp-config.json`, a project's `.mcp.json`). Each write of a guarded file is stopped,
//! in the payload forms of Claude Code, Codex and Copilot CLI; the project's own files pass.

use super::own_files::{installed, judge};

#[test]
fn an_editor_in_batch_mode_writes_what_it_is_told_to() {
    let env = installed();
    judge(
        &env,
        &[
            "vim -es -c 'w! ~/.gitvow/policy.json' -c q notes.txt",
            "vi -es -c 'w! ~/.claude/settings.json' notes.txt",
            "ex -s -c 'w! ~/.gitvow/policy.json' notes.txt",
            "vim -Es -c 'sav! ~/.codex/hooks.json' notes.txt",
            "nvim --headless -c 'wq! ~/.gemini/settings.json' notes.txt",
            "vim -es -c '!rm -rf ~/src/other' -c q",
        ],
        &["vim -es -c 'w! notes2.txt' -c q notes.txt", "ex -s -c '%s/a/b/g|wq!' notes.txt"],
    );
}

#[test]
fn an_agents_mcp_server_list_is_guarded() {
    let env = installed();
    judge(
        &env,
        &[
            "echo '{\"mcpServers\":{\"x\":{\"command\":\"sh\"}}}' > ~/.copilot/mcp-config.json",
            "echo '{\"mcpServers\":{}}' > .mcp.json",
            "cp notes.txt .vscode/mcp.json",
            "cp notes.txt ~/.cursor/mcp.json",
            "echo '[mcp_servers.x]' >> ~/.codex/config.toml",
            "echo '{\"mcpServers\":{}}' > ~/.gemini/settings.json",
            "cp notes.txt .mc?.json",
        ],
        &["echo '{}' > docs.mcp.txt", "cat .mcp.json"],
    );
}
