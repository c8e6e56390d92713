//! Links that carry a game record: the record's JSON, compressed with raw
//! deflate and written in URL-safe base64 without padding, so the whole
//! game travels in a URL fragment (`#game=…`) and no server is needed.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use thiserror::Error;

use crate::limits::MAX_RECORD_BYTES;
use crate::moves::{MOVES_FORMAT, MoveList, from_moves, to_moves};
use crate::{GameRecord, RecordError, Ruleset, Seat};

/// Most characters of link data read (a full 4-player record is far below).
pub const MAX_LINK_CHARS: usize = 1 << 20;

/// Why link data could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LinkError {
    /// The data is longer than [`MAX_LINK_CHARS`].
    #[error("the link holds {0} characters of data; at most {MAX_LINK_CHARS} are read")]
    TooLong(usize),
    /// A character is not URL-safe base64 (the link was cut or mistyped).
    #[error("this link is damaged: {0}; copy it again in full")]
    Base64(Base64Damage),
    /// The data does not inflate (cut short or altered).
    #[error("this link is damaged: it is {0}; copy it again in full")]
    Inflate(InflateDamage),
    /// The data inflates to more than a record may hold.
    #[error("the link's data unpacks to more than {MAX_RECORD_BYTES} bytes")]
    TooLarge,
    /// The data is not UTF-8 text.
    #[error("the link's data is not text")]
    NotText,
}

/// How link data is not URL-safe base64.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Base64Damage {
    /// A character a link does not hold, at a 1-based place.
    #[error("character {at} ({found:?}) is not one a link holds")]
    Character {
        /// Where, counted from 1.
        at: usize,
        /// The character.
        found: char,
    },
    /// Too short, or one character too many.
    #[error("it is cut short or has a character too many")]
    Length,
    /// It ends wrongly.
    #[error("it ends with characters a link does not end with")]
    End,
}

/// How link data does not inflate.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InflateDamage {
    /// It ends too soon.
    #[error("cut short")]
    CutShort,
    /// Its bytes were changed.
    #[error("altered or mistyped")]
    Altered,
}

/// Why the game of a `#game=…` fragment cannot be read.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FragmentError {
    /// The data does not unpack.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// The unpacked move list is not JSON of its shape.
    #[error("the link's moves do not read: {message}")]
    Moves {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the reader says, in plain English words.
        message: String,
    },
    /// The game it describes is refused (its envelope, options, map, or a
    /// step).
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A move of the list cannot be played.
    #[error("action {index} (seat {seat}): {problem}")]
    Move {
        /// 0-based index of the action it would be.
        index: usize,
        /// The seat it is for.
        seat: Seat,
        /// What is wrong.
        problem: MoveProblem,
    },
}

/// What is wrong with one move of a link's move list.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveProblem {
    /// The list names a seat but no move after it.
    #[error("the move list ends after a seat")]
    EndsAfterSeat,
    /// The game is over.
    #[error("a move after the end of the game")]
    AfterEnd,
    /// A chance event is due.
    #[error("a chance event is pending")]
    ChancePending,
    /// The index is past the legal actions.
    #[error("move {pick} does not exist: there are {legal} legal actions")]
    NoSuchMove {
        /// The index given.
        pick: u32,
        /// How many legal actions there are.
        legal: usize,
    },
}

/// Pack text (a record's JSON) into link data.
pub fn pack(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// Unpack link data into text, refusing anything damaged or oversized.
pub fn unpack(data: &str) -> Result<String, LinkError> {
    let data = data.trim();
    if data.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLong(data.len()));
    }
    let bytes = URL_SAFE_NO_PAD.decode(data).map_err(|e| {
        use base64::DecodeError as D;
        LinkError::Base64(match e {
            D::InvalidByte(at, _) => Base64Damage::Character {
                at: at + 1,
                found: data[at..].chars().next().unwrap_or(' '),
            },
            D::InvalidLength(_) | D::InvalidLastSymbol(..) => Base64Damage::Length,
            D::InvalidPadding => Base64Damage::End,
        })
    })?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_RECORD_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                LinkError::Inflate(InflateDamage::CutShort)
            }
            _ => LinkError::Inflate(InflateDamage::Altered),
        })?;
    String::from_utf8(raw).map_err(|_| LinkError::NotText)
}

/// The fragment of a link to a game of ruleset `G`: `game=DATA`, where
/// DATA is the packed move list (each action as its index among the legal
/// actions), or the packed record if it cannot be written as one. Every
/// ruleset's page writes its links with this.
pub fn record_fragment<G: Ruleset>(record: &GameRecord) -> String {
    let text = to_moves::<G>(record)
        .ok()
        .and_then(|m| serde_json::to_string(&m).ok())
        .or_else(|| serde_json::to_string(record).ok())
        .unwrap_or_default();
    format!("game={}", pack(&text))
}

/// The record's JSON from a `#game=DATA` fragment of ruleset `G`: `None`
/// when the fragment is not a game link, else the record's JSON or why it
/// cannot be read (a damaged move names its step).
pub fn record_text_from_fragment<G: Ruleset>(
    fragment: &str,
) -> Option<Result<String, FragmentError>> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let data = f.strip_prefix("game=")?;
    Some(unpack(data).map_err(FragmentError::Link).and_then(|text| {
        let is_moves = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .is_some_and(|v| v.get("format").and_then(|f| f.as_str()) == Some(MOVES_FORMAT));
        if !is_moves {
            return Ok(text);
        }
        let list: MoveList = crate::plain::from_str(&text).map_err(|(line, column, message)| {
            FragmentError::Moves {
                line,
                column,
                message,
            }
        })?;
        let record = from_moves::<G>(&list)?;
        // A record of strings, numbers and JSON values always writes.
        Ok(serde_json::to_string(&record).unwrap_or_default())
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_url_safety() {
        let text = r#"{"format":"tabula-record","actions":[{"seat":0},{"seat":1}]}"#.repeat(20);
        let packed = pack(&text);
        assert!(packed.len() < text.len() / 4, "{} chars", packed.len());
        assert!(
            packed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_eq!(unpack(&packed).unwrap(), text);
        assert_eq!(unpack(&format!(" {packed}\n")).unwrap(), text);
    }

    #[test]
    fn damaged_links_are_named() {
        let packed = pack("hello, world, hello, world");
        assert_eq!(
            unpack("ab$d"),
            Err(LinkError::Base64(Base64Damage::Character {
                at: 3,
                found: '$'
            }))
        );
        assert_eq!(
            unpack("ab$d").unwrap_err().to_string(),
            "this link is damaged: character 3 ('$') is not one a link holds; copy it again in full"
        );
        let cut = &packed[..packed.len() / 2];
        assert!(
            matches!(
                unpack(cut),
                Err(LinkError::Inflate(_) | LinkError::Base64(_))
            ),
            "{:?}",
            unpack(cut)
        );
        let mut flipped = packed.clone().into_bytes();
        flipped[0] = if flipped[0] == b'A' { b'B' } else { b'A' };
        assert_ne!(
            unpack(std::str::from_utf8(&flipped).unwrap())
                .ok()
                .as_deref(),
            Some("hello, world, hello, world")
        );
        let bomb = pack(&" ".repeat(MAX_RECORD_BYTES + 1));
        assert_eq!(unpack(&bomb), Err(LinkError::TooLarge));
        assert_eq!(
            unpack(&"A".repeat(MAX_LINK_CHARS + 1)),
            Err(LinkError::TooLong(MAX_LINK_CHARS + 1))
        );
        let not_text =
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 9));
        assert_eq!(unpack(&not_text), Err(LinkError::NotText));
    }
}
