//! Serialization through validation: saved JSON that was edited by hand or by a
//! program must either be refused with an error or give a state the engine can play, never
//! a state that panics later.
//!
//! - A [`Tigris`] state is its position text (the [`Position`] format), read back only
//!   through [`Position::into_game`], which checks every rule of a position.
//! - A [`TigrisView`] has a JSON form of its own, versioned ([`VIEW_VERSION`]), with squares by name,
//!   one entry per seat and colours named; it is read into the fields below and checked as
//!   they are.
//! - A [`Public`] part or a [`TigrisView`] is read field by field, then accepted only if it
//!   is the public part (or a seat's view) of some state the position checks accept: what
//!   it cannot show (other hands, the bag) is filled in from the tiles it does not account
//!   for, and the state so completed must validate and show exactly the data read.
//! - A [`Config`] is checked by [`Config::check`].
//!
//! ```
//! use tigris_euphrates::{Config, Tigris};
//! use tigris_euphrates::core::Game;
//!
//! let mut game = Tigris::new(Config::new(2)).unwrap();
//! while let Some((draw, _)) = { let mut o = Vec::new(); game.chance_outcomes(&mut o); o.first().copied() } {
//!     game.apply_chance(draw).unwrap();
//! }
//! let json = serde_json::to_string(&game).unwrap();
//! assert_eq!(serde_json::from_str::<Tigris>(&json).unwrap(), game);
//! // Seat 0 with 9 tiles in hand (a hand holds 6): refused, with the reason.
//! let tampered = json.replacen("seat 0 hand ", "seat 0 hand 3", 1);
//! let err = serde_json::from_str::<Tigris>(&tampered).unwrap_err();
//! assert!(err.to_string().contains("seat 0 holds more than 6 tiles"), "{err}");
//! ```

use mesopotamia_core::{Bag, ByColour, Colour, ColourMap, Seat};

use crate::action::Monument;
use crate::board::{Square, Squares};
use crate::state::{
    AfterDraws, AfterPlacement, Conflict, Pending, Public, TILES_PER_COLOUR, Tigris, TigrisView,
};
use crate::{Config, Position};

// A whole state as its position text, read back through validation.
mesopotamia_core::serde_via_setup!(Tigris, Position);

/// The fields of [`Public`], as read before they are checked.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PublicData {
    config: Config,
    /// Face-up civilization tiles by colour.
    tiles: [Squares; 4],
    /// Tiles turned face down under monuments: they connect, nothing else.
    flipped: Squares,
    /// The same tiles by colour (for counting and display).
    flipped_colours: [Squares; 4],
    catastrophes: Squares,
    treasures: Squares,
    /// `leaders[seat][colour]`.
    leaders: [[Option<Square>; 4]; 4],
    /// Top-left square of each monument built.
    monuments: [Option<Square>; 6],
    /// Top-left squares of 2x2 squares whose monument was declined.
    declined: Squares,
    /// The civilization building of each colour, by the square of its tile.
    buildings: [Option<Square>; 4],
    /// The centre of the ziggurat's cross, once built.
    ziggurat: Option<Square>,
    /// Centres of crosses whose ziggurat was declined.
    ziggurat_declined: Squares,
    hand_sizes: [u8; 4],
    catastrophes_left: [u8; 4],
    vp: [ColourMap<u32>; 4],
    treasures_taken: [u8; 4],
    /// Tiles that left the game in view of all (catastrophes, wars, commitments).
    removed: ColourMap<u16>,
    /// Tiles discarded face down by each seat's swaps.
    discard_counts: [u8; 4],
    bag_size: u16,
    active: Seat,
    actions_left: u8,
    pending: Pending,
    conflict: Option<Conflict>,
    /// Colours of the wars still to fight (bit per colour).
    wars: u8,
    unification: Option<Square>,
    /// The tile just placed, while its monument, ziggurat or building is to be decided.
    placed: Option<(Square, AfterPlacement)>,
    /// The end of the turn waits for the active seat's choice of ziggurat VP.
    ziggurat_vp_due: bool,
    draws: [u8; 4],
    after_draws: AfterDraws,
    bag_exhausted: bool,
    turn: u32,
    /// The game ended on the turn limit (rule G1), not by the rules.
    #[serde(default)]
    ended_on_limit: bool,
}

impl TryFrom<PublicData> for Public {
    type Error = InvalidData;

    fn try_from(d: PublicData) -> Result<Public, InvalidData> {
        let mut public = Public {
            config: d.config,
            tiles: d.tiles,
            flipped: d.flipped,
            flipped_colours: d.flipped_colours,
            catastrophes: d.catastrophes,
            treasures: d.treasures,
            leaders: d.leaders,
            monuments: d.monuments,
            declined: d.declined,
            buildings: d.buildings,
            ziggurat: d.ziggurat,
            ziggurat_declined: d.ziggurat_declined,
            hand_sizes: d.hand_sizes,
            catastrophes_left: d.catastrophes_left,
            vp: d.vp,
            treasures_taken: d.treasures_taken,
            removed: d.removed,
            discard_counts: d.discard_counts,
            bag_size: d.bag_size,
            active: d.active,
            actions_left: d.actions_left,
            pending: d.pending,
            conflict: d.conflict,
            wars: d.wars,
            unification: d.unification,
            placed: d.placed,
            ziggurat_vp_due: d.ziggurat_vp_due,
            draws: d.draws,
            after_draws: d.after_draws,
            bag_exhausted: d.bag_exhausted,
            turn: d.turn,
            ended_on_limit: d.ended_on_limit,
            regions: Default::default(),
        };
        public.refresh_regions();
        let state = complete(&public, None)?;
        if state.public != public {
            return Err(InvalidData(
                "the public data is not that of any valid state".into(),
            ));
        }
        Ok(state.public)
    }
}

/// The fields of [`TigrisView`], as read before they are checked.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewData {
    seat: Seat,
    public: Public,
    hand: ColourMap<u8>,
    discarded: ColourMap<u8>,
}

impl TryFrom<ViewData> for TigrisView {
    type Error = InvalidData;

    fn try_from(d: ViewData) -> Result<TigrisView, InvalidData> {
        let state = complete(&d.public, Some((d.seat, d.hand, d.discarded)))?;
        let view = mesopotamia_core::Game::view(&state, d.seat);
        if view.public != d.public || view.hand != d.hand || view.discarded != d.discarded {
            return Err(InvalidData(format!(
                "the view is not seat {}'s view of any valid state",
                d.seat
            )));
        }
        Ok(view)
    }
}

/// Saved data that is not that of a valid state, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidData(String);

/// A state with this public part (and this seat's own hand and discards, if given):
/// the tiles the data does not place are dealt in colour order to the other hands and
/// discards, the rest is the bag; the state must pass the position checks.
fn complete(
    public: &Public,
    own: Option<(Seat, ColourMap<u8>, ColourMap<u8>)>,
) -> Result<Tigris, InvalidData> {
    let bad = |m: String| InvalidData(m);
    let n = public.config.players as usize;
    if let Some((seat, ..)) = own {
        if seat.index() >= n {
            return Err(bad(format!("seat {seat} at a table of {n}")));
        }
    }
    let mut pool = [0i64; 4];
    for c in Colour::ALL {
        let i = c.index();
        let mut unseen = TILES_PER_COLOUR[i] as i64
            - public.tiles[i].len() as i64
            - public.flipped_colours[i].len() as i64
            - public.removed[c] as i64;
        if let Some((_, hand, discarded)) = own {
            unseen -= hand[c] as i64 + discarded[c] as i64;
        }
        if unseen < 0 {
            return Err(bad(format!("more {c} tiles than the game has")));
        }
        pool[i] = unseen;
    }
    // A seat whose support is pending gets the tiles of the conflict's colour first: with
    // fewer, a decision it really has could look forced and be taken by the checks.
    let supporter = match (public.pending, public.conflict) {
        (Pending::Support(seat), Some(conflict)) => Some((seat, conflict.support_colour())),
        _ => None,
    };
    let mut deal = |count: u8, first: Option<Colour>| -> Result<ColourMap<u8>, InvalidData> {
        let mut out = ColourMap::<u8>::default();
        let mut left = count as i64;
        for c in first.into_iter().chain(Colour::ALL) {
            let take = left.min(pool[c.index()]);
            pool[c.index()] -= take;
            out[c] += take as u8;
            left -= take;
        }
        if left > 0 {
            return Err(InvalidData(
                "fewer unseen tiles than hidden hands and discards".into(),
            ));
        }
        Ok(out)
    };
    let mut hands = [ColourMap::<u8>::default(); 4];
    let mut discarded = [ColourMap::<u8>::default(); 4];
    if let Some((seat, hand, own_discarded)) = own {
        hands[seat.index()] = hand;
        discarded[seat.index()] = own_discarded;
    }
    let hidden = |s: usize| own.is_none_or(|(seat, ..)| seat.index() != s);
    // The supporter's hand first, then the other hands, then the discards.
    let mut order: Vec<usize> = (0..n).filter(|&s| hidden(s)).collect();
    order.sort_by_key(|&s| supporter.is_none_or(|(seat, _)| seat.index() != s));
    for &s in &order {
        let first = supporter
            .filter(|(seat, _)| seat.index() == s)
            .map(|(_, c)| c);
        hands[s] = deal(public.hand_sizes[s], first)?;
    }
    for &s in &order {
        discarded[s] = deal(public.discard_counts[s], None)?;
    }
    let mut bag = Bag::new();
    for c in Colour::ALL {
        let left = u16::try_from(pool[c.index()]).map_err(|_| bad("too many tiles".into()))?;
        bag.put(c, left);
    }
    if bag.total() != public.bag_size as u32 {
        return Err(bad(format!(
            "a bag of {} tiles, but {} tiles are unaccounted for",
            public.bag_size,
            bag.total()
        )));
    }
    let state = Tigris {
        public: public.clone(),
        hands,
        discarded,
        bag,
    };
    Position::from_game(&state)
        .into_game()
        .map_err(|v| bad(mesopotamia_core::setup::violations_message(&v)))
}

/// The version of the JSON form of a seat's view ([`TigrisView`]) this library writes and
/// reads.
pub const VIEW_VERSION: u32 = 1;

fn names(set: Squares) -> Vec<Square> {
    set.iter().filter_map(Square::from_space).collect()
}

fn set_of(squares: &[Square]) -> Squares {
    let mut set = Squares::default();
    for s in squares {
        set.insert(s.space());
    }
    set
}

/// One seat at the table, as every seat sees it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeatJson {
    hand_size: u8,
    catastrophes: u8,
    vp: ByColour<u32>,
    treasures: u8,
    /// Tiles discarded face down by swaps.
    discarded: u8,
    /// Tiles still to draw.
    draws: u8,
    /// Where each leader stands (`null`: in supply).
    leaders: ByColour<Option<Square>>,
}

/// The JSON form of a seat's view: squares by name (`"F3"`), one entry per seat at the
/// table, colours named, and a `version` ([`VIEW_VERSION`]). Read back through the same
/// validation as the field-by-field form: the view must be that of a state the position
/// checks accept.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewJson {
    version: u32,
    game: String,
    seat: Seat,
    config: Config,
    hand: ByColour<u8>,
    discarded: ByColour<u8>,
    seats: Vec<SeatJson>,
    /// Face-up tiles.
    tiles: ByColour<Vec<Square>>,
    /// Tiles face down under a monument or the ziggurat.
    face_down: ByColour<Vec<Square>>,
    catastrophes: Vec<Square>,
    treasures: Vec<Square>,
    /// Monument (`"red-green"`) to its top-left square.
    monuments: std::collections::BTreeMap<String, Square>,
    declined_monuments: Vec<Square>,
    buildings: ByColour<Option<Square>>,
    ziggurat: Option<Square>,
    declined_ziggurats: Vec<Square>,
    /// Tiles out of the game in view of all.
    removed: ByColour<u16>,
    bag: u16,
    turn: u32,
    active: Seat,
    actions_left: u8,
    pending: Pending,
    conflict: Option<Conflict>,
    wars: Vec<Colour>,
    unification: Option<Square>,
    placed: Option<(Square, AfterPlacement)>,
    ziggurat_vp_due: bool,
    after_draws: AfterDraws,
    bag_exhausted: bool,
    ended_on_limit: bool,
}

impl From<TigrisView> for ViewJson {
    fn from(v: TigrisView) -> ViewJson {
        let p = &v.public;
        let by_colour_sets = |sets: &[Squares; 4]| {
            ByColour::from(ColourMap::from_fn(|c| c.index())).map(|i| names(sets[i]))
        };
        ViewJson {
            version: VIEW_VERSION,
            game: "tigris".into(),
            seat: v.seat,
            config: p.config,
            hand: v.hand.into(),
            discarded: v.discarded.into(),
            seats: (0..p.seats())
                .map(|s| SeatJson {
                    hand_size: p.hand_sizes[s],
                    catastrophes: p.catastrophes_left[s],
                    vp: p.vp[s].into(),
                    treasures: p.treasures_taken[s],
                    discarded: p.discard_counts[s],
                    draws: p.draws[s],
                    leaders: ColourMap::from_array(p.leaders[s]).into(),
                })
                .collect(),
            tiles: by_colour_sets(&p.tiles),
            face_down: by_colour_sets(&p.flipped_colours),
            catastrophes: names(p.catastrophes),
            treasures: names(p.treasures),
            monuments: Monument::ALL
                .iter()
                .filter_map(|m| p.monuments[m.index()].map(|s| (m.to_string(), s)))
                .collect(),
            declined_monuments: names(p.declined),
            buildings: ColourMap::from_array(p.buildings).into(),
            ziggurat: p.ziggurat,
            declined_ziggurats: names(p.ziggurat_declined),
            removed: p.removed.into(),
            bag: p.bag_size,
            turn: p.turn,
            active: p.active,
            actions_left: p.actions_left,
            pending: p.pending,
            conflict: p.conflict,
            wars: p.wars().collect(),
            unification: p.unification,
            placed: p.placed,
            ziggurat_vp_due: p.ziggurat_vp_due,
            after_draws: p.after_draws,
            bag_exhausted: p.bag_exhausted,
            ended_on_limit: p.ended_on_limit,
        }
    }
}

impl TryFrom<ViewJson> for TigrisView {
    type Error = InvalidData;

    fn try_from(j: ViewJson) -> Result<TigrisView, InvalidData> {
        let bad = |m: String| InvalidData(m);
        mesopotamia_core::record::check_view_header(j.version, &j.game, VIEW_VERSION, "tigris")
            .map_err(bad)?;
        let n = j.config.players as usize;
        if j.seats.len() != n {
            return Err(bad(format!("{} seats at a table of {n}", j.seats.len())));
        }
        let per_seat = |f: &dyn Fn(&SeatJson) -> u8| {
            let mut out = [0u8; 4];
            for (s, seat) in j.seats.iter().enumerate() {
                out[s] = f(seat);
            }
            out
        };
        let hand_sizes = per_seat(&|s| s.hand_size);
        let catastrophes_left = per_seat(&|s| s.catastrophes);
        let treasures_taken = per_seat(&|s| s.treasures);
        let discard_counts = per_seat(&|s| s.discarded);
        let draws = per_seat(&|s| s.draws);
        let mut vp = [ColourMap::default(); 4];
        let mut leaders = [[None; 4]; 4];
        for (s, seat) in j.seats.iter().enumerate() {
            vp[s] = seat.vp.into();
            leaders[s] = ColourMap::from(seat.leaders).into_array();
        }
        let tiles = ColourMap::from(j.tiles.map(|v| set_of(&v))).into_array();
        let flipped_colours = ColourMap::from(j.face_down.map(|v| set_of(&v))).into_array();
        let mut flipped = Squares::default();
        for set in &flipped_colours {
            for space in set.iter() {
                flipped.insert(space);
            }
        }
        let mut monuments = [None; 6];
        for (name, square) in &j.monuments {
            let m: Monument = name
                .parse()
                .map_err(|_| bad(format!("unknown monument `{name}`")))?;
            monuments[m.index()] = Some(*square);
        }
        let mut wars = 0u8;
        for c in &j.wars {
            wars |= 1 << c.index();
        }
        let data = PublicData {
            config: j.config,
            tiles,
            flipped,
            flipped_colours,
            catastrophes: set_of(&j.catastrophes),
            treasures: set_of(&j.treasures),
            leaders,
            monuments,
            declined: set_of(&j.declined_monuments),
            buildings: ColourMap::from(j.buildings).into_array(),
            ziggurat: j.ziggurat,
            ziggurat_declined: set_of(&j.declined_ziggurats),
            hand_sizes,
            catastrophes_left,
            vp,
            treasures_taken,
            removed: j.removed.into(),
            discard_counts,
            bag_size: j.bag,
            active: j.active,
            actions_left: j.actions_left,
            pending: j.pending,
            conflict: j.conflict,
            wars,
            unification: j.unification,
            placed: j.placed,
            ziggurat_vp_due: j.ziggurat_vp_due,
            draws,
            after_draws: j.after_draws,
            bag_exhausted: j.bag_exhausted,
            turn: j.turn,
            ended_on_limit: j.ended_on_limit,
        };
        let public = Public::try_from(data)?;
        TigrisView::try_from(ViewData {
            seat: j.seat,
            public,
            hand: j.hand.into(),
            discarded: j.discarded.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::Game;

    use super::*;

    /// A 3-player game after the deal and a few actions.
    fn game() -> Tigris {
        let mut game = Tigris::new(Config::new(3)).unwrap();
        mesopotamia_testkit::walk(&mut game, 60);
        game
    }

    #[test]
    fn views_in_json_name_squares_and_seats_and_round_trip() {
        let game = game();
        for seat in Seat::all(3) {
            let view = game.view(seat);
            let json = serde_json::to_string(&view).unwrap();
            let value: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(value["version"], VIEW_VERSION);
            assert_eq!(value["game"], "tigris");
            assert_eq!(value["seats"].as_array().unwrap().len(), 3, "no padding");
            assert!(value["treasures"][0].as_str().unwrap().len() >= 2, "{json}");
            assert!(value["hand"]["red"].is_number(), "{json}");
            assert_eq!(serde_json::from_str::<TigrisView>(&json).unwrap(), view);
        }
    }

    #[test]
    fn tampered_views_are_refused() {
        let view = game().view(Seat::new(1).unwrap());
        let json = serde_json::to_string(&view).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let refused = |change: &dyn Fn(&mut serde_json::Value), why: &str| {
            let mut v = value.clone();
            change(&mut v);
            let err = serde_json::from_value::<TigrisView>(v)
                .unwrap_err()
                .to_string();
            assert!(err.contains(why), "{why}: {err}");
        };
        refused(&|v| v["version"] = 2.into(), "a view of version 2");
        refused(&|v| v["game"] = "cards".into(), "a view of `cards`");
        refused(
            &|v| {
                let extra = v["seats"][0].clone();
                v["seats"].as_array_mut().unwrap().push(extra);
            },
            "4 seats at a table of 3",
        );
        refused(&|v| v["hand"]["red"] = 40.into(), "");
        refused(&|v| v["treasures"][0] = "Z99".into(), "");
        refused(&|v| v["bag"] = 3.into(), "");
        refused(&|v| v["seat"] = 3.into(), "seat 3 at a table of 3");
        refused(&|v| v["padding"] = 0.into(), "unknown field");
    }
}
