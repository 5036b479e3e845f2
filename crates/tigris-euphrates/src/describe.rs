//! What Tigris & Euphrates is, for every front end: its name, players, options, score,
//! legend and rule examples (see [`mesopotamia_core::describe`]).

use mesopotamia_core::describe::{
    Described, GameDescription, OptionKind, OptionSpec, OptionsError, Settings,
};
use mesopotamia_core::{DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, Seat};

use crate::{BoardKind, Config, Tigris};

/// The boards, by the names the options take.
const BOARDS: &[(&str, &str)] = &[
    ("classic", "the classic board (front side)"),
    (
        "alternative",
        "the alternative board of the 2009 edition (14 treasures)",
    ),
];

/// Tigris & Euphrates, described.
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "tigris",
    title: "Tigris & Euphrates",
    about: "Reiner Knizia's tile game of kingdoms, leaders, revolts and wars (classic and 2009 editions).",
    min_players: 2,
    max_players: 4,
    default_players: 4,
    options: &[
        OptionSpec {
            name: "board",
            kind: OptionKind::Choice {
                values: BOARDS,
                default: "classic",
            },
            help: "The board: classic (front side) or alternative (the 2009 edition's, 14 treasures).",
        },
        OptionSpec {
            name: "english_variant",
            kind: OptionKind::Flag,
            help: "The English variant: supports that cannot change a conflict's outcome are illegal.",
        },
        OptionSpec {
            name: "buildings",
            kind: OptionKind::Flag,
            help: "The civilization buildings of the 2009 edition.",
        },
        OptionSpec {
            name: "ziggurat",
            kind: OptionKind::Flag,
            help: "The ziggurat of the 2009 edition.",
        },
        OptionSpec {
            name: "turn_limit",
            kind: OptionKind::Number {
                min: 1,
                max: MAX_TURN_LIMIT,
                default: DEFAULT_TURN_LIMIT,
            },
            help: "The engine's turn limit (rule G1): the game ends at the end of that turn, scored as usual.",
        },
    ],
    score: "weakest colour, treasures counted",
    legend: crate::position::LEGEND,
    examples: crate::examples::EXAMPLES,
    rules: "tigris-euphrates",
};

impl Described for Tigris {
    const DESCRIPTION: &'static GameDescription = &DESCRIPTION;

    fn config_from(settings: &Settings) -> Result<Config, OptionsError> {
        let board = match settings.choice("board") {
            "alternative" => BoardKind::Alternative,
            _ => BoardKind::Classic,
        };
        Ok(Config::new(settings.players())
            .with_board(board)
            .with_english_variant(settings.flag("english_variant"))
            .with_buildings(settings.flag("buildings"))
            .with_ziggurat(settings.flag("ziggurat"))
            .with_turn_limit(settings.number("turn_limit")))
    }

    fn score(&self, seat: Seat) -> u32 {
        self.public().score(seat)
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::describe::GameOptions;

    use super::*;

    #[test]
    fn every_option_reaches_the_configuration() {
        let options = GameOptions::new()
            .with_players(3)
            .with("board", "alternative")
            .with("english_variant", true)
            .with("buildings", true)
            .with("ziggurat", true)
            .with("turn_limit", 77u32);
        let config = Tigris::configure(&options).unwrap();
        assert_eq!(
            config,
            Config::new(3)
                .with_board(BoardKind::Alternative)
                .with_english_variant(true)
                .with_buildings(true)
                .with_ziggurat(true)
                .with_turn_limit(77)
        );
        assert_eq!(
            Tigris::configure(&GameOptions::new()).unwrap(),
            Config::new(4)
        );
    }

    #[test]
    fn the_player_range_is_the_games() {
        for players in 0..=8 {
            assert_eq!(
                DESCRIPTION.seats(players),
                Tigris::new(Config::new(players)).is_ok(),
                "{players} players"
            );
        }
        assert_eq!(DESCRIPTION.name, <Tigris as mesopotamia_core::Game>::NAME);
    }
}
