//! The content version of an export: a hash of its bytes that the second pass can compute
//! again from the file, in whatever pieces the file is read.

/// FNV-1a 64 taken over 8-byte little-endian words (the last one padded with zeros), then the
/// length. A word at a time rather than a byte: an export can be hundreds of megabytes, and the
/// hash is taken on every load. Not cryptographic: it only has to change when the content does
/// (it ends up in ETags and cache keys); a change within one word always changes it.
#[derive(Clone, Debug)]
pub(crate) struct Version {
    hash: u64,
    pending: [u8; 8],
    filled: usize,
    len: u64,
}

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

impl Version {
    pub fn new() -> Self {
        Version {
            hash: OFFSET,
            pending: [0; 8],
            filled: 0,
            len: 0,
        }
    }

    /// Takes in the next `bytes`.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.filled > 0 {
            let take = (8 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 8 {
                return;
            }
            self.mix(u64::from_le_bytes(self.pending));
            self.filled = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.mix(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    fn mix(&mut self, word: u64) {
        self.hash ^= word;
        self.hash = self.hash.wrapping_mul(PRIME);
    }

    /// The version: 16 hex digits.
    pub fn finish(&self) -> String {
        format!("{:016x}", self.number())
    }

    /// The version as a number.
    pub fn number(&self) -> u64 {
        let mut end = self.clone();
        if end.filled > 0 {
            end.pending[end.filled..].fill(0);
            end.mix(u64::from_le_bytes(end.pending));
        }
        end.mix(end.len);
        end.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(bytes: &[u8]) -> String {
        let mut v = Version::new();
        v.update(bytes);
        v.finish()
    }

    #[test]
    fn the_version_is_the_same_in_any_pieces_and_changes_with_any_byte() {
        let text: Vec<u8> = (0..100u8).collect();
        let whole = of(&text);
        for cut in [1, 3, 7, 8, 9, 64, 99] {
            let mut v = Version::new();
            for piece in text.chunks(cut) {
                v.update(piece);
            }
            assert_eq!(v.finish(), whole, "pieces of {cut}");
        }
        for i in [0, 7, 8, 50, 99] {
            let mut changed = text.clone();
            changed[i] ^= 0x20;
            assert_ne!(of(&changed), whole, "byte {i}");
        }
        // A trailing zero byte is padding only in the last word: the length tells them apart.
        assert_ne!(of(b"ab"), of(b"ab\0"));
        assert_ne!(of(b""), of(b"\0"));
    }
}
