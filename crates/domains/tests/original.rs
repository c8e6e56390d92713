//! Game files of the original program: both formats of the sample game
//! read to the same frames and scores; Tabula games written in the new
//! format read back to the same boards; malformed files are refused with a
//! line and column.

use tabula_ai::Bot;
use tabula_domains::original::{Format, board_cells, parse_original, write_new_format};
use tabula_domains::{Domains, Options, domains_bot};
use tabula_engine::{Game, ToMove};

const NEW: &str = include_str!("fixtures/playerdemo4-seed3.new.txt");
const OLD_GZ: &[u8] = include_bytes!("fixtures/playerdemo4-seed3.old.txt.gz");

fn gunzip(data: &[u8]) -> String {
    // RFC 1952: a 10-byte header, an optional file name (flag 8), then raw deflate.
    assert_eq!(&data[..3], &[0x1f, 0x8b, 8]);
    let flags = data[3];
    let mut at = 10;
    if flags & 4 != 0 {
        at += 2 + u16::from_le_bytes([data[at], data[at + 1]]) as usize;
    }
    for bit in [8, 16] {
        if flags & bit != 0 {
            while data[at] != 0 {
                at += 1;
            }
            at += 1;
        }
    }
    let raw = miniz_oxide::inflate::decompress_to_vec(&data[at..data.len() - 8]).unwrap();
    String::from_utf8(raw).unwrap()
}

#[test]
fn both_formats_of_the_sample_game_agree() {
    let new = parse_original(NEW).unwrap();
    let old = parse_original(&gunzip(OLD_GZ)).unwrap();
    assert_eq!((new.format, old.format), (Format::New, Format::Old));
    assert_eq!((new.rounds, new.rows, new.cols), (500, 50, 50));
    assert_eq!(new.names, vec!["PlayerDemo"; 4]);
    assert_eq!(new.scores, vec![38528, 43340, 35242, 33902]);
    assert_eq!(old.scores, new.scores);
    assert_eq!(new.frames(), 501);
    assert_eq!(new.points.len(), 501 * 4);
    assert_eq!(new.settings.len(), 22);
    assert!(
        new.settings
            .contains(&("ROUNDS_PER_BUBBLE_MOVE".to_string(), 5))
    );
    assert!(new.settings.contains(&("ABILITY DURATION".to_string(), 10)));
    let mut differing = 0;
    for f in 0..new.frames() {
        assert_eq!(new.points_at(f), old.points_at(f), "frame {f}");
        let (a, b) = (new.cells_at(f), old.cells_at(f));
        assert_eq!(a.len(), 2500);
        differing += a.iter().zip(&b).filter(|(x, y)| x != y).count();
    }
    // The new format's known defect (unchanged identities not written)
    // does not show in this game: every frame agrees.
    assert_eq!(differing, 0);
    // The start: a 3×3 block and a unit per corner.
    let start = &new.cells_at(0);
    assert_eq!(start[48 * 50 + 1], (1, 0), "player 0's unit on its paint");
    assert_eq!(start[50 + 1], (4, 3), "player 3's unit on its paint");
}

#[test]
fn tabula_games_round_trip_through_the_new_format() {
    let mut g = Domains::start(&Options::small(20, 60), 3, 8).unwrap();
    let mut bots: Vec<Box<dyn Bot<Domains>>> = ["dummy", "painter", "demo"]
        .iter()
        .map(|n| domains_bot(n, 1).unwrap().unwrap())
        .collect();
    let mut boards = vec![g.board.clone()];
    loop {
        match g.to_move() {
            ToMove::Simultaneous(set) => {
                let s = set.iter().next().unwrap();
                let a = bots[s as usize].choose(&g.player_view(s), s).unwrap();
                g.apply(s, &a).unwrap();
            }
            ToMove::Chance => {
                g.apply_chance().unwrap();
                boards.push(g.board.clone());
            }
            _ => break,
        }
    }
    let names: Vec<String> = ["dummy", "painter", "demo"].map(String::from).to_vec();
    let refs: Vec<&tabula_domains::board::Board> = boards.iter().map(|b| &**b).collect();
    let text = write_new_format(&names, &refs);
    let back = parse_original(&text).unwrap();
    assert_eq!(back.rounds, 60);
    assert_eq!(back.frames(), boards.len());
    for (f, b) in boards.iter().enumerate() {
        assert_eq!(back.cells_at(f), board_cells(b));
        let pts: Vec<i64> = b.players.iter().map(|p| p.score).collect();
        assert_eq!(back.points_at(f), pts);
    }
    assert_eq!(back.scores, g.outcome().unwrap().scores);
    assert_eq!(write_new_format(&back.names, &refs), text);
}

#[test]
fn malformed_files_name_the_line_and_column() {
    let cases: Vec<(String, usize)> = vec![
        ("500 50\n".into(), 1),
        ("500 50 50\n4 A B C\n".into(), 2),
        (NEW.replacen("0 0 0 0 0 0>G", "0 0 0 0 0 0>~", 1), 3),
        (NEW.replacen("\n1 9 9 9 9 ", "\n2 9 9 9 9 ", 1), 5),
        (NEW.replace("PlayerDemo 38528", "PlayerDemo 38529"), 526),
        (NEW[..NEW.len() / 2].to_string(), 0),
    ];
    for (text, line) in cases {
        let p = parse_original(&text).unwrap_err();
        if line > 0 {
            assert_eq!(p.line, Some(line), "{p}");
            assert!(p.col.is_some(), "{p}");
        }
    }
    let bad_code = parse_original(&NEW.replacen("0>G1>G", "0>G1>~", 1)).unwrap_err();
    assert_eq!((bad_code.line, bad_code.col), (Some(3), Some(16)));
}
