//! `render`: an SVG picture of a position, a record's end or a rule example. The games
//! draw (their `svg` modules); this reads the files and writes the pictures.

use mesopotamia::core::svg::{self, Options};

/// The picture of a position (a file, or a one-line position) or a game record's final
/// position.
fn picture_of_file(path: &std::path::Path) -> Result<String, String> {
    struct Picture;
    impl crate::source::WithState for Picture {
        type Out = String;
        fn with<G: crate::games::CliGame>(self, state: G) -> Result<String, String> {
            Ok(svg::position(&state, &Options::default()))
        }
    }
    crate::source::with_state(path, Picture)
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
