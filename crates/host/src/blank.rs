//! Passwords blanked out of what a player sent, before anything of it is
//! kept as text or shown back.
//!
//! Every hosted game writes a password in one of two places, and this is
//! the one place that knows them:
//!
//! - the third word of an envelope's header: `#GAME f5 hunter2 spring`,
//!   `#PRESS`, `#RUMOR`/`#RUMOUR`, `#REPORT` (with or without the `#`);
//! - everything after `PASSWORD` at the start of a line: an En Garde!
//!   sheet's `PASSWORD hunter2`, Overlord's order `PASSWORD newword`.
//!
//! Lines quoted from an earlier mail (`> `) are blanked the same way: a
//! player's reply quoting last month's sheet quotes the password too.
//! Every line keeps its place and every word its column: a password is
//! replaced by as many `*` as it has characters, so a finding's line and
//! column still point at the right word (that tells its length, never a
//! letter of it). A wrong password is blanked like a right one: the rule
//! is where it is written, not what it is.
//!
//! The raw message is kept as received, as the record; this is what the
//! host stores as its text (`submissions.text`), what findings quote, and
//! what an answer echoes.

/// What each character of a password is replaced by.
pub const BLANK: char = '*';

/// Words that open an envelope whose header carries a password.
const HEADERS: [&str; 5] = ["GAME", "PRESS", "RUMOR", "RUMOUR", "REPORT"];

/// `text` with every character of every password in it replaced by
/// [`BLANK`], line for line.
pub fn passwords(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match secret_of(line) {
            Some((start, end)) => {
                out.push_str(&line[..start]);
                out.extend(line[start..end].chars().map(|_| BLANK));
                out.push_str(&line[end..]);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The byte range of the password a line holds, if it holds one.
fn secret_of(line: &str) -> Option<(usize, usize)> {
    let body = unquoted(line);
    let offset = line.len() - body.len();
    let words = words(body);
    let (first_start, first_end) = *words.first()?;
    let first = &body[first_start..first_end];
    let key = first
        .trim_start_matches('#')
        .trim_end_matches(':')
        .to_ascii_uppercase();
    if key == "PASSWORD" {
        // The rest of the line, whatever it holds.
        let rest = body[first_end..].trim_end_matches(['\r', ' ', '\t']);
        let lead = rest.len() - rest.trim_start().len();
        let start = first_end + lead;
        return (start < first_end + rest.len())
            .then_some((offset + start, offset + first_end + rest.len()));
    }
    if HEADERS.contains(&key.as_str()) {
        let (s, e) = *words.get(2)?;
        return Some((offset + s, offset + e));
    }
    None
}

/// The line without the marks of a quoted reply (`> `, `>> `, `> > `).
fn unquoted(line: &str) -> &str {
    let mut rest = line.trim_start();
    while let Some(r) = rest.strip_prefix('>') {
        rest = r.trim_start();
    }
    rest
}

/// The words of a line as byte ranges: separated by spaces, tabs and
/// no-break spaces; a quoted string (`"…"` or `“…”`) is one word.
fn words(line: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let close = match c {
            '"' => Some('"'),
            '\u{201C}' => Some('\u{201D}'),
            _ => None,
        };
        chars.next();
        let mut end = i + c.len_utf8();
        match close {
            Some(q) => {
                for (j, d) in chars.by_ref() {
                    end = j + d.len_utf8();
                    if d == q {
                        break;
                    }
                }
            }
            None => {
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
            }
        }
        out.push((i, end));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_passwords_and_password_lines_are_blanked_in_place() {
        let text = "Dear GM\n#GAME f5 hunter2 spring\nUNIT U12\nPASSWORD newword\n#END\n";
        assert_eq!(
            passwords(text),
            "Dear GM\n#GAME f5 ******* spring\nUNIT U12\nPASSWORD *******\n#END\n"
        );
        assert_eq!(
            passwords("CHARACTER Athos\r\npassword: two words\r\nWEEK 1\r\n"),
            "CHARACTER Athos\r\npassword: *********\r\nWEEK 1\r\n"
        );
        assert_eq!(
            passwords("> PASSWORD secret\n>> #report f5 \u{201C}my pw\u{201D} 3\n"),
            "> PASSWORD ******\n>> #report f5 ******* 3\n"
        );
    }

    #[test]
    fn lines_without_a_password_are_left_alone() {
        for text in [
            "PASSWORD\n",
            "#GAME f5\n",
            "WEEK 1: CAROUSE\n",
            "GIVE Athos 10 # my password is safe\n",
            "",
            "\u{a0}\n",
        ] {
            assert_eq!(passwords(text), text);
        }
    }
}
