use super::{CodeEffect, Language, Language::*, read};

fn rm(path: &str, recursive: bool) -> CodeEffect {
    CodeEffect::Remove { path: path.into(), recursive }
}
fn write(path: &str) -> CodeEffect {
    CodeEffect::Write { path: path.into() }
}
fn mv(from: &str, to: &str) -> CodeEffect {
    CodeEffect::Move { from: from.into(), to: to.into() }
}
fn run(command: &str) -> CodeEffect {
    CodeEffect::Run { command: command.into() }
}
fn opaque(lang: Language, text: &str) -> bool {
    read(lang, text).iter().any(|e| matches!(e, CodeEffect::Opaque { .. }))
}

#[test]
fn python_removals_writes_and_moves() {
    assert_eq!(read(Python, "import shutil; shutil.rmtree('/opt/data')"), [rm("/opt/data", true)]);
    assert_eq!(read(Python, "import shutil as sh\nsh.rmtree(\"/srv\")"), [rm("/srv", true)]);
    assert_eq!(read(Python, "from shutil import rmtree as r; r('/x')"), [rm("/x", true)]);
    assert_eq!(read(Python, "import os; os.remove('a.txt'); os.unlink(\"b\")"), [rm("a.txt", false), rm("b", false)]);
    assert_eq!(read(Python, "import os; os.rename('a', 'b')"), [mv("a", "b")]);
    assert_eq!(read(Python, "open('/etc/hosts', 'w').write('x')"), [write("/etc/hosts")]);
    assert_eq!(read(Python, "open('out.txt', mode='a')"), [write("out.txt")]);
    assert!(read(Python, "print(open('/etc/hosts').read())").is_empty());
    assert_eq!(read(Python, "import shutil; shutil.copy('a', '/usr/bin/x')"), [write("/usr/bin/x")]);
    assert_eq!(read(Python, "from pathlib import Path; Path('/x/y').unlink()"), [rm("/x/y", false)]);
    assert_eq!(read(Python, "import pathlib; pathlib.Path('p.json').write_text('{}')"), [write("p.json")]);
    assert_eq!(read(Python, "from pathlib import Path; (Path.home() / '.bashrc').write_text('x')"), [write("~/.bashrc")]);
    assert_eq!(read(Python, "from pathlib import Path; Path('a').rename('b')"), [mv("a", "b")]);
}

#[test]
fn python_home_spellings_and_joins() {
    for text in [
        "import os,shutil; shutil.rmtree(os.path.expanduser('~'))",
        "import os,shutil; shutil.rmtree(os.environ['HOME'])",
        "import os,shutil; shutil.rmtree(os.getenv('HOME'))",
        "import os,shutil; shutil.rmtree(os.environ.get('HOME'))",
        "import shutil; from pathlib import Path; shutil.rmtree(Path.home())",
    ] {
        assert_eq!(read(Python, text), [rm("~", true)], "{text}");
    }
    assert_eq!(read(Python, "import os,shutil; shutil.rmtree(os.path.join(os.environ['HOME'], 'work'))"), [rm("~/work", true)]);
    assert_eq!(read(Python, "import os; os.remove(os.environ['HOME'] + '/.gitvow/policy.json')"), [rm("~/.gitvow/policy.json", false)]);
    assert_eq!(read(Python, "import os; h = os.path.expanduser('~'); os.remove(f'{h}/.bashrc')"), [rm("~/.bashrc", false)]);
    assert_eq!(read(Python, "import shutil; d = '/opt/data'; shutil.rmtree(d)"), [rm("/opt/data", true)]);
}

#[test]
fn python_processes() {
    assert_eq!(read(Python, "import os; os.system('git push -f')"), [run("git push -f")]);
    assert_eq!(read(Python, "import subprocess; subprocess.run(['git', 'push', '--force'])"), [run("git push --force")]);
    assert_eq!(read(Python, "import subprocess as s; s.check_call(['rm', '-rf', 'my dir'])"), [run("rm -rf 'my dir'")]);
    assert_eq!(read(Python, "import subprocess; subprocess.Popen('rm -rf /', shell=True)"), [run("rm -rf /")]);
    assert_eq!(read(Python, "import os; os.execvp('rm', ['rm', '-rf', '/x'])"), [run("rm -rf /x")]);
    assert_eq!(read(Python, "import os; os.execl('/bin/rm', 'rm', '-rf', '/x')"), [run("/bin/rm -rf /x")]);
    assert_eq!(read(Python, "import pty; pty.spawn(['bash', '-c', 'rm -rf ~'])"), [run("bash -c 'rm -rf ~'")]);
    assert_eq!(read(Python, "exec(\"import os; os.system('reboot')\")"), [run("reboot")]);
    // A module imported by its literal name is that module.
    assert_eq!(read(Python, "__import__('os').system('ls')"), [run("ls")]);
    assert_eq!(read(Python, "import importlib; importlib.import_module('subprocess').run(['make', 'test'])"), [run("make test")]);
}

#[test]
fn python_computed_and_obfuscated_is_opaque() {
    for text in [
        "import shutil, sys; shutil.rmtree(sys.argv[1])",
        "import os; [os.remove(f) for f in os.listdir('.')]",
        "import shutil; getattr(shutil, 'rmtree')('/x')",
        "import os; f = os.remove; list(map(os.remove, ['a']))",
        "import os; os.system(input())",
        "import subprocess; subprocess.run(cmd)",
        "exec(bytes.fromhex('6f73').decode())",
        "import importlib; importlib.import_module(name).system('x')",
        "__import__(sys.argv[1]).rmtree('/x')",
        "from pathlib import Path; p = Path(x); p.unlink()",
    ] {
        assert!(opaque(Python, text), "{text}: {:?}", read(Python, text));
    }
}

#[test]
fn python_computation_and_reads_give_nothing() {
    for text in [
        "print(1 + 2)",
        "import json,sys; print(json.load(sys.stdin)['name'])",
        "print(open('README.md').read())",
        "import os; print(os.listdir('.'), os.path.exists('/etc'))",
        "s = 'a-b'.replace('-', '_'); print(s)",
        "import sys; print(sys.version)",
        "import platform; print(platform.system())",
        "x = [1, 2]; x.remove(1); print(x)",
        "print('shutil.rmtree(\"/\")')",
        "# os.system('rm -rf /')\nprint('hi')",
        "from pathlib import Path; print(Path('a').read_text())",
    ] {
        assert_eq!(read(Python, text), [], "{text}");
    }
}

#[test]
fn node_fs_and_child_process() {
    assert_eq!(read(Node, "require('fs').rmSync(process.env.HOME,{recursive:true})"), [rm("~", true)]);
    assert_eq!(read(Node, "const fs = require('node:fs'); fs.unlinkSync('/tmp/x')"), [rm("/tmp/x", false)]);
    assert_eq!(read(Node, "const {rmSync} = require('fs'); rmSync('/srv', {recursive: true, force: true})"), [rm("/srv", true)]);
    assert_eq!(read(Node, "const {writeFileSync: w} = require('fs'); w('.gitvow/policy.json', '{}')"), [write(".gitvow/policy.json")]);
    assert_eq!(read(Node, "import fs from 'fs'; fs.writeFileSync(`${process.env.HOME}/.bashrc`, 'x')"), [write("~/.bashrc")]);
    assert_eq!(read(Node, "import {rm} from 'fs/promises'; await rm('/x', {recursive: true})"), [rm("/x", true)]);
    assert_eq!(read(Node, "require('fs').promises.rm('/y')"), [rm("/y", false)]);
    assert_eq!(
        read(Node, "const os=require('os'),path=require('path'); require('fs').rmSync(path.join(os.homedir(),'work'),{recursive:true})"),
        [rm("~/work", true)]
    );
    assert_eq!(read(Node, "require('fs').renameSync('a','b')"), [mv("a", "b")]);
    assert_eq!(read(Node, "require('child_process').execSync('git push -f')"), [run("git push -f")]);
    assert_eq!(
        read(Node, "const {spawnSync} = require('child_process'); spawnSync('git', ['push', '--force'])"),
        [run("git push --force")]
    );
    assert_eq!(read(Node, "const cp = require('child_process'); cp.exec(\"rm -rf ~\", () => {})"), [run("rm -rf ~")]);
    assert_eq!(read(Node, "Bun.spawn(['rm', '-rf', '/x'])"), [run("rm -rf /x")]);
    assert_eq!(read(Node, "new Deno.Command('git', {args: ['push', '-f']}).outputSync()"), [run("git push -f")]);
    assert_eq!(read(Node, "await Deno.remove('/x', {recursive: true})"), [rm("/x", true)]);
    assert_eq!(read(Node, "require('rimraf').sync('/srv/www')"), [rm("/srv/www", true)]);
    assert_eq!(read(Node, "await Bun.$`rm -rf /x`"), [run("rm -rf /x")]);
}

#[test]
fn node_computed_and_obfuscated_is_opaque() {
    for text in [
        "require('f'+'s').rmSync('/x')",
        "require('fs').rmSync(process.argv[2], {recursive:true})",
        "eval(atob('cm0='))",
        "require('child_process').execSync(process.env.CMD)",
        "const fs = require('fs'); [1].forEach(fs.unlinkSync)",
        "const m = 'child_process'; require(m).execSync('ls')",
    ] {
        assert!(opaque(Node, text), "{text}: {:?}", read(Node, text));
    }
}

/// A name built from literals is still known: the call it reaches is read.
#[test]
fn names_built_from_literals_are_followed() {
    assert_eq!(read(Node, "const fs=require('fs'); fs['rm'+'Sync']('/x')"), [rm("/x", false)]);
    assert_eq!(read(Python, "import os; os.system('git ' + 'push -f')"), [run("git push -f")]);
}

#[test]
fn node_computation_and_reads_give_nothing() {
    for text in [
        "console.log(1+2)",
        "console.log(require('fs').readFileSync('package.json','utf8'))",
        "const p = require('./package.json'); console.log(p.version)",
        "console.log(/a(b)/.exec('ab'), 'x'.replace(/x/g, 'y'))",
        "console.log(JSON.stringify({a: 1}))",
        "console.log(process.version, require('os').platform())",
        "// require('fs').rmSync('/')\nconsole.log('ok')",
    ] {
        assert_eq!(read(Node, text), [], "{text}");
    }
}

#[test]
fn ruby_perl_php_awk() {
    assert_eq!(read(Ruby, r#"FileUtils.rm_r(ENV["HOME"])"#), [rm("~", true)]);
    assert_eq!(read(Ruby, "require 'fileutils'; FileUtils.rm_rf Dir.home"), [rm("~", true)]);
    assert_eq!(read(Ruby, "FileUtils.rm_rf(File.join(Dir.home, 'work'))"), [rm("~/work", true)]);
    assert_eq!(read(Ruby, "File.write('.gitvow/policy.json', '{}')"), [write(".gitvow/policy.json")]);
    assert_eq!(read(Ruby, "system('git', 'push', '-f')"), [run("git push -f")]);
    assert_eq!(read(Ruby, "puts `git push -f`"), [run("git push -f")]);
    assert_eq!(read(Ruby, "%x(rm -rf /x)"), [run("rm -rf /x")]);
    assert_eq!(read(Ruby, "Dir.rmdir('/x'); File.delete('a', 'b')"), [rm("/x", false), rm("a", false), rm("b", false)]);
    assert_eq!(read(Ruby, "h = \"#{Dir.home}/.bashrc\"; File.open(h, 'a') { |f| f.puts 'x' }"), [write("~/.bashrc")]);
    assert!(opaque(Ruby, "Kernel.send(:system, 'ls')"));
    assert!(opaque(Ruby, "FileUtils.rm_rf(ARGV[0])"));
    assert_eq!(read(Ruby, "puts [1, 2].map { |x| x * 2 }.inspect"), []);

    assert_eq!(read(Perl, r#"unlink "$ENV{HOME}/.bashrc""#), [rm("~/.bashrc", false)]);
    assert_eq!(read(Perl, "use File::Path qw(rmtree); rmtree('/srv')"), [rm("/srv", true)]);
    assert_eq!(read(Perl, "use File::Path 'remove_tree'; remove_tree($ENV{HOME})"), [rm("~", true)]);
    assert_eq!(read(Perl, "rename 'a', 'b'"), [mv("a", "b")]);
    assert_eq!(read(Perl, "open(my $fh, '>', '/etc/hosts') or die"), [write("/etc/hosts")]);
    assert_eq!(read(Perl, r#"open(FH, ">>log.txt")"#), [write("log.txt")]);
    assert_eq!(read(Perl, r#"system("git push -f")"#), [run("git push -f")]);
    assert_eq!(read(Perl, "print `rm -rf /x`; qx{git push -f}"), [run("rm -rf /x"), run("git push -f")]);
    assert!(opaque(Perl, "unlink $ARGV[0]"));
    assert_eq!(read(Perl, r#"print "hello\n"; my %h = (a => 1); print $h{a}"#), []);
    assert_eq!(read(Perl, "while (<>) { s/foo/bar/g; print }"), []);

    assert_eq!(read(Php, "unlink(getenv('HOME') . '/.bashrc');"), [rm("~/.bashrc", false)]);
    assert_eq!(read(Php, "file_put_contents('.gitvow/policy.json', '{}');"), [write(".gitvow/policy.json")]);
    assert_eq!(read(Php, r#"system("git push -f"); echo `ls`;"#), [run("git push -f"), run("ls")]);
    assert_eq!(read(Php, "rename('a', 'b');"), [mv("a", "b")]);
    assert!(opaque(Php, "$f = 'unlink'; $f('/x');"));
    assert!(opaque(Php, "call_user_func('system', 'ls');"));
    assert_eq!(read(Php, "echo json_encode(['a' => 1]);"), []);

    assert_eq!(read(Awk, r#"BEGIN { system("rm -rf /x") }"#), [run("rm -rf /x")]);
    assert_eq!(read(Awk, r#"{ print $1 > "/etc/hosts" }"#), [write("/etc/hosts")]);
    assert!(opaque(Awk, r#"{ print | "sh" }"#));
    assert_eq!(read(Awk, r#"{ print $1 | "sort -u" }"#), [run("sort -u")]);
    assert_eq!(read(Awk, r#"BEGIN { print "rm -rf /x" | "/bin/bash -s" }"#), [run("/bin/bash -s"), run("rm -rf /x")]);
    assert!(opaque(Awk, r#"BEGIN { printf "rm -rf %s\n", ENVIRON["HOME"] | "sh" }"#));
    assert!(opaque(Awk, r#"{ print "import os" | "python3" }"#));
    // Values side by side are joined, whatever computed them; a newline in a block ends a statement.
    assert_eq!(read(Awk, r#"BEGIN { system("rm -rf " ENVIRON["HOME"]) }"#), [run("rm -rf ~")]);
    assert_eq!(read(Awk, r#"BEGIN{cmd="rm -rf "; system(cmd "/srv")}"#), [run("rm -rf /srv")]);
    assert_eq!(read(Awk, "BEGIN {\n  cmd = \"git \" \"push -f\"\n  system(cmd)\n}"), [run("git push -f")]);
    assert!(opaque(Awk, r#"{ system("rm " $1) }"#));
    assert!(opaque(Awk, r#"{ ("ls " $1) | getline x }"#));
    assert_eq!(read(Awk, r#"{ print $1 " " $2 > "out.txt" }"#), [write("out.txt")]);
    assert_eq!(read(Awk, r#"NR > 1 { s = s $2 "," } END { if (s) print s; else print "none" }"#), []);
    assert_eq!(read(Awk, r#"BEGIN { "date" | getline d; print d }"#), [run("date")]);
    assert!(opaque(Awk, "{ system($0) }"));
    assert_eq!(read(Awk, "$3 > 10 { print $1 }"), []);
    assert_eq!(read(Awk, "{ print $1, $2 }"), []);
}

#[test]
fn escapes_and_quotes() {
    assert_eq!(read(Python, r"import shutil; shutil.rmtree('\x2fopt')"), [rm("/opt", true)]);
    assert_eq!(read(Python, "import shutil; shutil.rmtree('/o' 'pt')").len(), 1);
    assert_eq!(read(Python, r#"import os; os.system("echo \"hi\"; rm -rf /x")"#), [run("echo \"hi\"; rm -rf /x")]);
    assert_eq!(read(Node, r"require('fs').rmSync('\u002fsrv')"), [rm("/srv", false)]);
    assert_eq!(read(Python, "import os; os.system('''git push -f''')"), [run("git push -f")]);
    assert_eq!(read(Python, "import shutil; shutil.rmtree(r'/a\\b')"), [rm("/a\\b", true)]);
}

#[test]
fn hostile_input_is_bounded() {
    let deep = "(".repeat(100_000);
    assert!(opaque(Python, &deep));
    let wide = "os.system('x');".repeat(20_000);
    // Speed is bench/gate-worst.sh's to measure; these bounds only catch a runaway (quadratic)
    // reader, loose enough for a loaded two-core CI machine running a debug build.
    let start = std::time::Instant::now();
    let effects = read(Python, &format!("import os\n{wide}"));
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    assert_eq!(effects, [run("x")]);
    let big = format!("import os\nos.system('{}')\n{}", "x".repeat(128 << 10), "print(1 + 2);".repeat(9000));
    let start = std::time::Instant::now();
    read(Python, &big);
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    let many: String = (0..20_000).map(|i| format!("os.remove('f{i}');")).collect();
    assert!(opaque(Python, &format!("import os\n{many}")));
    for lang in [Python, Node, Perl, Ruby, Php, Awk] {
        for junk in ["'", "\"", "`", "${", "#{", "q(", "%w[", "f'{", "/", "\\", "{{{{", "]]]", "\u{10ffff}'"] {
            let _ = read(lang, junk);
        }
    }
}
