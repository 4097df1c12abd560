//! The fisticuffs tables, loaded from `data/fisticuffs.toml` and validated.
//!
//! Every modifier row of HAND TO HAND COMBAT is in the file exactly once,
//! with the kind the code expects for it; every check names the file and
//! the entry.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::SharpError;

const FILE: &str = "data/fisticuffs.toml";

/// The built-in fisticuffs text.
pub const FISTICUFFS_TOML: &str = include_str!("../../data/fisticuffs.toml");

/// How a modifier row counts its dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModKind {
    /// Dice per status level of the Big Man leading.
    PerStatusLevel,
    /// Dice per point of fervour.
    PerFervour,
    /// Dice per two status levels of the other Big Men (round down).
    PerTwoStatusLevels,
    /// Dice per Group per quality level above the enemy.
    PerQualityLevelPerGroup,
    /// Dice per two shock points on a Group.
    PerTwoShock,
    /// Dice per Group of that character.
    PerGroup,
    /// Dice per supporting rank in column.
    PerSupportingRank,
    /// A percentage of the dice.
    Percent,
}

impl ModKind {
    const WORDS: &'static [(&'static str, ModKind)] = &[
        ("per-status-level", ModKind::PerStatusLevel),
        ("per-fervour", ModKind::PerFervour),
        ("per-two-status-levels", ModKind::PerTwoStatusLevels),
        (
            "per-quality-level-per-group",
            ModKind::PerQualityLevelPerGroup,
        ),
        ("per-two-shock", ModKind::PerTwoShock),
        ("per-group", ModKind::PerGroup),
        ("per-supporting-rank", ModKind::PerSupportingRank),
        ("percent", ModKind::Percent),
    ];

    /// As written in the data file.
    pub fn name(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(w, _)| w)
    }
}

/// Which way a percentage is rounded (the number of dice added or removed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    /// Round down.
    Down,
    /// Round up.
    Up,
}

/// What the loser may do in its next turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextTurn {
    /// It may act as desired.
    Free,
    /// It may only fire.
    FireOnly,
    /// No movement and no firing.
    Nothing,
}

impl NextTurn {
    /// In words.
    pub fn name(self) -> &'static str {
        match self {
            NextTurn::Free => "may act as desired on its next activation",
            NextTurn::FireOnly => "may only fire next turn",
            NextTurn::Nothing => "has no movement or firing next turn",
        }
    }
}

/// A modifier row of HAND TO HAND COMBAT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModKey {
    LeaderStatus,
    Fervour,
    OtherBigMen,
    Quality,
    Shock,
    Aggressive,
    Guards,
    Weedy,
    ColumnSupport,
    LightCover,
    HardCover,
    FlankOrRear,
    Ambushed,
    LancersFirstRound,
    LancersLaterRounds,
    UnloadedReceivingCharge,
    Elan,
    VersusUnformedOpen,
    VersusDefendedSquare,
    VersusUndefendedSquare,
    VersusFormedLine,
    VersusLighterCavalry,
    VersusCover,
    Gallop,
    SquareVersusCavalry,
    SuperiorMounts,
}

/// Every row the code knows: its key in the file, its checklist item, the
/// kind it must have, and whether it is a cavalry-only row.
const ROWS: &[(ModKey, &str, &str, ModKind, bool)] = &[
    (
        ModKey::LeaderStatus,
        "leader-status",
        "SP-FIST-003",
        ModKind::PerStatusLevel,
        false,
    ),
    (
        ModKey::Fervour,
        "fervour",
        "SP-FIST-004",
        ModKind::PerFervour,
        false,
    ),
    (
        ModKey::OtherBigMen,
        "other-big-men",
        "SP-FIST-005",
        ModKind::PerTwoStatusLevels,
        false,
    ),
    (
        ModKey::Quality,
        "quality",
        "SP-FIST-006",
        ModKind::PerQualityLevelPerGroup,
        false,
    ),
    (
        ModKey::Shock,
        "shock",
        "SP-FIST-007",
        ModKind::PerTwoShock,
        false,
    ),
    (
        ModKey::Aggressive,
        "aggressive",
        "SP-FIST-008",
        ModKind::PerGroup,
        false,
    ),
    (
        ModKey::Guards,
        "guards",
        "SP-FIST-009",
        ModKind::PerGroup,
        false,
    ),
    (
        ModKey::Weedy,
        "weedy",
        "SP-FIST-010",
        ModKind::PerGroup,
        false,
    ),
    (
        ModKey::ColumnSupport,
        "column-support",
        "SP-FIST-011",
        ModKind::PerSupportingRank,
        false,
    ),
    (
        ModKey::LightCover,
        "light-cover",
        "SP-FIST-012",
        ModKind::Percent,
        false,
    ),
    (
        ModKey::HardCover,
        "hard-cover",
        "SP-FIST-013",
        ModKind::Percent,
        false,
    ),
    (
        ModKey::FlankOrRear,
        "flank-or-rear",
        "SP-FIST-014",
        ModKind::Percent,
        false,
    ),
    (
        ModKey::Ambushed,
        "ambushed",
        "SP-FIST-015",
        ModKind::Percent,
        false,
    ),
    (
        ModKey::LancersFirstRound,
        "lancers-first-round",
        "SP-FIST-017",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::LancersLaterRounds,
        "lancers-later-rounds",
        "SP-FIST-018",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::UnloadedReceivingCharge,
        "unloaded-receiving-charge",
        "SP-FIST-019",
        ModKind::Percent,
        true,
    ),
    (ModKey::Elan, "elan", "SP-FIST-020", ModKind::Percent, true),
    (
        ModKey::VersusUnformedOpen,
        "versus-unformed-open",
        "SP-FIST-021",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::VersusDefendedSquare,
        "versus-defended-square",
        "SP-FIST-022",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::VersusUndefendedSquare,
        "versus-undefended-square",
        "SP-FIST-023",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::VersusFormedLine,
        "versus-formed-line",
        "SP-FIST-024",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::VersusLighterCavalry,
        "versus-lighter-cavalry",
        "SP-FIST-025",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::VersusCover,
        "versus-cover",
        "SP-FIST-026",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::Gallop,
        "gallop",
        "SP-FIST-027",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::SquareVersusCavalry,
        "square-versus-cavalry",
        "SP-FIST-028",
        ModKind::Percent,
        true,
    ),
    (
        ModKey::SuperiorMounts,
        "superior-mounts",
        "SP-FIST-029",
        ModKind::Percent,
        true,
    ),
];

impl ModKey {
    /// Every row, in the sheet's order.
    pub fn all() -> impl Iterator<Item = ModKey> {
        ROWS.iter().map(|r| r.0)
    }

    fn row(self) -> (ModKey, &'static str, &'static str, ModKind, bool) {
        ROWS[self as usize]
    }

    /// As written in the data file.
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// The checklist item the row is.
    pub fn rule(self) -> &'static str {
        self.row().2
    }

    /// The kind the row must have.
    pub fn kind(self) -> ModKind {
        self.row().3
    }

    /// A row the sheet puts under "only if there is cavalry involved".
    pub fn cavalry_only(self) -> bool {
        self.row().4
    }
}

/// One modifier row, validated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FistModifier {
    /// Which row.
    pub key: ModKey,
    /// The sheet's words.
    pub text: String,
    /// How it counts.
    pub kind: ModKind,
    /// Dice per unit (dice kinds) or the percentage (percent), signed.
    pub amount: i64,
    /// The rounding the sheet prints, if it prints one.
    pub rounding: Option<Rounding>,
    /// Only if there is cavalry involved.
    pub cavalry_only: bool,
}

/// The overwhelm rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OverwhelmRule {
    /// Four times as many dice.
    pub ratio: u32,
    /// Three times for poor troops.
    pub poor_ratio: u32,
    /// The rout: this many D6 inches.
    pub rout_d6: u32,
    /// Shock points taken by the routed side.
    pub rout_shock: u32,
}

/// What a die does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollRule {
    /// The face that kills.
    pub kill: u32,
    /// The face that gives a point of shock.
    pub shock: u32,
}

/// Draws.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DrawRule {
    /// Rounds at most.
    pub max_rounds: u32,
    /// Inches both sides retire after the last drawn round.
    pub breather: u32,
}

/// One row of the loss table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LossRow {
    /// Defeated by this many kills.
    pub by: u32,
    /// Thrown back, inches.
    pub push_back: u32,
    /// Thrown back if cavalry, inches.
    pub cavalry_push_back: u32,
    /// Facing the enemy.
    pub facing_enemy: bool,
    /// Further shock points.
    pub extra_shock: u32,
    /// The further shock is per Group.
    pub shock_per_group: bool,
    /// The shock taken is doubled.
    pub double_shock: bool,
    /// The loser's next turn.
    pub next_turn: NextTurn,
    /// With no line of escape, the loser surrenders.
    pub surrender_if_no_escape: bool,
}

/// Guards for prisoners.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SurrenderRule {
    /// One guard per this many prisoners.
    pub prisoners_per_guard: u32,
}

/// Elite and poor troops in the results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct QualityRule {
    /// Elite troops ignore a defeat by this many.
    pub elite_ignores_loss_by: u32,
    /// Poor troops take their defeat this many levels greater.
    pub poor_steps_worse: u32,
}

/// The validated fisticuffs tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FistTables {
    /// HAND TO HAND COMBAT, in the order they are applied.
    pub modifiers: Vec<FistModifier>,
    /// Four (three) times as many dice.
    pub overwhelm: OverwhelmRule,
    /// 6 = kill, 5 = shock.
    pub roll: RollRule,
    /// Draws.
    pub draw: DrawRule,
    /// Defeated by 1 to 4, in that order.
    pub losses: Vec<LossRow>,
    /// Guards.
    pub surrender: SurrenderRule,
    /// Elite and poor.
    pub quality: QualityRule,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTables {
    modifiers: Vec<RawModifier>,
    overwhelm: OverwhelmRule,
    roll: RollRule,
    draw: DrawRule,
    losses: Vec<RawLoss>,
    surrender: SurrenderRule,
    quality: QualityRule,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModifier {
    key: String,
    text: String,
    kind: String,
    dice: Option<i64>,
    percent: Option<i64>,
    rounding: Option<String>,
    #[serde(default)]
    cavalry: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawLoss {
    by: u32,
    push_back: u32,
    cavalry_push_back: u32,
    facing_enemy: bool,
    extra_shock: u32,
    shock_per_group: bool,
    double_shock: bool,
    next_turn: String,
    surrender_if_no_escape: bool,
}

fn data_err(entry: impl Into<String>, message: impl Into<String>) -> SharpError {
    SharpError::Data {
        file: FILE.to_string(),
        entry: entry.into(),
        message: message.into(),
    }
}

impl FistTables {
    /// The built-in tables, loaded once.
    pub fn builtin() -> Result<&'static FistTables, SharpError> {
        static CELL: OnceLock<Result<FistTables, SharpError>> = OnceLock::new();
        CELL.get_or_init(|| FistTables::from_toml(FISTICUFFS_TOML))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Load and validate tables from TOML text.
    pub fn from_toml(text: &str) -> Result<FistTables, SharpError> {
        let raw: RawTables = toml::from_str(text).map_err(|e| data_err("(file)", e.to_string()))?;
        let modifiers = read_modifiers(&raw)?;
        let o = &raw.overwhelm;
        if o.ratio < 2 || o.poor_ratio < 2 {
            return Err(data_err("overwhelm", "the ratios must be at least 2"));
        }
        if o.rout_d6 == 0 {
            return Err(data_err("overwhelm.rout-d6", "a rout moves at least 1D6"));
        }
        let r = &raw.roll;
        for (name, face) in [("roll.kill", r.kill), ("roll.shock", r.shock)] {
            if !(1..=6).contains(&face) {
                return Err(data_err(name, format!("{face} is not a face of a D6")));
            }
        }
        if r.kill == r.shock {
            return Err(data_err("roll", "a face cannot both kill and shock"));
        }
        if raw.draw.max_rounds == 0 {
            return Err(data_err("draw.max-rounds", "at least one round is fought"));
        }
        let mut losses = Vec::new();
        for (i, l) in raw.losses.iter().enumerate() {
            let entry = format!("losses[{i}] (by {})", l.by);
            if l.by as usize != i + 1 {
                return Err(data_err(
                    &entry,
                    format!(
                        "the rows must be by 1, 2, 3, 4 in order; expected by {}",
                        i + 1
                    ),
                ));
            }
            if l.push_back == 0 || l.cavalry_push_back == 0 {
                return Err(data_err(&entry, "a loser is thrown back some inches"));
            }
            if l.double_shock && l.extra_shock > 0 {
                return Err(data_err(
                    &entry,
                    "double-shock and extra-shock cannot both be given",
                ));
            }
            let next_turn = match l.next_turn.as_str() {
                "free" => NextTurn::Free,
                "fire-only" => NextTurn::FireOnly,
                "nothing" => NextTurn::Nothing,
                other => {
                    return Err(data_err(
                        &entry,
                        format!("unknown next-turn `{other}`; use free, fire-only or nothing"),
                    ));
                }
            };
            losses.push(LossRow {
                by: l.by,
                push_back: l.push_back,
                cavalry_push_back: l.cavalry_push_back,
                facing_enemy: l.facing_enemy,
                extra_shock: l.extra_shock,
                shock_per_group: l.shock_per_group,
                double_shock: l.double_shock,
                next_turn,
                surrender_if_no_escape: l.surrender_if_no_escape,
            });
        }
        if losses.len() != 4 {
            return Err(data_err(
                "losses",
                format!("the sheet has four rows (by 1 to 4), not {}", losses.len()),
            ));
        }
        if raw.surrender.prisoners_per_guard == 0 {
            return Err(data_err(
                "surrender.prisoners-per-guard",
                "must be at least 1",
            ));
        }
        let q = &raw.quality;
        if !(1..=4).contains(&q.elite_ignores_loss_by) {
            return Err(data_err(
                "quality.elite-ignores-loss-by",
                "must be a defeat of 1 to 4",
            ));
        }
        Ok(FistTables {
            modifiers,
            overwhelm: raw.overwhelm,
            roll: raw.roll,
            draw: raw.draw,
            losses,
            surrender: raw.surrender,
            quality: raw.quality,
        })
    }

    /// The modifier row `key`.
    pub fn modifier(&self, key: ModKey) -> Option<&FistModifier> {
        self.modifiers.iter().find(|m| m.key == key)
    }

    /// The loss row for a defeat by `by` (1 to 4).
    pub fn loss(&self, by: u32) -> Option<&LossRow> {
        self.losses.iter().find(|l| l.by == by)
    }
}

/// The modifiers of the fisticuffs sheet: every row known, each once.
fn read_modifiers(raw: &RawTables) -> Result<Vec<FistModifier>, SharpError> {
    let mut modifiers: Vec<FistModifier> = Vec::new();
    for (i, m) in raw.modifiers.iter().enumerate() {
        let entry = format!("modifiers[{i}] ({})", m.key);
        let key = ModKey::all().find(|k| k.name() == m.key).ok_or_else(|| {
            data_err(
                &entry,
                format!(
                    "unknown modifier `{}`; the sheet's rows are {}",
                    m.key,
                    ModKey::all()
                        .map(ModKey::name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        if modifiers.iter().any(|x| x.key == key) {
            return Err(data_err(&entry, "this row is given twice"));
        }
        let kind = ModKind::WORDS
            .iter()
            .find(|(w, _)| *w == m.kind)
            .map(|(_, k)| *k)
            .ok_or_else(|| {
                data_err(
                    &entry,
                    format!(
                        "unknown kind `{}`; use {}",
                        m.kind,
                        ModKind::WORDS
                            .iter()
                            .map(|(w, _)| *w)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?;
        if kind != key.kind() {
            return Err(data_err(
                &entry,
                format!(
                    "kind must be `{}` for this row, not `{}`",
                    key.kind().name(),
                    m.kind
                ),
            ));
        }
        if m.cavalry != key.cavalry_only() {
            return Err(data_err(
                &entry,
                if key.cavalry_only() {
                    "this row is only for fights with cavalry: `cavalry = true`"
                } else {
                    "this row is not a cavalry-only row: drop `cavalry = true`"
                },
            ));
        }
        let amount = if kind == ModKind::Percent {
            if m.dice.is_some() {
                return Err(data_err(
                    &entry,
                    "a percentage row takes `percent`, not `dice`",
                ));
            }
            let p = m
                .percent
                .ok_or_else(|| data_err(&entry, "`percent` is missing"))?;
            if p == 0 || !(-100..=100).contains(&p) {
                return Err(data_err(
                    &entry,
                    format!("percent {p} is not from -100 to 100 (and not 0)"),
                ));
            }
            p
        } else {
            if m.percent.is_some() || m.rounding.is_some() {
                return Err(data_err(
                    &entry,
                    "a dice row takes `dice`, not `percent` or `rounding`",
                ));
            }
            let d = m
                .dice
                .ok_or_else(|| data_err(&entry, "`dice` is missing"))?;
            if d == 0 || !(-6..=6).contains(&d) {
                return Err(data_err(
                    &entry,
                    format!("dice {d} is not from -6 to 6 (and not 0)"),
                ));
            }
            d
        };
        let rounding = match m.rounding.as_deref() {
            None => None,
            Some("down") => Some(Rounding::Down),
            Some("up") => Some(Rounding::Up),
            Some(other) => {
                return Err(data_err(
                    &entry,
                    format!("unknown rounding `{other}`; use down or up"),
                ));
            }
        };
        modifiers.push(FistModifier {
            key,
            text: m.text.clone(),
            kind,
            amount,
            rounding,
            cavalry_only: m.cavalry,
        });
    }
    if let Some(missing) = ModKey::all().find(|k| !modifiers.iter().any(|m| m.key == *k)) {
        return Err(data_err(
            "modifiers",
            format!("the sheet's row `{}` is missing", missing.name()),
        ));
    }
    Ok(modifiers)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn builtin_loads_every_row_in_the_sheets_order() {
        let t = FistTables::builtin().unwrap();
        let keys: Vec<ModKey> = t.modifiers.iter().map(|m| m.key).collect();
        assert_eq!(keys, ModKey::all().collect::<Vec<_>>());
    }

    #[test]
    fn bad_data_is_named() {
        let broken = FISTICUFFS_TOML.replace("key = \"weedy\"", "key = \"weedie\"");
        let err = FistTables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("modifiers[7] (weedie)"), "{err}");
        let broken = FISTICUFFS_TOML.replacen("kind = \"per-group\"", "kind = \"percent\"", 1);
        let err = FistTables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("modifiers[5] (aggressive)"), "{err}");
        let broken = FISTICUFFS_TOML.replace("next-turn = \"nothing\"", "next-turn = \"rest\"");
        let err = FistTables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("losses[3] (by 4)"), "{err}");
        let broken = FISTICUFFS_TOML.replace("kill = 6", "kill = 7");
        let err = FistTables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("roll.kill"), "{err}");
    }
}
