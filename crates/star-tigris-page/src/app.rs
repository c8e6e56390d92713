//! The page's state between events: the game session, who is looking, what
//! is selected, and the screen shown. Commands from clicks and keys change
//! it; `ui::render` then redraws the page from it.

use tabula_engine::Game;
use tabula_star_tigris::view::CellView;
use tabula_star_tigris::{Action, Kind, Phase, Pos, SwapSet};

use crate::board::Geometry;
use crate::lesson_author::Author;
use crate::map_editor::Editor;
use crate::replay::ReplayView;
use crate::session::{Player, Selection, Session};

/// Which screen is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The new-game dialog.
    NewGame,
    /// Playing (a hand-off screen covers the page between seats).
    Playing,
    /// The end-of-game screen.
    Over,
    /// The map editor.
    Editor,
    /// The open-a-game dialog (file, paste or drop).
    OpenGame,
    /// The replay viewer.
    Replay,
    /// A lesson being written.
    Author,
}

/// The page's state.
pub struct App {
    /// The game, once started.
    pub session: Option<Session>,
    /// The seat whose pieces are shown; `None` while the device is handed on.
    pub viewer: Option<u8>,
    /// The step of the last resolution being played out (simultaneous
    /// variant), while it is shown; everyone may watch it.
    pub resolution_at: Option<usize>,
    /// The resolution last shown (its number in the session).
    pub resolution_seen: u64,
    /// What the viewer has picked up.
    pub selection: Option<Selection>,
    /// Hand slots chosen for a swap, while choosing.
    pub swap: Option<[bool; 6]>,
    /// The keyboard cursor.
    pub cursor: Pos,
    /// The cell under the pointer.
    pub hover: Option<Pos>,
    /// Whether the keyboard cursor just moved (a screen reader is told
    /// where it is).
    pub say_cursor: bool,
    /// The pick a screen reader was last told about.
    pub said_selection: Option<Selection>,
    /// A finger's tap waiting for its confirming second tap.
    pub tap: tabula_page_kit::touch::Confirm<Pos>,
    /// The regions view.
    pub regions_view: bool,
    /// Where the board was last drawn.
    pub geometry: Option<Geometry>,
    /// The screen shown.
    pub screen: Screen,
    /// A message for the player (why something was refused).
    pub message: Option<String>,
    /// Seats chosen in the new-game dialog.
    pub dialog_seats: usize,
    /// Whether the end screen is hidden to look at the final board.
    pub over_hidden: bool,
    /// The AI move being thought about in the worker.
    pub pending: Option<tabula_page_kit::ai_worker::asking::Asked>,
    /// The number of the next request to the worker.
    pub next_request: u64,
    /// AI moves are not asked for or played while paused.
    pub paused: bool,
    /// Milliseconds between moves when only AIs play.
    pub watch_delay_ms: u32,
    /// The map editor, once opened.
    pub editor: Option<Editor>,
    /// A map from the editor offered in the new-game dialog: (name, text).
    pub custom_map: Option<(String, String)>,
    /// The screen the new-game dialog returns to when cancelled.
    pub dialog_back: Option<Screen>,
    /// The replay viewer, once a game is replayed.
    pub replay: Option<ReplayView>,
    /// The text in the open-a-game paste box.
    pub game_paste: String,
    /// Why the last game opened was refused (the open-a-game dialog shows it).
    pub open_error: Option<String>,
    /// A note shown on the next screen (an autosave that could not be resumed…).
    pub notice: Option<String>,
    /// The (seed, actions) of the game last autosaved.
    pub autosaved: Option<(u64, usize)>,
    /// The log entry whose rule is shown ("Why?").
    pub why_open: Option<usize>,
    /// Whether the legend beside the board is open (the reader's choice).
    pub legend_open: bool,
    /// The lesson being written.
    pub author: Option<Author>,
    /// What the last seat to act changed: that seat, the cells its orders
    /// changed (marked on the board for everyone else) and what it did, in
    /// words (shown under the board and announced).
    pub last_turn: Option<LastTurn>,
    /// Pieces that left the board (lost in a conflict or taken back):
    /// each cell with what stood there and the people's seats (a bit
    /// each) that have not given an order since. Each of them sees it
    /// drawn faded and crossed out until their next order, so a person
    /// who defended sees what was lost.
    pub vanished: Vec<Vanished>,
}

/// What one seat's latest orders changed, for the people who did not give
/// them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastTurn {
    /// The seat that acted.
    pub seat: u8,
    /// Cells changed by its orders and their consequences.
    pub cells: Vec<Pos>,
    /// The log lines of those orders.
    pub lines: Vec<String>,
}

/// A piece that left the board, and who is still to see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vanished {
    /// Its cell.
    pub at: Pos,
    /// The cell as it was, with only the pieces that left.
    pub was: CellView,
    /// The people's seats still to see it, one bit each.
    pub unseen_by: u8,
}

impl Vanished {
    /// Whether `seat` is still to see it.
    pub fn for_seat(&self, seat: u8) -> bool {
        self.unseen_by & (1 << seat) != 0
    }
}

/// The game in progress kept in this browser (the kit's; one that cannot
/// be resumed is set aside under `….unreadable`).
pub const AUTOSAVE: tabula_page_kit::autosave::Autosave = tabula_page_kit::autosave::Autosave {
    key: "tabula.star-tigris.autosave",
};

/// The AI levels offered in the new-game dialog: (value, label).
pub const AI_LEVELS: [(&str, &str); 3] = [
    ("search:easy", "ai-easy"),
    ("search:normal", "ai-normal"),
    ("search:hard", "ai-hard"),
];

impl Default for App {
    fn default() -> Self {
        App {
            session: None,
            viewer: None,
            resolution_at: None,
            resolution_seen: 0,
            selection: None,
            swap: None,
            cursor: Pos::new(0, 0),
            hover: None,
            say_cursor: false,
            said_selection: None,
            tap: tabula_page_kit::touch::Confirm::new(),
            regions_view: false,
            geometry: None,
            screen: Screen::NewGame,
            message: None,
            dialog_seats: 2,
            over_hidden: false,
            pending: None,
            next_request: 1,
            paused: false,
            watch_delay_ms: tabula_page_kit::ai_pace::NORMAL,
            editor: None,
            custom_map: None,
            dialog_back: None,
            replay: None,
            game_paste: String::new(),
            open_error: None,
            notice: None,
            last_turn: None,
            vanished: Vec::new(),
            autosaved: None,
            why_open: None,
            legend_open: true,
            author: None,
        }
    }
}

/// The viewer's hand as slots 1–6, sorted by kind.
pub fn hand_slots(hand: [u8; 4]) -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, hand[k.index()] as usize))
        .collect()
}

impl App {
    /// The person who must act now and is looking: with several people,
    /// only after the hand-off; with one, always that person.
    pub fn acting_viewer(&self) -> Option<u8> {
        if self.resolution_at.is_some() {
            return None;
        }
        let session = self.session.as_ref()?;
        let s = session.seat_to_act()?;
        if session.players()[s as usize] != Player::Human {
            return None;
        }
        let humans = session.human_seats();
        (humans.len() == 1 || self.viewer == Some(s)).then_some(s)
    }

    /// The seat whose pieces the page shows: the only person's seat in a
    /// game against AIs, else the person acting after the hand-off.
    pub fn shown_seat(&self) -> Option<u8> {
        let humans = self.session.as_ref()?.human_seats();
        if humans.len() == 1 && self.screen == Screen::Playing {
            Some(humans[0])
        } else {
            self.acting_viewer()
        }
    }

    /// Whether the hand-off screen should cover the page: a person must act
    /// and another person may be looking.
    pub fn handing_off(&self) -> bool {
        let Some(session) = self.session.as_ref() else {
            return false;
        };
        self.screen == Screen::Playing
            && self.resolution_at.is_none()
            && session.human_seats().len() >= 2
            && session.seat_to_act().is_some_and(|s| {
                session.players()[s as usize] == Player::Human && self.viewer != Some(s)
            })
    }

    /// The cells the viewer may click now, with the action each means.
    pub fn targets(&self) -> Vec<(Pos, Action)> {
        let (Some(s), Some(seat)) = (self.session.as_ref(), self.acting_viewer()) else {
            return Vec::new();
        };
        match (s.game().phase(), self.selection) {
            (Phase::ChooseArtifact { .. }, _) => s.decision_targets(seat),
            (Phase::Order | Phase::Submit, Some(sel)) if self.swap.is_none() => {
                s.targets(seat, sel)
            }
            _ => Vec::new(),
        }
    }

    /// The swap chosen so far, as an action.
    pub fn swap_action(&self) -> Option<Action> {
        let picks = self.swap?;
        let seat = self.acting_viewer()?;
        let hand = hand_slots(self.session.as_ref()?.game().hand(seat));
        let mut counts = [0u8; 4];
        for (i, k) in hand.iter().enumerate() {
            if picks[i] {
                counts[k.index()] += 1;
            }
        }
        (counts.iter().sum::<u8>() > 0).then(|| Action::Swap(SwapSet::from_counts(counts)))
    }

    /// Apply an action for the acting viewer; a refusal becomes the message.
    pub fn act(&mut self, action: Action) {
        let Some(seat) = self.acting_viewer() else {
            return;
        };
        self.play(seat, action);
    }

    /// Apply an action for a seat (a person or an AI).
    pub fn play(&mut self, seat: u8, action: Action) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        // The public board before, to mark what the orders change.
        let before = s.game().player_view(seat).cells;
        let log_before = s.log().len();
        let people = s.human_seats().iter().fold(0u8, |m, &h| m | (1 << h));
        let a_persons_order = people & (1 << seat) != 0 && is_order(&action);
        match s.play(seat, action) {
            Ok(()) => {
                let after = s.game().player_view(seat).cells;
                if a_persons_order {
                    // This person has moved on: what was lost is old news
                    // to them.
                    for v in &mut self.vanished {
                        v.unseen_by &= !(1 << seat);
                    }
                    self.vanished.retain(|v| v.unseen_by != 0);
                }
                for i in 0..after.len() {
                    if let (Some(b), Some(a)) = (before.get(i), after.get(i))
                        && let Some(was) = vanished_from(b, a, &after)
                    {
                        let at = s.game().pos(i);
                        self.vanished.retain(|v| v.at != at);
                        self.vanished.push(Vanished {
                            at,
                            was,
                            unseen_by: people,
                        });
                    }
                }
                let changed = (0..after.len())
                    .filter(|&i| before.get(i) != after.get(i))
                    .map(|i| s.game().pos(i));
                let lines = s.log()[log_before..].iter().map(|e| e.text.clone());
                let turn = match self.last_turn.take() {
                    Some(t) if t.seat == seat => t,
                    _ => LastTurn {
                        seat,
                        ..LastTurn::default()
                    },
                };
                let mut turn = turn;
                for p in changed {
                    if !turn.cells.contains(&p) {
                        turn.cells.push(p);
                    }
                }
                turn.lines.extend(lines);
                self.last_turn = Some(turn);
                self.message = None;
                self.selection = None;
                self.swap = None;
                if s.resolution.0 != self.resolution_seen {
                    // Every seat has sealed: the orders are played out one
                    // by one for everyone to watch.
                    self.resolution_seen = s.resolution.0;
                    self.resolution_at = Some(0);
                }
                if s.game().phase().is_over() {
                    self.screen = Screen::Over;
                    self.viewer = None;
                    self.over_hidden = false;
                } else if s.seat_to_act() != Some(seat) {
                    // Another seat decides: hide this seat's pieces at once
                    // (with one person against AIs, the page keeps showing
                    // that person's own pieces).
                    self.viewer = None;
                }
            }
            Err(e) => self.message = Some(tabula_page_kit::i18n::tf("not-allowed", &[("why", &e)])),
        }
    }
}

/// Whether `a` is an order (a turn's move), not a decision in a conflict.
fn is_order(a: &Action) -> bool {
    !matches!(
        a,
        Action::Commit { .. } | Action::ResolveConflict { .. } | Action::TakeArtifact { .. }
    )
}

/// What left the board from a cell between `before` and `after` (`board`
/// is the whole board after): the cell as it was, with only the pieces
/// that are gone (a colony, a leader no longer anywhere on the board, or
/// both); `None` when nothing left it, or when a bomber destroyed the
/// cell (the board shows that already).
pub fn vanished_from(before: &CellView, after: &CellView, board: &[CellView]) -> Option<CellView> {
    if after.destroyed {
        return None;
    }
    let colony = before.colony.filter(|_| after.colony != before.colony);
    let leader = before
        .leader
        .filter(|l| !board.iter().any(|c| c.leader == Some(*l)));
    (colony.is_some() || leader.is_some()).then_some(CellView {
        colony,
        leader,
        ..*before
    })
}
