//! The page's state between events: the game session, who is looking, what
//! is selected, and the screen shown. Commands from clicks and keys change
//! it; `ui::render` then redraws the page from it.

use tabula_star_tigris::{Action, Kind, Phase, Pos, SwapSet};

use crate::board::Geometry;
use crate::session::{Selection, Session};

/// Which screen is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The new-game dialog.
    NewGame,
    /// Playing (a hand-off screen covers the page between seats).
    Playing,
    /// The end-of-game screen.
    Over,
}

/// The page's state.
pub struct App {
    /// The game, once started.
    pub session: Option<Session>,
    /// The seat whose pieces are shown; `None` while the device is handed on.
    pub viewer: Option<u8>,
    /// What the viewer has picked up.
    pub selection: Option<Selection>,
    /// Hand slots chosen for a swap, while choosing.
    pub swap: Option<[bool; 6]>,
    /// The keyboard cursor.
    pub cursor: Pos,
    /// The cell under the pointer.
    pub hover: Option<Pos>,
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
}

impl Default for App {
    fn default() -> Self {
        App {
            session: None,
            viewer: None,
            selection: None,
            swap: None,
            cursor: Pos::new(0, 0),
            hover: None,
            regions_view: false,
            geometry: None,
            screen: Screen::NewGame,
            message: None,
            dialog_seats: 2,
            over_hidden: false,
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
    /// The seat that is acting and looking: set only after the hand-off.
    pub fn acting_viewer(&self) -> Option<u8> {
        let s = self.session.as_ref()?.seat_to_act()?;
        (self.viewer == Some(s)).then_some(s)
    }

    /// Whether the hand-off screen should cover the page.
    pub fn handing_off(&self) -> bool {
        self.screen == Screen::Playing
            && self
                .session
                .as_ref()
                .and_then(Session::seat_to_act)
                .is_some_and(|s| self.viewer != Some(s))
    }

    /// The cells the viewer may click now, with the action each means.
    pub fn targets(&self) -> Vec<(Pos, Action)> {
        let (Some(s), Some(seat)) = (self.session.as_ref(), self.acting_viewer()) else {
            return Vec::new();
        };
        match (s.game().phase(), self.selection) {
            (Phase::ChooseArtifact { .. }, _) => s.decision_targets(seat),
            (Phase::Order, Some(sel)) if self.swap.is_none() => s.targets(seat, sel),
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
        let Some(s) = self.session.as_mut() else {
            return;
        };
        match s.play(seat, action) {
            Ok(()) => {
                self.message = None;
                self.selection = None;
                self.swap = None;
                if s.game().phase().is_over() {
                    self.screen = Screen::Over;
                    self.viewer = None;
                    self.over_hidden = false;
                } else if s.seat_to_act() != Some(seat) {
                    // Another seat decides: hide this seat's pieces at once.
                    self.viewer = None;
                }
            }
            Err(e) => self.message = Some(format!("Not allowed: {e}.")),
        }
    }
}
