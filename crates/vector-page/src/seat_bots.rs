//! Seats of a game at this device played by bots written in the page:
//! each such seat's code (kept in the browser beside the game, so a
//! reload resumes it) and its worker, started when first asked. A bot
//! that throws, answers late or answers something not legal is out: the
//! random AI plays its seat from then on, and the page says why.

use tabula_page_kit::bots::sandbox::{Bad, Heard, Sandbox, retire};
use tabula_page_kit::dom::local_storage;
use tabula_page_kit::i18n::tf;
use tabula_vector::Action;

use crate::js_bots::{self, DEFAULT_LIMIT_MS, KIND};

/// Where the codes of the game in progress are kept.
const CODES_KEY: &str = "tabula-vector-game-bots";

/// The written bots of a game's seats.
#[derive(Default)]
pub struct SeatBots {
    codes: Vec<Option<String>>,
    sandboxes: Vec<Option<Sandbox>>,
}

impl SeatBots {
    /// The bots for each seat's code (`None`: not a written bot).
    pub fn new(codes: Vec<Option<String>>) -> SeatBots {
        let sandboxes = codes.iter().map(|_| None).collect();
        SeatBots { codes, sandboxes }
    }

    /// The codes kept with the game in progress.
    pub fn kept() -> Vec<Option<String>> {
        local_storage()
            .and_then(|s| s.get_item(CODES_KEY).ok().flatten())
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    /// Keep the codes with the game in progress.
    pub fn keep(&self) {
        if let (Some(s), Ok(text)) = (local_storage(), serde_json::to_string(&self.codes)) {
            s.set_item(CODES_KEY, &text).ok();
        }
    }

    /// Ask `seat`'s bot for a decision (question `id`); `heard` gets what
    /// its worker says, `overdue` runs when its time is long over.
    pub fn ask(
        &mut self,
        seat: usize,
        id: u64,
        view: &tabula_vector::View,
        legal: &[Action],
        heard: impl Fn(Heard) + 'static,
        overdue: impl FnOnce() + 'static,
    ) -> Result<(), String> {
        let Some(code) = self.codes.get(seat).cloned().flatten() else {
            return Err(String::new());
        };
        let fresh = self.sandboxes[seat].is_none();
        if fresh {
            self.sandboxes[seat] = Some(Sandbox::start(&code, KIND.functions, heard)?);
        }
        if let Some(sb) = &self.sandboxes[seat] {
            let v = js_bots::bot_view(view, legal);
            sb.ask(id as u32, js_bots::call_of(legal), &v.to_string());
        }
        let wait = js_bots::deadline_ms(DEFAULT_LIMIT_MS, fresh);
        tabula_page_kit::dom::after(wait, overdue);
        Ok(())
    }

    /// `seat`'s bot is out: its worker stops and the seat is no longer a
    /// written bot.
    pub fn drop_seat(&mut self, seat: usize) {
        if let Some(sb) = self.sandboxes.get_mut(seat) {
            retire(sb.take());
        }
        if let Some(c) = self.codes.get_mut(seat) {
            *c = None;
        }
        self.keep();
    }
}

/// What a bot's answer means for question `id`: `None` when it is not
/// about it (an answer to an older question, the code loaded), else the
/// action or why the bot is out.
pub fn outcome(id: u64, heard: Heard, legal: &[Action]) -> Option<Result<Action, String>> {
    match heard {
        Heard::Loaded(_) => None,
        Heard::Threw(msg) => Some(Err(tf("v-bot-threw", &[("error", &msg)]))),
        Heard::Answer { id: i, .. } if u64::from(i) != id => None,
        Heard::Answer { ms, .. } if ms > DEFAULT_LIMIT_MS => Some(Err(tf(
            "v-bot-late",
            &[
                ("ms", &format!("{ms:.0}")),
                ("limit", &format!("{DEFAULT_LIMIT_MS:.0}")),
            ],
        ))),
        Heard::Answer {
            answer: Err(bad), ..
        } => Some(Err(Bad::in_words(&bad))),
        Heard::Answer {
            answer: Ok(text), ..
        } => Some(js_bots::read_answer(&text, legal)),
    }
}
