//! The one-line form of positions: every state of seeded games reads back from it, it is
//! what the format says, and a mistake is reported with the part it is in. Each seat's redraw
//! of what it cannot see is a legal position too (no hidden piece made or lost).

use mesopotamia_testkit::{check_position_read_back, check_redrawn_positions, random_states};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::{Config, Position, Sumeria};

#[test]
fn every_state_of_seeded_games_reads_back_from_one_line() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut checked = 0;
    for players in [3, 4, 3, 4] {
        for state in random_states(Sumeria::new(Config::new(players)).unwrap(), &mut rng, 400) {
            let at = format!("{players} players, step {checked}");
            check_position_read_back(&state, &at);
            check_redrawn_positions(&state, &at, &mut rng);
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn the_start_on_one_line() {
    let start = Position::from_game(&Sumeria::new(Config::new(3)).unwrap());
    let line = start.to_one_line();
    assert_eq!(
        line,
        "sumeria players 3 | order | display - / - / - \
         | Adab C:. T1:. T2:. T3:. V1:. V2:. V3:. | Eridu C:. T1:. T2:. T3:. V1:. V2:. V3:. \
         | Kish C:. T1:. T2:. T3:. V1:. V2:. V3:. | Lagash C:. T1:. T2:. T3:. V1:. V2:. V3:. \
         | Nippur C:. T1:. T2:. T3:. V1:. V2:. V3:. | Umma C:. T1:. T2:. T3:. V1:. V2:. V3:. \
         | Ur C:. T1:. T2:. T3:. V1:. V2:. V3:. | Uruk C:. T1:. T2:. T3:. V1:. V2:. V3:. \
         | seat 0 supply 14 influence 0 0 0 0 | seat 1 supply 14 influence 0 0 0 0 \
         | seat 2 supply 14 influence 0 0 0 0 | discarded 0 0 0 0 | round 0 turn 0 first 0 phase order"
    );
    // Read back, it writes the same text (the full form) and the same line.
    let read: Position = line.parse().unwrap();
    assert_eq!(read.to_string(), start.to_string());
    assert_eq!(read.to_one_line(), line);
}

#[test]
fn a_mistake_names_its_part() {
    let line = Position::from_game(&Sumeria::new(Config::new(3)).unwrap()).to_one_line();
    let err = |text: &str| text.parse::<Position>().unwrap_err().to_string();
    assert_eq!(
        err(&format!("{line} | nonsense")),
        "line 1: part 17: `nonsense` is not a city-state of this board"
    );
    assert_eq!(
        err(&format!("{line} |")),
        "line 1: part 17: empty part (two separators in a row, or one at an end)"
    );
    // The parser reads a line it does not know as a city-state's.
    assert_eq!(
        err(&line.replacen("supply", "supply x", 1)),
        "line 1: part 12: `seat` is not a city-state of this board"
    );
}
