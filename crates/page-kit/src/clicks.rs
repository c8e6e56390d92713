//! The page's clicks, dispatched once for every page: a click on a
//! button (or any element) with a `data-cmd` is a command, and a click on
//! the online game's board is a point of it. Each page says what its
//! commands do; how a click becomes one is written here.

use wasm_bindgen::JsCast;
use web_sys::{Element, MouseEvent};

/// A command clicked: an element with `data-cmd="name"` or
/// `data-cmd="name:arg"` (its argument, or the element's `data-arg`).
pub struct Command {
    /// The element that carries the command.
    pub element: Element,
    /// Its `data-cmd`, whole.
    pub cmd: String,
}

impl Command {
    /// The command's name: its `data-cmd` up to a colon.
    pub fn name(&self) -> &str {
        self.cmd
            .split_once(':')
            .map_or(self.cmd.as_str(), |(n, _)| n)
    }

    /// The command's argument: the element's `data-arg`, or what follows
    /// the colon of its `data-cmd` (empty when neither).
    pub fn arg(&self) -> String {
        self.element.get_attribute("data-arg").unwrap_or_else(|| {
            self.cmd
                .split_once(':')
                .map_or(String::new(), |(_, a)| a.to_string())
        })
    }
}

/// What a click on the page asks for.
pub enum Click {
    /// A point of the online game's board (the canvas `board` names), in
    /// its CSS pixels.
    Board {
        /// Across, from the canvas's left.
        x: f64,
        /// Down, from the canvas's top.
        y: f64,
    },
    /// A command (not on a disabled element).
    Command(Command),
}

/// Listen for the page's clicks for its whole life, handing `f` each one
/// that asks for something: a point of the canvas with the id `board`
/// (the online game's board; `None` where the page has none), or a
/// command. Other clicks are left alone. Which kind of pointer pressed
/// that board is noted for `touch` (a finger plays there in two taps).
pub fn listen(board: Option<&'static str>, mut f: impl FnMut(Click) + 'static) {
    if let Some(id) = board {
        crate::dom::listen::<web_sys::PointerEvent>(
            &crate::dom::document(),
            "pointerdown",
            move |e| {
                let on_board = e
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .is_some_and(|t| t.id() == id);
                if on_board {
                    crate::touch::note(&e.pointer_type());
                }
            },
        );
    }
    crate::dom::listen::<MouseEvent>(&crate::dom::document(), "click", move |e| {
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if board.is_some_and(|id| target.id() == id) {
            f(Click::Board {
                x: f64::from(e.offset_x()),
                y: f64::from(e.offset_y()),
            });
            return;
        }
        let Some(element) = target.closest("[data-cmd]").ok().flatten() else {
            return;
        };
        if element.has_attribute("disabled") {
            return;
        }
        let cmd = element.get_attribute("data-cmd").unwrap_or_default();
        f(Click::Command(Command { element, cmd }));
    });
}
