//! The agent versions a row of the agent table was checked with (its `doctor.proven`), and how a
//! version an agent prints is read and held against them: doctor reads an installed agent's version
//! and notes one outside the range.

/// The versions of an agent that its row's facts were checked with: the versions the end-to-end
/// suite pins (tests/e2e/setup.sh), which fails when the row and the pins disagree.
#[derive(Clone, Copy, Debug)]
pub struct Proven {
    /// The package the end-to-end suite installs (npm, or PyPI for hermes).
    pub package: &'static str,
    /// The oldest and the newest version the row's facts were checked with.
    pub oldest: &'static str,
    pub newest: &'static str,
}

/// Facts checked with one version of `package`.
pub(crate) const fn checked_with(package: &'static str, version: &'static str) -> Option<Proven> {
    Some(Proven { package, oldest: version, newest: version })
}

/// `major.minor.patch` as numbers.
pub(crate) fn parse(version: &str) -> Option<(u64, u64, u64)> {
    let mut parts = version.split('.').map(|n| n.parse::<u64>().ok());
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(Some(a)), Some(Some(b)), Some(Some(c)), None) => Some((a, b, c)),
        _ => None,
    }
}

/// The first `N.N.N` in what a `--version` printed (a leading `v` and a suffix such as `-beta`
/// or ` (Claude Code)` are skipped).
pub(crate) fn version_in(output: &str) -> Option<String> {
    output.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')').find_map(|word| {
        let word = word.trim_start_matches(['v', 'V']);
        let core: String = word.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let core = core.trim_end_matches('.');
        parse(core).map(|_| core.to_string())
    })
}

/// Where `version` stands against the proven range: `None` inside it, else the note's words.
pub(crate) fn outside(agent: &str, p: &Proven, version: &str) -> Option<String> {
    let v = parse(version)?;
    let (oldest, newest) = (parse(p.oldest)?, parse(p.newest)?);
    let range = if p.oldest == p.newest { format!("the {}", p.newest) } else { format!("{} to {}", p.oldest, p.newest) };
    if v > newest {
        Some(format!("{agent} {version}: newer than {range} gitvow was checked with"))
    } else if v < oldest {
        Some(format!("{agent} {version}: older than {range} gitvow was checked with"))
    } else {
        None
    }
}
