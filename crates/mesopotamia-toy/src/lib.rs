//! A tiny game with hidden hands and a bag, for the tests of the core's records and random
//! play, the search crate's driver and search, and the conformance kit: test support only,
//! never published (a dev-dependency by path, which cargo drops on publishing). Each seat
//! holds tokens; on its turn it plays one (one VP of that colour) and draws a replacement,
//! or passes when its hand is empty. The game ends when the bag and every hand are empty.
//! [`Broken`] makes it break the game interface's contract in one chosen way, for the kit's
//! own tests.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{Bag, Colour, ColourMap, Game, Seat, SeatSet, Standings, ToMove};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// A game's configuration.
pub struct TokenConfig {
    /// Seats at the table, 2 to 4.
    pub seats: usize,
    /// Tokens of each colour in the bag at the start.
    pub per_colour: u16,
    /// Break the contract on purpose (for the kit's own tests).
    pub broken: Option<Broken>,
}

/// A way to break the contract of the game interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Broken {
    /// An illegal action changes the state before it is refused.
    DirtyRefusal,
    /// The view shows another seat's hand.
    LeakyView,
    /// Every seat is said to see a draw, which only the drawing seat sees.
    SeenDraw,
    /// No seat is said to see a draw, which the drawing seat sees.
    UnseenDraw,
    /// The redraw of what a seat cannot see redraws its own hand too.
    RedrawnOwnHand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// A seat's decision.
pub enum TokenAction {
    /// Plays a token of that colour from the hand.
    Play(Colour),
    /// Passes (only with an empty hand).
    Pass,
}

impl fmt::Display for TokenAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenAction::Play(c) => write!(f, "play {c}"),
            TokenAction::Pass => f.write_str("pass"),
        }
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
#[error("bad token notation `{0}`")]
/// Notation that is no action or draw of the toy.
pub struct BadNotation(String);

impl FromStr for TokenAction {
    type Err = BadNotation;
    fn from_str(s: &str) -> Result<Self, BadNotation> {
        if s == "pass" {
            return Ok(TokenAction::Pass);
        }
        s.strip_prefix("play ")
            .and_then(|c| c.parse().ok())
            .map(TokenAction::Play)
            .ok_or_else(|| BadNotation(s.to_owned()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// A chance outcome: the token drawn.
pub struct Draw(pub Colour);

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "draw {}", self.0)
    }
}

impl FromStr for Draw {
    type Err = BadNotation;
    fn from_str(s: &str) -> Result<Self, BadNotation> {
        s.strip_prefix("draw ")
            .and_then(|c| c.parse().ok())
            .map(Draw)
            .ok_or_else(|| BadNotation(s.to_owned()))
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
/// Why the toy refuses a configuration or a step.
pub enum TokenError {
    /// Not 2 to 4 seats.
    #[error("2 to 4 seats")]
    Seats,
    /// The step is not legal now.
    #[error("not legal now")]
    Illegal,
}

/// The game's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TokenGame {
    config: TokenConfig,
    bag: Bag<Colour>,
    hands: Vec<ColourMap<u16>>,
    vp: Vec<ColourMap<u32>>,
    active: Seat,
    /// Seat that must draw next, if any.
    drawing: Option<Seat>,
    /// Draws still owed at setup (two per seat).
    setup_draws: u8,
}

/// What one seat sees: its hand, the others' hand sizes, the bag's size, the VP.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TokenView {
    hand: ColourMap<u16>,
    hand_sizes: Vec<u16>,
    bag: u32,
    vp: Vec<ColourMap<u32>>,
    to_move: ToMove,
}

impl TokenGame {
    fn hand_size(&self, seat: Seat) -> u16 {
        self.hands[seat.index()].values().iter().sum()
    }
}

impl Game for TokenGame {
    type Config = TokenConfig;
    type Action = TokenAction;
    type Chance = Draw;
    type View = TokenView;
    type Error = TokenError;
    const NAME: &'static str = "tokens";

    fn new(config: &TokenConfig) -> Result<Self, TokenError> {
        if !(2..=4).contains(&config.seats) {
            return Err(TokenError::Seats);
        }
        let bag = Bag::from_counts(&Colour::ALL.map(|c| (c, config.per_colour)));
        Ok(TokenGame {
            config: config.clone(),
            bag,
            hands: vec![ColourMap::splat(0); config.seats],
            vp: vec![ColourMap::splat(0); config.seats],
            active: Seat::new(0).unwrap(),
            drawing: Some(Seat::new(0).unwrap()),
            setup_draws: (2 * config.seats) as u8,
        })
    }

    fn config(&self) -> &TokenConfig {
        &self.config
    }

    fn seat_count(&self) -> usize {
        self.config.seats
    }

    fn to_move(&self) -> ToMove {
        if self.drawing.is_some() && !self.bag.is_empty() {
            ToMove::Chance
        } else if self.bag.is_empty()
            && (0..self.config.seats).all(|s| self.hand_size(Seat::new(s).unwrap()) == 0)
        {
            ToMove::Terminal
        } else {
            ToMove::Seat(self.active)
        }
    }

    fn legal_actions(&self, out: &mut Vec<TokenAction>) {
        out.clear();
        if let ToMove::Seat(seat) = self.to_move() {
            for (c, &n) in self.hands[seat.index()].iter() {
                if n > 0 {
                    out.push(TokenAction::Play(c));
                }
            }
            if out.is_empty() {
                out.push(TokenAction::Pass);
            }
        }
    }

    fn apply(&mut self, action: TokenAction) -> Result<(), TokenError> {
        if self.config.broken == Some(Broken::DirtyRefusal) {
            self.vp[0][Colour::Red] += 1;
        }
        let ToMove::Seat(seat) = self.to_move() else {
            return Err(TokenError::Illegal);
        };
        if !self.legal_action_vec().contains(&action) {
            return Err(TokenError::Illegal);
        }
        if let TokenAction::Play(c) = action {
            self.hands[seat.index()][c] -= 1;
            self.vp[seat.index()][c] += 1;
            self.drawing = Some(seat);
        }
        self.active = seat.next(self.config.seats);
        Ok(())
    }

    fn chance_outcomes(&self, out: &mut Vec<(Draw, u32)>) {
        out.clear();
        if self.to_move() == ToMove::Chance {
            out.extend(self.bag.outcomes().map(|(c, w)| (Draw(c), w)));
        }
    }

    fn apply_chance(&mut self, Draw(c): Draw) -> Result<(), TokenError> {
        let seat = self
            .drawing
            .filter(|_| self.to_move() == ToMove::Chance)
            .ok_or(TokenError::Illegal)?;
        self.bag.take(c, 1).map_err(|_| TokenError::Illegal)?;
        self.hands[seat.index()][c] += 1;
        if self.setup_draws > 0 {
            self.setup_draws -= 1;
            // Setup deals two tokens to each seat in turn.
            let next = Seat::new((2 * self.config.seats - self.setup_draws as usize) / 2)
                .filter(|_| self.setup_draws > 0);
            self.drawing = next;
        } else {
            self.drawing = None;
        }
        Ok(())
    }

    fn action_space_size(&self) -> usize {
        5
    }

    fn action_index(&self, action: TokenAction) -> usize {
        match action {
            TokenAction::Play(c) => c.index(),
            TokenAction::Pass => 4,
        }
    }

    fn action_from_index(&self, index: usize) -> Option<TokenAction> {
        match index {
            0..4 => Colour::from_index(index).map(TokenAction::Play),
            4 => Some(TokenAction::Pass),
            _ => None,
        }
    }

    fn view(&self, seat: Seat) -> TokenView {
        let shown = if self.config.broken == Some(Broken::LeakyView) {
            seat.next(self.config.seats)
        } else {
            seat
        };
        TokenView {
            hand: self.hands[shown.index()],
            hand_sizes: (0..self.config.seats)
                .map(|s| self.hand_size(Seat::new(s).unwrap()))
                .collect(),
            bag: self.bag.total(),
            vp: self.vp.clone(),
            to_move: self.to_move(),
        }
    }

    fn standings(&self) -> Option<Standings> {
        self.is_terminal().then(|| {
            let keys: Vec<_> = self
                .vp
                .iter()
                .map(|vp| weakest_colour_key(*vp, 0))
                .collect();
            Standings::from_keys(&keys)
        })
    }

    fn chance_seen_by(&self) -> SeatSet {
        match self.config.broken {
            Some(Broken::SeenDraw) => Seat::all(self.config.seats).collect(),
            Some(Broken::UnseenDraw) => SeatSet::EMPTY,
            // A seat draws its token in secret.
            _ => self.drawing.into_iter().collect(),
        }
    }

    fn max_steps(&self) -> usize {
        // Each token is drawn once and played once; passes come between plays.
        let tokens = 4 * self.config.per_colour as usize;
        2 * tokens + (tokens + 1) * self.config.seats
    }

    fn resample_hidden<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> Self {
        let mut out = self.clone();
        let mut pool = self.bag;
        let redrawn_own = self.config.broken == Some(Broken::RedrawnOwnHand);
        let hidden = |s: &Seat| *s != observer || redrawn_own;
        for s in Seat::all(self.config.seats).filter(hidden) {
            for (c, &n) in self.hands[s.index()].iter() {
                pool.put(c, n);
            }
        }
        for s in Seat::all(self.config.seats).filter(hidden) {
            let size = self.hand_size(s);
            out.hands[s.index()] = ColourMap::splat(0);
            for _ in 0..size {
                let c = pool.sample(rng).expect("the pool holds every hidden token");
                pool.take(c, 1).expect("sampled from the pool");
                out.hands[s.index()][c] += 1;
            }
        }
        out.bag = pool;
        out
    }
}
