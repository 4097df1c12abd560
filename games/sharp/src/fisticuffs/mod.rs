//! Fisticuffs: hand to hand combat and its results (SP-FIST, SP-FRES, and
//! the melee items of SP-FORM).
//!
//! A [`Fight`] is two sides, A and B, as the players describe them. Each
//! side's dice are worked step by step ([`fight_dice`]): 1D6 per man, then
//! the sheet's modifiers in its order, percentages of the running total.
//! [`resolve_fight`] checks for an overwhelming side first (no roll), then
//! has both sides roll (6 kills, 5 shocks) and compares kills: a draw fights
//! again up to three rounds, a loss throws the loser back. Between rounds
//! the men killed leave the fight (from a Column's rear) and the shock taken
//! stays on the Groups. [`fight_odds`] gives the exact odds of the first
//! round before anyone rolls. Every step names its checklist item and the
//! ruling that decided it.

pub mod tables;

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::model::{Arm, Character, Cover, Formation, Quality, Status};
use crate::roll::Rolls;
use crate::rulings::{RulingId, Rulings};

pub use tables::{
    FISTICUFFS_TOML, FistModifier, FistTables, LossRow, ModKey, ModKind, NextTurn, Rounding,
};

/// Which side of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Who {
    /// Side A.
    A,
    /// Side B.
    B,
}

impl Who {
    /// The other side.
    pub fn other(self) -> Who {
        match self {
            Who::A => Who::B,
            Who::B => Who::A,
        }
    }

    fn index(self) -> usize {
        match self {
            Who::A => 0,
            Who::B => 1,
        }
    }
}

/// One Group in the fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FistGroup {
    /// Men of the Group in the fight.
    pub men: u32,
    /// Its quality.
    pub quality: Quality,
    /// Aggressive, guards (grenadiers), weedy, or ordinary.
    pub character: Character,
    /// Shock points on the Group.
    pub shock: u32,
}

impl FistGroup {
    /// An ordinary Group with no shock.
    pub fn new(men: u32, quality: Quality) -> FistGroup {
        FistGroup {
            men,
            quality,
            character: Character::Ordinary,
            shock: 0,
        }
    }
}

/// One side of a fight, as the players describe it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FistSide {
    /// The Groups in contact (all their figures fight, SP-FORM-005).
    pub groups: Vec<FistGroup>,
    /// What kind of troops (cavalry or not).
    pub arm: Arm,
    /// How they stand.
    pub formation: Formation,
    /// Musicians in the fight (1D6 each).
    pub musicians: u32,
    /// The Big Man leading the side, if any (+1D6 per status level).
    pub leader: Option<Status>,
    /// The side's other Big Men in the fight (+1D6 per two levels).
    pub other_big_men: Vec<Status>,
    /// Fervour added with Big Man's initiative.
    pub fervour: u32,
    /// Supporting ranks, for a Column (ruling `column-support`).
    pub supporting_ranks: u32,
    /// Men of a Column's rear ranks (behind the first four), counted within
    /// `groups`: they fight from the second round (SP-FORM-011, 012).
    pub column_rear_men: u32,
    /// Overlapping men of a Line who broke ranks and joined on a Big Man's
    /// initiative (SP-FORM-006), in addition to `groups`.
    pub overlap_joined: u32,
    /// Cover the side is defending.
    pub cover: Cover,
    /// Hit in flank or rear.
    pub flank_or_rear: bool,
    /// Ambushed.
    pub ambushed: bool,
    /// Lancers (against other cavalry).
    pub lancers: bool,
    /// Infantry, unloaded, receiving a charge.
    pub unloaded_receiving_charge: bool,
    /// Cavalry charging with élan.
    pub elan: bool,
    /// Cavalry attacking at the gallop (formed: in Line or Column).
    pub at_gallop: bool,
    /// Cavalry fighting lighter cavalry.
    pub versus_lighter_cavalry: bool,
    /// Superior mounts in a cavalry fight.
    pub superior_mounts: bool,
    /// An infantry Square presenting bayonets (not fired this turn).
    pub square_defended: bool,
    /// Surrounded: an overwhelmed side surrenders (SP-FRES-003).
    pub surrounded: bool,
    /// Has a line of escape: without one, a loss by 4 surrenders
    /// (SP-FRES-012).
    pub line_of_escape: bool,
}

impl FistSide {
    /// Line infantry, unformed, in the open, with nothing special.
    pub fn new(groups: Vec<FistGroup>) -> FistSide {
        FistSide {
            groups,
            arm: Arm::LineInfantry,
            formation: Formation::Unformed,
            musicians: 0,
            leader: None,
            other_big_men: Vec::new(),
            fervour: 0,
            supporting_ranks: 0,
            column_rear_men: 0,
            overlap_joined: 0,
            cover: Cover::None,
            flank_or_rear: false,
            ambushed: false,
            lancers: false,
            unloaded_receiving_charge: false,
            elan: false,
            at_gallop: false,
            versus_lighter_cavalry: false,
            superior_mounts: false,
            square_defended: false,
            surrounded: false,
            line_of_escape: true,
        }
    }

    fn is_cavalry(&self) -> bool {
        self.arm == Arm::Cavalry
    }

    /// Every Group is poor (a mixed side is neither poor nor elite).
    pub fn is_poor(&self) -> bool {
        !self.groups.is_empty() && self.groups.iter().all(|g| g.quality == Quality::Poor)
    }

    /// Every Group is elite.
    pub fn is_elite(&self) -> bool {
        !self.groups.is_empty() && self.groups.iter().all(|g| g.quality == Quality::Elite)
    }

    fn big_men(&self) -> u32 {
        u32::from(self.leader.is_some()) + self.other_big_men.len() as u32
    }

    /// Everyone of the side in the fight: Groups, overlapping men, Big Men
    /// and musicians.
    pub fn men_in_fight(&self) -> u32 {
        self.groups.iter().map(|g| g.men).sum::<u32>()
            + self.overlap_joined
            + self.big_men()
            + self.musicians
    }

    fn check(&self, w: Who) -> Result<(), SharpError> {
        let bad = |m: String| Err(SharpError::Invalid(format!("side {w:?}: {m}")));
        if self.groups.is_empty() {
            return bad("a side in fisticuffs has at least one Group".into());
        }
        let men: u32 = self.groups.iter().map(|g| g.men).sum();
        if self.column_rear_men > 0 && self.formation != Formation::Column {
            return bad("only a Column has rear ranks that join from round 2".into());
        }
        if self.column_rear_men > men {
            return bad(format!(
                "{} men in the rear ranks but only {men} men in the Groups",
                self.column_rear_men
            ));
        }
        if self.supporting_ranks > 0 && self.formation != Formation::Column {
            return bad("supporting ranks are for a Column".into());
        }
        if self.overlap_joined > 0 && self.formation != Formation::Line {
            return bad("only a Line has overlapping men to join the fight".into());
        }
        if self.formation == Formation::Square && !self.arm.is_infantry() {
            return bad("only infantry form square".into());
        }
        if self.square_defended && self.formation != Formation::Square {
            return bad("only a Square is defended or undefended".into());
        }
        if self.unloaded_receiving_charge && !self.arm.is_infantry() {
            return bad("only infantry are unloaded receiving a charge".into());
        }
        for (flag, on) in [
            ("lancers", self.lancers),
            ("charging with elan", self.elan),
            ("at the gallop", self.at_gallop),
            ("versus lighter cavalry", self.versus_lighter_cavalry),
            ("superior mounts", self.superior_mounts),
        ] {
            if on && !self.is_cavalry() {
                return bad(format!("`{flag}` is for cavalry"));
            }
        }
        Ok(())
    }
}

/// A fight: two sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fight {
    /// Side A.
    pub a: FistSide,
    /// Side B.
    pub b: FistSide,
}

impl Fight {
    /// A fight between two sides.
    pub fn new(a: FistSide, b: FistSide) -> Fight {
        Fight { a, b }
    }

    /// One side.
    pub fn side(&self, w: Who) -> &FistSide {
        match w {
            Who::A => &self.a,
            Who::B => &self.b,
        }
    }

    fn check(&self) -> Result<(), SharpError> {
        self.a.check(Who::A)?;
        self.b.check(Who::B)
    }
}

/// One side's dice for one round, worked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiceCount {
    /// The dice rolled.
    pub dice: u32,
    /// How they were counted.
    pub steps: Vec<Step>,
}

/// Both sides' dice for one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FightDice {
    /// Which round.
    pub round: u32,
    /// Side A.
    pub a: DiceCount,
    /// Side B.
    pub b: DiceCount,
}

impl FightDice {
    /// One side's count.
    pub fn side(&self, w: Who) -> &DiceCount {
        match w {
            Who::A => &self.a,
            Who::B => &self.b,
        }
    }
}

/// Both sides' dice in the first round.
pub fn fight_dice(
    tables: &FistTables,
    rulings: &Rulings,
    fight: &Fight,
) -> Result<FightDice, SharpError> {
    round_dice(tables, rulings, fight, 1)
}

/// Both sides' dice in round `round` (1 for the first), for the sides as
/// given: lancers' sign flips and a Column's rear ranks join from round 2.
pub fn round_dice(
    tables: &FistTables,
    rulings: &Rulings,
    fight: &Fight,
    round: u32,
) -> Result<FightDice, SharpError> {
    // The rulings of the dice count (fist-percent-base, quality-ladder,
    // column-support, fist-rounding, cavalry-pairing) each have one option
    // today; they are named in the steps they decide.
    let _ = rulings;
    fight.check()?;
    if round == 0 {
        return Err(SharpError::Invalid("rounds are counted from 1".into()));
    }
    Ok(FightDice {
        round,
        a: side_dice(tables, &fight.a, &fight.b, round),
        b: side_dice(tables, &fight.b, &fight.a, round),
    })
}

/// A modifier counted from the side (its leader's status, fervour, other
/// Big Men, quality, shock, character, supporting ranks): its dice, what
/// they are for and the ruling that decides them.
fn counted(
    m: &FistModifier,
    me: &FistSide,
    foe_best: i64,
) -> Option<(i64, String, Option<&'static str>)> {
    match m.key {
        ModKey::LeaderStatus => me.leader.map(|s| {
            (
                m.amount * i64::from(s.level()),
                format!("{}: status {s}", m.text),
                None,
            )
        }),
        ModKey::Fervour => (me.fervour > 0).then(|| {
            (
                m.amount * i64::from(me.fervour),
                format!("{}: {} point(s)", m.text, me.fervour),
                None,
            )
        }),
        ModKey::OtherBigMen => {
            let levels: u32 = me.other_big_men.iter().map(|s| s.level()).sum();
            (levels > 0).then(|| {
                (
                    m.amount * i64::from(levels / 2),
                    format!("{}: {levels} levels, halved and rounded down", m.text),
                    None,
                )
            })
        }
        ModKey::Quality => {
            let levels: i64 = me
                .groups
                .iter()
                .map(|g| (g.quality.rank() - foe_best).max(0))
                .sum();
            (levels > 0).then(|| {
                (
                    m.amount * levels,
                    format!(
                        "{}: {levels} level(s) over the enemy's best, summed over the Groups",
                        m.text
                    ),
                    Some(RulingId::QualityLadder.name()),
                )
            })
        }
        ModKey::Shock => {
            let pairs: u32 = me.groups.iter().map(|g| g.shock / 2).sum();
            (pairs > 0).then(|| {
                (
                    m.amount * i64::from(pairs),
                    format!("{}: {pairs} pair(s) of shock over the Groups", m.text),
                    None,
                )
            })
        }
        ModKey::Aggressive | ModKey::Guards | ModKey::Weedy => {
            let ch = match m.key {
                ModKey::Aggressive => Character::Aggressive,
                ModKey::Guards => Character::Guards,
                _ => Character::Weedy,
            };
            let n = me.groups.iter().filter(|g| g.character == ch).count() as i64;
            (n > 0).then(|| (m.amount * n, format!("{}: {n} Group(s)", m.text), None))
        }
        ModKey::ColumnSupport => (me.supporting_ranks > 0).then(|| {
            (
                m.amount * i64::from(me.supporting_ranks),
                format!("{}: {} rank(s)", m.text, me.supporting_ranks),
                Some(RulingId::ColumnSupport.name()),
            )
        }),
        _ => None,
    }
}

/// Whether a percentage row of the sheet applies to this side, this round.
fn row_applies(key: ModKey, me: &FistSide, foe: &FistSide, round: u32) -> bool {
    match key {
        ModKey::LightCover => me.cover == Cover::Soft,
        ModKey::HardCover => me.cover == Cover::Hard,
        ModKey::FlankOrRear => me.flank_or_rear,
        ModKey::Ambushed => me.ambushed,
        ModKey::LancersFirstRound => me.lancers && foe.is_cavalry() && round == 1,
        ModKey::LancersLaterRounds => me.lancers && foe.is_cavalry() && round > 1,
        ModKey::UnloadedReceivingCharge => me.unloaded_receiving_charge && foe.is_cavalry(),
        ModKey::Elan => me.elan,
        ModKey::VersusUnformedOpen => {
            me.is_cavalry()
                && foe.arm.is_infantry()
                && foe.formation == Formation::Unformed
                && foe.cover == Cover::None
        }
        ModKey::VersusDefendedSquare => {
            me.is_cavalry() && foe.formation == Formation::Square && foe.square_defended
        }
        ModKey::VersusUndefendedSquare => {
            me.is_cavalry() && foe.formation == Formation::Square && !foe.square_defended
        }
        ModKey::VersusFormedLine => {
            me.is_cavalry() && foe.arm.is_infantry() && foe.formation == Formation::Line
        }
        ModKey::VersusLighterCavalry => me.versus_lighter_cavalry && foe.is_cavalry(),
        ModKey::VersusCover => me.is_cavalry() && foe.cover != Cover::None,
        ModKey::Gallop => {
            me.at_gallop && matches!(me.formation, Formation::Line | Formation::Column)
        }
        ModKey::SquareVersusCavalry => me.formation == Formation::Square && foe.is_cavalry(),
        ModKey::SuperiorMounts => me.superior_mounts && foe.is_cavalry(),
        _ => false,
    }
}

fn side_dice(tables: &FistTables, me: &FistSide, foe: &FistSide, round: u32) -> DiceCount {
    let mut steps = Vec::new();
    let group_men: u32 = me.groups.iter().map(|g| g.men).sum();
    let mut total = i64::from(me.men_in_fight());
    steps.push(Step::new(
        "SP-FIST-001",
        format!(
            "1D6 per man in the fight: {group_men} in {} Group(s), {} Big Men, {} musicians",
            me.groups.len(),
            me.big_men(),
            me.musicians
        ),
        i64::from(group_men + me.big_men() + me.musicians),
    ));
    if me.overlap_joined > 0 {
        steps.push(Step::new(
            "SP-FORM-006",
            "overlapping men of the Line broke ranks and joined on a Big Man's initiative",
            i64::from(me.overlap_joined),
        ));
    }
    if me.column_rear_men > 0 {
        if round == 1 {
            total -= i64::from(me.column_rear_men);
            steps.push(Step::new(
                "SP-FORM-011",
                "only the first four ranks of the Column fight in the first round: the rear ranks wait",
                -i64::from(me.column_rear_men),
            ));
        } else {
            steps.push(Step::new(
                "SP-FORM-012",
                format!(
                    "round {round}: the Column's rear ranks ({} men) fight too",
                    me.column_rear_men
                ),
                0,
            ));
        }
    }

    let cavalry_involved = me.is_cavalry() || foe.is_cavalry();
    let foe_best = foe
        .groups
        .iter()
        .map(|g| g.quality.rank())
        .max()
        .unwrap_or(0);
    let mut noted_no_cavalry = false;
    let mut noted_base = false;
    let mut clamped = false;
    for m in &tables.modifiers {
        let rule = m.key.rule();
        if m.kind == ModKind::Percent && !clamped {
            clamped = true;
            if total < 0 {
                steps.push(Step::new(
                    "SP-FIST-002",
                    "never fewer than no dice: the percentages are taken of 0",
                    -total,
                ));
                total = 0;
            }
        }
        if m.cavalry_only && !cavalry_involved {
            if !noted_no_cavalry {
                noted_no_cavalry = true;
                steps.push(Step::new(
                    "SP-FIST-030",
                    "no cavalry on either side: the cavalry-only modifiers are not used",
                    0,
                ));
            }
            continue;
        }
        let add: Option<(i64, String, Option<&'static str>)> = match m.key {
            ModKey::LeaderStatus
            | ModKey::Fervour
            | ModKey::OtherBigMen
            | ModKey::Quality
            | ModKey::Shock
            | ModKey::Aggressive
            | ModKey::Guards
            | ModKey::Weedy
            | ModKey::ColumnSupport => counted(m, me, foe_best),
            _ => {
                let applies = row_applies(m.key, me, foe, round);
                if applies && !noted_base {
                    noted_base = true;
                    // Ruling fist-percent-base: running (its only option).
                    steps.push(
                        Step::new(
                            "SP-FIST-002",
                            format!("percentages are taken of the running total, {total} dice"),
                            0,
                        )
                        .by(RulingId::FistPercentBase.name()),
                    );
                }
                applies.then(|| percent(m, total))
            }
        };
        if let Some((value, text, ruling)) = add {
            total += value;
            let mut step = Step::new(rule, text, value);
            if let Some(r) = ruling {
                step = step.by(r);
            }
            if matches!(
                m.key,
                ModKey::VersusUnformedOpen
                    | ModKey::VersusDefendedSquare
                    | ModKey::VersusUndefendedSquare
                    | ModKey::VersusFormedLine
                    | ModKey::VersusLighterCavalry
                    | ModKey::VersusCover
            ) {
                // The row's value is also decided by the pairing.
                steps.push(step);
                steps.push(
                    Step::new(
                        "SP-FIST-026",
                        "the flattened cavalry row paired by position",
                        0,
                    )
                    .by(RulingId::CavalryPairing.name()),
                );
                continue;
            }
            steps.push(step);
        }
    }
    if total < 0 {
        steps.push(Step::new("SP-FIST-002", "never fewer than no dice", -total));
        total = 0;
    }
    DiceCount {
        dice: u32::try_from(total).unwrap_or(0),
        steps,
    }
}

/// A percentage row of the running total, rounded as the row prints or as
/// ruling `fist-rounding` says; the rounding applies to the dice added or
/// removed.
fn percent(m: &FistModifier, total: i64) -> (i64, String, Option<&'static str>) {
    let (rounding, by_ruling) = match m.rounding {
        Some(r) => (r, false),
        None => {
            // Ruling fist-rounding: bonus-down-penalty-up (its only option).
            (
                if m.amount > 0 {
                    Rounding::Down
                } else {
                    Rounding::Up
                },
                true,
            )
        }
    };
    let raw = total * m.amount.abs();
    let magnitude = match rounding {
        Rounding::Down => raw / 100,
        Rounding::Up => (raw + 99) / 100,
    };
    let value = if m.amount > 0 { magnitude } else { -magnitude };
    let text = format!(
        "{}: {:+}% of {total} dice, rounded {} (of the running total)",
        m.text,
        m.amount,
        match rounding {
            Rounding::Down => "down",
            Rounding::Up => "up",
        }
    );
    // The rounding, unless the row prints one, is ruling fist-rounding.
    let ruling = by_ruling.then(|| RulingId::FistRounding.name());
    (value, text, ruling)
}

/// A surrender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Surrender {
    /// Men captured.
    pub prisoners: u32,
    /// Guards the winner must leave with them.
    pub guards: u32,
}

/// The result for the loser of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Loss {
    /// Who lost.
    pub loser: Who,
    /// By how many kills.
    pub margin: u32,
    /// The row of the loss table used (poor one worse, beyond four as four).
    pub treated_as: u32,
    /// Thrown back this many inches (`None` when it surrenders).
    pub push_back: Option<u32>,
    /// Facing the enemy.
    pub facing_enemy: bool,
    /// Further shock points added to the loser.
    pub extra_shock: u32,
    /// The loser's next turn.
    pub next_turn: NextTurn,
    /// Surrendered for want of a line of escape.
    pub surrender: Option<Surrender>,
}

/// How a fight ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// One side had four (three) times the other's dice: no roll.
    Overwhelmed {
        /// The lesser side.
        loser: Who,
        /// Routs this many inches (3D6 rolled); `None` when it surrenders.
        rout: Option<u32>,
        /// Shock points it takes.
        shock: u32,
        /// Surrendered, being surrounded.
        surrender: Option<Surrender>,
    },
    /// Three drawn rounds: both sides retire this many inches.
    Breather {
        /// Inches.
        inches: u32,
    },
    /// A side lost a round.
    Lost(Loss),
}

/// One round as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Round {
    /// 1 for the first.
    pub number: u32,
    /// Both sides' dice.
    pub dice: FightDice,
    /// The faces rolled by A and by B.
    pub faces: [Vec<u32>; 2],
    /// Kills scored by A and by B.
    pub kills: [u32; 2],
    /// Shock points inflicted by A and by B.
    pub shock: [u32; 2],
}

/// A fight resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FightResult {
    /// Every step, in order: each round's dice, rolls and comparison, then
    /// the result.
    pub steps: Vec<Step>,
    /// The rounds rolled (none when overwhelmed at once).
    pub rounds: Vec<Round>,
    /// How it ended.
    pub outcome: Outcome,
    /// Men killed on A and on B over the whole fight.
    pub kills_taken: [u32; 2],
    /// Shock points taken by A and by B from the dice (the loss table's
    /// further shock is in the outcome).
    pub shock_taken: [u32; 2],
}

impl FightResult {
    /// The distinct rulings that decided something, in first-use order.
    pub fn rulings(&self) -> Vec<&'static str> {
        umpire_core::working::rulings_named(&self.steps)
    }
}

fn prefixed(steps: &[Step], prefix: &str) -> impl Iterator<Item = Step> {
    steps.iter().map(move |s| Step {
        text: format!("{prefix}{}", s.text),
        ..s.clone()
    })
}

/// The overwhelmed side, if any, with the steps that decided it.
fn overwhelm(
    tables: &FistTables,
    rulings: &Rulings,
    fight: &Fight,
    dice: &FightDice,
    steps: &mut Vec<Step>,
) -> Option<Who> {
    let (big, small) = if dice.a.dice >= dice.b.dice {
        (Who::A, Who::B)
    } else {
        (Who::B, Who::A)
    };
    let (nb, ns) = (dice.side(big).dice, dice.side(small).dice);
    let poor = fight.side(small).is_poor();
    // Ruling overwhelm-poor (smaller-poor): the lesser side must be poor.
    let ratio = if poor {
        tables.overwhelm.poor_ratio
    } else {
        tables.overwhelm.ratio
    };
    let at_least = rulings.is(RulingId::Overwhelm, "at-least");
    let need = u64::from(ns) * u64::from(ratio);
    let over = nb > 0
        && if at_least {
            u64::from(nb) >= need
        } else {
            u64::from(nb) > need
        };
    let text = format!(
        "{big:?} has {nb} dice, {small:?} {ns}: {} {ratio} times as many ({}) — {}",
        if at_least { "at least" } else { "more than" },
        need,
        if over {
            "overwhelmed, no roll"
        } else {
            "both roll"
        }
    );
    let step = Step::new("SP-FRES-001", text, i64::from(over)).by(RulingId::Overwhelm.name());
    if poor {
        steps.push(
            Step::new(
                "SP-FRES-002",
                format!("{small:?}, the lesser side, is poor: three times suffice"),
                i64::from(ratio),
            )
            .by(RulingId::OverwhelmPoor.name()),
        );
    }
    steps.push(step);
    over.then_some(small)
}

fn surrender(tables: &FistTables, side: &FistSide) -> Surrender {
    let prisoners = side.men_in_fight();
    let per = tables.surrender.prisoners_per_guard.max(1);
    // Ruling guards: round-up (its only option).
    Surrender {
        prisoners,
        guards: prisoners.div_ceil(per),
    }
}

/// Remove `kills` men: from a Column's rear ranks first (SP-FORM-010), from
/// the last Group backwards, then the overlapping men. Big Men and musicians
/// are not removed.
fn take_kills(side: &mut FistSide, kills: u32) {
    let mut left = kills;
    side.column_rear_men = side.column_rear_men.saturating_sub(kills);
    for g in side.groups.iter_mut().rev() {
        let k = left.min(g.men);
        g.men -= k;
        left -= k;
    }
    let k = left.min(side.overlap_joined);
    side.overlap_joined -= k;
}

/// Spread `shock` over the Groups, the leading Groups taking a remainder
/// (as ruling column-shock-remainder does for a Column).
fn take_shock(side: &mut FistSide, shock: u32) {
    let n = side.groups.len() as u32;
    if n == 0 {
        return;
    }
    let (each, extra) = (shock / n, shock % n);
    for (i, g) in side.groups.iter_mut().enumerate() {
        g.shock += each + u32::from((i as u32) < extra);
    }
}

/// A side overwhelmed: it surrenders if surrounded, else routs 3D6 inches.
fn overwhelmed(
    tables: &FistTables,
    state: &Fight,
    loser: Who,
    rolls: &mut Rolls,
    steps: &mut Vec<Step>,
) -> Result<Outcome, SharpError> {
    let side = state.side(loser);
    let o = &tables.overwhelm;
    if side.surrounded {
        let s = surrender(tables, side);
        steps.push(Step::new(
            "SP-FRES-003",
            format!(
                "{loser:?} is surrounded and surrenders: {} prisoners, {} guards",
                s.prisoners, s.guards
            ),
            i64::from(s.prisoners),
        ));
        return Ok(Outcome::Overwhelmed {
            loser,
            rout: None,
            shock: o.rout_shock,
            surrender: Some(s),
        });
    }
    let faces = rolls.dice(o.rout_d6, 6, "the rout (3D6 inches)")?;
    let inches: u32 = faces.iter().sum();
    steps.push(Step::new(
        "SP-FRES-001",
        format!(
            "{loser:?} routs {inches}\" ({}D6: {faces:?}) and takes {} shock",
            o.rout_d6, o.rout_shock
        ),
        i64::from(inches),
    ));
    Ok(Outcome::Overwhelmed {
        loser,
        rout: Some(inches),
        shock: o.rout_shock,
        surrender: None,
    })
}

/// Resolve a fight: overwhelm first, otherwise round by round with dice
/// from `rolls` (A's dice then B's each round).
pub fn resolve_fight(
    tables: &FistTables,
    rulings: &Rulings,
    fight: &Fight,
    rolls: &mut Rolls,
) -> Result<FightResult, SharpError> {
    fight.check()?;
    let mut state = fight.clone();
    let mut steps = Vec::new();
    let mut rounds = Vec::new();
    let mut kills_taken = [0u32; 2];
    let mut shock_taken = [0u32; 2];
    let mut number = 1;
    let outcome = loop {
        let dice = round_dice(tables, rulings, &state, number)?;
        for w in [Who::A, Who::B] {
            steps.extend(prefixed(
                &dice.side(w).steps,
                &format!("round {number}, {w:?}: "),
            ));
        }
        if let Some(loser) = overwhelm(tables, rulings, &state, &dice, &mut steps) {
            break overwhelmed(tables, &state, loser, rolls, &mut steps)?;
        }

        let mut faces: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        let mut kills = [0u32; 2];
        let mut shock = [0u32; 2];
        for w in [Who::A, Who::B] {
            let i = w.index();
            faces[i] = rolls.dice(
                dice.side(w).dice,
                6,
                &format!("side {w:?}'s fisticuffs dice, round {number}"),
            )?;
            kills[i] = faces[i].iter().filter(|&&f| f == tables.roll.kill).count() as u32;
            shock[i] = faces[i].iter().filter(|&&f| f == tables.roll.shock).count() as u32;
            steps.push(Step::new(
                "SP-FRES-004",
                format!(
                    "round {number}, {w:?} rolls {} dice: {} kill(s) on {}, {} shock on {}",
                    dice.side(w).dice,
                    kills[i],
                    tables.roll.kill,
                    shock[i],
                    tables.roll.shock
                ),
                i64::from(kills[i]),
            ));
        }
        for w in [Who::A, Who::B] {
            let (me, foe) = (w.index(), w.other().index());
            kills_taken[me] += kills[foe];
            shock_taken[me] += shock[foe];
            let side = match w {
                Who::A => &mut state.a,
                Who::B => &mut state.b,
            };
            if side.formation == Formation::Column && kills[foe] > 0 {
                steps.push(Step::new(
                    "SP-FORM-010",
                    format!("{w:?}'s {} dead come off the Column's rear", kills[foe]),
                    i64::from(kills[foe]),
                ));
            }
            take_kills(side, kills[foe]);
            take_shock(side, shock[foe]);
        }
        rounds.push(Round {
            number,
            dice,
            faces,
            kills,
            shock,
        });

        let max = tables.draw.max_rounds;
        let again = |steps: &mut Vec<Step>, why: String| {
            if number < max {
                steps.push(Step::new("SP-FRES-005", why, 0));
                None
            } else {
                steps.push(Step::new(
                    "SP-FRES-006",
                    format!(
                        "{why}, but {max} rounds have been fought: both sides retire {}\" to take a breather (a fight may start again on any participating Big Man's card, SP-FRES-007)",
                        tables.draw.breather
                    ),
                    i64::from(tables.draw.breather),
                ));
                Some(Outcome::Breather {
                    inches: tables.draw.breather,
                })
            }
        };
        if kills[0] == kills[1] {
            if let Some(o) = again(
                &mut steps,
                format!("a draw, {} kills each: fight again", kills[0]),
            ) {
                break o;
            }
            number += 1;
            continue;
        }
        let loser = if kills[0] < kills[1] { Who::A } else { Who::B };
        let margin = kills[0].abs_diff(kills[1]);
        let side = state.side(loser).clone();
        if side.is_elite() && margin == tables.quality.elite_ignores_loss_by {
            steps.push(
                Step::new(
                    "SP-FRES-015",
                    format!("{loser:?} is elite and ignores a defeat by {margin}: the round counts toward the limit"),
                    0,
                )
                .by(RulingId::EliteRound.name()),
            );
            // Ruling elite-round: counts (its only option).
            if let Some(o) = again(&mut steps, "elite troops fight again".to_string()) {
                break o;
            }
            number += 1;
            continue;
        }
        break Outcome::Lost(loss(
            tables,
            rulings,
            &side,
            loser,
            margin,
            shock_taken[loser.index()],
            &mut steps,
        ));
    };
    Ok(FightResult {
        steps,
        rounds,
        outcome,
        kills_taken,
        shock_taken,
    })
}

const LOSS_RULES: [&str; 4] = ["SP-FRES-008", "SP-FRES-009", "SP-FRES-010", "SP-FRES-011"];

fn loss(
    tables: &FistTables,
    rulings: &Rulings,
    side: &FistSide,
    loser: Who,
    margin: u32,
    shock_in_fight: u32,
    steps: &mut Vec<Step>,
) -> Loss {
    let mut treated = margin;
    if side.is_poor() {
        treated += tables.quality.poor_steps_worse;
        steps.push(Step::new(
            "SP-FRES-016",
            format!("{loser:?} is poor: defeated by {margin}, taken as by {treated}"),
            i64::from(treated),
        ));
    }
    let top = tables.losses.len() as u32;
    if treated > top {
        steps.push(
            Step::new(
                "SP-FRES-013",
                format!("defeated by {treated}: taken as by {top}"),
                i64::from(top),
            )
            .by(RulingId::BeyondFour.name()),
        );
        treated = top;
    }
    let row = tables
        .loss(treated)
        .or(tables.losses.last())
        .cloned()
        .unwrap_or(LossRow {
            by: treated,
            push_back: 0,
            cavalry_push_back: 0,
            facing_enemy: false,
            extra_shock: 0,
            shock_per_group: false,
            double_shock: false,
            next_turn: NextTurn::Free,
            surrender_if_no_escape: false,
        });
    let rule = LOSS_RULES
        .get(treated.saturating_sub(1) as usize)
        .copied()
        .unwrap_or("SP-FRES-011");
    let groups = side.groups.len() as u32;
    let mut extra_ruling = None;
    let extra = if row.double_shock {
        extra_ruling = Some(RulingId::LostByFour.name());
        shock_in_fight
    } else if row.shock_per_group {
        row.extra_shock * groups
    } else if row.extra_shock > 0 && rulings.is(RulingId::LossByTwoShock, "per-group") {
        extra_ruling = Some(RulingId::LossByTwoShock.name());
        row.extra_shock * groups
    } else {
        if row.extra_shock > 0 {
            extra_ruling = Some(RulingId::LossByTwoShock.name());
        }
        row.extra_shock
    };
    let surrender =
        (row.surrender_if_no_escape && !side.line_of_escape).then(|| surrender(tables, side));
    let push_back = if surrender.is_some() {
        None
    } else if side.is_cavalry() {
        Some(row.cavalry_push_back)
    } else {
        Some(row.push_back)
    };
    let mut text = format!("{loser:?} defeated by {margin}");
    if treated != margin {
        text.push_str(&format!(" (as by {treated})"));
    }
    match push_back {
        Some(p) => text.push_str(&format!(
            ": thrown back {p}\"{}{}",
            if side.is_cavalry() { " (cavalry)" } else { "" },
            if row.facing_enemy {
                " facing the enemy"
            } else {
                ""
            }
        )),
        None => text.push_str(": no line of escape"),
    }
    let mut step = Step::new(rule, text, i64::from(push_back.unwrap_or(0)));
    if row.double_shock || !row.facing_enemy {
        step = step.by(RulingId::LostByFour.name());
    }
    steps.push(step);
    if extra > 0 || row.double_shock {
        let what = if row.double_shock {
            format!("the {shock_in_fight} shock taken in this fight is doubled: {extra} more")
        } else if row.shock_per_group || extra != row.extra_shock {
            format!(
                "{} further shock per Group, {groups} Group(s)",
                row.extra_shock
            )
        } else {
            format!("{} further shock for the side", row.extra_shock)
        };
        let mut s = Step::new(rule, what, i64::from(extra));
        if let Some(r) = extra_ruling {
            s = s.by(r);
        }
        steps.push(s);
    }
    steps.push(Step::new(
        rule,
        format!("{loser:?} {}", row.next_turn.name()),
        0,
    ));
    if let Some(s) = surrender {
        steps.push(
            Step::new(
                "SP-FRES-012",
                format!(
                    "{loser:?} surrenders: {} prisoners, 1 guard per {} (rounded up) = {} guards",
                    s.prisoners, tables.surrender.prisoners_per_guard, s.guards
                ),
                i64::from(s.guards),
            )
            .by(RulingId::Guards.name()),
        );
    }
    Loss {
        loser,
        margin,
        treated_as: treated,
        push_back,
        facing_enemy: row.facing_enemy && push_back.is_some(),
        extra_shock: extra,
        next_turn: row.next_turn,
        surrender,
    }
}

/// The exact odds of a fight's first round, before anyone rolls.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FightOdds {
    /// Both sides' first-round dice.
    pub dice: FightDice,
    /// The steps of the overwhelm check.
    pub steps: Vec<Step>,
    /// Certain: this side is overwhelmed, no roll.
    pub overwhelmed: Option<Who>,
    /// P(A scores more kills by 1, 2, 3, 4 or more).
    pub a_wins_by: [f64; 4],
    /// P(equal kills).
    pub draw: f64,
    /// P(A scores fewer kills by 1, 2, 3, 4 or more).
    pub a_loses_by: [f64; 4],
    /// P(A's kills − B's kills = d), for every possible d, in order.
    pub difference: Vec<(i64, f64)>,
    /// Expected kills scored by A and by B.
    pub expected_kills: [f64; 2],
    /// Expected shock inflicted by A and by B.
    pub expected_shock: [f64; 2],
}

/// P(k successes) for `n` dice each succeeding with `p`.
fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        dist = next;
    }
    dist
}

/// The exact odds of the first round: overwhelm (certain), or the
/// distribution of the kill difference (each side's kills binomial, one
/// face in six; the two convolved).
pub fn fight_odds(
    tables: &FistTables,
    rulings: &Rulings,
    fight: &Fight,
) -> Result<FightOdds, SharpError> {
    let dice = fight_dice(tables, rulings, fight)?;
    let mut steps = Vec::new();
    let overwhelmed = overwhelm(tables, rulings, fight, &dice, &mut steps);
    let p = 1.0 / 6.0;
    let mut odds = FightOdds {
        dice,
        steps,
        overwhelmed,
        a_wins_by: [0.0; 4],
        draw: 0.0,
        a_loses_by: [0.0; 4],
        difference: Vec::new(),
        expected_kills: [0.0; 2],
        expected_shock: [0.0; 2],
    };
    if overwhelmed.is_some() {
        return Ok(odds);
    }
    let (na, nb) = (odds.dice.a.dice, odds.dice.b.dice);
    let ka = binomial(na, p);
    let kb = binomial(nb, p);
    let mut diff = vec![0.0; (na + nb + 1) as usize];
    for (i, pa) in ka.iter().enumerate() {
        for (j, pb) in kb.iter().enumerate() {
            // index of d = i - j, offset by nb.
            diff[i + nb as usize - j] += pa * pb;
        }
    }
    for (idx, q) in diff.iter().enumerate() {
        let d = idx as i64 - i64::from(nb);
        odds.difference.push((d, *q));
        match d {
            0 => odds.draw += q,
            d if d > 0 => odds.a_wins_by[(d.min(4) - 1) as usize] += q,
            d => odds.a_loses_by[((-d).min(4) - 1) as usize] += q,
        }
    }
    odds.expected_kills = [f64::from(na) * p, f64::from(nb) * p];
    odds.expected_shock = [f64::from(na) * p, f64::from(nb) * p];
    Ok(odds)
}
