//! The deciding thread's CPU clock, for search budgets that a loaded machine does not
//! bend: [`thread_cpu_time`].
//!
//! A wall-clock budget (`mcts:500ms`) gives a bot whatever the machine lets it do in that
//! time: two bots compared at 20 ms each on a machine busy with other work get less than
//! 20 ms of computing each, and not the same amount. A budget on the thread's CPU clock
//! (`mcts:50ms-cpu`) counts only the time the thread itself ran, so both bots get the same
//! computing whatever else runs.
//!
//! On Linux the clock is `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` (nanoseconds, read through
//! `rustix`, which keeps the call safe); elsewhere there is none here, and
//! [`thread_cpu_time`] says `None`: a CPU budget then falls back to the same time on the wall
//! clock (see [`MctsConfig::with_cpu_time`](crate::mcts::MctsConfig::with_cpu_time)).

use core::time::Duration;

/// The CPU time the calling thread has run so far (user and system), or `None` where this
/// build cannot read a thread's CPU clock (anything but Linux, the web's wasm included).
#[cfg(target_os = "linux")]
pub fn thread_cpu_time() -> Option<Duration> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).ok()?;
    let nanos = u32::try_from(t.tv_nsec).ok()?;
    Some(Duration::new(secs, nanos))
}

/// The CPU time the calling thread has run so far (user and system), or `None` where this
/// build cannot read a thread's CPU clock (anything but Linux, the web's wasm included).
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::thread_cpu_time;

    /// The clock is read on Linux, never goes back, and counts this thread's work.
    #[test]
    fn the_thread_clock_grows_with_work() {
        let read = thread_cpu_time();
        assert_eq!(
            read.is_some(),
            cfg!(target_os = "linux"),
            "Linux alone has one here"
        );
        let Some(start) = read else {
            return;
        };
        let mut x = 1u64;
        loop {
            for _ in 0..10_000 {
                x = core::hint::black_box(
                    x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1),
                );
            }
            let now = thread_cpu_time().expect("read once, read again");
            assert!(now >= start);
            if now > start {
                break;
            }
        }
    }

    /// A thread that sleeps runs no CPU: its clock moves far less than the wall clock.
    #[test]
    fn sleeping_costs_no_cpu_time() {
        let Some(start) = thread_cpu_time() else {
            return;
        };
        std::thread::sleep(core::time::Duration::from_millis(50));
        let spent = thread_cpu_time().expect("read once, read again") - start;
        assert!(spent < core::time::Duration::from_millis(25), "{spent:?}");
    }
}
