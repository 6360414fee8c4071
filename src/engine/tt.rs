//! The transposition table: one entry per slot, always replaced.

/// How the stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The stored score is the true score (to the depth searched).
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this.
    Upper,
}

/// What one search of a position left behind.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full Zobrist key, to tell apart the positions that share a slot.
    pub key: u64,
    /// For the side to move; a win is counted from this position, not from the search's root.
    pub score: i32,
    /// Index of the best turn in generation order (`u16::MAX`: none).
    pub best: u16,
    /// The depth searched, in plies; −1 marks an empty slot.
    pub depth: i16,
    /// How `score` bounds the true score.
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: u16::MAX,
    depth: -1,
    bound: Bound::Upper,
};

/// A fixed number of slots, indexed by the low bits of the key.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MB (a power of two entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let size = wanted.next_power_of_two() / 2;
        Table {
            entries: vec![EMPTY; size.max(1024)],
            mask: size.max(1024) - 1,
        }
    }

    /// Forgets every entry, as when the rules or the evaluation weights change.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// The entry for `key`, if its slot holds that position.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    /// Stores `entry`, unless its slot holds the same position searched deeper and the new
    /// entry is only a bound.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.key != entry.key || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
    }
}
