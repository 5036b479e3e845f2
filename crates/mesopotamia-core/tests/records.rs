//! Records and random playouts, exercised on a toy game.

use mesopotamia_core::{Game, GameRecord, ReplayError, Seat, Step, StepMismatch};
use mesopotamia_toy::{Broken, Draw, TokenAction, TokenConfig, TokenGame};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn config(seats: usize, broken: Option<Broken>) -> TokenConfig {
    TokenConfig {
        seats,
        per_colour: 3,
        broken,
    }
}

#[test]
fn bad_records_name_the_step_and_the_reason() {
    let mut record = GameRecord::<TokenGame>::new(config(2, None));
    record
        .steps
        .push(Step::Action(Seat::new(0).unwrap(), TokenAction::Pass));
    let err = record.replay().unwrap_err();
    assert!(
        matches!(
            err,
            ReplayError::Step {
                number: 1,
                reason: StepMismatch::WrongActor { .. },
                ..
            }
        ),
        "{err}"
    );

    let mut record = GameRecord::<TokenGame>::new(config(2, None));
    record
        .steps
        .push(Step::Chance(Draw(mesopotamia_core::Colour::Red)));
    record
        .steps
        .push(Step::Chance(Draw(mesopotamia_core::Colour::Red)));
    record
        .steps
        .push(Step::Chance(Draw(mesopotamia_core::Colour::Red)));
    record
        .steps
        .push(Step::Chance(Draw(mesopotamia_core::Colour::Red)));
    let err = record.replay().unwrap_err();
    assert_eq!(err.to_string().split(':').next(), Some("step 4 (chance"));
    assert!(matches!(
        err,
        ReplayError::Step {
            number: 4,
            reason: StepMismatch::Refused(_),
            ..
        }
    ));

    let json = r#"{"game":"tokens","config":{"seats":2,"per_colour":3,"broken":null},"steps":[{"chance":"draw purple"}]}"#;
    let err = serde_json::from_str::<GameRecord<TokenGame>>(json).unwrap_err();
    assert!(err.to_string().contains("draw purple"), "{err}");

    let mut record = GameRecord::<TokenGame>::new(config(2, None));
    record.game = "chess".into();
    assert!(matches!(
        record.replay(),
        Err(ReplayError::WrongGame { .. })
    ));
}

#[test]
fn a_random_playout_plays_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut game = TokenGame::new(&config(3, None)).unwrap();
    let done =
        mesopotamia_core::driver::random_playout(&mut game, &mut rng, &mut legal, &mut outcomes)
            .unwrap();
    assert!(game.is_terminal());
    assert!(done.decisions > 0 && done.chance_events == 12, "{done:?}");
    // The same seed plays the same game.
    let mut again = TokenGame::new(&config(3, None)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let repeat =
        mesopotamia_core::driver::random_playout(&mut again, &mut rng, &mut legal, &mut outcomes)
            .unwrap();
    assert_eq!((repeat, again), (done, game));
}

#[test]
fn action_space_helpers() {
    let mut game = TokenGame::new(&config(2, None)).unwrap();
    assert_eq!(
        game.legal_mask(),
        Vec::<bool>::new()
            .into_iter()
            .chain([false; 5])
            .collect::<Vec<_>>()
    );
    assert!(game.apply_notation("pass").is_err());
    assert!(matches!(
        game.apply_notation("jump"),
        Err(mesopotamia_core::NotationError::Parse(_))
    ));
}
