//! The game state and the rules, split by rule phase: placement, conflicts (revolts
//! and wars), monuments and buildings, treasures, end of turn and scoring, legal-action
//! generation; the kept regions of the board; the public accessors.

mod conflicts;
mod legal;
mod monuments;
mod placement;
mod public;
mod random;
mod redraw;
mod regions;
mod split;
mod treasures;
mod turn;

pub(crate) use monuments::two_by_two_squares;
pub(crate) use regions::Regions;

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::{Bag, Colour, ColourMap, Game, Seat, Space, Standings, ToMove};

use crate::action::{ACTION_SPACE, Action, ActionKind, Chance};
use crate::board::{Board, Square, Squares};
pub use crate::config::Config;
use crate::event::{ConflictKind, Event};
use mesopotamia_core::{EventSink, NoEvents};

/// Civilization tiles of each colour in the box (57 red, 36 blue, 30 green, 30 black: the
/// components in `docs/tigris-euphrates.md`).
pub const TILES_PER_COLOUR: [u16; 4] = [57, 36, 30, 30];
/// Tiles in a full hand.
pub const HAND_SIZE: u8 = 6;
/// Catastrophe tiles each player starts with.
pub const CATASTROPHES_PER_PLAYER: u8 = 2;
/// Actions in a turn.
pub const ACTIONS_PER_TURN: u8 = 2;
/// Treasures left on the board at (or below) which the game ends at the end of a turn.
pub const END_TREASURES: usize = 2;

/// Why an action, chance outcome or configuration was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TigrisError {
    /// Player count out of range.
    #[error("{0} players: Tigris & Euphrates seats 2 to 4")]
    Players(u8),
    /// Turn limit out of range (rule G1).
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
    /// A chance outcome was given when no draw is pending.
    #[error("no draw is pending ({0} is to move)")]
    NoDraw(ToMove),
    /// The bag holds no tile of that colour.
    #[error("the bag holds no {0} tile")]
    NotInBag(Colour),
}

/// Why an action is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Reason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event must be resolved first.
    #[error("a tile must be drawn first")]
    ChancePending,
    /// Another kind of decision is pending.
    #[error("the decision now is {0}")]
    OtherDecision(&'static str),
    /// The tile is not in hand.
    #[error("no such tile in hand")]
    NotInHand,
    /// Blue tiles go on rivers, others on land; leaders never on rivers.
    #[error("wrong terrain for that piece")]
    Terrain,
    /// The square is taken.
    #[error("the square is not empty")]
    Occupied,
    /// A tile may touch at most two kingdoms.
    #[error("the tile would touch three or more kingdoms")]
    ThreeKingdoms,
    /// A leader needs an adjacent face-up temple.
    #[error("a leader must stand next to a face-up temple")]
    NoTemple,
    /// A leader may not join two kingdoms.
    #[error("a leader may not join two kingdoms")]
    JoinsKingdoms,
    /// A leader cannot move onto its own square.
    #[error("the leader already stands there")]
    SameSquare,
    /// The leader is not on the board.
    #[error("that leader is not on the board")]
    NotOnBoard,
    /// No catastrophe tile left.
    #[error("no catastrophe tile left")]
    NoCatastrophe,
    /// A catastrophe cannot go there.
    #[error(
        "a catastrophe cannot hit a treasure, monument, ziggurat, leader, civilization building or catastrophe"
    )]
    Protected,
    /// Not that many tiles in hand to discard.
    #[error("not those tiles in hand")]
    NotInHandToSwap,
    /// Not that many tiles to commit, or the English variant forbids the number.
    #[error("cannot commit that many tiles")]
    Support,
    /// No war of that colour is pending.
    #[error("no war of that colour is pending")]
    NoSuchWar,
    /// No monument can be built there.
    #[error("that monument cannot be built there")]
    NoSuchMonument,
    /// That treasure cannot be taken (framed ones first).
    #[error("that treasure cannot be taken now (framed treasures first)")]
    NoSuchTreasure,
    /// The ziggurat cannot be built on that cross.
    #[error("the ziggurat cannot be built on that cross")]
    NoSuchZiggurat,
    /// The building cannot go on that square.
    #[error("the civilization building cannot go on that square")]
    NoSuchBuilding,
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Pending {
    /// The active seat takes an action (or passes).
    Action,
    /// A seat commits tiles to the conflict at hand.
    Support(Seat),
    /// The active seat chooses the next war.
    WarOrder,
    /// The active seat builds a monument or declines.
    Monument,
    /// The active seat builds the ziggurat or declines.
    Ziggurat,
    /// The active seat puts a civilization building on the new line or declines.
    Building,
    /// The active seat, whose king is in the ziggurat's kingdom at the end of his
    /// turn, chooses the colour of his ziggurat VP.
    ZigguratVp,
    /// A trader's owner takes a treasure.
    Treasure(Seat),
    /// A tile is drawn for a seat (chance).
    Draw(Seat),
    /// The game is over.
    Over,
}

/// What happens once the pending draws are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AfterDraws {
    /// Nothing is being drawn.
    Nothing,
    /// The initial deal: then the first turn starts.
    Setup,
    /// A swap: then the action is over.
    Swap,
    /// End-of-turn refills: then the next turn starts (or the game ends).
    EndOfTurn,
}

/// What remains to be decided about the tile just placed, in the order of T16:
/// monument, then ziggurat, then building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AfterPlacement {
    /// A monument may be built.
    Monument,
    /// Then the ziggurat.
    Ziggurat,
    /// Then a civilization building.
    Building,
}

/// A conflict being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conflict {
    /// Revolt or war.
    pub kind: ConflictKind,
    /// The leaders' colour (revolts are fought with red tiles whatever it is).
    pub colour: Colour,
    /// Attacking seat.
    pub attacker: Seat,
    /// Defending seat.
    pub defender: Seat,
    /// Attacker's strength on the board.
    pub attacker_base: u8,
    /// Defender's strength on the board.
    pub defender_base: u8,
    /// Tiles the attacker committed, once he has.
    pub attacker_commit: Option<u8>,
}

impl Conflict {
    /// The colour of the tiles committed: red in a revolt, the war's colour in a war.
    pub fn support_colour(&self) -> Colour {
        match self.kind {
            ConflictKind::Revolt => Colour::Red,
            ConflictKind::War => self.colour,
        }
    }
}

/// Everything every seat may see.
///
/// Deserialized through validation: the data must be the public part of a state that the
/// position checks accept (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::serialization::PublicData")
)]
pub struct Public {
    pub(crate) config: Config,
    /// Face-up civilization tiles by colour.
    pub(crate) tiles: [Squares; 4],
    /// Tiles turned face down under monuments: they connect, nothing else.
    pub(crate) flipped: Squares,
    /// The same tiles by colour (for counting and display).
    pub(crate) flipped_colours: [Squares; 4],
    pub(crate) catastrophes: Squares,
    pub(crate) treasures: Squares,
    /// `leaders[seat][colour]`.
    pub(crate) leaders: [[Option<Square>; 4]; 4],
    /// Top-left square of each monument built.
    pub(crate) monuments: [Option<Square>; 6],
    /// Top-left squares of 2x2 squares whose monument was declined.
    pub(crate) declined: Squares,
    /// The civilization building of each colour, by the square of its tile.
    pub(crate) buildings: [Option<Square>; 4],
    /// The centre of the ziggurat's cross, once built.
    pub(crate) ziggurat: Option<Square>,
    /// Centres of crosses whose ziggurat was declined.
    pub(crate) ziggurat_declined: Squares,
    pub(crate) hand_sizes: [u8; 4],
    pub(crate) catastrophes_left: [u8; 4],
    pub(crate) vp: [ColourMap<u32>; 4],
    pub(crate) treasures_taken: [u8; 4],
    /// Tiles that left the game in view of all (catastrophes, wars, commitments).
    pub(crate) removed: ColourMap<u16>,
    /// Tiles discarded face down by each seat's swaps.
    pub(crate) discard_counts: [u8; 4],
    pub(crate) bag_size: u16,
    pub(crate) active: Seat,
    pub(crate) actions_left: u8,
    pub(crate) pending: Pending,
    pub(crate) conflict: Option<Conflict>,
    /// Colours of the wars still to fight (bit per colour).
    pub(crate) wars: u8,
    pub(crate) unification: Option<Square>,
    /// The tile just placed, while its monument, ziggurat or building is to be decided.
    pub(crate) placed: Option<(Square, AfterPlacement)>,
    /// The end of the turn waits for the active seat's choice of ziggurat VP.
    pub(crate) ziggurat_vp_due: bool,
    pub(crate) draws: [u8; 4],
    pub(crate) after_draws: AfterDraws,
    pub(crate) bag_exhausted: bool,
    pub(crate) turn: u32,
    /// The game ended on the turn limit (rule G1), not by the rules.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) ended_on_limit: bool,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) regions: Regions,
}

/// A game of Tigris & Euphrates.
///
/// With the `serde` feature a state serializes as its position text and deserializes only
/// through the position's validation (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tigris {
    pub(crate) public: Public,
    pub(crate) hands: [ColourMap<u8>; 4],
    /// Colours of the tiles each seat discarded by swaps (hidden from the others).
    pub(crate) discarded: [ColourMap<u8>; 4],
    pub(crate) bag: Bag<Colour>,
}

#[inline]
fn sp(s: Square) -> Space {
    s.space()
}

#[inline]
fn sq(s: Space) -> Square {
    Square::from_space(s).expect("a space of the board")
}

impl Public {
    #[inline]
    pub(crate) fn board(&self) -> &'static Board {
        Board::get(self.config.board)
    }

    #[inline]
    pub(crate) fn seats(&self) -> usize {
        self.config.players as usize
    }

    #[inline]
    pub(crate) fn face_up(&self) -> Squares {
        self.tiles[0] | self.tiles[1] | self.tiles[2] | self.tiles[3]
    }

    /// Tiles (face up or down) and leaders: what links squares into regions.
    #[inline]
    pub(crate) fn occupied(&self) -> Squares {
        self.regions.occupied
    }

    /// The leader on a square, as (seat, colour).
    pub fn leader_at(&self, square: Square) -> Option<(Seat, Colour)> {
        for (i, seat) in self.leaders[..self.seats()].iter().enumerate() {
            for c in Colour::ALL {
                if seat[c.index()] == Some(square) {
                    return Some((Seat::new(i).expect("seat"), c));
                }
            }
        }
        None
    }

    fn empty(&self, occupied: Squares) -> Squares {
        self.board().grid().all() - occupied - self.catastrophes
    }

    /// Squares next to a face-up temple.
    fn temple_neighbourhood(&self) -> Squares {
        crate::board::dilate(self.tiles[Colour::Red.index()])
    }

    /// Tiles carrying a civilization building: safe from wars and catastrophes.
    #[inline]
    pub(crate) fn building_squares(&self) -> Squares {
        let mut set = Squares::EMPTY;
        for s in self.buildings.iter().flatten() {
            set.insert(sp(*s));
        }
        set
    }

    /// The tile just placed, if `step` is what is being decided about it.
    fn placed_at(&self, step: AfterPlacement) -> Option<Square> {
        self.placed.and_then(|(s, at)| (at == step).then_some(s))
    }

    /// The colour of the face-up tile on `square`.
    fn face_up_colour(&self, square: Square) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.tiles[c.index()].contains(sp(square)))
    }
}

impl Tigris {
    /// A new game: starting temples and treasures on the board, the initial deal pending.
    pub fn new(config: Config) -> Result<Tigris, TigrisError> {
        config.check()?;
        let board = Board::get(config.board);
        let temples = board.starting_temples();
        let mut bag = Bag::new();
        for c in Colour::ALL {
            bag.put(c, TILES_PER_COLOUR[c.index()]);
        }
        bag.take(Colour::Red, temples.len() as u32)
            .expect("fewer starting temples than red tiles");
        let n = config.players as usize;
        let mut tiles = [Squares::EMPTY; 4];
        tiles[Colour::Red.index()] = temples;
        let mut draws = [0; 4];
        draws[..n].fill(HAND_SIZE);
        let mut catastrophes_left = [0; 4];
        catastrophes_left[..n].fill(CATASTROPHES_PER_PLAYER);
        let mut game = Tigris {
            public: Public {
                config,
                tiles,
                flipped: Squares::EMPTY,
                flipped_colours: [Squares::EMPTY; 4],
                catastrophes: Squares::EMPTY,
                treasures: temples,
                leaders: [[None; 4]; 4],
                monuments: [None; 6],
                declined: Squares::EMPTY,
                buildings: [None; 4],
                ziggurat: None,
                ziggurat_declined: Squares::EMPTY,
                hand_sizes: [0; 4],
                catastrophes_left,
                vp: [ColourMap::splat(0); 4],
                treasures_taken: [0; 4],
                removed: ColourMap::splat(0),
                discard_counts: [0; 4],
                bag_size: bag.total() as u16,
                active: Seat::new(0).expect("seat 0"),
                actions_left: ACTIONS_PER_TURN,
                pending: Pending::Action,
                conflict: None,
                wars: 0,
                unification: None,
                placed: None,
                ziggurat_vp_due: false,
                draws,
                after_draws: AfterDraws::Setup,
                bag_exhausted: false,
                ended_on_limit: false,
                turn: 0,
                regions: Regions::default(),
            },
            hands: [ColourMap::splat(0); 4],
            discarded: [ColourMap::splat(0); 4],
            bag,
        };
        game.public.refresh_regions();
        game.settle(&mut NoEvents);
        Ok(game)
    }

    /// Everything every seat may see.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> ColourMap<u8> {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// Tiles left in the bag, by colour (hidden from the players).
    pub fn bag(&self) -> &Bag<Colour> {
        &self.bag
    }

    /// Plays an action and appends what happened to `events`.
    pub fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), TigrisError> {
        self.check(action)
            .map_err(|reason| TigrisError::Illegal { action, reason })?;
        self.play(action, events);
        Ok(())
    }

    /// Resolves the pending draw and appends what happened to `events`.
    pub fn apply_chance_with_events(
        &mut self,
        draw: Chance,
        events: &mut Vec<Event>,
    ) -> Result<(), TigrisError> {
        self.draw(draw, events)
    }

    /// Plays a checked action.
    fn play(&mut self, action: Action, ev: &mut impl EventSink<Event>) {
        let active = self.public.active;
        match action.kind() {
            ActionKind::Pass => self.public.actions_left = 0,
            ActionKind::Tile(c, s) => {
                self.public.actions_left -= 1;
                self.place_tile(c, s, ev);
            }
            ActionKind::Leader(c, s) => {
                self.public.actions_left -= 1;
                self.place_leader(c, s, ev);
            }
            ActionKind::Withdraw(c) => {
                self.public.actions_left -= 1;
                if let Some(from) = self.public.set_leader(active, c, None) {
                    self.public.regions_lose(Squares::single(sp(from)));
                }
            }
            ActionKind::Catastrophe(s) => {
                self.public.actions_left -= 1;
                self.catastrophe(s, ev);
            }
            ActionKind::Swap(d) => {
                self.public.actions_left -= 1;
                let a = active.index();
                let mut n = 0;
                for c in Colour::ALL {
                    let k = d[c.index()];
                    self.hands[a][c] -= k;
                    self.discarded[a][c] += k;
                    n += k;
                }
                self.public.hand_sizes[a] -= n;
                self.public.discard_counts[a] += n;
                self.public.draws[a] = n;
                self.public.after_draws = AfterDraws::Swap;
            }
            ActionKind::Support(n) => self.commit(n, ev),
            ActionKind::War(c) => self.start_war(c, ev),
            ActionKind::Monument(m, s) => self.build_monument(m, s, ev),
            ActionKind::Decline => self.decline(ev),
            ActionKind::Treasure(s) => {
                if let Pending::Treasure(owner) = self.public.pending {
                    self.take_treasure(owner, s, ev);
                }
            }
            ActionKind::Ziggurat(s) => self.build_ziggurat(s, ev),
            ActionKind::Building(s) => self.put_building(s, ev),
            ActionKind::ZigguratVp(c) => {
                let p = &mut self.public;
                p.ziggurat_vp_due = false;
                p.vp[active.index()][c] += 1;
                ev.push(Event::Vp {
                    seat: active,
                    colour: c,
                    amount: 1,
                });
                self.finish_turn(ev);
            }
        }
        self.settle(ev);
    }
}

/// What one seat may know: the public state, its own hand and its own discards.
///
/// In JSON (feature `serde`): squares by name, one entry per seat, a `version`
/// (`serialization::VIEW_VERSION`); read back through validation: it must be the view of a
/// state that the position checks accept (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        into = "crate::serialization::ViewJson",
        try_from = "crate::serialization::ViewJson"
    )
)]
pub struct TigrisView {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Everything public.
    pub public: Public,
    /// The seat's own hand.
    pub hand: ColourMap<u8>,
    /// The tiles the seat discarded by swaps.
    pub discarded: ColourMap<u8>,
}

impl Game for Tigris {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = TigrisView;
    type Error = TigrisError;
    const NAME: &'static str = "tigris";

    fn new(config: &Config) -> Result<Self, TigrisError> {
        Tigris::new(*config)
    }

    fn config(&self) -> &Config {
        &self.public.config
    }

    fn seat_count(&self) -> usize {
        self.public.seats()
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.public.pending {
            Pending::Action
            | Pending::WarOrder
            | Pending::Monument
            | Pending::Ziggurat
            | Pending::Building
            | Pending::ZigguratVp => ToMove::Seat(self.public.active),
            Pending::Support(s) | Pending::Treasure(s) => ToMove::Seat(s),
            Pending::Draw(_) => ToMove::Chance,
            Pending::Over => ToMove::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), TigrisError> {
        self.check(action)
            .map_err(|reason| TigrisError::Illegal { action, reason })?;
        self.play(action, &mut NoEvents);
        Ok(())
    }

    /// Exact and list-free: the action `legal[uniform_below(rng, legal.len())]` would give.
    fn sample_legal_action<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        self.sample_legal(rng).map(|(action, _)| action)
    }

    /// Draws as [`sample_legal_action`](Game::sample_legal_action) does and plays the draw
    /// without a second check: it came from this state's own sampler, inside this call.
    fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        _scratch: &mut Vec<Action>,
    ) -> mesopotamia_core::PlayedAction<Self> {
        Ok(self.play_sampled(rng).map(|(action, _)| action))
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, u32)>) {
        out.clear();
        if let Pending::Draw(_) = self.public.pending {
            out.extend(self.bag.outcomes().map(|(c, n)| (Chance(c), n)));
        }
    }

    fn apply_chance(&mut self, outcome: Chance) -> Result<(), TigrisError> {
        self.draw(outcome, &mut NoEvents)
    }

    /// The draw [`sample_weighted`](mesopotamia_core::chance::sample_weighted) over the
    /// listed outcomes gives (the bag's kinds in the same order, by the same weights),
    /// without listing them: a draw happens at nearly every other step of a game.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Chance, u32)>,
    ) -> Option<Chance> {
        match self.public.pending {
            Pending::Draw(_) => self.bag.sample(rng).map(Chance),
            _ => None,
        }
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

    fn view(&self, seat: Seat) -> TigrisView {
        TigrisView {
            seat,
            public: self.public.clone(),
            hand: self.hand(seat),
            discarded: self
                .discarded
                .get(seat.index())
                .copied()
                .unwrap_or_default(),
        }
    }

    fn standings(&self) -> Option<Standings> {
        (self.public.pending == Pending::Over).then(|| {
            let keys: Vec<[u32; 4]> = Seat::all(self.public.seats())
                .map(|s| self.public.standing_key(s))
                .collect();
            Standings::from_keys(&keys)
        })
    }

    /// The turn limit bounds the game (rule G1). A turn holds at most 2 actions of at
    /// most 34 steps each (the action, 4 wars of 3 decisions, monument, ziggurat and
    /// building, 12 treasure picks, 6 draws of a swap) and its end 25 more (the ziggurat VP,
    /// 24 draws): 100 steps a turn, and 24 draws of the initial deal.
    fn max_steps(&self) -> usize {
        24 + 100 * self.public.config.turn_limit as usize
    }

    fn end_reason(&self) -> Option<mesopotamia_core::EndReason> {
        use mesopotamia_core::EndReason;
        (self.public.pending == Pending::Over).then_some(if self.public.ended_on_limit {
            EndReason::TurnLimit
        } else {
            EndReason::Rules
        })
    }

    fn chance_seen_by(&self) -> mesopotamia_core::SeatSet {
        match self.public.pending {
            // A seat draws its tiles from the bag in secret.
            Pending::Draw(seat) => core::iter::once(seat).collect(),
            _ => Seat::all(self.public.seats()).collect(),
        }
    }

    fn action_seen_by_others(&self, action: Action) -> String {
        match action.kind() {
            // Swapped tiles are discarded face down: the others see how many.
            ActionKind::Swap(discard) => format!(
                "swap {} tiles",
                discard.iter().map(|&n| u32::from(n)).sum::<u32>()
            ),
            _ => action.to_string(),
        }
    }

    /// Other seats' hands and face-down discards dealt again from every tile `observer`
    /// cannot see; a seat asked for its support is dealt a hand that makes the decision a
    /// real one, as the table knows it holds.
    fn resample_hidden<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> Self {
        self.redraw_hidden(observer, rng)
    }
}
