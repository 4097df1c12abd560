//! What of a mail is not the player's own new text, and so is never read
//! as orders nor held for the game master (EG-ORD-001): a reply quotes
//! last month's sheet, with its password, and mail programs add a
//! signature.
//!
//! - a quoted line: one that begins, after any spaces, with `>`;
//! - the line that introduces a quote (`On 3 March, Umpire wrote:`): a
//!   line ending in `wrote:` whose next line that is not blank is quoted;
//! - a signature: from a line that is `--` (the mail convention's `-- `)
//!   to the end of the mail;
//! - a forwarded or quoted original without `>` marks, as some mail
//!   programs send it: from a line `-----Original Message-----` (any case,
//!   any number of dashes) to the end of the mail.

/// For each line of `text` (split at `\n`), whether it is quoted mail, a
/// quote's introduction or a signature rather than the player's orders.
pub fn not_orders(text: &str) -> Vec<bool> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<bool> = lines.iter().map(|l| quoted(l)).collect();
    for (i, line) in lines.iter().enumerate() {
        if ends_the_text(line) {
            for skip in out.iter_mut().skip(i) {
                *skip = true;
            }
            break;
        }
        let next = lines
            .iter()
            .skip(i + 1)
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| quoted(l));
        if next && introduces_a_quote(line) {
            if let Some(skip) = out.get_mut(i) {
                *skip = true;
            }
        }
    }
    out
}

/// A line quoted from an earlier mail.
fn quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// `On Mon, 3 Mar 2025 at 10:00, Umpire <server@game.test> wrote:`.
fn introduces_a_quote(line: &str) -> bool {
    line.trim_end().to_lowercase().ends_with("wrote:")
}

/// A signature's delimiter, or the head of an original quoted without
/// marks: nothing after it is the player's new text.
fn ends_the_text(line: &str) -> bool {
    let t = line.trim();
    if t == "--" {
        return true;
    }
    let words = t.trim_matches('-').trim().to_lowercase();
    t.starts_with("-----") && t.ends_with("-----") && words == "original message"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_their_introduction_and_signatures_are_not_orders() {
        let text = "CHARACTER Athos\nWEEK 1: CAROUSE\n\nOn 3 March, Umpire wrote:\n\n> CHARACTER Athos\n  > PASSWORD old\nWEEK 2: REST\n-- \nAthos\nGIVE Porthos 500\n";
        assert_eq!(
            not_orders(text),
            [
                false, false, false, true, false, true, true, false, true, true, true, true
            ]
        );
        let outlook = "WEEK 1: REST\n-----Original Message-----\nCHARACTER Athos";
        assert_eq!(not_orders(outlook), [false, true, true]);
        // A line ending in "wrote:" that introduces nothing is the player's.
        assert_eq!(
            not_orders("ANNOUNCE Athos wrote:\nWEEK 1: REST"),
            [false, false]
        );
        // Dashes that are not a signature's delimiter are the player's.
        assert_eq!(not_orders("--- week 2 ---\n---"), [false, false]);
    }
}
