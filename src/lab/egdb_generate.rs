//! Solving the slices: forward iteration with the project's own move generator, so that every
//! preset's rules are exactly the ones played.
//!
//! Slices are solved in dependency order ([`Material::all_up_to`]): a capture, a huff or a
//! crowning leads into a slice solved before, and a quiet move into the slice's mirror (the
//! other side to move), so a slice and its mirror are solved together as one unit. Pass 0
//! marks the positions without a legal turn as lost; then each pass `k` looks at every
//! unresolved position's successors: a win in `k` if one of them is lost for the opponent, a
//! loss in `k` if all of them are won for the opponent, counting only what earlier passes
//! found. A result found in pass `k` is then exactly `k` plies from the next conversion, and
//! what no pass resolves is a draw. Two threads may share a pass: a value written in the
//! current pass is never read as known (its distance is not below the pass number).
//!
//! After the first full pass only positions that may have changed are looked at again: a
//! position resolved in pass `k` marks the positions a quiet move could have come from (its
//! "unmoves", generated loosely: a superset is harmless, every mark is checked by a forward
//! look), and pass `k + 1` looks only at marked positions. The forward look alone decides
//! every value, so the rules stay those of the move generator.

use dame_core::board::Position;
use dame_core::board::Square;
use dame_core::moves::{Move, Turn};
use dame_core::play::generate_turns;
use dame_core::{KingMoves, Preset, Rules};
use dame_engine::egdb::code;
use dame_engine::egdb::index::{Masks, Material};
use dame_engine::egdb::{decode, Endgames, Slice, Value, MAX_PIECES};
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::time::Instant;

/// What `dame egdb` prints for each number of pieces.
#[derive(Clone, Debug)]
pub struct PieceCountReport {
    /// The number of pieces of these slices.
    pub pieces: u8,
    /// Positions stored (indices that hold no position not counted).
    pub positions: u64,
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Bytes of data (one per index).
    pub bytes: u64,
    /// Seconds the generation took.
    pub seconds: f64,
    /// The longest distance found, in plies.
    pub max_distance: u8,
}

/// Indices handed to a thread at a time.
const BLOCK: u64 = 4096;

/// Generation of endgame databases: the lab's side of [`Endgames`], which the engine only reads.
pub trait Generate: Sized {
    /// Solves every position of `preset` with 2..=`max_pieces` pieces, on `threads` threads,
    /// calling `progress` after each number of pieces.
    fn generate(
        preset: Preset,
        max_pieces: u8,
        threads: usize,
        progress: impl FnMut(&PieceCountReport),
    ) -> Result<Self, String>;

    /// As [`Generate::generate`], for the positions without men only: kings endings, which
    /// never lead into a slice with men, at a fraction of the size.
    fn generate_kings_only(
        preset: Preset,
        max_pieces: u8,
        threads: usize,
        progress: impl FnMut(&PieceCountReport),
    ) -> Result<Self, String>;
}

impl Generate for Endgames {
    /// Solves every position of `preset` with 2..=`max_pieces` pieces, on `threads` threads,
    /// calling `progress` after each number of pieces.
    fn generate(
        preset: Preset,
        max_pieces: u8,
        threads: usize,
        progress: impl FnMut(&PieceCountReport),
    ) -> Result<Endgames, String> {
        generate_slices(preset, max_pieces, false, threads, progress)
    }

    /// As [`Endgames::generate`], for the positions without men only: kings endings, which
    /// never lead into a slice with men, at a fraction of the size.
    fn generate_kings_only(
        preset: Preset,
        max_pieces: u8,
        threads: usize,
        progress: impl FnMut(&PieceCountReport),
    ) -> Result<Endgames, String> {
        generate_slices(preset, max_pieces, true, threads, progress)
    }
}

fn generate_slices(
    preset: Preset,
    max_pieces: u8,
    kings_only: bool,
    threads: usize,
    mut progress: impl FnMut(&PieceCountReport),
) -> Result<Endgames, String> {
    if !(2..=MAX_PIECES).contains(&max_pieces) {
        return Err(format!(
            "--pieces must be 2 to {}, not {max_pieces}",
            MAX_PIECES
        ));
    }
    let mut db = Endgames::from_slices(preset, max_pieces, kings_only, Vec::new());
    let huffing = db.rules().is_huffing();
    let materials = Material::all_up_to(max_pieces, kings_only);
    for pieces in 2..=max_pieces {
        let started = Instant::now();
        for &material in materials.iter().filter(|m| m.pieces() == pieces) {
            if db.has_slice(material) {
                continue;
            }
            let mut unit = vec![material];
            if material.mirror() != material {
                unit.push(material.mirror());
            }
            let solved = Solver::new(&db, &unit, huffing, threads).solve()?;
            for (material, data) in unit.into_iter().zip(solved) {
                db.push_slice(Slice { material, data });
            }
        }
        let (positions, wins, losses, draws) = db.counts(pieces);
        let of_count = db.slices().iter().filter(|s| s.material.pieces() == pieces);
        progress(&PieceCountReport {
            pieces,
            positions,
            wins,
            losses,
            draws,
            bytes: of_count.clone().map(|s| s.data.len() as u64).sum(),
            seconds: started.elapsed().as_secs_f64(),
            max_distance: of_count
                .flat_map(|s| s.data.iter())
                .filter_map(|&b| match decode(b) {
                    Some(Value::Win(d) | Value::Loss(d)) => Some(d),
                    _ => None,
                })
                .max()
                .unwrap_or(0),
        });
    }
    Ok(db)
}

/// A successor's result for its side to move, as far as known.
enum Known {
    Won,
    Lost,
    /// A draw, or not resolved yet.
    Open,
}

/// Solves one unit: a slice and its mirror.
struct Solver<'a> {
    db: &'a Endgames,
    rules: Rules,
    huffing: bool,
    threads: usize,
    materials: Vec<Material>,
    values: Vec<Vec<AtomicU8>>,
    /// Per slice, one bit per index: to be looked at in this pass, and in the next.
    marked: [Vec<Vec<AtomicU64>>; 2],
    /// The neighbour of each square (number − 1) in each diagonal direction, up-left,
    /// up-right, down-left, down-right (up: towards row 1), as a number mask; 0 off the board.
    steps: [[u32; 4]; 32],
}

/// The neighbours of every square, as [`Solver::steps`] holds them.
fn diagonal_steps() -> [[u32; 4]; 32] {
    let mut steps = [[0; 4]; 32];
    for sq in Square::all() {
        for (d, (dr, dc)) in [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)]
            .into_iter()
            .enumerate()
        {
            let (row, column) = (sq.row() as i8 + dr, sq.column() as i8 + dc);
            if (1..=8).contains(&row) && (0..8).contains(&column) {
                if let Some(to) = Square::from_row_column(row as u8, column as u8) {
                    steps[sq.number() as usize - 1][d] = 1 << (to.number() - 1);
                }
            }
        }
    }
    steps
}

fn bit_set(bits: &[AtomicU64], index: u64) -> bool {
    bits[(index / 64) as usize].load(Ordering::Relaxed) & (1 << (index % 64)) != 0
}

impl<'a> Solver<'a> {
    fn new(db: &'a Endgames, unit: &[Material], huffing: bool, threads: usize) -> Solver<'a> {
        let values = unit
            .iter()
            .map(|m| {
                (0..m.size(huffing))
                    .map(|_| AtomicU8::new(code::DRAW))
                    .collect()
            })
            .collect();
        let bits = || {
            unit.iter()
                .map(|m| {
                    (0..m.size(huffing).div_ceil(64))
                        .map(|_| AtomicU64::new(0))
                        .collect()
                })
                .collect()
        };
        Solver {
            db,
            rules: db.rules(),
            huffing,
            threads: threads.max(1),
            materials: unit.to_vec(),
            values,
            marked: [bits(), bits()],
            steps: diagonal_steps(),
        }
    }

    fn solve(self) -> Result<Vec<Vec<u8>>, String> {
        self.pass(0);
        let mut pass = 1;
        while self.pass(pass) > 0 {
            for slice in &self.marked[pass as usize % 2] {
                for word in slice {
                    word.store(0, Ordering::Relaxed);
                }
            }
            pass += 1;
            if pass > code::MAX_DISTANCE {
                return Err(format!(
                    "slice {:?}: distances beyond {} plies do not fit the format",
                    self.materials[0],
                    code::MAX_DISTANCE
                ));
            }
        }
        Ok(self
            .values
            .into_iter()
            .map(|v| v.into_iter().map(AtomicU8::into_inner).collect())
            .collect())
    }

    /// Runs one pass over the unit on the solver's threads; returns how many positions it
    /// resolved.
    fn pass(&self, pass: u32) -> u64 {
        let blocks: Vec<(usize, u64)> = self
            .values
            .iter()
            .enumerate()
            .flat_map(|(s, v)| (0..(v.len() as u64).div_ceil(BLOCK)).map(move |b| (s, b)))
            .collect();
        let next = AtomicUsize::new(0);
        let changed = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    let mut turns = Vec::new();
                    let mut scratch = Vec::new();
                    let mut count = 0;
                    while let Some(&(s, block)) = blocks.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let values = &self.values[s];
                        let end = ((block + 1) * BLOCK).min(values.len() as u64);
                        for index in block * BLOCK..end {
                            let slot = &values[index as usize];
                            if slot.load(Ordering::Relaxed) != code::DRAW
                                || (pass > 1 && !bit_set(&self.marked[pass as usize % 2][s], index))
                            {
                                continue;
                            }
                            let byte = if pass == 0 {
                                self.first_look(s, index, &mut turns, &mut scratch)
                            } else {
                                self.look(s, index, pass, &mut turns, &mut scratch)
                            };
                            if byte != code::DRAW {
                                slot.store(byte, Ordering::Relaxed);
                                count += 1;
                                if pass > 0 && byte != code::INVALID {
                                    self.mark_predecessors(s, index, pass);
                                }
                            }
                        }
                    }
                    changed.fetch_add(count, Ordering::Relaxed);
                });
            }
        });
        changed.into_inner()
    }

    /// Marks for pass `pass + 1` every position from which a quiet move may lead to the
    /// position at `index` of slice `s`: Black (who just moved, Red being to move) moved one
    /// of its pieces there from an empty square, a man one step forward, a king along a
    /// diagonal; under huffing with any huffable set of Red's pieces.
    fn mark_predecessors(&self, s: usize, index: u64, pass: u32) {
        let Some(m) = Masks::at(index, self.materials[s], self.huffing) else {
            return;
        };
        let mirror = self.materials[s].mirror();
        let Some(target) = self.materials.iter().position(|&x| x == mirror) else {
            return;
        };
        let marks = &self.marked[(pass as usize + 1) % 2][target];
        let occupied = m.red_men | m.red_kings | m.black_men | m.black_kings;
        let red = m.red_men | m.red_kings;
        let flying = self.rules.king_moves == KingMoves::Flying;
        let mark = |black_men: u32, black_kings: u32| {
            let mut huffable = 0u32;
            loop {
                // The earlier position, Black to move, turned round to have Red move.
                let earlier = Masks {
                    red_men: black_men.reverse_bits(),
                    red_kings: black_kings.reverse_bits(),
                    black_men: m.red_men.reverse_bits(),
                    black_kings: m.red_kings.reverse_bits(),
                    huffable: huffable.reverse_bits(),
                };
                let i = earlier.index(mirror, self.huffing);
                marks[(i / 64) as usize].fetch_or(1 << (i % 64), Ordering::Relaxed);
                if !self.huffing || huffable == red {
                    break;
                }
                huffable = (huffable.wrapping_sub(red)) & red; // the next subset of `red`
            }
        };
        let mut men = m.black_men;
        while men != 0 {
            let sq = men & men.wrapping_neg();
            men &= men - 1;
            let n = sq.trailing_zeros() as usize;
            for d in 0..2 {
                let from = self.steps[n][d];
                if from != 0 && from & occupied == 0 {
                    mark(m.black_men ^ sq ^ from, m.black_kings);
                }
            }
        }
        let mut kings = m.black_kings;
        while kings != 0 {
            let sq = kings & kings.wrapping_neg();
            kings &= kings - 1;
            for d in 0..4 {
                let mut at = sq;
                loop {
                    let from = self.steps[at.trailing_zeros() as usize][d];
                    if from == 0 || from & occupied != 0 {
                        break;
                    }
                    mark(m.black_men, m.black_kings ^ sq ^ from);
                    if !flying {
                        break;
                    }
                    at = from;
                }
            }
        }
    }

    fn position(&self, s: usize, index: u64) -> Option<Position> {
        Masks::at(index, self.materials[s], self.huffing).map(|m| m.position(self.db.preset()))
    }

    /// Pass 0: an index without a position is marked invalid, a position without a legal turn
    /// lost.
    fn first_look(
        &self,
        s: usize,
        index: u64,
        turns: &mut Vec<Turn>,
        scratch: &mut Vec<Move>,
    ) -> u8 {
        let Some(pos) = self.position(s, index) else {
            return code::INVALID;
        };
        generate_turns(&pos, turns, scratch);
        if turns.is_empty() {
            code::loss(0)
        } else {
            code::DRAW
        }
    }

    /// Pass `pass` ≥ 1 for an unresolved position.
    fn look(
        &self,
        s: usize,
        index: u64,
        pass: u32,
        turns: &mut Vec<Turn>,
        scratch: &mut Vec<Move>,
    ) -> u8 {
        let Some(pos) = self.position(s, index) else {
            return code::INVALID;
        };
        generate_turns(&pos, turns, scratch);
        let mut all_won = true;
        for turn in turns.iter() {
            match self.known(&pos.play_turn_unchecked(turn), pass) {
                Known::Lost => return code::win(pass),
                Known::Won => {}
                Known::Open => all_won = false,
            }
        }
        if all_won {
            code::loss(pass)
        } else {
            code::DRAW
        }
    }

    /// What is known of `next` (from its side to move's view) before pass `pass`.
    fn known(&self, next: &Position, pass: u32) -> Known {
        if next.board.pieces(next.side).is_empty() {
            return Known::Lost;
        }
        let masks = Masks::of(next);
        let material = masks.material();
        let index = masks.index(material, self.huffing) as usize;
        let byte = match self.materials.iter().position(|&m| m == material) {
            Some(s) => self.values[s][index].load(Ordering::Relaxed),
            None => {
                let slice = self
                    .db
                    .slice(material)
                    .expect("smaller slices are solved first");
                slice.data[index]
            }
        };
        let in_unit = self.materials.contains(&material);
        match decode(byte) {
            Some(Value::Win(d)) if !in_unit || (d as u32) < pass => Known::Won,
            Some(Value::Loss(d)) if !in_unit || (d as u32) < pass => Known::Lost,
            _ => Known::Open,
        }
    }
}
