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
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, KeyboardEvent};

use crate::draw;
use crate::signs::{seat_word, team_word};
use crate::slides::Slides;

/// How long a round stays on screen while playing.
const STEP_MS: f64 = 800.0;

/// Where the slideshow stands.
pub struct Show {
    slides: Slides,
    game: usize,
    round: usize,
    playing: bool,
    /// Counts the plays, so an old timer stops.
    run: u32,
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
            slides,
            game: 0,
            round: 0,
            playing: false,
            run: 0,
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

impl Show {
    fn rounds(&self) -> usize {
        self.slides.games[self.game].rounds.len()
    }

    /// One step: a round forward or back, a game forward or back, to a
    /// game's start or end. Whether anything changed.
    fn step(&mut self, what: &str) -> bool {
        let (g, r) = (self.game, self.round);
        let games = self.slides.games.len();
        match what {
            "next" => {
                if self.round + 1 < self.rounds() {
                    self.round += 1;
                } else if self.game + 1 < games {
                    self.game += 1;
                    self.round = 0;
                }
            }
            "prev" => {
                if self.round > 0 {
                    self.round -= 1;
                } else if self.game > 0 {
                    self.game -= 1;
                    self.round = self.rounds() - 1;
                }
            }
            // A game up or down shows that game's end, as the 2009 viewer did.
            "game-next" if self.game + 1 < games => {
                self.game += 1;
                self.round = self.rounds() - 1;
            }
            "game-prev" if self.game > 0 => {
                self.game -= 1;
                self.round = self.rounds() - 1;
            }
            "first" => self.round = 0,
            "last" => self.round = self.rounds() - 1,
            _ => {}
        }
        (g, r) != (self.game, self.round)
    }
}

fn view(s: &Show) -> El {
    let game = &s.slides.games[s.game];
    let state = &game.rounds[s.round];
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
    let where_ = if s.round == 0 {
        t("v-show-start")
    } else {
        tf(
            "v-show-after-round",
            &[
                ("n", &s.round.to_string()),
                ("of", &(game.rounds.len() - 1).to_string()),
            ],
        )
    };
    let last = s.round + 1 == game.rounds.len();
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
        let total = s.slides.points_after(s.game);
        let mut order: Vec<usize> = (0..s.slides.entrants.len()).collect();
        order.sort_by(|a, b| total[*b].total_cmp(&total[*a]));
        let mut body = el("tbody");
        for e in order {
            body = body.child(
                el("tr")
                    .child(el("td").text(&s.slides.entrants[e]))
                    .child(el("td").class("score").text(&total[e].to_string())),
            );
        }
        el("div")
            .child(el("h3").text(&tf(
                "v-show-points-after",
                &[("n", &(s.game + 1).to_string())],
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
    let controls = el("div")
        .class("show-controls")
        .child(
            button("|◀", "show:first")
                .attr("aria-label", &t("v-show-first"))
                .attr("title", &t("v-show-first")),
        )
        .child(
            button("◀", "show:prev")
                .attr("aria-label", &t("v-show-prev"))
                .attr("title", &t("v-show-prev")),
        )
        .child(
            button(
                &t(if s.playing {
                    "v-show-pause"
                } else {
                    "v-show-play"
                }),
                "show:play",
            )
            .attr("id", "show-play")
            .attr(
                "aria-label",
                &t(if s.playing {
                    "v-show-pause"
                } else {
                    "v-show-play"
                }),
            )
            .attr(
                "title",
                &t(if s.playing {
                    "v-show-pause"
                } else {
                    "v-show-play"
                }),
            ),
        )
        .child(
            button("▶", "show:next")
                .attr("aria-label", &t("v-show-next"))
                .attr("title", &t("v-show-next")),
        )
        .child(
            button("▶|", "show:last")
                .attr("aria-label", &t("v-show-last"))
                .attr("title", &t("v-show-last")),
        )
        .child(
            button("▲", "show:game-prev")
                .attr("aria-label", &t("v-show-game-prev"))
                .attr("title", &t("v-show-game-prev")),
        )
        .child(
            button("▼", "show:game-next")
                .attr("aria-label", &t("v-show-game-next"))
                .attr("title", &t("v-show-game-next")),
        );
    el("div")
        .class("panel-inner show")
        .attr("id", "show")
        .attr("data-game", &s.game.to_string())
        .attr("data-round", &s.round.to_string())
        .child(el("h2").text(&tf(
            "v-show-game-of",
            &[
                ("n", &(s.game + 1).to_string()),
                ("of", &s.slides.games.len().to_string()),
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
            game.ends.get(s.round).copied().unwrap_or(0),
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
    let (save, link) = if s.slides.tournament.is_some() {
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
        let (g, r) = (show.game, show.round);
        let Some(game) = show.slides.games.get_mut(g) else {
            return false;
        };
        let at = game.ends.get(r).copied().unwrap_or(0);
        let before = game.record.notes.clone();
        if !tabula_page_kit::teacher_notes::command(cmd, &mut game.record, at) {
            return false;
        }
        if game.record.notes != before {
            show.file = Some(show.slides.file_text());
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
            let state = &show.slides.games[show.game].rounds[show.round];
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

fn tick(run: u32) {
    let go_on = SHOW.with(|s| {
        let mut s = s.borrow_mut();
        let Some(show) = s.as_mut() else { return false };
        if !show.playing || show.run != run {
            return false;
        }
        if !show.step("next") {
            show.playing = false;
        }
        show.playing
    });
    render();
    if go_on {
        tabula_page_kit::dom::after(STEP_MS, move || tick(run));
    }
}

/// A command of the slideshow's buttons (`show:next`, …).
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
                let link = if show.slides.tournament.is_some() {
                    tournament_link(text)
                } else {
                    Ok(show
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
                .and_then(|s| Some((s.file.clone()?, s.slides.tournament.is_some())))
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
    let start = SHOW.with(|s| {
        let mut s = s.borrow_mut();
        let show = s.as_mut()?;
        if what == "play" {
            show.playing = !show.playing;
            show.run += 1;
            return show.playing.then_some(show.run);
        }
        show.playing = false;
        show.step(what);
        None
    });
    render();
    if let Some(run) = start {
        tabula_page_kit::dom::after(STEP_MS, move || tick(run));
    }
}

/// The slideshow's keys; whether the key was one of them.
pub fn key(e: &KeyboardEvent) -> bool {
    if !active() {
        return false;
    }
    let what = match e.key().as_str() {
        "ArrowRight" => "next",
        "ArrowLeft" => "prev",
        "ArrowDown" => "game-next",
        "ArrowUp" => "game-prev",
        "Home" => "first",
        "End" => "last",
        " " => "play",
        "Escape" => "close",
        _ => return false,
    };
    e.prevent_default();
    run(what);
    true
}
