//! Gzip for cached pages without compressing per response.
//!
//! Each text part of a [`FrozenTemplate`] is compressed once, as raw deflate ending with a
//! sync flush (so it ends on a byte boundary and a new block may follow). A response is the
//! gzip header, those parts with the nonce between them as stored (uncompressed) deflate
//! blocks, an empty final block, and the trailer. The trailer's CRC-32 of the whole page is
//! combined from the parts' CRCs (computed once) and the nonce's, with zlib's
//! `crc32_combine_op` arithmetic, so a response costs a few dozen bytes of work whatever the
//! page's size. Parts are compressed independently (no back-reference reaches across a
//! nonce), which costs a little ratio on the boundaries and nothing on the large data part.

use crate::cache::template::{FrozenTemplate, PageBody};
use bytes::Bytes;
use flate2::{Compress, Compression, FlushCompress, Status};

/// A page's parts, compressed.
#[derive(Clone, Debug)]
pub struct GzipTemplate {
    parts: Vec<CompressedPart>,
}

#[derive(Clone, Debug)]
struct CompressedPart {
    deflate: Bytes,
    crc: u32,
    len: u64,
    /// `x^(8·len)` modulo the CRC polynomial: appends this part's CRC to a running one.
    shift: u32,
}

/// The gzip member header: deflate, no name, no time, unknown OS.
const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];
/// A final stored block with no data: ends the deflate stream on a byte boundary.
const FINAL_BLOCK: [u8; 5] = [1, 0, 0, 0xff, 0xff];

impl GzipTemplate {
    /// Compresses the template's text parts once, so each response only compresses its nonce.
    pub fn new(template: &FrozenTemplate) -> Self {
        GzipTemplate {
            parts: template
                .parts()
                .iter()
                .map(|part| CompressedPart {
                    deflate: deflate_part(part),
                    crc: crc32fast::hash(part),
                    len: part.len() as u64,
                    shift: shift_for(part.len() as u64),
                })
                .collect(),
        }
    }

    /// The bytes the compressed parts hold.
    pub fn compressed_len(&self) -> usize {
        self.parts.iter().map(|p| p.deflate.len()).sum()
    }

    /// The gzip body of one response with `nonce` in every hole.
    pub fn body(&self, nonce: &str) -> PageBody {
        let nonce = nonce.as_bytes();
        let nonce_len = u16::try_from(nonce.len()).expect("a nonce is short");
        let mut stored = Vec::with_capacity(5 + nonce.len());
        stored.push(0); // not final, stored; the rest of the byte pads to the boundary
        stored.extend_from_slice(&nonce_len.to_le_bytes());
        stored.extend_from_slice(&(!nonce_len).to_le_bytes());
        stored.extend_from_slice(nonce);
        let stored = Bytes::from(stored);
        let nonce_crc = crc32fast::hash(nonce);
        let nonce_shift = shift_for(nonce.len() as u64);

        let mut chunks = Vec::with_capacity(2 * self.parts.len() + 2);
        chunks.push(Bytes::from_static(&HEADER));
        let mut crc = 0u32;
        let mut len = 0u64;
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                chunks.push(stored.clone());
                crc = combine(crc, nonce_crc, nonce_shift);
                len += nonce.len() as u64;
            }
            if part.len > 0 {
                chunks.push(part.deflate.clone());
                crc = combine(crc, part.crc, part.shift);
                len += part.len;
            }
        }
        let mut trailer = Vec::with_capacity(13);
        trailer.extend_from_slice(&FINAL_BLOCK);
        trailer.extend_from_slice(&crc.to_le_bytes());
        // ISIZE is the length modulo 2^32 by definition.
        trailer.extend_from_slice(&(len as u32).to_le_bytes());
        chunks.push(Bytes::from(trailer));
        PageBody::new(chunks)
    }
}

/// Raw deflate of `part` at the best level, ending with a sync flush.
fn deflate_part(part: &[u8]) -> Bytes {
    if part.is_empty() {
        return Bytes::new();
    }
    let mut compress = Compress::new(Compression::best(), false);
    let mut out = Vec::with_capacity(part.len() / 2 + 64);
    loop {
        let consumed = usize::try_from(compress.total_in()).expect("fits in memory");
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(64));
        }
        let status = compress
            .compress_vec(&part[consumed..], &mut out, FlushCompress::Sync)
            .expect("deflating a buffer in memory cannot fail");
        let done = compress.total_in() as usize == part.len() && out.len() < out.capacity();
        if done || status == Status::StreamEnd {
            break;
        }
    }
    Bytes::from(out)
}

const POLY: u32 = 0xedb8_8320;

/// `a·b` modulo the CRC-32 polynomial, in its reflected bit order (zlib's `multmodp`).
fn multmodp(a: u32, mut b: u32) -> u32 {
    let mut m = 1u32 << 31;
    let mut p = 0u32;
    loop {
        if a & m != 0 {
            p ^= b;
            if a & (m - 1) == 0 {
                break;
            }
        }
        m >>= 1;
        b = if b & 1 != 0 { (b >> 1) ^ POLY } else { b >> 1 };
    }
    p
}

/// `x^(8·len)` modulo the polynomial (zlib's `crc32_combine_gen64`).
fn shift_for(len: u64) -> u32 {
    let mut power = 1u32 << 30; // x^1
    let mut n = len;
    let mut p = 1u32 << 31; // x^0
    // Three squarings turn x into x^8: one step per bit of the length in bytes.
    for _ in 0..3 {
        power = multmodp(power, power);
    }
    while n != 0 {
        if n & 1 != 0 {
            p = multmodp(power, p);
        }
        power = multmodp(power, power);
        n >>= 1;
    }
    p
}

/// The CRC of `a ‖ b` from `crc(a)`, `crc(b)` and `shift_for(b.len())`.
fn combine(crc_a: u32, crc_b: u32, shift_b: u32) -> u32 {
    multmodp(shift_b, crc_a) ^ crc_b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::template::NonceTemplate;
    use http_body_util::BodyExt;
    use std::io::Read;

    #[test]
    fn combined_crcs_equal_the_crc_of_the_joined_bytes() {
        let text: Vec<u8> = (0..5000u32).map(|i| (i * 7 + i / 13) as u8).collect();
        for split in [0, 1, 7, 8, 255, 256, 1000, 4999, 5000] {
            let (a, b) = text.split_at(split);
            let joined = combine(
                crc32fast::hash(a),
                crc32fast::hash(b),
                shift_for(b.len() as u64),
            );
            assert_eq!(joined, crc32fast::hash(&text), "split at {split}");
        }
    }

    fn page() -> NonceTemplate {
        let mut t = NonceTemplate::default();
        t.push_str("<!doctype html><html><head><script nonce=\"");
        t.push_nonce();
        t.push_str("\" src=\"/assets/a.js\"></script></head><body>");
        t.push_str(&"<p>supplier management, e-sourcing, contracts</p>".repeat(300));
        t.push_str("<script id=\"__SUPPLYSITE__\" nonce=\"");
        t.push_nonce();
        t.push_str("\">{\"chrome\":{}}</script>");
        t.push_nonce();
        t.push_str("</body></html>");
        t
    }

    async fn gunzip(body: PageBody) -> (usize, Vec<u8>) {
        let bytes = body.collect().await.unwrap().to_bytes();
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut out)
            .expect("a valid gzip member with a matching CRC and length");
        (bytes.len(), out)
    }

    #[tokio::test]
    async fn a_precompressed_body_decompresses_to_the_page_with_its_own_nonce() {
        let template = page();
        let gzip = GzipTemplate::new(&template.freeze());
        for nonce in ["Zm9vYmFyYmF6cXV4MTIzNA==", "AAAAAAAAAAAAAAAAAAAAAA==", "x"] {
            let (compressed, plain) = gunzip(gzip.body(nonce)).await;
            assert_eq!(plain, template.fill(nonce));
            assert!(
                compressed < plain.len() / 10,
                "{compressed} of {}",
                plain.len()
            );
        }
    }

    #[tokio::test]
    async fn templates_without_holes_or_with_empty_parts_still_make_valid_gzip() {
        for template in [NonceTemplate::default(), {
            let mut t = NonceTemplate::default();
            t.push_nonce();
            t.push_nonce();
            t
        }] {
            let gzip = GzipTemplate::new(&template.freeze());
            let (_, plain) = gunzip(gzip.body("n0nce")).await;
            assert_eq!(plain, template.fill("n0nce"));
        }
    }
}
