//! Writing an enquiry's notification as an RFC 5322 message: CRLF line ends, folded headers,
//! RFC 2047 encoded words for non-ASCII text, and a base64 `text/html; charset=utf-8` body.

use crate::address::MailAddress;
use crate::date;
use crate::notification;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use supplysite_core::ports::StoredEnquiry;

/// Longest line we write, short of RFC 5322's recommended 78.
const LINE: usize = 76;
/// Bytes of UTF-8 per encoded word: 36 bytes are 48 base64 characters, which with
/// `=?utf-8?B?` and `?=` make 60: inside RFC 2047's 75, and short enough to share the first
/// line with any header name we write (folding before the first word trips some parsers).
const WORD_BYTES: usize = 36;

/// The whole message for `stored`, from `sender` to `inbox`, replying to the visitor.
pub fn message(stored: &StoredEnquiry, sender: &MailAddress, inbox: &MailAddress) -> String {
    let e = &stored.enquiry;
    let visitor = MailAddress {
        name: e.full_name(),
        email: e.email().to_owned(),
    };
    let mut out = String::new();
    header(&mut out, "From", &mailbox(sender));
    header(&mut out, "To", &mailbox(inbox));
    header(&mut out, "Reply-To", &mailbox(&visitor));
    header(&mut out, "Subject", &text(&notification::subject(stored)));
    header(&mut out, "Date", &date::rfc5322(stored.received_at));
    header(&mut out, "Message-ID", &message_id(stored, sender));
    header(&mut out, "MIME-Version", "1.0");
    header(&mut out, "Content-Type", "text/html; charset=utf-8");
    header(&mut out, "Content-Transfer-Encoding", "base64");
    out.push_str("\r\n");
    let body = STANDARD.encode(notification::html(stored));
    for line in body.as_bytes().chunks(LINE) {
        out.push_str(std::str::from_utf8(line).expect("base64 is ASCII"));
        out.push_str("\r\n");
    }
    out
}

/// `<enquiry id@sender's domain>`: stable, so a rewritten file is the same message.
fn message_id(stored: &StoredEnquiry, sender: &MailAddress) -> String {
    let left: String = stored
        .id
        .as_str()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("<{left}@{}>", sender.domain())
}

/// Appends `Name: value`, folding the value at spaces so lines stay within [`LINE`].
fn header(out: &mut String, name: &str, value: &str) {
    let mut line_len = name.len() + 1;
    out.push_str(name);
    out.push(':');
    for (i, word) in value.split(' ').enumerate() {
        if i > 0 && line_len + 1 + word.len() > LINE {
            out.push_str("\r\n");
            line_len = 0;
        }
        out.push(' ');
        out.push_str(word);
        line_len += 1 + word.len();
    }
    out.push_str("\r\n");
}

/// Unstructured text (the subject): as is when printable ASCII, else encoded words.
fn text(value: &str) -> String {
    if value.chars().all(|c| (' '..='~').contains(&c)) {
        value.to_owned()
    } else {
        encoded_words(value)
    }
}

/// A mailbox `phrase <address>`: the name as a quoted string when ASCII, as encoded words
/// otherwise; the bare address when there is no name.
fn mailbox(address: &MailAddress) -> String {
    if address.name.is_empty() {
        return format!("<{}>", address.email);
    }
    let phrase = if address.name.chars().all(|c| (' '..='~').contains(&c)) {
        let escaped = address.name.replace('\\', "\\\\").replace('"', "\\\"");
        format!("\"{escaped}\"")
    } else {
        encoded_words(&address.name)
    };
    format!("{phrase} <{}>", address.email)
}

/// `value` as RFC 2047 B-encoded words, split between characters, separated by spaces
/// (where [`header`] folds; decoders drop the space between two encoded words).
fn encoded_words(value: &str) -> String {
    let mut words = Vec::new();
    let mut start = 0;
    let mut end = 0;
    for (at, c) in value.char_indices() {
        if at + c.len_utf8() - start > WORD_BYTES {
            words.push(&value[start..end]);
            start = at;
        }
        end = at + c.len_utf8();
    }
    words.push(&value[start..end]);
    words
        .into_iter()
        .map(|w| format!("=?utf-8?B?{}?=", STANDARD.encode(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_text_stays_as_it_is_and_other_text_becomes_encoded_words() {
        assert_eq!(text("Hello there"), "Hello there");
        assert_eq!(text("Zoë"), "=?utf-8?B?Wm/Dqw==?=");
        // 80 bytes of two-byte characters: 36 + 36 + 8, never splitting a character.
        let long = "é".repeat(40);
        let words = encoded_words(&long);
        assert_eq!(words.split(' ').count(), 3);
        assert!(words.split(' ').all(|w| w.len() <= 60), "{words}");
    }

    #[test]
    fn ascii_names_are_quoted_with_quotes_and_backslashes_escaped() {
        let m = MailAddress {
            name: r#"Ada "The" \Countess"#.into(),
            email: "ada@example.com".into(),
        };
        assert_eq!(mailbox(&m), r#""Ada \"The\" \\Countess" <ada@example.com>"#);
    }

    #[test]
    fn long_headers_fold_at_spaces_within_the_line_limit() {
        let mut out = String::new();
        header(&mut out, "Subject", &"word ".repeat(40));
        assert!(out.lines().count() > 1);
        assert!(out.split("\r\n").all(|l| l.len() <= LINE), "{out}");
        assert!(
            out.split("\r\n")
                .skip(1)
                .filter(|l| !l.is_empty())
                .all(|l| l.starts_with(' '))
        );
    }
}
