//! The board: 16 columns by 11 rows of land and river, with starting temples that
//! carry treasures, some on framed squares.

use core::fmt;
use core::str::FromStr;
use std::sync::OnceLock;

use mesopotamia_core::{Adjacency, Grid, Space, SpaceSet};

/// Columns of the board.
pub const WIDTH: usize = 16;
/// Rows of the board.
pub const HEIGHT: usize = 11;
/// Squares of the board.
pub const SQUARES: usize = WIDTH * HEIGHT;

/// A set of squares of the board.
pub type Squares = SpaceSet<3>;

/// A square, named as on the board files: column letter `A`..`P`, row `1`..`11`
/// (`A1` is top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = A) and `row` (0 = row 1), if on the board.
    pub const fn new(column: usize, row: usize) -> Option<Square> {
        if column < WIDTH && row < HEIGHT {
            Some(Square((row * WIDTH + column) as u8))
        } else {
            None
        }
    }

    /// The square with dense index `index` (row-major), if on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Dense index, row-major.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 for A.
    pub const fn column(self) -> usize {
        self.0 as usize % WIDTH
    }

    /// Row, 0 for row 1.
    pub const fn row(self) -> usize {
        self.0 as usize / WIDTH
    }

    /// The square as a space of the core's geometry.
    #[inline]
    pub const fn space(self) -> Space {
        Space(self.0 as u16)
    }

    /// The square of a space, if on the board.
    #[inline]
    pub const fn from_space(space: Space) -> Option<Square> {
        Square::from_index(space.0 as usize)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'A' + self.column() as u8) as char,
            self.row() + 1
        )
    }
}

/// Text that names no square of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square (A1 to P11)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseSquareError(s.to_owned());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(err());
        }
        let row: usize = digits.parse().map_err(|_| err())?;
        Square::new((letter as u8 - b'A') as usize, row.wrapping_sub(1)).ok_or_else(err)
    }
}

#[cfg(feature = "serde")]
mesopotamia_core::serde_via_notation!(Square);

/// How many squares `set` holds. Without a popcount instruction (the baseline target has
/// none) the words' bit counts are summed as bytes first, then folded once.
#[inline]
pub(crate) fn count(set: Squares) -> usize {
    let nibbles = |w: u64| {
        let c = w - ((w >> 1) & 0x5555_5555_5555_5555);
        (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333)
    };
    let [a, b, c] = *set.words();
    // Each nibble counts at most 4 bits of a word: three words' sums still fit in a
    // nibble, and two nibbles in a byte.
    let sum = nibbles(a) + nibbles(b) + nibbles(c);
    let bytes = (sum & 0x0F0F_0F0F_0F0F_0F0F) + ((sum >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

// `dilate` and `Board::ring_pattern` read whole rows from the set's words: four rows a word,
// the last rows in the third.
const _: () = assert!(
    WIDTH == 16 && HEIGHT > 8 && HEIGHT <= 12,
    "four whole rows a word"
);

/// The squares of column A in a word: a word holds four whole rows (16 columns each).
const FIRST_COLUMN: u64 = 0x0001_0001_0001_0001;
/// The squares of column P in a word.
const LAST_COLUMN: u64 = FIRST_COLUMN << (WIDTH - 1);
/// The board's squares in the last word (rows 9 to 11).
const LAST_WORD: u64 = (1 << (SQUARES - 128)) - 1;

/// `set` with every square next to one of its squares: [`Adjacency::dilate`] for this board's
/// shape, written out. Rows never straddle words (16 columns, four rows a word), so a
/// step east or west stays within its word and only north and south carry between words:
/// fewer operations than the general grid's, on paths (region borders, fills) taken at
/// every decision.
#[inline]
pub(crate) fn dilate(set: Squares) -> Squares {
    let [a, b, c] = *set.words();
    let c = c & LAST_WORD;
    let across = |w: u64| w | ((w << 1) & !FIRST_COLUMN) | ((w >> 1) & !LAST_COLUMN);
    let w = WIDTH as u32;
    // A word's first row carried to the previous word's last, and back.
    let carry = 64 - w;
    Squares::from_words([
        across(a) | (a << w) | (a >> w) | (b << carry),
        across(b) | (b << w) | (a >> carry) | (b >> w) | (c << carry),
        (across(c) | (c << w) | (b >> carry) | (c >> w)) & LAST_WORD,
    ])
}

/// The eight squares around a square as (column, row) steps, in turn from the north
/// clockwise.
const RING: [(isize, isize); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The ring pattern ([`Board::ring_pattern`]) of each 3x3 window of squares: bits 0-2
/// the row above (west to east), 3-5 the square's own row, 6-8 the row below.
static RING_OF_WINDOW: [u8; 512] = ring_of_window();

const fn ring_of_window() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut window = 0;
    while window < 512 {
        let mut i = 0;
        while i < 8 {
            let (dc, dr) = RING[i];
            let bit = ((dr + 1) * 3 + dc + 1) as usize;
            if window & (1 << bit) != 0 {
                table[window] |= 1 << i;
            }
            i += 1;
        }
        window += 1;
    }
    table
}

/// Which printed board a game uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum BoardKind {
    /// The classic board: 10 starting temples, 4 framed.
    #[default]
    Classic,
    /// The 2009 alternative board: 14 starting temples, 6 framed.
    Alternative,
}

/// `classic` or `alternative`; another name is refused in words (serde's derived message
/// would call it an unknown variant).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for BoardKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BoardKind, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(d)?;
        match name.as_str() {
            "classic" => Ok(BoardKind::Classic),
            "alternative" => Ok(BoardKind::Alternative),
            other => Err(serde::de::Error::custom(format_args!(
                "unknown board `{other}` (classic or alternative)"
            ))),
        }
    }
}

/// A board: its rivers, starting temples with treasures, framed treasure squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid<3>,
    /// Orthogonal neighbours of each square, looked up rather than computed on hot paths.
    neighbours: Vec<Squares>,
    /// The eight squares around each square, in turn from the north clockwise (each
    /// orthogonally next to the one before it); `u16::MAX` off the board.
    ring: Vec<[u16; 8]>,
    river: Squares,
    starting_temples: Squares,
    framed: Squares,
}

/// A board file that does not describe a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A line of the map is not 16 squares wide.
    #[error("line {line}: {found} squares, expected 16")]
    Width {
        /// Line number in the file, from 1.
        line: usize,
        /// Squares found.
        found: usize,
    },
    /// A character that is not `.`, `~`, `T` or `C`.
    #[error("line {line}: unknown square `{found}` (expected . ~ T or C)")]
    Symbol {
        /// Line number in the file, from 1.
        line: usize,
        /// The character.
        found: char,
    },
    /// Not 11 rows.
    #[error("{0} rows, expected 11")]
    Height(usize),
}

impl Board {
    /// Reads a board in the format of `boards/tigris-classic.txt`: `#` comments, then 11
    /// rows of 16 characters (`.` land, `~` river, `T` temple with treasure, `C` framed).
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let grid = Grid::new(WIDTH, HEIGHT).map_err(|_| BoardError::Height(HEIGHT))?;
        let (mut river, mut starting_temples, mut framed) =
            (Squares::EMPTY, Squares::EMPTY, Squares::EMPTY);
        let mut row = 0;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let width = line.chars().count();
            if width != WIDTH {
                return Err(BoardError::Width {
                    line: n + 1,
                    found: width,
                });
            }
            if row >= HEIGHT {
                row += 1;
                continue;
            }
            for (column, ch) in line.chars().enumerate() {
                let sq = Square::new(column, row).expect("within 16x11").space();
                match ch {
                    '.' => {}
                    '~' => {
                        river.insert(sq);
                    }
                    'T' => {
                        starting_temples.insert(sq);
                    }
                    'C' => {
                        starting_temples.insert(sq);
                        framed.insert(sq);
                    }
                    found => return Err(BoardError::Symbol { line: n + 1, found }),
                }
            }
            row += 1;
        }
        if row != HEIGHT {
            return Err(BoardError::Height(row));
        }
        let neighbours = (0..SQUARES)
            .map(|i| grid.neighbours(Space(i as u16)))
            .collect();
        Ok(Board {
            grid,
            neighbours,
            ring: (0..SQUARES)
                .map(|i| {
                    let (c, r) = ((i % WIDTH) as isize, (i / WIDTH) as isize);
                    RING.map(|(dc, dr)| {
                        let (c, r) = (c + dc, r + dr);
                        if (0..WIDTH as isize).contains(&c) && (0..HEIGHT as isize).contains(&r) {
                            (r as usize * WIDTH + c as usize) as u16
                        } else {
                            u16::MAX
                        }
                    })
                })
                .collect(),
            river,
            starting_temples,
            framed,
        })
    }

    /// One of the printed boards (parsed once from the embedded board files).
    pub fn get(kind: BoardKind) -> &'static Board {
        static CLASSIC: OnceLock<Board> = OnceLock::new();
        static ALTERNATIVE: OnceLock<Board> = OnceLock::new();
        match kind {
            BoardKind::Classic => CLASSIC.get_or_init(|| {
                Board::parse(include_str!("../boards/tigris-classic.txt"))
                    .expect("the embedded classic board parses")
            }),
            BoardKind::Alternative => ALTERNATIVE.get_or_init(|| {
                Board::parse(include_str!("../boards/tigris-alternative.txt"))
                    .expect("the embedded alternative board parses")
            }),
        }
    }

    /// The grid geometry.
    #[inline]
    pub fn grid(&self) -> &Grid<3> {
        &self.grid
    }

    /// The squares orthogonally adjacent to `square`.
    #[inline]
    pub fn neighbours(&self, square: Space) -> Squares {
        self.neighbours
            .get(square.index())
            .copied()
            .unwrap_or_default()
    }

    /// The eight squares around `square`, in turn from the north clockwise; `u16::MAX` off
    /// the board.
    #[inline]
    pub(crate) fn ring(&self, square: Space) -> [u16; 8] {
        self.ring
            .get(square.index())
            .copied()
            .unwrap_or([u16::MAX; 8])
    }

    /// Which of the eight squares around `square` are in `set`: bit i for the i-th, in
    /// turn from the north clockwise.
    ///
    /// Read from the three rows around the square, three bits of each (a row never
    /// straddles words), rather than eight lookups: see [`RING_OF_WINDOW`].
    #[inline]
    pub(crate) fn ring_pattern(&self, set: Squares, square: Space) -> u8 {
        // Off the board, no square around: nothing (as the ring's own squares say).
        if square.index() >= SQUARES {
            return 0;
        }
        let words = set.words();
        let (row, column) = (square.index() / WIDTH, square.index() % WIDTH);
        // Row `r`'s 16 bits, shifted up one so that the column left of the square is
        // bit 0 of the window (none left of column A, none right of column P).
        let window = |r: usize| -> usize {
            let bits = match words.get(r / 4) {
                Some(&w) if r < HEIGHT => (w >> (16 * (r % 4))) & 0xFFFF,
                _ => 0,
            };
            ((bits << 1) >> column) as usize & 7
        };
        let index = window(row.wrapping_sub(1)) | window(row) << 3 | window(row + 1) << 6;
        RING_OF_WINDOW[index]
    }

    /// River squares.
    #[inline]
    pub fn river(&self) -> Squares {
        self.river
    }

    /// Land squares.
    #[inline]
    pub fn land(&self) -> Squares {
        self.grid.all() - self.river
    }

    /// Squares that start with a temple and a treasure.
    pub fn starting_temples(&self) -> Squares {
        self.starting_temples
    }

    /// Framed treasure squares: a trader must take these first.
    pub fn framed(&self) -> Squares {
        self.framed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_board_counts() {
        let b = Board::get(BoardKind::Classic);
        assert_eq!(b.river().len(), 41);
        assert_eq!(b.starting_temples().len(), 10);
        assert_eq!(b.framed().len(), 4);
        assert!(b.framed().contains("B2".parse::<Square>().unwrap().space()));
    }

    #[test]
    fn alternative_board_counts() {
        let b = Board::get(BoardKind::Alternative);
        assert_eq!(b.river().len(), 39);
        assert_eq!(b.starting_temples().len(), 14);
        assert_eq!(b.framed().len(), 6);
        assert!(
            b.framed()
                .contains("J11".parse::<Square>().unwrap().space())
        );
    }

    /// Sets of every density: the byte-wise count agrees with the set's own.
    #[test]
    fn counts_match_the_sets() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2000 {
            let mut set = Squares::EMPTY;
            for i in 0..SQUARES {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 16 < round % 17 {
                    set.insert(Space(i as u16));
                }
            }
            assert_eq!(count(set), set.len());
        }
    }

    /// The ring pattern read from the rows is the one the ring's squares give, for every
    /// square (edges and corners among them; both boards have this shape), and a space past
    /// the board has none.
    #[test]
    fn ring_patterns_match_the_ring() {
        let board = Board::get(BoardKind::Classic);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let mut set = Squares::EMPTY;
            for i in 0..SQUARES {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 2 == 0 {
                    set.insert(Space(i as u16));
                }
            }
            for i in 0..SQUARES {
                let mut expected = 0u8;
                for (k, &s) in board.ring(Space(i as u16)).iter().enumerate() {
                    expected |= (set.contains(Space(s)) as u8) << k;
                }
                assert_eq!(board.ring_pattern(set, Space(i as u16)), expected, "{i}");
            }
        }
        // A space past the board has no square around it.
        for i in SQUARES..Squares::CAPACITY {
            assert_eq!(
                board.ring_pattern(!Squares::EMPTY, Space(i as u16)),
                0,
                "{i}"
            );
        }
    }

    /// The written-out dilation is the grid's, for sets of every density.
    #[test]
    fn dilate_matches_the_grid() {
        let grid = Board::get(BoardKind::Classic).grid();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..2000 {
            let mut set = Squares::EMPTY;
            for i in 0..SQUARES {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 32 < round % 33 {
                    set.insert(Space(i as u16));
                }
            }
            assert_eq!(dilate(set), grid.dilate(set));
            // Squares past the board in a set (its complement holds them) add nothing.
            assert_eq!(dilate(!set), grid.dilate(!set));
        }
    }

    #[test]
    fn square_names_round_trip() {
        for i in 0..SQUARES {
            let s = Square::from_index(i).unwrap();
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        for bad in ["", "A", "A0", "A12", "Q1", "1A", "A01", "A1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_boards_name_the_line() {
        assert_eq!(
            Board::parse("# c\n...."),
            Err(BoardError::Width { line: 2, found: 4 })
        );
        let bad = "x".repeat(16);
        assert!(matches!(
            Board::parse(&bad),
            Err(BoardError::Symbol {
                line: 1,
                found: 'x'
            })
        ));
        assert_eq!(Board::parse(&".".repeat(16)), Err(BoardError::Height(1)));
    }
}
