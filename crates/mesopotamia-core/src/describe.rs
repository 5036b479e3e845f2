//! What each game says about itself, once, for every front end: its name and title, how
//! many players it seats, its options (name, kind, default, allowed values, help), what its
//! score is, the legend of its position text and its rule examples.
//!
//! As OpenSpiel registers each game with its type and parameter specification, each game
//! crate exports one [`GameDescription`] and implements [`Described`] on its state: the
//! command line's flags, Python's keywords, the WebAssembly options and the web page's menus
//! are all made from the descriptions, so a fourth game is described in its own crate only.
//!
//! Options arrive as [`GameOptions`] (loosely typed values, as a front end receives them);
//! [`GameDescription::check`] checks them against the description and fills in the defaults
//! ([`Settings`]), from which the game makes its configuration ([`Described::configure`]).
//!
//! ```
//! use mesopotamia_core::describe::{GameDescription, GameOptions, OptionKind, OptionSpec, OptionValue};
//!
//! const DICE: GameDescription = GameDescription {
//!     name: "dice",
//!     title: "Dice",
//!     about: "Roll and hope.",
//!     min_players: 2,
//!     max_players: 6,
//!     default_players: 2,
//!     options: &[
//!         OptionSpec { name: "sides", help: "Sides of each die.", kind: OptionKind::Number { min: 4, max: 20, default: 6 } },
//!         OptionSpec { name: "open", help: "Rolls seen by all.", kind: OptionKind::Flag },
//!     ],
//!     score: "pips",
//!     legend: &[],
//!     examples: &[],
//!     rules: "dice",
//! };
//!
//! let options = GameOptions::new().with("sides", OptionValue::Int(8));
//! let settings = DICE.check(&options)?;
//! assert_eq!((settings.players(), settings.number("sides"), settings.flag("open")), (2, 8, false));
//!
//! let refused = DICE.check(&GameOptions::new().with("sides", OptionValue::Int(3))).unwrap_err();
//! assert_eq!(refused.to_string(), "`sides` is 4 to 20, not 3");
//! # Ok::<(), mesopotamia_core::describe::OptionsError>(())
//! ```

use core::fmt;

use crate::game::Game;
use crate::seat::Seat;

/// What a game says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameDescription {
    /// The name commands, records and positions use (`tigris`): the game's [`Game::NAME`].
    pub name: &'static str,
    /// The name people read (`Tigris & Euphrates`).
    pub title: &'static str,
    /// One sentence on what the game is.
    pub about: &'static str,
    /// The fewest players.
    pub min_players: u8,
    /// The most players.
    pub max_players: u8,
    /// Players when none are asked for.
    pub default_players: u8,
    /// The options of a new game, in the order front ends list them.
    pub options: &'static [OptionSpec],
    /// What a seat's score is, in words: the figure the standings rank by first
    /// ([`Described::score`]).
    pub score: &'static str,
    /// The legend of the board's symbols in the position text: each entry's symbols and
    /// their meaning.
    pub legend: &'static [(&'static str, &'static str)],
    /// The rule examples: identifier and case file, in the order of the rule documents.
    pub examples: &'static [(&'static str, &'static str)],
    /// The name of the game's rules page: `docs/NAME.md` in the repository, `NAME.html` on
    /// the web site (`tigris-euphrates`).
    pub rules: &'static str,
}

/// One option of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name in snake case (`english_variant`): Python's keyword; the command line's
    /// flag and JavaScript's property are made from it ([`OptionSpec::flag`],
    /// [`OptionSpec::camel_case`]).
    pub name: &'static str,
    /// What the option takes, and its default.
    pub kind: OptionKind,
    /// What it does, in one sentence.
    pub help: &'static str,
}

/// What an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off; off by default.
    Flag,
    /// A whole number from `min` to `max`.
    Number {
        /// The smallest allowed.
        min: u32,
        /// The largest allowed.
        max: u32,
        /// When not given.
        default: u32,
    },
    /// One of a few names, each with what it means.
    Choice {
        /// The names allowed and what each means.
        values: &'static [(&'static str, &'static str)],
        /// When not given.
        default: &'static str,
    },
    /// A text given whole (a board file's contents); the game's own default when not given.
    /// Front ends that read files take a path under the name `file` instead, and read it.
    Text {
        /// The name under which front ends with files take a path (`board_file`).
        file: &'static str,
    },
}

impl OptionSpec {
    /// The command line's flag: `--english-variant`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// The name in camel case, as JavaScript takes it: `englishVariant`.
    pub fn camel_case(&self) -> String {
        camel_case(self.name)
    }

    /// The default as text (`false`, `1000`, `classic`), or `None` for a text option (the
    /// game's own default).
    pub fn default_text(&self) -> Option<String> {
        match self.kind {
            OptionKind::Flag => Some("false".to_owned()),
            OptionKind::Number { default, .. } => Some(default.to_string()),
            OptionKind::Choice { default, .. } => Some(default.to_owned()),
            OptionKind::Text { .. } => None,
        }
    }

    /// What the option takes, in words: `true or false`, `a whole number from 1 to 100000`,
    /// `classic or alternative`, `a text`.
    pub fn expects(&self) -> String {
        match self.kind {
            OptionKind::Flag => "true or false".to_owned(),
            OptionKind::Number { min, max, .. } => format!("a whole number from {min} to {max}"),
            OptionKind::Choice { values, .. } => or_list(values.iter().map(|v| v.0)),
            OptionKind::Text { .. } => "a text".to_owned(),
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `snake_case` as `snakeCase`.
pub fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

impl GameDescription {
    /// The option of that name (snake case), if the game has it.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The rule example of that identifier (any letter case): its exact identifier and case
    /// file.
    pub fn example(&self, id: &str) -> Option<(&'static str, &'static str)> {
        self.examples
            .iter()
            .find(|(i, _)| i.eq_ignore_ascii_case(id))
            .copied()
    }

    /// Whether the game seats `players`.
    pub fn seats(&self, players: u8) -> bool {
        (self.min_players..=self.max_players).contains(&players)
    }

    /// The options checked against this description, with the defaults filled in: every
    /// option named must be one of the game's, of the right kind, in range. The first
    /// problem is reported, in the order the options were given. The players are the
    /// game's to check, in its own words, when it makes its first state
    /// ([`Described::configure`]).
    pub fn check(&self, options: &GameOptions) -> Result<Settings, OptionsError> {
        let players = options.players.unwrap_or(self.default_players);
        let mut values: Vec<Setting> = self
            .options
            .iter()
            .map(|spec| match spec.kind {
                OptionKind::Flag => Setting::Flag(false),
                OptionKind::Number { default, .. } => Setting::Number(default),
                OptionKind::Choice { default, .. } => Setting::Choice(default),
                OptionKind::Text { .. } => Setting::Text(None),
            })
            .collect();
        for (name, value) in &options.values {
            let Some(at) = self.options.iter().position(|o| o.name == name) else {
                return Err(OptionsError::Unknown {
                    game: self.name,
                    option: name.clone(),
                });
            };
            let spec = &self.options[at];
            values[at] = setting(spec, value)?;
        }
        Ok(Settings {
            description: *self,
            players,
            values,
        })
    }
}

/// A value checked against its option.
fn setting(spec: &'static OptionSpec, value: &OptionValue) -> Result<Setting, OptionsError> {
    let wrong = || OptionsError::Kind {
        option: spec.name,
        expected: spec.expects(),
        given: value.to_string(),
    };
    match (spec.kind, value) {
        (OptionKind::Flag, OptionValue::Bool(b)) => Ok(Setting::Flag(*b)),
        (OptionKind::Number { min, max, .. }, OptionValue::Int(n)) => u32::try_from(*n)
            .ok()
            .filter(|n| (min..=max).contains(n))
            .map(Setting::Number)
            .ok_or(OptionsError::Range {
                option: spec.name,
                min,
                max,
                given: *n,
            }),
        (OptionKind::Choice { values, .. }, OptionValue::Text(text)) => values
            .iter()
            .find(|v| v.0 == text)
            .map(|v| Setting::Choice(v.0))
            .ok_or_else(|| OptionsError::Choice {
                option: spec.name,
                expected: spec.expects(),
                given: text.clone(),
            }),
        (OptionKind::Text { .. }, OptionValue::Text(text)) => Ok(Setting::Text(Some(text.clone()))),
        _ => Err(wrong()),
    }
}

/// A value given for an option, as a front end receives it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionValue {
    /// For an on-or-off option.
    Bool(bool),
    /// For a number.
    Int(i64),
    /// For a choice (its name) or a text.
    Text(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(t) => write!(f, "`{t}`"),
        }
    }
}

impl From<bool> for OptionValue {
    fn from(b: bool) -> OptionValue {
        OptionValue::Bool(b)
    }
}

impl From<i64> for OptionValue {
    fn from(n: i64) -> OptionValue {
        OptionValue::Int(n)
    }
}

impl From<u32> for OptionValue {
    fn from(n: u32) -> OptionValue {
        OptionValue::Int(i64::from(n))
    }
}

impl From<&str> for OptionValue {
    fn from(t: &str) -> OptionValue {
        OptionValue::Text(t.to_owned())
    }
}

impl From<String> for OptionValue {
    fn from(t: String) -> OptionValue {
        OptionValue::Text(t)
    }
}

/// The options of a new game as given: the players and named values, every one optional
/// (what is not given takes the game's default). Not checked until a game's description
/// checks them ([`GameDescription::check`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// Players, or `None` for the game's default.
    pub players: Option<u8>,
    /// Each option given, by its snake-case name, in the order given.
    values: Vec<(String, OptionValue)>,
}

impl GameOptions {
    /// No option given: every default.
    pub fn new() -> GameOptions {
        GameOptions::default()
    }

    /// The same options for `players` players.
    pub fn with_players(mut self, players: u8) -> GameOptions {
        self.players = Some(players);
        self
    }

    /// The same options with `name` set to `value` (replacing a value given before).
    pub fn with(mut self, name: &str, value: impl Into<OptionValue>) -> GameOptions {
        self.set(name, value);
        self
    }

    /// Sets `name` to `value`, replacing a value given before.
    pub fn set(&mut self, name: &str, value: impl Into<OptionValue>) {
        let value = value.into();
        match self.values.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.values.push((name.to_owned(), value)),
        }
    }

    /// The value given for `name`, if any.
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Whether `name` was given.
    pub fn is_given(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Whether nothing was given, players included.
    pub fn is_empty(&self) -> bool {
        self.players.is_none() && self.values.is_empty()
    }

    /// The options given, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        self.values.iter().map(|(n, v)| (n.as_str(), v))
    }
}

/// A checked value, or the default.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Setting {
    Flag(bool),
    Number(u32),
    Choice(&'static str),
    Text(Option<String>),
}

/// Options checked against a game's description, every default filled in: what the game
/// makes its configuration from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    description: GameDescription,
    players: u8,
    /// One per option of the description, in its order.
    values: Vec<Setting>,
}

impl Settings {
    /// The players.
    pub fn players(&self) -> u8 {
        self.players
    }

    fn value(&self, name: &str) -> Option<&Setting> {
        let at = self.description.options.iter().position(|o| o.name == name);
        // Asking for an option the game does not describe is a mistake in the game's crate,
        // which its tests of `configure` catch; the answer is then the kind's "off".
        debug_assert!(
            at.is_some(),
            "{} describes no option `{name}`",
            self.description.name
        );
        at.map(|at| &self.values[at])
    }

    /// An on-or-off option: `false` unless given on.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.value(name), Some(Setting::Flag(true)))
    }

    /// A number option, or its default.
    pub fn number(&self, name: &str) -> u32 {
        match self.value(name) {
            Some(Setting::Number(n)) => *n,
            _ => 0,
        }
    }

    /// A choice option's name, or its default.
    pub fn choice(&self, name: &str) -> &'static str {
        match self.value(name) {
            Some(Setting::Choice(c)) => c,
            _ => "",
        }
    }

    /// A text option, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.value(name) {
            Some(Setting::Text(t)) => t.as_deref(),
            _ => None,
        }
    }
}

/// Why a game's options are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// An option the game does not have.
    #[error("`{option}` is not an option of {game}")]
    Unknown {
        /// The game's name.
        game: &'static str,
        /// The option named.
        option: String,
    },
    /// A value of the wrong kind (a number for an on-or-off option).
    #[error("`{option}` takes {expected}, not {given}")]
    Kind {
        /// The option.
        option: &'static str,
        /// What it takes, in words.
        expected: String,
        /// The value given, as written.
        given: String,
    },
    /// A number out of the option's range.
    #[error("`{option}` is {min} to {max}, not {given}")]
    Range {
        /// The option.
        option: &'static str,
        /// The smallest allowed.
        min: u32,
        /// The largest allowed.
        max: u32,
        /// The number given.
        given: i64,
    },
    /// A name that is not one of the option's choices.
    #[error("`{option}` is {expected}, not `{given}`")]
    Choice {
        /// The option.
        option: &'static str,
        /// The choices, in words.
        expected: String,
        /// The name given.
        given: String,
    },
    /// A value the game cannot use (a board file that does not read): the game's reason.
    #[error("`{option}`: {reason}")]
    Invalid {
        /// The option.
        option: &'static str,
        /// What is wrong, in the game's words.
        reason: String,
    },
    /// The game refuses the configuration as a whole: its own message.
    #[error("{0}")]
    Refused(String),
}

impl OptionsError {
    /// The option the error is about, if it is about one.
    pub fn option(&self) -> Option<&str> {
        match self {
            OptionsError::Unknown { option, .. } => Some(option),
            OptionsError::Kind { option, .. }
            | OptionsError::Range { option, .. }
            | OptionsError::Choice { option, .. }
            | OptionsError::Invalid { option, .. } => Some(option),
            OptionsError::Refused(_) => None,
        }
    }
}

/// A game that describes itself: every game crate implements it on its state.
pub trait Described: Game {
    /// The game's description (its `name` is [`Game::NAME`]).
    const DESCRIPTION: &'static GameDescription;

    /// The configuration the checked options ask for. The game's own checks of the
    /// configuration as a whole come after, in [`Described::configure`].
    fn config_from(settings: &Settings) -> Result<Self::Config, OptionsError>;

    /// The configuration these options ask for: checked against the description, made,
    /// and checked by the game (by making its first state).
    fn configure(options: &GameOptions) -> Result<Self::Config, OptionsError> {
        let settings = Self::DESCRIPTION.check(options)?;
        let config = Self::config_from(&settings)?;
        Self::new(&config).map_err(|e| OptionsError::Refused(e.to_string()))?;
        Ok(config)
    }

    /// The figure the standings rank a seat by first, at any point of the game: what a
    /// front end shows as the seat's score ([`GameDescription::score`] says what it is).
    fn score(&self, seat: Seat) -> u32;
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARDS: &[(&str, &str)] = &[("classic", "The front."), ("alternative", "The back.")];

    const GAME: GameDescription = GameDescription {
        name: "toy",
        title: "Toy",
        about: "A toy.",
        min_players: 2,
        max_players: 4,
        default_players: 3,
        options: &[
            OptionSpec {
                name: "board",
                kind: OptionKind::Choice {
                    values: BOARDS,
                    default: "classic",
                },
                help: "The board.",
            },
            OptionSpec {
                name: "fast_mode",
                kind: OptionKind::Flag,
                help: "Quicker.",
            },
            OptionSpec {
                name: "turn_limit",
                kind: OptionKind::Number {
                    min: 1,
                    max: 100,
                    default: 50,
                },
                help: "The last turn.",
            },
            OptionSpec {
                name: "board_text",
                kind: OptionKind::Text { file: "board_file" },
                help: "A board file's text.",
            },
        ],
        score: "points",
        legend: &[],
        examples: &[],
        rules: "toy",
    };

    #[test]
    fn defaults_fill_what_is_not_given() {
        let s = GAME.check(&GameOptions::new()).unwrap();
        assert_eq!(s.players(), 3);
        assert_eq!(s.choice("board"), "classic");
        assert!(!s.flag("fast_mode"));
        assert_eq!(s.number("turn_limit"), 50);
        assert_eq!(s.text("board_text"), None);
    }

    #[test]
    fn given_values_are_taken() {
        let options = GameOptions::new()
            .with_players(4)
            .with("board", "alternative")
            .with("fast_mode", true)
            .with("turn_limit", 100u32)
            .with("board_text", "a board");
        let s = GAME.check(&options).unwrap();
        assert_eq!(s.players(), 4);
        assert_eq!(s.choice("board"), "alternative");
        assert!(s.flag("fast_mode"));
        assert_eq!(s.number("turn_limit"), 100);
        assert_eq!(s.text("board_text"), Some("a board"));
    }

    #[test]
    fn a_value_given_twice_keeps_the_last() {
        let options = GameOptions::new()
            .with("turn_limit", 5u32)
            .with("turn_limit", 7u32);
        assert_eq!(options.iter().count(), 1);
        assert_eq!(GAME.check(&options).unwrap().number("turn_limit"), 7);
    }

    #[test]
    fn every_refusal_names_the_option_and_the_value() {
        let refused = |options: GameOptions| GAME.check(&options).unwrap_err().to_string();
        // The players are the game's to check.
        assert_eq!(
            GAME.check(&GameOptions::new().with_players(9))
                .unwrap()
                .players(),
            9
        );
        assert_eq!(
            refused(GameOptions::new().with("open_piles", true)),
            "`open_piles` is not an option of toy"
        );
        assert_eq!(
            refused(GameOptions::new().with("fast_mode", 1i64)),
            "`fast_mode` takes true or false, not 1"
        );
        assert_eq!(
            refused(GameOptions::new().with("turn_limit", 0i64)),
            "`turn_limit` is 1 to 100, not 0"
        );
        assert_eq!(
            refused(GameOptions::new().with("turn_limit", 101i64)),
            "`turn_limit` is 1 to 100, not 101"
        );
        assert_eq!(
            refused(GameOptions::new().with("turn_limit", -1i64)),
            "`turn_limit` is 1 to 100, not -1"
        );
        assert_eq!(
            refused(GameOptions::new().with("turn_limit", "ten")),
            "`turn_limit` takes a whole number from 1 to 100, not `ten`"
        );
        assert_eq!(
            refused(GameOptions::new().with("board", "round")),
            "`board` is classic or alternative, not `round`"
        );
        assert_eq!(
            refused(GameOptions::new().with("board_text", false)),
            "`board_text` takes a text, not false"
        );
    }

    #[test]
    fn the_first_problem_in_the_order_given_is_reported() {
        let options = GameOptions::new()
            .with("turn_limit", 0i64)
            .with("nothing", true);
        assert_eq!(
            GAME.check(&options).unwrap_err().option(),
            Some("turn_limit")
        );
    }

    #[test]
    fn names_for_each_front_end() {
        let spec = GAME.option("fast_mode").unwrap();
        assert_eq!(spec.flag(), "--fast-mode");
        assert_eq!(spec.camel_case(), "fastMode");
        assert_eq!(camel_case("board"), "board");
        assert_eq!(camel_case("a_b_c"), "aBC");
        assert_eq!(
            GAME.option("turn_limit").unwrap().expects(),
            "a whole number from 1 to 100"
        );
        assert_eq!(
            GAME.option("board").unwrap().default_text().as_deref(),
            Some("classic")
        );
        assert_eq!(GAME.option("board_text").unwrap().default_text(), None);
        assert!(GAME.option("players").is_none());
        assert_eq!(or_list(["a", "b", "c"].into_iter()), "a, b or c");
        assert_eq!(or_list(["a"].into_iter()), "a");
    }
}
