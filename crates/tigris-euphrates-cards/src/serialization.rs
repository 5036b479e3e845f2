//! Serialization through validation: saved JSON that was edited by hand or by a program
//! must either be refused with an error or give a state the engine can play, never a state
//! that panics later.
//!
//! - A [`Cards`] state is its position text (the [`Position`] format), read back only
//!   through [`Position::into_game`], which checks every rule of a position.
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

use mesopotamia_core::{Colour, ColourMap, Seat};
use serde::de::Error as _;

use crate::action::{COLUMN_CARDS, COLUMNS, LINKS, PLACES};
use crate::state::{
    Card, Cards, CardsView, Conflict, DECK, Leader, Masks, Pending, Piece, Public, REMOVED_WITH_TWO,
};
use crate::{Config, Position};

impl serde::Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&Position::from_game(self))
    }
}

impl<'de> serde::Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        let position: Position = text.parse().map_err(D::Error::custom)?;
        position
            .into_game()
            .map_err(|v| D::Error::custom(mesopotamia_core::cases::violations(&v)))
    }
}

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
    /// The game ended on the turn limit (RULINGS G1), not by the rules.
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
    let mut left = count as i64;
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
        .map_err(|v| bad(mesopotamia_core::cases::violations(&v)))
}
