//! The board of a Domains game: squares, units, bubbles, bonuses and the
//! players' scores and counters. Everything here is open information.

use serde::{Deserialize, Serialize};

use crate::options::Options;

/// "No player", "no unit", "no drawing", "no start".
pub const NONE: u16 = u16::MAX;
/// "No player" in a square's paint.
pub const NO_PLAYER: u8 = u8::MAX;

/// A direction of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// Stay.
    None,
    /// One row up (row − 1).
    Up,
    /// One row down (row + 1).
    Down,
    /// One column left (column − 1).
    Left,
    /// One column right (column + 1).
    Right,
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Dir {
    /// Every direction, `None` first, then the orthogonal and the diagonal ones.
    pub const ALL: [Dir; 9] = [
        Dir::None,
        Dir::Up,
        Dir::Down,
        Dir::Left,
        Dir::Right,
        Dir::UpLeft,
        Dir::UpRight,
        Dir::DownLeft,
        Dir::DownRight,
    ];
    /// The four orthogonal directions, in the program's order.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    /// The four diagonal directions, in the program's order.
    pub const DIAGONAL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// Row and column change.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::None => (0, 0),
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
            Dir::UpLeft => (-1, -1),
            Dir::UpRight => (-1, 1),
            Dir::DownLeft => (1, -1),
            Dir::DownRight => (1, 1),
        }
    }

    /// Whether the direction is diagonal.
    pub fn is_diagonal(self) -> bool {
        matches!(
            self,
            Dir::UpLeft | Dir::UpRight | Dir::DownLeft | Dir::DownRight
        )
    }

    /// The direction's index in [`Dir::ALL`].
    pub fn index(self) -> u8 {
        Dir::ALL.iter().position(|&d| d == self).unwrap_or(0) as u8
    }

    /// The direction from one square to a neighbouring one.
    pub fn between(from: (i32, i32), to: (i32, i32)) -> Dir {
        let d = (to.0 - from.0, to.1 - from.1);
        Dir::ALL
            .into_iter()
            .find(|x| x.delta() == d)
            .unwrap_or(Dir::None)
    }
}

/// What stands on a square: at most one thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Thing {
    /// Nothing.
    Empty,
    /// The unit with this id.
    Unit(u16),
    /// The bubble in this slot.
    Bubble(u16),
    /// The bonus in this slot.
    Bonus(u8),
}

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Square {
    /// The player whose paint covers the square, or [`NO_PLAYER`].
    pub paint: u8,
    /// Rounds left of the ability zone on the square (0: not a zone). A zone
    /// square belongs to the player who painted it.
    pub zone: u8,
    /// The unit whose drawing passes here, or [`NONE`].
    pub drawer: u16,
    /// What stands here.
    pub thing: Thing,
}

impl Square {
    /// An unpainted, empty square.
    pub const BLANK: Square = Square {
        paint: NO_PLAYER,
        zone: 0,
        drawer: NONE,
        thing: Thing::Empty,
    };

    /// The painter, if any.
    pub fn painter(&self) -> Option<u8> {
        (self.paint != NO_PLAYER).then_some(self.paint)
    }

    /// Whether nothing stands here (no unit, bubble or bonus).
    pub fn is_empty(&self) -> bool {
        self.thing == Thing::Empty
    }
}

/// A unit slot. Slots are reused: a new unit takes the lowest free id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// The owner, or [`NO_PLAYER`] when the slot is free.
    pub player: u8,
    /// The square the unit stands on.
    pub at: u16,
    /// Energy, from `energy_min` to `energy_max`.
    pub energy: u8,
    /// Whether the unit holds an upgrade (from a bonus).
    pub upgraded: bool,
    /// The painted square the unit's drawing started from, or [`NONE`].
    pub start: u16,
    /// The squares of the unit's drawing, in the order drawn (some may have
    /// been cleared since; a square belongs to the drawing only while its
    /// `drawer` is this unit).
    pub trail: Vec<u16>,
}

impl Unit {
    /// A free slot.
    pub fn free() -> Unit {
        Unit {
            player: NO_PLAYER,
            at: NONE,
            energy: 0,
            upgraded: false,
            start: NONE,
            trail: Vec::new(),
        }
    }

    /// Whether the slot holds a living unit.
    pub fn alive(&self) -> bool {
        self.player != NO_PLAYER
    }
}

/// A bubble.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bubble {
    /// Its colour (a player).
    pub player: u8,
    /// The square it is on.
    pub at: u16,
    /// Rounds until it pops (0: not recoloured, it does not pop by itself).
    pub timer: u8,
    /// Rounds since it last moved.
    pub moved: u32,
}

/// A bonus slot: the bonus's square when on the board, and the slot's counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusSlot {
    /// The square, or [`NONE`] when the bonus is not on the board.
    pub at: u16,
    /// Rounds counted towards the next bonus.
    pub counter: i32,
}

/// A player's score and counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Points so far.
    pub score: i64,
    /// Rounds counted towards the next unit.
    pub respawn: u32,
    /// Rounds counted towards the next bubble.
    pub bubble: u32,
    /// Upgraded units the player has now.
    pub upgraded: u8,
    /// Squares owned at the last count.
    pub squares: u32,
}

/// Everything on the table: open to every seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The game's options.
    pub options: Options,
    /// Rounds played so far (the round being ordered is this one, from 0).
    pub round: u32,
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The squares, row by row.
    pub squares: Vec<Square>,
    /// Unit slots (`max_units` per player).
    pub units: Vec<Unit>,
    /// Bubble slots (`None`: free).
    pub bubbles: Vec<Option<Bubble>>,
    /// Bonus slots (`max_bonuses`).
    pub bonuses: Vec<BonusSlot>,
    /// The players.
    pub players: Vec<PlayerState>,
}

impl Board {
    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The square index of (row, col).
    pub fn index(&self, row: usize, col: usize) -> u16 {
        (row * self.cols as usize + col) as u16
    }

    /// The (row, col) of a square index.
    pub fn coords(&self, at: u16) -> (i32, i32) {
        let c = self.cols as i32;
        (at as i32 / c, at as i32 % c)
    }

    /// The square one step from `at` in `dir`, if on the board.
    pub fn step(&self, at: u16, dir: Dir) -> Option<u16> {
        let (r, c) = self.coords(at);
        let (dr, dc) = dir.delta();
        self.at(r + dr, c + dc)
    }

    /// The square at (row, col), if on the board.
    pub fn at(&self, r: i32, c: i32) -> Option<u16> {
        if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
            None
        } else {
            Some(self.index(r as usize, c as usize))
        }
    }

    /// The square at an index.
    pub fn square(&self, at: u16) -> &Square {
        &self.squares[at as usize]
    }

    /// The living units of `player`, by id.
    pub fn units_of(&self, player: u8) -> impl Iterator<Item = u16> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.player == player)
            .map(|(i, _)| i as u16)
    }

    /// How many living units `player` has.
    pub fn unit_count(&self, player: u8) -> usize {
        self.units.iter().filter(|u| u.player == player).count()
    }

    /// Whether the unit stands on its own drawing (it is drawing).
    pub fn is_drawing(&self, unit: u16) -> bool {
        let u = &self.units[unit as usize];
        u.alive() && self.square(u.at).drawer == unit
    }

    /// Squares painted by `player`, counted now.
    pub fn painted_by(&self, player: u8) -> usize {
        self.squares.iter().filter(|s| s.paint == player).count()
    }

    /// The directions a unit may be ordered in now: all nine from its own
    /// colour, else `None` and the four orthogonal ones.
    pub fn reach(&self, unit: u16) -> &'static [Dir] {
        let u = &self.units[unit as usize];
        if self.square(u.at).paint == u.player {
            &Dir::ALL
        } else {
            &Dir::ALL[..5]
        }
    }
}
