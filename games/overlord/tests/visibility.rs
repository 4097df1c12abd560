//! Who sees whom and how factions treat each other: one test per checklist
//! item (OV-FAC-012..029, OV-REP-046..053, OV-GRD-010, OV-UO-078), on small
//! worlds built by hand with the bundled rules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_core::ids::TypedId;
use umpire_overlord::rules::{Movement, Rules, TerrainId, WeatherId};
use umpire_overlord::turn::relations::{
    Entry, accepts_gift, allows_harvest, allows_tax, attacks_on_sight, clear_stance, declared,
    effective, entry, joins_battle_for, stance_shown, stance_toward_unit,
};
use umpire_overlord::turn::visibility::{
    Exposure, Sight, guard_sees, observation, recognizes, see_order, sees, shown_items, stealth,
};
use umpire_overlord::world::{
    Faction, FactionId, Journey, JourneyKind, LocationId, Player, Stance, Unit, UnitId, World,
};

const NONE: Exposure = Exposure {
    guarding: false,
    earning_cash: false,
    harvesting: false,
};

/// Two locations (L1, L2) and two factions: `a` observes, `b` is watched.
struct T {
    w: World,
    r: Rules,
    l1: LocationId,
    l2: LocationId,
    a: FactionId,
    b: FactionId,
}

impl T {
    fn new() -> T {
        let r = Rules::bundled().expect("bundled rules");
        let mut w = World::default();
        let a = w.factions.push(Faction::new(1, "A", Player::Human));
        let b = w.factions.push(Faction::new(2, "B", Player::Human));
        let l1 = w.locations.push(umpire_overlord::world::Location::new(
            1,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        let l2 = w.locations.push(umpire_overlord::world::Location::new(
            2,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        T { w, r, l1, l2, a, b }
    }

    /// A unit of `race` with `figures` figures at `at`.
    fn unit(&mut self, faction: FactionId, race: &str, figures: u32, at: LocationId) -> UnitId {
        let race = self.r.race(race).unwrap();
        let n = u32::try_from(self.w.units.len()).unwrap() + 1;
        let id = self.w.units.push(Unit::new(n, faction, race, figures, at));
        self.w.locations[at].units.push(id);
        id
    }

    fn equip(&mut self, u: UnitId, item: &str, count: u64) {
        let item = self.r.item(item).unwrap();
        self.w.units[u].add_items(item, count, count);
    }

    fn carry(&mut self, u: UnitId, item: &str, count: u64) {
        let item = self.r.item(item).unwrap();
        self.w.units[u].add_items(item, count, 0);
    }

    fn learn(&mut self, u: UnitId, skill: &str, experience: u32) {
        let skill = self.r.skill(skill).unwrap();
        self.w.units[u].learn(skill, experience);
    }

    fn stack(&mut self, child: UnitId, parent: UnitId) {
        self.w.units[child].stack_parent = Some(parent);
    }

    fn travel(&mut self, u: UnitId, to: LocationId, days: u32, elapsed: u32) {
        let from = self.w.units[u].location;
        self.w.units[u].journey = Some(Journey {
            from,
            to,
            mode: Movement::Walk,
            kind: JourneyKind::Move,
            days,
            elapsed,
        });
    }

    /// A hidden B leader (amulet of shadows: stealth 4) at L1.
    fn hidden_b(&mut self) -> UnitId {
        let u = self.unit(self.b, "ldr", 1, self.l1);
        self.equip(u, "amsh", 1);
        u
    }

    fn sees(&self, target: UnitId, exposure: Exposure) -> bool {
        let direct = sees(&self.w, &self.r, self.a, target, exposure);
        let sight = Sight::build(&self.w, &self.r).sees(&self.w, self.a, target, exposure);
        assert_eq!(direct, sight, "Sight disagrees on {target:?}");
        direct
    }

    fn recognizes(&self, target: UnitId, exposure: Exposure) -> bool {
        let direct = recognizes(&self.w, &self.r, self.a, target, exposure);
        let sight = Sight::build(&self.w, &self.r).recognizes(&self.w, self.a, target, exposure);
        assert_eq!(direct, sight, "Sight disagrees on {target:?}");
        direct
    }

    fn set(&mut self, of: FactionId, toward: FactionId, s: Stance) {
        self.w.factions[of].set_stance(toward, s);
    }

    fn default(&mut self, of: FactionId, s: Stance) {
        self.w.factions[of].default_stance = s;
    }
}

// ---- ratings ----

#[test]
fn ratings_add_race_skills_and_items_per_figure() {
    let mut t = T::new();
    let hero = t.unit(t.a, "hero", 1, t.l1);
    assert_eq!(observation(&t.w, &t.r, &t.w.units[hero]), 1);
    t.equip(hero, "rtsi", 2); // two rings of true sight, max 2 per figure
    assert_eq!(observation(&t.w, &t.r, &t.w.units[hero]), 7);
    t.learn(hero, "obse", 6000); // observation level 1
    assert_eq!(observation(&t.w, &t.r, &t.w.units[hero]), 8);
    t.learn(hero, "scou", 18000); // scouting level 3: stealth 1, observation 1
    assert_eq!(observation(&t.w, &t.r, &t.w.units[hero]), 9);
    assert_eq!(stealth(&t.w, &t.r, &t.w.units[hero]), 1);

    let band = t.unit(t.b, "ldr", 2, t.l1);
    // One amulet (+4) for two figures counts in proportion (OV-ITEM-008):
    // +2, as in battle; one among ten would give nothing.
    t.equip(band, "amsh", 1);
    assert_eq!(stealth(&t.w, &t.r, &t.w.units[band]), 2);
    t.equip(band, "amsh", 1);
    assert_eq!(stealth(&t.w, &t.r, &t.w.units[band]), 4);
    t.carry(band, "cclo", 10); // carried, not worn
    assert_eq!(stealth(&t.w, &t.r, &t.w.units[band]), 4);
}

// ---- stances ----

#[test]
fn ov_fac_012_five_stances_from_most_to_least_friendly() {
    assert_eq!(Stance::ALL.len(), 5);
    assert!(Stance::Ally > Stance::Friendly);
    assert!(Stance::Friendly > Stance::Neutral);
    assert!(Stance::Neutral > Stance::Hostile);
    assert!(Stance::Hostile > Stance::Enemy);
}

#[test]
fn ov_fac_013_default_stance_neutral_applies_to_all_unnamed() {
    let mut t = T::new();
    assert_eq!(t.w.factions[t.a].default_stance, Stance::Neutral);
    assert_eq!(declared(&t.w, t.a, t.b), Stance::Neutral);
    t.default(t.a, Stance::Hostile);
    assert_eq!(declared(&t.w, t.a, t.b), Stance::Hostile);
}

#[test]
fn ov_fac_014_explicit_stance_survives_default_change() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Neutral); // same as the default
    t.default(t.a, Stance::Enemy);
    assert_eq!(declared(&t.w, t.a, t.b), Stance::Neutral);
}

#[test]
fn ov_fac_015_cleared_stance_falls_back_to_default() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Ally);
    t.default(t.a, Stance::Hostile);
    let b = t.b;
    assert!(clear_stance(&mut t.w.factions[t.a], b));
    assert_eq!(declared(&t.w, t.a, t.b), Stance::Hostile);
    assert!(!clear_stance(&mut t.w.factions[t.a], b));
}

#[test]
fn ov_fac_016_stances_are_private_except_for_guards() {
    let mut t = T::new();
    t.set(t.b, t.a, Stance::Enemy);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert_eq!(stance_shown(&t.w, t.a, u, NONE), None);
    let guard = Exposure {
        guarding: true,
        ..NONE
    };
    assert_eq!(stance_shown(&t.w, t.a, u, guard), Some(Stance::Enemy));
    // One's own guards show nothing new.
    assert_eq!(stance_shown(&t.w, t.b, u, guard), None);
}

#[test]
fn ov_fac_017_ally_taxes_harvests_and_is_fought_for() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Ally);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert!(allows_tax(&t.w, t.a, u, true));
    assert!(allows_harvest(&t.w, t.a, u, true));
    assert!(joins_battle_for(&t.w, t.a, u, true));
    // Own units are treated as allies.
    let mine = t.unit(t.a, "ldr", 1, t.l1);
    assert_eq!(stance_toward_unit(&t.w, t.a, mine, false), Stance::Ally);
    assert!(joins_battle_for(&t.w, t.a, mine, false));
}

#[test]
fn ov_fac_018_ally_confers_nothing_while_other_hostile() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Ally);
    t.set(t.b, t.a, Stance::Hostile);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert_eq!(effective(&t.w, t.a, t.b), Stance::Neutral);
    assert!(!joins_battle_for(&t.w, t.a, u, true));
    assert!(!allows_tax(&t.w, t.a, u, true));
    t.set(t.b, t.a, Stance::Neutral);
    assert_eq!(effective(&t.w, t.a, t.b), Stance::Ally);
    assert!(joins_battle_for(&t.w, t.a, u, true));
}

#[test]
fn ov_fac_019_friendly_harvests_but_neither_taxes_nor_is_fought_for() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Friendly);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert!(allows_harvest(&t.w, t.a, u, true));
    assert!(!allows_tax(&t.w, t.a, u, true));
    assert!(!joins_battle_for(&t.w, t.a, u, true));
}

#[test]
fn ov_fac_020_gifts_accepted_from_friendly_or_better() {
    let mut t = T::new();
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert!(!accepts_gift(&t.w, t.a, u));
    t.set(t.a, t.b, Stance::Friendly);
    assert!(accepts_gift(&t.w, t.a, u));
    t.set(t.a, t.b, Stance::Ally);
    assert!(accepts_gift(&t.w, t.a, u));
    t.set(t.a, t.b, Stance::Hostile);
    assert!(!accepts_gift(&t.w, t.a, u));
}

#[test]
fn ov_fac_021_friendly_privileges_lapse_while_other_hostile() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Friendly);
    t.set(t.b, t.a, Stance::Enemy);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert_eq!(effective(&t.w, t.a, t.b), Stance::Neutral);
    assert!(!allows_harvest(&t.w, t.a, u, true));
    // The declared stance itself is untouched.
    assert_eq!(declared(&t.w, t.a, t.b), Stance::Friendly);
    // Hostility is never raised by the other side's friendship.
    t.set(t.a, t.b, Stance::Hostile);
    t.set(t.b, t.a, Stance::Ally);
    assert_eq!(effective(&t.w, t.a, t.b), Stance::Hostile);
}

#[test]
fn ov_fac_022_neutral_may_neither_tax_nor_harvest() {
    let mut t = T::new();
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert_eq!(stance_toward_unit(&t.w, t.a, u, true), Stance::Neutral);
    assert!(!allows_harvest(&t.w, t.a, u, true));
    assert!(!allows_tax(&t.w, t.a, u, true));
}

#[test]
fn ov_fac_023_hostile_turned_back_from_owned_land() {
    assert_eq!(
        entry(Stance::Hostile, JourneyKind::Move, true, false),
        Entry::TurnedBack
    );
    assert_eq!(
        entry(Stance::Enemy, JourneyKind::Move, true, true),
        Entry::TurnedBack
    );
    assert_eq!(
        entry(Stance::Hostile, JourneyKind::Retreat, true, true),
        Entry::Allowed
    );
    assert_eq!(
        entry(Stance::Neutral, JourneyKind::Move, true, true),
        Entry::Allowed
    );
}

#[test]
fn ov_fac_024_hostile_march_enters_and_fights_guards() {
    assert_eq!(
        entry(Stance::Hostile, JourneyKind::March, true, false),
        Entry::Allowed
    );
    assert_eq!(
        entry(Stance::Hostile, JourneyKind::March, true, true),
        Entry::Battle
    );
}

#[test]
fn ov_fac_025_enemy_attacked_on_sight() {
    let mut t = T::new();
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert!(!attacks_on_sight(&t.w, t.a, u, true));
    t.set(t.a, t.b, Stance::Hostile);
    assert!(!attacks_on_sight(&t.w, t.a, u, true));
    t.set(t.a, t.b, Stance::Enemy);
    assert!(attacks_on_sight(&t.w, t.a, u, true));
    // Unrecognised, it gets the Neutral default.
    assert!(!attacks_on_sight(&t.w, t.a, u, false));
    // Creatures: default Enemy attacks any unit not known to be a friend.
    t.default(t.a, Stance::Enemy);
    let mine = t.unit(t.a, "ldr", 1, t.l1);
    assert!(!attacks_on_sight(&t.w, t.a, mine, false));
}

#[test]
fn ov_fac_026_unknown_faction_gets_the_default() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Hostile);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert_eq!(stance_toward_unit(&t.w, t.a, u, false), Stance::Neutral);
    assert_eq!(stance_toward_unit(&t.w, t.a, u, true), Stance::Hostile);
}

#[test]
fn ov_fac_027_unknown_giver_may_give_if_its_faction_would_be_accepted() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Friendly);
    // B does not return the friendship: no quiet identification.
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert_eq!(stance_toward_unit(&t.w, t.a, u, false), Stance::Neutral);
    assert!(accepts_gift(&t.w, t.a, u));
}

#[test]
fn ov_fac_028_unknown_unit_harvests_but_neither_taxes_nor_is_fought_for() {
    let mut t = T::new();
    t.default(t.a, Stance::Hostile);
    t.set(t.a, t.b, Stance::Ally);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    assert!(allows_harvest(&t.w, t.a, u, false));
    assert!(!allows_tax(&t.w, t.a, u, false));
    assert!(!joins_battle_for(&t.w, t.a, u, false));
    // Even a faction A holds Hostile harvests while unrecognised.
    t.set(t.a, t.b, Stance::Hostile);
    assert!(allows_harvest(&t.w, t.a, u, false));
    assert!(!allows_harvest(&t.w, t.a, u, true));
}

#[test]
fn ov_fac_029_unknown_unit_identifies_itself_between_friends() {
    let mut t = T::new();
    t.set(t.a, t.b, Stance::Ally);
    let u = t.unit(t.b, "ldr", 1, t.l1);
    // B holds A Neutral: the default applies.
    assert_eq!(stance_toward_unit(&t.w, t.a, u, false), Stance::Neutral);
    t.set(t.b, t.a, Stance::Friendly);
    assert_eq!(stance_toward_unit(&t.w, t.a, u, false), Stance::Ally);
    assert!(allows_tax(&t.w, t.a, u, false));
    assert!(joins_battle_for(&t.w, t.a, u, false));
    // An explicit stance worse than the default is not volunteered.
    t.set(t.a, t.b, Stance::Hostile);
    assert_eq!(stance_toward_unit(&t.w, t.a, u, false), Stance::Neutral);
}

// ---- visibility ----

#[test]
fn ov_rep_046_observation_at_least_stealth_sees() {
    let mut t = T::new();
    let target = t.unit(t.b, "ldr", 1, t.l1);
    t.learn(target, "scou", 18000); // stealth 1
    assert_eq!(stealth(&t.w, &t.r, &t.w.units[target]), 1);
    // No unit of A there: nothing seen.
    assert!(!t.sees(target, NONE));
    let eye = t.unit(t.a, "ldr", 1, t.l1); // observation 0
    assert!(!t.sees(target, NONE));
    t.w.units[eye].race = t.r.race("hero").unwrap(); // observation 1 = stealth
    assert!(t.sees(target, NONE));
    // The best of A's units counts.
    t.unit(t.a, "ldr", 1, t.l1);
    assert!(t.sees(target, NONE));
    // A unit elsewhere does not help.
    let far = t.unit(t.b, "ldr", 1, t.l2);
    assert!(!t.sees(far, NONE));
    // Own units are always seen.
    assert!(t.sees(eye, NONE));
}

#[test]
fn ov_rep_047_announced_exposed_or_directly_stacked_units_seen() {
    let mut t = T::new();
    let target = t.hidden_b();
    // Without any unit of A in the location, not even ANNOUNCE shows it.
    t.w.units[target].settings.announce = true;
    assert!(!t.sees(target, NONE));
    let eye = t.unit(t.a, "ldr", 1, t.l1);
    assert!(t.sees(target, NONE));
    t.w.units[target].settings.announce = false;
    assert!(!t.sees(target, NONE));
    for e in [
        Exposure {
            guarding: true,
            ..NONE
        },
        Exposure {
            earning_cash: true,
            ..NONE
        },
        Exposure {
            harvesting: true,
            ..NONE
        },
    ] {
        assert!(t.sees(target, e), "{e:?}");
    }
    // A's unit directly under the target.
    t.stack(eye, target);
    assert!(t.sees(target, NONE));
    t.w.units[eye].stack_parent = None;
    // The target directly under A's leader.
    t.stack(target, eye);
    assert!(t.sees(target, NONE));
    // Presence is not allegiance.
    assert!(!t.recognizes(target, NONE));
}

#[test]
fn ov_rep_048_indirectly_stacked_stowaway_stays_hidden() {
    let mut t = T::new();
    let leader = t.unit(t.a, "ldr", 1, t.l1);
    let middle = t.unit(t.b, "ldr", 1, t.l1);
    t.equip(middle, "amsh", 1);
    let stowaway = t.hidden_b();
    t.stack(middle, leader);
    t.stack(stowaway, middle);
    assert!(t.sees(middle, NONE));
    assert!(!t.sees(stowaway, NONE));
}

#[test]
fn ov_rep_049_faction_shown_by_advertise_or_observation_three_above() {
    let mut t = T::new();
    let target = t.unit(t.b, "ldr", 1, t.l1); // stealth 0
    let eye = t.unit(t.a, "hero", 1, t.l1); // observation 1
    assert!(t.sees(target, NONE));
    assert!(!t.recognizes(target, NONE));
    t.learn(eye, "obse", 18000); // observation 1 + 2 = 3 = stealth + 3
    assert!(t.recognizes(target, NONE));
    t.w.units[eye].skills.clear();
    // ANNOUNCE shows presence only; ADVERTISE shows the faction.
    t.w.units[target].settings.announce = true;
    assert!(!t.recognizes(target, NONE));
    t.w.units[target].settings.advertise = true;
    assert!(t.recognizes(target, NONE));
    // ADVERTISE shows the faction only to those who see the unit.
    let hidden = t.hidden_b();
    t.w.units[hidden].settings.advertise = true;
    assert!(!t.recognizes(hidden, NONE));
}

#[test]
fn ov_rep_050_guards_show_faction_and_stance() {
    let mut t = T::new();
    t.set(t.b, t.a, Stance::Hostile);
    let guard = t.hidden_b();
    t.unit(t.a, "ldr", 1, t.l1);
    let on_guard = Exposure {
        guarding: true,
        ..NONE
    };
    assert!(!t.recognizes(guard, NONE));
    assert!(t.recognizes(guard, on_guard));
    assert_eq!(
        stance_shown(&t.w, t.a, guard, on_guard),
        Some(Stance::Hostile)
    );
}

#[test]
fn ov_rep_051_race_size_and_weighty_possessions_shown() {
    let mut t = T::new();
    let u = t.unit(t.b, "man", 12, t.l1);
    t.carry(u, "hrse", 3);
    t.carry(u, "swrd", 5);
    let shown: Vec<_> = shown_items(&t.r, t.a, &t.w.units[u])
        .map(|h| (t.r.items[h.item].tag.as_str(), h.count))
        .collect();
    assert_eq!(shown, vec![("hrse", 3), ("swrd", 5)]);
    assert_eq!(t.r.races[t.w.units[u].race].tag, "man");
    assert_eq!(t.w.units[u].figures, 12);
}

#[test]
fn ov_rep_052_weightless_items_never_shown_to_others() {
    let mut t = T::new();
    let u = t.unit(t.b, "ldr", 1, t.l1);
    t.carry(u, "coin", 300);
    t.equip(u, "amsh", 1); // weight 0
    t.carry(u, "swrd", 1);
    let tags = |f: FactionId| -> Vec<String> {
        shown_items(&t.r, f, &t.w.units[u])
            .map(|h| t.r.items[h.item].tag.clone())
            .collect()
    };
    assert_eq!(tags(t.a), vec!["swrd".to_string()]);
    // Own units show everything.
    assert_eq!(tags(t.b).len(), 3);
}

#[test]
fn ov_rep_053_travelling_observers_use_observation_minus_one() {
    let mut t = T::new();
    let target = t.unit(t.b, "ldr", 1, t.l2);
    t.learn(target, "scou", 18000); // stealth 1
    let eye = t.unit(t.a, "hero", 1, t.l1); // observation 1
    // Arriving at L2: seen there from the second half of the journey, at 0.
    t.travel(eye, t.l2, 4, 2);
    assert!(!t.sees(target, NONE));
    // Still in the first half: seen at L1, not at L2 at all.
    t.travel(eye, t.l2, 4, 1);
    assert!(!t.sees(target, NONE));
    // Once arrived, full observation.
    t.w.units[eye].journey = None;
    t.w.locations[t.l1].units.retain(|u| *u != eye);
    t.w.units[eye].location = t.l2;
    t.w.locations[t.l2].units.push(eye);
    assert!(t.sees(target, NONE));
    // A travelling target is seen only where its journey says, and its
    // stack travels with it.
    let mover = t.unit(t.b, "ldr", 1, t.l2);
    let rider = t.unit(t.b, "man", 1, t.l2);
    t.stack(rider, mover);
    // First half: still seen at L2, where A's hero stands.
    t.travel(mover, t.l1, 4, 1);
    assert!(t.sees(mover, NONE));
    assert!(t.sees(rider, NONE));
    // Second half: seen at L1, where A has nobody yet.
    t.travel(mover, t.l1, 4, 2);
    assert!(!t.sees(mover, NONE));
    assert!(!t.sees(rider, NONE));
    t.unit(t.a, "ldr", 1, t.l1);
    assert!(t.sees(mover, NONE));
    assert!(t.sees(rider, NONE));
}

#[test]
fn ov_grd_010_guard_stops_only_units_it_sees() {
    let mut t = T::new();
    let guard = t.unit(t.a, "hero", 1, t.l1);
    let plain = t.unit(t.b, "ldr", 1, t.l1);
    let hidden = t.hidden_b();
    assert!(guard_sees(&t.w, &t.r, guard, plain, NONE));
    assert!(!guard_sees(&t.w, &t.r, guard, hidden, NONE));
    // Unseen, a hostile mover cannot be turned back.
    assert_eq!(
        entry(Stance::Hostile, JourneyKind::Move, false, true),
        Entry::Allowed
    );
    // A fellow unit's sharper eyes serve the guard.
    let scout = t.unit(t.a, "hero", 1, t.l1);
    t.equip(scout, "rtsi", 1);
    assert!(guard_sees(&t.w, &t.r, guard, hidden, NONE));
}

#[test]
fn ov_uo_078_see_needs_visible_unit_in_same_location() {
    let mut t = T::new();
    let me = t.unit(t.a, "hero", 1, t.l1);
    let here = t.unit(t.b, "ldr", 1, t.l1);
    let there = t.unit(t.b, "ldr", 1, t.l2);
    let hidden = t.hidden_b();
    let mine_there = t.unit(t.a, "ldr", 1, t.l2);
    assert!(see_order(&t.w, &t.r, me, here, NONE));
    assert!(!see_order(&t.w, &t.r, me, there, NONE));
    assert!(!see_order(&t.w, &t.r, me, hidden, NONE));
    assert!(!see_order(&t.w, &t.r, me, mine_there, NONE));
    // A faction's units see each other's hidden comrades only nearby.
    let mine_here = t.unit(t.a, "ldr", 1, t.l1);
    t.equip(mine_here, "amsh", 1);
    assert!(see_order(&t.w, &t.r, me, mine_here, NONE));
}
