//! Broken rules files: each mistake is reported with the file, the entry
//! and the field, and nothing loads until all are fixed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_overlord::rules::{Rules, Source};

/// A small, valid rule set to break.
const SKILLS: &str = r#"
[[skill]]
tag = "blad"
name = "blade"

[[skill.levels]]
experience = 3000
study_cost = 1

[[skill]]
tag = "parr"
name = "parry"
requires = [{ skill = "blad", level = 1 }]

[[skill.levels]]
experience = 3000
study_cost = 1

[[skill.levels]]
experience = 9000
study_cost = 1
"#;

const ITEMS: &str = r#"
[[item]]
tag = "swrd"
name = "sword"
plural = "swords"
weight = 4
equip = { slot = "weapon", requires = [{ skill = "blad", level = 1 }] }
"#;

const TERRAINS: &str = r#"
[[terrain]]
tag = "plai"
name = "plains"
optimum = 500
days = { walk = 9, ride = 6 }
resources = [{ item = "swrd", amount = 10, chance = 50 }]
"#;

fn load(files: &[(&str, &str)]) -> Result<Rules, Vec<String>> {
    let sources: Vec<Source> = files.iter().map(|(n, t)| Source::new(*n, *t)).collect();
    Rules::from_sources(&sources).map_err(|e| e.0.iter().map(ToString::to_string).collect())
}

fn errors(files: &[(&str, &str)]) -> Vec<String> {
    match load(files) {
        Ok(_) => panic!("the broken rules loaded"),
        Err(e) => e,
    }
}

#[test]
fn the_small_set_is_valid() {
    let r = load(&[
        ("skills.toml", SKILLS),
        ("items.toml", ITEMS),
        ("terrains.toml", TERRAINS),
    ])
    .unwrap();
    let swrd = &r.items[r.item("swrd").unwrap()];
    assert_eq!(
        swrd.equip.as_ref().unwrap().requires[0].skill.id(),
        r.skill("blad").unwrap()
    );
    assert_eq!(
        r.terrains[r.terrain("plai").unwrap()].resources[0]
            .item
            .id(),
        r.item("swrd").unwrap()
    );
}

#[test]
fn unknown_tag_names_file_entry_field_and_suggests() {
    let items = ITEMS.replace(r#"skill = "blad""#, r#"skill = "bald""#);
    assert_eq!(
        errors(&[("skills.toml", SKILLS), ("items.toml", &items)]),
        [
            "items.toml: item `swrd`, field `equip.requires[0].skill`: there is no skill `bald` (did you mean `blad`?)"
        ]
    );
}

#[test]
fn prerequisite_cycle_is_reported_with_its_path() {
    let skills = SKILLS.replace(
        "tag = \"blad\"\nname = \"blade\"",
        "tag = \"blad\"\nname = \"blade\"\nrequires = [{ skill = \"parr\", level = 1 }]",
    );
    assert_eq!(
        errors(&[("skills.toml", &skills)]),
        [
            "skills.toml: skill `blad`, field `requires`: prerequisites go round in a circle: blad → parr → blad"
        ]
    );
}

#[test]
fn a_skill_requiring_itself_is_a_cycle() {
    let skills = SKILLS.replace(
        r#"requires = [{ skill = "blad", level = 1 }]"#,
        r#"requires = [{ skill = "parr", level = 1 }]"#,
    );
    assert_eq!(
        errors(&[("skills.toml", &skills)]),
        [
            "skills.toml: skill `parr`, field `requires`: prerequisites go round in a circle: parr → parr"
        ]
    );
}

#[test]
fn missing_level_is_reported() {
    let skills = SKILLS.replace(
        r#"{ skill = "blad", level = 1 }"#,
        r#"{ skill = "blad", level = 3 }"#,
    );
    assert_eq!(
        errors(&[("skills.toml", &skills)]),
        [
            "skills.toml: skill `parr`, field `requires[0].level`: skill `blad` has no level 3 (it has 1)"
        ]
    );
}

#[test]
fn skill_without_levels_is_reported() {
    let skills = "[[skill]]\ntag = \"obse\"\nname = \"observation\"\n";
    assert_eq!(
        errors(&[("skills.toml", skills)]),
        ["skills.toml:1: skill `obse`: missing field `levels`"]
    );
}

#[test]
fn impossible_numbers_are_reported() {
    let terrains = TERRAINS.replace("chance = 50", "chance = 150");
    assert_eq!(
        errors(&[
            ("skills.toml", SKILLS),
            ("items.toml", ITEMS),
            ("terrains.toml", &terrains)
        ]),
        [
            "terrains.toml: terrain `plai`, field `resources[0].chance`: 150 is not a percentage from 1 to 100"
        ]
    );
    let skills = SKILLS.replace("experience = 9000", "experience = 2000");
    assert_eq!(
        errors(&[("skills.toml", &skills)]),
        [
            "skills.toml: skill `parr`, field `levels[2].experience`: 2000 is not more than the previous level's 3000; levels must need more experience as they go up"
        ]
    );
    let items = ITEMS.replace("weight = 4", "weight = -4");
    assert_eq!(
        errors(&[("skills.toml", SKILLS), ("items.toml", &items)]),
        ["items.toml:6: item `swrd`: invalid value: integer `-4`, expected u32"]
    );
    let terrains = TERRAINS.replace("walk = 9, ", "walk = 0, ");
    assert_eq!(
        errors(&[
            ("skills.toml", SKILLS),
            ("items.toml", ITEMS),
            ("terrains.toml", &terrains)
        ]),
        ["terrains.toml: terrain `plai`, field `days.walk`: travel takes at least 1 day"]
    );
}

#[test]
fn misspelt_field_and_syntax_errors_give_the_line() {
    let items = ITEMS.replace("weight = 4", "wieght = 4");
    let e = errors(&[("skills.toml", SKILLS), ("items.toml", &items)]);
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("items.toml:6: item `swrd`: unknown field `wieght`"),
        "{e:?}"
    );
    let items = ITEMS.replace("plural = \"swords\"", "plural = \"swords");
    let e = errors(&[("skills.toml", SKILLS), ("items.toml", &items)]);
    assert_eq!(e.len(), 1);
    assert!(e[0].starts_with("items.toml:5: item `swrd`: "), "{e:?}");
}

#[test]
fn duplicate_tags_are_reported() {
    let items = format!(
        "{ITEMS}\n{}",
        ITEMS.replace("name = \"sword\"", "name = \"sabre\"")
    );
    assert_eq!(
        errors(&[("skills.toml", SKILLS), ("items.toml", &items)]),
        [
            "items.toml: item `swrd`, field `tag`: the tag is used twice (entries 1 and 2); tags must be unique"
        ]
    );
}

#[test]
fn descriptions_must_describe_real_entries_and_levels() {
    let d = "[blad]\ntext = \"Fighting with a blade.\"\nlevels = { 2 = \"Better.\" }\n\n[bald]\ntext = \"?\"\n";
    assert_eq!(
        errors(&[("skills.toml", SKILLS), ("descriptions/skills.toml", d)]),
        [
            "descriptions/skills.toml: `bald`: describes `bald`, but there is no such entry in skills",
            "descriptions/skills.toml: `blad`, field `levels.2`: the skill has levels 1 to 1, not 2",
        ]
    );
    assert_eq!(
        errors(&[("descriptions/spells.toml", "")]),
        [
            "descriptions/spells.toml: no table is called `spells`; description files are named after one of: items, skills, races, terrains, titles, constructions, works, enchantments, actions, diseases, seasons, weathers"
        ]
    );
}

#[test]
fn a_settlement_names_a_peopled_terrain_and_is_only_built() {
    let works = "[[work]]\ntag = \"woodwk\"\nname = \"wood work\"\nplural = \"wood works\"\n";
    let terrains = format!(
        "{TERRAINS}\n[[terrain]]\ntag = \"cave\"\nname = \"cave\"\ndays = {{ walk = 12 }}\n"
    );
    let constructions = r#"
[[construction]]
tag = "vill"
name = "village"
works = [{ work = "woodwk", count = 10 }]
settlement = "plia"

[[construction]]
tag = "hole"
name = "hole"
works = [{ work = "woodwk", count = 10 }]
settlement = "cave"
vessel = { capacity = { swim = 1000 } }
"#;
    assert_eq!(
        errors(&[
            ("skills.toml", SKILLS),
            ("items.toml", ITEMS),
            ("terrains.toml", &terrains),
            ("works.toml", works),
            ("constructions.toml", constructions),
        ]),
        [
            "constructions.toml: construction `vill`, field `settlement`: there is no terrain `plia` (did you mean `plai`?)",
            "constructions.toml: construction `hole`, field `settlement`: terrain `cave` has an optimum of 0: nobody would ever live there",
            "constructions.toml: construction `hole`, field `settlement`: a settlement becomes a location when its works are done: give it works, and no vessel, titles or `built_by_skill_use`",
        ]
    );
}

#[test]
fn every_error_is_reported_at_once() {
    let items = ITEMS.replace(r#"skill = "blad""#, r#"skill = "nope""#);
    let terrains = TERRAINS
        .replace("chance = 50", "chance = 0")
        .replace(r#"item = "swrd""#, r#"item = "swdr""#);
    assert_eq!(
        errors(&[
            ("skills.toml", SKILLS),
            ("items.toml", &items),
            ("terrains.toml", &terrains)
        ])
        .len(),
        3
    );
}

#[test]
fn ov_econ_029_taxing_must_bring_coins() {
    let skills = SKILLS.replace(
        "[[skill.levels]]\nexperience = 3000\nstudy_cost = 1\n\n[[skill]]\ntag = \"parr\"",
        "[[skill.levels]]\nexperience = 3000\nstudy_cost = 1\nuse = { kind = \"tax\", produces = { item = \"swrd\", days = 1 } }\n\n[[skill]]\ntag = \"parr\"",
    );
    assert_eq!(
        errors(&[("skills.toml", &skills), ("items.toml", ITEMS)]),
        [
            "skills.toml: skill `blad`, field `levels[1].use.produces`: taxing and entertaining bring coins: write `produces = { item = \"coin\", days = N }`"
        ]
    );
}
