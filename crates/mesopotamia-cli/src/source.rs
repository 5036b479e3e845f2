//! Reading a game's state from what a command is given: a position file (the full text or
//! the one-line form), a one-line position written on the command line, or a game record
//! (JSON or the game text: its final state). The game is told by the text itself (a position's first word, a
//! record's `game` field), so one command serves every game.

use std::path::Path;

use mesopotamia::games::{self, GameVisitor};

use crate::games::CliGame;

/// What to do with the state once read, for whichever game it is.
pub(crate) trait WithState {
    /// What it gives.
    type Out;
    /// Does it.
    fn with<G: CliGame>(self, state: G) -> Result<Self::Out, String>;
}

/// Whether `arg` is a one-line position rather than a file's name: no such file, and the
/// one-line form's separator in it.
pub(crate) fn one_line_argument(arg: &Path) -> Option<&str> {
    let text = arg.to_str()?;
    (!arg.exists() && text.contains(" | ")).then_some(text)
}

/// Reads the state `source` names (a file, or a one-line position) and hands it to `what`.
pub(crate) fn with_state<W: WithState>(source: &Path, what: W) -> Result<W::Out, String> {
    if let Some(line) = one_line_argument(source) {
        return with_position(line, what).map_err(|e| format!("the one-line position: {e}"));
    }
    let named = |e: String| format!("{}: {e}", source.display());
    let text = crate::records::read_text(source)?;
    if crate::records::is_record(&text) {
        let game = crate::records::game_of(&text).map_err(named)?;
        struct End<'a, W>(&'a str, W);
        impl<W: WithState> GameVisitor for End<'_, W> {
            type Out = Result<W::Out, String>;
            fn visit<G: mesopotamia::table::NamedGame>(self) -> Self::Out {
                let record = crate::records::parse::<G>(self.0)?;
                self.1.with(G::replay_record(&record)?)
            }
        }
        return games::visit(game, End(&text, what))
            .map_err(|e| e.to_string())
            .and_then(|out| out)
            .map_err(named);
    }
    with_position(&text, what).map_err(named)
}

/// Reads a position text of any game (either form), told by its first word.
fn with_position<W: WithState>(text: &str, what: W) -> Result<W::Out, String> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    // Each game reads its own position format (the one its rule examples use).
    struct Read<'a, W>(&'a str, W);
    impl<W: WithState> GameVisitor for Read<'_, W> {
        type Out = Result<W::Out, String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Self::Out {
            self.1.with(G::from_position(self.0)?)
        }
    }
    let word = first.split_whitespace().next().unwrap_or_default();
    match games::visit(word, Read(text, what)) {
        Ok(out) => out,
        Err(_) => {
            let names: Vec<String> = games::all()
                .iter()
                .map(|g| format!("`{} ...`", g.name))
                .collect();
            Err(format!(
                "neither a position (first line {}) nor a game record",
                crate::or_list(names.iter().map(String::as_str))
            ))
        }
    }
}
