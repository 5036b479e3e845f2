use super::*;
use mesopotamia_core::Seat;

#[cfg(feature = "tigris")]
fn spec(text: &str) -> Result<BotSpec, BotSpecError> {
    text.parse()
}

#[cfg(feature = "tigris")]
mod tigris {
    use mesopotamia_core::Described;
    use mesopotamia_core::{Game, ToMove};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use tigris_euphrates::Tigris;

    use super::super::*;
    use super::spec;
    use core::time::Duration;

    #[test]
    fn bots_from_specs_play_legal_actions() {
        let mut game = <Tigris as Game>::new(&tigris_euphrates::Config::new(2)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut outcomes = Vec::new();
        while game.to_move() == ToMove::Chance {
            let o = game.sample_chance(&mut rng, &mut outcomes).unwrap();
            game.apply_chance(o).unwrap();
        }
        let ToMove::Seat(seat) = game.to_move() else {
            panic!("a seat is to move after the setup")
        };
        let legal = game.legal_action_vec();
        for text in [
            "random",
            "greedy",
            "mcts:20",
            "mcts:5ms",
            "mcts:0.005s",
            "mcts-v1:20",
            "mcts-v1:5ms",
            "level1",
            "level2",
        ] {
            let mut bot = spec(text).unwrap().bot::<Tigris>().unwrap();
            let action = bot.choose(&game, seat, &legal, &mut rng);
            assert!(legal.contains(&action), "{text}");
        }
        assert!(BotSpec::Person.bot::<Tigris>().is_none());
        assert!(BotSpec::Greedy.search_bot::<Tigris>().is_none());
        let search = spec("mcts").unwrap().search_bot::<Tigris>().unwrap();
        assert_eq!(search.config().iterations, Tigris::MCTS_ITERATIONS);
        assert_eq!(search.config().time, None);
        let search = spec("mcts:123").unwrap().search_bot::<Tigris>().unwrap();
        assert_eq!(search.config().iterations, 123);
        let search = spec("mcts:1.5s").unwrap().search_bot::<Tigris>().unwrap();
        assert_eq!(search.config().time, Some(Duration::from_millis(1500)));
        assert_eq!(
            Tigris::MCTS_ITERATIONS,
            tigris_euphrates::bots::MCTS_ITERATIONS
        );
        // `mcts-v1` is the first search bot's settings, `mcts` the guided search.
        let v1 = spec("mcts-v1").unwrap().search_bot::<Tigris>().unwrap();
        assert_eq!(v1.config().iterations, Tigris::MCTS_V1_ITERATIONS);
        assert_eq!(v1.config().prior_temperature, None);
        assert_eq!(v1.config().exploration, 0.1);
        let v1 = spec("mcts-v1:250ms")
            .unwrap()
            .search_bot::<Tigris>()
            .unwrap();
        assert_eq!(v1.config().time, Some(Duration::from_millis(250)));
        assert!(search.config().prior_temperature.is_some());
        // The levels: greedy, then the search bot at growing iterations.
        assert!(spec("level1").unwrap().search_bot::<Tigris>().is_none());
        let budgets: Vec<u32> = (2..=5)
            .map(|n| {
                let level = spec(&format!("level{n}")).unwrap();
                assert!(level.is_search());
                let bot = level.search_bot::<Tigris>().unwrap();
                assert_eq!(bot.config().time, None);
                assert!(bot.config().prior_temperature.is_some());
                bot.config().iterations
            })
            .collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{budgets:?}");
        assert_eq!(budgets, Tigris::LEVEL_ITERATIONS);
        assert_eq!(game.score(seat), game.public().standing_key(seat)[0]);
    }
}

/// Each game's score is the first figure its standings compare.
#[cfg(all(feature = "tigris", feature = "cards", feature = "sumeria"))]
#[test]
fn scores_are_what_the_standings_compare_first() {
    use mesopotamia_core::Game;
    let seat = Seat::new(1).unwrap();
    let game = <tigris_euphrates::Tigris as Game>::new(&tigris_euphrates::Config::new(2)).unwrap();
    assert_eq!(
        Described::score(&game, seat),
        game.public().standing_key(seat)[0]
    );
    let game =
        <tigris_euphrates_cards::Cards as Game>::new(&tigris_euphrates_cards::Config::new(3))
            .unwrap();
    assert_eq!(Described::score(&game, seat), game.keys()[1][0]);
    let game = <sumeria::Sumeria as Game>::new(&sumeria::Config::new(3)).unwrap();
    assert_eq!(Described::score(&game, seat), game.scores()[1].0);
}

#[cfg(all(feature = "serde", feature = "sumeria"))]
mod records {
    use mesopotamia_core::{Game, GameRecord};
    use mesopotamia_search::{RandomBot, play_match};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use sumeria::Sumeria;

    use super::super::*;

    fn played() -> GameRecord<Sumeria> {
        let config = sumeria::Config::new(3);
        let mut bots: Vec<Box<dyn mesopotamia_search::Bot<Sumeria>>> = vec![
            Box::new(RandomBot),
            Box::new(RandomBot),
            Box::new(RandomBot),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        play_match(&config, &mut bots, &mut rng)
            .unwrap()
            .record
            .with_seed(5)
            .with_bots(vec!["random".into(); 3])
    }

    #[test]
    fn a_record_round_trips_and_names_its_game() {
        let record = played();
        let json = write_record(&record).unwrap();
        assert_eq!(record_game(&json).map(|g| g.name), Ok("sumeria"));
        let back = read_record::<Sumeria>(&json).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay().unwrap().end_reason(), record.end);
    }

    #[test]
    fn a_record_from_a_start_position_round_trips_and_replays_from_it() {
        use mesopotamia_core::cases::CaseGame;
        use mesopotamia_core::record::ReplayError;
        let whole = played();
        let start = <Sumeria as Game>::new(&whole.config).unwrap();
        let mut record = whole.clone().with_start(start.position());
        record.bots.clear();
        let json = write_record(&record).unwrap();
        assert!(json.contains("\"start\": "), "{json}");
        assert!(!write_record(&whole).unwrap().contains("\"start\""));
        let back = read_record::<Sumeria>(&json).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay(), Err(ReplayError::StartPosition));
        assert_eq!(
            Sumeria::replay_record(&back).unwrap(),
            whole.replay().unwrap()
        );
        let other = <Sumeria as Game>::new(&sumeria::Config::new(4)).unwrap();
        assert_eq!(back.replay_from(other), Err(ReplayError::StartConfig));
    }

    #[test]
    fn what_is_not_a_record_is_refused_plainly() {
        assert!(matches!(
            record_game("{not json"),
            Err(RecordError::NotARecord(_))
        ));
        assert_eq!(
            record_game(r#"{"steps": []}"#).unwrap_err().to_string(),
            "not a game record: no `game` field"
        );
        assert_eq!(
            record_game(r#"{"game": "chess"}"#),
            Err(RecordError::Game(UnknownGame {
                name: "chess".into()
            }))
        );
        let json = write_record(&played()).unwrap();
        let broken = json.replacen("\"steps\": [", "\"steps\": [\"pass pass pass\",", 1);
        let e = read_record::<Sumeria>(&broken).unwrap_err();
        assert!(
            matches!(
                e,
                RecordError::Invalid {
                    game: "sumeria",
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string().starts_with("not a sumeria game record: "),
            "{e}"
        );
    }

    #[cfg(feature = "cards")]
    #[test]
    fn a_record_of_another_game_is_refused() {
        use tigris_euphrates_cards::Cards;
        let json = write_record(&played()).unwrap();
        assert_eq!(
            read_record::<Cards>(&json),
            Err(RecordError::WrongGame {
                expected: "cards",
                found: "sumeria".into()
            })
        );
        assert_eq!(
            read_record::<Cards>(&json).unwrap_err().to_string(),
            "the record is of game `sumeria`, not `cards`"
        );
        // Labelled cards, but a Sumeria configuration inside.
        let relabelled = json.replacen("\"game\": \"sumeria\"", "\"game\": \"cards\"", 1);
        assert_eq!(
            read_record::<Cards>(&relabelled),
            Err(RecordError::Mislabelled {
                label: "cards",
                holds: "sumeria"
            })
        );
        let cards = GameRecord::<Cards>::new(tigris_euphrates_cards::Config::new(2));
        let json = write_record(&cards).unwrap();
        assert_eq!(record_game(&json).map(|g| g.name), Ok("cards"));
        assert_eq!(read_record::<Cards>(&json), Ok(cards));
    }
}

/// The first decision of Tigris & Euphrates, seat 0 to act after the deal of `seed`.
#[cfg(feature = "tigris")]
fn tigris_first_decision(seed: u64) -> tigris_euphrates::Tigris {
    use mesopotamia_core::{Game, ToMove};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = tigris_euphrates::Tigris::new(tigris_euphrates::Config::new(2)).unwrap();
    let mut outcomes = Vec::new();
    while game.to_move() == ToMove::Chance {
        game.play_chance_random(&mut rng, &mut outcomes).unwrap();
    }
    assert_eq!(game.to_move(), ToMove::Seat(Seat::new(0).unwrap()));
    game
}

/// On the first move of Tigris & Euphrates the plain search, near uniform over 500 to 750
/// actions, settles on about the first legal action (`tile red A1`, a corner touching
/// nothing). The hint is a leader, or a tile placed next to a tile already on the board
/// (orthogonally adjacent, as kingdoms connect): never a tile adjacent to nothing.
#[cfg(feature = "tigris")]
#[test]
fn a_hint_on_the_first_move_of_tigris_touches_the_board() {
    use mesopotamia_core::{Colour, Game};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use tigris_euphrates::{ActionKind, Board};
    for seed in 0..4 {
        let game = tigris_first_decision(seed);
        let seat = Seat::new(0).unwrap();
        let legal = game.legal_action_vec();
        assert!(legal.len() > 300, "{}", legal.len());
        let hint = hint(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        assert!(legal.contains(&hint.action));
        assert_eq!(hint.shares.len(), HINT_CANDIDATES);
        assert_eq!(hint.shares[0].0, hint.action, "the most visited");
        assert!((hint.shares.iter().map(|s| s.1).sum::<f64>() - 1.0).abs() < 1e-9);
        assert_eq!(hint.iterations, tigris_euphrates::bots::MCTS_ITERATIONS);
        let p = game.public();
        let board = Board::get(p.config().board);
        match hint.action.kind() {
            ActionKind::Leader(..) => {}
            ActionKind::Tile(_, square) => {
                let around = board.neighbours(square.space());
                assert!(
                    Colour::ALL.iter().any(|&c| p.tiles(c).intersects(&around)),
                    "seed {seed}: `{}` touches nothing",
                    hint.action
                );
            }
            other => panic!(
                "seed {seed}: `{}` ({other:?}) on the first move",
                hint.action
            ),
        }
    }
}

/// Each game's hint is one of the legal actions, the shares of the visits it reports add up
/// to 1, and a decision with few actions searches them all.
#[cfg(all(feature = "cards", feature = "sumeria"))]
#[test]
fn every_game_gives_hints() {
    use mesopotamia_core::ToMove;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    fn check<G: NamedGame>(options: &GameOptions) {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut game = G::new(&<G as Described>::configure(options).unwrap()).unwrap();
        let mut outcomes = Vec::new();
        while game.to_move() == ToMove::Chance {
            game.play_chance_random(&mut rng, &mut outcomes).unwrap();
        }
        let ToMove::Seat(seat) = game.to_move() else {
            panic!("a decision after the deal")
        };
        let legal = game.legal_action_vec();
        let h = hint(&game, seat, &legal, &mut rng).unwrap();
        assert!(legal.contains(&h.action));
        assert_eq!(h.shares.len(), legal.len().min(HINT_CANDIDATES));
        assert!((h.shares.iter().map(|s| s.1).sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(hint(&game, seat, &[], &mut rng).is_none());
        let few = &legal[..legal.len().min(3)];
        let h = hint(&game, seat, few, &mut rng).unwrap();
        assert_eq!(h.shares.len(), few.len(), "all of them searched");
    }
    let options = GameOptions::new().with_players(3);
    check::<tigris_euphrates_cards::Cards>(&options);
    check::<sumeria::Sumeria>(&options);
}
