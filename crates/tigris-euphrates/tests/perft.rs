//! Perft: the counts of `tests/perft.txt` (game starts and positions of seeded games, with
//! their counts at depths 1 to 3) are this engine's, and other implementations check
//! themselves against the file (`docs/formats.md`, "Perft").

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::perft::perft;
use mesopotamia_testkit::perft::check_perft_file;
use tigris_euphrates::Tigris;
// Regenerating the file plays seeded games with the bots.
#[cfg(feature = "bots")]
use {
    mesopotamia_core::{Game, ToMove},
    mesopotamia_search::{Bot, RandomBot},
    mesopotamia_testkit::perft::{PerftPick, perft_file_text},
    rand_chacha::ChaCha8Rng,
    rand_chacha::rand_core::SeedableRng,
    tigris_euphrates::bots::greedy_bot,
};

const FILE: &str = include_str!("perft.txt");

#[test]
fn the_counts_of_the_data_file_hold() {
    // Depth 2 is also counted by playing every step: a listed step the game refuses fails.
    let entries = check_perft_file::<Tigris>("tests/perft.txt", FILE, 2);
    assert!(entries >= 9, "{entries} entries");
}

/// The deal, by the rules (docs/tigris-euphrates.md): each seat draws 6 tiles from the bag,
/// one at a time, and the bag holds 47 red, 36 blue, 30 green and 30 black tiles (the other 10
/// red are the temples on the board); no colour runs out in 3 draws, so each of the first
/// three steps is one of 4 colours, whatever the number of players.
#[test]
fn the_deal_counts_four_colours_per_draw() {
    for players in 2..=4 {
        let start = Tigris::from_start(&format!(
            "tigris players {players} board classic variant standard"
        ))
        .unwrap();
        let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d).unwrap()).collect();
        assert_eq!(counts, [4, 16, 64], "{players} players");
    }
}

/// Rewrites `tests/perft.txt`: `cargo test -p tigris-euphrates --test perft -- --ignored
/// regenerate`. The positions come from seeded games (the same each time); each is the first
/// state of its game, from a given step on, that shows what it is there for and whose depth 3
/// stays cheap (the kit's `mesopotamia_testkit::perft::pick_state`).
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
    let greedy = || -> Box<dyn Bot<Tigris>> { Box::new(greedy_bot()) };
    let random = || -> Box<dyn Bot<Tigris>> { Box::new(RandomBot) };
    let decision = |state: &Tigris| matches!(state.to_move(), ToMove::Seat(_));
    let text = |state: &Tigris, text: &str| state.position().contains(text);
    let picks = vec![
        PerftPick {
            config: "tigris players 2 board classic variant standard",
            bots: vec![greedy(), greedy()],
            seed: 1,
            from_percent: 0,
            wanted: Box::new(decision),
            what: "The first turn, after the deal",
        },
        PerftPick {
            config: "tigris players 2 board classic variant standard",
            bots: vec![greedy(), random()],
            seed: 5,
            from_percent: 50,
            wanted: Box::new(move |s| decision(s) && text(s, " actions 2\n")),
            what: "Mid-game, a turn's first action",
        },
        PerftPick {
            config: "tigris players 3 board classic variant standard",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 2,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, "\nconflict war ")),
            what: "A war pending: the attacker or the defender commits support",
        },
        PerftPick {
            config: "tigris players 4 board classic variant standard",
            bots: vec![random(), random(), greedy(), greedy()],
            seed: 3,
            from_percent: 30,
            wanted: Box::new(move |s| text(s, "\nconflict revolt ")),
            what: "A revolt pending",
        },
        PerftPick {
            config: "tigris players 3 board alternative variant english buildings ziggurat",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 4,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, " next building\n")),
            what: "The 2009 options (the alternative board, buildings, the ziggurat) and the English variant: a building to put or decline",
        },
        PerftPick {
            config: "tigris players 3 board alternative variant english buildings ziggurat",
            bots: vec![greedy(), greedy(), random()],
            seed: 8,
            from_percent: 40,
            wanted: Box::new(move |s| {
                // Many actions: a turn's action, not a treasure to choose.
                s.legal_action_vec().len() > 20 && text(s, "\nbuilding ")
            }),
            what: "The 2009 options and the English variant, mid-game: a turn's action with buildings on the board",
        },
        PerftPick {
            config: "tigris players 2 board classic variant standard",
            bots: vec![greedy(), greedy()],
            seed: 7,
            from_percent: 60,
            wanted: Box::new(|s| s.to_move() == ToMove::Chance),
            what: "Mid-game, a tile drawn at the end of a turn",
        },
        PerftPick {
            config: "tigris players 4 board classic variant standard",
            bots: vec![greedy(), greedy(), greedy(), greedy()],
            seed: 6,
            from_percent: 92,
            wanted: Box::new(decision),
            what: "Late in the game",
        },
    ];
    let starts = [2, 3, 4].map(|n| format!("tigris players {n} board classic variant standard"));
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    perft_file_text(HEADER, &starts, picks, BUDGET, ChaCha8Rng::seed_from_u64)
}

#[cfg(feature = "bots")]
const HEADER: &str = "\
Perft counts of Tigris & Euphrates (crates/tigris-euphrates), checked by tests/perft.rs.

Each entry is a position and, for each depth N, the number of histories of exactly N steps
from it. A step is a legal action of the seat to move, or one distinct outcome of a chance
event: a draw from the bag counts once per colour left in it, whatever the number of tiles.
A branch on which the game ends before N steps counts 0; two steps that lead to the same
state are two histories. `[start] CONFIG` is the configuration's initial state, before the
deal; `[position]` is a position in the game's position format, up to the `[perft]` line.
The format is in docs/formats.md, \"Perft\". The positions come from seeded games between
the engine's bots (tests/perft.rs says which; the note above each says where in the game).

Regenerate: cargo test -p tigris-euphrates --test perft -- --ignored regenerate
Count one position: mesopotamia perft tigris --from POSITION-FILE --depth 3 [--divide]";
