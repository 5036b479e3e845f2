//! Why an action is refused, in words a player understands: worked out only once
//! [`Cards::is_legal`] has said no, so the legality check itself stays as fast as it was.

use mesopotamia_core::Colour;

use super::board::bit_of;
use super::legal::index_of;
use super::{Cards, Pending, Public};
use crate::action::{Action, COLUMN_CARDS, COLUMNS, LINKS, MAX_SUPPORT};

/// Why an action is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Reason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event (a draw or a removal) comes first.
    #[error("cards must be drawn first")]
    ChancePending,
    /// Another kind of decision is pending.
    #[error("the decision now is {0}")]
    OtherDecision(&'static str),
    /// No card of that colour in hand.
    #[error("no {0} card in hand")]
    NotInHand(Colour),
    /// The place is not on the display.
    #[error("no such place on the display")]
    NoSuchPlace,
    /// The column holds its 8 cards.
    #[error("the column is full")]
    ColumnFull,
    /// A link slot already holds a card.
    #[error("that link slot already holds a card")]
    LinkTaken,
    /// A link card needs 3 cards in both columns it joins.
    #[error("a link card needs 3 cards or more in both columns it joins")]
    LinkTooEarly,
    /// A leader goes only on a civilization card or treasure* without a leader.
    #[error("a leader goes only on a card without a leader")]
    LeaderPlace,
    /// A leader on the display moves only to another kingdom (C4).
    #[error("the leader already stands in that kingdom")]
    SameKingdom,
    /// The catastrophe card was played.
    #[error("no catastrophe card left")]
    NoCatastrophe,
    /// A catastrophe hits only a civilization card without a leader, not a treasure* or
    /// temple heading a column.
    #[error("a catastrophe hits only a card without a leader below the column heads")]
    CatastropheTarget,
    /// More cards than the hand holds of the colour that counts, or than the rules allow.
    #[error("cannot commit {asked} cards: at most {max}")]
    Support {
        /// Cards asked for.
        asked: u8,
        /// The most that can be committed.
        max: u8,
    },
    /// No external conflict of that colour is to be fought.
    #[error("no {0} conflict is waiting")]
    NoSuchConflict(Colour),
    /// That treasure cannot be taken now.
    #[error("that treasure cannot be taken now")]
    NoSuchTreasure,
    /// That boat cannot be built now.
    #[error("that boat cannot be built now (four cards of its colour in a row in the column)")]
    NoSuchBoat,
}

/// The pending decision's name, as [`Reason::OtherDecision`] gives it.
fn decision_name(pending: Pending) -> &'static str {
    match pending {
        Pending::Action => "an action",
        Pending::Bank(..) => "whether to bank a card",
        Pending::Support(_) => "a commitment of support",
        Pending::ConflictOrder => "the next conflict",
        Pending::Treasure(_) => "a treasure",
        Pending::Boat => "a boat",
        Pending::Remove | Pending::Draw(_) => "a draw",
        Pending::Over => "none: the game is over",
    }
}

impl Cards {
    /// Whether `action` is legal now, and if not why: the check Tigris & Euphrates and
    /// Sumeria name `check`, from [`Cards::why_illegal`].
    pub fn check(&self, action: Action) -> Result<(), Reason> {
        self.why_illegal(action).map_or(Ok(()), Err)
    }

    /// Why `action` is not legal now; `None` if it is.
    ///
    /// ```
    /// use tigris_euphrates_cards::core::{Game, ToMove};
    /// use tigris_euphrates_cards::{Action, Cards, Config, Reason};
    ///
    /// let mut game = Cards::new(Config::new(3)).unwrap();
    /// let mut outcomes = Vec::new();
    /// while game.to_move() == ToMove::Chance {
    ///     game.chance_outcomes(&mut outcomes);
    ///     game.apply_chance(outcomes[0].0).unwrap();
    /// }
    /// // Every card dealt was red: no black card in hand.
    /// let action: Action = "play black 1".parse().unwrap();
    /// assert_eq!(game.why_illegal(action), Some(Reason::NotInHand(tigris_euphrates_cards::core::Colour::Black)));
    /// assert_eq!(game.why_illegal("pass".parse().unwrap()), None);
    /// ```
    pub fn why_illegal(&self, action: Action) -> Option<Reason> {
        if self.is_legal(action) {
            return None;
        }
        let p: &Public = &self.public;
        let hand = self.hand(p.active);
        Some(match (p.pending, action) {
            (Pending::Over, _) => Reason::GameOver,
            (Pending::Remove | Pending::Draw(_), _) => Reason::ChancePending,
            (Pending::Action, Action::Leader(colour, at)) => match index_of(at) {
                None => Reason::NoSuchPlace,
                Some(i) if p.masks.free & bit_of(i) == 0 => Reason::LeaderPlace,
                Some(_) if p.leader_index(p.active, colour).is_some() => Reason::SameKingdom,
                Some(_) => Reason::LeaderPlace,
            },
            (Pending::Action, Action::Column(colour, c)) => {
                if (c as usize) >= COLUMNS {
                    Reason::NoSuchPlace
                } else if hand[colour] == 0 {
                    Reason::NotInHand(colour)
                } else if p.column_len(c as usize) >= COLUMN_CARDS {
                    Reason::ColumnFull
                } else {
                    Reason::NoSuchPlace
                }
            }
            (Pending::Action, Action::Link(colour, l)) => {
                let l = l as usize;
                if l >= LINKS {
                    Reason::NoSuchPlace
                } else if hand[colour] == 0 {
                    Reason::NotInHand(colour)
                } else if p.links[l].is_some() {
                    Reason::LinkTaken
                } else {
                    Reason::LinkTooEarly
                }
            }
            (Pending::Action, Action::Catastrophe(at)) => match index_of(at) {
                None => Reason::NoSuchPlace,
                Some(_) if !p.catastrophe_left(p.active) => Reason::NoCatastrophe,
                Some(_) => Reason::CatastropheTarget,
            },
            (Pending::Support(seat), Action::Support(asked)) => Reason::Support {
                asked,
                max: self.max_support(seat).unwrap_or(0).min(MAX_SUPPORT),
            },
            (Pending::ConflictOrder, Action::Conflict(c)) => Reason::NoSuchConflict(c),
            (Pending::Treasure(_), Action::Treasure(_)) => Reason::NoSuchTreasure,
            (Pending::Boat, Action::Boat(_)) => Reason::NoSuchBoat,
            (pending, _) => Reason::OtherDecision(decision_name(pending)),
        })
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::chance::{sample_weighted, uniform_below};
    use mesopotamia_core::{Game, ToMove};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::Config;

    /// Over every position of a few random games, a reason is given exactly for the
    /// actions outside the legal list, and `apply` refuses with that reason.
    #[test]
    fn a_reason_exactly_for_the_illegal_actions() {
        for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Cards::new(Config::new(players)).unwrap();
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            let mut reasons = std::collections::HashSet::new();
            let mut names = std::collections::HashMap::new();
            loop {
                match game.to_move() {
                    ToMove::Terminal => break,
                    ToMove::Chance => {
                        game.chance_outcomes(&mut outcomes);
                        let outcome = sample_weighted(&mut rng, &outcomes).unwrap();
                        game.apply_chance(outcome).unwrap();
                    }
                    ToMove::Seat(_) => {
                        game.legal_actions(&mut legal);
                        for i in 0..game.action_space_size() {
                            let action = game.action_from_index(i).unwrap();
                            let reason = game.why_illegal(action);
                            assert_eq!(reason.is_none(), legal.contains(&action), "{action}");
                            if let Some(reason) = reason {
                                reasons.insert(core::mem::discriminant(&reason));
                                if let Reason::OtherDecision(name) = reason {
                                    // The message a front end shows names the decision:
                                    // one name a kind of decision, none empty, no two alike.
                                    let kind = core::mem::discriminant(&game.public().pending());
                                    assert!(!name.is_empty(), "{action}");
                                    assert_eq!(*names.entry(kind).or_insert(name), name);
                                }
                                let mut copy = game.clone();
                                assert_eq!(
                                    copy.apply(action),
                                    Err(crate::CardsError::Illegal { action, reason })
                                );
                                assert_eq!(copy, game, "a refusal changes nothing");
                            }
                        }
                        let action = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                        game.apply(action).unwrap();
                    }
                }
            }
            assert!(reasons.len() >= 8, "{players} players: {reasons:?}");
            let distinct: std::collections::HashSet<_> = names.values().collect();
            assert!(
                names.len() >= 3 && distinct.len() == names.len(),
                "{players} players: {names:?}"
            );
        }
    }
}
