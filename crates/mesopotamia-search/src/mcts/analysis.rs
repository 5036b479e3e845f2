//! A search of one decision: its trees searched (on threads or one after another) and
//! their root visits added up into an [`Analysis`].

// `std::time::Instant` panics on the web's wasm target (no clock there); `web-time` reads the
// page's `performance.now()` instead. Native builds keep std.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

use rand_core::Rng;

use super::{MctsBot, Node, Search, Tree};
use mesopotamia_core::game::Game;
use mesopotamia_core::seat::Seat;

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

/// An analysis and the trees searched for it (one per thread).
pub(super) type Searched<A> = (Analysis<A>, Vec<Tree<A>>);

impl<G: Game> MctsBot<G> {
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
    pub(super) fn analyse_on(
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
        let now = Instant::now();
        let mut deadline = self.config.time.map(|t| now + t);
        // A CPU budget where no thread CPU clock can be read is the same time on the wall.
        let cpu = match self.config.cpu_time {
            Some(t) if crate::clock::thread_cpu_time().is_none() => {
                deadline = Some(deadline.map_or(now + t, |d| d.min(now + t)));
                None
            }
            cpu => cpu,
        };
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
            search.run(share.max(1), deadline, cpu);
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

/// How the trees of a multi-threaded search are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Trees {
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
    pub(super) const HERE: Trees = Trees::Parallel;
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    pub(super) const HERE: Trees = Trees::Sequential;

    /// The results of `per_tree` for each tree `0..trees`, in order.
    pub(super) fn search<R: Send>(
        self,
        trees: usize,
        per_tree: impl Fn(usize) -> R + Sync,
    ) -> Vec<R> {
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
