//! Perft: the counts of `tests/perft.txt` (game starts and positions of seeded games, with
//! their counts at depths 1 to 3) are this engine's, and other implementations check
//! themselves against the file (`docs/formats.md`, "Perft").

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::perft::perft;
use mesopotamia_testkit::perft::check_perft_file;
use sumeria::Sumeria;
// Regenerating the file plays seeded games with the bots.
#[cfg(feature = "bots")]
use {
    mesopotamia_core::{Game, ToMove},
    mesopotamia_search::{Bot, RandomBot},
    mesopotamia_testkit::perft::{PerftPick, perft_file_text},
    rand_chacha::ChaCha8Rng,
    rand_chacha::rand_core::SeedableRng,
    sumeria::bots::greedy_bot,
};

const FILE: &str = include_str!("perft.txt");

#[test]
fn the_counts_of_the_data_file_hold() {
    // Depth 2 is also counted by playing every step: a listed step the game refuses fails.
    let entries = check_perft_file::<Sumeria>("tests/perft.txt", FILE, 2);
    assert!(entries >= 6, "{entries} entries");
}

/// The start, by the rules (docs/sumeria.md): the 8 city-state tiles are drawn one place at a
/// time (8 choices, then 7, ... then 1), then the first player (one of the seats), then the
/// display's first influence tile (one of 4 kinds, 9 tiles each). So depth n counts
/// 8 × 7 × ... × (9 - n) for n ≤ 8, then times the seats, then times 4.
#[test]
fn the_setup_draws_count_by_hand() {
    for players in [3u64, 4] {
        let start = Sumeria::from_start(&format!("sumeria players {players}")).unwrap();
        let mut expected = vec![1u64];
        for left in (1..=8).rev() {
            expected.push(expected.last().unwrap() * left);
        }
        expected.push(expected.last().unwrap() * players);
        expected.push(expected.last().unwrap() * 4);
        let counts: Vec<u64> = (0..=10).map(|d| perft(&start, d).unwrap()).collect();
        assert_eq!(counts, expected, "{players} players");
        assert_eq!(counts[3], 336);
    }
}

/// Rewrites `tests/perft.txt`: `cargo test -p sumeria --test perft -- --ignored regenerate`.
/// The positions come from seeded games (the same each time); each is the first state of its
/// game, from a given step on, that shows what it is there for and whose depth 3 stays cheap
/// (the kit's `mesopotamia_testkit::perft::pick_state`).
#[cfg(feature = "bots")]
#[test]
#[ignore = "rewrites tests/perft.txt"]
fn regenerate() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft.txt");
    std::fs::write(path, file_text()).unwrap();
}

/// Histories of 2 steps a position may have: its depth-3 count then plays about as many
/// states and lists their steps.
#[cfg(feature = "bots")]
const BUDGET: u64 = 600_000;

#[cfg(feature = "bots")]
fn file_text() -> String {
    let greedy = || -> Box<dyn Bot<Sumeria>> { Box::new(greedy_bot()) };
    let random = || -> Box<dyn Bot<Sumeria>> { Box::new(RandomBot) };
    let text = |state: &Sumeria, text: &str| state.position().contains(text);
    let picks = vec![
        PerftPick {
            config: "sumeria players 3",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 1,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, " phase setup\n")),
            what: "The setup: the first trader to place",
        },
        PerftPick {
            config: "sumeria players 4",
            bots: vec![greedy(), random(), greedy(), random()],
            seed: 2,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, " phase turns\n")),
            what: "The first turn of the first round",
        },
        PerftPick {
            config: "sumeria players 3",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 3,
            from_percent: 40,
            wanted: Box::new(move |s| text(s, " phase turns\n")),
            what: "Mid-game, a turn",
        },
        PerftPick {
            config: "sumeria players 4",
            bots: vec![greedy(), greedy(), greedy(), greedy()],
            seed: 4,
            from_percent: 20,
            wanted: Box::new(move |s| text(s, " phase take ")),
            what: "A controller choosing influence tiles",
        },
        PerftPick {
            config: "sumeria players 3",
            bots: vec![greedy(), random(), random()],
            seed: 5,
            from_percent: 30,
            wanted: Box::new(|s| s.to_move() == ToMove::Chance),
            what: "Mid-game, an influence tile drawn for the display",
        },
        PerftPick {
            config: "sumeria players 4",
            bots: vec![greedy(), greedy(), greedy(), greedy()],
            seed: 6,
            from_percent: 90,
            wanted: Box::new(|s| matches!(s.to_move(), ToMove::Seat(_))),
            what: "Late in the game",
        },
    ];
    perft_file_text(
        HEADER,
        &["sumeria players 3", "sumeria players 4"],
        picks,
        BUDGET,
        ChaCha8Rng::seed_from_u64,
    )
}

#[cfg(feature = "bots")]
const HEADER: &str = "\
Perft counts of Sumeria (crates/sumeria), checked by tests/perft.rs.

Each entry is a position and, for each depth N, the number of histories of exactly N steps
from it. A step is a legal action of the seat to move, or one distinct outcome of a chance
event: a city-state tile, a first player, or an influence tile drawn for the display, which
counts once per kind left in the bag, whatever the number of tiles. A branch on which the
game ends before N steps counts 0; two steps that lead to the same state are two histories.
`[start] CONFIG` is the configuration's initial state, before any chance outcome (Sumeria
seats 3 or 4 players); `[position]` is a position in the game's position format, up to the
`[perft]` line, on the reconstructed board. The format is in docs/formats.md, \"Perft\". The
positions come from seeded games between the engine's bots (tests/perft.rs says which; the
note above each says where in the game).

Regenerate: cargo test -p sumeria --test perft -- --ignored regenerate
Count one position: mesopotamia perft sumeria --from POSITION-FILE --depth 3 [--divide]";
