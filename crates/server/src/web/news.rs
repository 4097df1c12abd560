//! `/games/{game}/news.atom?seat=S&key=K`: what each turn gave every
//! player to read (a newspaper, a gazette) as an Atom feed (RFC 4287),
//! for a player's feed reader.
//!
//! The news is the players', so the link carries the seat and its feed
//! key (`Host::news_key`), shown on the player's own pages: it reads the
//! news and nothing else, and stops working when the seat's password
//! changes. A wrong or missing key is answered as a game that is not
//! here. One entry per turn that had news, newest first, the last
//! [`ENTRIES`].

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use jiff::Timestamp;
use serde::Deserialize;

use super::{Page, Web, WebError};

/// How many turns' news the feed holds.
const ENTRIES: usize = 20;

#[derive(Deserialize)]
pub struct Key {
    #[serde(default)]
    seat: String,
    #[serde(default)]
    key: String,
}

/// `/games/{game}/news.atom`.
pub async fn feed(State(web): State<Web>, Path(game): Path<String>, Query(k): Query<Key>) -> Page {
    let nothing = || WebError::NotFound(format!("no news feed of {game} at this address"));
    if web.host.store().game(&game).await?.is_none()
        || !web.host.news_key_is(&game, &k.seat, &k.key).await?
    {
        return Err(nothing());
    }
    let news = web.host.news(&game, ENTRIES).await?;
    Ok((
        [(header::CONTENT_TYPE, "application/atom+xml; charset=utf-8")],
        atom(&game, &news, Timestamp::now()),
    )
        .into_response())
}

/// The Atom document of `game`'s `news`; `now` dates a feed with none.
pub fn atom(game: &str, news: &[umpire_host::host::News], now: Timestamp) -> String {
    let when = |ms: i64| {
        Timestamp::from_millisecond(ms)
            .unwrap_or(now)
            .strftime("%Y-%m-%dT%H:%M:%SZ")
            .to_string()
    };
    let updated = news
        .iter()
        .map(|n| n.ran_at)
        .max()
        .map_or_else(|| when(now.as_millisecond()), when);
    let id = |tail: &str| xml(&format!("urn:umpire:news:{game}{tail}"));
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    out.push_str(&format!(
        "  <title>{}</title>\n",
        xml(&format!("{game}: the news"))
    ));
    out.push_str(&format!("  <id>{}</id>\n", id("")));
    out.push_str(&format!("  <updated>{updated}</updated>\n"));
    out.push_str("  <author><name>Umpire</name></author>\n");
    for n in news {
        out.push_str("  <entry>\n");
        out.push_str(&format!(
            "    <title>{}</title>\n",
            xml(&format!("{game}: the news of turn {}", n.turn))
        ));
        out.push_str(&format!(
            "    <id>{}</id>\n",
            id(&format!(":turn:{}", n.turn))
        ));
        out.push_str(&format!("    <updated>{}</updated>\n", when(n.ran_at)));
        out.push_str(&format!(
            "    <content type=\"text\">{}</content>\n",
            xml(&n.text)
        ));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

/// Text escaped for XML, with the characters XML cannot hold dropped.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_what_xml_cannot_hold_is_dropped() {
        assert_eq!(xml("a<b>&\"c\"\u{1}\n"), "a&lt;b&gt;&amp;&quot;c&quot;\n");
    }
}
