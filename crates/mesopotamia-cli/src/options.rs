//! The game options on the command line, made from the games' descriptions: one flag per
//! option name any game has (`--english-variant`, `--turn-limit TURNS`, `--board-file
//! PATH`), and `--players`. Which game takes which is checked against the chosen game's
//! description, and an option of another game is named as such.

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use mesopotamia::core::describe::{GameDescription, OptionKind, OptionSpec, OptionsError};
use mesopotamia::core::{GameOptions, describe::OptionValue};

/// The options given on the command line, as given (checked when a game reads them).
#[derive(Clone, Debug, Default)]
pub(crate) struct GameOptionArgs {
    /// Players, if given.
    pub(crate) players: Option<u8>,
    /// Each option given: its spec (the first game's of that name) and its value as typed.
    given: Vec<(&'static OptionSpec, Given)>,
}

/// A value as the command line gives it.
#[derive(Clone, Debug)]
enum Given {
    /// A flag, present.
    On,
    /// A value (a number, a choice's name, a file's path).
    Value(String),
}

/// Every option of every game, once by name, in the games' order.
fn every_option() -> Vec<&'static OptionSpec> {
    let mut specs: Vec<&'static OptionSpec> = Vec::new();
    for game in mesopotamia::games::all() {
        for spec in game.options {
            if !specs.iter().any(|s| s.name == spec.name) {
                specs.push(spec);
            }
        }
    }
    specs
}

/// The games that take the option, `tigris and cards`.
fn games_of(name: &str) -> String {
    let names: Vec<&str> = mesopotamia::games::with_option(name)
        .map(|g| g.name)
        .collect();
    names.join(" and ")
}

/// The option's name on the command line: the file's name for a text given by file.
fn cli_name(spec: &OptionSpec) -> &'static str {
    match spec.kind {
        OptionKind::Text { file } => file,
        _ => spec.name,
    }
}

fn id(spec: &OptionSpec) -> &'static str {
    cli_name(spec)
}

impl Args for GameOptionArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd.arg(
            Arg::new("players")
                .long("players")
                .value_parser(clap::value_parser!(u8))
                .help(players_help()),
        );
        for spec in every_option() {
            let long = cli_name(spec).replace('_', "-");
            let help = format!("{}: {}", title_of(spec.name), spec.help);
            let arg = Arg::new(id(spec)).long(long).help(help);
            cmd = cmd.arg(match spec.kind {
                OptionKind::Flag => arg.action(ArgAction::SetTrue),
                OptionKind::Number { default, .. } => arg
                    .value_name("N")
                    .value_parser(clap::value_parser!(u32))
                    .help(format!(
                        "{}: {} ({}, {default} when not given)",
                        title_of(spec.name),
                        spec.help,
                        spec.expects()
                    )),
                OptionKind::Choice { values, .. } => {
                    arg.value_parser(clap::builder::PossibleValuesParser::new(
                        values
                            .iter()
                            .map(|(v, help)| clap::builder::PossibleValue::new(*v).help(*help)),
                    ))
                }
                OptionKind::Text { .. } => arg
                    .value_name("PATH")
                    .value_parser(clap::value_parser!(std::path::PathBuf)),
            });
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        GameOptionArgs::augment_args(cmd)
    }
}

/// `Tigris & Euphrates and the card game`: the titles of the games that take the option.
fn title_of(name: &str) -> String {
    let titles: Vec<&str> = mesopotamia::games::with_option(name)
        .map(|g| g.title)
        .collect();
    titles.join(" and ")
}

fn players_help() -> String {
    let ranges: Vec<String> = mesopotamia::games::all()
        .iter()
        .map(|g| {
            format!(
                "{} {} to {}, {} by default",
                g.name, g.min_players, g.max_players, g.default_players
            )
        })
        .collect();
    format!("Number of players ({})", ranges.join("; "))
}

impl FromArgMatches for GameOptionArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut out = GameOptionArgs {
            players: matches.get_one::<u8>("players").copied(),
            given: Vec::new(),
        };
        for spec in every_option() {
            let given = match spec.kind {
                OptionKind::Flag => matches.get_flag(id(spec)).then_some(Given::On),
                OptionKind::Text { .. } => matches
                    .get_one::<std::path::PathBuf>(id(spec))
                    .map(|p| Given::Value(p.display().to_string())),
                OptionKind::Number { .. } => matches
                    .get_one::<u32>(id(spec))
                    .map(|n| Given::Value(n.to_string())),
                _ => matches
                    .get_one::<String>(id(spec))
                    .map(|v| Given::Value(v.clone())),
            };
            if let Some(given) = given {
                out.given.push((spec, given));
            }
        }
        Ok(out)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = GameOptionArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl GameOptionArgs {
    /// Whether any option was given (a `--from` file brings its own configuration).
    pub(crate) fn any_given(&self) -> bool {
        self.players.is_some() || !self.given.is_empty()
    }

    /// The options for `game`, read and checked: an option of another game is refused,
    /// naming the games that take it; a board file is read.
    pub(crate) fn for_game(&self, game: &GameDescription) -> Result<GameOptions, String> {
        let mut options = GameOptions::new();
        options.players = self.players;
        for (spec, given) in &self.given {
            let flag = format!("--{}", cli_name(spec).replace('_', "-"));
            let Some(own) = game.option(spec.name) else {
                return Err(format!(
                    "{flag} is an option of {}, not of {}",
                    games_of(spec.name),
                    game.name
                ));
            };
            let value = match (own.kind, given) {
                (OptionKind::Flag, _) => OptionValue::Bool(true),
                (OptionKind::Number { .. }, Given::Value(text)) => OptionValue::Int(
                    text.trim()
                        .parse()
                        .map_err(|_| format!("{flag} takes {}, not `{text}`", own.expects()))?,
                ),
                (OptionKind::Text { .. }, Given::Value(path)) => OptionValue::Text(
                    std::fs::read_to_string(path)
                        .map_err(|e| format!("{flag}: cannot read {path}: {e}"))?,
                ),
                (_, Given::Value(text)) => OptionValue::Text(text.clone()),
                (_, Given::On) => OptionValue::Bool(true),
            };
            options.set(own.name, value);
        }
        Ok(options)
    }
}

/// A refusal of the options in the command line's words: options by their flags.
pub(crate) fn message(error: &OptionsError) -> String {
    let text = error.to_string();
    match error.option() {
        Some(option) => {
            let spec = mesopotamia::games::all()
                .iter()
                .find_map(|g| g.option(option));
            let flag = format!(
                "--{}",
                spec.map_or(option, |s| cli_name(s)).replace('_', "-")
            );
            text.replacen(&format!("`{option}`"), &flag, 1)
        }
        None => text,
    }
}
