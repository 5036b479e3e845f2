//! `examples [ID]`: the rule examples of every game, listed or shown.

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

/// Plays an example and returns its transcript and the final state's picture.
pub(crate) fn transcript(game: &str, id: &str, text: &str) -> Result<(String, String), String> {
    fn run<G: CaseGame + crate::render::Render>(
        id: &str,
        text: &str,
    ) -> Result<(String, String), String> {
        let case = Case::parse(id, text).map_err(|e| e.to_string())?;
        let transcript = cases::run::<G>(&case).map_err(|e| e.to_string())?;
        let picture = transcript
            .scenarios
            .first()
            .map(|s| s.after.svg())
            .unwrap_or_default();
        Ok((transcript.to_string(), picture))
    }
    match game {
        "tigris" => run::<tigris_euphrates::Tigris>(id, text),
        "cards" => run::<tigris_euphrates_cards::Cards>(id, text),
        "sumeria" => run::<sumeria::Sumeria>(id, text),
        other => Err(format!("no game `{other}`")),
    }
}

pub(crate) fn run(id: Option<&str>) -> Result<(), String> {
    let all = all();
    let Some(id) = id else {
        for (_, id, _) in &all {
            say!("{id}");
        }
        return Ok(());
    };
    let (game, id, text) = all
        .iter()
        .find(|(_, i, _)| i.eq_ignore_ascii_case(id))
        .ok_or_else(|| format!("no rule example `{id}` (`mesopotamia examples` lists them)"))?;
    let (transcript, _) = transcript(game, id, text)?;
    say_raw!("{transcript}");
    Ok(())
}
