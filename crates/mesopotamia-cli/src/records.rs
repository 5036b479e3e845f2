//! Reading game records from files: a size limit before anything is read, the game named
//! by the record found without building the whole JSON tree, and a plain message when the
//! record is labelled with one game but holds another's configuration.

use std::path::Path;

use mesopotamia_core::{Game, GameRecord};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// Record files above this size are refused before they are read: no game's record comes
/// near it (a 1,000-turn Tigris & Euphrates game writes well under 10 MB).
pub(crate) const MAX_RECORD_BYTES: u64 = 256 << 20;

/// Only the `game` field of a record; the rest is skipped without being kept.
#[derive(Deserialize)]
struct GameName {
    game: Option<String>,
}

/// Only the `config` field of a record, read as one game's configuration.
#[derive(Deserialize)]
struct ConfigOnly<C> {
    #[allow(dead_code)]
    config: C,
}

/// The text of a record file and the game it names.
pub(crate) fn read(path: &Path) -> Result<(String, String), String> {
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
    let name: GameName =
        serde_json::from_str(&text).map_err(|e| named(format!("not a game record: {e}")))?;
    let game = name
        .game
        .ok_or_else(|| named("not a game record: no `game` field".into()))?;
    Ok((game, text))
}

/// The record in `text`, read as a record of `G`; when that fails because the record
/// holds another game's configuration, the error says so.
pub(crate) fn parse<G: Game>(text: &str) -> Result<GameRecord<G>, String>
where
    G::Config: DeserializeOwned,
{
    serde_json::from_str::<GameRecord<G>>(text).map_err(|e| {
        if serde_json::from_str::<ConfigOnly<G::Config>>(text).is_ok() {
            // The configuration is this game's: something else is wrong.
            return format!("not a {} game record: {e}", G::NAME);
        }
        let holds = |name: &str| name != G::NAME;
        let other = if holds("tigris")
            && serde_json::from_str::<ConfigOnly<tigris_euphrates::Config>>(text).is_ok()
        {
            Some("tigris")
        } else if holds("cards")
            && serde_json::from_str::<ConfigOnly<tigris_euphrates_cards::Config>>(text).is_ok()
        {
            Some("cards")
        } else if holds("sumeria")
            && serde_json::from_str::<ConfigOnly<sumeria::Config>>(text).is_ok()
        {
            Some("sumeria")
        } else {
            None
        };
        match other {
            Some(other) => format!(
                "the record is labelled `{}` but holds a `{other}` configuration (a record of another game, or a corrupt label)",
                G::NAME
            ),
            None => format!("not a {} game record: {e}", G::NAME),
        }
    })
}
