//! A package manager's settings file already on disk (`.npmrc`, `.yarnrc.yml`) where it runs or
//! above, with a setting that names a program (`script-shell`, `yarnPath` to anything but a
//! pinned release): every later `npm`, `npx`, `pnpm` or `yarn` runs that program, read at judging
//! time where the manager starts and where an option points it (`--cwd`, `--prefix`, `-C`), for
//! `--help` and `--version` too (yarn runs `yarnPath` before it reads them). Files a command
//! copies, moves or links there with text the analyser cannot see stay unseen when a line is added
//! after. `write` puts the files in place.

use crate::support::Sandbox;

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-settings-on-disk", "confirm", "cd pm && npm run build"),
    ("classes-settings-on-disk", "confirm", "cd pm/sub && npm test"),
    ("classes-settings-on-disk", "confirm", "cd pm && npx jest"),
    ("classes-settings-on-disk", "confirm", "cd pm && pnpm install"),
    ("classes-settings-on-disk", "confirm", "cd yarn-evil && yarn build"),
    ("classes-settings-on-disk", "confirm", "cd yarn-evil && yarn --version"),
    ("classes-settings-on-disk", "confirm", "cd yarn-evil && yarn --help"),
    ("classes-settings-on-disk", "confirm", "yarn --cwd yarn-evil --version"),
    ("classes-settings-on-disk", "confirm", "yarn --cwd=yarn-evil install"),
    ("classes-settings-on-disk", "confirm", "npm --prefix pm run build"),
    ("classes-settings-on-disk", "confirm", "pnpm -C pm --help"),
    ("classes-settings-on-disk", "confirm", "cp pm/.npmrc .npmrc; echo 'save-exact=true' >> .npmrc"),
    ("classes-settings-on-disk", "confirm", "mv notes.txt .npmrc && echo x >> .npmrc && npm test"),
    ("classes-settings-on-disk", "allow", "cd pm-ok && npm run build"),
    ("classes-settings-on-disk", "allow", "cd yarn-pin && yarn build"),
    ("classes-settings-on-disk", "allow", "cd pm && ls -la"),
    ("classes-settings-on-disk", "allow", "cat pm/.npmrc"),
    ("classes-settings-on-disk", "allow", "yarn --help"),
    ("classes-settings-on-disk", "allow", "yarn --cwd yarn-pin --version"),
    ("classes-settings-on-disk", "allow", "npm --prefix pm-ok run build --help"),
    ("classes-settings-on-disk", "allow", "echo 'save-exact=true' >> .npmrc"),
];

pub(super) fn write(env: &Sandbox) {
    env.write("pm/.npmrc", "registry=https://registry.example.com/\nscript-shell=./sh.sh\n");
    env.write("pm/sub/package.json", "{\"scripts\": {\"test\": \"jest\"}}\n");
    env.write("pm-ok/.npmrc", "save-exact=true\n");
    env.write("yarn-evil/.yarnrc.yml", "nodeLinker: pnp\nyarnPath: .yarn/x.cjs\n");
    env.write("yarn-pin/.yarnrc.yml", "nodeLinker: node-modules\nyarnPath: .yarn/releases/yarn-4.1.0.cjs\n");
}
