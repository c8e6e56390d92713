//! The slideshow screen, as the 2009 viewer stepped through a tournament:
//! ←/→ round by round, ↑/↓ game by game (each game's end shown), Home/End
//! to a game's start and end, Space to play; the board after the round
//! with its moves as arrows, the scores, the game's disqualifications and
//! the tournament points so far. It opens a tournament record (from
//! `tabula tournament` or `tabula serve`) or a game record.

use std::cell::RefCell;

use tabula_engine::Game;
use tabula_page_kit::dom::{El, button, by_id, el};
use tabula_page_kit::i18n::{t, tf, tn};
use tabula_page_kit::morph;
use tabula_page_kit::replay_viewer::{self, MoveWords};
use tabula_page_kit::transport::{self, Move, Playback};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, KeyboardEvent};

use crate::draw;
use crate::signs::{seat_word, team_word};
use crate::slides::{Shown, Slides};

/// Rounds a second while playing (each stays 800 ms on screen).
const ROUNDS_A_SECOND: f64 = 1.25;

/// The slideshow's moves in words: a step is a round, the bigger step a
/// game, the start and the end the game shown's.
const SLIDESHOW: MoveWords = MoveWords {
    first: ["v-show-first-name", "v-show-first"],
    back_more: ["v-show-game-prev-name", "v-show-game-prev"],
    back: ["v-show-prev-name", "v-show-prev"],
    play: ["v-show-play", "v-show-pause", "v-show-play-key"],
    forward: ["v-show-next-name", "v-show-next"],
    forward_more: ["v-show-game-next-name", "v-show-game-next"],
    last: ["v-show-last-name", "v-show-last"],
};

/// Where the slideshow stands.
pub struct Show {
    /// The slides and the one shown.
    shown: Shown,
    /// Playing the rounds, game after game.
    playback: Playback,
    /// The text to save: a tournament run here or opened from its link,
    /// or any slides once a teacher's note was written.
    file: Option<String>,
    /// The link to the tournament once made, or why there is none.
    link: Option<Result<String, String>>,
}

thread_local! {
    static SHOW: RefCell<Option<Show>> = const { RefCell::new(None) };
}

/// Whether the slideshow is on screen.
pub fn active() -> bool {
    SHOW.with(|s| s.borrow().is_some())
}

/// Show `slides` from its first game's start.
pub fn open(slides: Slides) {
    SHOW.with(|s| {
        *s.borrow_mut() = Some(Show {
            shown: Shown::new(slides),
            playback: Playback::new(ROUNDS_A_SECOND),
            file: None,
            link: None,
        })
    });
}

/// Show a tournament run here, with its record to save.
pub fn open_with_file(slides: Slides, file: String) {
    open(slides);
    SHOW.with(|s| {
        if let Some(show) = s.borrow_mut().as_mut() {
            show.file = Some(file);
        }
    });
}

/// Leave the slideshow.
pub fn close() {
    SHOW.with(|s| *s.borrow_mut() = None);
}

fn view(s: &Show) -> El {
    let game = &s.shown.slides.games[s.shown.game];
    let state = &game.rounds[s.shown.round];
    let tournament = !game.seating.is_empty();
    let mut seats = el("ul").class("show-seats");
    for seat in 0..4u8 {
        seats = seats.child(
            el("li")
                .child(crate::parts::seat_badge(seat))
                .text(&format!(
                    "{}: {}",
                    crate::signs::seat_label(
                        game.names.get(seat as usize).map_or("", String::as_str),
                        seat
                    ),
                    state.scores[seat as usize]
                )),
        );
    }
    let where_ = if s.shown.round == 0 {
        t("v-show-start")
    } else {
        tf(
            "v-show-after-round",
            &[
                ("n", &s.shown.round.to_string()),
                ("of", &(game.rounds.len() - 1).to_string()),
            ],
        )
    };
    let last = s.shown.round + 1 == game.rounds.len();
    let end = last.then(|| {
        let text = match state.outcome() {
            Some(o) if o.winners().len() == 4 => t("v-tie"),
            Some(o) => tf("v-team-won", &[("team", &team_word(o.winners()[0]))]),
            None if !game.disqualified.is_empty() => t("v-show-stopped"),
            None => String::new(),
        };
        el("p").class("show-end").attr("id", "show-end").text(&text)
    });
    let mut faults = el("ul").class("faults").attr("id", "faults");
    for (seat, why) in &game.disqualified {
        faults = faults.child(el("li").text(&tf(
            "v-show-disqualified",
            &[
                (
                    "name",
                    &game.names.get(*seat as usize).cloned().unwrap_or_default(),
                ),
                ("seat", &seat_word(*seat)),
                ("why", why),
            ],
        )));
    }
    let standings = tournament.then(|| {
        let total = s.shown.slides.points_after(s.shown.game);
        let mut order: Vec<usize> = (0..s.shown.slides.entrants.len()).collect();
        order.sort_by(|a, b| total[*b].total_cmp(&total[*a]));
        let mut body = el("tbody");
        for e in order {
            body = body.child(
                el("tr")
                    .child(el("td").text(&s.shown.slides.entrants[e]))
                    .child(el("td").class("score").text(&total[e].to_string())),
            );
        }
        el("div")
            .child(el("h3").text(&tf(
                "v-show-points-after",
                &[("n", &(s.shown.game + 1).to_string())],
            )))
            .child(
                el("table")
                    .class("scores")
                    .attr("id", "standings")
                    .child(
                        el("thead").child(
                            el("tr")
                                .child(el("th").text(&t("v-player")))
                                .child(el("th").text(&t("v-show-tournament-points"))),
                        ),
                    )
                    .child(body),
            )
    });
    let controls = replay_viewer::buttons(&s.shown, s.playback.playing, &SLIDESHOW, |m| {
        format!("show:{}", m.name())
    });
    el("div")
        .class("panel-inner show")
        .attr("id", "show")
        .attr("data-game", &s.shown.game.to_string())
        .attr("data-round", &s.shown.round.to_string())
        .child(el("h2").text(&tf(
            "v-show-game-of",
            &[
                ("n", &(s.shown.game + 1).to_string()),
                ("of", &s.shown.slides.games.len().to_string()),
            ],
        )))
        .child(el("p").attr("id", "show-where").text(&where_))
        .child(controls)
        .child(el("p").class("hint").text(&t("v-show-keys")))
        .maybe(end)
        .child(seats)
        .maybe((!game.disqualified.is_empty()).then_some(faults))
        .maybe(standings)
        .child(tabula_page_kit::teacher_notes::panel(
            &game.record.notes,
            game.ends.get(s.shown.round).copied().unwrap_or(0),
        ))
        .child(
            el("div")
                .class("buttons")
                .maybe(save_buttons(s))
                .child(button(&t("v-show-close"), "show:close")),
        )
        .maybe(s.link.as_ref().map(|l| {
            match l {
                Ok(link) => el("label")
                    .class("link-out")
                    .text(&t(if tournament {
                        "v-tournament-link-copied"
                    } else {
                        "v-link-copied"
                    }))
                    .child(
                        el("input")
                            .attr("id", "tournament-link")
                            .attr("readonly", "")
                            .attr("value", link),
                    ),
                Err(why) => el("p").class("problem").attr("role", "alert").text(why),
            }
        }))
}

/// Save and link buttons, where there is a file to save: a tournament
/// run here or opened from its link, or slides whose teacher's notes
/// were changed.
fn save_buttons(s: &Show) -> Option<El> {
    s.file.as_ref()?;
    let (save, link) = if s.shown.slides.tournament.is_some() {
        (
            button(&t("v-save-tournament"), "show:save").attr("id", "save-tournament"),
            button(&t("v-link-tournament"), "show:link").attr("id", "link-tournament"),
        )
    } else {
        (
            button(&t("v-save"), "show:save").attr("id", "save-tournament"),
            button(&t("v-copy-link"), "show:link").attr("id", "link-tournament"),
        )
    };
    Some(el("span").child(save).child(link))
}

/// A teacher's note command (`note-write`, `note-save`, `note-cancel`)
/// at the slide shown; whether it was one. A saved note changes the
/// game's record, so the file to save and its link are made again.
pub fn note(cmd: &str) -> bool {
    let done = SHOW.with(|s| {
        let mut s = s.borrow_mut();
        let Some(show) = s.as_mut() else { return false };
        let (g, r) = (show.shown.game, show.shown.round);
        let Some(game) = show.shown.slides.games.get_mut(g) else {
            return false;
        };
        let at = game.ends.get(r).copied().unwrap_or(0);
        let before = game.record.notes.clone();
        if !tabula_page_kit::teacher_notes::command(cmd, &mut game.record, at) {
            return false;
        }
        if game.record.notes != before {
            show.file = Some(show.shown.slides.file_text());
            show.link = None;
        }
        true
    });
    if done {
        render();
    }
    done
}

/// Longest tournament link offered (characters of data): longer ones
/// are shared as a file.
pub const MAX_LINK_DATA: usize = 64 * 1024;

/// The link to a tournament record, or why it is too long for one.
fn tournament_link(text: &str) -> Result<String, String> {
    let data = tabula_engine::link::pack(text);
    if data.len() > MAX_LINK_DATA {
        return Err(tn(
            "v-tournament-link-too-long",
            data.len() as i64,
            &[("max", &MAX_LINK_DATA.to_string())],
        ));
    }
    Ok(format!(
        "{}#tournament={data}",
        tabula_page_kit::dom::page_url()
    ))
}

/// Draw the slideshow: the board after the round and the panel.
pub fn render() {
    SHOW.with(|s| {
        let s = s.borrow();
        let Some(show) = s.as_ref() else { return };
        if let Some(panel) = by_id("panel") {
            morph::morph_children(&panel, &el("section").child(view(show)).0);
        }
        if let Some(a) = by_id("board-area") {
            a.remove_attribute("hidden").ok();
        }
        if let Some(canvas) = by_id("board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok()) {
            let state = &show.shown.slides.games[show.shown.game].rounds[show.shown.round];
            draw::draw(&canvas, state, crate::parts::board_width());
            canvas
                .set_attribute("data-pos", &format!("{} {}", state.pos.row, state.pos.col))
                .ok();
        }
    });
    if let Some(body) = tabula_page_kit::dom::document().body() {
        body.set_attribute("data-screen", "show").ok();
    }
}

fn play(token: u32, first_ms: f64) {
    transport::run(token, first_ms, |token| {
        let next = SHOW.with(|s| {
            let mut s = s.borrow_mut();
            let show = s.as_mut()?;
            replay_viewer::tick(&mut show.shown, &mut show.playback, token)
        });
        render();
        next
    });
}

/// A command of the slideshow's buttons and keys (`show:forward`,
/// `show:back-turn`, …: the transport's move names, and `close`, `link`,
/// `save`).
pub fn run(what: &str) {
    if what == "close" {
        close();
        return;
    }
    if what == "link" {
        SHOW.with(|s| {
            if let Some(show) = s.borrow_mut().as_mut()
                && let Some(text) = &show.file
            {
                let link = if show.shown.slides.tournament.is_some() {
                    tournament_link(text)
                } else {
                    Ok(show
                        .shown
                        .slides
                        .games
                        .first()
                        .map(|g| tabula_page_kit::records::link::<tabula_vector::Vector>(&g.record))
                        .unwrap_or_default())
                };
                if let Ok(l) = &link {
                    tabula_page_kit::dom::copy_text(l);
                }
                show.link = Some(link);
            }
        });
        render();
        return;
    }
    if what == "save" {
        let file = SHOW.with(|s| {
            s.borrow()
                .as_ref()
                .and_then(|s| Some((s.file.clone()?, s.shown.slides.tournament.is_some())))
        });
        if let Some((text, tournament)) = file {
            let name = if tournament {
                "vector-tournament.json"
            } else {
                "vector-game.json"
            };
            tabula_page_kit::records::save(&text, name);
        }
        return;
    }
    let Some(step) = Move::of_name(what) else {
        return;
    };
    let start = SHOW.with(|s| {
        let mut s = s.borrow_mut();
        let show = s.as_mut()?;
        replay_viewer::take(&mut show.shown, &mut show.playback, step)
    });
    render();
    if let Some((token, ms)) = start {
        play(token, ms);
    }
}

/// The slideshow's keys; whether the key was one of them.
pub fn key(e: &KeyboardEvent) -> bool {
    if !active() {
        return false;
    }
    let what = match e.key().as_str() {
        "ArrowRight" => Move::Forward.name(),
        "ArrowLeft" => Move::Back.name(),
        "ArrowDown" => Move::ForwardMore.name(),
        "ArrowUp" => Move::BackMore.name(),
        "Home" => Move::First.name(),
        "End" => Move::Last.name(),
        " " => Move::PlayPause.name(),
        "Escape" => "close",
        _ => return false,
    };
    e.prevent_default();
    run(what);
    true
}
