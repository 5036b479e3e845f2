//! Bit work on 64-bit words that the games' fast paths share: the `n`-th set bit of a
//! word without a loop over its bits (a broadword select), so a uniform draw from a set of
//! spaces costs the same wherever the drawn space lies.
//!
//! ```
//! use mesopotamia_core::bits::select;
//!
//! let word = 0b1011_0000_0001;
//! assert_eq!(select(word, 0), Some(0));
//! assert_eq!(select(word, 1), Some(8));
//! assert_eq!(select(word, 3), Some(11));
//! assert_eq!(select(word, 4), None);
//! ```

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// For each byte value, the positions of its set bits, lowest first.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut out = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut k, mut i) = (0, 0);
        while i < 8 {
            if byte & (1 << i) != 0 {
                out[byte][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        byte += 1;
    }
    out
};

/// The running bit counts of `word`'s bytes: byte `i` of the result counts the set bits of
/// bytes `0..=i` (at most 64, so no byte overflows); the top byte is the word's count.
#[inline]
pub const fn byte_prefix_counts(word: u64) -> u64 {
    let mut c = word - ((word >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    c.wrapping_mul(ONES)
}

/// The position of the `n`-th set bit (from 0, lowest first) of `word`, given its
/// [`byte_prefix_counts`]. `n` must be below the word's count; otherwise the result is some
/// position below 64 (never a panic). Without branches: the byte from the counts, then a
/// table look-up within it.
#[inline]
pub fn select_with_counts(word: u64, prefix: u64, n: u32) -> u32 {
    // The high bit of each byte whose running count is at most `n`: the bytes wholly before
    // the bit sought (a prefix of the bytes, the counts growing).
    let before = ((((u64::from(n) & 0x7F) * ONES) | HIGH) - prefix) & HIGH;
    let byte = ((before >> 7).wrapping_mul(ONES) >> 56) as u32 & 7;
    let skipped = ((prefix << 8) >> (8 * byte)) as u32 & 0xFF;
    let bits = ((word >> (8 * byte)) & 0xFF) as usize;
    8 * byte + u32::from(SELECT_IN_BYTE[bits][(n.wrapping_sub(skipped) & 7) as usize])
}

/// The position of the `n`-th set bit (from 0, lowest first) of `word`, if it has more
/// than `n`.
#[inline]
pub fn select(word: u64, n: u32) -> Option<u32> {
    let prefix = byte_prefix_counts(word);
    (n < (prefix >> 56) as u32).then(|| select_with_counts(word, prefix, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words of every density: the select agrees with a walk over the bits.
    #[test]
    fn select_agrees_with_a_walk() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..4000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Thin and dense words as well as halves.
            let word = match round % 4 {
                0 => x,
                1 => x & (x >> 3),
                2 => x | (x >> 5),
                _ => x & 0xFFFF_0000_0000_00FF,
            };
            let bits: Vec<u32> = (0..64).filter(|&b| word >> b & 1 == 1).collect();
            assert_eq!((byte_prefix_counts(word) >> 56) as usize, bits.len());
            for (n, &b) in bits.iter().enumerate() {
                assert_eq!(select(word, n as u32), Some(b), "{word:#x} {n}");
            }
            assert_eq!(select(word, bits.len() as u32), None);
        }
        assert_eq!(select(u64::MAX, 63), Some(63));
        assert_eq!(select(0, 0), None);
    }
}
