//! The legend of the display's symbols explains every symbol the position text and the
//! seat views really write, and describes nothing they never write.

use mesopotamia_core::driver::random_positions;
use mesopotamia_core::{Game, Seat};
use mesopotamia_testkit::legend::check_legend;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::position::LEGEND;
use tigris_euphrates_cards::{Cards, Config, Position};

/// The pieces of the display in `text` (a position or a view): the rows under the column
/// numbers, without their row numbers, and the link slots; a seat number written `N`, as
/// the legend writes it.
fn pieces(text: &str) -> Vec<String> {
    let mut lines = text.lines();
    lines
        .by_ref()
        .find(|line| line.trim_start().starts_with("1      2"))
        .expect("the column numbers");
    let rows: Vec<&str> = lines.by_ref().take(9).collect();
    let links = lines.next().expect("the links line");
    assert!(links.starts_with("links"), "{text}");
    rows.iter()
        .chain([&links])
        .flat_map(|row| row.split_whitespace().skip(1))
        .map(|piece| match piece.split_once('@') {
            Some((card, leader)) => format!("{card}@N{}", &leader[1..]),
            None => piece.to_owned(),
        })
        .collect()
}

#[test]
fn the_legend_explains_what_positions_and_views_write() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut tokens = Vec::new();
    for config in [
        Config::new(2),
        Config::new(3),
        Config::new(4).with_open_piles(true),
    ] {
        let positions = random_positions::<Cards, _>(&config, 4, &mut rng).expect("random games");
        for state in positions.iter().step_by(13) {
            tokens.extend(pieces(&Position::from_game(state).to_string()));
            for seat in Seat::all(state.seat_count()) {
                tokens.extend(pieces(&state.view(seat).to_string()));
            }
        }
    }
    let used = check_legend(LEGEND, tokens);
    for (symbols, meaning) in LEGEND {
        assert!(
            symbols.split_whitespace().any(|s| used.contains(s)),
            "`{symbols}` ({meaning}) never written in {used:?}"
        );
    }
}
