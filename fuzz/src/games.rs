//! What the harness needs of each game beyond the `Game` contract: the configuration a byte
//! names, the rule examples' positions as starting points, and the cheap invariants checked
//! after every step.

use std::fmt::Debug;
use std::sync::OnceLock;

use mesopotamia_core::cases::{self, Case, CaseGame, ScenarioRun};
use mesopotamia_core::{Colour, ColourMap, Game, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::waypoints::{GAMES, Slots};

/// A game the targets drive: serializable, with rule cases, views and a public part that
/// read back.
pub trait FuzzGame:
    CaseGame + Game<View: Serialize + DeserializeOwned> + Serialize + DeserializeOwned + 'static
{
    /// The public part (what every seat sees), with a JSON form of its own.
    type Public: Serialize + DeserializeOwned + PartialEq + Debug;
    /// What a step may only move one way (VP, turn, ...), kept from the state before it.
    type Marks;
    /// What [`FuzzGame::depth`] counts.
    const DEPTH: &'static str;

    /// The configuration a start byte's low 7 bits name.
    fn config_of(byte: u8) -> Self::Config;
    /// The rule examples, as (identifier, case file).
    fn examples() -> &'static [(&'static str, &'static str)];
    /// Every rule example's positions before and after its script, parsed once.
    fn case_starts() -> &'static [(String, Self)];
    /// The reference games of each start byte, each played on first use.
    fn waypoint_slots() -> &'static Slots<Self>;
    /// The public part of the state.
    fn public_part(&self) -> &Self::Public;
    /// How far the game has come, in [`FuzzGame::DEPTH`] units.
    fn depth(&self) -> u32;
    /// The marks of this state.
    fn marks(&self) -> Self::Marks;
    /// The cheap invariants, after a step from a state with `before` marks.
    fn check_step(&self, before: &Self::Marks);
}

/// Every scenario's state before and after its script, for each rule example: the case's
/// identifier (with `:N` for scenario `N` and `+` after the script) and the state.
///
/// # Panics
/// When a case file does not read or a position is refused: the game's own tests fail then.
pub fn starts_of<G: CaseGame>(examples: &[(&str, &str)]) -> Vec<(String, G)> {
    let mut out = Vec::new();
    for &(id, text) in examples {
        let case = Case::parse(id, text).unwrap_or_else(|e| panic!("{id}: {e}"));
        let (transcript, _) = cases::run_all::<G>(&case);
        let transcript = transcript.unwrap_or_else(|| panic!("{id}: no transcript"));
        for (n, run) in transcript.scenarios.into_iter().enumerate() {
            // Rule examples only play; a refused position has no state to start from.
            if let ScenarioRun::Played { before, after, .. } = run {
                out.push((format!("{id}:{}", n + 1), before));
                out.push((format!("{id}:{}+", n + 1), after));
            }
        }
    }
    out
}

mod tigris {
    use super::*;
    use tigris_euphrates::{Board, BoardKind, Config, Public, Square, Squares, Tigris};

    /// VP, the treasures on the board, the buildings, the ziggurat and the turn.
    pub struct TigrisMarks {
        vp: [ColourMap<u32>; 4],
        treasures: Squares,
        buildings: [Option<Square>; 4],
        ziggurat: Option<Square>,
        turn: u32,
    }

    impl FuzzGame for Tigris {
        type Public = Public;
        type Marks = TigrisMarks;
        const DEPTH: &'static str = "turn";

        /// Players `2 + byte % 3`; the bits of `byte / 3`: English variant, alternative
        /// board, civilization buildings, ziggurat; from 16 up, a turn limit of
        /// `byte / 3 - 14` turns (2 to 28), so that games end on the limit too.
        fn config_of(byte: u8) -> Config {
            let bits = (byte & 0x7F) / 3;
            let board = if bits & 2 != 0 {
                BoardKind::Alternative
            } else {
                BoardKind::Classic
            };
            let config = Config::new(2 + byte % 3)
                .with_english_variant(bits & 1 != 0)
                .with_board(board)
                .with_buildings(bits & 4 != 0)
                .with_ziggurat(bits & 8 != 0);
            if bits >= 16 {
                config.with_turn_limit(bits as u32 - 14)
            } else {
                config
            }
        }

        fn examples() -> &'static [(&'static str, &'static str)] {
            tigris_euphrates::examples::EXAMPLES
        }

        fn case_starts() -> &'static [(String, Tigris)] {
            static STARTS: OnceLock<Vec<(String, Tigris)>> = OnceLock::new();
            STARTS.get_or_init(|| starts_of(Self::examples()))
        }

        fn waypoint_slots() -> &'static Slots<Tigris> {
            static SLOTS: Slots<Tigris> = [const { [const { OnceLock::new() }; GAMES] }; 256];
            &SLOTS
        }

        fn public_part(&self) -> &Public {
            self.public()
        }

        fn depth(&self) -> u32 {
            self.public().turn()
        }

        fn marks(&self) -> TigrisMarks {
            let p = self.public();
            let seats = Seat::all(p.config().players as usize);
            let mut vp = [ColourMap::default(); 4];
            for s in seats {
                vp[s.index()] = p.vp(s);
            }
            TigrisMarks {
                vp,
                treasures: p.treasures(),
                buildings: Colour::ALL.map(|c| p.building(c)),
                ziggurat: p.ziggurat(),
                turn: p.turn(),
            }
        }

        /// VP never decrease, treasures never appear, a building's tile and the
        /// ziggurat's cross never leave the board, the turn never goes back.
        fn check_step(&self, before: &TigrisMarks) {
            let p = self.public();
            for s in Seat::all(p.config().players as usize) {
                let vp = p.vp(s);
                for c in Colour::ALL {
                    assert!(
                        vp[c] >= before.vp[s.index()][c],
                        "seat {s}'s {c} VP decreased"
                    );
                }
            }
            assert!(
                p.treasures().is_subset(&before.treasures),
                "treasures appeared"
            );
            for (c, building) in Colour::ALL.into_iter().zip(before.buildings) {
                if let Some(b) = building {
                    let tiles = p.tiles(c) | p.flipped_tiles(c);
                    assert!(tiles.contains(b.space()), "the {c} building's tile left");
                }
            }
            if let Some(centre) = before.ziggurat {
                assert_eq!(p.ziggurat(), Some(centre), "the ziggurat moved");
                let mut cross = Board::get(p.config().board).neighbours(centre.space());
                cross.insert(centre.space());
                assert!(cross.is_subset(&p.flipped()), "a ziggurat square left");
            }
            assert!(p.turn() >= before.turn, "the turn went back");
        }
    }
}

mod cards {
    use super::*;
    use tigris_euphrates_cards::{Cards, Config, Public};

    impl FuzzGame for Cards {
        type Public = Public;
        /// The turn.
        type Marks = u32;
        const DEPTH: &'static str = "turn";

        /// Players `2 + byte % 3`; bit 0 of `byte / 3`: open piles; from 2 up, a turn limit
        /// of `byte / 6` turns (1 to 21), so that games end on the limit too.
        fn config_of(byte: u8) -> Config {
            let bits = (byte & 0x7F) / 3;
            let config = Config::new(2 + byte % 3).with_open_piles(bits & 1 != 0);
            if bits >= 2 {
                config.with_turn_limit(bits as u32 / 2)
            } else {
                config
            }
        }

        fn examples() -> &'static [(&'static str, &'static str)] {
            tigris_euphrates_cards::examples::EXAMPLES
        }

        fn case_starts() -> &'static [(String, Cards)] {
            static STARTS: OnceLock<Vec<(String, Cards)>> = OnceLock::new();
            STARTS.get_or_init(|| starts_of(Self::examples()))
        }

        fn waypoint_slots() -> &'static Slots<Cards> {
            static SLOTS: Slots<Cards> = [const { [const { OnceLock::new() }; GAMES] }; 256];
            &SLOTS
        }

        fn public_part(&self) -> &Public {
            self.public()
        }

        fn depth(&self) -> u32 {
            self.public().turn()
        }

        fn marks(&self) -> u32 {
            self.public().turn()
        }

        /// The turn never goes back.
        fn check_step(&self, before: &u32) {
            assert!(self.public().turn() >= *before, "the turn went back");
        }
    }
}

mod sumeria_game {
    use super::*;
    use sumeria::{Config, Influence, Phase, Public, Sumeria};

    use sumeria::board::LOCATIONS;

    /// Influence tiles in the game.
    const TILES: u32 = 36;

    impl FuzzGame for Sumeria {
        type Public = Public;
        /// Rounds completed.
        type Marks = u8;
        const DEPTH: &'static str = "round";

        /// Players `3 + byte % 2`.
        fn config_of(byte: u8) -> Config {
            Config::new(3 + byte % 2)
        }

        fn examples() -> &'static [(&'static str, &'static str)] {
            sumeria::examples::EXAMPLES
        }

        fn case_starts() -> &'static [(String, Sumeria)] {
            static STARTS: OnceLock<Vec<(String, Sumeria)>> = OnceLock::new();
            STARTS.get_or_init(|| starts_of(Self::examples()))
        }

        fn waypoint_slots() -> &'static Slots<Sumeria> {
            static SLOTS: Slots<Sumeria> = [const { [const { OnceLock::new() }; GAMES] }; 256];
            &SLOTS
        }

        fn public_part(&self) -> &Public {
            self.public()
        }

        fn depth(&self) -> u32 {
            self.public().round() as u32
        }

        fn marks(&self) -> u8 {
            self.public().round()
        }

        /// Traders and the 36 influence tiles are conserved, the city-state order is a
        /// permutation once drawn, rounds never go back.
        fn check_step(&self, before: &u8) {
            let p = self.public();
            let n = p.config().players as usize;
            let (traders, _) = p.config().traders().expect("3 or 4 players");
            for s in Seat::all(n) {
                let on_board = (0..LOCATIONS).filter(|&i| p.occupant(i) == Some(s)).count();
                assert_eq!(
                    on_board + p.supply(s) as usize,
                    traders as usize,
                    "seat {s}'s traders"
                );
            }
            let mut tiles = self.bag().total();
            for k in Influence::ALL {
                tiles +=
                    p.discarded(k) as u32 + (0..3).map(|d| p.display(d, k) as u32).sum::<u32>();
                tiles += Seat::all(n).map(|s| p.held(s, k) as u32).sum::<u32>();
            }
            assert_eq!(tiles, TILES, "influence tiles");
            if p.phase() != Phase::Order {
                let mut order: Vec<_> = p.order().collect();
                order.sort();
                order.dedup();
                assert_eq!(order.len(), 8, "the city-state order");
            }
            assert!(p.round() >= *before, "the round went back");
        }
    }
}
