//! The `mesopotamia` command line.

use clap::{Parser, Subcommand};

/// Play, benchmark and replay games of Tigris & Euphrates, its card game, and Sumeria.
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
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::Games => {
            for game in GAMES {
                println!("{game}");
            }
        }
    }
}

/// The games this build knows, by the name the other commands take.
const GAMES: &[&str] = &[];
