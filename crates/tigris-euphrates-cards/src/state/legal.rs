//! The legal actions (C3 to C7 and the decisions they lead to).

use super::*;

impl Cards {
    pub(super) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        match p.pending {
            Pending::Action => {
                let a = p.active.index();
                let hand = self.hands[a];
                out.push(Action::Pass);
                // Cards without a leader, and column lengths, found once for every colour.
                let mut free: SmallVec<[Place; PLACES]> = SmallVec::new();
                let mut own: [Option<Place>; 4] = [None; 4];
                for i in 0..PLACES {
                    match p.leaders[i] {
                        Some(l) if l.seat == p.active => own[l.colour.index()] = Some(place(i)),
                        Some(_) => {}
                        None if p.card_at(place(i)).is_some() => free.push(place(i)),
                        None => {}
                    }
                }
                let lens: [usize; COLUMNS] = core::array::from_fn(|c| p.column_len(c));
                out.reserve(4 * free.len() + 4 * (COLUMNS + LINKS) + free.len());
                for colour in Colour::ALL {
                    // C4: a leader on the display moves only to another kingdom.
                    let home =
                        own[colour.index()].map(|from| p.kingdom(Public::column_of(from), true));
                    out.extend(
                        free.iter()
                            .filter(|&&at| home.is_none_or(|k| !k.contains(Public::node_of(at))))
                            .map(|&at| Action::Leader(colour, at)),
                    );
                }
                for colour in Colour::ALL {
                    if hand[colour] > 0 {
                        out.extend(
                            (0..COLUMNS)
                                .filter(|&c| lens[c] < COLUMN_CARDS)
                                .map(|c| Action::Column(colour, c as u8)),
                        );
                    }
                }
                for colour in Colour::ALL {
                    if hand[colour] > 0 {
                        out.extend(
                            (0..LINKS)
                                .filter(|&l| {
                                    p.links[l].is_none() && lens[l] >= 3 && lens[l + 1] >= 3
                                })
                                .map(|l| Action::Link(colour, l as u8)),
                        );
                    }
                }
                if p.catastrophe_left[a] {
                    // Any free card but a treasure* (boats and face-down links are no cards).
                    out.extend(
                        free.iter()
                            .filter(|at| !matches!(at, Place::Column(_, 0)))
                            .map(|&at| Action::Catastrophe(at)),
                    );
                }
            }
            Pending::Bank(..) => out.extend([Action::Bank, Action::Decline]),
            Pending::Support(seat) => {
                let conflict = p.conflict.expect("a support decision has a conflict");
                let max = self.hands[seat.index()][conflict.support_colour()].min(MAX_SUPPORT);
                out.extend((0..=max).map(Action::Support));
            }
            Pending::ConflictOrder => {
                out.extend(
                    Colour::ALL
                        .into_iter()
                        .filter(|c| p.conflicts & (1 << c.index()) != 0)
                        .map(Action::Conflict),
                );
            }
            Pending::Treasure(_) => {
                out.push(Action::Decline);
                out.extend(self.treasure_options().into_iter().map(Action::Treasure));
            }
            Pending::Boat => {
                out.push(Action::Decline);
                out.extend(self.boat_options().into_iter().map(Action::Boat));
            }
            Pending::Remove | Pending::Draw(_) | Pending::Over => {}
        }
        // Every branch lists its actions in index order.
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
    }

    /// Whether `action` is legal now: the same conditions as the legal action list, checked
    /// for one action (the tests compare the two over the whole action space).
    pub fn is_legal(&self, action: Action) -> bool {
        let p = &self.public;
        let a = p.active.index();
        match (p.pending, action) {
            (Pending::Action, Action::Pass) => true,
            (Pending::Action, Action::Leader(colour, at)) => {
                p.leaders[at.index()].is_none()
                    && p.card_at(at).is_some()
                    && p.leader(p.active, colour).is_none_or(|from| {
                        !p.kingdom(Public::column_of(from), true)
                            .contains(Public::node_of(at))
                    })
            }
            (Pending::Action, Action::Column(colour, c)) => {
                self.hands[a][colour] > 0
                    && (c as usize) < COLUMNS
                    && p.column_len(c as usize) < COLUMN_CARDS
            }
            (Pending::Action, Action::Link(colour, l)) => {
                let l = l as usize;
                self.hands[a][colour] > 0
                    && l < LINKS
                    && p.links[l].is_none()
                    && p.column_len(l) >= 3
                    && p.column_len(l + 1) >= 3
            }
            (Pending::Action, Action::Catastrophe(at)) => {
                p.catastrophe_left[a]
                    && !matches!(at, Place::Column(_, 0))
                    && p.card_at(at).is_some()
                    && p.leaders[at.index()].is_none()
            }
            (Pending::Bank(..), Action::Bank | Action::Decline) => true,
            (Pending::Support(seat), Action::Support(n)) => p.conflict.is_some_and(|c| {
                n <= self.hands[seat.index()][c.support_colour()].min(MAX_SUPPORT)
            }),
            (Pending::ConflictOrder, Action::Conflict(c)) => p.conflicts & (1 << c.index()) != 0,
            (Pending::Treasure(_), Action::Decline) | (Pending::Boat, Action::Decline) => true,
            (Pending::Treasure(_), Action::Treasure(c)) => self.treasure_options().contains(&c),
            (Pending::Boat, Action::Boat(b)) => self.boat_options().contains(&b),
            _ => false,
        }
    }
}
