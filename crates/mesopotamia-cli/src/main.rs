//! The `mesopotamia` command line.

/// Writes a line to standard output; a closed pipe (`| head`) ends the command quietly.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(crate::output_error)?
    }};
}

/// Writes to standard output without a newline.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*).map_err(crate::output_error)?
    }};
}

mod analyse_cmd;
mod bench;
mod examples_cmd;
mod games;
mod options;
mod perft_cmd;
mod play;
mod records;
mod render;
mod simulate;
mod source;
mod term;

/// The message for output that could not be written because the reader went away.
const CLOSED_PIPE: &str = "standard output closed";

fn output_error(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CLOSED_PIPE.to_owned()
    } else {
        format!("cannot write the output: {e}")
    }
}

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mesopotamia::games::GameVisitor;

use crate::games::CliGame;
use crate::options::GameOptionArgs;

/// Play, simulate, benchmark and replay games of Tigris & Euphrates, its card game and
/// Sumeria; show and draw their rule examples.
#[derive(Debug, Parser)]
#[command(name = "mesopotamia", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the games this build can play.
    Games,
    /// Play a whole game: bots against each other (each turn printed at the end), or people
    /// at the terminal against bots (`--human SEAT`). Prints the final position and standings.
    Play(PlayArgs),
    /// Many games between bots on all cores: win rates with 95% intervals, mean scores,
    /// game lengths.
    Simulate(SimulateArgs),
    /// Random playouts on one thread through the games' fast paths (games/s, decisions/s, ns
    /// per decision, CPU time), then legal-list generations/s, the mean legal list and the
    /// clone time on a fixed set of positions.
    Bench(BenchArgs),
    /// Count the game tree: the histories of 1 to N steps (every legal action and every
    /// distinct chance outcome is a step), one line per depth with its time; with
    /// `--divide`, the count under each first step.
    Perft(PerftArgs),
    /// Validate a game record, then print the final position and standings.
    Replay {
        /// A game record (JSON or the game text) written by `play --record`.
        file: PathBuf,
    },
    /// List the rule examples, or show one: its source, the position before, the steps
    /// with their events and the facts checked, the position after.
    Examples {
        /// The example to show (`mesopotamia examples` lists them).
        id: Option<String>,
    },
    /// Write an SVG picture of a position: from a position file or the end of a game
    /// record; for a rule example, its positions before and after its steps.
    Render(RenderArgs),
    /// Print a position in the game's position format, or on one line with `--compact`:
    /// from a position file (either form), a one-line position given as the argument, or
    /// the final state of a game record.
    Position {
        /// A position file, a one-line position (quoted), or a game record (JSON or the game
        /// text).
        source: PathBuf,
        /// Print the one-line form (parts joined by ` | `).
        #[arg(long)]
        compact: bool,
    },
    /// Convert a game record between JSON and the game text (one turn a line, as PGN is for
    /// chess; see docs/formats.md): prints the other form, or the one `--to` names.
    Convert {
        /// A game record, as JSON or as the game text.
        file: PathBuf,
        /// The form to print (default: the other one).
        #[arg(long, value_enum)]
        to: Option<RecordForm>,
    },
    /// Judge every decision of a game record with the search bot, as a chess engine
    /// annotates a game: its preferred action, its value estimate for the seat, and where
    /// the action played ranks.
    Analyse(AnalyseArgs),
    /// Play case files of your own (the rule examples' format, any game): print each
    /// transcript and every expectation that fails, not only the first; exit status 1 if
    /// any fails.
    Case {
        /// Case files (`.case`); the game is read from the first scenario's first line.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["file", "example", "examples_dir"])))]
struct RenderArgs {
    /// A position (any game's position format, in full or on one line, in a file or quoted
    /// as the argument) or a game record (JSON or the game text).
    file: Option<PathBuf>,
    /// The rule example to draw: its positions before and after its steps.
    #[arg(long)]
    example: Option<String>,
    /// Write `ID.svg` for every rule example into this folder.
    #[arg(long, value_name = "DIR")]
    examples_dir: Option<PathBuf>,
    /// With `--examples-dir`: write nothing, fail if a picture there is missing or stale.
    #[arg(long, requires = "examples_dir")]
    check: bool,
    /// Where to write the SVG (default: standard output).
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// The two forms of a game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum RecordForm {
    /// The JSON record.
    Json,
    /// The game text.
    Text,
}

/// The games' names, for clap: each game's name, with its title as help.
fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        mesopotamia::games::all()
            .iter()
            .map(|g| clap::builder::PossibleValue::new(g.name).help(g.title)),
    )
}

#[derive(Debug, Args)]
struct AnalyseArgs {
    /// A game record (JSON or the game text).
    file: PathBuf,
    /// The search bot that judges (`mcts`, `mcts:ITERATIONS`, `mcts:MILLISECONDSms`,
    /// `mcts:SECONDSs`, the first search bot `mcts-v1` with the same budgets, or `level2` to
    /// `level5`; default: the game's default budget).
    #[arg(long, default_value = "mcts")]
    bots: String,
    /// Only this seat's decisions (repeat for several; default: every seat).
    #[arg(long)]
    seat: Vec<usize>,
    /// Seed of the search's randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object on one line.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The game.
    #[arg(value_parser = game_names())]
    game: String,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Seed of the game's randomness (draws and bots).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write the game record to this file: at the end, on `quit`, or when the game stops
    /// early. JSON, or the game text for a file named `.txt` or holding a game text. With `--from RECORD` the default is that record's own file, which goes
    /// on growing; give another file to keep the original as it was.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Continue a game: a game record (JSON or the game text, written by `--record`) or a
    /// position (a file in the game's position format, in full or on one line, or a one-line
    /// position quoted as the argument), with its configuration (game options are refused).
    /// A record continues with its seats: the same people (`person` in its `bots`) and the
    /// same bots, unless `--human` or `--bots` say otherwise.
    #[arg(long, value_name = "RECORD|POSITION")]
    from: Option<PathBuf>,
    /// A seat played by a person at the terminal (repeat for several), or `none` (with
    /// `--from`: bots in every seat). At the prompt: an action in any letter case, `?` for
    /// the legal actions and the legend of the board's symbols, `hint`, `undo` (against
    /// bots), `quit`.
    #[arg(long = "human", value_name = "SEAT", value_parser = parse_human)]
    human: Vec<HumanSeat>,
    /// The bots: one name for every seat, or one per seat, such as `greedy,random,random`
    /// (`random`, `greedy`, `level1` to `level5`, `mcts`, `mcts:ITERATIONS`,
    /// `mcts:MILLISECONDSms`, `mcts:SECONDSs`, the first search bot `mcts-v1` with the same
    /// budgets; default random, or a continued record's). Human seats ignore theirs.
    #[arg(long)]
    bots: Option<String>,
    /// Print the legend of the game's board symbols (as positions and the table write them)
    /// and stop.
    #[arg(long)]
    legend: bool,
}

/// A `--human` seat, or `none` (no person at all).
#[derive(Clone, Copy, Debug)]
struct HumanSeat(Option<usize>);

fn parse_human(text: &str) -> Result<HumanSeat, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(HumanSeat(None));
    }
    text.parse()
        .map(|seat| HumanSeat(Some(seat)))
        .map_err(|_| format!("`{text}` is not a seat: a seat number from 0, or `none`"))
}

#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game.
    #[arg(value_parser = game_names())]
    game: String,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// One bot per seat, such as `greedy,random,random,random` or
    /// `mcts:50ms-cpu,mcts-v1:50ms-cpu` (or one name for all): `random`, `greedy`, `level1`
    /// to `level5`, `mcts`, `mcts:ITERATIONS`, `mcts:MILLISECONDSms`, `mcts:SECONDSs`,
    /// `mcts:MILLISECONDSms-cpu` (CPU time of the deciding thread: what compares two bots
    /// fairly on a busy machine), and the first search bot `mcts-v1` with the same budgets.
    #[arg(long)]
    bots: String,
    /// Worker threads (default: every core). The figures do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep each bot in its seat instead of moving them round the table every game.
    #[arg(long)]
    fixed_seats: bool,
    /// Print one JSON object on one line.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// The game.
    #[arg(value_parser = game_names())]
    game: String,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also time the search bots (`--bots mcts`, and the baseline `mcts-v1`) on 10 of the
    /// fixed positions: iterations/s and seconds per decision, one thread.
    #[arg(long)]
    mcts: bool,
    /// Print one JSON object on one line.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PerftArgs {
    /// The game.
    #[arg(value_parser = game_names())]
    game: String,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Count from a position (a file in the game's position format, in full or on one line,
    /// or a one-line position quoted as the argument) or a game record (JSON or the game
    /// text: its last state), with its configuration (game options are refused); from the
    /// game's start when not given.
    #[arg(long, value_name = "POSITION|RECORD")]
    from: Option<PathBuf>,
    /// The depth: steps per history, 1 to 20.
    #[arg(long)]
    depth: u32,
    /// Only the last depth, split by first step: one line per action (or chance outcome) in
    /// notation with its count, then the total.
    #[arg(long)]
    divide: bool,
    /// Print one JSON object on one line.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games => list_games(),
        Command::Play(args) => play(&args),
        Command::Simulate(args) => simulate(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Replay { file } => replay(&file),
        Command::Examples { id } => examples_cmd::run(id.as_deref()),
        Command::Render(args) => render::run(&args),
        Command::Case { files } => examples_cmd::run_files(&files),
        Command::Position { source, compact } => print_position(&source, compact),
        Command::Convert { file, to } => convert(&file, to),
        Command::Analyse(args) => analyse_cmd::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) if message == CLOSED_PIPE => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn or_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn list_games() -> Result<(), String> {
    for game in mesopotamia::games::all() {
        say!("{}", game.name);
    }
    Ok(())
}

/// Runs a command's generic body with the type of the game it names.
fn with_game<V: GameVisitor<Out = Result<(), String>>>(
    name: &str,
    command: V,
) -> Result<(), String> {
    mesopotamia::games::visit(name, command).map_err(|e| e.to_string())?
}

fn play(args: &PlayArgs) -> Result<(), String> {
    struct Play<'a>(&'a PlayArgs);
    impl GameVisitor for Play<'_> {
        type Out = Result<(), String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Result<(), String> {
            play::run::<G>(self.0)
        }
    }
    with_game(&args.game, Play(args))
}

fn simulate(args: &SimulateArgs) -> Result<(), String> {
    struct Simulate<'a>(&'a SimulateArgs);
    impl GameVisitor for Simulate<'_> {
        type Out = Result<(), String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Result<(), String> {
            simulate::run::<G>(self.0)
        }
    }
    with_game(&args.game, Simulate(args))
}

/// `convert`: a record in the other form (or the one asked for).
fn convert(file: &std::path::Path, to: Option<RecordForm>) -> Result<(), String> {
    let (game, text) = records::read(file)?;
    let to = to.unwrap_or(if mesopotamia::core::record::text::is_game_text(&text) {
        RecordForm::Json
    } else {
        RecordForm::Text
    });
    struct Other<'a>(&'a str, RecordForm);
    impl GameVisitor for Other<'_> {
        type Out = Result<String, String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Result<String, String> {
            let record = records::parse::<G>(self.0)?;
            match self.1 {
                RecordForm::Json => mesopotamia::table::write_record(&record)
                    .map(|json| format!("{json}\n"))
                    .map_err(|e| e.to_string()),
                RecordForm::Text => {
                    mesopotamia::core::record::text::write(&record).map_err(|e| e.to_string())
                }
            }
        }
    }
    let out = mesopotamia::games::visit(game, Other(&text, to))
        .map_err(|e| e.to_string())
        .and_then(|out| out)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    say_raw!("{out}");
    Ok(())
}

/// `position`: the state a source holds, as its game's position text.
fn print_position(source: &std::path::Path, compact: bool) -> Result<(), String> {
    struct Text(bool);
    impl source::WithState for Text {
        type Out = String;
        fn with<G: CliGame>(self, state: G) -> Result<String, String> {
            use mesopotamia::core::Setup as _;
            let position = <G as mesopotamia::core::cases::CaseGame>::Position::from_game(&state);
            Ok(if self.0 {
                format!("{}\n", position.to_one_line())
            } else {
                position.to_string()
            })
        }
    }
    let text = source::with_state(source, Text(compact))?;
    say_raw!("{text}");
    Ok(())
}

/// `replay`: the record checked step by step, then its final position and standings.
fn replay(file: &std::path::Path) -> Result<(), String> {
    let (game, text) = records::read(file)?;
    struct Replay<'a>(&'a str);
    impl GameVisitor for Replay<'_> {
        type Out = Result<(), String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Result<(), String> {
            let record = records::parse::<G>(self.0)?;
            let state = G::replay_record(&record)?;
            crate::games::print_end(&state)
        }
    }
    mesopotamia::games::visit(game, Replay(&text))
        .map_err(|e| e.to_string())
        .and_then(|out| out)
        .map_err(|e| {
            if e == CLOSED_PIPE {
                e
            } else {
                format!("{}: {e}", file.display())
            }
        })
}
