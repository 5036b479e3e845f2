//! Pictures for front ends: a seat's picture shows nothing it may not know, and every rule
//! example of every game runs step by step to the case runner's end.

#![cfg(all(
    feature = "svg",
    feature = "tigris",
    feature = "cards",
    feature = "sumeria"
))]

use mesopotamia::core::{GameOptions, Seat};
use mesopotamia::examples::{self, ExampleError, ExampleScenario};
use mesopotamia::session::Session;
use mesopotamia::table::{BotSpec, NamedGame};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// States a seat cannot tell apart (what it cannot see redrawn) give the same picture of
/// what it sees. `hidden`: whether the game hides anything a redraw changes (Sumeria
/// hides nothing the redraw changes).
fn a_seats_picture_shows_nothing_hidden<G: NamedGame>(hidden: bool) {
    let config = G::configure(&GameOptions::new().with_players(3)).unwrap();
    let mut session = Session::<G>::new(config, 11)
        .unwrap()
        .with_seats(vec![BotSpec::Random; 3])
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut redrawn = 0;
    for _ in 0..200 {
        for _ in 0..5 {
            match session.to_move() {
                mesopotamia::core::ToMove::Chance => {
                    session.sample_chance().unwrap();
                }
                mesopotamia::core::ToMove::Seat(_) => {
                    session.bot_turn().unwrap();
                }
                mesopotamia::core::ToMove::Terminal => break,
            }
        }
        if session.game().is_terminal() {
            break;
        }
        for seat in Seat::all(3) {
            let other = session.game().resample_hidden(seat, &mut rng);
            assert_eq!(
                mesopotamia::pictures::view_svg(session.game(), seat),
                mesopotamia::pictures::view_svg(&other, seat),
                "{}",
                G::NAME
            );
            redrawn += usize::from(session.game() != &other);
        }
    }
    assert_eq!(
        redrawn > 20,
        hidden,
        "{}: {redrawn} states redrawn",
        G::NAME
    );
}

#[test]
fn a_seats_picture_does_not_change_with_what_it_cannot_see() {
    a_seats_picture_shows_nothing_hidden::<mesopotamia::tigris::Tigris>(true);
    a_seats_picture_shows_nothing_hidden::<mesopotamia::cards::Cards>(true);
    a_seats_picture_shows_nothing_hidden::<mesopotamia::sumeria::Sumeria>(false);
}

#[test]
fn every_rule_example_runs_step_by_step_to_the_case_runners_end() {
    for game in mesopotamia::games::all() {
        let list = examples::list(game.name).unwrap();
        assert_eq!(list.len(), game.examples.len(), "{}", game.name);
        for entry in &list {
            assert!(!entry.title.is_empty(), "{}", entry.id);
            let run = examples::run(game.name, &entry.id.to_lowercase())
                .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            assert_eq!(run.id, entry.id);
            assert_eq!(run.title, entry.title);
            assert!(!run.scenarios.is_empty(), "{}", entry.id);
            for scenario in &run.scenarios {
                match scenario {
                    ExampleScenario::Refused { violations, .. } => {
                        assert!(!violations.is_empty(), "{}", entry.id);
                    }
                    ExampleScenario::Played {
                        before,
                        steps,
                        after,
                    } => {
                        let end = steps.last().map_or(before, |s| &s.after);
                        assert_eq!(end.position, after.position, "{}", entry.id);
                        assert!(after.svg.starts_with("<svg"));
                        assert!(steps.iter().all(|s| s.after.svg.starts_with("<svg")));
                    }
                }
            }
            assert!(
                examples::picture(game.name, entry.id)
                    .unwrap()
                    .starts_with("<svg")
            );
            // The same scenarios, each position before and after in a picture of its own,
            // ringed as the docs' picture rings them.
            let panels = examples::panels(game.name, entry.id).unwrap();
            let played: Vec<usize> = run
                .scenarios
                .iter()
                .filter_map(|s| match s {
                    ExampleScenario::Played { steps, .. } => Some(steps.len()),
                    ExampleScenario::Refused { .. } => None,
                })
                .collect();
            let steps: Vec<usize> = panels.iter().map(|p| p.steps.len()).collect();
            assert_eq!(steps, played, "{}", entry.id);
            for panel in &panels {
                assert!(panel.before.starts_with("<svg") && panel.after.starts_with("<svg"));
                assert!(panel.size.0 > 0.0 && panel.size.1 > 0.0);
                assert!(!panel.before.contains(r#"class="moved""#), "{}", entry.id);
            }
            // Every ring of the docs' picture (but its legend's two) is on one of them.
            let rings = |svg: &str| svg.matches("data-place=").count();
            let picture = examples::picture(game.name, entry.id).unwrap();
            assert_eq!(
                panels
                    .iter()
                    .map(|p| rings(&p.before) + rings(&p.after))
                    .sum::<usize>()
                    + 2,
                rings(&picture),
                "{}",
                entry.id
            );
        }
        assert_eq!(
            examples::run(game.name, "NO-SUCH-EXAMPLE").unwrap_err(),
            ExampleError::NoSuchExample {
                game: game.name,
                id: "NO-SUCH-EXAMPLE".into()
            }
        );
        assert!(examples::picture(game.name, "NO-SUCH-EXAMPLE").is_err());
        assert!(examples::panels(game.name, "NO-SUCH-EXAMPLE").is_err());
    }
    assert!(matches!(
        examples::list("chess"),
        Err(ExampleError::Game(_))
    ));
}
