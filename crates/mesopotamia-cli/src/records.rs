//! Reading game records from files: a size limit before anything is read, then the
//! library's reader (`mesopotamia::table`), which finds the game named by the record
//! without building the whole JSON tree and says plainly when a record is labelled with
//! one game but holds another's configuration.

use std::path::Path;

use mesopotamia::table::{self, GameName, NamedGame};
use mesopotamia_core::__serde::de::DeserializeOwned;
use mesopotamia_core::GameRecord;

/// Record files above this size are refused before they are read: no game's record comes
/// near it (a 1,000-turn Tigris & Euphrates game writes well under 10 MB).
pub(crate) const MAX_RECORD_BYTES: u64 = 256 << 20;

/// The text of a record file and the game it names.
pub(crate) fn read(path: &Path) -> Result<(GameName, String), String> {
    let named = |e: String| format!("{}: {e}", path.display());
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size > MAX_RECORD_BYTES {
        return Err(named(format!(
            "{size} bytes: records above {MAX_RECORD_BYTES} bytes (256 MiB) are refused"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let game = table::record_game(&text).map_err(|e| named(e.to_string()))?;
    Ok((game, text))
}

/// The record in `text`, read as a record of `G`; when that fails because the record
/// holds another game's configuration, the error says so.
pub(crate) fn parse<G: NamedGame>(text: &str) -> Result<GameRecord<G>, String>
where
    G::Config: DeserializeOwned,
{
    table::read_record::<G>(text).map_err(|e| e.to_string())
}
