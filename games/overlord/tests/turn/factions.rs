//! The faction block's orders and settings (OV-FO) and the factions and
//! their stances (OV-FAC).

use umpire_overlord::turn::log::Refusal;
use umpire_overlord::world::{Known, Player, Role, Stance};

use super::*;

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

fn refused(log: &TurnLog) -> Option<Refusal> {
    log.events.iter().find_map(|e| match e.what {
        What::OrdersRefused { reason, .. } => Some(reason),
        _ => None,
    })
}

#[test]
fn ov_fo_001_email_changes_the_address_reports_go_to() {
    let mut g = Game::new(1, 1);
    let f = g.faction(1);
    g.w.factions[f].email = "old@example.org".into();
    g.leader(1, 1);
    let log = g.run_bare(&["#GAME f01 pw\nEMAIL new@example.org\n#END"]);
    assert_eq!(g.w.factions[f].email, "new@example.org");
    assert!(
        log.events
            .iter()
            .any(|e| e.what == What::EmailChanged { faction: f })
    );
    let text = g.report(&log, 1);
    assert!(
        text.lines().next().unwrap().ends_with("<new@example.org>"),
        "{text}"
    );
    assert!(!text.contains("old@example.org"));
}

#[test]
fn ov_fo_002_name_renames_the_faction_in_every_report() {
    let mut g = Game::new(1, 2);
    let u = g.leader(1, 1);
    g.w.units[u].settings.advertise = true;
    g.leader(2, 1);
    let log = g.run_bare(&["#GAME f01 pw\nNAME \"The Dark Host\"\n#END"]);
    assert_eq!(g.w.factions[g.faction(1)].name, "The Dark Host");
    let own = g.report(&log, 1);
    assert!(own.contains("for The Dark Host [f01]"), "{own}");
    // Another faction that sees the unit sees the new name.
    let other = g.report(&log, 2);
    assert!(other.contains("of The Dark Host [f01]"), "{other}");
    assert!(!other.contains("Faction 1 [f01]"), "{other}");
}

#[test]
fn ov_fo_003_password_is_required_from_then_on() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let log = g.run_bare(&["#GAME f01 old\nPASSWORD Secret7\n#END"]);
    assert_eq!(refused(&log), None);
    let log = g.run_bare(&["#GAME f01 old\nUNIT U1\nNAME \"Old\"\n#END"]);
    assert_eq!(refused(&log), Some(Refusal::WrongPassword));
    assert_ne!(g.w.units[u].name, "Old");
    // Passwords keep their case.
    let log = g.run_bare(&["#GAME f01 secret7\nUNIT U1\nNAME \"Lower\"\n#END"]);
    assert_eq!(refused(&log), Some(Refusal::WrongPassword));
    let log = g.run_bare(&["#GAME f01 Secret7\nUNIT U1\nNAME \"New\"\n#END"]);
    assert_eq!(refused(&log), None);
    assert_eq!(g.w.units[u].name, "New");
}

#[test]
fn ov_fo_009_resign_to_the_free_people_where_they_exist() {
    let mut g = Game::new(1, 3);
    g.npc(2, Role::FreePeople);
    g.w.creatures = Some(g.npc(3, Role::Creatures));
    let u = g.leader(1, 1);
    g.run_bare(&["#GAME f01 pw\nRESIGN np2\n#END"]);
    assert_eq!(g.w.units[u].faction, g.faction(2));
    assert!(g.w.factions[g.faction(1)].resigned);
    // A world without them (f2 plays the Mages here) refuses the order.
    let mut g = Game::new(1, 2);
    g.npc(2, Role::Mages);
    let u = g.leader(1, 1);
    let log = g.run_bare(&["#GAME f01 pw\nRESIGN np2\n#END"]);
    assert!(
        log.events
            .iter()
            .any(|e| matches!(e.what, What::ResignRefused { .. }))
    );
    assert_eq!(g.w.units[u].faction, g.faction(1));
}

#[test]
fn ov_fo_011_advertise_shows_the_factions_units_allegiance() {
    let run = |mail: &[&str]| {
        let mut g = Game::new(1, 2);
        let u = g.leader(1, 1);
        g.w.units[u].name = "Alda".into();
        g.leader(2, 1);
        let log = g.run_bare(mail);
        g.report(&log, 2)
    };
    let plain = run(&[]);
    assert!(plain.contains("Alda [U1], 1 leader"), "{plain}");
    let shown = run(&["#GAME f01 pw\nSETTING ADVERTISE ON\n#END"]);
    assert!(
        shown.contains("Alda [U1] of Faction 1 [f01], 1 leader"),
        "{shown}"
    );
}

#[test]
fn ov_fo_012_announce_lists_the_factions_hidden_units() {
    let run = |mail: &[&str]| {
        let mut g = Game::new(1, 2);
        let u = g.leader(1, 1);
        g.w.units[u].name = "Shade".into();
        g.w.units[u].add_items(item("amsh"), 1, 1);
        g.leader(2, 1);
        let log = g.run_bare(mail);
        g.report(&log, 2)
    };
    assert!(!run(&[]).contains("Shade [U1]"));
    let shown = run(&["#GAME f01 pw\nSETTING ANNOUNCE ON\n#END"]);
    assert!(shown.contains("Shade [U1]"), "{shown}");
    // Presence only: the faction stays hidden.
    assert!(!shown.contains("Shade [U1] of"), "{shown}");
}

#[test]
fn ov_fo_014_silent_leaves_routine_lines_out() {
    // Each faction: U gives coins to V. f1 is SILENT, f2 is not.
    let mut g = Game::new(1, 2);
    for f in 1..=2 {
        let u = g.leader(f, 1);
        g.w.units[u].add_items(item("coin"), 10, 0);
        let v = g.leader(f, 1);
        g.orders(u, &[&format!("GIVE U{} coin 5", v.index() + 1)]);
    }
    let log = g.run_bare(&["#GAME f01 pw\nSETTING SILENT ON\n#END"]);
    assert!(g.w.units[g.w.units.ids().next().unwrap()].settings.silent);
    let quiet = g.report(&log, 1);
    let loud = g.report(&log, 2);
    assert!(loud.contains("gives 5 coins [coin] to"), "{loud}");
    assert!(!quiet.contains("gives 5 coins"), "{quiet}");
    // The rest of the log stays.
    assert!(quiet.contains("worked"), "{quiet}");
    // The coins moved all the same.
    assert_eq!(g.w.units[UnitId::from_index(1)].count(item("coin")), 5);
}

#[test]
fn ov_fo_016_faction_support_pays_upkeep_from_the_funds_first() {
    let run = |mail: &[&str]| {
        let mut g = Game::new(1, 1);
        let f = g.faction(1);
        g.w.factions[f].funds = 100;
        let u = g.leader(1, 1);
        g.w.units[u].add_items(item("coin"), 50, 0);
        g.run(mail);
        (g.w.factions[f].funds, g.w.units[u].count(item("coin")))
    };
    assert_eq!(run(&[]), (100, 30));
    assert_eq!(run(&["#GAME f01 pw\nSETTING SUPPORT ON\n#END"]), (80, 50));
}

#[test]
fn ov_fo_017_terse_is_off_by_default_and_set_for_the_faction() {
    let mut g = Game::new(1, 1);
    let f = g.faction(1);
    let u = g.leader(1, 1);
    assert!(!g.w.factions[f].terse);
    g.run_bare(&[]);
    assert!(!g.w.factions[f].terse);
    let log = g.run_bare(&["#GAME f01 pw\nSETTING TERSE ON\n#END"]);
    assert!(g.w.factions[f].terse);
    assert!(log.events.iter().any(|e| matches!(
        &e.what,
        What::FactionSetting { setting, on: true, .. } if setting == "terse"
    )));
    let _ = u;
    g.run_bare(&["#GAME f01 pw\nSETTING TERSE OFF\n#END"]);
    assert!(!g.w.factions[f].terse);
}

#[test]
fn ov_fo_018_settings_is_setting() {
    let mut g = Game::new(1, 1);
    let f = g.faction(1);
    let u = g.leader(1, 1);
    g.run_bare(&["#GAME f01 pw\nSETTINGS ADVERTISE ON\nUNIT U1\nSETTINGS ANNOUNCE ON\n#END"]);
    assert!(g.w.factions[f].settings.advertise);
    assert!(g.w.units[u].settings.advertise);
    assert!(g.w.units[u].settings.announce);
    assert!(!g.w.factions[f].settings.announce);
}

/// f1 knows swords and combat up to 3rd level from earlier turns; the
/// report of a month with `mail` sent.
fn reshow(mail: &str) -> String {
    let mut g = Game::new(1, 1);
    let f = g.faction(1);
    g.w.factions[f].known = vec![Known::Item(item("swrd"))];
    g.w.factions[f].known_skills = vec![(rules().skill("cmbt").unwrap(), 3)];
    g.leader(1, 1);
    let log = g.run_bare(&[mail]);
    g.report(&log, 1)
}

#[test]
fn ov_fo_021_reshow_tag_reprints_that_description() {
    let none = reshow("#GAME f01 pw\n#END");
    assert!(!none.contains("sword [swrd]:"), "{none}");
    let text = reshow("#GAME f01 pw\nRESHOW swrd\n#END");
    assert!(text.contains("\nsword [swrd]:"), "{text}");
    assert!(!text.contains("combat [cmbt]:"), "{text}");
}

#[test]
fn ov_fo_022_reshow_skill_level_reprints_from_that_level_up() {
    let text = reshow("#GAME f01 pw\nRESHOW cmbt 2\n#END");
    assert!(text.contains("\n2nd combat [cmbt]:"), "{text}");
    assert!(text.contains("\n3rd combat [cmbt]:"), "{text}");
    assert!(!text.contains("\n1st combat [cmbt]:"), "{text}");
    assert!(!text.contains("\n4th combat [cmbt]:"), "{text}");
}

#[test]
fn ov_fo_023_reshow_all_reprints_everything_known() {
    let text = reshow("#GAME f01 pw\nRESHOW ALL\n#END");
    for entry in [
        "\nsword [swrd]:",
        "\n1st combat [cmbt]:",
        "\n2nd combat [cmbt]:",
        "\n3rd combat [cmbt]:",
    ] {
        assert!(text.contains(entry), "{entry}: {text}");
    }
    assert!(!text.contains("\n4th combat [cmbt]:"), "{text}");
}

#[test]
fn ov_fac_001_a_faction_has_name_id_funds_stances_knowledge_and_units() {
    let mut g = Game::new(1, 2);
    let f2 = g.npc(2, Role::Citizens);
    let f1 = g.faction(1);
    let u = g.leader(1, 1);
    {
        let f = &mut g.w.factions[f1];
        f.funds = 250;
        f.set_stance(f2, Stance::Ally);
    }
    let a = &g.w.factions[f1];
    assert_eq!((a.number, a.name.as_str()), (1, "Faction 1"));
    assert_eq!(a.player, Player::Human);
    assert_eq!(a.stance_toward(f2), Stance::Ally);
    assert_eq!(a.default_stance, Stance::Neutral);
    assert!(a.known.is_empty() && a.known_skills.is_empty());
    let b = &g.w.factions[f2];
    assert_eq!(b.player, Player::Npc);
    assert_eq!(b.role, Some(Role::Citizens));
    // Ids are unique and name the faction; the units are the faction's.
    assert_eq!(g.w.faction_by_number(1), Some(f1));
    assert_eq!(g.w.faction_by_number(2), Some(f2));
    let units: Vec<UnitId> = g.w.units_of(f1).map(|(id, _)| id).collect();
    assert_eq!(units, [u]);
    // What it learns is kept with it.
    let log = g.run_bare(&[]);
    let _ = g.report(&log, 1);
    assert_eq!(g.w.factions[f1].funds, 250);
}

#[test]
fn ov_fac_005_the_overlord_makes_allies_and_its_loss_enemies() {
    use umpire_core::dice::Dice;
    use umpire_overlord::turn::Turn;
    use umpire_overlord::turn::orders::titles;
    use umpire_overlord::world::Seat;
    let mut g = Game::new(1, 4);
    let (imp, cit) = (g.npc(1, Role::Imperials), g.npc(2, Role::Citizens));
    let claimant = g.leader(3, 1);
    g.learn(claimant, "cmbt", 5);
    g.w.units[claimant].add_items(item("coin"), 10_000, 0);
    let over = rules().title("over").unwrap();
    let l = g.loc(1);
    g.w.locations[l].titles.push(Seat {
        title: over,
        holder: None,
    });
    let f3 = g.faction(3);
    g.run_bare(&["#GAME f03 pw\nUNIT U1\nCLAIM over\n#END"]);
    assert_eq!(g.w.locations[l].titles[0].holder, Some(claimant));
    assert_eq!(g.w.factions[imp].stance_toward(f3), Stance::Ally);
    assert_eq!(g.w.factions[cit].stance_toward(f3), Stance::Ally);
    // Lost: slain, the title goes to f4's 5th-combat leader.
    let heir = g.leader(4, 1);
    g.learn(heir, "cmbt", 5);
    let mut t = Turn::new(&mut g.w, rules(), Dice::for_turn(1, 2));
    titles::holder_killed(&mut t, claimant, &[heir]);
    drop(t);
    let f4 = g.faction(4);
    for npc in [imp, cit] {
        assert_eq!(g.w.factions[npc].stance_toward(f3), Stance::Enemy);
        assert_eq!(g.w.factions[npc].stance_toward(f4), Stance::Ally);
    }
}

#[test]
fn ov_uo_086_a_silent_unit_leaves_its_giving_out_of_the_report_and_others_keep_theirs() {
    // Two units of one faction give coins; only the one set SILENT in its
    // own orders goes unreported, and it still reports what asks for the
    // player's eye (an order it cannot carry out, kept with why).
    let mut g = Game::new(1, 1);
    let quiet = g.leader(1, 1);
    let loud = g.leader(1, 1);
    let to = g.leader(1, 1);
    for u in [quiet, loud] {
        g.w.units[u].add_items(item("coin"), 10, 0);
    }
    g.orders(
        quiet,
        &[
            "SETTING SILENT ON",
            &format!("GIVE U{} coin 5", to.index() + 1),
            "BUY 5 swrd 500",
        ],
    );
    g.orders(loud, &[&format!("GIVE U{} coin 3", to.index() + 1)]);
    let log = g.run_bare(&[]);
    assert!(g.w.units[quiet].settings.silent);
    assert!(!g.w.units[loud].settings.silent);
    let report = g.report(&log, 1);
    assert!(report.contains("gives 3 coins [coin] to"), "{report}");
    assert!(!report.contains("gives 5 coins"), "{report}");
    assert!(
        report.contains("order `BUY 5 swrd 500` is kept for next month"),
        "{report}"
    );
    assert_eq!(g.w.units[to].count(item("coin")), 8);
}

#[test]
fn ov_rep_008_a_unit_that_joined_shows_only_what_its_new_faction_saw() {
    // U1 of f2 renames itself and swears itself to f1's leader: it joins
    // f1 at the month's end. f1's report shows it as its own, without its
    // month under f2; f2's report keeps that month among its lost units.
    let mut g = Game::new(1, 2);
    let turncoat = g.leader(2, 1);
    let lord = g.leader(1, 1);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f1].set_stance(f2, Stance::Friendly);
    g.orders(
        turncoat,
        &["NAME \"Turncoat\"", &format!("OATH U{}", lord.index() + 1)],
    );
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[turncoat].faction, f1);
    let theirs = g.report(&log, 1);
    let old = g.report(&log, 2);
    assert!(theirs.contains("Turncoat [U1]"), "{theirs}");
    assert!(!theirs.contains("takes a new name"), "{theirs}");
    assert!(old.contains("takes a new name"), "{old}");
}

#[test]
fn ov_fac_003_the_imperials_turn_enemy_on_a_faction_that_attacks_them() {
    let mut g = Game::new(1, 3);
    let imperials = g.npc(1, Role::Imperials);
    let citizens = g.npc(2, Role::Citizens);
    let f3 = g.faction(3);
    for npc in [imperials, citizens] {
        g.w.factions[npc].default_stance = Stance::Friendly;
    }
    let guard = g.leader(1, 1);
    let militia = g.leader(2, 1);
    let a = g.leader(3, 1);
    let b = g.leader(3, 1);
    // f3 attacks the Citizens' man first: the Citizens forgive anything
    // (OV-FAC-006), the Imperials are not concerned.
    g.orders(a, &[&format!("ATTACK U{}", militia.index() + 1)]);
    g.run_bare(&[]);
    assert_eq!(g.w.factions[imperials].stance_toward(f3), Stance::Friendly);
    assert_eq!(g.w.factions[citizens].stance_toward(f3), Stance::Friendly);
    // Then an Imperial: the Empire remembers.
    g.orders(b, &[&format!("ATTACK U{}", guard.index() + 1)]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.factions[imperials].stance_toward(f3), Stance::Enemy);
    assert_eq!(g.w.factions[citizens].stance_toward(f3), Stance::Friendly);
    let report = g.report(&log, 3);
    assert!(
        report.contains("Imperials [f01]'s stance toward Faction 3 [f03] set to enemy"),
        "{report}"
    );
}

#[test]
fn ov_fac_003_pillaging_imperial_land_is_acting_against_the_empire() {
    // The Emperor's sheriff holds L1; thirty armed men of f2 occupy it and
    // pillage it (occupiers may, OV-LAND-007).
    let mut g = Game::new(1, 2);
    let imperials = g.npc(1, Role::Imperials);
    let f2 = g.faction(2);
    g.w.factions[imperials].default_stance = Stance::Friendly;
    let l = g.loc(1);
    g.w.locations[l].population = 1000;
    g.w.locations[l].optimum = 1000;
    let sheriff = g.leader(1, 1);
    g.title(1, "shrf", sheriff);
    g.w.locations[l].ownership.owner = Some(imperials);
    let raiders = g.unit(2, "man", 30, 1);
    g.learn(raiders, "cmbt", 1);
    g.w.units[raiders].add_items(item("swrd"), 30, 30);
    g.orders(raiders, &["PILLAGE"]);
    let log = g.run(&[]);
    assert_eq!(g.w.locations[l].ownership.owner, Some(imperials));
    assert!(
        log.of_unit(raiders)
            .any(|e| matches!(e.what, What::Pillaged { .. })),
        "{:?}",
        kept_why(&log, raiders)
    );
    assert_eq!(g.w.factions[imperials].stance_toward(f2), Stance::Enemy);
}
