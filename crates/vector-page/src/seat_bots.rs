//! Seats of a game at this device played by bots written in the page:
//! each such seat's code (kept in the browser beside the game, so a
//! reload resumes it) and its worker, started when first asked. A bot
//! that throws, answers late or answers something not legal is out: the
//! random AI plays its seat from then on, and the page says why. That it
//! is out, and why, is kept beside the codes: a reload (or a change of
//! language) resumes the seat with the random AI, never with a person.

use serde::{Deserialize, Serialize};
use tabula_page_kit::bots::sandbox::{Bad, Heard, Sandbox, retire};
use tabula_page_kit::dom::local_storage;
use tabula_page_kit::i18n::tf;
use tabula_vector::Action;

use crate::js_bots::{self, DEFAULT_LIMIT_MS, KIND};

/// Where the codes of the game in progress are kept.
const CODES_KEY: &str = "tabula-vector-game-bots";

/// What is kept of a game's written bots: each seat's code, and for a
/// seat whose bot is out, why (the random AI plays it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// Each seat's code (`None`: not a written bot, or one that is out).
    pub codes: Vec<Option<String>>,
    /// Each seat whose written bot is out: why, as it was said.
    #[serde(default)]
    pub out: Vec<Option<String>>,
}

/// The kept text: this page's form, or the codes alone (as kept before
/// a bot's being out was kept).
#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    Now(Kept),
    Codes(Vec<Option<String>>),
}

/// Read what was kept (nothing when it does not read).
pub fn read_kept(text: &str) -> Kept {
    match serde_json::from_str(text) {
        Ok(Stored::Now(k)) => k,
        Ok(Stored::Codes(codes)) => Kept {
            codes,
            out: Vec::new(),
        },
        Err(_) => Kept::default(),
    }
}

/// The written bots of a game's seats.
#[derive(Default)]
pub struct SeatBots {
    codes: Vec<Option<String>>,
    out: Vec<Option<String>>,
    sandboxes: Vec<Option<Sandbox>>,
}

impl SeatBots {
    /// The bots for each seat's code (`None`: not a written bot), and why
    /// each seat's bot is out (if it is).
    pub fn new(codes: Vec<Option<String>>, mut out: Vec<Option<String>>) -> SeatBots {
        let sandboxes = codes.iter().map(|_| None).collect();
        out.resize(codes.len(), None);
        SeatBots {
            codes,
            out,
            sandboxes,
        }
    }

    /// What is kept with the game in progress.
    pub fn kept() -> Kept {
        local_storage()
            .and_then(|s| s.get_item(CODES_KEY).ok().flatten())
            .map(|t| read_kept(&t))
            .unwrap_or_default()
    }

    /// Keep the codes, and which bots are out, with the game in progress.
    pub fn keep(&self) {
        let kept = Kept {
            codes: self.codes.clone(),
            out: self.out.clone(),
        };
        if let (Some(s), Ok(text)) = (local_storage(), serde_json::to_string(&kept)) {
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

    /// `seat`'s bot is out (`why`): its worker stops and the seat is no
    /// longer a written bot; that is kept.
    pub fn drop_seat(&mut self, seat: usize, why: &str) {
        if let Some(sb) = self.sandboxes.get_mut(seat) {
            retire(sb.take());
        }
        if let Some(c) = self.codes.get_mut(seat) {
            *c = None;
        }
        if let Some(o) = self.out.get_mut(seat) {
            *o = Some(why.to_string());
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
