//! Tests of the search: threads and sequential trees, limited roots, the guided search.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{MctsBot, MctsConfig, Trees};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_toy::{TokenConfig, TokenGame};

/// The toy game of 3 seats dealt with `rng`, at its first decision: the game, the seat to
/// move and its legal actions.
fn first_decision(
    rng: &mut ChaCha8Rng,
) -> (
    TokenGame,
    mesopotamia_core::Seat,
    Vec<<TokenGame as Game>::Action>,
) {
    let config = TokenConfig {
        seats: 3,
        per_colour: 3,
        broken: None,
    };
    let mut game = TokenGame::new(&config).unwrap();
    let mut outcomes = Vec::new();
    while game.to_move() == ToMove::Chance {
        game.play_chance_random(rng, &mut outcomes).unwrap();
    }
    let ToMove::Seat(seat) = game.to_move() else {
        panic!("a seat decides after the deal");
    };
    let legal = game.legal_action_vec();
    (game, seat, legal)
}

/// The trees searched one after another (the web's way) give exactly what the threads
/// give: the same visits, values, choice and iterations, for every seed tried.
#[test]
fn sequential_trees_give_what_threads_give() {
    let (game, seat, legal) = first_decision(&mut ChaCha8Rng::seed_from_u64(3));
    assert!(legal.len() > 1);
    let bot = MctsBot::<TokenGame>::new(MctsConfig::iterations(301).with_threads(3));
    for seed in 0..4 {
        let run = |trees| {
            bot.analyse_on(
                &game,
                seat,
                &legal,
                &mut ChaCha8Rng::seed_from_u64(seed),
                trees,
                false,
                Vec::new(),
            )
            .unwrap()
            .0
        };
        let (parallel, sequential) = (run(Trees::Parallel), run(Trees::Sequential));
        assert_eq!(parallel, sequential, "seed {seed}");
        assert_eq!(sequential.iterations, 301);
    }
}

/// A search limited at the root spends every visit there on the actions it is given,
/// reports them alone, and still searches every action deeper down; with none of them
/// legal it searches the root whole.
#[test]
fn a_limited_root_searches_only_its_actions() {
    let (game, seat, legal) = first_decision(&mut ChaCha8Rng::seed_from_u64(5));
    assert!(legal.len() >= 2, "{legal:?}");
    let bot = MctsBot::<TokenGame>::new(MctsConfig::iterations(200));
    let among = [legal[legal.len() - 1]];
    let analysis = bot
        .analyse_among(&game, seat, &among, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert_eq!(
        analysis.actions,
        vec![(among[0], 200, analysis.actions[0].2)]
    );
    assert_eq!(analysis.choice, among[0]);
    let whole = bot
        .analyse(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert!(
        whole.actions.iter().all(|a| a.1 > 0),
        "unlimited, the search tries them all: {whole:?}"
    );
    // Actions that are not legal at the root leave it whole.
    let never = (0..game.action_space_size())
        .filter_map(|i| game.action_from_index(i))
        .find(|a| !legal.contains(a));
    if let Some(never) = never {
        let analysis = bot
            .analyse_among(&game, seat, &[never], &mut ChaCha8Rng::seed_from_u64(1))
            .unwrap();
        assert_eq!(analysis.actions, vec![(never, 0, 0.0)]);
    }
}

/// The guided search limits its root the same way: every visit goes to the actions of
/// `among`, the first iteration judging it alone (so 199 of 200 iterations visit).
#[test]
fn a_limited_root_of_the_guided_search_searches_only_its_actions() {
    fn evaluation(game: &TokenGame, seat: mesopotamia_core::Seat) -> i64 {
        (format!("{:?}", game.view(seat)).len() % 7) as i64
    }
    let (game, seat, legal) = first_decision(&mut ChaCha8Rng::seed_from_u64(5));
    assert!(legal.len() >= 2, "{legal:?}");
    let bot = MctsBot::<TokenGame>::new(MctsConfig::iterations(200).with_priors(1.0))
        .with_evaluation(evaluation);
    let among = [legal[0]];
    let analysis = bot
        .analyse_among(&game, seat, &among, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    // Every visit but the first iteration's (which judges the new root) went to `among`.
    assert_eq!(analysis.actions.iter().map(|a| a.1).sum::<u32>(), 199);
    // Unlimited, the same search visits the other action too.
    let whole = bot
        .analyse(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    let first = whole.actions.iter().find(|a| a.0 == legal[0]).unwrap();
    assert!(first.1 < 199, "{whole:?}");
}

/// A guided search of one iteration plays the action its evaluation judges best for the
/// seat, as the greedy bot would (the evaluation here is arbitrary but reads only the
/// seat's view, which redrawing the hidden part leaves as it is).
#[test]
fn a_guided_search_of_one_iteration_plays_the_best_judged_action() {
    fn evaluation(game: &TokenGame, seat: mesopotamia_core::Seat) -> i64 {
        let text = format!("{:?}", game.view(seat));
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        (hash % 1000) as i64
    }
    let bot = MctsBot::<TokenGame>::new(
        MctsConfig::iterations(1)
            .with_evaluation_scale(1000.0)
            .with_priors(10.0),
    )
    .with_evaluation(evaluation);
    let mut checked = 0;
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (game, seat, legal) = first_decision(&mut rng);
        let judged = |a: &_| {
            let mut next = game.clone();
            next.apply(*a).unwrap();
            evaluation(&next, seat)
        };
        let best = legal.iter().map(judged).max().unwrap();
        if legal.iter().filter(|a| judged(a) == best).count() > 1 {
            continue;
        }
        let greedy = *legal.iter().find(|a| judged(a) == best).unwrap();
        let analysis = bot.analyse(&game, seat, &legal, &mut rng).unwrap();
        assert_eq!(analysis.choice, greedy, "seed {seed}");
        if legal.len() > 1 {
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} decisions with a choice");
}

/// The test that spares a UCT score never spares one that beats the best: over random and
/// near-tied values (the score a hair above, at or below the best, tiny and huge values,
/// no exploration), whenever `cannot_beat` says so the score computed is at most the best.
#[test]
fn a_spared_score_never_beats_the_best() {
    use super::search::cannot_beat;
    use mesopotamia_core::chance::uniform_below;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut unit = || f64::from(uniform_below(&mut rng, 1 << 30)) / f64::from(1u32 << 30);
    let (mut spared, mut near) = (0, 0);
    for i in 0..200_000 {
        let scale = [1e-12, 1e-3, 1.0, 1e3, 1e12][i % 5];
        let mean = (unit() - 0.5) * scale;
        let exploration = [0.0, 0.1, 1.0, 30.0][i / 5 % 4];
        let visits = f64::from(1 + (unit() * 1000.0) as u32);
        let ln_available = (1.0 + unit() * 5000.0).ln();
        let score = mean + exploration * (ln_available / visits).sqrt();
        // The best a little above, exactly at, or one or a few steps of rounding below the
        // score (where a test without a margin goes wrong).
        let nudge = [1e-15, 1e-12, 1e-9, 1e-6, 0.0, -1e-12, 1.0, -1.0, -4.0][i / 20 % 9];
        let best = if nudge < -0.5 {
            let mut below = score;
            for _ in 0..(-nudge) as u32 {
                below = below.next_down();
            }
            below
        } else {
            score + nudge * score.abs().max(f64::MIN_POSITIVE)
        };
        if cannot_beat(best, mean, exploration, ln_available, visits) {
            assert!(
                score <= best,
                "{score} > {best}: mean {mean}, c {exploration}"
            );
            spared += 1;
            near += usize::from(nudge < 1e-3 && nudge > 0.0);
        }
    }
    // Clear cases are spared; so are some near ones (the margin is 1e-9 of the values).
    assert!(spared > 10_000 && near > 100, "{spared} {near}");
    assert!(!cannot_beat(f64::NEG_INFINITY, 0.5, 1.0, 1.0, 1.0));
    assert!(!cannot_beat(f64::NAN, 0.5, 1.0, 1.0, 1.0));
}

/// A visit counts the edge as available once more and scores it by UCB1 for the seat
/// moving: its mean payoff for that seat plus `exploration * sqrt(ln(available) / visits)`,
/// the logarithm from the table when it holds it. Of equal scores, the edge walked first
/// stays the best, so the choice does not depend on how ties fall.
#[test]
fn a_visit_scores_ucb1_and_keeps_the_first_of_equal_scores() {
    use super::search::uct_visit;
    use super::{Edge, Tally};
    let table: Vec<f64> = (0..64).map(|n| f64::from(n).ln()).collect();
    let edge = |visits: u32, available: u32| Edge {
        visits,
        available,
        ..Edge::new(0u8)
    };
    let tally = |seat_1: f64| {
        let mut t = Tally::NEW;
        t.reward[1] = seat_1;
        t
    };
    let ucb1 =
        |mean: f64, available: f64, visits: f64| mean + 1.5 * (available.ln() / visits).sqrt();
    for ln in [&table[..], &[][..]] {
        let mut best = (f64::NEG_INFINITY, usize::MAX);
        // Seat 1 moves (tag 2): 3 of 4 visits won, available 10 times with this one.
        let mut first = edge(4, 9);
        uct_visit(&mut first, &tally(3.0), 0, 1, 2, ln, 1.5, &mut best);
        assert_eq!((first.available, first.mean_of, first.mean), (10, 2, 0.75));
        let score = ucb1(0.75, 10.0, 4.0);
        assert!((best.0 - score).abs() < 1e-12, "{} {score}", best.0);
        assert_eq!(best.1, 0);
        // The same statistics score the same: the first stays.
        let mut same = edge(4, 9);
        uct_visit(&mut same, &tally(3.0), 1, 1, 2, ln, 1.5, &mut best);
        assert_eq!(best.1, 0);
        // Fewer visits, the same mean: more to explore, so better.
        let mut fewer = edge(2, 9);
        uct_visit(&mut fewer, &tally(1.5), 2, 1, 2, ln, 1.5, &mut best);
        assert_eq!(best.1, 2);
        assert!((best.0 - ucb1(0.75, 10.0, 2.0)).abs() < 1e-12);
        // Much worse: passed over, though still counted available.
        let mut worse = edge(40, 9);
        uct_visit(&mut worse, &tally(0.0), 3, 1, 2, ln, 1.5, &mut best);
        assert_eq!((best.1, worse.available), (2, 10));
    }
}

/// A search with a CPU budget and no iteration count stops by itself, having searched; an
/// iteration count that comes first still stops it, as it would without the budget.
#[test]
fn a_cpu_budget_stops_the_search() {
    let (game, seat, legal) = first_decision(&mut ChaCha8Rng::seed_from_u64(5));
    let bot = MctsBot::<TokenGame>::new(MctsConfig::iterations(1))
        .with_cpu_budget(core::time::Duration::from_millis(2));
    assert_eq!(bot.config().iterations, u32::MAX);
    assert_eq!(bot.config().time, None);
    let analysis = bot
        .analyse(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert!(analysis.iterations >= 1);
    assert!(legal.contains(&analysis.choice));
    let few = MctsBot::<TokenGame>::new(
        MctsConfig::iterations(7).with_cpu_time(core::time::Duration::from_secs(60)),
    );
    let fixed = MctsBot::<TokenGame>::new(MctsConfig::iterations(7));
    let run = |bot: &MctsBot<TokenGame>| {
        bot.analyse(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(2))
            .unwrap()
    };
    // Seven iterations in far less than a minute: the same search, visit for visit.
    assert_eq!(run(&few), run(&fixed));
    // `with_budget` replaces the CPU budget too.
    let again = bot.with_budget(9, None);
    assert_eq!(again.config().cpu_time, None);
    assert_eq!(again.config().iterations, 9);
}

/// The clock is read again after the iterations that fit in half of what is left, at most
/// half a millisecond's worth, and at least one; at once when nothing has been measured.
#[test]
fn the_cpu_clock_is_read_denser_as_the_budget_ends() {
    use super::search::iterations_until_read;
    use core::time::Duration;
    let us = Duration::from_micros;
    assert_eq!(iterations_until_read(us(50_000), us(0), 0), 1);
    assert_eq!(iterations_until_read(us(50_000), us(0), 10), 1);
    // 10 µs an iteration: half a millisecond is 50 iterations, however much is left.
    assert_eq!(iterations_until_read(us(50_000), us(100), 10), 50);
    assert_eq!(iterations_until_read(us(2_000), us(100), 10), 50);
    // 200 µs left: 100 µs, 10 iterations; 15 µs left: at least one.
    assert_eq!(iterations_until_read(us(200), us(100), 10), 10);
    assert_eq!(iterations_until_read(us(15), us(100), 10), 1);
    // A very fast search is not read more than it needs, nor past u32.
    assert_eq!(
        iterations_until_read(Duration::from_secs(1), Duration::from_nanos(1), u32::MAX),
        u32::MAX
    );
}
