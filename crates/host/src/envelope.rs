//! A player's submission as a kind reads it: the envelopes it holds,
//! whose each claims to be and what each asks of the host. Below both the
//! kinds and the readers that fill these in, so neither imports the other
//! for them.

use crate::password::Secret;

/// One message from a player, as the host received it.
#[derive(Clone, Copy, Debug)]
pub struct Mail<'a> {
    /// A name for findings: the file or `mail from …`.
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// A submission read by a kind: findings about the whole of it, then each
/// envelope it holds.
#[derive(Debug, Default)]
pub struct Reading {
    pub general: Vec<String>,
    pub envelopes: Vec<Envelope>,
    /// The submission's text as read, every password in it blanked
    /// ([`crate::blank`]), line for line: what the host keeps as its text.
    pub text: String,
}

/// One envelope of a submission: whose it claims to be, and what it asks.
#[derive(Debug)]
pub struct Envelope {
    /// Its first line in the submission.
    pub line: u32,
    /// The seat it names, when it names one the game has.
    pub seat: Option<String>,
    /// Who to name in the answer: the seat, or what was written.
    pub who: String,
    /// The password written on it.
    pub password: Secret,
    /// The checker's findings for this envelope, rendered.
    pub findings: Vec<String>,
    pub request: Request,
}

/// What an envelope asks of the host.
#[derive(Debug)]
pub enum Request {
    /// Keep these orders for a turn (the next one when `turn` is None).
    Orders(Orders),
    /// Keep an article for the newspaper of the turn being collected.
    Article {
        /// Signed (`#PRESS`) or a rumour (`#RUMOR`).
        signed: bool,
        text: String,
        /// "signed article (3 lines)".
        summary: String,
    },
    /// Send back the stored report of a turn (the last one when None).
    Report { turn: Option<u32> },
    /// Refused before any password is checked (another game, no such
    /// seat, a seat no longer in play, a header that cannot be read).
    Refused { why: String },
}

/// Orders read from an envelope.
#[derive(Debug)]
pub struct Orders {
    pub turn: Option<u32>,
    /// What is stored and what the turn runs: the orders as the checker
    /// understood them, without errors, quoted mail or any password.
    pub text: String,
    /// "12 units' orders and 1 faction order".
    pub summary: String,
    /// Orders left out for errors.
    pub errors: usize,
    /// Problems the turn being collected would meet (a unit that is not
    /// the seat's), shown only when the orders are for that turn.
    pub warnings: Vec<String>,
    /// A new password the orders set (Overlord's PASSWORD): the host
    /// keeps its hash and makes it the seat's when the turn runs.
    pub new_password: Option<Secret>,
    /// The orders as they will run, unit by unit (or section by
    /// section), in canonical form and with no password: the answer shows
    /// them, so a player sees how every line was read.
    pub shown: String,
    /// No order at all, only whose the envelope is: with a `#READY` or
    /// `#NOTREADY` line ([`Word`]) it is a word on the orders sent before,
    /// which it leaves as they are.
    pub empty: bool,
}

/// A player's word on their orders, on a line of its own: `#READY` (they
/// are final: the turn may run early) or `#NOTREADY` (wait for me). The
/// host reads these lines, whatever the game, before the game's reader
/// sees the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Ready,
    NotReady,
}

impl Word {
    /// The word a line says, if it is one: `#READY`, `#NOTREADY`,
    /// `#NOT READY` or `#NOT-READY`, in any case, alone on its line.
    pub fn of_line(line: &str) -> Option<Word> {
        let rest = line.trim().strip_prefix('#')?;
        let squeezed: String = rest
            .chars()
            .filter(|c| !matches!(c, ' ' | '\t' | '-' | '_'))
            .collect::<String>()
            .to_ascii_uppercase();
        match squeezed.as_str() {
            "READY" => Some(Word::Ready),
            "NOTREADY" => Some(Word::NotReady),
            _ => None,
        }
    }

    /// Ready or not, as kept.
    pub fn ready(self) -> bool {
        self == Word::Ready
    }
}

/// The words of a submission's text, each with its line (from 1), and the
/// text with those lines emptied (so the game's reader sees neither, and
/// every other line keeps its number). None when it holds no word.
pub fn words(text: &str) -> Option<(String, Vec<(u32, Word)>)> {
    host_lines(text, Word::of_line)
}

/// The host's lines of one kind in a submission's text (`of_line` says
/// which a line is), each with its line (from 1), and the text with those
/// lines emptied, their line endings kept, so the game's reader sees none
/// of them and every other line keeps its number. None when it holds
/// none.
pub fn host_lines<T>(
    text: &str,
    of_line: impl Fn(&str) -> Option<T>,
) -> Option<(String, Vec<(u32, T)>)> {
    let mut found = Vec::new();
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        match of_line(line) {
            Some(w) => {
                found.push((u32::try_from(i + 1).unwrap_or(u32::MAX), w));
                out.push_str(&line[line.trim_end_matches(['\r', '\n']).len()..]);
            }
            None => out.push_str(line),
        }
    }
    (!found.is_empty()).then_some((out, found))
}

/// Which envelope each word is for: the one it is written in (the last
/// envelope starting on or before its line); a word written before the
/// first envelope is for every envelope. The last word for an envelope
/// counts. `starts` are the envelopes' first lines, in order.
pub fn words_by_envelope<W: Copy>(starts: &[u32], words: &[(u32, W)]) -> Vec<Option<W>> {
    folded_by_envelope(starts, words, |_, w| w)
}

/// Which envelope each line is for, as [`words_by_envelope`], the lines
/// for one envelope folded into one by `fold` (the one before, the next)
/// in the order they are written.
pub fn folded_by_envelope<W: Copy>(
    starts: &[u32],
    words: &[(u32, W)],
    fold: impl Fn(W, W) -> W,
) -> Vec<Option<W>> {
    let mut out: Vec<Option<W>> = vec![None; starts.len()];
    let put = |o: &mut Option<W>, w: W| *o = Some(o.map_or(w, |before| fold(before, w)));
    for &(line, w) in words {
        match starts.iter().rposition(|&s| s <= line) {
            Some(i) => put(&mut out[i], w),
            None => out.iter_mut().for_each(|o| put(o, w)),
        }
    }
    out
}

/// A player's leave, on a line of its own: `#LEAVE 2` (away for the next
/// two turns, counting the one being collected) or `#LEAVE OFF` (back).
/// Read by the host, whatever the game, like [`Word`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Turns(u32),
    Off,
}

impl Leave {
    /// The leave a line asks, if it is one: `#LEAVE` and a number of turns
    /// or `OFF`, in any case, alone on its line. `#LEAVE` with anything
    /// else is `Turns(0)`, which the host refuses and says why.
    pub fn of_line(line: &str) -> Option<Leave> {
        let rest = line.trim().strip_prefix('#')?;
        let (word, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !word.eq_ignore_ascii_case("LEAVE") {
            return None;
        }
        let arg = arg.trim();
        Some(if arg.eq_ignore_ascii_case("OFF") {
            Leave::Off
        } else {
            Leave::Turns(arg.parse().unwrap_or(0))
        })
    }
}

/// The leave lines of a submission's text, each with its line (from 1),
/// and the text with those lines emptied; None when it holds none.
pub fn leaves(text: &str) -> Option<(String, Vec<(u32, Leave)>)> {
    host_lines(text, Leave::of_line)
}

/// A player's choice of what they are mailed, on a line of its own:
/// `#MAIL REMINDERS OFF`, `#MAIL REPORT ATTACHED`, `#MAIL MESSAGES ON`, or
/// several at once (`#MAIL REMINDERS ON REPORT BODY`). Read by the host,
/// whatever the game, like [`Leave`]; what a line leaves unsaid stays as
/// it was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MailLine {
    /// Reminders before a deadline.
    pub reminders: Option<bool>,
    /// The report only attached (true) or in the mail's text (false).
    pub report_attached: Option<bool>,
    /// Messages from other players mailed.
    pub messages: Option<bool>,
    /// Some word of it was not understood: the host refuses the line and
    /// says how to write it.
    pub bad: bool,
}

impl MailLine {
    /// How to write the line, for an answer that refuses one.
    pub const HOW: &'static str = "write #MAIL and what to change: REMINDERS ON or OFF, REPORT BODY or ATTACHED, MESSAGES ON or OFF (for example #MAIL REMINDERS OFF REPORT ATTACHED)";

    /// The choice a line makes, if it is a `#MAIL` line (in any case,
    /// alone on its line). One with no choice, or a word not understood,
    /// is `bad`.
    pub fn of_line(line: &str) -> Option<MailLine> {
        let rest = line.trim().strip_prefix('#')?;
        let mut words = rest.split_whitespace();
        if !words.next()?.eq_ignore_ascii_case("MAIL") {
            return None;
        }
        let mut m = MailLine::default();
        let mut any = false;
        while let Some(key) = words.next() {
            let value = words.next().unwrap_or("").to_ascii_uppercase();
            let on_off = match value.as_str() {
                "ON" | "YES" => Some(true),
                "OFF" | "NO" => Some(false),
                _ => None,
            };
            match (key.to_ascii_uppercase().as_str(), value.as_str()) {
                ("REMINDERS" | "REMINDER", _) if on_off.is_some() => m.reminders = on_off,
                ("MESSAGES" | "MESSAGE", _) if on_off.is_some() => m.messages = on_off,
                ("REPORT" | "REPORTS", "BODY" | "TEXT") => m.report_attached = Some(false),
                ("REPORT" | "REPORTS", "ATTACHED" | "ATTACHMENT") => m.report_attached = Some(true),
                _ => m.bad = true,
            }
            any = true;
        }
        m.bad |= !any;
        Some(m)
    }

    /// This line, then `next` over it (for several lines in one envelope).
    pub fn then(self, next: MailLine) -> MailLine {
        MailLine {
            reminders: next.reminders.or(self.reminders),
            report_attached: next.report_attached.or(self.report_attached),
            messages: next.messages.or(self.messages),
            bad: self.bad || next.bad,
        }
    }
}

/// The `#MAIL` lines of a submission's text, each with its line (from
/// 1), and the text with those lines emptied; None when it holds none.
pub fn mail_lines(text: &str) -> Option<(String, Vec<(u32, MailLine)>)> {
    host_lines(text, MailLine::of_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_lines_are_read_and_emptied_and_other_lines_keep_their_numbers() {
        assert_eq!(Word::of_line("  #ready \r\n"), Some(Word::Ready));
        assert_eq!(Word::of_line("#NOTREADY"), Some(Word::NotReady));
        assert_eq!(Word::of_line("#Not Ready"), Some(Word::NotReady));
        assert_eq!(Word::of_line("#not-ready"), Some(Word::NotReady));
        assert_eq!(Word::of_line("READY"), None, "a word needs its #");
        assert_eq!(
            Word::of_line("> #READY"),
            None,
            "a quoted line is not a word"
        );
        assert_eq!(Word::of_line("#READY NOW"), None);
        let (text, found) = words("#GAME f5 pw\nUNIT u1\n#READY\nMOVE n\n").unwrap();
        assert_eq!(text, "#GAME f5 pw\nUNIT u1\n\nMOVE n\n");
        assert_eq!(found, vec![(3, Word::Ready)]);
        assert!(words("#GAME f5 pw\nUNIT u1\n").is_none());
    }

    #[test]
    fn a_word_is_for_the_envelope_it_is_written_in_or_every_one_before_the_first() {
        let by = words_by_envelope(
            &[2, 10],
            &[(4, Word::Ready), (12, Word::NotReady), (13, Word::Ready)],
        );
        assert_eq!(by, vec![Some(Word::Ready), Some(Word::Ready)]);
        let by = words_by_envelope(&[2, 10], &[(1, Word::NotReady), (11, Word::Ready)]);
        assert_eq!(by, vec![Some(Word::NotReady), Some(Word::Ready)]);
        assert_eq!(words_by_envelope(&[], &[(1, Word::Ready)]), Vec::new());
    }

    #[test]
    fn leave_lines_are_read_and_emptied() {
        assert_eq!(Leave::of_line("#LEAVE 2\r\n"), Some(Leave::Turns(2)));
        assert_eq!(Leave::of_line(" #leave off"), Some(Leave::Off));
        assert_eq!(Leave::of_line("#LEAVE soon"), Some(Leave::Turns(0)));
        assert_eq!(Leave::of_line("#LEAVES 2"), None);
        assert_eq!(Leave::of_line("> #LEAVE 2"), None);
        let (text, found) = leaves("#GAME f5 pw\r\n#LEAVE 3\r\nMOVE n\n").unwrap();
        assert_eq!(text, "#GAME f5 pw\r\n\r\nMOVE n\n");
        assert_eq!(found, vec![(2, Leave::Turns(3))]);
        assert!(leaves("#GAME f5 pw\n").is_none());
    }

    #[test]
    fn mail_lines_are_read_and_emptied_and_fold_per_envelope() {
        let m = MailLine::of_line("#mail reminders off report attached\r\n").unwrap();
        assert_eq!(
            m,
            MailLine {
                reminders: Some(false),
                report_attached: Some(true),
                messages: None,
                bad: false
            }
        );
        assert!(MailLine::of_line("#MAIL").unwrap().bad);
        assert!(MailLine::of_line("#MAIL REMINDERS SOMETIMES").unwrap().bad);
        assert!(MailLine::of_line("#MAIL PIGEONS ON").unwrap().bad);
        assert_eq!(MailLine::of_line("#MAILBOX full"), None);
        assert_eq!(MailLine::of_line("> #MAIL REMINDERS OFF"), None);
        let (text, found) = mail_lines("#GAME f5 pw\n#MAIL MESSAGES OFF\nMOVE n\n").unwrap();
        assert_eq!(text, "#GAME f5 pw\n\nMOVE n\n");
        assert_eq!(found.len(), 1);
        let on = MailLine::of_line("#MAIL REMINDERS ON").unwrap();
        let off = MailLine::of_line("#MAIL REMINDERS OFF MESSAGES OFF").unwrap();
        let by = folded_by_envelope(&[1, 5], &[(2, off), (3, on), (6, off)], MailLine::then);
        assert_eq!(
            by,
            vec![
                Some(MailLine {
                    reminders: Some(true),
                    messages: Some(false),
                    ..MailLine::default()
                }),
                Some(off)
            ]
        );
    }
}
