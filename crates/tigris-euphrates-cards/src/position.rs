//! The position format: the 8 columns drawn top-down with the link slots, leaders on
//! cards, boats, hands, VP piles and whatever is pending; and its validation.
//!
//! ```text
//! cards players 3 piles closed
//!      1      2      3      4      5      6      7      8
//! 0    T      T@0K   t      T      T      T      T      T
//! 1    r      g      B-k    .      .      .      .      .
//! ...  (rows 1 to 8 below each treasure*)
//! links . g G@1T . . . .
//! seat 0 hand 2 1 3 2 catastrophe yes pile r b T g
//! deck 60 38 37 39
//! discarded 3
//! boats blue-red blue-green
//! turn 3 active 1 actions 1
//! ```
//!
//! Cells: `T` a treasure heading its column, `t` the temple that replaced it, `r b g k` a red,
//! blue, green or black card, `B-r B-g B-k` a boat (blue-red, blue-green, blue-black), `.`
//! nothing; `@` then a seat and `P F T K` puts a priest, farmer, trader or king on the card.
//! Links: a colour letter for a face-up card, in capitals while it lies face down. Counts go
//! red, blue, green, black. Optional lines (`removed`, `conflict`, `conflicts`, `joining`,
//! `treasure-slot`, `boat-column`, `bank`, `spoils`, `boat-banking`, `draws`, `removals`,
//! `over`) carry what is pending; `#` starts a comment. `spoils 1 green 3`: after an external
//! conflict, once seat 1 has banked a card or declined, the green cards of the loser's former
//! kingdom holding column 3 go to seat 1's pile (rule C14).
//!
//! The first line is the configuration ([`Config`]'s `Display` and `FromStr`), which a
//! case's `[start]` section also holds.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::marks::{Mark, MarkedWrite};
use mesopotamia_core::setup::one_line;
use mesopotamia_core::{Bag, Colour, ColourMap, Seat};

use crate::action::{Boat, COLUMN_CARDS, COLUMNS, LINKS, PLACES, Place};
use crate::config::{Config, MAX_TURN_LIMIT};
use crate::state::{
    Card, Cards, CardsError, Conflict, ConflictKind, DECK, HAND, Leader, PILE_CAPACITY, Piece,
    Piles, Public, REMOVED_WITH_TWO,
};

/// The symbols of the display that positions and seat views write (the CLI's table,
/// `mesopotamia play --legend`), each with its meaning, for a front end to show beside it.
/// An entry's symbols are separated by spaces; `N` stands for a seat's number (0 to 3).
/// Columns are numbered 1 to 8 left to right, their rows 0 (the head) to 8 down; the
/// `links` line holds the 7 link slots between neighbouring columns.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "T",
        "a treasure heading its column (row 0); in a pile, a treasure won",
    ),
    ("t", "the temple that replaced a column's treasure"),
    ("r b g k", "a red, blue, green or black card, face up"),
    ("R B G K", "a link card lying face down (links line)"),
    ("B-r B-g B-k", "a boat: blue-red, blue-green, blue-black"),
    (".", "nothing there: no card, or an empty link slot"),
    (
        "@NP @NF @NT @NK",
        "after a card: seat N's priest, farmer, trader or king on it; @0K is seat 0's king",
    ),
];

/// A position: plain data, possibly illegal. Build one with [`Position::from_game`] or by
/// parsing text, and turn it into a game with [`Position::into_game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) public: Public,
    pub(crate) hands: Vec<ColourMap<u8>>,
    pub(crate) piles: Vec<Vec<Card>>,
    /// The deck per colour; `None` lets validation compute what is left.
    pub(crate) deck: Option<ColourMap<u16>>,
    pub(crate) removed: ColourMap<u8>,
}

/// A syntax error, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParsePositionError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

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

/// The letter of each colour's leader in the position text (and pictures): priest, farmer,
/// trader, king.
pub(crate) const LEADER_LETTERS: [char; 4] = ['P', 'F', 'T', 'K'];

fn colour_letter(c: Colour) -> char {
    match c {
        Colour::Red => 'r',
        Colour::Blue => 'b',
        Colour::Green => 'g',
        Colour::Black => 'k',
    }
}

fn letter_colour(ch: char) -> Option<Colour> {
    match ch.to_ascii_lowercase() {
        'r' => Some(Colour::Red),
        'b' => Some(Colour::Blue),
        'g' => Some(Colour::Green),
        'k' => Some(Colour::Black),
        _ => None,
    }
}

fn leader_text(l: Option<Leader>) -> String {
    l.map_or(String::new(), |l| {
        format!("@{}{}", l.seat, LEADER_LETTERS[l.colour.index()])
    })
}

fn parse_leader(s: &str) -> Option<Leader> {
    let mut chars = s.chars();
    let seat = Seat::new(chars.next()?.to_digit(10)? as usize)?;
    let letter = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let colour = Colour::from_index(LEADER_LETTERS.iter().position(|&x| x == letter)?)?;
    Some(Leader { seat, colour })
}

/// A cell's text split into its card and its leader.
fn split_leader(s: &str) -> Result<(&str, Option<Leader>), ()> {
    match s.split_once('@') {
        Some((card, leader)) => Ok((card, Some(parse_leader(leader).ok_or(())?))),
        None => Ok((s, None)),
    }
}

fn counts<T: fmt::Display>(v: &[T; 4]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn colours(mask: u8) -> String {
    Colour::ALL
        .iter()
        .filter(|c| mask & (1 << c.index()) != 0)
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The shared shape of the position formats: the inherent methods, through the core's trait.
impl mesopotamia_core::Setup for Position {
    type Game = Cards;
    type Violation = Violation;
    const DIAGRAM: Option<one_line::Diagram> = Some(DIAGRAM);

    fn from_game(game: &Cards) -> Position {
        Position::from_game(game)
    }

    fn into_game(self) -> Result<Cards, Vec<Violation>> {
        Position::into_game(&self)
    }
}

impl Position {
    /// The position of a game (hidden information included).
    pub fn from_game(game: &Cards) -> Position {
        let n = game.public.config.players as usize;
        Position {
            public: game.public.clone(),
            hands: game.hands[..n].to_vec(),
            piles: (0..n).map(|s| game.piles.get(s).to_vec()).collect(),
            deck: Some(ColourMap::from_fn(|c| game.deck.count(c) as u16)),
            removed: game.removed,
        }
    }

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

/// The configuration line, the display's columns and the link slots (shared by positions
/// and seat views).
pub(crate) fn write_display(out: &mut dyn MarkedWrite, p: &Public) -> fmt::Result {
    writeln!(out, "{}", p.config)?;
    let mut header = String::from("   ");
    for c in 1..=COLUMNS {
        header.push_str(&format!("  {c:<5}"));
    }
    writeln!(out, "{}", header.trim_end())?;
    for r in 0..=COLUMN_CARDS {
        write!(out, "{r:<3}")?;
        for c in 0..COLUMNS {
            out.write_str("  ")?;
            let card = if r == 0 {
                let head = if p.treasure_heads[c] { "T" } else { "t" };
                out.write_str(head)?;
                head.len()
            } else {
                match p.columns[c][r - 1] {
                    Some(Piece::Card(colour)) => {
                        let letter = colour_letter(colour).to_string();
                        out.marked(Mark::Colour(colour), &letter)?;
                        letter.len()
                    }
                    Some(Piece::Boat(b)) => {
                        let boat = format!("B-{}", colour_letter(b.other()));
                        out.write_str(&boat)?;
                        boat.len()
                    }
                    None => {
                        out.write_str(".")?;
                        1
                    }
                }
            };
            let leader = write_leader(out, p.leaders[Place::Column(c as u8, r as u8).index()])?;
            // Cells are five wide; the row's last one is not padded (lines end trimmed).
            if c + 1 < COLUMNS {
                write!(out, "{:1$}", "", 5usize.saturating_sub(card + leader))?;
            }
        }
        writeln!(out)?;
    }
    out.write_str("links")?;
    for l in 0..LINKS {
        out.write_str(" ")?;
        match p.links[l] {
            Some((c, up)) => {
                let ch = colour_letter(c);
                if up {
                    out.marked(Mark::Colour(c), &ch.to_string())?;
                } else {
                    out.marked(Mark::FaceDown(c), &ch.to_ascii_uppercase().to_string())?;
                }
                write_leader(out, p.leaders[Place::Link(l as u8).index()])?;
            }
            None => out.write_str(".")?,
        }
    }
    writeln!(out)
}

/// A leader after its card (`@0K`), marked; returns how many bytes it wrote.
fn write_leader(out: &mut dyn MarkedWrite, leader: Option<Leader>) -> Result<usize, fmt::Error> {
    let text = leader_text(leader);
    if let Some(l) = leader {
        out.marked(
            Mark::Leader {
                seat: l.seat,
                colour: l.colour,
            },
            &text,
        )?;
    }
    Ok(text.len())
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.public;
        write_display(f, p)?;
        for (s, (hand, pile)) in self.hands.iter().zip(&self.piles).enumerate() {
            let pile: Vec<String> = pile
                .iter()
                .map(|c| match c {
                    Card::Civ(c) => colour_letter(*c).to_string(),
                    Card::Treasure => "T".to_string(),
                })
                .collect();
            let cat = if p.catastrophe_left.get(s).copied().unwrap_or(false) {
                "yes"
            } else {
                "no"
            };
            let pile = if pile.is_empty() {
                String::new()
            } else {
                format!(" {}", pile.join(" "))
            };
            writeln!(
                f,
                "seat {s} hand {} catastrophe {cat} pile{pile}",
                counts(hand.values())
            )?;
        }
        if let Some(d) = &self.deck {
            writeln!(f, "deck {}", counts(d.values()))?;
        }
        if self.removed.values().iter().any(|&x| x > 0) {
            writeln!(f, "removed {}", counts(self.removed.values()))?;
        }
        writeln!(f, "discarded {}", p.discarded)?;
        let boats: Vec<String> = Boat::ALL
            .iter()
            .filter(|b| p.boats_left[**b as usize])
            .map(|b| b.to_string())
            .collect();
        writeln!(f, "boats {}", boats.join(" ").trim_end())?;
        writeln!(
            f,
            "turn {} active {} actions {}",
            p.turn, p.active, p.actions_left
        )?;
        if let Some(c) = &p.conflict {
            let kind = match c.kind {
                ConflictKind::Internal => "internal",
                ConflictKind::External => "external",
            };
            write!(
                f,
                "conflict {kind} {} attacker {} defender {} bases {} {}",
                c.colour, c.attacker, c.defender, c.attacker_base, c.defender_base
            )?;
            if let Some(n) = c.attacker_commit {
                write!(f, " committed {n}")?;
            }
            writeln!(f)?;
        }
        if p.conflicts != 0 {
            writeln!(f, "conflicts {}", colours(p.conflicts))?;
        }
        if let Some(l) = p.joining {
            writeln!(f, "joining {}", Place::Link(l))?;
        }
        if let Some(l) = p.treasure_slot {
            writeln!(f, "treasure-slot {}", Place::Link(l))?;
        }
        if let Some(c) = p.boat_column {
            writeln!(f, "boat-column {}", c + 1)?;
        }
        if let Some((s, c)) = p.bank_offer {
            writeln!(f, "bank {s} {c}")?;
        }
        if let Some((s, c, column)) = p.spoils {
            writeln!(f, "spoils {s} {c} {}", column + 1)?;
        }
        if p.boat_banking != 0 {
            // Banking may be under way with no colour left to bank: the word alone then.
            let left = colours(p.boat_banking & 0x0F);
            if left.is_empty() {
                writeln!(f, "boat-banking")?;
            } else {
                writeln!(f, "boat-banking {left}")?;
            }
        }
        let n = (p.config.players as usize).min(4);
        if p.draws[..n].iter().any(|&d| d > 0) || p.ending_turn {
            let after = if p.ending_turn {
                "end-of-turn"
            } else {
                "setup"
            };
            writeln!(
                f,
                "draws {} {after}",
                p.draws[..n]
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
        }
        if p.removals_left > 0 {
            writeln!(f, "removals {}", p.removals_left)?;
        }
        if p.over {
            let on_limit = if p.ended_on_limit { " turn-limit" } else { "" };
            writeln!(f, "over{on_limit}")?;
        }
        Ok(())
    }
}

/// The columns' layout, for the one-line form: row 0 holds the heads (`T`, `t`), the rows
/// below the pieces (`.`, a card letter, `B-k`); any cell may end with a leader (`@0K`).
const DIAGRAM: one_line::Diagram = one_line::Diagram {
    header: "     1      2      3      4      5      6      7      8",
    labels: &["0", "1", "2", "3", "4", "5", "6", "7", "8"],
    cell_len: |rest| {
        let card = match rest.as_bytes() {
            [b'B', b'-', _, ..] => 3,
            [c, ..] if b"Ttrbgk.".contains(c) => 1,
            _ => return None,
        };
        match rest.as_bytes().get(card) {
            Some(b'@') => Some(card + 3),
            _ => Some(card),
        }
    },
};

impl Position {
    /// The position on one line (the one-line form of `docs/formats.md`), as FEN is for
    /// chess; `str::parse` reads it back, as it reads the full text.
    pub fn to_one_line(&self) -> String {
        mesopotamia_core::Setup::to_one_line(self)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the full text (as `Display` writes it) or the one-line form.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        one_line::parse_either(
            text,
            Some(&DIAGRAM),
            parse_full,
            |e| (e.line, e.message),
            |e| ParsePositionError {
                line: 1,
                message: e.to_string(),
            },
        )
    }
}

/// Reads the full text.
fn parse_full(text: &str) -> Result<Position, ParsePositionError> {
    let err = |line: usize, message: String| ParsePositionError { line, message };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let (line, header) = lines
        .next()
        .ok_or_else(|| err(1, "empty position".into()))?;
    let config: Config = header
        .parse()
        .map_err(|e: crate::config::ParseConfigError| err(line, e.0))?;
    // Out-of-range numbers are read here and reported by `into_game`.
    let mut game = Cards::new(Config {
        players: config.players.clamp(2, 4),
        turn_limit: config.turn_limit.clamp(1, MAX_TURN_LIMIT),
        ..config
    })
    .map_err(|e| err(line, e.to_string()))?;
    game.public.config = config;
    let p = &mut game.public;
    p.pending = crate::state::Pending::Action;
    p.draws = [0; 4];
    p.removals_left = 0;
    p.leaders = [None; PLACES];
    let (line, columns) = lines
        .next()
        .ok_or_else(|| err(line + 1, "missing the column numbers".into()))?;
    if columns.split_whitespace().collect::<String>() != "12345678" {
        return Err(err(line, "expected the column numbers 1 to 8".into()));
    }
    // The line after the last one read, for a text that stops short.
    let mut next_line = line + 1;
    for r in 0..=COLUMN_CARDS {
        let (line, text) = lines
            .next()
            .ok_or_else(|| err(next_line, format!("missing row {r}")))?;
        next_line = line + 1;
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first() != Some(&r.to_string().as_str()) || words.len() != COLUMNS + 1 {
            return Err(err(line, format!("expected row {r} and 8 cells")));
        }
        for (c, cell) in words[1..].iter().enumerate() {
            let bad = || err(line, format!("unknown cell `{cell}` in column {}", c + 1));
            let (card, leader) = split_leader(cell).map_err(|_| bad())?;
            p.leaders[Place::Column(c as u8, r as u8).index()] = leader;
            if r == 0 {
                p.treasure_heads[c] = match card {
                    "T" => true,
                    "t" => false,
                    _ => return Err(bad()),
                };
                continue;
            }
            p.columns[c][r - 1] = match card {
                "." => None,
                "B-r" => Some(Piece::Boat(Boat::BlueRed)),
                "B-g" => Some(Piece::Boat(Boat::BlueGreen)),
                "B-k" => Some(Piece::Boat(Boat::BlueBlack)),
                s if s.len() == 1 && s.chars().all(|ch| ch.is_ascii_lowercase()) => Some(
                    Piece::Card(s.chars().next().and_then(letter_colour).ok_or_else(bad)?),
                ),
                _ => return Err(bad()),
            };
        }
    }
    let mut hands = Vec::new();
    let mut piles = Vec::new();
    let mut deck = None;
    let mut removed = ColourMap::splat(0u8);
    p.boats_left = [false; 3];
    for (line, text) in lines {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |what: &str| err(line, format!("{what}: `{text}`"));
        let num = |w: &str| {
            w.parse::<u16>()
                .map_err(|_| err(line, format!("bad number `{w}`")))
        };
        let colour = |w: &str| w.parse::<Colour>().map_err(|e| err(line, e.to_string()));
        let seat = |w: &str| {
            w.parse::<usize>()
                .ok()
                .and_then(Seat::new)
                .ok_or_else(|| err(line, format!("bad seat `{w}`")))
        };
        let four = |ws: &[&str]| -> Result<[u16; 4], ParsePositionError> {
            match ws {
                [a, b, c, d] => Ok([num(a)?, num(b)?, num(c)?, num(d)?]),
                _ => Err(err(
                    line,
                    "expected four counts (red blue green black)".into(),
                )),
            }
        };
        let small = |x: u16| u8::try_from(x).map_err(|_| err(line, format!("count {x} too large")));
        match words.as_slice() {
            ["links", cells @ ..] => {
                if cells.len() != LINKS {
                    return Err(bad("expected 7 link slots"));
                }
                for (l, cell) in cells.iter().enumerate() {
                    let (card, leader) = split_leader(cell).map_err(|_| bad("bad link cell"))?;
                    p.leaders[Place::Link(l as u8).index()] = leader;
                    p.links[l] = match card {
                        "." => None,
                        s if s.len() == 1 => {
                            let ch = s.chars().next().unwrap_or('.');
                            Some((
                                letter_colour(ch).ok_or_else(|| bad("bad link card"))?,
                                ch.is_ascii_lowercase(),
                            ))
                        }
                        _ => return Err(bad("bad link card")),
                    };
                }
            }
            [
                "seat",
                s,
                "hand",
                a,
                b,
                c,
                d,
                "catastrophe",
                cat,
                "pile",
                rest @ ..,
            ] => {
                let s = seat(s)?;
                if s.index() != hands.len() || s.index() >= 4 {
                    return Err(bad("seats go in order, 0 to 3"));
                }
                let h = [num(a)?, num(b)?, num(c)?, num(d)?];
                hands.push(ColourMap::from_array([
                    small(h[0])?,
                    small(h[1])?,
                    small(h[2])?,
                    small(h[3])?,
                ]));
                p.catastrophe_left[s.index()] = match *cat {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad("catastrophe yes or no")),
                };
                let mut pile = Vec::new();
                for w in rest {
                    pile.push(match *w {
                        "T" => Card::Treasure,
                        w if w.len() == 1 => Card::Civ(
                            w.chars()
                                .next()
                                .and_then(letter_colour)
                                .ok_or_else(|| bad("bad pile card"))?,
                        ),
                        _ => return Err(bad("bad pile card")),
                    });
                }
                piles.push(pile);
            }
            ["deck", rest @ ..] => deck = Some(ColourMap::from_array(four(rest)?)),
            ["removed", rest @ ..] => {
                let r = four(rest)?;
                removed =
                    ColourMap::from_array([small(r[0])?, small(r[1])?, small(r[2])?, small(r[3])?]);
            }
            ["discarded", d] => p.discarded = num(d)?,
            ["boats", names @ ..] => {
                for name in names {
                    let b: Boat = name
                        .parse()
                        .map_err(|e: crate::action::ParseActionError| err(line, e.to_string()))?;
                    p.boats_left[b as usize] = true;
                }
            }
            ["turn", t, "active", a, "actions", n] => {
                p.turn = t.parse().map_err(|_| bad("bad turn"))?;
                p.active = seat(a)?;
                p.actions_left = small(num(n)?)?;
            }
            [
                "conflict",
                kind,
                c,
                "attacker",
                a,
                "defender",
                d,
                "bases",
                x,
                y,
                rest @ ..,
            ] => {
                let kind = match *kind {
                    "internal" => ConflictKind::Internal,
                    "external" => ConflictKind::External,
                    _ => return Err(bad("a conflict is internal or external")),
                };
                let attacker_commit = match rest {
                    [] => None,
                    ["committed", n] => Some(small(num(n)?)?),
                    _ => return Err(bad("expected `committed N` or nothing after the bases")),
                };
                p.conflict = Some(Conflict {
                    kind,
                    colour: colour(c)?,
                    attacker: seat(a)?,
                    defender: seat(d)?,
                    attacker_base: small(num(x)?)?,
                    defender_base: small(num(y)?)?,
                    attacker_commit,
                });
            }
            ["conflicts", cs @ ..] => {
                p.conflicts = cs
                    .iter()
                    .map(|c| colour(c))
                    .try_fold(0u8, |m, c| c.map(|c| m | (1 << c.index())))?;
            }
            ["joining", l] => match l.parse::<Place>() {
                Ok(Place::Link(l)) => p.joining = Some(l),
                _ => return Err(bad("expected a link slot such as 3-4")),
            },
            ["treasure-slot", l] => match l.parse::<Place>() {
                Ok(Place::Link(l)) => p.treasure_slot = Some(l),
                _ => return Err(bad("expected a link slot such as 3-4")),
            },
            ["boat-column", c] => match c.parse::<u8>() {
                Ok(c) if (1..=COLUMNS as u8).contains(&c) => p.boat_column = Some(c - 1),
                _ => return Err(bad("expected a column 1 to 8")),
            },
            ["bank", s, c] => p.bank_offer = Some((seat(s)?, colour(c)?)),
            ["spoils", s, c, column] => match column.parse::<u8>() {
                Ok(k) if (1..=COLUMNS as u8).contains(&k) => {
                    p.spoils = Some((seat(s)?, colour(c)?, k - 1));
                }
                _ => return Err(bad("expected `spoils SEAT COLOUR COLUMN`")),
            },
            ["boat-banking", cs @ ..] => {
                p.boat_banking = 0x80
                    | cs.iter()
                        .map(|c| colour(c))
                        .try_fold(0u8, |m, c| c.map(|c| m | (1 << c.index())))?;
            }
            ["draws", rest @ .., after] => {
                p.ending_turn = match *after {
                    "end-of-turn" => true,
                    "setup" => false,
                    _ => return Err(bad("draws end with `end-of-turn` or `setup`")),
                };
                for (s, w) in rest.iter().enumerate().take(4) {
                    p.draws[s] = small(num(w)?)?;
                }
            }
            ["removals", n] => p.removals_left = small(num(n)?)?,
            ["over"] => p.over = true,
            ["over", "turn-limit"] => {
                p.over = true;
                p.ended_on_limit = true;
            }
            _ => return Err(bad("unknown line")),
        }
    }
    game.public.rebuild();
    Ok(Position {
        public: game.public,
        hands,
        piles,
        deck,
        removed,
    })
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from_game(self).fmt(f)
    }
}
