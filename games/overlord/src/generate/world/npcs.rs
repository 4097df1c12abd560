//! The game's own factions and their units (rules "NPC units",
//! OV-START-013 to 018):
//!
//! * f1 **Imperials**: the Emperor (holder of the Overlord title) with his
//!   guard in the Imperial City, governors holding the imperial cities'
//!   mayoralties, guards in the border cities and patrols across the
//!   heartland, all on GUARD;
//! * f2 **Citizens**: militia on GUARD in colonial cities and villages, and
//!   trainers who TEACH a basic skill;
//! * f3 **Mages**: the Advisor in the Imperial City, the Heads of Guild in
//!   their mage guilds and the five elemental masters in their towers;
//! * f4 **Creatures**: beasts in the wilds, some roaming on CARAVAN routes.
//!
//! Unit figures (sizes, equipment, experience) follow the original
//! engine's sample world.

use umpire_core::Dice;
use umpire_core::ids::TypedId;

use super::kit::{ARCHERS, GUARDS, HEAVY_GUARD, Kit, RANGERS, capitalise};
pub use super::kit::{CITIZENS, CREATURES, IMPERIALS, MAGES};
use super::map::Map;
use super::settlements::{Places, Rank, Settlement, shuffle};
use super::starting_position::{PlayerStart, new_password};
use super::{GenerateError, need};
use crate::rules::Rules;
use crate::world::{Faction, LocationId, Player, Role, Stance, UnitId, World};

/// Create the four NPC factions and their units.
pub fn populate(
    rules: &Rules,
    map: &Map,
    places: &Places,
    dice: &mut Dice,
    world: &mut World,
) -> Result<Vec<PlayerStart>, GenerateError> {
    let sheets = found_factions(dice, world);
    let mut k = Kit::new(rules, world)?;
    let emperor = seat_emperor(&mut k, places)?;
    seat_advisor(&mut k, places, emperor)?;
    for s in places.settlements.iter().skip(1) {
        garrison(&mut k, s)?;
        if s.title
            .is_some_and(|t| rules.titles.get(t).is_some_and(|x| x.tag == "hgld"))
        {
            seat_guildmaster(&mut k, s)?;
        }
        if matches!(s.rank, Rank::Border | Rank::Colonial) {
            place_trainers(&mut k, rules, s, dice)?;
        }
    }
    send_patrols(&mut k, map, places, dice)?;
    seat_elemental_masters(&mut k, rules, places)?;
    release_creatures(&mut k, rules, map, places, dice)?;
    Ok(sheets)
}

/// The four factions, the Empire's three allied against the creatures;
/// their sheets with the passwords drawn.
fn found_factions(dice: &mut Dice, world: &mut World) -> Vec<PlayerStart> {
    let mut sheets = Vec::new();
    for (number, role, default_stance, funds) in [
        (1, Role::Imperials, Stance::Friendly, 30_000),
        (2, Role::Citizens, Stance::Friendly, 5_000),
        (3, Role::Mages, Stance::Neutral, 10_000),
        (4, Role::Creatures, Stance::Enemy, 0),
    ] {
        let name = role.as_str();
        let mut f = Faction::new(number, name, Player::Npc);
        f.role = Some(role);
        f.default_stance = default_stance;
        f.funds = funds;
        if number != 4 {
            // The Empire's three (OV-FAC-011) are allies of one another:
            // attacking one brings in the others.
            f.stances = [IMPERIALS, CITIZENS, MAGES]
                .into_iter()
                .filter(|&g| g.index() + 1 != number as usize)
                .map(|g| (g, Stance::Ally))
                .chain([(CREATURES, Stance::Enemy)])
                .collect();
        }
        let (password, hash) = new_password(dice, number);
        f.password_hash = hash;
        world.factions.push(f);
        sheets.push(PlayerStart::npc(number, name, password));
    }
    sheets
}

/// The Emperor and his household guard in the capital; the Emperor.
fn seat_emperor(k: &mut Kit<'_>, places: &Places) -> Result<UnitId, GenerateError> {
    let capital = places.capital();
    let emperor = k.unit(IMPERIALS, k.hero, 1, capital.location, "The Emperor");
    k.coin(emperor, 10_000);
    for tag in ["aswd", "aplt", "hcom", "ashd", "amli", "rmig", "rdom"] {
        k.equip(emperor, tag, 1)?;
    }
    for (s, xp) in [
        ("cmbt", 45_000),
        ("blde", 9_000),
        ("parr", 9_000),
        ("mane", 4_500),
        ("mage", 3_000),
    ] {
        k.learn(emperor, s, xp)?;
    }
    k.hold(capital.location, emperor);
    let guard = k.troop(
        IMPERIALS,
        capital.location,
        &format!("Guards of {}", capital.name),
        60,
        &HEAVY_GUARD,
    )?;
    k.stack(guard, emperor);
    let archers = k.troop(
        IMPERIALS,
        capital.location,
        &format!("{} Archers", capital.name),
        60,
        &ARCHERS,
    )?;
    k.stack(archers, emperor);
    Ok(emperor)
}

/// The Advisor: a master of every element, who keeps trying to teach
/// the Overlord title holder magecraft (OV-START-014): his TEACH names
/// the Emperor, and waits, kept, while the Emperor studies nothing.
fn seat_advisor(k: &mut Kit<'_>, places: &Places, emperor: UnitId) -> Result<(), GenerateError> {
    let capital = places.capital();
    let advisor = k.unit(MAGES, k.arch_mage, 1, capital.location, "The Advisor");
    for s in ["mage", "airs", "eart", "fire", "void", "wate"] {
        let xp = k.level_xp(s, 4)?;
        k.learn(advisor, s, xp)?;
    }
    let pupil = k.world.units[emperor].number;
    k.order(advisor, &format!("@TEACH U{pupil} mage"));
    Ok(())
}

/// The troops of a settlement by its rank: an imperial city's governor
/// with guards and rangers, the border cities' imperial troops, the
/// colonies' and villages' militia.
fn garrison(k: &mut Kit<'_>, s: &Settlement) -> Result<(), GenerateError> {
    match s.rank {
        Rank::Imperial => {
            let gov = k.unit(
                IMPERIALS,
                k.leader,
                1,
                s.location,
                &format!("Governor of {}", s.name),
            );
            k.coin(gov, 500);
            for tag in ["cbow", "leat", "coif"] {
                k.equip(gov, tag, 1)?;
            }
            k.learn(gov, "cmbt", 18_000)?;
            k.learn(gov, "arch", 9_000)?;
            k.learn(gov, "mane", 1_500)?;
            k.hold(s.location, gov);
            let g = k.troop(
                IMPERIALS,
                s.location,
                &format!("{} Guards", s.name),
                40,
                &GUARDS,
            )?;
            k.stack(g, gov);
            let r = k.troop(
                IMPERIALS,
                s.location,
                &format!("{} Rangers", s.name),
                30,
                &RANGERS,
            )?;
            k.stack(r, gov);
        }
        Rank::Border => {
            k.troop(
                IMPERIALS,
                s.location,
                &format!("{} Guards", s.name),
                40,
                &GUARDS,
            )?;
            k.troop(
                IMPERIALS,
                s.location,
                &format!("{} Rangers", s.name),
                30,
                &RANGERS,
            )?;
        }
        Rank::Colonial => {
            k.troop(
                CITIZENS,
                s.location,
                &format!("{} Militia", s.name),
                50,
                &GUARDS,
            )?;
            k.troop(
                CITIZENS,
                s.location,
                &format!("{} Rangers", s.name),
                50,
                &RANGERS,
            )?;
        }
        Rank::Village => {
            k.troop(
                CITIZENS,
                s.location,
                &format!("{} Militia", s.name),
                20,
                &GUARDS,
            )?;
        }
        Rank::Capital => {}
    }
    Ok(())
}

/// A mage guild's Head, teaching magecraft in the guild hall.
fn seat_guildmaster(k: &mut Kit<'_>, s: &Settlement) -> Result<(), GenerateError> {
    let master = k.unit(
        MAGES,
        k.leader,
        1,
        s.location,
        &format!("Guildmaster of {}", s.name),
    );
    let xp = k.level_xp("mage", 3)?;
    k.learn(master, "mage", xp)?;
    k.enter(master, s.seat_building);
    k.order(master, "@TEACH mage");
    k.hold(s.location, master);
    Ok(())
}

/// One or two Citizens trainers who each TEACH a basic skill.
fn place_trainers(
    k: &mut Kit<'_>,
    rules: &Rules,
    s: &Settlement,
    dice: &mut Dice,
) -> Result<(), GenerateError> {
    let trainers = 1 + dice.below(2);
    for _ in 0..trainers {
        let skill = k.teachable[dice.below(k.teachable.len() as u32) as usize];
        let name = rules.skills.get(skill).map_or("", |x| x.name.as_str());
        let t = k.unit(
            CITIZENS,
            k.leader,
            1,
            s.location,
            &format!("{} trainer", capitalise(name)),
        );
        let tag = rules
            .skills
            .get(skill)
            .map_or("", |x| x.tag.as_str())
            .to_string();
        let xp = k.level_xp(&tag, 3)?;
        k.learn(t, &tag, xp)?;
        k.order(t, &format!("@TEACH {tag}"));
        k.world.units[t].settings.advertise = true;
    }
    Ok(())
}

/// Patrols across the heartland.
fn send_patrols(
    k: &mut Kit<'_>,
    map: &Map,
    places: &Places,
    dice: &mut Dice,
) -> Result<(), GenerateError> {
    for &i in &map.land {
        if places.imperial[i] && places.to_settlement[i] > 0 && dice.chance_percent(60) {
            let at = LocationId::from_index(i);
            let name = k.world.locations[at].name.clone();
            k.troop(IMPERIALS, at, &format!("{name} Patrol"), 30, &RANGERS)?;
            k.troop(IMPERIALS, at, &format!("{name} Watch"), 40, &GUARDS)?;
        }
    }
    Ok(())
}

/// The elemental masters in their towers.
fn seat_elemental_masters(
    k: &mut Kit<'_>,
    rules: &Rules,
    places: &Places,
) -> Result<(), GenerateError> {
    for tower in &places.towers {
        let loc = LocationId::from_index(tower.hex);
        let element = rules.skills.get(tower.element);
        let (tag, ename) = element.map_or(("", ""), |s| (s.tag.as_str(), s.name.as_str()));
        let title = rules
            .titles
            .get(tower.title)
            .map_or("Master", |t| t.name.as_str());
        let m = k.unit(MAGES, k.arch_mage, 1, loc, title);
        let xp = k.level_xp(tag, 4)?;
        k.learn(m, tag, xp)?;
        let mage = k.level_xp("mage", 2)?;
        k.learn(m, "mage", mage)?;
        k.enter(m, Some(tower.structure));
        k.order(m, &format!("@TEACH {tag}"));
        k.world.units[m].description = format!("Keeper of the {ename}.");
        k.hold(loc, m);
    }
    Ok(())
}

/// Creatures in the wilds, away from settlements, by terrain; some roam
/// on CARAVAN routes.
fn release_creatures(
    k: &mut Kit<'_>,
    rules: &Rules,
    map: &Map,
    places: &Places,
    dice: &mut Dice,
) -> Result<(), GenerateError> {
    for &i in &map.land {
        if places.to_settlement[i] < 3 || places.imperial[i] || !dice.chance_percent(8) {
            continue;
        }
        let terrain = rules
            .terrains
            .get(map.terrain[i])
            .map_or("", |t| t.tag.as_str());
        let (race, low, high) = match terrain {
            "fore" | "tund" => ("gwol", 4, 8),
            "hill" => ("puma", 3, 6),
            "plai" if dice.chance_percent(30) => ("elep", 2, 4),
            "plai" => ("lion", 2, 5),
            "swmp" | "dese" => ("snak", 1, 5),
            "moun" if dice.chance_percent(20) => ("wurm", 1, 1),
            "moun" => ("gorg", 1, 2),
            _ => continue,
        };
        let race_id = need(rules.race(race), "race", race)?;
        let figures = low + dice.below(high - low + 1);
        let plural = rules
            .races
            .get(race_id)
            .map_or(race.to_string(), |r| capitalise(&r.plural));
        let at = LocationId::from_index(i);
        let u = k.unit(CREATURES, race_id, figures, at, &plural);
        if dice.chance_percent(40) {
            let mut route = vec![i];
            let mut next: Vec<usize> = map
                .neighbours(i)
                .map(|(_, j)| j)
                .filter(|&j| map.is_land(j) && places.to_settlement[j] >= 2)
                .collect();
            shuffle(&mut next, dice);
            route.extend(next.into_iter().take(1 + dice.below(3) as usize));
            if route.len() > 1 {
                let stops: Vec<String> = route.iter().map(|&j| format!("L{}", j + 1)).collect();
                k.order(u, &format!("@CARAVAN {}", stops.join(" ")));
            }
        }
    }
    Ok(())
}
