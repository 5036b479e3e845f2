//! Time controls, kept by the server as chess sites keep them: none, a time per decision,
//! or a clock per seat with an increment after each decision; and what happens to a seat
//! whose time runs out (a bot takes it, or it loses).
//!
//! Nothing here ticks. A seat's time left is worked out from the game's stored steps: when
//! each was committed and by whom, and since when the clocks run (once every person's seat is
//! claimed). So the clocks are the same on every instance of a shared database and survive
//! a restart; a server that was down counts the time it was down against the seat to move,
//! as a clock on the table would.

use serde::{Deserialize, Serialize};

/// The longest time a control may give (a week), in milliseconds: the lobby refuses more.
pub const LONGEST_MS: u64 = 7 * 24 * 3600 * 1000;

/// A game's time control: how its people's seats are timed, and what happens at zero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// How the seats are timed.
    #[serde(flatten)]
    pub timing: Timing,
    /// What happens to a person's seat whose time runs out.
    pub at_zero: AtZero,
}

/// How the seats are timed; in JSON `{"kind": "per_decision", "ms": 30000}` or
/// `{"kind": "clock", "initial_ms": 300000, "increment_ms": 5000}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Timing {
    /// Each decision within `ms`, whatever the others took.
    PerDecision {
        /// The time for one decision, in milliseconds.
        ms: u64,
    },
    /// A clock per seat: `initial_ms` at the start, `increment_ms` added after each of the
    /// seat's decisions (Fischer's increment).
    Clock {
        /// Each seat's time at the start, in milliseconds.
        initial_ms: u64,
        /// Added after each decision, in milliseconds.
        increment_ms: u64,
    },
}

/// What happens to a person's seat whose time runs out; in JSON `"lose"` or
/// `{"bot": "level2"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtZero {
    /// The seat loses: ranked last. With two seats the game ends there; with more, the
    /// others play on and [`LOST_SEAT_BOT`] plays the lost seat's turns.
    Lose,
    /// That bot takes the seat and plays it to the end; the person's link watches.
    Bot(String),
}

/// Who plays a lost seat's turns while the others play on (the weakest level: it keeps
/// the game going without deciding it).
pub const LOST_SEAT_BOT: &str = "level1";

impl TimeControl {
    /// Why the control cannot be kept, if it cannot: a time of zero or over a week.
    pub fn check(&self) -> Result<(), String> {
        let times: &[(&str, u64, bool)] = match self.timing {
            Timing::PerDecision { ms } => &[("ms", ms, false)],
            Timing::Clock {
                initial_ms,
                increment_ms,
            } => &[
                ("initial_ms", initial_ms, false),
                ("increment_ms", increment_ms, true),
            ],
        };
        for &(name, ms, zero_allowed) in times {
            if (ms == 0 && !zero_allowed) || ms > LONGEST_MS {
                return Err(format!(
                    "the time control's {name} is {ms}: it must be {} to {LONGEST_MS} (a week)",
                    if zero_allowed { 0 } else { 1 }
                ));
            }
        }
        Ok(())
    }
}

/// One committed step as the clocks see it: the seat that decided it (`None`: chance) and
/// when it was committed (milliseconds since the Unix epoch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The seat that decided the step, or `None` for chance.
    pub seat: Option<usize>,
    /// When it was committed.
    pub at_ms: u64,
}

/// Each seat's time left at `now_ms`, in milliseconds (negative once past zero): with the
/// clocks running since `from_ms` (`None`: not yet, every seat has its whole time), the
/// steps `stamps` committed, and `to_move` the seat whose decision is pending, if any.
///
/// A decision's time runs from the step before it (or from when the clocks started, if
/// later) to its own commit; decisions committed before the clocks started cost nothing.
pub fn time_left(
    timing: Timing,
    players: usize,
    from_ms: Option<u64>,
    stamps: &[Stamp],
    to_move: Option<usize>,
    now_ms: u64,
) -> Vec<i64> {
    let whole = match timing {
        Timing::PerDecision { ms } => ms,
        Timing::Clock { initial_ms, .. } => initial_ms,
    };
    let mut left = vec![clamp(whole); players];
    let Some(from) = from_ms else {
        return left;
    };
    // When the pending decision's time started: the last step's commit, or the start.
    let mut since = from;
    for stamp in stamps {
        let started = since.max(from);
        if let (Some(seat), Timing::Clock { increment_ms, .. }) = (stamp.seat, timing)
            && stamp.at_ms >= from
            && let Some(left) = left.get_mut(seat)
        {
            *left += clamp(increment_ms) - clamp(stamp.at_ms.saturating_sub(started));
        }
        since = stamp.at_ms;
    }
    if let Some(left) = to_move.and_then(|seat| left.get_mut(seat)) {
        *left -= clamp(now_ms.saturating_sub(since.max(from)));
    }
    left
}

fn clamp(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// The time now, in milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(seat: Option<usize>, at_ms: u64) -> Stamp {
        Stamp { seat, at_ms }
    }

    #[test]
    fn a_clock_spends_each_decision_and_adds_the_increment() {
        let clock = Timing::Clock {
            initial_ms: 10_000,
            increment_ms: 1_000,
        };
        // Started at 1,000; chance at 1,500; seat 0 decides at 4,500 (3,000 ms from the
        // chance step), seat 1 at 5,000 (500 ms), chance at 5,100, seat 0 to move since.
        let stamps = [
            stamp(None, 1_500),
            stamp(Some(0), 4_500),
            stamp(Some(1), 5_000),
            stamp(None, 5_100),
        ];
        assert_eq!(
            time_left(clock, 2, Some(1_000), &stamps, Some(0), 7_100),
            vec![10_000 - 3_000 + 1_000 - 2_000, 10_000 - 500 + 1_000]
        );
        // Before the clocks start, every seat has its whole time.
        assert_eq!(
            time_left(clock, 2, None, &stamps, Some(0), 99_000),
            vec![10_000, 10_000]
        );
    }

    #[test]
    fn decisions_before_the_start_cost_nothing_and_the_start_is_the_first_turns_origin() {
        let clock = Timing::Clock {
            initial_ms: 10_000,
            increment_ms: 0,
        };
        // A bot's step at 100, then the clocks start at 2,000 (the last seat claimed): seat 1
        // decides at 2,600 (600 ms from the start, not 2,500 from the step).
        let stamps = [stamp(Some(0), 100), stamp(Some(1), 2_600)];
        assert_eq!(
            time_left(clock, 2, Some(2_000), &stamps, Some(0), 3_600),
            vec![10_000 - 1_000, 10_000 - 600]
        );
    }

    #[test]
    fn a_time_per_decision_counts_the_pending_one_only() {
        let each = Timing::PerDecision { ms: 5_000 };
        let stamps = [stamp(Some(0), 4_000), stamp(Some(1), 9_000)];
        assert_eq!(
            time_left(each, 3, Some(0), &stamps, Some(2), 15_000),
            vec![5_000, 5_000, -1_000]
        );
        // Nobody to move (chance, or the game over): no time runs.
        assert_eq!(
            time_left(each, 3, Some(0), &stamps, None, 15_000),
            vec![5_000; 3]
        );
    }

    #[test]
    fn controls_read_from_json_and_times_out_of_range_are_refused() {
        let read = |s: &str| serde_json::from_str::<TimeControl>(s);
        let clock = read(
            r#"{"kind": "clock", "initial_ms": 300000, "increment_ms": 5000, "at_zero": "lose"}"#,
        )
        .unwrap();
        assert_eq!(
            clock.timing,
            Timing::Clock {
                initial_ms: 300_000,
                increment_ms: 5_000
            }
        );
        assert_eq!(clock.at_zero, AtZero::Lose);
        let each =
            read(r#"{"kind": "per_decision", "ms": 30000, "at_zero": {"bot": "level2"}}"#).unwrap();
        assert_eq!(each.at_zero, AtZero::Bot("level2".into()));
        assert!(clock.check().is_ok() && each.check().is_ok());
        assert_eq!(
            read(&serde_json::to_string(&clock).unwrap()).unwrap(),
            clock
        );
        for bad in [
            r#"{"kind": "hourglass", "ms": 1, "at_zero": "lose"}"#,
            r#"{"kind": "per_decision", "at_zero": "lose"}"#,
            r#"{"kind": "per_decision", "ms": 1000, "at_zero": "shrug"}"#,
            r#"{"kind": "per_decision", "ms": -5, "at_zero": "lose"}"#,
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        for bad in [
            r#"{"kind": "per_decision", "ms": 0, "at_zero": "lose"}"#,
            r#"{"kind": "clock", "initial_ms": 604800001, "increment_ms": 0, "at_zero": "lose"}"#,
            r#"{"kind": "clock", "initial_ms": 1000, "increment_ms": 604800001, "at_zero": "lose"}"#,
        ] {
            assert!(read(bad).unwrap().check().is_err(), "{bad}");
        }
        // An increment of zero is a plain clock.
        assert!(
            read(r#"{"kind": "clock", "initial_ms": 1000, "increment_ms": 0, "at_zero": "lose"}"#)
                .unwrap()
                .check()
                .is_ok()
        );
    }
}
