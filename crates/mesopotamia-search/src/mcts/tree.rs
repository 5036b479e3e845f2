//! The search tree: nodes keyed by the actions played, their edges and tallies.

use mesopotamia_core::seat::MAX_SEATS;

/// One search's tree: its nodes, the root first.
pub(super) type Tree<A> = Vec<Node<A>>;

/// One action's statistics at a node that plain UCT reads at every visit of the node: kept
/// apart from the rest ([`Tally`]) so that the walk over a node's 300-odd edges reads a
/// few kilobytes, not fifty.
#[derive(Clone)]
pub(super) struct Edge<A> {
    pub(super) action: A,
    /// Plain UCT: seat `mean_of - 1`'s mean payoff (`Tally::reward / visits`; 0: none
    /// kept), kept between visits: every legal edge is scored at each visit of its node,
    /// and this division changes only when the edge itself is visited.
    pub(super) mean_of: u8,
    pub(super) visits: u32,
    /// Times the action was legal when its node was visited.
    pub(super) available: u32,
    /// Where the edge's [`Tally`] is in its node's `tallies`.
    pub(super) tally: u32,
    pub(super) mean: f64,
}

impl<A> Edge<A> {
    pub(super) const fn new(action: A) -> Edge<A> {
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
pub(super) struct Tally {
    /// Sum of each seat's payoff over the iterations through this edge.
    pub(super) reward: [f64; MAX_SEATS],
    /// The node reached, once expanded.
    pub(super) child: Option<u32>,
    /// Guided search: the prior, and each seat's payoff as first judged (one visit's
    /// worth).
    pub(super) prior: f64,
    pub(super) first: [f64; MAX_SEATS],
}

impl Tally {
    pub(super) const NEW: Tally = Tally {
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
pub(super) struct Node<A> {
    pub(super) edges: Vec<Edge<A>>,
    pub(super) tallies: Vec<Tally>,
    /// Guided search: the softmax's reference value and sum when the node was expanded
    /// (actions met later, under another hidden state, are judged on the same footing).
    pub(super) prior_max: f64,
    pub(super) prior_sum: f64,
}

impl<A: Copy + Ord> Node<A> {
    pub(super) const fn new() -> Node<A> {
        Node {
            edges: Vec::new(),
            tallies: Vec::new(),
            prior_max: 0.0,
            prior_sum: 1.0,
        }
    }

    /// The tally of edge `i`.
    pub(super) fn tally(&self, i: usize) -> &Tally {
        &self.tallies[self.edges[i].tally as usize]
    }

    /// The tally of edge `i`, to change.
    pub(super) fn tally_mut(&mut self, i: usize) -> &mut Tally {
        &mut self.tallies[self.edges[i].tally as usize]
    }

    /// Adds an edge and its tally in their sorted place; returns its index.
    pub(super) fn insert(&mut self, edge: Edge<A>, tally: Tally) -> usize {
        let mut edge = edge;
        edge.tally = self.tallies.len() as u32;
        self.tallies.push(tally);
        let at = self.edges.partition_point(|x| x.action < edge.action);
        self.edges.insert(at, edge);
        at
    }
}
