//! The transposition table: buckets of two entries. The first keeps the deepest search of this
//! move (older searches' entries give way to it), the second always takes the newest, so that
//! deep results survive without the table filling up with stale ones.

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
    /// The search (a move of the game) that stored it, to let old entries give way.
    pub generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: u16::MAX,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

/// A fixed number of buckets of two entries, indexed by the low bits of the key.
pub struct Table {
    entries: Vec<Entry>,
    /// Selects a bucket: the index of its first entry is `key & mask & !1`.
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (a power of two entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let size = wanted.next_power_of_two() / 2;
        Table {
            entries: vec![EMPTY; size.max(1024)],
            mask: size.max(1024) - 1,
            generation: 0,
        }
    }

    /// Marks the start of a new search: entries stored before it are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask & !1
    }

    /// Forgets every entry, as when the rules or the evaluation weights change.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// The entry for `key`, if its bucket holds that position.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.key == key && e.depth >= 0)
            .copied()
    }

    /// Asks the processor to bring a key's bucket into its cache, so that the probe a moment
    /// later does not wait for memory (the table is far larger than the caches). A hint: x86-64
    /// only, nothing elsewhere.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let b = self.bucket(key);
            let bucket = &self.entries[b..b + 2];
            let first = bucket.as_ptr().cast::<i8>();
            // The bucket's first and last byte: it may straddle two cache lines.
            let last = first.wrapping_add(std::mem::size_of_val(bucket) - 1);
            // SAFETY: a prefetch never faults and changes no memory; both addresses are in the
            // table.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(first);
                _mm_prefetch::<_MM_HINT_T0>(last);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores `entry`: over the same position (unless that one is deeper and the new entry
    /// only a bound), in the first slot when it is as deep as what is there or what is there
    /// is from an older search, otherwise in the second slot.
    pub fn store(&mut self, mut entry: Entry) {
        entry.generation = self.generation;
        let b = self.bucket(entry.key);
        for i in b..b + 2 {
            let slot = &mut self.entries[i];
            if slot.key == entry.key && slot.depth >= 0 {
                if entry.depth >= slot.depth || entry.bound == Bound::Exact {
                    *slot = entry;
                }
                return;
            }
        }
        let first = self.entries[b];
        if entry.depth >= first.depth || first.generation != self.generation {
            self.entries[b + 1] = first;
            self.entries[b] = entry;
        } else {
            self.entries[b + 1] = entry;
        }
    }
}
