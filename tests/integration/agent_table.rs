//! Agent facts live in the agent tables: outside `src/agents.rs` and `src/agents/` no code decides anything by
//! comparing an agent's name, so that adding an agent is adding a row (and its fixtures).

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_code_outside_the_agent_table_names_a_built_in_agent() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    // src/agents/ holds the tables joined to the agent table by name.
    for file in files.iter().filter(|f| !f.ends_with("agents.rs") && !f.starts_with(src.join("agents"))) {
        let text = std::fs::read_to_string(file).unwrap();
        let mut in_tests = false;
        for (i, line) in text.lines().enumerate() {
            // Unit tests may name agents in their fixtures; comments may explain.
            if line.trim_start().starts_with("#[cfg(test)]") {
                in_tests = true;
            }
            let code = line.split("//").next().unwrap_or("");
            for agent in gitvow::agents::AGENTS {
                if !in_tests && code.contains(&format!("\"{}\"", agent.name)) {
                    found.push(format!("{}:{}: {}", file.strip_prefix(&src).unwrap().display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "agent names outside the agent table (make them a field of the agent's row):\n{}", found.join("\n"));
}
