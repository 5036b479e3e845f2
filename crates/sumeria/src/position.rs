//! The position format: the city-state order, every location with its trader, supplies,
//! influence tiles held and on display, round and turn; and its validation.
//!
//! ```text
//! sumeria players 3
//! order Ur Kish Nippur Adab Umma Eridu Uruk Lagash
//! display economy military religion / politics economy / military
//! Kish C:0 T1:. T2:1 T3:. V1:2 V2:. V3:.
//! ... one line per city-state, in board order
//! seat 0 supply 6 influence 1 0 2 0
//! discarded 0 0 0 0
//! round 2 turn 4 first 1 phase turns
//! ```
//!
//! Influence counts are in the order economy, military, politics, religion. The display
//! lists the tiles above the first, second and third city-state (`-` for none). Phases
//! (see [`Phase`]'s `Display`): `order`, `first`, `draw`, `setup`, `turns`, `take 0`,
//! `take 1`, `over`. The first line is the configuration, as [`Config`]'s
//! `Display`/`FromStr` write and read it. Positions are on the default board unless read
//! with [`Position::parse_on`].

use core::fmt;
use std::sync::Arc;

use mesopotamia_core::{Bag, Seat};

use crate::action::Influence;
use crate::board::{Board, LOCATIONS, SLOTS, STATES, Slot, StateName};
use crate::config::Config;
use crate::state::{DISPLAY, Phase, Public, ROUNDS, Sumeria, TILES_PER_KIND, TURNS_PER_PLAYER};

/// The symbols of the city-state lines that positions and seat views write (the CLI's
/// table, `mesopotamia play --legend`), and of the position's display line, each with its
/// meaning, for a front end to show beside them. An entry's symbols are separated by
/// spaces; `N` stands for a seat's number (0 to 3). Counts go economy, military, politics,
/// religion.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "C T1 T2 T3 V1 V2 V3",
        "a city-state's locations: its city, towns 1 to 3, villages 1 to 3 (Ur:T2 in actions)",
    ),
    (":N", "after a location: seat N's trader on it (C:0)"),
    (":.", "after a location: no trader on it"),
    (
        "/",
        "display line: between the tiles above the first, second and third city-states",
    ),
    ("-", "display line: no tile above that city-state"),
];

/// A position: plain data, possibly illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Players and board.
    pub config: Config,
    /// City-states by importance (all 8 once the order is drawn).
    pub order: Vec<StateName>,
    /// Influence tiles per kind above the first three city-states.
    pub display: [[u8; 4]; 3],
    /// The trader on each location (board index), if any.
    pub traders: Vec<Option<Seat>>,
    /// Each seat's supply of traders and influence tiles per kind.
    pub seats: Vec<(u8, [u8; 4])>,
    /// Influence tiles discarded, per kind.
    pub discarded: [u8; 4],
    /// Rounds completed.
    pub round: u8,
    /// Turns taken in the round (placements at setup).
    pub turn: u8,
    /// First player of the round.
    pub first: Seat,
    /// What happens next.
    pub phase: Phase,
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
    /// Not 3 or 4 players.
    #[error("{0} players: Sumeria seats 3 or 4")]
    Players(u8),
    /// Seat lines do not match the players.
    #[error("{found} seat lines for {players} players")]
    SeatLines {
        /// Players.
        players: u8,
        /// Lines.
        found: usize,
    },
    /// The order is not the 8 city-states of the board, each once.
    #[error("the city-state order is not a permutation of the board's 8 city-states")]
    Order,
    /// A seat's traders on the board and in supply do not add up.
    #[error("seat {seat} has {found} traders, expected {expected}")]
    Traders {
        /// Seat.
        seat: Seat,
        /// Counted.
        found: usize,
        /// Expected.
        expected: u8,
    },
    /// A trader of a seat not at the table.
    #[error("a trader of seat {0}, who is not at the table")]
    UnknownSeat(Seat),
    /// Too many tiles on a display place.
    #[error("{found} tiles on display place {place}, at most {max}")]
    Display {
        /// Place 0..3.
        place: usize,
        /// Counted.
        found: u8,
        /// Allowed.
        max: u8,
    },
    /// More influence tiles of a kind than the 9 that exist.
    #[error("{found} {kind} tiles, but the game has 9")]
    Influence {
        /// Kind.
        kind: Influence,
        /// Counted.
        found: u32,
    },
    /// Round, turn or first player out of range.
    #[error("round {round}, turn {turn} or first player {first} out of range")]
    Turn {
        /// Round.
        round: u8,
        /// Turn.
        turn: u8,
        /// First player.
        first: Seat,
    },
    /// A phase that cannot come at this round and turn: `order`, `first` and `setup` only
    /// in round 0 (turn 0 but for the setup), `over` exactly after round 6, `take 0` and
    /// `take 1` once every turn of the round is taken, `draw` at turn 0.
    #[error("phase {phase} cannot come at round {round}, turn {turn}")]
    Phase {
        /// Phase.
        phase: Phase,
        /// Round.
        round: u8,
        /// Turn.
        turn: u8,
    },
    /// Every city-state is drawn, yet the phase still draws the order.
    #[error("the whole city-state order is drawn, yet the phase is `order`")]
    OrderDrawn,
    /// The display does not hold what the phase implies: nothing before the first draw
    /// and at the end, the tiles drawn so far in order (3 above the first city-state, then
    /// 2, then 1) while drawing, a full display during the setup and the turns, the places
    /// already scored empty while scoring.
    #[error("{found} tiles on display place {place} in phase {phase}, expected {expected}")]
    DisplayPhase {
        /// Place 0..3.
        place: usize,
        /// Counted.
        found: u32,
        /// Expected.
        expected: u32,
        /// Phase.
        phase: Phase,
    },
    /// The influence tiles out of the bag (held, on display, discarded) are not the 6 a
    /// round drawn so far.
    #[error("{found} influence tiles out of the bag, expected {expected} (6 drawn a round)")]
    TilesOut {
        /// Counted.
        found: u32,
        /// Expected.
        expected: u32,
    },
    /// Before and during the setup, a seat's traders on the board are not the
    /// placements it has made (the setup goes round the table from the first player).
    #[error("seat {seat} has {found} traders on the board, but has placed {expected}")]
    Placed {
        /// Seat.
        seat: Seat,
        /// Counted.
        found: usize,
        /// Placements made.
        expected: usize,
    },
    /// The controller of the city-state in that place (0 or 1) has no choice to make: no
    /// controller, or fewer than two ways of taking the tiles (a single option is applied,
    /// never asked).
    #[error("phase take {place}: the controller of place {place} has no choice to make")]
    NoChoice {
        /// Place 0 or 1.
        place: u8,
    },
}

impl Violation {
    /// The violation's stable name: its variant's name in kebab case (`display-phase`), the same
    /// whatever its details; a case's `expect refused NAME` names it.
    pub fn name(&self) -> &'static str {
        match self {
            Violation::Players(..) => "players",
            Violation::SeatLines { .. } => "seat-lines",
            Violation::Order => "order",
            Violation::Traders { .. } => "traders",
            Violation::UnknownSeat(..) => "unknown-seat",
            Violation::Display { .. } => "display",
            Violation::Influence { .. } => "influence",
            Violation::Turn { .. } => "turn",
            Violation::Phase { .. } => "phase",
            Violation::OrderDrawn => "order-drawn",
            Violation::DisplayPhase { .. } => "display-phase",
            Violation::TilesOut { .. } => "tiles-out",
            Violation::Placed { .. } => "placed",
            Violation::NoChoice { .. } => "no-choice",
        }
    }
}

fn parse_kinds(text: &str) -> Result<[u8; 4], String> {
    let mut counts = [0u8; 4];
    for w in text.split_whitespace() {
        if w == "-" {
            continue;
        }
        let k: Influence = w
            .parse()
            .map_err(|e: crate::action::ParseActionError| e.to_string())?;
        counts[k as usize] = counts[k as usize].saturating_add(1);
    }
    Ok(counts)
}

fn kinds_text(counts: &[u8; 4]) -> String {
    let words: Vec<&str> = Influence::ALL
        .iter()
        .flat_map(|k| core::iter::repeat_n(k.name(), counts[*k as usize] as usize))
        .collect();
    if words.is_empty() {
        "-".into()
    } else {
        words.join(" ")
    }
}

/// The shared shape of the position formats: the inherent methods, through the core's trait.
impl mesopotamia_core::Setup for Position {
    type Game = Sumeria;
    type Violation = Violation;

    fn from_game(game: &Sumeria) -> Position {
        Position::from_game(game)
    }

    fn into_game(self) -> Result<Sumeria, Vec<Violation>> {
        Position::into_game(&self)
    }
}

impl Position {
    /// The position of a game.
    pub fn from_game(game: &Sumeria) -> Position {
        Position::from_public(game.public())
    }

    /// The position of a game, from what every seat sees (the bag follows from it).
    pub(crate) fn from_public(p: &Public) -> Position {
        let n = p.config().players as usize;
        Position {
            config: p.config().clone(),
            order: p.order().collect(),
            display: p.display,
            traders: (0..LOCATIONS).map(|i| p.occupant(i)).collect(),
            seats: (0..n).map(|s| (p.supply[s], p.held[s])).collect(),
            discarded: p.discarded,
            round: p.round,
            turn: p.turn,
            first: p.first,
            phase: p.phase,
        }
    }

    /// The position on one line (the one-line form of `docs/formats.md`: the text's lines
    /// joined by ` | `), as FEN is for chess; `str::parse` and [`Position::parse_on`] read it
    /// back, as they read the full text.
    pub fn to_one_line(&self) -> String {
        mesopotamia_core::Setup::to_one_line(self)
    }

    /// Reads a position (the full text or the one-line form) on another board.
    pub fn parse_on(text: &str, board: Arc<Board>) -> Result<Position, ParsePositionError> {
        use mesopotamia_core::setup::one_line;
        one_line::parse_either(
            text,
            None,
            |full| Position::parse_full_on(full, board),
            |e| (e.line, e.message),
            |e| ParsePositionError {
                line: 1,
                message: e.to_string(),
            },
        )
    }

    /// Reads the full text on a board.
    fn parse_full_on(text: &str, board: Arc<Board>) -> Result<Position, ParsePositionError> {
        let err = |line: usize, message: String| ParsePositionError { line, message };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let (line, header) = lines
            .next()
            .ok_or_else(|| err(1, "empty position".into()))?;
        // The header is the configuration line: one parser for both.
        let config =
            Config::parse_on(header, board.clone()).map_err(|e| err(line, e.to_string()))?;
        let mut pos = Position {
            config,
            order: Vec::new(),
            display: [[0; 4]; 3],
            traders: vec![None; LOCATIONS],
            seats: Vec::new(),
            discarded: [0; 4],
            round: 0,
            turn: 0,
            first: Seat::new(0).expect("seat 0"),
            phase: Phase::Turns,
        };
        for (line, text) in lines {
            let words: Vec<&str> = text.split_whitespace().collect();
            let num = |w: &str| {
                w.parse::<u8>()
                    .map_err(|_| err(line, format!("bad number `{w}`")))
            };
            let seat = |w: &str| {
                w.parse::<usize>()
                    .ok()
                    .and_then(Seat::new)
                    .ok_or_else(|| err(line, format!("bad seat `{w}`")))
            };
            match words.as_slice() {
                ["order", names @ ..] => {
                    pos.order = names
                        .iter()
                        .map(|n| n.parse::<StateName>().map_err(|e| err(line, e.to_string())))
                        .collect::<Result<_, _>>()?;
                }
                ["display", ..] => {
                    let rest = text.trim_start_matches("display");
                    let groups: Vec<&str> = rest.split('/').collect();
                    if groups.len() != 3 {
                        return Err(err(
                            line,
                            "the display has three groups separated by `/`".into(),
                        ));
                    }
                    for (place, g) in groups.iter().enumerate() {
                        pos.display[place] = parse_kinds(g).map_err(|m| err(line, m))?;
                    }
                }
                ["seat", i, "supply", s, "influence", a, b, c, d] => {
                    if seat(i)?.index() != pos.seats.len() {
                        return Err(err(line, format!("expected seat {} next", pos.seats.len())));
                    }
                    pos.seats
                        .push((num(s)?, [num(a)?, num(b)?, num(c)?, num(d)?]));
                }
                ["discarded", a, b, c, d] => pos.discarded = [num(a)?, num(b)?, num(c)?, num(d)?],
                ["round", r, "turn", t, "first", f, "phase", phase @ ..] => {
                    pos.round = num(r)?;
                    pos.turn = num(t)?;
                    pos.first = seat(f)?;
                    pos.phase = phase
                        .join(" ")
                        .parse::<Phase>()
                        .map_err(|e| err(line, e.to_string()))?;
                }
                [name, cells @ ..] => {
                    let name: StateName = name
                        .parse()
                        .map_err(|_| err(line, format!("unknown line `{text}`")))?;
                    let state = board.state_index(name).ok_or_else(|| {
                        err(line, format!("`{name}` is not a city-state of this board"))
                    })?;
                    if cells.len() != SLOTS {
                        return Err(err(
                            line,
                            "expected the 7 locations C T1 T2 T3 V1 V2 V3".into(),
                        ));
                    }
                    for (slot, cell) in cells.iter().enumerate() {
                        let expected = Slot::from_index(slot).expect("slot").to_string();
                        let (label, who) = cell.split_once(':').ok_or_else(|| {
                            err(
                                line,
                                format!("expected `{expected}:SEAT` or `{expected}:.`"),
                            )
                        })?;
                        if label != expected {
                            return Err(err(
                                line,
                                format!("expected location {expected}, found `{label}`"),
                            ));
                        }
                        pos.traders[state * SLOTS + slot] =
                            if who == "." { None } else { Some(seat(who)?) };
                    }
                }
                [] => {}
            }
        }
        Ok(pos)
    }

    /// Validates the position into a game; every violation found is reported.
    pub fn into_game(&self) -> Result<Sumeria, Vec<Violation>> {
        let mut v = Vec::new();
        let config = self.config.clone();
        let Some((traders, _)) = config.traders() else {
            return Err(vec![Violation::Players(config.players)]);
        };
        let n = config.players as usize;
        if self.seats.len() != n {
            v.push(Violation::SeatLines {
                players: config.players,
                found: self.seats.len(),
            });
        }
        let board = config.board.clone();
        let mut order: Vec<u8> = Vec::new();
        for name in &self.order {
            match board.state_index(*name) {
                Some(s) if !order.contains(&(s as u8)) => order.push(s as u8),
                _ => v.push(Violation::Order),
            }
        }
        let complete = !matches!(self.phase, Phase::Order);
        if complete && order.len() != STATES {
            v.push(Violation::Order);
        }
        let ordered = order.len();
        for s in 0..STATES as u8 {
            if !order.contains(&s) {
                order.push(s);
            }
        }
        let mut traders_on = [crate::board::Locations::EMPTY; 4];
        let mut on_board = [0usize; 4];
        for (i, t) in self.traders.iter().enumerate().take(LOCATIONS) {
            if let Some(seat) = t {
                if seat.index() >= n {
                    v.push(Violation::UnknownSeat(*seat));
                    continue;
                }
                traders_on[seat.index()].insert(mesopotamia_core::Space(i as u16));
                on_board[seat.index()] += 1;
            }
        }
        for (s, (supply, _)) in self.seats.iter().enumerate().take(n) {
            let found = on_board[s] + *supply as usize;
            if found != traders as usize {
                v.push(Violation::Traders {
                    seat: Seat::new(s).expect("seat"),
                    found,
                    expected: traders,
                });
            }
        }
        let shown: [u32; 3] = self.display.map(|d| d.iter().map(|&k| k as u32).sum());
        for (place, &found) in shown.iter().enumerate() {
            if found > DISPLAY[place] as u32 {
                v.push(Violation::Display {
                    place,
                    found: found.min(u8::MAX as u32) as u8,
                    max: DISPLAY[place],
                });
            }
        }
        let mut bag = Bag::new();
        let mut out = 0u32;
        for k in Influence::ALL {
            let i = k as usize;
            let found: u32 = self
                .seats
                .iter()
                .take(n)
                .map(|(_, h)| h[i] as u32)
                .sum::<u32>()
                + self.display.iter().map(|d| d[i] as u32).sum::<u32>()
                + self.discarded[i] as u32;
            if found > TILES_PER_KIND as u32 {
                v.push(Violation::Influence { kind: k, found });
            }
            out += found;
            bag.put(k, (TILES_PER_KIND as u32).saturating_sub(found) as u16);
        }
        let turns = match self.phase {
            Phase::Setup => config.traders().map_or(0, |(_, p)| p as usize) * n,
            _ => TURNS_PER_PLAYER as usize * n,
        };
        // Scoring (`take`) happens once every turn of the round is taken.
        let max_turn = if matches!(self.phase, Phase::Take(_)) {
            turns
        } else {
            turns.saturating_sub(1)
        };
        // The first player is seat 0 until drawn.
        let undrawn_first = matches!(self.phase, Phase::Order | Phase::First);
        if self.round > ROUNDS
            || self.turn as usize > max_turn
            || self.first.index() >= n
            || (undrawn_first && self.first.index() != 0)
        {
            v.push(Violation::Turn {
                round: self.round,
                turn: self.turn,
                first: self.first,
            });
        }
        self.check_phase(n, shown, out, &on_board, &mut v);
        if !v.is_empty() {
            return Err(v);
        }
        let mut game =
            Sumeria::new(config).map_err(|_| vec![Violation::Players(self.config.players)])?;
        let p = &mut game.public;
        p.traders = traders_on;
        for (s, (supply, held)) in self.seats.iter().enumerate().take(n) {
            p.supply[s] = *supply;
            p.held[s] = *held;
        }
        p.order = order.try_into().expect("8 states");
        p.ordered = ordered as u8;
        p.display = self.display;
        p.discarded = self.discarded;
        p.round = self.round;
        p.turn = self.turn;
        p.first = self.first;
        p.phase = self.phase;
        p.drawn = match self.phase {
            Phase::Draw => self.display.iter().flatten().sum(),
            Phase::Order | Phase::First | Phase::Over => 0,
            _ => DISPLAY.iter().sum(),
        };
        game.bag = bag;
        if let Phase::Take(place) = self.phase {
            // Scoring stops only at a real choice (`docs/rules.md`: one option is not asked).
            if mesopotamia_core::Game::legal_action_vec(&game).len() < 2 {
                return Err(vec![Violation::NoChoice { place }]);
            }
        }
        Ok(game)
    }

    /// The checks that tie the phase to the round, the turn, the display, the tiles drawn
    /// and the setup placements, so that only positions a game can reach are accepted (and
    /// every accepted one plays on to its end).
    fn check_phase(
        &self,
        n: usize,
        shown: [u32; 3],
        out: u32,
        on_board: &[usize; 4],
        v: &mut Vec<Violation>,
    ) {
        let (round, turn, phase) = (self.round, self.turn, self.phase);
        let turns = TURNS_PER_PLAYER as usize * n;
        let fits = match phase {
            Phase::Order | Phase::First => round == 0 && turn == 0,
            Phase::Draw => round < ROUNDS && turn == 0,
            Phase::Setup => round == 0,
            Phase::Turns => round < ROUNDS,
            Phase::Take(place) => place <= 1 && round < ROUNDS && turn as usize == turns,
            Phase::Over => round == ROUNDS && turn == 0,
        };
        if !fits {
            v.push(Violation::Phase { phase, round, turn });
        }
        if phase == Phase::Order && self.order.len() >= STATES {
            v.push(Violation::OrderDrawn);
        }
        let full = DISPLAY.map(u32::from);
        let drawn: u32 = shown.iter().sum();
        let expected_display = match phase {
            Phase::Order | Phase::First | Phase::Over => [0; 3],
            // Drawn tiles fill the first place, then the second, then the third.
            Phase::Draw => [
                drawn.min(full[0]),
                drawn.saturating_sub(full[0]).min(full[1]),
                // The last tile of the draw ends it: never all six while drawing.
                0,
            ],
            Phase::Setup | Phase::Turns | Phase::Take(0) => full,
            Phase::Take(_) => [0, full[1], full[2]],
        };
        for (place, (&found, &expected)) in shown.iter().zip(&expected_display).enumerate() {
            if found != expected {
                v.push(Violation::DisplayPhase {
                    place,
                    found,
                    expected,
                    phase,
                });
            }
        }
        let per_round: u32 = full.iter().sum();
        let expected_out = match phase {
            Phase::Order | Phase::First => 0,
            Phase::Draw => per_round * round as u32 + drawn,
            Phase::Setup | Phase::Turns | Phase::Take(_) => per_round * (round as u32 + 1),
            Phase::Over => per_round * ROUNDS as u32,
        };
        if out != expected_out {
            v.push(Violation::TilesOut {
                found: out,
                expected: expected_out,
            });
        }
        let setup = match phase {
            Phase::Order | Phase::First => true,
            Phase::Draw => round == 0,
            Phase::Setup => true,
            _ => false,
        };
        if setup {
            let placing = phase == Phase::Setup;
            for (s, &found) in on_board.iter().enumerate().take(n) {
                // Placement j is made by the seat j places after the first player.
                let after_first = (s + n - self.first.index() % n) % n;
                let expected = if placing {
                    (turn as usize + n - 1 - after_first) / n
                } else {
                    0
                };
                if found != expected {
                    v.push(Violation::Placed {
                        seat: Seat::new(s).expect("a seat"),
                        found,
                        expected,
                    });
                }
            }
        }
    }
}

impl core::str::FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Position::parse_on(text, Board::reconstructed())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.config)?;
        // `order` alone while no city-state is drawn (no trailing space).
        f.write_str("order")?;
        for name in &self.order {
            write!(f, " {name}")?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "display {} / {} / {}",
            kinds_text(&self.display[0]),
            kinds_text(&self.display[1]),
            kinds_text(&self.display[2])
        )?;
        let board = &self.config.board;
        let width = board
            .names()
            .iter()
            .map(|n| n.as_str().len())
            .max()
            .unwrap_or(0);
        for (s, name) in board.names().iter().enumerate() {
            write!(f, "{:<width$}", name.as_str())?;
            for slot in 0..SLOTS {
                let who = self.traders.get(s * SLOTS + slot).copied().flatten();
                let who = who.map_or(".".to_string(), |w| w.to_string());
                write!(f, " {}:{who}", Slot::from_index(slot).expect("slot"))?;
            }
            writeln!(f)?;
        }
        for (s, (supply, held)) in self.seats.iter().enumerate() {
            writeln!(
                f,
                "seat {s} supply {supply} influence {} {} {} {}",
                held[0], held[1], held[2], held[3]
            )?;
        }
        let d = self.discarded;
        writeln!(f, "discarded {} {} {} {}", d[0], d[1], d[2], d[3])?;
        writeln!(
            f,
            "round {} turn {} first {} phase {}",
            self.round, self.turn, self.first, self.phase
        )
    }
}

impl fmt::Display for Sumeria {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from_game(self).fmt(f)
    }
}
