//! Command-line definitions only: parsing turns into plain data (`settings`), the commands do the
//! work; a command line clap refuses is told in gitvow's own form (`usage_errors`).

mod settings;
mod usage_errors;

/// A command line clap refused, told in gitvow's own form ([`usage_errors::parse_failure`], given
/// what it needs of the definition here, so that it does not reach back up for it).
pub fn parse_failure(err: &clap::Error) -> i32 {
    usage_errors::parse_failure(err, &usage_errors::Definition { print_help, is_subcommand })
}

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "gitvow",
    version,
    disable_help_subcommand = true,
    about = "A policy gate in front of the tool calls of AI coding agents",
    after_help = "Examples:\n  gitvow install --user --dry-run      preview the hooks for every agent found\n  gitvow install --user --yes          install them\n  gitvow check -- git push --force     what would the gate say?"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The help of `gitvow` or of one subcommand (`gitvow help install`).
pub fn print_help(subcommand: Option<&str>) -> crate::error::Result<i32> {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    // Building sets each subcommand's full name (`gitvow install`) for its usage line.
    cmd.build();
    let mut page = match subcommand {
        None => cmd,
        Some(name) => match cmd.find_subcommand_mut(name) {
            Some(sub) => sub.clone(),
            None => return Err(crate::error::Error::usage(format!("no subcommand `{name}`")).hint("`gitvow --help` lists them")),
        },
    };
    crate::output::print(&page.render_long_help().to_string());
    Ok(0)
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write gitvow's hook entries into each agent's configuration, after showing the diff
    Install(InstallArgs),
    /// Remove exactly what install added
    Uninstall(UninstallArgs),
    /// Answer an agent's hook call: reads its payload on stdin, answers in its form
    Hook(HookArgs),
    /// Dry-run the policy on a command, a path or an MCP tool; exit 0 allow, 2 deny, 3 confirm
    Check(CheckArgs),
    /// Ask every configured provider a question, and show the gate's decision
    Ask(AskArgs),
    /// Prove, per agent, that the installed hooks will really fire: files, entries, command, a live probe, switches, policy, trust, activity
    Doctor(DoctorArgs),
    /// Trust the programs and exceptions of a repository's policy (only a person at a terminal can)
    Trust(TrustArgs),
    /// Show the policy layers in force for a directory, or validate a policy file
    Policy(PolicyArgs),
    /// Answer a confirmation the agent could not ask you about (only a person at a terminal can)
    Approve(ApproveArgs),
    /// Start an agent, or any command, in gitvow's box: its files and the record key out of reach
    Run(RunArgs),
    /// What the gate decided recently, newest last (no command text is ever logged)
    Log(LogArgs),
    /// Print a shell completion script
    #[command(
        after_help = "Examples:\n  mkdir -p ~/.local/share/bash-completion/completions && gitvow completions bash > ~/.local/share/bash-completion/completions/gitvow\n  mkdir -p ~/.zfunc && gitvow completions zsh > ~/.zfunc/_gitvow    (and fpath+=~/.zfunc in ~/.zshrc)\n  mkdir -p ~/.config/fish/completions && gitvow completions fish > ~/.config/fish/completions/gitvow.fish"
    )]
    Completions {
        /// bash, zsh, fish, elvish or powershell
        shell: clap_complete::Shell,
    },
    /// Write the man pages (gitvow.1 and one per subcommand) into DIR, or print gitvow.1
    #[command(
        after_help = "Examples:\n  gitvow man ~/.local/share/man/man1 && man -M ~/.local/share/man gitvow-install\n  gitvow man | man -l -"
    )]
    Man {
        /// Directory for the pages
        dir: Option<PathBuf>,
    },
    /// Print this help, or the help of a subcommand
    #[command(after_help = "Examples:\n  gitvow help\n  gitvow help install")]
    Help {
        /// The subcommand
        command: Option<String>,
    },
}

#[derive(Args, Debug)]
#[command(
        after_help = crate::gate::approvals::approve_help()
)]
pub struct ApproveArgs {
    /// The code from the block message (none: list what is waiting)
    pub(crate) code: Option<String>,
    /// Allow the call for the rest of the agent's session, not just once
    #[arg(long, conflicts_with = "deny")]
    pub(crate) session: bool,
    /// Say no: the agent's next identical call is blocked and told so
    #[arg(long)]
    pub(crate) deny: bool,
}

#[derive(Args, Debug)]
#[command(
    after_help = "The kernel keeps everything the command starts from changing gitvow's files, the agents' hook and\nsettings files, git hooks and the shells' start-up files, and from reading the record key; the rest\n(the project, /tmp, caches, the network) works as before. Linux only. Refuses, exit 1, when the kernel\ncannot make the box, unless --unboxed.\n\nExamples:\n  gitvow run --agent claude\n  gitvow run -- gemini --yolo\n  gitvow run --agent codex -- codex exec 'fix the tests'"
)]
pub struct RunArgs {
    /// The agent to start (its own command when none is given)
    #[arg(long, value_name = "NAME")]
    pub(crate) agent: Option<String>,
    /// Run the command even where the kernel cannot make the box (said on stderr)
    #[arg(long)]
    pub(crate) unboxed: bool,
    /// The command and its arguments
    #[arg(last = true, value_name = "COMMAND")]
    pub(crate) command: Vec<std::ffi::OsString>,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Reads the hook logs of the current repository and of the user (~/.gitvow/hooks.log).\n\nExamples:\n  gitvow log\n  gitvow log --since 1h --verdict confirm\n  gitvow log --repo ~/src/app --agent codex --json\n  gitvow log --user",
    mut_arg("json", |a| a.help("Print the decisions as JSON")),
    mut_arg("color", |a| a.help("When to colour the verdicts (auto: on a terminal, unless NO_COLOR is set or TERM is dumb)")),
)]
pub struct LogArgs {
    /// Only this repository's log
    #[arg(long, value_name = "DIR", conflicts_with = "user")]
    pub(crate) repo: Option<PathBuf>,
    /// Only the user's log (~/.gitvow/hooks.log: calls outside any repository)
    #[arg(long)]
    pub(crate) user: bool,
    /// Only decisions this recent: 90s, 15m, 1h, 2d
    #[arg(long, value_name = "AGE")]
    pub(crate) since: Option<String>,
    /// Only this verdict
    #[arg(long, value_parser = ["allow", "confirm", "deny"])]
    pub(crate) verdict: Option<String>,
    /// Only this agent
    #[arg(long, value_name = "NAME")]
    pub(crate) agent: Option<String>,
    /// Include doctor's probe calls
    #[arg(long)]
    pub(crate) probes: bool,
    /// At most this many lines (the newest)
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub(crate) limit: usize,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

#[derive(Args, Debug)]
#[command(
    after_help = "A repository's .gitvow/policy.json can only add rules. Programs it names (providers, llm_classifier)\nrun, and its exceptions (bash_allow, path_allow) apply, only after you trust that exact file; any change\nto it makes it untrusted again. Refuses without a terminal and from inside an agent.\n\nExamples:\n  gitvow trust                 trust the current repository's policy (shows it, then asks)\n  gitvow trust ~/src/app\n  gitvow trust --list\n  gitvow trust --revoke ~/src/app"
)]
pub struct TrustArgs {
    /// The repository whose .gitvow/policy.json to trust (default: the current directory's)
    pub(crate) repo: Option<PathBuf>,
    /// Take the trust back
    #[arg(long, conflicts_with = "list")]
    pub(crate) revoke: bool,
    /// List the trusted policy files and whether each is still as trusted
    #[arg(long)]
    pub(crate) list: bool,
}

#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "The base is ~/.gitvow/policy.json (or the built-in default); each repository policy from the\ndirectory's repository up to the home directory is added on top, and the strictest verdict wins.\nExit 1 when a layer has a problem.\n\nExamples:\n  gitvow policy\n  gitvow policy ~/src/app --json\n  gitvow policy check .gitvow/policy.json",
    mut_arg("json", |a| a.help("Print the layers as JSON")),
    mut_arg("color", |a| a.help("When to colour a layer's problems (auto: on a terminal, unless NO_COLOR is set or TERM is dumb)")),
)]
pub struct PolicyArgs {
    #[command(subcommand)]
    pub(crate) action: Option<PolicyAction>,
    /// The directory whose layers to show (default: the current directory)
    pub(crate) dir: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

#[derive(Subcommand, Debug)]
pub(crate) enum PolicyAction {
    /// Validate one policy file: exit 1 with file:line:column on any problem
    #[command(
        after_help = "Examples:\n  gitvow policy check                 the repository's policy, else ~/.gitvow/policy.json\n  gitvow policy check ~/.gitvow/policy.json --json"
    )]
    Check {
        /// The file (default: the repository's .gitvow/policy.json, else ~/.gitvow/policy.json)
        file: Option<PathBuf>,
        /// Print the result as JSON
        #[arg(long)]
        json: bool,
    },
}

/// Where a command acts: the user's agents, the machine's managed settings, or a repository; and
/// which agents. Install's words; uninstall and doctor say theirs with `mut_arg`.
#[derive(Args, Debug, Clone)]
pub struct PlaceArgs {
    /// Configure the agents of this user (files under the home directory)
    #[arg(long, conflicts_with = "repo")]
    pub(crate) user: bool,
    /// The machine's managed settings (/etc/claude-code, /etc/codex, …; as root): the entries no user can switch off
    #[arg(long, conflicts_with_all = ["user", "repo"])]
    pub(crate) system: bool,
    /// Repository to configure (default: the git top level of the current directory)
    pub(crate) repo: Option<PathBuf>,
    #[arg(long = "agent", value_name = "NAME", value_delimiter = ',', value_parser = AgentName, hide_possible_values = true,
        help = agent_help("Agent", "every agent found on this machine"))]
    pub(crate) agents: Vec<String>,
}

#[derive(Args, Debug, Clone)]
pub struct ScopeArgs {
    #[command(flatten)]
    pub(crate) place: PlaceArgs,
    /// Show the diff and write nothing
    #[arg(long, conflicts_with = "check")]
    pub(crate) dry_run: bool,
    /// Write nothing; list the files that would change: exit 0 when none would, 1 when some would, 2 when it cannot tell (an error)
    #[arg(long)]
    pub check: bool,
    /// Apply without asking
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,
    /// When to colour the diff
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub(crate) color: ColorWhen,
    /// Show the whole text of files gitvow writes whole (the default policy, generated files)
    #[arg(long, short = 'v')]
    pub(crate) verbose: bool,
    /// Print a long preview straight to the terminal instead of through $PAGER
    #[arg(long)]
    pub(crate) no_pager: bool,
    /// Print the plan (and whether it was applied) as one JSON document instead of the preview
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args, Debug)]
#[command(
        after_help = "One line per check: ok, warn or FAIL, with the fix. Exit 1 when anything fails.\n\nExamples:\n  gitvow doctor --user\n  gitvow doctor ~/src/myrepo --agent codex\n  gitvow doctor --user --json",
        mut_arg("user", |a| a.help("Check the agents of this user (files under the home directory)")),
        mut_arg("system", |a| a.help("Check the machine's managed settings (install --system)")),
        mut_arg("repo", |a| a.help("Repository to check (default: the git top level of the current directory)")),
        mut_arg("agents", |a| a.help(agent_help("Agent to check", "every agent with a gitvow file in the scope"))),
    mut_arg("json", |a| a.help("Print the checks as one JSON document (errors too: {\"error\": {\"message\", \"hint\"}})")),
    mut_arg("color", |a| a.help("When to colour ok, warn and FAIL (auto: on a terminal, unless NO_COLOR is set)")),
)]
pub struct DoctorArgs {
    #[command(flatten)]
    pub(crate) place: PlaceArgs,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  gitvow install --user --dry-run\n  gitvow install --user --agent claude --agent codex --yes\n  gitvow install ~/src/myrepo --agent gemini\n  gitvow install --user --check        exit 1 when something would change\n\nExit status: 0 done or nothing to do, 1 an error or the prompt declined, 64 a usage error; with\n--check: 0 current, 1 something would change, 2 could not tell (an error)"
)]
pub struct InstallArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,
    /// Command written into the hooks (default: this executable in user scope, `gitvow` in a repository)
    #[arg(long, value_name = "PATH")]
    pub(crate) command: Option<String>,
    /// With --command: write it even when no such executable exists here (it exists where the agent runs)
    #[arg(long, requires = "command")]
    pub(crate) force: bool,
    /// With --system: also switch on each agent's "managed hooks only" setting (the user's own and plugin hooks stop running)
    #[arg(long, requires = "system")]
    pub(crate) managed_only: bool,
    /// Also switch on the agents' own sandboxes (claude, codex) for the commands they run, told what gitvow protects
    #[arg(long)]
    pub(crate) sandbox: bool,
}

#[derive(Args, Debug)]
#[command(
        after_help = "Examples:\n  gitvow uninstall --user --dry-run\n  gitvow uninstall --user --agent cursor --yes\n  gitvow uninstall . --purge-policy\n\nExit status: 0 done or nothing to do, 1 an error, 64 a usage error; with --check: 0 current,\n1 something would change, 2 could not tell (an error)",
        mut_arg("user", |a| a.help("Take gitvow out of this user's agents (files under the home directory)")),
        mut_arg("repo", |a| a.help("Repository to take gitvow out of (default: the git top level of the current directory)")),
        mut_arg("agents", |a| a.help(agent_help("Agent to take gitvow out of", "every agent whose file holds gitvow's hooks"))),
)]
pub struct UninstallArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,
    /// Also remove the scope's policy file: only the default one, and only once no agent of the
    /// scope uses it any more
    #[arg(long)]
    pub(crate) purge_policy: bool,
    /// With --purge-policy: remove the policy even when it differs from the default (your edits)
    #[arg(long, requires = "purge_policy")]
    pub(crate) force: bool,
}

/// How a command prints: one JSON document, and when to colour. Each command says what it prints
/// with `mut_arg`, after its other arguments' (`mut_arg` moves an argument last, and completions
/// list them in that order).
#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Print as JSON
    #[arg(long)]
    pub(crate) json: bool,
    /// When to colour
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub(crate) color: ColorWhen,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// The `--agent` help, `what` and then the built-in agents as the table names them (a new row is
/// listed without an edit here), and the `default` when none is named.
fn agent_help(what: &str, default: &str) -> String {
    let names: Vec<&str> = crate::agents::AGENTS.iter().map(|a| a.name).collect();
    format!("{what}: {}, or an external adapter's name; repeat or separate with commas (default: {default})", names.join(", "))
}

/// Any agent name, an external adapter's too; completion offers the built-in ones (and never file
/// names).
#[derive(Clone)]
struct AgentName;

impl clap::builder::TypedValueParser for AgentName {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &std::ffi::OsStr) -> Result<String, clap::Error> {
        clap::builder::NonEmptyStringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(crate::agents::AGENTS.iter().map(|a| clap::builder::PossibleValue::new(a.name))))
    }
}

impl Command {
    /// Whether the person asked for one JSON document: a failure is then one too (`{"error": …}`
    /// on stdout, the README's "JSON output").
    pub fn json(&self) -> bool {
        match self {
            Command::Install(a) => a.scope.json,
            Command::Uninstall(a) => a.scope.json,
            Command::Check(a) => a.output.json,
            Command::Ask(a) => a.json,
            Command::Doctor(a) => a.output.json,
            Command::Policy(a) => a.output.json || matches!(a.action, Some(PolicyAction::Check { json: true, .. })),
            Command::Log(a) => a.output.json,
            _ => false,
        }
    }
}

/// Whether `name` is one of gitvow's subcommands.
pub(crate) fn is_subcommand(name: &str) -> bool {
    use clap::CommandFactory;
    Cli::command().find_subcommand(name).is_some()
}

impl Cli {
    /// The command line, parsed: `gitvow hook` in the shapes installed entries use (`hook <Event>`,
    /// `hook --agent <NAME> <Event>`) is read directly, because building the whole definition
    /// below costs a hook call (a fresh process before every tool call) more than the rest of its
    /// start; every other command line, and any other spelling of these, is parsed by clap.
    pub fn parse_args() -> Result<Cli, clap::Error> {
        let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).take(5).collect();
        let args: Option<Vec<&str>> = args.iter().map(|a| a.to_str()).collect();
        match HookArgs::plain(&args.unwrap_or_default()) {
            Some(hook) => Ok(Cli { command: Command::Hook(hook) }),
            None => Cli::try_parse(),
        }
    }
}

impl HookArgs {
    /// `hook <Event>` or `hook --agent <NAME> <Event>`, each value a plain word (which clap takes
    /// the same way).
    fn plain(args: &[&str]) -> Option<HookArgs> {
        let word = |s: &&str| !s.is_empty() && !s.starts_with('-');
        let (agent, event) = match args {
            ["hook", event] => (crate::agents::DEFAULT_AGENT, event),
            ["hook", "--agent", agent, event] if word(agent) => (*agent, event),
            _ => return None,
        };
        word(event).then(|| HookArgs { agent: agent.to_string(), event: event.to_string() })
    }
}

#[derive(Args, Debug)]
#[command(
    after_help = "Example (what Claude Code runs before a tool call):\n  echo '{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"},\"cwd\":\"/tmp\"}' | gitvow hook PreToolUse"
)]
pub struct HookArgs {
    /// The agent whose payload arrives on stdin (built-in or an external adapter)
    #[arg(long, default_value = crate::agents::DEFAULT_AGENT, value_name = "NAME")]
    pub agent: String,
    /// The agent's event name
    pub event: String,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  gitvow check -- git push --force origin main\n  gitvow check --path .github/workflows/deploy.yml\n  gitvow check --mcp mcp__github__create_pull_request\n\nExit status: 0 allow, 2 deny, 3 confirm, 1 the policy or input could not be read, 64 a usage error",
    group = clap::ArgGroup::new("subject").required(true).args(["command", "path", "mcp"]),
    mut_arg("json", |a| a.help("Print the verdict as JSON")),
    mut_arg("color", |a| a.help("When to colour the verdict (auto: on a terminal, unless NO_COLOR is set or TERM is dumb)")),
)]
pub struct CheckArgs {
    /// A file path to check as if the agent edited it
    #[arg(long, value_name = "FILE", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub(crate) path: Option<String>,
    /// An MCP tool name to check
    #[arg(long, value_name = "TOOL", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub(crate) mcp: Option<String>,
    /// The shell command to check, after `--`
    #[arg(last = true, value_name = "COMMAND")]
    pub(crate) command: Vec<String>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  gitvow ask gate_bearing src/auth/Whitelist.java\n  gitvow ask route_gate /v1/orders/export --path src/api/Orders.java --json"
)]
pub struct AskArgs {
    /// gate_bearing, route_gate or route_callers
    pub(crate) question: String,
    /// A repository-relative path (gate_bearing) or a route literal (route questions)
    pub(crate) subject: String,
    /// The file being edited, repository-relative
    #[arg(long, value_name = "FILE")]
    pub(crate) path: Option<String>,
    /// Print the answers as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct reading of `gitvow hook` takes only what clap takes, and reads it the same.
    #[test]
    fn plain_hook_command_lines_read_as_clap_reads_them() {
        let lines: &[&[&str]] = &[
            &["hook", "PreToolUse"],
            &["hook", "--agent", "codex", "PreToolUse"],
            &["hook", "--agent", "my-adapter", "BeforeTool"],
            &["hook", "--agent", "--help", "PreToolUse"],
            &["hook", "--agent", "codex", "-x"],
            &["hook", "-h"],
            &["hook", ""],
            &["hook", "--agent=codex", "PreToolUse"],
            &["hook", "PreToolUse", "--agent", "codex"],
            &["hook"],
            &["check", "PreToolUse"],
        ];
        for line in lines {
            let Some(plain) = HookArgs::plain(line) else { continue };
            let parsed = Cli::try_parse_from(std::iter::once("gitvow").chain(line.iter().copied())).unwrap();
            let Command::Hook(hook) = parsed.command else { panic!("{line:?}") };
            assert_eq!((plain.agent, plain.event), (hook.agent, hook.event), "{line:?}");
        }
        assert!(HookArgs::plain(&["hook", "PreToolUse"]).is_some() && HookArgs::plain(&["hook", "--agent", "codex", "Stop"]).is_some());
    }
}
