//! The observation tensor of a seat's view, for learning code ([`Observe`]).
//!
//! Seats are numbered from the observer (`k = 0` is the observer, `k = 1` the next seat,
//! ...); `n` is the number of players. Influence kinds are in [`Influence::ALL`] order.
//! Three pieces:
//!
//! **`board`**, shaped `[n, 56]` (seat, location): 1.0 where seat k has a trader; the
//! locations are the board indices (city-state `s`, slot `t` at `7s + t`, see
//! [`Board::location`](crate::Board::location)).
//!
//! **`order`**, shaped `[8, 8]` (city-state, place): 1.0 where the city-state (board index)
//! holds that place of the order, most important first, as far as the order is drawn.
//!
//! **`features`**, shaped `[29 + 7n]`, counts as they are (not scaled):
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | n | traders in supply, per seat k |
//! | n | 4n | influence tiles held, per seat k and kind |
//! | 5n | 12 | influence tiles on display above the first, second and third city-state, by kind |
//! | 12+5n | 4 | influence tiles discarded, by kind |
//! | 16+5n | 1 | tiles in the bag |
//! | 17+5n | 1 | rounds completed |
//! | 18+5n | 1 | turns taken in this round (placements at setup) |
//! | 19+5n | 1 | tiles drawn for this round's display |
//! | 20+5n | 1 | places of the order drawn |
//! | 21+5n | n | the first player of the round, one-hot |
//! | 21+6n | 8 | the phase, one-hot: order, first, draw, setup, turns, take 0, take 1, over |
//! | 29+6n | n | the seat to decide, one-hot (none at chance and at the end) |

use mesopotamia_core::Seat;
use mesopotamia_core::observation::{Layout, Observe, Piece, push_one_hot, relative_seat};

use crate::action::Influence;
use crate::board::{LOCATIONS, STATES};
use crate::state::{Phase, Sumeria, SumeriaView};

/// Values of the `features` piece for `players` players.
pub const fn feature_count(players: usize) -> usize {
    29 + 7 * players
}

impl Observe for Sumeria {
    /// The order's draws are the city-states' board indices (below [`STATES`]), the first
    /// player's the seats' (below 4), the display's the influence kinds' (economy 0,
    /// military 1, politics 2, religion 3).
    const CHANCE_OUTCOMES: usize = STATES;

    fn chance_index(&self, outcome: <Sumeria as mesopotamia_core::Game>::Chance) -> usize {
        match outcome {
            // A city-state is on the board of every state of the configuration: the board
            // is the configuration's.
            crate::Chance::Order(name) => self
                .public()
                .board()
                .state_index(name)
                .unwrap_or(Self::CHANCE_OUTCOMES),
            crate::Chance::First(seat) => seat.index(),
            crate::Chance::Draw(kind) => kind as usize,
        }
    }

    fn layout(config: &crate::Config) -> Layout {
        let n = config.players as usize;
        Layout {
            pieces: vec![
                Piece::new("board", &[n, LOCATIONS]),
                Piece::new("order", &[STATES, STATES]),
                Piece::new("features", &[feature_count(n)]),
            ],
        }
    }

    fn write_observation(view: &SumeriaView, out: &mut Vec<f32>) {
        let p = &view.public;
        let n = p.config().players as usize;
        let me = view.seat;
        let rel = |s: Seat| relative_seat(me, s, n);
        let seat_k = |k: usize| Seat::new((me.index() + k) % n.max(1));
        out.clear();
        out.resize(n * LOCATIONS + STATES * STATES, 0.0);
        for index in 0..LOCATIONS {
            if let Some(seat) = p.occupant(index) {
                out[rel(seat) * LOCATIONS + index] = 1.0;
            }
        }
        let order_at = n * LOCATIONS;
        for (place, &state) in p.order[..(p.ordered as usize).min(STATES)]
            .iter()
            .enumerate()
        {
            out[order_at + state as usize * STATES + place] = 1.0;
        }

        for k in 0..n {
            out.push(seat_k(k).map_or(0, |s| p.supply(s)).into());
        }
        for k in 0..n {
            for kind in Influence::ALL {
                out.push(seat_k(k).map_or(0, |s| p.held(s, kind)).into());
            }
        }
        for place in 0..3 {
            for kind in Influence::ALL {
                out.push(p.display(place, kind).into());
            }
        }
        for kind in Influence::ALL {
            out.push(p.discarded(kind).into());
        }
        out.push(view.bag_size as f32);
        out.push(p.round().into());
        out.push(p.turn().into());
        out.push(p.drawn.into());
        out.push(p.ordered.into());
        push_one_hot(out, n, Some(rel(p.first())));
        let phase = match p.phase() {
            Phase::Order => 0,
            Phase::First => 1,
            Phase::Draw => 2,
            Phase::Setup => 3,
            Phase::Turns => 4,
            Phase::Take(0) => 5,
            Phase::Take(_) => 6,
            Phase::Over => 7,
        };
        push_one_hot(out, 8, Some(phase));
        let deciding = match p.phase() {
            Phase::Setup | Phase::Turns | Phase::Take(_) => p.deciding(),
            _ => None,
        };
        push_one_hot(out, n, deciding.map(rel));
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::observation::Observe;
    use mesopotamia_core::{Game, ToMove};
    use mesopotamia_testkit::random_states;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::Config;

    fn positions(players: u8, seed: u64) -> Vec<Sumeria> {
        let game = Sumeria::new(Config::new(players)).unwrap();
        random_states(game, &mut ChaCha8Rng::seed_from_u64(seed), usize::MAX)
    }

    #[test]
    fn the_tensor_has_the_layouts_size_and_names_the_seat_to_move() {
        for players in 3..=4u8 {
            for game in positions(players, players.into()).iter().step_by(3) {
                let layout = Sumeria::layout(game.config());
                let decider_at = layout.find("features").unwrap().0 + 29 + 6 * players as usize;
                for seat in Seat::all(players.into()) {
                    let tensor = game.observation(seat);
                    assert_eq!(tensor.len(), layout.size());
                    assert!(tensor.iter().all(|v| v.is_finite() && *v >= 0.0));
                    let to_move = tensor[decider_at..decider_at + players as usize]
                        .iter()
                        .position(|v| *v == 1.0)
                        .map(|k| Seat::new((seat.index() + k) % players as usize).unwrap());
                    let expected = match game.to_move() {
                        ToMove::Seat(s) => Some(s),
                        _ => None,
                    };
                    assert_eq!(to_move, expected);
                }
            }
        }
    }

    #[test]
    fn the_tensor_does_not_change_when_hidden_information_is_redrawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        for game in positions(4, 2).iter().step_by(4) {
            for seat in Seat::all(4) {
                let redrawn = game.resample_hidden(seat, &mut rng);
                assert_eq!(redrawn.observation(seat), game.observation(seat));
            }
        }
    }

    #[test]
    fn the_board_piece_shows_each_seats_traders() {
        let game = &positions(3, 1)[40];
        let me = Seat::new(1).unwrap();
        let tensor = game.observation(me);
        for index in 0..LOCATIONS {
            let planes: Vec<f32> = (0..3).map(|k| tensor[k * LOCATIONS + index]).collect();
            match game.public().occupant(index) {
                None => assert_eq!(planes, [0.0; 3]),
                Some(s) => {
                    let k = (s.index() + 3 - me.index()) % 3;
                    assert_eq!(planes.iter().sum::<f32>(), 1.0);
                    assert_eq!(planes[k], 1.0);
                }
            }
        }
    }
}
