//! Star Tigris's lessons in the page: the page kit's lesson list and
//! player (`tabula_page_kit::lesson_screen`) over this board. Places are
//! cells, named as lessons name them (`C2`); the learner picks a piece
//! (a colonist of the hand, a leader, a bomber) and then a cell, or taps
//! a cell to see every move there; the moves made at no cell (commit,
//! fight a conflict first, withdraw, pass, and the step's swap) are
//! buttons. Beside the board: each player's hand, artifacts and points,
//! and the strengths of the conflict being fought. The lesson writer
//! (`crate::lesson_author`) is the page kit's, writing seats and actions
//! as this board says (`seat_word`, `action_text`) on the page's own
//! writer screen. The rules page in pictures is the kit's
//! (`#lessons/rules`), drawn by this board.

use tabula_engine::{Game, Seat};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::lesson_screen::LessonBoard;
use tabula_star_tigris::{Action, Kind, Phase, Pos, StarTigris};
use web_sys::HtmlCanvasElement;

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, el, sized_context, swatch};
use crate::lesson_words::{action_label, capitalised, move_words, word};
use crate::palette::kind_symbol;

/// The board of Star Tigris's lessons.
pub struct Board;

/// The board drawn `width` wide.
fn geometry(game: &StarTigris, width: f64) -> Geometry {
    Geometry::fit(game.width(), game.height(), width, width)
}

/// The cell `action` is made at.
fn cell_of(action: &Action) -> Option<Pos> {
    match *action {
        Action::Colonize { at, .. }
        | Action::PlaceLeader { at, .. }
        | Action::Destroy { at }
        | Action::TakeArtifact { at } => Some(at),
        Action::MoveLeader { to, .. } => Some(to),
        _ => None,
    }
}

/// A player's name in the lessons (`Player 1`).
fn player(seat: u8) -> String {
    tf("lesson-player", &[("n", &(seat + 1).to_string())])
}

impl LessonBoard<StarTigris> for Board {
    fn draw(&self, canvas: &HtmlCanvasElement, game: &StarTigris, width: f64) {
        let geo = geometry(game, width);
        let Some(ctx) = sized_context(canvas, geo.width, geo.height) else {
            return;
        };
        // Where the cells are, for tests and tools (as on the game's board).
        for (k, v) in [("cell", geo.cell), ("ox", geo.ox), ("oy", geo.oy)] {
            canvas
                .set_attribute(&format!("data-{k}"), &v.to_string())
                .ok();
        }
        // A lesson hides nothing: everything is drawn as the first seat
        // sees it, with the strengths of a conflict being fought.
        let view = game.player_view(0);
        let (attack, defend) = match game.conflict_sides() {
            Some(sd) => (sd.attacker_support, sd.defender_support),
            None => (Vec::new(), Vec::new()),
        };
        board::draw(
            &ctx,
            &geo,
            &Picture {
                attack: &attack,
                defend: &defend,
                ..Picture::cells(&view.cells)
            },
        );
    }

    fn places(&self, game: &StarTigris) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..game.height() {
            for c in 0..game.width() {
                out.push(Pos::new(r as u8, c as u8).to_string());
            }
        }
        out
    }

    fn place_centre(&self, game: &StarTigris, width: f64, place: &str) -> Option<(f64, f64, f64)> {
        let p: Pos = place.parse().ok()?;
        if usize::from(p.row) >= game.height() || usize::from(p.col) >= game.width() {
            return None;
        }
        let g = geometry(game, width);
        Some((
            g.ox + (f64::from(p.col) + 0.5) * g.cell,
            g.oy + (f64::from(p.row) + 0.5) * g.cell,
            g.cell / 2.0,
        ))
    }

    fn place_of(&self, _game: &StarTigris, action: &Action) -> Option<String> {
        cell_of(action).map(|p| p.to_string())
    }

    fn action_words(&self, _game: &StarTigris, _seat: Seat, action: &Action) -> String {
        action_label(action)
    }

    fn move_words(&self, _game: &StarTigris, _seat: Seat, action: &Action) -> String {
        move_words(action)
    }

    fn cursor_words(&self, g: &StarTigris, place: &str, play: Option<(Seat, &Action)>) -> String {
        // As on the game's board: the cell, what stands there, and what
        // Enter does.
        let names: Vec<String> = (0..g.players() as u8).map(player).collect();
        let Ok(at) = place.parse::<Pos>() else {
            return place.to_string();
        };
        let view = g.player_view(0);
        let cell = match g.index(at).and_then(|i| view.cells.get(i)) {
            Some(c) => crate::describe::cell(&names, at, c),
            None => at.to_string(),
        };
        match play {
            Some((seat, a)) => {
                let act = crate::describe::action(&names, seat, a);
                let act = act.trim_end_matches('.');
                format!("{cell} {}", tf("say-enter", &[("action", act)]))
            }
            None => cell,
        }
    }

    fn pieces(&self, game: &StarTigris, seat: Seat) -> Vec<(String, String)> {
        let hand = game.hand(seat);
        let mut out: Vec<(String, String)> = Kind::ALL
            .into_iter()
            .filter(|k| hand[k.index()] > 0)
            .map(|k| {
                (
                    format!("colonist:{}", k.name()),
                    format!(
                        "{} {} ×{}",
                        kind_symbol(k),
                        capitalised(&word("kind", k)),
                        hand[k.index()]
                    ),
                )
            })
            .collect();
        if matches!(game.phase(), Phase::Order) {
            out.extend(Kind::ALL.into_iter().map(|k| {
                (
                    format!("leader:{}", k.name()),
                    format!("{} {}", kind_symbol(k), capitalised(&word("leader", k))),
                )
            }));
            out.push(("bomber".into(), t("lesson-bomber")));
        }
        out
    }

    fn piece_of(&self, _game: &StarTigris, action: &Action) -> Option<String> {
        match *action {
            Action::Colonize { kind, .. } => Some(format!("colonist:{}", kind.name())),
            Action::PlaceLeader { kind, .. } | Action::MoveLeader { kind, .. } => {
                Some(format!("leader:{}", kind.name()))
            }
            Action::Destroy { .. } => Some("bomber".into()),
            _ => None,
        }
    }

    fn seat_word(&self, _game: &StarTigris, seat: Seat) -> Option<String> {
        Some((seat + 1).to_string())
    }

    fn action_text(&self, _game: &StarTigris, action: &Action) -> Option<String> {
        Some(action.to_string())
    }

    fn offered(&self, _game: &StarTigris, action: &Action, expected: &Action) -> bool {
        // A swap has too many forms to list: only the step's is offered.
        !matches!(action, Action::Swap(_)) || action == expected
    }

    fn seat_name(&self, _game: &StarTigris, seat: Seat) -> Option<String> {
        Some(player(seat))
    }

    fn facts(&self, g: &StarTigris) -> Option<El> {
        let mut players = el("ul").class("players").attr("id", "lesson-players");
        for seat in 0..g.players() as u8 {
            let sc = g.score(seat);
            let hand = g.hand(seat);
            let hand_text: Vec<String> = Kind::ALL
                .into_iter()
                .filter(|k| hand[k.index()] > 0)
                .map(|k| format!("{}×{}", hand[k.index()], kind_symbol(k)))
                .collect();
            players = players.child(
                el("li")
                    .attr("data-seat", &seat.to_string())
                    .child(swatch(seat))
                    .child(el("b").text(&player(seat)))
                    .child(el("span").class("facts").text(&tf(
                        "lesson-facts",
                        &[
                            ("hand", &hand_text.join(" ")),
                            ("artifacts", &g.artifacts_held(seat).to_string()),
                        ],
                    )))
                    .child(el("span").class("score").text(&format!(
                        "⌂ {} · ◎ {} · ◆ {} · ▲ {}",
                        sc[0], sc[1], sc[2], sc[3]
                    ))),
            );
        }
        let strengths = match g.phase() {
            Phase::Conflict(c) => {
                let a = c.attacker_base
                    + if c.defender_to_commit {
                        u16::from(c.attacker_commit)
                    } else {
                        0
                    };
                Some(
                    el("p")
                        .class("strengths")
                        .attr("id", "lesson-strengths")
                        .text(&tf(
                            "lesson-strengths",
                            &[
                                ("attacker", &player(c.attacker)),
                                ("a", &a.to_string()),
                                ("defender", &player(c.defender)),
                                ("d", &c.defender_base.to_string()),
                            ],
                        )),
                )
            }
            _ => None,
        };
        Some(el("div").child(players).maybe(strengths))
    }

    fn intro(&self) -> Option<String> {
        Some(t("lesson-list-intro"))
    }

    fn list_extras(&self) -> Vec<El> {
        vec![button(&t("lesson-write"), "author-new").attr("id", "author-new")]
    }

    fn rules_page(&self) -> bool {
        true
    }

    fn page_beneath(&self) -> bool {
        true
    }

    #[cfg(target_arch = "wasm32")]
    fn close(&self) -> bool {
        tabula_page_kit::lesson_screen::leave();
        if let Some(back) = BACK.with(std::cell::Cell::get) {
            back();
        }
        true
    }
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    static BACK: std::cell::Cell<Option<fn()>> = const { std::cell::Cell::new(None) };
}

/// What closing the lessons does on this page, given as the page starts
/// (back to its game or to the new-game dialog): the lessons name no
/// part of the page that opens them.
#[cfg(target_arch = "wasm32")]
pub fn on_close(back: fn()) {
    BACK.with(|b| b.set(Some(back)));
}
