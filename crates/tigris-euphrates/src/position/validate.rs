//! Validation: a position's every violation found, or a playable game.

use mesopotamia_core::{Adjacency, Bag, Colour, ColourMap, Seat};

use crate::action::{MAX_SUPPORT, Monument};
use crate::board::{Board, BoardKind, HEIGHT, SQUARES, Square, Squares, WIDTH};
use crate::event::ConflictKind;
use crate::state::{
    CATASTROPHES_PER_PLAYER, END_TREASURES, HAND_SIZE, Pending, Public, TILES_PER_COLOUR, Tigris,
};

use super::{Cell, Position};

/// The most VP of one colour a position may give a seat: far above what any game reaches
/// (a seat gains at most a few VP of a colour a turn, and a game lasts at most
/// [`MAX_TURN_LIMIT`](crate::MAX_TURN_LIMIT) turns), and far enough below `u32::MAX` that
/// the rest of any game cannot overflow it.
pub const MAX_VP: u32 = 100_000_000;

/// The most a side's strength on the board can be in a conflict: every red tile of the game
/// (the largest colour). With a commitment of at most [`MAX_SUPPORT`], totals stay far
/// below 255.
pub const MAX_BASE: u8 = TILES_PER_COLOUR[0] as u8;

/// A rule the position breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// Player count out of range.
    #[error("{0} players: 2 to 4 seat")]
    Players(u8),
    /// The turn limit is out of range (rule G1).
    #[error("a turn limit of {0}: 1 to {max}", max = crate::MAX_TURN_LIMIT)]
    TurnLimit(u32),
    /// A game still going on at or past its turn limit, or one that ended on the limit
    /// before reaching it.
    #[error("turn {turn} (from 0) and a turn limit of {limit}: the game must end at the end of turn {last}", last = limit - 1)]
    PastTurnLimit {
        /// The position's turn.
        turn: u32,
        /// The configuration's limit.
        limit: u32,
    },
    /// A game said to be over though no end holds (rule T13): more than 2 treasures on
    /// the board, every refill served, and not ended on the turn limit.
    #[error(
        "the game is over, but {treasures} treasures are on the board, the bag served every refill and the turn limit was not reached"
    )]
    OverWithoutEnd {
        /// Treasures on the board.
        treasures: usize,
    },
    /// The bag said to have run out (rule T13) with tiles in it: nothing returns to the
    /// bag once it is empty.
    #[error("the bag is said to have run out, but {0} tiles are in it")]
    BagNotExhausted(u32),
    /// Seat lines do not match the player count.
    #[error("{found} seat lines for {players} players")]
    SeatLines {
        /// Players.
        players: u8,
        /// Seat lines.
        found: usize,
    },
    /// Not 176 cells.
    #[error("{0} cells, expected 176")]
    Cells(usize),
    /// A blue tile off the river, or another tile on it.
    #[error("{colour} tile on {square}: blue tiles go on rivers, others on land")]
    TileTerrain {
        /// Tile colour.
        colour: Colour,
        /// Square.
        square: Square,
    },
    /// A leader on a river.
    #[error("leader on the river at {0}")]
    LeaderOnRiver(Square),
    /// A leader with no adjacent face-up temple.
    #[error("leader at {0} is not next to a face-up temple")]
    LeaderWithoutTemple(Square),
    /// A seat's leader of one colour on two squares.
    #[error("seat {seat} has two {colour} leaders on the board")]
    DuplicateLeader {
        /// Seat.
        seat: Seat,
        /// Colour.
        colour: Colour,
    },
    /// A seat number beyond the players.
    #[error("leader of seat {0} at a table of fewer seats")]
    UnknownSeat(Seat),
    /// Two leaders of one colour in one kingdom while no conflict is being fought.
    #[error("two {colour} leaders in one kingdom ({a} and {b}) at rest")]
    TwoLeadersInKingdom {
        /// Colour.
        colour: Colour,
        /// One leader's square.
        a: Square,
        /// The other's.
        b: Square,
    },
    /// More tiles of a colour than exist.
    #[error("{found} {colour} tiles, but the game has {total}")]
    TooManyTiles {
        /// Colour.
        colour: Colour,
        /// Counted.
        found: u32,
        /// In the box.
        total: u16,
    },
    /// Tiles missing when the bag is given.
    #[error("{found} {colour} tiles accounted for, but the game has {total}")]
    TilesMissing {
        /// Colour.
        colour: Colour,
        /// Counted.
        found: u32,
        /// In the box.
        total: u16,
    },
    /// A treasure not on a temple.
    #[error("treasure at {0} is not on a temple")]
    TreasureOffTemple(Square),
    /// A hand over 6.
    #[error("seat {0} holds more than 6 tiles")]
    HandTooLarge(Seat),
    /// Catastrophes on the board and left do not add up.
    #[error("{on_board} catastrophes on the board, but the seats have used {used}")]
    Catastrophes {
        /// On the board.
        on_board: usize,
        /// Used by the seats.
        used: usize,
    },
    /// A seat with more than 2 catastrophes left.
    #[error("seat {0} has more than 2 catastrophes left")]
    CatastrophesLeft(Seat),
    /// A monument not on four face-down tiles of one of its colours, or built twice.
    #[error(
        "monument {monument} at {square} does not stand on four face-down tiles of its colours"
    )]
    MonumentPlacement {
        /// Monument.
        monument: Monument,
        /// Top-left square.
        square: Square,
    },
    /// A face-down tile with no monument on it.
    #[error("face-down tile at {0} has no monument or ziggurat")]
    LooseFlippedTile(Square),
    /// A piece of a 2009 option that the configuration does not use.
    #[error("the position has a {0}, but that option is off")]
    OptionOff(&'static str),
    /// A building not on a face-up tile of its colour, or two of one colour.
    #[error("the {colour} building at {square} is not alone on a face-up {colour} tile")]
    BuildingPlacement {
        /// Its colour.
        colour: Colour,
        /// Its square.
        square: Square,
    },
    /// A ziggurat not on a cross of five face-down tiles of one colour, or overlapping a
    /// monument.
    #[error("the ziggurat centred on {0} does not stand on five face-down tiles of one colour")]
    ZigguratPlacement(Square),
    /// A pending ziggurat VP that is not due.
    #[error(
        "a ziggurat VP is pending, but the active seat's king is not in its kingdom at the end of a turn"
    )]
    ZigguratVp,
    /// Turn state out of range.
    #[error("active seat {active} or {actions} actions left is out of range")]
    Turn {
        /// Active seat.
        active: Seat,
        /// Actions left.
        actions: u8,
    },
    /// A conflict that does not fit the board.
    #[error("the conflict does not fit the board: {0}")]
    Conflict(&'static str),
    /// Draw lines that do not fit.
    #[error("draws are owed by a seat not at the table")]
    Draws,
    /// Draws owed that would fill a hand beyond 6 tiles.
    #[error("seat {0} is owed draws that would fill its hand beyond 6 tiles")]
    DrawsOverfillHand(Seat),
    /// VP beyond [`MAX_VP`].
    #[error("seat {seat} has {vp} {colour} VP: at most {MAX_VP}")]
    TooManyVp {
        /// Seat.
        seat: Seat,
        /// Colour.
        colour: Colour,
        /// Read.
        vp: u32,
    },
    /// More treasures taken and on the board than a game has (the alternative board
    /// starts with 14; a position may put them on other temples).
    #[error("{taken} treasures taken and {on_board} on the board, but a game has {total}")]
    Treasures {
        /// Taken by the seats.
        taken: u32,
        /// Still on the board.
        on_board: usize,
        /// The most a game has.
        total: usize,
    },
    /// A conflict's bases that are not what its leaders have on the board (T6: the temples
    /// beside each leader in a revolt; T7: each side's tiles of the colour in a war).
    #[error(
        "the conflict's bases are {attacker} and {defender}, but its leaders have {board_attacker} and {board_defender} on the board"
    )]
    ConflictBases {
        /// The attacker's base, as written.
        attacker: u8,
        /// The defender's base, as written.
        defender: u8,
        /// The attacker's base on the board.
        board_attacker: u8,
        /// The defender's base on the board.
        board_defender: u8,
    },
    /// A conflict's support committed by the attacker that is not among the tiles out of the
    /// game: committed tiles leave the hand for the box at once (T6, T7), so the tiles of the
    /// support's colour out of the game are at least as many.
    #[error(
        "the attacker committed {committed} {colour} tiles, but only {removed} {colour} tiles are out of the game"
    )]
    CommittedNotRemoved {
        /// The support's colour (red in a revolt, the war's colour in a war).
        colour: Colour,
        /// The attacker's commitment.
        committed: u8,
        /// The tiles of that colour out of the game.
        removed: u16,
    },
    /// Conflict strengths beyond [`MAX_BASE`] or a commitment beyond [`MAX_SUPPORT`].
    #[error(
        "a conflict with bases {attacker} and {defender} and {committed} committed: bases go up to {MAX_BASE}, commitments up to {MAX_SUPPORT}"
    )]
    ConflictStrength {
        /// The attacker's base.
        attacker: u8,
        /// The defender's base.
        defender: u8,
        /// The attacker's commitment.
        committed: u8,
    },
}

impl Violation {
    /// The violation's stable name: its variant's name in kebab case (`leader-without-temple`), the same
    /// whatever its details; a case's `expect refused NAME` names it.
    pub fn name(&self) -> &'static str {
        match self {
            Violation::Players(..) => "players",
            Violation::TurnLimit(..) => "turn-limit",
            Violation::PastTurnLimit { .. } => "past-turn-limit",
            Violation::OverWithoutEnd { .. } => "over-without-end",
            Violation::BagNotExhausted(..) => "bag-not-exhausted",
            Violation::SeatLines { .. } => "seat-lines",
            Violation::Cells(..) => "cells",
            Violation::TileTerrain { .. } => "tile-terrain",
            Violation::LeaderOnRiver(..) => "leader-on-river",
            Violation::LeaderWithoutTemple(..) => "leader-without-temple",
            Violation::DuplicateLeader { .. } => "duplicate-leader",
            Violation::UnknownSeat(..) => "unknown-seat",
            Violation::TwoLeadersInKingdom { .. } => "two-leaders-in-kingdom",
            Violation::TooManyTiles { .. } => "too-many-tiles",
            Violation::TilesMissing { .. } => "tiles-missing",
            Violation::TreasureOffTemple(..) => "treasure-off-temple",
            Violation::HandTooLarge(..) => "hand-too-large",
            Violation::Catastrophes { .. } => "catastrophes",
            Violation::CatastrophesLeft(..) => "catastrophes-left",
            Violation::MonumentPlacement { .. } => "monument-placement",
            Violation::LooseFlippedTile(..) => "loose-flipped-tile",
            Violation::OptionOff(..) => "option-off",
            Violation::BuildingPlacement { .. } => "building-placement",
            Violation::ZigguratPlacement(..) => "ziggurat-placement",
            Violation::ZigguratVp => "ziggurat-vp",
            Violation::Turn { .. } => "turn",
            Violation::Conflict(..) => "conflict",
            Violation::Draws => "draws",
            Violation::DrawsOverfillHand(..) => "draws-overfill-hand",
            Violation::TooManyVp { .. } => "too-many-vp",
            Violation::Treasures { .. } => "treasures",
            Violation::ConflictBases { .. } => "conflict-bases",
            Violation::ConflictStrength { .. } => "conflict-strength",
            Violation::CommittedNotRemoved { .. } => "committed-not-removed",
        }
    }
}

impl Position {
    /// Validates the position and turns it into a playable game; every violation found
    /// is reported. Forced decisions pending in the position are applied, as in play.
    pub fn into_game(&self) -> Result<Tigris, Vec<Violation>> {
        let mut game = self.validated_unsettled()?;
        if !self.over {
            game.settle_now();
        }
        Ok(game)
    }

    fn validated_unsettled(&self) -> Result<Tigris, Vec<Violation>> {
        let mut v = Vec::new();
        let config = self.config;
        if !(2..=4).contains(&config.players) {
            return Err(vec![Violation::Players(config.players)]);
        }
        let n = config.players as usize;
        if self.seats.len() != n {
            v.push(Violation::SeatLines {
                players: config.players,
                found: self.seats.len(),
            });
        }
        if self.cells.len() != SQUARES {
            v.push(Violation::Cells(self.cells.len()));
            return Err(v);
        }
        let board = Board::get(config.board);
        let mut game = match Tigris::new(config) {
            Ok(g) => g,
            Err(crate::TigrisError::TurnLimit(n)) => return Err(vec![Violation::TurnLimit(n)]),
            Err(_) => return Err(vec![Violation::Players(config.players)]),
        };
        let limit = config.turn_limit;
        let ended_on_limit = self.over && self.over_on_limit;
        if self.turn >= limit || (ended_on_limit && self.turn + 1 != limit) {
            v.push(Violation::PastTurnLimit {
                turn: self.turn,
                limit,
            });
        }
        let mut p: Public = game.public.clone();
        // The pieces are set field by field below; the regions are worked out once they
        // are all in place.
        p.tiles = [Squares::EMPTY; 4];
        p.treasures = Squares::EMPTY;
        p.leaders = [[None; 4]; 4];
        let mut flipped_colours: [Squares; 4] = [Squares::EMPTY; 4];
        let mut on_board = ColourMap::splat(0u32);
        for (i, cell) in self.cells.iter().enumerate() {
            let s = Square::from_index(i).expect("in range");
            let space = s.space();
            let river = board.river().contains(space);
            match *cell {
                Cell::Empty => {}
                Cell::Catastrophe => {
                    p.catastrophes.insert(space);
                }
                Cell::Tile {
                    colour,
                    flipped,
                    treasure,
                } => {
                    if river != (colour == Colour::Blue) {
                        v.push(Violation::TileTerrain { colour, square: s });
                    }
                    on_board[colour] += 1;
                    if flipped {
                        p.flipped.insert(space);
                        flipped_colours[colour.index()].insert(space);
                    } else {
                        p.tiles[colour.index()].insert(space);
                    }
                    if treasure {
                        if colour != Colour::Red {
                            v.push(Violation::TreasureOffTemple(s));
                        }
                        p.treasures.insert(space);
                    }
                }
                Cell::Leader { seat, colour } => {
                    if seat.index() >= n {
                        v.push(Violation::UnknownSeat(seat));
                        continue;
                    }
                    if river {
                        v.push(Violation::LeaderOnRiver(s));
                    }
                    let slot = &mut p.leaders[seat.index()][colour.index()];
                    if slot.is_some() {
                        v.push(Violation::DuplicateLeader { seat, colour });
                    }
                    *slot = Some(s);
                }
            }
        }
        // Leaders need a face-up temple next to them.
        let near_temple = crate::board::dilate(p.tiles[Colour::Red.index()]);
        for seat in &p.leaders[..n] {
            for s in seat.iter().flatten() {
                if !near_temple.contains(s.space()) {
                    v.push(Violation::LeaderWithoutTemple(*s));
                }
            }
        }
        // Monuments.
        let mut covered = Squares::EMPTY;
        p.monuments = [None; 6];
        for &(m, corner) in &self.monuments {
            let squares = crate::state::two_by_two_squares(corner);
            let (a, b) = m.colours();
            let fits = corner.column() + 1 < WIDTH
                && corner.row() + 1 < HEIGHT
                && p.monuments[m.index()].is_none()
                && [a, b].iter().any(|c| {
                    squares
                        .iter()
                        .all(|s| flipped_colours[c.index()].contains(s.space()))
                });
            if !fits {
                v.push(Violation::MonumentPlacement {
                    monument: m,
                    square: corner,
                });
            }
            p.monuments[m.index()] = Some(corner);
            covered.extend(squares.iter().map(|s| s.space()));
        }
        // The ziggurat.
        p.ziggurat = self.ziggurat;
        if let Some(centre) = self.ziggurat {
            if !config.ziggurat {
                v.push(Violation::OptionOff("ziggurat"));
            }
            let mut cross = board.neighbours(centre.space());
            cross.insert(centre.space());
            let fits = cross.len() == 5
                && !cross.intersects(&covered)
                && flipped_colours
                    .iter()
                    .any(|tiles| (cross - *tiles).is_empty());
            if !fits {
                v.push(Violation::ZigguratPlacement(centre));
            }
            covered |= cross;
        }
        p.ziggurat_declined = self.declined_ziggurats.iter().map(|s| s.space()).collect();
        if !self.declined_ziggurats.is_empty() && !config.ziggurat {
            v.push(Violation::OptionOff("declined ziggurat"));
        }
        // Buildings.
        p.buildings = [None; 4];
        for &(colour, square) in &self.buildings {
            if !config.buildings {
                v.push(Violation::OptionOff("civilization building"));
            }
            let slot = &mut p.buildings[colour.index()];
            if slot.is_some() || !p.tiles[colour.index()].contains(square.space()) {
                v.push(Violation::BuildingPlacement { colour, square });
            }
            *slot = Some(square);
        }
        for s in (p.flipped - covered).iter() {
            v.push(Violation::LooseFlippedTile(
                Square::from_space(s).expect("on board"),
            ));
        }
        p.declined = self.declined.iter().map(|s| s.space()).collect();
        p.flipped_colours = flipped_colours;
        // Seats. Counts read are summed wide (issue 24: a hand of 200 + 100 tiles wrapped).
        let mut used_catastrophes = 0;
        let mut treasures_taken = 0u32;
        let total = |counts: ColourMap<u8>| counts.values().iter().map(|&x| u32::from(x)).sum();
        for (i, seat) in self.seats.iter().enumerate().take(n) {
            let who = Seat::new(i).expect("seat");
            let size: u32 = total(seat.hand);
            match u8::try_from(size) {
                Ok(size) if size <= HAND_SIZE => p.hand_sizes[i] = size,
                _ => v.push(Violation::HandTooLarge(who)),
            }
            if seat.catastrophes > CATASTROPHES_PER_PLAYER {
                v.push(Violation::CatastrophesLeft(who));
            }
            for (colour, &vp) in seat.vp.iter() {
                if vp > MAX_VP {
                    v.push(Violation::TooManyVp {
                        seat: who,
                        colour,
                        vp,
                    });
                }
            }
            treasures_taken += u32::from(seat.treasures);
            used_catastrophes += CATASTROPHES_PER_PLAYER.saturating_sub(seat.catastrophes) as usize;
            game.hands[i] = seat.hand;
            game.discarded[i] = seat.discarded;
            p.vp[i] = seat.vp;
            p.treasures_taken[i] = seat.treasures;
            p.catastrophes_left[i] = seat.catastrophes;
            // More than 255 discards hold more than 63 tiles of a colour: the tile count
            // below refuses them.
            if let Ok(discards) = u8::try_from(total(seat.discarded)) {
                p.discard_counts[i] = discards;
            }
        }
        let most = [BoardKind::Classic, BoardKind::Alternative]
            .map(|kind| Board::get(kind).starting_temples().len())
            .into_iter()
            .max()
            .unwrap_or(0);
        if treasures_taken as usize + p.treasures.len() > most {
            v.push(Violation::Treasures {
                taken: treasures_taken,
                on_board: p.treasures.len(),
                total: most,
            });
        }
        // A game over ended somehow (T13): with at most 2 treasures left, on a refill the
        // bag could not serve, or on the turn limit (checked above).
        if self.over && !ended_on_limit && p.treasures.len() > END_TREASURES && !self.bag_exhausted
        {
            v.push(Violation::OverWithoutEnd {
                treasures: p.treasures.len(),
            });
        }
        if p.catastrophes.len() != used_catastrophes {
            v.push(Violation::Catastrophes {
                on_board: p.catastrophes.len(),
                used: used_catastrophes,
            });
        }
        // Tile conservation.
        let mut bag = Bag::new();
        for c in Colour::ALL {
            let total = TILES_PER_COLOUR[c.index()];
            let mut found = on_board[c] + self.removed[c] as u32;
            for seat in self.seats.iter().take(n) {
                found += seat.hand[c] as u32 + seat.discarded[c] as u32;
            }
            let in_bag = match self.bag {
                Some(b) => {
                    found += b[c] as u32;
                    if found < total as u32 {
                        v.push(Violation::TilesMissing {
                            colour: c,
                            found,
                            total,
                        });
                    }
                    b[c]
                }
                None => (total as u32).saturating_sub(found) as u16,
            };
            if found > total as u32 {
                v.push(Violation::TooManyTiles {
                    colour: c,
                    found,
                    total,
                });
            }
            bag.put(c, in_bag);
        }
        if self.bag_exhausted && bag.total() > 0 {
            v.push(Violation::BagNotExhausted(bag.total()));
        }
        p.removed = self.removed;
        // Each colour's count is its box total once the checks above hold: at most 153.
        p.bag_size = bag.total() as u16;
        // Turn.
        if self.active.index() >= n || self.actions_left > 2 {
            v.push(Violation::Turn {
                active: self.active,
                actions: self.actions_left,
            });
        }
        p.active = self.active;
        p.actions_left = self.actions_left;
        p.turn = self.turn;
        p.conflict = self.conflict;
        p.wars = self.wars.iter().fold(0, |m, c| m | (1 << c.index()));
        if self
            .wars
            .iter()
            .enumerate()
            .any(|(i, c)| self.wars[..i].contains(c))
        {
            v.push(Violation::Conflict(
                "a colour listed twice among the wars to fight",
            ));
        }
        p.unification = self.unification;
        p.placed = self.placed;
        p.ziggurat_vp_due = self.ziggurat_vp;
        p.draws = [0; 4];
        if self.draws.len() > n {
            v.push(Violation::Draws);
        }
        for (i, d) in self.draws.iter().enumerate().take(n) {
            p.draws[i] = *d;
            // Found by the `tigris_state` fuzz target: a hand refilled past 6 tiles.
            let held: u32 = self
                .seats
                .get(i)
                .map_or(0, |s| s.hand.values().iter().map(|&x| u32::from(x)).sum());
            if held + u32::from(*d) > u32::from(HAND_SIZE) {
                v.push(Violation::DrawsOverfillHand(Seat::new(i).expect("seat")));
            }
        }
        p.after_draws = self.after_draws;
        p.bag_exhausted = self.bag_exhausted;
        if let Some(c) = &self.conflict {
            let committed = c.attacker_commit.unwrap_or(0);
            if c.attacker_base > MAX_BASE || c.defender_base > MAX_BASE || committed > MAX_SUPPORT {
                v.push(Violation::ConflictStrength {
                    attacker: c.attacker_base,
                    defender: c.defender_base,
                    committed,
                });
            }
            // A commitment out of range is reported above, once.
            let colour = c.support_colour();
            if committed <= MAX_SUPPORT && u16::from(committed) > self.removed[colour] {
                v.push(Violation::CommittedNotRemoved {
                    colour,
                    committed,
                    removed: self.removed[colour],
                });
            }
            let leader = |s: Seat| p.leaders.get(s.index()).and_then(|l| l[c.colour.index()]);
            if c.attacker == c.defender
                || leader(c.attacker).is_none()
                || leader(c.defender).is_none()
            {
                v.push(Violation::Conflict(
                    "both sides need a leader of the conflict's colour on the board",
                ));
            }
            if c.kind == ConflictKind::War && self.unification.is_none() {
                v.push(Violation::Conflict("a war needs its unification tile"));
            }
        }
        p.refresh_regions();
        // A conflict's bases are counted on the board when it starts, and the board does not
        // change until it is resolved. Bases out of range are reported above.
        if let Some(c) = &self.conflict {
            let leaders = p
                .leaders
                .get(c.attacker.index())
                .zip(p.leaders.get(c.defender.index()));
            if let Some((Some(a), Some(d))) =
                leaders.map(|(a, d)| (a[c.colour.index()], d[c.colour.index()]))
            {
                let board = (p.base(c.kind, c.colour, a), p.base(c.kind, c.colour, d));
                if c.attacker_base <= MAX_BASE
                    && c.defender_base <= MAX_BASE
                    && board != (c.attacker_base, c.defender_base)
                {
                    v.push(Violation::ConflictBases {
                        attacker: c.attacker_base,
                        defender: c.defender_base,
                        board_attacker: board.0,
                        board_defender: board.1,
                    });
                }
            }
        }
        // At rest, no kingdom holds two leaders of one colour.
        let at_rest = self.conflict.is_none() && self.wars.is_empty() && self.unification.is_none();
        if at_rest {
            let occupied = p.occupied();
            for c in Colour::ALL {
                let squares: Vec<Square> =
                    p.leaders[..n].iter().filter_map(|l| l[c.index()]).collect();
                for (i, a) in squares.iter().enumerate() {
                    let kingdom = board.grid().component(a.space(), occupied);
                    for b in &squares[i + 1..] {
                        if kingdom.contains(b.space()) {
                            v.push(Violation::TwoLeadersInKingdom {
                                colour: c,
                                a: *a,
                                b: *b,
                            });
                        }
                    }
                }
            }
        }
        if self.ziggurat_vp {
            let due = p.ziggurat.is_some_and(|centre| {
                let kingdom = board.grid().component(centre.space(), p.occupied());
                p.leaders
                    .get(self.active.index())
                    .and_then(|l| l[Colour::Black.index()])
                    .is_some_and(|k| kingdom.contains(k.space()))
            });
            if !due || self.actions_left != 0 || self.over {
                v.push(Violation::ZigguratVp);
            }
        }
        if !v.is_empty() {
            return Err(v);
        }
        p.pending = if self.over {
            Pending::Over
        } else {
            Pending::Action
        };
        p.ended_on_limit = ended_on_limit;
        game.public = p;
        game.bag = bag;
        Ok(game)
    }
}
