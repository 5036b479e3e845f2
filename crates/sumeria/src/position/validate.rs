//! Position validation: every violation of a position, found before it becomes a game.

use mesopotamia_core::{Bag, Seat};

use crate::action::Influence;
use crate::board::{LOCATIONS, STATES};
use crate::state::{DISPLAY, Phase, ROUNDS, Sumeria, TILES_PER_KIND, TURNS_PER_PLAYER};

use super::Position;

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

impl Position {
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
