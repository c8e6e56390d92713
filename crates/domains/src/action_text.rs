//! Orders written as text, for `tabula apply` and scenario files:
//! `move 3 up-left`, `attack 3 right`, `ability 3`, `end`.
//!
//! The words are the rules document's: a unit by its number (the `id` of
//! the setup format), a direction as `none`, `up`, `down`, `left`, `right`
//! or two of them joined by a hyphen (`up-left`, `down-right`).

use std::fmt;
use std::str::FromStr;

use crate::board::Dir;
use crate::rules::Action;

impl Dir {
    /// The direction's word in the text form (`up-left`).
    pub fn word(self) -> &'static str {
        match self {
            Dir::None => "none",
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
            Dir::UpLeft => "up-left",
            Dir::UpRight => "up-right",
            Dir::DownLeft => "down-left",
            Dir::DownRight => "down-right",
        }
    }

    /// The direction a word names (`up-left`; `up_left` is read too).
    pub fn from_word(word: &str) -> Option<Dir> {
        let word = word.to_ascii_lowercase().replace('_', "-");
        Dir::ALL.into_iter().find(|d| d.word() == word)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { unit, dir } => write!(f, "move {unit} {}", dir.word()),
            Action::Attack { unit, dir } => write!(f, "attack {unit} {}", dir.word()),
            Action::Ability { unit } => write!(f, "ability {unit}"),
            Action::End => f.write_str("end"),
        }
    }
}

fn unit(word: &str) -> Result<u16, String> {
    word.parse()
        .map_err(|_| format!("`{word}` is not a unit number"))
}

fn dir(word: &str) -> Result<Dir, String> {
    Dir::from_word(word).ok_or_else(|| {
        format!(
            "`{word}` is not a direction (none, up, down, left, right, up-left, up-right, \
             down-left, down-right)"
        )
    })
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
        match lower.as_slice() {
            ["end"] => Ok(Action::End),
            ["move", u, d] => Ok(Action::Move {
                unit: unit(u)?,
                dir: dir(d)?,
            }),
            ["attack", u, d] => Ok(Action::Attack {
                unit: unit(u)?,
                dir: dir(d)?,
            }),
            ["ability", u] => Ok(Action::Ability { unit: unit(u)? }),
            _ => Err(
                "write `move UNIT DIRECTION`, `attack UNIT DIRECTION`, `ability UNIT` or `end`"
                    .into(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_words() {
        let mut actions = vec![Action::End];
        for d in Dir::ALL {
            actions.push(Action::Move { unit: 3, dir: d });
            actions.push(Action::Attack { unit: 12, dir: d });
        }
        actions.push(Action::Ability { unit: 0 });
        for a in actions {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(
            "MOVE 2 Up_Left".parse::<Action>(),
            Ok(Action::Move {
                unit: 2,
                dir: Dir::UpLeft
            })
        );
    }

    #[test]
    fn bad_words_say_what_is_wrong() {
        assert!(
            "move x up"
                .parse::<Action>()
                .unwrap_err()
                .contains("`x` is not a unit")
        );
        assert!(
            "move 1 north"
                .parse::<Action>()
                .unwrap_err()
                .contains("`north` is not a direction")
        );
        assert!(
            "jump 1"
                .parse::<Action>()
                .unwrap_err()
                .starts_with("write `move")
        );
        assert!("".parse::<Action>().is_err());
    }
}
