//! Every rules entry has a description, written for Umpire.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_overlord::rules::Rules;
use umpire_overlord::rules::descriptions::Kind;

fn rules() -> Rules {
    match Rules::bundled() {
        Ok(r) => r,
        Err(e) => panic!("bundled rules do not load:\n{e}"),
    }
}

#[test]
fn every_entry_has_a_description_in_our_words() {
    let r = rules();
    let missing: Vec<String> = r
        .items
        .values()
        .map(|x| (Kind::Items, &x.tag))
        .chain(r.skills.values().map(|x| (Kind::Skills, &x.tag)))
        .chain(r.races.values().map(|x| (Kind::Races, &x.tag)))
        .chain(r.terrains.values().map(|x| (Kind::Terrains, &x.tag)))
        .chain(r.titles.values().map(|x| (Kind::Titles, &x.tag)))
        .chain(
            r.constructions
                .values()
                .map(|x| (Kind::Constructions, &x.tag)),
        )
        .chain(r.works.values().map(|x| (Kind::Works, &x.tag)))
        .chain(
            r.enchantments
                .values()
                .map(|x| (Kind::Enchantments, &x.tag)),
        )
        .chain(r.actions.values().map(|x| (Kind::Actions, &x.tag)))
        .chain(r.diseases.values().map(|x| (Kind::Diseases, &x.tag)))
        .chain(r.seasons.values().map(|x| (Kind::Seasons, &x.tag)))
        .chain(r.weathers.values().map(|x| (Kind::Weathers, &x.tag)))
        .filter(|(k, tag)| r.descriptions.text(*k, tag).trim().is_empty())
        .map(|(k, tag)| format!("{k} {tag}"))
        .collect();
    assert!(
        missing.is_empty(),
        "entries without a description: {missing:?}"
    );
}
