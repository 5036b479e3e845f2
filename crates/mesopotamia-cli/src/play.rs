//! `play`: a whole game between bots, or with people at the terminal (`--human SEAT`),
//! through the facade's session (the same game the Python module and the web page play
//! with the same seed and seats): each step told as it happens, each person shown the
//! table from its own view, with `?`, `hint`, `undo` and `quit`; `--from` continues a game.

use std::io::Write as _;
use std::path::PathBuf;

use mesopotamia::core::marks::{MarkedDisplay as _, MarkedString, write_seat_name};
use mesopotamia::core::{Game, GameRecord, Seat, ToMove};
use mesopotamia::session::Session;
use mesopotamia::table::BotSpec;

use crate::games::CliGame;
use crate::{PlayArgs, term};

/// A game's text written to a [`MarkedString`] (which fails only if the game's writer does).
fn written(result: core::fmt::Result) -> Result<(), String> {
    result.map_err(|_| "the game could not write its text".to_owned())
}

/// `greedy,random,random` (one per seat) or a single name for every seat.
/// Specs are the library's (`mesopotamia::table::BotSpec`); people sit with `--human`.
pub(crate) fn parse_bots(list: &str, seats: usize) -> Result<Vec<BotSpec>, String> {
    let kinds = list
        .split(',')
        .map(|name| match name.parse::<BotSpec>() {
            Ok(BotSpec::Person) => Err(format!(
                "bot `{}`: a person plays at the terminal with --human SEAT",
                name.trim()
            )),
            parsed => parsed.map_err(|e| e.to_string()),
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

/// The bot of a seat whose spec [`parse_bots`] accepted (never `person`).
pub(crate) fn make<G: CliGame>(spec: BotSpec) -> Box<dyn mesopotamia::search::Bot<G> + Send> {
    // `parse_bots` refuses `person`: the fallback is never taken.
    spec.bot::<G>()
        .unwrap_or_else(|| Box::new(mesopotamia::search::RandomBot))
}

pub(crate) fn run<G: CliGame>(args: &PlayArgs) -> Result<(), String> {
    if args.legend {
        return print_legend::<G>();
    }
    if args.human.len() > 1 && args.human.iter().any(|h| h.0.is_none()) {
        return Err("--human none means no person at all: give it alone".into());
    }
    let (session, from) = starting_point::<G>(args)?;
    let continued = !matches!(from, From::Nothing);
    let seats = session.game().seat_count();
    // A continued record says who sat where; what the command line gives wins.
    let recorded: Option<Vec<BotSpec>> = match &from {
        From::Record(_) if !session.seats().is_empty() => Some(session.seats().to_vec()),
        _ => None,
    };
    let mut human = vec![false; seats];
    if args.human.is_empty() {
        if let Some(recorded) = &recorded {
            for (h, spec) in human.iter_mut().zip(recorded) {
                *h = *spec == BotSpec::Person;
            }
        }
    }
    for &h in args.human.iter().filter_map(|h| h.0.as_ref()) {
        let slot = human
            .get_mut(h)
            .ok_or_else(|| format!("--human {h}: the table has seats 0 to {}", seats - 1))?;
        if std::mem::replace(slot, true) {
            return Err(format!("--human {h} given twice"));
        }
    }
    let kinds = match (&args.bots, &recorded) {
        (Some(list), _) => parse_bots(list, seats)?,
        // A seat a person played before and a bot plays now gets the default bot.
        (None, Some(recorded)) => recorded
            .iter()
            .map(|&spec| {
                if spec == BotSpec::Person {
                    BotSpec::Random
                } else {
                    spec
                }
            })
            .collect(),
        (None, None) => vec![BotSpec::Random; seats],
    };
    let specs: Vec<BotSpec> = (0..seats)
        .map(|s| if human[s] { BotSpec::Person } else { kinds[s] })
        .collect();
    let mut session = session.with_seats(specs).map_err(|e| e.to_string())?;
    // A continued record goes on being written to its own file unless told otherwise.
    let record_path = match (&args.record, &from) {
        (Some(path), _) => Some(path.clone()),
        (None, From::Record(path)) => Some(path.clone()),
        (None, _) => None,
    };
    if human.iter().any(|&h| h) {
        return Table::new(session, record_path).play();
    }
    if let Err(e) = session.play_bots() {
        // Nothing is lost: the steps up to the failure are recorded.
        let mut message = e.to_string();
        if let Some(path) = &record_path {
            let record = session.record();
            write_record::<G>(path, &record)?;
            message.push_str(&format!(
                " (the {} steps played are recorded in {})",
                record.steps.len(),
                path.display()
            ));
        }
        return Err(message);
    }
    let record = session.record();
    if !continued {
        crate::games::print_turns(&record)?;
    }
    say!();
    crate::games::print_end(session.game())?;
    if let Some(path) = &record_path {
        write_record::<G>(path, &record)?;
    }
    Ok(())
}

/// What `--from` continues.
enum From {
    /// Nothing: a new game.
    Nothing,
    /// A game record, from this file.
    Record(PathBuf),
    /// A position file (no seats recorded).
    Position,
}

/// Whether `path` is a regular file that starts as a game text (only its first bytes are
/// read: a pipe, a terminal or `/dev/stdout` is not looked into).
fn holds_game_text(path: &std::path::Path) -> bool {
    use std::io::Read as _;
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
    read.is_ok() && mesopotamia::core::record::text::is_game_text(&String::from_utf8_lossy(&head))
}

fn write_record<G: CliGame>(path: &std::path::Path, record: &GameRecord<G>) -> Result<(), String> {
    // The game text for a file that holds one already (a game continued from it) or is
    // named `.txt`; JSON otherwise.
    let text = path.extension().is_some_and(|e| e == "txt") || holds_game_text(path);
    let out = if text {
        mesopotamia::core::record::text::write(record).map_err(|e| e.to_string())?
    } else {
        mesopotamia::table::write_record(record).map_err(|e| e.to_string())?
    };
    std::fs::write(path, out).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Where the game starts: the configuration's initial state, or the file of `--from` (a
/// game record, played through and checked, or a position), as a session seeded by
/// `--seed` (a record that says where its generator stood goes on with it). Says what it
/// continues.
fn starting_point<G: CliGame>(args: &PlayArgs) -> Result<(Session<G>, From), String> {
    let Some(path) = &args.from else {
        let options = args.options.for_game(G::DESCRIPTION)?;
        let config = G::configure(&options).map_err(|e| crate::options::message(&e))?;
        let session = Session::new(config, args.seed).map_err(|e| e.to_string())?;
        return Ok((session, From::Nothing));
    };
    let (state, record, is_record) = read_from::<G>(
        path,
        &args.options,
        "continues the game with the file's configuration",
    )?;
    if state.is_terminal() {
        return Err(format!(
            "{}: the game is over: nothing to continue",
            path.display()
        ));
    }
    if !is_record {
        return Ok((Session::from_state(state, args.seed), From::Position));
    }
    let named = |e: String| format!("{}: {e}", path.display());
    let mut session = Session::from_record(&record).map_err(|e| named(e.to_string()))?;
    if record.rng_position.is_none() {
        // A record that does not say where its generator stood goes on with `--seed`.
        session = session.reseeded(args.seed);
    }
    Ok((session, From::Record(path.clone())))
}

/// The state in the source of a `--from` option (`play`, `perft`), its record, and whether
/// the source is a record: a game record (JSON or the game text), played through and
/// checked, gives its last state; a position (a file in either form, or a one-line position
/// given as the argument) gives its position, and a record that starts there. The source
/// holds the configuration, so game options are refused: `with_file` says what `--from`
/// does with it, for that message.
pub(crate) fn read_from<G: CliGame>(
    path: &std::path::Path,
    options: &crate::options::GameOptionArgs,
    with_file: &str,
) -> Result<(G, GameRecord<G>, bool), String> {
    let named = |e: String| format!("{}: {e}", path.display());
    if options.any_given() {
        return Err(named(format!(
            "--from {with_file}: leave out --players and the game options"
        )));
    }
    // The record starts at the position (its text as the game writes it), so that `replay`
    // and a later `--from` read the game from there.
    let from_position = |text: &str| -> Result<(G, GameRecord<G>, bool), String> {
        let state = G::from_position(text)?;
        let record = GameRecord::new(state.config().clone()).with_start(state.position());
        Ok((state, record, false))
    };
    if let Some(line) = crate::source::one_line_argument(path) {
        return from_position(line).map_err(|e| format!("the one-line position: {e}"));
    }
    let text = crate::records::read_text(path)?;
    if crate::records::is_record(&text) {
        let game = crate::records::game_of(&text).map_err(named)?;
        if game != G::NAME {
            return Err(named(format!(
                "a record of a `{game}` game, not of `{}`",
                G::NAME
            )));
        }
        let record = crate::records::parse::<G>(&text).map_err(named)?;
        let state = G::replay_record(&record).map_err(named)?;
        Ok((state, record, true))
    } else {
        from_position(&text).map_err(named)
    }
}

/// A person's decision back to the table.
enum Answer<A> {
    Play(A),
    Undo,
    Quit,
}

/// A game with people at the terminal: each step is told as it happens (only what the
/// people may see), each person is shown the table from its own view.
struct Table<G: CliGame> {
    session: Session<G>,
    /// Where the record goes (on `quit`, at the end, on a failure).
    record_path: Option<PathBuf>,
    /// What each person drew since its last decision (told only to that person).
    drawn: Vec<Vec<String>>,
    /// What was told since each person's last decision (shown again after a hand-off
    /// screen cleared the terminal).
    since: Vec<Vec<MarkedString>>,
    /// The person who decided last (hot seat: a new one gets the hand-off screen).
    last_person: Option<Seat>,
    /// Whether the commands were explained yet.
    explained: bool,
}

impl<G: CliGame> Table<G> {
    fn new(session: Session<G>, record_path: Option<PathBuf>) -> Self {
        let n = session.game().seat_count();
        Table {
            session,
            record_path,
            drawn: vec![Vec::new(); n],
            since: vec![Vec::new(); n],
            last_person: None,
            explained: false,
        }
    }

    fn persons(&self) -> usize {
        self.session.people().len()
    }

    /// Prints a line of narration, and keeps it for the people to see again after a
    /// hand-off screen.
    fn tell(&mut self, mut line: MarkedString) -> Result<(), String> {
        line.push_str("\n");
        term::print_marked(&line)?;
        for seat in self.session.people().iter() {
            self.since[seat.index()].push(line.clone());
        }
        Ok(())
    }

    /// Plays to the end, a `quit`, or input that ends; the record is written when asked
    /// for, whichever way the game stops.
    fn play(mut self) -> Result<(), String> {
        let result = self.play_on();
        let record = self.session.record();
        if let Some(path) = &self.record_path {
            write_record::<G>(path, &record)?;
        }
        match result {
            Ok(true) => {
                say!();
                crate::games::print_end(self.session.game())?;
                Ok(())
            }
            Ok(false) => {
                match &self.record_path {
                    Some(path) => say!(
                        "game saved in {} ({} steps): continue it with `mesopotamia play {} --from {}`",
                        path.display(),
                        record.steps.len(),
                        G::NAME,
                        path.display()
                    ),
                    None => say!("game left unfinished (give --record FILE to keep it)"),
                }
                Ok(())
            }
            Err(why) => Err(match &self.record_path {
                Some(path) => format!(
                    "{why} (the {} steps played are recorded in {})",
                    record.steps.len(),
                    path.display()
                ),
                None => why,
            }),
        }
    }

    /// Tells the last step played: its events, and what the people may see of it.
    fn tell_step(
        &mut self,
        who: Option<(Seat, String)>,
        events: Vec<crate::games::Event<G>>,
    ) -> Result<(), String> {
        let index = self.session.steps().len() - 1;
        match who {
            Some((seat, name)) => {
                let mut line = MarkedString::new();
                written(write_seat_name(&mut line, seat))?;
                let shown = self.session.shown(index).unwrap_or_default();
                line.push_str(&format!(" ({name}): {shown}"));
                self.tell(line)?;
                for e in events {
                    let mut line = MarkedString::from("  ".to_owned());
                    written(e.fmt_marked(&mut line))?;
                    self.tell(line)?;
                }
            }
            None => {
                match self.session.shown(index) {
                    // The events tell a public outcome in words, when the game has any.
                    Some(outcome) if events.is_empty() => {
                        self.tell(MarkedString::from(format!("chance: {outcome}")))?
                    }
                    Some(_) => {}
                    None => {
                        // A secret draw is told only to its drawer: `draw red` as `red`.
                        let people = self.session.people();
                        let seen_by = self.session.seen_by(index).unwrap_or_default();
                        for seat in seen_by.iter().filter(|s| people.contains(*s)) {
                            if let Some(text) = self.session.seen(seat, index) {
                                let what = text.strip_prefix("draw ").unwrap_or(&text).to_owned();
                                self.drawn[seat.index()].push(what);
                            }
                        }
                    }
                }
                for e in events {
                    self.tell(MarkedString::of(&e))?;
                }
            }
        }
        Ok(())
    }

    /// `Ok(true)` at the end of the game, `Ok(false)` on `quit`.
    fn play_on(&mut self) -> Result<bool, String> {
        let bound = self.session.game().max_steps();
        loop {
            if self.session.steps().len() > bound {
                return Err(format!("the game broke its contract: beyond {bound} steps"));
            }
            match self.session.to_move() {
                ToMove::Terminal => return Ok(true),
                ToMove::Chance => {
                    let (_, events) = self.session.sample_chance().map_err(|e| e.to_string())?;
                    self.tell_step(None, events)?;
                }
                ToMove::Seat(seat) if !self.session.is_person(seat) => {
                    let name = self
                        .session
                        .seat_spec(seat)
                        .map(|s| s.to_string())
                        .unwrap_or_default();
                    let (_, events) = self.session.bot_turn().map_err(|e| e.to_string())?;
                    self.tell_step(Some((seat, name)), events)?;
                }
                ToMove::Seat(seat) => {
                    let legal = self.session.legal();
                    if legal.is_empty() {
                        return Err(format!(
                            "the game broke its contract: seat {seat} to move without a legal action"
                        ));
                    }
                    match self.ask(seat, &legal)? {
                        Answer::Play(action) => {
                            let name = if self.persons() == 1 { "you" } else { "person" };
                            let events = self.session.play(action).map_err(|e| e.to_string())?;
                            self.tell_step(Some((seat, name.to_owned())), events)?;
                        }
                        Answer::Quit => return Ok(false),
                        Answer::Undo => {
                            // Back to the person's previous decision: the one before this.
                            self.session.undo(seat).map_err(|e| e.to_string())?;
                            self.drawn = vec![Vec::new(); self.drawn.len()];
                            say!(
                                "-- back to your previous decision (the same draws come again) --"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Reads one line of standard input (locked only while reading: several people share
    /// it); `None` when the input ended.
    fn read_line() -> Result<Option<String>, String> {
        let mut line = String::new();
        let read = std::io::stdin()
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the input: {e}"))?;
        Ok((read > 0).then_some(line))
    }

    /// Hot seat: a screen between two people, so that one does not see the other's hand.
    fn hand_off(&mut self, seat: Seat) -> Result<(), String> {
        if self.persons() < 2 || self.last_person == Some(seat) {
            self.since[seat.index()].clear();
            return Ok(());
        }
        let cleared = term::is_terminal();
        if cleared {
            // Clear the screen: the previous person's hand leaves it.
            say_raw!("\x1b[2J\x1b[H");
        } else {
            say!();
        }
        say!("-- seat {seat}'s decision: pass the terminal to seat {seat}, who presses Enter --");
        std::io::stdout().flush().map_err(crate::output_error)?;
        if Self::read_line()?.is_none() {
            return Err("the input ended before the game did".into());
        }
        let since = std::mem::take(&mut self.since[seat.index()]);
        if cleared && !since.is_empty() {
            say!("since your last decision:");
            for line in since {
                term::print_marked(&line)?;
            }
        }
        Ok(())
    }

    fn ask(&mut self, seat: Seat, legal: &[G::Action]) -> Result<Answer<G::Action>, String> {
        self.hand_off(seat)?;
        self.last_person = Some(seat);
        say!();
        term::print_marked(&MarkedString::of(&self.session.game().view(seat)))?;
        let drawn = std::mem::take(&mut self.drawn[seat.index()]);
        if !drawn.is_empty() {
            term::print(&format!("you drew: {}\n", drawn.join(", ")))?;
        }
        if !self.explained {
            self.explained = true;
            say!(
                "type an action (any letter case); ? lists the legal actions, and hint, undo, quit"
            );
        }
        say!("{} legal actions (? to list them)", legal.len());
        loop {
            say_raw!("seat {seat}> ");
            std::io::stdout().flush().map_err(crate::output_error)?;
            let Some(line) = Self::read_line()? else {
                return Err("the input ended before the game did".into());
            };
            let text = line.trim();
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "?" | "help" => {
                    print_legal::<G>(legal)?;
                    print_legend::<G>()?;
                    say!(
                        "also: hint (what the search suggests), undo (back to your previous decision), quit (stop; saved with --record)"
                    );
                    continue;
                }
                "hint" => {
                    // The session's hint: a search of its own seed, nothing changes.
                    print_hint(self.session.hint().ok())?;
                    continue;
                }
                "undo" => {
                    let decided = self.session.steps().iter().any(
                        |s| matches!(s, mesopotamia::core::Step::Action(by, _) if *by == seat),
                    );
                    if self.persons() > 1 {
                        say!(
                            "undo is for games against bots: here it would take back another person's decisions"
                        );
                    } else if !decided {
                        say!("nothing to undo: this is your first decision");
                    } else {
                        return Ok(Answer::Undo);
                    }
                    continue;
                }
                "quit" | "exit" => return Ok(Answer::Quit),
                _ => {}
            }
            match text.parse::<G::Action>() {
                Err(e) => say!("`{text}` is not an action: {e} (type ? to list the legal actions)"),
                // The listed action itself: its notation is the canonical one (letter case).
                Ok(action) => match legal.iter().find(|&&a| a == action) {
                    Some(&action) => return Ok(Answer::Play(action)),
                    None => match self.session.game().clone().apply(action) {
                        Err(e) => say!("{e}"),
                        Ok(()) => say!("`{action}` is not legal now"),
                    },
                },
            }
        }
    }
}

/// Candidates a hint shows with their shares.
const HINT_SHOWN: usize = 5;

/// The hint's action, then its best candidates with their shares of the search's visits.
fn print_hint<A: core::fmt::Display>(
    hint: Option<mesopotamia::table::Hint<A>>,
) -> Result<(), String> {
    let Some(hint) = hint else {
        say!("hint: nothing to choose");
        return Ok(());
    };
    say!("hint: {}", hint.action);
    let among = if hint.shares.len() < hint.legal {
        format!(
            "the {} legal actions the greedy evaluation rates best (of {})",
            hint.shares.len(),
            hint.legal
        )
    } else {
        format!("all {} legal actions", hint.legal)
    };
    say!(
        "  the search bot's {} iterations among {among}; share of its visits:",
        hint.iterations
    );
    for (action, share) in hint.shares.iter().take(HINT_SHOWN) {
        say!("  {:>5.1}%  {action}", 100.0 * share);
    }
    Ok(())
}

/// The legend of the game's board symbols, as its library gives it.
pub(crate) fn print_legend<G: CliGame>() -> Result<(), String> {
    say!("legend of the board's symbols:");
    let legend = G::DESCRIPTION.legend;
    let width = legend.iter().map(|(s, _)| s.len()).max().unwrap_or(0);
    for (symbols, meaning) in legend {
        say!("  {symbols:<width$}  {meaning}");
    }
    Ok(())
}

/// The actions of one verb that share their middle words: those words and the last words.
type Form = (String, Vec<String>);

/// Lists the legal actions compactly, grouped by their first word: actions that differ
/// only in their last word share a line (`tile red: A1 B1 C1 ...`); a verb with many
/// different forms (swaps) lists them on its own line, separated by commas.
fn print_legal<G: Game>(legal: &[G::Action]) -> Result<(), String> {
    say!("legal actions ({}):", legal.len());
    // verb -> (middle words -> last words), in the order of the legal list.
    let mut verbs: Vec<(String, Vec<Form>)> = Vec::new();
    for action in legal {
        let text = action.to_string();
        let words: Vec<&str> = text.split_whitespace().collect();
        let (verb, middle, last) = match words.as_slice() {
            [] => continue,
            [verb] => (*verb, String::new(), String::new()),
            [verb, last] => (*verb, String::new(), (*last).to_owned()),
            [verb, middle @ .., last] => (*verb, middle.join(" "), (*last).to_owned()),
        };
        let at = match verbs.iter().position(|(v, _)| v == verb) {
            Some(at) => at,
            None => {
                verbs.push((verb.to_owned(), Vec::new()));
                verbs.len() - 1
            }
        };
        let forms = &mut verbs[at].1;
        match forms.iter_mut().find(|(m, _)| *m == middle) {
            Some((_, lasts)) => lasts.push(last),
            None => forms.push((middle, vec![last])),
        }
    }
    for (verb, forms) in verbs {
        // Many forms of few actions each (swaps) read better on one line.
        let spread = forms.len() > 4 && forms.iter().map(|(_, l)| l.len()).sum::<usize>() <= 64;
        if spread {
            let items: Vec<String> = forms
                .iter()
                .flat_map(|(middle, lasts)| {
                    lasts.iter().map(move |last| {
                        [middle.as_str(), last.as_str()]
                            .iter()
                            .filter(|w| !w.is_empty())
                            .copied()
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                })
                .collect();
            wrapped(&format!("  {verb}:"), &items, ",")?;
            continue;
        }
        for (middle, lasts) in forms {
            let head = [verb.as_str(), middle.as_str()]
                .iter()
                .filter(|w| !w.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            match lasts.as_slice() {
                [last] if last.is_empty() => say!("  {head}"),
                [last] => say!("  {head} {last}"),
                _ => wrapped(&format!("  {head}:"), &lasts, "")?,
            }
        }
    }
    Ok(())
}

/// `head` and the items, wrapped at 100 columns with an indented continuation.
fn wrapped(head: &str, items: &[String], separator: &str) -> Result<(), String> {
    let mut line = head.to_owned();
    for (i, item) in items.iter().enumerate() {
        let sep = if i + 1 < items.len() { separator } else { "" };
        if line.len() + item.len() + sep.len() + 1 > 100 {
            say!("{line}");
            line = " ".repeat(4);
        }
        line.push(' ');
        line.push_str(item);
        line.push_str(sep);
    }
    say!("{}", line.trim_end());
    Ok(())
}
