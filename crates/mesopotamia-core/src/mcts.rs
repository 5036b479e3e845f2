//! A search bot for any [`Game`]: information-set Monte Carlo tree search.
//!
//! Each iteration plays one imagined game from the decision at hand:
//!
//! 1. **Determinization.** What the bot's seat cannot see (other hands, the order of a bag)
//!    is redrawn with [`Game::resample_hidden`] from its own seat, so the search never uses
//!    the hidden part of the real state: two states with the same view for the bot's seat
//!    give the same decision with the same seed.
//! 2. **Selection.** The tree is keyed by the actions played, not by states ("open loop"):
//!    chance outcomes are drawn by weight on the way down and are not nodes, so one node
//!    stands for every state the same actions can lead to. At each node the seat to move in
//!    the imagined game picks, among the actions legal there, the one with the best UCT
//!    score for *its own* mean payoff, so every seat plays for itself in 3 and 4 player games.
//!    An action's exploration term counts how often it was legal when its node was visited
//!    (its availability), since the legal set changes with the imagined hidden state.
//! 3. **Expansion** of one action not tried yet at the node, chosen at random.
//! 4. **Rollout** to the end of the game by uniformly random play through the games' fast
//!    path ([`Game::play_random`], [`Game::play_chance_random`]).
//! 5. **Backup** of every seat's payoff ([`Standings::payoff`](crate::Standings::payoff):
//!    1 for sole first, 0 for sole last, shared ranks sharing) along the path.
//!
//! The decision is the root action visited most. With several threads, each searches its
//! own tree from its own seed (root parallelism) and the visits are added up; the result
//! depends on the seed and the thread count, not on timing, unless a time budget is set.
//! On the web (`wasm32-unknown-unknown`, which has no threads) the trees are searched one
//! after another on the caller's thread, with the same seeds: the same result as natively.
//!
//! ```
//! use mesopotamia_core::mcts::{MctsBot, MctsConfig};
//! # use mesopotamia_core::Game;
//! # fn demo<G: Game + Send + Sync>(game: &G, seat: mesopotamia_core::Seat, legal: &[G::Action], rng: &mut dyn mesopotamia_core::rand_core::Rng) where G::Action: Send + Sync {
//! let mut bot = MctsBot::new(MctsConfig::iterations(400));
//! let analysis = bot.analyse(game, seat, legal, rng).expect("a legal action");
//! println!("{} ({:.0}% of the visits)", analysis.choice, 100.0 * analysis.share());
//! # }
//! ```

use core::time::Duration;
// `std::time::Instant` panics on the web's wasm target (no clock there); `web-time` reads the
// page's `performance.now()` instead. Native builds keep std.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

use rand_core::{Rng, TryRng};

use crate::driver::Bot;
use crate::game::{Game, ToMove};
use crate::seat::{MAX_SEATS, Seat};

/// How much a search may do per decision.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// Iterations per decision, over all threads (at least 1).
    pub iterations: u32,
    /// A time limit per decision: the search stops at whichever of the two comes first.
    /// Searches with a time limit are not reproducible.
    pub time: Option<Duration>,
    /// The UCT exploration constant (payoffs lie in `[0, 1]`).
    pub exploration: f64,
    /// Threads searching separate trees (root parallelism); 1 searches on the caller's
    /// thread.
    pub threads: usize,
    /// With an evaluation ([`MctsBot::with_evaluation`]): random decisions played after the
    /// tree before the evaluation ranks the seats. Without one, rollouts go to the end.
    pub rollout_depth: u32,
    /// With an evaluation: the value difference that moves a seat's payoff from 0.5 to
    /// about 0.73 (payoff = logistic(value / scale)).
    pub evaluation_scale: f64,
    /// With an evaluation: search guided by it (see [`MctsConfig::with_priors`]), the
    /// softmax temperature of the priors in the evaluation's units. `None`: plain UCT.
    pub prior_temperature: Option<f64>,
    /// Guided search: the decisions from the root that are guided; deeper nodes are
    /// searched by plain UCT with [`uct_exploration`](MctsConfig::uct_exploration).
    pub guided_depth: u32,
    /// Guided search: the UCT exploration constant below
    /// [`guided_depth`](MctsConfig::guided_depth).
    pub uct_exploration: f64,
    /// Whether the bot keeps, after a choice, the subtree of the action chosen, and searches
    /// on from it at its next decision when that decision follows at once (see
    /// [`MctsConfig::with_tree_reuse`]).
    pub reuse_tree: bool,
}

impl MctsConfig {
    /// A search of `iterations` iterations per decision on one thread.
    pub const fn iterations(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            time: None,
            exploration: 0.7,
            threads: 1,
            rollout_depth: 0,
            evaluation_scale: 1.0,
            prior_temperature: None,
            guided_depth: u32::MAX,
            uct_exploration: 0.1,
            reuse_tree: false,
        }
    }

    /// The same, keeping the tree between the bot's consecutive decisions: after a choice
    /// ([`Bot::choose`]) the bot keeps the subtree below the action chosen, and when its
    /// next decision comes straight after (the same seat to move, and the same view for
    /// it as that action left: nobody else played and nothing was drawn in between; a
    /// card-game turn is two actions) the search starts from that subtree, with the
    /// visits it already holds, instead of from nothing. Any other decision starts
    /// afresh. [`MctsBot::analyse`] never reuses a tree: only [`Bot::choose`] does.
    pub const fn with_tree_reuse(mut self) -> MctsConfig {
        self.reuse_tree = true;
        self
    }

    /// The same with a guided search only for the first `decisions` decisions from the
    /// root, plain UCT (exploration constant `uct_exploration`) below: the guided nodes
    /// judge every action, which costs an iteration as much as a greedy decision, and a
    /// deeper, cheaper search pays more in some games (the card game).
    pub const fn with_guided_depth(mut self, decisions: u32, uct_exploration: f64) -> MctsConfig {
        self.guided_depth = decisions;
        self.uct_exploration = uct_exploration;
        self
    }

    /// The same, guided by the evaluation (with [`MctsBot::with_evaluation`]; without one
    /// this setting is ignored). A node met for the first time judges every legal action
    /// by the evaluation of the state it leads to, for the seat to move: those judgements
    /// are the actions' priors (softmax at `temperature`, in the evaluation's units) and
    /// their first values (as one visit each). Selection is then PUCT,
    /// `q + exploration * prior * sqrt(n) / (1 + visits)`, with each node's values rescaled
    /// to `[0, 1]` between its worst and best action, so that the exploration constant
    /// means the same whatever the spread of the payoffs. An iteration that reaches a new
    /// node scores it by its best action's judgement (the seat to move there plays its
    /// best reply), or, with a [`rollout_depth`](MctsConfig::rollout_depth), by a random
    /// rollout from it. The choice is the action visited most, ties going to the best
    /// value: a search of a single iteration plays as the greedy bot would.
    ///
    /// Plain UCT expands one random action per iteration and cannot tell apart actions
    /// whose payoffs differ by less than its exploration term: with hundreds of legal
    /// actions (Tigris & Euphrates) it chose about the first legal one.
    pub const fn with_priors(mut self, temperature: f64) -> MctsConfig {
        self.prior_temperature = Some(temperature);
        self
    }

    /// The same with another evaluation scale (see [`MctsConfig::evaluation_scale`]).
    pub const fn with_evaluation_scale(mut self, scale: f64) -> MctsConfig {
        self.evaluation_scale = scale;
        self
    }

    /// The same with `decisions` random decisions before an evaluation (see
    /// [`MctsBot::with_evaluation`]).
    pub const fn with_rollout_depth(mut self, decisions: u32) -> MctsConfig {
        self.rollout_depth = decisions;
        self
    }

    /// The same with a time limit per decision.
    pub const fn with_time(mut self, time: Duration) -> MctsConfig {
        self.time = Some(time);
        self
    }

    /// The same with another exploration constant.
    pub const fn with_exploration(mut self, c: f64) -> MctsConfig {
        self.exploration = c;
        self
    }

    /// The same on `threads` threads (at least 1).
    pub const fn with_threads(mut self, threads: usize) -> MctsConfig {
        self.threads = threads;
        self
    }
}

/// What a search found at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<A> {
    /// The action chosen: the one visited most (ties to the first in the legal order).
    pub choice: A,
    /// Each legal action with its visits and the mean payoff it brought the deciding seat,
    /// most visited first.
    pub actions: Vec<(A, u32, f64)>,
    /// Iterations done.
    pub iterations: u32,
}

impl<A: PartialEq> Analysis<A> {
    /// The chosen action's share of the root visits.
    pub fn share(&self) -> f64 {
        let total: u32 = self.actions.iter().map(|a| a.1).sum();
        let chosen = self
            .actions
            .iter()
            .find(|a| a.0 == self.choice)
            .map_or(0, |a| a.1);
        if total == 0 {
            0.0
        } else {
            f64::from(chosen) / f64::from(total)
        }
    }
}

/// How good a state looks for a seat (higher is better), as a game's greedy bot judges it.
pub type Evaluation<G> = fn(&G, Seat) -> i64;

/// The information-set MCTS bot (see the [module](self) documentation).
#[derive(Clone)]
pub struct MctsBot<G: Game> {
    config: MctsConfig,
    evaluation: Option<Evaluation<G>>,
    /// The share of the root visits of each legal action at the last choice.
    policy: Vec<f64>,
    /// With [`MctsConfig::reuse_tree`]: the subtrees (one per thread) below the last
    /// choice, and the state that choice left.
    kept: Option<Kept<G>>,
}

/// One search's tree: its nodes, the root first.
type Tree<A> = Vec<Node<A>>;

/// An analysis and the trees searched for it (one per thread).
type Searched<A> = (Analysis<A>, Vec<Tree<A>>);

/// Trees kept for the next decision ([`MctsConfig::with_tree_reuse`]).
#[derive(Clone)]
struct Kept<G: Game> {
    seat: Seat,
    /// The state the choice led to (its view for `seat` is what counts).
    state: G,
    trees: Vec<Tree<G::Action>>,
}

impl<G: Game> core::fmt::Debug for MctsBot<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MctsBot")
            .field("config", &self.config)
            .field("evaluation", &self.evaluation.is_some())
            .finish()
    }
}

impl<G: Game> MctsBot<G> {
    /// A bot searching as `config` says, with rollouts to the end of the game.
    pub const fn new(config: MctsConfig) -> MctsBot<G> {
        MctsBot {
            config,
            evaluation: None,
            policy: Vec::new(),
            kept: None,
        }
    }

    /// The same, but a rollout stops after [`MctsConfig::rollout_depth`] random decisions
    /// and each seat's payoff is `logistic(evaluation(state, seat) / evaluation_scale)` (an
    /// evaluation is a seat's margin over its best opponent, so that a lead gives more than
    /// 0.5). A game that ends sooner is scored by its standings. Games whose random endings
    /// say little about a position (Tigris & Euphrates: a random game's score is noise)
    /// search much better this way.
    pub const fn with_evaluation(mut self, evaluation: Evaluation<G>) -> MctsBot<G> {
        self.evaluation = Some(evaluation);
        self
    }

    /// The same bot with another budget: `iterations` per decision and, if given, a time
    /// limit (the search stops at whichever comes first), its other settings kept.
    pub const fn with_budget(mut self, iterations: u32, time: Option<Duration>) -> MctsBot<G> {
        self.config.iterations = iterations;
        self.config.time = time;
        self
    }

    /// The bot's configuration.
    pub const fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Whether the search is guided by the evaluation ([`MctsConfig::with_priors`]).
    const fn guided(&self) -> bool {
        self.evaluation.is_some() && self.config.prior_temperature.is_some()
    }

    /// Searches the decision of `seat` among `legal` (the legal actions of `game`, which
    /// `seat` is to play) and reports the visits; `None` when there is nothing to choose
    /// (`legal` empty).
    pub fn analyse(
        &self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> Option<Analysis<G::Action>>
    where
        G: Send + Sync,
        G::Action: Send + Sync,
    {
        self.analyse_on(game, seat, legal, rng, Trees::HERE, false, Vec::new())
            .map(|a| a.0)
    }

    /// [`analyse`](Self::analyse) with the root's choice limited to `among`, some of the
    /// legal actions of `game` (for `seat`): the whole budget goes to them, and the
    /// analysis reports them alone. Deeper in the tree every legal action is searched as
    /// usual. A front end narrows a wide decision this way (a hint searching the greedy
    /// bot's best candidates), without changing the bot's own search.
    ///
    /// Actions of `among` that are not legal are never chosen at the root (they get no
    /// visits); with none legal, the root is searched whole.
    pub fn analyse_among(
        &self,
        game: &G,
        seat: Seat,
        among: &[G::Action],
        rng: &mut dyn Rng,
    ) -> Option<Analysis<G::Action>>
    where
        G: Send + Sync,
        G::Action: Send + Sync,
    {
        let mut among = among.to_vec();
        among.sort_unstable();
        among.dedup();
        self.analyse_on(game, seat, &among, rng, Trees::HERE, true, Vec::new())
            .map(|a| a.0)
    }

    /// [`analyse`](Self::analyse), with the trees searched as `trees` says; with
    /// `restrict`, the root chooses among `legal` (sorted) only; each thread starting from
    /// its tree of `start` if there is one for it (else from nothing). The searched trees
    /// come back with the analysis.
    #[allow(clippy::too_many_arguments)]
    fn analyse_on(
        &self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
        trees: Trees,
        restrict: bool,
        start: Vec<Tree<G::Action>>,
    ) -> Option<Searched<G::Action>>
    where
        G: Send + Sync,
        G::Action: Send + Sync,
    {
        if legal.is_empty() {
            return None;
        }
        let threads = self.config.threads.max(1);
        let iterations = self.config.iterations.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
        let deadline = self.config.time.map(|t| Instant::now() + t);
        let start: Vec<std::sync::Mutex<Vec<Node<G::Action>>>> =
            start.into_iter().map(std::sync::Mutex::new).collect();
        // Only what the threads need (not the kept trees).
        let (config, evaluation) = (&self.config, self.evaluation);
        let per_thread = |t: usize| {
            // Iterations split evenly, the first threads taking the remainder.
            let share =
                iterations / threads as u32 + u32::from((t as u32) < iterations % threads as u32);
            let mut search = Search::new(game, seat, config, evaluation, seeds[t]);
            if let Some(tree) = start.get(t)
                && let Ok(mut tree) = tree.lock()
                && !tree.is_empty()
            {
                search.nodes = core::mem::take(&mut *tree);
            }
            if restrict {
                search.root_among = legal;
            }
            search.run(share.max(1), deadline);
            (search.root_visits(legal), search.nodes)
        };
        let results = trees.search(threads, per_thread);
        let mut visits = vec![0u32; legal.len()];
        let mut reward = vec![0f64; legal.len()];
        let mut weight = vec![0f64; legal.len()];
        let mut done = 0;
        let (results, searched): (Vec<_>, Vec<_>) = results.into_iter().unzip();
        for (per_action, n) in &results {
            done += n;
            for (i, (v, r, w)) in per_action.iter().enumerate() {
                visits[i] += v;
                reward[i] += r;
                weight[i] += w;
            }
        }
        let mut actions: Vec<(G::Action, u32, f64)> = legal
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let mean = if weight[i] == 0.0 {
                    0.0
                } else {
                    reward[i] / weight[i]
                };
                (a, visits[i], mean)
            })
            .collect();
        if self.guided() {
            // Among the most visited, the best valued (a search too short to visit
            // anything twice plays the best first judgement).
            actions.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        } else {
            // Stable: among the most visited, the first in legal order is chosen.
            actions.sort_by_key(|a| std::cmp::Reverse(a.1));
        }
        Some((
            Analysis {
                choice: actions[0].0,
                actions,
                iterations: done,
            },
            searched,
        ))
    }
}

impl<G> Bot<G> for MctsBot<G>
where
    G: Game + Send + Sync,
    G::Action: Send + Sync,
{
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        self.policy.clear();
        match legal {
            [only] => {
                self.policy.push(1.0);
                *only
            }
            // `analyse` gives a choice whenever `legal` is not empty.
            _ => match self.analyse_and_keep(game, seat, legal, rng) {
                Some(analysis) => {
                    // Visits by action, sorted once: a look-up per legal action stays
                    // O(log n) (a T&E decision has some 700).
                    let mut visits: Vec<(G::Action, u32)> =
                        analysis.actions.iter().map(|a| (a.0, a.1)).collect();
                    visits.sort_unstable_by_key(|a| a.0);
                    let total = f64::from(visits.iter().map(|a| a.1).sum::<u32>()).max(1.0);
                    self.policy.extend(legal.iter().map(|action| {
                        visits
                            .binary_search_by(|a| a.0.cmp(action))
                            .map_or(0.0, |i| f64::from(visits[i].1) / total)
                    }));
                    analysis.choice
                }
                None => legal[0],
            },
        }
    }

    /// The share of the root visits of each legal action at the last choice (a single
    /// legal action takes them all, unsearched).
    fn policy(&self) -> Option<&[f64]> {
        (!self.policy.is_empty()).then_some(self.policy.as_slice())
    }
}

/// How the trees of a multi-threaded search are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trees {
    /// Each on its own thread (root parallelism).
    #[cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), allow(dead_code))]
    Parallel,
    /// One after another on the caller's thread: the web's wasm has no threads
    /// (`std::thread` panics there). Each tree has its own seed, so the result is the same.
    #[cfg_attr(
        not(any(test, all(target_arch = "wasm32", target_os = "unknown"))),
        allow(dead_code)
    )]
    Sequential,
}

impl Trees {
    /// What this target can do.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    const HERE: Trees = Trees::Parallel;
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    const HERE: Trees = Trees::Sequential;

    /// The results of `per_tree` for each tree `0..trees`, in order.
    fn search<R: Send>(self, trees: usize, per_tree: impl Fn(usize) -> R + Sync) -> Vec<R> {
        if trees == 1 || self == Trees::Sequential {
            return (0..trees).map(per_tree).collect();
        }
        let per_tree = &per_tree;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..trees)
                .map(|t| scope.spawn(move || per_tree(t)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    }
}

/// Entries of a search's table of logarithms at most (512 KiB): availabilities beyond are
/// computed.
const LN_TABLE: usize = 1 << 16;

/// One action's statistics at a node that plain UCT reads at every visit of the node: kept
/// apart from the rest ([`Tally`]) so that the walk over a node's 300-odd edges reads a
/// few kilobytes, not fifty.
#[derive(Clone)]
struct Edge<A> {
    action: A,
    /// Plain UCT: seat `mean_of - 1`'s mean payoff (`Tally::reward / visits`; 0: none
    /// kept), kept between visits: every legal edge is scored at each visit of its node,
    /// and this division changes only when the edge itself is visited.
    mean_of: u8,
    visits: u32,
    /// Times the action was legal when its node was visited.
    available: u32,
    /// Where the edge's [`Tally`] is in its node's `tallies`.
    tally: u32,
    mean: f64,
}

impl<A> Edge<A> {
    const fn new(action: A) -> Edge<A> {
        Edge {
            action,
            mean_of: 0,
            visits: 0,
            available: 1,
            tally: 0,
            mean: 0.0,
        }
    }
}

/// The rest of an edge's statistics, read on the way down, at the backup and by the
/// guided search.
#[derive(Clone)]
struct Tally {
    /// Sum of each seat's payoff over the iterations through this edge.
    reward: [f64; MAX_SEATS],
    /// The node reached, once expanded.
    child: Option<u32>,
    /// Guided search: the prior, and each seat's payoff as first judged (one visit's
    /// worth).
    prior: f64,
    first: [f64; MAX_SEATS],
}

impl Tally {
    const NEW: Tally = Tally {
        reward: [0.0; MAX_SEATS],
        child: None,
        prior: 0.0,
        first: [0.0; MAX_SEATS],
    };
}

/// A node: the actions tried from it, sorted by action, and their tallies in the order the
/// edges were made (`edges[i].tally` is the place of edge `i`'s): a new edge moves the small
/// edges after it, not the tallies.
#[derive(Clone)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    tallies: Vec<Tally>,
    /// Guided search: the softmax's reference value and sum when the node was expanded
    /// (actions met later, under another hidden state, are judged on the same footing).
    prior_max: f64,
    prior_sum: f64,
}

impl<A: Copy + Ord> Node<A> {
    const fn new() -> Node<A> {
        Node {
            edges: Vec::new(),
            tallies: Vec::new(),
            prior_max: 0.0,
            prior_sum: 1.0,
        }
    }

    /// The tally of edge `i`.
    fn tally(&self, i: usize) -> &Tally {
        &self.tallies[self.edges[i].tally as usize]
    }

    /// The tally of edge `i`, to change.
    fn tally_mut(&mut self, i: usize) -> &mut Tally {
        &mut self.tallies[self.edges[i].tally as usize]
    }

    /// Adds an edge and its tally in their sorted place; returns its index.
    fn insert(&mut self, edge: Edge<A>, tally: Tally) -> usize {
        let mut edge = edge;
        edge.tally = self.tallies.len() as u32;
        self.tallies.push(tally);
        let at = self.edges.partition_point(|x| x.action < edge.action);
        self.edges.insert(at, edge);
        at
    }
}

/// One tree and its random source.
struct Search<'g, G: Game> {
    root_state: &'g G,
    seat: Seat,
    exploration: f64,
    rollout_depth: u32,
    scale: f64,
    evaluation: Option<Evaluation<G>>,
    /// Guided search: the priors' temperature (see [`MctsConfig::with_priors`]).
    temperature: Option<f64>,
    /// Guided search: scratch values of a node's legal edges.
    values: Vec<f64>,
    /// Guided search: decisions from the root that are guided, and the UCT constant below.
    guided_depth: u32,
    uct_exploration: f64,
    nodes: Vec<Node<G::Action>>,
    rng: SplitMix64,
    legal: Vec<G::Action>,
    /// The root's legal actions once listed (`legal_here`), when the root is the searching
    /// seat's own decision: the same in every redraw, since what a seat may do depends only
    /// on what it sees (a contract of [`Game::resample_hidden`] the conformance kit checks).
    root_legal: Option<Vec<G::Action>>,
    /// Scratch of `select_uct`: the legal places of a node's edges.
    tried: Vec<usize>,
    /// Whether the root's edges are its legal actions, one for one (`select_uct`).
    root_exact: bool,
    outcomes: Vec<(G::Chance, u32)>,
    /// The edges (node, edge index) of the current iteration, kept to save an allocation.
    path: Vec<(u32, usize)>,
    /// The actions the root may choose (sorted), when they are limited
    /// ([`MctsBot::analyse_among`]); empty: every legal action.
    root_among: &'g [G::Action],
    /// `ln n` for the availabilities met so far (`ln` is a software routine on the web's
    /// wasm, and UCT takes one per legal edge per visit: a table made the search there
    /// about a third faster). The same values as `f64::ln`, so the same search.
    ln: Vec<f64>,
    iterations: u32,
}

impl<'g, G: Game> Search<'g, G> {
    fn new(
        root_state: &'g G,
        seat: Seat,
        config: &MctsConfig,
        evaluation: Option<Evaluation<G>>,
        seed: u64,
    ) -> Self {
        Search {
            root_state,
            seat,
            exploration: config.exploration,
            rollout_depth: config.rollout_depth,
            scale: if config.evaluation_scale > 0.0 {
                config.evaluation_scale
            } else {
                1.0
            },
            evaluation,
            temperature: config
                .prior_temperature
                .filter(|t| *t > 0.0 && evaluation.is_some()),
            values: Vec::new(),
            guided_depth: config.guided_depth,
            uct_exploration: config.uct_exploration,
            nodes: vec![Node::new()],
            rng: SplitMix64(seed),
            legal: Vec::new(),
            root_legal: None,
            tried: Vec::new(),
            root_exact: false,
            outcomes: Vec::new(),
            path: Vec::new(),
            root_among: &[],
            ln: Vec::new(),
            iterations: 0,
        }
    }

    fn run(&mut self, iterations: u32, deadline: Option<Instant>) {
        for _ in 0..iterations {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            // A node's availabilities count its visits, at most one per iteration so far.
            let needed = (self.iterations as usize + 2).min(LN_TABLE);
            while self.ln.len() < needed {
                self.ln.push((self.ln.len() as f64).ln());
            }
            self.iterate();
            self.iterations += 1;
        }
    }

    /// Visits, payoff sums (for the deciding seat) and the visits they are over (with the
    /// first judgement of a guided search) of each action of `legal` at the root, and the
    /// iterations done.
    fn root_visits(&self, legal: &[G::Action]) -> (Vec<(u32, f64, f64)>, u32) {
        let root = &self.nodes[0];
        let me = self.seat.index();
        let guided = self.temperature.is_some();
        let stats = legal
            .iter()
            .map(|a| match root.edges.binary_search_by(|e| e.action.cmp(a)) {
                Ok(i) => {
                    let (edge, tally) = (&root.edges[i], root.tally(i));
                    if guided {
                        (
                            edge.visits,
                            tally.reward[me] + tally.first[me],
                            f64::from(edge.visits) + 1.0,
                        )
                    } else {
                        (edge.visits, tally.reward[me], f64::from(edge.visits))
                    }
                }
                Err(_) => (0, 0.0, 0.0),
            })
            .collect();
        (stats, self.iterations)
    }

    /// One iteration: a descent from the root (plain UCT, or guided by the evaluation down
    /// to `guided_depth` decisions), a rollout or a judgement, and the backup.
    fn iterate(&mut self) {
        let guided = self.temperature.is_some();
        let mut state = self.root_state.resample_hidden(self.seat, &mut self.rng);
        let mut path = core::mem::take(&mut self.path);
        path.clear();
        let mut node = 0u32;
        let mut steps = 0usize;
        let bound = state.max_steps();
        // A guided search's new node may be scored by its best judged action instead of
        // a rollout.
        let mut leaf = None;
        let mut depth = 0u32;
        // Selection and expansion.
        loop {
            if steps > bound {
                break;
            }
            match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    if !matches!(
                        state.play_chance_random(&mut self.rng, &mut self.outcomes),
                        Ok(Some(_))
                    ) {
                        break;
                    }
                    steps += 1;
                }
                ToMove::Seat(mover) => {
                    // The root state itself, the searching seat's decision.
                    let own_root = steps == 0 && mover == self.seat;
                    self.legal_here(&state, path.is_empty(), own_root);
                    if self.legal.is_empty() {
                        break;
                    }
                    let (index, last) = if guided && depth < self.guided_depth {
                        depth += 1;
                        match self.select_guided(node, &state, mover) {
                            Some(index) => (index, false),
                            None => {
                                // A new node, judged now.
                                if self.rollout_depth == 0 {
                                    leaf = self.best_first(node, &state, mover);
                                }
                                break;
                            }
                        }
                    } else {
                        // Below the guided nodes (or not guided): plain UCT, one new
                        // action an iteration.
                        let exploration = if guided {
                            self.uct_exploration
                        } else {
                            self.exploration
                        };
                        self.select_uct(node, mover, exploration, own_root)
                    };
                    let action = self.nodes[node as usize].edges[index].action;
                    if state.apply(action).is_err() {
                        break;
                    }
                    steps += 1;
                    path.push((node, index));
                    if last {
                        break;
                    }
                    node = self.child(node, index);
                }
            }
        }
        let payoff = match leaf {
            Some(payoff) => payoff,
            None => self.rollout(&mut state, steps, bound),
        };
        self.backup(&path, &payoff);
        self.path = path;
    }

    /// Fills `self.legal` with the legal actions of `state` (sorted); at the root, only
    /// those the root may choose ([`MctsBot::analyse_among`]), or all of them when none
    /// of those is legal here. The searching seat's own root decision is listed once.
    fn legal_here(&mut self, state: &G, at_root: bool, own_root: bool) {
        if own_root && let Some(listed) = &self.root_legal {
            self.legal.clone_from(listed);
            return;
        }
        state.legal_actions(&mut self.legal);
        if at_root && !self.root_among.is_empty() {
            let among = self.root_among;
            self.legal.retain(|a| among.binary_search(a).is_ok());
            if self.legal.is_empty() {
                state.legal_actions(&mut self.legal);
            }
        }
        if own_root {
            self.root_legal = Some(self.legal.clone());
        }
    }

    /// The node the edge `index` of `node` leads to, made if new.
    fn child(&mut self, node: u32, index: usize) -> u32 {
        match self.nodes[node as usize].tally(index).child {
            Some(child) => child,
            None => {
                let child = self.nodes.len() as u32;
                self.nodes.push(Node::new());
                self.nodes[node as usize].tally_mut(index).child = Some(child);
                child
            }
        }
    }

    /// Adds one iteration's payoffs along `path`.
    fn backup(&mut self, path: &[(u32, usize)], payoff: &[f64; MAX_SEATS]) {
        for &(n, i) in path {
            let node = &mut self.nodes[n as usize];
            node.edges[i].visits += 1;
            node.edges[i].mean_of = 0;
            for (r, p) in node.tally_mut(i).reward.iter_mut().zip(payoff) {
                *r += p;
            }
        }
    }

    /// Each seat's payoff after a rollout from `state` (reached in `steps` of at most
    /// `bound`).
    fn rollout(&mut self, state: &mut G, mut steps: usize, bound: usize) -> [f64; MAX_SEATS] {
        // Rollout: to the end, or for `rollout_depth` decisions before an evaluation.
        let mut decisions = 0u32;
        while steps <= bound {
            if self.evaluation.is_some() && decisions >= self.rollout_depth {
                break;
            }
            let played = match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => matches!(
                    state.play_chance_random(&mut self.rng, &mut self.outcomes),
                    Ok(Some(_))
                ),
                ToMove::Seat(_) => {
                    decisions += 1;
                    matches!(
                        state.play_random(&mut self.rng, &mut self.legal),
                        Ok(Some(_))
                    )
                }
            };
            if !played {
                break;
            }
            steps += 1;
        }
        self.payoff(state)
    }

    /// Each seat's payoff in `state`: its standings if finished, else the evaluation's
    /// judgement if any; an unfinished game (a broken contract) counts as a draw for
    /// everyone.
    fn payoff(&self, state: &G) -> [f64; MAX_SEATS] {
        let mut payoff = [0.5f64; MAX_SEATS];
        let seats = state.seat_count();
        if let Some(standings) = state.standings() {
            for s in Seat::all(seats) {
                payoff[s.index()] = standings.payoff(s).unwrap_or(0.5);
            }
        } else if let Some(evaluate) = self.evaluation {
            for s in Seat::all(seats) {
                let value = evaluate(state, s) as f64 / self.scale;
                payoff[s.index()] = 1.0 / (1.0 + (-value).exp());
            }
        }
        payoff
    }

    /// The edge to follow from `node`, whose legal actions are in `self.legal` (sorted):
    /// an untried action at random if any (then `true`), else the best UCT score for
    /// `mover` with the constant `exploration`. Every legal edge's availability counts
    /// this visit.
    fn select_uct(
        &mut self,
        node: u32,
        mover: Seat,
        exploration: f64,
        own_root: bool,
    ) -> (usize, bool) {
        let Node { edges, tallies, .. } = &mut self.nodes[node as usize];
        let legal = &self.legal;
        if edges.len() < legal.len() {
            // Fewer edges than legal actions: some action is untried, and one of those is
            // the choice, so no score is needed (most nodes of a wide tree are like this).
            let tried = &mut self.tried;
            tried.clear();
            if edges.len() * 8 < legal.len() {
                // Few edges: each looked up in the legal list.
                for edge in edges.iter_mut() {
                    if let Ok(i) = legal.binary_search(&edge.action) {
                        edge.available += 1;
                        tried.push(i);
                    }
                }
            } else {
                legal_places(edges, legal, tried, true);
            }
            let action = pick_untried(legal, tried, &mut self.rng);
            return (
                self.nodes[node as usize].insert(Edge::new(action), Tally::NEW),
                true,
            );
        }
        let m = mover.index();
        // One walk of the two sorted lists: each legal edge's availability counts this visit
        // (before its score is taken), legal actions without an edge are counted, and the
        // best UCT score among the edges is kept for when every action has been tried.
        let mut untried = 0u32;
        let mut best = (f64::NEG_INFINITY, 0usize);
        let tag = m as u8 + 1;
        let ln = &self.ln;
        // The searching seat's own root, every action tried: its legal list never changes,
        // so once its edges are the legal actions, one for one (a kept tree's root may hold
        // others), they stay so.
        if own_root
            && edges.len() == legal.len()
            && (self.root_exact || {
                self.root_exact = edges.iter().zip(legal).all(|(x, a)| x.action == *a);
                self.root_exact
            })
        {
            for (e, edge) in edges.iter_mut().enumerate() {
                let t = edge.tally as usize;
                uct_visit(edge, &tallies[t], e, m, tag, ln, exploration, &mut best);
            }
            return (best.1, false);
        }
        let mut e = 0;
        for a in legal {
            while e < edges.len() && edges[e].action < *a {
                e += 1;
            }
            match edges.get_mut(e) {
                Some(edge) if edge.action == *a => {
                    let t = edge.tally as usize;
                    uct_visit(edge, &tallies[t], e, m, tag, ln, exploration, &mut best);
                }
                _ => untried += 1,
            }
        }
        if untried == 0 {
            return (best.1, false);
        }
        // At least as many edges as legal actions, some of them not legal here.
        legal_places(edges, legal, &mut self.tried, false);
        let action = pick_untried(legal, &self.tried, &mut self.rng);
        (
            self.nodes[node as usize].insert(Edge::new(action), Tally::NEW),
            true,
        )
    }
}

/// Fills `tried` with the places in `legal` of the actions of `edges` (both sorted), in
/// ascending order; with `visit`, each of those edges counts this visit as available.
fn legal_places<A: Ord>(edges: &mut [Edge<A>], legal: &[A], tried: &mut Vec<usize>, visit: bool) {
    tried.clear();
    let mut e = 0;
    for (i, a) in legal.iter().enumerate() {
        while e < edges.len() && edges[e].action < *a {
            e += 1;
        }
        if let Some(edge) = edges.get_mut(e).filter(|x| x.action == *a) {
            edge.available += u32::from(visit);
            tried.push(i);
        }
    }
}

/// An untried action at random: the `pick`-th action of `legal` not at one of the places
/// `tried` (ascending, fewer than `legal`'s).
fn pick_untried<A: Copy>(legal: &[A], tried: &[usize], rng: &mut SplitMix64) -> A {
    let untried = (legal.len() - tried.len()) as u32;
    let mut at = crate::chance::uniform_below(rng, untried) as usize;
    for &i in tried {
        if i > at {
            break;
        }
        at += 1;
    }
    legal[at]
}

/// Counts a visit of `edge` (the `e`-th of its node, legal now) in its availability and
/// keeps it in `best` if its UCT score for seat `m` (`tag`: `m + 1`) is the best so far.
#[allow(clippy::too_many_arguments)] // The walk's state, passed to keep the loop tight.
#[inline(always)]
fn uct_visit<A>(
    edge: &mut Edge<A>,
    tally: &Tally,
    e: usize,
    m: usize,
    tag: u8,
    ln: &[f64],
    exploration: f64,
    best: &mut (f64, usize),
) {
    edge.available += 1;
    let visits = f64::from(edge.visits.max(1));
    if edge.mean_of != tag {
        edge.mean = tally.reward[m] / visits;
        edge.mean_of = tag;
    }
    let mean = edge.mean;
    let ln_available = ln
        .get(edge.available as usize)
        .copied()
        .unwrap_or_else(|| f64::from(edge.available).ln());
    // Most edges fall well short of the best so far: their division and square root are
    // spared.
    if cannot_beat(best.0, mean, exploration, ln_available, visits) {
        return;
    }
    let explore = exploration * (ln_available / visits).sqrt();
    let score = mean + explore;
    if score > best.0 {
        *best = (score, e);
    }
}

/// Whether the UCT score `mean + exploration * (ln_available / visits).sqrt()` is surely no
/// more than `best`, told without a division or a square root: the exploration term,
/// squared, is below the room left under `best` less a margin a million times any rounding
/// of the score. Any doubt (`best` still minus infinity, NaN, overflow) says `false`, and
/// the score is computed: the choice stays exactly UCT's.
#[inline]
fn cannot_beat(best: f64, mean: f64, exploration: f64, ln_available: f64, visits: f64) -> bool {
    let room = best - mean - 1e-9 * (best.abs() + mean.abs());
    room > 0.0 && exploration * exploration * ln_available < room * room * visits
}

/// A small, fast generator for the search's own draws, seeded from the caller's RNG
/// (SplitMix64: every seed gives a full-period, well-mixed sequence).
struct SplitMix64(u64);

impl TryRng for SplitMix64 {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok((self.step() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.step())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.step().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

impl SplitMix64 {
    fn step(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

mod guided;
mod reuse;
#[cfg(all(test, feature = "serde"))]
mod reuse_tests;

#[cfg(all(test, feature = "serde"))]
mod tests;
