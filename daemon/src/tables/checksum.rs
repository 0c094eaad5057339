//! The checksum of a set: SHA-256 over a header line and the stored values in key order,
//! as `docs/DATABASE.md` defines it, so that a person can recompute it from the tables.
//!
//! It is computed when a set is solved and again from what is read back at each load, so
//! a value changed on disk (or by hand) is found and the set computed again.

use engine::{chocolate, corner, lgame, Outcome};
use sha2::{Digest, Sha256};

use crate::db::LGameRow;

/// Bytes hashed at once: one update per 64 KiB instead of one per value.
const BUFFER: usize = 1 << 16;

/// `"{piece} {n}\n"`, then for each stored square in primary-key order (x, then y ≥ x) its
/// Grundy number and remoteness as 4-byte little-endian unsigned integers.
pub fn corner_checksum(table: &corner::Table) -> String {
    let mut h = Hashing::new(format!("{} {}\n", table.piece(), table.size()));
    for (_, _, g, r) in table.triangle() {
        h.u32(g);
        h.u32(r);
    }
    h.finish()
}

/// `"chocolate k={k} {z_max}\n"`, then each G(y, z) in primary-key order (z, then y) as a
/// 4-byte little-endian unsigned integer.
pub fn chocolate_checksum(table: &chocolate::Table) -> String {
    let mut h = Hashing::new(format!("chocolate {} {}\n", table.edge(), table.z_max()));
    for (_, _, g) in table.values() {
        h.u32(g);
    }
    h.finish()
}

/// `"lgame {rows}\n"`, then one line `fen TAB canonical TAB outcome TAB depth LF` per row of
/// the `lgame` view ordered by `fen` (the depth empty for a draw). `rows` must be in that
/// order, as [`lgame_rows`] and the database give them.
pub fn lgame_checksum(rows: &[LGameRow]) -> String {
    let mut h = Hashing::new(format!("lgame {}\n", rows.len()));
    for row in rows {
        let depth = row.depth.map(|d| d.to_string()).unwrap_or_default();
        let line = format!(
            "{}\t{}\t{}\t{depth}\n",
            row.fen,
            row.canonical,
            row.outcome.as_str()
        );
        h.bytes(line.as_bytes());
    }
    h.finish()
}

/// The rows the L-game set stores: every position seen from the mover, ordered by `fen`
/// (bytewise, as SQLite orders text).
pub fn lgame_rows(solution: &lgame::Solution) -> Vec<LGameRow> {
    let mut rows: Vec<LGameRow> = solution
        .positions()
        .map(|(p, v)| LGameRow {
            fen: p.to_string(),
            canonical: p.canonical().to_string(),
            outcome: v.outcome,
            depth: v.remoteness.filter(|_| v.outcome != Outcome::Draw),
        })
        .collect();
    rows.sort_unstable_by(|a, b| a.fen.cmp(&b.fen));
    rows
}

/// SHA-256 fed through a buffer.
struct Hashing {
    sha: Sha256,
    buffer: Vec<u8>,
}

impl Hashing {
    fn new(header: String) -> Hashing {
        let mut buffer = Vec::with_capacity(BUFFER);
        buffer.extend_from_slice(header.as_bytes());
        Hashing {
            sha: Sha256::new(),
            buffer,
        }
    }

    /// A value known to fit 32 bits (the tables store at most 16 or 26 bits).
    fn u32(&mut self, v: u64) {
        self.bytes(&(v as u32).to_le_bytes());
    }

    fn bytes(&mut self, b: &[u8]) {
        if self.buffer.len() + b.len() > BUFFER {
            self.sha.update(&self.buffer);
            self.buffer.clear();
        }
        self.buffer.extend_from_slice(b);
    }

    fn finish(mut self) -> String {
        self.sha.update(&self.buffer);
        self.sha
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}
