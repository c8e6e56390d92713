//! What the board writes on each square and how the page names seats and
//! directions: one vocabulary for the board, the legend and the panel.
//! Plain functions, tested natively.

use tabula_engine::Seat;
use tabula_page_kit::i18n::{Lang, t, t_in, tf, tn};
use tabula_vector::geometry::SEAT_LETTERS;
use tabula_vector::{Dir, Payee, Square};

/// Each seat's colour as the 2009 viewer drew it (North red, East
/// yellow, South blue, West green): fill and the ink on it.
pub const SEAT_COLOURS: [(&str, &str); 4] = [
    ("#c62828", "#ffffff"),
    ("#f9a825", "#111111"),
    ("#1565c0", "#ffffff"),
    ("#2e7d32", "#ffffff"),
];

/// The boards the page offers, as shipped in `maps/vector/`: (id, text).
pub const BOARDS: [(&str, &str); 3] = [
    ("starter", include_str!("../../../maps/vector/starter.txt")),
    (
        "crossfire",
        include_str!("../../../maps/vector/crossfire.txt"),
    ),
    (
        "gauntlet",
        include_str!("../../../maps/vector/gauntlet.txt"),
    ),
];

/// A board's name, from its `# name:` line (else its id).
pub fn board_name(id: &str, text: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix("# name:"))
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| id.to_string())
}

/// The text of a shipped board by id (`None` for an unknown id).
pub fn board_text(id: &str) -> Option<&'static str> {
    BOARDS.iter().find(|(b, _)| *b == id).map(|(_, t)| *t)
}

/// The arrow of a direction.
pub fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::N => "↑",
        Dir::NE => "↗",
        Dir::E => "→",
        Dir::SE => "↘",
        Dir::S => "↓",
        Dir::SW => "↙",
        Dir::W => "←",
        Dir::NW => "↖",
    }
}

/// The seat's letter (N, E, S, W).
pub fn letter(seat: Seat) -> &'static str {
    SEAT_LETTERS[seat as usize % 4]
}

/// A seat's letter as the page shows it: the first of its name in the
/// page's language (N, E, S, W in English; N, O, S, W in German). The
/// pages' data attributes and the records keep [`letter`].
pub fn shown_letter(seat: Seat) -> String {
    tabula_page_kit::letters::initial(&t(seat_key(seat)))
        .map_or_else(|| letter(seat).to_string(), String::from)
}

fn seat_key(seat: Seat) -> &'static str {
    match seat % 4 {
        0 => "v-north",
        1 => "v-east",
        2 => "v-south",
        _ => "v-west",
    }
}

/// The seat's name in words ("North").
pub fn seat_word(seat: Seat) -> String {
    t(seat_key(seat))
}

/// Whether `name` is the name a seat is given by default: its seat's
/// word, in either language (`North`, `Nord`).
fn default_name(name: &str, seat: Seat) -> bool {
    [Lang::En, Lang::De]
        .into_iter()
        .any(|l| t_in(l, seat_key(seat)).as_deref() == Some(name))
}

/// A seat's name as the page says it: a default name in the page's
/// language (a game begun in English shows `Nord` on the German page).
pub fn seat_name(name: &str, seat: Seat) -> String {
    if default_name(name, seat) {
        seat_word(seat)
    } else {
        name.to_string()
    }
}

/// A seat's name beside its seat's word (`Ann (North)`); a default name
/// is the seat's word alone (never `North (North)`).
pub fn seat_label(name: &str, seat: Seat) -> String {
    if default_name(name, seat) {
        seat_word(seat)
    } else {
        format!("{name} ({})", seat_word(seat))
    }
}

/// The team's name in words ("North and South").
pub fn team_word(seat: Seat) -> String {
    t(if seat.is_multiple_of(2) {
        "v-team-ns"
    } else {
        "v-team-ew"
    })
}

/// A direction in words ("north-east").
pub fn dir_word(d: Dir) -> String {
    t(match d {
        Dir::N => "v-dir-n",
        Dir::NE => "v-dir-ne",
        Dir::E => "v-dir-e",
        Dir::SE => "v-dir-se",
        Dir::S => "v-dir-s",
        Dir::SW => "v-dir-sw",
        Dir::W => "v-dir-w",
        Dir::NW => "v-dir-nw",
    })
}

/// What a square shows on the board: its sign (large) and a note (small;
/// who gets the points, whose turn is lost). Blank squares show nothing.
pub fn square_sign(s: Square) -> (String, String) {
    match s {
        Square::Blank => (String::new(), String::new()),
        Square::Points { value, to, yellow } => {
            let sign = if value > 0 {
                format!("+{value}")
            } else {
                value.to_string()
            };
            let to = match to {
                Payee::All => String::new(),
                Payee::Seat(x) => shown_letter(x),
                Payee::Pair(a, b) => format!("{}{}", shown_letter(a), shown_letter(b)),
            };
            let note = if yellow { format!("{to}★") } else { to };
            (sign, note)
        }
        Square::NoTurn(x) => ("⊘".into(), shown_letter(x)),
        Square::Move { dir, steps } => (format!("{}{steps}", arrow(dir)), String::new()),
    }
}

/// A square's meaning in words, for the hover text and the legend.
pub fn square_words(s: Square) -> String {
    match s {
        Square::Blank => t("v-sq-blank"),
        Square::Points { value, to, yellow } => {
            let who = match to {
                Payee::All => t("v-sq-mover"),
                Payee::Seat(x) => seat_word(x),
                Payee::Pair(a, b) => tf("v-sq-pair", &[("a", &seat_word(a)), ("b", &seat_word(b))]),
            };
            let base = tn("v-sq-points", i64::from(value), &[("who", &who)]);
            if yellow {
                format!("{base} {}", t("v-sq-yellow"))
            } else {
                base
            }
        }
        Square::NoTurn(x) => tf("v-sq-noturn", &[("seat", &seat_word(x))]),
        Square::Move { dir, steps } => {
            tn("v-sq-move", i64::from(steps), &[("dir", &dir_word(dir))])
        }
    }
}

/// What the page kit asks of Vector to say a refused record or link.
pub struct Words;

impl tabula_page_kit::error_words::RulesetWords for Words {
    type Game = tabula_vector::Vector;

    fn rule(e: &tabula_vector::Refusal) -> String {
        e.to_string()
    }

    fn problems(p: &tabula_engine::Problems) -> String {
        p.0.iter()
            .map(|q| match q.line {
                Some(l) => format!("{l}: {}", q.message),
                None => q.message.clone(),
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    /// Every seat pair is told apart without its colours: each seat's
    /// badge carries its letter (issue 44; docs/accessibility.md).
    #[test]
    fn seats_are_told_apart_under_every_colour_vision() {
        let seats: Vec<(&str, &str)> = (0..4u8)
            .map(|s| (super::SEAT_COLOURS[s as usize].0, super::letter(s)))
            .collect();
        let alike = tabula_page_kit::colour_check::seats_alike(&seats, 10.0);
        assert!(alike.is_empty(), "{alike:?}");
    }

    use super::*;

    #[test]
    fn squares_have_signs_and_words() {
        tabula_page_kit::i18n::use_lang(None);
        crate::add_words();
        let p = Square::Points {
            value: 5,
            to: Payee::Pair(0, 1),
            yellow: true,
        };
        assert_eq!(square_sign(p), ("+5".into(), "NE★".into()));
        assert_eq!(
            square_sign(Square::Move {
                dir: Dir::SW,
                steps: 3
            }),
            ("↙3".into(), String::new())
        );
        assert_eq!(square_sign(Square::NoTurn(3)), ("⊘".into(), "W".into()));
        // On the German page the letters are German (Ost: O).
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        assert_eq!(square_sign(p), ("+5".into(), "NO★".into()));
        assert_eq!(shown_letter(1), "O");
        tabula_page_kit::i18n::use_lang(None);
        let words = square_words(p);
        assert!(
            words.contains('5') && words.contains("North") && words.contains("East"),
            "{words}"
        );
        assert!(square_words(Square::NoTurn(2)).contains("South"));
    }

    #[test]
    fn the_shipped_boards_read_and_have_names() {
        for (id, text) in BOARDS {
            assert!(tabula_vector::read_board(text).is_ok(), "{id}");
            assert!(!board_name(id, text).is_empty());
        }
        assert_eq!(board_name("starter", BOARDS[0].1), "Starter");
        assert!(board_text("nowhere").is_none());
    }

    /// A default name (the seat's word, in either language) is said in
    /// the page's language and never twice (`North (North)`); a count of
    /// 1 is singular, in both languages.
    #[test]
    fn default_names_and_counts_read_right_in_both_languages() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        crate::add_words();
        use_lang(Some(Lang::En));
        assert_eq!(seat_label("North", 0), "North");
        assert_eq!(seat_label("Nord", 0), "North");
        assert_eq!(seat_label("Ann", 0), "Ann (North)");
        assert_eq!(seat_label("North", 1), "North (East)");
        let one = Square::Points {
            value: 1,
            to: Payee::All,
            yellow: false,
        };
        let push = Square::Move {
            dir: Dir::E,
            steps: 1,
        };
        assert!(
            square_words(one).starts_with("1 point to"),
            "{}",
            square_words(one)
        );
        assert!(
            square_words(push).contains("1 square east"),
            "{}",
            square_words(push)
        );
        use_lang(Some(Lang::De));
        assert_eq!(seat_label("North", 0), "Nord");
        assert_eq!(seat_name("North", 0), "Nord");
        assert_eq!(seat_name("Ann", 0), "Ann");
        assert_eq!(seat_label("Ann", 2), "Ann (Süd)");
        assert!(
            square_words(one).starts_with("1 Punkt an"),
            "{}",
            square_words(one)
        );
        assert!(
            square_words(push).contains("1 Feld nach"),
            "{}",
            square_words(push)
        );
        use_lang(None);
    }
}
