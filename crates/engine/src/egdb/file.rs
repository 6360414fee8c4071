//! The database file: a header that says what it holds, then one byte per index.
//!
//! ```text
//! magic "DAMEEGDB", version (u32), preset id (u8 length + text), max pieces (u8),
//! flags (u8: 1 = kings only), slice count (u32), per slice: red men, red kings, black men, black kings (u8 each) and
//! its number of indices (u64), a checksum of the data (FNV-1a, u64), then the data.
//! ```
//! All numbers little-endian. Every field is checked on load (the slice table against what the
//! preset and piece count need, the data against the checksum), so a truncated, corrupt or
//! foreign file is refused with the reason instead of giving wrong answers. Reading and writing
//! bytes is pure; the files themselves are touched only by the native helpers.

use super::index::Material;
use super::{Endgames, Slice};
use dame_core::Preset;
use std::fmt;

const MAGIC: &[u8; 8] = b"DAMEEGDB";
const VERSION: u32 = 2;

/// Why a database could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EgdbError {
    /// The file could not be read or written.
    Io(String),
    /// Not a database file, or a version this program does not read.
    NotADatabase(String),
    /// A database of another preset than the one asked for.
    WrongPreset {
        /// The preset asked for.
        expected: Preset,
        /// The preset id in the file.
        found: String,
    },
    /// The file is damaged: truncated, a wrong slice table, or data that fails the checksum.
    Corrupt(String),
}

impl fmt::Display for EgdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgdbError::Io(why) => write!(f, "{why}"),
            EgdbError::NotADatabase(why) => write!(f, "not an endgame database: {why}"),
            EgdbError::WrongPreset { expected, found } => write!(
                f,
                "the endgame database is for the preset '{found}', not '{}'",
                expected.id()
            ),
            EgdbError::Corrupt(why) => write!(f, "the endgame database is corrupt: {why}"),
        }
    }
}

impl std::error::Error for EgdbError {}

fn checksum<'a>(chunks: impl Iterator<Item = &'a [u8]>) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for chunk in chunks {
        for &b in chunk {
            hash = (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

impl Endgames {
    /// The database as a file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let id = self.preset.id().as_bytes();
        out.push(id.len() as u8);
        out.extend_from_slice(id);
        out.push(self.max_pieces);
        out.push(u8::from(self.kings_only));
        out.extend_from_slice(&(self.slices.len() as u32).to_le_bytes());
        for slice in &self.slices {
            let m = slice.material;
            out.extend_from_slice(&[m.red_men, m.red_kings, m.black_men, m.black_kings]);
            out.extend_from_slice(&(slice.data.len() as u64).to_le_bytes());
        }
        let sum = checksum(self.slices.iter().map(|s| s.data.as_slice()));
        out.extend_from_slice(&sum.to_le_bytes());
        for slice in &self.slices {
            out.extend_from_slice(&slice.data);
        }
        out
    }

    /// Reads a database from a file's bytes, checking every part; `expected` refuses a
    /// database of another preset.
    pub fn from_bytes(bytes: &[u8], expected: Option<Preset>) -> Result<Endgames, EgdbError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8).ok() != Some(MAGIC.as_slice()) {
            return Err(EgdbError::NotADatabase("no DAMEEGDB header".into()));
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(EgdbError::NotADatabase(format!(
                "format version {version}, this program reads {VERSION}"
            )));
        }
        let id_len = r.u8()? as usize;
        let id = String::from_utf8_lossy(r.take(id_len)?).into_owned();
        let preset: Preset = id
            .parse()
            .map_err(|_| EgdbError::Corrupt(format!("unknown preset '{id}'")))?;
        if let Some(expected) = expected.filter(|&e| e != preset) {
            return Err(EgdbError::WrongPreset {
                expected,
                found: id,
            });
        }
        let max_pieces = r.u8()?;
        if !(2..=super::MAX_PIECES).contains(&max_pieces) {
            return Err(EgdbError::Corrupt(format!("{max_pieces} pieces")));
        }
        let kings_only = match r.u8()? {
            0 => false,
            1 => true,
            flags => return Err(EgdbError::Corrupt(format!("unknown flags {flags}"))),
        };
        let huffing = preset.rules().is_huffing();
        let mut wanted = Material::all_up_to(max_pieces, kings_only);
        let count = r.u32()? as usize;
        if count != wanted.len() {
            return Err(EgdbError::Corrupt(format!(
                "{count} slices, {max_pieces} pieces need {}",
                wanted.len()
            )));
        }
        let mut table = Vec::with_capacity(count);
        for _ in 0..count {
            let m = r.take(4)?;
            let material = Material {
                red_men: m[0],
                red_kings: m[1],
                black_men: m[2],
                black_kings: m[3],
            };
            let len = r.u64()?;
            let Some(i) = wanted.iter().position(|&w| w == material) else {
                return Err(EgdbError::Corrupt(format!(
                    "unexpected or repeated slice {material:?}"
                )));
            };
            wanted.swap_remove(i);
            if len != material.size(huffing) {
                return Err(EgdbError::Corrupt(format!(
                    "slice {material:?} has {len} entries, not {}",
                    material.size(huffing)
                )));
            }
            table.push((material, len as usize));
        }
        let sum = r.u64()?;
        let mut slices = Vec::with_capacity(count);
        for (material, len) in table {
            let data = r.take(len)?.to_vec();
            slices.push(Slice { material, data });
        }
        if r.at != bytes.len() {
            return Err(EgdbError::Corrupt(format!(
                "{} bytes too many",
                bytes.len() - r.at
            )));
        }
        if checksum(slices.iter().map(|s| s.data.as_slice())) != sum {
            return Err(EgdbError::Corrupt("the data fails its checksum".into()));
        }
        Ok(Endgames::from_slices(
            preset, max_pieces, kings_only, slices,
        ))
    }

    /// The file name of a preset's database inside a database directory.
    pub fn file_name(preset: Preset) -> String {
        format!("{}.egdb", preset.id())
    }

    /// Loads `preset`'s database from the directory `dir`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn load(dir: &std::path::Path, preset: Preset) -> Result<Endgames, EgdbError> {
        let path = dir.join(Self::file_name(preset));
        let bytes = std::fs::read(&path)
            .map_err(|e| EgdbError::Io(format!("cannot read {}: {e}", path.display())))?;
        Endgames::from_bytes(&bytes, Some(preset)).map_err(|e| match e {
            EgdbError::Corrupt(why) => EgdbError::Corrupt(format!("{}: {why}", path.display())),
            other => other,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], EgdbError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| EgdbError::Corrupt("the file is truncated".into()))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, EgdbError> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, EgdbError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().unwrap_or([0; 4]),
        ))
    }

    fn u64(&mut self) -> Result<u64, EgdbError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().unwrap_or([0; 8]),
        ))
    }
}
