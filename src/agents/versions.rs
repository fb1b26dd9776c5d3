//! The agent versions each row of the agent table was checked with, joined to it by name: the
//! versions the end-to-end suite pins (tests/e2e/setup.sh), which fails when the two disagree.
//! Doctor reads an installed agent's version and notes one outside the range.

/// One agent's proven versions.
#[derive(Debug)]
pub struct Proven {
    pub agent: &'static str,
    /// The package the end-to-end suite installs (npm, or PyPI for hermes).
    pub package: &'static str,
    /// The oldest and the newest version the row's facts were checked with.
    pub oldest: &'static str,
    pub newest: &'static str,
}

const fn one(agent: &'static str, package: &'static str, version: &'static str) -> Proven {
    Proven { agent, package, oldest: version, newest: version }
}

/// Every built-in agent the end-to-end suite drives (cursor has no CLI it can drive offline).
pub static PROVEN: &[Proven] = &[
    one("claude", "@anthropic-ai/claude-code", "2.1.332"),
    one("codex", "@openai/codex", "0.169.0"),
    one("gemini", "@google/gemini-cli", "0.61.0"),
    one("copilot", "@github/copilot", "1.0.102"),
    // The binary package: the launcher @factory/cli 0.225.1 starts 0.225.2.
    one("factory", "@factory/cli-linux-x64", "0.225.2"),
    one("opencode", "opencode-ai", "1.18.33"),
    one("qwen", "@qwen-code/qwen-code", "0.24.4"),
    one("cline", "cline", "3.0.65"),
    // The binary package (the launcher @kilocode/cli 7.8.1 runs it): `kilo --version` says 7.7.9.
    one("kilo", "@kilocode/cli-linux-x64", "7.7.9"),
    one("auggie", "@augmentcode/auggie", "0.36.0"),
    one("pi", "@earendil-works/pi-coding-agent", "1.6.0"),
    one("hermes", "hermes-agent", "0.19.0"),
];

pub fn proven(agent: &str) -> Option<&'static Proven> {
    PROVEN.iter().find(|p| p.agent == agent)
}

/// `major.minor.patch` as numbers.
pub fn parse(version: &str) -> Option<(u64, u64, u64)> {
    let mut parts = version.split('.').map(|n| n.parse::<u64>().ok());
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(Some(a)), Some(Some(b)), Some(Some(c)), None) => Some((a, b, c)),
        _ => None,
    }
}

/// The first `N.N.N` in what a `--version` printed (a leading `v` and a suffix such as `-beta`
/// or ` (Claude Code)` are skipped).
pub fn version_in(output: &str) -> Option<String> {
    output.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')').find_map(|word| {
        let word = word.trim_start_matches(['v', 'V']);
        let core: String = word.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let core = core.trim_end_matches('.');
        parse(core).map(|_| core.to_string())
    })
}

/// Where `version` stands against the proven range: `None` inside it, else the note's words.
pub fn outside(p: &Proven, version: &str) -> Option<String> {
    let v = parse(version)?;
    let (oldest, newest) = (parse(p.oldest)?, parse(p.newest)?);
    let range = if p.oldest == p.newest { format!("the {}", p.newest) } else { format!("{} to {}", p.oldest, p.newest) };
    if v > newest {
        Some(format!("{} {version}: newer than {range} gitvow was checked with", p.agent))
    } else if v < oldest {
        Some(format!("{} {version}: older than {range} gitvow was checked with", p.agent))
    } else {
        None
    }
}
