//! Replicating an original game N times as disjoint copies — the same
//! transformation as `shared/tools/replicate-alpha.py`, in Rust, so scale
//! tests and benchmarks need no Python. Copy k renumbers `Lx` to
//! `L(x + 1000k)`, `Ux` and `Bx` by `2000k`, `fNN` by `100k`, shifts `XY`
//! by `1000k` columns and extends the NPC list.

use super::world::GameFiles;

const LOFF: u32 = 1000;
const UOFF: u32 = 2000;
const BOFF: u32 = 2000;
const FOFF: u32 = 100;

/// Renumber every `L…`, `U…`, `B…` and `f…` id standing as a whole word.
fn remap(text: &str, k: u32) -> String {
    if k == 0 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if word_start && matches!(c, b'L' | b'U' | b'B' | b'f') {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let word_end =
                j == bytes.len() || !(bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_');
            if j > i + 1 && word_end {
                if let Ok(n) = text[i + 1..j].parse::<u32>() {
                    let m = match c {
                        b'L' => n + k * LOFF,
                        b'U' => n + k * UOFF,
                        b'B' => n + k * BOFF,
                        _ => n + k * FOFF,
                    };
                    if c == b'f' {
                        out.push_str(&format!("f{m:02}"));
                    } else {
                        out.push(c as char);
                        out.push_str(&m.to_string());
                    }
                    i = j;
                    continue;
                }
            }
        }
        // Copy one whole character (the text may hold non-ASCII).
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    // Keep map coordinates apart.
    out.lines()
        .map(|l| {
            let t = l.trim_start();
            if let Some(rest) = t.strip_prefix("XY") {
                let mut it = rest.split_whitespace();
                if let (Some(x), Some(y)) =
                    (it.next().and_then(|x| x.parse::<i64>().ok()), it.next())
                {
                    return format!("XY {} {y}", x + i64::from(k) * 1000);
                }
            }
            l.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn text(bytes: &[u8]) -> String {
    umpire_core::source::decode_text(bytes).0.into_owned()
}

/// `n` disjoint copies of a game.
pub fn replicate(files: &GameFiles, n: u32) -> GameFiles {
    let mut out = GameFiles::new();
    for (name, bytes) in files {
        if name.starts_with("players/") {
            continue;
        }
        let is_data = matches!(
            name.as_str(),
            "locations.dat" | "units.dat" | "buildings.dat" | "factions.dat"
        );
        if !is_data {
            out.insert(name.clone(), bytes.clone());
            continue;
        }
        let t = text(bytes);
        // Header: up to and including the KEYWORD line.
        let split = t
            .find("KEYWORD")
            .and_then(|i| t[i..].find('\n').map(|j| i + j + 1))
            .unwrap_or(0);
        let (head, body) = t.split_at(split);
        let mut all = head.to_string();
        for k in 0..n {
            all.push_str(&format!("\n# ---- copy {k} ----\n"));
            all.push_str(&remap(body, k));
            all.push('\n');
        }
        out.insert(name.clone(), all.into_bytes());
    }
    if let Some(cfg) = files.get("overlord.config") {
        let cfg = text(cfg);
        let npcs: Vec<String> = cfg
            .lines()
            .filter_map(|l| l.trim().strip_prefix("NPC").map(|r| r.trim().to_string()))
            .collect();
        let mut extra = String::new();
        for k in 1..n {
            for npc in &npcs {
                extra.push_str(&format!("NPC {}\n", remap(npc, k)));
            }
        }
        out.insert(
            "overlord.config".into(),
            format!("{cfg}\n{extra}").into_bytes(),
        );
    }
    for (name, bytes) in files.iter().filter(|(n, _)| n.starts_with("players/")) {
        for k in 0..n {
            out.insert(remap(name, k), remap(&text(bytes), k).into_bytes());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::remap;

    #[test]
    fn ids_are_renumbered_as_whole_words_only() {
        assert_eq!(
            remap("UNIT U12 at L7 in B3 of f01", 2),
            "UNIT U4012 at L2007 in B4003 of f201"
        );
        assert_eq!(
            remap("BUY 10 food 8\nLAND 100 Ufo1", 1),
            "BUY 10 food 8\nLAND 100 Ufo1"
        );
        assert_eq!(remap("XY 8 13", 3), "XY 3008 13");
        assert_eq!(remap("players/f02/orders.0", 1), "players/f102/orders.0");
    }
}
