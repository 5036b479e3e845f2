//! The legal actions (C3 to C7 and the decisions they lead to): the sorted list, the check of
//! one action, and the fast sampler for random play, which counts the legal actions with
//! masks and decodes the drawn one without writing the list.

use mesopotamia_core::chance::uniform_below;

use super::board::{HEADS, bit_of, nth_bit};
use super::*;

/// What the active seat may do when [`Pending::Action`], as masks and counts, in the order of
/// the legal list: pass; a leader (colour by colour) onto a free card; a card (colour by
/// colour) at the bottom of a column, then into a link slot; the catastrophe.
#[derive(Clone, Copy, Debug)]
struct Choices {
    /// The places holding a card without a leader.
    free: u128,
    /// For each colour, the kingdom its leader stands in (none in supply): it may go to the
    /// free places elsewhere.
    homes: [u128; 4],
    /// How many places each leader may go to.
    leader_counts: [u32; 4],
    /// The colours in hand (bit per colour).
    hand: u8,
    /// The columns with room (bit per column).
    columns: u8,
    /// The link slots a card may go into (bit per slot).
    links: u8,
    /// Whether the catastrophe may be played.
    catastrophe: bool,
    /// How many places the catastrophe may hit.
    catastrophe_count: u32,
    /// The length of the legal list.
    count: u32,
}

impl Choices {
    /// The places the catastrophe may hit: any free card but a treasure* (boats and face-down
    /// links are no cards).
    fn catastrophe_targets(&self) -> u128 {
        if self.catastrophe {
            self.free & !HEADS
        } else {
            0
        }
    }

    /// The `n`-th action of the legal list (from 0), if there are more than `n`.
    #[inline]
    fn nth(&self, mut n: u32) -> Option<Action> {
        if n == 0 {
            return Some(Action::Pass);
        }
        n -= 1;
        let [a, b, c, d] = self.leader_counts;
        if n < a + b + c + d {
            // Without branches (the draw is random, a branch would be mispredicted): the
            // colour is the number of colours whose places all come before the `n`-th.
            let k = u32::from(n >= a) + u32::from(n >= a + b) + u32::from(n >= a + b + c);
            let before = [0, a, a + b, a + b + c][k as usize];
            let colour = Colour::ALL[k as usize];
            let targets = self.free & !self.homes[k as usize];
            return Some(Action::Leader(colour, place(nth_bit(targets, n - before))));
        }
        n -= a + b + c + d;
        for (slots, link) in [(self.columns, false), (self.links, true)] {
            let k = slots.count_ones();
            for colour in Colour::ALL {
                if self.hand & (1 << colour.index()) == 0 {
                    continue;
                }
                if n < k {
                    let at = nth_bit(slots as u128, n) as u8;
                    return Some(if link {
                        Action::Link(colour, at)
                    } else {
                        Action::Column(colour, at)
                    });
                }
                n -= k;
            }
        }
        (n < self.catastrophe_count)
            .then(|| Action::Catastrophe(place(nth_bit(self.catastrophe_targets(), n))))
    }
}

/// The actions naming a place, by place index (beyond the places: a stand-in, never listed).
static PLACE_ACTIONS: [[Action; 128]; 5] = {
    let mut out = [[Action::Pass; 128]; 5];
    let mut i = 0;
    while i < PLACES {
        let at = match Place::from_index(i) {
            Some(at) => at,
            None => Place::Link(0),
        };
        let mut c = 0;
        while c < 4 {
            out[c][i] = Action::Leader(Colour::ALL[c], at);
            c += 1;
        }
        out[4][i] = Action::Catastrophe(at);
        i += 1;
    }
    out
};

/// The set bits of a mask, lowest first, a half at a time.
struct Bits {
    low: u64,
    high: u64,
}

impl Bits {
    fn of(mask: u128) -> Bits {
        Bits {
            low: mask as u64,
            high: (mask >> 64) as u64,
        }
    }
}

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.low != 0 {
            let i = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(i)
        } else if self.high != 0 {
            let i = self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(64 + i)
        } else {
            None
        }
    }
}

/// The place index of a place on the display, `None` for a place beyond it.
pub(super) fn index_of(at: Place) -> Option<usize> {
    let on_display = match at {
        Place::Column(c, r) => (c as usize) < COLUMNS && (r as usize) <= COLUMN_CARDS,
        Place::Link(l) => (l as usize) < LINKS,
    };
    on_display.then(|| at.index())
}

impl Cards {
    /// What the active seat may do, when [`Pending::Action`].
    #[inline]
    fn choices(&self) -> Choices {
        let p = &self.public;
        let a = p.active.index();
        let hand = self.hands.get(a).copied().unwrap_or_default();
        let free = p.masks.free;
        let free_count = p.masks.free_count;
        // C4: a leader on the display moves only to another kingdom.
        let kingdoms = p.home_kingdoms(p.active);
        let homes = kingdoms.map(|(places, _)| places);
        let leader_counts =
            kingdoms.map(|(places, columns)| free_count.saturating_sub(p.free_in(places, columns)));
        let catastrophe = p.catastrophe_left.get(a).copied().unwrap_or(false);
        let catastrophe_count = if catastrophe {
            free_count.saturating_sub(board::byte_count(p.masks.free_heads))
        } else {
            0
        };
        let mut in_hand = 0u8;
        for c in Colour::ALL {
            if hand[c] > 0 {
                in_hand |= 1 << c.index();
            }
        }
        let columns = p.masks.room;
        // C6: an empty slot between two columns of 3 cards or more.
        let three = p.masks.three;
        let links = three & (three >> 1) & !p.masks.links_any & 0x7F;
        let cards =
            board::byte_count(in_hand) * (board::byte_count(columns) + board::byte_count(links));
        Choices {
            free,
            homes,
            leader_counts,
            hand: in_hand,
            columns,
            links,
            catastrophe,
            catastrophe_count,
            count: 1 + leader_counts.iter().sum::<u32>() + cards + catastrophe_count,
        }
    }

    /// The treasures the trader's owner may take (bit per column): none unless two or more.
    fn treasure_choices(&self) -> u8 {
        let heads = self
            .public
            .treasure_slot
            .map_or(0, |slot| self.treasure_columns(slot));
        if heads.count_ones() >= 2 { heads } else { 0 }
    }

    /// The boats the active seat may build (bit per boat).
    pub(super) fn boat_choices(&self) -> u8 {
        let p = &self.public;
        let Some(c) = p.boat_column else {
            return 0;
        };
        // C10: four cards of a colour in a row (a run of 4 set bits among the rows' cards).
        let run = |colour: Colour| {
            let rows = (p.masks.civ[colour.index()]
                >> (c as usize % COLUMNS * (COLUMN_CARDS + 1) + 1)) as u8;
            rows & (rows >> 1) & (rows >> 2) & (rows >> 3) != 0
        };
        let blue = run(Colour::Blue);
        let mut out = 0;
        for b in Boat::ALL {
            if p.boats_left[b as usize] && (blue || run(b.other())) {
                out |= 1 << b as usize;
            }
        }
        debug_assert!(Boat::ALL.iter().all(|&b| (out & (1 << b as usize) != 0)
            == (p.boats_left[b as usize] && self.boat_run(b).is_some())));
        out
    }

    /// The largest support a seat may commit to the conflict at hand.
    pub(super) fn max_support(&self, seat: Seat) -> Option<u8> {
        let conflict = self.public.conflict?;
        let hand = self.hands.get(seat.index())?;
        Some(hand[conflict.support_colour()].min(MAX_SUPPORT))
    }

    pub(super) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        match p.pending {
            Pending::Action => {
                let choices = self.choices();
                // Every slot written once, in order, without a capacity check per action.
                out.resize(choices.count as usize, Action::Pass);
                let mut slots = out.iter_mut().skip(1);
                for colour in Colour::ALL {
                    let targets = choices.free & !choices.homes[colour.index()];
                    let actions = &PLACE_ACTIONS[colour.index()];
                    for (i, slot) in Bits::of(targets).zip(&mut slots) {
                        *slot = actions[i & 127];
                    }
                }
                for colour in Colour::ALL {
                    if choices.hand & (1 << colour.index()) != 0 {
                        for (c, slot) in Bits::of(choices.columns as u128).zip(&mut slots) {
                            *slot = Action::Column(colour, c as u8);
                        }
                    }
                }
                for colour in Colour::ALL {
                    if choices.hand & (1 << colour.index()) != 0 {
                        for (l, slot) in Bits::of(choices.links as u128).zip(&mut slots) {
                            *slot = Action::Link(colour, l as u8);
                        }
                    }
                }
                let actions = &PLACE_ACTIONS[4];
                for (i, slot) in Bits::of(choices.catastrophe_targets()).zip(&mut slots) {
                    *slot = actions[i & 127];
                }
            }
            _ => {
                let count = self.legal_count();
                out.extend((0..count).filter_map(|n| self.nth_legal(n)));
            }
        }
        // Every branch lists its actions in index order.
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
    }

    /// How many actions the legal list holds.
    pub(crate) fn legal_count(&self) -> u32 {
        let p = &self.public;
        match p.pending {
            Pending::Action => self.choices().count,
            Pending::Bank(..) => 2,
            Pending::Support(seat) => self.max_support(seat).map_or(0, |max| max as u32 + 1),
            Pending::ConflictOrder => (p.conflicts & 0x0F).count_ones(),
            Pending::Treasure(_) => 1 + self.treasure_choices().count_ones(),
            Pending::Boat => 1 + self.boat_choices().count_ones(),
            Pending::Remove | Pending::Draw(_) | Pending::Over => 0,
        }
    }

    /// The `n`-th action (from 0) of the sorted legal list, without writing the list; `None`
    /// if the list is shorter.
    pub(crate) fn nth_legal(&self, n: u32) -> Option<Action> {
        let p = &self.public;
        let nth_colour = |mask: u8, n: u32| {
            (n < mask.count_ones())
                .then(|| Colour::from_index(nth_bit(mask as u128, n)))
                .flatten()
        };
        match p.pending {
            Pending::Action => self.choices().nth(n),
            Pending::Bank(..) => [Action::Bank, Action::Decline].get(n as usize).copied(),
            Pending::Support(seat) => self
                .max_support(seat)
                .filter(|&max| n <= max as u32)
                .map(|_| Action::Support(n as u8)),
            Pending::ConflictOrder => nth_colour(p.conflicts & 0x0F, n).map(Action::Conflict),
            Pending::Treasure(_) | Pending::Boat if n == 0 => Some(Action::Decline),
            Pending::Treasure(_) => {
                let heads = self.treasure_choices();
                (n - 1 < heads.count_ones())
                    .then(|| Action::Treasure(nth_bit(heads as u128, n - 1) as u8))
            }
            Pending::Boat => {
                let boats = self.boat_choices();
                (n - 1 < boats.count_ones())
                    .then(|| Boat::ALL.get(nth_bit(boats as u128, n - 1)).copied())
                    .flatten()
                    .map(Action::Boat)
            }
            Pending::Remove | Pending::Draw(_) | Pending::Over => None,
        }
    }

    /// Whether `action` is legal now: the same conditions as the legal action list, checked
    /// for one action (the tests compare the two over the whole action space).
    pub fn is_legal(&self, action: Action) -> bool {
        let p = &self.public;
        let a = p.active.index();
        let hand = self.hands.get(a).copied().unwrap_or_default();
        match (p.pending, action) {
            (Pending::Action, Action::Pass) => true,
            (Pending::Action, Action::Leader(colour, at)) => index_of(at).is_some_and(|i| {
                let free = p.masks.free;
                let home = p
                    .leader_index(p.active, colour)
                    .map_or(0, |from| p.kingdom(Public::column_of_index(from), true));
                free & !home & bit_of(i) != 0
            }),
            (Pending::Action, Action::Column(colour, c)) => {
                hand[colour] > 0
                    && (c as usize) < COLUMNS
                    && p.column_len(c as usize) < COLUMN_CARDS
            }
            (Pending::Action, Action::Link(colour, l)) => {
                let l = l as usize;
                hand[colour] > 0
                    && l < LINKS
                    && p.links[l].is_none()
                    && p.column_len(l) >= 3
                    && p.column_len(l + 1) >= 3
            }
            (Pending::Action, Action::Catastrophe(at)) => index_of(at).is_some_and(|i| {
                p.catastrophe_left.get(a).copied().unwrap_or(false)
                    && (p.masks.free & !HEADS) & bit_of(i) != 0
            }),
            (Pending::Bank(..), Action::Bank | Action::Decline) => true,
            (Pending::Support(seat), Action::Support(n)) => {
                self.max_support(seat).is_some_and(|max| n <= max)
            }
            (Pending::ConflictOrder, Action::Conflict(c)) => p.conflicts & (1 << c.index()) != 0,
            (Pending::Treasure(_), Action::Decline) | (Pending::Boat, Action::Decline) => true,
            (Pending::Treasure(_), Action::Treasure(c)) => {
                (c as usize) < COLUMNS && self.treasure_choices() & (1 << c) != 0
            }
            (Pending::Boat, Action::Boat(b)) => self.boat_choices() & (1 << b as usize) != 0,
            _ => false,
        }
    }
}

/// The fast paths of random play: sample without listing, and play the engine's own sample
/// without checking it again.
impl Cards {
    /// Draws a legal action uniformly: exactly `legal[uniform_below(rng, legal.len())]` of the
    /// sorted legal list `legal`, with the same single use of the RNG, but without writing the
    /// list; `None` (the RNG untouched) when no seat is to move.
    pub(crate) fn sample_legal<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.public.pending == Pending::Action {
            let choices = self.choices();
            return choices.nth(uniform_below(rng, choices.count));
        }
        let count = self.legal_count();
        if count == 0 {
            return None;
        }
        self.nth_legal(uniform_below(rng, count))
    }

    /// Draws a legal action as [`Cards::sample_legal`] does and plays it without checking it
    /// again (it is legal by construction); the action played, or `None` (nothing changed)
    /// when no seat is to move. Equivalent to sampling, then [`Game::apply`].
    pub(crate) fn play_random_action<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        let action = self.sample_legal(rng)?;
        self.play_trusted(action);
        Some(action)
    }

    /// Draws the outcome of the pending chance event as
    /// [`sample_weighted`](mesopotamia_core::chance::sample_weighted) over
    /// [`Game::chance_outcomes`] does (the same outcome, the same use of the RNG), without
    /// listing them; `None` (the RNG untouched) unless chance is to move.
    pub(crate) fn sample_chance_outcome<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Chance> {
        let chance: fn(Colour) -> Chance = match self.public.pending {
            Pending::Remove => Chance::Remove,
            Pending::Draw(_) => Chance::Draw,
            _ => return None,
        };
        self.deck.sample(rng).map(chance)
    }

    /// Plays an action the engine itself produced (its legal list or sampler) without the
    /// legality check. Private to the crate: only ever given the engine's own actions, so no
    /// caller can corrupt a state.
    fn play_trusted(&mut self, action: Action) {
        debug_assert!(self.is_legal(action), "{action} is not legal\n{self}");
        self.play(action, &mut NoEvents);
    }
}
