//! Game records from any bytes: reading one gives a record or an error, and replaying a
//! record that was read gives a state or an error naming the step; never a panic, and a
//! replayed state that claims an end has standings. The first byte picks the game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Game, GameRecord};
use serde::de::DeserializeOwned;

fn replay<G: Game>(bytes: &[u8])
where
    G::Config: DeserializeOwned + serde::Serialize,
{
    let Ok(record) = serde_json::from_slice::<GameRecord<G>>(bytes) else {
        return;
    };
    if let Ok(state) = record.replay() {
        if record.end.is_some() {
            assert!(
                state.standings().is_some(),
                "a finished record without standings"
            );
        }
        let again = serde_json::to_vec(&record).expect("a record serializes");
        let back: GameRecord<G> = serde_json::from_slice(&again).expect("a written record reads");
        assert_eq!(back, record, "record round trip");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else {
        return;
    };
    match game % 3 {
        0 => replay::<tigris_euphrates::Tigris>(rest),
        1 => replay::<tigris_euphrates_cards::Cards>(rest),
        _ => replay::<sumeria::Sumeria>(rest),
    }
});
