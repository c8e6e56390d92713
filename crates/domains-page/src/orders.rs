//! What a bot written in the page (or a person ordering units by clicking)
//! sees and answers: the seat's view as plain JSON, and orders read back
//! from JSON with every problem named by its order's place in the list.
//! The API is documented in `docs/domains/bot-api.md`.

use serde_json::{Value, json};
use tabula_domains::board::{NO_PLAYER, NONE, Thing};
use tabula_domains::{Action, Dir, View};

use crate::words::{list, t, tf};

/// Most orders read from one answer (more than any seat's units).
pub const MAX_ORDERS: usize = 256;

/// A direction's name in the API (the engine's own names).
pub fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::None => "none",
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
        Dir::UpLeft => "up_left",
        Dir::UpRight => "up_right",
        Dir::DownLeft => "down_left",
        Dir::DownRight => "down_right",
    }
}

/// A direction from its name.
pub fn dir_named(name: &str) -> Option<Dir> {
    Dir::ALL.into_iter().find(|&d| dir_name(d) == name)
}

/// The seat's view as the JSON a bot receives: the round, the board's
/// size, paint, zones and drawings as rows of numbers, every unit,
/// bubble and bonus, each player's points, and what this seat's units may
/// do (`legal`).
pub fn bot_view(view: &View, legal: &[Action]) -> Value {
    let b = &view.board;
    let (rows, cols) = (b.rows as usize, b.cols as usize);
    let grid = |f: &dyn Fn(usize) -> i64| -> Value {
        Value::Array(
            (0..rows)
                .map(|r| Value::Array((0..cols).map(|c| json!(f(r * cols + c))).collect()))
                .collect(),
        )
    };
    let paint = grid(&|i| {
        let p = b.squares[i].paint;
        if p == NO_PLAYER { -1 } else { p as i64 }
    });
    let zone = grid(&|i| {
        let s = &b.squares[i];
        if s.zone > 0 && s.paint != NO_PLAYER {
            s.paint as i64
        } else {
            -1
        }
    });
    let drawing = grid(&|i| {
        let d = b.squares[i].drawer;
        if d == NONE {
            -1
        } else {
            b.units[d as usize].player as i64
        }
    });
    let units: Vec<Value> = b
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.alive())
        .map(|(id, u)| {
            let (r, c) = b.coords(u.at);
            json!({"id": id, "player": u.player, "row": r, "col": c, "energy": u.energy,
                   "upgraded": u.upgraded, "drawing": !u.trail.is_empty()})
        })
        .collect();
    let bubbles: Vec<Value> = b
        .bubbles
        .iter()
        .flatten()
        .map(|x| {
            let (r, c) = b.coords(x.at);
            json!({"player": x.player, "row": r, "col": c, "timer": x.timer})
        })
        .collect();
    let bonuses: Vec<Value> = b
        .squares
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.thing, Thing::Bonus(_)))
        .map(|(i, _)| json!({"row": i / cols, "col": i % cols}))
        .collect();
    let players: Vec<Value> = b
        .players
        .iter()
        .enumerate()
        .map(|(p, s)| json!({"score": s.score, "squares": b.painted_by(p as u8), "upgraded": s.upgraded > 0}))
        .collect();
    json!({
        "round": b.round, "rounds": b.options.rounds, "rows": rows, "cols": cols,
        "me": view.seat, "players": players, "paint": paint, "zone": zone,
        "drawing": drawing, "units": units, "bubbles": bubbles, "bonuses": bonuses,
        "legal": legal_json(legal),
    })
}

/// This seat's legal orders, unit by unit:
/// `[{"unit": 3, "moves": ["none", "up", …], "attacks": [...], "ability": false}]`.
pub fn legal_json(legal: &[Action]) -> Value {
    let mut out: Vec<(u16, Vec<&str>, Vec<&str>, bool)> = Vec::new();
    for a in legal {
        let Some(unit) = a.unit() else { continue };
        if out.last().is_none_or(|e| e.0 != unit) {
            out.push((unit, Vec::new(), Vec::new(), false));
        }
        let Some(e) = out.last_mut() else { continue };
        match *a {
            Action::Move { dir, .. } => e.1.push(dir_name(dir)),
            Action::Attack { dir, .. } => e.2.push(dir_name(dir)),
            Action::Ability { .. } => e.3 = true,
            Action::End => {}
        }
    }
    Value::Array(
        out.into_iter()
            .map(|(unit, m, a, ab)| json!({"unit": unit, "moves": m, "attacks": a, "ability": ab}))
            .collect(),
    )
}

/// Read a bot's answer: an array of orders, each
/// `{"unit": ID, "move": DIR}`, `{"unit": ID, "attack": DIR}` or
/// `{"unit": ID, "ability": true}`; `null` means no orders. A malformed
/// answer is refused with the first problem, naming the order.
pub fn read_orders(answer: &Value) -> Result<Vec<Action>, String> {
    let list = match answer {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        other => {
            return Err(tf("domains-orders-not-array", &[("kind", &kind_of(other))]));
        }
    };
    if list.len() > MAX_ORDERS {
        return Err(tabula_page_kit::i18n::tn(
            "domains-orders-too-many",
            list.len() as i64,
            &[("max", &MAX_ORDERS.to_string())],
        ));
    }
    list.iter()
        .enumerate()
        .map(|(i, o)| {
            read_order(o).map_err(|e| {
                tf(
                    "domains-orders-which",
                    &[
                        ("n", &(i + 1).to_string()),
                        ("count", &list.len().to_string()),
                        ("problem", &e),
                    ],
                )
            })
        })
        .collect()
}

/// What a JSON value is, in words (`an object`).
fn kind_of(v: &Value) -> String {
    t(match v {
        Value::Null => "domains-kind-null",
        Value::Bool(_) => "domains-kind-boolean",
        Value::Number(_) => "domains-kind-number",
        Value::String(_) => "domains-kind-string",
        Value::Array(_) => "domains-kind-array",
        Value::Object(_) => "domains-kind-object",
    })
}

fn read_order(o: &Value) -> Result<Action, String> {
    let Value::Object(map) = o else {
        return Err(tf("domains-order-not-object", &[("kind", &kind_of(o))]));
    };
    let unit = map
        .get("unit")
        .ok_or_else(|| t("domains-order-no-unit"))?
        .as_u64()
        .filter(|&u| u < NONE as u64)
        .ok_or_else(|| t("domains-order-bad-unit"))? as u16;
    let dir = |key: &str| -> Result<Dir, String> {
        let v = &map[key];
        let name = v.as_str().ok_or_else(|| {
            tf(
                "domains-order-bad-dir",
                &[("key", key), ("kind", &kind_of(v))],
            )
        })?;
        dir_named(name).ok_or_else(|| {
            tf(
                "domains-order-unknown-dir",
                &[("key", key), ("name", &format!("{name:?}"))],
            )
        })
    };
    let verbs: Vec<String> = ["move", "attack", "ability"]
        .into_iter()
        .filter(|k| map.contains_key(*k))
        .map(String::from)
        .collect();
    match verbs
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["move"] => Ok(Action::Move {
            unit,
            dir: dir("move")?,
        }),
        ["attack"] => Ok(Action::Attack {
            unit,
            dir: dir("attack")?,
        }),
        ["ability"] if map["ability"] == Value::Bool(true) => Ok(Action::Ability { unit }),
        ["ability"] => Err(t("domains-order-ability-true")),
        [] => Err(t("domains-order-no-verb")),
        _ => Err(tf("domains-order-verbs", &[("verbs", &list(&verbs))])),
    }
}

/// Orders as JSON, the form [`read_orders`] reads (for a person's orders
/// sent from the page to the game's worker).
pub fn orders_json(orders: &[Action]) -> Value {
    Value::Array(
        orders
            .iter()
            .filter_map(|a| match *a {
                Action::Move { unit, dir } => Some(json!({"unit": unit, "move": dir_name(dir)})),
                Action::Attack { unit, dir } => {
                    Some(json!({"unit": unit, "attack": dir_name(dir)}))
                }
                Action::Ability { unit } => Some(json!({"unit": unit, "ability": true})),
                Action::End => None,
            })
            .collect(),
    )
}
