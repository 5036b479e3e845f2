//! Records as game texts, read back without loss: [`check_game_texts`].

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::record::GameRecord;

/// Plays `games` seeded random games of `config` (the first from `start` when given, so that
/// a record with a start position is checked too) and checks that each record converts to
/// the game text and back without loss: the record read back equals the record, and its
/// text is the same text. Returns the texts, for the caller to look at or snapshot.
///
/// Panics naming the game and the difference.
pub fn check_game_texts<G, R>(config: &G::Config, games: usize, rng: &mut R) -> Vec<String>
where
    G: mesopotamia_core::cases::CaseGame + mesopotamia_core::record::text::Turns,
    R: Rng,
{
    use mesopotamia_core::record::text;
    let check = |record: &GameRecord<G>, at: &str| -> String {
        let written = text::write(record).unwrap_or_else(|e| panic!("{at}: {e}"));
        let read: GameRecord<G> =
            text::read(&written).unwrap_or_else(|e| panic!("{at}: {e}\n{written}"));
        assert_eq!(
            &read, record,
            "{at}: read back as another record\n{written}"
        );
        assert_eq!(text::write(&read).unwrap(), written, "{at}");
        written
    };
    let mut texts = Vec::new();
    let seats = G::new(config)
        .unwrap_or_else(|_| panic!("a bad configuration"))
        .seat_count();
    for i in 0..games {
        let mut bots = vec![mesopotamia_search::RandomBot; seats];
        let outcome = mesopotamia_search::play_match(config, &mut bots, rng)
            .unwrap_or_else(|e| panic!("game {i}: {}", e.error));
        let mut record = outcome.record.with_seed(i as u64);
        record.bots = vec!["random".to_owned(); seats];
        texts.push(check(&record, &format!("game {i}")));
        // Stopped half-way: no `End` or `Ranks`, and it reads back too.
        let mut half = record.clone();
        half.steps.truncate(record.steps.len() / 2);
        half.end = None;
        let written = check(&half, &format!("game {i}, half"));
        assert!(
            !written.contains("[End ") && !written.contains("[Ranks "),
            "{written}"
        );
        // Played on from where the half stopped, as a record with a start position.
        let start = half.replay_from(G::record_start(&half).unwrap()).unwrap();
        let from = GameRecord::new(config.clone()).with_start(start.position());
        let outcome = mesopotamia_search::play_from(start, from, &mut bots, rng)
            .unwrap_or_else(|e| panic!("game {i}, from its half: {}", e.error));
        let written = check(&outcome.record, &format!("game {i}, from its half"));
        assert!(written.contains("[Start "), "{written}");
    }
    texts
}
