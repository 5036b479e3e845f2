//! Tree reuse between a bot's consecutive decisions
//! ([`MctsConfig::with_tree_reuse`](super::MctsConfig::with_tree_reuse)).

use rand_core::Rng;

use super::{Analysis, Kept, MctsBot, Node, Trees};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::seat::Seat;

impl<G: Game> MctsBot<G> {
    /// [`analyse`](Self::analyse) for [`Bot::choose`](crate::Bot::choose): from the kept trees if they fit
    /// this decision, keeping the subtrees of the choice afterwards (with
    /// [`MctsConfig::reuse_tree`](super::MctsConfig::reuse_tree)).
    pub(super) fn analyse_and_keep(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> Option<Analysis<G::Action>>
    where
        G: Send + Sync,
        G::Action: Send + Sync,
    {
        let kept = self.kept.take();
        if !self.config.reuse_tree {
            return self.analyse(game, seat, legal, rng);
        }
        let start = match kept {
            Some(kept) if kept.seat == seat && kept.state.view(seat) == game.view(seat) => {
                kept.trees
            }
            _ => Vec::new(),
        };
        let (analysis, searched) =
            self.analyse_on(game, seat, legal, rng, Trees::HERE, false, start)?;
        let mut next = game.clone();
        if next.apply(analysis.choice).is_ok() && next.to_move() == ToMove::Seat(seat) {
            let trees = searched
                .into_iter()
                .map(|nodes| subtree(nodes, analysis.choice))
                .collect();
            self.kept = Some(Kept {
                seat,
                state: next,
                trees,
            });
        }
        Some(analysis)
    }
}

/// The subtree of `nodes` below the root's edge `action` (empty if never expanded), its
/// nodes renumbered from 0 (its root).
pub(super) fn subtree<A: Copy + Ord>(mut nodes: Vec<Node<A>>, action: A) -> Vec<Node<A>> {
    let Some(root) = nodes
        .first()
        .and_then(|n| n.edges.binary_search_by(|e| e.action.cmp(&action)).ok())
        .and_then(|i| nodes[0].tally(i).child)
    else {
        return Vec::new();
    };
    // Breadth first: the new number of each node kept is its place in `order`.
    let mut number = vec![u32::MAX; nodes.len()];
    let mut order = vec![root];
    number[root as usize] = 0;
    let mut i = 0;
    while i < order.len() {
        for tally in &nodes[order[i] as usize].tallies {
            if let Some(c) = tally.child
                && number[c as usize] == u32::MAX
            {
                number[c as usize] = order.len() as u32;
                order.push(c);
            }
        }
        i += 1;
    }
    order
        .iter()
        .map(|&n| {
            let mut node = core::mem::replace(&mut nodes[n as usize], Node::new());
            for tally in &mut node.tallies {
                tally.child = tally.child.map(|c| number[c as usize]);
            }
            node
        })
        .collect()
}
