//! Working out a Group's fire: the plan (table, band, pool, pips), shared
//! with the odds, and the roll.

use serde::Serialize;

use super::tables::Modifiers;
use super::tables::{
    Cell, DicePips, Effect, FireTables, HorseAgain, HorseResult, Mounted, Table, Unhorsed, Wound,
};
use super::{BigMan, FireQuery, Firers, Physique, Step, Target};
use crate::error::SharpError;
use crate::model::{Arm, Cover, Formation, Weapon};
use crate::roll::Rolls;
use crate::rulings::{RulingId as R, Rulings};

/// What the plan found before any die is rolled.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub steps: Vec<Step>,
    pub table: Table,
    pub cell: Option<Cell>,
    /// Why there is no fire, when out of range.
    pub out_of_range: Option<String>,
    pub pool: u32,
    pub pips: i64,
    /// The Big Man hit die and the rule that chose it.
    pub big_man_die: (u32, &'static str),
}

impl Plan {
    /// Faces (of 6) that hit, after pips.
    pub fn hitting_faces(&self) -> u32 {
        match self.cell.as_ref().and_then(|c| c.hit_on) {
            Some(h) => (1..=6)
                .filter(|f| i64::from(*f) + self.pips >= i64::from(h))
                .count() as u32,
            None => 0,
        }
    }

    fn hits(&self, face: u32) -> bool {
        match self.cell.as_ref().and_then(|c| c.hit_on) {
            Some(h) => i64::from(face) + self.pips >= i64::from(h),
            None => false,
        }
    }
}

fn invalid(msg: impl Into<String>) -> SharpError {
    SharpError::Invalid(msg.into())
}

fn check(q: &FireQuery) -> Result<(), SharpError> {
    let f = &q.firers;
    if !q.range.0.is_finite() || q.range.0 < 0.0 {
        return Err(invalid(format!(
            "a range of {} inches cannot be measured",
            q.range.0
        )));
    }
    if f.weapon == Weapon::None {
        return Err(invalid("unarmed men cannot fire"));
    }
    if f.men == 0 {
        return Err(invalid(if f.weapon.is_artillery() {
            "a gun with 0 men serving it cannot fire".to_string()
        } else {
            "a Group of 0 men cannot fire".to_string()
        }));
    }
    let artillery_arm = matches!(f.arm, Arm::FootArtillery | Arm::HorseArtillery);
    if f.weapon.is_artillery() && !artillery_arm {
        return Err(invalid(format!(
            "a {} is served by artillery (foot-artillery or horse-artillery), not {}",
            f.weapon, f.arm
        )));
    }
    if artillery_arm && !f.weapon.is_artillery() {
        return Err(invalid(format!(
            "{} fire on the artillery table, which has light-gun, heavy-gun, carronade and swivel-gun, not a {}",
            f.arm, f.weapon
        )));
    }
    if f.weapon.is_artillery() && f.formation != Formation::Unformed {
        return Err(invalid(format!(
            "a gun does not stand in {}; give its formation as unformed",
            f.formation
        )));
    }
    if f.formation == Formation::Skirmish && f.arm != Arm::LightInfantry {
        return Err(invalid(format!(
            "only light infantry skirmish (SP-FORM-018), not {}",
            f.arm
        )));
    }
    if f.tap_loaded && f.weapon != Weapon::Rifle {
        return Err(invalid(format!(
            "only rifle-armed troops tap-load (SP-TAP-001), not troops with a {}",
            f.weapon
        )));
    }
    if f.chosen_man {
        if f.arm != Arm::LightInfantry || f.weapon != Weapon::Rifle {
            return Err(invalid(format!(
                "a chosen man is part of a rifle-armed light infantry Group (SP-CM-001), not {} with a {}",
                f.arm, f.weapon
            )));
        }
        if f.tap_loaded {
            return Err(invalid(
                "a chosen man fires his finely milled powder, not a tap-loaded shot",
            ));
        }
    }
    if q.target.enfiladed && q.target.formation != Formation::Line {
        return Err(invalid(format!(
            "only a line is enfiladed (SP-FMOD-009); the target is in {}",
            q.target.formation
        )));
    }
    if q.share_over == 0 {
        return Err(invalid("fire must be at one target or more (share_over 0)"));
    }
    if q.share_over > 1 {
        if !matches!(f.formation, Formation::Line | Formation::Column) || f.chosen_man {
            return Err(invalid(format!(
                "only a Line (or a Column, SP-FORM-008) shares its hits over several targets (SP-FORM-004); {} fire picks one target",
                if f.chosen_man {
                    "a chosen man's".to_string()
                } else {
                    format!("{}", f.formation)
                }
            )));
        }
        if q.share_over > 6 {
            return Err(invalid(format!(
                "{} targets at once is more than a Group's front can face",
                q.share_over
            )));
        }
    }
    Ok(())
}

/// Table, band, pool and pips, every step shown.
pub(crate) fn plan(
    tables: &FireTables,
    rulings: &Rulings,
    q: &FireQuery,
) -> Result<Plan, SharpError> {
    check(q)?;
    let f = &q.firers;
    let mut steps = Vec::new();
    if let Some(s) = formation_fires_by_group(f) {
        steps.push(s);
    }
    let (table, weapon) = choose_table(tables, f, &mut steps);
    let cell = look_up_band(tables, rulings, q, table, weapon, &mut steps)?;
    let big_man_die = big_man_die(tables, f);
    if let Some(reason) = no_fire(tables, q, table, weapon, &cell, &mut steps) {
        return Ok(Plan {
            steps,
            table,
            cell: Some(cell),
            out_of_range: Some(reason),
            pool: 0,
            pips: 0,
            big_man_die,
        });
    }
    // The chosen man: one unmodified die.
    if f.chosen_man {
        steps.push(chosen_man_dice(tables));
        return Ok(Plan {
            steps,
            table,
            cell: Some(cell),
            out_of_range: None,
            pool: tables.chosen_man.dice,
            pips: 0,
            big_man_die,
        });
    }
    let m = &tables.modifiers;
    let mut dice = firers_dice(m, tables, f, &mut steps);
    dice += dice_modifiers(m, f, &mut steps);
    let target_mod = target_modifier(m, rulings, &q.target);
    let mut target_pip = None;
    if let Some(t) = &target_mod {
        let (dice_step, pip_step) = t.steps();
        steps.push(dice_step);
        target_pip = Some(pip_step);
        dice += t.figures.dice;
    }
    let pool = dice_to_roll(tables, rulings, f, &q.target, dice, &mut steps);
    let target_pips = target_mod.map_or(0, |t| t.figures.pips);
    let (pips, pip_steps) = pips_on_each_die(tables, f, target_pips, target_pip);
    steps.extend(pip_steps);
    let mut plan = Plan {
        steps,
        table,
        cell: Some(cell),
        out_of_range: None,
        pool,
        pips,
        big_man_die,
    };
    if pips != 0 {
        let step = faces_that_hit(&plan);
        plan.steps.push(step);
    }
    Ok(plan)
}

/// A Formation's fire is worked Group by Group.
fn formation_fires_by_group(f: &Firers) -> Option<Step> {
    matches!(
        f.formation,
        Formation::Line | Formation::Column | Formation::Square
    )
    .then(|| {
        Step::new(
            "SP-FIRE-001",
            format!(
                "a Formation ({}) fires Group by Group: this is one Group of {} men",
                f.formation, f.men
            ),
            i64::from(f.men),
        )
    })
}

/// The table the firers shoot on, and the weapon they shoot it with.
fn choose_table(tables: &FireTables, f: &Firers, steps: &mut Vec<Step>) -> (Table, Weapon) {
    if f.chosen_man {
        steps.push(Step::new(
            "SP-CM-001",
            "the chosen man of a rifle-armed light infantry Group",
            0,
        ));
        steps.push(Step::new(
            "SP-CM-002",
            format!(
                "called forward by a Big Man for {} initiative",
                tables.chosen_man.initiative
            ),
            i64::from(tables.chosen_man.initiative),
        ));
        (Table::ChosenMan, Weapon::Rifle)
    } else if f.weapon.is_artillery() {
        (Table::Artillery, f.weapon)
    } else if f.tap_loaded {
        steps.push(Step::new(
            "SP-TAP-002",
            "tap-loaded rifles fire as infantry of the line with a musket",
            0,
        ));
        (Table::Line, Weapon::Musket)
    } else if f.formation == Formation::Skirmish {
        steps.push(Step::new(
            "SP-FIRE-003",
            "light infantry skirmishing: the light troops skirmishing table",
            0,
        ));
        (Table::Skirmish, f.weapon)
    } else if f.arm == Arm::LightInfantry {
        steps.push(
            Step::new(
                "SP-FIRE-003",
                format!(
                    "light infantry not skirmishing ({}): the line troops table",
                    f.formation
                ),
                0,
            )
            .by(R::LightNotSkirmishing.name()),
        );
        (Table::Line, f.weapon)
    } else {
        steps.push(Step::new(
            "SP-FIRE-003",
            format!("{} ({}): the line troops table", f.arm, f.formation),
            0,
        ));
        (Table::Line, f.weapon)
    }
}

/// The range's band on the table, and the score that hits there.
fn look_up_band(
    tables: &FireTables,
    rulings: &Rulings,
    q: &FireQuery,
    table: Table,
    weapon: Weapon,
    steps: &mut Vec<Step>,
) -> Result<Cell, SharpError> {
    let upper = rulings.is(R::FireBandEdges, "upper-inclusive");
    let cell = tables.lookup(table, weapon, q.range, upper)?;
    let mut band_step = Step::new(
        "SP-FIRE-004",
        format!("range {}: band {}", q.range, cell.band_label),
        cell.band.map(|b| b as i64 + 1).unwrap_or(0),
    );
    if cell.on_edge {
        band_step = band_step.by(R::FireBandEdges.name());
    }
    steps.push(band_step);
    let mut cell_step = Step::new(
        cell.rule,
        format!(
            "{}, {}, {}: {}",
            table,
            weapon,
            cell.band_label,
            match cell.hit_on {
                Some(_) => format!("hit on {}", cell.hit_label()),
                None => "out of range".to_string(),
            }
        ),
        cell.hit_on.map(i64::from).unwrap_or(0),
    );
    if table == Table::ChosenMan {
        cell_step = cell_step.by(R::ChosenManBands.name());
    }
    steps.push(cell_step);
    Ok(cell)
}

/// The die a Big Man with the target rolls against its kills, and the rule
/// that chose it.
fn big_man_die(tables: &FireTables, f: &Firers) -> (u32, &'static str) {
    if f.tap_loaded {
        (tables.big_men.tap_loaded_die, "SP-TAP-003")
    } else if f.formation == Formation::Skirmish {
        (tables.big_men.skirmish_die, "SP-HIT-005")
    } else {
        (tables.big_men.die, "SP-HIT-004")
    }
}

/// Why the Group cannot fire at this range, if it cannot: beyond its
/// weapon's reach, or beyond short range when low on ammunition.
fn no_fire(
    tables: &FireTables,
    q: &FireQuery,
    table: Table,
    weapon: Weapon,
    cell: &Cell,
    steps: &mut Vec<Step>,
) -> Option<String> {
    if cell.hit_on.is_none() {
        return Some(match cell.band {
            Some(_) => format!("a {weapon} cannot reach {}", cell.band_label),
            None => format!("{} is beyond the {table} table", q.range),
        });
    }
    if !q.firers.low_on_ammunition {
        return None;
    }
    if cell.band != Some(0) {
        steps.push(
            Step::new(
                "SP-RND-011",
                format!(
                    "low on ammunition: short range only ({}), and {} is beyond it",
                    tables.bands(table)[0].label(),
                    q.range
                ),
                0,
            )
            .by(R::ShortRange.name()),
        );
        return Some("low on ammunition, the Group fires at short range only".to_string());
    }
    steps.push(
        Step::new(
            "SP-RND-011",
            "low on ammunition: short range only, and this is short range",
            0,
        )
        .by(R::ShortRange.name()),
    );
    None
}

/// The chosen man's dice: no modifier touches them.
fn chosen_man_dice(tables: &FireTables) -> Step {
    Step::new(
        "SP-CM-003",
        format!(
            "{} die, unmodified: no firing modifier applies (nor cover, smoke or fouled barrels)",
            tables.chosen_man.dice
        ),
        i64::from(tables.chosen_man.dice),
    )
    .by(R::ChosenManDice.name())
}

/// The whole dice the firers bring: a gun's own dice, or one per man
/// firing with their quality's dice per so many men.
fn firers_dice(m: &Modifiers, tables: &FireTables, f: &Firers, steps: &mut Vec<Step>) -> i64 {
    let mut dice: i64 = 0;
    if let Some(gun) = tables.gun(f.weapon) {
        let id = super::tables::fire_id(29 + 6 * gun_index(f.weapon));
        steps.push(Step::new(
            id,
            format!("a {} fires {} dice", f.weapon, gun.dice),
            i64::from(gun.dice),
        ));
        steps.push(
            Step::new(
                "SP-FIRE-053",
                format!(
                    "{} gunners lost, {} serving: a gun rolls its full dice while it has crew",
                    f.gunners_lost, f.men
                ),
                0,
            )
            .by(R::ArtilleryCrew.name()),
        );
        dice += i64::from(gun.dice);
        let id = match f.quality {
            crate::model::Quality::Elite => "SP-FMOD-001",
            crate::model::Quality::Good => "SP-FMOD-002",
            crate::model::Quality::Poor => "SP-FMOD-003",
        };
        steps.push(Step::new(
            id,
            format!(
                "{} crew: a gun's dice are the gun's, not per man firing, so quality adds none",
                f.quality
            ),
            0,
        ));
    } else {
        steps.push(
            Step::new(
                "SP-FIRE-002",
                format!("one D6 per man firing: {} men", f.men),
                i64::from(f.men),
            )
            .by(R::SmallArmsPool.name()),
        );
        dice += i64::from(f.men);
        let (id, pm, per) = match f.quality {
            crate::model::Quality::Elite => ("SP-FMOD-001", m.elite, "four"),
            crate::model::Quality::Good => ("SP-FMOD-002", m.good, "five"),
            crate::model::Quality::Poor => ("SP-FMOD-003", m.poor, "five"),
        };
        let groups = i64::from(f.men / pm.per_men);
        let v = pm.dice * groups;
        steps.push(
            Step::new(
                id,
                format!(
                    "{} troops: {:+}D6 per {per} men firing, whole {per}s only: {} men make {groups}",
                    f.quality, pm.dice, f.men
                ),
                v,
            )
            .by(R::PerMenRounding.name()),
        );
        dice += v;
    }
    dice
}

/// Dice added or taken for the firers' state: first volley, a Big Man's
/// initiative, shock.
fn dice_modifiers(m: &Modifiers, f: &Firers, steps: &mut Vec<Step>) -> i64 {
    let mut dice: i64 = 0;
    if f.first_volley {
        steps.push(
            Step::new(
                "SP-FMOD-004",
                format!("first volley: {:+}D6", m.first_volley),
                m.first_volley,
            )
            .by(R::FirstVolley.name()),
        );
        dice += m.first_volley;
    }
    if let Some(s) = f.initiative {
        let v = m.initiative_per_status * i64::from(s.level());
        steps.push(Step::new(
            "SP-FMOD-005",
            format!(
                "on a status {s} Big Man's initiative: {:+}D6 per status level",
                m.initiative_per_status
            ),
            v,
        ));
        dice += v;
    }
    if f.shock >= m.shock.from {
        let v = m.shock.dice * i64::from(f.shock / m.shock.per_shock);
        steps.push(Step::new(
            "SP-FMOD-007",
            format!(
                "{} shock points: {:+}D6 per {} shock points",
                f.shock, m.shock.dice, m.shock.per_shock
            ),
            v,
        ));
        dice += v;
    }
    dice
}

/// A dense target's dice and pips: a column, a square, an enfiladed line.
struct TargetModifier {
    id: &'static str,
    figures: DicePips,
    text: String,
    ruling: Option<&'static str>,
}

impl TargetModifier {
    /// Its dice step and its pip step.
    fn steps(&self) -> (Step, Step) {
        let (id, dp, text) = (self.id, self.figures, &self.text);
        let mut s = Step::new(id, format!("{text}: {:+}D6", dp.dice), dp.dice);
        let mut p = Step::new(
            id,
            format!("{text}: {:+} pip to each die", dp.pips),
            dp.pips,
        );
        if let Some(r) = self.ruling {
            s = s.by(r);
            p = p.by(r);
        }
        (s, p)
    }
}

/// What the target's formation adds, if anything.
fn target_modifier(m: &Modifiers, rulings: &Rulings, target: &Target) -> Option<TargetModifier> {
    match target.formation {
        Formation::Column => Some(TargetModifier {
            id: "SP-FMOD-008",
            figures: m.column,
            text: "target is a formation in column".to_string(),
            ruling: None,
        }),
        Formation::Square => Some(TargetModifier {
            id: "SP-FMOD-010",
            figures: m.square,
            text: "target is a formation in square, a dense target (SP-FORM-016)".to_string(),
            ruling: None,
        }),
        Formation::Line if target.enfiladed => {
            let as_square = rulings.is(R::Enfilade, "as-square");
            Some(TargetModifier {
                id: "SP-FMOD-009",
                figures: if as_square { m.square } else { m.column },
                text: format!(
                    "target is an enfiladed line, {}",
                    if as_square {
                        "as a square"
                    } else {
                        "as a column"
                    }
                ),
                ruling: Some(R::Enfilade.name()),
            })
        }
        _ => None,
    }
}

/// The dice to roll: the whole dice floored at none, then cover, then smoke.
fn dice_to_roll(
    tables: &FireTables,
    rulings: &Rulings,
    f: &Firers,
    target: &Target,
    dice: i64,
    steps: &mut Vec<Step>,
) -> u32 {
    let floor_text = if dice < 0 {
        format!("whole dice {dice}, floored at 0")
    } else {
        format!("whole dice added and removed first: {dice}")
    };
    let mut pool = dice.max(0) as u32;
    steps.push(Step::new("SP-FMOD-013", floor_text, i64::from(pool)).by(R::FireOrder.name()));

    // Cover, then smoke.
    let m = &tables.modifiers;
    let kept_up = rulings.is(R::CoverRounding, "kept-up");
    let remove = |n: u32, num: u32, den: u32| -> u32 {
        if kept_up {
            n - (n * (den - num)).div_ceil(den)
        } else {
            (n * num).div_ceil(den)
        }
    };
    let rounding = if kept_up {
        "dice kept rounded up"
    } else {
        "dice removed rounded up"
    };
    let cover = match target.cover {
        Cover::None => None,
        Cover::Soft => Some(("SP-FMOD-011", "soft", m.soft_cover_percent)),
        Cover::Hard => Some(("SP-FMOD-012", "hard", m.hard_cover_percent)),
    };
    if let Some((id, name, pct)) = cover {
        let r = remove(pool, pct, 100);
        steps.push(
            Step::new(
                id,
                format!("target in {name} cover: -{pct}% of {pool} dice, {rounding}"),
                -i64::from(r),
            )
            .by(R::CoverRounding.name()),
        );
        pool -= r;
    }
    if f.through_smoke {
        let [num, den] = tables.events.smoke_fraction;
        let r = remove(pool, num, den);
        steps.push(
            Step::new(
                "SP-RND-014",
                format!("firing through smoke: {num}/{den} fewer of {pool} dice, {rounding}"),
                -i64::from(r),
            )
            .by(R::CoverRounding.name()),
        );
        pool -= r;
    }
    steps.push(
        Step::new(
            "SP-FMOD-013",
            format!("dice to roll: {pool}"),
            i64::from(pool),
        )
        .by(R::FireOrder.name()),
    );
    pool
}

/// The pips on each die and their steps, in order: firers in line, the
/// target's formation, fouled barrels.
fn pips_on_each_die(
    tables: &FireTables,
    f: &Firers,
    target_pips: i64,
    target_step: Option<Step>,
) -> (i64, Vec<Step>) {
    let m = &tables.modifiers;
    let mut pips = target_pips;
    let mut pip_steps = Vec::new();
    if f.formation == Formation::Line {
        pips += m.line_pips;
        pip_steps.push(Step::new(
            "SP-FMOD-006",
            format!(
                "firers in line, firing straight ahead (SP-FORM-003): {:+} pip to each die",
                m.line_pips
            ),
            m.line_pips,
        ));
    }
    pip_steps.extend(target_step);
    if f.fouled_barrels {
        pips += tables.events.fouled_pips;
        pip_steps.push(Step::new(
            "SP-RND-015",
            format!(
                "fouled barrels: {:+} to hit on each die",
                tables.events.fouled_pips
            ),
            tables.events.fouled_pips,
        ));
    }
    (pips, pip_steps)
}

/// Which faces hit once the pips are on them, a natural 1 included.
fn faces_that_hit(plan: &Plan) -> Step {
    let pips = plan.pips;
    let faces = plan.hitting_faces();
    let text = if faces == 0 {
        format!("{pips:+} pips on every face, a natural 1 included: no face can hit")
    } else {
        format!(
            "{pips:+} pips on every face, a natural 1 included: faces {} to 6 hit",
            7 - faces
        )
    };
    Step::new("SP-FIRE-054", text, i64::from(faces)).by(R::PipNaturalOne.name())
}

fn gun_index(w: Weapon) -> usize {
    super::tables::GUNS
        .iter()
        .position(|g| *g == w)
        .unwrap_or(0)
}

/// One hit's effects die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EffectRoll {
    /// The die.
    pub die: u32,
    /// What it did.
    pub effect: Effect,
    /// Which target (0: the first named) took it.
    pub target: u32,
}

/// A falling horse and its rider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HorseFall {
    /// The 1D6 of its run.
    pub run_die: u32,
    /// Inches it runs on before it falls (1D6 + 1).
    pub runs_inches: u32,
    /// The rider's die.
    pub rider_die: u32,
    /// What became of him.
    pub rider: Unhorsed,
    /// How far he was thrown (none when trapped).
    pub thrown_inches: Option<u32>,
}

/// One kill on mounted troops: horse or man, and for a horse its fate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HorseCheck {
    /// Which target (0: the first named).
    pub target: u32,
    /// The horse-or-man die.
    pub die: u32,
    /// Horse or man.
    pub hit: Mounted,
    /// The horse table's die and result.
    pub horse: Option<(u32, HorseResult)>,
    /// The roll again's die and result.
    pub again: Option<(u32, HorseAgain)>,
    /// The falling horse.
    pub fall: Option<HorseFall>,
}

/// What became of a Big Man.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BigManOutcome {
    /// Not hit (or no kill left to take).
    NotHit,
    /// Lightly wounded: physique down by one.
    LightlyWounded {
        /// Physique now.
        physique: Physique,
    },
    /// Badly wounded: no further influence.
    BadlyWounded,
    /// Dead.
    Dead,
}

/// One attached Big Man's check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BigManCheck {
    /// His name.
    pub name: String,
    /// The die (10 or 6).
    pub die_sides: u32,
    /// What it showed.
    pub roll: u32,
    /// Men killed in the Group.
    pub kills: u32,
    /// Hit in place of a man.
    pub hit: bool,
    /// The wound die and its reading.
    pub wound: Option<(u32, Wound)>,
    /// The upshot.
    pub outcome: BigManOutcome,
}

/// Which random events table a trigger sends the players to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventTable {
    /// The firing random events (SP-RND-002).
    Firing,
}

/// One target's share of a Line's hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Share {
    /// Hits it takes.
    pub hits: u32,
    /// Shock points.
    pub shock: u32,
    /// Kills (before any go to horses).
    pub kills: u32,
    /// Men killed (kills that did not go to horses).
    pub men_killed: u32,
}

/// A Group's fire, worked and rolled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FireResult {
    /// Every step, naming its checklist item and any ruling.
    pub steps: Vec<Step>,
    /// Out of range: no fire, no dice.
    pub out_of_range: bool,
    /// Why, when out of range.
    pub out_of_range_reason: Option<String>,
    /// The table used.
    pub table: Table,
    /// The band, as headed ("9-18\"").
    pub band: String,
    /// The lowest face that hits (before pips).
    pub hit_on: Option<u32>,
    /// Dice rolled to hit.
    pub pool: u32,
    /// Pips added to every die.
    pub pips: i64,
    /// The to-hit dice as rolled.
    pub to_hit: Vec<u32>,
    /// Hits.
    pub hits: u32,
    /// One effects die per hit.
    pub effects: Vec<EffectRoll>,
    /// Shock points inflicted.
    pub shock: u32,
    /// Kills (effects of 6), before any go to horses.
    pub kills: u32,
    /// Kills on mounted troops: horse or man.
    pub horses: Vec<HorseCheck>,
    /// Kills that went to horses (ruling `horse-kill`: not men killed).
    pub horse_kills: u32,
    /// Men killed (kills not on horses).
    pub men_killed: u32,
    /// Men removed: men killed less the Big Men hit in their place.
    pub men_removed: u32,
    /// The attached Big Men's checks.
    pub big_men: Vec<BigManCheck>,
    /// 1s on the to-hit roll.
    pub ones: u32,
    /// 6s on the to-hit roll.
    pub sixes: u32,
    /// More 1s than 6s: a random event, on this table (not resolved here).
    pub random_event: Option<EventTable>,
    /// The chosen man rolled a 1: out of finely milled powder for the game.
    pub out_of_powder: bool,
    /// The chosen man shot: the rest of his Group does nothing this turn.
    pub group_idle: bool,
    /// A Line's hits over several targets, in the order named.
    pub shares: Vec<Share>,
    /// Tap-loaded fire: whether the Group is still tap-loaded after this
    /// shot (ruling `tap-duration`).
    pub still_tap_loaded: bool,
}

impl FireResult {
    /// The answer in one line.
    pub fn summary(&self) -> String {
        if self.out_of_range {
            return format!(
                "out of range: {}",
                self.out_of_range_reason.clone().unwrap_or_default()
            );
        }
        let mut s = format!(
            "{} dice, {} hits: {} shock, {} kills",
            self.pool, self.hits, self.shock, self.kills
        );
        if self.horse_kills > 0 {
            s.push_str(&format!(" ({} on horses)", self.horse_kills));
        }
        s.push_str(&format!(", {} men removed", self.men_removed));
        for b in &self.big_men {
            if b.hit {
                let what = match b.outcome {
                    BigManOutcome::NotHit => "is not hurt".to_string(),
                    BigManOutcome::LightlyWounded { physique } => {
                        format!("is lightly wounded (physique now {})", physique.level())
                    }
                    BigManOutcome::BadlyWounded => "is badly wounded".to_string(),
                    BigManOutcome::Dead => "is killed".to_string(),
                };
                s.push_str(&format!("; {} {what}", b.name));
            }
        }
        if self.random_event.is_some() {
            s.push_str("; a firing random event is triggered");
        }
        s
    }

    /// The working, line by line.
    pub fn explain(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .steps
            .iter()
            .map(|s| {
                let ruling = s
                    .ruling
                    .map(|r| format!(" [ruling {r}]"))
                    .unwrap_or_default();
                // The figure only where the words do not already say it.
                if s.value != 0 && !s.text.chars().any(|c| c.is_ascii_digit()) {
                    format!("{}: {}: {}{ruling}", s.rule, s.text, s.value)
                } else {
                    format!("{}: {}{ruling}", s.rule, s.text)
                }
            })
            .collect();
        lines.push(self.summary());
        lines
    }

    /// Every ruling that decided something, once each, in order.
    pub fn rulings(&self) -> Vec<&'static str> {
        umpire_core::working::rulings_named(&self.steps)
    }
}

/// Resolve one Group's fire, rolling on `rolls`, every step shown.
pub fn resolve_fire(
    tables: &FireTables,
    rulings: &Rulings,
    query: &FireQuery,
    rolls: &mut Rolls,
) -> Result<FireResult, SharpError> {
    let plan = plan(tables, rulings, query)?;
    let f = &query.firers;
    let mut res = FireResult::unrolled(&plan, f.chosen_man);
    if let Some(reason) = &plan.out_of_range {
        res.steps.push(Step::new(
            "SP-FIRE-004",
            format!("out of range: {reason}"),
            0,
        ));
        return Ok(res);
    }
    roll_to_hit(&plan, rolls, &mut res)?;
    check_random_event(&mut res);
    if f.chosen_man {
        chosen_man_shot(&mut res);
    }
    let share_of_hit = share_hits(query.share_over, &mut res);
    roll_effects(tables, rolls, &share_of_hit, &mut res)?;
    let men_killed_per_target = kills_on_horses(tables, rolls, query, &mut res)?;
    let group_kills = men_killed_per_target.first().copied().unwrap_or(0);
    check_big_men(
        tables,
        rolls,
        plan.big_man_die,
        &query.target.big_men,
        group_kills,
        &mut res,
    )?;
    remove_men(query.target.men, &mut res);
    if f.tap_loaded {
        tap_loading(rulings, &mut res);
    }
    Ok(res)
}

impl FireResult {
    /// The plan's working, before any die is rolled.
    fn unrolled(plan: &Plan, chosen_man: bool) -> FireResult {
        let cell = plan.cell.as_ref();
        FireResult {
            steps: plan.steps.clone(),
            out_of_range: plan.out_of_range.is_some(),
            out_of_range_reason: plan.out_of_range.clone(),
            table: plan.table,
            band: cell.map(|c| c.band_label.clone()).unwrap_or_default(),
            hit_on: cell.and_then(|c| c.hit_on),
            pool: plan.pool,
            pips: plan.pips,
            to_hit: Vec::new(),
            hits: 0,
            effects: Vec::new(),
            shock: 0,
            kills: 0,
            horses: Vec::new(),
            horse_kills: 0,
            men_killed: 0,
            men_removed: 0,
            big_men: Vec::new(),
            ones: 0,
            sixes: 0,
            random_event: None,
            out_of_powder: false,
            group_idle: chosen_man,
            shares: Vec::new(),
            still_tap_loaded: false,
        }
    }
}

/// The to-hit roll and the hits it scores.
fn roll_to_hit(plan: &Plan, rolls: &mut Rolls, res: &mut FireResult) -> Result<(), SharpError> {
    res.to_hit = rolls.dice(plan.pool, 6, "the to-hit roll")?;
    res.hits = res.to_hit.iter().filter(|d| plan.hits(**d)).count() as u32;
    let mut hit_step = Step::new(
        "SP-FIRE-004",
        format!(
            "to-hit roll {:?}{}: {} hits",
            res.to_hit,
            if plan.pips != 0 {
                format!(" ({:+} pips each)", plan.pips)
            } else {
                String::new()
            },
            res.hits
        ),
        i64::from(res.hits),
    );
    if plan.pips != 0 {
        hit_step = hit_step.by(R::PipNaturalOne.name());
    }
    res.steps.push(hit_step);
    Ok(())
}

/// More 1s than 6s on the to-hit roll triggers a firing random event.
fn check_random_event(res: &mut FireResult) {
    res.ones = res.to_hit.iter().filter(|d| **d == 1).count() as u32;
    res.sixes = res.to_hit.iter().filter(|d| **d == 6).count() as u32;
    let triggered = res.ones > res.sixes;
    res.steps.push(
        Step::new(
            "SP-RND-001",
            format!(
                "{} 1s and {} 6s on the to-hit roll: {}",
                res.ones,
                res.sixes,
                if triggered {
                    "more 1s than 6s, a random event is triggered: roll on the grid, then the firing random events table (SP-RND-002)"
                } else {
                    "no random event"
                }
            ),
            i64::from(triggered),
        )
        .by(R::EventUnit.name()),
    );
    if triggered {
        res.random_event = Some(EventTable::Firing);
    }
}

/// After the chosen man's shot: his powder, and his idle Group.
fn chosen_man_shot(res: &mut FireResult) {
    res.out_of_powder = res.to_hit.contains(&1);
    res.steps.push(Step::new(
        "SP-CM-006",
        if res.out_of_powder {
            "he rolled a 1: out of finely milled powder, no further chosen man shots this game"
        } else {
            "no 1 rolled: he keeps his finely milled powder"
        },
        i64::from(res.out_of_powder),
    ));
    res.steps.push(Step::new(
        "SP-CM-005",
        "the rest of his Group does nothing this turn but watch in awe",
        0,
    ));
}

/// The hits shared over `n` targets, the first named taking the remainder:
/// which target each hit falls on.
fn share_hits(n: u32, res: &mut FireResult) -> Vec<u32> {
    let mut share_of_hit = Vec::with_capacity(res.hits as usize);
    if n <= 1 {
        share_of_hit.extend(std::iter::repeat_n(0, res.hits as usize));
        return share_of_hit;
    }
    let base = res.hits / n;
    let extra = res.hits % n;
    for t in 0..n {
        let h = base + u32::from(t < extra);
        res.shares.push(Share {
            hits: h,
            shock: 0,
            kills: 0,
            men_killed: 0,
        });
        share_of_hit.extend(std::iter::repeat_n(t, h as usize));
    }
    res.steps.push(
        Step::new(
            "SP-FORM-004",
            format!(
                "{} hits shared equally over {n} targets, the first named taking the remainder: {:?}",
                res.hits,
                res.shares.iter().map(|s| s.hits).collect::<Vec<_>>()
            ),
            i64::from(n),
        )
        .by(R::LineRemainder.name()),
    );
    share_of_hit
}

/// One effects die per hit: a near miss, a shock point or a kill, counted
/// on the target it fell on.
fn roll_effects(
    tables: &FireTables,
    rolls: &mut Rolls,
    share_of_hit: &[u32],
    res: &mut FireResult,
) -> Result<(), SharpError> {
    if res.hits > 0 {
        res.steps.push(
            Step::new(
                "SP-HIT-001",
                format!(
                    "each hit is rolled again: {} none, {} shock, {} kill",
                    tables.effects.faces_of(Effect::None),
                    tables.effects.faces_of(Effect::Shock),
                    tables.effects.faces_of(Effect::Kill)
                ),
                i64::from(res.hits),
            )
            .by(R::HitsRolledAgain.name()),
        );
    }
    for (i, target) in share_of_hit.iter().enumerate() {
        let die = rolls.die(6, "a hit's effect")?;
        let effect = tables
            .effects
            .get(die)
            .ok_or_else(|| invalid(format!("{die} is not on the effects table")))?;
        let (id, word) = match effect {
            Effect::None => ("SP-HIT-001", "near miss, no effect"),
            Effect::Shock => ("SP-HIT-002", "one shock point"),
            Effect::Kill => ("SP-HIT-003", "one man killed"),
        };
        res.steps.push(Step::new(
            id,
            format!("hit {}: effects die {die}: {word}", i + 1),
            i64::from(die),
        ));
        res.effects.push(EffectRoll {
            die,
            effect,
            target: *target,
        });
        match effect {
            Effect::Shock => res.shock += 1,
            Effect::Kill => res.kills += 1,
            Effect::None => {}
        }
        if let Some(s) = res.shares.get_mut(*target as usize) {
            match effect {
                Effect::Shock => s.shock += 1,
                Effect::Kill => s.kills += 1,
                Effect::None => {}
            }
        }
    }
    res.steps.push(Step::new(
        "SP-HIT-002",
        format!("shock points: {}", res.shock),
        i64::from(res.shock),
    ));
    res.steps.push(Step::new(
        "SP-HIT-003",
        format!("kills: {}", res.kills),
        i64::from(res.kills),
    ));
    Ok(())
}

/// Each kill on mounted troops falls on the horse or the man; the men
/// killed on each target.
fn kills_on_horses(
    tables: &FireTables,
    rolls: &mut Rolls,
    query: &FireQuery,
    res: &mut FireResult,
) -> Result<Vec<u32>, SharpError> {
    let mut men_killed_per_target = vec![0u32; query.share_over as usize];
    let kills: Vec<u32> = res
        .effects
        .iter()
        .filter(|e| e.effect == Effect::Kill)
        .map(|e| e.target)
        .collect();
    for (i, target) in kills.iter().enumerate() {
        if !query.target.mounted {
            men_killed_per_target[*target as usize] += 1;
            continue;
        }
        let check = horse_check(tables, rolls, &mut res.steps, i + 1, *target)?;
        if check.hit == Mounted::Man {
            men_killed_per_target[*target as usize] += 1;
        } else {
            res.horse_kills += 1;
        }
        res.horses.push(check);
    }
    res.men_killed = men_killed_per_target.iter().sum();
    for (s, m) in res.shares.iter_mut().zip(&men_killed_per_target) {
        s.men_killed = *m;
    }
    if query.target.mounted && res.kills > 0 {
        res.steps.push(
            Step::new(
                "SP-HORSE-012",
                format!(
                    "{} kills on horses are not men killed: {} men killed",
                    res.horse_kills, res.men_killed
                ),
                i64::from(res.men_killed),
            )
            .by(R::HorseKill.name()),
        );
    }
    Ok(men_killed_per_target)
}

/// Each Big Man with the Group rolls against its kills; each kill takes at
/// most one of them.
fn check_big_men(
    tables: &FireTables,
    rolls: &mut Rolls,
    big_man_die: (u32, &'static str),
    big_men: &[BigMan],
    group_kills: u32,
    res: &mut FireResult,
) -> Result<(), SharpError> {
    if big_men.is_empty() || group_kills == 0 {
        return Ok(());
    }
    if big_men.len() > 1 {
        res.steps.push(
            Step::new(
                "SP-HIT-015",
                format!(
                    "{} Big Men with the Group: each rolls against the same {group_kills} kills",
                    big_men.len()
                ),
                big_men.len() as i64,
            )
            .by(R::SeveralBigMen.name()),
        );
    }
    let mut kills_left = group_kills;
    for b in big_men {
        let check = big_man_check(
            tables,
            rolls,
            big_man_die,
            b,
            group_kills,
            kills_left > 0,
            &mut res.steps,
        )?;
        if check.hit {
            kills_left -= 1;
        }
        res.big_men.push(check);
    }
    Ok(())
}

/// One Big Man's hit check and, when hit in place of a man, his wound.
fn big_man_check(
    tables: &FireTables,
    rolls: &mut Rolls,
    (sides, rule): (u32, &'static str),
    b: &BigMan,
    group_kills: u32,
    kill_left: bool,
    steps: &mut Vec<Step>,
) -> Result<BigManCheck, SharpError> {
    let roll = rolls.die(sides, "a Big Man's hit check")?;
    let hit = roll <= group_kills && kill_left;
    let why = match rule {
        "SP-HIT-005" => "fired on by light infantry skirmishing",
        "SP-TAP-003" => "tap-loaded fire",
        _ => "the Group took kills",
    };
    steps.push(Step::new(
        rule,
        format!("{}: D{sides} ({why}): {roll}", b.name),
        i64::from(roll),
    ));
    let mut check = BigManCheck {
        name: b.name.clone(),
        die_sides: sides,
        roll,
        kills: group_kills,
        hit,
        wound: None,
        outcome: BigManOutcome::NotHit,
    };
    if !hit {
        steps.push(Step::new(
            "SP-HIT-006",
            if roll <= group_kills {
                format!(
                    "{roll} is within {group_kills} kills, but every kill is already taken by a Big Man: not hit"
                )
            } else {
                format!("{roll} is above {group_kills} kills: not hit")
            },
            0,
        ));
        return Ok(check);
    }
    steps.push(Step::new(
        "SP-HIT-006",
        format!(
            "{roll} is not above {group_kills} kills: {} is hit in place of one of the men",
            b.name
        ),
        1,
    ));
    let wd = rolls.die(6, "a Big Man's wound")?;
    let wound = tables
        .wound
        .get(wd)
        .ok_or_else(|| invalid(format!("{wd} is not on the wound table")))?;
    check.wound = Some((wd, wound));
    steps.push(
        Step::new(
            "SP-HIT-007",
            format!("{}: wound die {wd}: {}", b.name, wound.name()),
            i64::from(wd),
        )
        .by(R::WoundDie.name()),
    );
    check.outcome = wound_outcome(b, wound, steps);
    Ok(check)
}

/// What a wound does to a Big Man, given how he stood before it.
fn wound_outcome(b: &BigMan, wound: Wound, steps: &mut Vec<Step>) -> BigManOutcome {
    if b.badly_wounded {
        steps.push(Step::new(
            "SP-HIT-012",
            format!(
                "{} was already badly wounded: any further wound kills him",
                b.name
            ),
            0,
        ));
        return BigManOutcome::Dead;
    }
    match wound {
        Wound::Light => light_wound(b, steps),
        Wound::Bad => {
            steps.push(Step::new(
                "SP-HIT-011",
                "badly wounded: no further influence on the game",
                0,
            ));
            BigManOutcome::BadlyWounded
        }
        Wound::Dead => {
            steps.push(Step::new(
                "SP-HIT-014",
                "dulce et decorum est pro patria mori: he's a stiff",
                0,
            ));
            BigManOutcome::Dead
        }
    }
}

/// A light wound: physique down one, and a Big Man brought down to Sickly
/// Cove is badly wounded.
fn light_wound(b: &BigMan, steps: &mut Vec<Step>) -> BigManOutcome {
    let after = Physique::from_level(b.physique.level().saturating_sub(1));
    steps.push(Step::new(
        "SP-HIT-008",
        format!("lightly wounded: physique {} down to {}", b.physique, after),
        i64::from(after.level()),
    ));
    if after == Physique::SicklyCove {
        steps.push(
            Step::new("SP-HIT-010", "reduced to Sickly Cove: badly wounded", 0)
                .by(R::Physique.name()),
        );
        steps.push(Step::new(
            "SP-HIT-011",
            "badly wounded: no further influence on the game",
            0,
        ));
        BigManOutcome::BadlyWounded
    } else {
        steps.push(Step::new(
            "SP-HIT-009",
            format!(
                "from now on only 'Grasp the Nettle' cards rated below status {}",
                b.status
            ),
            i64::from(b.status.level()),
        ));
        BigManOutcome::LightlyWounded { physique: after }
    }
}

/// The men removed: the men killed less the Big Men hit in their place, and
/// no more than the Group has.
fn remove_men(men: Option<u32>, res: &mut FireResult) {
    let big_men_hit = res.big_men.iter().filter(|b| b.hit).count() as u32;
    res.men_removed = res.men_killed - big_men_hit;
    // Kills beyond the men the Group has remove no one more.
    if let Some(men) = men
        && res.men_removed > men
    {
        res.steps.push(Step::new(
            "SP-FIRE",
            format!(
                "{} kills, but the Group has only {men} men: all of them are removed",
                res.men_removed
            ),
            i64::from(men),
        ));
        res.men_removed = men;
    }
    if big_men_hit > 0 {
        res.steps.push(Step::new(
            "SP-HIT-006",
            format!(
                "{} men killed, {big_men_hit} of them Big Men: {} men removed",
                res.men_killed, res.men_removed
            ),
            i64::from(res.men_removed),
        ));
    }
}

/// Whether tap-loaded rifles stay tap-loaded after the shot.
fn tap_loading(rulings: &Rulings, res: &mut FireResult) {
    res.still_tap_loaded = rulings.is(R::TapDuration, "until-reload");
    res.steps.push(
        Step::new(
            "SP-TAP-004",
            if res.still_tap_loaded {
                "tap-loaded until a full reload"
            } else {
                "tap-loading was for this shot only"
            },
            i64::from(res.still_tap_loaded),
        )
        .by(R::TapDuration.name()),
    );
}

fn horse_check(
    tables: &FireTables,
    rolls: &mut Rolls,
    steps: &mut Vec<Step>,
    k: usize,
    target: u32,
) -> Result<HorseCheck, SharpError> {
    let bad = |d: u32, t: &str| invalid(format!("{d} is not on the {t} table"));
    let die = rolls.die(6, "horse or man")?;
    let hit = tables.mounted.get(die).ok_or_else(|| bad(die, "mounted"))?;
    let mut check = HorseCheck {
        target,
        die,
        hit,
        horse: None,
        again: None,
        fall: None,
    };
    if hit == Mounted::Man {
        steps.push(Step::new(
            "SP-HORSE-002",
            format!("kill {k} on mounted troops: die {die}: the man is hit, a kill as normal"),
            i64::from(die),
        ));
        return Ok(check);
    }
    steps.push(Step::new(
        "SP-HORSE-001",
        format!("kill {k} on mounted troops: die {die}: the horse is hit"),
        i64::from(die),
    ));
    let hd = rolls.die(6, "the horse table")?;
    let hr = tables.horse.get(hd).ok_or_else(|| bad(hd, "horse"))?;
    check.horse = Some((hd, hr));
    match hr {
        HorseResult::Dead => steps.push(Step::new(
            "SP-HORSE-003",
            format!(
                "horse die {hd}: the beast falls stone dead; the rider is unhurt, now dismounted"
            ),
            i64::from(hd),
        )),
        HorseResult::NoEffect => steps.push(Step::new(
            "SP-HORSE-004",
            format!("horse die {hd}: the beast ignores the wound; no effect"),
            i64::from(hd),
        )),
        HorseResult::RollAgain => {
            steps.push(Step::new(
                "SP-HORSE-005",
                format!("horse die {hd}: roll again"),
                i64::from(hd),
            ));
            let ad = rolls.die(6, "the horse table's roll again")?;
            let again = tables
                .horse_again
                .get(ad)
                .ok_or_else(|| bad(ad, "horse-again"))?;
            check.again = Some((ad, again));
            match again {
                HorseAgain::Bolts => steps.push(
                    Step::new(
                        "SP-HORSE-006",
                        format!("again {ad}: the rider loses control; next turn the horse moves at the gallop (roll the gallop dice) straight on, avoiding anything in its path"),
                        i64::from(ad),
                    )
                    .by(R::Bolting.name()),
                ),
                HorseAgain::Falls => {
                    let run = rolls.die(6, "the falling horse's run")?;
                    let runs = run + tables.horse_falls.falls_after_plus;
                    steps.push(Step::new(
                        "SP-HORSE-007",
                        format!("again {ad}: the horse runs on 1D6+{} = {runs}\" forward and falls dead; the rider is unhorsed", tables.horse_falls.falls_after_plus),
                        i64::from(runs),
                    ));
                    let rd = rolls.die(6, "the unhorsed rider")?;
                    let rider = tables.unhorsed.get(rd).ok_or_else(|| bad(rd, "unhorsed"))?;
                    let thrown = if rider == Unhorsed::Trapped {
                        None
                    } else {
                        let dice = rolls.dice(tables.horse_falls.thrown_dice, 6, "the thrown rider's flight")?;
                        Some(dice.iter().sum::<u32>())
                    };
                    let (id, text) = match rider {
                        Unhorsed::Trapped => ("SP-HORSE-008", "trapped under the lifeless form, until a man of his Group spends an action beside him to free him".to_string()),
                        Unhorsed::KnockedOut => ("SP-HORSE-009", format!("thrown clear {}\" in a random direction, knocked out for the next turn", thrown.unwrap_or(0))),
                        Unhorsed::GetUp => ("SP-HORSE-010", format!("thrown clear {}\" in a random direction, unhurt; must spend an action to get up", thrown.unwrap_or(0))),
                        Unhorsed::OnFeet => ("SP-HORSE-011", format!("thrown clear {}\" in a random direction, lands on his feet ready for action", thrown.unwrap_or(0))),
                    };
                    let mut s = Step::new(id, format!("rider die {rd}: {text}"), i64::from(rd));
                    if rider == Unhorsed::Trapped {
                        s = s.by(R::Trapped.name());
                    }
                    steps.push(s);
                    check.fall = Some(HorseFall {
                        run_die: run,
                        runs_inches: runs,
                        rider_die: rd,
                        rider,
                        thrown_inches: thrown,
                    });
                }
            }
        }
    }
    Ok(check)
}
