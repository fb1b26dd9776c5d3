//! Package runners and the program a package provides (`npx pkg`, `uv run cmd`, `python -m mod`).

use super::super::options::{Dashes, OptionWords};
use super::wrappers::skip_options;

/// Package runners: `npx pkg`, `pnpm dlx pkg`, `bundle exec cmd`, `uv run cmd`, `python -m mod`,
/// `busybox applet`, `docker exec box cmd`, `kubectl exec pod -- cmd`, … The index of the program
/// word in `args`; the caller takes its base name, version and scope off (`@scope/pkg@1` → `pkg`).
pub fn runner(name: &str, args: &[String]) -> Option<usize> {
    let first = args.first().map(String::as_str);
    let after = |skip: usize, short: &str, long: &[&str]| -> Option<usize> {
        let rest = args.get(skip..)?;
        let i = skip + skip_options(rest, short, long);
        (i < args.len()).then_some(i)
    };
    match name {
        "npx" | "bunx" | "pnpx" => after(0, "p", &["--package", "--call", "--registry", "--cache", "--userconfig"]),
        "uvx" => after(0, "p", &["--from", "--with", "--python", "--index", "--index-url", "--extra-index-url", "--with-requirements"]),
        "pipx" if first == Some("run") => after(1, "", &["--spec", "--python", "--index-url", "--pip-args"]),
        "npm" if matches!(first, Some("exec" | "x")) => after(1, "c", &["--package", "--call", "--workspace", "-w"]),
        "pnpm" if matches!(first, Some("dlx" | "exec" | "x")) => after(1, "C", &["--package", "--filter", "--dir"]),
        "bun" if matches!(first, Some("x")) => after(1, "", &[]),
        "yarn" if matches!(first, Some("dlx" | "exec")) => after(1, "p", &["--package"]),
        // `yarn npm publish` is npm's command under yarn: the caller reads `npm publish`.
        "yarn" if first == Some("npm") => Some(0),
        "bundle" | "bundler" if first == Some("exec") => after(1, "", &["--gemfile"]),
        "uv" if first == Some("run") => after(
            1,
            "pw",
            &[
                "--with",
                "--python",
                "--project",
                "--directory",
                "--package",
                "--extra",
                "--group",
                "--env-file",
                "--index",
                "--index-url",
                "--with-requirements",
                "--with-editable",
                "--only-group",
            ],
        ),
        "uv" if first == Some("tool") && args.get(1).is_some_and(|a| a == "run") => after(2, "p", &["--from", "--with", "--python"]),
        "poetry" | "pdm" | "hatch" | "rye" | "pipenv" | "tox" if first == Some("run") => {
            after(1, "e", &["--env", "--project", "--directory"])
        }
        // `lerna exec -- cmd`, `pnpm -r exec cmd`: the command, in each package.
        "lerna" if first == Some("exec") => {
            let dd = args.iter().position(|a| a == "--")?;
            (dd + 1 < args.len()).then_some(dd + 1)
        }
        "pnpm" if args.iter().take_while(|a| a.starts_with('-')).count() > 0 => {
            let k = args.iter().position(|a| !a.starts_with('-'))?;
            (args[k] == "exec").then(|| after(k + 1, "", &[])).flatten()
        }
        // corepack runs the package manager it names, at the project's pinned version.
        "corepack" if matches!(first, Some("pnpm" | "pnpx" | "yarn" | "yarnpkg" | "npm" | "npx")) => Some(0),
        // `java -jar tool.jar ARGS`: the tool the jar is (`jenkins-cli.jar` is jenkins-cli).
        "java" => {
            let jar = args.iter().position(|a| a == "-jar")? + 1;
            (jar < args.len() && args[..jar - 1].iter().all(|a| a.starts_with('-'))).then_some(jar)
        }
        "busybox" | "toybox" => (!args.is_empty() && !args[0].starts_with('-')).then_some(0),
        "docker" | "podman" | "nerdctl" if first == Some("exec") => {
            after(1, "euw", &["--env", "--env-file", "--user", "--workdir", "--detach-keys"]).map(|i| i + 1).filter(|i| *i < args.len())
        }
        "docker" | "podman" if first == Some("compose") && args.get(1).is_some_and(|a| a == "exec" || a == "run") => {
            after(2, "euw", &["--env", "--user", "--workdir", "--index", "--entrypoint", "--name", "--volume", "-v"])
                .map(|i| i + 1)
                .filter(|i| *i < args.len())
        }
        "docker-compose" if matches!(first, Some("exec" | "run")) => {
            after(1, "euw", &["--env", "--user", "--workdir", "--index"]).map(|i| i + 1).filter(|i| *i < args.len())
        }
        // `kubectl exec pod -- cmd`: the command is after `--` (older forms put it after the pod).
        "kubectl" | "oc" if args.iter().any(|a| a == "exec") => {
            let dd = args.iter().position(|a| a == "--")?;
            (dd + 1 < args.len()).then_some(dd + 1)
        }
        // Distributions and front-ends that pass their tool's command on under its own name:
        // `k3s kubectl delete …`, `microk8s helm3 uninstall …`, `minikube kubectl -- delete …`,
        // `atmos terraform destroy …`, `atmos helmfile destroy …`.
        "k3s" | "k0s" | "microk8s" | "minikube" | "kind" | "rke2"
            if matches!(first, Some("kubectl" | "helm" | "helm3" | "crictl" | "ctr")) =>
        {
            Some(0)
        }
        "atmos" if matches!(first, Some("terraform" | "helmfile" | "packer")) => Some(0),
        _ => None,
    }
}

/// `cmake -E rm -rf DIR`, `cmake -E chdir DIR cmd…`: cmake's command mode does what a plain
/// program does. The index in `args` of its command word, the program that word stands for, and
/// the options that program needs in front of the operands (`remove_directory` is `rm -r`).
pub fn tool_mode(name: &str, args: &[String]) -> Option<(usize, &'static str, &'static [&'static str])> {
    if name != "cmake" {
        return None;
    }
    let e = args.iter().position(|a| a == "-E")?;
    let (program, options): (&str, &[&str]) = match args.get(e + 1)?.as_str() {
        "rm" | "remove" => ("rm", &[]),
        "remove_directory" => ("rm", &["-r"]),
        "rename" => ("mv", &[]),
        "copy" | "copy_if_different" => ("cp", &[]),
        "copy_directory" | "copy_directory_if_different" => ("cp", &["-r"]),
        "touch" | "touch_nocreate" => ("touch", &[]),
        "make_directory" => ("mkdir", &["-p"]),
        "create_symlink" => ("ln", &["-s"]),
        "create_hardlink" => ("ln", &[]),
        "tar" => ("tar", &[]),
        "cat" => ("cat", &[]),
        "env" => ("env", &[]),
        "time" => ("time", &[]),
        // `cmake -E chdir DIR cmd…` runs cmd in DIR, as `env -C DIR cmd…` does.
        "chdir" => ("env", &["-C"]),
        _ => return None,
    };
    Some((e + 1, program, options))
}

/// A program that starts a shell with the words after its `--` (`capsh --caps=… -- -c 'cmd'` runs
/// `bash -c 'cmd'`): the index of `--`, and the shell it starts (`--shell=PROG`, else bash).
pub fn shell_after_dashes(name: &str, args: &[String]) -> Option<(usize, String)> {
    if name != "capsh" {
        return None;
    }
    let dashes = args.iter().position(|a| a == "--")?;
    let shell = args[..dashes].iter().rev().find_map(|a| a.strip_prefix("--shell=")).unwrap_or("bash");
    Some((dashes, shell.to_string()))
}

/// `python -m mod args`: the index of the module name.
pub fn python_module(args: &[String]) -> Option<usize> {
    let mut words = OptionWords::with(args, Dashes::Word);
    while let Some(a) = words.next() {
        if a == "-m" {
            let i = words.index();
            return (i + 1 < args.len()).then_some(i + 1);
        }
        if a.starts_with("-m") && a.len() > 2 {
            return None;
        }
        if !a.starts_with('-') || a == "-c" || a == "-" {
            return None;
        }
        // `-W arg` and `-X opt` take a value.
        if a == "-W" || a == "-X" {
            words.value();
        }
    }
    None
}

/// `@scope/pkg@1.2` or `pkg@latest` → `pkg`; a path → its base name.
pub fn package_program(word: &str) -> &str {
    // `@scope/name@1.2`: the package's name without its version.
    let package = match word.strip_prefix('@') {
        Some(rest) => rest.split_once('@').map_or(word, |(p, _)| &word[..p.len() + 1]),
        None => word.split('@').next().filter(|b| !b.is_empty()).unwrap_or(word),
    };
    if let Some((_, binary)) = PACKAGE_BINARIES.iter().find(|(p, _)| *p == package) {
        return binary;
    }
    if let Some(program) = crate::agents::program_of_package(package) {
        return program;
    }
    let base = package.rsplit('/').next().unwrap_or(package);
    let base = base.strip_suffix(".jar").unwrap_or(base);
    // `@railway/cli`: a scope's command-line package provides the scope's command.
    match (package.strip_prefix('@').and_then(|p| p.split_once('/')), base) {
        (Some((scope, _)), "cli") => scope,
        _ => base,
    }
}

/// Packages whose command is named otherwise (`npx netlify-cli deploy` runs `netlify deploy`).
const PACKAGE_BINARIES: &[(&str, &str)] = &[
    ("netlify-cli", "netlify"),
    ("firebase-tools", "firebase"),
    ("aws-cdk", "cdk"),
    ("@aws-cdk/cli", "cdk"),
    ("cdktf-cli", "cdktf"),
    ("vercel-cli", "vercel"),
    ("@cloudflare/wrangler", "wrangler"),
    ("@angular/cli", "ng"),
    ("@nestjs/cli", "nest"),
    ("@sentry/cli", "sentry-cli"),
    ("@azure/static-web-apps-cli", "swa"),
    ("@google/clasp", "clasp"),
    ("@changesets/cli", "changeset"),
    ("eas-cli", "eas"),
    ("heroku-cli", "heroku"),
    ("@heroku/cli", "heroku"),
    ("serverless", "serverless"),
    ("@vscode/vsce", "vsce"),
    ("@expo/cli", "expo"),
    ("@apphosting/cli", "firebase"),
    ("@railway/cli", "railway"),
    ("@shopify/cli", "shopify"),
    ("@supabase/cli", "supabase"),
    ("supabase-cli", "supabase"),
    ("prisma", "prisma"),
    ("@prisma/cli", "prisma"),
    ("typeorm", "typeorm"),
    ("sequelize-cli", "sequelize"),
    // Coding agents the agent table has no row for (those with one name their packages there).
    ("@sourcegraph/amp", "amp"),
    ("@charmland/crush", "crush"),
];
