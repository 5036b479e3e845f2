//! Properties after every step of random games: the 185 civilization cards (and 8 treasures)
//! are conserved; no column holds more than 8 cards; at rest no kingdom holds two leaders of a
//! colour; views show other hands only as sizes and VP piles only by their top card.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, Seat, ToMove};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config, Pending};

mod common;

fn check(game: &Cards) -> Result<(), TestCaseError> {
    let p = game.public();
    let n = p.config().players as usize;
    let (civ, treasures) = common::cards_accounted(game);
    prop_assert_eq!(civ, 185, "civilization cards");
    prop_assert_eq!(treasures, 8, "treasures");
    prop_assert!(p.column_lengths().iter().all(|&l| l <= 8));
    let at_rest = matches!(p.pending(), Pending::Action) && p.conflict().is_none();
    if at_rest {
        prop_assert!(
            p.no_kingdom_with_two_leaders_of_a_colour(),
            "two leaders of a colour in a kingdom at rest"
        );
    }
    for seat in Seat::all(n) {
        let view = game.view(seat);
        prop_assert_eq!(view.hand, game.hand(seat));
        for (other, (size, shown)) in view.piles.iter().enumerate() {
            let pile = game.pile(Seat::new(other).unwrap());
            prop_assert_eq!(*size, pile.len());
            if !p.config().open_piles {
                prop_assert_eq!(
                    shown.as_slice(),
                    pile.last().map(std::slice::from_ref).unwrap_or(&[])
                );
            }
        }
        // Other hands and buried pile cards are redrawn by `resample_hidden`; the view must
        // not notice (the conformance kit checks this at every step too).
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        prop_assert_eq!(game.resample_hidden(seat, &mut rng).view(seat), view);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_step(seed in any::<u64>(), players in 2u8..=4, open_piles in any::<bool>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Cards::new(Config::new(players).with_open_piles(open_piles)).unwrap();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        check(&game)?;
        while !game.is_terminal() {
            match game.to_move() {
                ToMove::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    game.apply_chance(sample_weighted(&mut rng, &outcomes).unwrap()).unwrap();
                }
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    game.apply(legal[uniform_below(&mut rng, legal.len() as u32) as usize]).unwrap();
                }
                ToMove::Terminal => unreachable!(),
            }
            check(&game)?;
        }
        prop_assert!(game.standings().is_some());
    }
}

/// A position written out and read back is the same game, at any point of random games.
#[test]
fn positions_round_trip_through_text() {
    use tigris_euphrates_cards::Position;
    for (players, seed, open_piles) in [(2u8, 11u64, false), (3, 12, true), (4, 13, false)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Cards::new(Config::new(players).with_open_piles(open_piles)).unwrap();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut step = 0;
        loop {
            if step % 3 == 0 || game.is_terminal() {
                let text = Position::from_game(&game).to_string();
                let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
                let back = parsed
                    .into_game()
                    .unwrap_or_else(|v| panic!("{v:?}\n{text}"));
                assert_eq!(back, game, "{text}");
            }
            match game.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    game.apply_chance(sample_weighted(&mut rng, &outcomes).unwrap())
                        .unwrap();
                }
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    game.apply(legal[uniform_below(&mut rng, legal.len() as u32) as usize])
                        .unwrap();
                }
            }
            step += 1;
        }
        assert!(step > 100, "a whole game was played ({step} steps)");
    }
}

/// A VP pile keeps its order (rule C14): states whose piles hold the same cards in another
/// order are different states, and hash differently.
#[test]
fn the_order_of_a_pile_tells_states_apart() {
    use mesopotamia_testkit::random_states;
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    use tigris_euphrates_cards::Position;
    let hash = |game: &Cards| BuildHasherDefault::<DefaultHasher>::default().hash_one(game);
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut swapped = 0;
    for game in random_states(Cards::new(Config::new(3)).unwrap(), &mut rng, 2000) {
        let text = Position::from_game(&game).to_string();
        // The first seat line whose pile holds two different cards below its top card (the
        // bottom two; the top card shows, so it stays), those two swapped.
        let Some((line, other)) = text.lines().find_map(|line| {
            let (head, pile) = line.split_once(" pile ")?;
            let cards: Vec<&str> = pile.split(' ').collect();
            (line.starts_with("seat ") && cards.len() > 2 && cards[0] != cards[1]).then(|| {
                let mut cards = cards.clone();
                cards.swap(0, 1);
                (line, format!("{head} pile {}", cards.join(" ")))
            })
        }) else {
            continue;
        };
        let position: Position = text.replacen(line, &other, 1).parse().unwrap();
        let reordered = position.into_game().unwrap();
        assert_ne!(reordered, game, "{other}");
        assert_ne!(hash(&reordered), hash(&game), "{other}");
        swapped += 1;
    }
    assert!(swapped > 100, "{swapped}");
}

/// A malformed position names what is wrong, every violation at once.
#[test]
fn bad_positions_report_every_violation() {
    use tigris_euphrates_cards::{Position, Violation};
    let game = Cards::new(Config::new(3)).unwrap();
    let text = Position::from_game(&game).to_string();
    assert!(text.parse::<Position>().unwrap().into_game().is_ok());
    // A leader on an empty place, a gap in column 1, and one card too many in seat 0's hand.
    let bad = text
        .replacen("1    .  ", "1    .@0K", 1)
        .replacen("2    .  ", "2    r  ", 1)
        .replacen("seat 0 hand 0 0 0 0", "seat 0 hand 9 0 0 0", 1);
    let violations = bad.parse::<Position>().unwrap().into_game().unwrap_err();
    assert!(
        violations
            .iter()
            .any(|v| matches!(v, Violation::LeaderPlace(_))),
        "{violations:?}\n{bad}"
    );
    assert!(
        violations.iter().any(|v| matches!(v, Violation::Gap(1))),
        "{violations:?}"
    );
    assert!(
        violations.iter().any(|v| matches!(v, Violation::Hand(_))),
        "{violations:?}"
    );
    let err = "cards players 3 piles sideways"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.message.contains("open or closed"), "{err}");
    // What is pending names seats at the table only (seat 5 would have no hand or pile);
    // spoils without the link card that joined two kingdoms are refused too.
    let seat_5 = Violation::PendingSeat(Seat::new(5).unwrap());
    let no_link = Violation::Pending(
        "external conflicts and their spoils need the link slot that joined the kingdoms (`joining`)",
    );
    for (pending, expected) in [
        ("bank 5 red", vec![seat_5.clone()]),
        ("spoils 5 green 2", vec![no_link, seat_5]),
    ] {
        let bad = format!("{text}{pending}\n");
        let violations = bad.parse::<Position>().unwrap().into_game().unwrap_err();
        assert_eq!(violations, expected, "{pending}");
    }
}

/// Inputs the `cards_position` fuzz target found: each must be refused cleanly.
#[test]
fn fuzz_regressions() {
    use tigris_euphrates_cards::Position;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    // Discards without a deck line: the deck cannot be known, so the count is off.
    let text = std::fs::read_to_string(dir.join("discarded-without-deck.txt")).unwrap();
    let position: Position = text.parse().unwrap();
    assert!(position.into_game().is_err());
    // Eight players: printing must not panic, validation refuses.
    let bytes = std::fs::read(dir.join("eight-players.txt")).unwrap();
    if let Ok(text) = std::str::from_utf8(&bytes) {
        if let Ok(position) = text.parse::<Position>() {
            let _ = position.to_string();
            assert!(position.into_game().is_err());
        }
    }
}

/// Found by the `cards_state` fuzz target: a saved game whose internal conflict of priests
/// names seat 0, which has no priest, was accepted; resolving it left seats 1 and 2's
/// priests in one kingdom at rest, so the game's own position was then refused.
#[test]
fn a_conflict_without_a_leader_is_refused() {
    use tigris_euphrates_cards::{Position, Violation};
    let text = "\
cards players 3 piles closed
     1      2      3      4      5      6      7      8
0    T      t      T@2F   T      T      T      T      T
1    g      k@0T   k      g      g      r@2T   k      B-k
2    r      k      b      .      k      r@2P   b      g
3    k      k      r      .      r@0K   b@1P   b      .
4    g      b      k      .      b      r      r      .
5    k      b      b      .      b      r      b      .
6    .      b      .      .      .      b      k      .
7    .      .      .      .      .      k      k      .
8    .      .      .      .      .      g      .      .
links g r . . b k .
seat 0 hand 0 4 3 1 catastrophe no pile b r r r r r g r r k r r r r r b
seat 1 hand 1 2 5 0 catastrophe no pile T r b r b k r g
seat 2 hand 0 3 1 4 catastrophe no pile r r g r r r g r r
deck 16 11 17 16
discarded 26
boats blue-red blue-green
turn 85 active 1 actions 0
conflict internal red attacker 0 defender 2 bases 0 5
";
    let position: Position = text.parse().unwrap();
    assert_eq!(
        position.into_game().unwrap_err(),
        vec![Violation::Pending(
            "both sides of a conflict need a leader of its colour on the display"
        )]
    );
    // The same conflict between the two priests is accepted, and fought.
    let fought = text.replace("attacker 0 defender 2", "attacker 1 defender 2");
    let game = fought.parse::<Position>().unwrap().into_game().unwrap();
    assert!(game.public().conflict().is_some());
}
