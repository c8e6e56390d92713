//! Prompts (the seed's OK events that ask a client to act) and commands
//! (the seed's JSON commands turned into the rules' actions).
//!
//! A prompt is one of the seed's kinds: `rollDies`, `yourTurn`,
//! `offer(card,user)`, or `choose(Type:{Values})` with every value the
//! rules allow now, so that a client that answers prompts alone can play
//! a whole game. Before `rollDies`, `yourTurn` and `offer(card,user)`,
//! an `OPTIONS` event lists every command the seat may send now.

use serde_json::{Map, Value, json};
use tabula_catan::game::state::{Phase, Step};
use tabula_catan::{Action, Card, Catan, Choice, Piece, Progress, Target, Track};
use tabula_engine::{Game, Seat};

use super::ids::{Ids, Obj};

/// What a seat is asked now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// The prompt's text after `OK - `.
    pub text: String,
    /// Whether an `OPTIONS` event goes before it ([`options`]): when the
    /// prompt is not a `choose`.
    pub options: bool,
    /// A message before the prompt (a Commercial Harbor offer).
    pub before: Option<String>,
}

/// The value of a `choose` answer: its type and the value a `CHOOSE`
/// sends back (an object id, or a name).
fn choice_value(game: &Catan, seat: Seat, a: &Action, ids: &Ids) -> Option<(&'static str, String)> {
    Some(match *a {
        Action::Build {
            piece: Piece::Road,
            at,
        } => ("Border", ids.of(Obj::Border(at))),
        Action::Build { at, .. } => ("Intersection", ids.of(Obj::Intersection(at))),
        Action::Discard { card } => ("Card", ids.of(Obj::Card(seat, card))),
        Action::Return { card } => ("ProgressCard", ids.of(Obj::ProgressCard(seat, card))),
        Action::EndPlay => ("END_PLAY", "END_PLAY".into()),
        Action::Choose { choice } => match choice {
            Choice::Hex(h) => (
                "Field",
                ids.of(Obj::Field(game.topo.hexes[h as usize].field)),
            ),
            Choice::Corner(c) => ("Intersection", ids.of(Obj::Intersection(c))),
            Choice::Side(s) => ("Border", ids.of(Obj::Border(s))),
            Choice::Seat(s) => ("UserAssets", ids.of(Obj::UserAssets(s))),
            Choice::Card(c) => match game.steps.last() {
                Some(Step::HarborAnswer { .. }) => ("commodityCard", ids.of(Obj::Card(seat, c))),
                _ => ("Resource", c.name().into()),
            },
            Choice::Progress(p) => ("ProgressCard", p.name().into()),
            Choice::Track(t) => ("Track", t.name().into()),
            Choice::Dice(r, w) => ("Dice", format!("{r}-{w}")),
        },
        _ => return None,
    })
}

/// The command that carries out `a`, as JSON (for `OPTIONS`).
pub fn command_of(game: &Catan, seat: Seat, a: &Action, ids: &Ids) -> Option<Value> {
    let entry = |pairs: &[(&str, String)]| -> Value {
        let list: Vec<Value> = pairs
            .iter()
            .map(|(k, v)| json!({"key": k, "value": v}))
            .collect();
        if list.len() == 1 {
            json!({ "entry": list[0] })
        } else {
            json!({ "entry": list })
        }
    };
    let cmd = |action: &str, pairs: &[(&str, String)]| -> Value {
        if pairs.is_empty() {
            json!({ "@action": action })
        } else {
            json!({ "@action": action, "properties": entry(pairs) })
        }
    };
    Some(match *a {
        Action::RollDice => cmd("ROLL_DIES", &[]),
        Action::EndTurn => cmd("END_TURN", &[]),
        Action::EndPlay => cmd("END_PLAY", &[]),
        Action::Build { piece, at } => {
            let dest = if piece == Piece::Road {
                ids.of(Obj::Border(at))
            } else {
                ids.of(Obj::Intersection(at))
            };
            cmd(
                "BUILD",
                &[("type", piece.name().into()), ("destination", dest)],
            )
        }
        Action::UpgradeProgress { track } => {
            cmd("UPGRADE_PROGRESS", &[("type", track.name().into())])
        }
        Action::ActivateKnight { at } => cmd("ACTIVATE_KNIGHT", &[("id", ids.of(Obj::Knight(at)))]),
        Action::UpgradeKnight { at } => cmd("UPGRADE_KNIGHT", &[("id", ids.of(Obj::Knight(at)))]),
        Action::UseKnight { at, target } => {
            let t = match target {
                Target::Robber => ids.of(Obj::Robber),
                Target::Corner(c) => ids.of(Obj::Intersection(c)),
            };
            cmd(
                "USE_KNIGHT",
                &[("id", ids.of(Obj::Knight(at))), ("target", t)],
            )
        }
        Action::Play { card } => cmd("PLAY", &[("id", ids.of(Obj::ProgressCard(seat, card)))]),
        Action::Offer { to, card } => cmd(
            "OFFER",
            &[
                ("user", ids.of(Obj::UserAssets(to))),
                ("id", ids.of(Obj::Card(seat, card))),
            ],
        ),
        Action::Trade { give, take } => cmd(
            "TRADE",
            &[("give", give.name().into()), ("take", take.name().into())],
        ),
        _ => {
            let (_, v) = choice_value(game, seat, a, ids)?;
            cmd("CHOOSE", &[("id", v)])
        }
    })
}

/// What `seat` is asked now, if anything.
pub fn prompt(game: &Catan, seat: Seat, ids: &Ids) -> Option<Prompt> {
    let legal = game.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    let step = game.steps.last();
    if step.is_none() && game.phase == Phase::BeforeRoll {
        return Some(Prompt {
            text: "rollDies".into(),
            options: true,
            before: None,
        });
    }
    if step.is_none() && game.phase == Phase::Main {
        return Some(Prompt {
            text: "yourTurn".into(),
            options: true,
            before: None,
        });
    }
    if legal.iter().any(|a| matches!(a, Action::Offer { .. })) {
        return Some(Prompt {
            text: "offer(card,user)".into(),
            options: true,
            before: None,
        });
    }
    let mut kind: Option<&'static str> = None;
    let mut values: Vec<String> = Vec::new();
    for a in &legal {
        let (k, v) = choice_value(game, seat, a, ids).unwrap_or(("Command", action_word(a)));
        if k != "END_PLAY" && kind.is_none() {
            kind = Some(k);
        }
        if !values.contains(&v) {
            values.push(v);
        }
    }
    let before = match step {
        Some(Step::HarborAnswer { card, .. }) => Some(format!(
            "User {} offered you a card of type {}. Choose one of your commodity cards for exchange.",
            "{offerer}",
            card.name()
        )),
        _ => None,
    };
    Some(Prompt {
        text: format!(
            "choose({}:{})",
            kind.unwrap_or("END_PLAY"),
            values.join(",")
        ),
        options: false,
        before,
    })
}

/// What a seat is told after a change, and whether its question is new.
pub struct Asked {
    /// The lines for the seat's client (none when nothing is new).
    pub lines: Vec<String>,
    /// Whether the seat's prompt differs from the one before.
    pub changed: bool,
    /// Whether the seat is asked something now.
    pub asking: bool,
}

/// The prompt lines of `seat` after a change: its prompt (with the
/// `OPTIONS` event and any message before it) if it differs from `last`
/// (which becomes the new one) or the seat has just acted, or the
/// confirmation `OK - WORD` of a command it gave out of turn. `nicks` are
/// the seats' nicknames (a Commercial Harbor offer names the offerer).
/// A course table and a course client in a room of the online page
/// ([`super::room_seat`]) both prompt through this.
pub fn ask(
    game: &Catan,
    seat: Seat,
    ids: &Ids,
    last: &mut Option<String>,
    (acted, word): (bool, Option<&str>),
    nicks: &[String],
) -> Asked {
    let new = prompt(game, seat, ids);
    let text = new.as_ref().map(|p| p.text.clone());
    let changed = text != *last;
    *last = text;
    let asking = new.is_some();
    let ts = super::model::now_ts();
    let event = |prop: &str, text: &str| super::model::server_event(&ts, prop, text);
    let mut lines = Vec::new();
    match new {
        Some(p) if changed || acted => {
            if let Some(b) = &p.before {
                let offerer = nicks.get(game.current as usize).map_or("", String::as_str);
                lines.push(event(
                    "USER_MESSAGE",
                    &format!("OK - {}", b.replace("{offerer}", offerer)),
                ));
            }
            if p.options {
                lines.push(event("OPTIONS", &options(game, seat, ids)));
            }
            lines.push(event("USER_MESSAGE", &format!("OK - {}", p.text)));
        }
        // A seat that answered out of turn (a discard, a Commercial
        // Harbor choice) is told its command was taken; the current
        // player's answer is its next prompt.
        None if acted && seat != game.current => {
            if let Some(w) = word {
                lines.push(event("USER_MESSAGE", &format!("OK - {w}")));
            }
        }
        _ => {}
    }
    Asked {
        lines,
        changed,
        asking,
    }
}

/// Every command `seat` may send now, as a JSON list (the `OPTIONS`
/// event).
pub fn options(game: &Catan, seat: Seat, ids: &Ids) -> String {
    let list: Vec<Value> = game
        .legal_actions(seat)
        .iter()
        .filter_map(|a| command_of(game, seat, a, ids))
        .collect();
    Value::Array(list).to_string()
}

/// An action no `choose` value names, as one word (never expected: every
/// step's answers have a value).
fn action_word(a: &Action) -> String {
    format!("{a:?}")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect()
}

/// A command read from a JSON line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The `@action`, upper case.
    pub action: String,
    /// The entries, key to value, in order.
    pub entries: Vec<(String, String)>,
}

impl Command {
    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
}

/// Read a JSON command: `{"@action":…,"properties":{"entry":…}}` with one
/// entry as an object or several as a list. The error says what is wrong
/// in plain words.
pub fn read_command(line: &str) -> Result<Command, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| {
        if e.is_eof() {
            "the command is not complete JSON (it ends too soon)".to_string()
        } else {
            format!("the command is not JSON (column {})", e.column())
        }
    })?;
    let Value::Object(m) = v else {
        return Err("a command is a JSON object with an \"@action\"".into());
    };
    let action = match m.get("@action") {
        Some(Value::String(a)) if !a.is_empty() && a.len() <= 40 => a.to_ascii_uppercase(),
        _ => return Err("a command needs an \"@action\" (a word such as \"END_TURN\")".into()),
    };
    let mut entries = Vec::new();
    if let Some(props) = m.get("properties") {
        let Value::Object(p) = props else {
            return Err("\"properties\" is an object with an \"entry\"".into());
        };
        let list: Vec<&Value> = match p.get("entry") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => a.iter().collect(),
            Some(one) => vec![one],
        };
        for e in list {
            entries.push(read_entry(e)?);
        }
    }
    Ok(Command { action, entries })
}

fn read_entry(e: &Value) -> Result<(String, String), String> {
    let bad = || "an entry is {\"key\":\"…\",\"value\":\"…\"}".to_string();
    let Value::Object(m): &Value = e else {
        return Err(bad());
    };
    let key = match m.get("key") {
        Some(Value::String(k)) => k.clone(),
        _ => return Err(bad()),
    };
    let value = match m.get("value") {
        Some(Value::String(v)) => v.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => return Err(bad()),
    };
    Ok((key, value))
}

/// Turn a game command into the rules' action for `seat`: the action, or
/// why the command cannot be one (the text after `ERROR: COMMAND - `).
pub fn action_of(game: &Catan, seat: Seat, c: &Command, ids: &Ids) -> Result<Action, String> {
    let need = |key: &str| -> Result<&str, String> {
        c.get(key)
            .ok_or_else(|| format!("{} needs the key \"{key}\"", c.action))
    };
    let obj = |key: &str| -> Result<Obj, String> {
        let v = need(key)?;
        ids.read(v)
            .ok_or_else(|| format!("{} names nothing in this game", shown(v)))
    };
    let card_name = |key: &str| -> Result<Card, String> {
        let v = need(key)?;
        Card::from_name(v).ok_or_else(|| {
            format!(
                "{} is not a card (BRICK, CLOTH, COIN, GRAIN, LUMBER, ORE, PAPER, WOOL)",
                shown(v)
            )
        })
    };
    let knight = |key: &str| -> Result<u16, String> {
        match obj(key)? {
            Obj::Knight(k) | Obj::Intersection(k) => Ok(k),
            o => Err(format!(
                "{} is a {}, not a knight",
                shown(&ids.of(o)),
                o.class()
            )),
        }
    };
    Ok(match c.action.as_str() {
        "ROLL_DIES" => Action::RollDice,
        "END_TURN" => Action::EndTurn,
        "END_PLAY" => Action::EndPlay,
        "BUILD" => {
            let t = need("type")?;
            let piece = [
                Piece::Settlement,
                Piece::City,
                Piece::Road,
                Piece::Knight,
                Piece::CityWall,
            ]
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| {
                format!(
                    "{} cannot be built (Settlement, City, Road, Knight, CityWall)",
                    shown(t)
                )
            })?;
            let at = match (piece, obj("destination")?) {
                (Piece::Road, Obj::Border(s)) => s,
                (Piece::Road, o) => {
                    return Err(format!("a road is built on a Border, not a {}", o.class()));
                }
                (_, Obj::Intersection(i)) => i,
                (p, o) => {
                    return Err(format!(
                        "a {} is built on an Intersection, not a {}",
                        p.name(),
                        o.class()
                    ));
                }
            };
            Action::Build { piece, at }
        }
        "UPGRADE_PROGRESS" => {
            let t = need("type")?;
            Action::UpgradeProgress {
                track: Track::from_name(t).ok_or_else(|| {
                    format!("{} is not a track (POLITICS, SCIENCE, TRADE)", shown(t))
                })?,
            }
        }
        "ACTIVATE_KNIGHT" => Action::ActivateKnight { at: knight("id")? },
        "UPGRADE_KNIGHT" => Action::UpgradeKnight { at: knight("id")? },
        "USE_KNIGHT" => {
            let at = knight("id")?;
            let target = match obj("target")? {
                Obj::Robber | Obj::Field(_) => Target::Robber,
                Obj::Intersection(i) => Target::Corner(i),
                o => {
                    return Err(format!(
                        "a knight is used on the Robber or an Intersection, not a {}",
                        o.class()
                    ));
                }
            };
            Action::UseKnight { at, target }
        }
        "PLAY" => {
            let card = match (c.get("id"), c.get("type")) {
                (Some(_), _) => match obj("id")? {
                    Obj::ProgressCard(s, p) if s == seat => p,
                    Obj::ProgressCard(..) => return Err("that card is not yours".into()),
                    o => return Err(format!("{} is not a progress card", o.class())),
                },
                (None, Some(t)) => Progress::from_name(t)
                    .ok_or_else(|| format!("{} is not a progress card", shown(t)))?,
                (None, None) => return Err("PLAY needs the key \"id\"".into()),
            };
            Action::Play { card }
        }
        "OFFER" => {
            let to = match obj("user")? {
                Obj::UserAssets(s) => s,
                o => {
                    return Err(format!(
                        "an offer goes to a UserAssets, not a {}",
                        o.class()
                    ));
                }
            };
            let card = match obj("id")? {
                Obj::Card(s, c) if s == seat => c,
                Obj::Card(..) => return Err("that card is not yours".into()),
                o => return Err(format!("an offer is of a Card, not a {}", o.class())),
            };
            Action::Offer { to, card }
        }
        "TRADE" => Action::Trade {
            give: card_name("give")?,
            take: card_name("take")?,
        },
        "CHOOSE" => {
            let v = need("id")?;
            // The answer the prompt listed with this value, if any.
            for a in game.legal_actions(seat) {
                if choice_value(game, seat, &a, ids).is_some_and(|(_, x)| x == v) {
                    return Ok(a);
                }
            }
            return Err(format!(
                "{} is not one of the values asked for now",
                shown(v)
            ));
        }
        other => {
            return Err(format!(
                "{} is not a game command (ACTIVATE_KNIGHT, BUILD, CHANGE_USER_COLOR, CHOOSE, END_PLAY, END_TURN, LEAVE_GAME, MESSAGE, NOOP, OFFER, PLAY, ROLL_DIES, START_GAME, TRADE, UPGRADE_KNIGHT, UPGRADE_PROGRESS, USE_KNIGHT)",
                shown(other)
            ));
        }
    })
}

/// A client's text quoted for a message: printable, at most 40 characters.
pub fn shown(text: &str) -> String {
    let t: String = text.chars().filter(|c| !c.is_control()).take(40).collect();
    let more = if text.chars().count() > 40 { "…" } else { "" };
    format!("\"{t}{more}\"")
}

/// A JSON object of string entries (for tests and the client).
pub fn command_json(action: &str, pairs: &[(&str, &str)]) -> String {
    let mut m = Map::new();
    m.insert("@action".into(), Value::String(action.into()));
    if !pairs.is_empty() {
        let list: Vec<Value> = pairs
            .iter()
            .map(|(k, v)| json!({"key": k, "value": v}))
            .collect();
        let entry = if list.len() == 1 {
            list[0].clone()
        } else {
            Value::Array(list)
        };
        m.insert("properties".into(), json!({ "entry": entry }));
    }
    Value::Object(m).to_string()
}
