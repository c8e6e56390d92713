//! Every command's help names the rulesets it serves, and a command asked
//! for a ruleset it does not serve says so in one line.

mod common;

use common::tabula;

const RULESETS: [&str; 4] = ["star-tigris", "domains", "catan", "vector"];

const COMMANDS: [&str; 12] = [
    "play",
    "record",
    "map",
    "apply",
    "bench",
    "arena",
    "tournament",
    "serve",
    "users",
    "client",
    "lesson",
    "import",
];

#[test]
fn every_command_names_its_rulesets_in_its_help() {
    for command in COMMANDS {
        let r = tabula(&[command, "--help"]);
        assert_eq!(r.code, 0, "{command}: {}", r.stderr);
        let about = r.stdout.split("\n\n").next().unwrap_or_default();
        assert!(
            RULESETS.iter().any(|name| about.contains(name)),
            "{command}: {about}"
        );
    }
}

#[test]
fn a_ruleset_a_command_does_not_serve_is_refused_in_one_line() {
    let cases: [(&[&str], &str); 3] = [
        (&["serve", "--ruleset", "domains", "--port", "0"], "domains"),
        (&["client", "--ruleset", "star-tigris"], "star-tigris"),
        (&["import", "catan", "x.txt"], "catan"),
    ];
    for (args, ruleset) in cases {
        let r = tabula(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        let lines: Vec<&str> = r
            .stderr
            .lines()
            .filter(|l| !l.starts_with("(run"))
            .collect();
        assert_eq!(lines.len(), 1, "{args:?}: {}", r.stderr);
        assert!(lines[0].contains(ruleset), "{args:?}: {}", r.stderr);
    }
}
