//! A person taking a seat: select one of your units by clicking it, then
//! click a square next to it to move there (Shift+click, or "Attack"
//! first, to attack it), A for its ability, Enter to end your orders.
//! What is legal comes from the engine, in the seat's view (`legal`).
//! When several people share the screen, each turn opens on a hand-over
//! that shows none of anyone's orders until the next person is ready.

use serde_json::Value;
use tabula_domains::{Action, Dir};

use super::draw::{Marks, cell_size};
use super::with_page;
use crate::orders::{dir_name, orders_json};
use crate::words::{self, t, tf, tn};

/// A person's orders being given for one round.
pub struct PersonTurn {
    /// The seat.
    pub seat: u8,
    /// The round.
    pub round: u32,
    view: Value,
    /// The selected unit.
    pub selected: Option<u16>,
    /// The orders so far.
    pub orders: Vec<Action>,
    /// Whether the next click attacks.
    pub attack: bool,
    /// What to tell the person.
    pub message: String,
    /// The seat's name ("You" when one person plays).
    pub name: String,
    /// Whether one person plays (the page says "you").
    pub solo: bool,
    /// Whether the screen waits for this person to take over (several
    /// people play on one screen; orders are given in secret).
    pub handing_over: bool,
    /// The keyboard's square (row, column): the arrow keys move it, Space
    /// acts on it as a click would.
    pub cursor: (i64, i64),
    /// A finger's tap on an order's square, waiting for the second tap.
    pub confirm: tabula_page_kit::touch::Confirm<(i64, i64)>,
}

impl PersonTurn {
    /// Orders for `seat` (called `name`) in `round`, from the seat's view;
    /// `hand_over` when several people take turns on one screen.
    pub fn new(seat: u8, round: u32, view: Value, name: &str, hand_over: bool) -> PersonTurn {
        let mut turn = PersonTurn {
            seat,
            round,
            view,
            selected: None,
            orders: Vec::new(),
            attack: false,
            message: t(&tabula_page_kit::touch::key("domains-your-turn")),
            name: name.to_string(),
            solo: !hand_over,
            handing_over: hand_over,
            cursor: (0, 0),
            confirm: tabula_page_kit::touch::Confirm::new(),
        };
        if let Some(&(_, r, c)) = turn.units().first() {
            turn.cursor = (r, c);
        }
        turn
    }

    /// Move the keyboard's square by (rows, columns), staying on the board.
    pub fn move_cursor(&mut self, dr: i64, dc: i64) {
        let (rows, cols) = (self.rows() as i64, self.cols() as i64);
        self.cursor = (
            (self.cursor.0 + dr).clamp(0, rows - 1),
            (self.cursor.1 + dc).clamp(0, cols - 1),
        );
    }

    /// The order the selected unit would get from a click on (row, col)
    /// (`attack`: an attack), if that square takes one.
    fn order_at(&self, row: i64, col: i64, attack: bool) -> Option<Action> {
        let sel = self.selected?;
        let (r, c) = self.at(sel)?;
        if (row - r).abs() > 1 || (col - c).abs() > 1 {
            return None;
        }
        let dir = Dir::between((r as i32, c as i32), (row as i32, col as i32));
        let attack = attack && dir != Dir::None;
        self.allows(sel, attack, dir).then_some(if attack {
            Action::Attack { unit: sel, dir }
        } else {
            Action::Move { unit: sel, dir }
        })
    }

    /// A finger's tap on (row, column): a square that would give an order
    /// first says what it would be, and a second tap there gives it;
    /// anything else acts at once, as a click.
    pub fn tap(&mut self, row: i64, col: i64) {
        if self.handing_over {
            return;
        }
        if let Some(order) = self.order_at(row, col, self.attack)
            && !self.confirm.tap((row, col))
        {
            self.cursor = (row, col);
            self.message = tf(
                "domains-tap-again",
                &[
                    ("unit", &order.unit().unwrap_or(0).to_string()),
                    ("order", &describe(&order)),
                ],
            );
            return;
        }
        self.confirm.clear();
        self.click(row, col, false);
    }

    /// Act on the keyboard's square as a click there would (`shift`: attack).
    pub fn act_at_cursor(&mut self, shift: bool) {
        let (r, c) = self.cursor;
        self.click(r, c, shift);
    }

    /// Select the next unit that has no order yet (after the selected one,
    /// by number, round again at the end) and put the keyboard's square on it.
    pub fn next_unit(&mut self) {
        if self.handing_over {
            return;
        }
        let ordered: Vec<u16> = self.orders.iter().filter_map(|o| o.unit()).collect();
        let mut free: Vec<(u16, i64, i64)> = self
            .units()
            .into_iter()
            .filter(|u| !ordered.contains(&u.0))
            .collect();
        free.sort_by_key(|u| u.0);
        let after = self.selected.unwrap_or(0);
        let next = free
            .iter()
            .find(|u| self.selected.is_none_or(|_| u.0 > after))
            .or(free.first())
            .copied();
        match next {
            Some((_, r, c)) => {
                self.selected = None;
                self.click(r, c, false);
            }
            None => self.message = t("domains-all-ordered"),
        }
    }

    fn cols(&self) -> usize {
        self.view["cols"].as_u64().unwrap_or(1) as usize
    }

    fn rows(&self) -> usize {
        self.view["rows"].as_u64().unwrap_or(1) as usize
    }

    /// This seat's units that may still be ordered: (id, row, col).
    pub fn units(&self) -> Vec<(u16, i64, i64)> {
        let legal = self.legal_units();
        self.view["units"]
            .as_array()
            .map(|us| {
                us.iter()
                    .filter(|u| u["player"].as_u64() == Some(self.seat as u64))
                    .filter_map(|u| {
                        let id = u["id"].as_u64()? as u16;
                        legal
                            .contains(&id)
                            .then_some((id, u["row"].as_i64()?, u["col"].as_i64()?))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn legal_units(&self) -> Vec<u16> {
        self.view["legal"]
            .as_array()
            .map(|l| {
                l.iter()
                    .filter_map(|e| e["unit"].as_u64().map(|u| u as u16))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn legal_of(&self, unit: u16) -> Option<&Value> {
        self.view["legal"]
            .as_array()?
            .iter()
            .find(|e| e["unit"].as_u64() == Some(unit as u64))
    }

    fn allows(&self, unit: u16, attack: bool, dir: Dir) -> bool {
        let key = if attack { "attacks" } else { "moves" };
        self.legal_of(unit)
            .and_then(|e| e[key].as_array())
            .is_some_and(|l| l.iter().any(|d| d.as_str() == Some(dir_name(dir))))
    }

    /// Whether the selected unit may use its ability.
    pub fn can_ability(&self) -> bool {
        self.selected
            .and_then(|u| self.legal_of(u))
            .is_some_and(|e| e["ability"] == Value::Bool(true))
    }

    fn at(&self, unit: u16) -> Option<(i64, i64)> {
        self.units()
            .into_iter()
            .find(|u| u.0 == unit)
            .map(|u| (u.1, u.2))
    }

    fn set_order(&mut self, order: Action) {
        self.orders.retain(|o| o.unit() != order.unit());
        self.orders.push(order);
        self.selected = None;
        self.attack = false;
    }

    /// A click on square (row, col).
    pub fn click(&mut self, row: i64, col: i64, shift: bool) {
        if self.handing_over {
            return;
        }
        if (0..self.rows() as i64).contains(&row) && (0..self.cols() as i64).contains(&col) {
            self.cursor = (row, col);
        }
        let mine = self.units().into_iter().find(|u| (u.1, u.2) == (row, col));
        if let Some(sel) = self.selected
            && let Some((r, c)) = self.at(sel)
            && (row - r).abs() <= 1
            && (col - c).abs() <= 1
            && !(mine.is_some() && (row, col) != (r, c))
        {
            let dir = Dir::between((r as i32, c as i32), (row as i32, col as i32));
            let attack = (self.attack || shift) && dir != Dir::None;
            if self.allows(sel, attack, dir) {
                let order = if attack {
                    Action::Attack { unit: sel, dir }
                } else {
                    Action::Move { unit: sel, dir }
                };
                self.message = tf(
                    "domains-unit-order-said",
                    &[("unit", &sel.to_string()), ("order", &describe(&order))],
                );
                self.set_order(order);
            } else {
                let order = if attack {
                    Action::Attack { unit: sel, dir }
                } else {
                    Action::Move { unit: sel, dir }
                };
                self.message = tf(
                    "domains-unit-cannot",
                    &[("unit", &sel.to_string()), ("order", &describe(&order))],
                );
            }
            return;
        }
        match mine {
            Some((id, ..)) => {
                self.selected = Some(id);
                self.message = tf(
                    &tabula_page_kit::touch::key(if self.can_ability() {
                        "domains-unit-picked-ability"
                    } else {
                        "domains-unit-picked"
                    }),
                    &[("unit", &id.to_string())],
                );
            }
            None => {
                self.selected = None;
                self.message = t(&tabula_page_kit::touch::key("domains-click-unit"));
            }
        }
    }

    /// What to draw over the board.
    pub fn marks(&self) -> Marks {
        let cols = self.cols() as i64;
        let rows = self.rows() as i64;
        let index = |r: i64, c: i64| (r * cols + c) as usize;
        let mut m = Marks::default();
        if self.handing_over {
            return m;
        }
        m.cursor = Some(index(self.cursor.0, self.cursor.1));
        if let Some(sel) = self.selected
            && let Some((r, c)) = self.at(sel)
        {
            m.selected = Some(index(r, c));
            for dir in Dir::ALL {
                if self.allows(sel, self.attack, dir) {
                    let (dr, dc) = dir.delta();
                    let (tr, tc) = (r + dr as i64, c + dc as i64);
                    if (0..rows).contains(&tr) && (0..cols).contains(&tc) {
                        m.targets.push(index(tr, tc));
                    }
                }
            }
        }
        for o in &self.orders {
            let (unit, dir, attack) = match *o {
                Action::Move { unit, dir } => (unit, dir, false),
                Action::Attack { unit, dir } => (unit, dir, true),
                _ => continue,
            };
            if let Some((r, c)) = self.at(unit) {
                let (dr, dc) = dir.delta();
                m.planned
                    .push((index(r, c), index(r + dr as i64, c + dc as i64), attack));
            }
        }
        m
    }
}

/// A direction in words (`up left`).
fn dir_words(dir: Dir) -> String {
    t(match dir {
        Dir::Up => "domains-dir-up",
        Dir::Down => "domains-dir-down",
        Dir::Left => "domains-dir-left",
        Dir::Right => "domains-dir-right",
        Dir::UpLeft => "domains-dir-up-left",
        Dir::UpRight => "domains-dir-up-right",
        Dir::DownLeft => "domains-dir-down-left",
        Dir::DownRight => "domains-dir-down-right",
        Dir::None => "domains-order-stay",
    })
}

/// An order in words.
pub fn describe(order: &Action) -> String {
    match *order {
        Action::Move { dir: Dir::None, .. } => t("domains-order-stay"),
        Action::Move { dir, .. } => tf("domains-order-move", &[("dir", &dir_words(dir))]),
        Action::Attack { dir, .. } => tf("domains-order-attack", &[("dir", &dir_words(dir))]),
        Action::Ability { .. } => t("domains-order-ability"),
        Action::End => t("domains-order-end"),
    }
}

/// A click on the board at (x, y) CSS pixels.
pub fn click(x: f64, y: f64, shift: bool) {
    with_page(|p| {
        let Some(film) = p.film.as_ref() else { return };
        let s = cell_size(film.cols, film.rows, p.tapped());
        let (row, col) = ((y / s).floor() as i64, (x / s).floor() as i64);
        if let Some(t) = p.person.as_mut() {
            if tabula_page_kit::touch::last_was_touch() {
                t.tap(row, col);
            } else {
                t.click(row, col, shift);
            }
        }
    });
}

/// Send the person's orders.
pub fn end() {
    with_page(|p| {
        let Some(t) = p.person.take() else { return };
        if t.handing_over {
            p.person = Some(t);
            return;
        }
        if let Some(r) = p.running.as_ref() {
            r.answer(t.seat, t.round, Some(orders_json(&t.orders)));
        }
        let round = (t.round + 1).to_string();
        let n = t.orders.len() as u64;
        p.note(
            if t.solo {
                tn(
                    n,
                    "domains-you-gave-one",
                    "domains-you-gave-many",
                    &[("round", &round)],
                )
            } else {
                tn(
                    n,
                    "domains-person-gave-one",
                    "domains-person-gave-many",
                    &[("round", &round), ("name", &t.name)],
                )
            },
            false,
        );
        p.person = p.people.pop_front();
    });
}

/// The next person has the screen: show their units.
pub fn ready() {
    with_page(|p| {
        if let Some(t) = p.person.as_mut() {
            t.handing_over = false;
        }
    });
}

/// Drop the orders given so far this round.
pub fn clear() {
    with_page(|p| {
        if let Some(t) = p.person.as_mut() {
            t.orders.clear();
            t.selected = None;
            t.message = words::t("domains-orders-cleared");
        }
    });
}

/// The selected unit uses its ability.
pub fn ability() {
    with_page(|p| {
        if let Some(t) = p.person.as_mut() {
            match t.selected {
                Some(u) if t.can_ability() => {
                    let order = Action::Ability { unit: u };
                    t.message = tf(
                        "domains-unit-order-said",
                        &[("unit", &u.to_string()), ("order", &describe(&order))],
                    );
                    t.set_order(order);
                }
                Some(u) => {
                    t.message = tf("domains-no-ability", &[("unit", &u.to_string())]);
                }
                None => t.message = words::t("domains-select-upgraded"),
            }
        }
    });
}

/// Attack with the next click, or move.
pub fn toggle_attack() {
    with_page(|p| {
        if let Some(t) = p.person.as_mut() {
            t.attack = !t.attack;
        }
    });
}

/// A key for the person's orders (arrows, Space, U), applied to the turn;
/// returns whether the key was one of them.
pub fn key(key: &str, shift: bool) -> bool {
    with_page(|p| {
        let Some(t) = p.person.as_mut().filter(|t| !t.handing_over) else {
            return false;
        };
        match key {
            "ArrowUp" => t.move_cursor(-1, 0),
            "ArrowDown" => t.move_cursor(1, 0),
            "ArrowLeft" => t.move_cursor(0, -1),
            "ArrowRight" => t.move_cursor(0, 1),
            " " => t.act_at_cursor(shift),
            "u" | "U" => t.next_unit(),
            _ => return false,
        }
        true
    })
}

/// What the keyboard's square holds and what Space would do there, for a
/// screen reader: `square` says what stands on it.
pub fn cursor_words(t: &PersonTurn, square: &str) -> String {
    let Some(sel) = t.selected else {
        return square.to_string();
    };
    let Some((r, c)) = t.at(sel) else {
        return square.to_string();
    };
    let (row, col) = t.cursor;
    if (row - r).abs() > 1 || (col - c).abs() > 1 {
        return square.to_string();
    }
    let dir = Dir::between((r as i32, c as i32), (row as i32, col as i32));
    let attack = t.attack && dir != Dir::None;
    if !t.allows(sel, attack, dir) {
        return square.to_string();
    }
    let order = if attack {
        Action::Attack { unit: sel, dir }
    } else {
        Action::Move { unit: sel, dir }
    };
    format!(
        "{square} {}",
        tf(
            "domains-say-space",
            &[("unit", &sel.to_string()), ("order", &describe(&order))]
        )
    )
}

/// Drop the selection.
pub fn deselect() {
    with_page(|p| {
        if let Some(t) = p.person.as_mut() {
            t.selected = None;
        }
    });
}
