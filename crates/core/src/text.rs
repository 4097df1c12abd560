//! Order-text helpers shared by every game: "did you mean" suggestions.

/// Optimal-string-alignment distance (Levenshtein plus adjacent
/// transpositions), case-insensitive for ASCII.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let (n, m) = (a.len(), b.len());
    if n == 0 || m == 0 {
        return n.max(m);
    }
    // Three rolling rows: two back (for transpositions), previous, current.
    let mut prev2 = vec![0usize; m + 1];
    let mut prev: Vec<usize> = (0..=m).collect();
    let mut cur = vec![0usize; m + 1];
    for i in 1..=n {
        cur[0] = i;
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(prev2[j - 2] + 1);
            }
            cur[j] = best;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[m]
}

/// The closest candidate to `word`, if it is close enough to be a likely
/// typo: at most one edit for words of up to four letters, two for longer
/// ones, and never as far as the word is long. Ties go to the earlier
/// candidate, so list the common ones first.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = word.chars().count();
    let limit = match len {
        0 => return None,
        1..=4 => 1,
        _ => 2,
    };
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        let d = edit_distance(word, c);
        if d == 0 {
            return Some(c);
        }
        if d <= limit && d < len && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The longest echo of something typed that an answer carries.
pub const ECHO_MAX: usize = 40;

/// What was typed, as an answer may echo it: at most [`ECHO_MAX`]
/// characters, cut with `…` (an answer never repeats a page of input).
pub fn clip(typed: &str) -> String {
    if typed.chars().count() <= ECHO_MAX {
        typed.to_string()
    } else {
        let mut s: String = typed.chars().take(ECHO_MAX - 1).collect();
        s.push('…');
        s
    }
}

/// How a name was not found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    /// Nothing is called that; perhaps this was meant.
    Unknown { hint: Option<String> },
    /// It begins several names.
    Ambiguous(Vec<String>),
}

/// A name as players type it: any case, `_` or `-` for a space.
fn folded(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c == '_' || c == '-' {
                ' '
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// `given` among `names`: the same name (any case, `_` or `-` for a
/// space), or the one name it begins (`croat` finds `croats`).
pub fn find_name<'a>(
    given: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> Result<&'a str, NameError> {
    let want = folded(given);
    let names: Vec<&'a str> = names.into_iter().collect();
    if let Some(n) = names.iter().find(|n| folded(n) == want) {
        return Ok(n);
    }
    let begun: Vec<&'a str> = if want.chars().count() >= 2 {
        names
            .iter()
            .copied()
            .filter(|n| folded(n).starts_with(&want))
            .collect()
    } else {
        Vec::new()
    };
    match begun.as_slice() {
        [one] => Ok(one),
        [] => Err(NameError::Unknown {
            hint: suggest(given, names.iter().copied()).map(str::to_string),
        }),
        many => Err(NameError::Ambiguous(
            many.iter().map(|s| (*s).to_string()).collect(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("MOVE", "move"), 0);
        assert_eq!(edit_distance("MOEV", "MOVE"), 1);
        assert_eq!(edit_distance("GIEV", "GIVE"), 1);
        assert_eq!(edit_distance("STUDDY", "STUDY"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn suggestions() {
        let words = ["MOVE", "MARCH", "MERGE", "STUDY", "STACK"];
        assert_eq!(suggest("moev", words), Some("MOVE"));
        assert_eq!(suggest("STUDDY", words), Some("STUDY"));
        assert_eq!(suggest("XYZZY", words), None);
        assert_eq!(suggest("", words), None);
        // A one-letter word is never "corrected" into another.
        assert_eq!(suggest("N", ["E", "S"]), None);
    }

    #[test]
    fn names_are_found_whole_or_by_a_unique_beginning() {
        let names = ["croats", "cuirassiers", "Swedish foot", "Swedish horse"];
        assert_eq!(find_name("CROATS", names), Ok("croats"));
        assert_eq!(find_name("croat", names), Ok("croats"));
        assert_eq!(find_name("swedish_foot", names), Ok("Swedish foot"));
        assert_eq!(
            find_name("swedish", names),
            Err(NameError::Ambiguous(vec![
                "Swedish foot".into(),
                "Swedish horse".into()
            ]))
        );
        assert_eq!(
            find_name("cuirasiers", names),
            Err(NameError::Unknown {
                hint: Some("cuirassiers".into())
            })
        );
        assert_eq!(
            find_name("c", names),
            Err(NameError::Unknown { hint: None })
        );
    }

    #[test]
    fn echoes_are_clipped() {
        assert_eq!(clip("short"), "short");
        let long = "x".repeat(100_000);
        assert_eq!(clip(&long).chars().count(), ECHO_MAX);
        assert!(clip(&long).ends_with('…'));
    }
}
