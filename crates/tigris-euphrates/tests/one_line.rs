//! The one-line form of positions: every state of seeded games reads back from it, it is
//! what the format says, and a mistake is reported with the part it is in. Each seat's redraw
//! of what it cannot see is a legal position too (no hidden piece made or lost), and one the
//! engine could have made: no decision in it that the redrawn hands would have forced.

use mesopotamia_testkit::{check_position_read_back, check_redrawn_positions, random_states};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Config, Position, Tigris};

#[test]
fn every_state_of_seeded_games_reads_back_from_one_line() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    for (players, buildings, english) in [
        (2, false, false),
        (3, true, false),
        (4, false, false),
        (4, true, false),
        // Supports that cannot matter are illegal: a defender asked holds the tie.
        (2, false, true),
        (3, false, true),
    ] {
        let config = Config::new(players)
            .with_buildings(buildings)
            .with_ziggurat(buildings)
            .with_english_variant(english);
        for state in random_states(Tigris::new(config).unwrap(), &mut rng, 400) {
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
    let start = Position::from_game(&Tigris::new(Config::new(2)).unwrap());
    let line = start.to_one_line();
    assert_eq!(
        line,
        "tigris players 2 board classic variant standard \
         | 10.r*5./.r*13.r*/5.r*10./16./13.r*2./16./8.r*7./.r*14./14.r*./5.r*10./10.r*5. \
         | seat 0 hand 0 0 0 0 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0 \
         | seat 1 hand 0 0 0 0 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0 \
         | bag 47 36 30 30 | removed 0 0 0 0 | turn 0 active 0 actions 2 | draws 6 6 after setup"
    );
    // Read back, it writes the same text (the full form) and the same line.
    let read: Position = line.parse().unwrap();
    assert_eq!(read.to_string(), start.to_string());
    assert_eq!(read.to_one_line(), line);
}

#[test]
fn a_mistake_names_its_part() {
    let line = Position::from_game(&Tigris::new(Config::new(2)).unwrap()).to_one_line();
    let err = |text: &str| text.parse::<Position>().unwrap_err().to_string();
    // The board is part 2; its third row made unreadable.
    let mut parts: Vec<String> = line.split(" | ").map(str::to_owned).collect();
    let mut rows: Vec<String> = parts[1].split('/').map(str::to_owned).collect();
    rows[2] = format!("Z{}", rows[2]);
    parts[1] = rows.join("/");
    assert_eq!(
        err(&parts.join(" | ")),
        "line 1: part 2: row 3: no cell starts at `Z5.r*10.`"
    );
    // A fact line with a bad number: the seat's line is part 3.
    let bad_seat = line.replacen("seat 0 hand 0 0 0 0", "seat 0 hand 0 0 x 0", 1);
    assert_ne!(bad_seat, line);
    assert_eq!(err(&bad_seat), "line 1: part 3: bad number `x`");
    // A row too long, and the board's rows miscounted.
    assert_eq!(
        err(&line.replacen("/", "/.", 1)),
        "line 1: part 2: 17 squares in row 2, expected 16"
    );
    assert_eq!(
        err(&line.replacen("/", "", 1)),
        "line 1: part 2: 10 rows in the board, expected 11 (rows are separated by `/`)"
    );
}

/// A case file's `[position]` may be a one-line position: the scenario plays from the same
/// state as from the full text.
#[test]
fn a_case_starts_from_a_one_line_position() {
    use mesopotamia_core::Game;
    use mesopotamia_core::cases::{Case, run};
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let states = random_states(Tigris::new(Config::new(3)).unwrap(), &mut rng, 200);
    let state = states
        .iter()
        .find(|s| matches!(s.to_move(), mesopotamia_core::ToMove::Seat(_)) && s.public().turn() > 3)
        .expect("a decision after a few turns");
    let position = Position::from_game(state);
    let action = state.legal_action_vec()[0];
    let script = format!("[script]\n{action}\nexpect legal-count {}\n", {
        let mut after = state.clone();
        after.apply(action).unwrap();
        after.legal_action_vec().len()
    });
    let full = format!("[position]\n{position}{script}");
    let one = format!("[position]\n{}\n{script}", position.to_one_line());
    let played = |text: &str| {
        let case = Case::parse("ONE-LINE", text).unwrap();
        run::<Tigris>(&case).unwrap().to_string()
    };
    assert_eq!(played(&one), played(&full));
}
