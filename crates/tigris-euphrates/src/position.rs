//! The position format: a readable 16x11 diagram plus everything else a rule example
//! needs to start from, and its validation into a playable [`Tigris`].
//!
//! A [`Position`] is plain data and may be illegal (like shakmaty's `Setup`);
//! [`Position::into_game`] validates it and reports every violation at once.
//!
//! ```text
//! tigris players 2 board classic variant standard buildings ziggurat
//!     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
//!  1  .  .  .  .  ~  ~  ~  ~  ~  .  r* .  ~  .  .  .
//!  ...
//! seat 0 hand 2 1 0 3 vp 1 0 2 0 treasures 1 catastrophes 2 discarded 0 0 0 0
//! seat 1 hand 1 1 1 1 vp 0 0 0 0 treasures 0 catastrophes 1 discarded 0 0 0 0
//! bag 40 30 25 28
//! removed 0 0 0 0
//! turn 12 active 1 actions 2
//! ```
//!
//! Cells: `.` land, `~` river, `r` `b` `g` `k` a face-up temple, farm, market or
//! settlement, in capitals a tile turned face down under a monument, `*` after a tile a
//! treasure on it, `X` a catastrophe, a seat number and `P` `F` `T` `K` a leader (priest,
//! farmer, trader, king). Counts are given per colour in the order red, blue, green,
//! black. The header names the 2009 options in play after the variant (`buildings`,
//! `ziggurat`). Optional lines: `monument red-green E5`, `declined E5`,
//! `building red F5` (the building's tile), `ziggurat G6` (the cross's centre; its five
//! tiles are drawn face down), `declined-ziggurat G6`, `conflict ...`, `wars ...`,
//! `unification F6`, `placed F6 next monument|ziggurat|building`, `ziggurat-vp` (the
//! active seat chooses his ziggurat VP), `draws ... after ...`, `bag-exhausted`, `over` (`over turn-limit` for a game ended on the turn limit);
//! lines starting with `#` are comments.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::marks::{Mark, MarkedWrite};
use mesopotamia_core::{Adjacency, Bag, Colour, ColourMap, Seat};

use crate::action::Monument;
use crate::board::{Board, HEIGHT, SQUARES, Square, Squares, WIDTH};
use crate::config::ParseConfigError;
use crate::event::ConflictKind;
use crate::state::{
    AfterDraws, AfterPlacement, CATASTROPHES_PER_PLAYER, Config, Conflict, HAND_SIZE, Pending,
    Public, TILES_PER_COLOUR, Tigris,
};

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A civilization tile.
    Tile {
        /// Its colour.
        colour: Colour,
        /// Turned face down under a monument.
        flipped: bool,
        /// Carries a treasure.
        treasure: bool,
    },
    /// A leader.
    Leader {
        /// Owner.
        seat: Seat,
        /// Colour.
        colour: Colour,
    },
    /// A catastrophe tile.
    Catastrophe,
}

/// One seat's pieces off the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatSetup {
    /// Tiles in hand per colour.
    pub hand: ColourMap<u8>,
    /// Victory points per colour.
    pub vp: ColourMap<u16>,
    /// Treasures taken.
    pub treasures: u8,
    /// Catastrophe tiles left.
    pub catastrophes: u8,
    /// Tiles discarded face down by swaps, per colour.
    pub discarded: ColourMap<u8>,
}

/// A position: plain data, possibly illegal. See the [module docs](self) for the text form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position {
    /// Players, options and board.
    pub config: Config,
    /// What stands on each square, row-major.
    pub cells: Vec<Cell>,
    /// Monuments built, by top-left square.
    pub monuments: Vec<(Monument, Square)>,
    /// 2x2 squares whose monument was declined, by top-left square.
    pub declined: Vec<Square>,
    /// Civilization buildings on the board, by colour and the square of their tile.
    pub buildings: Vec<(Colour, Square)>,
    /// The centre of the ziggurat's cross, once built.
    pub ziggurat: Option<Square>,
    /// Centres of crosses whose ziggurat was declined.
    pub declined_ziggurats: Vec<Square>,
    /// Each seat's pieces.
    pub seats: Vec<SeatSetup>,
    /// Tiles in the bag per colour; `None` to let validation compute what is left.
    pub bag: Option<ColourMap<u16>>,
    /// Tiles out of the game in view of all, per colour.
    pub removed: ColourMap<u16>,
    /// Turns completed.
    pub turn: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Actions left in the turn.
    pub actions_left: u8,
    /// A conflict being fought.
    pub conflict: Option<Conflict>,
    /// Wars still to fight after a unification.
    pub wars: Vec<Colour>,
    /// The unification tile while wars are fought.
    pub unification: Option<Square>,
    /// The tile just placed, while its monument, ziggurat or building is to be decided.
    pub placed: Option<(Square, AfterPlacement)>,
    /// The active seat is choosing the colour of his ziggurat VP at the end of his turn.
    pub ziggurat_vp: bool,
    /// Draws owed per seat.
    pub draws: Vec<u8>,
    /// What follows the draws.
    pub after_draws: AfterDraws,
    /// A draw could not be served in full.
    pub bag_exhausted: bool,
    /// The game is over.
    pub over: bool,
    /// It ended on the turn limit (RULINGS G1): the line `over turn-limit`.
    pub over_on_limit: bool,
}

/// A syntax error in a position text.
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
    /// Player count out of range.
    #[error("{0} players: 2 to 4 seat")]
    Players(u8),
    /// The turn limit is out of range (RULINGS G1).
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
}

/// What a board cell shows, for writers that mark it.
fn cell_mark(cell: Cell) -> Option<Mark> {
    match cell {
        Cell::Empty => None,
        Cell::Catastrophe => Some(Mark::Catastrophe),
        Cell::Tile {
            colour,
            flipped: false,
            ..
        } => Some(Mark::Colour(colour)),
        Cell::Tile { colour, .. } => Some(Mark::FaceDown(colour)),
        Cell::Leader { seat, colour } => Some(Mark::Leader { seat, colour }),
    }
}

fn cell_text(cell: Cell) -> String {
    let letter = |c: Colour| match c {
        Colour::Red => 'r',
        Colour::Blue => 'b',
        Colour::Green => 'g',
        Colour::Black => 'k',
    };
    match cell {
        Cell::Empty => ".".into(),
        Cell::Catastrophe => "X".into(),
        Cell::Tile {
            colour,
            flipped,
            treasure,
        } => {
            let mut s = String::new();
            let l = letter(colour);
            s.push(if flipped { l.to_ascii_uppercase() } else { l });
            if treasure {
                s.push('*');
            }
            s
        }
        Cell::Leader { seat, colour } => {
            format!("{seat}{}", leader_letter(colour))
        }
    }
}

fn parse_cell(text: &str) -> Option<Cell> {
    let colour = |c: char| match c.to_ascii_lowercase() {
        'r' => Some(Colour::Red),
        'b' => Some(Colour::Blue),
        'g' => Some(Colour::Green),
        'k' => Some(Colour::Black),
        _ => None,
    };
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['.'] | ['~'] => Some(Cell::Empty),
        ['X'] => Some(Cell::Catastrophe),
        [d, l] if d.is_ascii_digit() => {
            let seat = Seat::new(d.to_digit(10)? as usize)?;
            let colour = match l {
                'P' => Colour::Red,
                'F' => Colour::Blue,
                'T' => Colour::Green,
                'K' => Colour::Black,
                _ => return None,
            };
            Some(Cell::Leader { seat, colour })
        }
        [t] => Some(Cell::Tile {
            colour: colour(*t)?,
            flipped: t.is_ascii_uppercase(),
            treasure: false,
        }),
        [t, '*'] => Some(Cell::Tile {
            colour: colour(*t)?,
            flipped: t.is_ascii_uppercase(),
            treasure: true,
        }),
        _ => None,
    }
}

/// The letter of a leader in the position text (and pictures): priest, farmer, trader,
/// king.
pub(crate) const fn leader_letter(colour: Colour) -> char {
    match colour {
        Colour::Red => 'P',
        Colour::Blue => 'F',
        Colour::Green => 'T',
        Colour::Black => 'K',
    }
}

/// What stands on each square of the public part's board, row-major (shared by positions
/// and seat views).
pub(crate) fn board_cells(p: &Public) -> Vec<Cell> {
    let mut cells = vec![Cell::Empty; SQUARES];
    for (i, cell) in cells.iter_mut().enumerate() {
        let s = Square::from_index(i).expect("in range");
        let space = s.space();
        if p.catastrophes.contains(space) {
            *cell = Cell::Catastrophe;
        } else if let Some((seat, colour)) = p.leader_at(s) {
            *cell = Cell::Leader { seat, colour };
        } else if let Some(colour) = Colour::ALL
            .into_iter()
            .find(|c| p.tiles[c.index()].contains(space))
        {
            *cell = Cell::Tile {
                colour,
                flipped: false,
                treasure: p.treasures.contains(space),
            };
        } else if let Some(colour) = Colour::ALL
            .into_iter()
            .find(|c| p.flipped_colours[c.index()].contains(space))
        {
            *cell = Cell::Tile {
                colour,
                flipped: true,
                treasure: p.treasures.contains(space),
            };
        }
    }
    cells
}

impl Position {
    /// The position of a game (everything, hidden information included).
    pub fn from_game(game: &Tigris) -> Position {
        let p = game.public();
        let n = p.config.players as usize;
        let cells = board_cells(p);
        let seats = (0..n)
            .map(|s| SeatSetup {
                hand: game.hands[s],
                vp: p.vp[s],
                treasures: p.treasures_taken[s],
                catastrophes: p.catastrophes_left[s],
                discarded: game.discarded[s],
            })
            .collect();
        Position {
            config: p.config,
            cells,
            monuments: Monument::ALL
                .iter()
                .filter_map(|m| p.monuments[m.index()].map(|c| (*m, c)))
                .collect(),
            declined: p.declined.iter().filter_map(Square::from_space).collect(),
            buildings: Colour::ALL
                .into_iter()
                .filter_map(|c| p.building(c).map(|s| (c, s)))
                .collect(),
            ziggurat: p.ziggurat,
            declined_ziggurats: p
                .ziggurat_declined
                .iter()
                .filter_map(Square::from_space)
                .collect(),
            seats,
            bag: Some(ColourMap::from_fn(|c| game.bag.count(c) as u16)),
            removed: p.removed,
            turn: p.turn,
            active: p.active,
            actions_left: p.actions_left,
            conflict: p.conflict,
            wars: p.wars().collect(),
            unification: p.unification,
            placed: p.placed,
            ziggurat_vp: p.ziggurat_vp_due,
            draws: p.draws[..n].to_vec(),
            after_draws: p.after_draws,
            bag_exhausted: p.bag_exhausted,
            over: p.pending == Pending::Over,
            over_on_limit: p.pending == Pending::Over && p.ended_on_limit,
        }
    }

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
        let near_temple = board.grid().dilate(p.tiles[Colour::Red.index()]);
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
        // Seats.
        let mut used_catastrophes = 0;
        for (i, seat) in self.seats.iter().enumerate().take(n) {
            let who = Seat::new(i).expect("seat");
            let size: u8 = seat.hand.values().iter().sum();
            if size > HAND_SIZE {
                v.push(Violation::HandTooLarge(who));
            }
            if seat.catastrophes > CATASTROPHES_PER_PLAYER {
                v.push(Violation::CatastrophesLeft(who));
            }
            used_catastrophes += CATASTROPHES_PER_PLAYER.saturating_sub(seat.catastrophes) as usize;
            game.hands[i] = seat.hand;
            game.discarded[i] = seat.discarded;
            p.hand_sizes[i] = size;
            p.vp[i] = seat.vp;
            p.treasures_taken[i] = seat.treasures;
            p.catastrophes_left[i] = seat.catastrophes;
            p.discard_counts[i] = seat.discarded.values().iter().sum();
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
        p.removed = self.removed;
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

fn counts<T: fmt::Display>(values: &[T; 4]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board diagram: column letters, then one line per row (shared by positions and
/// seat views).
pub(crate) fn write_board(
    out: &mut dyn MarkedWrite,
    config: &Config,
    cells: &[Cell],
) -> fmt::Result {
    let mut line = String::from("   ");
    for c in 0..WIDTH {
        line.push_str(&format!(" {} ", (b'A' + c as u8) as char));
    }
    writeln!(out, "{}", line.trim_end())?;
    let river = Board::get(config.board).river();
    for r in 0..HEIGHT {
        write!(out, "{:>2} ", r + 1)?;
        for c in 0..WIDTH {
            let s = Square::new(c, r).expect("in range");
            let cell = cells.get(s.index()).copied().unwrap_or(Cell::Empty);
            let text = match cell {
                Cell::Empty if river.contains(s.space()) => "~".to_string(),
                other => cell_text(other),
            };
            out.write_str(" ")?;
            match cell_mark(cell) {
                Some(mark) => out.marked(mark, &text)?,
                None => out.write_str(&text)?,
            }
            // Cells are two wide; the row's last one is not padded (lines end trimmed).
            if c + 1 < WIDTH && text.len() < 2 {
                out.write_str(" ")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.config)?;
        writeln!(f)?;
        write_board(f, &self.config, &self.cells)?;
        for (i, s) in self.seats.iter().enumerate() {
            writeln!(
                f,
                "seat {i} hand {} vp {} treasures {} catastrophes {} discarded {}",
                counts(s.hand.values()),
                counts(s.vp.values()),
                s.treasures,
                s.catastrophes,
                counts(s.discarded.values())
            )?;
        }
        if let Some(bag) = &self.bag {
            writeln!(f, "bag {}", counts(bag.values()))?;
        }
        writeln!(f, "removed {}", counts(self.removed.values()))?;
        for (m, s) in &self.monuments {
            writeln!(f, "monument {m} {s}")?;
        }
        for s in &self.declined {
            writeln!(f, "declined {s}")?;
        }
        for (c, s) in &self.buildings {
            writeln!(f, "building {c} {s}")?;
        }
        if let Some(s) = self.ziggurat {
            writeln!(f, "ziggurat {s}")?;
        }
        for s in &self.declined_ziggurats {
            writeln!(f, "declined-ziggurat {s}")?;
        }
        writeln!(
            f,
            "turn {} active {} actions {}",
            self.turn, self.active, self.actions_left
        )?;
        if let Some(c) = &self.conflict {
            let kind = match c.kind {
                ConflictKind::Revolt => "revolt",
                ConflictKind::War => "war",
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
        if !self.wars.is_empty() {
            writeln!(
                f,
                "wars {}",
                self.wars
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
        }
        if let Some(s) = self.unification {
            writeln!(f, "unification {s}")?;
        }
        if let Some((s, next)) = self.placed {
            let next = match next {
                AfterPlacement::Monument => "monument",
                AfterPlacement::Ziggurat => "ziggurat",
                AfterPlacement::Building => "building",
            };
            writeln!(f, "placed {s} next {next}")?;
        }
        if self.ziggurat_vp {
            writeln!(f, "ziggurat-vp")?;
        }
        if self.draws.iter().any(|&d| d > 0) || self.after_draws != AfterDraws::Nothing {
            let after = match self.after_draws {
                AfterDraws::Nothing => "nothing",
                AfterDraws::Setup => "setup",
                AfterDraws::Swap => "swap",
                AfterDraws::EndOfTurn => "end-of-turn",
            };
            writeln!(
                f,
                "draws {} after {after}",
                self.draws
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
        }
        if self.bag_exhausted {
            writeln!(f, "bag-exhausted")?;
        }
        if self.over && self.over_on_limit {
            writeln!(f, "over turn-limit")?;
        } else if self.over {
            writeln!(f, "over")?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        let err = |line: usize, message: String| ParsePositionError { line, message };
        let (line, header) = lines
            .next()
            .ok_or_else(|| err(1, "empty position".into()))?;
        let config: Config = header
            .parse()
            .map_err(|e: ParseConfigError| err(line, e.to_string()))?;
        let (line, columns) = lines
            .next()
            .ok_or_else(|| err(line + 1, "missing column letters".into()))?;
        if columns.split_whitespace().collect::<String>() != "ABCDEFGHIJKLMNOP" {
            return Err(err(line, "expected the column letters A to P".into()));
        }
        let mut cells = Vec::with_capacity(SQUARES);
        for row in 0..HEIGHT {
            let (line, text) = lines
                .next()
                .ok_or_else(|| err(0, format!("missing row {}", row + 1)))?;
            let mut words = text.split_whitespace();
            let label = words.next().unwrap_or("");
            if label != (row + 1).to_string() {
                return Err(err(
                    line,
                    format!("expected row {} to start with its number", row + 1),
                ));
            }
            let row_cells: Vec<&str> = words.collect();
            if row_cells.len() != WIDTH {
                return Err(err(
                    line,
                    format!(
                        "{} squares in row {}, expected 16",
                        row_cells.len(),
                        row + 1
                    ),
                ));
            }
            for (c, w) in row_cells.iter().enumerate() {
                let cell = parse_cell(w).ok_or_else(|| {
                    err(
                        line,
                        format!(
                            "unknown cell `{w}` at {}{}",
                            (b'A' + c as u8) as char,
                            row + 1
                        ),
                    )
                })?;
                cells.push(cell);
            }
        }
        let mut pos = Position {
            config,
            cells,
            monuments: Vec::new(),
            declined: Vec::new(),
            buildings: Vec::new(),
            ziggurat: None,
            declined_ziggurats: Vec::new(),
            seats: Vec::new(),
            bag: None,
            removed: ColourMap::splat(0),
            turn: 0,
            active: Seat::new(0).expect("seat 0"),
            actions_left: 2,
            conflict: None,
            wars: Vec::new(),
            unification: None,
            placed: None,
            ziggurat_vp: false,
            draws: Vec::new(),
            after_draws: AfterDraws::Nothing,
            bag_exhausted: false,
            over: false,
            over_on_limit: false,
        };
        for (line, text) in lines {
            let words: Vec<&str> = text.split_whitespace().collect();
            let bad = |what: &str| err(line, format!("{what}: `{text}`"));
            let num = |w: &str| {
                w.parse::<u32>()
                    .map_err(|_| err(line, format!("bad number `{w}`")))
            };
            let four = |ws: &[&str]| -> Result<[u32; 4], ParsePositionError> {
                if ws.len() != 4 {
                    return Err(err(
                        line,
                        "expected four counts (red blue green black)".into(),
                    ));
                }
                Ok([num(ws[0])?, num(ws[1])?, num(ws[2])?, num(ws[3])?])
            };
            let small = |v: [u32; 4]| -> Result<ColourMap<u8>, ParsePositionError> {
                let mut out = [0u8; 4];
                for (o, x) in out.iter_mut().zip(v) {
                    *o = u8::try_from(x).map_err(|_| err(line, format!("count {x} too large")))?;
                }
                Ok(ColourMap::from_array(out))
            };
            let wide = |v: [u32; 4]| -> Result<ColourMap<u16>, ParsePositionError> {
                let mut out = [0u16; 4];
                for (o, x) in out.iter_mut().zip(v) {
                    *o = u16::try_from(x).map_err(|_| err(line, format!("count {x} too large")))?;
                }
                Ok(ColourMap::from_array(out))
            };
            let square = |w: &str| w.parse::<Square>().map_err(|e| err(line, e.to_string()));
            let colour = |w: &str| w.parse::<Colour>().map_err(|e| err(line, e.to_string()));
            let seat = |w: &str| {
                w.parse::<usize>()
                    .ok()
                    .and_then(Seat::new)
                    .ok_or_else(|| err(line, format!("bad seat `{w}`")))
            };
            match words.as_slice() {
                [
                    "seat",
                    i,
                    "hand",
                    a,
                    b,
                    c,
                    d,
                    "vp",
                    e,
                    f,
                    g,
                    h,
                    "treasures",
                    t,
                    "catastrophes",
                    k,
                    "discarded",
                    w,
                    x,
                    y,
                    z,
                ] => {
                    let index = seat(i)?;
                    if index.index() != pos.seats.len() {
                        return Err(err(line, format!("expected seat {} next", pos.seats.len())));
                    }
                    pos.seats.push(SeatSetup {
                        hand: small(four(&[a, b, c, d])?)?,
                        vp: wide(four(&[e, f, g, h])?)?,
                        treasures: u8::try_from(num(t)?).map_err(|_| bad("too many treasures"))?,
                        catastrophes: u8::try_from(num(k)?)
                            .map_err(|_| bad("too many catastrophes"))?,
                        discarded: small(four(&[w, x, y, z])?)?,
                    });
                }
                ["bag", rest @ ..] => pos.bag = Some(wide(four(rest)?)?),
                ["removed", rest @ ..] => pos.removed = wide(four(rest)?)?,
                ["monument", m, s] => {
                    let m: Monument = m
                        .parse()
                        .map_err(|e: crate::action::ParseActionError| err(line, e.to_string()))?;
                    pos.monuments.push((m, square(s)?));
                }
                ["declined", s] => pos.declined.push(square(s)?),
                ["turn", t, "active", a, "actions", n] => {
                    pos.turn = num(t)?;
                    pos.active = seat(a)?;
                    pos.actions_left =
                        u8::try_from(num(n)?).map_err(|_| bad("too many actions"))?;
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
                        "revolt" => ConflictKind::Revolt,
                        "war" => ConflictKind::War,
                        _ => return Err(bad("a conflict is a revolt or a war")),
                    };
                    let attacker_commit = match rest {
                        [] => None,
                        ["committed", n] => {
                            Some(u8::try_from(num(n)?).map_err(|_| bad("too many tiles"))?)
                        }
                        _ => return Err(bad("expected `committed N` or nothing after the bases")),
                    };
                    let base = |w: &str| u8::try_from(num(w)?).map_err(|_| bad("base too large"));
                    pos.conflict = Some(Conflict {
                        kind,
                        colour: colour(c)?,
                        attacker: seat(a)?,
                        defender: seat(d)?,
                        attacker_base: base(x)?,
                        defender_base: base(y)?,
                        attacker_commit,
                    });
                }
                ["wars", cs @ ..] => {
                    pos.wars = cs.iter().map(|c| colour(c)).collect::<Result<_, _>>()?;
                }
                ["unification", s] => pos.unification = Some(square(s)?),
                ["placed", s, "next", next] => {
                    let next = match *next {
                        "monument" => AfterPlacement::Monument,
                        "ziggurat" => AfterPlacement::Ziggurat,
                        "building" => AfterPlacement::Building,
                        _ => return Err(bad("after a placement: monument, ziggurat or building")),
                    };
                    pos.placed = Some((square(s)?, next));
                }
                ["building", c, s] => pos.buildings.push((colour(c)?, square(s)?)),
                ["ziggurat", s] => {
                    if pos.ziggurat.replace(square(s)?).is_some() {
                        return Err(bad("a second ziggurat"));
                    }
                }
                ["declined-ziggurat", s] => pos.declined_ziggurats.push(square(s)?),
                ["ziggurat-vp"] => pos.ziggurat_vp = true,
                ["draws", rest @ .., "after", after] => {
                    pos.draws = rest
                        .iter()
                        .map(|w| u8::try_from(num(w)?).map_err(|_| bad("too many draws")))
                        .collect::<Result<_, _>>()?;
                    pos.after_draws = match *after {
                        "nothing" => AfterDraws::Nothing,
                        "setup" => AfterDraws::Setup,
                        "swap" => AfterDraws::Swap,
                        "end-of-turn" => AfterDraws::EndOfTurn,
                        _ => return Err(bad("after draws: nothing, setup, swap or end-of-turn")),
                    };
                }
                ["bag-exhausted"] => pos.bag_exhausted = true,
                ["over"] => pos.over = true,
                ["over", "turn-limit"] => {
                    pos.over = true;
                    pos.over_on_limit = true;
                }
                _ => return Err(bad("unknown line")),
            }
        }
        Ok(pos)
    }
}

impl fmt::Display for Tigris {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from_game(self).fmt(f)
    }
}
