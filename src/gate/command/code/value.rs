//! What an expression is worth to the reader, and the plain computations on such values (paths
//! joined, an options map read).

/// What an expression is worth to the reader.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum CodeValue {
    /// Known text (a path as written; `~` for the home directory).
    Str(String),
    /// A module or class whose members are known functions (`os`, `fs`, `FileUtils`).
    Module(String),
    /// A known function, by its qualified name.
    Func(String),
    /// A path object (`pathlib.Path`, `Pathname`) of a known path.
    Path(String),
    /// A method of a receiver: a path object's, or of something computed (`None`).
    Method(Option<String>, String),
    List(Vec<CodeValue>),
    Map(Vec<(String, CodeValue)>),
    /// The process environment (`os.environ`, `process.env`, `ENV`, `$ENV`, `$_SERVER`).
    Env,
    /// Computed: the reader does not know what it is.
    Unknown,
}

pub(super) fn path_of(v: &CodeValue) -> Option<String> {
    match v {
        CodeValue::Str(s) | CodeValue::Path(s) => Some(s.clone()),
        _ => None,
    }
}

pub(super) fn is_options(v: &CodeValue) -> bool {
    matches!(v, CodeValue::Map(_))
}

/// `{recursive: true}`, Ruby's `rm(p, force: true)` is not recursive.
pub(super) fn recursive_option(v: &CodeValue) -> bool {
    matches!(v, CodeValue::Map(m) if m.iter().any(|(k, _)| k == "recursive"))
}

/// The value of environment variable `name`: the home directory's spellings are `~`.
pub(super) fn home_var(name: &str) -> CodeValue {
    match name {
        "HOME" | "USERPROFILE" => CodeValue::Str("~".into()),
        _ => CodeValue::Unknown,
    }
}

pub(super) fn join_two(a: &str, b: &str) -> String {
    if b.starts_with('/') || a.is_empty() {
        b.to_string()
    } else if a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

pub(super) fn join(vals: &[CodeValue]) -> CodeValue {
    let mut out: Option<String> = None;
    for v in vals {
        let Some(p) = path_of(v) else { return CodeValue::Unknown };
        out = Some(match out {
            None => p,
            Some(a) => join_two(&a, &p),
        });
    }
    out.map_or(CodeValue::Unknown, CodeValue::Str)
}
