//! The search guided by the evaluation ([`MctsConfig::with_priors`](super::MctsConfig::with_priors)):
//! every legal action of a new node is judged at once, the judgements serve as PUCT priors
//! and as first values, and a new node is scored by its best action's judgement.

use super::{Edge, Node, Search, Tally};
use mesopotamia_core::game::Game;
use mesopotamia_core::seat::{MAX_SEATS, Seat};

impl<G: Game> Search<'_, G> {
    /// The edge to follow from `node` in a guided descent, whose legal actions are in
    /// `self.legal` (sorted): every action without an edge is judged first; `None` for a
    /// node met for the first time, which the iteration scores instead of descending.
    pub(super) fn select_guided(&mut self, node: u32, state: &G, mover: Seat) -> Option<usize> {
        let fresh = self.nodes[node as usize].edges.is_empty();
        self.judge_missing(node, state, mover);
        (!fresh).then(|| self.select_puct(node, mover))
    }

    /// Gives every action of `self.legal` (sorted) without an edge at `node` one, judged
    /// by the evaluation of the state it leads to. The first time (an empty node) the
    /// softmax is normalised over those judgements; actions met later (another hidden
    /// state) are judged against the same reference.
    fn judge_missing(&mut self, node: u32, state: &G, mover: Seat) {
        let Some(temperature) = self.temperature else {
            return;
        };
        let m = mover.index();
        let fresh = self.nodes[node as usize].edges.is_empty();
        let mut judged: Vec<(Edge<G::Action>, Tally, f64)> = Vec::new();
        {
            let edges = &self.nodes[node as usize].edges;
            let mut e = 0;
            for &a in &self.legal {
                while e < edges.len() && edges[e].action < a {
                    e += 1;
                }
                if e < edges.len() && edges[e].action == a {
                    continue;
                }
                let mut next = state.clone();
                let mut edge = Edge::new(a);
                edge.available = 0;
                let mut tally = Tally::NEW;
                if next.apply(a).is_err() {
                    // Not playable after all: judged a loss for the mover, never chosen
                    // before the others.
                    tally.first = [0.5; MAX_SEATS];
                    tally.first[m] = 0.0;
                    judged.push((edge, tally, f64::NEG_INFINITY));
                    continue;
                }
                // Only the mover's payoff (all that selection reads here): the others are
                // judged for the one action a new node is scored by.
                let (p, value) = self.judge(&next, mover);
                tally.first[m] = p;
                judged.push((edge, tally, value));
            }
        }
        if judged.is_empty() {
            return;
        }
        let n = &mut self.nodes[node as usize];
        if fresh {
            n.prior_max = judged.iter().map(|j| j.2).fold(f64::NEG_INFINITY, f64::max);
            if !n.prior_max.is_finite() {
                n.prior_max = 0.0;
            }
            n.prior_sum = judged
                .iter()
                .map(|j| ((j.2 - n.prior_max) / temperature).exp())
                .sum::<f64>()
                .max(f64::MIN_POSITIVE);
        }
        for (edge, mut tally, value) in judged {
            tally.prior = (((value - n.prior_max) / temperature).exp() / n.prior_sum).min(1.0);
            n.insert(edge, tally);
        }
    }

    /// `mover`'s payoff in `state` and its value in the evaluation's units (a finished
    /// game's 1 or 0 as a large lead or deficit).
    fn judge(&self, state: &G, mover: Seat) -> (f64, f64) {
        let p = match (state.standings(), self.evaluation) {
            (Some(standings), _) => standings.payoff(mover).unwrap_or(0.5),
            (None, Some(evaluate)) => {
                let value = evaluate(state, mover) as f64 / self.scale;
                1.0 / (1.0 + (-value).exp())
            }
            (None, None) => 0.5,
        };
        let clamped = p.clamp(1e-6, 1.0 - 1e-6);
        (p, self.scale * (clamped / (1.0 - clamped)).ln())
    }

    /// Every seat's payoff after the action at `node` (legal now in `state`) judged best
    /// for `mover`.
    pub(super) fn best_first(&self, node: u32, state: &G, mover: Seat) -> Option<[f64; MAX_SEATS]> {
        let Node { edges, tallies, .. } = &self.nodes[node as usize];
        let m = mover.index();
        let mut best: Option<(G::Action, f64)> = None;
        let mut e = 0;
        for a in &self.legal {
            while e < edges.len() && edges[e].action < *a {
                e += 1;
            }
            if edges.get(e).is_some_and(|x| x.action == *a)
                && best.is_none_or(|b| tallies[edges[e].tally as usize].first[m] > b.1)
            {
                best = Some((*a, tallies[edges[e].tally as usize].first[m]));
            }
        }
        let mut next = state.clone();
        next.apply(best?.0).ok()?;
        Some(self.payoff(&next))
    }

    /// The legal edge at `node` with the best PUCT score for `mover` (every legal action
    /// has an edge: [`judge_missing`](Self::judge_missing) came first). Values are
    /// rescaled between the node's worst and best legal action.
    fn select_puct(&mut self, node: u32, mover: Seat) -> usize {
        let m = mover.index();
        let Node { edges, tallies, .. } = &mut self.nodes[node as usize];
        let values = &mut self.values;
        values.clear();
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        let mut visits_here = 0u32;
        let mut e = 0;
        for a in &self.legal {
            while e < edges.len() && edges[e].action < *a {
                e += 1;
            }
            let Some(edge) = edges.get_mut(e).filter(|x| x.action == *a) else {
                // Every legal action has an edge (judged first): never met.
                values.push(f64::NAN);
                continue;
            };
            edge.available += 1;
            visits_here += edge.visits;
            let tally = &tallies[edge.tally as usize];
            let q = (tally.reward[m] + tally.first[m]) / (f64::from(edge.visits) + 1.0);
            low = low.min(q);
            high = high.max(q);
            values.push(q);
        }
        let spread = if high > low { high - low } else { 1.0 };
        let root_n = f64::from(visits_here.max(1)).sqrt();
        let mut best = (f64::NEG_INFINITY, 0usize);
        let mut e = 0;
        for (a, q) in self.legal.iter().zip(values.iter()) {
            while e < edges.len() && edges[e].action < *a {
                e += 1;
            }
            if q.is_nan() {
                continue;
            }
            let score = (q - low) / spread
                + self.exploration * tallies[edges[e].tally as usize].prior * root_n
                    / (1.0 + f64::from(edges[e].visits));
            if score > best.0 {
                best = (score, e);
            }
        }
        best.1
    }
}
