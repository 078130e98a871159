//! HTML with holes for the per-response CSP nonce.
//!
//! A rendered page is cached per (path, content version), but every response needs a fresh
//! nonce. The page is therefore stored as the text between the places a nonce goes; filling it
//! is one allocation and a few copies, so a cached page costs about as much as a static file.

use bytes::Bytes;

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

    /// A copy with the first `needle` (found within one stretch of literal text) replaced by
    /// `with`; `None` when the text has no `needle`.
    pub fn replace_first(&self, needle: &str, with: &str) -> Option<NonceTemplate> {
        let (index, at) = self
            .parts
            .iter()
            .enumerate()
            .find_map(|(i, part)| part.find(needle).map(|at| (i, at)))?;
        let mut copy = self.clone();
        copy.parts[index].replace_range(at..at + needle.len(), with);
        copy.len = copy.len - needle.len() + with.len();
        Some(copy)
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn replace_first_replaces_one_occurrence_and_keeps_the_holes() {
        let mut t = NonceTemplate::default();
        t.push_str("<a nonce=\"");
        t.push_nonce();
        t.push_str("\"><!--x--><!--x-->");
        let replaced = t.replace_first("<!--x-->", "<p>hi</p>").unwrap();
        assert_eq!(replaced.fill("N"), "<a nonce=\"N\"><p>hi</p><!--x-->");
        assert_eq!(replaced.fill("N").len(), replaced.len + 1);
        assert!(t.replace_first("<!--y-->", "z").is_none());
    }

    #[test]
    fn an_empty_template_fills_to_nothing() {
        assert_eq!(NonceTemplate::default().fill("n"), "");
    }
}
