//! Shared by the test binaries: every combination of the game's options.

use tigris_euphrates::{BoardKind, Config};

/// The 16 combinations of alternative board, buildings, ziggurat and English variant
/// for `players` players; the index's bits say which options are on.
#[allow(dead_code)] // not every test binary runs them all
pub fn every_config(players: u8) -> impl Iterator<Item = Config> {
    (0u8..16).map(move |bits| config(players, bits))
}

/// The configuration whose options are the bits of `bits`: 1 alternative board,
/// 2 buildings, 4 ziggurat, 8 English variant.
pub fn config(players: u8, bits: u8) -> Config {
    let board = if bits & 1 != 0 {
        BoardKind::Alternative
    } else {
        BoardKind::Classic
    };
    Config::new(players)
        .with_board(board)
        .with_buildings(bits & 2 != 0)
        .with_ziggurat(bits & 4 != 0)
        .with_english_variant(bits & 8 != 0)
}
