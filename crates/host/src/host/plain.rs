//! Whether what a player sent can be read as orders at all: a mail with
//! no text, or with bytes that are not text (an attachment's insides
//! pasted in, a mail program's mistake), gets a short answer saying so,
//! never a finding for every line of it echoed back.

/// What the text of a submission is, before any game reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plain {
    /// Text to read.
    Text,
    /// Nothing but white space.
    Empty,
    /// Not text: this many of its characters are control characters or
    /// bytes that are no character, out of this many.
    Binary { junk: usize, of: usize },
}

/// At least this share (in percent) of junk characters, and at least
/// [`MIN_JUNK`] of them, make a text binary. Ordinary mail has none; a
/// stray tab or form feed is not junk.
const JUNK_PERCENT: usize = 5;
const MIN_JUNK: usize = 16;

/// What `text` is.
pub(crate) fn plain(text: &str) -> Plain {
    if text.trim().is_empty() {
        return Plain::Empty;
    }
    let mut of = 0usize;
    let mut junk = 0usize;
    for c in text.chars() {
        of += 1;
        let control = c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{0C}');
        if control || c == '\u{FFFD}' {
            junk += 1;
        }
    }
    if junk >= MIN_JUNK && junk * 100 >= of * JUNK_PERCENT {
        Plain::Binary { junk, of }
    } else {
        Plain::Text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_binary_and_text_are_told_apart() {
        assert_eq!(plain(" \r\n\t\n"), Plain::Empty);
        assert_eq!(
            plain("CHARACTER Athos\nWEEK 1: REST\n\u{0C}\n"),
            Plain::Text
        );
        let junk: String = (0u8..=255).map(char::from).cycle().take(2000).collect();
        assert!(matches!(plain(&junk), Plain::Binary { .. }), "{junk:?}");
        let lossy = String::from_utf8_lossy(&[0xff_u8, 0xfe, 0x00, 0x41].repeat(40)).into_owned();
        assert!(matches!(plain(&lossy), Plain::Binary { .. }));
        // A few stray characters in a real sheet are not junk.
        let sheet = format!("CHARACTER Athos\n{}WEEK 1: REST\n", "\u{1b}".repeat(3));
        assert_eq!(plain(&sheet), Plain::Text);
    }
}
