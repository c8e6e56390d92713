//! A game page's start-up, written once: the four page crates' exported
//! `start` (run by the site's loader, `tabula.start`) and their AI
//! worker's entry are each one call here.
//!
//! In the page's window: the panic hook, the page's words in the kit's
//! catalogue (carried in the module, or fetched for the page's language),
//! the words put on the html, then the lessons when the address asks for
//! them (only the whole module holds them, page kit `on_demand`), and the
//! page's own screens otherwise. In the AI worker, which runs the same
//! module, the window's start does nothing and [`worker`] serves the
//! ruleset.

use serde::de::DeserializeOwned;
use tabula_engine::{Determinize, Evaluate};

/// Where a page's words come from: [`InModule`] or [`Fetched`] (each
/// page's module holds only the way it uses).
pub trait Words {
    /// Put the words in the kit's catalogue, then run `then`.
    fn then(self, then: impl FnOnce() + 'static);
}

/// Words carried in the module: the function adds them to the catalogue.
pub struct InModule(pub fn());

impl Words for InModule {
    fn then(self, then: impl FnOnce() + 'static) {
        (self.0)();
        then();
    }
}

/// Words fetched for the page's language only (`i18n::load`): the site's
/// catalogue, the page's folder of catalogues (`page`) and, in the page's
/// whole module, the kit's lessons' and online play's and the page's
/// folders in `whole` (its editor's words).
pub struct Fetched {
    /// The page's folder of catalogues (`catan`: `i18n/catan/<lang>.txt`).
    pub page: &'static str,
    /// The page's folders of words only its whole module uses.
    pub whole: &'static [&'static str],
}

impl Words for Fetched {
    fn then(self, then: impl FnOnce() + 'static) {
        crate::i18n::load(self.page, self.whole, then);
    }
}

/// Start a game page in its window. `lessons` opens the lessons when the
/// address asks for them and says whether it did (then the page's own
/// screens are not installed); it is called only in the whole module, so
/// in the play module nothing it reaches is kept. `install` wires the
/// page's own screens. In a worker this does nothing.
pub fn page(
    words: impl Words,
    lessons: impl FnOnce() -> bool + 'static,
    install: impl FnOnce() + 'static,
) {
    if crate::ai_worker::in_worker() {
        return;
    }
    console_error_panic_hook::set_once();
    let go = move || {
        crate::i18n::apply();
        if crate::on_demand::HERE && lessons() {
            return;
        }
        install();
    };
    words.then(go);
}

/// Start the AI worker of ruleset `G`: the page's module, loaded again in
/// a web worker by the page, answers requests for one seat's view with a
/// bot's action ([`crate::ai_worker::serve`]).
pub fn worker<G>()
where
    G: Determinize + Evaluate + 'static,
    G::View: DeserializeOwned,
{
    console_error_panic_hook::set_once();
    crate::ai_worker::serve::<G>();
}
