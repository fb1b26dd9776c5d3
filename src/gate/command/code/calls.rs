//! What the reader knows of each language by name: its modules, and its file and process calls as
//! rows (names and what each does).

use super::language::Language;
use super::value::CodeValue;

/// What a known function does with its arguments.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    /// Removes the paths of every argument (or argument 0 only, `first`); recursive, or per its
    /// options (`{recursive: true}`).
    Remove {
        recursive: bool,
        all: bool,
    },
    /// Writes the path of argument `n`.
    Write(usize),
    /// Gives argument 0 the new name argument 1 (a hard link): both are written, as the file can
    /// be written through either.
    HardLink,
    /// Moves argument 0 to argument 1.
    Move,
    /// Opens argument 0 in the mode of argument 1 (`'w'`, `'a'`, `O_WRONLY`…); reading does nothing.
    Open,
    /// Perl's `open(FH, MODE, PATH)` / `open(FH, ">path")`, `"cmd |"`.
    PerlOpen,
    /// Runs argument 0 as a shell command line.
    Shell,
    /// Runs the words of argument 0 (a list), or argument 0 as a command line.
    Argv,
    /// Runs argument 0 (the program) with the words of the list at argument `n`.
    ProgramList(usize),
    /// Runs the words of the arguments from `n` on.
    Words(usize),
    /// Runs its text as a program of the language.
    Code,
    /// Reaches a function or module by a computed name.
    Opaque(&'static str),
    /// Returns the home directory, the working directory.
    Home,
    Cwd,
    /// Returns its arguments joined as path components.
    Join,
    /// Returns a path object of its arguments joined.
    PathNew,
    /// Returns argument 0 (`expanduser`, `abspath`, `str`).
    Same,
    /// Returns the environment variable argument 0 names.
    Getenv,
    /// `require('fs')`, `import('fs')`: the module named.
    Require,
}

/// A module as `require`/`import` names it (`node:fs/promises`, `fs-extra`, `rimraf`).
pub(super) fn module_named(name: &str) -> CodeValue {
    let name = name.strip_prefix("node:").unwrap_or(name);
    match name {
        "fs" | "fs-extra" | "graceful-fs" | "fs/promises" | "node:fs/promises" => CodeValue::Module("fs".into()),
        "child_process" | "execa" | "zx" | "shelljs" | "os" | "path" | "process" => CodeValue::Module(name.into()),
        "rimraf" | "del" | "trash" => CodeValue::Module("rimraf".into()),
        _ => CodeValue::Unknown,
    }
}

pub(super) fn is_module(lang: Language, name: &str) -> bool {
    match lang {
        Language::Python => matches!(
            name,
            "os" | "os.path"
                | "shutil"
                | "subprocess"
                | "pathlib"
                | "pty"
                | "io"
                | "codecs"
                | "asyncio"
                | "posix"
                | "commands"
                | "importlib"
                | "builtins"
        ),
        Language::Node => matches!(
            name,
            "fs" | "fs.promises"
                | "child_process"
                | "process"
                | "Deno"
                | "Bun"
                | "shelljs"
                | "rimraf"
                | "execa"
                | "zx"
                | "path"
                | "path.posix"
                | "os"
                | "vm"
                | "Reflect"
        ),
        Language::Ruby => {
            matches!(name, "FileUtils" | "File" | "Dir" | "IO" | "Open3" | "Kernel" | "Process" | "Pathname" | "PTY" | "Object")
        }
        Language::Perl => matches!(name, "File" | "File.Path" | "File.Copy" | "POSIX" | "CORE" | "CORE.GLOBAL"),
        Language::Php | Language::Awk => false,
    }
}

/// Strings that name a file or process function: reaching one through a string is obfuscation.
pub(super) const STRING_NAMED: &[&str] = &[
    "rmtree",
    "removedirs",
    "unlink",
    "rmdir",
    "system",
    "popen",
    "exec",
    "execSync",
    "spawnSync",
    "execFileSync",
    "rmSync",
    "unlinkSync",
    "writeFileSync",
    "renameSync",
    "rm_rf",
    "rm_r",
    "remove_tree",
    "file_put_contents",
    "shell_exec",
    "passthru",
    "proc_open",
    "check_output",
    "getoutput",
    "Popen",
    "__import__",
    "eval",
];

/// What a known function does: the languages' file and process calls, by qualified name (the
/// module's name, `.`, the function's; the function's alone where it needs no module), as the
/// language's table below names them.
pub(super) fn op(lang: Language, name: &str) -> Option<Op> {
    if name == "env.get" {
        return Some(Op::Getenv);
    }
    // The names as the tables spell them: Python's `posix` is `os`, Ruby's FileUtils and Perl's
    // modules are left out.
    let name: std::borrow::Cow<str> = match lang {
        Language::Python => name.strip_prefix("posix.").map_or(name.into(), |n| format!("os.{n}").into()),
        Language::Ruby => name.strip_prefix("FileUtils.").unwrap_or(name).into(),
        Language::Perl => name.rsplit('.').next().unwrap_or(name).into(),
        Language::Node | Language::Php | Language::Awk => name.into(),
    };
    let table = match lang {
        Language::Python => PYTHON_CALLS,
        Language::Node => NODE_CALLS,
        Language::Ruby => RUBY_CALLS,
        Language::Perl => PERL_CALLS,
        Language::Php => PHP_CALLS,
        Language::Awk => AWK_CALLS,
    };
    table.iter().find(|(names, _)| names.contains(&name.as_ref())).map(|(_, o)| *o)
}

/// A removal of argument 0.
const RM: Op = Op::Remove { recursive: false, all: false };
/// A removal of every argument.
const RM_ALL: Op = Op::Remove { recursive: false, all: true };
/// A removal of every argument and what is under it.
const RMTREE: Op = Op::Remove { recursive: true, all: true };

/// Python's calls: names and what each does.
const PYTHON_CALLS: &[(&[&str], Op)] = &[
    (&["shutil.rmtree"], Op::Remove { recursive: true, all: false }),
    (&["os.remove", "os.unlink", "os.rmdir", "os.removedirs"], RM),
    (&["os.rename", "os.replace", "os.renames", "shutil.move"], Op::Move),
    (&["shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copytree", "os.symlink", "shutil.copymode"], Op::Write(1)),
    (&["os.link"], Op::HardLink),
    (&["os.truncate", "os.mkdir", "os.makedirs", "os.chmod", "os.chown", "os.lchown", "os.mkfifo"], Op::Write(0)),
    (&["open", "io.open", "codecs.open", "os.open"], Op::Open),
    (
        &[
            "os.system",
            "os.popen",
            "subprocess.getoutput",
            "subprocess.getstatusoutput",
            "asyncio.create_subprocess_shell",
            "commands.getoutput",
        ],
        Op::Shell,
    ),
    (&["subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output", "subprocess.Popen", "pty.spawn"], Op::Argv),
    // A task runner's context (bound by `read_task`): invoke's `c.run("cmd")`, nox's `session.run("rm", "-rf", …)`.
    (&["invoke.Context.run", "invoke.Context.sudo", "invoke.Context.local"], Op::Shell),
    (&["nox.Session.run", "nox.Session.run_always", "nox.Session.run_install"], Op::Words(0)),
    (&["os.execv", "os.execve", "os.execvp", "os.execvpe", "os.posix_spawn", "os.posix_spawnp"], Op::ProgramList(1)),
    (&["os.spawnv", "os.spawnve", "os.spawnvp", "os.spawnvpe"], Op::ProgramList(2)),
    (&["os.execl", "os.execle", "os.execlp", "os.execlpe", "asyncio.create_subprocess_exec"], Op::Words(1)),
    (&["os.spawnl", "os.spawnle", "os.spawnlp", "os.spawnlpe"], Op::Words(2)),
    (&["exec", "eval", "compile"], Op::Code),
    // `__import__('os')` is `import os`; a computed name is opaque.
    (&["__import__", "importlib.import_module", "importlib.__import__", "builtins.__import__"], Op::Require),
    (
        &["getattr", "setattr", "globals", "vars", "locals", "builtins.getattr", "builtins.exec", "builtins.eval"],
        Op::Opaque("a function reached by a computed name"),
    ),
    (&["pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath"], Op::PathNew),
    (&["pathlib.Path.home", "os.path.expanduser_home"], Op::Home),
    (&["pathlib.Path.cwd", "os.getcwd"], Op::Cwd),
    (
        &["os.path.expanduser", "os.path.abspath", "os.path.realpath", "os.path.normpath", "os.fspath", "str", "os.path.expandvars"],
        Op::Same,
    ),
    (&["os.path.join"], Op::Join),
    (&["os.getenv", "os.environ.get"], Op::Getenv),
];

/// Node's calls: names and what each does.
const NODE_CALLS: &[(&[&str], Op)] = &[
    (&["fs.rmSync", "fs.rm", "fs.rmdirSync", "fs.rmdir", "Deno.remove", "Deno.removeSync"], RM),
    (&["fs.unlinkSync", "fs.unlink"], RM),
    (
        &[
            "fs.removeSync",
            "fs.remove",
            "fs.emptyDirSync",
            "fs.emptyDir",
            "rimraf",
            "rimraf.sync",
            "rimraf.rimraf",
            "rimraf.rimrafSync",
            "shelljs.rm",
        ],
        RMTREE,
    ),
    (
        &[
            "fs.writeFileSync",
            "fs.writeFile",
            "fs.appendFileSync",
            "fs.appendFile",
            "fs.createWriteStream",
            "fs.truncateSync",
            "fs.truncate",
            "fs.mkdirSync",
            "fs.mkdir",
            "fs.outputFileSync",
            "fs.outputFile",
            "fs.chmodSync",
            "fs.chmod",
            "fs.writeJsonSync",
            "fs.writeJson",
            "fs.ensureFileSync",
            "fs.mkdirpSync",
            "Deno.writeTextFile",
            "Deno.writeTextFileSync",
            "Deno.writeFile",
            "Deno.writeFileSync",
            "Deno.mkdir",
            "Deno.mkdirSync",
            "Deno.create",
            "Bun.write",
            "Deno.truncate",
        ],
        Op::Write(0),
    ),
    (&["fs.openSync", "fs.open", "Deno.open", "Deno.openSync"], Op::Open),
    (&["fs.renameSync", "fs.rename", "fs.moveSync", "fs.move", "Deno.rename", "Deno.renameSync", "shelljs.mv"], Op::Move),
    (
        &[
            "fs.cpSync",
            "fs.cp",
            "fs.copyFileSync",
            "fs.copyFile",
            "fs.copySync",
            "fs.copy",
            "fs.symlinkSync",
            "fs.symlink",
            "Deno.copyFile",
            "Deno.copyFileSync",
            "Deno.symlink",
            "shelljs.cp",
        ],
        Op::Write(1),
    ),
    (&["fs.linkSync", "fs.link", "Deno.link", "Deno.linkSync", "fs.promises.link"], Op::HardLink),
    (&["child_process.exec", "child_process.execSync", "shelljs.exec", "execa.execaCommand", "execa.execaCommandSync"], Op::Shell),
    (
        &[
            "child_process.spawn",
            "child_process.spawnSync",
            "child_process.execFile",
            "child_process.execFileSync",
            "execa.execa",
            "execa.execaSync",
            "Deno.Command",
        ],
        Op::ProgramList(1),
    ),
    (&["child_process.fork"], Op::Opaque("a script file run by fork")),
    (&["Bun.spawn", "Bun.spawnSync", "Deno.run"], Op::Argv),
    (&["execSync", "exec"], Op::Shell),
    (&["spawn", "spawnSync", "execFile", "execFileSync", "execa", "execaSync"], Op::ProgramList(1)),
    (&["rmSync", "unlinkSync", "rmdirSync"], RM),
    (&["writeFileSync", "appendFileSync"], Op::Write(0)),
    (&["renameSync"], Op::Move),
    (&["eval", "Function", "vm.runInNewContext", "vm.runInThisContext", "vm.runInContext", "vm.Script"], Op::Code),
    (&["require", "import", "module.require"], Op::Require),
    (
        &["process.binding", "process.dlopen", "Reflect.apply", "Reflect.get", "Reflect.construct", "process._linkedBinding"],
        Op::Opaque("a function reached by a computed name"),
    ),
    (&["os.homedir", "Deno.homeDir"], Op::Home),
    (&["process.cwd", "Deno.cwd"], Op::Cwd),
    (&["path.join", "path.resolve", "path.posix.join"], Op::Join),
    (&["$", "Bun.$"], Op::Shell),
];

/// Ruby's calls: names and what each does.
const RUBY_CALLS: &[(&[&str], Op)] = &[
    (&["rm_rf", "rm_r", "remove_dir", "remove_entry", "remove_entry_secure", "rmtree"], RMTREE),
    (&["rm", "rm_f", "remove", "remove_file", "rmdir", "File.delete", "File.unlink", "Dir.rmdir", "Dir.delete", "Dir.unlink"], RM_ALL),
    (&["mv", "move", "File.rename"], Op::Move),
    (&["cp", "cp_r", "copy", "copy_entry", "copy_file", "install", "ln_s", "ln_sf", "File.symlink"], Op::Write(1)),
    (&["ln", "ln_f", "File.link"], Op::HardLink),
    (
        &[
            "File.write",
            "IO.write",
            "File.binwrite",
            "IO.binwrite",
            "touch",
            "mkdir_p",
            "mkdir",
            "makedirs",
            "mkpath",
            "File.truncate",
            "Dir.mkdir",
        ],
        Op::Write(0),
    ),
    (&["chmod", "chmod_R", "chown", "chown_R", "File.chmod"], Op::Write(1)),
    (&["File.open", "File.new", "open", "Kernel.open"], Op::Open),
    (
        &[
            "system",
            "exec",
            "spawn",
            "Kernel.system",
            "Kernel.exec",
            "Kernel.spawn",
            "Process.spawn",
            "Process.exec",
            "IO.popen",
            "Open3.capture2",
            "Open3.capture2e",
            "Open3.capture3",
            "Open3.popen3",
            "Open3.popen2",
            "Open3.popen2e",
            "PTY.spawn",
            // Rake's (FileUtils') `sh "cmd"`, `sh "rm", "-rf", dir`.
            "sh",
        ],
        Op::Argv,
    ),
    (&["eval", "instance_eval", "class_eval", "module_eval", "Kernel.eval"], Op::Code),
    (
        &[
            "send",
            "public_send",
            "__send__",
            "method",
            "const_get",
            "Object.const_get",
            "Kernel.send",
            "instance_variable_get",
            "define_method",
        ],
        Op::Opaque("a method reached by a computed name"),
    ),
    (&["Dir.home"], Op::Home),
    (&["Dir.pwd", "Dir.getwd"], Op::Cwd),
    (&["File.join"], Op::Join),
    (&["File.expand_path", "File.absolute_path", "File.realpath"], Op::Same),
    (&["ENV.fetch"], Op::Getenv),
    (&["Pathname", "Pathname.new"], Op::PathNew),
];

/// Perl's calls: names and what each does.
const PERL_CALLS: &[(&[&str], Op)] = &[
    (&["unlink", "rmdir"], RM_ALL),
    (&["rmtree", "remove_tree"], RMTREE),
    (&["rename", "move", "mv"], Op::Move),
    (&["copy", "cp", "symlink"], Op::Write(1)),
    (&["link"], Op::HardLink),
    (&["mkdir", "make_path", "mkpath", "truncate"], Op::Write(0)),
    (&["open", "sysopen"], Op::PerlOpen),
    (&["system", "exec"], Op::Argv),
    (&["eval"], Op::Code),
    (&["do", "can"], Op::Opaque("code reached by a computed name")),
];

/// Php's calls: names and what each does.
const PHP_CALLS: &[(&[&str], Op)] = &[
    (&["unlink", "rmdir"], RM),
    (&["file_put_contents", "touch", "mkdir", "chmod", "chown", "tempnam"], Op::Write(0)),
    (&["symlink", "copy"], Op::Write(1)),
    (&["link"], Op::HardLink),
    (&["rename"], Op::Move),
    (&["fopen"], Op::Open),
    (&["system", "exec", "shell_exec", "passthru", "popen", "proc_open"], Op::Shell),
    (&["pcntl_exec"], Op::ProgramList(1)),
    (&["eval", "assert"], Op::Code),
    (
        &[
            "call_user_func",
            "call_user_func_array",
            "create_function",
            "forward_static_call",
            "array_map",
            "array_walk",
            "usort",
            "register_shutdown_function",
        ],
        Op::Opaque("a function called by a computed name"),
    ),
    (&["getenv"], Op::Getenv),
    (&["getcwd"], Op::Cwd),
];

/// Awk's calls: names and what each does.
const AWK_CALLS: &[(&[&str], Op)] = &[(&["system"], Op::Shell)];

/// Whether `program` (a command's first word, without its directory) runs program text it reads.
pub(super) fn is_interpreter(program: &str) -> bool {
    let base = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    matches!(
        base,
        "python" | "perl" | "ruby" | "node" | "php" | "lua" | "tclsh" | "awk" | "gawk" | "mawk" | "nawk" | "Rscript" | "osascript"
    )
}
