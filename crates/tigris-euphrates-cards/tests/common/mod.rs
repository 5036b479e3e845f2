//! Shared by the test binaries.

use mesopotamia_core::Seat;
use tigris_euphrates_cards::{Card, Cards};

/// Every card of the game wherever it is, as (civilization cards, treasures): 185 and 8
/// at every step.
pub fn cards_accounted(game: &Cards) -> (u32, u32) {
    let p = game.public();
    let n = p.config().players as usize;
    let (civ_display, temples, treasure_heads) = p.display_counts();
    let mut civ =
        civ_display + temples + p.deck_size() as u32 + p.discarded() as u32 + game.removed_count();
    // Cards the attacker has committed lie in front of him until the defender answers.
    civ += p.conflict().and_then(|c| c.attacker_commit).unwrap_or(0) as u32;
    let mut treasures = treasure_heads;
    for s in Seat::all(n) {
        civ += game.hand(s).values().iter().map(|&k| k as u32).sum::<u32>();
        for card in game.pile(s) {
            match card {
                Card::Civ(_) => civ += 1,
                Card::Treasure => treasures += 1,
            }
        }
    }
    (civ, treasures)
}
