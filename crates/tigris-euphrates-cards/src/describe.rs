//! What the card game is, for every front end: its name, players, options, score, legend
//! and rule examples (see [`mesopotamia_core::describe`]).

use mesopotamia_core::describe::{
    Described, GameDescription, OptionKind, OptionSpec, OptionsError, Settings,
};
use mesopotamia_core::{DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, Seat};

use crate::{Cards, Config};

/// Euphrat & Tigris, the card game, described.
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "cards",
    title: "Euphrat & Tigris, the card game",
    about: "The card game of Tigris & Euphrates: kingdoms in columns of cards, leaders, boats and conflicts.",
    min_players: 2,
    max_players: 4,
    default_players: 4,
    options: &[
        OptionSpec {
            name: "open_piles",
            kind: OptionKind::Flag,
            help: "VP piles open to all (the rules' option); face down by default.",
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
    score: "weakest colour of the VP pile, treasures counted",
    legend: crate::position::LEGEND,
    examples: crate::examples::EXAMPLES,
    rules: "cards",
};

impl Described for Cards {
    const DESCRIPTION: &'static GameDescription = &DESCRIPTION;

    fn config_from(settings: &Settings) -> Result<Config, OptionsError> {
        Ok(Config::new(settings.players())
            .with_open_piles(settings.flag("open_piles"))
            .with_turn_limit(settings.number("turn_limit")))
    }

    fn score(&self, seat: Seat) -> u32 {
        Cards::score(self, seat)
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::describe::GameOptions;

    use super::*;

    #[test]
    fn every_option_reaches_the_configuration() {
        let options = GameOptions::new()
            .with_players(2)
            .with("open_piles", true)
            .with("turn_limit", 9u32);
        assert_eq!(
            Cards::configure(&options).unwrap(),
            Config::new(2).with_open_piles(true).with_turn_limit(9)
        );
        assert_eq!(
            Cards::configure(&GameOptions::new()).unwrap(),
            Config::new(4)
        );
    }

    #[test]
    fn the_player_range_is_the_games() {
        for players in 0..=8 {
            assert_eq!(
                DESCRIPTION.seats(players),
                Cards::new(Config::new(players)).is_ok(),
                "{players} players"
            );
        }
        assert_eq!(DESCRIPTION.name, <Cards as mesopotamia_core::Game>::NAME);
    }
}
