//! The public state's accessors say what the state says elsewhere: the position text (written
//! from the state's own fields, not from these accessors), the hands, the columns and the end
//! reason; a seat's score is the weakest colour of its VP pile once its treasures are added
//! where they help most.

use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{ColourMap, EndReason, Game, Seat};
use mesopotamia_testkit::random_states;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::action::COLUMNS;
use tigris_euphrates_cards::{Card, Cards, Config, Position};

/// A VP pile's score, counted from its cards: the weakest colour once the treasures are added
/// where they help most (the core's `weakest_colour_key`).
fn pile_score(pile: &[Card]) -> u32 {
    let mut counts = ColourMap::splat(0u32);
    let mut treasures = 0;
    for card in pile {
        match card {
            Card::Civ(colour) => counts[*colour] += 1,
            Card::Treasure => treasures += 1,
        }
    }
    weakest_colour_key(counts, treasures)[0]
}

/// The words after `prefix` on the first line of `text` that starts with it.
fn line_after<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
    line[prefix.len()..].split_whitespace().collect()
}

#[test]
fn the_accessors_agree_with_the_state() {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let (mut turns, mut hands, mut columns, mut played_catastrophes, mut on_limit) =
        (0, 0, 0, 0, 0);
    let mut scores = 0;
    let configs = [
        Config::new(2),
        Config::new(3),
        Config::new(4),
        Config::new(2).with_turn_limit(8),
        Config::new(4).with_turn_limit(8),
    ];
    for config in configs {
        for _ in 0..4 {
            for game in random_states(Cards::new(config).unwrap(), &mut rng, 100_000) {
                let text = Position::from_game(&game).to_string();
                let p = game.public();
                let turn = line_after(&text, "turn ");
                assert_eq!(p.turn().to_string(), turn[0], "{text}");
                turns += usize::from(p.turn() > 1);
                for seat in Seat::all(usize::from(config.players)) {
                    let held: u32 = game.hand(seat).values().iter().map(|&n| u32::from(n)).sum();
                    assert_eq!(u32::from(p.hand_size(seat)), held);
                    hands += usize::from(held > 1);
                    let line = line_after(&text, &format!("seat {} ", seat.index()));
                    let left = line[line.iter().position(|w| *w == "catastrophe").unwrap() + 1];
                    assert_eq!(p.catastrophe_left(seat), left == "yes", "{text}");
                    played_catastrophes += usize::from(left == "no");
                    let score = pile_score(game.pile(seat));
                    assert_eq!(game.score(seat), score, "{text}");
                    scores += usize::from(score > 1);
                }
                for c in 0..COLUMNS {
                    assert_eq!(p.column_lengths()[c], p.column(c).len(), "{text}");
                    columns += usize::from(p.column(c).len() > 1);
                }
                let ended_on_limit = game.end_reason() == Some(EndReason::TurnLimit);
                assert_eq!(p.ended_on_limit(), ended_on_limit);
                on_limit += usize::from(ended_on_limit);
            }
        }
    }
    // The states reach later turns, hands of several cards, columns of several cards,
    // catastrophes played, the turn limit and scores above 1.
    assert!(
        turns > 100 && hands > 100 && columns > 100,
        "{turns} {hands} {columns}"
    );
    assert!(
        played_catastrophes > 10 && on_limit > 0,
        "{played_catastrophes} {on_limit}"
    );
    assert!(scores > 100, "{scores}");
}
