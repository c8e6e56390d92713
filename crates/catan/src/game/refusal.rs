//! Why the rules refuse an action. Each reason is a value, so that a page
//! says it in its own language; `Display` writes it in English (the
//! command line, the course protocol's answers, the tests).

use tabula_engine::Seat;

use super::action::Piece;
use super::cards::{Card, Hand, Progress, Track};
use super::contract::step_words;
use super::state::Step;

/// Whom a move waits for when it is not the refused seat's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Another player (a seat).
    Player(Seat),
    /// Other players, who answer at the same time.
    Others,
    /// The dice.
    Dice,
}

impl std::fmt::Display for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Waiting::Player(s) => write!(f, "player {}", s + 1),
            Waiting::Others => f.write_str("other players"),
            Waiting::Dice => f.write_str("the dice"),
        }
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The seat is not at the table.
    #[error("there is no player {}", *.0 as u32 + 1)]
    NoSuchPlayer(Seat),
    /// Someone else is to move.
    #[error("it is not your move: waiting for {0}")]
    NotYourMove(Waiting),
    /// A question is open and this does not answer it.
    #[error(
        "{action} is not an answer to the question asked now ({})",
        step_words(step)
    )]
    NotTheAnswer {
        /// The action, in the course protocol's words.
        action: String,
        /// The open question.
        step: Step,
    },
    /// The dice were rolled already.
    #[error("the dice were rolled this turn")]
    Rolled,
    /// The place is not on this board.
    #[error("there is no such place on this board")]
    NoSuchPlace,
    /// Building waits for the roll.
    #[error("roll the dice first")]
    RollFirst,
    /// Knights and walls are of Cities & Knights.
    #[error("there are no knights or city walls in the base game")]
    NoKnightsInBase,
    /// No piece of this kind is left in the player's supply.
    #[error("you have no {} left", .0.name())]
    NoneLeft(Piece),
    /// The player cannot pay.
    #[error("a {} costs {price}; you have {hand}", piece.name())]
    Costs {
        /// What was to be built.
        piece: Piece,
        /// Its price.
        price: Hand,
        /// The player's hand.
        hand: Hand,
    },
    /// The place does not take this piece.
    #[error("{}", place_words(*.0))]
    NoPlace(Piece),
    /// The progress card cannot be played now.
    #[error("{0}")]
    Card(Unplayable),
    /// A trade gives and takes the same kind.
    #[error("trade one kind for another")]
    SameKind,
    /// Too few cards for the rate.
    #[error("you trade {give} {rate}:1 and have {have}")]
    Rate {
        /// The kind given.
        give: Card,
        /// The player's rate for it.
        rate: u8,
        /// How many the player holds.
        have: u8,
    },
    /// The bank has none of the kind asked for.
    #[error("the bank has no {0} left")]
    BankOut(Card),
    /// Trading waits for the roll.
    #[error("trade after rolling the dice")]
    TradeAfterRoll,
    /// City improvements are of Cities & Knights.
    #[error("there are no city improvements in the base game")]
    NoImprovementsInBase,
    /// The improvement is beyond the player.
    #[error(
        "the next {} improvement costs {cost} {}, needs a city (a city that is not a metropolis from level 4), and the track ends at 5",
        track.name(),
        track.commodity()
    )]
    Improvement {
        /// The track.
        track: Track,
        /// What its next level costs the player.
        cost: u8,
    },
    /// Too many progress cards in hand to end the turn.
    #[error("you hold more than 4 progress cards: put one back first (RETURN)")]
    TooManyProgress,
    /// Not possible now, for no more particular reason.
    #[error("{0} is not possible now")]
    NotNow(String),
    /// A chance step was asked for with no dice due.
    #[error("no dice are due")]
    NoDiceDue,
}

/// Where a piece goes, said when the place asked does not take it.
fn place_words(piece: Piece) -> &'static str {
    match piece {
        Piece::Road => "a road must join your roads or buildings on a free side",
        Piece::Settlement => {
            "a settlement needs a free corner on your road with no building next to it"
        }
        Piece::City => "a city replaces one of your settlements",
        Piece::CityWall => "a wall goes under one of your cities without a wall",
        Piece::Knight => "a knight needs a free corner where your roads end",
    }
}

/// Why a progress card cannot be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// Not in the player's hand.
    #[error("you have no {0} card")]
    NotHeld(Progress),
    /// The Alchemist is for before the roll, once.
    #[error("the Alchemist is played before rolling, once")]
    AlchemistBeforeRoll,
    /// Other cards wait for the roll.
    #[error("progress cards other than the Alchemist are played after rolling")]
    AfterRoll,
    /// A card that is never played (it acts when drawn).
    #[error("{0} is not played")]
    NeverPlayed(Progress),
    /// Crane.
    #[error("a Crane is already at work this turn")]
    CraneAtWork,
    /// Engineer.
    #[error("you have no city without a wall, or no wall left")]
    NoWallPlace,
    /// Inventor.
    #[error("there are not two numbers Inventor may swap")]
    NoSwap,
    /// Medicine.
    #[error("Medicine needs a settlement, a city piece, 2 ore and 1 grain")]
    MedicineNeeds,
    /// Road Building.
    #[error("there is no place for a road")]
    NoRoadPlace,
    /// Smith.
    #[error("none of your knights can be promoted")]
    NoPromotion,
    /// Commercial Harbor, nothing to offer.
    #[error("you have no resource to offer")]
    NoResourceToOffer,
    /// Commercial Harbor, nobody to offer to.
    #[error("there is no player who has a commodity card")]
    NoCommodityHolder,
    /// Master Merchant.
    #[error("no player with more points than you has a card")]
    NoRicherWithCards,
    /// Merchant.
    #[error("you have no building beside a producing field")]
    NoMerchantField,
    /// Merchant Fleet.
    #[error("a Merchant Fleet already sails this turn")]
    FleetSails,
    /// Bishop.
    #[error("the robber sleeps until the barbarians first attack")]
    RobberSleeps,
    /// Deserter.
    #[error("no other player has a knight")]
    NoOtherKnight,
    /// Diplomat.
    #[error("there is no open road")]
    NoOpenRoad,
    /// Intrigue.
    #[error("no other player's knight stands where your roads end")]
    NoIntrigueTarget,
    /// Saboteur.
    #[error("no other player has as many points as you")]
    NoSaboteurTarget,
    /// Spy.
    #[error("no other player has a progress card")]
    NoSpyTarget,
    /// Warlord.
    #[error("you have no inactive knight")]
    NoInactiveKnight,
    /// Wedding.
    #[error("no player has more points than you")]
    NoWeddingGuest,
}
