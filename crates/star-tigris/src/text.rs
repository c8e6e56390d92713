//! The board written back in the setup format's board tokens (see
//! [`crate::setup`]): `.` open, `M` uninhabitable, `X` destroyed (`XM` when
//! it was uninhabitable), `A` an
//! artifact on a scientist colony, `p t m r` colonies (with `*` when they hold
//! an artifact), and leaders as their kind's capital letter and the player
//! number (`P1`, `T2`, `M1`, `R3`).

use crate::kind::Kind;
use crate::state::{Content, StarTigris};

impl StarTigris {
    /// The setup-format token of cell `i`, which must be on the board.
    pub fn cell_token(&self, i: usize) -> String {
        let cell = self.cell(i);
        if cell.is_destroyed() {
            return if cell.is_uninhabitable() { "XM" } else { "X" }.into();
        }
        match cell.content() {
            Content::Empty if cell.is_uninhabitable() => "M".into(),
            Content::Empty => ".".into(),
            Content::Colony(Kind::Scientist) if cell.has_artifact() => "A".into(),
            Content::Colony(kind) => {
                let mut token = kind.letter().to_string();
                if cell.has_artifact() {
                    token.push('*');
                }
                token
            }
            Content::Leader(owner, kind) => {
                format!("{}{}", kind.letter().to_ascii_uppercase(), owner + 1)
            }
        }
    }

    /// The board, one string per row from the top, in the setup format's
    /// board tokens, padded so the columns line up (`".  t  P1 ."`).
    pub fn board_rows(&self) -> Vec<String> {
        (0..self.height())
            .map(|r| {
                let row: Vec<String> = (0..self.width())
                    .map(|c| format!("{:<2}", self.cell_token(r * self.width() + c)))
                    .collect();
                row.join(" ").trim_end().to_string()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::{Game, GameRng, ToMove, settle_chance};

    use crate::kind::Kind;
    use crate::state::{NOWHERE, Phase, StarTigris};
    use crate::{DEFAULT_MAP, Options, parse_setup};

    /// A setup text that describes `g` (turn, RNG and face-down swaps aside).
    fn setup_of(g: &StarTigris) -> String {
        let kinds = |counts: [u16; 4]| -> String {
            Kind::ALL
                .iter()
                .map(|k| format!(" {k} {}", counts[k.index()]))
                .collect()
        };
        let mut s = format!(
            "players {}\nactive {}\norder {}\nseed 5\n",
            g.players(),
            g.active() + 1,
            3 - g.orders_left()
        );
        for p in 0..g.players() as u8 {
            let n = p + 1;
            s += &format!("hand {n}{}\n", kinds(g.hand(p).map(u16::from)));
            s += &format!("score {n}{}\n", kinds(g.score(p)));
            s += &format!("artifacts {n} {}\n", g.artifacts_held(p));
            s += &format!("bombers {n} {}\n", g.bombers(p));
        }
        s += &format!("pool{}\nboard\n", kinds(g.pool()));
        for row in g.board_rows() {
            s += &row;
            s.push('\n');
        }
        s
    }

    fn assert_same_position(g: &StarTigris, back: &StarTigris, context: &str) {
        assert_eq!(
            (back.width(), back.height()),
            (g.width(), g.height()),
            "{context}"
        );
        for i in 0..g.cell_count() {
            let (a, b) = (g.cell(i), back.cell(i));
            assert_eq!(a, b, "{context}: cell {i} is {}", g.cell_token(i));
        }
        for p in 0..g.players() as u8 {
            for k in Kind::ALL {
                assert_eq!(
                    back.leader(p, k),
                    g.leader(p, k),
                    "{context}: leader {p} {k}"
                );
            }
            assert_eq!(back.hand(p), g.hand(p), "{context}");
            assert_eq!(back.score(p), g.score(p), "{context}");
            assert_eq!(back.artifacts_held(p), g.artifacts_held(p), "{context}");
            assert_eq!(back.bombers(p), g.bombers(p), "{context}");
        }
        assert_eq!(back.pool(), g.pool(), "{context}");
        assert_eq!(back.active(), g.active(), "{context}");
        assert_eq!(back.orders_left(), g.orders_left(), "{context}");
        assert_eq!(back.phase(), Phase::Order, "{context}");
    }

    #[test]
    fn a_small_board_is_written_in_setup_tokens() {
        let g = parse_setup("players 2\nboard\nA  t  P1 .\nM  r  X  m*\n").unwrap();
        assert_eq!(g.board_rows(), vec!["A  t  P1 .", "M  r  X  m*"]);
        assert_eq!(g.cell_token(2), "P1");
        assert_eq!(g.leader(0, Kind::Settler), Some(2));
        assert_eq!(g.leaders[1][Kind::Settler.index()], NOWHERE);
        assert!(g.cell(7).has_artifact() && g.cell(7).colony() == Some(Kind::Merchant));
        assert!(g.cell(6).is_destroyed());
    }

    #[test]
    fn board_rows_read_back_as_the_same_cells() {
        let mut positions = 0;
        for players in 2..=4 {
            for seed in 0..12u64 {
                let mut g =
                    StarTigris::new(&Options::default(), DEFAULT_MAP, players, seed).unwrap();
                let mut rng = GameRng::seeded(seed + 100);
                let mut step = 0;
                while let ToMove::Seat(s) = g.to_move() {
                    if g.phase() == Phase::Order && step % 7 == 0 {
                        let text = setup_of(&g);
                        let back = parse_setup(&text)
                            .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}\n{text}"));
                        assert_same_position(
                            &g,
                            &back,
                            &format!("seed {seed} step {step}\n{text}"),
                        );
                        positions += 1;
                    }
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply(s, &a).unwrap();
                    settle_chance(&mut g).unwrap();
                    step += 1;
                }
            }
        }
        assert!(positions > 500, "{positions}");
    }
}
