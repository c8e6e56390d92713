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
//!
//! A view [`SeatViews`] gives out borrows the state it shows and is
//! written only when a bot reads it ([`TrustedView::view`]). What a bot
//! can ask of it is what the seat sees: the view itself, and the seat's
//! legal actions or a random one of them
//! ([`TrustedView::legal_actions`], [`TrustedView::random_action`]),
//! which depend only on the view (the conformance suite checks that those
//! read from the state equal those read from the view). A random bot that
//! asks only for a random action thus never has a view written: its
//! decision costs what the state's own [`Game::random_action`] costs.

use std::cell::{Cell, OnceCell};
use std::ops::Deref;

use crate::ai::pick_uniform;
use crate::{Determinize, Game, GameRng, Seat};

/// A seat's view known to be well-formed: made by this process
/// ([`SeatViews::of`]) or read from outside and checked
/// ([`TrustedView::check`]). Code that takes one may read the view
/// without the checks an untrusted view needs (indices in range, counts
/// that add up).
pub struct TrustedView<'a, G: Game> {
    source: Source<'a, G>,
}

/// Where a trusted view comes from.
enum Source<'a, G: Game> {
    /// A view already written.
    View(&'a G::View),
    /// `seat`'s view of `game`, written into `kept` when first read.
    State {
        game: &'a G,
        seat: Seat,
        kept: &'a KeptView<G>,
    },
}

impl<G: Game> Clone for TrustedView<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for TrustedView<'_, G> {}

impl<G: Game> Clone for Source<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Source<'_, G> {}

impl<'a, G: Game> TrustedView<'a, G> {
    /// A view this crate made itself (the conformance suite's).
    pub(crate) fn made(view: &'a G::View) -> Self {
        TrustedView {
            source: Source::View(view),
        }
    }

    /// The view (written now if it borrows a state and was not read
    /// before).
    pub fn view(&self) -> &'a G::View {
        match self.source {
            Source::View(view) => view,
            Source::State { game, seat, kept } => kept.get(game, seat),
        }
    }

    /// The state the view borrows, when `seat` is the seat it shows.
    fn state_of(&self, seat: Seat) -> Option<&'a G> {
        match self.source {
            Source::State { game, seat: s, .. } if s == seat => Some(game),
            _ => None,
        }
    }
}

impl<'a, G: Determinize> TrustedView<'a, G> {
    /// Trust a view read from outside once it passes
    /// [`Determinize::check_view`], or say why it cannot be read.
    pub fn check(view: &'a G::View) -> Result<Self, String> {
        G::check_view(view)?;
        Ok(TrustedView {
            source: Source::View(view),
        })
    }

    /// Every action `seat` may take, as
    /// [`Determinize::legal_actions_in_view`] reads them (`rng` and
    /// `scratch` as there). When the view borrows the state of `seat`,
    /// they are that state's [`Game::legal_actions`], which are the same
    /// actions, and no view is written.
    pub fn legal_actions(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Option<G>,
    ) -> Vec<G::Action> {
        match self.state_of(seat) {
            Some(game) => game.legal_actions(seat),
            None => G::legal_actions_in_view(*self, seat, rng, scratch),
        }
    }

    /// One of `seat`'s legal actions drawn with `rng`, as
    /// [`Determinize::random_action_in_view`] draws it (`scratch` as
    /// there): the state's [`Game::random_action`] with the same `rng`.
    /// When the view borrows the state of `seat`, it is that, and no view
    /// is written.
    pub fn random_action(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Option<G>,
    ) -> Option<G::Action> {
        match self.state_of(seat) {
            Some(game) => game.random_action(seat, rng),
            None => G::random_action_in_view(*self, seat, rng, scratch),
        }
    }
}

/// [`Determinize::random_action_in_view`] for a ruleset that reads its
/// legal actions from the view ([`Determinize::legal_actions_in_view`]
/// overridden, drawing nothing) and whose [`Game::random_action`] is the
/// default (a uniform pick from the listed actions): a uniform pick from
/// the actions read from the view, which draws what the state's
/// `random_action` draws.
pub fn pick_listed_in_view<G: Determinize>(
    view: TrustedView<'_, G>,
    seat: Seat,
    rng: &mut GameRng,
    scratch: &mut Option<G>,
) -> Option<G::Action> {
    pick_uniform(G::legal_actions_in_view(view, seat, rng, scratch), rng)
}

impl<G: Game> Deref for TrustedView<'_, G> {
    type Target = G::View;

    fn deref(&self) -> &G::View {
        self.view()
    }
}

/// One seat's view kept between decisions: the view of the current
/// decision once written, and the storage of an earlier one to write it
/// into.
struct KeptView<G: Game> {
    /// The view of the current decision, once read.
    now: OnceCell<G::View>,
    /// An earlier view whose storage [`Game::write_view`] reuses.
    earlier: Cell<Option<G::View>>,
}

impl<G: Game> KeptView<G> {
    fn new() -> Self {
        KeptView {
            now: OnceCell::new(),
            earlier: Cell::new(None),
        }
    }

    /// `seat`'s view of `game`, written on the first call since
    /// [`KeptView::next`].
    fn get(&self, game: &G, seat: Seat) -> &G::View {
        self.now.get_or_init(|| match self.earlier.take() {
            Some(mut view) => {
                game.write_view(seat, &mut view);
                view
            }
            None => game.player_view(seat),
        })
    }

    /// A new decision: the view written for the last one becomes storage.
    fn next(&mut self) {
        // `OnceCell::take` moves the whole cell even when it is empty (a
        // copy of a view's size per decision); a bot that read no view
        // (the random bot) leaves it empty.
        if self.now.get().is_some()
            && let Some(view) = self.now.take()
        {
            *self.earlier.get_mut() = Some(view);
        }
    }
}

/// Views kept between decisions, one per seat, refreshed in place
/// ([`Game::write_view`]) rather than copied anew for every decision: what
/// a loop that asks bots for many decisions keeps. Each view it gives out
/// was made here, so it is trusted; it borrows the state and is written
/// only when a bot reads it.
pub struct SeatViews<G: Game> {
    views: Vec<KeptView<G>>,
}

impl<G: Game> SeatViews<G> {
    /// No view kept yet, for `seats` seats.
    pub fn new(seats: usize) -> Self {
        SeatViews {
            views: (0..seats).map(|_| KeptView::new()).collect(),
        }
    }

    /// `seat`'s view of `game` now (a seat past the table is given a room
    /// of its own).
    pub fn of<'a>(&'a mut self, game: &'a G, seat: Seat) -> TrustedView<'a, G> {
        let index = seat as usize;
        if index >= self.views.len() {
            self.views.resize_with(index + 1, KeptView::new);
        }
        let kept = &mut self.views[index];
        kept.next();
        TrustedView {
            source: Source::State {
                game,
                seat,
                kept: &*kept,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outcome, StateHash, StateHasher, ToMove};

    /// A game of one number, seen by each seat as that number plus its
    /// seat, counting how often views are written.
    #[derive(Clone, Debug)]
    struct Counter {
        n: u8,
        written: std::rc::Rc<Cell<u32>>,
    }

    #[derive(Debug)]
    struct Never;

    impl std::fmt::Display for Never {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("never")
        }
    }

    impl std::error::Error for Never {}

    impl Clone for Never {
        fn clone(&self) -> Self {
            Never
        }
    }

    impl PartialEq for Never {
        fn eq(&self, _: &Self) -> bool {
            true
        }
    }

    impl Game for Counter {
        type Action = u8;
        type Error = Never;
        type View = u8;

        fn seats(&self) -> usize {
            2
        }
        fn to_move(&self) -> ToMove {
            ToMove::Seat(0)
        }
        fn legal_actions(&self, _seat: Seat) -> Vec<u8> {
            vec![1, 2, 3]
        }
        fn apply(&mut self, _seat: Seat, action: &u8) -> Result<(), Never> {
            self.n = self.n.wrapping_add(*action);
            Ok(())
        }
        fn apply_chance(&mut self) -> Result<(), Never> {
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn player_view(&self, seat: Seat) -> u8 {
            self.written.set(self.written.get() + 1);
            self.n.wrapping_add(seat)
        }
        fn state_hash(&self) -> StateHash {
            let mut h = StateHasher::new();
            h.u8(self.n);
            h.finish()
        }
    }

    #[test]
    fn a_kept_view_is_written_when_read_and_shows_the_state_of_now() {
        let written = std::rc::Rc::new(Cell::new(0));
        let mut game = Counter {
            n: 10,
            written: written.clone(),
        };
        let mut views = SeatViews::<Counter>::new(2);
        let view = views.of(&game, 1);
        assert_eq!(written.get(), 0, "not written before it is read");
        assert_eq!(*view, 11);
        assert_eq!(*view.view(), 11);
        assert_eq!(written.get(), 1, "written once however often it is read");
        game.apply(0, &5).unwrap();
        let view = views.of(&game, 1);
        assert_eq!(*view, 16, "a new decision shows the state of now");
        let view = views.of(&game, 3);
        assert_eq!(*view, 18, "a seat past the table has its own");
        assert_eq!(written.get(), 3);
    }
}
