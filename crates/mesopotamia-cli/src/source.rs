//! Reading a game's state from what a command is given: a position file (the full text or
//! the one-line form), a one-line position written on the command line, or a game record
//! (JSON or the game text: its final state). The game is told by the text itself (a position's first word, a
//! record's `game` field), so one command serves every game.

use std::path::Path;

use mesopotamia_core::svg::Drawing;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

use crate::games::CliGame;

/// What to do with the state once read, for whichever game it is.
pub(crate) trait WithState {
    /// What it gives.
    type Out;
    /// Does it.
    fn with<G: CliGame + Drawing>(self, state: G) -> Result<Self::Out, String>
    where
        G::Config: Send + Sync;
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
        fn end<G: CliGame + Drawing, W: WithState>(text: &str, what: W) -> Result<W::Out, String>
        where
            G::Config: Send + Sync,
        {
            let record = crate::records::parse::<G>(text)?;
            what.with(G::replay_record(&record)?)
        }
        return match game {
            mesopotamia::table::GameName::Tigris => end::<Tigris, W>(&text, what),
            mesopotamia::table::GameName::Cards => end::<Cards, W>(&text, what),
            mesopotamia::table::GameName::Sumeria => end::<Sumeria, W>(&text, what),
        }
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
    fn read<G: CliGame + Drawing, W: WithState>(text: &str, what: W) -> Result<W::Out, String>
    where
        G::Config: Send + Sync,
    {
        what.with(G::from_position(text)?)
    }
    match first.split_whitespace().next() {
        Some("tigris") => read::<Tigris, W>(text, what),
        Some("cards") => read::<Cards, W>(text, what),
        Some("sumeria") => read::<Sumeria, W>(text, what),
        _ => Err(
            "neither a position (first line `tigris ...`, `cards ...` or `sumeria ...`) nor a game record".into(),
        ),
    }
}
