//! The page's state, held for the browser's events: every handler reaches
//! the one [`App`] through [`with_app`] (the handlers import this, not one
//! another's dispatcher).

use std::cell::RefCell;

use web_sys::Event;

use crate::app::App;

thread_local! {
    static APP: RefCell<App> = RefCell::new(App::default());
}

/// Run `f` on the page's state.
pub fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> R {
    APP.with(|a| f(&mut a.borrow_mut()))
}

/// Run `f` on the page's state unless an event is already using it (a
/// redraw that removes a focused field fires its `change` event inside
/// the handler doing the redraw); returns whether `f` ran.
pub fn try_with_app(f: impl FnOnce(&mut App)) -> bool {
    APP.with(|a| match a.try_borrow_mut() {
        Ok(mut app) => {
            f(&mut app);
            true
        }
        Err(_) => false,
    })
}

/// Call `f` on every `name` event of `target`, for the page's lifetime.
pub fn listen(target: &web_sys::EventTarget, name: &str, f: impl FnMut(Event) + 'static) {
    tabula_page_kit::dom::listen::<Event>(target, name, f);
}
