//! Where a position stands in its endgame database: material slices and the index inside one.
//!
//! Positions are stored with Red to move only: a position with Black to move is turned round
//! first (rotated 180°, colours swapped), which the rules do not notice. Inside a slice (the
//! numbers of red men, red kings, black men and black kings) a position is numbered by ranking
//! each group's squares as a combination: red men on the 28 squares outside their crowning row,
//! black men likewise, red kings on the squares the men leave free, black kings on what is left
//! after that; under huffing rules (Blasen) the huffable subset of Black's pieces is the lowest
//! digit. Red and black men may be numbered onto the same square: those few indices hold no
//! position and are marked invalid.
//!
//! Squares are handled here as "number masks": bit `n − 1` for square `n`, so that turning the
//! board round is reversing the 32 bits.

use dame_core::board::{Bitboard, Board, Color, Position};
use dame_core::Preset;

/// The most pieces a database can hold (the lookup table's bound, far beyond what fits on disk).
pub const MAX_PIECES: u8 = 8;

/// Binomial coefficients C(n, k) for n ≤ 32, k ≤ 8.
const BINOMIAL: [[u64; 9]; 33] = {
    let mut table = [[0u64; 9]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 8 && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// How many pieces of each kind a normalised position (Red to move) has: one slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move.
    pub red_men: u8,
    /// Kings of the side to move.
    pub red_kings: u8,
    /// Men of the side not to move.
    pub black_men: u8,
    /// Kings of the side not to move.
    pub black_kings: u8,
}

impl Material {
    /// The slice of `pos` (turned round first when Black is to move).
    pub fn of(pos: &Position) -> Material {
        Masks::of(pos).material()
    }

    /// All pieces on the board.
    pub fn pieces(self) -> u8 {
        self.red_men + self.red_kings + self.black_men + self.black_kings
    }

    /// All men on the board.
    pub fn men(self) -> u8 {
        self.red_men + self.black_men
    }

    /// The same material with the other side to move: where a quiet move leads.
    pub fn mirror(self) -> Material {
        Material {
            red_men: self.black_men,
            red_kings: self.black_kings,
            black_men: self.red_men,
            black_kings: self.red_kings,
        }
    }

    /// Every slice with 2..=`max` pieces and at least one piece a side (without men if
    /// `kings_only`: those slices lead only into each other), in generation order: fewer pieces
    /// first, then fewer men (a crowning leaves a slice with one man fewer), a slice and its
    /// mirror next to each other.
    pub fn all_up_to(max: u8, kings_only: bool) -> Vec<Material> {
        let mut all = Vec::new();
        for pieces in 2..=max {
            for men in 0..=pieces {
                for red_men in 0..=men {
                    let black_men = men - red_men;
                    for red_kings in 0..=pieces - men {
                        let black_kings = pieces - men - red_kings;
                        let m = Material {
                            red_men,
                            red_kings,
                            black_men,
                            black_kings,
                        };
                        if red_men + red_kings > 0
                            && black_men + black_kings > 0
                            && (men == 0 || !kings_only)
                        {
                            all.push(m);
                        }
                    }
                }
            }
        }
        all
    }

    /// A key below `(MAX_PIECES + 1)^4`, for table lookups.
    pub fn key(self) -> usize {
        let base = MAX_PIECES as usize + 1;
        ((self.red_men as usize * base + self.red_kings as usize) * base + self.black_men as usize)
            * base
            + self.black_kings as usize
    }

    fn digits(self) -> [u64; 4] {
        let (rm, rk, bm, bk) = (
            self.red_men as u32,
            self.red_kings as u32,
            self.black_men as u32,
            self.black_kings as u32,
        );
        [
            binomial(28, rm),
            binomial(28, bm),
            binomial(32 - rm - bm, rk),
            binomial(32 - rm - bm - rk, bk),
        ]
    }

    /// How many huffable subsets each arrangement has: one without huffing.
    fn huff_subsets(self, huffing: bool) -> u64 {
        if huffing {
            1 << (self.black_men + self.black_kings)
        } else {
            1
        }
    }

    /// The number of indices in the slice (a few of them invalid, see the module's text).
    pub fn size(self, huffing: bool) -> u64 {
        self.digits().iter().product::<u64>() * self.huff_subsets(huffing)
    }
}

/// A normalised position (Red to move) as number masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    /// Red's men, one bit per square number.
    pub red_men: u32,
    /// Red's kings.
    pub red_kings: u32,
    /// Black's men.
    pub black_men: u32,
    /// Black's kings.
    pub black_kings: u32,
    /// Black's pieces that Red may huff.
    pub huffable: u32,
}

/// A bitboard in the ghost-square layout as a number mask (the ghosts are bits 8, 17 and 26).
fn number_mask(bb: Bitboard) -> u32 {
    let b = bb.0;
    ((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF_0000) | ((b >> 3) & 0xFF00_0000)) as u32
}

fn bitboard(mask: u32) -> Bitboard {
    let m = mask as u64;
    Bitboard((m & 0xFF) | ((m & 0xFF00) << 1) | ((m & 0xFF_0000) << 2) | ((m & 0xFF00_0000) << 3))
}

impl Masks {
    /// The position with Red to move: as it is, or turned round when Black is to move.
    pub fn of(pos: &Position) -> Masks {
        let board = &pos.board;
        let men = |c| number_mask(board.men(c));
        let kings = |c| number_mask(board.kings(c));
        let huffable = number_mask(pos.huffable);
        match pos.side {
            Color::Red => Masks {
                red_men: men(Color::Red),
                red_kings: kings(Color::Red),
                black_men: men(Color::Black),
                black_kings: kings(Color::Black),
                huffable,
            },
            Color::Black => Masks {
                red_men: men(Color::Black).reverse_bits(),
                red_kings: kings(Color::Black).reverse_bits(),
                black_men: men(Color::Red).reverse_bits(),
                black_kings: kings(Color::Red).reverse_bits(),
                huffable: huffable.reverse_bits(),
            },
        }
    }

    /// The material, which names the slice.
    pub fn material(&self) -> Material {
        Material {
            red_men: self.red_men.count_ones() as u8,
            red_kings: self.red_kings.count_ones() as u8,
            black_men: self.black_men.count_ones() as u8,
            black_kings: self.black_kings.count_ones() as u8,
        }
    }

    /// The position these masks describe under `preset`, Red to move.
    pub fn position(&self, preset: Preset) -> Position {
        let red = self.red_men | self.red_kings;
        let black = self.black_men | self.black_kings;
        Position {
            board: Board {
                red: bitboard(red),
                black: bitboard(black),
                kings: bitboard(self.red_kings | self.black_kings),
            },
            side: Color::Red,
            huffable: bitboard(self.huffable),
            rules: preset.rules(),
            preset,
        }
    }

    /// The index inside the slice of `material` (which must be this position's).
    pub fn index(&self, material: Material, huffing: bool) -> u64 {
        let [_, cbm, crk, cbk] = material.digits();
        let occupied = self.red_men | self.black_men;
        let rm = rank(self.red_men >> 4, 0);
        let bm = rank(self.black_men, 0);
        let rk = rank(self.red_kings, occupied);
        let bk = rank(self.black_kings, occupied | self.red_kings);
        let arrangement = ((rm * cbm + bm) * crk + rk) * cbk + bk;
        if huffing {
            let black = self.black_men | self.black_kings;
            arrangement * material.huff_subsets(true) + extract(self.huffable, black) as u64
        } else {
            arrangement
        }
    }

    /// The position at `index` in the slice of `material`, or `None` for an invalid index (men
    /// on one square).
    pub fn at(index: u64, material: Material, huffing: bool) -> Option<Masks> {
        let [_, cbm, crk, cbk] = material.digits();
        let subsets = material.huff_subsets(huffing);
        let (arrangement, huff_bits) = (index / subsets, index % subsets);
        let bk = arrangement % cbk;
        let rest = arrangement / cbk;
        let rk = rest % crk;
        let rest = rest / crk;
        let bm = rest % cbm;
        let rm = rest / cbm;
        let red_men = unrank(rm, material.red_men, 0) << 4;
        let black_men = unrank(bm, material.black_men, 0);
        if red_men & black_men != 0 {
            return None;
        }
        let occupied = red_men | black_men;
        let red_kings = unrank(rk, material.red_kings, occupied);
        let black_kings = unrank(bk, material.black_kings, occupied | red_kings);
        let huffable = deposit(huff_bits as u32, black_men | black_kings);
        Some(Masks {
            red_men,
            red_kings,
            black_men,
            black_kings,
            huffable,
        })
    }
}

/// The colex rank of the set `squares` among the squares not in `occupied`.
fn rank(squares: u32, occupied: u32) -> u64 {
    let mut rank = 0;
    let mut rest = squares;
    let mut i = 1;
    while rest != 0 {
        let p = rest.trailing_zeros();
        rest &= rest - 1;
        let below = occupied & ((1u32 << p) - 1);
        rank += binomial(p - below.count_ones(), i);
        i += 1;
    }
    rank
}

/// The set of `k` squares whose colex rank among the squares not in `occupied` is `rank`.
fn unrank(mut rank: u64, k: u8, occupied: u32) -> u32 {
    let mut compressed = 0u32;
    for i in (1..=k as u32).rev() {
        let mut p = i - 1;
        while binomial(p + 1, i) <= rank {
            p += 1;
        }
        rank -= binomial(p, i);
        compressed |= 1 << p;
    }
    deposit(compressed, !occupied)
}

/// The bits of `value` spread onto the set bits of `mask`, lowest first (PDEP).
fn deposit(mut value: u32, mask: u32) -> u32 {
    let mut out = 0;
    let mut m = mask;
    while value != 0 && m != 0 {
        let low = m & m.wrapping_neg();
        if value & 1 != 0 {
            out |= low;
        }
        value >>= 1;
        m &= m - 1;
    }
    out
}

/// The bits of `value` at the set bits of `mask`, packed to the bottom (PEXT).
fn extract(value: u32, mask: u32) -> u32 {
    let mut out = 0;
    let mut m = mask;
    let mut bit = 1;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if value & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        m &= m - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_valid_index_round_trips_through_its_position() {
        for huffing in [false, true] {
            let preset = if huffing {
                Preset::Blasen
            } else {
                Preset::English
            };
            for material in Material::all_up_to(3, false) {
                let mut valid = 0;
                for index in 0..material.size(huffing) {
                    let Some(masks) = Masks::at(index, material, huffing) else {
                        continue;
                    };
                    valid += 1;
                    assert_eq!(masks.material(), material);
                    assert_eq!(masks.index(material, huffing), index);
                    let pos = masks.position(preset);
                    assert_eq!(Masks::of(&pos), masks);
                    assert!(Position::from_setup(pos.setup(), preset).is_ok());
                }
                assert!(valid > 0);
            }
        }
    }

    #[test]
    fn turning_the_board_round_keeps_the_index() {
        let preset = Preset::Russian;
        let pos = dame_core::position_from_fen("B:W18,K3:B9,K30", preset).unwrap();
        let flipped = dame_core::position_from_fen("W:WK3,24:BK30,15", preset).unwrap();
        assert_eq!(Masks::of(&pos), Masks::of(&flipped));
    }
}
