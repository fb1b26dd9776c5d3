//! Where the system cannot swap two names atomically (macOS before `renamex_np`, BSDs, some file
//! systems), gitvow writes with a plain rename instead. `GITVOW_TEST_NO_EXCHANGE` (debug builds)
//! takes that path on Linux, so that it is proven here too.

use crate::support::Sandbox;

#[test]
fn without_an_atomic_exchange_install_and_uninstall_still_keep_every_byte() {
    let env = Sandbox::with_repo().env("GITVOW_TEST_NO_EXCHANGE", "1");
    let settings = env.write("~/.gemini/settings.json", "{\n  // mine\n  \"model\": {\"name\": \"gemini-2.5-pro\"}\n}\n");
    let codex = env.write("~/.codex/config.toml", "# my codex\nmodel = \"o3\"\n");
    let before = (std::fs::read(&settings).unwrap(), std::fs::read(&codex).unwrap());
    let out = env.run(["install", "--user", "--agent", "gemini,codex", "--yes"]);
    assert_eq!(out.code, 0, "{out:?}");
    let installed = std::fs::read_to_string(&settings).unwrap();
    assert!(
        installed.contains("// mine") && installed.contains("gitvow") && installed.contains("hook --agent gemini BeforeTool"),
        "{installed}"
    );
    let again = env.run(["install", "--user", "--agent", "gemini,codex", "--yes"]);
    assert_eq!(again.code, 0, "{again:?}");
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), installed, "a second run changes nothing");
    let out = env.run(["uninstall", "--user", "--agent", "gemini,codex", "--yes"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!((std::fs::read(&settings).unwrap(), std::fs::read(&codex).unwrap()), before, "uninstall gives back every byte");
}
