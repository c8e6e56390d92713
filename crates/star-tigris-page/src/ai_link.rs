//! The link to the AI web worker. The page sends the acting AI seat's view
//! (never the state) and plays the action that comes back. The page never
//! waits: while the worker thinks, the board stays live. A worker that
//! fails, or does not answer within twice its budget, is replaced and asked
//! again; starting a new game throws away a think in progress.

use tabula_page_kit::ai_worker::asking::Asked;
use tabula_page_kit::ai_worker::protocol::Reply;
use tabula_page_kit::ai_worker::{self, now};
use tabula_star_tigris::Action;

use crate::app::{App, Screen};
use crate::dom::after;
use crate::state::with_app;
use crate::ui::render;

/// The page's export that starts its AI worker ([`crate::ai_worker_start`]).
const WORKER: &str = "ai_worker_start";

/// Name the worker and what its replies and failures do.
fn connect() {
    ai_worker::connect(
        WORKER,
        |text| {
            if let Ok(reply) = serde_json::from_str::<Reply<Action>>(&text) {
                with_app(|app| {
                    on_reply(app, reply);
                    render(app);
                });
            }
        },
        || {
            with_app(|app| {
                restart(app, &tabula_page_kit::i18n::t("ai-restarted"));
                render(app);
            });
        },
    );
}

/// Stop the worker (and whatever it is thinking about).
pub fn stop() {
    ai_worker::stop();
}

/// Replace the worker, tell the player why, and ask again.
fn restart(app: &mut App, why: &str) {
    stop();
    app.pending = None;
    app.message = Some(why.into());
    drive(app);
}

/// Ask the worker for a move when an AI seat must act and none is asked yet.
pub fn drive(app: &mut App) {
    // While the orders are played out, the AIs wait for the people to
    // have watched them.
    if app.screen != Screen::Playing
        || app.paused
        || app.pending.is_some()
        || app.resolution_at.is_some()
    {
        return;
    }
    let Some(session) = app.session.as_ref() else {
        return;
    };
    let Some((seat, spec)) = session.ai_to_act() else {
        return;
    };
    let id = app.next_request;
    app.next_request += 1;
    let Some((text, asked)) = Asked::new(session.game(), seat, spec.clone(), id, now()) else {
        return;
    };
    app.pending = Some(asked);
    connect();
    // Not answered within twice the budget (and time to start): replaced.
    ai_worker::ask(text, &asked, &spec, |asked| {
        with_app(|app| {
            if app.pending == Some(asked) {
                restart(app, &tabula_page_kit::i18n::t("ai-timeout"));
                render(app);
            }
        });
    });
}

fn on_reply(app: &mut App, reply: Reply<Action>) {
    let Some(p) = app.pending else { return };
    // An answer to an old question is dropped; a wrong one never blocks
    // the game (a legal action is played).
    let Some(action) = app.session.as_ref().and_then(|s| p.answer(s.game(), reply)) else {
        return;
    };
    // Keep the chosen pace, whether people watch AIs or play them: one
    // order at a time, each shown before the next.
    let wait = p.wait_ms(f64::from(app.watch_delay_ms), now());
    let finish = move |app: &mut App| {
        if app.pending.is_some_and(|q| q.id == p.id) {
            app.pending = None;
            if app.paused {
                return;
            }
            app.play(p.seat, action);
            drive(app);
        }
    };
    if wait <= 0.0 {
        finish(app);
    } else {
        after(wait, move || {
            with_app(|app| {
                finish(app);
                render(app);
            })
        });
    }
}
