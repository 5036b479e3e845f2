//! `render`: an SVG picture of a position, a record's end or a rule example. The games
//! draw (their `svg` modules); this reads the files and writes the pictures.

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::svg::{self, Drawing, Options};
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

/// The picture of a position text or a game record's final position.
fn picture_of_file(path: &std::path::Path) -> Result<String, String> {
    let named = |e: String| format!("{}: {e}", path.display());
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size > crate::records::MAX_RECORD_BYTES {
        return Err(named(format!(
            "{size} bytes: too large for a position or a record"
        )));
    }
    let peek = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if peek.trim_ascii_start().starts_with(b"{") {
        drop(peek);
        let (game, text) = crate::records::read(path)?;
        fn end<G: mesopotamia::table::NamedGame + CaseGame + Drawing>(
            text: &str,
        ) -> Result<String, String>
        where
            G::Config: serde::de::DeserializeOwned,
        {
            let record = crate::records::parse::<G>(text)?;
            let state = G::replay_record(&record)?;
            Ok(svg::position(&state, &Options::default()))
        }
        return match game {
            mesopotamia::table::GameName::Tigris => end::<Tigris>(&text),
            mesopotamia::table::GameName::Cards => end::<Cards>(&text),
            mesopotamia::table::GameName::Sumeria => end::<Sumeria>(&text),
        }
        .map_err(named);
    }
    let text = String::from_utf8(peek).map_err(|e| named(format!("not text: {e}")))?;
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    // Each game reads its own position format (the one its rule examples use).
    fn picture<G: CaseGame + Drawing>(text: &str) -> Result<String, String> {
        Ok(svg::position(&G::from_position(text)?, &Options::default()))
    }
    match first.split_whitespace().next() {
        Some("tigris") => picture::<Tigris>(&text),
        Some("cards") => picture::<Cards>(&text),
        Some("sumeria") => picture::<Sumeria>(&text),
        _ => Err(
            "neither a position (first line `tigris ...`, `cards ...` or `sumeria ...`) nor a game record".into(),
        ),
    }
    .map_err(named)
}

pub(crate) fn run(args: &crate::RenderArgs) -> Result<(), String> {
    if let Some(dir) = &args.examples_dir {
        return examples_dir(dir, args.check);
    }
    let svg = if let Some(id) = &args.example {
        let all = crate::examples_cmd::all();
        let (game, id, _) = all
            .iter()
            .find(|(_, i, _)| i.eq_ignore_ascii_case(id))
            .ok_or_else(|| format!("no rule example `{id}` (`mesopotamia examples` lists them)"))?;
        crate::examples_cmd::picture(game, id)?
    } else if let Some(file) = &args.file {
        picture_of_file(file)?
    } else {
        return Err("give a file, --example ID or --examples-dir DIR".into());
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            say_raw!("{svg}");
            Ok(())
        }
    }
}

/// Writes (or with `check`, compares) `DIR/ID.svg` for every rule example.
fn examples_dir(dir: &std::path::Path, check: bool) -> Result<(), String> {
    if !check {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut stale = Vec::new();
    for (game, id, _) in crate::examples_cmd::all() {
        let svg = crate::examples_cmd::picture(game, id)?;
        let path = dir.join(format!("{id}.svg"));
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
                stale.push(path.display().to_string());
            }
        } else {
            std::fs::write(&path, svg)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} pictures are missing or stale (run `mesopotamia render --examples-dir {}`): {}",
            stale.len(),
            dir.display(),
            stale.join(", ")
        ))
    }
}
