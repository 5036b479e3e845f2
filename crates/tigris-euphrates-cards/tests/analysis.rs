//! A game record annotated by the search (`mesopotamia_search::analysis`): one judgement per
//! decision, each about the decision it names.

use mesopotamia_core::Step;
use mesopotamia_search::analysis::analyse_record;
use mesopotamia_search::play_match;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config, bots};

#[test]
fn every_decision_of_a_record_is_judged() {
    let config = Config::new(2);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut players = [bots::greedy_bot(), bots::greedy_bot()];
    let record = play_match::<Cards, _, _>(&config, &mut players, &mut rng)
        .unwrap()
        .record;
    let start = Cards::new(config).unwrap();
    let bot = bots::mcts_bot(40);
    let mut seen = 0;
    let results = analyse_record(
        &record,
        start.clone(),
        &bot,
        |seat| seat.index() == 1,
        &mut rng,
        |_| seen += 1,
    )
    .unwrap();
    let decisions: Vec<_> = record
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, Step::Action(seat, _) if seat.index() == 1))
        .collect();
    assert_eq!(results.len(), decisions.len());
    assert_eq!(seen, results.len());
    let mut agreed = 0;
    for (d, (i, step)) in results.iter().zip(&decisions) {
        assert_eq!(d.step, i + 1);
        assert_eq!(Step::Action(d.seat, d.played), **step);
        assert!(d.played_rank >= 1 && d.played_rank <= d.legal, "{d:?}");
        assert_eq!(d.played_rank == 1, d.agrees(), "{d:?}");
        assert!((0.0..=1.0).contains(&d.value) && (0.0..=1.0).contains(&d.best_share));
        if d.legal == 1 {
            assert!(d.agrees());
        }
        agreed += usize::from(d.agrees());
    }
    // The greedy bot and the search agree sometimes, not always.
    assert!(
        agreed > 0 && agreed < results.len(),
        "{agreed} of {}",
        results.len()
    );

    // A record that does not fit its start is refused with the step.
    let mut broken = record.clone();
    broken.steps.swap(0, 40);
    let err = analyse_record(&broken, start, &bot, |_| true, &mut rng, |_| {}).unwrap_err();
    assert!(err.to_string().starts_with("step 1 "), "{err}");
}
