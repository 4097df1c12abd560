//! A game's news as an Atom feed over a real port: the link on a player's
//! page reads what each turn gave every player (Overlord's newspaper,
//! En Garde!'s gazette), one entry per turn with news, as a real XML
//! parser reads it; a wrong key, or another seat's, reads nothing; a new
//! password makes the old link stop working.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::host::{Ran, Submission, Trigger};
use umpire_host::testing;

/// The feed's entries as (title, content), read by a real XML parser,
/// with the feed's own title.
fn entries(xml: &str) -> (String, Vec<(String, String)>) {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}: {xml}"));
    let feed = doc.root_element();
    assert_eq!(feed.tag_name().name(), "feed");
    assert_eq!(
        feed.tag_name().namespace(),
        Some("http://www.w3.org/2005/Atom")
    );
    let child = |n: roxmltree::Node, name: &str| -> String {
        n.children()
            .find(|c| c.tag_name().name() == name)
            .and_then(|c| c.text())
            .unwrap_or_else(|| panic!("no {name}: {xml}"))
            .to_string()
    };
    for required in ["id", "updated"] {
        assert!(!child(feed, required).is_empty());
    }
    let list = feed
        .children()
        .filter(|c| c.tag_name().name() == "entry")
        .map(|e| {
            assert!(child(e, "id").starts_with("urn:umpire:news:"));
            assert!(child(e, "updated").ends_with('Z'));
            (child(e, "title"), child(e, "content"))
        })
        .collect();
    (child(feed, "title"), list)
}

/// The href of the news link on a page.
fn feed_link(page: &str) -> String {
    let at = page
        .find("/news.atom?")
        .unwrap_or_else(|| panic!("no feed link: {page}"));
    let start = page[..at].rfind('"').unwrap() + 1;
    let end = at + page[at..].find('"').unwrap();
    page[start..end].replace("&amp;", "&")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_news_of_each_turn_is_a_feed_for_the_seats_own_link() {
    let s = site(testing::sqlite("news")).await;
    // An article of f5's and a rumour of f6's for turn 2's newspaper.
    for (seat, password, keyword, text) in [
        (
            "f5",
            &s.spring[0],
            "PRESS",
            "The <river> & the road are ours.",
        ),
        ("f6", &s.spring[1], "RUMOR", "They say the king is ill."),
    ] {
        let mail = format!("#{keyword} {seat} {password} spring\n{text}\n#END\n");
        let answer = s
            .host
            .submit(Submission {
                game: "spring",
                source: "mail",
                sender: Some("player@players.test"),
                message_id: None,
                name: "mail",
                bytes: mail.as_bytes(),
                authenticated: None,
            })
            .await
            .unwrap();
        assert!(!answer.receipts[0].refused, "{answer:?}");
    }
    let ran = s
        .host
        .run_turn("spring", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 2, .. }), "{ran:?}");

    let (base, password) = (s.base.clone(), s.spring[0].clone());
    let (link, feed, wrong, other) = blocking(move || {
        let mut me = Client::new(&base);
        me.login("spring", "f5", &password);
        let link = feed_link(&me.get("/games/spring").body);
        // A feed reader holds no cookie.
        let mut reader = Client::new(&base);
        let feed = reader.get(&link);
        let wrong = reader.get(&format!("{}0", &link[..link.len() - 1]));
        let other = reader.get(&link.replace("seat=f5", "seat=f6"));
        (link, feed, wrong, other)
    })
    .await;
    assert!(
        link.starts_with("/games/spring/news.atom?seat=f5&key="),
        "{link}"
    );
    assert_eq!(feed.status, 200, "{}", feed.body);
    let kind = feed.headers.iter().find(|(n, _)| n == "content-type");
    assert_eq!(
        kind.map(|(_, v)| v.as_str()),
        Some("application/atom+xml; charset=utf-8")
    );
    let (title, list) = entries(&feed.body);
    assert_eq!(title, "spring: the news");
    // Turn 1 had no newspaper; turn 2's has both, the article signed.
    assert_eq!(list.len(), 1, "{}", feed.body);
    assert_eq!(list[0].0, "spring: the news of turn 2");
    assert!(
        list[0]
            .1
            .contains("The <river> & the road are ours.\n  -- "),
        "{}",
        list[0].1
    );
    assert!(
        list[0].1.contains("  -- Faction 5 [f05]\n"),
        "{}",
        list[0].1
    );
    assert!(
        list[0]
            .1
            .contains("They say the king is ill.\n  -- a rumour"),
        "{}",
        list[0].1
    );
    assert_eq!(wrong.status, 404);
    assert_eq!(other.status, 404, "f5's key is not f6's");

    // A new password: the old link reads nothing, the page gives a new one.
    s.host.new_password("spring", "f5", "gm").await.unwrap();
    let key = s.host.news_key("spring", "f5").await.unwrap().unwrap();
    let base = s.base.clone();
    let (old, new) = blocking(move || {
        let mut reader = Client::new(&base);
        (
            reader.get(&link),
            reader.get(&format!("/games/spring/news.atom?seat=f5&key={key}")),
        )
    })
    .await;
    assert_eq!(old.status, 404);
    assert_eq!(new.status, 200);

    // En Garde!'s gazette.
    let ran = s
        .host
        .run_turn("paris", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { .. }), "{ran:?}");
    let (seat, _) = s.paris[0].clone();
    let key = s.host.news_key("paris", &seat).await.unwrap().unwrap();
    let base = s.base.clone();
    let gazette = blocking(move || {
        Client::new(&base).get(&format!("/games/paris/news.atom?seat={seat}&key={key}"))
    })
    .await;
    assert_eq!(gazette.status, 200, "{}", gazette.body);
    let (_, list) = entries(&gazette.body);
    assert_eq!(list.len(), 1, "{}", gazette.body);
    let public = s.host.store().turn_news("paris", 1).await.unwrap();
    let kept: std::collections::BTreeMap<String, String> =
        serde_json::from_str(&public[0].public).unwrap();
    assert_eq!(list[0].1, kept["gazette"].trim_end());
    let _ = s.stop.send(true);
}
