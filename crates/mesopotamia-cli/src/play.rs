//! `play`: a whole game between bots, or with people at the terminal (`--human SEAT`),
//! through the core's match driver: a person is one more `Bot`.

use std::io::Write as _;

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::{Bot, Game, GameRecord, MatchError, RandomBot, Seat, play_from};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::games::CliGame;
use crate::{PlayArgs, term};

/// The bots the commands offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// One decision ahead with the game's evaluation.
    Greedy,
    /// Information-set MCTS with this many iterations per decision (`None`: the game's
    /// default).
    Mcts(Option<u32>),
}

impl BotKind {
    pub(crate) fn name(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Greedy => "greedy".into(),
            BotKind::Mcts(None) => "mcts".into(),
            BotKind::Mcts(Some(n)) => format!("mcts:{n}"),
        }
    }

    pub(crate) fn make<G: CliGame>(self) -> Box<dyn Bot<G> + Send>
    where
        G::Config: Send + Sync,
    {
        match self {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Greedy => G::greedy(),
            BotKind::Mcts(n) => G::mcts(n.unwrap_or(G::MCTS_ITERATIONS)),
        }
    }
}

impl core::str::FromStr for BotKind {
    type Err = String;

    /// `random`, `greedy`, `mcts` or `mcts:ITERATIONS`, in any letter case.
    fn from_str(name: &str) -> Result<Self, String> {
        let lower = name.trim().to_ascii_lowercase();
        match lower.as_str() {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            "mcts" => Ok(BotKind::Mcts(None)),
            other => match other.strip_prefix("mcts:") {
                Some(n) => match n.parse::<u32>() {
                    Ok(n) if n >= 1 => Ok(BotKind::Mcts(Some(n))),
                    _ => Err(format!(
                        "bad iteration count in `{}` (mcts:N with N from 1 to {})",
                        name.trim(),
                        u32::MAX
                    )),
                },
                None => Err(format!(
                    "unknown bot `{}` (random, greedy, mcts or mcts:ITERATIONS)",
                    name.trim()
                )),
            },
        }
    }
}

/// `greedy,random,random` (one per seat) or a single name for every seat.
pub(crate) fn parse_bots(list: &str, seats: usize) -> Result<Vec<BotKind>, String> {
    let kinds = list
        .split(',')
        .map(str::parse::<BotKind>)
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
    let start = G::new(&config).map_err(|e| e.to_string())?;
    let seats = start.seat_count();
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
    let interactive = human.iter().any(|&h| h);
    let colour = term::colour_wanted();
    let mut players: Vec<Box<dyn Bot<G>>> = (0..seats)
        .map(|s| -> Box<dyn Bot<G>> {
            if human[s] {
                Box::new(Person::new(colour))
            } else if interactive {
                // With people at the table, each bot move is shown as it is made.
                Box::new(Narrated {
                    bot: kinds[s].make::<G>(),
                    name: kinds[s].name(),
                })
            } else {
                kinds[s].make::<G>()
            }
        })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let who: Vec<String> = (0..seats)
        .map(|s| {
            if human[s] {
                "person".to_owned()
            } else {
                kinds[s].name()
            }
        })
        .collect();
    let record = GameRecord::new(config).with_seed(args.seed).with_bots(who);
    let outcome = match play_from(start, record, &mut players, &mut rng) {
        Ok(outcome) => outcome,
        Err(failure) => {
            // Nothing is lost: the steps up to the failure or the stop are recorded.
            let mut message = match &failure.error {
                MatchError::Abandoned { why, .. } => why.clone(),
                other => other.to_string(),
            };
            if let Some(path) = &args.record {
                let json = G::record_json(&failure.record)?;
                std::fs::write(path, json)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                message.push_str(&format!(
                    " (the {} steps played are recorded in {})",
                    failure.record.steps.len(),
                    path.display()
                ));
            }
            return Err(message);
        }
    };
    if !interactive {
        G::print_turns(&outcome.record)?;
    }
    say!();
    outcome.state.print_end()?;
    if let Some(path) = &args.record {
        let json = G::record_json(&outcome.record)?;
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// A bot whose moves are printed as they are made.
struct Narrated<G: Game> {
    bot: Box<dyn Bot<G> + Send>,
    name: String,
}

impl<G: Game> Bot<G> for Narrated<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        let action = self.bot.choose(game, seat, legal, rng);
        // A closed output is noticed at the next prompt or at the end.
        let _ = writeln!(
            std::io::stdout().lock(),
            "seat {seat} ({}): {action}",
            self.name
        );
        action
    }
}

/// A person at the terminal: shown the table as the seat sees it and the legal actions,
/// asked until the action typed is legal. Input that ends gives the game up.
struct Person {
    colour: bool,
    gave_up: Option<String>,
    /// Hints given so far (each search gets its own seed).
    hints: u64,
}

impl Person {
    fn new(colour: bool) -> Person {
        Person {
            colour,
            gave_up: None,
            hints: 0,
        }
    }

    fn ask<G: CliGame>(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, String>
    where
        G::Config: Send + Sync,
    {
        let table = game.table(seat);
        say!();
        say_raw!(
            "{}",
            if self.colour {
                term::paint(&table)
            } else {
                table
            }
        );
        print_legal::<G>(legal)?;
        loop {
            say_raw!("seat {seat}> ");
            std::io::stdout().flush().map_err(crate::output_error)?;
            let mut line = String::new();
            // Standard input is locked only while reading: several people share it.
            let read = std::io::stdin()
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
                say!("(type `hint` to see what the search bot would play)");
                continue;
            }
            if text.eq_ignore_ascii_case("hint") {
                // A search of its own seed: asking for a hint changes nothing in the game.
                let mut rng = ChaCha8Rng::seed_from_u64(self.hints);
                self.hints += 1;
                match game.hint(seat, legal, &mut rng) {
                    Some((action, share)) => say!(
                        "hint: {action} ({:.0}% of the search's visits)",
                        100.0 * share
                    ),
                    None => say!("hint: nothing to choose"),
                }
                continue;
            }
            match text.parse::<G::Action>() {
                Err(e) => say!("`{text}` is not an action: {e} (type ? to list the legal actions)"),
                Ok(action) if legal.contains(&action) => return Ok(action),
                Ok(action) => match game.clone().apply(action) {
                    Err(e) => say!("{e}"),
                    Ok(()) => say!("`{action}` is not legal now"),
                },
            }
        }
    }
}

impl<G: CliGame> Bot<G> for Person
where
    G::Config: Send + Sync,
{
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], _: &mut dyn Rng) -> G::Action {
        match self.ask(game, seat, legal) {
            Ok(action) => action,
            Err(why) => {
                self.gave_up = Some(why);
                // Not played: the match stops on `gave_up`.
                legal[0]
            }
        }
    }

    fn gave_up(&self) -> Option<String> {
        self.gave_up.clone()
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
