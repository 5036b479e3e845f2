//! The game text (as PGN is for chess): seeded games convert to it and back without loss.

use mesopotamia_testkit::check_game_texts;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config};

#[test]
fn seeded_games_convert_to_the_game_text_and_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for players in [2, 4] {
        let texts = check_game_texts::<Cards, _>(&Config::new(players), 3, &mut rng);
        // Three different games were checked, not one three times.
        let distinct: std::collections::HashSet<&String> = texts.iter().collect();
        assert_eq!(distinct.len(), 3);
    }
}
