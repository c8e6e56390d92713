//! A teacher's notes in a game record (`GameRecord::notes`): kept when the
//! record is written and read, in its move list and its link, and a note
//! for a move the record does not have refused by name.

use tabula_engine::link::{record_fragment, record_text_from_fragment};
use tabula_engine::moves::{from_moves, to_moves};
use tabula_engine::record::{GameRecord, Match, parse_record, replay};
use tabula_engine::{Game, GameRng, SeatInfo, ToMove};
use tabula_star_tigris::StarTigris;

fn played(seed: u64) -> GameRecord {
    let infos = (0..2)
        .map(|i| SeatInfo {
            name: format!("P{i}"),
            player: "human".into(),
        })
        .collect();
    let mut m = Match::<StarTigris>::new(&Default::default(), None, infos, seed).unwrap();
    let mut rng = GameRng::seeded(seed);
    for _ in 0..30 {
        let ToMove::Seat(s) = m.game().to_move() else {
            break;
        };
        let a = m.game().random_action(s, &mut rng).unwrap();
        m.play(s, &a).unwrap();
    }
    m.record().clone()
}

#[test]
fn notes_travel_with_the_record_its_move_list_and_its_link() {
    let mut record = played(3);
    record
        .notes
        .insert(0, "Watch where Orange places its leaders.".into());
    record
        .notes
        .insert(12, "A conflict starts here:\nwho has more colonies?".into());
    let text = record.to_text();
    assert!(text.contains("\"notes\":{\"0\":"), "{text}");
    let back = parse_record(&text).unwrap();
    assert_eq!(back.notes, record.notes);
    replay::<StarTigris>(&back).unwrap();
    let list = to_moves::<StarTigris>(&record).unwrap();
    assert_eq!(from_moves::<StarTigris>(&list).unwrap().notes, record.notes);
    let fragment = record_fragment::<StarTigris>(&record);
    let linked = record_text_from_fragment::<StarTigris>(&fragment)
        .unwrap()
        .unwrap();
    assert_eq!(parse_record(&linked).unwrap().notes, record.notes);
    // A record without notes writes none.
    assert!(!played(4).to_text().contains("notes"));
}

#[test]
fn a_note_for_a_move_the_record_lacks_is_refused_by_name() {
    let mut record = played(5);
    let n = record.actions.len();
    record.notes.insert(n + 1, "too late".into());
    let e = replay::<StarTigris>(&record).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "notes[{}]: a note for move {}, but the record has {n} actions",
            n + 1,
            n + 1
        )
    );
    let mut record = played(5);
    record.notes.insert(1, "a bell\u{7}".into());
    let e = replay::<StarTigris>(&record).unwrap_err().to_string();
    assert_eq!(e, "notes[1]: the note holds control characters");
    let mut record = played(5);
    record.notes.insert(1, "x".repeat(2001));
    let e = replay::<StarTigris>(&record).unwrap_err().to_string();
    assert_eq!(e, "notes[1]: the note is over 2000 characters");
    // And through a link, too.
    let mut list = to_moves::<StarTigris>(&played(5)).unwrap();
    list.notes.insert(n + 7, "beyond".into());
    let e = from_moves::<StarTigris>(&list).unwrap_err().to_string();
    assert!(e.contains(&format!("notes[{}]", n + 7)), "{e}");
}
