//! `examples [ID]`: the rule examples of every game, listed or shown; `case FILE...`: case
//! files of one's own, with every failing expectation reported.

use std::path::PathBuf;

use mesopotamia_core::cases::{self, Case, CaseGame};

/// Every example of every game: (game, identifier, case file).
pub(crate) fn all() -> Vec<(&'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    for (id, text) in tigris_euphrates::examples::EXAMPLES {
        out.push(("tigris", *id, *text));
    }
    for (id, text) in tigris_euphrates_cards::examples::EXAMPLES {
        out.push(("cards", *id, *text));
    }
    for (id, text) in sumeria::examples::EXAMPLES {
        out.push(("sumeria", *id, *text));
    }
    out
}

/// Plays an example and returns its transcript.
pub(crate) fn transcript(game: &str, id: &str, text: &str) -> Result<String, String> {
    fn run<G: CaseGame>(id: &str, text: &str) -> Result<String, String> {
        let case = Case::parse(id, text).map_err(|e| e.to_string())?;
        let transcript = cases::run::<G>(&case).map_err(|e| e.to_string())?;
        Ok(transcript.to_string())
    }
    match game {
        "tigris" => run::<tigris_euphrates::Tigris>(id, text),
        "cards" => run::<tigris_euphrates_cards::Cards>(id, text),
        "sumeria" => run::<sumeria::Sumeria>(id, text),
        other => Err(format!("no game `{other}`")),
    }
}

/// An example's picture, drawn by its game: the caption, and each scenario's position
/// before and after, the places its steps changed ringed.
pub(crate) fn picture(game: &str, id: &str) -> Result<String, String> {
    let picture = match game {
        "tigris" => tigris_euphrates::svg::example(id),
        "cards" => tigris_euphrates_cards::svg::example(id),
        "sumeria" => sumeria::svg::example(id),
        other => return Err(format!("no game `{other}`")),
    };
    picture
        .ok_or_else(|| format!("no rule example `{id}`"))?
        .map_err(|e| e.to_string())
}

pub(crate) fn run(id: Option<&str>) -> Result<(), String> {
    let all = all();
    let Some(id) = id else {
        // Each identifier, then its title (the case's first sentence).
        let width = all.iter().map(|(_, id, _)| id.len()).max().unwrap_or(0);
        for (_, id, text) in &all {
            let title = Case::parse(id, text)
                .map(|case| case.title())
                .unwrap_or_default();
            say!("{id:width$}  {title}");
        }
        return Ok(());
    };
    let (game, id, text) = all
        .iter()
        .find(|(_, i, _)| i.eq_ignore_ascii_case(id))
        .ok_or_else(|| format!("no rule example `{id}` (`mesopotamia examples` lists them)"))?;
    say_raw!("{}", transcript(game, id, text)?);
    Ok(())
}

/// Plays case files and reports every failure of each; an error if any fails.
pub(crate) fn run_files(files: &[PathBuf]) -> Result<(), String> {
    fn play<G: CaseGame>(case: &Case) -> (String, Vec<String>) {
        let (transcript, failures) = cases::run_all::<G>(case);
        let text = transcript.map(|t| t.to_string()).unwrap_or_default();
        (text, failures.iter().map(|e| e.to_string()).collect())
    }
    let mut failed = 0;
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let id = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let case = Case::parse(&id, &text).map_err(|e| format!("{}: {e}", file.display()))?;
        let game = case
            .scenarios
            .first()
            .and_then(|s| s.start.text().split_whitespace().next())
            .unwrap_or_default()
            .to_owned();
        let (transcript, failures) = match game.as_str() {
            "tigris" => play::<tigris_euphrates::Tigris>(&case),
            "cards" => play::<tigris_euphrates_cards::Cards>(&case),
            "sumeria" => play::<sumeria::Sumeria>(&case),
            other => {
                return Err(format!(
                    "{}: the first scenario starts with `{other}`, not a game (tigris, cards or sumeria)",
                    file.display()
                ));
            }
        };
        say_raw!("{transcript}");
        for failure in &failures {
            say!("FAILED {failure}");
        }
        say!(
            "{}: {} failing expectation(s)\n",
            file.display(),
            failures.len()
        );
        failed += failures.len();
    }
    if failed > 0 {
        return Err(format!("{failed} failing expectation(s)"));
    }
    Ok(())
}
