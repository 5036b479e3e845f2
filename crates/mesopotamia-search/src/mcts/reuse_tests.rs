//! Tests of tree reuse between a bot's consecutive decisions
//! ([`MctsConfig::with_tree_reuse`]), on a small open game where each turn is two
//! decisions of the same seat.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::reuse::subtree;
use super::{MctsBot, MctsConfig, Node};
use mesopotamia_core::Standings;
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::seat::Seat;

/// Two seats; a turn is two picks of 0 to 3 by the seat to move (points = the numbers
/// picked); four turns; most points wins. Nothing is hidden and nothing is drawn.
#[derive(Clone, Debug, PartialEq)]
struct Picks {
    points: [u32; 2],
    /// Picks made so far.
    picks: u32,
}

const TURNS: u32 = 4;

impl Picks {
    const fn mover(&self) -> usize {
        (self.picks / 2 % 2) as usize
    }
}

impl Game for Picks {
    type Config = ();
    type Action = u8;
    type Chance = u8;
    type View = Picks;
    type Error = core::fmt::Error;
    const NAME: &'static str = "picks";

    fn new((): &()) -> Result<Self, core::fmt::Error> {
        Ok(Picks {
            points: [0; 2],
            picks: 0,
        })
    }
    fn config(&self) -> &() {
        &()
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn to_move(&self) -> ToMove {
        match Seat::new(self.mover()) {
            Some(seat) if self.picks < 2 * TURNS => ToMove::Seat(seat),
            _ => ToMove::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.picks < 2 * TURNS {
            out.extend(0..4);
        }
    }
    fn apply(&mut self, action: u8) -> Result<(), core::fmt::Error> {
        if action >= 4 || self.picks == 2 * TURNS {
            return Err(core::fmt::Error);
        }
        self.points[self.mover()] += u32::from(action);
        self.picks += 1;
        Ok(())
    }
    fn chance_outcomes(&self, out: &mut Vec<(u8, u32)>) {
        out.clear();
    }
    fn apply_chance(&mut self, _: u8) -> Result<(), core::fmt::Error> {
        Err(core::fmt::Error)
    }
    fn action_space_size(&self) -> usize {
        4
    }
    fn action_index(&self, action: u8) -> usize {
        usize::from(action)
    }
    fn action_from_index(&self, index: usize) -> Option<u8> {
        u8::try_from(index).ok().filter(|a| *a < 4)
    }
    fn view(&self, _: Seat) -> Picks {
        self.clone()
    }
    fn standings(&self) -> Option<Standings> {
        (self.picks == 2 * TURNS).then(|| Standings::from_keys(&self.points))
    }
    fn max_steps(&self) -> usize {
        2 * TURNS as usize
    }
    fn resample_hidden<R: Rng + ?Sized>(&self, _: Seat, _: &mut R) -> Self {
        self.clone()
    }
}

/// The visits at the root of the bot's next search (through `analyse_and_keep`, as
/// `choose` searches), the iterations it did and its choice.
fn root_visits(bot: &mut MctsBot<Picks>, game: &Picks, seed: u64) -> (u32, u32, u8) {
    let ToMove::Seat(seat) = game.to_move() else {
        panic!("a seat is to move");
    };
    let legal = game.legal_action_vec();
    let analysis = bot
        .analyse_and_keep(game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(seed))
        .unwrap();
    (
        analysis.actions.iter().map(|a| a.1).sum(),
        analysis.iterations,
        analysis.choice,
    )
}

/// The second decision of a turn starts from the subtree of the first choice: its root
/// holds the visits it had then on top of the new iterations. Without reuse, or when
/// someone else played in between, the root holds only the new iterations.
#[test]
fn the_second_decision_of_a_turn_searches_on_from_the_first() {
    let config = MctsConfig::iterations(300);
    for reuse in [false, true] {
        let config = if reuse {
            config.with_tree_reuse()
        } else {
            config
        };
        let mut bot = MctsBot::<Picks>::new(config);
        let mut game = Picks::new(&()).unwrap();
        let (visits, iterations, choice) = root_visits(&mut bot, &game, 1);
        assert_eq!((visits, iterations), (300, 300), "a new tree");
        game.apply(choice).unwrap();
        let (visits, iterations, _) = root_visits(&mut bot, &game, 2);
        assert_eq!(iterations, 300);
        if reuse {
            assert!(
                visits > 400,
                "{visits} visits: the first search's subtree kept"
            );
        } else {
            assert_eq!(visits, 300);
        }
        // The other seat's turn: not the state the kept subtree was for.
        game.apply(0).unwrap();
        let (visits, _, _) = root_visits(&mut bot, &game, 3);
        assert_eq!(visits, 300, "the other seat's decision starts afresh");
    }
}

/// A kept tree is reused only for the view it was kept for: a bot whose next decision is
/// another state (here the same seat, but another first pick) starts afresh.
#[test]
fn a_kept_tree_serves_only_the_state_it_was_kept_for() {
    let mut bot = MctsBot::<Picks>::new(MctsConfig::iterations(300).with_tree_reuse());
    let game = Picks::new(&()).unwrap();
    let choice = root_visits(&mut bot, &game, 1).2;
    let mut other = game.clone();
    other.apply((choice + 1) % 4).unwrap();
    assert_eq!(root_visits(&mut bot, &other, 2).0, 300);
}

/// The subtree below a root action is renumbered from 0 and keeps every node below it,
/// with their statistics.
#[test]
fn a_subtree_keeps_every_node_below_the_action() {
    let bot = MctsBot::<Picks>::new(MctsConfig::iterations(500));
    let game = Picks::new(&()).unwrap();
    let legal = game.legal_action_vec();
    let (_, mut trees) = bot
        .analyse_on(
            &game,
            Seat::new(0).unwrap(),
            &legal,
            &mut ChaCha8Rng::seed_from_u64(4),
            super::Trees::HERE,
            false,
            Vec::new(),
        )
        .unwrap();
    let nodes: Vec<Node<u8>> = trees.remove(0);
    let below = |nodes: &[Node<u8>], from: u32| {
        // Nodes reachable from `from` and the visits on their edges.
        let (mut count, mut visits, mut stack) = (0, 0u64, vec![from]);
        while let Some(n) = stack.pop() {
            count += 1;
            let node = &nodes[n as usize];
            for (i, e) in node.edges.iter().enumerate() {
                visits += u64::from(e.visits);
                stack.extend(node.tally(i).child);
            }
        }
        (count, visits)
    };
    for action in 0..4u8 {
        let i = nodes[0]
            .edges
            .iter()
            .position(|e| e.action == action)
            .unwrap();
        let child = nodes[0]
            .tally(i)
            .child
            .expect("every first pick expanded in 500 iterations");
        let kept = subtree(nodes.clone(), action);
        assert_eq!(below(&kept, 0), below(&nodes, child), "action {action}");
        assert_eq!(kept.len(), below(&nodes, child).0);
    }
}
