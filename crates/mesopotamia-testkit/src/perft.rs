//! Checking a game against its perft data file, and what regenerating one needs.

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::setup::Setup as _;

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::perft::data::parse_perft_file;
use mesopotamia_core::perft::perft;
use mesopotamia_search::{Bot, play_match};

/// The count of [`perft`] without bulk counting: every step is played, the last ones
/// too, and each must be accepted. Slower by the size of the last lists, and a check on
/// the bulk count: a step the game lists but refuses is not seen by counting the list.
///
/// # Panics
/// When the game refuses a step it listed, naming it.
pub fn perft_by_applying<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    match state.to_move() {
        ToMove::Terminal => {}
        ToMove::Seat(seat) => {
            for action in state.legal_action_vec() {
                let mut child = state.clone();
                if let Err(e) = child.apply(action) {
                    panic!("seat {seat}: listed action {action} refused: {e}");
                }
                total += perft_by_applying(&child, depth - 1);
            }
        }
        ToMove::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            for (outcome, _) in outcomes {
                let mut child = state.clone();
                if let Err(e) = child.apply_chance(outcome) {
                    panic!("listed chance outcome {outcome} refused: {e}");
                }
                total += perft_by_applying(&child, depth - 1);
            }
        }
    }
    total
}

/// Checks a game against its perft file (`text`, named `file` in messages): every entry's
/// state is made (a position must also read back to the very text the file holds, so that
/// a regenerated file is the same file), every count is recounted, depth 1 is compared
/// with the length of the legal list or of the chance outcomes, and the counts to
/// `applied_depth` are compared with [`perft_by_applying`]. Returns the number of entries.
///
/// # Panics
/// Listing every entry and depth that disagrees, or when the file does not read.
pub fn check_perft_file<G: CaseGame>(file: &str, text: &str, applied_depth: u32) -> usize {
    let entries = parse_perft_file(text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut failures = Vec::new();
    for entry in &entries {
        let at = format!("{file}, {}", entry.label());
        let state = match entry.state::<G>() {
            Ok(state) => state,
            Err(e) => {
                failures.push(format!("{at}: {e}"));
                continue;
            }
        };
        if let mesopotamia_core::cases::Start::Position(written) = &entry.start {
            // Written back in the form the file uses, the position is the file's text.
            let one_line = !written.trim().contains('\n');
            let again = if one_line {
                mesopotamia_core::setup::Setup::to_one_line(&G::Position::from_game(&state))
            } else {
                state.position()
            };
            if again.trim_end() != written.trim_end() {
                failures.push(format!(
                    "{at}: the position reads back as another text:\n{again}"
                ));
            }
        }
        for &(depth, count) in &entry.counts {
            match perft(&state, depth) {
                Ok(n) if n == count => {}
                Ok(n) => failures.push(format!(
                    "{at}: depth {depth}: the file says {count}, this engine counts {n}"
                )),
                Err(e) => failures.push(format!("{at}: depth {depth}: {e}")),
            }
            if depth == 1 {
                let listed = match state.to_move() {
                    ToMove::Seat(_) => state.legal_action_vec().len(),
                    ToMove::Chance => {
                        let mut outcomes = Vec::new();
                        state.chance_outcomes(&mut outcomes);
                        outcomes.len()
                    }
                    ToMove::Terminal => 0,
                };
                if listed as u64 != count {
                    failures.push(format!(
                        "{at}: depth 1: the file says {count}, the list has {listed}"
                    ));
                }
            }
            if depth <= applied_depth {
                let applied = perft_by_applying(&state, depth);
                if applied != count {
                    failures.push(format!(
                        "{at}: depth {depth}: the file says {count}, playing every step counts {applied}"
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreement(s) with {file}:\n{}",
        failures.len(),
        failures.join("\n")
    );
    entries.len()
}

/// Every state of one game of `config` between `bots` (seat `i` played by `bots[i]`, chance
/// drawn from `rng`), the start first and the end last, chance nodes included: where a
/// regenerated perft file takes its mid-game positions from.
///
/// # Panics
/// When the match fails (a bot's illegal choice, a broken contract).
pub fn game_states<G: Game, B: Bot<G>, R: Rng>(
    config: &G::Config,
    bots: &mut [B],
    rng: &mut R,
) -> Vec<G> {
    let outcome = play_match(config, bots, rng)
        .unwrap_or_else(|failure| panic!("{}: the game failed: {}", G::NAME, failure.error));
    let mut state = G::new(config).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
    let mut states = vec![state.clone()];
    for (number, step) in outcome.record.steps.iter().enumerate() {
        let played = match *step {
            mesopotamia_core::record::Step::Action(_, action) => state.apply(action),
            mesopotamia_core::record::Step::Chance(outcome) => state.apply_chance(outcome),
        };
        if let Err(e) = played {
            panic!(
                "{}: step {} of its own record refused: {e}",
                G::NAME,
                number + 1
            );
        }
        states.push(state.clone());
    }
    states
}

/// The index of the first of `states`, from index `from` on, that `wanted` accepts and whose
/// depth-3 count stays cheap: at most `budget` histories of 2 steps (each is one list to
/// generate at depth 3, after as many states played). What keeps a perft file's check within
/// seconds in a debug build. `None` when no state fits.
///
/// # Panics
/// When a count fails.
pub fn pick_state<G: Game>(
    states: &[G],
    from: usize,
    budget: u64,
    wanted: impl Fn(&G) -> bool,
) -> Option<usize> {
    (from..states.len()).find(|&i| {
        let state = &states[i];
        !state.is_terminal()
            && wanted(state)
            && perft(state, 2).unwrap_or_else(|e| panic!("state {i}: {e}")) <= budget
    })
}

/// Where a position of a perft file comes from: the first state of a seeded game, from
/// `from_percent` of its length on, that `wanted` accepts and whose depth 3 stays cheap
/// ([`pick_state`]).
pub struct PerftPick<G: Game> {
    /// The configuration, in the game's configuration format.
    pub config: &'static str,
    /// The players, one per seat.
    pub bots: Vec<Box<dyn Bot<G>>>,
    /// The seed of the game's RNG (a `ChaCha8Rng`, as the tests use).
    pub seed: u64,
    /// Where to start looking, as a percentage of the game's steps.
    pub from_percent: usize,
    /// What the position is there for.
    pub wanted: Box<dyn Fn(&G) -> bool>,
    /// The note written above it (where it comes from is added).
    pub what: &'static str,
}

/// The text of a game's perft file: `header`, then the initial state of each configuration
/// of `starts` and a position for each of `picks`, with their counts at depths 1 to 3.
/// `rng` makes each pick's generator from its seed.
///
/// # Panics
/// When a configuration is refused, a game fails, or no position fits a pick.
pub fn perft_file_text<G: CaseGame, R: Rng>(
    header: &str,
    starts: &[&str],
    picks: Vec<PerftPick<G>>,
    budget: u64,
    rng: impl Fn(u64) -> R,
) -> String {
    use mesopotamia_core::cases::Start;
    use mesopotamia_core::perft::data::{PerftEntry, write_perft_file};
    let mut entries = Vec::new();
    for config in starts {
        let state = G::from_start(config).unwrap_or_else(|e| panic!("{config}: {e}"));
        let players = state.seat_count();
        entries.push(
            PerftEntry::counted::<G>(Start::Configuration((*config).to_owned()), 3)
                .unwrap_or_else(|e| panic!("{config}: {e}"))
                .with_note(&format!(
                    "The start of a {players}-player game, before any chance outcome."
                )),
        );
    }
    for mut pick in picks {
        let config = G::from_start(pick.config)
            .unwrap_or_else(|e| panic!("{}: {e}", pick.config))
            .config()
            .clone();
        let states = game_states::<G, _, _>(&config, &mut pick.bots, &mut rng(pick.seed));
        let from = states.len() * pick.from_percent / 100;
        let index = pick_state(&states, from, budget, &pick.wanted).unwrap_or_else(|| {
            panic!(
                "{}: no state of the game of seed {} fits, from step {from} on (within {budget} \
                 histories of 2 steps)",
                pick.what, pick.seed
            )
        });
        entries.push(
            PerftEntry::counted::<G>(
                Start::Position(mesopotamia_core::setup::Setup::to_one_line(
                    &G::Position::from_game(&states[index]),
                )),
                3,
            )
            .unwrap_or_else(|e| panic!("{}: {e}", pick.what))
            .with_note(&format!(
                "{}: step {index} of the {} steps of a game of seed {}.",
                pick.what,
                states.len() - 1,
                pick.seed
            )),
        );
    }
    write_perft_file(header, &entries)
}
