//! The one-line form of positions: every state of seeded games reads back from it, it is
//! what the format says, and a mistake is reported with the part it is in. Each seat's redraw
//! of what it cannot see is a legal position too (no hidden piece made or lost), and one the
//! engine could have made: no decision in it that the redrawn hands would have forced.

use mesopotamia_testkit::{check_position_read_back, check_redrawn_positions, random_states};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config, Position};

#[test]
fn every_state_of_seeded_games_reads_back_from_one_line() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut checked = 0;
    for (players, open) in [(2, false), (3, true), (4, false), (4, true)] {
        let config = Config::new(players).with_open_piles(open);
        for state in random_states(Cards::new(config).unwrap(), &mut rng, 400) {
            let at = format!("{players} players, step {checked}");
            check_position_read_back(&state, &at);
            check_redrawn_positions(&state, &at, &mut rng);
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn the_start_on_one_line() {
    let start = Position::from_game(&Cards::new(Config::new(2)).unwrap());
    let line = start.to_one_line();
    assert_eq!(
        line,
        "cards players 2 piles closed | TTTTTTTT/8./8./8./8./8./8./8./8. | links . . . . . . . \
         | seat 0 hand 0 0 0 0 catastrophe yes pile | seat 1 hand 0 0 0 0 catastrophe yes pile \
         | deck 65 40 40 40 | discarded 0 | boats blue-red blue-green blue-black \
         | turn 0 active 0 actions 2 | draws 8 8 setup | removals 30"
    );
    // Read back, it writes the same text (the full form) and the same line.
    let read: Position = line.parse().unwrap();
    assert_eq!(read.to_string(), start.to_string());
    assert_eq!(read.to_one_line(), line);
}

/// Once every boat is built, the boats line is the word alone (no space at its end), and
/// the position reads back: a game of a few hundred turns got there.
#[test]
fn no_boat_left_is_the_word_alone() {
    let start = Position::from_game(&Cards::new(Config::new(2)).unwrap()).to_string();
    let none = start.replace("boats blue-red blue-green blue-black\n", "boats\n");
    assert_ne!(none, start);
    let game = none.parse::<Position>().unwrap().into_game().unwrap();
    check_position_read_back(&game, "no boat left");
    let text = Position::from_game(&game).to_string();
    assert!(text.contains("\nboats\n"), "{text}");
}

/// Position data that validation refuses still round-trips through the one-line form, so
/// the refusal names the real violation: here a leader on an empty slot (`.@0K`).
#[test]
fn a_leader_on_an_empty_slot_round_trips_and_is_refused_by_validation() {
    let start = Position::from_game(&Cards::new(Config::new(2)).unwrap()).to_string();
    let row8 = start.lines().find(|l| l.starts_with("8 ")).unwrap();
    let odd = start.replacen(row8, &row8.replacen('.', ".@0K", 1), 1);
    let position: Position = odd.parse().unwrap();
    let line = position.to_one_line();
    assert!(line.contains("/.@0K7. |"), "{line}");
    let back: Position = line.parse().unwrap();
    assert_eq!(back.to_string(), position.to_string());
    let refused = back.into_game().unwrap_err();
    assert!(
        refused
            .iter()
            .any(|v| v.to_string().contains("where no leader can stand")),
        "{refused:?}"
    );
}

#[test]
fn a_mistake_names_its_part() {
    let line = Position::from_game(&Cards::new(Config::new(2)).unwrap()).to_one_line();
    let err = |text: &str| text.parse::<Position>().unwrap_err().to_string();
    let mut parts: Vec<String> = line.split(" | ").map(str::to_owned).collect();
    let mut rows: Vec<String> = parts[1].split('/').map(str::to_owned).collect();
    rows[0] = format!("Z{}", rows[0]);
    parts[1] = rows.join("/");
    assert_eq!(
        err(&parts.join(" | ")),
        "line 1: part 2: row 0: no cell starts at `ZTTTTTTT`"
    );
    assert_eq!(
        err(&line.replacen("/", "/B-x", 1)),
        "line 1: part 2: expected row 1 and 8 cells"
    );
    assert_eq!(
        err(&line.replacen("/", "", 1)),
        "line 1: part 2: 8 rows in the board, expected 9 (rows are separated by `/`)"
    );
    assert_eq!(
        err(&format!("{line} | nonsense")),
        "line 1: part 12: unknown line: `nonsense`"
    );
}
