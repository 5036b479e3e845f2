//! The observation tensor of a seat's view, for learning code ([`Observe`]).
//!
//! Seats are numbered from the observer (`k = 0` is the observer, `k = 1` the next seat,
//! ...); `n` is the number of players. Colours are in the order red, blue, green, black.
//! Two pieces:
//!
//! **`display`**, shaped `[10 + 4n, 79]` (plane, place): the places are those of
//! [`Place::index`] (column `c`, row `r` at `9c + r`, row 0 heading the column; link slot `l`
//! at `72 + l`), 1.0 where the plane's piece is:
//!
//! | planes | what |
//! |---|---|
//! | 0..4 | a civilization card, by colour (column cards and link cards, face up or down) |
//! | 4 | a link card lying face down while its conflicts are fought |
//! | 5..8 | a boat: blue-red, blue-green, blue-black |
//! | 8 | the column is headed by its treasure (row 0) |
//! | 9 | the column is headed by a temple (row 0) |
//! | 10 .. 10+4n | leaders: plane `10 + 4k + c` is seat k's leader of colour c |
//!
//! **`features`**, shaped `[44 + 14n]`, counts as they are (not scaled):
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | 4 | the observer's hand, by colour |
//! | 4 | 8n | per seat k: hand size, catastrophe card left, VP pile size, top card of the pile one-hot (red, blue, green, black, treasure) |
//! | 4+8n | 5n | per seat k, with open piles (C12): the pile's cards by kind (red, blue, green, black, treasure); zeros with face-down piles |
//! | 4+13n | 1 | cards in the deck |
//! | 5+13n | 1 | cards discarded |
//! | 6+13n | 3 | boats still to build: blue-red, blue-green, blue-black |
//! | 9+13n | 1 | turns completed |
//! | 10+13n | 1 | actions left this turn |
//! | 11+13n | 9 | the decision pending, one-hot: removal, draw, action, bank, support, conflict order, treasure, boat, over |
//! | 20+13n | n | the seat that decides or draws, one-hot (none for removals and at the end) |
//! | 20+14n | 4 | the colour offered for banking, one-hot |
//! | 24+14n | 4 | the colours of the external conflicts still to fight |
//! | 28+14n | 16 | the conflict, if any: internal, external, colour (4), attacker's and defender's base strength, whether the attacker committed, his commitment, attacker is the observer, defender is the observer, attacker k/n, defender k/n, the attacker's and defender's seats are at the table (2) |

use mesopotamia_core::observation::{
    Layout, Observe, Piece as TensorPiece, push_flag, push_one_hot, relative_seat,
};
use mesopotamia_core::{Colour, Seat};

use crate::action::{COLUMN_CARDS, COLUMNS, LINKS, PLACES, Place};
use crate::state::{Card, Cards, CardsView, ConflictKind, Pending, Piece};

/// Display planes for `players` players.
pub const fn display_planes(players: usize) -> usize {
    10 + 4 * players
}

/// Values of the `features` piece for `players` players.
pub const fn feature_count(players: usize) -> usize {
    44 + 14 * players
}

/// The index of a card kind: colours 0..4, the treasure 4.
fn card_index(card: Card) -> usize {
    match card {
        Card::Civ(colour) => colour.index(),
        Card::Treasure => 4,
    }
}

impl Observe for Cards {
    /// A card's index is its colour's (red 0, blue 1, green 2, black 3), whether it is
    /// drawn or removed unseen at setup (never both at one chance event).
    const CHANCE_OUTCOMES: usize = Colour::ALL.len();

    fn chance_index(&self, outcome: <Cards as mesopotamia_core::Game>::Chance) -> usize {
        match outcome {
            crate::Chance::Remove(colour) | crate::Chance::Draw(colour) => colour.index(),
        }
    }

    fn layout(config: &crate::Config) -> Layout {
        let n = config.players as usize;
        Layout {
            pieces: vec![
                TensorPiece::new("display", &[display_planes(n), PLACES]),
                TensorPiece::new("features", &[feature_count(n)]),
            ],
        }
    }

    fn write_observation(view: &CardsView, out: &mut Vec<f32>) {
        let p = &view.public;
        let n = p.config().players as usize;
        let me = view.seat;
        let rel = |s: Seat| relative_seat(me, s, n);
        let seat_k = |k: usize| Seat::new((me.index() + k) % n.max(1));
        out.clear();
        out.resize(display_planes(n) * PLACES, 0.0);
        let mut set = |plane: usize, place: Place| out[plane * PLACES + place.index()] = 1.0;
        for c in 0..COLUMNS {
            let column = c as u8;
            set(
                if p.treasure_head(c) { 8 } else { 9 },
                Place::Column(column, 0),
            );
            for (row, piece) in p.column(c).into_iter().enumerate().take(COLUMN_CARDS) {
                let place = Place::Column(column, row as u8 + 1);
                match piece {
                    Piece::Card(colour) => set(colour.index(), place),
                    Piece::Boat(boat) => set(5 + boat as usize, place),
                }
            }
        }
        for l in 0..LINKS {
            if let Some((colour, face_up)) = p.link(l) {
                set(colour.index(), Place::Link(l as u8));
                if !face_up {
                    set(4, Place::Link(l as u8));
                }
            }
        }
        for k in 0..n {
            for colour in Colour::ALL {
                if let Some(place) = seat_k(k).and_then(|s| p.leader(s, colour)) {
                    set(10 + 4 * k + colour.index(), place);
                }
            }
        }

        out.extend(view.hand.values().map(f32::from));
        for k in 0..n {
            let Some(s) = seat_k(k) else {
                out.extend([0.0; 8]);
                continue;
            };
            let (size, shown) = view.piles.get(s.index()).cloned().unwrap_or_default();
            out.push(p.hand_size(s).into());
            push_flag(out, p.catastrophe_left(s));
            out.push(size as f32);
            push_one_hot(out, 5, shown.last().copied().map(card_index));
        }
        let open = p.config().open_piles;
        for k in 0..n {
            let mut counts = [0.0f32; 5];
            if open && let Some((_, cards)) = seat_k(k).and_then(|s| view.piles.get(s.index())) {
                for &card in cards {
                    counts[card_index(card)] += 1.0;
                }
            }
            out.extend(counts);
        }
        out.push(p.deck_size().into());
        out.push(p.discarded().into());
        out.extend(p.boats_left.map(|left| if left { 1.0 } else { 0.0 }));
        out.push(p.turn() as f32);
        out.push(p.actions_left.into());
        let active = Some(p.active);
        let (kind, decider, bank) = match p.pending() {
            Pending::Remove => (0, None, None),
            Pending::Draw(s) => (1, Some(s), None),
            Pending::Action => (2, active, None),
            Pending::Bank(s, colour) => (3, Some(s), Some(colour.index())),
            Pending::Support(s) => (4, Some(s), None),
            Pending::ConflictOrder => (5, active, None),
            Pending::Treasure(s) => (6, Some(s), None),
            Pending::Boat => (7, active, None),
            Pending::Over => (8, None, None),
        };
        push_one_hot(out, 9, Some(kind));
        push_one_hot(out, n, decider.map(rel));
        push_one_hot(out, 4, bank);
        out.extend(Colour::ALL.map(|c| {
            if p.conflicts & (1 << c.index()) != 0 {
                1.0
            } else {
                0.0
            }
        }));
        match p.conflict() {
            None => out.extend([0.0; 16]),
            Some(conflict) => {
                push_flag(out, conflict.kind == ConflictKind::Internal);
                push_flag(out, conflict.kind == ConflictKind::External);
                push_one_hot(out, 4, Some(conflict.colour.index()));
                out.push(conflict.attacker_base.into());
                out.push(conflict.defender_base.into());
                push_flag(out, conflict.attacker_commit.is_some());
                out.push(conflict.attacker_commit.unwrap_or(0).into());
                push_flag(out, conflict.attacker == me);
                push_flag(out, conflict.defender == me);
                out.push(rel(conflict.attacker) as f32 / n as f32);
                out.push(rel(conflict.defender) as f32 / n as f32);
                push_flag(out, conflict.attacker.index() < n);
                push_flag(out, conflict.defender.index() < n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::Game;
    use mesopotamia_core::observation::Observe;
    use mesopotamia_testkit::random_states;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::Config;

    fn positions(config: Config, seed: u64) -> Vec<Cards> {
        random_states(
            Cards::new(config).unwrap(),
            &mut ChaCha8Rng::seed_from_u64(seed),
            500,
        )
    }

    #[test]
    fn the_tensor_has_the_layouts_size_for_every_seat_and_configuration() {
        for players in 2..=4u8 {
            for open in [false, true] {
                let config = Config::new(players).with_open_piles(open);
                let layout = Cards::layout(&config);
                for game in positions(config, players.into()).iter().step_by(9) {
                    for seat in Seat::all(players.into()) {
                        let tensor = game.observation(seat);
                        assert_eq!(tensor.len(), layout.size());
                        assert!(tensor.iter().all(|v| v.is_finite() && *v >= 0.0));
                    }
                }
            }
        }
    }

    #[test]
    fn the_tensor_does_not_change_when_hidden_information_is_redrawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for players in [2u8, 4] {
            for game in positions(Config::new(players), 8).iter().step_by(6) {
                for seat in Seat::all(players.into()) {
                    let redrawn = game.resample_hidden(seat, &mut rng);
                    assert_eq!(redrawn.observation(seat), game.observation(seat));
                }
            }
        }
    }

    #[test]
    fn the_display_planes_show_the_cards_and_leaders() {
        let game = &positions(Config::new(3), 1)[200];
        let me = Seat::new(2).unwrap();
        let tensor = game.observation(me);
        let p = game.public();
        let at = |plane: usize, place: Place| tensor[plane * PLACES + place.index()];
        for c in 0..COLUMNS {
            for (row, piece) in p.column(c).into_iter().enumerate() {
                let place = Place::Column(c as u8, row as u8 + 1);
                if let Piece::Card(colour) = piece {
                    assert_eq!(at(colour.index(), place), 1.0);
                }
            }
        }
        for colour in Colour::ALL {
            if let Some(place) = p.leader(me, colour) {
                assert_eq!(at(10 + colour.index(), place), 1.0);
            }
        }
        let features = &tensor[display_planes(3) * PLACES..];
        assert_eq!(features[..4], game.hand(me).values().map(f32::from));
    }
}
