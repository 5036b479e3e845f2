//! Position validation: every violation of a position, found before it becomes a game.

use mesopotamia_core::{Bag, Colour, ColourMap, Seat};

use crate::action::{Boat, COLUMN_CARDS, COLUMNS, LINKS, Place};
use crate::config::MAX_TURN_LIMIT;
use crate::state::{
    Card, Cards, CardsError, ConflictKind, DECK, HAND, PILE_CAPACITY, Piece, Piles,
    REMOVED_WITH_TWO,
};

use super::Position;

/// A rule the position breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// Not 2 to 4 players, or seat lines that do not match.
    #[error("{players} players with {lines} seat lines (2 to 4 players, one line each)")]
    Seats {
        /// Players.
        players: u8,
        /// Seat lines.
        lines: usize,
    },
    /// A gap in a column.
    #[error("column {0} has a gap")]
    Gap(usize),
    /// A leader on a boat, on nothing, or of a seat not at the table.
    #[error("a leader stands on {0}, where no leader can stand")]
    LeaderPlace(Place),
    /// A seat's leader of one colour twice on the display.
    #[error("seat {seat} has two {colour} leaders on the display")]
    DuplicateLeader {
        /// Seat.
        seat: Seat,
        /// Colour.
        colour: Colour,
    },
    /// More or fewer cards than the game has.
    #[error("{found} {what}, but the game has {expected}")]
    Count {
        /// What was counted.
        what: &'static str,
        /// Counted.
        found: u32,
        /// In the game.
        expected: u32,
    },
    /// A hand over 8 cards.
    #[error("seat {0} holds more than 8 cards")]
    Hand(Seat),
    /// A boat on the display and also available, or twice on the display.
    #[error("boat {0} is both built and available, or built twice")]
    Boat(Boat),
    /// Turn state out of range.
    #[error("the active seat or actions left are out of range")]
    Turn,
    /// A seat named by what is pending (a conflict, a bank offer, spoils) is not at the table.
    #[error("seat {0}, named by what is pending, is not at the table")]
    PendingSeat(Seat),
    /// Two leaders of a colour in one kingdom while no conflict is being fought.
    #[error("two leaders of a colour share a kingdom at rest")]
    TwoLeaders,
    /// A turn limit out of range (rule G1).
    #[error("a turn limit of {0}: it must be 1 to {MAX_TURN_LIMIT}")]
    TurnLimit(u32),
    /// A turn at or past the configuration's limit, or a game over on the limit before it.
    #[error(
        "turn {turn} with a turn limit of {limit} (turns count from 0; over on the limit only in turn {limit} - 1)"
    )]
    PastTurnLimit {
        /// The turn of the position.
        turn: u32,
        /// The configuration's limit.
        limit: u32,
    },
    /// Cards to draw or remove that the deck cannot give, or draws that overfill a hand.
    #[error("{0}")]
    Draws(String),
    /// Conflict strengths or a commitment beyond what the display and a hand can hold.
    #[error(
        "a conflict with bases {attacker} and {defender} and {committed} committed: bases go up to {MAX_BASE}, commitments up to 8"
    )]
    ConflictStrength {
        /// The attacker's base.
        attacker: u8,
        /// The defender's base.
        defender: u8,
        /// The attacker's commitment.
        committed: u8,
    },
    /// A conflict of a seat against itself.
    #[error("seat {0} in a conflict against itself")]
    SelfConflict(Seat),
    /// Pending lines that play never leaves: external conflicts, a pending external conflict
    /// or spoils without the link card that joined the kingdoms; a conflict whose sides do not
    /// both have a leader of its colour on the display.
    #[error("what is pending does not fit together: {0}")]
    Pending(&'static str),
}

impl Violation {
    /// The violation's stable name: its variant's name in kebab case (`two-leaders`), the same
    /// whatever its details; a case's `expect refused NAME` names it.
    pub fn name(&self) -> &'static str {
        match self {
            Violation::Seats { .. } => "seats",
            Violation::Gap(..) => "gap",
            Violation::LeaderPlace(..) => "leader-place",
            Violation::DuplicateLeader { .. } => "duplicate-leader",
            Violation::Count { .. } => "count",
            Violation::Hand(..) => "hand",
            Violation::Boat(..) => "boat",
            Violation::Turn => "turn",
            Violation::PendingSeat(..) => "pending-seat",
            Violation::TwoLeaders => "two-leaders",
            Violation::TurnLimit(..) => "turn-limit",
            Violation::PastTurnLimit { .. } => "past-turn-limit",
            Violation::Draws(..) => "draws",
            Violation::ConflictStrength { .. } => "conflict-strength",
            Violation::SelfConflict(..) => "self-conflict",
            Violation::Pending(..) => "pending",
        }
    }
}

/// The most cards of one colour a kingdom can hold: 8 columns of 9 places and 7 links.
pub const MAX_BASE: u8 = (COLUMNS * (COLUMN_CARDS + 1) + LINKS) as u8;

impl Position {
    /// Validates the position into a game, reporting every violation found.
    pub fn into_game(&self) -> Result<Cards, Vec<Violation>> {
        let mut v = Vec::new();
        let p = &self.public;
        let n = p.config.players as usize;
        if !(2..=4).contains(&p.config.players) || self.hands.len() != n || self.piles.len() != n {
            return Err(vec![Violation::Seats {
                players: p.config.players,
                lines: self.hands.len(),
            }]);
        }
        for c in 0..COLUMNS {
            let len = p.columns[c].iter().take_while(|x| x.is_some()).count();
            if p.columns[c][len..].iter().any(Option::is_some) {
                v.push(Violation::Gap(c + 1));
            }
        }
        let mut seen = [[false; 4]; 4];
        for (i, leader) in p.leaders.iter().enumerate() {
            let Some(l) = leader else { continue };
            let at = Place::from_index(i).expect("a place");
            let on_card = match at {
                Place::Column(_, 0) => true,
                Place::Column(c, r) => {
                    matches!(p.columns[c as usize][r as usize - 1], Some(Piece::Card(_)))
                }
                Place::Link(k) => p.links[k as usize].is_some(),
            };
            if !on_card || l.seat.index() >= n {
                v.push(Violation::LeaderPlace(at));
                continue;
            }
            if std::mem::replace(&mut seen[l.seat.index()][l.colour.index()], true) {
                v.push(Violation::DuplicateLeader {
                    seat: l.seat,
                    colour: l.colour,
                });
            }
        }
        let mut boats = [0u8; 3];
        for piece in p.columns.iter().flatten().flatten() {
            if let Piece::Boat(b) = piece {
                boats[*b as usize] += 1;
            }
        }
        for b in Boat::ALL {
            let i = b as usize;
            if boats[i] > 1 || (boats[i] == 1 && p.boats_left[i]) {
                v.push(Violation::Boat(b));
            }
        }
        for (s, hand) in self.hands.iter().enumerate() {
            if hand.values().iter().map(|&x| x as u32).sum::<u32>() > 8 {
                v.push(Violation::Hand(Seat::new(s).expect("seat")));
            }
        }
        // Conservation: 185 civilization cards by colour, 8 treasures.
        let mut found = ColourMap::splat(0u32);
        for piece in p.columns.iter().flatten().flatten() {
            if let Piece::Card(c) = piece {
                found[*c] += 1;
            }
        }
        for (c, _) in p.links.iter().flatten() {
            found[*c] += 1;
        }
        found[Colour::Red] += p.treasure_heads.iter().filter(|&&t| !t).count() as u32;
        let mut treasures = p.treasure_heads.iter().filter(|&&t| t).count() as u32;
        for (hand, pile) in self.hands.iter().zip(&self.piles) {
            for c in Colour::ALL {
                found[c] += hand[c] as u32;
            }
            for card in pile {
                match card {
                    Card::Civ(c) => found[*c] += 1,
                    Card::Treasure => treasures += 1,
                }
            }
        }
        for c in Colour::ALL {
            found[c] += self.removed[c] as u32;
        }
        if let Some(conflict) = &p.conflict {
            found[match conflict.kind {
                ConflictKind::Internal => Colour::Red,
                ConflictKind::External => conflict.colour,
            }] += conflict.attacker_commit.unwrap_or(0) as u32;
        }
        let total_found: u32 = found.values().iter().sum::<u32>() + p.discarded as u32;
        let mut deck = Bag::new();
        match self.deck {
            Some(d) => {
                let total = total_found + d.values().iter().map(|&x| x as u32).sum::<u32>();
                if total != 185 {
                    v.push(Violation::Count {
                        what: "civilization cards",
                        found: total,
                        expected: 185,
                    });
                }
                for c in Colour::ALL {
                    deck.put(c, d[c]);
                    if found[c] + d[c] as u32 > DECK[c.index()] as u32 {
                        v.push(Violation::Count {
                            what: match c {
                                Colour::Red => "red cards",
                                Colour::Blue => "blue cards",
                                Colour::Green => "green cards",
                                Colour::Black => "black cards",
                            },
                            found: found[c] + d[c] as u32,
                            expected: DECK[c.index()] as u32,
                        });
                    }
                }
            }
            None => {
                // Discards are not known by colour: the deck is what each colour lacks, which is
                // exact only when nothing has been discarded (give a `deck` line otherwise).
                for c in Colour::ALL {
                    let lack = (DECK[c.index()] as u32).saturating_sub(found[c]);
                    deck.put(c, lack as u16);
                }
                let total = total_found + deck.total();
                if total != 185 || found.values().iter().zip(DECK).any(|(&f, d)| f > d as u32) {
                    v.push(Violation::Count {
                        what: "civilization cards",
                        found: total,
                        expected: 185,
                    });
                }
            }
        }
        if treasures != 8 {
            v.push(Violation::Count {
                what: "treasures",
                found: treasures,
                expected: 8,
            });
        }
        if p.active.index() >= n || p.actions_left > 2 {
            v.push(Violation::Turn);
        }
        if let Err(CardsError::TurnLimit(limit)) = p.config.check() {
            v.push(Violation::TurnLimit(limit));
        } else {
            let limit = p.config.turn_limit;
            let on_limit = p.ended_on_limit;
            if p.turn >= limit || (on_limit && (!p.over || p.turn.saturating_add(1) != limit)) {
                v.push(Violation::PastTurnLimit {
                    turn: p.turn,
                    limit,
                });
            }
        }
        // Draws and removals the deck must be able to give (a chance node always has an
        // outcome), into hands of at most 8.
        for s in 0..4 {
            let size: u32 = self
                .hands
                .get(s)
                .map_or(0, |h| h.values().iter().map(|&x| x as u32).sum());
            if (s >= n && p.draws[s] > 0) || size + p.draws[s] as u32 > HAND as u32 {
                v.push(Violation::Draws(format!(
                    "seat {s} holds {size} cards and is to draw {}: a hand holds at most 8",
                    p.draws[s]
                )));
            }
        }
        let removed_total: u32 = self.removed.values().iter().map(|&x| x as u32).sum();
        let removing = p.removals_left as u32 + removed_total;
        if (n == 2 && removing > REMOVED_WITH_TWO as u32) || (n != 2 && removing > 0) {
            v.push(Violation::Draws(format!(
                "{removing} cards removed or to remove: only 2 players remove {REMOVED_WITH_TWO}"
            )));
        }
        let to_give = p.draws.iter().map(|&d| d as u32).sum::<u32>() + p.removals_left as u32;
        if to_give > deck.total() {
            v.push(Violation::Draws(format!(
                "{to_give} cards to draw or remove, but the deck holds {}",
                deck.total()
            )));
        }
        if let Some(c) = &p.conflict {
            let committed = c.attacker_commit.unwrap_or(0);
            if c.attacker_base > MAX_BASE || c.defender_base > MAX_BASE || committed > HAND {
                v.push(Violation::ConflictStrength {
                    attacker: c.attacker_base,
                    defender: c.defender_base,
                    committed,
                });
            }
            if c.attacker == c.defender {
                v.push(Violation::SelfConflict(c.attacker));
            }
            // Found by the `cards_state` fuzz target: a conflict of a seat without a leader of
            // its colour was resolved as if the seat had lost one.
            let has_leader = |s: Seat| {
                p.leaders
                    .iter()
                    .flatten()
                    .any(|l| l.seat == s && l.colour == c.colour)
            };
            if c.attacker.index() < n
                && c.defender.index() < n
                && !(has_leader(c.attacker) && has_leader(c.defender))
            {
                v.push(Violation::Pending(
                    "both sides of a conflict need a leader of its colour on the display",
                ));
            }
        }
        // External conflicts, the one being fought and its spoils all belong to the link card
        // that joined two kingdoms: it lies face down in its slot until they are over (C9).
        if let Some(l) = p.joining {
            if !matches!(p.links.get(l as usize), Some(Some((_, false)))) {
                v.push(Violation::Pending(
                    "`joining` names a link slot without a face-down card",
                ));
            }
        } else if p.conflicts != 0
            || p.spoils.is_some()
            || p.conflict.is_some_and(|c| c.kind == ConflictKind::External)
        {
            v.push(Violation::Pending(
                "external conflicts and their spoils need the link slot that joined the kingdoms (`joining`)",
            ));
        }
        let pending_seats = p
            .conflict
            .iter()
            .flat_map(|c| [c.attacker, c.defender])
            .chain(p.bank_offer.map(|(s, _)| s))
            .chain(p.spoils.map(|(s, _, _)| s));
        for s in pending_seats {
            if s.index() >= n {
                v.push(Violation::PendingSeat(s));
            }
        }
        if !v.is_empty() {
            return Err(v);
        }
        let mut game = Cards::new(p.config).map_err(|_| {
            vec![Violation::Seats {
                players: p.config.players,
                lines: n,
            }]
        })?;
        game.public = p.clone();
        game.public.hand_sizes = [0; 4];
        for (s, hand) in self.hands.iter().enumerate() {
            game.hands[s] = *hand;
            game.public.hand_sizes[s] = hand.values().iter().sum();
        }
        game.piles = Piles::from_piles(self.piles.iter().map(Vec::as_slice)).ok_or_else(|| {
            vec![Violation::Count {
                what: "cards on the piles",
                found: self.piles.iter().map(|p| p.len() as u32).sum(),
                expected: PILE_CAPACITY as u32,
            }]
        })?;
        game.public.rebuild();
        game.public.deck_size = deck.total() as u16;
        game.deck = deck;
        game.removed = self.removed;
        if p.at_rest() && !game.public.no_kingdom_with_two_leaders_of_a_colour() {
            return Err(vec![Violation::TwoLeaders]);
        }
        game.settle_now();
        // What was pending is played as in a game: once it is over, no kingdom may hold two
        // leaders of a colour (a link joining two kingdoms without their conflicts listed
        // would leave them).
        if game.public.at_rest() && !game.public.no_kingdom_with_two_leaders_of_a_colour() {
            return Err(vec![Violation::TwoLeaders]);
        }
        Ok(game)
    }
}
