//! Tabula's bots as a course-server client: the model a client builds
//! from the events, turned into the rules' view of its own seat
//! (`tabula_catan::View`), so that random, greedy and search decide as
//! they do everywhere else; their action is then sent as the command the
//! server's own face writes for it ([`command_of`]), with the server's
//! object ids.
//!
//! The view is rebuilt from the events alone, as a position
//! (`docs/catan/positions.md`) on the game's map: the board, numbers,
//! robber, merchant, barbarians, buildings, walls, metropolises, roads,
//! knights, levels, defender cards, shown point cards, the seat's own
//! cards, the others' counts, whose turn and before or after the roll.
//! What the events do not tell is filled in the most cautious way: no
//! knight has been activated, no card played this turn (a knight
//! activated this turn may then be asked to act: the server refuses
//! nothing, as only listed commands are sent), the others' progress
//! cards are not known (the view shows them none), the others' hidden
//! cards are of the kinds neither the bank nor the seat holds, and the
//! barbarians are awake once the robber has left the desert. A test
//! game's dealt cards are not rebuilt (its view may then fail: counted).
//! The set-up is rebuilt as a position in the middle of the set-up (a
//! `setup` line), so the bot places its own starting pieces; the
//! questions of a card, a robber or a discard (`choose` during a turn)
//! are not positions: there the client answers a listed value and
//! counts it.

use std::collections::HashMap;

use serde_json::Value;
use tabula_ai::{Bot, BotSpec};
use tabula_catan::game::position::read_position_with;
use tabula_catan::{Card, Catan, Options, Progress, View};
use tabula_engine::{Ruleset, Seat};

use super::ids::{Ids, Obj};
use super::lobby::SHIPPED_MAPS;
use super::prompt::command_of;

/// The objects a client knows, with their properties, from the events.
#[derive(Default, Debug)]
pub struct Seen {
    objs: HashMap<String, HashMap<String, String>>,
}

impl Seen {
    /// Take in one event (a property set, changed or gone).
    pub fn apply(&mut self, src: &str, prop: &str, nv: Option<&str>) {
        let o = self.objs.entry(src.to_string()).or_default();
        match nv {
            Some(v) => {
                o.insert(prop.to_string(), v.to_string());
            }
            None => {
                o.remove(prop);
            }
        }
    }

    fn get(&self, id: &str, prop: &str) -> Option<&str> {
        self.objs.get(id)?.get(prop).map(String::as_str)
    }

    fn of_class<'a>(
        &'a self,
        class: &'a str,
    ) -> impl Iterator<Item = (&'a String, &'a HashMap<String, String>)> + 'a {
        self.objs
            .iter()
            .filter(move |(id, _)| id.split('@').next() == Some(class))
    }
}

/// A bot playing one seat from the events.
pub struct BotSeat {
    bot: Box<dyn Bot<Catan>>,
    login: String,
    map: Option<&'static str>,
    /// Prompts the bot's view cannot hold (set-up, `choose`), answered
    /// with a listed value.
    pub unseen: usize,
    /// Actions the bot chose that the prompt did not list (or that the
    /// events could not be turned into a view for): a listed value was
    /// sent instead.
    pub fallbacks: usize,
    /// Prompts the bot answered itself.
    pub decided: usize,
}

impl BotSeat {
    /// A bot of `spec` (random, greedy, search:easy|normal|hard) for the
    /// seat of `login`.
    pub fn new(spec: &str, seed: u64, login: &str) -> Result<BotSeat, String> {
        let spec: BotSpec = spec.parse()?;
        Ok(BotSeat {
            bot: spec.build(seed),
            login: login.to_string(),
            map: None,
            unseen: 0,
            fallbacks: 0,
            decided: 0,
        })
    }

    /// The bot's command for a `rollDies`, `yourTurn` or
    /// `offer(card,user)` prompt, if it is one of `options`; `None` (and
    /// counted) when it is not or the view could not be built.
    pub fn decide(&mut self, seen: &Seen, options: &[Value]) -> Option<Value> {
        let pick = self.try_decide(seen, options);
        match pick {
            Some(_) => self.decided += 1,
            None => self.fallbacks += 1,
        }
        pick
    }

    /// The bot's value for a set-up placement prompt (`choose` of an
    /// intersection or a border while the game is in its set-up), if it
    /// is one of `values`; `None` (and counted as unseen) otherwise.
    pub fn decide_choice(&mut self, seen: &Seen, values: &[&str]) -> Option<String> {
        let pick = self.try_setup(seen, values);
        match pick {
            Some(_) => self.decided += 1,
            None => self.unseen += 1,
        }
        pick
    }

    fn try_setup(&mut self, seen: &Seen, values: &[&str]) -> Option<String> {
        if self.map.is_none() {
            self.map = find_map(seen);
        }
        let (game, me, server) = rebuild(seen, &self.login, self.map?).ok()?;
        if game.phase != tabula_catan::game::state::Phase::Setup {
            return None;
        }
        let view = View::of(&game, me);
        let action = self.bot.choose(&view, me)?;
        let tabula_catan::Action::Build { piece, at } = action else {
            return None;
        };
        let obj = if piece == tabula_catan::Piece::Road {
            Obj::Border(at)
        } else {
            Obj::Intersection(at)
        };
        let id = server.get(&obj)?;
        values
            .iter()
            .find(|v| **v == id.as_str())
            .map(|v| v.to_string())
    }

    fn try_decide(&mut self, seen: &Seen, options: &[Value]) -> Option<Value> {
        if self.map.is_none() {
            self.map = find_map(seen);
        }
        let (game, me, server) = rebuild(seen, &self.login, self.map?).ok()?;
        let view = View::of(&game, me);
        let action = self.bot.choose(&view, me)?;
        let ids = Ids::new(&game.topo, game.board.fields.len(), game.seat_count());
        let mut cmd = command_of(&game, me, &action, &ids)?;
        if !translate(&mut cmd, &ids, &server) {
            return None;
        }
        options.iter().find(|o| **o == cmd).cloned()
    }
}

/// Replace every local id in `v` by the server's id of the same object.
fn translate(v: &mut Value, ids: &Ids, server: &HashMap<Obj, String>) -> bool {
    match v {
        Value::String(s) => match ids.read(s) {
            Some(obj) => match server.get(&obj) {
                Some(id) => {
                    *s = id.clone();
                    true
                }
                None => false,
            },
            None => true,
        },
        Value::Array(a) => a.iter_mut().all(|x| translate(x, ids, server)),
        Value::Object(m) => m.values_mut().all(|x| translate(x, ids, server)),
        _ => true,
    }
}

/// The shipped map whose fields the events name.
fn find_map(seen: &Seen) -> Option<&'static str> {
    let mut names: Vec<(&str, &str)> = seen
        .of_class("Field")
        .filter_map(|(_, p)| Some((p.get("name")?.as_str(), p.get("type")?.as_str())))
        .collect();
    names.sort_unstable();
    SHIPPED_MAPS.iter().map(|(_, t)| *t).find(|text| {
        let Ok(g) = Catan::new_game(&Options::default(), Some(text), 3, 1) else {
            return false;
        };
        let mut ours: Vec<(&str, &str)> = g
            .board
            .fields
            .iter()
            .map(|f| (f.id.as_str(), f.kind.name()))
            .collect();
        ours.sort_unstable();
        ours == names
    })
}

/// The game as seat `login` sees it, that seat, and the server's id of
/// each object the rebuilt game names.
fn rebuild(
    seen: &Seen,
    login: &str,
    map: &str,
) -> Result<(Catan, Seat, HashMap<Obj, String>), String> {
    let game_id = seen
        .of_class("Game")
        .next()
        .map(|(id, _)| id.clone())
        .ok_or("no game")?;
    let g = |p: &str| seen.get(&game_id, p);
    let phase = match g("state") {
        Some("ROLL") => "before-roll",
        Some("PLAY") => "main",
        // The set-up so far: the pieces on the board (positions.md, `setup`).
        Some("SETUP") => "setup",
        _ => return Err("not a position".into()),
    };
    // Players by seat.
    let mut seats: HashMap<String, Seat> = HashMap::new();
    let mut me = None;
    for (id, p) in seen.of_class("UserAssets") {
        let s: Seat = p
            .get("seat")
            .and_then(|s| s.parse::<u8>().ok())
            .ok_or("a seat")?
            .checked_sub(1)
            .ok_or("seat 0")?;
        if p.get("nickname").map(String::as_str) == Some(login) {
            me = Some(s);
        }
        seats.insert(id.clone(), s);
    }
    let me = me.ok_or("this client's seat")?;
    let players = seats.len();
    let seat_no = |id: Option<&String>| id.and_then(|i| seats.get(i)).map(|s| s + 1);
    let mut text = format!("players {players}\n");
    if phase == "setup" {
        text.push_str("setup\n");
    } else {
        let current =
            seat_no(g("currentPlayer").map(str::to_string).as_ref()).ok_or("whose turn")?;
        let turn = g("turn").unwrap_or("1");
        text.push_str(&format!("turn {turn} player {current} {phase}\n"));
    }
    let name_of = |id: Option<&String>| id.and_then(|i| seen.get(i, "name"));
    // The cards: the seat's own in full, the others' as counts.
    let mut own = String::new();
    let mut own_counts: HashMap<&str, u32> = HashMap::new();
    let mut progress = String::new();
    for (_, p) in seen.of_class("Card") {
        if seat_no(p.get("owner")) == Some(me + 1) {
            let n: u32 = p.get("count").and_then(|c| c.parse().ok()).unwrap_or(0);
            let kind = p.get("type").ok_or("card type")?;
            if n > 0 {
                own.push_str(&format!(" {kind} {n}"));
                own_counts.insert(kind.as_str(), n);
            }
        }
    }
    for (_, p) in seen.of_class("ProgressCard") {
        if seat_no(p.get("owner")) == Some(me + 1) {
            let n: usize = p.get("count").and_then(|c| c.parse().ok()).unwrap_or(0);
            for _ in 0..n {
                progress.push_str(&format!(" {}", p.get("type").ok_or("card type")?));
            }
        }
    }
    if !own.is_empty() {
        text.push_str(&format!("hand {}{own}\n", me + 1));
    }
    if !progress.is_empty() {
        text.push_str(&format!("progress {}{progress}\n", me + 1));
    }
    let options = Options {
        points: g("goal").and_then(|p| p.parse().ok()),
        // The seed's commands have only bank trades (server.md, decision 5).
        trades_between_players: false,
        ..Options::default()
    };
    // The others hold, of each kind, what neither the bank nor this seat
    // holds: their counts are dealt from that.
    let fresh = Catan::new_game(&options, Some(map), players, 1).map_err(|e| e.to_string())?;
    let bank: HashMap<&str, u32> = g("bank")
        .unwrap_or("")
        .split(',')
        .filter_map(|kv| kv.split_once(':'))
        .filter_map(|(k, v)| Some((k, v.parse().ok()?)))
        .collect();
    let mut room: Vec<u32> = Card::ALL
        .iter()
        .map(|c| {
            let mine = own_counts.get(c.name()).copied().unwrap_or(0);
            let in_bank = bank.get(c.name()).copied().unwrap_or(0);
            u32::from(fresh.bank.get(*c))
                .saturating_sub(in_bank)
                .saturating_sub(mine)
        })
        .collect();
    let mut deal = |kinds: &[Card], n: u32, line: &mut String| {
        let mut left = n;
        for c in kinds {
            let i = Card::ALL.iter().position(|x| x == c).unwrap_or(0);
            let take = room[i].min(left);
            if take > 0 {
                line.push_str(&format!(" {} {take}", c.name()));
                room[i] -= take;
                left -= take;
            }
        }
    };
    for (id, p) in seen.of_class("UserAssets") {
        let s = seats[id] + 1;
        let num = |k: &str| p.get(k).and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
        if s != me + 1 {
            let mut line = String::new();
            deal(&Card::RESOURCES, num("resourceCards"), &mut line);
            deal(&Card::COMMODITIES, num("commodityCards"), &mut line);
            if !line.is_empty() {
                text.push_str(&format!("hand {s}{line}\n"));
            }
        }
        text.push_str(&format!(
            "levels {s} TRADE {} POLITICS {} SCIENCE {}\n",
            num("levelTRADE"),
            num("levelPOLITICS"),
            num("levelSCIENCE")
        ));
        if num("defenderCards") > 0 {
            text.push_str(&format!("defender {s} {}\n", num("defenderCards")));
        }
        if let Some(shown) = p.get("pointCards") {
            text.push_str(&format!("shown {s} {}\n", shown.replace(',', " ")));
        }
    }
    // The pieces.
    for (_, p) in seen.of_class("Intersection") {
        let Some(name) = p.get("name") else { continue };
        if let Some(b) = p.get("building") {
            let owner = seat_no(p.get("owner")).ok_or("a building's owner")?;
            let mut line = format!("{} {owner} {name}", b.to_lowercase());
            if p.get("cityWall").map(String::as_str) == Some("true") {
                line.push_str(" wall");
            }
            if let Some(t) = p.get("metropolis") {
                line.push_str(&format!(" metropolis {t}"));
            }
            text.push_str(&line);
            text.push('\n');
        }
        if let Some(k) = p.get("knight") {
            let owner = seat_no(seen.objs.get(k).and_then(|kp| kp.get("owner"))).ok_or("owner")?;
            let level = match seen.get(k, "level") {
                Some("2") => "strong",
                Some("3") => "mighty",
                _ => "basic",
            };
            let active = if seen.get(k, "active") == Some("true") {
                " active"
            } else {
                ""
            };
            text.push_str(&format!("knight {owner} {name} {level}{active}\n"));
        }
    }
    for (_, p) in seen.of_class("Border") {
        if let (Some(name), Some(owner)) = (p.get("name"), seat_no(p.get("road"))) {
            text.push_str(&format!("road {owner} {name}\n"));
        }
    }
    let robber = seen
        .of_class("Robber")
        .next()
        .and_then(|(_, p)| p.get("field"));
    let mut awake = false;
    if let Some(f) = name_of(robber) {
        text.push_str(&format!("robber {f}\n"));
        awake = robber.and_then(|r| seen.get(r, "type")) != Some("DESERT");
    }
    if let (Some(f), Some(s)) = (
        name_of(g("merchant").map(str::to_string).as_ref()),
        seat_no(g("merchantOwner").map(str::to_string).as_ref()),
    ) {
        text.push_str(&format!("merchant {f} {s}\n"));
    }
    if let Some(b) = g("barbarians") {
        text.push_str(&format!(
            "barbarians {b}{}\n",
            if awake { " awake" } else { "" }
        ));
    }
    let mut game = read_position_with(&text, Some(map), options).map_err(|e| e.to_string())?;
    // The numbers as the server drew them, and the server's ids.
    let mut server: HashMap<Obj, String> = HashMap::new();
    let field_index: HashMap<&str, usize> = game
        .board
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id.as_str(), i))
        .collect();
    let mut numbers = vec![0u8; game.numbers.len()];
    for (id, p) in seen.of_class("Field") {
        let Some(&i) = p.get("name").and_then(|n| field_index.get(n.as_str())) else {
            continue;
        };
        server.insert(Obj::Field(i), id.clone());
        if let Some(h) = game.topo.hexes.iter().position(|h| h.field == i) {
            numbers[h] = p.get("number").and_then(|n| n.parse().ok()).unwrap_or(0);
        }
    }
    game.numbers = numbers;
    let corner: HashMap<&str, u16> = game
        .topo
        .corners
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.as_str(), i as u16))
        .collect();
    let side: HashMap<&str, u16> = game
        .topo
        .sides
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.as_str(), i as u16))
        .collect();
    for (id, p) in seen.of_class("Intersection") {
        if let Some(&c) = p.get("name").and_then(|n| corner.get(n.as_str())) {
            server.insert(Obj::Intersection(c), id.clone());
            if let Some(k) = p.get("knight") {
                server.insert(Obj::Knight(c), k.clone());
            }
        }
    }
    for (id, p) in seen.of_class("Border") {
        if let Some(&s) = p.get("name").and_then(|n| side.get(n.as_str())) {
            server.insert(Obj::Border(s), id.clone());
        }
    }
    for (id, s) in &seats {
        server.insert(Obj::UserAssets(*s), id.clone());
    }
    for (id, _) in seen.of_class("Robber") {
        server.insert(Obj::Robber, id.clone());
    }
    for (id, p) in seen.of_class("Card") {
        if let (Some(s), Some(c)) = (
            seat_no(p.get("owner")),
            p.get("type").and_then(|t| Card::from_name(t)),
        ) {
            server.insert(Obj::Card(s - 1, c), id.clone());
        }
    }
    for (id, p) in seen.of_class("ProgressCard") {
        if let (Some(s), Some(c)) = (
            seat_no(p.get("owner")),
            p.get("type").and_then(|t| Progress::from_name(t)),
        ) {
            server.insert(Obj::ProgressCard(s - 1, c), id.clone());
        }
    }
    Ok((game, me, server))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catan::model::{Names, private_model, public_model};
    use tabula_engine::Game;

    /// A position, its server model for seat `me`, and the game the
    /// client rebuilds from that model.
    fn round_trip(text: &str, me: Seat) -> (Catan, Catan, HashMap<Obj, String>, Ids) {
        // As the server plays: no trades between players.
        let server_options = Options {
            trades_between_players: false,
            ..Options::default()
        };
        let mut game = read_position_with(text, None, server_options).expect("a position");
        // Numbers the server drew otherwise than the position's default.
        let drawn = game.numbers.clone();
        game.numbers.swap(0, 5);
        game.numbers.swap(3, 9);
        assert_ne!(game.numbers, drawn);
        let ids = Ids::new(&game.topo, game.board.fields.len(), game.seat_count());
        let nicks: Vec<String> = (1..=game.seat_count()).map(|s| format!("p{s}")).collect();
        let colors = vec!["ff0000".to_string(); game.seat_count()];
        let played_by = vec!["client".to_string(); game.seat_count()];
        let names = Names {
            nicks: &nicks,
            colors: &colors,
            played_by: &played_by,
        };
        let mut seen = Seen::default();
        let mut model = public_model(&game, &ids, &names);
        model.extend(private_model(&game, me, &ids));
        for ((obj, prop), v) in &model {
            seen.apply(&ids.of(*obj), prop, Some(v));
        }
        let map = find_map(&seen).expect("the standard map is found by its fields");
        let (rebuilt, seat, server) = rebuild(&seen, &nicks[me as usize], map).expect("rebuilt");
        assert_eq!(seat, me);
        (game, rebuilt, server, ids)
    }

    /// What seat `me` of a three-player `game` hears: the public model
    /// and its own private one, as events.
    fn heard_by(game: &Catan, me: Seat, ids: &Ids) -> Seen {
        let nicks: Vec<String> = (1..=3).map(|s| format!("p{s}")).collect();
        let colors = vec!["ff0000".to_string(); 3];
        let names = Names {
            nicks: &nicks,
            colors: &colors,
            played_by: &colors,
        };
        let mut seen = Seen::default();
        let mut model = public_model(game, ids, &names);
        model.extend(private_model(game, me, ids));
        for ((obj, prop), v) in &model {
            seen.apply(&ids.of(*obj), prop, Some(v));
        }
        seen
    }

    const POSITION: &str = "players 3\nturn 8 player 1 main\nsettlement 1 5:SE\nroads 1 9:SW 9:S\nknight 1 9:SW strong active\nroads 2 13:SW 17:SE\nsettlement 2 17:SE\nknight 2 9:SE\nhand 1 GRAIN 2 ORE 3 PAPER 1\nhand 2 LUMBER 2 CLOTH 1 WOOL 1\nhand 3 BRICK 4\nprogress 1 SMITH\nprogress 2 BISHOP\nlevels 2 TRADE 2 POLITICS 0 SCIENCE 1\nbarbarians 3\n";

    #[test]
    fn the_seats_view_is_rebuilt_from_the_events_alone() {
        let (game, rebuilt, server, ids) = round_trip(POSITION, 0);
        assert_eq!(rebuilt.buildings, game.buildings);
        assert_eq!(rebuilt.roads, game.roads);
        assert_eq!(rebuilt.knights, game.knights);
        assert_eq!(rebuilt.numbers, game.numbers, "the server's numbers");
        assert_eq!(rebuilt.robber, game.robber);
        assert_eq!(rebuilt.barbarians, game.barbarians);
        assert_eq!((rebuilt.current, rebuilt.phase), (game.current, game.phase));
        assert_eq!(rebuilt.turn, game.turn);
        assert_eq!(
            rebuilt.bank, game.bank,
            "the others' cards come out of the bank"
        );
        let (a, b) = (View::of(&rebuilt, 0), View::of(&game, 0));
        for (x, y) in a.backs.iter().zip(&b.backs) {
            assert_eq!((x.resources, x.commodities), (y.resources, y.commodities));
            // Which decks the others' progress cards are from is not told:
            // the view gives them none (docs/catan/server.md).
            assert_eq!(x.progress, [0, 0, 0]);
        }
        assert_eq!(b.backs[1].progress, [0, 1, 0], "player 2 holds a Bishop");
        for s in 0..3 {
            let (p, q) = (&a.state.players[s], &b.state.players[s]);
            assert_eq!(p.levels, q.levels);
            assert_eq!(rebuilt.points(s as Seat), game.points(s as Seat));
        }
        assert_eq!(a.state.players[0].hand, b.state.players[0].hand);
        assert_eq!(a.state.players[0].progress, b.state.players[0].progress);
        // So the bot sees the moves the server lists.
        assert_eq!(rebuilt.legal_actions(0), game.legal_actions(0));
        // Every object is named by the server's id.
        for (obj, id) in &server {
            assert_eq!(*id, ids.of(*obj), "{obj:?}");
        }
        assert!(server.contains_key(&Obj::Knight(
            game.knights.iter().position(Option::is_some).unwrap() as u16
        )));
    }

    #[test]
    fn a_bots_action_becomes_the_command_the_server_lists() {
        let (game, _, _, ids) = round_trip(POSITION, 0);
        let options: Vec<Value> =
            serde_json::from_str(&crate::catan::prompt::options(&game, 0, &ids)).unwrap();
        let seen = heard_by(&game, 0, &ids);
        for spec in ["greedy", "search:easy", "random"] {
            let mut bot = BotSeat::new(spec, 3, "p1").unwrap();
            let cmd = bot.decide(&seen, &options).expect("a listed command");
            assert!(options.contains(&cmd));
            assert_eq!((bot.decided, bot.fallbacks), (1, 0));
        }
        // A seat whose map is not shipped gets no view: counted.
        let mut bot = BotSeat::new("greedy", 3, "p1").unwrap();
        assert_eq!(bot.decide(&Seen::default(), &options), None);
        assert_eq!(bot.fallbacks, 1);
    }

    #[test]
    fn a_bot_places_its_set_up_pieces_from_the_events() {
        // Player 2 is about to place its first settlement, then its road.
        let text = "players 3\nsetup\nsettlement 1 9:SE\nroad 1 9:S\n";
        let (game, rebuilt, server, ids) = round_trip(text, 1);
        assert_eq!(rebuilt.phase, tabula_catan::game::state::Phase::Setup);
        assert_eq!(rebuilt.to_move(), tabula_engine::ToMove::Seat(1));
        assert_eq!(rebuilt.legal_actions(1), game.legal_actions(1));
        let seen = heard_by(&game, 1, &ids);
        // The prompt's values: every corner a settlement may go on.
        let values: Vec<String> = game
            .legal_actions(1)
            .iter()
            .filter_map(|a| match a {
                tabula_catan::Action::Build { at, .. } => {
                    server.get(&Obj::Intersection(*at)).cloned()
                }
                _ => None,
            })
            .collect();
        let listed: Vec<&str> = values.iter().map(String::as_str).collect();
        for spec in ["greedy", "search:easy"] {
            let mut bot = BotSeat::new(spec, 3, "p2").unwrap();
            let v = bot.decide_choice(&seen, &listed).expect("a listed corner");
            assert!(listed.contains(&v.as_str()));
            assert_eq!((bot.decided, bot.unseen), (1, 0));
        }
        // In a turn a choose prompt is not a position: counted as unseen.
        let (turn, _, _, ids) = round_trip(POSITION, 0);
        let seen = heard_by(&turn, 0, &ids);
        let mut bot = BotSeat::new("greedy", 3, "p1").unwrap();
        assert_eq!(bot.decide_choice(&seen, &["x"]), None);
        assert_eq!(bot.unseen, 1);
    }
}
