//! Legal-action generation and the legality check: where tiles, leaders and catastrophes
//! may go, and every decision's options.

use mesopotamia_core::{Colour, Seat};
use smallvec::SmallVec;

use super::{Pending, Public, Reason, Tigris, sp};
use crate::action::{self, Action, ActionKind, MAX_SUPPORT};
use crate::board::{self, SQUARES, Squares};

/// The kingdoms of a position and what a placement needs to know of them, computed
/// once per legal-action generation.
struct KingdomMap {
    /// Squares touching a kingdom or more.
    one: Squares,
    /// Squares touching two kingdoms or more.
    two: Squares,
    /// Squares touching three kingdoms or more.
    three: Squares,
    empty: Squares,
    /// Empty land next to a face-up temple.
    leader_candidates: Squares,
}

/// The blocks of an action decision's legal list, in list order: the order of their
/// actions' indices (see [`Block::base`]), so that the list is sorted. This one list is
/// what [`ActionTargets::counts`], [`ActionTargets::nth`] (the sampler's draw) and
/// [`Tigris::legal_into`] all follow.
pub(super) const BLOCKS: [Block; 12] = [
    Block::Pass,
    Block::Tiles(Colour::Red),
    Block::Tiles(Colour::Blue),
    Block::Tiles(Colour::Green),
    Block::Tiles(Colour::Black),
    Block::Leaders(Colour::Red),
    Block::Leaders(Colour::Blue),
    Block::Leaders(Colour::Green),
    Block::Leaders(Colour::Black),
    Block::Withdrawals,
    Block::Catastrophes,
    Block::Swaps,
];

// The blocks' bases ascend: a list written block by block is sorted.
const _: () = {
    let mut i = 1;
    while i < BLOCKS.len() {
        assert!(BLOCKS[i - 1].base() < BLOCKS[i].base());
        i += 1;
    }
};

/// One kind of action of an action decision (see [`BLOCKS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Block {
    /// Ending the turn's actions.
    Pass,
    /// The tiles of a colour, by square.
    Tiles(Colour),
    /// The leader of a colour, placed or moved, by square.
    Leaders(Colour),
    /// The withdrawals, by colour.
    Withdrawals,
    /// The catastrophes, by square.
    Catastrophes,
    /// The swaps, by the tiles discarded.
    Swaps,
}

impl Block {
    /// The index of the block's first possible action: its actions are this plus a
    /// square, a colour or a swap's number.
    #[inline]
    pub(super) const fn base(self) -> u16 {
        match self {
            Block::Pass => action::PASS,
            Block::Tiles(c) => action::TILE + (c.index() * SQUARES) as u16,
            Block::Leaders(c) => action::LEADER + (c.index() * SQUARES) as u16,
            Block::Withdrawals => action::WITHDRAW,
            Block::Catastrophes => action::CATASTROPHE,
            Block::Swaps => action::SWAP,
        }
    }
}

/// Where each kind of action of an action decision may go, and how many actions of each
/// kind there are, block by block of [`BLOCKS`].
///
/// Sets shared by several blocks (the land for three tile colours, the supply squares for
/// the leaders in supply) are kept once: the targets are made at every decision.
pub(super) struct ActionTargets {
    /// Where a land tile may go.
    land: Squares,
    /// Where a river tile may go.
    river: Squares,
    /// How many squares `land` and `river` hold.
    tile_counts: [usize; 2],
    /// A bit for each colour in hand.
    in_hand: u8,
    /// Where the leader of each colour on the board may move to (meaningless for the
    /// others: see [`ActionTargets::leaders`]).
    on_board: [Squares; 4],
    /// A bit for each colour whose leader is on the board.
    withdraw: u8,
    /// Where a catastrophe may go (nothing without one in hand).
    catastrophes: Squares,
    /// The hand the swaps are parts of (all zero with no tile in hand).
    swap_hand: [u8; 4],
    /// Where the leaders in supply may go (the same for all of them).
    supply: Squares,
}

impl ActionTargets {
    /// Where a tile of colour `i` may go (nothing for a colour not in hand).
    #[inline]
    fn tiles(&self, i: usize) -> Squares {
        if self.in_hand & (1 << i) == 0 {
            Squares::EMPTY
        } else if i == Colour::Blue.index() {
            self.river
        } else {
            self.land
        }
    }

    /// Where the leader of colour `i` may be placed or moved to.
    #[inline]
    fn leaders(&self, i: usize) -> Squares {
        if self.withdraw & (1 << i) == 0 {
            self.supply
        } else {
            self.on_board[i & 3]
        }
    }

    /// The squares of a block whose actions are squares (tiles, leaders, catastrophes),
    /// and whether other blocks share the set (the land, the supply squares).
    #[inline]
    fn squares(&self, block: Block) -> Option<(Squares, bool)> {
        match block {
            Block::Tiles(c) => Some((self.tiles(c.index()), c != Colour::Blue)),
            Block::Leaders(c) => Some((
                self.leaders(c.index()),
                self.withdraw & (1 << c.index()) == 0,
            )),
            Block::Catastrophes => Some((self.catastrophes, false)),
            Block::Pass | Block::Withdrawals | Block::Swaps => None,
        }
    }

    /// How many actions each block of [`BLOCKS`] holds, in that order.
    pub(super) fn counts(&self) -> [usize; BLOCKS.len()] {
        // Counting is the dear part (no popcount instruction on the baseline target):
        // the tile squares are counted with the targets, the leaders in supply once.
        let mut supply = None;
        let mut count = |i: usize| self.count(BLOCKS[i], &mut supply);
        // One call a block, each with its block known, so that its match folds away.
        [
            count(0),
            count(1),
            count(2),
            count(3),
            count(4),
            count(5),
            count(6),
            count(7),
            count(8),
            count(9),
            count(10),
            count(11),
        ]
    }

    /// How many actions `block` holds; `supply` keeps the count of the supply squares.
    #[inline(always)]
    fn count(&self, block: Block, supply: &mut Option<usize>) -> usize {
        match block {
            Block::Pass => 1,
            Block::Tiles(c) if self.in_hand & (1 << c.index()) == 0 => 0,
            Block::Tiles(Colour::Blue) => self.tile_counts[1],
            Block::Tiles(_) => self.tile_counts[0],
            Block::Leaders(c) if self.withdraw & (1 << c.index()) == 0 => {
                *supply.get_or_insert_with(|| board::count(self.supply))
            }
            Block::Leaders(c) => board::count(self.on_board[c.index()]),
            Block::Withdrawals => self.withdraw.count_ones() as usize,
            Block::Catastrophes if self.catastrophes.is_empty() => 0,
            Block::Catastrophes => board::count(self.catastrophes),
            Block::Swaps => action::swaps_within(self.swap_hand).len(),
        }
    }

    /// The `k`-th action (from 0) of the legal list whose blocks hold `counts`
    /// ([`ActionTargets::counts`]), decoded straight from the targets.
    pub(super) fn nth(&self, counts: &[usize; BLOCKS.len()], mut k: usize) -> Option<Action> {
        for (&block, &n) in BLOCKS.iter().zip(counts) {
            if k < n {
                return self.nth_in(block, k);
            }
            k -= n;
        }
        None
    }

    /// Appends `block`'s actions to `out`, in order.
    #[inline(always)]
    fn write(&self, block: Block, out: &mut Vec<Action>, decoded: &mut Decoded) {
        let base = block.base();
        match block {
            Block::Pass => out.push(Action::raw(base)),
            Block::Withdrawals => {
                for c in Colour::ALL {
                    if self.withdraw & (1 << c.index()) != 0 {
                        out.push(Action::raw(base + c.index() as u16));
                    }
                }
            }
            Block::Swaps => out.extend(
                action::swaps_within(self.swap_hand)
                    .iter()
                    .map(|&i| Action::raw(base + u16::from(i))),
            ),
            Block::Tiles(_) | Block::Leaders(_) | Block::Catastrophes => {
                let Some((set, shared)) = self.squares(block) else {
                    return;
                };
                if !set.is_empty() {
                    let squares = decoded.squares(set, shared);
                    out.extend(squares.iter().map(|&s| Action::raw(base + s)));
                }
            }
        }
    }

    /// The `k`-th action (from 0) of `block`, which holds more than `k`.
    fn nth_in(&self, block: Block, k: usize) -> Option<Action> {
        let base = block.base();
        let set = match block {
            Block::Pass => return Some(Action::raw(base)),
            Block::Tiles(c) => self.tiles(c.index()),
            Block::Leaders(c) => self.leaders(c.index()),
            Block::Catastrophes => self.catastrophes,
            Block::Withdrawals => {
                let mut mask = self.withdraw;
                for _ in 0..k {
                    mask &= mask.wrapping_sub(1);
                }
                return (mask != 0).then(|| Action::raw(base + mask.trailing_zeros() as u16));
            }
            Block::Swaps => {
                return action::swaps_within(self.swap_hand)
                    .get(k)
                    .map(|&i| Action::raw(base + u16::from(i)));
            }
        };
        set.nth(k).map(|s| Action::raw(base + s.0))
    }
}

/// Squares decoded from the targets' sets, to be written for each block's base in a tight,
/// size-known loop: a set several blocks share (the land, the supply squares) stays decoded
/// in one buffer for all of them; the others take turns in the other.
struct Decoded {
    shared: [u16; BUFFER],
    /// The set in `shared` and its length.
    shared_set: Option<(Squares, usize)>,
    other: [u16; BUFFER],
}

/// A decoding buffer: 256 squares at most (a set holds 192), and room for the 8 a byte of
/// the set may write past its last square.
const BUFFER: usize = 256 + 8;

/// For each byte, the places of its set bits, lowest first (the rest 0), and how many:
/// a set is decoded a byte at a time, 8 places written and as many kept as the byte holds.
static BYTE_BITS: ([[u8; 8]; 256], [u8; 256]) = byte_bits();

const fn byte_bits() -> ([[u8; 8]; 256], [u8; 256]) {
    let mut places = [[0u8; 8]; 256];
    let mut counts = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                places[byte][counts[byte] as usize] = bit as u8;
                counts[byte] += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    (places, counts)
}

impl Default for Decoded {
    fn default() -> Self {
        Decoded {
            shared: [0; BUFFER],
            shared_set: None,
            other: [0; BUFFER],
        }
    }
}

impl Decoded {
    /// Writes `set`'s squares into `buffer`; returns how many.
    #[inline]
    fn decode(set: Squares, buffer: &mut [u16; BUFFER]) -> usize {
        let (places, counts) = &BYTE_BITS;
        let mut n = 0;
        for (w, &word) in set.words().iter().enumerate() {
            if word == 0 {
                continue;
            }
            for b in 0..8 {
                let byte = ((word >> (8 * b)) & 0xFF) as usize;
                let first = (w * 64 + b * 8) as u16;
                // Masked, the index leaves room for the 8 places: no bounds check.
                let at = n & 0xFF;
                for (slot, &place) in buffer[at..at + 8].iter_mut().zip(&places[byte]) {
                    *slot = first + u16::from(place);
                }
                n += usize::from(counts[byte]);
            }
        }
        n.min(256)
    }

    /// `set`'s squares, decoded.
    #[inline]
    fn squares(&mut self, set: Squares, shared: bool) -> &[u16] {
        if !shared {
            let n = Self::decode(set, &mut self.other);
            return &self.other[..n];
        }
        let n = match self.shared_set {
            Some((decoded, n)) if decoded == set => n,
            _ => {
                let n = Self::decode(set, &mut self.shared);
                self.shared_set = Some((set, n));
                n
            }
        };
        &self.shared[..n]
    }
}

impl Public {
    /// The kingdoms now, the squares they touch, and where leaders may stand.
    fn kingdom_map(&self) -> KingdomMap {
        let (one, two, three) = self.regions.kingdom_touch();
        let empty = self.empty(self.occupied());
        KingdomMap {
            one,
            two,
            three,
            empty,
            leader_candidates: empty & self.temple_land(),
        }
    }

    /// Where a tile of each terrain may go: (land squares, river squares).
    fn tile_targets(&self, map: &KingdomMap) -> (Squares, Squares) {
        let ok = map.empty - map.three;
        (ok & self.board().land(), ok & self.board().river())
    }

    /// Where `seat`'s leader of `colour` may be placed or moved to.
    fn leader_targets(&self, seat: Seat, colour: Colour, map: &KingdomMap) -> Squares {
        let candidates = map.leader_candidates;
        let Some(from) = self.leaders[seat.index()][colour.index()] else {
            return candidates - map.two;
        };
        if candidates.is_empty() {
            return candidates;
        }
        // A moving leader counts its vacated square as empty: only its own kingdom
        // changes, splitting into the parts that still hold a leader. (The vacated
        // square itself is no destination.)
        let from = sp(from);
        let kept = self.kept_region(from);
        let touch = match kept {
            Some(kingdom) => kingdom.border,
            None => {
                let kingdom = self.region_of(from);
                board::dilate(kingdom) - kingdom
            }
        };
        // Over the other kingdoms, a square touching this one touches one kingdom fewer.
        let one = (map.one - touch) | (map.two & touch);
        let two = (map.two - touch) | (map.three & touch);
        let parts = self.leader_move(seat, colour, from, kept);
        candidates - (two | (one & parts.one) | parts.two)
    }

    fn catastrophe_targets(&self) -> Squares {
        let occupied = self.occupied();
        self.empty(occupied) | (self.face_up() - self.treasures - self.building_squares())
    }
}

impl Tigris {
    /// Why `action` is not legal now, if it is not.
    pub fn check(&self, action: Action) -> Result<(), Reason> {
        let p = &self.public;
        let kind = action.kind();
        let decision = |name| Reason::OtherDecision(name);
        let expected = match p.pending {
            Pending::Over => return Err(Reason::GameOver),
            Pending::Draw(_) => return Err(Reason::ChancePending),
            Pending::Action => "an action",
            Pending::Support(_) => "a support",
            Pending::WarOrder => "the next war",
            Pending::Monument => "a monument or decline",
            Pending::Ziggurat => "the ziggurat or decline",
            Pending::Building => "a civilization building or decline",
            Pending::ZigguratVp => "the colour of the ziggurat VP",
            Pending::Treasure(_) => "a treasure",
        };
        let active = p.active;
        let a = active.index();
        match (p.pending, kind) {
            (Pending::Action, ActionKind::Pass) => Ok(()),
            (Pending::Action, ActionKind::Tile(c, s)) => {
                if self.hands[a][c] == 0 {
                    return Err(Reason::NotInHand);
                }
                let on_river = p.board().river().contains(sp(s));
                let occupied = p.occupied();
                if on_river != (c == Colour::Blue) {
                    Err(Reason::Terrain)
                } else if !p.empty(occupied).contains(sp(s)) {
                    Err(Reason::Occupied)
                } else if p.adjacent_kingdoms_now(s).len() > 2 {
                    Err(Reason::ThreeKingdoms)
                } else {
                    Ok(())
                }
            }
            (Pending::Action, ActionKind::Leader(c, s)) => {
                let from = p.leaders[a][c.index()];
                let mut occupied = p.occupied();
                let mut leaders = p.leader_squares();
                if let Some(from) = from {
                    // A moving leader counts its vacated square as empty.
                    occupied.remove(sp(from));
                    leaders.remove(sp(from));
                }
                if from == Some(s) {
                    Err(Reason::SameSquare)
                } else if p.board().river().contains(sp(s)) {
                    Err(Reason::Terrain)
                } else if !p.empty(occupied).contains(sp(s)) {
                    Err(Reason::Occupied)
                } else if !p.temple_neighbourhood().contains(sp(s)) {
                    Err(Reason::NoTemple)
                } else if from.is_none() && p.adjacent_kingdoms_now(s).len() > 1 {
                    Err(Reason::JoinsKingdoms)
                } else if from.is_some() && p.adjacent_kingdoms(s, occupied, leaders).len() > 1 {
                    // Only a moving leader needs the regions filled again without it.
                    Err(Reason::JoinsKingdoms)
                } else {
                    Ok(())
                }
            }
            (Pending::Action, ActionKind::Withdraw(c)) => p.leaders[a][c.index()]
                .map(|_| ())
                .ok_or(Reason::NotOnBoard),
            (Pending::Action, ActionKind::Catastrophe(s)) => {
                if p.catastrophes_left[a] == 0 {
                    Err(Reason::NoCatastrophe)
                } else if p.catastrophe_targets().contains(sp(s)) {
                    Ok(())
                } else {
                    Err(Reason::Protected)
                }
            }
            (Pending::Action, ActionKind::Swap(d)) => {
                if Colour::ALL
                    .iter()
                    .all(|c| d[c.index()] <= self.hands[a][*c])
                {
                    Ok(())
                } else {
                    Err(Reason::NotInHandToSwap)
                }
            }
            (Pending::Support(seat), ActionKind::Support(n)) => {
                let conflict = p
                    .conflict
                    .as_ref()
                    .expect("a support decision has a conflict");
                let mask = p.support_options(
                    conflict,
                    seat,
                    self.hands[seat.index()][conflict.support_colour()],
                );
                if mask & (1 << n) != 0 {
                    Ok(())
                } else {
                    Err(Reason::Support)
                }
            }
            (Pending::WarOrder, ActionKind::War(c)) => {
                if p.wars & (1 << c.index()) != 0 {
                    Ok(())
                } else {
                    Err(Reason::NoSuchWar)
                }
            }
            (Pending::Monument | Pending::Ziggurat | Pending::Building, ActionKind::Decline) => {
                Ok(())
            }
            (Pending::Monument, ActionKind::Monument(m, s)) => {
                let mut options = SmallVec::new();
                p.monument_options(&mut options);
                if options.contains(&(m, s)) {
                    Ok(())
                } else {
                    Err(Reason::NoSuchMonument)
                }
            }
            (Pending::Ziggurat, ActionKind::Ziggurat(s)) => {
                if p.ziggurat_options().contains(sp(s)) {
                    Ok(())
                } else {
                    Err(Reason::NoSuchZiggurat)
                }
            }
            (Pending::Building, ActionKind::Building(s)) => {
                if p.building_options().contains(sp(s)) {
                    Ok(())
                } else {
                    Err(Reason::NoSuchBuilding)
                }
            }
            (Pending::ZigguratVp, ActionKind::ZigguratVp(_)) => Ok(()),
            (Pending::Treasure(_), ActionKind::Treasure(s)) => match p.treasure_due() {
                Some((_, options)) if options.contains(sp(s)) => Ok(()),
                _ => Err(Reason::NoSuchTreasure),
            },
            _ => Err(decision(expected)),
        }
    }

    /// Where each kind of action may go, when an action is to be taken.
    #[inline]
    pub(super) fn action_targets(&self) -> ActionTargets {
        let p = &self.public;
        let a = p.active.index();
        let hand = self.hands[a];
        let map = p.kingdom_map();
        let (land, river) = p.tile_targets(&map);
        // The empty squares are counted as they come and go: only those touching three
        // kingdoms (seldom any) are left to count.
        let barred = map.empty & map.three;
        let tile_counts = if barred.is_empty() {
            p.regions.empty.map(usize::from)
        } else {
            [board::count(land), board::count(river)]
        };
        let supply = map.leader_candidates - map.two;
        let mut targets = ActionTargets {
            land,
            river,
            tile_counts,
            in_hand: 0,
            on_board: [Squares::EMPTY; 4],
            withdraw: 0,
            catastrophes: Squares::EMPTY,
            swap_hand: [0; 4],
            supply,
        };
        for c in Colour::ALL {
            let i = c.index();
            if hand[c] > 0 {
                targets.in_hand |= 1 << i;
            }
            if p.leaders[a][i].is_some() {
                targets.withdraw |= 1 << i;
                targets.on_board[i] = p.leader_targets(p.active, c, &map);
            }
        }
        if p.catastrophes_left[a] > 0 {
            targets.catastrophes = p.catastrophe_targets();
        }
        if p.hand_sizes[a] > 0 {
            targets.swap_hand = hand.into_array();
        }
        targets
    }

    /// The legal actions, sorted: for an action decision, block by block of [`BLOCKS`].
    pub(super) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.public.pending != Pending::Action {
            let mut options = SmallVec::new();
            self.small_options(&mut options);
            out.extend_from_slice(&options);
            return;
        }
        let targets = self.action_targets();
        let mut decoded = Decoded::default();
        let mut write = |i: usize| targets.write(BLOCKS[i], out, &mut decoded);
        // One call a block, each with its block known, so that its match folds away.
        write(0);
        write(1);
        write(2);
        write(3);
        write(4);
        write(5);
        write(6);
        write(7);
        write(8);
        write(9);
        write(10);
        write(11);
    }

    /// The legal actions of any decision but an action (all short lists), sorted.
    pub(super) fn small_options(&self, out: &mut SmallVec<[Action; 32]>) {
        let p = &self.public;
        let push_squares = |out: &mut SmallVec<[Action; 32]>, base: u16, set: Squares| {
            set.for_each(|s| out.push(Action::raw(base + s.0)));
        };
        match p.pending {
            Pending::Support(seat) => {
                let conflict = p
                    .conflict
                    .as_ref()
                    .expect("a support decision has a conflict");
                let mask = p.support_options(
                    conflict,
                    seat,
                    self.hands[seat.index()][conflict.support_colour()],
                );
                for n in 0..=MAX_SUPPORT {
                    if mask & (1 << n) != 0 {
                        out.push(Action::raw(action::SUPPORT + n as u16));
                    }
                }
            }
            Pending::WarOrder => {
                for c in p.wars() {
                    out.push(Action::raw(action::WAR + c.index() as u16));
                }
            }
            Pending::Monument => {
                let mut options = SmallVec::new();
                p.monument_options(&mut options);
                for (m, s) in options {
                    out.push(Action::raw(
                        action::MONUMENT + (m.index() * SQUARES + s.index()) as u16,
                    ));
                }
                out.push(Action::raw(action::DECLINE));
            }
            Pending::Ziggurat => {
                out.push(Action::raw(action::DECLINE));
                push_squares(out, action::ZIGGURAT, p.ziggurat_options());
            }
            Pending::Building => {
                out.push(Action::raw(action::DECLINE));
                push_squares(out, action::BUILDING, p.building_options());
            }
            Pending::ZigguratVp => {
                for c in Colour::ALL {
                    out.push(Action::raw(action::ZIGGURAT_VP + c.index() as u16));
                }
            }
            Pending::Treasure(_) => {
                if let Some((_, options)) = p.treasure_due() {
                    push_squares(out, action::TREASURE, options);
                }
            }
            Pending::Action | Pending::Draw(_) | Pending::Over => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BUFFER, Decoded, Squares};

    /// A byte at a time, the decoding writes every square of a set in order and no other:
    /// sets of every density, the empty and the full one among them.
    #[test]
    fn a_set_decodes_to_its_squares() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut buffer = [0u16; BUFFER];
        for round in 0..3_000 {
            let mut words = [next(), next(), next()];
            // Thinned out, or filled up, by rounds.
            for _ in 0..round % 4 {
                words = words.map(|w| w & next());
            }
            if round % 7 == 0 {
                words = words.map(|w| w | next());
            }
            match round {
                0 => words = [0; 3],
                1 => words = [u64::MAX; 3],
                _ => {}
            }
            let set = Squares::from_words(words);
            let n = Decoded::decode(set, &mut buffer);
            let expected: Vec<u16> = set.iter().map(|s| s.0).collect();
            assert_eq!(&buffer[..n], &expected[..], "{words:x?}");
        }
    }
}
