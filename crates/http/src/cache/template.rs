//! HTML with holes for the per-response CSP nonce.
//!
//! A rendered page is cached per (path, content version), but every response needs a fresh
//! nonce. The page is therefore stored as the text between the places a nonce goes. A cached
//! page is [`FrozenTemplate`]: its parts are shared buffers, and a response is a [`PageBody`]
//! that hands them to the connection one by one with the nonce between them, so serving a page
//! copies nothing but the nonce.

use axum::body::HttpBody;
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

/// Text with nonce holes: `parts[0] nonce parts[1] nonce … parts[n]`.
#[derive(Clone, Debug, Default)]
pub struct NonceTemplate {
    parts: Vec<String>,
    len: usize,
}

impl NonceTemplate {
    /// Appends literal text.
    pub fn push_str(&mut self, text: &str) {
        if self.parts.is_empty() {
            self.parts.push(String::new());
        }
        self.len += text.len();
        self.parts
            .last_mut()
            .expect("one part exists")
            .push_str(text);
    }

    /// Marks the place for a nonce.
    pub fn push_nonce(&mut self) {
        if self.parts.is_empty() {
            self.parts.push(String::new());
        }
        self.parts.push(String::new());
    }

    /// Appends another template, holes included.
    pub fn append(&mut self, other: &NonceTemplate) {
        let mut rest = other.parts.iter();
        if let Some(first) = rest.next() {
            self.push_str(first);
        }
        for part in rest {
            self.push_nonce();
            self.push_str(part);
        }
    }

    /// The text with every hole filled with `nonce`.
    pub fn fill(&self, nonce: &str) -> Bytes {
        let holes = self.parts.len().saturating_sub(1);
        let mut out = String::with_capacity(self.len + holes * nonce.len());
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push_str(nonce);
            }
            out.push_str(part);
        }
        Bytes::from(out)
    }
}

impl NonceTemplate {
    /// The template as shared buffers, for serving many times.
    pub fn freeze(&self) -> FrozenTemplate {
        FrozenTemplate {
            parts: self
                .parts
                .iter()
                .map(|p| Bytes::copy_from_slice(p.as_bytes()))
                .collect(),
            len: self.len,
        }
    }
}

/// A template whose text parts are shared buffers: `parts[0] nonce parts[1] … parts[n]`.
#[derive(Clone, Debug, Default)]
pub struct FrozenTemplate {
    parts: Vec<Bytes>,
    len: usize,
}

impl FrozenTemplate {
    /// The text between the holes.
    pub fn parts(&self) -> &[Bytes] {
        &self.parts
    }

    /// The body of one response, with `nonce` in every hole.
    pub fn body(&self, nonce: &str) -> PageBody {
        self.body_shared(&Bytes::copy_from_slice(nonce.as_bytes()))
    }

    /// [`FrozenTemplate::body`] with the nonce already in a shared buffer (the response's
    /// policy header holds it), so nothing is copied.
    pub fn body_shared(&self, nonce: &Bytes) -> PageBody {
        let holes = self.parts.len().saturating_sub(1);
        let mut chunks = Vec::with_capacity(self.parts.len() + holes);
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                chunks.push(nonce.clone());
            }
            if !part.is_empty() {
                chunks.push(part.clone());
            }
        }
        PageBody::new(chunks)
    }

    /// The text with every hole filled with `nonce`, in one buffer.
    pub fn fill(&self, nonce: &str) -> Bytes {
        let holes = self.parts.len().saturating_sub(1);
        let mut out = Vec::with_capacity(self.len + holes * nonce.len());
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(nonce.as_bytes());
            }
            out.extend_from_slice(part);
        }
        Bytes::from(out)
    }
}

/// A response body made of shared buffers, sent in order; its length is known up front, so
/// the response carries `Content-Length` and the connection writes the buffers without
/// gathering them into one.
#[derive(Debug)]
pub struct PageBody {
    chunks: std::vec::IntoIter<Bytes>,
    remaining: u64,
}

impl PageBody {
    /// A body that sends `chunks` in order.
    pub fn new(chunks: Vec<Bytes>) -> Self {
        let remaining = chunks.iter().map(|c| c.len() as u64).sum();
        PageBody {
            chunks: chunks.into_iter(),
            remaining,
        }
    }
}

impl HttpBody for PageBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(self.chunks.next().map(|chunk| {
            self.remaining -= chunk.len() as u64;
            Ok(Frame::data(chunk))
        }))
    }

    fn is_end_stream(&self) -> bool {
        self.remaining == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    #[tokio::test]
    async fn two_bodies_of_a_frozen_page_differ_only_in_their_nonces() {
        let mut t = NonceTemplate::default();
        t.push_str("<script nonce=\"");
        t.push_nonce();
        t.push_str("\"></script><p>");
        t.push_nonce();
        t.push_str("</p>");
        let frozen = t.freeze();
        let a = frozen.body("AAAA").collect().await.unwrap().to_bytes();
        let b = frozen.body("BBBB").collect().await.unwrap().to_bytes();
        assert_eq!(a, "<script nonce=\"AAAA\"></script><p>AAAA</p>");
        assert_eq!(b, "<script nonce=\"BBBB\"></script><p>BBBB</p>");
        assert_eq!(a, frozen.fill("AAAA"));
        assert_eq!(a, t.fill("AAAA"));
        assert_eq!(
            frozen.body("AAAA").size_hint().exact(),
            Some(a.len() as u64)
        );
    }

    #[test]
    fn fill_puts_the_nonce_in_every_hole_and_nowhere_else() {
        let mut t = NonceTemplate::default();
        t.push_str("<script nonce=\"");
        t.push_nonce();
        t.push_str("\"></script><script nonce=\"");
        t.push_nonce();
        t.push_str("\"></script>");
        assert_eq!(
            t.fill("N1"),
            "<script nonce=\"N1\"></script><script nonce=\"N1\"></script>"
        );
        assert_eq!(
            t.fill("other"),
            "<script nonce=\"other\"></script><script nonce=\"other\"></script>"
        );
    }

    #[test]
    fn append_keeps_the_holes_of_both_templates() {
        let mut a = NonceTemplate::default();
        a.push_str("a");
        a.push_nonce();
        let mut b = NonceTemplate::default();
        b.push_nonce();
        b.push_str("b");
        a.append(&b);
        assert_eq!(a.fill("-"), "a--b");
    }

    #[test]
    fn an_empty_template_fills_to_nothing() {
        assert_eq!(NonceTemplate::default().fill("n"), "");
    }
}
