//! Who plays a seat, as the front ends name it: [`BotSpec`] (`person`, `random`, `greedy`,
//! `mcts`, `mcts:2000`, `mcts:500ms`, `mcts:1.5s`, `mcts:50ms-cpu`, the first search bot
//! `mcts-v1` with the same budgets, the levels `level1` to `level5`), parsed strictly and
//! printed back as it parses, and the bot it names for a game ([`BotSpec::bot`]).

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use crate::mcts::MctsBot;
use crate::{Bot, GameBots, RandomBot};

/// The most iterations `mcts:N` takes.
pub const MAX_ITERATIONS: u32 = u32::MAX;

/// The longest time budget per decision, in milliseconds (ten minutes): more is a typo.
pub const MAX_MILLISECONDS: u32 = 600_000;

/// The search bot's budget per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// `mcts` or `mcts-v1` alone: the game's default iterations for that bot
    /// ([`GameBots::MCTS_ITERATIONS`], [`GameBots::MCTS_V1_ITERATIONS`]).
    Default,
    /// `mcts:N`: N iterations.
    Iterations(u32),
    /// `mcts:Nms`: a time per decision, in milliseconds.
    Milliseconds(u32),
    /// `mcts:Ns`: a time per decision given in seconds (kept in milliseconds, so that
    /// `mcts:1.5s` prints back as it was given).
    Seconds {
        /// The time in milliseconds.
        millis: u32,
    },
    /// `mcts:Nms-cpu`: N milliseconds per decision on the deciding thread's CPU clock
    /// ([`MctsConfig::with_cpu_time`](crate::mcts::MctsConfig::with_cpu_time)): the time the
    /// search itself ran, whatever else the machine does, so that two bots compared this
    /// way get the same computing (wall-clock time where no thread CPU clock can be read).
    CpuMilliseconds(u32),
}

impl Budget {
    /// The wall-clock time per decision, if the budget is one.
    pub fn time(self) -> Option<Duration> {
        match self {
            Budget::Milliseconds(ms) | Budget::Seconds { millis: ms } => {
                Some(Duration::from_millis(u64::from(ms)))
            }
            Budget::Default | Budget::Iterations(_) | Budget::CpuMilliseconds(_) => None,
        }
    }

    /// The CPU time per decision, if the budget is one (`mcts:Nms-cpu`).
    pub fn cpu_time(self) -> Option<Duration> {
        match self {
            Budget::CpuMilliseconds(ms) => Some(Duration::from_millis(u64::from(ms))),
            _ => None,
        }
    }
}

/// The levels for people, `level1` (quick) to `LEVELS` (strong).
pub const LEVELS: u8 = 5;

/// Who plays a seat, as the front ends name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// `person`: someone at the table (a front end that has no people refuses it).
    Person,
    /// `random`: uniform among the legal actions.
    Random,
    /// `greedy`: the game's greedy bot (one decision ahead with the game's evaluation).
    Greedy,
    /// `mcts`, `mcts:N`, `mcts:Nms`, `mcts:Ns`, `mcts:Nms-cpu`: the game's search bot (its
    /// `bots::mcts_bot`) with this budget.
    Mcts(Budget),
    /// `mcts-v1`, `mcts-v1:N`, `mcts-v1:Nms`, `mcts-v1:Ns`, `mcts-v1:Nms-cpu`: the game's
    /// first search bot, kept unchanged as a baseline (its `bots::mcts_v1_bot`), with this budget (`mcts-v1`
    /// alone: its own default, [`GameBots::MCTS_V1_ITERATIONS`]).
    MctsV1(Budget),
    /// `level1` to `level5`: a level for people, from quick to strong: `level1` is the
    /// greedy bot, the others the search bot at the game's
    /// [`GameBots::LEVEL_ITERATIONS`].
    Level(u8),
}

/// Why a bot spec is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotSpecError {
    /// Not a bot's name.
    #[error(
        "unknown bot `{0}` (expected random, greedy, level1 to level5, mcts, mcts:ITERATIONS, mcts:MILLISECONDSms, mcts:SECONDSs, mcts:MILLISECONDSms-cpu (CPU time of the deciding thread), or mcts-v1 with the same budgets)"
    )]
    Unknown(String),
    /// `mcts:N` with N not a whole number from 1 to [`MAX_ITERATIONS`].
    #[error("bad iteration count in `{0}` (mcts:N or mcts-v1:N with N from 1 to {MAX_ITERATIONS})")]
    Iterations(String),
    /// `mcts:Nms`, `mcts:Ns` or `mcts:Nms-cpu` outside 1 ms to [`MAX_MILLISECONDS`], or
    /// not a number.
    #[error(
        "bad time budget in `{0}` (mcts:Nms with N from 1 to {MAX_MILLISECONDS}, mcts:Ns with N from 0.001 to 600, at most 3 decimals, or mcts:Nms-cpu for N ms of the deciding thread's CPU time; the same for mcts-v1)"
    )]
    Time(String),
}

/// Whole number of plain ASCII digits (no sign, no spaces), or `None`.
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Seconds with at most 3 decimals, in milliseconds.
fn seconds_to_millis(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if text.ends_with('.') || fraction.len() > 3 {
        return None;
    }
    let whole = digits(whole)?;
    let fraction = if fraction.is_empty() {
        0
    } else {
        // `1.5` is 500 ms, `1.05` 50 ms: pad to three digits.
        digits(&format!("{fraction:0<3}"))?
    };
    whole.checked_mul(1000)?.checked_add(fraction)
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    /// `person`, `random`, `greedy`, `level1` to `level5`, `mcts`, `mcts:N`, `mcts:Nms`,
    /// `mcts:Ns` (decimals such as `mcts:1.5s` to the millisecond), `mcts:Nms-cpu` (N ms of
    /// the deciding thread's CPU time), and `mcts-v1` with the same budgets, in any letter
    /// case, spaces around ignored.
    fn from_str(spec: &str) -> Result<BotSpec, BotSpecError> {
        let given = spec.trim();
        let lower = given.to_ascii_lowercase();
        match lower.as_str() {
            "person" => return Ok(BotSpec::Person),
            "random" => return Ok(BotSpec::Random),
            "greedy" => return Ok(BotSpec::Greedy),
            "mcts" => return Ok(BotSpec::Mcts(Budget::Default)),
            "mcts-v1" => return Ok(BotSpec::MctsV1(Budget::Default)),
            _ => {}
        }
        if let Some(level) = lower.strip_prefix("level")
            && let Some(n) = digits(level).filter(|n| (1..=u64::from(LEVELS)).contains(n))
            && level.len() == 1
        {
            return Ok(BotSpec::Level(n as u8));
        }
        let (search, budget): (fn(Budget) -> BotSpec, &str) =
            if let Some(budget) = lower.strip_prefix("mcts:") {
                (BotSpec::Mcts, budget)
            } else if let Some(budget) = lower.strip_prefix("mcts-v1:") {
                (BotSpec::MctsV1, budget)
            } else {
                return Err(BotSpecError::Unknown(given.to_owned()));
            };
        let time = |millis: Option<u64>| {
            millis
                .filter(|ms| (1..=u64::from(MAX_MILLISECONDS)).contains(ms))
                .map(|ms| ms as u32)
                .ok_or_else(|| BotSpecError::Time(given.to_owned()))
        };
        if let Some(ms) = budget.strip_suffix("ms-cpu") {
            Ok(search(Budget::CpuMilliseconds(time(digits(ms))?)))
        } else if budget.ends_with("-cpu") {
            // A CPU budget is given in milliseconds only.
            Err(BotSpecError::Time(given.to_owned()))
        } else if let Some(ms) = budget.strip_suffix("ms") {
            Ok(search(Budget::Milliseconds(time(digits(ms))?)))
        } else if let Some(s) = budget.strip_suffix('s') {
            Ok(search(Budget::Seconds {
                millis: time(seconds_to_millis(s))?,
            }))
        } else {
            digits(budget)
                .filter(|n| (1..=u64::from(MAX_ITERATIONS)).contains(n))
                .map(|n| search(Budget::Iterations(n as u32)))
                .ok_or_else(|| BotSpecError::Iterations(given.to_owned()))
        }
    }
}

impl fmt::Display for BotSpec {
    /// The spec as it parses: `mcts:1.5s` prints `mcts:1.5s`, `mcts:1.50s` too.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, budget) = match *self {
            BotSpec::Person => return f.write_str("person"),
            BotSpec::Random => return f.write_str("random"),
            BotSpec::Greedy => return f.write_str("greedy"),
            BotSpec::Level(n) => return write!(f, "level{n}"),
            BotSpec::Mcts(budget) => ("mcts", budget),
            BotSpec::MctsV1(budget) => ("mcts-v1", budget),
        };
        match budget {
            Budget::Default => f.write_str(name),
            Budget::Iterations(n) => write!(f, "{name}:{n}"),
            Budget::Milliseconds(ms) => write!(f, "{name}:{ms}ms"),
            Budget::CpuMilliseconds(ms) => write!(f, "{name}:{ms}ms-cpu"),
            Budget::Seconds { millis } => {
                let (whole, fraction) = (millis / 1000, millis % 1000);
                if fraction == 0 {
                    write!(f, "{name}:{whole}s")
                } else {
                    let fraction = format!("{fraction:03}");
                    write!(f, "{name}:{whole}.{}s", fraction.trim_end_matches('0'))
                }
            }
        }
    }
}

impl BotSpec {
    /// The seat's bot, or `None` for a person.
    pub fn bot<G: GameBots>(self) -> Option<Box<dyn Bot<G> + Send>> {
        match self {
            BotSpec::Person => None,
            BotSpec::Random => Some(Box::new(RandomBot)),
            BotSpec::Greedy | BotSpec::Level(1) => Some(G::greedy_bot()),
            BotSpec::Mcts(_) | BotSpec::MctsV1(_) | BotSpec::Level(_) => {
                self.search_bot::<G>().map(|b| Box::new(b) as _)
            }
        }
    }

    /// Whether the spec is a search bot (`mcts`, `mcts-v1`, `level2` and up).
    pub const fn is_search(self) -> bool {
        match self {
            BotSpec::Mcts(_) | BotSpec::MctsV1(_) => true,
            BotSpec::Level(n) => n >= 2,
            BotSpec::Person | BotSpec::Random | BotSpec::Greedy => false,
        }
    }

    /// The game's search bot at this budget (`None` unless the spec is `mcts`, `mcts-v1`
    /// or a level from 2): with a time budget, the search stops at the time, not at an
    /// iteration count.
    pub fn search_bot<G: GameBots>(self) -> Option<MctsBot<G>> {
        let (bot, budget) = match self {
            BotSpec::Mcts(budget) => (G::mcts_bot(G::MCTS_ITERATIONS), budget),
            BotSpec::MctsV1(budget) => (G::mcts_v1_bot(G::MCTS_V1_ITERATIONS), budget),
            BotSpec::Level(n) => {
                let iterations = *G::LEVEL_ITERATIONS.get(usize::from(n).checked_sub(2)?)?;
                (G::level_bot(iterations), Budget::Default)
            }
            BotSpec::Person | BotSpec::Random | BotSpec::Greedy => return None,
        };
        Some(match budget {
            Budget::Default => bot,
            Budget::Iterations(n) => bot.with_budget(n, None),
            Budget::Milliseconds(_) | Budget::Seconds { .. } => {
                bot.with_budget(u32::MAX, budget.time())
            }
            Budget::CpuMilliseconds(_) => match budget.cpu_time() {
                Some(time) => bot.with_cpu_budget(time),
                None => bot,
            },
        })
    }
}
