//! Views a bot may trust: made by this process, or read from outside and
//! checked once.
//!
//! A view read from outside (a page, a web worker, the network) may be
//! anything, so a ruleset checks it before reading it
//! ([`Determinize::determinize`] refuses a view no state could have
//! produced). A view this process made itself with [`Game::player_view`]
//! or [`Game::write_view`] needs no such check. [`TrustedView`] says which
//! is which in the types: the loops that ask bots for decisions
//! ([`SeatViews`]) hand them trusted views, and a view from outside
//! becomes one only through [`TrustedView::check`].

use std::ops::Deref;

use crate::{Determinize, Game, Seat};

/// A seat's view known to be well-formed: made by this process
/// ([`SeatViews::of`]) or read from outside and checked
/// ([`TrustedView::check`]). Code that takes one may read the view
/// without the checks an untrusted view needs (indices in range, counts
/// that add up).
pub struct TrustedView<'a, G: Game> {
    view: &'a G::View,
}

impl<G: Game> Clone for TrustedView<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for TrustedView<'_, G> {}

impl<'a, G: Game> TrustedView<'a, G> {
    /// A view this crate made itself (the conformance suite's).
    pub(crate) fn made(view: &'a G::View) -> Self {
        TrustedView { view }
    }

    /// The view.
    pub fn view(&self) -> &'a G::View {
        self.view
    }
}

impl<'a, G: Determinize> TrustedView<'a, G> {
    /// Trust a view read from outside once it passes
    /// [`Determinize::check_view`], or say why it cannot be read.
    pub fn check(view: &'a G::View) -> Result<Self, String> {
        G::check_view(view)?;
        Ok(TrustedView { view })
    }
}

impl<G: Game> Deref for TrustedView<'_, G> {
    type Target = G::View;

    fn deref(&self) -> &G::View {
        self.view
    }
}

/// Views kept between decisions, one per seat, refreshed in place
/// ([`Game::write_view`]) rather than copied anew for every decision: what
/// a loop that asks bots for many decisions keeps. Each view it gives out
/// was made here, so it is trusted.
pub struct SeatViews<G: Game> {
    views: Vec<Option<G::View>>,
}

impl<G: Game> SeatViews<G> {
    /// No view kept yet, for `seats` seats.
    pub fn new(seats: usize) -> Self {
        SeatViews {
            views: (0..seats).map(|_| None).collect(),
        }
    }

    /// `seat`'s view of `game` now (a seat past the table is given a room
    /// of its own).
    pub fn of(&mut self, game: &G, seat: Seat) -> TrustedView<'_, G> {
        let index = seat as usize;
        if index >= self.views.len() {
            self.views.resize_with(index + 1, || None);
        }
        let slot = &mut self.views[index];
        let view = match slot {
            Some(view) => {
                game.write_view(seat, view);
                view
            }
            None => slot.insert(game.player_view(seat)),
        };
        TrustedView { view }
    }
}
