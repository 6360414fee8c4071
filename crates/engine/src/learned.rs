//! A learned evaluation: pattern tables trained on self-play positions (`dame learn`, in the
//! lab), added to the hand evaluation as a correction, one set of tables per rule family.
//!
//! The board is read in nine overlapping regions of 4 rows × 4 columns (8 dark squares each):
//!
//! ```text
//!  rows 1-4, 3-6, 5-8  ×  columns a-d, c-f, e-h
//! ```
//!
//! and, in the `rows` layout, also in four bands of two whole rows (rows 1-2, 3-4, 5-6, 7-8;
//! 8 dark squares each), which see a formation across the whole width at once.
//!
//! A region's contents (per square: empty, own piece or opponent's piece; 3^8 = 6561 patterns)
//! index a table of small integers, and each own king adds a value by square. Both sides are
//! read alike, each from its own side of the board (turned half round for Black), and the score
//! is Red's sum minus Black's: a position and its colour-flipped twin score exactly opposite,
//! and every position teaches the tables from both sides. An opening and an endgame set of
//! tables are blended by the number of pieces. Integers only, so the value is the same natively
//! and in WebAssembly.
//!
//! The bytes: the magic `DAMELRN1`, the family (one byte), the layout (one byte: 0 blocks,
//! 1 rows), two zero bytes, the two sets of tables as `i8` (opening first; per set each
//! region's 6561 entries, then the 32 king squares), and the FNV-1a hash of everything before
//! it (8 bytes, little-endian).

use dame_core::board::{Board, Color, Position, Square};
use std::fmt;

/// Rule sets close enough to share one set of tables (the preset table names each preset's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvalFamily {
    /// Short kings, compulsory capture: English, Standard.
    ShortKings,
    /// Flying kings, compulsory capture: Russian, Standard with flying kings.
    FlyingKings,
    /// Huffing (Blasen).
    Huffing,
}

impl EvalFamily {
    /// Every family, in the order of their byte in the file.
    pub const ALL: [EvalFamily; 3] = [
        EvalFamily::ShortKings,
        EvalFamily::FlyingKings,
        EvalFamily::Huffing,
    ];

    /// The name used for its tables' file, `data/learned/<id>.bin`.
    pub fn id(self) -> &'static str {
        match self {
            EvalFamily::ShortKings => "short-kings",
            EvalFamily::FlyingKings => "flying-kings",
            EvalFamily::Huffing => "huffing",
        }
    }

    fn byte(self) -> u8 {
        self as u8
    }

    fn from_byte(byte: u8) -> Option<EvalFamily> {
        EvalFamily::ALL.get(byte as usize).copied()
    }
}

impl fmt::Display for EvalFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Which regions a set of tables reads (see the module's doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The nine 4 × 4 blocks.
    #[default]
    Blocks,
    /// The nine blocks and the four bands of two whole rows.
    Rows,
}

impl Layout {
    /// Every layout, in the order of their byte in the file.
    pub const ALL: [Layout; 2] = [Layout::Blocks, Layout::Rows];

    /// Its name for `dame learn --layout`.
    pub fn id(self) -> &'static str {
        match self {
            Layout::Blocks => "blocks",
            Layout::Rows => "rows",
        }
    }

    /// The layout named `id`.
    pub fn from_id(id: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|layout| layout.id() == id)
    }

    /// Regions read.
    const fn regions(self) -> usize {
        match self {
            Layout::Blocks => BLOCKS,
            Layout::Rows => BLOCKS + ROW_BANDS,
        }
    }

    /// Entries of one set of tables (one phase).
    pub const fn phase_len(self) -> usize {
        self.regions() * PATTERNS + KING_SQUARES
    }

    /// The length of a file of tables in this layout.
    pub const fn file_len(self) -> usize {
        HEADER + 2 * self.phase_len() + 8
    }
}

const MAGIC: &[u8; 8] = b"DAMELRN1";
const HEADER: usize = 12;
/// The 4 × 4 blocks.
const BLOCKS: usize = 9;
/// The bands of two whole rows (the `rows` layout).
const ROW_BANDS: usize = 4;
const PATTERNS: usize = 6561;
const KING_SQUARES: usize = 32;
/// Pieces on the board from which a position counts as a pure opening.
pub const FULL: i32 = 24;

/// For each 8-bit set of a region's squares, its pattern number with every member counted as 1
/// (base 3, the region's first square lowest).
const TERNARY: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut set = 0;
    while set < 256 {
        let (mut value, mut power, mut bit) = (0u16, 1u16, 0);
        while bit < 8 {
            if set & (1 << bit) != 0 {
                value += power;
            }
            power *= 3;
            bit += 1;
        }
        table[set] = value;
        set += 1;
    }
    table
};

/// Square number − 1 of each bit of the layout (ghost bits: unused).
pub(crate) const INDEX_OF_BIT: [u8; 35] = {
    let mut table = [0u8; 35];
    let mut n = 1;
    while n <= 32 {
        if let Some(sq) = Square::from_number(n) {
            table[sq.bit() as usize] = n - 1;
        }
        n += 1;
    }
    table
};

/// The board turned half round: square n goes to 33 − n, which in the layout is bit b to 34 − b.
#[inline(always)]
pub(crate) fn turned(bits: u64) -> u64 {
    bits.reverse_bits() >> (64 - 35)
}

/// The four squares of each row (0 at the top) as a nibble, the row's first square lowest.
#[inline(always)]
fn rows(bits: u64) -> [u8; 8] {
    let mut rows = [0u8; 8];
    for (row, nibble) in rows.iter_mut().enumerate() {
        // Row r starts at bit 4r + r/2 (a ghost bit after every second row).
        *nibble = ((bits >> (4 * row + row / 2)) & 0xF) as u8;
    }
    rows
}

/// What [`visit_entries`] hands each entry to: a closure (training), or the evaluation's own
/// sum, whose `visit` is inlined where a closure's call would not be (the page's module is
/// built for size).
pub trait Visit {
    /// One entry of the tables, counted with `sign` (+1 for Red's pattern, −1 for Black's).
    fn visit(&mut self, entry: usize, sign: i32);
}

impl<F: FnMut(usize, i32)> Visit for F {
    fn visit(&mut self, entry: usize, sign: i32) {
        self(entry, sign)
    }
}

/// The evaluation's running sums, opening and endgame.
struct Sums<'a> {
    table: &'a [[i8; 2]],
    opening: i32,
    endgame: i32,
}

impl Visit for Sums<'_> {
    #[inline(always)]
    fn visit(&mut self, entry: usize, sign: i32) {
        let [o, e] = self.table[entry];
        self.opening += sign * o as i32;
        self.endgame += sign * e as i32;
    }
}

/// Calls `visit(entry, sign)` for every table entry a board uses, Red's with sign +1 and
/// Black's (read from Black's side) with −1; `entry` indexes one set of tables. The evaluation
/// and the training read the board through this one function.
// Inlined even where the page's module is built for size: the search calls it at every leaf.
#[inline(always)]
pub fn visit_entries(board: &Board, layout: Layout, visit: &mut impl Visit) {
    let (red, black, kings) = (board.red.0, board.black.0, board.kings.0);
    let sides = [
        (red, black, red & kings, 1),
        (turned(black), turned(red), turned(black & kings), -1),
    ];
    for (own, opponent, own_kings, sign) in sides {
        let (own_rows, opponent_rows) = (rows(own), rows(opponent));
        for region in 0..BLOCKS {
            // Rows 2·band .. +3; in every row, the squares `shift` and `shift + 1` of its four
            // are the ones in columns 2·shift .. +3.
            let (band, shift) = (2 * (region / 3), region % 3);
            let (mut own8, mut opponent8) = (0usize, 0usize);
            for i in 0..4 {
                own8 |= (((own_rows[band + i] >> shift) & 3) as usize) << (2 * i);
                opponent8 |= (((opponent_rows[band + i] >> shift) & 3) as usize) << (2 * i);
            }
            let pattern = TERNARY[own8] as usize + 2 * TERNARY[opponent8] as usize;
            visit.visit(region * PATTERNS + pattern, sign);
        }
        if layout == Layout::Rows {
            for band in 0..ROW_BANDS {
                let own8 = (own_rows[2 * band] | own_rows[2 * band + 1] << 4) as usize;
                let opponent8 =
                    (opponent_rows[2 * band] | opponent_rows[2 * band + 1] << 4) as usize;
                let pattern = TERNARY[own8] as usize + 2 * TERNARY[opponent8] as usize;
                visit.visit((BLOCKS + band) * PATTERNS + pattern, sign);
            }
        }
        let kings_at = layout.regions() * PATTERNS;
        let mut rest = own_kings;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            visit.visit(kings_at + INDEX_OF_BIT[bit] as usize, sign);
            rest &= rest - 1;
        }
    }
}

/// How much of the opening set counts for a board (out of [`FULL`]): the number of pieces,
/// at most 24.
pub fn opening_share(board: &Board) -> i32 {
    ((board.red.0 | board.black.0).count_ones() as i32).min(FULL)
}

/// A set of learned tables for one rule family, checked when loaded.
#[derive(Clone, PartialEq, Eq)]
pub struct LearnedEval {
    family: EvalFamily,
    layout: Layout,
    /// Per entry its opening and endgame values, in hundredths of a man: side by side in
    /// memory, as the evaluation reads them together.
    table: Box<[[i8; 2]]>,
    hash: u64,
}

impl fmt::Debug for LearnedEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LearnedEval({}, {}, {:016x})",
            self.family,
            self.layout.id(),
            self.hash
        )
    }
}

/// FNV-1a over `bytes`: the check at the end of the tables' and the network's files.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

impl LearnedEval {
    /// Reads tables written by [`LearnedEval::to_bytes`]; a wrong length, magic, family or hash
    /// is an error in words (never a panic: the page hands in whatever it downloaded).
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedEval, String> {
        if bytes.len() < HEADER {
            return Err(format!(
                "learned tables: {} bytes, too short for a tables file",
                bytes.len()
            ));
        }
        if &bytes[..8] != MAGIC {
            return Err("learned tables: not a tables file (bad magic)".into());
        }
        let family = EvalFamily::from_byte(bytes[8])
            .ok_or_else(|| format!("learned tables: unknown family {}", bytes[8]))?;
        let layout = Layout::ALL
            .get(bytes[9] as usize)
            .copied()
            .ok_or_else(|| format!("learned tables: unknown layout {}", bytes[9]))?;
        if bytes[10..HEADER] != [0, 0] {
            return Err("learned tables: unknown header flags".into());
        }
        let file_len = layout.file_len();
        if bytes.len() != file_len {
            return Err(format!(
                "learned tables: {} bytes, expected {file_len} for the {} layout",
                bytes.len(),
                layout.id()
            ));
        }
        let body = file_len - 8;
        let mut stored = [0u8; 8];
        stored.copy_from_slice(&bytes[body..]);
        let hash = fnv1a(&bytes[..body]);
        if u64::from_le_bytes(stored) != hash {
            return Err("learned tables: damaged (hash mismatch)".into());
        }
        let (opening, endgame) = bytes[HEADER..body].split_at(layout.phase_len());
        let table = opening
            .iter()
            .zip(endgame)
            .map(|(&o, &e)| [o as i8, e as i8])
            .collect();
        Ok(LearnedEval {
            family,
            layout,
            table,
            hash,
        })
    }

    /// The tables as bytes (the file format above).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.layout.file_len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[self.family.byte(), self.layout as u8, 0, 0]);
        for phase in 0..2 {
            bytes.extend(self.table.iter().map(|pair| pair[phase] as u8));
        }
        bytes.extend_from_slice(&fnv1a(&bytes).to_le_bytes());
        bytes
    }

    /// Tables from trained values (opening set then endgame set, in hundredths of a man),
    /// rounded and clamped to `i8`.
    pub fn from_values(family: EvalFamily, layout: Layout, values: &[f32]) -> LearnedEval {
        assert_eq!(values.len(), 2 * layout.phase_len(), "two sets of tables");
        let quantised = |v: f32| v.round().clamp(-127.0, 127.0) as i8;
        let (opening, endgame) = values.split_at(layout.phase_len());
        let table = opening
            .iter()
            .zip(endgame)
            .map(|(&o, &e)| [quantised(o), quantised(e)])
            .collect();
        let mut eval = LearnedEval {
            family,
            layout,
            table,
            hash: 0,
        };
        eval.hash = LearnedEval::from_bytes(&eval.to_bytes())
            .expect("freshly written tables read back")
            .hash;
        eval
    }

    /// The values of the tables (opening set then endgame set, in hundredths of a man): what
    /// [`LearnedEval::from_values`] reads, so that training can go on from them.
    pub fn values(&self) -> Vec<f32> {
        (0..2)
            .flat_map(|phase| self.table.iter().map(move |pair| pair[phase] as f32))
            .collect()
    }

    /// The rule family these tables were trained for.
    pub fn family(&self) -> EvalFamily {
        self.family
    }

    /// The regions these tables read.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// A fingerprint of the tables (the file's hash): a search's stored scores belong to one.
    pub fn fingerprint(&self) -> u64 {
        self.hash
    }

    /// The correction for Red (Red's sum minus Black's), in hundredths of a man.
    pub fn red_view(&self, board: &Board) -> i32 {
        let mut sums = Sums {
            table: &self.table,
            opening: 0,
            endgame: 0,
        };
        // One copy of the loop per layout, so the blocks layout pays nothing for the bands.
        match self.layout {
            Layout::Blocks => visit_entries(board, Layout::Blocks, &mut sums),
            Layout::Rows => visit_entries(board, Layout::Rows, &mut sums),
        }
        let (opening, endgame) = (sums.opening, sums.endgame);
        let share = opening_share(board);
        // Truncation towards zero keeps the colour flip exact: −x / 24 = −(x / 24).
        (opening * share + endgame * (FULL - share)) / FULL
    }

    /// The correction from the side to move's point of view, added to the hand evaluation.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let red = self.red_view(&pos.board);
        match pos.side {
            Color::Red => red,
            Color::Black => -red,
        }
    }
}

/// The tables built into the native program for each family; none in WebAssembly, where the
/// page loads them after its first paint. Only tables a match confirmed are kept in
/// `data/learned/`.
pub fn embedded(family: EvalFamily) -> Option<std::sync::Arc<LearnedEval>> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::{Arc, OnceLock};
        static SHORT_KINGS: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        static HUFFING: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        static FLYING_KINGS: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        let (cell, bytes): (_, &[u8]) = match family {
            EvalFamily::ShortKings => (
                &SHORT_KINGS,
                include_bytes!("../../../data/learned/short-kings.bin"),
            ),
            EvalFamily::Huffing => (
                &HUFFING,
                include_bytes!("../../../data/learned/huffing.bin"),
            ),
            EvalFamily::FlyingKings => (
                &FLYING_KINGS,
                include_bytes!("../../../data/learned/flying-kings.bin"),
            ),
        };
        let tables = cell.get_or_init(|| {
            Arc::new(LearnedEval::from_bytes(bytes).expect("embedded tables are valid"))
        });
        Some(tables.clone())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = family;
        None
    }
}
