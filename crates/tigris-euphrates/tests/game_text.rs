//! The game text (as PGN is for chess): seeded games convert to it and back without loss.

use mesopotamia_testkit::check_game_texts;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Config, Tigris};

#[test]
fn seeded_games_convert_to_the_game_text_and_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for players in [2, 4] {
        let texts = check_game_texts::<Tigris, _>(&Config::new(players), 3, &mut rng);
        // Three different games were checked, not one three times.
        let distinct: std::collections::HashSet<&String> = texts.iter().collect();
        assert_eq!(distinct.len(), 3);
    }
}

/// The format as the docs show it, on a seeded game; each kind of mistake is refused with its
/// line.
#[test]
fn the_text_reads_as_documented_and_mistakes_name_their_line() {
    use mesopotamia_core::record::text;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let written = &check_game_texts::<Tigris, _>(&Config::new(2), 1, &mut rng)[0];
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(
        lines[..9],
        [
            "[Game \"tigris\"]",
            "[Config \"tigris players 2 board classic variant standard\"]",
            "[Seed \"0\"]",
            "[Bots \"random, random\"]",
            "[End \"rules\"]",
            "[Ranks \"2 1\"]",
            "",
            "0. * draw blue blue black green green red blue red black blue blue black; \
             0: swap red:1 blue:1 * draw green green; catastrophe I8",
            "1. 1: catastrophe H9; catastrophe O11",
        ]
    );
    let err = |from: &str, to: &str| {
        let changed = written.replacen(from, to, 1);
        assert_ne!(&changed, written, "`{from}` is in the text");
        text::read::<Tigris>(&changed).unwrap_err().to_string()
    };
    assert_eq!(
        err("1: catastrophe H9", "0: catastrophe H9"),
        "line 9: `0: catastrophe H9`: seat 0 plays, but seat 1 is to move"
    );
    assert_eq!(
        err("catastrophe O11", "catastrophe O12"),
        "line 9: `catastrophe O12`: `O12` is not a square (A1 to P11)"
    );
    assert_eq!(
        err("2. 0: tile", "3. 0: tile"),
        "line 10: turn 3, but the game is at turn 2"
    );
    assert_eq!(err("[Seed", "[Sed"), "line 3: unknown header `Sed`");
    assert_eq!(
        err("[Ranks \"2 1\"]", "[Ranks \"1 2\"]"),
        "line 6: the ranks are 2 1, not 1 2"
    );
    assert_eq!(
        err("[End \"rules\"]", "[End \"turn-limit\"]"),
        "line 5: the text says the game ended on the turn limit, but it does not"
    );
    assert_eq!(
        err("[Game \"tigris\"]", "[Game \"cards\"]"),
        "line 1: a game text of `cards`, not of `tigris`"
    );
    assert_eq!(
        err("catastrophe I8\n1. 1:", "catastrophe I8; 1:"),
        "line 8: `1: catastrophe H9` is a step of turn 1, on the line of turn 0"
    );
    assert_eq!(
        err("; catastrophe O11", "\n1. catastrophe O11"),
        "line 10: turn 1 again: one line per turn"
    );
    assert_eq!(
        err("; catastrophe O11", ";; catastrophe O11"),
        "line 9: an empty step (`;` twice, or at the end)"
    );
    assert_eq!(
        err("draw green green;", "draw green green green;"),
        "line 8: `draw green`: seat 0 is to move, not chance"
    );
}
