//! The legend of the board's symbols explains every symbol the position text and the seat
//! views really write, and describes nothing they never write.

use mesopotamia_core::driver::random_positions;
use mesopotamia_core::{Game, Seat};
use mesopotamia_testkit::legend::check_legend;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::position::LEGEND;
use tigris_euphrates::{BoardKind, Config, Position};

/// The cells of the board diagram in `text` (a position or a view): the 11 rows after the
/// column letters, without their numbers; a leader's seat number written `N`, as the
/// legend writes it.
fn cells(text: &str) -> Vec<String> {
    let mut lines = text.lines();
    lines
        .by_ref()
        .find(|line| line.trim_start().starts_with("A  B  C"))
        .expect("the diagram's column letters");
    let rows: Vec<&str> = lines.take(11).collect();
    assert_eq!(rows.len(), 11, "{text}");
    rows.iter()
        .flat_map(|row| row.split_whitespace().skip(1))
        .map(|cell| {
            let mut chars = cell.chars();
            match (chars.next(), chars.as_str()) {
                (Some(d), rest) if d.is_ascii_digit() => format!("N{rest}"),
                _ => cell.to_owned(),
            }
        })
        .collect()
}

#[test]
fn the_legend_explains_what_positions_and_views_write() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut tokens = Vec::new();
    for config in [
        Config::new(2),
        Config::new(3).with_board(BoardKind::Alternative),
        Config::new(4).with_buildings(true).with_ziggurat(true),
    ] {
        let positions = random_positions::<tigris_euphrates::Tigris, _>(&config, 6, &mut rng)
            .expect("random games");
        // Mid-game and late positions, as text and as each seat sees them.
        for state in positions.iter().step_by(23) {
            tokens.extend(cells(&Position::from_game(state).to_string()));
            for seat in Seat::all(state.seat_count()) {
                tokens.extend(cells(&state.view(seat).to_string()));
            }
        }
    }
    let used = check_legend(LEGEND, tokens);
    // Each entry describes something written (face-down tiles of every colour are too rare
    // in random games to ask for each symbol).
    for (symbols, meaning) in LEGEND {
        assert!(
            symbols.split_whitespace().any(|s| used.contains(s)),
            "`{symbols}` ({meaning}) never written in {used:?}"
        );
    }
}
