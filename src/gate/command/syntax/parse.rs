//! The shell's tokens into the tree of [`super`]: scripts of pipelines of commands, separators,
//! subshells, and each command's words and redirections. The tokens come from [`super::lex`] one
//! at a time, as the parser asks: a word's substitution (`$(…)`, `<(…)`, backticks) is a script
//! the lexer hands back to [`ShellParser::script`], as a shell's own reader does.

use super::super::span::Span;
use super::lex::{ShellParser, Token};
use super::tree::{MAX_NESTING, Node, Parsed, Pipeline, Script, Sep, Simple, Word};

pub(super) fn parse(text: &str) -> Parsed {
    let mut p = ShellParser::new(text);
    p.script(0, false);
    p.out
}

impl ShellParser {
    /// Reads a script to the end of the text, or (`in_parens`) to the `)` that closes it, which is
    /// consumed. Returns the script's index.
    pub(super) fn script(&mut self, depth: usize, in_parens: bool) -> usize {
        let index = self.out.scripts.len();
        self.out.scripts.push(Script::default());
        if depth > MAX_NESTING {
            self.out.opaque.get_or_insert("it nests substitutions or subshells deeper than the analyser follows");
            self.aborted = true;
            return index;
        }
        let mut pipelines = Vec::new();
        let mut nodes: Vec<Node> = Vec::new();
        let mut cur = Simple::default();
        fn end_node(nodes: &mut Vec<Node>, cur: &mut Simple) {
            if !cur.words.is_empty() || !cur.redirs.is_empty() {
                nodes.push(Node::Simple(std::mem::take(cur)));
            }
        }
        let end_pipeline = |pipelines: &mut Vec<Pipeline>, nodes: &mut Vec<Node>, cur: &mut Simple, sep: Sep| {
            end_node(nodes, cur);
            if !nodes.is_empty() {
                pipelines.push(Pipeline { nodes: std::mem::take(nodes), sep });
            } else if let Some(last) = pipelines.last_mut() {
                last.sep = sep;
            }
        };
        while let Some((token, span)) = self.token(depth, !cur.words.is_empty()) {
            match token {
                Token::Sep(sep) => end_pipeline(&mut pipelines, &mut nodes, &mut cur, sep),
                Token::Pipe => end_node(&mut nodes, &mut cur),
                Token::Open => {
                    end_node(&mut nodes, &mut cur);
                    let inner = self.script(depth + 1, true);
                    nodes.push(Node::Subshell(inner));
                }
                Token::Close if in_parens => {
                    end_pipeline(&mut pipelines, &mut nodes, &mut cur, Sep::Then);
                    self.out.scripts[index].pipelines = pipelines;
                    return index;
                }
                // A stray `)` (a `case` pattern): it ends the command.
                Token::Close => end_node(&mut nodes, &mut cur),
                Token::Word(word) => {
                    self.stretch(&mut cur, span, word.is_keyword());
                    cur.words.push(word);
                }
                Token::Redir(mut redir) => {
                    self.stretch(&mut cur, span, false);
                    redir.span = self.outer.unwrap_or(span);
                    cur.redirs.push(redir);
                }
            }
        }
        end_pipeline(&mut pipelines, &mut nodes, &mut cur, Sep::Then);
        self.out.scripts[index].pipelines = pipelines;
        index
    }

    /// Stretches the place of `cur` over the word or redirection at `span`, which it holds next
    /// (`keyword`: a reserved word). The reserved words that open it are left out where more
    /// follows (`do rm -rf ~` stands at `rm`). A command read in a backtick's or heredoc body's
    /// text stands where that text does.
    fn stretch(&self, cur: &mut Simple, span: Span, keyword: bool) {
        let opening = cur.redirs.is_empty() && cur.words.iter().all(Word::is_keyword);
        cur.span = match self.outer {
            Some(outer) => outer,
            None if cur.words.is_empty() && cur.redirs.is_empty() => span,
            None if opening && !keyword => span,
            None => Span::new(cur.span.start, span.end),
        };
    }
}
