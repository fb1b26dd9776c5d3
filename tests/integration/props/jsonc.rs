//! Property tests of the format-preserving installer at the library level: over generated
//! JSON/JSONC documents in random styles, install is pure insertion in the file's style, keeps the meaning outside gitvow's entries, and uninstall with what install created
//! gives back the exact text; and over arbitrary text, parsing plus install never panics.
//!
//! Case counts: 4000 generated documents plus 3000 + 1500 + 1500 garbage inputs (10,000 in all) by default;
//! `GITVOW_PROPTEST_CASES=N` runs N cases of each property instead.

use crate::support::agent_files::{
    BOM, check_entries_current, check_inserted_lines, inserted_ranges, layout, parse_as_agent, without_gitvow,
};
use crate::support::{CMD, proptest_cases};
use gitvow::agents::Strictness;
use gitvow::agents::{self, AgentSpec, FileLayout};
use gitvow::edit::jsonc::JsonDoc;
use gitvow::install::entries::{self, check_shape};
use proptest::prelude::*;

/// A JSON value before it is written out: the renderer decides the layout.
#[derive(Clone, Debug)]
enum Node {
    Obj(Vec<(String, Node)>),
    Arr(Vec<Node>),
    /// The string's value, and whether non-ASCII characters are written as `\u` escapes.
    Str(String, bool),
    /// A JSON number literal, written as is.
    Num(&'static str),
    Bool(bool),
    Null,
}

fn string_value() -> impl Strategy<Value = String> {
    // Quotes, backslashes, control characters, accents, CJK, emoji (astral, so surrogate pairs when
    // escaped) and plain text: every escape path of a JSON string.
    let piece = prop_oneof![
        Just("\"".to_string()),
        Just("\\".to_string()),
        Just("\n".to_string()),
        Just("\t".to_string()),
        Just("\u{1}".to_string()),
        Just("é".to_string()),
        Just("設定".to_string()),
        Just("🚀".to_string()),
        Just("//".to_string()),
        Just("/*".to_string()),
        "[a-zA-Z0-9 _:.-]{0,8}",
    ];
    prop::collection::vec(piece, 0..4).prop_map(|p| p.concat())
}

fn leaf() -> impl Strategy<Value = Node> {
    prop_oneof![
        (string_value(), any::<bool>()).prop_map(|(s, e)| Node::Str(s, e)),
        prop::sample::select(vec!["0", "-12", "3.25", "1e5", "-2.5E-3", "123456789012"]).prop_map(Node::Num),
        any::<bool>().prop_map(Node::Bool),
        Just(Node::Null),
    ]
}

/// Object keys are unique (duplicate keys mean different things to different parsers) and never
/// collide with the keys gitvow writes at the top level.
fn keys(n: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::hash_set("[a-z][a-zA-Z0-9é_]{0,7}", n).prop_map(|s| s.into_iter().map(|k| format!("k{k}")).collect())
}

fn node() -> impl Strategy<Value = Node> {
    leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Node::Arr),
            (0..4usize)
                .prop_flat_map(move |n| (keys(n), prop::collection::vec(inner.clone(), n)))
                .prop_map(|(k, v)| Node::Obj(k.into_iter().zip(v).collect())),
        ]
    })
}

/// How a document is written.
#[derive(Clone, Debug)]
struct Style {
    indent: &'static str,
    newline: &'static str,
    one_line: bool,
    /// Comments between members and after values (only for agents that accept them).
    comments: bool,
    /// Trailing commas (only for agents that accept them).
    trailing_commas: bool,
    bom: bool,
    final_newline: bool,
    /// Drives where comments and trailing commas go, so that not every slot gets one.
    seed: u64,
}

fn style_for(agent: &'static AgentSpec) -> impl Strategy<Value = Style> {
    let comments_ok = agent.install.strictness.allows_comments();
    let trailing_ok = agent.install.strictness.allows_trailing_commas();
    (
        prop::sample::select(vec!["  ", "    ", "\t"]),
        prop::sample::select(vec!["\n", "\r\n"]),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(move |(indent, newline, one_line, c, t, bom, final_newline, seed)| Style {
            indent,
            newline,
            one_line,
            comments: c && comments_ok,
            trailing_commas: t && trailing_ok,
            // A byte-order mark only where the agent reads one (claude, the comment readers).
            bom: bom && agent.install.strictness.allows_bom(),
            final_newline,
            seed,
        })
}

struct Renderer<'a> {
    style: &'a Style,
    rng: u64,
    out: String,
}

impl Renderer<'_> {
    /// A cheap xorshift: the choices only need to vary, and `seed` makes them reproducible.
    fn coin(&mut self, one_in: u64) -> bool {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng.is_multiple_of(one_in)
    }

    /// Maybe a comment. Called only where a line break (multi-line) or a space follows, so a line
    /// comment always ends its line.
    fn comment(&mut self) {
        if !self.style.comments || !self.coin(3) {
            return;
        }
        if self.style.one_line || self.coin(2) {
            self.out.push_str(" /* note: a, b } ] */");
        } else {
            self.out.push_str(" // note, with \"quotes\" and a } brace");
        }
    }

    fn newline(&mut self, depth: usize) {
        if !self.style.one_line {
            self.out.push_str(self.style.newline);
            self.out.push_str(&self.style.indent.repeat(depth));
        }
    }

    fn items<T>(&mut self, items: &[T], depth: usize, open: char, close: char, mut each: impl FnMut(&mut Self, &T)) {
        self.out.push(open);
        if items.is_empty() {
            self.out.push(close);
            return;
        }
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
                self.comment();
                if self.style.one_line {
                    self.out.push(' ');
                }
            }
            self.newline(depth + 1);
            each(self, item);
        }
        if self.style.trailing_commas && self.coin(2) {
            self.out.push(',');
        }
        self.comment();
        self.newline(depth);
        self.out.push(close);
    }

    fn node(&mut self, node: &Node, depth: usize) {
        match node {
            Node::Obj(members) => self.items(members, depth, '{', '}', |r, (k, v)| {
                r.out.push_str(&serde_json::to_string(k).unwrap());
                r.out.push_str(": ");
                r.node(v, depth + 1);
            }),
            Node::Arr(elements) => self.items(elements, depth, '[', ']', |r, v| r.node(v, depth + 1)),
            Node::Str(s, escape_non_ascii) => {
                let json = serde_json::to_string(s).unwrap();
                if *escape_non_ascii {
                    for c in json.chars() {
                        if c.is_ascii() {
                            self.out.push(c);
                        } else {
                            for unit in c.encode_utf16(&mut [0; 2]) {
                                self.out.push_str(&format!("\\u{unit:04x}"));
                            }
                        }
                    }
                } else {
                    self.out.push_str(&json);
                }
            }
            Node::Num(n) => self.out.push_str(n),
            Node::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Node::Null => self.out.push_str("null"),
        }
    }
}

fn render(root: &Node, style: &Style) -> String {
    let mut r = Renderer { style, rng: style.seed | 1, out: String::new() };
    if style.bom {
        r.out.push_str(BOM);
    }
    if style.comments && r.coin(2) {
        r.out.push_str("/* leading comment */ ");
    }
    r.node(root, 0);
    if style.final_newline {
        r.out.push_str(style.newline);
    }
    r.out
}

fn hook(agent: &AgentSpec, command: &str) -> Node {
    let s = |t: &str| Node::Str(t.to_string(), false);
    let mut fields = vec![("type".to_string(), s("command")), (agent.install.command_key.to_string(), s(command))];
    if agent.install.layout == FileLayout::Flat {
        fields.push(("timeout".to_string(), Node::Num("5")));
    }
    Node::Obj(fields)
}

/// The user's own hooks, in the agent's shape: one of gitvow's events with a hook of theirs, and an
/// event gitvow does not install. `None` when the agent has no hooks of the user's kind to offer.
fn user_events(agent: &AgentSpec, which: u8) -> Vec<(String, Node)> {
    let shared_event = agent.install.events[usize::from(which) % agent.install.events.len()].name.to_string();
    let entry = |cmd: &str| match agent.install.layout {
        FileLayout::Flat | FileLayout::OwnedFlat => hook(agent, cmd),
        _ => Node::Obj(vec![
            ("matcher".to_string(), Node::Str("Bash".to_string(), false)),
            ("hooks".to_string(), Node::Arr(vec![hook(agent, cmd)])),
        ]),
    };
    match which % 3 {
        0 => Vec::new(),
        1 => vec![(shared_event, Node::Arr(vec![entry("~/bin/audit.sh \"$1\"")]))],
        _ => vec![
            ("userOnlyEvent".to_string(), Node::Arr(vec![entry("notify-send done")])),
            (shared_event, Node::Arr(vec![entry("echo é 🚀"), entry("other-tool gate")])),
        ],
    }
}

/// A generated document: the user's settings, optionally with hooks of their own (or an empty
/// `hooks`), at a random position among the members.
fn document() -> impl Strategy<Value = (&'static AgentSpec, Node)> {
    let agents: Vec<&'static AgentSpec> = agents::AGENTS.iter().filter(|a| a.install.layout.is_json()).collect();
    (prop::sample::select(agents), 0..5usize)
        .prop_flat_map(|(agent, n)| {
            (Just(agent), keys(n), prop::collection::vec(node(), n), prop::option::of(0u8..6), any::<prop::sample::Index>())
        })
        .prop_map(|(agent, k, v, hooks, at)| {
            let mut members: Vec<(String, Node)> = k.into_iter().zip(v).collect();
            if let Some(which) = hooks {
                let events = user_events(agent, which);
                let at = at.index(members.len() + 1);
                match agent.install.layout {
                    // Factory's events are top-level keys.
                    FileLayout::TopLevelGroups => {
                        for (i, ev) in events.into_iter().enumerate() {
                            members.insert((at + i).min(members.len()), ev);
                        }
                    }
                    _ => members.insert(at, ("hooks".to_string(), Node::Obj(events))),
                }
                if matches!(agent.install.layout, FileLayout::Flat | FileLayout::OwnedFlat) && which % 2 == 0 {
                    members.insert(0, ("version".to_string(), Node::Num("1")));
                }
            }
            (agent, Node::Obj(members))
        })
}

fn doc_and_style() -> impl Strategy<Value = (&'static AgentSpec, Node, Style)> {
    document().prop_flat_map(|(agent, root)| (Just(agent), Just(root), style_for(agent)))
}

/// Every property of a fresh install and its uninstall, on one document.
fn check_roundtrip(agent: &'static AgentSpec, original: &str, root_has_members: bool) -> Result<(), TestCaseError> {
    let original_value = parse_as_agent(original, agent.install.strictness).map_err(|e| TestCaseError::fail(format!("generator: {e}")))?;
    let mut doc = JsonDoc::parse(original, agent.install.strictness).map_err(|e| TestCaseError::fail(format!("parse: {e:?}")))?;
    prop_assert!(check_shape(&doc, agent).is_ok());
    let created = entries::install(&mut doc, agent, CMD, false, None);
    let after = doc.text();

    let after_value = parse_as_agent(&after, agent.install.strictness).map_err(|e| TestCaseError::fail(format!("{e}\n{after}")))?;
    let ranges = inserted_ranges(original, &after).map_err(|e| TestCaseError::fail(format!("{e}\n{after}")))?;
    prop_assert!(!ranges.is_empty());
    let (lb, la) = (layout(original), layout(&after));
    prop_assert_eq!((la.bom, la.crlf, la.final_newline), (lb.bom, lb.crlf, lb.final_newline));
    // A one-line object with members keeps new text on one line; an empty one gets the default
    // multi-line layout, so only the line breaks' kind is checked there.
    match (&lb.indent_unit, root_has_members) {
        (Some(unit), true) => {
            check_inserted_lines(&after, &ranges, lb.crlf, unit).map_err(|e| TestCaseError::fail(format!("{e}\n{after}")))?
        }
        (None, true) => prop_assert_eq!(la.lines, lb.lines, "one-line file got new lines:\n{}", after),
        (_, false) => {}
    }
    prop_assert_eq!(without_gitvow(&after_value, &original_value, agent), original_value);
    check_entries_current(&after_value, agent, false).map_err(|e| TestCaseError::fail(format!("{e}\n{after}")))?;

    // Uninstall on the file as written (parsed afresh, as the next gitvow run would).
    let mut doc = JsonDoc::parse(&after, agent.install.strictness).map_err(|e| TestCaseError::fail(format!("reparse: {e:?}")))?;
    entries::uninstall(&mut doc, agent, Some(&created));
    prop_assert_eq!(doc.text(), original);
    Ok(())
}

/// Found by the property above: uninstall with the `Created` of install takes out cursor's
/// `"version": 1` even when the user's own hooks keep `hooks` alive.
#[test]
fn version_key_is_removed_with_user_hooks_present() {
    let agent = agents::find("cursor").unwrap();
    let original = r#"{"hooks": {"stop": [{"command": "x"}]}}"#;
    let mut doc = JsonDoc::parse(original, agent.install.strictness).unwrap();
    let created = entries::install(&mut doc, agent, CMD, false, None);
    assert!(created.version_key);
    let mut doc = JsonDoc::parse(&doc.text(), agent.install.strictness).unwrap();
    entries::uninstall(&mut doc, agent, Some(&created));
    assert_eq!(doc.text(), original);
}

/// Found by `mutated_document_never_panics`: when the last member sits on the same line as the
/// opening brace and is followed by a `//` comment, install's text must go before the comment, or
/// the comment would swallow gitvow's entries (for claude the result would still parse, as
/// `{"a": 1,}`, with the hooks silently missing). Gemini reads comments; the trailing comma is read
/// leniently, as no built-in agent does, to keep the editor honest for one that would.
#[test]
fn install_after_a_trailing_line_comment() {
    let agent = agents::find("gemini").unwrap();
    for (original, strictness) in [("{\"a\": 1 // c\n}\n", agent.install.strictness), ("{\"a\": 1, // c\n}\n", Strictness::Lenient)] {
        let mut doc = JsonDoc::parse(original, strictness).unwrap();
        entries::install(&mut doc, agent, CMD, false, None);
        let after = doc.text();
        let value = parse_as_agent(&after, strictness).unwrap();
        check_entries_current(&value, agent, false).unwrap_or_else(|e| panic!("{original:?} gave {after:?}: {e}"));
    }
}

/// Failures are not persisted to a regressions file: a found case goes into a named test instead.
fn config(default_cases: u32) -> ProptestConfig {
    ProptestConfig { cases: proptest_cases(default_cases), failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(4000))]

    #[test]
    fn install_is_pure_insertion_and_uninstall_restores((agent, root, style) in doc_and_style()) {
        let text = render(&root, &style);
        let has_members = matches!(&root, Node::Obj(m) if !m.is_empty());
        check_roundtrip(agent, &text, has_members)?;
    }
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,60}", strictness in strictness()) {
        parse_and_install(&text, strictness);
    }

}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(token(), 0..30), strictness in strictness()) {
        parse_and_install(&tokens.concat(), strictness);
    }

    /// Random token soup rarely parses; a valid document with one splice often does, and then
    /// reaches install in shapes no generator would write (a key turned into an array, a hook
    /// object losing its command, a comment in a strict file).
    #[test]
    fn mutated_document_never_panics(
        (_agent, root, style) in doc_and_style(),
        at in any::<prop::sample::Index>(),
        cut in 0..3usize,
        tok in token(),
        strictness in strictness(),
    ) {
        let mut text = render(&root, &style);
        let mut pos = at.index(text.len() + 1);
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        let end = text[pos..].char_indices().nth(cut).map_or(text.len(), |(i, _)| pos + i);
        text.replace_range(pos..end, &tok);
        parse_and_install(&text, strictness);
    }
}

fn strictness() -> impl Strategy<Value = Strictness> {
    prop::sample::select(vec![Strictness::Strict, Strictness::StrictBom, Strictness::Comments, Strictness::Lenient])
}

/// Pieces of (almost) JSONC, so that random text gets past the parser often and reaches install in
/// odd but valid shapes: nested `hooks`, events holding non-arrays, duplicate keys, comments.
fn token() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        " ",
        "\n",
        "\r\n",
        "\t",
        "\u{feff}",
        "\"hooks\"",
        "\"PreToolUse\"",
        "\"Stop\"",
        "\"SessionStart\"",
        "\"version\"",
        "\"matcher\"",
        "\"command\"",
        "\"bash\"",
        "\"x\"",
        "\"gitvow hook Stop\"",
        "\"/opt/gitvow hook PreToolUse\"",
        "1",
        "null",
        "true",
        "// c\n",
        "/* c */",
        "\"é\\u00e9\\\"\"",
    ])
    .prop_map(str::to_string)
}

/// What the planner does with a file: parse, check the shape, then install and uninstall on every
/// agent. Errors are fine; a panic fails the property.
fn parse_and_install(text: &str, strictness: Strictness) {
    let Ok(doc) = JsonDoc::parse(text, strictness) else { return };
    for agent in agents::AGENTS.iter().filter(|a| a.install.strictness == strictness && a.install.layout.is_json()) {
        if check_shape(&doc, agent).is_err() {
            continue;
        }
        let mut d = doc.clone();
        let created = entries::install(&mut d, agent, CMD, false, None);
        let mut again = JsonDoc::parse(&d.text(), strictness)
            .unwrap_or_else(|e| panic!("install's output does not parse again: {e:?}\ninput: {text:?}\noutput: {:?}", d.text()));
        entries::uninstall(&mut again, agent, Some(&created));
        let mut fallback = JsonDoc::parse(&d.text(), strictness).expect("install's output parses again");
        entries::uninstall(&mut fallback, agent, None);
    }
}

/// An array of `n` numbers laid out with the given separators (each a comma with whitespace and
/// maybe a comment), maybe a trailing comma, inside an object.
fn array_text(n: usize, seps: &[usize], trailing: bool, multiline: bool) -> String {
    const SEPS: [&str; 6] = [",", ", ", ",\n    ", ", // note\n    ", ",\n    /* b */ ", " /* a */ ,\n    "];
    let mut text = String::from(if multiline { "{\n  \"a\": [\n    " } else { "{\"a\": [" });
    for i in 0..n {
        text.push_str(&format!("{}", 10 + i));
        if i + 1 < n {
            text.push_str(SEPS[seps[i % seps.len()] % SEPS.len()]);
        }
    }
    if trailing && n > 0 {
        text.push(',');
    }
    text.push_str(if multiline { "\n  ]\n}\n" } else { "]}" });
    text
}

proptest! {
    #![proptest_config(config(256))]

    /// Removing many elements at once gives the bytes that removing them one by one gives.
    #[test]
    fn removing_many_elements_at_once_equals_one_by_one(
        n in 1usize..10,
        seps in prop::collection::vec(0usize..6, 1..10),
        trailing: bool,
        multiline: bool,
        picks in prop::collection::vec(any::<bool>(), 10),
    ) {
        let text = array_text(n, &seps, trailing, multiline);
        let Ok(doc) = JsonDoc::parse(&text, Strictness::Lenient) else { return Ok(()) };
        let indices: Vec<usize> = (0..n).filter(|i| picks[*i]).collect();
        let path = vec![gitvow::edit::jsonc::key("a")];
        let mut one_by_one = doc.clone();
        for i in indices.iter().rev() {
            one_by_one.remove(&path, &gitvow::edit::jsonc::JsonStep::Index(*i));
        }
        let mut at_once = doc.clone();
        at_once.remove_elements(&[(path.clone(), indices.clone())]);
        prop_assert_eq!(at_once.text(), one_by_one.text(), "{:?} removing {:?}", text, indices);
    }
}
