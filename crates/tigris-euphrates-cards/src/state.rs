//! The game state and the rules (C1 to C12).

use std::sync::OnceLock;

use mesopotamia_core::rand_core::RngCore;
use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{
    Adjacency, Bag, Colour, ColourMap, Game, Graph, Seat, SeatSet, Space, SpaceSet, Standings,
    ToMove,
};
use mesopotamia_core::{EventSink, NoEvents};
use smallvec::SmallVec;

use crate::config::Config;
use crate::event::Event;

use crate::action::{
    ACTION_SPACE, Action, Boat, COLUMN_CARDS, COLUMNS, Chance, LINKS, MAX_SUPPORT, PLACES, Place,
};

/// Civilization cards of each colour in the deck (the 8 treasures start on display).
pub const DECK: [u16; 4] = [65, 40, 40, 40];
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
pub enum CardsError {
    /// Player count out of range.
    #[error("{0} players: the card game seats 2 to 4")]
    Players(u8),
    /// A turn limit out of range (RULINGS G1).
    #[error("a turn limit of {0}: it must be 1 to {max}", max = crate::config::MAX_TURN_LIMIT)]
    TurnLimit(u32),
    /// The action is not legal now.
    #[error("`{0}` is not legal now")]
    Illegal(Action),
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

    fn support_colour(&self) -> Colour {
        match self.kind {
            ConflictKind::Internal => Colour::Red,
            ConflictKind::External => self.colour,
        }
    }
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// The leader on each place.
    pub(crate) leaders: Vec<Option<Leader>>,
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
    /// Whether the game ended on the turn limit (RULINGS G1).
    pub(crate) ended_on_limit: bool,
    pub(crate) turn: u32,
}

/// A game of Euphrat & Tigris, the card game. With the `serde` feature it is saved as its
/// position text and read back through the position checks (see
/// [`serialization`](crate::serialization)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cards {
    pub(crate) public: Public,
    pub(crate) hands: [ColourMap<u8>; 4],
    /// VP piles, bottom first.
    pub(crate) piles: [Vec<Card>; 4],
    pub(crate) deck: Bag<Colour>,
    /// With 2 players, the cards removed unseen.
    pub(crate) removed: ColourMap<u8>,
}

/// Columns 0..8 and link slots 8..15, for the core's geometry.
fn layout() -> &'static Graph<1> {
    static GRAPH: OnceLock<Graph<1>> = OnceLock::new();
    GRAPH.get_or_init(|| {
        let mut edges = Vec::new();
        for l in 0..LINKS as u16 {
            edges.push((l, COLUMNS as u16 + l));
            edges.push((COLUMNS as u16 + l, l + 1));
        }
        Graph::from_edges(COLUMNS + LINKS, &edges).expect("15 nodes")
    })
}

fn place(index: usize) -> Place {
    Place::from_index(index).expect("a place index")
}

impl Public {
    fn seats(&self) -> usize {
        self.config.players as usize
    }

    /// The columns (bits 0..8) and link slots (bits 8..15) of the kingdom holding `column`;
    /// face-down links join only when `with_face_down`.
    fn kingdom(&self, column: u8, with_face_down: bool) -> SpaceSet<1> {
        let mut nodes = SpaceSet::first_n(COLUMNS);
        for (l, link) in self.links.iter().enumerate() {
            if matches!(link, Some((_, up)) if *up || with_face_down) {
                nodes.insert(Space((COLUMNS + l) as u16));
            }
        }
        layout().component(Space(column as u16), nodes)
    }

    /// Places (as indices) of a kingdom given by [`Self::kingdom`].
    fn places_of(&self, kingdom: SpaceSet<1>) -> SmallVec<[usize; 48]> {
        let mut out = SmallVec::new();
        for node in kingdom.iter() {
            let n = node.index();
            if n < COLUMNS {
                for r in 0..=COLUMN_CARDS {
                    out.push(Place::Column(n as u8, r as u8).index());
                }
            } else {
                out.push(Place::Link((n - COLUMNS) as u8).index());
            }
        }
        out
    }

    fn column_len(&self, c: usize) -> usize {
        self.columns[c].iter().take_while(|p| p.is_some()).count()
    }

    /// The civilization card on a place, if any. A treasure* counts as red; boats and
    /// face-down link cards are no civilization cards.
    fn card_at(&self, p: Place) -> Option<Colour> {
        match p {
            Place::Column(c, 0) => ((c as usize) < COLUMNS).then_some(Colour::Red),
            Place::Column(c, r) => match self.columns.get(c as usize)?.get(r as usize - 1)? {
                Some(Piece::Card(colour)) => Some(*colour),
                _ => None,
            },
            Place::Link(l) => match self.links.get(l as usize)? {
                Some((colour, true)) => Some(*colour),
                _ => None,
            },
        }
    }

    /// Where a seat's leader of a colour stands.
    pub fn leader(&self, seat: Seat, colour: Colour) -> Option<Place> {
        self.leaders
            .iter()
            .position(|l| *l == Some(Leader { seat, colour }))
            .map(place)
    }

    fn leader_in(&self, places: &[usize], colour: Colour) -> Option<(Seat, usize)> {
        places.iter().find_map(|&i| match self.leaders[i] {
            Some(l) if l.colour == colour => Some((l.seat, i)),
            _ => None,
        })
    }

    /// The column a place belongs to (links: the left one).
    fn column_of(p: Place) -> u8 {
        match p {
            Place::Column(c, _) => c,
            Place::Link(l) => l,
        }
    }

    /// The layout node of a place: its column, or its link slot.
    fn node_of(p: Place) -> Space {
        match p {
            Place::Column(c, _) => Space(c as u16),
            Place::Link(l) => Space((COLUMNS + l as usize) as u16),
        }
    }

    /// Removes the column cards of `rows` (1-based rows) of column `c`, closing the column
    /// upward; leaders on removed cards return, others move up with their cards.
    fn remove_rows(&mut self, c: usize, rows: &[usize]) -> SmallVec<[Piece; 8]> {
        let mut kept: SmallVec<[(Piece, Option<Leader>); 8]> = SmallVec::new();
        let mut gone = SmallVec::new();
        for r in 1..=COLUMN_CARDS {
            let Some(piece) = self.columns[c][r - 1] else {
                break;
            };
            let at = Place::Column(c as u8, r as u8).index();
            if rows.contains(&r) {
                gone.push(piece);
                self.leaders[at] = None;
            } else {
                kept.push((piece, self.leaders[at]));
            }
        }
        for r in 1..=COLUMN_CARDS {
            let at = Place::Column(c as u8, r as u8).index();
            let slot = kept.get(r - 1).copied();
            self.columns[c][r - 1] = slot.map(|(p, _)| p);
            self.leaders[at] = slot.and_then(|(_, l)| l);
        }
        gone
    }

    fn strength_on_board(&self, places: &[usize], colour: Colour) -> u8 {
        places
            .iter()
            .filter(|&&i| self.card_at(place(i)) == Some(colour))
            .count() as u8
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

    /// Whether the game ended on the turn limit (RULINGS G1) rather than by the rules.
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
            let kingdom = self.kingdom(c, true);
            let last = kingdom
                .iter()
                .filter(|n| n.index() < COLUMNS)
                .map(|n| n.index() as u8)
                .max()
                .unwrap_or(c);
            out.push((c, last));
            c = last + 1;
        }
        out
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

    /// Whether every kingdom holds at most one leader of each colour.
    pub fn no_kingdom_with_two_leaders_of_a_colour(&self) -> bool {
        let mut seen = SpaceSet::<1>::EMPTY;
        for c in 0..COLUMNS as u8 {
            if seen.contains(Space(c as u16)) {
                continue;
            }
            let kingdom = self.kingdom(c, true);
            seen |= kingdom;
            let places = self.places_of(kingdom);
            for colour in Colour::ALL {
                let count = places
                    .iter()
                    .filter(|&&i| self.leaders[i].is_some_and(|l| l.colour == colour))
                    .count();
                if count > 1 {
                    return false;
                }
            }
        }
        true
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
                leaders: vec![None; PLACES],
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
            },
            hands: [ColourMap::splat(0); 4],
            piles: Default::default(),
            deck,
            removed: ColourMap::splat(0),
        };
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
        self.piles.get(seat.index()).map_or(&[], |p| p.as_slice())
    }

    fn bank(&mut self, seat: Seat, card: Card, ev: &mut impl EventSink<Event>) {
        self.piles[seat.index()].push(card);
        ev.push(Event::Banked { seat, card });
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        match p.pending {
            Pending::Action => {
                let a = p.active.index();
                let hand = self.hands[a];
                out.push(Action::Pass);
                // Cards without a leader, and column lengths, found once for every colour.
                let mut free: SmallVec<[Place; PLACES]> = SmallVec::new();
                let mut own: [Option<Place>; 4] = [None; 4];
                for i in 0..PLACES {
                    match p.leaders[i] {
                        Some(l) if l.seat == p.active => own[l.colour.index()] = Some(place(i)),
                        Some(_) => {}
                        None if p.card_at(place(i)).is_some() => free.push(place(i)),
                        None => {}
                    }
                }
                let lens: [usize; COLUMNS] = core::array::from_fn(|c| p.column_len(c));
                out.reserve(4 * free.len() + 4 * (COLUMNS + LINKS) + free.len());
                for colour in Colour::ALL {
                    // C4: a leader on the display moves only to another kingdom.
                    let home =
                        own[colour.index()].map(|from| p.kingdom(Public::column_of(from), true));
                    out.extend(
                        free.iter()
                            .filter(|&&at| home.is_none_or(|k| !k.contains(Public::node_of(at))))
                            .map(|&at| Action::Leader(colour, at)),
                    );
                }
                for colour in Colour::ALL {
                    if hand[colour] > 0 {
                        out.extend(
                            (0..COLUMNS)
                                .filter(|&c| lens[c] < COLUMN_CARDS)
                                .map(|c| Action::Column(colour, c as u8)),
                        );
                    }
                }
                for colour in Colour::ALL {
                    if hand[colour] > 0 {
                        out.extend(
                            (0..LINKS)
                                .filter(|&l| {
                                    p.links[l].is_none() && lens[l] >= 3 && lens[l + 1] >= 3
                                })
                                .map(|l| Action::Link(colour, l as u8)),
                        );
                    }
                }
                if p.catastrophe_left[a] {
                    // Any free card but a treasure* (boats and face-down links are no cards).
                    out.extend(
                        free.iter()
                            .filter(|at| !matches!(at, Place::Column(_, 0)))
                            .map(|&at| Action::Catastrophe(at)),
                    );
                }
            }
            Pending::Bank(..) => out.extend([Action::Bank, Action::Decline]),
            Pending::Support(seat) => {
                let conflict = p.conflict.expect("a support decision has a conflict");
                let max = self.hands[seat.index()][conflict.support_colour()].min(MAX_SUPPORT);
                out.extend((0..=max).map(Action::Support));
            }
            Pending::ConflictOrder => {
                out.extend(
                    Colour::ALL
                        .into_iter()
                        .filter(|c| p.conflicts & (1 << c.index()) != 0)
                        .map(Action::Conflict),
                );
            }
            Pending::Treasure(_) => {
                out.push(Action::Decline);
                out.extend(self.treasure_options().into_iter().map(Action::Treasure));
            }
            Pending::Boat => {
                out.push(Action::Decline);
                out.extend(self.boat_options().into_iter().map(Action::Boat));
            }
            Pending::Remove | Pending::Draw(_) | Pending::Over => {}
        }
        // Every branch lists its actions in index order.
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
    }

    /// Whether `action` is legal now: the same conditions as the legal action list, checked
    /// for one action (the tests compare the two over the whole action space).
    pub fn is_legal(&self, action: Action) -> bool {
        let p = &self.public;
        let a = p.active.index();
        match (p.pending, action) {
            (Pending::Action, Action::Pass) => true,
            (Pending::Action, Action::Leader(colour, at)) => {
                p.leaders[at.index()].is_none()
                    && p.card_at(at).is_some()
                    && p.leader(p.active, colour).is_none_or(|from| {
                        !p.kingdom(Public::column_of(from), true)
                            .contains(Public::node_of(at))
                    })
            }
            (Pending::Action, Action::Column(colour, c)) => {
                self.hands[a][colour] > 0
                    && (c as usize) < COLUMNS
                    && p.column_len(c as usize) < COLUMN_CARDS
            }
            (Pending::Action, Action::Link(colour, l)) => {
                let l = l as usize;
                self.hands[a][colour] > 0
                    && l < LINKS
                    && p.links[l].is_none()
                    && p.column_len(l) >= 3
                    && p.column_len(l + 1) >= 3
            }
            (Pending::Action, Action::Catastrophe(at)) => {
                p.catastrophe_left[a]
                    && !matches!(at, Place::Column(_, 0))
                    && p.card_at(at).is_some()
                    && p.leaders[at.index()].is_none()
            }
            (Pending::Bank(..), Action::Bank | Action::Decline) => true,
            (Pending::Support(seat), Action::Support(n)) => p.conflict.is_some_and(|c| {
                n <= self.hands[seat.index()][c.support_colour()].min(MAX_SUPPORT)
            }),
            (Pending::ConflictOrder, Action::Conflict(c)) => p.conflicts & (1 << c.index()) != 0,
            (Pending::Treasure(_), Action::Decline) | (Pending::Boat, Action::Decline) => true,
            (Pending::Treasure(_), Action::Treasure(c)) => self.treasure_options().contains(&c),
            (Pending::Boat, Action::Boat(b)) => self.boat_options().contains(&b),
            _ => false,
        }
    }

    /// Columns whose treasure the trader's owner may take now.
    fn treasure_options(&self) -> SmallVec<[u8; 8]> {
        let p = &self.public;
        let mut out = SmallVec::new();
        let Some(slot) = p.treasure_slot else {
            return out;
        };
        let kingdom = p.kingdom(slot, false);
        let places = p.places_of(kingdom);
        let Some((owner, _)) = p.leader_in(&places, Colour::Green) else {
            return out;
        };
        let heads: SmallVec<[u8; 8]> = kingdom
            .iter()
            .map(|n| n.index())
            .filter(|&n| n < COLUMNS && p.treasure_heads[n])
            .map(|n| n as u8)
            .collect();
        if heads.len() >= 2 && self.hands[owner.index()][Colour::Red] > 0 {
            out.extend(heads);
        }
        out
    }

    /// Boats the active seat may build on the run ending at the bottom of the boat column.
    fn boat_options(&self) -> SmallVec<[Boat; 3]> {
        let mut out = SmallVec::new();
        for b in Boat::ALL {
            if self.public.boats_left[b as usize] && self.boat_run(b).is_some() {
                out.push(b);
            }
        }
        out
    }

    /// The rows (1-based, the 4 lowest) of the lowest run of 4 or more consecutive cards of
    /// one colour in the boat column from which `boat` can be built (C10: blue runs build
    /// any boat, other runs only the blue-that-colour boat).
    fn boat_run(&self, boat: Boat) -> Option<[usize; 4]> {
        let p = &self.public;
        let c = p.boat_column? as usize;
        let len = p.column_len(c);
        let mut end = len;
        while end >= 4 {
            let Some(Piece::Card(colour)) = p.columns[c][end - 1] else {
                end -= 1;
                continue;
            };
            let run = p.columns[c][..end]
                .iter()
                .rev()
                .take_while(|x| **x == Some(Piece::Card(colour)))
                .count();
            if run >= 4 && (colour == Colour::Blue || boat.other() == colour) {
                return Some([end - 3, end - 2, end - 1, end]);
            }
            end -= run.max(1);
        }
        None
    }

    fn play(&mut self, action: Action, ev: &mut impl EventSink<Event>) {
        let active = self.public.active;
        match action {
            Action::Pass => self.public.actions_left = 0,
            Action::Leader(colour, at) => {
                self.public.actions_left -= 1;
                self.place_leader(active, colour, at, ev);
            }
            Action::Column(colour, c) => {
                self.public.actions_left -= 1;
                self.take_from_hand(active, colour, 1);
                let p = &mut self.public;
                let len = p.column_len(c as usize);
                p.columns[c as usize][len] = Some(Piece::Card(colour));
                let places = p.places_of(p.kingdom(c, true));
                let scorer = p
                    .leader_in(&places, colour)
                    .or_else(|| p.leader_in(&places, Colour::Black));
                p.bank_offer = scorer.map(|(seat, _)| (seat, colour));
                p.boat_column = Some(c);
            }
            Action::Link(colour, l) => {
                self.public.actions_left -= 1;
                self.take_from_hand(active, colour, 1);
                self.join(colour, l);
            }
            Action::Catastrophe(at) => {
                self.public.actions_left -= 1;
                let p = &mut self.public;
                p.catastrophe_left[active.index()] = false;
                match at {
                    Place::Column(c, r) => {
                        p.remove_rows(c as usize, &[r as usize]);
                    }
                    Place::Link(l) => p.links[l as usize] = None,
                }
                p.discarded += 1;
                ev.push(Event::Catastrophe { at });
            }
            Action::Bank => {
                if let Some((seat, colour)) = self.public.bank_offer.take() {
                    self.take_from_hand(seat, colour, 1);
                    self.bank(seat, Card::Civ(colour), ev);
                }
            }
            Action::Decline => match self.public.pending {
                Pending::Bank(..) => self.public.bank_offer = None,
                Pending::Treasure(_) => self.public.treasure_slot = None,
                _ => self.public.boat_column = None,
            },
            Action::Support(n) => self.commit(n, ev),
            Action::Conflict(colour) => self.start_external(colour, ev),
            Action::Boat(b) => self.build_boat(b, ev),
            Action::Treasure(c) => {
                if let Pending::Treasure(owner) = self.public.pending {
                    self.take_from_hand(owner, Colour::Red, 1);
                    self.public.treasure_heads[c as usize] = false;
                    ev.push(Event::TreasureTaken {
                        seat: owner,
                        column: c,
                    });
                    self.bank(owner, Card::Treasure, ev);
                }
            }
        }
        self.settle(ev);
    }

    fn take_from_hand(&mut self, seat: Seat, colour: Colour, n: u8) {
        self.hands[seat.index()][colour] -= n;
        self.public.hand_sizes[seat.index()] -= n;
    }

    fn place_leader(
        &mut self,
        seat: Seat,
        colour: Colour,
        at: Place,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        if let Some(from) = p.leader(seat, colour) {
            p.leaders[from.index()] = None;
        }
        p.leaders[at.index()] = Some(Leader { seat, colour });
        let places = p.places_of(p.kingdom(Public::column_of(at), true));
        let defender = places.iter().find_map(|&i| match p.leaders[i] {
            Some(l) if l.colour == colour && l.seat != seat => Some((l.seat, i)),
            _ => None,
        });
        if let Some((defender, defender_at)) = defender {
            // C8: +1 for a leader standing on a red card (temple or treasure*).
            let on_red = |i: usize| u8::from(p.card_at(place(i)) == Some(Colour::Red));
            let conflict = Conflict {
                kind: ConflictKind::Internal,
                colour,
                attacker: seat,
                defender,
                attacker_base: on_red(at.index()),
                defender_base: on_red(defender_at),
                attacker_commit: None,
            };
            ev.push(conflict.started());
            p.conflict = Some(conflict);
        }
    }

    /// A card goes face down into link slot `l`: external conflicts, then treasures.
    fn join(&mut self, colour: Colour, l: u8) {
        let p = &mut self.public;
        let left = p.places_of(p.kingdom(l, false));
        let right = p.places_of(p.kingdom(l + 1, false));
        p.links[l as usize] = Some((colour, false));
        let mut conflicts = 0u8;
        for c in Colour::ALL {
            if p.leader_in(&left, c).is_some() && p.leader_in(&right, c).is_some() {
                conflicts |= 1 << c.index();
            }
        }
        p.conflicts = conflicts;
        p.joining = Some(l);
    }

    fn start_external(&mut self, colour: Colour, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.conflicts &= !(1 << colour.index());
        let Some(l) = p.joining else { return };
        let sides = [
            p.places_of(p.kingdom(l, false)),
            p.places_of(p.kingdom(l + 1, false)),
        ];
        let holders: SmallVec<[(Seat, usize); 2]> = sides
            .iter()
            .filter_map(|s| p.leader_in(s, colour))
            .collect();
        let [(a, _), (b, _)] = holders.as_slice() else {
            return;
        };
        let involved: SeatSet = [*a, *b].into_iter().collect();
        let Some(attacker) = p.active.first_clockwise_among(p.seats(), involved) else {
            return;
        };
        let defender = if attacker == *a { *b } else { *a };
        let side_of = |s: Seat| {
            sides
                .iter()
                .find(|side| p.leader_in(side, colour).is_some_and(|(o, _)| o == s))
        };
        let base = |s: Seat| side_of(s).map_or(0, |side| p.strength_on_board(side, colour));
        let conflict = Conflict {
            kind: ConflictKind::External,
            colour,
            attacker,
            defender,
            attacker_base: base(attacker),
            defender_base: base(defender),
            attacker_commit: None,
        };
        ev.push(conflict.started());
        p.conflict = Some(conflict);
    }

    fn commit(&mut self, n: u8, ev: &mut impl EventSink<Event>) {
        let Some(mut conflict) = self.public.conflict else {
            return;
        };
        let colour = conflict.support_colour();
        match conflict.attacker_commit {
            None => {
                self.take_from_hand(conflict.attacker, colour, n);
                conflict.attacker_commit = Some(n);
                self.public.conflict = Some(conflict);
            }
            Some(a) => {
                self.take_from_hand(conflict.defender, colour, n);
                self.public.conflict = None;
                self.resolve(conflict, a, n, ev);
            }
        }
    }

    fn resolve(
        &mut self,
        conflict: Conflict,
        attacker_commit: u8,
        defender_commit: u8,
        ev: &mut impl EventSink<Event>,
    ) {
        let colour = conflict.colour;
        let support = conflict.support_colour();
        let (winner, loser) = if conflict.attacker_base + attacker_commit
            > conflict.defender_base + defender_commit
        {
            (conflict.attacker, conflict.defender)
        } else {
            (conflict.defender, conflict.attacker)
        };
        let committed = attacker_commit + defender_commit;
        ev.push(Event::ConflictResolved {
            colour,
            attacker_total: conflict.attacker_base + attacker_commit,
            defender_total: conflict.defender_base + defender_commit,
            winner,
            committed,
        });
        if committed > 0 {
            // The winner banks one committed card; the others are discarded.
            self.bank(winner, Card::Civ(support), ev);
            self.public.discarded += committed as u16 - 1;
        } else {
            self.public.bank_offer = Some((winner, support));
        }
        let p = &mut self.public;
        let Some(loser_at) = p.leader(loser, colour) else {
            return;
        };
        p.leaders[loser_at.index()] = None;
        ev.push(Event::LeaderReturned {
            seat: loser,
            colour,
            from: loser_at,
        });
        if conflict.kind == ConflictKind::External {
            // C9, C14: the loser's cards go to the winner's pile once the winner has banked
            // (or declined to bank) a card, which goes onto the pile first.
            p.spoils = Some((winner, colour, Public::column_of(loser_at)));
        }
    }

    /// C9: every card of `colour` in the kingdom (on its side of the face-down link) holding
    /// `column`, except the treasure* and cards holding a leader, goes to `winner`'s pile.
    fn take_spoils(
        &mut self,
        winner: Seat,
        colour: Colour,
        column: u8,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let side = p.places_of(p.kingdom(column, false));
        let mut won = 0;
        let mut rows: [SmallVec<[usize; 8]>; COLUMNS] = Default::default();
        for &i in &side {
            let at = place(i);
            if p.leaders[i].is_some() || p.card_at(at) != Some(colour) {
                continue;
            }
            match at {
                Place::Column(_, 0) => {}
                Place::Column(c, r) => {
                    rows[c as usize].push(r as usize);
                    won += 1;
                }
                Place::Link(l) => {
                    p.links[l as usize] = None;
                    won += 1;
                }
            }
        }
        for (c, r) in rows.iter().enumerate() {
            if !r.is_empty() {
                p.remove_rows(c, r);
            }
        }
        if won > 0 {
            ev.push(Event::CardsWon {
                seat: winner,
                colour,
                count: won,
            });
        }
        for _ in 0..won {
            self.piles[winner.index()].push(Card::Civ(colour));
        }
    }

    fn build_boat(&mut self, boat: Boat, ev: &mut impl EventSink<Event>) {
        let Some(rows) = self.boat_run(boat) else {
            return;
        };
        let p = &mut self.public;
        let Some(c) = p.boat_column.take() else {
            return;
        };
        let c = c as usize;
        // C10: leaders on the four cards return to their owners.
        for &r in &rows {
            let from = Place::Column(c as u8, r as u8);
            if let Some(l) = p.leaders[from.index()] {
                ev.push(Event::LeaderReturned {
                    seat: l.seat,
                    colour: l.colour,
                    from,
                });
            }
        }
        p.remove_rows(c, &rows);
        // The boat takes the place of the run's four lowest cards: the cards below move up
        // behind it.
        let at = rows[0] - 1;
        for k in (at..COLUMN_CARDS - 1).rev() {
            p.columns[c][k + 1] = p.columns[c][k];
            let (from, to) = (
                Place::Column(c as u8, k as u8 + 1).index(),
                Place::Column(c as u8, k as u8 + 2).index(),
            );
            p.leaders[to] = p.leaders[from];
        }
        p.columns[c][at] = Some(Piece::Boat(boat));
        p.leaders[Place::Column(c as u8, at as u8 + 1).index()] = None;
        p.boats_left[boat as usize] = false;
        p.discarded += 4;
        ev.push(Event::BoatBuilt {
            boat,
            column: c as u8,
        });
    }

    /// Settles a state built from a position to its next decision.
    pub(crate) fn settle_now(&mut self) {
        self.settle(&mut NoEvents);
    }

    /// Moves on to the next decision.
    fn settle(&mut self, ev: &mut impl EventSink<Event>) {
        loop {
            let p = &mut self.public;
            let n = p.seats();
            if p.removals_left > 0 {
                p.pending = Pending::Remove;
                return;
            }
            if let Some(seat) = p.active.clockwise(n).find(|s| p.draws[s.index()] > 0) {
                p.pending = Pending::Draw(seat);
                return;
            }
            if p.ending_turn {
                p.ending_turn = false;
                p.active = p.active.next(n);
                p.actions_left = 2;
                p.turn += 1;
            }
            if let Some((seat, colour)) = p.bank_offer {
                if self.hands[seat.index()][colour] > 0 {
                    self.public.pending = Pending::Bank(seat, colour);
                    return;
                }
                self.public.bank_offer = None;
                continue;
            }
            let p = &mut self.public;
            if let Some((winner, colour, column)) = p.spoils.take() {
                self.take_spoils(winner, colour, column, ev);
                continue;
            }
            let p = &mut self.public;
            if let Some(conflict) = p.conflict {
                let seat = if conflict.attacker_commit.is_none() {
                    conflict.attacker
                } else {
                    conflict.defender
                };
                if self.hands[seat.index()][conflict.support_colour()] == 0 {
                    ev.push(Event::Forced {
                        seat,
                        action: Action::Support(0),
                    });
                    self.commit(0, ev);
                    continue;
                }
                self.public.pending = Pending::Support(seat);
                return;
            }
            if p.conflicts != 0 {
                // Drop the conflicts whose leaders no longer share the joined kingdom.
                if let Some(l) = p.joining {
                    let places = p.places_of(p.kingdom(l, true));
                    for c in Colour::ALL {
                        let count = places
                            .iter()
                            .filter(|&&i| p.leaders[i].is_some_and(|x| x.colour == c))
                            .count();
                        if count < 2 && p.conflicts & (1 << c.index()) != 0 {
                            p.conflicts &= !(1 << c.index());
                            ev.push(Event::ConflictVanished { colour: c });
                        }
                    }
                }
                match p.conflicts.count_ones() {
                    0 => {}
                    1 => {
                        let c = Colour::from_index(p.conflicts.trailing_zeros() as usize)
                            .expect("a colour bit");
                        ev.push(Event::Forced {
                            seat: p.active,
                            action: Action::Conflict(c),
                        });
                        self.start_external(c, ev);
                    }
                    _ => {
                        p.pending = Pending::ConflictOrder;
                        return;
                    }
                }
                continue;
            }
            if let Some(l) = p.joining.take() {
                if let Some((colour, _)) = p.links[l as usize] {
                    p.links[l as usize] = Some((colour, true));
                    p.treasure_slot = Some(l);
                    ev.push(Event::LinkTurned { slot: l });
                }
                continue;
            }
            if p.treasure_slot.is_some() {
                if let Some(slot) = p.treasure_slot {
                    let places = p.places_of(p.kingdom(slot, false));
                    if let Some((owner, _)) = p.leader_in(&places, Colour::Green) {
                        if !self.treasure_options().is_empty() {
                            self.public.pending = Pending::Treasure(owner);
                            return;
                        }
                    }
                }
                self.public.treasure_slot = None;
                continue;
            }
            if p.boat_column.is_some() {
                if self.boat_options().is_empty() {
                    self.public.boat_column = None;
                    continue;
                }
                self.public.pending = Pending::Boat;
                return;
            }
            let p = &mut self.public;
            if p.over {
                if p.pending != Pending::Over {
                    ev.push(Event::GameEnded);
                }
                p.pending = Pending::Over;
                return;
            }
            if p.actions_left == 0 {
                self.end_turn(ev);
                continue;
            }
            p.pending = Pending::Action;
            return;
        }
    }

    fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        // C10: each leader of the active seat in a kingdom with a boat of its colour.
        if p.boat_banking == 0 && !p.ending_turn {
            let mut mask = 0u8;
            for c in Colour::ALL {
                let Some(at) = p.leader(active, c) else {
                    continue;
                };
                let kingdom = p.kingdom(Public::column_of(at), true);
                let boat = kingdom.iter().filter(|n| n.index() < COLUMNS).any(|n| {
                    p.columns[n.index()]
                        .iter()
                        .any(|x| matches!(x, Some(Piece::Boat(b)) if b.shows(c)))
                });
                if boat {
                    mask |= 1 << c.index();
                }
            }
            p.boat_banking = mask | 0x80;
        }
        let remaining = p.boat_banking & 0x0F;
        if remaining != 0 {
            let c = Colour::from_index(remaining.trailing_zeros() as usize).expect("a colour bit");
            p.boat_banking &= !(1 << c.index());
            p.bank_offer = Some((active, c));
            return;
        }
        p.boat_banking = 0;
        ev.push(Event::TurnEnded { seat: active });
        // C11: end of the game, or refills from the active seat clockwise.
        let needed: u16 = (0..p.seats())
            .map(|s| (HAND - p.hand_sizes[s].min(HAND)) as u16)
            .sum();
        // RULINGS C13: once every column holds 8 pieces (boats included) and every link slot
        // is filled, no card can be played and the game could never end; it ends at the end
        // of that turn, without the refill.
        let full = (0..COLUMNS).all(|c| p.column_len(c) == COLUMN_CARDS)
            && p.links.iter().all(Option::is_some);
        if p.treasures_on_display() <= 1 || needed > p.deck_size || full {
            p.over = true;
            return;
        }
        // RULINGS G1: the turn that reaches the limit ends the game, scored as usual.
        if p.turn.saturating_add(1) >= p.config.turn_limit {
            p.over = true;
            p.ended_on_limit = true;
            ev.push(Event::TurnLimitReached {
                turns: p.config.turn_limit,
            });
            return;
        }
        for s in 0..p.seats() {
            p.draws[s] = HAND - p.hand_sizes[s].min(HAND);
        }
        p.ending_turn = true;
    }

    /// Plays an action and appends what happened to `events`; refused actions leave the
    /// game as it was.
    pub fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), CardsError> {
        if !self.is_legal(action) {
            return Err(CardsError::Illegal(action));
        }
        self.play(action, events);
        Ok(())
    }

    /// Resolves the pending chance event and appends what happened to `events`.
    pub fn apply_chance_with_events(
        &mut self,
        outcome: Chance,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), CardsError> {
        let (colour, ok) = match (self.public.pending, outcome) {
            (Pending::Remove, Chance::Remove(c)) => (c, true),
            (Pending::Draw(_), Chance::Draw(c)) => (c, true),
            (_, Chance::Remove(c) | Chance::Draw(c)) => (c, false),
        };
        if !ok || self.deck.take(colour, 1).is_err() {
            return Err(CardsError::Chance(outcome));
        }
        self.public.deck_size -= 1;
        match self.public.pending {
            Pending::Draw(seat) => {
                self.hands[seat.index()][colour] += 1;
                self.public.hand_sizes[seat.index()] += 1;
                self.public.draws[seat.index()] -= 1;
            }
            _ => {
                self.removed[colour] += 1;
                self.public.removals_left -= 1;
            }
        }
        self.settle(ev);
        Ok(())
    }

    /// Final scores: colour counts of each pile with treasures wild, as the core ranks them.
    pub fn keys(&self) -> Vec<[u32; 4]> {
        (0..self.public.seats())
            .map(|s| {
                let mut counts = ColourMap::splat(0u32);
                let mut treasures = 0;
                for card in &self.piles[s] {
                    match card {
                        Card::Civ(c) => counts[*c] += 1,
                        Card::Treasure => treasures += 1,
                    }
                }
                weakest_colour_key(counts, treasures)
            })
            .collect()
    }
}

/// What one seat may know. Read from data only through validation (see
/// [`serialization`](crate::serialization)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serialization::ViewData"))]
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
        if !self.is_legal(action) {
            return Err(CardsError::Illegal(action));
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
        let piles = self.piles[..self.public.seats()]
            .iter()
            .map(|pile| {
                let shown = if open {
                    let mut sorted = pile.clone();
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

    /// The turn limit bounds the game (RULINGS G1). Setup takes at most 62 steps (30
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

    fn resample_hidden<R: RngCore + ?Sized>(&self, observer: Seat, rng: &mut R) -> Self {
        let mut out = self.clone();
        let n = self.public.seats();
        let mut pool = self.deck;
        for (c, k) in self.removed.iter() {
            pool.put(c, *k as u16);
        }
        let others: SmallVec<[usize; 4]> = (0..n).filter(|&s| s != observer.index()).collect();
        for &s in &others {
            for (c, k) in self.hands[s].iter() {
                pool.put(c, *k as u16);
            }
        }
        // Pile cards below the top are hidden (unless piles are open); treasures stay put.
        let open = self.public.config.open_piles;
        if !open {
            for pile in &self.piles[..n] {
                for card in pile.iter().rev().skip(1) {
                    if let Card::Civ(c) = card {
                        pool.put(*c, 1);
                    }
                }
            }
        }
        let mut draw = |pool: &mut Bag<Colour>| {
            let c = pool.sample(rng).expect("the pool holds every hidden card");
            pool.take(c, 1).expect("sampled from the pool");
            c
        };
        for &s in &others {
            let mut hand = ColourMap::splat(0u8);
            for _ in 0..self.public.hand_sizes[s] {
                hand[draw(&mut pool)] += 1;
            }
            out.hands[s] = hand;
        }
        if !open {
            for pile in out.piles[..n].iter_mut() {
                let below = pile.len().saturating_sub(1);
                for card in pile[..below].iter_mut() {
                    if let Card::Civ(c) = card {
                        *c = draw(&mut pool);
                    }
                }
            }
        }
        if n == 2 {
            let mut removed = ColourMap::splat(0u8);
            for _ in 0..self.removed.values().iter().map(|&k| k as u32).sum::<u32>() {
                removed[draw(&mut pool)] += 1;
            }
            out.removed = removed;
        }
        out.deck = pool;
        out
    }
}
