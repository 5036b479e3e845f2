//! The legend of the city-state lines' symbols explains every symbol the position text and
//! the seat views really write, and describes nothing they never write.

use mesopotamia_core::driver::random_positions;
use mesopotamia_core::{Game, Seat};
use mesopotamia_testkit::legend::check_legend;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::position::LEGEND;
use sumeria::{Config, Position, Sumeria};

/// The symbols of `text` (a position or a view): each location of the city-state lines
/// (`T1:0`, its trader's seat written `N` as the legend writes it), and the position's
/// display line without its words (the names of the influence kinds).
fn symbols(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        // The view names the city-state above which each tile lies: words, not symbols.
        if first == "display" && rest.first() != Some(&"above") {
            let kinds = ["economy", "military", "politics", "religion"];
            found.extend(
                rest.iter()
                    .filter(|w| !kinds.contains(w))
                    .map(|w| (*w).to_owned()),
            );
        } else if rest.first().is_some_and(|w| w.starts_with("C:")) {
            assert_eq!(rest.len(), 7, "{line}");
            found.extend(rest.iter().map(|location| match location.split_once(':') {
                Some((place, seat)) if seat != "." => format!("{place}:N"),
                _ => (*location).to_owned(),
            }));
        }
    }
    assert!(found.len() >= 8 * 7, "every city-state's line: {text}");
    found
}

#[test]
fn the_legend_explains_what_positions_and_views_write() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut tokens = Vec::new();
    for players in [3, 4] {
        let config = Config::new(players);
        let positions = random_positions::<Sumeria, _>(&config, 4, &mut rng).expect("random games");
        for state in positions.iter().step_by(7) {
            tokens.extend(symbols(&Position::from_game(state).to_string()));
            for seat in Seat::all(state.seat_count()) {
                tokens.extend(symbols(&state.view(seat).to_string()));
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
