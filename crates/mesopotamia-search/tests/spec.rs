//! Bot specs: every form parses and prints back as given; a bad one is refused with the
//! reason.

use core::time::Duration;

use mesopotamia_search::{BotSpec, BotSpecError, Budget};

fn spec(text: &str) -> Result<BotSpec, BotSpecError> {
    text.parse()
}

#[test]
fn every_bot_spec_form_parses_and_prints_back() {
    let cases = [
        ("person", BotSpec::Person, "person"),
        ("random", BotSpec::Random, "random"),
        ("greedy", BotSpec::Greedy, "greedy"),
        (" Greedy ", BotSpec::Greedy, "greedy"),
        ("mcts", BotSpec::Mcts(Budget::Default), "mcts"),
        (
            "MCTS:2000",
            BotSpec::Mcts(Budget::Iterations(2000)),
            "mcts:2000",
        ),
        ("mcts:1", BotSpec::Mcts(Budget::Iterations(1)), "mcts:1"),
        (
            "mcts:4294967295",
            BotSpec::Mcts(Budget::Iterations(u32::MAX)),
            "mcts:4294967295",
        ),
        (
            "mcts:500ms",
            BotSpec::Mcts(Budget::Milliseconds(500)),
            "mcts:500ms",
        ),
        (
            "mcts:600000ms",
            BotSpec::Mcts(Budget::Milliseconds(600_000)),
            "mcts:600000ms",
        ),
        (
            "mcts:2s",
            BotSpec::Mcts(Budget::Seconds { millis: 2000 }),
            "mcts:2s",
        ),
        (
            "mcts:1.5s",
            BotSpec::Mcts(Budget::Seconds { millis: 1500 }),
            "mcts:1.5s",
        ),
        (
            "mcts:1.50s",
            BotSpec::Mcts(Budget::Seconds { millis: 1500 }),
            "mcts:1.5s",
        ),
        (
            "mcts:0.05s",
            BotSpec::Mcts(Budget::Seconds { millis: 50 }),
            "mcts:0.05s",
        ),
        (
            "mcts:0.001s",
            BotSpec::Mcts(Budget::Seconds { millis: 1 }),
            "mcts:0.001s",
        ),
        (
            "mcts:600s",
            BotSpec::Mcts(Budget::Seconds { millis: 600_000 }),
            "mcts:600s",
        ),
        ("mcts-v1", BotSpec::MctsV1(Budget::Default), "mcts-v1"),
        (
            "MCTS-V1:2000",
            BotSpec::MctsV1(Budget::Iterations(2000)),
            "mcts-v1:2000",
        ),
        (
            "mcts-v1:20ms",
            BotSpec::MctsV1(Budget::Milliseconds(20)),
            "mcts-v1:20ms",
        ),
        (
            "mcts-v1:1.50s",
            BotSpec::MctsV1(Budget::Seconds { millis: 1500 }),
            "mcts-v1:1.5s",
        ),
        (
            "mcts:50ms-cpu",
            BotSpec::Mcts(Budget::CpuMilliseconds(50)),
            "mcts:50ms-cpu",
        ),
        (
            " MCTS-V1:500MS-CPU ",
            BotSpec::MctsV1(Budget::CpuMilliseconds(500)),
            "mcts-v1:500ms-cpu",
        ),
        ("level1", BotSpec::Level(1), "level1"),
        (" Level3 ", BotSpec::Level(3), "level3"),
        ("level5", BotSpec::Level(5), "level5"),
    ];
    for (text, parsed, printed) in cases {
        assert_eq!(spec(text), Ok(parsed), "{text}");
        assert_eq!(parsed.to_string(), printed, "{text}");
        assert_eq!(spec(printed), Ok(parsed), "{printed} reads back");
    }
    assert_eq!(
        spec("mcts:1.5s").unwrap(),
        BotSpec::Mcts(Budget::Seconds { millis: 1500 })
    );
    assert_eq!(
        Budget::Seconds { millis: 1500 }.time(),
        Some(Duration::from_millis(1500))
    );
    assert_eq!(
        Budget::Milliseconds(20).time(),
        Some(Duration::from_millis(20))
    );
    assert_eq!(Budget::Iterations(9).time(), None);
    assert_eq!(Budget::Default.time(), None);
    // A CPU budget is no wall-clock time, and the other way round.
    assert_eq!(Budget::CpuMilliseconds(50).time(), None);
    assert_eq!(
        Budget::CpuMilliseconds(50).cpu_time(),
        Some(Duration::from_millis(50))
    );
    assert_eq!(Budget::Milliseconds(50).cpu_time(), None);
}

#[test]
fn bad_bot_specs_are_refused_with_the_reason() {
    for bad in [
        "",
        "clever",
        "mcts:",
        "mcts2000",
        "mcts 2000",
        "alphazero",
        "mcts:x",
        "mcts-v1:",
        "mcts-v2",
        "mcts-v1x",
        "level0",
        "level6",
        "level",
        "level05",
        "level+1",
        "mcts-v1:0",
    ] {
        let e = spec(bad).unwrap_err();
        assert!(
            matches!(e, BotSpecError::Unknown(_) | BotSpecError::Iterations(_)),
            "{bad}: {e}"
        );
    }
    assert_eq!(
        spec("clever").unwrap_err().to_string(),
        "unknown bot `clever` (expected random, greedy, level1 to level5, mcts, mcts:ITERATIONS, mcts:MILLISECONDSms, mcts:SECONDSs, mcts:MILLISECONDSms-cpu (CPU time of the deciding thread), or mcts-v1 with the same budgets)"
    );
    for bad in [
        "mcts:0",
        "mcts:-1",
        "mcts:abc",
        "mcts:4294967296",
        "mcts:99999999999999999999",
        "mcts:+5",
        "mcts:1e3",
        "mcts:2.5",
    ] {
        assert_eq!(
            spec(bad),
            Err(BotSpecError::Iterations(bad.to_owned())),
            "{bad}"
        );
    }
    assert_eq!(
        spec("mcts:0").unwrap_err().to_string(),
        "bad iteration count in `mcts:0` (mcts:N or mcts-v1:N with N from 1 to 4294967295)"
    );
    for bad in [
        "mcts:0ms",
        "mcts:-5ms",
        "mcts:600001ms",
        "mcts:1.5ms",
        "mcts:ms",
        "mcts:0s",
        "mcts:0.0001s",
        "mcts:600.001s",
        "mcts:1.s",
        "mcts:.5s",
        "mcts:s",
        "mcts:-1s",
        "mcts:99999999999999999999s",
        "mcts:0ms-cpu",
        "mcts:600001ms-cpu",
        "mcts:ms-cpu",
        "mcts:1.5s-cpu",
        "mcts:5-cpu",
        "mcts-v1:x-cpu",
    ] {
        assert_eq!(spec(bad), Err(BotSpecError::Time(bad.to_owned())), "{bad}");
    }
    assert_eq!(
        spec("mcts:0ms").unwrap_err().to_string(),
        "bad time budget in `mcts:0ms` (mcts:Nms with N from 1 to 600000, mcts:Ns with N from 0.001 to 600, at most 3 decimals, or mcts:Nms-cpu for N ms of the deciding thread's CPU time; the same for mcts-v1)"
    );
}
