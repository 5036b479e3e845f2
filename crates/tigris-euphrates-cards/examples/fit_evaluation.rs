//! Fits the weights of the card game's fitted evaluation ([`bots::FITTED_WEIGHTS`]) on
//! self-play data, reproducibly:
//!
//! ```text
//! cargo run --release -p tigris-euphrates-cards --example fit_evaluation -- GAMES ITERATIONS SEED
//! ```
//!
//! It plays `GAMES` 4-player games of four `mcts-v1` at `ITERATIONS` iterations a decision
//! (game `i` seeded with `SEED + i`), keeps every fourth decision's state, and fits a
//! conditional logit: each seat's chance of winning is `exp(w · f) / Σ exp(w · f')` over the
//! seats, `f` being [`bots::features`]. A game's win is shared between tied winners. The
//! last fifth of the games is held out: the log loss and how often the seat rated best won
//! are printed for the fit and for the hand-made evaluation ([`bots::search_evaluate`]).
//!
//! [`bots::FITTED_WEIGHTS`]: tigris_euphrates_cards::bots::FITTED_WEIGHTS
//! [`bots::features`]: tigris_euphrates_cards::bots::features
//! [`bots::search_evaluate`]: tigris_euphrates_cards::bots::search_evaluate
use mesopotamia_core::{Game, Seat};
use mesopotamia_search::play_match_observed;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::Config;
use tigris_euphrates_cards::bots::{FEATURES, features, mcts_v1_bot, search_evaluate};

const SEATS: usize = 4;

/// One kept state: each seat's features, the hand-made evaluation, and its share of the win.
struct Sample {
    features: [[f64; FEATURES]; SEATS],
    hand_made: [i64; SEATS],
    won: [f64; SEATS],
}

fn play(games: u64, iterations: u32, seed: u64) -> Vec<Vec<Sample>> {
    let config = Config::new(SEATS as u8);
    (0..games)
        .map(|i| {
            let mut bots: Vec<_> = (0..SEATS).map(|_| mcts_v1_bot(iterations)).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed + i);
            let mut kept = Vec::new();
            let outcome = play_match_observed(&config, &mut bots, &mut rng, |d| {
                if d.step % 4 == 0 {
                    kept.push(Sample {
                        features: core::array::from_fn(|s| features(d.state, seat(s))),
                        hand_made: core::array::from_fn(|s| search_evaluate(d.state, seat(s))),
                        won: [0.0; SEATS],
                    });
                }
            })
            .expect("a game of mcts-v1 plays to its end");
            let standings = outcome.state.standings().expect("standings at the end");
            let winners: Vec<Seat> = standings.winners().collect();
            for sample in &mut kept {
                for w in &winners {
                    sample.won[w.index()] = 1.0 / winners.len() as f64;
                }
            }
            eprintln!("game {i}: {} states, winners {winners:?}", kept.len());
            kept
        })
        .collect()
}

fn seat(s: usize) -> Seat {
    Seat::new(s).expect("a seat of the table")
}

/// Each seat's chance of winning under weights `w`.
fn chances(w: &[f64; FEATURES], f: &[[f64; FEATURES]; SEATS]) -> [f64; SEATS] {
    softmax(core::array::from_fn(|s| dot(w, &f[s])))
}

/// Chances from the seats' log-odds.
fn softmax(u: [f64; SEATS]) -> [f64; SEATS] {
    let top = u.iter().copied().fold(f64::MIN, f64::max);
    let e = u.map(|x| (x - top).exp());
    let sum: f64 = e.iter().sum();
    e.map(|x| x / sum)
}

fn dot(a: &[f64; FEATURES], b: &[f64; FEATURES]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Mean log loss of the winners' chances, and how often the seat rated best won.
fn judge(samples: &[&Sample], rate: impl Fn(&Sample) -> [f64; SEATS]) -> (f64, f64) {
    let (mut loss, mut right) = (0.0, 0.0);
    for s in samples {
        let p = rate(s);
        loss -= (0..SEATS)
            .map(|i| s.won[i] * p[i].max(1e-12).ln())
            .sum::<f64>();
        let best = (0..SEATS).fold(0, |b, i| if p[i] > p[b] { i } else { b });
        right += s.won[best];
    }
    let n = samples.len() as f64;
    (loss / n, right / n)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("GAMES ITERATIONS SEED, as whole numbers"))
        .collect();
    let [games, iterations, seed] = args[..] else {
        panic!("usage: fit_evaluation GAMES ITERATIONS SEED");
    };
    let games_played = play(games, iterations as u32, seed);
    let held_out = games_played.len() - games_played.len() / 5;
    let train: Vec<&Sample> = games_played[..held_out].iter().flatten().collect();
    let test: Vec<&Sample> = games_played[held_out..].iter().flatten().collect();

    // Gradient descent on standardized features (the loss is convex), a light L2 penalty.
    let mut mean = [0.0; FEATURES];
    let mut sd = [0.0; FEATURES];
    let rows = (train.len() * SEATS) as f64;
    for s in &train {
        for f in &s.features {
            for k in 0..FEATURES {
                mean[k] += f[k] / rows;
            }
        }
    }
    for s in &train {
        for f in &s.features {
            for k in 0..FEATURES {
                sd[k] += (f[k] - mean[k]).powi(2) / rows;
            }
        }
    }
    let sd = sd.map(|v| v.sqrt().max(1e-9));
    let scaled = |f: &[[f64; FEATURES]; SEATS]| -> [[f64; FEATURES]; SEATS] {
        f.map(|row| core::array::from_fn(|k| (row[k] - mean[k]) / sd[k]))
    };
    let train_scaled: Vec<([[f64; FEATURES]; SEATS], [f64; SEATS])> =
        train.iter().map(|s| (scaled(&s.features), s.won)).collect();
    let mut w = [0.0; FEATURES];
    let l2 = 1e-4;
    for _ in 0..3000 {
        let mut grad = [0.0; FEATURES];
        for (f, won) in &train_scaled {
            let p = chances(&w, f);
            for s in 0..SEATS {
                for k in 0..FEATURES {
                    grad[k] += (p[s] - won[s]) * f[s][k];
                }
            }
        }
        for k in 0..FEATURES {
            w[k] -= 0.5 * (grad[k] / train_scaled.len() as f64 + l2 * w[k]);
        }
    }
    // Back to raw features (the means cancel between seats).
    let raw: [f64; FEATURES] = core::array::from_fn(|k| w[k] / sd[k]);

    let fitted = |s: &Sample| chances(&raw, &s.features);
    // The hand-made evaluation as chances: a softmax of each seat's margin, in cards.
    let hand_made = |s: &Sample| softmax(s.hand_made.map(|v| v as f64 / 10.0));
    println!(
        "{} games ({} states kept; {} held out), mcts-v1 at {iterations} iterations, seed {seed}",
        games,
        train.len() + test.len(),
        test.len()
    );
    for (name, (loss, right)) in [
        ("fitted, training", judge(&train, fitted)),
        ("fitted, held out", judge(&test, fitted)),
        ("hand-made, held out", judge(&test, hand_made)),
    ] {
        println!(
            "{name}: log loss {loss:.4}, best-rated seat won {:.1}%",
            100.0 * right
        );
    }
    println!("pub const FITTED_WEIGHTS: [f64; FEATURES] = {raw:?};");
}
