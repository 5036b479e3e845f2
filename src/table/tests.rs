use super::*;

#[cfg(feature = "tigris")]
fn spec(text: &str) -> Result<BotSpec, BotSpecError> {
    text.parse()
}

#[test]
fn game_names_read_and_print() {
    for game in GameName::ALL {
        assert_eq!(game.name().parse::<GameName>(), Ok(game));
        assert_eq!(game.to_string(), game.name());
    }
    assert_eq!(
        "chess".parse::<GameName>().unwrap_err().to_string(),
        "unknown game `chess` (expected tigris, cards or sumeria)"
    );
    assert!("Tigris".parse::<GameName>().is_err());
    assert_eq!(
        GameName::built().collect::<Vec<_>>(),
        GameName::ALL
            .into_iter()
            .filter(|g| match g {
                GameName::Tigris => cfg!(feature = "tigris"),
                GameName::Cards => cfg!(feature = "cards"),
                GameName::Sumeria => cfg!(feature = "sumeria"),
            })
            .collect::<Vec<_>>()
    );
    for game in GameName::ALL {
        match game.require_built() {
            Ok(g) => assert!(g.is_built()),
            Err(e) => assert_eq!(
                e.to_string(),
                format!("the game `{game}` is not built in (the `{game}` feature is off)")
            ),
        }
    }
}

#[test]
fn option_names_in_each_front_end_style() {
    assert_eq!(GameOption::EnglishVariant.flag(), "--english-variant");
    assert_eq!(GameOption::EnglishVariant.camel_case(), "englishVariant");
    assert_eq!(GameOption::BoardText.camel_case(), "boardText");
    assert_eq!(GameOption::Board.camel_case(), "board");
    assert_eq!(GameOption::TurnLimit.name(), "turn_limit");
}

/// Options with only `option` given.
fn only(option: GameOption) -> GameOptions {
    let mut o = GameOptions::default();
    match option {
        GameOption::Board => o.board = Some(BoardName::Alternative),
        GameOption::EnglishVariant => o.english_variant = Some(false),
        GameOption::Buildings => o.buildings = Some(true),
        GameOption::Ziggurat => o.ziggurat = Some(true),
        GameOption::TurnLimit => o.turn_limit = Some(50),
        GameOption::OpenPiles => o.open_piles = Some(true),
        GameOption::BoardText => o.board_text = Some(String::new()),
    }
    o
}

#[test]
fn each_option_is_taken_by_its_games_and_refused_by_the_others() {
    for option in GameOption::ALL {
        let options = only(option);
        assert!(options.is_given(option));
        for game in GameName::ALL {
            let checked = options.check(game);
            if option.games().contains(&game) {
                assert_eq!(checked, Ok(()), "{option:?} for {game}");
            } else {
                assert_eq!(
                    checked,
                    Err(OptionsError::NotForGame { option, game }),
                    "{option:?} for {game}"
                );
            }
        }
    }
    assert_eq!(
        only(GameOption::Ziggurat)
            .check(GameName::Sumeria)
            .unwrap_err()
            .to_string(),
        "--ziggurat is an option of tigris, not of sumeria"
    );
    assert_eq!(
        only(GameOption::TurnLimit)
            .check(GameName::Sumeria)
            .unwrap_err()
            .to_string(),
        "--turn-limit is an option of tigris and cards, not of sumeria (its 6 rounds end every game)"
    );
    assert_eq!(
        only(GameOption::BoardText)
            .check(GameName::Cards)
            .unwrap_err()
            .to_string(),
        "--board-text is an option of sumeria, not of cards"
    );
    // Nothing given: every game takes it.
    for game in GameName::ALL {
        assert_eq!(GameOptions::default().check(game), Ok(()));
    }
}

#[test]
fn boards_read_and_print() {
    assert_eq!("classic".parse::<BoardName>(), Ok(BoardName::Classic));
    assert_eq!(
        "alternative".parse::<BoardName>(),
        Ok(BoardName::Alternative)
    );
    assert_eq!(BoardName::Alternative.to_string(), "alternative");
    assert_eq!(
        "round".parse::<BoardName>().unwrap_err().to_string(),
        "unknown board `round` (expected classic or alternative)"
    );
}

#[cfg(feature = "tigris")]
mod tigris {
    use mesopotamia_core::{Game, ToMove};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use tigris_euphrates::{BoardKind, Tigris};

    use core::time::Duration;

    use super::super::*;
    use super::spec;

    #[test]
    fn options_reach_the_configuration() {
        let config = Tigris::configure(&GameOptions::default()).unwrap();
        assert_eq!(config, tigris_euphrates::Config::new(4));
        let options = GameOptions {
            players: Some(3),
            board: Some(BoardName::Alternative),
            english_variant: Some(true),
            buildings: Some(true),
            ziggurat: Some(true),
            turn_limit: Some(77),
            ..GameOptions::default()
        };
        let config = Tigris::configure(&options).unwrap();
        assert_eq!(
            config,
            tigris_euphrates::Config::new(3)
                .with_board(BoardKind::Alternative)
                .with_english_variant(true)
                .with_buildings(true)
                .with_ziggurat(true)
                .with_turn_limit(77)
        );
        assert_eq!(
            Tigris::configure(&GameOptions {
                open_piles: Some(false),
                ..GameOptions::default()
            }),
            Err(OptionsError::NotForGame {
                option: GameOption::OpenPiles,
                game: GameName::Tigris
            })
        );
        let refused = Tigris::configure(&GameOptions {
            players: Some(7),
            ..GameOptions::default()
        })
        .unwrap_err();
        assert!(matches!(refused, OptionsError::Refused(_)));
        assert!(refused.to_string().contains("2 to 4"), "{refused}");
        assert!(matches!(
            Tigris::configure(&GameOptions {
                turn_limit: Some(0),
                ..GameOptions::default()
            }),
            Err(OptionsError::Refused(_))
        ));
    }

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

#[cfg(feature = "cards")]
mod cards {
    use mesopotamia_core::{Game, Seat};
    use tigris_euphrates_cards::Cards;

    use super::super::*;

    #[test]
    fn options_reach_the_configuration() {
        let options = GameOptions {
            players: Some(2),
            open_piles: Some(true),
            turn_limit: Some(30),
            ..GameOptions::default()
        };
        assert_eq!(
            Cards::configure(&options).unwrap(),
            tigris_euphrates_cards::Config::new(2)
                .with_open_piles(true)
                .with_turn_limit(30)
        );
        for option in [
            GameOption::Board,
            GameOption::EnglishVariant,
            GameOption::Buildings,
            GameOption::Ziggurat,
            GameOption::BoardText,
        ] {
            assert_eq!(
                Cards::configure(&super::only(option)),
                Err(OptionsError::NotForGame {
                    option,
                    game: GameName::Cards
                })
            );
        }
        assert!(matches!(
            Cards::configure(&GameOptions {
                players: Some(9),
                ..GameOptions::default()
            }),
            Err(OptionsError::Refused(_))
        ));
        let game =
            <Cards as Game>::new(&Cards::configure(&GameOptions::default()).unwrap()).unwrap();
        let seat = Seat::new(1).unwrap();
        assert_eq!(game.score(seat), game.keys()[1][0]);
        assert!(BotSpec::Greedy.bot::<Cards>().is_some());
        assert_eq!(
            Cards::MCTS_ITERATIONS,
            tigris_euphrates_cards::bots::MCTS_ITERATIONS
        );
    }
}

#[cfg(feature = "sumeria")]
mod sumeria_game {
    use mesopotamia_core::{Game, Seat};
    use sumeria::Sumeria;

    use super::super::*;

    #[test]
    fn options_reach_the_configuration() {
        let config = Sumeria::configure(&GameOptions {
            players: Some(3),
            ..GameOptions::default()
        })
        .unwrap();
        assert_eq!(config, sumeria::Config::new(3));
        for option in [
            GameOption::Board,
            GameOption::TurnLimit,
            GameOption::OpenPiles,
        ] {
            assert_eq!(
                Sumeria::configure(&super::only(option)),
                Err(OptionsError::NotForGame {
                    option,
                    game: GameName::Sumeria
                })
            );
        }
        let e = Sumeria::configure(&GameOptions {
            board_text: Some("no board here".into()),
            ..GameOptions::default()
        })
        .unwrap_err();
        assert!(matches!(e, OptionsError::Board(_)), "{e}");
        assert!(e.to_string().starts_with("the board: "), "{e}");
        assert!(matches!(
            Sumeria::configure(&GameOptions {
                players: Some(1),
                ..GameOptions::default()
            }),
            Err(OptionsError::Refused(_))
        ));
        let game = <Sumeria as Game>::new(&config).unwrap();
        let seat = Seat::new(2).unwrap();
        assert_eq!(game.score(seat), game.scores()[2].0);
        assert_eq!(Sumeria::MCTS_ITERATIONS, sumeria::bots::MCTS_ITERATIONS);
    }
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
        assert_eq!(record_game(&json), Ok(GameName::Sumeria));
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
            Err(RecordError::Game(UnknownGame::Unknown("chess".into())))
        );
        let json = write_record(&played()).unwrap();
        let broken = json.replacen("\"steps\": [", "\"steps\": [\"pass pass pass\",", 1);
        let e = read_record::<Sumeria>(&broken).unwrap_err();
        assert!(
            matches!(
                e,
                RecordError::Invalid {
                    game: GameName::Sumeria,
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
                expected: GameName::Cards,
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
                label: GameName::Cards,
                holds: GameName::Sumeria
            })
        );
        let cards = GameRecord::<Cards>::new(tigris_euphrates_cards::Config::new(2));
        let json = write_record(&cards).unwrap();
        assert_eq!(record_game(&json), Ok(GameName::Cards));
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
        let mut game = G::new(&G::configure(options).unwrap()).unwrap();
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
    let options = GameOptions {
        players: Some(3),
        ..GameOptions::default()
    };
    check::<tigris_euphrates_cards::Cards>(&options);
    check::<sumeria::Sumeria>(&options);
}
