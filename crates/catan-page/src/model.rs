//! The map being drawn and everything the editor does to it: the tools
//! (brush, fill, turn, number), the brushes (each kind of field, the
//! barbarian pair, the eraser), the sea grown or shrunk around the land,
//! undo and redo, the keyboard's hex cursor, and the problems found by
//! `tabula_catan::check_board` after every change. No web types: tested
//! natively. The rules live in `tabula-catan`; this only edits the board
//! and asks it what is wrong.

use std::collections::{BTreeSet, HashMap, VecDeque};

use tabula_catan::{Board, Field, FieldKind, Problem, check_board};
use tabula_hex::{Dir, Hex};
use tabula_page_kit::grid::History;

/// How a click (or Enter) on a hex acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Paint the hex with the brush; dragging paints a stroke.
    Brush,
    /// Paint the hex and every field of the same kind joined to it.
    Fill,
    /// Turn a harbour (or a barbarian field) a sixth clockwise.
    Turn,
    /// Put the chosen number token on a producing field (or take it off).
    Number,
}

impl Tool {
    /// Every tool, in the toolbar's order.
    pub const ALL: [Tool; 4] = [Tool::Brush, Tool::Fill, Tool::Turn, Tool::Number];

    /// Its name in commands (`tool:fill`) and catalogue keys.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Brush => "brush",
            Tool::Fill => "fill",
            Tool::Turn => "turn",
            Tool::Number => "number",
        }
    }

    /// Its key on the keyboard.
    pub fn key(self) -> &'static str {
        match self {
            Tool::Brush => "B",
            Tool::Fill => "F",
            Tool::Turn => "T",
            Tool::Number => "N",
        }
    }

    /// The tool named `name`.
    pub fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// What the brush and the fill paint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// A field of this kind (never a barbarian kind: see `Barbarians`).
    Kind(FieldKind),
    /// The barbarian pair: `BARBARIAN_START` here, `BARBARIAN_END` just
    /// south of it (the only place the rules allow); the old pair goes.
    Barbarians,
    /// Take the field away (the hex is empty again).
    Erase,
}

/// Every brush, in the palette's order.
pub const BRUSHES: [Brush; 15] = [
    Brush::Kind(FieldKind::Forest),
    Brush::Kind(FieldKind::Pasture),
    Brush::Kind(FieldKind::Field),
    Brush::Kind(FieldKind::Hill),
    Brush::Kind(FieldKind::Mountain),
    Brush::Kind(FieldKind::Desert),
    Brush::Kind(FieldKind::Water),
    Brush::Kind(FieldKind::Port3To1),
    Brush::Kind(FieldKind::PortLumber),
    Brush::Kind(FieldKind::PortWool),
    Brush::Kind(FieldKind::PortGrain),
    Brush::Kind(FieldKind::PortBrick),
    Brush::Kind(FieldKind::PortOre),
    Brush::Barbarians,
    Brush::Erase,
];

impl Brush {
    /// Its name in commands (`brush:FOREST`, `brush:barbarians`).
    pub fn name(self) -> &'static str {
        match self {
            Brush::Kind(k) => k.name(),
            Brush::Barbarians => "barbarians",
            Brush::Erase => "erase",
        }
    }

    /// The brush named `name`.
    pub fn from_name(name: &str) -> Option<Brush> {
        BRUSHES.into_iter().find(|b| b.name() == name)
    }
}

/// The number tokens a field may hold (2–6, 8–12).
pub const NUMBERS: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];

/// The owner written in maps drawn here.
pub const OWNER: &str = "TABULA";

/// A new board: a hexagon of water three rings round a centre (37 fields,
/// numbered ring by ring), for the designer to paint land into.
pub fn blank_board(name: &str) -> Board {
    let fields = Hex::ORIGIN
        .within(3)
        .enumerate()
        .map(|(i, hex)| Field {
            id: (i + 1).to_string(),
            kind: FieldKind::Water,
            rotation: 0,
            hex,
            number: None,
        })
        .collect();
    Board {
        name: name.to_string(),
        owner: OWNER.into(),
        fields,
        ..Board::default()
    }
}

/// The editor: the board, the tools and what the checks say of it.
#[derive(Clone, Debug)]
pub struct Editor {
    /// The board being drawn.
    pub board: Board,
    /// Earlier and undone boards.
    pub history: History<Board>,
    /// How a click acts.
    pub tool: Tool,
    /// What the brush paints.
    pub brush: Brush,
    /// The token the number tool puts down (`None` takes it off).
    pub number: Option<u8>,
    /// The keyboard's hex.
    pub cursor: Hex,
    /// The field of the problem last clicked, outlined on the board.
    pub highlight: Option<Hex>,
    /// Every problem of the board, as `check_board` finds them.
    pub problems: Vec<Problem>,
    /// The board before the stroke being painted.
    stroke: Option<Board>,
}

impl Editor {
    /// An editor on `board`.
    pub fn new(board: Board) -> Editor {
        let mut e = Editor {
            cursor: start_hex(&board),
            board,
            history: History::default(),
            tool: Tool::Brush,
            brush: Brush::Kind(FieldKind::Forest),
            number: Some(6),
            highlight: None,
            problems: Vec::new(),
            stroke: None,
        };
        e.refresh();
        e
    }

    /// Check the board again.
    pub fn refresh(&mut self) {
        self.problems = check_board(&self.board);
    }

    /// Whether the board has any error.
    pub fn has_errors(&self) -> bool {
        tabula_catan::has_errors(&self.problems)
    }

    /// Open another board (a file, a paste, a link, a saved map): one step
    /// to undo.
    pub fn replace(&mut self, board: Board) {
        self.end_stroke();
        let before = std::mem::replace(&mut self.board, board);
        if before != self.board {
            self.history.record(before);
        }
        self.cursor = start_hex(&self.board);
        self.highlight = None;
        self.refresh();
    }

    /// Start again on `board` with no history (another saved map opened).
    pub fn reset(&mut self, board: Board) {
        *self = Editor {
            tool: self.tool,
            brush: self.brush,
            number: self.number,
            ..Editor::new(board)
        };
    }

    /// Change the board with `f`; one step to undo when anything changed
    /// (inside a stroke, the whole stroke is one step). Whether it changed.
    fn change(&mut self, f: impl FnOnce(&mut Board)) -> bool {
        let before = self.board.clone();
        f(&mut self.board);
        if self.board == before {
            return false;
        }
        if self.stroke.is_none() {
            self.history.record(before);
        }
        self.refresh();
        true
    }

    /// A press of the pointer: a stroke begins (its changes are one step).
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(self.board.clone());
    }

    /// The pointer let go: the stroke becomes one step to undo.
    pub fn end_stroke(&mut self) {
        if let Some(before) = self.stroke.take()
            && before != self.board
        {
            self.history.record(before);
        }
    }

    /// Whether a stroke is being painted.
    pub fn in_stroke(&self) -> bool {
        self.stroke.is_some()
    }

    /// Act on `hex` with the tool (a click, a tap, Enter or Space): whether
    /// the board changed.
    pub fn act(&mut self, hex: Hex) -> bool {
        self.cursor = hex;
        self.highlight = None;
        match self.tool {
            Tool::Brush => {
                let brush = self.brush;
                self.change(|b| paint(b, hex, brush))
            }
            Tool::Fill => {
                let brush = self.brush;
                self.change(|b| fill(b, hex, brush))
            }
            Tool::Turn => self.change(|b| turn(b, hex)),
            Tool::Number => {
                let n = self.number;
                self.change(|b| set_number(b, hex, n))
            }
        }
    }

    /// The pointer dragged onto `hex` during a stroke: the brush paints
    /// there (the other tools act once per press).
    pub fn drag(&mut self, hex: Hex) -> bool {
        if self.stroke.is_none() || self.tool != Tool::Brush || hex == self.cursor {
            return false;
        }
        self.act(hex)
    }

    /// Take back the last change (the board's name stays).
    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        match self.history.undo(&self.board) {
            Some(b) => {
                self.put_back(b);
                true
            }
            None => false,
        }
    }

    /// Do again the last change taken back.
    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        match self.history.redo(&self.board) {
            Some(b) => {
                self.put_back(b);
                true
            }
            None => false,
        }
    }

    fn put_back(&mut self, mut b: Board) {
        b.name = std::mem::take(&mut self.board.name);
        self.board = b;
        self.highlight = None;
        self.refresh();
    }

    /// A ring of water around the board (around every field but the
    /// barbarians', which lie out at sea).
    pub fn grow_sea(&mut self) -> bool {
        self.change(|b| {
            let mut taken: BTreeSet<Hex> = BTreeSet::new();
            taken.extend(b.fields.iter().map(|f| f.hex));
            let mut new: BTreeSet<Hex> = BTreeSet::new();
            for f in b.fields.iter().filter(|f| !f.kind.is_barbarian()) {
                for h in f.hex.neighbours() {
                    if !taken.contains(&h) {
                        new.insert(h);
                    }
                }
            }
            for h in ring_order(new) {
                let id = next_id(b);
                b.fields.push(water(id, h));
            }
        })
    }

    /// Take away the water on the board's edge (every water field with a
    /// side to nothing); land, harbours and barbarians stay.
    pub fn shrink_sea(&mut self) -> bool {
        self.change(|b| {
            let mut taken: BTreeSet<Hex> = BTreeSet::new();
            taken.extend(b.fields.iter().map(|f| f.hex));
            b.fields.retain(|f| {
                f.kind != FieldKind::Water || f.hex.neighbours().iter().all(|h| taken.contains(h))
            });
        })
    }

    /// Take every fixed number token off (numbers are then dealt when a
    /// game starts).
    pub fn clear_numbers(&mut self) -> bool {
        self.change(|b| b.fields.iter_mut().for_each(|f| f.number = None))
    }

    /// Rename the board (not a step to undo).
    pub fn rename(&mut self, name: &str) {
        self.board.name = name.trim().to_string();
    }

    /// Every hex shown: the fields and the empty hexes around them (where
    /// the brush can add fields). An empty board shows a hexagon.
    pub fn view_hexes(&self) -> Vec<Hex> {
        view_hexes(&self.board)
    }

    /// Move the cursor by an arrow key (`up`, `down`, `left`, `right`):
    /// up and down go north and south; left and right go to the next
    /// column, zigzagging so that the row stays the same on the screen.
    /// The cursor stays among the hexes shown.
    pub fn move_cursor(&mut self, arrow: &str) -> bool {
        let c = self.cursor;
        let even = c.q.rem_euclid(2) == 0;
        let d = match (arrow, even) {
            ("up", _) => Dir::N,
            ("down", _) => Dir::S,
            ("left", true) => Dir::NW,
            ("left", false) => Dir::SW,
            ("right", true) => Dir::NE,
            ("right", false) => Dir::SE,
            _ => return false,
        };
        let next = c.neighbour(d);
        if !self.view_hexes().contains(&next) {
            return false;
        }
        self.cursor = next;
        self.highlight = None;
        true
    }

    /// Where the problem `i` is: its field's hex.
    pub fn problem_hex(&self, i: usize) -> Option<Hex> {
        let id = self.problems.get(i)?.field.as_deref()?;
        self.board.field(id).map(|f| f.hex)
    }

    /// Show problem `i` on the board: its field outlined, the cursor on it.
    pub fn show_problem(&mut self, i: usize) -> bool {
        match self.problem_hex(i) {
            Some(h) => {
                self.highlight = Some(h);
                self.cursor = h;
                true
            }
            None => false,
        }
    }

    /// The hexes of fields that have a problem, and whether any of their
    /// problems is an error.
    pub fn troubled(&self) -> HashMap<Hex, bool> {
        let mut out: HashMap<Hex, bool> = HashMap::new();
        for p in &self.problems {
            if let Some(f) = p.field.as_deref().and_then(|id| self.board.field(id)) {
                *out.entry(f.hex).or_insert(false) |= p.is_error();
            }
        }
        out
    }
}

/// Where the cursor starts: the first land field, else the first field.
fn start_hex(board: &Board) -> Hex {
    board
        .fields
        .iter()
        .find(|f| f.kind.is_land())
        .or(board.fields.first())
        .map_or(Hex::ORIGIN, |f| f.hex)
}

/// The hexes shown for `board`: its fields and one ring of empty hexes.
pub fn view_hexes(board: &Board) -> Vec<Hex> {
    if board.fields.is_empty() {
        return Hex::ORIGIN.within(3).collect();
    }
    let mut set: BTreeSet<Hex> = BTreeSet::new();
    for f in &board.fields {
        set.insert(f.hex);
        set.extend(f.hex.neighbours());
    }
    set.into_iter().collect()
}

/// The hexes in a stable order (by row on the screen, then column), so
/// that new fields get their ids in reading order.
fn ring_order(hexes: BTreeSet<Hex>) -> Vec<Hex> {
    let mut v: Vec<Hex> = hexes.into_iter().collect();
    tabula_engine::small_sort::sort_by_key(&mut v, |h| (2 * h.r + h.q, h.q));
    v
}

fn water(id: String, hex: Hex) -> Field {
    Field {
        id,
        kind: FieldKind::Water,
        rotation: 0,
        hex,
        number: None,
    }
}

/// An id no field has: one more than the largest number among the ids.
pub fn next_id(board: &Board) -> String {
    let mut n = board
        .fields
        .iter()
        .filter_map(|f| f.id.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
        + 1;
    while board.field(&n.to_string()).is_some() {
        n += 1;
    }
    n.to_string()
}

/// The side a harbour painted at `hex` faces: the first land neighbour
/// clockwise from north, else north.
fn facing_land(board: &Board, hex: Hex) -> u8 {
    Dir::ALL
        .into_iter()
        .find(|d| {
            board
                .field_at(hex.neighbour(*d))
                .is_some_and(|f| f.kind.is_land())
        })
        .map_or(0, |d| d.index() as u8)
}

/// Set the field at `hex` to `kind` (adding it if the hex is empty),
/// keeping what still makes sense: a harbour's side, a producing field's
/// number.
fn set_kind(board: &mut Board, hex: Hex, kind: FieldKind) {
    let rotation = facing_land(board, hex);
    match board.fields.iter_mut().find(|f| f.hex == hex) {
        Some(f) => {
            if f.kind == kind {
                return;
            }
            if kind.is_harbour() && !f.kind.is_harbour() {
                f.rotation = rotation;
            } else if !kind.uses_rotation() {
                f.rotation = 0;
            }
            if kind.resource().is_none() {
                f.number = None;
            }
            f.kind = kind;
        }
        None => {
            let id = next_id(board);
            board.fields.push(Field {
                id,
                kind,
                rotation: if kind.is_harbour() { rotation } else { 0 },
                hex,
                number: None,
            });
        }
    }
}

/// Paint one hex with `brush`.
pub fn paint(board: &mut Board, hex: Hex, brush: Brush) {
    match brush {
        Brush::Kind(kind) => set_kind(board, hex, kind),
        Brush::Erase => board.fields.retain(|f| f.hex != hex),
        Brush::Barbarians => {
            let end = hex.neighbour(Dir::S);
            board
                .fields
                .retain(|f| !f.kind.is_barbarian() || f.hex == hex || f.hex == end);
            set_kind(board, hex, FieldKind::BarbarianStart);
            set_kind(board, end, FieldKind::BarbarianEnd);
        }
    }
}

/// Paint the hex and every field of its kind joined to it through fields
/// of that kind (an empty hex is painted alone).
pub fn fill(board: &mut Board, hex: Hex, brush: Brush) {
    let Some(from) = board.field_at(hex).map(|f| f.kind) else {
        paint(board, hex, brush);
        return;
    };
    if brush == Brush::Barbarians {
        paint(board, hex, brush);
        return;
    }
    let at = board.index();
    let mut seen: BTreeSet<Hex> = BTreeSet::from([hex]);
    let mut queue = VecDeque::from([hex]);
    let mut area = Vec::new();
    while let Some(h) = queue.pop_front() {
        area.push(h);
        for n in h.neighbours() {
            if at.get(&n).is_some_and(|&j| board.fields[j].kind == from) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    for h in area {
        paint(board, h, brush);
    }
}

/// Turn a harbour or a barbarian field a sixth clockwise.
pub fn turn(board: &mut Board, hex: Hex) {
    if let Some(f) = board.fields.iter_mut().find(|f| f.hex == hex)
        && f.kind.uses_rotation()
    {
        f.rotation = (f.rotation + 1) % 6;
    }
}

/// Put token `n` on the producing field at `hex` (`None` takes it off).
pub fn set_number(board: &mut Board, hex: Hex, n: Option<u8>) {
    if let Some(f) = board.fields.iter_mut().find(|f| f.hex == hex)
        && f.kind.resource().is_some()
    {
        f.number = n;
    }
}

/// A hex's name as people say it: a letter for its column and a number
/// for its row on the screen, counted from the top left of `shown`
/// (`C3`).
pub fn hex_name(hex: Hex, shown: &[Hex]) -> String {
    let col = |h: &Hex| h.q;
    // Offset row of a flat-topped hex: r + (q - (q & 1)) / 2.
    let row = |h: &Hex| h.r + (h.q - h.q.rem_euclid(2)) / 2;
    let min_col = shown.iter().map(col).min().unwrap_or(0).min(hex.q);
    let min_row = shown.iter().map(row).min().unwrap_or(0).min(row(&hex));
    let c = (hex.q - min_col) as u32;
    let mut letters = String::new();
    let mut n = c + 1;
    while n > 0 {
        let d = (n - 1) % 26;
        letters.insert(0, char::from(b'A' + d as u8));
        n = (n - 1) / 26;
    }
    format!("{letters}{}", row(&hex) - min_row + 1)
}

/// The `#map=…` fragment that carries a board: its file, deflated and
/// base64url-encoded (as the site's game links are).
pub fn map_fragment(board: &Board) -> String {
    format!(
        "map={}",
        tabula_engine::link::pack(&tabula_catan::write_board(board))
    )
}

/// The map text of a `#map=…` fragment: `None` when it is no map link.
pub fn text_from_fragment(
    fragment: &str,
) -> Option<Result<String, tabula_engine::link::LinkError>> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let data = f.strip_prefix("map=")?;
    Some(tabula_engine::link::unpack(data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::{Rule, read_board, write_board};

    fn rules(e: &Editor) -> BTreeSet<Rule> {
        e.problems.iter().map(|p| p.rule).collect()
    }

    /// Paint the 19 hexes round the centre: 4 forest, 4 pasture, 4 field,
    /// 3 hill, 3 mountain and the desert in the middle.
    fn paint_standard_land(e: &mut Editor) {
        let kinds = [
            FieldKind::Forest,
            FieldKind::Pasture,
            FieldKind::Field,
            FieldKind::Hill,
            FieldKind::Mountain,
        ];
        let mut counts = [4, 4, 4, 3, 3];
        e.brush = Brush::Kind(FieldKind::Desert);
        e.act(Hex::ORIGIN);
        let mut k = 0;
        for h in Hex::ORIGIN.within(2).skip(1) {
            while counts[k % 5] == 0 {
                k += 1;
            }
            counts[k % 5] -= 1;
            e.brush = Brush::Kind(kinds[k % 5]);
            e.act(h);
            k += 1;
        }
    }

    #[test]
    fn a_blank_board_drawn_until_nothing_is_wrong() {
        let mut e = Editor::new(blank_board("Mine"));
        assert!(rules(&e).contains(&Rule::MinLandFields));
        assert!(rules(&e).contains(&Rule::BarbarianFields));
        assert!(rules(&e).contains(&Rule::SeaTouchesLand));
        paint_standard_land(&mut e);
        assert_eq!(e.board.counts().land, 19);
        assert_eq!(
            rules(&e),
            BTreeSet::from([Rule::BarbarianFields]),
            "{:?}",
            e.problems
        );
        e.brush = Brush::Barbarians;
        e.act(Hex::new(4, -2));
        assert!(e.problems.is_empty(), "{:?}", e.problems);
        // The board written and read again is the same board.
        let again = read_board(&write_board(&e.board)).expect("reads");
        assert!(again.warnings.is_empty(), "{:?}", again.warnings);
        assert_eq!(again.board.fields.len(), e.board.fields.len());
        assert_eq!(
            write_board(&again.board),
            write_board(&e.board),
            "round trip"
        );
    }

    #[test]
    fn an_error_appears_and_clears_and_undo_redo_step_through() {
        let mut e = Editor::new(read_board(tabula_catan::STANDARD_BOARD).unwrap().board);
        assert!(e.problems.is_empty());
        let sea = e
            .board
            .fields
            .iter()
            .find(|f| f.kind == FieldKind::Water)
            .unwrap()
            .hex;
        e.brush = Brush::Kind(FieldKind::Desert);
        assert!(e.act(sea));
        assert!(rules(&e).contains(&Rule::LandOnEdge));
        // Its problem shows the field.
        let i = e
            .problems
            .iter()
            .position(|p| p.field.is_some())
            .expect("a problem with a field");
        assert!(e.show_problem(i));
        assert!(e.highlight.is_some());
        assert!(e.undo());
        assert!(e.problems.is_empty(), "{:?}", e.problems);
        assert!(e.redo());
        assert!(rules(&e).contains(&Rule::LandOnEdge));
        assert!(!e.redo(), "nothing more to redo");
    }

    #[test]
    fn a_stroke_is_one_step_and_the_name_survives_undo() {
        let mut e = Editor::new(blank_board("A"));
        e.begin_stroke();
        e.act(Hex::new(0, 0));
        e.drag(Hex::new(0, 1));
        e.drag(Hex::new(1, 0));
        e.end_stroke();
        assert_eq!(e.board.counts().land, 3);
        e.rename("B");
        assert!(e.undo());
        assert_eq!(e.board.counts().land, 0, "the stroke was one step");
        assert_eq!(e.board.name, "B");
        assert!(!e.undo());
    }

    #[test]
    fn harbours_face_land_and_turn() {
        let mut e = Editor::new(blank_board("H"));
        e.act(Hex::ORIGIN);
        e.brush = Brush::Kind(FieldKind::PortOre);
        // North of the centre: its land lies south.
        e.act(Hex::new(0, -1));
        let f = e.board.field_at(Hex::new(0, -1)).unwrap();
        assert_eq!(f.harbour_dir(), Some(Dir::S));
        e.tool = Tool::Turn;
        e.act(Hex::new(0, -1));
        assert_eq!(e.board.field_at(Hex::new(0, -1)).unwrap().rotation, 4);
        // Painting land over it drops the rotation.
        e.tool = Tool::Brush;
        e.brush = Brush::Kind(FieldKind::Hill);
        e.act(Hex::new(0, -1));
        assert_eq!(e.board.field_at(Hex::new(0, -1)).unwrap().rotation, 0);
    }

    #[test]
    fn barbarians_come_as_a_pair_and_move() {
        let mut e = Editor::new(blank_board("B"));
        e.brush = Brush::Barbarians;
        e.act(Hex::new(4, -2));
        e.act(Hex::new(-4, 2));
        let barb: Vec<&Field> = e
            .board
            .fields
            .iter()
            .filter(|f| f.kind.is_barbarian())
            .collect();
        assert_eq!(barb.len(), 2);
        assert_eq!(
            e.board.field_at(Hex::new(-4, 2)).unwrap().kind,
            FieldKind::BarbarianStart
        );
        assert_eq!(
            e.board.field_at(Hex::new(-4, 3)).unwrap().kind,
            FieldKind::BarbarianEnd
        );
        assert!(!rules(&e).contains(&Rule::BarbarianLink));
    }

    #[test]
    fn fill_paints_the_joined_area_only() {
        let mut e = Editor::new(blank_board("F"));
        e.brush = Brush::Kind(FieldKind::Hill);
        for h in Hex::ORIGIN.ring(1) {
            e.act(h);
        }
        e.tool = Tool::Fill;
        e.brush = Brush::Kind(FieldKind::Pasture);
        e.act(Hex::ORIGIN);
        assert_eq!(
            e.board.field_at(Hex::ORIGIN).unwrap().kind,
            FieldKind::Pasture
        );
        assert_eq!(
            e.board.field_at(Hex::new(0, -3)).unwrap().kind,
            FieldKind::Water,
            "the outer water is walled off by the hills"
        );
        e.act(Hex::new(0, -3));
        assert_eq!(e.board.counts().water, 0);
        assert!(e.undo());
        assert_eq!(e.board.counts().water, 30, "one fill, one step");
    }

    #[test]
    fn numbers_go_on_producing_fields_only() {
        let mut e = Editor::new(blank_board("N"));
        e.act(Hex::ORIGIN);
        e.tool = Tool::Number;
        e.number = Some(8);
        assert!(e.act(Hex::ORIGIN));
        assert!(!e.act(Hex::new(0, 3)), "water takes no number");
        assert_eq!(e.board.field_at(Hex::ORIGIN).unwrap().number, Some(8));
        e.tool = Tool::Brush;
        e.brush = Brush::Kind(FieldKind::Desert);
        e.act(Hex::ORIGIN);
        assert_eq!(e.board.field_at(Hex::ORIGIN).unwrap().number, None);
    }

    #[test]
    fn the_sea_grows_and_shrinks() {
        let mut e = Editor::new(blank_board("S"));
        assert!(e.grow_sea());
        assert_eq!(e.board.fields.len(), 61);
        let mut ids: BTreeSet<&str> = BTreeSet::new();
        ids.extend(e.board.fields.iter().map(|f| f.id.as_str()));
        assert_eq!(ids.len(), 61, "every new field has its own id");
        assert!(e.shrink_sea());
        assert_eq!(e.board.fields.len(), 37);
        assert!(e.shrink_sea());
        assert_eq!(e.board.fields.len(), 19);
    }

    #[test]
    fn erased_fields_go_and_a_field_apart_is_reported() {
        let mut e = Editor::new(blank_board("E"));
        e.brush = Brush::Erase;
        e.act(Hex::new(0, 3));
        assert_eq!(e.board.fields.len(), 36);
        e.brush = Brush::Kind(FieldKind::Water);
        e.act(Hex::new(0, 5));
        assert!(
            e.problems
                .iter()
                .any(|p| p.rule == Rule::NotLinked && p.field.as_deref() == Some("38"))
        );
    }

    #[test]
    fn the_cursor_moves_among_the_shown_hexes() {
        let mut e = Editor::new(blank_board("C"));
        e.cursor = Hex::ORIGIN;
        assert!(e.move_cursor("right"));
        assert!(e.move_cursor("left"));
        assert_eq!(e.cursor, Hex::ORIGIN, "right then left comes back");
        for _ in 0..4 {
            assert!(e.move_cursor("up"));
        }
        assert!(!e.move_cursor("up"), "past the ring of empty hexes");
        assert_eq!(hex_name(e.cursor, &e.view_hexes()), "E1");
    }

    #[test]
    fn map_links_round_trip() {
        let board = read_board(tabula_catan::STANDARD_BOARD).unwrap().board;
        let f = map_fragment(&board);
        let text = text_from_fragment(&format!("#{f}")).unwrap().unwrap();
        assert_eq!(read_board(&text).unwrap().board, board);
        assert!(f.len() < 1400, "{}", f.len());
        assert!(text_from_fragment("#game=abc").is_none());
        assert!(text_from_fragment("#map=ab$d").unwrap().is_err());
    }
}
