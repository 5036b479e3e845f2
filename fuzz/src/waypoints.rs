//! Deep positions without replaying a whole game per input: from each start the input may
//! name, 16 reference games, each played once per process on first use (through the games'
//! own fast paths), with 16 of its states kept, evenly spaced from the start to the end. An
//! input starts from one of them and plays on with its own seed and checks.

use std::sync::OnceLock;

use mesopotamia_core::{Game, ToMove};

use crate::games::FuzzGame;
use crate::rng::SplitMix64;

/// Reference games per start.
pub const GAMES: usize = 16;
/// States kept per reference game: the start, 14 between, the end.
pub const POINTS: usize = 16;
/// Seed of reference game 0 (game `g` has `REFERENCE_SEED + g`).
pub const REFERENCE_SEED: u64 = 0x5EED_0000;

/// One reference game: its kept states, each with its steps from the start.
pub type Waypoints<G> = Vec<(G, usize)>;

/// One slot per start byte and reference game, filled on first use.
pub type Slots<G> = [[OnceLock<Waypoints<G>>; GAMES]; 256];

/// The state of a point byte (see [`crate::input`]) from a start byte, with its steps from
/// the start.
pub fn get<G: FuzzGame>(start: u8, point: u8) -> (&'static G, usize) {
    let game = point as usize >> 4;
    let points = G::waypoint_slots()[start as usize][game].get_or_init(|| {
        let state = crate::input::start::<G>(start);
        reference_game(state, REFERENCE_SEED + game as u64)
    });
    let (state, steps) = &points[point as usize & 15];
    (state, *steps)
}

/// A reference game from `start`: every state is kept while it is played, then 16 of them.
fn reference_game<G: FuzzGame>(start: G, seed: u64) -> Waypoints<G> {
    let mut all = vec![start];
    let mut rng = SplitMix64::new(seed);
    let mut buffers = (Vec::new(), Vec::new());
    loop {
        let mut game = all.last().expect("the start").clone();
        if !fast_step(&mut game, &mut rng, &mut buffers) {
            break;
        }
        all.push(game);
    }
    let length = all.len() - 1;
    (0..POINTS)
        .map(|point| {
            let step = point * length / (POINTS - 1);
            (all[step].clone(), step)
        })
        .collect()
}

/// The fast paths' buffers.
type Buffers<G> = (Vec<<G as Game>::Action>, Vec<(<G as Game>::Chance, u32)>);

/// One random step through the game's fast paths; `false` at the end.
fn fast_step<G: Game>(
    game: &mut G,
    rng: &mut SplitMix64,
    (actions, outcomes): &mut Buffers<G>,
) -> bool {
    match game.to_move() {
        ToMove::Terminal => false,
        ToMove::Chance => {
            if let Err(e) = game.play_chance_random(rng, outcomes) {
                panic!("a reference game: {e}");
            }
            true
        }
        ToMove::Seat(_) => {
            if let Err(e) = game.play_random(rng, actions) {
                panic!("a reference game: {e}");
            }
            true
        }
    }
}
