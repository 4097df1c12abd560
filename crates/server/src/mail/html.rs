//! HTML mail turned into lines of text, for a player whose mail program
//! sends only HTML. Orders are one per line, so what matters is where the
//! lines break: every block element (`div`, `p`, `li`, `tr`, a heading)
//! and `br` ends a line; `head`, `style` and `script` are dropped; the
//! usual entities are decoded. The answer shows the lines that came out,
//! so a player sees exactly what was read.

/// Tags that end a line.
const BLOCKS: &[&str] = &[
    "br",
    "p",
    "div",
    "li",
    "tr",
    "table",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "pre",
    "blockquote",
    "hr",
    "section",
    "article",
    "header",
    "footer",
];

/// Tags whose content is not text.
const HIDDEN: &[&str] = &["head", "style", "script", "title"];

fn entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        _ => {
            let n = name.strip_prefix('#')?;
            let code = match n.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => n.parse().ok()?,
            };
            return char::from_u32(code);
        }
    })
}

/// The text of an HTML document, a line per block.
pub fn to_text(html: &str) -> String {
    let mut out = String::new();
    let mut hidden = 0usize;
    let mut rest = html;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.split_once("-->").map_or("", |(_, r)| r);
            continue;
        }
        if rest.starts_with('<') {
            let Some((tag, after)) = rest[1..].split_once('>') else {
                break;
            };
            rest = after;
            let closing = tag.starts_with('/');
            let name: String = tag
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase();
            if HIDDEN.contains(&name.as_str()) {
                if closing {
                    hidden = hidden.saturating_sub(1);
                } else if !tag.ends_with('/') {
                    hidden += 1;
                }
                continue;
            }
            if hidden == 0
                && BLOCKS.contains(&name.as_str())
                && !out.ends_with('\n')
                && !out.is_empty()
            {
                out.push('\n');
            }
            continue;
        }
        let next = rest.find('<').unwrap_or(rest.len());
        let (chunk, after) = rest.split_at(next);
        rest = after;
        if hidden > 0 {
            continue;
        }
        let mut text = chunk;
        while !text.is_empty() {
            match text.find(['&', '\n', '\r']) {
                None => {
                    out.push_str(text);
                    break;
                }
                Some(i) => {
                    out.push_str(&text[..i]);
                    let c = &text[i..];
                    if let Some(amp) = c.strip_prefix('&') {
                        match amp.split_once(';').filter(|(n, _)| n.len() <= 8) {
                            Some((name, after)) if entity(name).is_some() => {
                                out.push(entity(name).unwrap_or(' '));
                                text = after;
                            }
                            _ => {
                                out.push('&');
                                text = amp;
                            }
                        }
                    } else {
                        // A line break in the source is a space in HTML.
                        if !out.ends_with([' ', '\n']) {
                            out.push(' ');
                        }
                        text = &c[1..];
                    }
                }
            }
        }
    }
    out.lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_breaks_make_lines() {
        let html = "<html><head><title>x</title><style>p{}</style></head><body><p>Orders below</p><div>#GAME f5 pw spring</div><div>UNIT U12<br>WORK</div><!-- a comment --><div>NAME UNIT &quot;Tom &amp; Co&quot;&nbsp;</div></body></html>";
        assert_eq!(
            to_text(html),
            "Orders below\n#GAME f5 pw spring\nUNIT U12\nWORK\nNAME UNIT \"Tom & Co\""
        );
    }

    #[test]
    fn entities_and_stray_ampersands() {
        assert_eq!(to_text("a &lt;b&gt; &#233;&#x41; & c"), "a <b> éA & c");
    }
}
