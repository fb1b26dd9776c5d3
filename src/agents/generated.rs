//! The file gitvow generates whole for an agent of the plugin layout, joined to the agent table by
//! name: OpenCode's plugin, unless the agent has a template of its own.

/// What the generated file is, for its template and for doctor's probe of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Generated {
    /// `templates/opencode-plugin.js`: a plugin factory (opencode, kilo).
    OpenCodePlugin,
    /// `templates/pi-extension.js`: a default export that registers `pi.on(...)` handlers.
    PiExtension,
}

const OWN: &[(&str, Generated)] = &[("pi", Generated::PiExtension)];

pub(crate) fn of(agent: &str) -> Generated {
    OWN.iter().find(|(a, _)| *a == agent).map_or(Generated::OpenCodePlugin, |(_, g)| *g)
}
