//! The search bot: information-set MCTS from the core, with each game's settings, asked for
//! its analysis of a decision and then matched against the greedy bots.
//!
//! Run with `cargo run --release --example search` (a few seconds; add a number of games as
//! the first argument for more).

use mesopotamia::core::{Game, Seat, ToMove};
use mesopotamia::search::mcts::{MctsBot, MctsConfig};
use mesopotamia::search::{Bot, play_match};
use mesopotamia::sumeria::{Config, Sumeria, bots};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(4);
    let config = Config::new(3);
    let mut rng = ChaCha8Rng::seed_from_u64(7);

    // One decision, analysed: the search redraws what seat 0 cannot see at every
    // iteration, samples chance by weight, and plays random rollouts through the fast path.
    let mut game = Sumeria::new(config.clone()).expect("3 players");
    let mut outcomes = Vec::new();
    while game.to_move() == ToMove::Chance {
        game.chance_outcomes(&mut outcomes);
        game.apply_chance(outcomes[0].0).expect("a listed outcome");
    }
    let ToMove::Seat(seat) = game.to_move() else {
        unreachable!("after setup a seat acts")
    };
    let legal = game.legal_action_vec();
    let bot = MctsBot::<Sumeria>::new(MctsConfig::iterations(2_000));
    let analysis = bot
        .analyse(&game, seat, &legal, &mut rng)
        .expect("a legal action");
    println!(
        "seat {seat} of {} legal actions, {} iterations:",
        legal.len(),
        analysis.iterations
    );
    for (action, visits, payoff) in analysis.actions.iter().take(3) {
        println!(
            "  {:<28} {visits:>5} visits, mean payoff {payoff:.3}",
            action.to_string()
        );
    }

    // The game's own settings (`bots::mcts_bot`) against two greedy bots, seats rotating.
    let mut wins = 0.0;
    for g in 0..games {
        let mut search = bots::mcts_bot(bots::MCTS_ITERATIONS);
        let (mut greedy_a, mut greedy_b) = (bots::greedy_bot(), bots::greedy_bot());
        let mut seats: Vec<&mut dyn Bot<Sumeria>> = vec![&mut greedy_a, &mut greedy_b];
        let at = g % 3;
        seats.insert(at, &mut search);
        let mut rng = ChaCha8Rng::seed_from_u64(100 + g as u64);
        let outcome = play_match::<Sumeria, _, _>(&config, &mut seats, &mut rng).expect("a game");
        let standings = outcome.state.standings().expect("over");
        let winners: Vec<Seat> = standings.winners().collect();
        if winners.iter().any(|s| s.index() == at) {
            wins += 1.0 / winners.len() as f64;
        }
    }
    println!("search bot against two greedy bots: {wins} wins of {games} games");
}
