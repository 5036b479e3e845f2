//! What Sumeria is, for every front end: its name, players, options, score, legend and
//! rule examples (see [`mesopotamia_core::describe`]).

use std::sync::Arc;

use mesopotamia_core::Seat;
use mesopotamia_core::describe::{
    Described, GameDescription, OptionKind, OptionSpec, OptionsError, Settings,
};

use crate::{Board, Config, Sumeria};

/// Sumeria, described.
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "sumeria",
    title: "Sumeria",
    about: "Dirk Liekens' game of traders and influence over the city-states of Sumer, in six rounds.",
    min_players: 3,
    max_players: 4,
    default_players: 4,
    options: &[OptionSpec {
        name: "board_text",
        kind: OptionKind::Text { file: "board_file" },
        help: "A board file's text (the board file format of docs/formats.md); the reconstructed board by default.",
    }],
    score: "points",
    legend: crate::position::LEGEND,
    examples: crate::examples::EXAMPLES,
    rules: "sumeria",
};

impl Described for Sumeria {
    const DESCRIPTION: &'static GameDescription = &DESCRIPTION;

    fn config_from(settings: &Settings) -> Result<Config, OptionsError> {
        let mut config = Config::new(settings.players());
        if let Some(text) = settings.text("board_text") {
            let board = Board::parse(text).map_err(|e| OptionsError::Invalid {
                option: "board_text",
                reason: e.to_string(),
            })?;
            config = config.with_board(Arc::new(board));
        }
        Ok(config)
    }

    fn score(&self, seat: Seat) -> u32 {
        Sumeria::score(self, seat)
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::describe::GameOptions;

    use super::*;

    #[test]
    fn the_board_option_reaches_the_configuration() {
        let text = include_str!("../boards/sumeria-reconstructed.txt");
        let config =
            Sumeria::configure(&GameOptions::new().with_players(3).with("board_text", text))
                .unwrap();
        assert_eq!(config, Config::new(3));
        let refused =
            Sumeria::configure(&GameOptions::new().with("board_text", "nonsense")).unwrap_err();
        assert_eq!(refused.option(), Some("board_text"));
        assert_eq!(
            Sumeria::configure(&GameOptions::new()).unwrap(),
            Config::new(4)
        );
    }

    #[test]
    fn the_player_range_is_the_games() {
        for players in 0..=8 {
            assert_eq!(
                DESCRIPTION.seats(players),
                Sumeria::new(Config::new(players)).is_ok(),
                "{players} players"
            );
        }
        assert_eq!(DESCRIPTION.name, <Sumeria as mesopotamia_core::Game>::NAME);
    }
}
