//! Perft: the counts of `tests/perft.txt` (game starts and positions of seeded games, with
//! their counts at depths 1 to 3) are this engine's, and other implementations check
//! themselves against the file (`docs/formats.md`, "Perft").

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::perft::perft;
use mesopotamia_testkit::perft::check_perft_file;
use tigris_euphrates_cards::Cards;
// Regenerating the file plays seeded games with the bots.
#[cfg(feature = "bots")]
use {
    mesopotamia_core::{Game, ToMove},
    mesopotamia_search::{Bot, RandomBot},
    mesopotamia_testkit::perft::{PerftPick, perft_file_text},
    rand_chacha::ChaCha8Rng,
    rand_chacha::rand_core::SeedableRng,
    tigris_euphrates_cards::bots::greedy_bot,
};

const FILE: &str = include_str!("perft.txt");

#[test]
fn the_counts_of_the_data_file_hold() {
    // Depth 2 is also counted by playing every step: a listed step the game refuses fails.
    let entries = check_perft_file::<Cards>("tests/perft.txt", FILE, 2);
    assert!(entries >= 9, "{entries} entries");
}

/// The start, by the rules (docs/cards.md): the deck holds the 185 cards that do not head a
/// column, 57 red, 40 blue, 40 green and 40 black; with 2 players 30 of them leave it first,
/// then the hands of 8 are dealt, one card at a time. No colour runs out in 3 steps, so each
/// is one of 4 colours, whatever the number of players.
#[test]
fn the_deal_counts_four_colours_per_card() {
    for players in 2..=4 {
        let start = Cards::from_start(&format!("cards players {players} piles closed")).unwrap();
        let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d).unwrap()).collect();
        assert_eq!(counts, [4, 16, 64], "{players} players");
    }
}

/// Rewrites `tests/perft.txt`: `cargo test -p tigris-euphrates-cards --test perft --
/// --ignored regenerate`. The positions come from seeded games (the same each time); each is
/// the first state of its game, from a given step on, that shows what it is there for and
/// whose depth 3 stays cheap (the kit's `mesopotamia_testkit::perft::pick_state`).
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
    let greedy = || -> Box<dyn Bot<Cards>> { Box::new(greedy_bot()) };
    let random = || -> Box<dyn Bot<Cards>> { Box::new(RandomBot) };
    let decision = |state: &Cards| matches!(state.to_move(), ToMove::Seat(_));
    let text = |state: &Cards, text: &str| state.position().contains(text);
    let picks = vec![
        PerftPick {
            config: "cards players 2 piles closed",
            bots: vec![greedy(), greedy()],
            seed: 1,
            from_percent: 0,
            wanted: Box::new(decision),
            what: "The first turn, after the deal",
        },
        PerftPick {
            config: "cards players 3 piles closed",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 2,
            from_percent: 40,
            wanted: Box::new(move |s| decision(s) && text(s, " actions 2\n")),
            what: "Mid-game, a turn's first action",
        },
        PerftPick {
            config: "cards players 3 piles closed",
            bots: vec![greedy(), random(), greedy()],
            seed: 3,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, "\nconflict internal ")),
            what: "An internal conflict pending",
        },
        PerftPick {
            config: "cards players 4 piles closed",
            bots: vec![greedy(), greedy(), greedy(), greedy()],
            seed: 4,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, "\nconflict external ")),
            what: "An external conflict pending",
        },
        PerftPick {
            config: "cards players 2 piles open",
            bots: vec![greedy(), greedy()],
            seed: 5,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, "\nbank ")),
            what: "Open piles: a card to bank or decline",
        },
        PerftPick {
            config: "cards players 3 piles closed",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 8,
            from_percent: 0,
            wanted: Box::new(move |s| text(s, "\nboat-banking")),
            what: "Boats to bank at the end of a turn",
        },
        PerftPick {
            config: "cards players 4 piles closed",
            bots: vec![greedy(), random(), greedy(), random()],
            seed: 6,
            from_percent: 50,
            wanted: Box::new(|s| s.to_move() == ToMove::Chance),
            what: "Mid-game, a card drawn at the end of a turn",
        },
        PerftPick {
            config: "cards players 3 piles closed",
            bots: vec![greedy(), greedy(), greedy()],
            seed: 7,
            from_percent: 92,
            wanted: Box::new(decision),
            what: "Late in the game",
        },
    ];
    let starts = [2, 3, 4].map(|n| format!("cards players {n} piles closed"));
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    perft_file_text(HEADER, &starts, picks, BUDGET, ChaCha8Rng::seed_from_u64)
}

#[cfg(feature = "bots")]
const HEADER: &str = "\
Perft counts of Euphrat & Tigris, the card game (crates/tigris-euphrates-cards), checked by
tests/perft.rs.

Each entry is a position and, for each depth N, the number of histories of exactly N steps
from it. A step is a legal action of the seat to move, or one distinct outcome of a chance
event: a card drawn (or removed, in a 2-player game) counts once per colour left in the deck,
whatever the number of cards. A branch on which the game ends before N steps counts 0; two
steps that lead to the same state are two histories. `[start] CONFIG` is the configuration's
initial state, before any chance outcome; `[position]` is a position in the game's position
format, up to the `[perft]` line. The format is in docs/formats.md, \"Perft\". The positions
come from seeded games between the engine's bots (tests/perft.rs says which; the note above
each says where in the game).

Regenerate: cargo test -p tigris-euphrates-cards --test perft -- --ignored regenerate
Count one position: mesopotamia perft cards --from POSITION-FILE --depth 3 [--divide]";
