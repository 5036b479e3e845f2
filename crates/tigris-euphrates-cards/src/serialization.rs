//! Serialization through validation: saved JSON that was edited by hand or by a program
//! must either be refused with an error or give a state the engine can play, never a state
//! that panics later.
//!
//! - A [`Cards`] state is its position text (the [`Position`] format), read back only
//!   through [`Position::into_game`], which checks every rule of a position.
//! - A [`CardsView`] has a JSON form of its own, versioned ([`VIEW_VERSION`]), with places by name,
//!   one entry per seat and colours named; it is read into the fields below and checked as
//!   they are.
//! - A [`Public`] part or a [`CardsView`] is read field by field, then accepted only if it
//!   is the public part (or a seat's view) of some state the position checks accept: what
//!   it cannot show (other hands, buried pile cards, the deck, the cards removed unseen) is
//!   filled in from the cards it does not account for, and the state so completed must
//!   validate and show exactly the data read.
//! - A [`Config`] is checked by [`Config::check`].
//!
//! ```
//! use tigris_euphrates_cards::{Cards, Config};
//! use tigris_euphrates_cards::core::Game;
//!
//! let mut game = Cards::new(Config::new(3)).unwrap();
//! while let Some((draw, _)) = { let mut o = Vec::new(); game.chance_outcomes(&mut o); o.first().copied() } {
//!     game.apply_chance(draw).unwrap();
//! }
//! let json = serde_json::to_string(&game).unwrap();
//! assert_eq!(serde_json::from_str::<Cards>(&json).unwrap(), game);
//! // Seat 0 with 9 red cards more (a hand holds 8): refused, with the reason.
//! let tampered = json.replacen("seat 0 hand ", "seat 0 hand 9", 1);
//! let err = serde_json::from_str::<Cards>(&tampered).unwrap_err();
//! assert!(err.to_string().contains("seat 0 holds more than 8 cards"), "{err}");
//! ```

use mesopotamia_core::{ByColour, Colour, ColourMap, Seat};

use crate::action::{COLUMN_CARDS, COLUMNS, LINKS, PLACES, Place};
use crate::state::{
    Card, Cards, CardsView, Conflict, DECK, Leader, Masks, PILE_CAPACITY, Pending, Piece, Public,
    REMOVED_WITH_TWO,
};
use crate::{Config, Position};

// A whole state as its position text, read back through validation.
mesopotamia_core::serde_via_setup!(Cards, Position);

/// The fields of [`Public`], as read before they are checked.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PublicData {
    config: Config,
    treasure_heads: [bool; COLUMNS],
    columns: [[Option<Piece>; COLUMN_CARDS]; COLUMNS],
    links: [Option<(Colour, bool)>; LINKS],
    leaders: Vec<Option<Leader>>,
    catastrophe_left: [bool; 4],
    boats_left: [bool; 3],
    hand_sizes: [u8; 4],
    discarded: u16,
    deck_size: u16,
    active: Seat,
    actions_left: u8,
    pending: Pending,
    conflict: Option<Conflict>,
    conflicts: u8,
    joining: Option<u8>,
    treasure_slot: Option<u8>,
    boat_column: Option<u8>,
    bank_offer: Option<(Seat, Colour)>,
    spoils: Option<(Seat, Colour, u8)>,
    boat_banking: u8,
    ending_turn: bool,
    draws: [u8; 4],
    removals_left: u8,
    over: bool,
    /// The game ended on the turn limit (rule G1), not by the rules.
    #[serde(default)]
    ended_on_limit: bool,
    turn: u32,
}

impl TryFrom<PublicData> for Public {
    type Error = InvalidData;

    fn try_from(d: PublicData) -> Result<Public, InvalidData> {
        // Out-of-range indices are refused before anything indexes with them.
        let leaders: [Option<Leader>; PLACES] = d.leaders.try_into().map_err(|l: Vec<_>| {
            InvalidData(format!(
                "{} leader places, but the display has {PLACES}",
                l.len()
            ))
        })?;
        let link_slot = |l: Option<u8>| l.is_none_or(|l| (l as usize) < LINKS);
        let column = |c: Option<u8>| c.is_none_or(|c| (c as usize) < COLUMNS);
        if !link_slot(d.joining)
            || !link_slot(d.treasure_slot)
            || !column(d.boat_column)
            || !column(d.spoils.map(|(_, _, c)| c))
        {
            return Err(InvalidData(
                "a link slot beyond 7 or a column beyond 8".into(),
            ));
        }
        // Colour bits only (issue 24: bit 4 of `conflicts` was taken for a fifth colour), and
        // bit 7 of `boat_banking` for the banking under way.
        if d.conflicts > 0x0F || d.boat_banking & 0x70 != 0 {
            return Err(InvalidData(format!(
                "conflicts {} or boat banking {}: colour bits are 0 to 3 (boat banking also 7)",
                d.conflicts, d.boat_banking
            )));
        }
        let mut public = Public {
            config: d.config,
            treasure_heads: d.treasure_heads,
            columns: d.columns,
            links: d.links,
            leaders,
            catastrophe_left: d.catastrophe_left,
            boats_left: d.boats_left,
            hand_sizes: d.hand_sizes,
            discarded: d.discarded,
            deck_size: d.deck_size,
            active: d.active,
            actions_left: d.actions_left,
            pending: d.pending,
            conflict: d.conflict,
            conflicts: d.conflicts,
            joining: d.joining,
            treasure_slot: d.treasure_slot,
            boat_column: d.boat_column,
            bank_offer: d.bank_offer,
            spoils: d.spoils,
            boat_banking: d.boat_banking,
            ending_turn: d.ending_turn,
            draws: d.draws,
            removals_left: d.removals_left,
            over: d.over,
            ended_on_limit: d.ended_on_limit,
            turn: d.turn,
            masks: Masks::default(),
        };
        public.rebuild();
        let state = complete(&public, None)?;
        if state.public != public {
            return Err(InvalidData(
                "the public data is not that of any valid state".into(),
            ));
        }
        Ok(state.public)
    }
}

/// Writes the leaders of the display's 79 places as a list.
pub(crate) fn leaders_list<S: serde::Serializer>(
    leaders: &[Option<Leader>; PLACES],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(leaders.iter())
}

/// The fields of [`CardsView`], as read before they are checked.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewData {
    seat: Seat,
    public: Public,
    hand: ColourMap<u8>,
    piles: Vec<(usize, Vec<Card>)>,
}

impl TryFrom<ViewData> for CardsView {
    type Error = InvalidData;

    fn try_from(d: ViewData) -> Result<CardsView, InvalidData> {
        let state = complete(&d.public, Some((d.seat, d.hand, &d.piles)))?;
        let view = mesopotamia_core::Game::view(&state, d.seat);
        if view.public != d.public || view.hand != d.hand || view.piles != d.piles {
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

/// Takes `count` cards from `pool`, of colour `first` while it lasts, then in colour order.
fn deal(
    pool: &mut [i64; 4],
    count: usize,
    first: Option<Colour>,
) -> Result<ColourMap<u16>, InvalidData> {
    let mut out = ColourMap::<u16>::default();
    let mut left = i64::try_from(count).unwrap_or(i64::MAX);
    for c in first.into_iter().chain(Colour::ALL) {
        let take = left.min(pool[c.index()]);
        pool[c.index()] -= take;
        out[c] += take as u16;
        left -= take;
    }
    if left > 0 {
        return Err(InvalidData(
            "fewer unseen cards than hidden hands, piles and deck".into(),
        ));
    }
    Ok(out)
}

/// What a seat's view adds to the public part: the seat, its hand, and each pile's size
/// with the cards shown.
type Seen<'a> = (Seat, ColourMap<u8>, &'a [(usize, Vec<Card>)]);

/// A state with this public part (and this seat's own hand and the piles as it sees them,
/// if given): the cards the data does not place are dealt in colour order to the other
/// hands, then under the piles' top cards, then to the deck and the cards removed unseen,
/// the rest being the discards; the state must pass the position checks.
fn complete(public: &Public, own: Option<Seen<'_>>) -> Result<Cards, InvalidData> {
    let bad = |m: String| InvalidData(m);
    let n = public.config.players as usize;
    if let Some((seat, _, piles)) = own {
        if seat.index() >= n {
            return Err(bad(format!("seat {seat} at a table of {n}")));
        }
        if piles.len() != n {
            return Err(bad(format!("{} piles at a table of {n}", piles.len())));
        }
    }
    // The civilization cards each colour has left to place (treasures* count red once a
    // temple replaced them), and the treasures not on the display.
    let mut pool = DECK.map(|x| x as i64);
    let mut on_display = |c: Colour| pool[c.index()] -= 1;
    for piece in public.columns.iter().flatten().flatten() {
        if let Piece::Card(c) = piece {
            on_display(*c);
        }
    }
    for (c, _) in public.links.iter().flatten() {
        on_display(*c);
    }
    for _ in public.treasure_heads.iter().filter(|&&t| !t) {
        on_display(Colour::Red);
    }
    if let Some(conflict) = &public.conflict {
        pool[conflict.support_colour().index()] -= conflict.attacker_commit.unwrap_or(0) as i64;
    }
    let mut treasures = 8 - public.treasure_heads.iter().filter(|&&t| t).count() as i64;
    let mut hands = vec![ColourMap::<u8>::default(); n];
    // Each pile: the cards it is known to hold, and how many more lie hidden in it.
    let mut piles: Vec<(Vec<Card>, usize)> = vec![(Vec::new(), 0); n];
    match own {
        Some((seat, hand, shown)) => {
            hands[seat.index()] = hand;
            for c in Colour::ALL {
                pool[c.index()] -= hand[c] as i64;
            }
            for (s, (len, cards)) in shown.iter().enumerate() {
                // Checked before any count is dealt from it (issue 24).
                if *len > PILE_CAPACITY {
                    return Err(bad(format!(
                        "pile {s} of {len} cards: a pile holds at most {PILE_CAPACITY}"
                    )));
                }
                if cards.len() > *len || (*len > 0 && cards.is_empty()) {
                    return Err(bad(format!(
                        "pile {s} of {len} cards shows {} cards",
                        cards.len()
                    )));
                }
                for card in cards {
                    match card {
                        Card::Civ(c) => pool[c.index()] -= 1,
                        Card::Treasure => treasures -= 1,
                    }
                }
                // The hidden cards go under the cards shown (a closed pile shows its top).
                piles[s] = (cards.clone(), len - cards.len());
            }
        }
        None => {
            // Nothing tells the piles apart: the unplaced cards all go to seat 0's pile.
        }
    }
    if let Some(c) = Colour::ALL.into_iter().find(|c| pool[c.index()] < 0) {
        return Err(bad(format!("more {c} cards than the game has")));
    }
    if treasures < 0 {
        return Err(bad("more treasures than the game has".into()));
    }
    // A seat with a decision pending gets the cards that decision needs first: with fewer,
    // a decision it really has could look forced and be taken by the checks.
    let needs = match public.pending {
        Pending::Support(seat) => public.conflict.map(|c| (seat, c.support_colour())),
        Pending::Bank(seat, colour) => Some((seat, colour)),
        Pending::Treasure(seat) => Some((seat, Colour::Red)),
        _ => None,
    };
    let hidden = |s: usize| own.is_none_or(|(seat, ..)| seat.index() != s);
    let mut order: Vec<usize> = (0..n).filter(|&s| hidden(s)).collect();
    order.sort_by_key(|&s| needs.is_none_or(|(seat, _)| seat.index() != s));
    for &s in &order {
        let first = needs.filter(|(seat, _)| seat.index() == s).map(|(_, c)| c);
        let dealt = deal(&mut pool, public.hand_sizes[s] as usize, first)?;
        hands[s] = ColourMap::from_fn(|c| dealt[c] as u8);
    }
    let deck = deal(&mut pool, public.deck_size as usize, None)?;
    // Buried pile cards: the treasures not shown first, then civilization cards.
    for (known, hidden) in piles.iter_mut() {
        let mut buried = Vec::new();
        while buried.len() < *hidden && treasures > 0 {
            buried.push(Card::Treasure);
            treasures -= 1;
        }
        let civ = deal(&mut pool, *hidden - buried.len(), None)?;
        for (c, k) in civ.iter() {
            buried.extend(std::iter::repeat_n(Card::Civ(c), *k as usize));
        }
        buried.append(known);
        *known = buried;
    }
    // What is left: the cards removed unseen (2 players), the discards, and, when the
    // piles are unknown, seat 0's pile.
    let left: i64 = pool.iter().sum();
    let mut removed = ColourMap::<u8>::default();
    if own.is_none() {
        let removable = if n == 2 {
            REMOVED_WITH_TWO.saturating_sub(public.removals_left) as i64
        } else {
            0
        };
        let to_pile = (left - public.discarded as i64 - removable).max(0);
        let to_remove = (left - public.discarded as i64 - to_pile).max(0);
        let dealt = deal(&mut pool, to_remove as usize, None)?;
        removed = ColourMap::from_fn(|c| dealt[c] as u8);
        let pile = deal(&mut pool, to_pile as usize, None)?;
        let first = &mut piles[0].0;
        first.extend(std::iter::repeat_n(Card::Treasure, treasures as usize));
        for (c, k) in pile.iter() {
            first.extend(std::iter::repeat_n(Card::Civ(c), *k as usize));
        }
    } else if n == 2 {
        let to_remove = (left - public.discarded as i64).max(0);
        let dealt = deal(&mut pool, to_remove as usize, None)?;
        removed = ColourMap::from_fn(|c| dealt[c] as u8);
    }
    let position = Position {
        public: public.clone(),
        hands,
        piles: piles.into_iter().map(|(cards, _)| cards).collect(),
        deck: Some(deck),
        removed,
    };
    position
        .into_game()
        .map_err(|v| bad(mesopotamia_core::setup::violations_message(&v)))
}

/// The version of the JSON form of a seat's view ([`CardsView`]) this library writes and
/// reads.
pub const VIEW_VERSION: u32 = 1;

/// The place with this index (the inverse of [`Place::index`]).
fn place_of(i: usize) -> Option<Place> {
    let in_columns = COLUMNS * (COLUMN_CARDS + 1);
    if i < in_columns {
        Some(Place::Column(
            (i / (COLUMN_CARDS + 1)) as u8,
            (i % (COLUMN_CARDS + 1)) as u8,
        ))
    } else {
        (i < PLACES).then(|| Place::Link((i - in_columns) as u8))
    }
}

fn colour_list(bits: u8) -> Vec<Colour> {
    Colour::ALL
        .into_iter()
        .filter(|c| bits & (1 << c.index()) != 0)
        .collect()
}

fn colour_bits(colours: &[Colour]) -> u8 {
    colours.iter().fold(0, |b, c| b | 1 << c.index())
}

/// One seat at the table, as every seat sees it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeatJson {
    hand_size: u8,
    /// Whether the seat still has its catastrophe card.
    catastrophe: bool,
    /// Cards still to draw.
    draws: u8,
    /// The VP pile's size.
    pile_size: usize,
    /// Its cards shown: the top card, or the whole pile sorted with open piles.
    pile_shown: Vec<Card>,
}

/// A column of the display: whether its treasure* still heads it, and its pieces, top first.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ColumnJson {
    treasure: bool,
    pieces: Vec<Piece>,
}

/// A link card: its colour and whether it lies face up.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LinkJson {
    colour: Colour,
    face_up: bool,
}

/// A leader on the display, by place name (`"3/2"`, `"3-4"`).
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LeaderJson {
    place: Place,
    seat: Seat,
    colour: Colour,
}

/// The JSON form of a seat's view: places by name (`"3/2"`, `"3-4"`), columns numbered from
/// 1, one entry per seat at the table, colours named, and a `version` ([`VIEW_VERSION`]).
/// Read back through the same validation as the field-by-field form: the view must be that
/// of a state the position checks accept.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewJson {
    version: u32,
    game: String,
    seat: Seat,
    config: Config,
    hand: ByColour<u8>,
    seats: Vec<SeatJson>,
    /// The 8 columns, left to right.
    columns: Vec<ColumnJson>,
    /// The 7 link slots, left to right (`null`: empty).
    links: Vec<Option<LinkJson>>,
    leaders: Vec<LeaderJson>,
    boats_left: Vec<crate::action::Boat>,
    discarded: u16,
    deck: u16,
    turn: u32,
    active: Seat,
    actions_left: u8,
    pending: Pending,
    conflict: Option<Conflict>,
    /// Colours of the external conflicts still to fight.
    conflicts: Vec<Colour>,
    /// The link slot whose card lies face down while its conflicts are fought.
    joining: Option<Place>,
    /// The link slot whose kingdom's treasures may be taken.
    treasure_slot: Option<Place>,
    /// The column (from 1) that may build a boat.
    boat_column: Option<u8>,
    bank_offer: Option<(Seat, Colour)>,
    /// The winner of an external conflict, its colour and a column (from 1) of the loser's
    /// former kingdom, whose cards of that colour go to the winner's pile.
    spoils: Option<(Seat, Colour, u8)>,
    /// While the end of the turn offers boat banking: the colours of the active seat's
    /// leaders still to be offered it (`null`: no boat banking under way).
    boat_banking: Option<Vec<Colour>>,
    ending_turn: bool,
    removals_left: u8,
    over: bool,
    ended_on_limit: bool,
}

impl From<CardsView> for ViewJson {
    fn from(v: CardsView) -> ViewJson {
        let p = &v.public;
        let n = p.config.players as usize;
        ViewJson {
            version: VIEW_VERSION,
            game: "cards".into(),
            seat: v.seat,
            config: p.config,
            hand: v.hand.into(),
            seats: (0..n)
                .map(|s| {
                    let (pile_size, pile_shown) = v.piles.get(s).cloned().unwrap_or_default();
                    SeatJson {
                        hand_size: p.hand_sizes[s],
                        catastrophe: p.catastrophe_left[s],
                        draws: p.draws[s],
                        pile_size,
                        pile_shown,
                    }
                })
                .collect(),
            columns: (0..COLUMNS)
                .map(|c| ColumnJson {
                    treasure: p.treasure_heads[c],
                    pieces: p.columns[c].iter().flatten().copied().collect(),
                })
                .collect(),
            links: p
                .links
                .iter()
                .map(|l| l.map(|(colour, face_up)| LinkJson { colour, face_up }))
                .collect(),
            leaders: p
                .leaders
                .iter()
                .enumerate()
                .filter_map(|(i, l)| {
                    let l = (*l)?;
                    Some(LeaderJson {
                        place: place_of(i)?,
                        seat: l.seat,
                        colour: l.colour,
                    })
                })
                .collect(),
            boats_left: crate::action::Boat::ALL
                .into_iter()
                .filter(|b| p.boats_left[*b as usize])
                .collect(),
            discarded: p.discarded,
            deck: p.deck_size,
            turn: p.turn,
            active: p.active,
            actions_left: p.actions_left,
            pending: p.pending,
            conflict: p.conflict,
            conflicts: colour_list(p.conflicts),
            joining: p.joining.map(Place::Link),
            treasure_slot: p.treasure_slot.map(Place::Link),
            boat_column: p.boat_column.map(|c| c + 1),
            bank_offer: p.bank_offer,
            spoils: p.spoils.map(|(s, c, col)| (s, c, col + 1)),
            boat_banking: (p.boat_banking != 0).then(|| colour_list(p.boat_banking & 0x0F)),
            ending_turn: p.ending_turn,
            removals_left: p.removals_left,
            over: p.over,
            ended_on_limit: p.ended_on_limit,
        }
    }
}

impl TryFrom<ViewJson> for CardsView {
    type Error = InvalidData;

    fn try_from(j: ViewJson) -> Result<CardsView, InvalidData> {
        let bad = |m: String| InvalidData(m);
        mesopotamia_core::record::check_view_header(j.version, &j.game, VIEW_VERSION, "cards")
            .map_err(bad)?;
        let n = j.config.players as usize;
        if j.seats.len() != n || n > 4 {
            return Err(bad(format!("{} seats at a table of {n}", j.seats.len())));
        }
        if j.columns.len() != COLUMNS || j.links.len() != LINKS {
            return Err(bad(format!(
                "{} columns and {} link slots: the display has {COLUMNS} and {LINKS}",
                j.columns.len(),
                j.links.len()
            )));
        }
        let mut treasure_heads = [false; COLUMNS];
        let mut columns = [[None; COLUMN_CARDS]; COLUMNS];
        for (c, column) in j.columns.iter().enumerate() {
            if column.pieces.len() > COLUMN_CARDS {
                return Err(bad(format!(
                    "column {} holds {} pieces: at most {COLUMN_CARDS}",
                    c + 1,
                    column.pieces.len()
                )));
            }
            treasure_heads[c] = column.treasure;
            for (r, piece) in column.pieces.iter().enumerate() {
                columns[c][r] = Some(*piece);
            }
        }
        let mut links = [None; LINKS];
        for (l, link) in j.links.iter().enumerate() {
            links[l] = link.map(|k| (k.colour, k.face_up));
        }
        let mut leaders = vec![None; PLACES];
        for l in &j.leaders {
            let at = l.place.index();
            let slot = leaders
                .get_mut(at)
                .ok_or_else(|| bad(format!("no place {} on the display", l.place)))?;
            if slot.is_some() {
                return Err(bad(format!("two leaders on {}", l.place)));
            }
            *slot = Some(Leader {
                seat: l.seat,
                colour: l.colour,
            });
        }
        let mut boats_left = [false; 3];
        for b in &j.boats_left {
            boats_left[*b as usize] = true;
        }
        let (mut hand_sizes, mut catastrophe_left, mut draws) = ([0; 4], [false; 4], [0; 4]);
        for (s, seat) in j.seats.iter().enumerate() {
            hand_sizes[s] = seat.hand_size;
            catastrophe_left[s] = seat.catastrophe;
            draws[s] = seat.draws;
        }
        let link_slot = |p: Option<Place>| match p {
            None => Ok(None),
            Some(Place::Link(l)) => Ok(Some(l)),
            Some(other) => Err(bad(format!("{other} is not a link slot"))),
        };
        let from_one = |c: u8| {
            c.checked_sub(1)
                .ok_or_else(|| bad("columns are numbered from 1".into()))
        };
        let data = PublicData {
            config: j.config,
            treasure_heads,
            columns,
            links,
            leaders,
            catastrophe_left,
            boats_left,
            hand_sizes,
            discarded: j.discarded,
            deck_size: j.deck,
            active: j.active,
            actions_left: j.actions_left,
            pending: j.pending,
            conflict: j.conflict,
            conflicts: colour_bits(&j.conflicts),
            joining: link_slot(j.joining)?,
            treasure_slot: link_slot(j.treasure_slot)?,
            boat_column: j.boat_column.map(from_one).transpose()?,
            bank_offer: j.bank_offer,
            spoils: j
                .spoils
                .map(|(s, c, col)| from_one(col).map(|col| (s, c, col)))
                .transpose()?,
            // Bit 7 marks boat banking under way (see the end of a turn).
            boat_banking: j
                .boat_banking
                .as_deref()
                .map_or(0, |c| 0x80 | colour_bits(c)),
            ending_turn: j.ending_turn,
            draws,
            removals_left: j.removals_left,
            over: j.over,
            ended_on_limit: j.ended_on_limit,
            turn: j.turn,
        };
        let public = Public::try_from(data)?;
        CardsView::try_from(ViewData {
            seat: j.seat,
            public,
            hand: j.hand.into(),
            piles: j
                .seats
                .into_iter()
                .map(|s| (s.pile_size, s.pile_shown))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::Game;

    use super::*;

    /// A game after the deal and many steps, with cards on the display and leaders on it.
    fn game(players: u8) -> Cards {
        let mut game = Cards::new(Config::new(players)).unwrap();
        mesopotamia_testkit::walk(&mut game, 300);
        game
    }

    #[test]
    fn views_in_json_name_places_and_seats_and_round_trip() {
        for players in [2, 3] {
            let game = game(players);
            for seat in Seat::all(players as usize) {
                let view = game.view(seat);
                let json = serde_json::to_string(&view).unwrap();
                let value: serde_json::Value = serde_json::from_str(&json).unwrap();
                assert_eq!(value["version"], VIEW_VERSION);
                assert_eq!(value["seats"].as_array().unwrap().len(), players as usize);
                assert_eq!(value["columns"].as_array().unwrap().len(), COLUMNS);
                assert!(value["hand"]["black"].is_number(), "{json}");
                if let Some(l) = value["leaders"].as_array().unwrap().first() {
                    let place = l["place"].as_str().unwrap();
                    assert!(place.contains('/') || place.contains('-'), "{json}");
                }
                assert_eq!(serde_json::from_str::<CardsView>(&json).unwrap(), view);
            }
        }
    }

    #[test]
    fn tampered_views_are_refused() {
        let view = game(3).view(Seat::new(0).unwrap());
        let value = serde_json::to_value(&view).unwrap();
        let refused = |change: &dyn Fn(&mut serde_json::Value), why: &str| {
            let mut v = value.clone();
            change(&mut v);
            let err = serde_json::from_value::<CardsView>(v)
                .unwrap_err()
                .to_string();
            assert!(err.contains(why), "{why}: {err}");
        };
        refused(&|v| v["version"] = 0.into(), "a view of version 0");
        refused(&|v| v["game"] = "tigris".into(), "a view of `tigris`");
        refused(
            &|v| {
                v["seats"].as_array_mut().unwrap().pop();
            },
            "2 seats at a table of 3",
        );
        refused(
            &|v| {
                v["links"]
                    .as_array_mut()
                    .unwrap()
                    .push(serde_json::Value::Null);
            },
            "8 link slots",
        );
        refused(&|v| v["hand"]["red"] = 30.into(), "");
        refused(&|v| v["deck"] = 1.into(), "");
        refused(&|v| v["boat_column"] = 0.into(), "");
        refused(&|v| v["joining"] = "1/1".into(), "");
    }
}
