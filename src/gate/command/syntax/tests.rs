use super::lex::{ShellParser, Token};
use super::*;

fn words(text: &str) -> Vec<String> {
    let p = parse(text);
    match &p.scripts[0].pipelines[0].nodes[0] {
        Node::Simple(s) => s.words.iter().map(Word::text).collect(),
        Node::Subshell(_) => vec![],
    }
}

#[test]
fn quotes_and_escapes() {
    assert_eq!(words(r#"echo 'a b' "c $X" d\ e $'\x67it'"#), ["echo", "a b", "c $X", "d e", "git"]);
}

#[test]
fn a_dollar_before_a_quote_inside_double_quotes_is_text() {
    // `"a$"` ends at its second quote: bash's `$"…"` and `$'…'` do not start inside double quotes.
    let p = parse(r#"echo "a$"; rm -rf ~"#);
    assert_eq!(p.scripts[0].pipelines.len(), 2, "the rm after the quoted word is a command of its own");
    assert_eq!(words(r#"echo "a$" "b$'c'""#), ["echo", "a$", "b$'c'"]);
}

#[test]
fn computed_parts() {
    let p = parse("$G push; {rm,-rf} x; r* y; ~/bin/x");
    let firsts: Vec<bool> = p.scripts[0]
        .pipelines
        .iter()
        .map(|pl| match &pl.nodes[0] {
            Node::Simple(s) => s.words[0].is_computed(),
            Node::Subshell(_) => false,
        })
        .collect();
    assert_eq!(firsts, [true, true, true, false]);
}

#[test]
fn deep_nesting_stops_without_recursion_past_the_limit() {
    let text = "$(".repeat(100_000);
    let p = parse(&text);
    assert!(p.opaque.is_some());
    assert!(parse(&"(".repeat(100_000)).opaque.is_some());
}

#[test]
fn an_arrays_elements_are_words_of_its_assignment() {
    let p = parse("a=(x ~/k $(find y) 'b c') b+=(z) c=(; d=(");
    let Node::Simple(s) = &p.scripts[0].pipelines[0].nodes[0] else { panic!("a command") };
    let Some(Part::Array(elements)) = s.words[0].parts.last() else { panic!("an array: {:?}", s.words[0]) };
    assert_eq!(elements.iter().map(Word::text).collect::<Vec<_>>(), ["x", "~/k", "$(find y)", "b c"]);
    assert_eq!(elements[1].parts[0], Part::Tilde);
    assert_eq!(s.words[0].scripts().len(), 1);
    assert_eq!(s.words[1].text(), "b+=(z)");
    assert!(parse(&"a=(".repeat(100_000)).opaque.is_some());
}

// The lexer (lex.rs): every token's span is the text it was read from.

/// Each token's kind and the text its span covers, read as the parser reads them.
fn placed(text: &str) -> Vec<(&'static str, &str)> {
    let mut p = ShellParser::new(text);
    let mut in_command = false;
    let mut out = Vec::new();
    while let Some((token, span)) = p.token(0, in_command) {
        // As the parser's command has a word: a word starts one, a redirection leaves it as it was.
        in_command = match token {
            Token::Word(_) => true,
            Token::Redir(_) => in_command,
            _ => false,
        };
        let kind = match token {
            Token::Word(_) => "word",
            Token::Redir(_) => "redir",
            Token::Sep(_) => "sep",
            Token::Pipe => "pipe",
            Token::Open => "open",
            Token::Close => "close",
        };
        out.push((kind, span.of(text)));
    }
    out
}

#[test]
fn every_token_reads_back_as_the_text_it_was_read_from() {
    let text = "echo \"a b\" 2>err | wc -l; ls é* # c\ncat <<EOF $(ls ~/é) && (x)\nbody\nEOF\n";
    assert_eq!(
        placed(text),
        [
            ("word", "echo"),
            ("word", "\"a b\""),
            ("redir", "2>err"),
            ("pipe", "|"),
            ("word", "wc"),
            ("word", "-l"),
            ("sep", ";"),
            ("word", "ls"),
            ("word", "é*"),
            ("sep", "\n"),
            ("word", "cat"),
            ("redir", "<<EOF"),
            ("word", "$(ls ~/é)"),
            ("sep", "&&"),
            ("open", "("),
            ("word", "x"),
            ("close", ")"),
            ("sep", "\n"),
        ]
    );
}
