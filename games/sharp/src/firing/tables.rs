//! The firing tables, loaded from `data/firing.toml` and validated: the
//! line-troops and skirmish small-arms tables, the artillery table, the
//! chosen man's hit numbers, the modifiers' figures, and the die tables
//! for hits, Big Men, wounds and horses. Every check names the file and
//! the entry.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::SharpError;
use crate::model::{Band, Inches, Weapon};

const FILE: &str = "data/firing.toml";

/// The built-in firing tables text.
pub const FIRING_TOML: &str = include_str!("../../data/firing.toml");

/// The small arms of the line and skirmish tables, in the sheet's order.
pub const SMALL_ARMS: [Weapon; 3] = [Weapon::Musket, Weapon::Rifle, Weapon::Carbine];

/// The guns of the artillery table, in the sheet's order.
pub const GUNS: [Weapon; 4] = [
    Weapon::LightGun,
    Weapon::HeavyGun,
    Weapon::Carronade,
    Weapon::SwivelGun,
];

/// The checklist ids SP-FIRE-000..054 (index = number; 0 unused).
const FIRE_IDS: [&str; 55] = [
    "SP-FIRE-000",
    "SP-FIRE-001",
    "SP-FIRE-002",
    "SP-FIRE-003",
    "SP-FIRE-004",
    "SP-FIRE-005",
    "SP-FIRE-006",
    "SP-FIRE-007",
    "SP-FIRE-008",
    "SP-FIRE-009",
    "SP-FIRE-010",
    "SP-FIRE-011",
    "SP-FIRE-012",
    "SP-FIRE-013",
    "SP-FIRE-014",
    "SP-FIRE-015",
    "SP-FIRE-016",
    "SP-FIRE-017",
    "SP-FIRE-018",
    "SP-FIRE-019",
    "SP-FIRE-020",
    "SP-FIRE-021",
    "SP-FIRE-022",
    "SP-FIRE-023",
    "SP-FIRE-024",
    "SP-FIRE-025",
    "SP-FIRE-026",
    "SP-FIRE-027",
    "SP-FIRE-028",
    "SP-FIRE-029",
    "SP-FIRE-030",
    "SP-FIRE-031",
    "SP-FIRE-032",
    "SP-FIRE-033",
    "SP-FIRE-034",
    "SP-FIRE-035",
    "SP-FIRE-036",
    "SP-FIRE-037",
    "SP-FIRE-038",
    "SP-FIRE-039",
    "SP-FIRE-040",
    "SP-FIRE-041",
    "SP-FIRE-042",
    "SP-FIRE-043",
    "SP-FIRE-044",
    "SP-FIRE-045",
    "SP-FIRE-046",
    "SP-FIRE-047",
    "SP-FIRE-048",
    "SP-FIRE-049",
    "SP-FIRE-050",
    "SP-FIRE-051",
    "SP-FIRE-052",
    "SP-FIRE-053",
    "SP-FIRE-054",
];

/// The checklist id `SP-FIRE-nnn`.
pub(crate) fn fire_id(n: usize) -> &'static str {
    FIRE_IDS.get(n).copied().unwrap_or("SP-FIRE-004")
}

/// Which table a shot is read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Table {
    /// Line troops (SP-FIRE-005..016).
    Line,
    /// Light troops skirmishing (SP-FIRE-017..028).
    Skirmish,
    /// Artillery (SP-FIRE-029..052).
    Artillery,
    /// A chosen man's own hit numbers (SP-CM-004).
    ChosenMan,
}

impl Table {
    /// As the sheet heads it.
    pub fn name(self) -> &'static str {
        match self {
            Table::Line => "line troops",
            Table::Skirmish => "light troops skirmishing",
            Table::Artillery => "artillery",
            Table::ChosenMan => "chosen man",
        }
    }
}

impl std::fmt::Display for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! face_results {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every result.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// As the data file writes it.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }
        }

        impl FaceResult for $name {
            fn all() -> &'static [Self] {
                $name::ALL
            }
            fn word(self) -> &'static str {
                self.name()
            }
        }
    };
}

/// A result a die table gives.
pub trait FaceResult: Copy + 'static {
    /// Every result.
    fn all() -> &'static [Self];
    /// Its word in the data file.
    fn word(self) -> &'static str;
}

face_results! {
    /// Effect of a hit (SP-HIT-001..003).
    Effect {
        /// Near miss, no effect.
        None = "none",
        /// One shock point.
        Shock = "shock",
        /// One man killed.
        Kill = "kill",
    }
}

face_results! {
    /// A hit Big Man's wound (SP-HIT-007).
    Wound {
        /// Lightly wounded: physique down by one.
        Light = "light",
        /// Badly wounded: no further influence.
        Bad = "bad",
        /// "Dulce et decorum est pro patria mori: he's a stiff."
        Dead = "dead",
    }
}

face_results! {
    /// Who a kill on mounted troops hits (SP-HORSE-001, 002).
    Mounted {
        /// The horse: roll on the horse table.
        Horse = "horse",
        /// The man: a kill as normal.
        Man = "man",
    }
}

face_results! {
    /// The horse table (SP-HORSE-003..005).
    HorseResult {
        /// The beast falls stone dead; the rider is unhurt and dismounted.
        Dead = "dead",
        /// The beast ignores the wound.
        NoEffect = "no-effect",
        /// Roll again.
        RollAgain = "roll-again",
    }
}

face_results! {
    /// The horse table's second roll (SP-HORSE-006, 007).
    HorseAgain {
        /// The rider loses control; the horse bolts next turn.
        Bolts = "bolts",
        /// The horse runs on 1D6+1" and falls dead; the rider is unhorsed.
        Falls = "falls",
    }
}

face_results! {
    /// The unhorsed rider (SP-HORSE-008..011).
    Unhorsed {
        /// Trapped under the lifeless form.
        Trapped = "trapped",
        /// Thrown clear 1D6" and knocked out for the next turn.
        KnockedOut = "knocked-out",
        /// Thrown clear 1D6"; must spend an action to get up.
        GetUp = "get-up",
        /// Thrown clear 1D6"; lands on his feet ready for action.
        OnFeet = "on-feet",
    }
}

/// A die table: each face's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaceTable<T> {
    faces: Vec<T>,
}

impl<T: FaceResult> FaceTable<T> {
    /// The die's sides.
    pub fn sides(&self) -> u32 {
        self.faces.len() as u32
    }

    /// The result of `face` (1-based); `None` off the die.
    pub fn get(&self, face: u32) -> Option<T> {
        (face >= 1).then(|| self.faces.get(face as usize - 1).copied())?
    }

    /// How many faces give `result`.
    pub fn count(&self, result: T) -> u32
    where
        T: PartialEq,
    {
        self.faces.iter().filter(|r| **r == result).count() as u32
    }

    /// The faces giving `result`, as the sheet prints them ("3-5").
    pub fn faces_of(&self, result: T) -> String
    where
        T: PartialEq,
    {
        let faces: Vec<u32> = (1..=self.sides())
            .filter(|f| self.get(*f) == Some(result))
            .collect();
        match (faces.first(), faces.last()) {
            (Some(a), Some(b)) if a == b => format!("{a}"),
            (Some(a), Some(b)) => format!("{a}-{b}"),
            _ => "-".to_string(),
        }
    }
}

/// A small-arms table: bands, and per weapon the lowest face that hits in
/// each band (`None`: out of range).
#[derive(Debug, Clone, PartialEq)]
pub struct SmallArmsTable {
    /// The range bands.
    pub bands: Vec<Band>,
    /// Musket, Baker rifle, carbine (the order of [`SMALL_ARMS`]).
    pub rows: Vec<Vec<Option<u32>>>,
}

/// One gun of the artillery table.
#[derive(Debug, Clone, PartialEq)]
pub struct Gun {
    /// Dice it fires.
    pub dice: u32,
    /// Lowest face that hits, per band.
    pub hits: Vec<Option<u32>>,
}

/// The artillery table.
#[derive(Debug, Clone, PartialEq)]
pub struct ArtilleryTable {
    /// The range bands; the last is open-ended.
    pub bands: Vec<Band>,
    /// Light gun, heavy gun, carronade, swivel gun (the order of [`GUNS`]).
    pub guns: Vec<Gun>,
}

/// The chosen man's hit numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct ChosenManTable {
    /// Dice he rolls.
    pub dice: u32,
    /// Initiative it costs to call him forward.
    pub initiative: u32,
    /// The range bands.
    pub bands: Vec<Band>,
    /// Lowest face that hits, per band.
    pub hits: Vec<Option<u32>>,
}

/// "+1D6 per four men firing" and the like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerMen {
    /// Dice added (negative: removed) per whole group of men.
    pub dice: i64,
    /// Men in a group.
    pub per_men: u32,
}

/// "-1D6 per two shock points" for firers with two or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerShock {
    /// Dice per group of shock points (negative).
    pub dice: i64,
    /// Shock points in a group.
    pub per_shock: u32,
    /// The least shock that counts.
    pub from: u32,
}

/// A target modifier: dice and pips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DicePips {
    /// Dice added.
    pub dice: i64,
    /// Pips added to every die.
    pub pips: i64,
}

/// The modifiers' figures (SP-FMOD).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Modifiers {
    /// Elite: +1D6 per four men.
    pub elite: PerMen,
    /// Good: +1D6 per five men.
    pub good: PerMen,
    /// Poor: -1D6 per five men.
    pub poor: PerMen,
    /// First volley: +2D6.
    pub first_volley: i64,
    /// On a Big Man's initiative: +1D6 per status level.
    pub initiative_per_status: i64,
    /// Firers in line: +1 pip.
    pub line_pips: i64,
    /// Firers' shock.
    pub shock: PerShock,
    /// Target in column: +1D6 +1 pip.
    pub column: DicePips,
    /// Target in square: +2D6 +1 pip.
    pub square: DicePips,
    /// Soft cover: -50% of the dice.
    pub soft_cover_percent: u32,
    /// Hard cover: -75% of the dice.
    pub hard_cover_percent: u32,
}

/// The firing random events that change later fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EventFigures {
    /// Smoke: this fraction fewer dice (numerator, denominator).
    pub smoke_fraction: [u32; 2],
    /// Fouled barrels: pips to hit.
    pub fouled_pips: i64,
}

/// The dice for hits on Big Men.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BigManDice {
    /// Normally a D10.
    pub die: u32,
    /// Shot at by light infantry skirmishing: a D6.
    pub skirmish_die: u32,
    /// Tap-loaded fire: a D10 still.
    pub tap_loaded_die: u32,
}

/// The falling horse's run and the thrown rider's flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HorseFalls {
    /// 1D6 + this many inches.
    pub falls_after_plus: u32,
    /// The rider is thrown this many D6 inches.
    pub thrown_dice: u32,
}

/// Every firing table, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct FireTables {
    /// Line troops.
    pub line: SmallArmsTable,
    /// Light troops skirmishing.
    pub skirmish: SmallArmsTable,
    /// Artillery.
    pub artillery: ArtilleryTable,
    /// The chosen man.
    pub chosen_man: ChosenManTable,
    /// The modifiers.
    pub modifiers: Modifiers,
    /// Smoke and fouled barrels.
    pub events: EventFigures,
    /// One D6 per hit.
    pub effects: FaceTable<Effect>,
    /// Dice for hits on Big Men.
    pub big_men: BigManDice,
    /// The wound table.
    pub wound: FaceTable<Wound>,
    /// Horse or man.
    pub mounted: FaceTable<Mounted>,
    /// The horse table.
    pub horse: FaceTable<HorseResult>,
    /// Its roll again.
    pub horse_again: FaceTable<HorseAgain>,
    /// The falling horse.
    pub horse_falls: HorseFalls,
    /// The unhorsed rider.
    pub unhorsed: FaceTable<Unhorsed>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawTables {
    line: RawSmallArms,
    skirmish: RawSmallArms,
    artillery: RawArtillery,
    chosen_man: RawChosenMan,
    modifiers: Modifiers,
    events: EventFigures,
    effects: BTreeMap<String, String>,
    big_men: BigManDice,
    wound: BTreeMap<String, String>,
    mounted: BTreeMap<String, String>,
    horse: BTreeMap<String, String>,
    horse_again: BTreeMap<String, String>,
    horse_falls: HorseFalls,
    unhorsed: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSmallArms {
    bands: Vec<String>,
    hits: BTreeMap<String, Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArtillery {
    bands: Vec<String>,
    guns: BTreeMap<String, RawGun>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGun {
    dice: u32,
    hits: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChosenMan {
    dice: u32,
    initiative: u32,
    bands: Vec<String>,
    hits: Vec<String>,
}

fn data_err(entry: impl Into<String>, message: impl Into<String>) -> SharpError {
    SharpError::Data {
        file: FILE.to_string(),
        entry: entry.into(),
        message: message.into(),
    }
}

/// "0-9" or "36+": contiguous from 0, only the last open-ended.
fn bands(entry: &str, texts: &[String]) -> Result<Vec<Band>, SharpError> {
    if texts.is_empty() {
        return Err(data_err(entry, "a table needs at least one band"));
    }
    let mut out = Vec::new();
    let mut next = 0.0;
    for (i, t) in texts.iter().enumerate() {
        let e = format!("{entry}[{i}]");
        let num = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| {
                    data_err(
                        &e,
                        format!("`{t}` is not a band such as `0-9` or `36+` (inches)"),
                    )
                })
        };
        let band = if let Some(from) = t.strip_suffix('+') {
            if i + 1 != texts.len() {
                return Err(data_err(
                    &e,
                    format!("only the last band may be open (`{t}`)"),
                ));
            }
            Band {
                from: num(from)?,
                to: None,
            }
        } else {
            let (a, b) = t.split_once('-').ok_or_else(|| {
                data_err(
                    &e,
                    format!("`{t}` is not a band such as `0-9` or `36+` (inches)"),
                )
            })?;
            let (from, to) = (num(a)?, num(b)?);
            if to <= from {
                return Err(data_err(&e, format!("`{t}` ends before it starts")));
            }
            Band { from, to: Some(to) }
        };
        if band.from != next {
            return Err(data_err(
                &e,
                format!("`{t}` should start at {next}\" where the band before ends"),
            ));
        }
        next = band.to.unwrap_or(f64::INFINITY);
        out.push(band);
    }
    Ok(out)
}

/// "5-6" → 5, "6" → 6, "-" → out of range. A hit range always runs up to 6.
fn hit(entry: &str, text: &str) -> Result<Option<u32>, SharpError> {
    let t = text.trim();
    if t == "-" {
        return Ok(None);
    }
    let bad = || {
        data_err(
            entry,
            format!("`{t}` is not a hit number such as `5-6`, `6` or `-`"),
        )
    };
    let face = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|f| (1..=6).contains(f))
            .ok_or_else(bad)
    };
    let (lo, hi) = match t.split_once('-') {
        Some((a, b)) => (face(a)?, face(b)?),
        None => (face(t)?, face(t)?),
    };
    if hi != 6 || lo > hi {
        return Err(data_err(
            entry,
            format!("`{t}`: a hit number runs from the lowest face that hits up to 6"),
        ));
    }
    Ok(Some(lo))
}

fn hit_row(entry: &str, texts: &[String], bands: usize) -> Result<Vec<Option<u32>>, SharpError> {
    if texts.len() != bands {
        return Err(data_err(
            entry,
            format!(
                "{} hit numbers for {bands} bands; give one per band",
                texts.len()
            ),
        ));
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| hit(&format!("{entry}[{i}]"), t))
        .collect()
}

fn weapon_name(entry: &str, name: &str, allowed: &[Weapon]) -> Result<Weapon, SharpError> {
    allowed
        .iter()
        .copied()
        .find(|w| w.name() == name)
        .ok_or_else(|| {
            let hint = umpire_core::text::suggest(name, allowed.iter().map(|w| w.name()))
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            let known: Vec<&str> = allowed.iter().map(|w| w.name()).collect();
            data_err(
                entry,
                format!(
                    "`{name}` is not a weapon of this table{hint}; it has {}",
                    known.join(", ")
                ),
            )
        })
}

fn small_arms(entry: &str, raw: &RawSmallArms) -> Result<SmallArmsTable, SharpError> {
    let bands = bands(&format!("{entry}.bands"), &raw.bands)?;
    if bands.iter().any(|b| b.to.is_none()) {
        return Err(data_err(
            format!("{entry}.bands"),
            "a small-arms table has no open-ended band",
        ));
    }
    let mut rows: Vec<Option<Vec<Option<u32>>>> = vec![None; SMALL_ARMS.len()];
    for (name, texts) in &raw.hits {
        let e = format!("{entry}.hits.{name}");
        let w = weapon_name(&e, name, &SMALL_ARMS)?;
        let i = SMALL_ARMS.iter().position(|x| *x == w).unwrap_or(0);
        rows[i] = Some(hit_row(&e, texts, bands.len())?);
    }
    let rows = SMALL_ARMS
        .iter()
        .zip(rows)
        .map(|(w, r)| {
            r.ok_or_else(|| data_err(format!("{entry}.hits"), format!("no row for `{w}`")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SmallArmsTable { bands, rows })
}

fn face_table<T: FaceResult>(
    entry: &str,
    raw: &BTreeMap<String, String>,
    sides: u32,
) -> Result<FaceTable<T>, SharpError> {
    let mut faces: Vec<Option<T>> = vec![None; sides as usize];
    for (range, word) in raw {
        let e = format!("{entry}.\"{range}\"");
        let result = T::all()
            .iter()
            .copied()
            .find(|r| r.word() == word)
            .ok_or_else(|| {
                let known: Vec<&str> = T::all().iter().map(|r| r.word()).collect();
                data_err(
                    &e,
                    format!("`{word}` is not a result here; use {}", known.join(", ")),
                )
            })?;
        let face = |s: &str| {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|f| (1..=sides).contains(f))
                .ok_or_else(|| {
                    data_err(
                        &e,
                        format!("`{range}` is not a face or range of faces of a d{sides}"),
                    )
                })
        };
        let (lo, hi) = match range.split_once('-') {
            Some((a, b)) => (face(a)?, face(b)?),
            None => (face(range)?, face(range)?),
        };
        if lo > hi {
            return Err(data_err(&e, format!("`{range}` runs backwards")));
        }
        for f in lo..=hi {
            if faces[f as usize - 1].replace(result).is_some() {
                return Err(data_err(&e, format!("face {f} is given twice")));
            }
        }
    }
    let faces = faces
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.ok_or_else(|| data_err(entry, format!("face {} has no result", i + 1))))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(FaceTable { faces })
}

fn positive(entry: &str, v: u32) -> Result<u32, SharpError> {
    if v == 0 {
        return Err(data_err(entry, "must be at least 1"));
    }
    Ok(v)
}

impl FireTables {
    /// The built-in tables. The data is checked by this crate's tests, so
    /// a failure here is a bug in `data/firing.toml`.
    pub fn builtin() -> Result<&'static FireTables, SharpError> {
        static CELL: OnceLock<Result<FireTables, SharpError>> = OnceLock::new();
        CELL.get_or_init(|| FireTables::from_toml(FIRING_TOML))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Load and validate the tables from TOML text.
    pub fn from_toml(text: &str) -> Result<FireTables, SharpError> {
        let raw: RawTables = toml::from_str(text).map_err(|e| data_err("(file)", e.to_string()))?;

        let line = small_arms("line", &raw.line)?;
        let skirmish = small_arms("skirmish", &raw.skirmish)?;

        let a = &raw.artillery;
        let abands = bands("artillery.bands", &a.bands)?;
        let mut guns: Vec<Option<Gun>> = vec![None; GUNS.len()];
        for (name, g) in &a.guns {
            let e = format!("artillery.guns.{name}");
            let w = weapon_name(&e, name, &GUNS)?;
            let i = GUNS.iter().position(|x| *x == w).unwrap_or(0);
            guns[i] = Some(Gun {
                dice: positive(&format!("{e}.dice"), g.dice)?,
                hits: hit_row(&format!("{e}.hits"), &g.hits, abands.len())?,
            });
        }
        let guns = GUNS
            .iter()
            .zip(guns)
            .map(|(w, g)| g.ok_or_else(|| data_err("artillery.guns", format!("no row for `{w}`"))))
            .collect::<Result<Vec<_>, _>>()?;

        let c = &raw.chosen_man;
        let cbands = bands("chosen-man.bands", &c.bands)?;
        let chosen_man = ChosenManTable {
            dice: positive("chosen-man.dice", c.dice)?,
            initiative: c.initiative,
            hits: hit_row("chosen-man.hits", &c.hits, cbands.len())?,
            bands: cbands,
        };

        let m = &raw.modifiers;
        for (e, p) in [
            ("modifiers.elite.per-men", m.elite.per_men),
            ("modifiers.good.per-men", m.good.per_men),
            ("modifiers.poor.per-men", m.poor.per_men),
            ("modifiers.shock.per-shock", m.shock.per_shock),
        ] {
            positive(e, p)?;
        }
        for (e, p) in [
            ("modifiers.soft-cover-percent", m.soft_cover_percent),
            ("modifiers.hard-cover-percent", m.hard_cover_percent),
        ] {
            if p > 100 {
                return Err(data_err(
                    e,
                    format!("{p}% of the dice is more than all of them"),
                ));
            }
        }
        let ev = raw.events;
        let [num, den] = ev.smoke_fraction;
        if den == 0 || num > den {
            return Err(data_err(
                "events.smoke-fraction",
                format!("[{num}, {den}] is not a fraction of the dice"),
            ));
        }
        let b = raw.big_men;
        for (e, d) in [
            ("big-men.die", b.die),
            ("big-men.skirmish-die", b.skirmish_die),
            ("big-men.tap-loaded-die", b.tap_loaded_die),
        ] {
            positive(e, d)?;
        }

        Ok(FireTables {
            line,
            skirmish,
            artillery: ArtilleryTable {
                bands: abands,
                guns,
            },
            chosen_man,
            modifiers: m.clone(),
            events: ev,
            effects: face_table("effects", &raw.effects, 6)?,
            big_men: b,
            wound: face_table("wound", &raw.wound, 6)?,
            mounted: face_table("mounted", &raw.mounted, 6)?,
            horse: face_table("horse", &raw.horse, 6)?,
            horse_again: face_table("horse-again", &raw.horse_again, 6)?,
            horse_falls: raw.horse_falls,
            unhorsed: face_table("unhorsed", &raw.unhorsed, 6)?,
        })
    }

    /// The bands of a table.
    pub fn bands(&self, table: Table) -> &[Band] {
        match table {
            Table::Line => &self.line.bands,
            Table::Skirmish => &self.skirmish.bands,
            Table::Artillery => &self.artillery.bands,
            Table::ChosenMan => &self.chosen_man.bands,
        }
    }

    /// A gun's row.
    pub fn gun(&self, weapon: Weapon) -> Option<&Gun> {
        GUNS.iter()
            .position(|g| *g == weapon)
            .and_then(|i| self.artillery.guns.get(i))
    }

    /// Read one cell: the band `range` falls in (edges by `upper_inclusive`,
    /// ruling `fire-band-edges`) and the weapon's hit number there. A range
    /// beyond the last band is out of range. A weapon that is not on the
    /// table (a carbine on the artillery table, a gun on the line table) is
    /// an error.
    pub fn lookup(
        &self,
        table: Table,
        weapon: Weapon,
        range: Inches,
        upper_inclusive: bool,
    ) -> Result<Cell, SharpError> {
        if !range.0.is_finite() || range.0 < 0.0 {
            return Err(SharpError::Invalid(format!(
                "a range of {} inches cannot be measured",
                range.0
            )));
        }
        let (row, first_id): (&[Option<u32>], usize) = match table {
            Table::Line | Table::Skirmish => {
                let t = if table == Table::Line {
                    &self.line
                } else {
                    &self.skirmish
                };
                let i = SMALL_ARMS.iter().position(|w| *w == weapon).ok_or_else(|| {
                    SharpError::Invalid(format!(
                        "a {weapon} is not on the {table} table, which has musket, baker-rifle and carbine{}",
                        if weapon.is_artillery() {
                            "; guns fire on the artillery table"
                        } else {
                            ""
                        }
                    ))
                })?;
                let first = if table == Table::Line { 5 } else { 17 };
                (&t.rows[i], first + i * 4)
            }
            Table::Artillery => {
                let i = GUNS.iter().position(|w| *w == weapon).ok_or_else(|| {
                    SharpError::Invalid(format!(
                        "a {weapon} is not on the artillery table, which has light-gun, heavy-gun, carronade and swivel-gun; small arms fire on the line-troops or skirmish table"
                    ))
                })?;
                (&self.artillery.guns[i].hits, 30 + i * 6)
            }
            Table::ChosenMan => {
                if weapon != Weapon::Rifle {
                    return Err(SharpError::Invalid(format!(
                        "a chosen man shoots a Baker rifle, not a {weapon}"
                    )));
                }
                (&self.chosen_man.hits, 0)
            }
        };
        let bands = self.bands(table);
        let found = bands
            .iter()
            .position(|b| b.contains(range, upper_inclusive));
        let on_edge = bands
            .iter()
            .any(|b| b.from == range.0 && b.from > 0.0 || b.to == Some(range.0))
            && found.is_some();
        let rule = |i: usize| {
            if table == Table::ChosenMan {
                "SP-CM-004"
            } else {
                fire_id(first_id + i)
            }
        };
        Ok(match found {
            Some(i) => Cell {
                table,
                weapon,
                band: Some(i),
                band_label: bands[i].label(),
                hit_on: row[i],
                rule: rule(i),
                on_edge,
            },
            None => Cell {
                table,
                weapon,
                band: None,
                band_label: format!(
                    "beyond {}",
                    bands.last().map(|b| b.label()).unwrap_or_default()
                ),
                hit_on: None,
                rule: if table == Table::ChosenMan {
                    "SP-CM-004"
                } else {
                    "SP-FIRE-004"
                },
                on_edge: false,
            },
        })
    }
}

/// One cell of a firing table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The table.
    pub table: Table,
    /// The weapon (row).
    pub weapon: Weapon,
    /// The band's index, `None` beyond the last band.
    pub band: Option<usize>,
    /// The band as the sheet heads it ("9-18\"", "36\"+").
    pub band_label: String,
    /// The lowest face that hits; `None`: out of range.
    pub hit_on: Option<u32>,
    /// The checklist item of the cell.
    pub rule: &'static str,
    /// The range lies on a shared band edge (ruling `fire-band-edges`
    /// decided the band).
    pub on_edge: bool,
}

impl Cell {
    /// "5-6", "6" or "-".
    pub fn hit_label(&self) -> String {
        match self.hit_on {
            Some(6) => "6".to_string(),
            Some(n) => format!("{n}-6"),
            None => "-".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        match FireTables::from_toml(text) {
            Ok(_) => panic!("bad data was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn builtin_tables_load() {
        assert!(FireTables::builtin().is_ok());
    }

    #[test]
    fn bad_data_is_named() {
        let e = err(&FIRING_TOML.replace("musket = [\"5-6\", \"6\"", "musket = [\"5-7\", \"6\""));
        assert!(e.contains("line.hits.musket[0]"), "{e}");
        let e = err(&FIRING_TOML.replace(
            "carbine = [\"6\", \"-\", \"-\", \"-\"]",
            "carbine = [\"6\", \"-\", \"-\"]",
        ));
        assert!(
            e.contains("line.hits.carbine") && e.contains("3 hit numbers for 4 bands"),
            "{e}"
        );
        let e = err(&FIRING_TOML.replace(
            "\"9-18\", \"18-27\", \"27-36\", \"36+\"",
            "\"9-18\", \"19-27\", \"27-36\", \"36+\"",
        ));
        assert!(e.contains("artillery.bands[2]"), "{e}");
        let e = err(&FIRING_TOML.replace("swivel-gun = {", "swivle-gun = {"));
        assert!(e.contains("did you mean `swivel-gun`"), "{e}");
        let e = err(&FIRING_TOML.replace("\"3-5\" = \"shock\"", "\"3-4\" = \"shock\""));
        assert!(
            e.contains("effects") && e.contains("face 5 has no result"),
            "{e}"
        );
        let e = err(&FIRING_TOML.replace("\"6\" = \"dead\"", "\"6\" = \"deceased\""));
        assert!(e.contains("wound.\"6\""), "{e}");
        let e = err(&FIRING_TOML.replace("hard-cover-percent = 75", "hard-cover-percent = 175"));
        assert!(e.contains("modifiers.hard-cover-percent"), "{e}");
    }
}
