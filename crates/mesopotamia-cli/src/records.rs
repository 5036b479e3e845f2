//! Reading game records from files, as JSON or as the game text: a size limit before
//! anything is read, then the libraries' readers (`mesopotamia::table` for JSON, which finds
//! the game named by the record without building the whole JSON tree and says plainly when a
//! record is labelled with one game but holds another's configuration; the core's
//! `record::text` for the game text).

use std::path::Path;

use mesopotamia::core::GameRecord;
use mesopotamia::core::record::text;
use mesopotamia::table::{self, NamedGame};

/// Record files above this size are refused before they are read: no game's record comes
/// near it (a 1,000-turn Tigris & Euphrates game writes well under 10 MB).
const MAX_RECORD_BYTES: u64 = 256 << 20;

/// The text of a position or record file, refused by its size before it is read.
pub(crate) fn read_text(path: &Path) -> Result<String, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size > MAX_RECORD_BYTES {
        return Err(format!(
            "{}: {size} bytes: positions and records above {MAX_RECORD_BYTES} bytes (256 MiB) are refused",
            path.display()
        ));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Whether a file's text is a game record (JSON, or the game text) rather than a position.
pub(crate) fn is_record(text: &str) -> bool {
    text.trim_start().starts_with('{') || text::is_game_text(text)
}

/// The text of a record file and the game it names.
pub(crate) fn read(path: &Path) -> Result<(&'static str, String), String> {
    let text = read_text(path)?;
    let game = game_of(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((game, text))
}

/// The game a record names, in either form.
pub(crate) fn game_of(text: &str) -> Result<&'static str, String> {
    if text::is_game_text(text) {
        let name = text::game_of(text).ok_or("a game text without a `Game` header")?;
        return mesopotamia::games::find(&name)
            .map(|g| g.name)
            .map_err(|e| e.to_string());
    }
    table::record_game(text)
        .map(|g| g.name)
        .map_err(|e| e.to_string())
}

/// The record in `text` (JSON or the game text), read as a record of `G`; when that fails
/// because the record holds another game's configuration, the error says so.
pub(crate) fn parse<G: NamedGame>(text: &str) -> Result<GameRecord<G>, String> {
    if text::is_game_text(text) {
        return text::read::<G>(text).map_err(|e| e.to_string());
    }
    table::read_record::<G>(text).map_err(|e| e.to_string())
}
