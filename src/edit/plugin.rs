//! STUB until the fsx branch lands.
pub const MARKER: &str = "// gitvow:";
pub fn render_opencode_plugin(command: &str) -> String { format!("{MARKER} {command}\n") }
