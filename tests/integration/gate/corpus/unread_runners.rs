//! Task runners whose task files the analyser does not read (Gradle and its generated wrapper, sbt, Leiningen, Babashka,
//! Grunt, mask, Earthly, moon, Maven's exec goals, `nix run` of the project's flake, run-parts): a
//! task the project's files define asks; the tool's own tasks pass. `write` puts the files in
//! `unread/`.

use crate::support::Sandbox;

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-unread-runners", "allow", "cd unread && gradle build"),
    ("classes-unread-runners", "allow", "gradle -p unread test --info"),
    ("classes-unread-runners", "allow", "cd unread && gradle :app:test"),
    ("classes-unread-runners", "confirm", "cd unread && gradle wipeShop"),
    ("classes-unread-runners", "confirm", "gradle -p unread :app:wS"),
    ("classes-unread-runners", "confirm", "cd unread && gradle -q copyDocs"),
    ("classes-unread-runners", "allow", "cd unread && ./gradlew build"),
    ("classes-unread-runners", "allow", "cd unread && ./gradlew :app:testDebugUnitTest --stacktrace"),
    ("classes-unread-runners", "confirm", "cd unread && ./gradlew wipeShop"),
    ("classes-unread-runners", "deny", "cd unread && tools/gradlew build"),
    ("classes-unread-runners", "allow", "cd unread && sbt compile test"),
    ("classes-unread-runners", "confirm", "cd unread && sbt wipeShop"),
    ("classes-unread-runners", "confirm", "cd unread && sbt ';clean;wipeShop'"),
    ("classes-unread-runners", "allow", "cd unread && lein test"),
    ("classes-unread-runners", "confirm", "cd unread && lein nuke"),
    ("classes-unread-runners", "confirm", "cd unread && lein do clean, nuke"),
    ("classes-unread-runners", "allow", "cd unread && bb tasks"),
    ("classes-unread-runners", "confirm", "cd unread && bb wipe"),
    ("classes-unread-runners", "confirm", "cd unread && bb run lint"),
    ("classes-unread-runners", "allow", "cd unread && grunt --help"),
    ("classes-unread-runners", "confirm", "cd unread && grunt clobber"),
    ("classes-unread-runners", "allow", "cd unread && mvn -q test"),
    ("classes-unread-runners", "confirm", "cd unread && mvn -q exec:exec@wipe"),
    ("classes-unread-runners", "allow", "nix run nixpkgs#hello"),
    ("classes-unread-runners", "confirm", "cd unread && nix run .#wipe"),
    ("classes-unread-runners", "confirm", "cd unread && earthly +wipe"),
    ("classes-unread-runners", "confirm", "cd unread && moon run app:clean"),
    ("classes-unread-runners", "allow", "run-parts --test unread/hooks.d"),
    ("classes-unread-runners", "confirm", "run-parts unread/hooks.d"),
];

/// Gradle's generated wrapper script (Apache-2.0, as the React Native template ships it).
const GRADLEW: &str = include_str!("../../../fixtures/gradle/gradlew");

/// The runners' files the cases read (never run).
pub(super) fn write(env: &Sandbox) {
    env.write("unread/gradlew", GRADLEW);
    // The same wrapper with one line added is read as the script it is.
    env.write("unread/tools/gradlew", format!("{GRADLEW}rm -rf ~\n"));
    env.write(
        "unread/build.gradle",
        "plugins { id 'java' }\ntest { useJUnitPlatform() }\ntasks.register('copyDocs', Copy) { from 'docs'; into 'build/docs' }\n",
    );
    env.write("unread/settings.gradle", "rootProject.name = 'shop'\ninclude 'app'\n");
    env.write(
        "unread/app/build.gradle.kts",
        "val wipeShop by tasks.registering(Delete::class) {\n    delete(System.getProperty(\"user.home\") + \"/src\")\n}\n",
    );
    env.write(
        "unread/build.sbt",
        "lazy val wipeShop = taskKey[Unit](\"wipes the shop\")\nwipeShop := { IO.delete(file(sys.props(\"user.home\")) / \"src\") }\n",
    );
    env.write(
        "unread/project.clj",
        "(defproject shop \"0.1.0\"\n  :dependencies [[org.clojure/clojure \"1.11.1\"]]\n  :aliases {\"nuke\" [\"run\" \"-m\" \"shop.nuke\"]})\n",
    );
    env.write(
        "unread/bb.edn",
        "{:tasks {wipe (shell \"rm -rf\" (System/getProperty \"user.home\"))\n         lint (shell \"clj-kondo --lint src\")}}\n",
    );
    env.write(
        "unread/Gruntfile.js",
        "module.exports = function (grunt) {\n  grunt.initConfig({ clean: { shop: ['../../shop'] } });\n  grunt.registerTask('clobber', ['clean']);\n};\n",
    );
    env.write("unread/pom.xml", "<project><modelVersion>4.0.0</modelVersion><artifactId>shop</artifactId></project>\n");
    env.write("unread/hooks.d/10-clean", "#!/bin/sh\nrm -rf \"$HOME/src\"\n");
}
