//! A greedy bot for the card game: one decision ahead, with a simple evaluation.

use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{Colour, ColourMap, Game, Seat};
use mesopotamia_search::mcts::{MctsBot, MctsConfig};
use mesopotamia_search::{Bot, GameBots, GreedyBot};

use crate::state::{Card, Cards, DECK_CARDS};

/// How good the game looks for `seat`: its VP piles as the final scoring ranks them
/// (the weakest colours weigh most, treasures wild) plus its leaders on display, minus
/// the best opponent's, and a penalty for each card in its hand, from 1 point at the start
/// to 6 when the deck is empty. Other seats' buried pile cards are whatever the state
/// holds: the greedy bot only ever evaluates a state redrawn from its own view.
///
/// The hand term makes the bot play its cards: the game ends only as cards leave the deck
/// (C11, rule C13), and a one-step bot that sees nothing to gain would otherwise move
/// leaders or pass for ever. Late in the game, when no red card is left to support
/// conflicts, leaders can knock each other out at no cost turn after turn; a card in hand
/// then weighs more than a leader on the display (5 points), so the cards get played and
/// the game ends.
pub fn evaluate(game: &Cards, seat: Seat) -> i64 {
    let keys = game.keys();
    against_the_best(game, seat, 1, |s| keys[s.index()])
}

/// `seat`'s standing less the best opponent's, and the hand penalty of [`evaluate`]: a
/// seat's standing is its piles' key (`key_of`, in `unit`s of a card, the weakest colours
/// weighing most) plus its leaders on display.
fn against_the_best(game: &Cards, seat: Seat, unit: i64, key_of: impl Fn(Seat) -> [u32; 4]) -> i64 {
    let value = |s: Seat| {
        let key = key_of(s);
        let standing = 8 * key[0] + 4 * key[1] + 2 * key[2] + key[3];
        let leaders = Colour::ALL
            .iter()
            .filter(|&&c| game.public().leader(s, c).is_some())
            .count() as i64;
        10 * standing as i64 + 5 * unit * leaders
    };
    let best_other = Seat::all(game.seat_count())
        .filter(|&s| s != seat)
        .map(value)
        .max()
        .unwrap_or(0);
    let out_of_deck = (DECK_CARDS - game.public().deck_size().min(DECK_CARDS)) as i64;
    let hand = game.public().hand_size(seat) as i64;
    (value(seat) - best_other) / unit
        - hand * (DECK_CARDS as i64 + 5 * out_of_deck) / DECK_CARDS as i64
}

/// The search's evaluation: [`evaluate`], except that the VP piles count only what
/// everyone sees of them (rule C12: a pile lies face down, its owner's too): its size, its top
/// card and its treasures, the hidden cards spread evenly over the four colours (the whole
/// piles with open piles). A search redraws the hidden cards at every iteration
/// ([`Game::resample_hidden`]): read as they fell, they made every judgement noisy, while
/// nothing a seat does changes them.
pub fn search_evaluate(game: &Cards, seat: Seat) -> i64 {
    against_the_best(game, seat, 4, |s| public_key(game, s))
}

/// The key of the public part of `seat`'s VP pile (see [`search_evaluate`]), in quarters of
/// a card, so that the hidden cards spread evenly stay whole numbers.
fn public_key(game: &Cards, seat: Seat) -> [u32; 4] {
    let open = game.public().config().open_piles;
    let pile = game.pile(seat);
    let mut counts = ColourMap::splat(0u32);
    let (mut treasures, mut hidden) = (0u32, 0u32);
    for (i, card) in pile.iter().enumerate() {
        match card {
            Card::Treasure => treasures += 1,
            Card::Civ(c) if open || i + 1 == pile.len() => counts[*c] += 1,
            Card::Civ(_) => hidden += 1,
        }
    }
    if hidden == 0 {
        // Whole cards, treasures placed whole: exactly the final scoring's key.
        weakest_colour_key(counts, treasures).map(|k| 4 * k)
    } else {
        for c in Colour::ALL {
            counts[c] = 4 * counts[c] + hidden;
        }
        weakest_colour_key(counts, 4 * treasures)
    }
}

/// How many numbers [`features`] gives.
pub const FEATURES: usize = 6;

/// What the fitted evaluation ([`fitted_evaluate`]) reads of a seat, all of it public: the
/// size of its VP pile, the treasures in it, its leaders on the display, its hand size, and
/// its hand size and pile size each times the share of the deck already drawn (the game
/// ends as the deck runs out, rule C13).
pub fn features(game: &Cards, seat: Seat) -> [f64; FEATURES] {
    let pile = game.pile(seat);
    let size = pile.len() as f64;
    let treasures = pile.iter().filter(|c| matches!(c, Card::Treasure)).count() as f64;
    let p = game.public();
    let drawn = f64::from(DECK_CARDS - p.deck_size().min(DECK_CARDS)) / f64::from(DECK_CARDS);
    let leaders = Colour::ALL
        .iter()
        .filter(|&&c| p.leader(seat, c).is_some())
        .count() as f64;
    let hand = f64::from(p.hand_size(seat));
    [size, treasures, leaders, hand, hand * drawn, size * drawn]
}

/// The weights of [`features`] in [`fitted_evaluate`]: a conditional logit (each seat's
/// chance of winning is `exp(w · f) / Σ exp(w · f')` over the seats), fitted on the states of
/// 300 self-play 4-player games of `mcts-v1` at 300 iterations a decision (and used at every
/// table size) by
/// `examples/fit_evaluation.rs`
/// (`cargo run --release -p tigris-euphrates-cards --example fit_evaluation -- 300 300 1`).
/// On the states of the games held out, the seat it rates best won 59.6% of the time, the
/// one [`search_evaluate`] rates best 57.3%.
///
/// A card in the pile is worth about a quarter of a log-odd; a treasure, which counts in the
/// pile's size too, nearly three cards; a leader on the display nearly one card; a card in
/// hand a little at the start, and it costs at the end.
pub const FITTED_WEIGHTS: [f64; FEATURES] = [
    0.24397417064508406,
    0.44752743879370444,
    0.2070287490545496,
    0.05974860399853392,
    -0.22334954369875853,
    -0.10233888426141961,
];

/// The search bot's evaluation: `seat`'s log-odds of winning by [`FITTED_WEIGHTS`] less the
/// best opponent's, in thousandths. It reads only what everyone sees, so a search's redraws
/// of the hidden cards leave it as it is.
pub fn fitted_evaluate(game: &Cards, seat: Seat) -> i64 {
    let score = |s: Seat| -> f64 {
        FITTED_WEIGHTS
            .iter()
            .zip(features(game, s))
            .map(|(w, f)| w * f)
            .sum()
    };
    let best_other = Seat::all(game.seat_count())
        .filter(|&s| s != seat)
        .map(score)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other == f64::NEG_INFINITY {
        return 0;
    }
    (1000.0 * (score(seat) - best_other)).round() as i64
}

/// The greedy bot: [`GreedyBot`] with [`evaluate`].
pub fn greedy_bot() -> GreedyBot<fn(&Cards, Seat) -> i64> {
    GreedyBot::new(evaluate)
}

/// Iterations per decision of [`mcts_v1_bot`] by default (`mcts-v1`): a decision takes well
/// under a second on one core.
pub const MCTS_V1_ITERATIONS: u32 = 5_000;
const V1_DEPTH: u32 = 0;
const V1_SCALE: f64 = 40.0;
const V1_EXPLORATION: f64 = 0.1;

/// The first search bot (`mcts-v1`), kept unchanged as a baseline: the search crate's
/// information-set MCTS ([`mesopotamia_search::mcts`]) with plain UCT, `iterations` per
/// decision.
/// Random endings of the card game (500 random decisions) say little about a position, so
/// the search stops where the tree does and scores each seat by [`evaluate`] (payoff
/// `logistic(evaluate / 40)`), exploring little (constant 0.1) since those payoffs differ by
/// little.
pub fn mcts_v1_bot(iterations: u32) -> MctsBot<Cards> {
    MctsBot::new(
        MctsConfig::iterations(iterations)
            .with_rollout_depth(V1_DEPTH)
            .with_evaluation_scale(V1_SCALE)
            .with_exploration(V1_EXPLORATION),
    )
    .with_evaluation(evaluate)
}

/// Iterations per decision of [`mcts_bot`] by default (`mcts`): a decision takes well under
/// a second on one core.
pub const MCTS_ITERATIONS: u32 = MCTS_V1_ITERATIONS;

/// The search bot's iterations per decision at the levels for people `level2` to `level5`
/// (`level1` is the greedy bot), from quick to strong.
pub const LEVEL_ITERATIONS: [u32; 4] = [200, 1000, 5000, 20_000];

/// The search bot (`mcts`), `iterations` per decision: the first search ([`mcts_v1_bot`]:
/// plain UCT, exploration constant 0.1, the search stopping where the tree does) judging
/// states by [`fitted_evaluate`] (payoff `logistic(fitted_evaluate / 1000)`, a seat's fitted
/// log-odds over its best opponent's), and keeping its tree between the two actions of a
/// turn ([`MctsConfig::with_tree_reuse`]). What it wins against `mcts-v1` at equal CPU
/// time is measured by `scripts/strength.sh` (`docs/benchmarks.md`, "Strength"); the
/// figures once quoted here were taken on the wall clock of a shared machine and are
/// withdrawn.
///
/// The search guided by [`evaluate`] ([`MctsConfig::with_priors`]), which the other games
/// use, did worse here in trials on the wall clock (guided at every node, at the root only
/// or on the two actions of the bot's turn, at priors' temperatures from 10 to 40 and
/// exploration constants from 1 to 3): a decision's worth shows only after the others'
/// replies, which a short guided search, playing like the greedy bot, does not see.
pub fn mcts_bot(iterations: u32) -> MctsBot<Cards> {
    MctsBot::new(
        MctsConfig::iterations(iterations)
            .with_rollout_depth(V1_DEPTH)
            .with_evaluation_scale(FITTED_SCALE)
            .with_exploration(V1_EXPLORATION)
            .with_tree_reuse(),
    )
    .with_evaluation(fitted_evaluate)
}

/// [`fitted_evaluate`]'s unit: a thousandth of a log-odd.
const FITTED_SCALE: f64 = 1000.0;

/// The bots and the evaluation above, as the search's front ends (bot specs, hints) ask for
/// them.
impl GameBots for Cards {
    const MCTS_ITERATIONS: u32 = MCTS_ITERATIONS;
    const MCTS_V1_ITERATIONS: u32 = MCTS_V1_ITERATIONS;
    const LEVEL_ITERATIONS: [u32; 4] = LEVEL_ITERATIONS;
    fn greedy_bot() -> Box<dyn Bot<Self> + Send> {
        Box::new(greedy_bot())
    }
    fn mcts_bot(iterations: u32) -> MctsBot<Self> {
        mcts_bot(iterations)
    }
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self> {
        mcts_v1_bot(iterations)
    }
    fn evaluate(&self, seat: Seat) -> i64 {
        evaluate(self, seat)
    }
}
