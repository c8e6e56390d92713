//! Why a game record or link was refused, in the page's language: the
//! engine's errors (the same for every game) told with the site's
//! catalogue. What only the ruleset knows — why its rules refuse an
//! action, what is wrong with its map or setup — is told by the game's
//! page, through [`RulesetWords`]. No English detail of the engine is
//! passed on: each problem is a value, and each value has its sentence.

use tabula_engine::link::{Base64Damage, FragmentError, InflateDamage, LinkError, MoveProblem};
use tabula_engine::record::{FieldProblem, PlayerProblem, StepProblem, step_problem};
use tabula_engine::{Game, GameRecord, Problems, RecordError, Ruleset};

use tabula_engine::limits::{MAX_NAME_CHARS, NameProblem};

use crate::i18n::{t, tf, tn};

/// What a game's page says for its ruleset: why the rules refuse an
/// action, and the problems of a map or setup, in the page's language.
pub trait RulesetWords {
    /// The ruleset.
    type Game: Ruleset;
    /// Why the rules refuse an action (to follow “cannot be played:”).
    fn rule(e: &<Self::Game as Game>::Error) -> String;
    /// Every problem of a map or setup, with its place.
    fn problems(problems: &Problems) -> String;
}

/// A refused record, in plain words, for a page that has no words of its
/// ruleset: a refused action and a bad map are said without their detail.
pub fn record(e: &RecordError) -> String {
    match e {
        RecordError::TooLarge { bytes, limit } => tf(
            "record-too-large",
            &[("bytes", &bytes.to_string()), ("limit", &limit.to_string())],
        ),
        RecordError::Json { line, column, .. } => tf(
            "record-not-json",
            &[("line", &line.to_string()), ("column", &column.to_string())],
        ),
        RecordError::Format(_) => t("record-format"),
        RecordError::Version { found, supported } => tf(
            "record-version",
            &[
                ("found", &found.to_string()),
                ("supported", &supported.to_string()),
            ],
        ),
        RecordError::Ruleset { found, expected } => tf(
            "record-ruleset",
            &[
                ("found", &game_name(found)),
                ("expected", &game_name(expected)),
            ],
        ),
        RecordError::Options { path, what } => options(path, what),
        RecordError::Field { problem, .. } => field(problem),
        RecordError::Setup(_) => t("record-map-bad"),
        RecordError::Step { index, seat, .. } => tf(
            "record-step-refused",
            &[("n", &index.to_string()), ("seat", &seat.to_string())],
        ),
        RecordError::Hash { .. } => t("record-hash"),
    }
}

/// A game as players know it, from the ruleset's name in a record
/// (`star-tigris` is “Star Tigris”); a name no page plays is quoted as
/// the record has it.
pub fn game_name(ruleset: &str) -> String {
    match ruleset {
        "star-tigris" => "Star Tigris".into(),
        "catan" => "Catan".into(),
        "vector" => "Vector".into(),
        "domains" => "Domains".into(),
        other => tf("quoted", &[("text", other)]),
    }
}

/// A refused record in plain words, with what its ruleset's page says of
/// a bad map and of a refused action. `record` is the record refused, when
/// the caller has it: a refused action's reason is found again by
/// replaying it ([`step_problem`]); without it, the action is named but
/// not why.
pub fn record_of<W: RulesetWords>(e: &RecordError, record: Option<&GameRecord>) -> String {
    match e {
        RecordError::Setup(problems) => tf("record-map", &[("why", &W::problems(problems))]),
        RecordError::Step { index, seat, .. } => {
            match record.and_then(|r| step_problem::<W::Game>(r, *index)) {
                Some(p) => step_at(*index, *seat, &step::<W>(&p)),
                None => self::record(e),
            }
        }
        other => self::record(other),
    }
}

/// A refused record's text in plain words: [`record_of`], with the record
/// read again from its text to find a refused action's reason.
pub fn record_text<W: RulesetWords>(e: &RecordError, text: &str) -> String {
    let record = tabula_engine::record::parse_record(text).ok();
    record_of::<W>(e, record.as_ref())
}

/// `action n (seat s) cannot be played: why`.
pub fn step_at(index: usize, seat: u8, why: &str) -> String {
    tf(
        "record-step",
        &[
            ("n", &index.to_string()),
            ("seat", &seat.to_string()),
            ("why", why),
        ],
    )
}

/// Why an action cannot be played, in plain words (to follow “cannot be
/// played:”).
pub fn step<W: RulesetWords>(p: &StepProblem<<W::Game as Game>::Error>) -> String {
    match p {
        StepProblem::NoSuchSeat { seat, seats } => tf(
            "step-no-seat",
            &[("seat", &seat.to_string()), ("seats", &seats.to_string())],
        ),
        StepProblem::Over => t("step-over"),
        StepProblem::NotThisSeat(s) => tf("step-not-this-seat", &[("seat", &s.to_string())]),
        StepProblem::NothingToDecide => t("step-nothing-to-decide"),
        StepProblem::ChancePending => t("step-chance-pending"),
        StepProblem::Unreadable { shown, .. } => tf("step-unreadable", &[("action", shown)]),
        StepProblem::Rules(e) => W::rule(e),
    }
}

/// What is wrong with the options, in plain words: the option it names,
/// whether it is unknown, missing or has a value the game does not take.
pub fn options(path: &str, what: &str) -> String {
    // The engine's plain words name an unknown or missing option in
    // double quotes (`unknown field "turbo" (known fields: …)`).
    let quoted = |prefix: &str| {
        what.strip_prefix(prefix)
            .and_then(|r| r.split_once('"'))
            .map(|(name, _)| {
                if path.is_empty() {
                    name.to_string()
                } else {
                    format!("{path}.{name}")
                }
            })
    };
    if let Some(option) = quoted("unknown field \"") {
        tf("record-option-unknown", &[("option", &option)])
    } else if let Some(option) = quoted("the field \"") {
        tf("record-option-missing", &[("option", &option)])
    } else if path.is_empty() {
        t("record-options-bad")
    } else {
        tf("record-option-bad", &[("option", path)])
    }
}

/// What is wrong with a field of a record, in plain words.
pub fn field(p: &FieldProblem) -> String {
    match p {
        FieldProblem::Missing => t("record-no-version"),
        FieldProblem::SeedTooLarge(seed) => tf(
            "record-seed",
            &[
                ("seed", &seed.to_string()),
                ("max", &tabula_engine::limits::MAX_SEED.to_string()),
            ],
        ),
        FieldProblem::Seats {
            found, min, max, ..
        } => tf(
            "record-seats",
            &[
                ("n", &found.to_string()),
                ("min", &min.to_string()),
                ("max", &max.to_string()),
            ],
        ),
        FieldProblem::Name { seat, problem } => tf(
            "record-seat-name",
            &[("seat", &seat.to_string()), ("why", &name(problem))],
        ),
        FieldProblem::Player { seat, problem } => match problem {
            PlayerProblem::TooLong(_) | PlayerProblem::Control(_) | PlayerProblem::Unknown(_) => {
                tf("record-seat-player", &[("seat", &seat.to_string())])
            }
        },
        FieldProblem::TooManyActions(n) => tn(
            "record-too-many-actions",
            *n as i64,
            &[("max", &tabula_engine::limits::MAX_ACTIONS.to_string())],
        ),
        FieldProblem::Note(_) => t("record-note-bad"),
        FieldProblem::Other(words) => words.clone(),
    }
}

/// Where a text stops being readable JSON, in plain words: `it stops
/// making sense at line 3, column 7` (what the reader expected there is
/// left out: it is said only in English).
pub fn json_at(line: usize, column: usize) -> String {
    tf(
        "json-at",
        &[("line", &line.to_string()), ("column", &column.to_string())],
    )
}

/// Every problem of a game's options and map in the page's words (`words`
/// says one), joined into one sentence.
pub fn problems_joined(
    problems: &Problems,
    words: impl Fn(&tabula_engine::Problem) -> String,
) -> String {
    problems.0.iter().map(words).collect::<Vec<_>>().join("; ")
}

/// Where JSON text read by [`tabula_engine::plain::read_or_why`] went
/// wrong: the line and column of a syntax error, or the field and what is
/// wrong with it.
pub fn json_at_or_path(e: &tabula_engine::plain::Unread) -> String {
    match e.at {
        Some((line, column)) => json_at(line, column),
        None => tf("json-field", &[("field", &e.path), ("what", &e.what)]),
    }
}

/// A character as people can read it whatever it is (`U+001B`).
fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// Why a name is refused (a player's, a map's, a bot's), in plain words.
pub fn name(p: &NameProblem) -> String {
    match p {
        NameProblem::Empty => t("name-empty"),
        NameProblem::TooLong(n) => tn(
            "name-too-long",
            *n as i64,
            &[("max", &MAX_NAME_CHARS.to_string())],
        ),
        NameProblem::Control(c) => tf("name-control", &[("char", &code_point(*c))]),
        NameProblem::TurnsText(c) => tf("name-turns-text", &[("char", &code_point(*c))]),
    }
}

/// Why a link's data does not unpack, in plain words.
pub fn link(e: &LinkError) -> String {
    match e {
        LinkError::TooLong(n) => tn(
            "link-too-long",
            *n as i64,
            &[("max", &tabula_engine::link::MAX_LINK_CHARS.to_string())],
        ),
        LinkError::Base64(Base64Damage::Character { at, found }) => tf(
            "link-bad-character",
            &[("at", &at.to_string()), ("char", &code_point(*found))],
        ),
        LinkError::Base64(Base64Damage::Length) => t("link-bad-length"),
        LinkError::Base64(Base64Damage::End) => t("link-bad-end"),
        LinkError::Inflate(InflateDamage::CutShort) => t("link-cut-short"),
        LinkError::Inflate(InflateDamage::Altered) => t("link-altered"),
        LinkError::TooLarge => tf(
            "link-too-large",
            &[("max", &tabula_engine::limits::MAX_RECORD_BYTES.to_string())],
        ),
        LinkError::NotText => t("link-not-text"),
    }
}

/// Why the game of a `#game=…` link cannot be read, in plain words.
pub fn fragment<W: RulesetWords>(e: &FragmentError) -> String {
    match e {
        FragmentError::Link(l) => link(l),
        FragmentError::Moves { line, column, .. } => tf(
            "link-moves-unreadable",
            &[("line", &line.to_string()), ("column", &column.to_string())],
        ),
        FragmentError::Record(r) => record_of::<W>(r, None),
        FragmentError::Move {
            index,
            seat,
            problem,
        } => step_at(*index, *seat, &move_problem(problem)),
    }
}

/// What is wrong with a move of a link's move list, in plain words.
fn move_problem(p: &MoveProblem) -> String {
    match p {
        MoveProblem::EndsAfterSeat => t("move-ends-after-seat"),
        MoveProblem::AfterEnd => t("move-after-end"),
        MoveProblem::ChancePending => t("step-chance-pending"),
        MoveProblem::NoSuchMove { pick, legal } => tf(
            "move-no-such",
            &[("pick", &pick.to_string()), ("n", &legal.to_string())],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, use_lang};
    use tabula_engine::link::unpack;

    /// Words that show English left in a German sentence.
    const ENGLISH: [&str; 12] = [
        " the ", " is ", " not ", " cannot ", "action ", "seat ", " has ", " of ", "link",
        " option", " move", " game",
    ];

    fn german(f: impl FnOnce() -> String) -> String {
        use_lang(Some(Lang::De));
        let s = f();
        use_lang(None);
        for w in ENGLISH {
            assert!(!s.contains(w), "English {w:?} in {s:?}");
        }
        s
    }

    #[test]
    fn record_errors_are_said_without_english() {
        let s = german(|| {
            record(&RecordError::Step {
                index: 7,
                seat: 1,
                reason: "it is seat 0's move, not this seat's".into(),
            })
        });
        assert_eq!(s, "Aktion 7 (Platz 1) lässt sich nicht spielen");
        let s = german(|| {
            options(
                "",
                "unknown field \"turbo\" (known fields: \"open_scores\")",
            )
        });
        assert!(s.contains("„turbo“"), "{s}");
        let s = german(|| options("rows", "the number 300 is not a whole number from 0 to 255"));
        assert!(s.contains("„rows“"), "{s}");
        let s = german(|| {
            field(&FieldProblem::Name {
                seat: 1,
                problem: NameProblem::Control('\u{1b}'),
            })
        });
        assert!(s.contains("Platz 1") && s.contains("U+001B"), "{s}");
        let s = german(|| {
            field(&FieldProblem::Seats {
                found: 7,
                ruleset: "star-tigris".into(),
                min: 2,
                max: 4,
            })
        });
        assert!(s.contains('7') && s.contains("2 bis 4"), "{s}");
    }

    #[test]
    fn another_game_s_record_is_named_as_players_know_it() {
        let e = RecordError::Ruleset {
            found: "star-tigris".into(),
            expected: "vector".into(),
        };
        assert_eq!(
            record(&e),
            "it is a saved game of Star Tigris, not of Vector"
        );
        assert_eq!(
            german(|| record(&e)),
            "Das ist ein gespeichertes Spiel von Star Tigris, nicht von Vector"
        );
        let odd = RecordError::Ruleset {
            found: "chess".into(),
            expected: "catan".into(),
        };
        assert_eq!(record(&odd), "it is a saved game of “chess”, not of Catan");
    }

    #[test]
    fn damaged_links_are_said_without_english() {
        for data in ["ab$d", "AAAA", "A"] {
            let e = unpack(data).unwrap_err();
            let s = german(|| link(&e));
            assert!(s.starts_with("Dieser Link ist beschädigt"), "{data}: {s}");
        }
        let s = german(|| link(&unpack("ab$d").unwrap_err()));
        assert!(s.contains("Zeichen 3 (U+0024)"), "{s}");
        // In English the page says what the engine says.
        for data in ["A", "AAAA"] {
            let e = unpack(data).unwrap_err();
            assert_eq!(link(&e), e.to_string());
        }
    }

    #[test]
    fn names_are_refused_in_the_page_s_words() {
        for (p, de) in [
            (NameProblem::Empty, "der Name ist leer"),
            (
                NameProblem::TooLong(41),
                "der Name hat 41 Zeichen; erlaubt sind höchstens 40",
            ),
        ] {
            assert_eq!(german(|| name(&p)), de);
            assert_eq!(name(&p), p.to_string(), "English says what the engine says");
        }
    }
}
