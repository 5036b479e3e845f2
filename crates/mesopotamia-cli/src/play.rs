//! `play`: a whole game between bots, or with people at the terminal (`--human SEAT`).

use std::io::{BufRead, Write as _};

use clap::ValueEnum;
use mesopotamia_core::driver::sample_chance;
use mesopotamia_core::{Bot, Game, GameRecord, RandomBot, Seat, Step, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::games::CliGame;
use crate::{PlayArgs, term};

/// The bots the commands offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// One decision ahead with the game's evaluation.
    Greedy,
}

impl BotKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }

    pub(crate) fn make<G: CliGame>(self) -> Box<dyn Bot<G> + Send>
    where
        G::Config: Send + Sync,
    {
        match self {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Greedy => G::greedy(),
        }
    }
}

/// `greedy,random,random` (one per seat) or a single name for every seat.
pub(crate) fn parse_bots(list: &str, seats: usize) -> Result<Vec<BotKind>, String> {
    let kinds = list
        .split(',')
        .map(|name| {
            BotKind::from_str(name.trim(), true)
                .map_err(|_| format!("unknown bot `{}` (random or greedy)", name.trim()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    match kinds.len() {
        1 => Ok(vec![kinds[0]; seats]),
        n if n == seats => Ok(kinds),
        n => Err(format!(
            "{n} bots for {seats} seats: give one per seat, or one for all"
        )),
    }
}

pub(crate) fn run<G: CliGame>(args: &PlayArgs) -> Result<(), String>
where
    G::Config: Send + Sync,
{
    let config = G::from_options(&args.options)?;
    let mut state = G::new(&config).map_err(|e| e.to_string())?;
    let seats = state.seat_count();
    let mut human = vec![false; seats];
    for &h in &args.human {
        let slot = human
            .get_mut(h)
            .ok_or_else(|| format!("--human {h}: the table has seats 0 to {}", seats - 1))?;
        if std::mem::replace(slot, true) {
            return Err(format!("--human {h} given twice"));
        }
    }
    let kinds = match &args.bots {
        Some(list) => parse_bots(list, seats)?,
        None => vec![BotKind::Random; seats],
    };
    let mut bots: Vec<Box<dyn Bot<G> + Send>> = kinds.iter().map(|k| k.make::<G>()).collect();
    let interactive = human.iter().any(|&h| h);
    let colour = term::colour_wanted();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut record = GameRecord::new(config.clone());
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        if record.steps.len() > state.max_steps() {
            return Err("the game went beyond its step bound: please report it".into());
        }
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                let outcome = sample_chance(&state, &mut outcomes, &mut rng)
                    .ok_or("a chance event without outcomes: please report it")?;
                state.apply_chance(outcome).map_err(|e| e.to_string())?;
                record.steps.push(Step::Chance(outcome));
            }
            ToMove::Seat(seat) => {
                state.legal_actions(&mut legal);
                let action = if human[seat.index()] {
                    ask(&state, seat, &legal, &mut input, colour)?
                } else {
                    let action = bots[seat.index()].choose(&state, seat, &legal, &mut rng);
                    if interactive {
                        say!("seat {seat} ({}): {action}", kinds[seat.index()].name());
                    }
                    action
                };
                state.apply(action).map_err(|e| e.to_string())?;
                record.steps.push(Step::Action(seat, action));
            }
        }
    }
    if !interactive {
        G::print_turns(&record)?;
    }
    say!();
    state.print_end()?;
    if let Some(path) = &args.record {
        let json = G::record_json(&record)?;
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Shows `seat` its table and the legal actions, and reads actions until one is legal.
fn ask<G: CliGame>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
    input: &mut impl BufRead,
    colour: bool,
) -> Result<G::Action, String>
where
    G::Config: Send + Sync,
{
    let table = state.table(seat);
    say!();
    say_raw!("{}", if colour { term::paint(&table) } else { table });
    print_legal::<G>(legal)?;
    loop {
        say_raw!("seat {seat}> ");
        std::io::stdout().flush().map_err(crate::output_error)?;
        let mut line = String::new();
        let read = input
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the input: {e}"))?;
        if read == 0 {
            return Err("the input ended before the game did".into());
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if text == "?" || text == "help" {
            print_legal::<G>(legal)?;
            continue;
        }
        match text.parse::<G::Action>() {
            Err(e) => say!("`{text}` is not an action: {e} (type ? to list the legal actions)"),
            Ok(action) if legal.contains(&action) => return Ok(action),
            Ok(action) => match state.clone().apply(action) {
                Err(e) => say!("{e}"),
                Ok(()) => say!("`{action}` is not legal now"),
            },
        }
    }
}

/// Lists the legal actions compactly: actions that differ only in their last word are
/// grouped (`tile red: A1 B1 C1 ...`).
fn print_legal<G: Game>(legal: &[G::Action]) -> Result<(), String> {
    say!("legal actions ({}):", legal.len());
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for action in legal {
        let text = action.to_string();
        let (head, last) = match text.rsplit_once(' ') {
            Some((head, last)) => (head.to_owned(), last.to_owned()),
            None => (text.clone(), String::new()),
        };
        match groups.iter_mut().find(|(h, _)| *h == head) {
            Some((_, lasts)) => lasts.push(last),
            None => groups.push((head, vec![last])),
        }
    }
    for (head, lasts) in groups {
        let mut line = if lasts.len() == 1 {
            format!("  {head} {}", lasts[0])
        } else {
            format!("  {head}:")
        };
        if lasts.len() > 1 {
            for last in lasts {
                if line.len() + last.len() + 1 > 100 {
                    say!("{line}");
                    line = " ".repeat(4);
                }
                line.push(' ');
                line.push_str(&last);
            }
        }
        say!("{}", line.trim_end());
    }
    Ok(())
}
