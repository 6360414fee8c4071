//! The transposition table: one entry per slot, always replaced.

/// How the stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i32,
    /// Index of the best turn in generation order (`u16::MAX`: none).
    pub best: u16,
    pub depth: i16,
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: u16::MAX,
    depth: -1,
    bound: Bound::Upper,
};

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

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.key != entry.key || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
    }
}
