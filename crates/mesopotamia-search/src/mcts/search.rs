//! One tree's search: the iterations (determinization, selection, expansion, rollout,
//! backup) and the random source they draw from.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

use core::time::Duration;

use rand_core::TryRng;

use super::{Edge, Evaluation, MctsConfig, Node, Tally};
use crate::clock::thread_cpu_time;
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::seat::{MAX_SEATS, Seat};

/// Entries of a search's table of logarithms at most (512 KiB): availabilities beyond are
/// computed.
const LN_TABLE: usize = 1 << 16;

/// One tree and its random source.
pub(super) struct Search<'g, G: Game> {
    pub(super) root_state: &'g G,
    pub(super) seat: Seat,
    pub(super) exploration: f64,
    pub(super) rollout_depth: u32,
    pub(super) scale: f64,
    pub(super) evaluation: Option<Evaluation<G>>,
    /// Guided search: the priors' temperature (see [`MctsConfig::with_priors`]).
    pub(super) temperature: Option<f64>,
    /// Guided search: scratch values of a node's legal edges.
    pub(super) values: Vec<f64>,
    /// Guided search: decisions from the root that are guided, and the UCT constant below.
    pub(super) guided_depth: u32,
    pub(super) uct_exploration: f64,
    pub(super) nodes: Vec<Node<G::Action>>,
    pub(super) rng: SplitMix64,
    pub(super) legal: Vec<G::Action>,
    /// The root's legal actions once listed (`legal_here`), when the root is the searching
    /// seat's own decision: the same in every redraw, since what a seat may do depends only
    /// on what it sees (a contract of [`Game::resample_hidden`] the conformance kit checks).
    pub(super) root_legal: Option<Vec<G::Action>>,
    /// Scratch of `select_uct`: the legal places of a node's edges.
    pub(super) tried: Vec<usize>,
    /// Whether the root's edges are its legal actions, one for one (`select_uct`).
    pub(super) root_exact: bool,
    pub(super) outcomes: Vec<(G::Chance, u32)>,
    /// The edges (node, edge index) of the current iteration, kept to save an allocation.
    pub(super) path: Vec<(u32, usize)>,
    /// The actions the root may choose (sorted), when they are limited
    /// ([`MctsBot::analyse_among`]); empty: every legal action.
    pub(super) root_among: &'g [G::Action],
    /// `ln n` for the availabilities met so far (`ln` is a software routine on the web's
    /// wasm, and UCT takes one per legal edge per visit: a table made the search there
    /// about a third faster). The same values as `f64::ln`, so the same search.
    pub(super) ln: Vec<f64>,
    pub(super) iterations: u32,
}

impl<'g, G: Game> Search<'g, G> {
    pub(super) fn new(
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

    /// Up to `iterations` iterations, stopping at the wall-clock `deadline` or once this
    /// thread has run for `cpu` on its CPU clock, if given.
    pub(super) fn run(
        &mut self,
        iterations: u32,
        deadline: Option<Instant>,
        cpu: Option<Duration>,
    ) {
        // The thread's CPU clock is read only every so many iterations (`next_read`): a
        // read is a system call, and the first search runs an iteration in a few
        // microseconds.
        let cpu = cpu.and_then(|budget| Some((budget, thread_cpu_time()?)));
        let mut next_read = 0u32;
        for done in 0..iterations {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if let Some((budget, start)) = cpu
                && done >= next_read
            {
                let spent = thread_cpu_time().map_or(budget, |now| now.saturating_sub(start));
                if spent >= budget {
                    break;
                }
                next_read = done.saturating_add(iterations_until_read(budget - spent, spent, done));
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
    pub(super) fn root_visits(&self, legal: &[G::Action]) -> (Vec<(u32, f64, f64)>, u32) {
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
    pub(super) fn payoff(&self, state: &G) -> [f64; MAX_SEATS] {
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

/// The longest CPU time between two reads of the clock by a search with a CPU budget.
const CPU_READ_EVERY: Duration = Duration::from_millis(1);

/// How many iterations a search with `left` of its CPU budget may run before it reads its
/// clock again, having run `done` iterations in `spent`: those that fit in half of what is
/// left (at most [`CPU_READ_EVERY`]) at the pace so far, and at least one. The reads grow
/// denser as the end nears, so that the budget is overrun by about one iteration.
pub(super) fn iterations_until_read(left: Duration, spent: Duration, done: u32) -> u32 {
    if done == 0 || spent.is_zero() {
        return 1;
    }
    let per_iteration = spent.as_secs_f64() / f64::from(done);
    let within = left.min(CPU_READ_EVERY).as_secs_f64() / 2.0;
    // The float-to-integer cast saturates; NaN (never here) gives 0.
    ((within / per_iteration) as u32).max(1)
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
    let mut at = mesopotamia_core::chance::uniform_below(rng, untried) as usize;
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
pub(super) fn uct_visit<A>(
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
pub(super) fn cannot_beat(
    best: f64,
    mean: f64,
    exploration: f64,
    ln_available: f64,
    visits: f64,
) -> bool {
    let room = best - mean - 1e-9 * (best.abs() + mean.abs());
    room > 0.0 && exploration * exploration * ln_available < room * room * visits
}

/// A small, fast generator for the search's own draws, seeded from the caller's RNG
/// (SplitMix64: every seed gives a full-period, well-mixed sequence).
pub(super) struct SplitMix64(u64);

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
