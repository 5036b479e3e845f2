//! The observation tensor of a seat's view, for learning code ([`Observe`]).
//!
//! Seats are numbered from the observer (`k = 0` is the observer, `k = 1` the next seat,
//! ...); `n` is the number of players. Colours are in the order red, blue, green, black.
//! Two pieces:
//!
//! **`board`**, shaped `[21 + 4n, 11, 16]` (plane, row, column; row 0 is row 1 of the board,
//! column 0 is column A), 1.0 where the plane's piece is:
//!
//! | planes | what |
//! |---|---|
//! | 0..4 | face-up civilization tiles, by colour |
//! | 4 | tiles turned face down under monuments |
//! | 5 | catastrophe tiles |
//! | 6 | treasures still on the board |
//! | 7 | river squares |
//! | 8 .. 8+4n | leaders: plane `8 + 4k + c` is seat k's leader of colour c |
//! | 8+4n .. 14+4n | the six monuments (the four squares of each one built), in [`Monument::ALL`] order |
//! | 14+4n .. 18+4n | civilization buildings, by colour |
//! | 18+4n | the ziggurat's centre |
//! | 19+4n | the tile just placed (while its monument, ziggurat or building is pending) |
//! | 20+4n | the unification tile (while its wars are fought) |
//!
//! **`features`**, shaped `[44 + 10n]`, counts as they are (not scaled):
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | 4 | the observer's hand, by colour |
//! | 4 | 4 | the tiles the observer discarded by swaps, by colour |
//! | 8 | 8n | per seat k: hand size, catastrophes left, VP by colour (4), treasures taken, tiles discarded |
//! | 8+8n | 4 | tiles out of the game in view of all, by colour |
//! | 12+8n | 1 | tiles in the bag |
//! | 13+8n | 1 | turns completed |
//! | 14+8n | 1 | actions left this turn |
//! | 15+8n | 1 | whether a draw could not be served (the game ends after this turn) |
//! | 16+8n | n | the active seat, one-hot |
//! | 16+9n | 10 | the decision pending, one-hot: action, support, war order, monument, ziggurat, building, ziggurat VP, treasure, draw, over |
//! | 26+9n | n | the seat that decides or draws, one-hot (none when the game is over) |
//! | 26+10n | 4 | the colours of the wars still to fight |
//! | 30+10n | 14 | the conflict, if any: revolt, war, colour (4), attacker's and defender's base strength, whether the attacker committed, his commitment, attacker is the observer, defender is the observer, attacker k/n, defender k/n |

use mesopotamia_core::observation::{Layout, Observe, Piece, push_flag, push_one_hot};
use mesopotamia_core::{Colour, Seat};

use crate::action::Monument;
use crate::board::{HEIGHT, SQUARES, Square, Squares, WIDTH};
use crate::event::ConflictKind;
use crate::state::{Pending, Tigris, TigrisView, two_by_two_squares};

/// Board planes for `players` players.
pub const fn board_planes(players: usize) -> usize {
    21 + 4 * players
}

/// Values of the `features` piece for `players` players.
pub const fn feature_count(players: usize) -> usize {
    44 + 10 * players
}

impl Observe for Tigris {
    /// A draw's index is its colour's (red 0, blue 1, green 2, black 3), whenever it is
    /// drawn.
    const CHANCE_OUTCOMES: usize = Colour::ALL.len();

    fn chance_index(&self, outcome: <Tigris as mesopotamia_core::Game>::Chance) -> usize {
        outcome.0.index()
    }

    fn layout(config: &crate::Config) -> Layout {
        let n = config.players as usize;
        Layout {
            pieces: vec![
                Piece::new("board", &[board_planes(n), HEIGHT, WIDTH]),
                Piece::new("features", &[feature_count(n)]),
            ],
        }
    }

    fn write_observation(view: &TigrisView, out: &mut Vec<f32>) {
        let p = &view.public;
        let n = p.config().players as usize;
        let me = view.seat;
        let rel = |s: Seat| mesopotamia_core::observation::relative_seat(me, s, n);
        let seat_k = |k: usize| Seat::new((me.index() + k) % n.max(1));
        out.clear();
        out.resize(board_planes(n) * SQUARES, 0.0);
        let mut set = |plane: usize, square: Square| out[plane * SQUARES + square.index()] = 1.0;
        for colour in Colour::ALL {
            set_all(colour.index(), p.tiles(colour), &mut set);
        }
        set_all(4, p.flipped(), &mut set);
        set_all(5, p.catastrophes(), &mut set);
        set_all(6, p.treasures(), &mut set);
        set_all(7, p.board().river(), &mut set);
        for k in 0..n {
            for colour in Colour::ALL {
                if let Some(square) = seat_k(k).and_then(|s| p.leader(s, colour)) {
                    set(8 + 4 * k + colour.index(), square);
                }
            }
        }
        let after_leaders = 8 + 4 * n;
        for monument in Monument::ALL {
            if let Some(corner) = p.monument(monument) {
                for square in two_by_two_squares(corner) {
                    set(after_leaders + monument.index(), square);
                }
            }
        }
        for colour in Colour::ALL {
            if let Some(square) = p.building(colour) {
                set(after_leaders + 6 + colour.index(), square);
            }
        }
        if let Some(square) = p.ziggurat() {
            set(after_leaders + 10, square);
        }
        if let Some((square, _)) = p.placed() {
            set(after_leaders + 11, square);
        }
        if let Some(square) = p.unification() {
            set(after_leaders + 12, square);
        }

        out.extend(view.hand.values().map(f32::from));
        out.extend(view.discarded.values().map(f32::from));
        for k in 0..n {
            let Some(s) = seat_k(k) else {
                out.extend([0.0; 8]);
                continue;
            };
            out.push(p.hand_size(s).into());
            out.push(p.catastrophes_left(s).into());
            out.extend(p.vp(s).values().map(|v| v as f32));
            out.push(p.treasures_taken(s).into());
            out.push(p.discard_count(s).into());
        }
        out.extend(p.removed().values().map(f32::from));
        out.push(p.bag_size().into());
        out.push(p.turn() as f32);
        out.push(p.actions_left().into());
        push_flag(out, p.bag_exhausted());
        push_one_hot(out, n, Some(rel(p.active())));
        let (kind, decider) = match p.pending() {
            Pending::Action => (0, Some(p.active())),
            Pending::Support(s) => (1, Some(s)),
            Pending::WarOrder => (2, Some(p.active())),
            Pending::Monument => (3, Some(p.active())),
            Pending::Ziggurat => (4, Some(p.active())),
            Pending::Building => (5, Some(p.active())),
            Pending::ZigguratVp => (6, Some(p.active())),
            Pending::Treasure(s) => (7, Some(s)),
            Pending::Draw(s) => (8, Some(s)),
            Pending::Over => (9, None),
        };
        push_one_hot(out, 10, Some(kind));
        push_one_hot(out, n, decider.map(rel));
        let wars: Vec<Colour> = p.wars().collect();
        out.extend(Colour::ALL.map(|c| if wars.contains(&c) { 1.0 } else { 0.0 }));
        match p.conflict() {
            None => out.extend([0.0; 14]),
            Some(conflict) => {
                push_flag(out, conflict.kind == ConflictKind::Revolt);
                push_flag(out, conflict.kind == ConflictKind::War);
                push_one_hot(out, 4, Some(conflict.colour.index()));
                out.push(conflict.attacker_base.into());
                out.push(conflict.defender_base.into());
                push_flag(out, conflict.attacker_commit.is_some());
                out.push(conflict.attacker_commit.unwrap_or(0).into());
                push_flag(out, conflict.attacker == me);
                push_flag(out, conflict.defender == me);
                out.push(rel(conflict.attacker) as f32 / n as f32);
                out.push(rel(conflict.defender) as f32 / n as f32);
            }
        }
    }
}

/// Calls `set` for each square of `squares`.
fn set_all(plane: usize, squares: Squares, set: &mut impl FnMut(usize, Square)) {
    for space in squares.iter() {
        if let Some(square) = Square::from_space(space) {
            set(plane, square);
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

    /// States along a few random games of each player count, the views of every seat.
    fn positions(players: u8, seed: u64) -> Vec<Tigris> {
        let config = Config::new(players)
            .with_buildings(true)
            .with_ziggurat(true);
        let game = Tigris::new(config).unwrap();
        random_states(game, &mut ChaCha8Rng::seed_from_u64(seed), 400)
    }

    #[test]
    fn the_tensor_has_the_layouts_size_for_every_seat_and_player_count() {
        for players in 2..=4u8 {
            for game in positions(players, players.into()).iter().step_by(7) {
                let layout = Tigris::layout(game.config());
                for seat in Seat::all(players.into()) {
                    let tensor = game.observation(seat);
                    assert_eq!(tensor.len(), layout.size());
                    assert!(tensor.iter().all(|v| v.is_finite() && *v >= 0.0));
                }
            }
        }
    }

    #[test]
    fn the_tensor_does_not_change_when_hidden_information_is_redrawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for game in positions(4, 5).iter().step_by(5) {
            for seat in Seat::all(4) {
                let redrawn = game.resample_hidden(seat, &mut rng);
                assert_eq!(redrawn.observation(seat), game.observation(seat));
            }
        }
    }

    #[test]
    fn hidden_hands_reach_only_their_owner() {
        // Some seat's hand differs between two redrawn states: its own tensor tells them
        // apart, the observer's does not.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let game = &positions(3, 9)[60];
        let me = Seat::new(0).unwrap();
        let other = Seat::new(1).unwrap();
        let differs = (0..20).any(|_| {
            let redrawn = game.resample_hidden(me, &mut rng);
            redrawn.observation(other) != game.observation(other)
        });
        assert!(
            differs,
            "redrawing seat 1's hand never changed seat 1's tensor"
        );
    }

    #[test]
    fn the_board_planes_show_the_pieces_where_they_stand() {
        let game = &positions(4, 2)[120];
        let me = Seat::new(1).unwrap();
        let tensor = game.observation(me);
        let p = game.public();
        for colour in Colour::ALL {
            for space in p.tiles(colour).iter() {
                assert_eq!(tensor[colour.index() * SQUARES + space.index()], 1.0);
            }
            let face_up = tensor[colour.index() * SQUARES..(colour.index() + 1) * SQUARES]
                .iter()
                .filter(|v| **v == 1.0)
                .count();
            assert_eq!(face_up, p.tiles(colour).len());
            // The observer's own leaders are on planes 8..12.
            if let Some(square) = p.leader(me, colour) {
                assert_eq!(tensor[(8 + colour.index()) * SQUARES + square.index()], 1.0);
            }
        }
        let features = &tensor[board_planes(4) * SQUARES..];
        assert_eq!(features[..4], game.hand(me).values().map(f32::from));
    }
}
