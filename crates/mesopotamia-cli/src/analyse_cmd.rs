//! `analyse`: every decision of a game record judged by the search bot (the core's
//! `analysis::analyse_record`), as text or JSON.

use std::io::IsTerminal;

use mesopotamia::core::Seat;
use mesopotamia::search::analysis::{DecisionAnalysis, analyse_record};
use mesopotamia::table::BotSpec;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::games::CliGame;

pub(crate) fn run(args: &crate::AnalyseArgs) -> Result<(), String> {
    let spec: BotSpec = args
        .bots
        .parse()
        .map_err(|e: mesopotamia::table::BotSpecError| e.to_string())?;
    if !spec.is_search() {
        return Err(format!(
            "--bots {}: the analysis needs a search bot (mcts, mcts:N, mcts:Nms, mcts:Ns, mcts-v1 with the same budgets, or level2 to level5)",
            args.bots
        ));
    }
    let (game, text) = crate::records::read(&args.file)?;
    let named = |e: String| format!("{}: {e}", args.file.display());
    struct Analyse<'a>(&'a crate::AnalyseArgs, BotSpec, &'a str);
    impl mesopotamia::games::GameVisitor for Analyse<'_> {
        type Out = Result<(), String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Self::Out {
            analyse::<G>(self.0, self.1, self.2)
        }
    }
    mesopotamia::games::visit(game, Analyse(args, spec, &text))
        .map_err(|e| e.to_string())
        .and_then(|out| out)
        // A closed pipe (`| head`) is not the file's fault: it ends the command quietly.
        .map_err(|e| if e == crate::CLOSED_PIPE { e } else { named(e) })
}

fn analyse<G: CliGame>(args: &crate::AnalyseArgs, spec: BotSpec, text: &str) -> Result<(), String> {
    let record = crate::records::parse::<G>(text)?;
    let start = G::record_start(&record)?;
    let seats = start.seat_count();
    if let Some(bad) = args.seat.iter().find(|&&s| s >= seats) {
        return Err(format!(
            "--seat {bad}: the game has seats 0 to {}",
            seats - 1
        ));
    }
    let bot = spec.search_bot::<G>().ok_or("not a search bot")?;
    let decisions = record
        .steps
        .iter()
        .filter(|s| match s {
            mesopotamia::core::Step::Action(seat, _) => {
                args.seat.is_empty() || args.seat.contains(&seat.index())
            }
            mesopotamia::core::Step::Chance(_) => false,
        })
        .count();
    let bar = if std::io::stderr().is_terminal() && !args.json {
        let bar = indicatif::ProgressBar::new(decisions as u64);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} decisions, eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let chosen = |seat: Seat| args.seat.is_empty() || args.seat.contains(&seat.index());
    let mut lines = Vec::new();
    let results = analyse_record(&record, start, &bot, chosen, &mut rng, |d| {
        bar.inc(1);
        lines.push(line(d));
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if args.json {
        let json = serde_json::json!({
            "game": G::NAME,
            "bot": spec.to_string(),
            "seed": args.seed,
            "decisions": results,
        });
        say!("{json}");
        return Ok(());
    }
    for l in &lines {
        say!("{l}");
    }
    say!("{}", summary(&results, seats));
    Ok(())
}

/// One decision, in words.
fn line<A: core::fmt::Display + PartialEq>(d: &DecisionAnalysis<A>) -> String {
    let played = match d.played_value {
        Some(v) => format!("{:.0}% of visits, value {v:.2}", d.played_share * 100.0),
        None => "never tried".to_owned(),
    };
    let verdict = if d.agrees() {
        "the search's choice".to_owned()
    } else {
        format!(
            "best {} ({:.0}% of visits, value {:.2})",
            d.best,
            d.best_share * 100.0,
            d.value
        )
    };
    format!(
        "step {:>4} seat {}: {} ranks {} of {} ({played}); {verdict}",
        d.step, d.seat, d.played, d.played_rank, d.legal
    )
}

/// Per seat: how often the played action was the search's choice, and the value given up
/// where the search tried the action played (an action it never tried has no value: a
/// small budget leaves most of a large list untried, which says nothing of the play).
fn summary<A: PartialEq>(results: &[DecisionAnalysis<A>], seats: usize) -> String {
    let mut out = String::from("summary:");
    for seat in 0..seats {
        let mine: Vec<_> = results.iter().filter(|d| d.seat.index() == seat).collect();
        if mine.is_empty() {
            continue;
        }
        let agreed = mine.iter().filter(|d| d.agrees()).count();
        let valued: Vec<f64> = mine
            .iter()
            .filter_map(|d| d.played_value.map(|v| (d.value - v).max(0.0)))
            .collect();
        let untried = mine.len() - valued.len();
        let lost = if valued.is_empty() {
            "no decision with the played action searched".to_owned()
        } else {
            format!(
                "value given up {:.3} a decision on average over the {} whose played action was searched",
                valued.iter().sum::<f64>() / valued.len() as f64,
                valued.len()
            )
        };
        out.push_str(&format!(
            "\n  seat {seat}: {agreed} of {} decisions as the search prefers; {lost}; {untried} played actions never tried",
            mine.len()
        ));
    }
    out
}
