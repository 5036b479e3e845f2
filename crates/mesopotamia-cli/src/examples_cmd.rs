//! `examples [ID]`: the rule examples of every game, listed or shown; `case FILE...`: case
//! files of one's own, with every failing expectation reported.

use std::path::PathBuf;

use mesopotamia::core::cases::{self, Case};
use mesopotamia::games::{self, GameVisitor};
use mesopotamia::table::NamedGame;

/// Every example of every game, from their descriptions: (game, identifier, case file).
pub(crate) fn all() -> Vec<(&'static str, &'static str, &'static str)> {
    games::all()
        .iter()
        .flat_map(|g| g.examples.iter().map(|(id, text)| (g.name, *id, *text)))
        .collect()
}

/// Runs a command's generic body with the type of game `game`.
fn with_game<T>(
    game: &str,
    visitor: impl GameVisitor<Out = Result<T, String>>,
) -> Result<T, String> {
    games::visit(game, visitor).map_err(|e| e.to_string())?
}

/// Plays an example and returns its transcript.
pub(crate) fn transcript(game: &str, id: &str, text: &str) -> Result<String, String> {
    struct Run<'a>(&'a str, &'a str);
    impl GameVisitor for Run<'_> {
        type Out = Result<String, String>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            let case = Case::parse(self.0, self.1).map_err(|e| e.to_string())?;
            let transcript = cases::run::<G>(&case).map_err(|e| e.to_string())?;
            Ok(transcript.to_string())
        }
    }
    with_game(game, Run(id, text))
}

/// An example's picture, drawn by its game: the caption, and each scenario's position
/// before and after, the places its steps changed ringed.
pub(crate) fn picture(game: &str, id: &str) -> Result<String, String> {
    struct Picture<'a>(&'a str);
    impl GameVisitor for Picture<'_> {
        type Out = Result<String, String>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            mesopotamia::core::svg::example_of::<G>(G::DESCRIPTION.examples, self.0)
                .ok_or_else(|| format!("no rule example `{}`", self.0))?
                .map_err(|e| e.to_string())
        }
    }
    with_game(game, Picture(id))
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
    struct Play<'a>(&'a Case);
    impl GameVisitor for Play<'_> {
        type Out = (String, Vec<String>);
        fn visit<G: NamedGame>(self) -> Self::Out {
            let (transcript, failures) = cases::run_all::<G>(self.0);
            let text = transcript.map(|t| t.to_string()).unwrap_or_default();
            (text, failures.iter().map(|e| e.to_string()).collect())
        }
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
        let (transcript, failures) = games::visit(&game, Play(&case)).map_err(|_| {
            format!(
                "{}: the first scenario starts with `{game}`, not a game ({})",
                file.display(),
                crate::or_list(games::all().iter().map(|g| g.name))
            )
        })?;
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
