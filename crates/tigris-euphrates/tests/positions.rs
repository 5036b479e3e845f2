//! The position format with the 2009 options: round trips, and validation that names
//! every violation at once.

use mesopotamia_core::{Colour, Game};
use tigris_euphrates::{AfterPlacement, Pending, Position, Square, Violation};

/// A game with every option: the ziggurat on H5 (lion's king J4 in its kingdom), the
/// market building on C10, a declined cross of markets centred on D10.
const BASE: &str = "\
tigris players 2 board classic variant english buildings ziggurat
    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1  .  .  .  .  ~  ~  ~  ~  ~  .  r* .  ~  .  .  .
 2  .  r* .  .  ~  .  .  .  .  .  .  .  ~  .  .  r*
 3  .  .  .  ~  ~  r* .  .  .  .  .  .  ~  ~  .  .
 4  ~  ~  ~  ~  .  .  .  K  .  0K .  .  .  ~  ~  ~
 5  .  .  .  .  .  .  K  K  K  r  .  .  .  r* ~  ~
 6  .  .  .  .  .  .  .  K  .  .  .  .  .  .  ~  .
 7  ~  ~  ~  ~  .  .  .  .  r* .  .  .  ~  ~  ~  .
 8  .  r* .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9  .  .  .  g  .  .  ~  ~  ~  ~  ~  ~  ~  .  r* .
10  .  g  g  g  g  r* .  .  .  .  .  .  .  .  .  .
11  .  .  .  g  .  .  .  .  .  .  r* .  .  .  .  .
seat 0 hand 2 1 2 1 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0
seat 1 hand 2 1 2 1 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0
removed 0 0 0 0
building green C10
ziggurat H5
declined-ziggurat D10
turn 3 active 0 actions 2
";

fn base() -> Position {
    BASE.parse().unwrap()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn the_options_pieces_round_trip() {
    let position = base();
    let game = position.into_game().unwrap();
    let p = game.public();
    assert_eq!(p.ziggurat(), Some(sq("H5")));
    assert_eq!(p.building(Colour::Green), Some(sq("C10")));
    assert_eq!(p.building(Colour::Red), None);
    assert!(p.flipped().contains(sq("H6").space()));
    let text = Position::from_game(&game).to_string();
    assert!(text.contains("declined-ziggurat D10"), "{text}");
    assert_eq!(text.parse::<Position>().unwrap().into_game().unwrap(), game);
}

#[test]
fn a_pending_ziggurat_vp_and_a_placed_tile_round_trip() {
    let mut position = base();
    position.actions_left = 0;
    position.ziggurat_vp = true;
    let game = position.into_game().unwrap();
    assert_eq!(game.public().pending(), Pending::ZigguratVp);
    let back: Position = Position::from_game(&game).to_string().parse().unwrap();
    assert!(back.ziggurat_vp);
    assert_eq!(back.into_game().unwrap(), game);

    // The market just placed on E10 is in the row B10-E10; with the building in
    // supply, the building decision is pending.
    let mut position = base();
    position.buildings.clear();
    position.actions_left = 1;
    position.placed = Some((sq("E10"), AfterPlacement::Ziggurat));
    let game = position.into_game().unwrap();
    assert_eq!(game.public().pending(), Pending::Building);
    assert_eq!(
        game.public().placed(),
        Some((sq("E10"), AfterPlacement::Building))
    );
    let text = Position::from_game(&game).to_string();
    assert!(text.contains("placed E10 next building"), "{text}");
    assert_eq!(text.parse::<Position>().unwrap().into_game().unwrap(), game);
}

#[test]
fn every_violation_of_the_options_is_reported_at_once() {
    let mut position = base();
    position.config = position.config.with_buildings(false).with_ziggurat(false);
    position.buildings.push((Colour::Red, sq("C10")));
    position.ziggurat_vp = true;
    let violations = position.into_game().unwrap_err();
    for expected in [
        Violation::OptionOff("ziggurat"),
        Violation::OptionOff("declined ziggurat"),
        Violation::OptionOff("civilization building"),
        Violation::BuildingPlacement {
            colour: Colour::Red,
            square: sq("C10"),
        },
        Violation::ZigguratVp,
    ] {
        assert!(
            violations.contains(&expected),
            "{expected} missing from {violations:?}"
        );
    }
}

#[test]
fn a_ziggurat_must_stand_on_its_cross() {
    let mut position = base();
    position.ziggurat = Some(sq("G5"));
    let violations = position.into_game().unwrap_err();
    assert!(violations.contains(&Violation::ZigguratPlacement(sq("G5"))));
    // The cross of H5 is now loose.
    assert!(violations.contains(&Violation::LooseFlippedTile(sq("H6"))));

    let mut position = base();
    position.ziggurat = None;
    let violations = position.into_game().unwrap_err();
    assert!(violations.contains(&Violation::LooseFlippedTile(sq("H5"))));

    let mut position = base();
    position.buildings.push((Colour::Green, sq("B10")));
    let violations = position.into_game().unwrap_err();
    assert_eq!(
        violations,
        vec![Violation::BuildingPlacement {
            colour: Colour::Green,
            square: sq("B10")
        }]
    );
}

#[test]
fn header_options_are_checked() {
    let bad = BASE.replace("buildings ziggurat", "buildings castles");
    let err = bad.parse::<Position>().unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.message.contains("unknown option `castles`"), "{err}");
    let twice = BASE.replace("buildings ziggurat", "ziggurat ziggurat");
    assert!(
        twice
            .parse::<Position>()
            .unwrap_err()
            .message
            .contains("named twice")
    );
    let second = BASE.replace("ziggurat H5", "ziggurat H5\nziggurat D10");
    assert!(
        second
            .parse::<Position>()
            .unwrap_err()
            .message
            .contains("second ziggurat")
    );
}

#[test]
fn the_alternative_board_starts_with_14_treasures_and_139_tiles() {
    use tigris_euphrates::{Board, BoardKind, Config, Tigris};
    let game = Tigris::new(Config::new(3).with_board(BoardKind::Alternative)).unwrap();
    let p = game.public();
    assert_eq!(p.treasures().len(), 14);
    assert_eq!(p.tiles(Colour::Red).len(), 14);
    assert_eq!(
        (p.treasures() & Board::get(BoardKind::Alternative).framed()).len(),
        6
    );
    // The deal is still to come (chance): the whole bag is there.
    assert_eq!(game.to_move(), mesopotamia_core::ToMove::Chance);
    assert_eq!(game.bag().total(), 139);
    assert_eq!(game.bag().count(Colour::Red), 43);
}

/// Found by the `tigris_state` fuzz target: a saved game at its start whose seat 2 is owed 7
/// draws (a hand holds 6) was accepted, and failed its own checks once the tiles were drawn.
#[test]
fn draws_that_overfill_a_hand_are_refused() {
    use mesopotamia_core::Seat;
    use tigris_euphrates::{Config, Tigris};
    let game = Tigris::new(Config::new(4)).unwrap();
    let text = game.to_string();
    assert!(text.contains("draws 6 6 6 6 after setup"), "{text}");
    let tampered = text.replace("draws 6 6 6 6 after setup", "draws 6 6 7 6 after setup");
    let position: Position = tampered.parse().unwrap();
    assert_eq!(
        position.into_game().unwrap_err(),
        vec![Violation::DrawsOverfillHand(Seat::new(2).unwrap())]
    );
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&game)
            .unwrap()
            .replace("6 6 6 6", "6 6 7 6");
        let err = serde_json::from_str::<Tigris>(&json).unwrap_err();
        assert!(
            err.to_string()
                .contains("seat 2 is owed draws that would fill its hand beyond 6 tiles"),
            "{err}"
        );
    }
}

/// A war listed twice among the wars still to fight is refused, not read as one war (the
/// position of a seeded game with a war to fight is accepted as it is).
#[test]
fn a_war_listed_twice_is_refused() {
    use mesopotamia_testkit::random_states;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use tigris_euphrates::{Config, Tigris};

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let position = (0..100)
        .find_map(|_| {
            let game = Tigris::new(Config::new(4)).unwrap();
            random_states(game, &mut rng, 2000)
                .iter()
                .map(Position::from_game)
                .find(|p| !p.wars.is_empty())
        })
        .expect("a seeded game with a war to fight");
    assert!(position.into_game().is_ok());
    let mut doubled = position.clone();
    doubled.wars.push(doubled.wars[0]);
    let violations = doubled.into_game().unwrap_err();
    assert_eq!(
        violations,
        vec![Violation::Conflict(
            "a colour listed twice among the wars to fight"
        )]
    );
}

/// Committed tiles leave the game at once, so a commitment needs as many tiles of the
/// support's colour out of the game, up to the largest commitment (6): checked at 6 too.
#[test]
fn a_commitment_of_six_needs_six_tiles_out_of_the_game() {
    // The refused case's revolt (seat 0's priest at M5 against seat 1's at N6, bases 1 and
    // 1), with the commitment and the red tiles out of the game changed.
    let case = include_str!("cases/refused/committed-not-removed.case");
    let text = case
        .split_once("[position]\n")
        .and_then(|(_, rest)| rest.split_once("\n[script]"))
        .expect("the case's position")
        .0;
    let position = |committed: u8, removed_red: u8| -> Position {
        text.replace("removed 0 0 0 0", &format!("removed {removed_red} 0 0 0"))
            .replace("committed 2", &format!("committed {committed}"))
            .parse()
            .unwrap()
    };
    assert_eq!(
        position(6, 5).into_game().unwrap_err(),
        vec![Violation::CommittedNotRemoved {
            colour: Colour::Red,
            committed: 6,
            removed: 5,
        }]
    );
    assert!(position(6, 6).into_game().is_ok());
}
