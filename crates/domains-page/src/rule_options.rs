//! The "More rules" part of the new-game dialog: every constant of the
//! original program that the board preset does not set, with a label a
//! person can read, read back into checked [`Options`].

use serde_json::{Map, Value};
use tabula_domains::Options;
use tabula_engine::Problem;

use crate::words::{t, tf};

/// The options the dialog lists under "More rules", in order, with the
/// keys of their labels in the page's words. The board preset sets `rows`, `cols` and `rounds`; every other
/// field of [`Options`] is here (a test checks it).
pub const FIELDS: &[(&str, &str)] = &[
    ("max_units", "domains-opt-max-units"),
    ("rounds_per_respawn", "domains-opt-rounds-per-respawn"),
    ("energy_start", "domains-opt-energy-start"),
    ("energy_min", "domains-opt-energy-min"),
    ("energy_max", "domains-opt-energy-max"),
    ("rounds_per_bubble", "domains-opt-rounds-per-bubble"),
    (
        "rounds_per_bubble_move",
        "domains-opt-rounds-per-bubble-move",
    ),
    ("rounds_to_pop", "domains-opt-rounds-to-pop"),
    ("max_bonuses", "domains-opt-max-bonuses"),
    ("max_rounds_per_bonus", "domains-opt-max-rounds-per-bonus"),
    ("bonuses_per_player", "domains-opt-bonuses-per-player"),
    ("ability_size", "domains-opt-ability-size"),
    ("ability_duration", "domains-opt-ability-duration"),
    ("points_per_square", "domains-opt-points-per-square"),
    ("points_per_unit", "domains-opt-points-per-unit"),
    ("points_per_bubble", "domains-opt-points-per-bubble"),
    ("points_per_pop", "domains-opt-points-per-pop"),
];

/// The standard value of every option in [`FIELDS`], as the dialog shows it.
pub fn standard_values() -> Vec<(&'static str, String)> {
    let standard = as_map(&Options::default());
    FIELDS
        .iter()
        .map(|(key, _)| {
            let v = standard.get(*key).map(Value::to_string).unwrap_or_default();
            (*key, v)
        })
        .collect()
}

/// The options of a `size`×`size` board of `rounds` rounds with the
/// values typed in the dialog (`(key, text)` pairs, keys from [`FIELDS`]),
/// or every problem found, each naming the option.
pub fn read_options(
    size: u8,
    rounds: u32,
    values: &[(&str, String)],
) -> Result<Options, Vec<String>> {
    let mut map = as_map(&Options::small(size, rounds));
    let mut problems = Vec::new();
    for (key, text) in values {
        let label = label(key);
        let Ok(n) = text.trim().parse::<u64>() else {
            problems.push(tf(
                "domains-opt-not-number",
                &[("label", &label), ("key", key), ("text", text.trim())],
            ));
            continue;
        };
        let mut one = as_map(&Options::default());
        one.insert((*key).to_string(), Value::from(n));
        if serde_json::from_value::<Options>(Value::Object(one)).is_err() {
            problems.push(tf(
                "domains-opt-too-large",
                &[("label", &label), ("key", key), ("value", &n.to_string())],
            ));
            continue;
        }
        map.insert((*key).to_string(), Value::from(n));
    }
    // The rules' checks run on the values that read (the others standing
    // at their standard values), so every problem is listed at once.
    let options: Options =
        serde_json::from_value(Value::Object(map)).map_err(|e| vec![e.to_string()])?;
    problems.extend(options.check().0.iter().map(|p| in_words(p, &options)));
    if problems.is_empty() {
        Ok(options)
    } else {
        Err(problems)
    }
}

/// The label of option `key` in the page's words (the key itself for an
/// option the dialog does not list).
pub fn label(key: &str) -> String {
    FIELDS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(key.to_string(), |(_, l)| t(l))
}

/// A problem the rules found with the options, in the page's words: its
/// rule says which sentence; the values are those the problem names
/// (`max_units is 0`, `energy_min (30)`), else the options'. A problem of
/// a rule this page does not know keeps the rules' own (English) words.
pub fn in_words(problem: &Problem, options: &Options) -> String {
    let value = |key: &str| {
        named_value(&problem.message, key).unwrap_or_else(|| {
            as_map(options)
                .get(key)
                .map(Value::to_string)
                .unwrap_or_default()
        })
    };
    let named = keys_named(&problem.message);
    match (problem.rule.as_str(), named.as_slice()) {
        ("option-out-of-range", [key]) => {
            let range = problem
                .message
                .rsplit_once("from ")
                .and_then(|(_, r)| r.split_once(" to "));
            if let Some((low, high)) = range {
                return tf(
                    "domains-opt-range",
                    &[
                        ("label", &label(key)),
                        ("key", key),
                        ("value", &value(key)),
                        ("low", low.trim()),
                        ("high", high.trim()),
                    ],
                );
            }
        }
        ("ability-size-even", _) => {
            return tf(
                "domains-opt-odd",
                &[
                    ("label", &label("ability_size")),
                    ("key", "ability_size"),
                    ("value", &value("ability_size")),
                ],
            );
        }
        ("energy-range", _) if problem.message.starts_with("energy_start") => {
            return tf(
                "domains-opt-energy-start-range",
                &[
                    ("start", &value("energy_start")),
                    ("min", &value("energy_min")),
                    ("max", &value("energy_max")),
                ],
            );
        }
        ("energy-range", _) => {
            return tf(
                "domains-opt-energy-order",
                &[("min", &value("energy_min")), ("max", &value("energy_max"))],
            );
        }
        _ => {}
    }
    format!("{}.", problem.message)
}

/// The value a problem message gives option `key`: `key is 4` or
/// `key (4)`.
fn named_value(message: &str, key: &str) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    message.match_indices(key).find_map(|(at, _)| {
        if message[..at].chars().next_back().is_some_and(word) {
            return None;
        }
        let rest = &message[at + key.len()..];
        let rest = rest
            .strip_prefix(" is ")
            .or_else(|| rest.strip_prefix(" ("))?;
        let n: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '-')
            .collect();
        (!n.is_empty()).then_some(n)
    })
}

/// The options a problem message names (to mark their inputs): a key
/// counts only as a whole word, so `rounds_per_bubble` is not found in
/// `rounds_per_bubble_move`.
pub fn keys_named(problem: &str) -> Vec<&'static str> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    FIELDS
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| {
            problem.match_indices(k).any(|(at, _)| {
                let before = problem[..at].chars().next_back();
                let after = problem[at + k.len()..].chars().next();
                !before.is_some_and(word) && !after.is_some_and(word)
            })
        })
        .collect()
}

fn as_map(options: &Options) -> Map<String, Value> {
    match serde_json::to_value(options) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_but_the_board_preset_is_listed_once() {
        let mut keys: Vec<String> = as_map(&Options::default()).keys().cloned().collect();
        keys.retain(|k| !["rows", "cols", "rounds"].contains(&k.as_str()));
        keys.sort();
        let mut listed: Vec<String> = FIELDS.iter().map(|(k, _)| k.to_string()).collect();
        listed.sort();
        assert_eq!(listed, keys);
    }

    #[test]
    fn the_standard_values_read_back_as_the_standard_options() {
        let values = standard_values();
        assert_eq!(read_options(50, 500, &values), Ok(Options::default()));
        assert_eq!(read_options(16, 60, &values), Ok(Options::small(16, 60)));
    }

    #[test]
    fn a_changed_value_is_used() {
        let mut values = standard_values();
        for (k, v) in values.iter_mut() {
            if *k == "max_units" {
                *v = " 4 ".into();
            }
        }
        let o = read_options(16, 60, &values).unwrap();
        assert_eq!(o.max_units, 4);
        assert_eq!(o.rows, 16);
    }

    #[test]
    fn every_problem_is_named() {
        let mut values = standard_values();
        for (k, v) in values.iter_mut() {
            match *k {
                "max_units" => *v = "many".into(),
                "energy_start" => *v = "300".into(),
                "points_per_pop" => *v = "-5".into(),
                _ => {}
            }
        }
        let problems = read_options(50, 500, &values).unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("max_units") && problems[0].contains("“many”"));
        assert!(problems[1].contains("energy_start") && problems[1].contains("too large"));
        assert!(problems[2].contains("points_per_pop")); // With one that does not read, the rules' checks still run.
        let mut values = standard_values();
        for (k, v) in values.iter_mut() {
            match *k {
                "max_units" => *v = "many".into(),
                "ability_size" => *v = "4".into(),
                _ => {}
            }
        }
        let both = read_options(50, 500, &values).unwrap_err();
        assert_eq!(both.len(), 2, "{both:?}");
        assert!(both[1].contains("ability_size is 4"), "{both:?}");
    }

    #[test]
    fn a_problem_marks_the_options_it_names_as_whole_words() {
        assert_eq!(
            keys_named("option rounds_per_bubble_move is 0; it must be from 1 to 1000"),
            vec!["rounds_per_bubble_move"]
        );
        assert_eq!(
            keys_named("energy_min (30) is above energy_max (20)."),
            vec!["energy_min", "energy_max"]
        );
        assert!(keys_named("option rows is 1").is_empty());
    }

    #[test]
    fn every_rule_the_options_break_is_said_in_the_page_s_words() {
        let mut values = standard_values();
        for (k, v) in values.iter_mut() {
            match *k {
                "max_units" => *v = "0".into(),
                "ability_size" => *v = "4".into(),
                "energy_min" => *v = "30".into(),
                "points_per_pop" => *v = "x".into(),
                _ => {}
            }
        }
        crate::words::use_code("de");
        let german = read_options(50, 500, &values).unwrap_err();
        tabula_page_kit::i18n::use_lang(None);
        assert_eq!(
            german,
            [
                "Punkte, wenn eine Blase von selbst platzt (points_per_pop): „x“ ist keine ganze Zahl.",
                "Höchstzahl an Einheiten pro Spieler: max_units ist 0; erlaubt sind Werte von 1 bis 40.",
                "energy_min (30) ist größer als energy_max (20).",
                "energy_start (5) liegt nicht zwischen energy_min (30) und energy_max (20).",
                "Seitenlänge einer Fähigkeitszone (ungerade): ability_size ist 4; der Wert muss ungerade sein, damit die Zone eine Mitte hat.",
            ]
        );
    }

    #[test]
    fn the_values_are_those_the_problem_names() {
        let wrong = Options {
            max_units: 0,
            energy_min: 30,
            ..Options::default()
        };
        let said: Vec<String> = wrong
            .check()
            .0
            .iter()
            .map(|p| in_words(p, &Options::default()))
            .collect();
        assert!(said[0].contains("max_units is 0"), "{said:?}");
        assert!(said[1].contains("(30)"), "{said:?}");
    }

    #[test]
    fn the_rules_checks_run_on_the_values() {
        let mut values = standard_values();
        for (k, v) in values.iter_mut() {
            match *k {
                "ability_size" => *v = "4".into(),
                "energy_min" => *v = "30".into(),
                _ => {}
            }
        }
        let problems = read_options(50, 500, &values).unwrap_err();
        assert!(
            problems.iter().any(|p| p.contains("ability_size is 4")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.contains("energy_min (30) is above energy_max (20)")),
            "{problems:?}"
        );
    }
}
