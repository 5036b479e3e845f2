//! The game state and the rules (C1 to C12).

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{Bag, Colour, ColourMap, Game, Seat, SeatSet, Standings, ToMove};
use mesopotamia_core::{EventSink, NoEvents};
use smallvec::SmallVec;

use crate::config::Config;
use crate::event::Event;

mod board;
mod boats;
mod conflicts;
mod legal;
mod piles;
mod play;
mod reason;
mod redraw;
#[cfg(test)]
mod tests;
mod turn;

pub(crate) use board::Masks;
use board::place;
pub(crate) use piles::{PILE_CAPACITY, Piles};
pub use reason::Reason;

use crate::action::{
    ACTION_SPACE, Action, Boat, COLUMN_CARDS, COLUMNS, Chance, LINKS, MAX_SUPPORT, PLACES, Place,
};

/// Civilization cards of each colour in the deck (the 8 treasures start on display).
pub const DECK: [u16; 4] = [65, 40, 40, 40];
/// Civilization cards in the deck before the deal (185).
pub(crate) const DECK_CARDS: u16 = DECK[0] + DECK[1] + DECK[2] + DECK[3];
/// Cards in a full hand.
pub const HAND: u8 = 8;
/// Cards removed unseen at setup with 2 players.
pub const REMOVED_WITH_TWO: u8 = 30;

/// A card on a VP pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Card {
    /// A civilization card.
    Civ(Colour),
    /// A treasure (wild at the end).
    Treasure,
}

/// What lies below a treasure* in a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Piece {
    /// A civilization card.
    Card(Colour),
    /// A boat.
    Boat(Boat),
}

/// A leader on the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Leader {
    /// Owner.
    pub seat: Seat,
    /// Colour.
    pub colour: Colour,
}

/// Why an action, outcome or configuration was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CardsError {
    /// Player count out of range.
    #[error("{0} players: the card game seats 2 to 4")]
    Players(u8),
    /// A turn limit out of range (rule G1).
    #[error("a turn limit of {0}: it must be 1 to {max}", max = crate::config::MAX_TURN_LIMIT)]
    TurnLimit(u32),
    /// The action is not legal now.
    #[error("`{action}` is not legal now: {reason}")]
    Illegal {
        /// The action.
        action: Action,
        /// Why.
        reason: Reason,
    },
    /// The chance outcome cannot happen now.
    #[error("chance outcome `{0}` cannot happen now")]
    Chance(Chance),
}

/// Kind of conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ConflictKind {
    /// C8: a leader entered a kingdom holding a leader of its colour.
    Internal,
    /// C9: a link card joined two kingdoms holding leaders of one colour.
    External,
}

/// A conflict being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conflict {
    /// Internal or external.
    pub kind: ConflictKind,
    /// The leaders' colour.
    pub colour: Colour,
    /// Attacking seat.
    pub attacker: Seat,
    /// Defending seat.
    pub defender: Seat,
    /// Attacker's strength before commitments.
    pub attacker_base: u8,
    /// Defender's strength before commitments.
    pub defender_base: u8,
    /// What the attacker committed, once he has.
    pub attacker_commit: Option<u8>,
}

impl Conflict {
    /// The event announcing it.
    fn started(&self) -> Event {
        Event::ConflictStarted {
            kind: self.kind,
            colour: self.colour,
            attacker: self.attacker,
            defender: self.defender,
            attacker_base: self.attacker_base,
            defender_base: self.defender_base,
        }
    }

    pub(crate) fn support_colour(&self) -> Colour {
        match self.kind {
            ConflictKind::Internal => Colour::Red,
            ConflictKind::External => self.colour,
        }
    }
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Pending {
    /// Chance: with 2 players, a card leaves the deck unseen.
    Remove,
    /// Chance: a card is drawn for a seat.
    Draw(Seat),
    /// The active seat takes an action.
    Action,
    /// A seat may bank a card of a colour from hand.
    Bank(Seat, Colour),
    /// A seat commits cards to the conflict at hand.
    Support(Seat),
    /// The active seat picks the next external conflict.
    ConflictOrder,
    /// The trader's owner may take a treasure.
    Treasure(Seat),
    /// The active seat may build a boat.
    Boat,
    /// The game is over.
    Over,
}

/// Everything all seats see. Read from data only through validation (see
/// [`serialization`](crate::serialization)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::serialization::PublicData")
)]
pub struct Public {
    pub(crate) config: Config,
    /// Whether each column is still headed by its treasure (else by a temple).
    pub(crate) treasure_heads: [bool; COLUMNS],
    /// Pieces below each treasure*, top first, without gaps.
    pub(crate) columns: [[Option<Piece>; COLUMN_CARDS]; COLUMNS],
    /// Link cards: colour and whether face up.
    pub(crate) links: [Option<(Colour, bool)>; LINKS],
    /// The leader on each place (a list of the 79 places in JSON).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serialization::leaders_list")
    )]
    pub(crate) leaders: [Option<Leader>; PLACES],
    pub(crate) catastrophe_left: [bool; 4],
    pub(crate) boats_left: [bool; 3],
    pub(crate) hand_sizes: [u8; 4],
    pub(crate) discarded: u16,
    pub(crate) deck_size: u16,
    pub(crate) active: Seat,
    pub(crate) actions_left: u8,
    pub(crate) pending: Pending,
    pub(crate) conflict: Option<Conflict>,
    /// Colours of the external conflicts still to fight (bit per colour).
    pub(crate) conflicts: u8,
    /// The link slot whose card lies face down while its conflicts are fought.
    pub(crate) joining: Option<u8>,
    /// After a link: its kingdom's treasures may be taken.
    pub(crate) treasure_slot: Option<u8>,
    /// After a column card: the column that may build a boat.
    pub(crate) boat_column: Option<u8>,
    /// An offer to bank a card: seat and colour.
    pub(crate) bank_offer: Option<(Seat, Colour)>,
    /// After an external conflict, once the winner's banking is settled: the winner, the
    /// conflict's colour and a column of the loser's former kingdom, whose cards of that
    /// colour go to the winner's pile (C9, C14).
    pub(crate) spoils: Option<(Seat, Colour, u8)>,
    /// End of turn: colours of the active seat's leaders still to be offered boat banking.
    pub(crate) boat_banking: u8,
    pub(crate) ending_turn: bool,
    pub(crate) draws: [u8; 4],
    pub(crate) removals_left: u8,
    pub(crate) over: bool,
    /// Whether the game ended on the turn limit (rule G1).
    pub(crate) ended_on_limit: bool,
    pub(crate) turn: u32,
    /// What the display implies, kept for speed (not serialized).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) masks: Masks,
}

/// A game of Euphrat & Tigris, the card game. With the `serde` feature it is saved as its
/// position text and read back through the position checks (see
/// [`serialization`](crate::serialization)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cards {
    pub(crate) public: Public,
    pub(crate) hands: [ColourMap<u8>; 4],
    /// VP piles, bottom first.
    pub(crate) piles: Piles,
    pub(crate) deck: Bag<Colour>,
    /// With 2 players, the cards removed unseen.
    pub(crate) removed: ColourMap<u8>,
}

impl Public {
    fn seats(&self) -> usize {
        self.config.players as usize
    }

    /// Civilization cards in columns and links, temples heading columns, treasures heading
    /// columns.
    pub fn display_counts(&self) -> (u32, u32, u32) {
        let civ = self
            .columns
            .iter()
            .flatten()
            .filter(|p| matches!(p, Some(Piece::Card(_))))
            .count()
            + self.links.iter().flatten().count();
        let treasures = self.treasures_on_display() as u32;
        (civ as u32, COLUMNS as u32 - treasures, treasures)
    }

    /// Turns completed.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The number of cards in `seat`'s hand (0 for a seat not at the table).
    pub fn hand_size(&self, seat: Seat) -> u8 {
        self.hand_sizes.get(seat.index()).copied().unwrap_or(0)
    }

    /// Whether the game ended on the turn limit (rule G1) rather than by the rules.
    pub fn ended_on_limit(&self) -> bool {
        self.ended_on_limit
    }

    /// What is being decided.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The conflict being fought.
    pub fn conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref()
    }

    /// The kingdoms, as ranges of columns (0-based, inclusive), left to right.
    pub fn kingdom_ranges(&self) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        let mut c = 0u8;
        while (c as usize) < COLUMNS {
            let columns = self.kingdom_columns(c, true);
            let last = (7 - columns.leading_zeros()) as u8;
            out.push((c, last));
            c = last + 1;
        }
        out
    }

    /// Where a seat's leader of a colour stands.
    pub fn leader(&self, seat: Seat, colour: Colour) -> Option<Place> {
        self.leader_index(seat, colour).map(place)
    }

    /// Whether column `c` is headed by its treasure (else by a temple).
    pub fn treasure_head(&self, c: usize) -> bool {
        self.treasure_heads.get(c).copied().unwrap_or(false)
    }

    /// The pieces below a treasure*, top first.
    pub fn column(&self, c: usize) -> Vec<Piece> {
        self.columns
            .get(c)
            .map_or(Vec::new(), |col| col.iter().flatten().copied().collect())
    }

    /// The link card in a slot: colour and whether it is face up.
    pub fn link(&self, l: usize) -> Option<(Colour, bool)> {
        self.links.get(l).copied().flatten()
    }

    /// Cards below each treasure* (boats included).
    pub fn column_lengths(&self) -> [usize; COLUMNS] {
        core::array::from_fn(|c| self.column_len(c))
    }

    /// Whether no conflict is being fought or waits to be (internal or external, with their
    /// spoils): the only time two leaders of a colour may share a kingdom.
    pub(crate) fn at_rest(&self) -> bool {
        self.conflict.is_none()
            && self.conflicts == 0
            && self.joining.is_none()
            && self.spoils.is_none()
    }

    /// Whether every kingdom holds at most one leader of each colour.
    pub fn no_kingdom_with_two_leaders_of_a_colour(&self) -> bool {
        (0..COLUMNS as u8).all(|c| {
            let kingdom = self.kingdom(c, true);
            self.masks
                .leaders
                .iter()
                .all(|l| (l & kingdom).count_ones() <= 1)
        })
    }

    /// Cards left in the deck.
    pub fn deck_size(&self) -> u16 {
        self.deck_size
    }

    /// Whether a seat still has its catastrophe card.
    pub fn catastrophe_left(&self, seat: Seat) -> bool {
        self.catastrophe_left
            .get(seat.index())
            .copied()
            .unwrap_or(false)
    }

    /// Civilization cards discarded (out of the game, face up).
    pub fn discarded(&self) -> u16 {
        self.discarded
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    fn treasures_on_display(&self) -> usize {
        self.treasure_heads.iter().filter(|&&t| t).count()
    }
}

impl Cards {
    /// A new game: the deck is dealt by chance (with 2 players, 30 cards leave it unseen first).
    pub fn new(config: Config) -> Result<Cards, CardsError> {
        config.check()?;
        let n = config.players as usize;
        let deck = Bag::from_counts(&Colour::ALL.map(|c| (c, DECK[c.index()])));
        let mut draws = [0; 4];
        draws[..n].fill(HAND);
        let mut catastrophe_left = [false; 4];
        catastrophe_left[..n].fill(true);
        let removals = if n == 2 { REMOVED_WITH_TWO } else { 0 };
        let mut game = Cards {
            public: Public {
                config,
                treasure_heads: [true; COLUMNS],
                columns: [[None; COLUMN_CARDS]; COLUMNS],
                links: [None; LINKS],
                leaders: [None; PLACES],
                catastrophe_left,
                boats_left: [true; 3],
                hand_sizes: [0; 4],
                discarded: 0,
                deck_size: deck.total() as u16,
                active: Seat::new(0).expect("seat 0"),
                actions_left: 2,
                pending: Pending::Remove,
                conflict: None,
                conflicts: 0,
                joining: None,
                treasure_slot: None,
                boat_column: None,
                bank_offer: None,
                spoils: None,
                boat_banking: 0,
                ending_turn: false,
                draws,
                removals_left: removals,
                over: false,
                ended_on_limit: false,
                turn: 0,
                masks: Masks::default(),
            },
            hands: [ColourMap::splat(0); 4],
            piles: Default::default(),
            deck,
            removed: ColourMap::splat(0),
        };
        game.public.rebuild();
        game.settle(&mut NoEvents);
        Ok(game)
    }

    /// Everything all seats see.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> ColourMap<u8> {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// Cards of a colour left in the deck (hidden from the seats).
    pub fn deck_count(&self, colour: Colour) -> u32 {
        self.deck.count(colour)
    }

    /// With 2 players, how many cards left the deck unseen at setup.
    pub fn removed_count(&self) -> u32 {
        self.removed.values().iter().map(|&k| k as u32).sum()
    }

    /// A seat's VP pile, bottom first.
    pub fn pile(&self, seat: Seat) -> &[Card] {
        self.piles.get(seat.index())
    }
}

/// What one seat may know. In JSON (feature `serde`): places by name, one entry per seat,
/// a `version` (`serialization::VIEW_VERSION`); read from data only through validation (see
/// [`serialization`](crate::serialization)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        into = "crate::serialization::ViewJson",
        try_from = "crate::serialization::ViewJson"
    )
)]
pub struct CardsView {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Everything public.
    pub public: Public,
    /// The seat's hand.
    pub hand: ColourMap<u8>,
    /// Each pile's size and top card (the whole piles with `open_piles`).
    pub piles: Vec<(usize, Vec<Card>)>,
}

impl Game for Cards {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = CardsView;
    type Error = CardsError;
    const NAME: &'static str = "cards";

    fn new(config: &Config) -> Result<Self, CardsError> {
        Cards::new(*config)
    }

    fn config(&self) -> &Config {
        &self.public.config
    }

    fn seat_count(&self) -> usize {
        self.public.seats()
    }

    fn to_move(&self) -> ToMove {
        match self.public.pending {
            Pending::Remove | Pending::Draw(_) => ToMove::Chance,
            Pending::Over => ToMove::Terminal,
            Pending::Bank(s, _) | Pending::Support(s) | Pending::Treasure(s) => ToMove::Seat(s),
            Pending::Action | Pending::ConflictOrder | Pending::Boat => {
                ToMove::Seat(self.public.active)
            }
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), CardsError> {
        if let Some(reason) = self.why_illegal(action) {
            return Err(CardsError::Illegal { action, reason });
        }
        self.play(action, &mut NoEvents);
        Ok(())
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, u32)>) {
        out.clear();
        match self.public.pending {
            Pending::Remove => {
                out.extend(self.deck.outcomes().map(|(c, w)| (Chance::Remove(c), w)))
            }
            Pending::Draw(_) => out.extend(self.deck.outcomes().map(|(c, w)| (Chance::Draw(c), w))),
            _ => {}
        }
    }

    fn apply_chance(&mut self, outcome: Chance) -> Result<(), CardsError> {
        self.apply_chance_with_events(outcome, &mut NoEvents)
    }

    /// Exact and list-free: the action `legal[uniform_below(rng, legal.len())]` would give.
    fn sample_legal_action<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        self.sample_legal(rng)
    }

    /// Draws as [`sample_legal_action`](Game::sample_legal_action) does and plays the draw
    /// without a second check: it came from this state's own sampler, inside this call.
    fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        _scratch: &mut Vec<Action>,
    ) -> mesopotamia_core::PlayedAction<Self> {
        Ok(self.play_random_action(rng))
    }

    /// The outcome [`sample_weighted`](mesopotamia_core::chance::sample_weighted) over the
    /// listed outcomes would give, without listing them.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Chance, u32)>,
    ) -> Option<Chance> {
        self.sample_chance_outcome(rng)
    }

    fn action_space_size(&self) -> usize {
        ACTION_SPACE
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_from_index(&self, index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn view(&self, seat: Seat) -> CardsView {
        let open = self.public.config.open_piles;
        let piles = (0..self.public.seats())
            .map(|s| {
                let pile = self.piles.get(s);
                let shown = if open {
                    let mut sorted = pile.to_vec();
                    sorted.sort();
                    sorted
                } else {
                    pile.last().copied().into_iter().collect()
                };
                (pile.len(), shown)
            })
            .collect();
        CardsView {
            seat,
            public: self.public.clone(),
            hand: self.hand(seat),
            piles,
        }
    }

    fn standings(&self) -> Option<Standings> {
        (self.public.pending == Pending::Over).then(|| Standings::from_keys(&self.keys()))
    }

    /// The turn limit bounds the game (rule G1). Setup takes at most 62 steps (30
    /// removals, 32 draws); a turn at most 86: two actions of at most 25 decisions each (a
    /// link card: 3 conflict orders, 4 conflicts of 2 supports and a bank offer, 8
    /// treasures and a decline), 4 boat-banking offers and 32 draws.
    fn max_steps(&self) -> usize {
        62 + 100 * self.public.config.turn_limit as usize
    }

    fn end_reason(&self) -> Option<mesopotamia_core::EndReason> {
        (self.public.pending == Pending::Over).then_some(if self.public.ended_on_limit {
            mesopotamia_core::EndReason::TurnLimit
        } else {
            mesopotamia_core::EndReason::Rules
        })
    }

    fn chance_seen_by(&self) -> mesopotamia_core::SeatSet {
        match self.public.pending {
            // A seat draws its cards in secret; the cards removed at the start are no one's.
            Pending::Draw(seat) => core::iter::once(seat).collect(),
            Pending::Remove => mesopotamia_core::SeatSet::EMPTY,
            _ => Seat::all(self.public.seats()).collect(),
        }
    }

    /// Other seats' hands, the piles' buried cards (unless piles are open) and the cards
    /// removed at the start dealt again from every card `observer` cannot see; a seat asked
    /// for its support, whether to bank or which treasure to take holds a card of the colour
    /// it needs, as the table knows.
    fn resample_hidden<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> Self {
        self.redraw_hidden(observer, rng)
    }
}
