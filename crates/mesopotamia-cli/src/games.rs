//! What the commands need of each game, behind one trait, so that `play`, `simulate`
//! and the other commands are written once.

use mesopotamia_core::mcts::MctsBot;
use mesopotamia_core::{Bot, Game, GameRecord, Seat};
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

use crate::GameOptions;

/// A game as the command line drives it.
pub(crate) trait CliGame:
    Game<Action: Send + Sync> + core::fmt::Display + Send + Sync + 'static
where
    Self::Config: Send + Sync,
{
    /// The configuration from the command line's options.
    fn from_options(options: &GameOptions) -> Result<Self::Config, String>;
    /// A game record as pretty JSON.
    fn record_json(record: &GameRecord<Self>) -> Result<String, String>;
    /// The game's greedy bot.
    fn greedy() -> Box<dyn Bot<Self> + Send>;
    /// The MCTS bot's iterations per decision by default (`--bots mcts`): chosen so that a
    /// decision takes well under a second on one core.
    const MCTS_ITERATIONS: u32;
    /// The game's search bot (its `bots::mcts_bot`) with `iterations` per decision.
    fn search_bot(iterations: u32) -> MctsBot<Self>;
    /// The search bot, boxed for a seat.
    fn mcts(iterations: u32) -> Box<dyn Bot<Self> + Send> {
        Box::new(Self::search_bot(iterations))
    }
    /// What the search bot would play for `seat`, and its share of the root visits.
    fn hint(
        &self,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut dyn mesopotamia_core::rand_core::Rng,
    ) -> Option<(Self::Action, f64)> {
        Self::search_bot(Self::MCTS_ITERATIONS)
            .analyse(self, seat, legal, rng)
            .map(|a| (a.choice, a.share()))
    }
    /// The figure `simulate` averages per seat (what the final ranking compares first).
    fn score(&self, seat: Seat) -> f64;
    /// What [`Self::score`] is, in words.
    const SCORE: &'static str;
    /// One line per turn of a finished game.
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String>;
    /// The final position and the standings.
    fn print_end(&self) -> Result<(), String>;
    /// The table as `seat` may see it: other hands, buried piles and the bag hidden.
    fn table(&self, seat: Seat) -> String;
}

impl CliGame for Tigris {
    const MCTS_ITERATIONS: u32 = tigris_euphrates::bots::MCTS_ITERATIONS;

    fn search_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates::bots::mcts_bot(iterations)
    }

    fn record_json(record: &GameRecord<Self>) -> Result<String, String> {
        serde_json::to_string_pretty(record).map_err(|e| e.to_string())
    }
    fn from_options(options: &GameOptions) -> Result<Self::Config, String> {
        options.tigris()
    }
    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates::bots::greedy_bot())
    }
    fn score(&self, seat: Seat) -> f64 {
        let key = self.public().standing_key(seat);
        key[0] as f64
    }
    const SCORE: &'static str = "weakest colour, treasures counted";
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates::Position::from_game(self));
        crate::print_standings(self)
    }
    fn table(&self, seat: Seat) -> String {
        let p = self.public();
        let mut out = String::new();
        for line in self.to_string().lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let text = match words.as_slice() {
                ["seat", s, "hand", ..] if *s != seat.to_string() => {
                    let other = s.parse().ok().and_then(Seat::new).unwrap_or(seat);
                    let vp_at = words.iter().position(|w| *w == "vp").unwrap_or(0);
                    let discarded_at = words.iter().position(|w| *w == "discarded").unwrap_or(0);
                    format!(
                        "seat {s} hand ({} tiles) {} discarded ({} tiles)",
                        p.hand_size(other),
                        words[vp_at..discarded_at].join(" "),
                        p.discard_count(other)
                    )
                }
                ["bag", ..] => format!("bag ({} tiles)", p.bag_size()),
                _ => line.to_owned(),
            };
            out.push_str(&text);
            out.push('\n');
        }
        out
    }
}

impl CliGame for Cards {
    const MCTS_ITERATIONS: u32 = tigris_euphrates_cards::bots::MCTS_ITERATIONS;

    fn search_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates_cards::bots::mcts_bot(iterations)
    }

    fn record_json(record: &GameRecord<Self>) -> Result<String, String> {
        serde_json::to_string_pretty(record).map_err(|e| e.to_string())
    }
    fn from_options(options: &GameOptions) -> Result<Self::Config, String> {
        options.cards()
    }
    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates_cards::bots::greedy_bot())
    }
    fn score(&self, seat: Seat) -> f64 {
        self.keys()[seat.index()][0] as f64
    }
    const SCORE: &'static str = "weakest colour of the VP pile, treasures counted";
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::cards_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates_cards::Position::from_game(self));
        crate::cards_cmd::print_standings(self)
    }
    fn table(&self, seat: Seat) -> String {
        let open = self.public().config().open_piles;
        let mut out = String::new();
        for line in self.to_string().lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let text = match words.as_slice() {
                ["seat", s, "hand", a, b, c, d, rest @ ..] => {
                    let own = *s == seat.to_string();
                    let pile_at = rest.iter().position(|w| *w == "pile").unwrap_or(rest.len());
                    let pile = rest.get(pile_at + 1..).unwrap_or(&[]);
                    let hand = if own {
                        format!("{a} {b} {c} {d}")
                    } else {
                        let n: u32 = [a, b, c, d]
                            .iter()
                            .filter_map(|w| w.parse::<u32>().ok())
                            .sum();
                        format!("({n} cards)")
                    };
                    let pile = if open || own {
                        pile.join(" ")
                    } else {
                        format!(
                            "({} cards, top {})",
                            pile.len(),
                            pile.last().copied().unwrap_or("none")
                        )
                    };
                    format!(
                        "seat {s} hand {hand} {} pile {pile}",
                        rest[..pile_at].join(" ")
                    )
                }
                ["deck", rest @ ..] => {
                    let n: u32 = rest.iter().filter_map(|w| w.parse::<u32>().ok()).sum();
                    format!("deck ({n} cards)")
                }
                _ => line.to_owned(),
            };
            out.push_str(&text);
            out.push('\n');
        }
        out
    }
}

impl CliGame for Sumeria {
    const MCTS_ITERATIONS: u32 = sumeria::bots::MCTS_ITERATIONS;

    fn search_bot(iterations: u32) -> MctsBot<Self> {
        sumeria::bots::mcts_bot(iterations)
    }

    fn record_json(record: &GameRecord<Self>) -> Result<String, String> {
        serde_json::to_string_pretty(record).map_err(|e| e.to_string())
    }
    fn from_options(options: &GameOptions) -> Result<Self::Config, String> {
        options.sumeria()
    }
    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(sumeria::bots::greedy_bot())
    }
    fn score(&self, seat: Seat) -> f64 {
        self.scores()[seat.index()].0 as f64
    }
    const SCORE: &'static str = "points";
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::sumeria_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", sumeria::Position::from_game(self));
        crate::sumeria_cmd::print_standings(self)
    }
    fn table(&self, _seat: Seat) -> String {
        // Only the bag is hidden, and the position does not show it.
        self.to_string()
    }
}
