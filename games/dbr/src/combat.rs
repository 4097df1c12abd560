//! Close combat and shooting: totals, grading, outcome (DBR-CF, DBR-RS,
//! DBR-FS, DBR-TF, DBR-SGF, DBR-CGF, DBR-RES, DBR-OUT1, DBR-OUT2).
//!
//! A combat is two sides, A and B. Each side's total is its base factor
//! (against the opponent's class) plus rear and flank support, tactical
//! factors and its die; both totals are then graded against each other
//! (ruling `grading-basis`), giving the final scores. The lower final score
//! loses; the outcome comes from the first table when the loser scored more
//! than half the winner's score, else from the second, and within the
//! loser's entry the first clause that matches decides (DBR-RES-004). Every
//! step names its checklist item and any ruling that decided it.
//!
//! In shooting, A shoots at B. The umpire takes positions as given: the
//! players say which going each element stands in, what supports it, and so
//! on; nothing here measures a table.

use serde::Serialize;

use crate::Dbr;
use crate::error::DbrError;
use crate::model::{Class, ElementType as E, Going, Grade};
use crate::rulings::{RulingId, Rulings};
use crate::tables::FactorCell;
use crate::units::Distance;

/// Close combat or shooting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatKind {
    /// Close combat.
    Close,
    /// Distant shooting: side A shoots at side B.
    Shooting,
}

/// One side of a combat, as the players describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// The element's type.
    pub element: E,
    /// Its grade.
    pub grade: Grade,
    /// A naval element that is unladen.
    pub unladen: bool,
    /// A captured Art or naval element.
    pub captured: bool,
    /// Bg that is not mobile.
    pub immobile: bool,
    /// The general's element.
    pub general: bool,
    /// A suitable element directly behind claims rear support.
    pub rear_support: bool,
    /// Elements giving flank support, with grades.
    pub flank_support: Vec<(E, Grade)>,
    /// The going the element stands in.
    pub going: Going,
    /// Facing along a road (no -2 for rough or difficult going).
    pub facing_road: bool,
    /// Protected by fortifications.
    pub fortified: bool,
    /// Protected by an obstacle against cavalry.
    pub obstacle: bool,
    /// Upslope of its opponent.
    pub upslope: bool,
    /// Defending a riverbank (not at a ford or bridge).
    pub riverbank: bool,
    /// Entirely inside a BUA.
    pub in_bua: bool,
    /// On a road.
    pub on_road: bool,
    /// Art on a hill (as primary shooter).
    pub on_hill: bool,
    /// A WWg or Ship shooting from its front edge.
    pub front_edge: bool,
    /// Part of a beaten command.
    pub beaten_command: bool,
    /// Disadvantaged by weather.
    pub weather: bool,
    /// Flanks overlapped and/or enemy in contact with flank or rear.
    pub overlaps: u32,
    /// Elements (2nd, 3rd) assisting this side's shooting.
    pub assisting: u32,
    /// Attacking across a fortification or fixed obstacle.
    pub across_obstacle: bool,
    /// Moved into contact with the enemy's front this bound.
    pub charged_front: bool,
    /// Shooting with only water, beach, marsh or ice between the shooter's
    /// and the target's edges (Gal (F) then reach 500p, DBR-RNG-046).
    pub water_only: bool,
    /// The die, when the players typed it; `None` to roll.
    pub die: Option<u32>,
}

impl Side {
    /// A side with nothing special: standing in good going.
    pub fn new(element: E, grade: Grade) -> Side {
        Side {
            element,
            grade,
            unladen: false,
            captured: false,
            immobile: false,
            general: false,
            rear_support: false,
            flank_support: Vec::new(),
            going: Going::Good,
            facing_road: false,
            fortified: false,
            obstacle: false,
            upslope: false,
            riverbank: false,
            in_bua: false,
            on_road: false,
            on_hill: false,
            front_edge: false,
            beaten_command: false,
            weather: false,
            overlaps: 0,
            assisting: 0,
            across_obstacle: false,
            charged_front: false,
            water_only: false,
            die: None,
        }
    }

    fn label(&self) -> String {
        format!("{} {}", self.element, self.grade)
    }
}

/// Which side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Who {
    /// Side A (the shooter, in shooting).
    A,
    /// Side B.
    B,
}

/// A combat to resolve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combat {
    /// Close combat or shooting.
    pub kind: CombatKind,
    /// Whose bound it is.
    pub bound: Who,
    /// Side A.
    pub a: Side,
    /// Side B.
    pub b: Side,
    /// The shooting distance, edge to edge, where it matters (Art within
    /// 600p of fortified targets, Art within 100p).
    pub distance: Option<Distance>,
}

/// What happens to the loser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Nothing.
    NoEffect,
    /// Recoil.
    Recoil,
    /// Flee.
    Flee,
    /// Draught teams desert (Art (S)/(O)).
    DraughtTeamsDesert,
    /// Destroyed.
    Destroyed,
    /// Captured.
    Captured,
}

impl Effect {
    /// In words.
    pub fn name(self) -> &'static str {
        match self {
            Effect::NoEffect => "no effect",
            Effect::Recoil => "recoil",
            Effect::Flee => "flee",
            Effect::DraughtTeamsDesert => "draught teams desert",
            Effect::Destroyed => "destroyed",
            Effect::Captured => "captured",
        }
    }
}

/// One line of working (shared by every umpire aid).
pub use umpire_core::working::Step;

/// One side's score, worked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Score {
    /// The factor steps: base, supports, tactical factors, die.
    pub steps: Vec<Step>,
    /// The total before grading.
    pub total: i64,
    /// The grading steps.
    pub grading: Vec<Step>,
    /// The final score.
    pub final_score: i64,
}

/// The outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The loser, or `None` on equal scores.
    pub loser: Option<Who>,
    /// The table used: 1 (less than the enemy but more than half) or 2
    /// (half or less).
    pub table: Option<u8>,
    /// The loser's entry, in the sheet's words.
    pub entry: &'static str,
    /// The checklist item of the clause that decided.
    pub rule: &'static str,
    /// What happens.
    pub effect: Effect,
    /// Why, in words.
    pub reason: String,
    /// The ruling that decided it, if any.
    pub ruling: Option<&'static str>,
}

/// The whole resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resolution {
    /// Side A's score.
    pub a: Score,
    /// Side B's score.
    pub b: Score,
    /// The outcome.
    pub outcome: Outcome,
}

impl Resolution {
    /// Every ruling that decided something, once each, in order.
    pub fn rulings(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        let all = self
            .a
            .steps
            .iter()
            .chain(&self.a.grading)
            .chain(&self.b.steps)
            .chain(&self.b.grading)
            .filter_map(|s| s.ruling)
            .chain(self.outcome.ruling);
        for r in all {
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    }

    /// The working, line by line.
    pub fn explain(&self, combat: &Combat) -> Vec<String> {
        let mut lines = Vec::new();
        for (who, side, score) in [(Who::A, &combat.a, &self.a), (Who::B, &combat.b, &self.b)] {
            lines.push(format!("{who:?}: {}", side.label()));
            for s in &score.steps {
                lines.push(step_line(
                    s,
                    s.rule.starts_with("DBR-CF") || s.text.starts_with("die"),
                ));
            }
            lines.push(format!("  total {}", score.total));
            for s in &score.grading {
                lines.push(step_line(s, false));
            }
            lines.push(format!("  final score {}", score.final_score));
        }
        let o = &self.outcome;
        let ruling = o
            .ruling
            .map(|r| format!(" [ruling {r}]"))
            .unwrap_or_default();
        match o.loser {
            None => lines.push(format!("{}: equal scores: {}{ruling}", o.rule, o.reason)),
            Some(l) => {
                let loser = if l == Who::A { &combat.a } else { &combat.b };
                lines.push(format!(
                    "{}: {l:?} ({}) loses, table {}: {}",
                    if o.table == Some(1) {
                        "DBR-RES-002"
                    } else {
                        "DBR-RES-003"
                    },
                    loser.label(),
                    o.table.unwrap_or(0),
                    if o.table == Some(1) {
                        "less than the enemy but more than half"
                    } else {
                        "half the enemy or less"
                    }
                ));
                if !o.entry.trim().is_empty() {
                    lines.push(format!("  the sheet: \"{}\"", o.entry));
                }
                lines.push(format!(
                    "{}: {} => {}{ruling}",
                    o.rule,
                    o.reason,
                    o.effect.name().to_uppercase()
                ));
            }
        }
        lines
    }
}

fn step_line(s: &Step, absolute: bool) -> String {
    let ruling = s
        .ruling
        .map(|r| format!(" [ruling {r}]"))
        .unwrap_or_default();
    let v = if absolute {
        format!("{}", s.value)
    } else {
        format!("{:+}", s.value)
    };
    format!("  {}: {}: {v}{ruling}", s.rule, s.text)
}

/// Exact outcome probabilities over the 36 die pairs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Odds {
    /// (description, number of the 36 pairs).
    pub outcomes: Vec<(String, u32)>,
}

impl Odds {
    /// One line per outcome: "  6/36 ( 16.7%)  B recoils".
    pub fn explain(&self) -> Vec<String> {
        self.outcomes
            .iter()
            .map(|(k, n)| format!("{n:>2}/36 ({:>5.1}%)  {k}", f64::from(*n) * 100.0 / 36.0))
            .collect()
    }
}

impl Dbr<'_> {
    /// Resolve a combat. Each side's die must be given (`Side::die`), or a
    /// roll function supplies it (see [`Dbr::resolve_with_dice`]).
    pub fn resolve(&self, combat: &Combat) -> Result<Resolution, DbrError> {
        let die = |s: &Side, w: &str| {
            s.die
                .ok_or_else(|| DbrError::Invalid(format!("side {w}'s die is not given")))
        };
        let (da, db) = (die(&combat.a, "A")?, die(&combat.b, "B")?);
        self.resolve_dice(combat, da, db)
    }

    /// Resolve, rolling any die not given on `dice` (A first, then B).
    pub fn resolve_with_dice(
        &self,
        combat: &Combat,
        dice: &mut umpire_core::Dice,
    ) -> Result<Resolution, DbrError> {
        let da = match combat.a.die {
            Some(d) => d,
            None => dice.roll(6),
        };
        let db = match combat.b.die {
            Some(d) => d,
            None => dice.roll(6),
        };
        self.resolve_dice(combat, da, db)
    }

    /// Every one of the 36 die pairs, tallied by outcome.
    pub fn odds(&self, combat: &Combat) -> Result<Odds, DbrError> {
        let mut tally: Vec<(String, u32)> = Vec::new();
        for da in 1..=6 {
            for db in 1..=6 {
                let r = self.resolve_dice(combat, da, db)?;
                let key = match r.outcome.loser {
                    None => "equal scores: no result".to_string(),
                    Some(l) => {
                        let loser = if l == Who::A { &combat.a } else { &combat.b };
                        format!("{l:?} ({}) {}", loser.label(), r.outcome.effect.name())
                    }
                };
                match tally.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, n)) => *n += 1,
                    None => tally.push((key, 1)),
                }
            }
        }
        tally.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        Ok(Odds { outcomes: tally })
    }

    fn resolve_dice(&self, combat: &Combat, da: u32, db: u32) -> Result<Resolution, DbrError> {
        for (w, s, d) in [("A", &combat.a, da), ("B", &combat.b, db)] {
            if !(1..=6).contains(&d) {
                return Err(DbrError::Invalid(format!(
                    "side {w}'s die is {d}: a d6 shows 1 to 6"
                )));
            }
            self.check_side(s, w)?;
        }
        if combat.kind == CombatKind::Shooting {
            self.check_range(combat)?;
        }
        let (sa, ta) = self.total(combat, Who::A, da)?;
        let (sb, tb) = self.total(combat, Who::B, db)?;
        let ga = self.grading(combat, Who::A, ta, tb);
        let gb = self.grading(combat, Who::B, tb, ta);
        let fa = ta + ga.iter().map(|s| s.value).sum::<i64>();
        let fb = tb + gb.iter().map(|s| s.value).sum::<i64>();
        let outcome = self.outcome(combat, fa, fb);
        Ok(Resolution {
            a: Score {
                steps: sa,
                total: ta,
                grading: ga,
                final_score: fa,
            },
            b: Score {
                steps: sb,
                total: tb,
                grading: gb,
                final_score: fb,
            },
            outcome,
        })
    }

    /// A type/grade with no range cannot shoot, and a target beyond range
    /// cannot be shot at (DBR-RNG-047).
    fn check_range(&self, c: &Combat) -> Result<(), DbrError> {
        let shooter = &c.a;
        let r = self.range(shooter.element, shooter.grade)?;
        let reach = match (r.range, r.water_range) {
            (_, Some(w)) if shooter.water_only => Some(w),
            (range, _) => range,
        };
        let Some(reach) = reach else {
            return Err(DbrError::Invalid(format!(
                "{} cannot shoot: it has no range (DBR-RNG-047)",
                shooter.label()
            )));
        };
        if let Some(d) = c.distance
            && d > reach
        {
            return Err(DbrError::Invalid(format!(
                "{} shoots {} ({}); the target at {} ({}) is out of range (DBR-RNG-047)",
                shooter.label(),
                reach.show(crate::units::Units::Paces),
                reach.show(crate::units::Units::Cm),
                d.show(crate::units::Units::Paces),
                d.show(crate::units::Units::Cm),
            )));
        }
        Ok(())
    }

    fn check_side(&self, s: &Side, w: &str) -> Result<(), DbrError> {
        let bad = |m: String| Err(DbrError::Invalid(format!("side {w} ({}): {m}", s.label())));
        if s.unladen && !s.element.is_naval() {
            return bad("only Naval elements can be unladen".to_string());
        }
        if s.captured && !(s.element.is_naval() || s.element == E::Art) {
            return bad("only Art or Naval elements can be captured".to_string());
        }
        if s.immobile && s.element != E::Bg {
            return bad("only Bg are mobile or not".to_string());
        }
        if s.assisting > 2 {
            return bad("at most a 2nd and a 3rd element assist shooting".to_string());
        }
        if s.overlaps > 3 && self.rulings.is(RulingId::Overlap, "once-per-flank") {
            return bad(format!(
                "{} overlaps: under ruling `overlap` (once-per-flank) there are at most 3 (two flanks and the rear)",
                s.overlaps
            ));
        }
        Ok(())
    }

    fn side(c: &Combat, who: Who) -> (&Side, &Side) {
        match who {
            Who::A => (&c.a, &c.b),
            Who::B => (&c.b, &c.a),
        }
    }

    /// The total before grading, with its steps.
    fn total(&self, c: &Combat, who: Who, die: u32) -> Result<(Vec<Step>, i64), DbrError> {
        let (me, foe) = Self::side(c, who);
        let my_class = self.class(me.element);
        let f = Fight {
            me,
            foe,
            my_class,
            foe_class: self.class(foe.element),
            close: c.kind == CombatKind::Close,
            my_bound: c.bound == who,
            shot_at: c.kind == CombatKind::Shooting && who == Who::B,
            shooting: c.kind == CombatKind::Shooting && who == Who::A,
            foot: my_class == Class::Foot,
            distance: c.distance,
        };
        let mut out = Factors(Vec::new());
        self.base_factor(&f, &mut out);
        rear_support(&f, &mut out);
        self.flank_support(&f, &mut out);
        self.fortified(&f, &mut out);
        self.ground(&f, &mut out);
        self.shooting_position(&f, &mut out);
        leaders_and_guns(&f, &mut out);
        penalties(&f, &mut out);
        bad_going(&f, &mut out);
        let die = i64::from(die);
        out.add("DBR-RES-001", "die".to_string(), die, Some(RulingId::Die));
        let steps = out.0;
        let total = steps.iter().map(|s| s.value).sum();
        Ok((steps, total))
    }

    /// The base factor against the enemy's class (DBR-CF).
    fn base_factor(&self, f: &Fight, out: &mut Factors) {
        let (me, foe_class) = (f.me, f.foe_class);
        let disabled =
            (me.unladen || me.captured) && self.rulings.is(RulingId::UnladenRow, "last-row");
        let (cell, row) = if disabled {
            (
                self.tables.disabled_factor_cell(foe_class),
                "the unladen/captured row",
            )
        } else {
            (
                self.tables.factor_cell(me.element, foe_class),
                "its own row",
            )
        };
        let base = match cell {
            FactorCell::One(v) => v,
            FactorCell::Either(three, five) => {
                if self.rulings.is(RulingId::BdThreeFive, "always-3") {
                    three
                } else if self.rulings.is(RulingId::BdThreeFive, "always-5") || f.close {
                    five
                } else {
                    three
                }
            }
        };
        let base_ruling = match cell {
            FactorCell::Either(..) => Some(RulingId::BdThreeFive),
            FactorCell::One(_) if me.unladen || me.captured => Some(RulingId::UnladenRow),
            FactorCell::One(_) => None,
        };
        out.add(
            cf_item(me.element, foe_class, disabled),
            format!("{} against {} ({row})", me.label(), foe_class.name()),
            base,
            base_ruling,
        );
    }

    /// Flank support (DBR-FS): for Sh or Art, and against cavalry's enemy.
    fn flank_support(&self, f: &Fight, out: &mut Factors) {
        let (me, foe, foe_class) = (f.me, f.foe, f.foe_class);
        let per_flank = self.rulings.is(RulingId::FlankSupport, "per-flank");
        let count = |n: usize| {
            if per_flank {
                n as i64
            } else {
                i64::from(n > 0)
            }
        };
        let fs_ruling = |n: usize| (n > 1).then_some(RulingId::FlankSupport);
        if me.element == E::Sh && (foe_class == Class::Cavalry || foe.element == E::Wb) {
            let n = me
                .flank_support
                .iter()
                .filter(|(e, g)| (*e == E::Pi && *g != Grade::I) || *e == E::Pk)
                .count();
            if n > 0 {
                out.add(
                    "DBR-FS-001",
                    "Sh flank-supported by Pi (not (I)) or Pk".to_string(),
                    2 * count(n),
                    fs_ruling(n),
                );
            }
        }
        if matches!(me.element, E::Sh | E::Art) {
            let n = me
                .flank_support
                .iter()
                .filter(|(e, g)| *e == E::Art && *g == Grade::I)
                .count();
            if n > 0 {
                out.add(
                    "DBR-FS-002",
                    format!("{} flank-supported by Art (I)", me.element),
                    count(n),
                    fs_ruling(n),
                );
            }
        }
        if f.my_class == Class::Cavalry && matches!(foe.element, E::Ln | E::Pi | E::Pk) {
            let n = foe
                .flank_support
                .iter()
                .filter(|(e, _)| matches!(e, E::Sh | E::Dr))
                .count();
            if n > 0 {
                out.add(
                    "DBR-FS-003",
                    format!("enemy {} flank-supported by Sh or Dr", foe.element),
                    -count(n),
                    fs_ruling(n),
                );
            }
        }
    }

    /// Fortified foot or Art, in close combat or shot at (DBR-TF-001,
    /// DBR-TF-002), as ruling `fortified` reads them.
    fn fortified(&self, f: &Fight, out: &mut Factors) {
        let (me, foe) = (f.me, f.foe);
        let fortified_only = self.rulings.is(RulingId::Fortified, "fortified-only");
        let foot_or_art = f.foot || me.element == E::Art;
        if f.close {
            let sk_x = foe.element == E::Sk && foe.grade == Grade::X;
            if fortified_only {
                if me.fortified && foot_or_art && !sk_x {
                    out.add(
                        "DBR-TF-001",
                        "fortified foot or Art in close combat".to_string(),
                        2,
                        Some(RulingId::Fortified),
                    );
                }
            } else {
                if me.fortified && foot_or_art {
                    out.add(
                        "DBR-TF-001",
                        "fortified foot or Art".to_string(),
                        2,
                        Some(RulingId::Fortified),
                    );
                }
                if !sk_x {
                    out.add(
                        "DBR-TF-001",
                        "in close combat other than against Sk (X)".to_string(),
                        2,
                        Some(RulingId::Fortified),
                    );
                }
            }
        }
        if f.shot_at {
            let art_s_near = foe.element == E::Art
                && foe.grade == Grade::S
                && f.distance.is_some_and(|d| d <= Distance::paces(600));
            let exempt = art_s_near || foe.element == E::Bw;
            if fortified_only {
                if me.fortified && foot_or_art && !exempt {
                    out.add(
                        "DBR-TF-002",
                        "fortified foot or Art shot at".to_string(),
                        2,
                        Some(RulingId::Fortified),
                    );
                }
            } else {
                if me.fortified && foot_or_art {
                    out.add(
                        "DBR-TF-002",
                        "fortified foot or Art".to_string(),
                        2,
                        Some(RulingId::Fortified),
                    );
                }
                if !exempt {
                    out.add(
                        "DBR-TF-002",
                        "shot at, not by Art (S) within 600p nor by Bw".to_string(),
                        2,
                        Some(RulingId::Fortified),
                    );
                }
            }
        }
    }

    /// The ground in the side's favour: an obstacle against cavalry, upslope,
    /// a riverbank, a BUA (DBR-TF-003 to DBR-TF-006).
    fn ground(&self, f: &Fight, out: &mut Factors) {
        let (me, foe) = (f.me, f.foe);
        let foot_or_art = f.foot || me.element == E::Art;
        if f.close
            && me.obstacle
            && (foot_or_art || me.element == E::Bg)
            && f.foe_class == Class::Cavalry
        {
            out.add(
                "DBR-TF-003",
                "protected by an obstacle against cavalry".to_string(),
                1,
                None,
            );
        }
        if f.close && me.upslope {
            out.add("DBR-TF-004", "upslope".to_string(), 1, None);
        }
        if f.close && me.riverbank {
            out.add("DBR-TF-005", "defending a riverbank".to_string(), 1, None);
        }
        if f.foot && me.in_bua {
            let shot_by_art = f.shot_at && foe.element == E::Art;
            let road_blocks = if self.rulings.is(RulingId::BuaRoad, "target-on-road") {
                me.on_road
            } else {
                foe.on_road
            };
            if !shot_by_art && !road_blocks {
                out.add(
                    "DBR-TF-006",
                    "foot entirely inside a BUA".to_string(),
                    1,
                    Some(RulingId::BuaRoad),
                );
            }
        }
    }

    /// Art on a hill, or a WWg or Ship's front edge, shooting: to the target
    /// or to the shooter, as ruling `shot-at-bonus` says (DBR-TF-007,
    /// DBR-TF-008).
    fn shooting_position(&self, f: &Fight, out: &mut Factors) {
        let (me, foe) = (f.me, f.foe);
        let bonus_to_target = self.rulings.is(RulingId::ShotAtBonus, "target");
        let primary = |s: &Side| -> Option<&'static str> {
            if s.element == E::Art && s.on_hill {
                Some("DBR-TF-007")
            } else if matches!(s.element, E::WWg | E::Ships) && s.front_edge {
                Some("DBR-TF-008")
            } else {
                None
            }
        };
        if bonus_to_target && f.shot_at {
            if let Some(rule) = primary(foe) {
                out.add(
                    rule,
                    format!(
                        "shot at by {} (Art on a hill, or WWg/Ship front edge)",
                        foe.element
                    ),
                    1,
                    Some(RulingId::ShotAtBonus),
                );
            }
        } else if !bonus_to_target && f.shooting {
            if let Some(rule) = primary(me) {
                out.add(
                    rule,
                    format!(
                        "{} shooting (Art on a hill, or WWg/Ship front edge)",
                        me.element
                    ),
                    1,
                    Some(RulingId::ShotAtBonus),
                );
            }
        }
    }

    /// The grading steps of one side (DBR-SGF, DBR-CGF).
    fn grading(&self, c: &Combat, who: Who, mine: i64, theirs: i64) -> Vec<Step> {
        let (me, foe) = Self::side(c, who);
        let foe_class = self.class(foe.element);
        let my_class = self.class(me.element);
        let even = mine % 2 == 0;
        let mut out = Vec::new();
        let mut add = |rule: &'static str, text: &str, value: i64, ruling: Option<RulingId>| {
            out.push(Step {
                rule,
                text: format!("{} {text}", me.grade),
                value,
                ruling: Some(ruling.unwrap_or(RulingId::GradingBasis).name()),
            });
        };
        if c.kind == CombatKind::Shooting {
            match me.grade {
                Grade::S => {
                    if mine < theirs && foe.element == E::Bw {
                        add("DBR-SGF-001", "total less than Bw's", 1, None);
                    }
                    if matches!(me.element, E::Bw | E::Art) && mine > theirs {
                        add(
                            "DBR-SGF-002",
                            "Bw or Art, total more than the opponent's",
                            1,
                            None,
                        );
                    }
                }
                Grade::I => {
                    let less = mine < theirs;
                    let vs_bw = less && my_class.is_land() && foe.element == E::Bw;
                    if less && !(vs_bw && self.rulings.is(RulingId::InferiorVsBw, "one-row")) {
                        add(
                            "DBR-SGF-003",
                            "total less than the opponent's",
                            -1,
                            vs_bw.then_some(RulingId::InferiorVsBw),
                        );
                    }
                    if vs_bw {
                        add(
                            "DBR-SGF-004",
                            "land element, total less than Bw's",
                            -1,
                            Some(RulingId::InferiorVsBw),
                        );
                    }
                }
                Grade::F => {
                    if mine > theirs {
                        add("DBR-SGF-005", "total more than the opponent's", -1, None);
                    }
                }
                Grade::X => {
                    if even && (foe_class == Class::Cavalry || foe.element == E::WWg) {
                        add("DBR-SGF-006", "even total against cavalry or WWg", 2, None);
                    } else if !even {
                        add("DBR-SGF-007", "odd total", -2, None);
                    }
                }
                Grade::O => {}
            }
        } else {
            let enemy_bound = c.bound != who;
            match me.grade {
                Grade::S => {
                    if mine < theirs && !matches!(foe.element, E::Art | E::El) {
                        add(
                            "DBR-CGF-001",
                            "total less than the opponent's (not Art or El)",
                            1,
                            None,
                        );
                    }
                    if me.element == E::Sh && mine > theirs {
                        add("DBR-CGF-002", "Sh, total more than the opponent's", 1, None);
                    }
                }
                Grade::I => {
                    if mine <= theirs {
                        add(
                            "DBR-CGF-003",
                            "total less than or equal to the opponent's",
                            -1,
                            None,
                        );
                    }
                }
                Grade::F => {
                    if enemy_bound && mine < theirs {
                        add(
                            "DBR-CGF-004",
                            "in an enemy bound, total less than the opponent's",
                            -1,
                            None,
                        );
                    }
                }
                Grade::X => {
                    let vs = foe_class == Class::Cavalry
                        || matches!(foe.element, E::Pk | E::El | E::WWg);
                    if even && vs {
                        add(
                            "DBR-CGF-005",
                            "even total against cavalry, Pk, El or WWg",
                            2,
                            None,
                        );
                    } else if !even {
                        add("DBR-CGF-006", "odd total", -2, None);
                    }
                }
                Grade::O => {}
            }
        }
        out
    }

    fn outcome(&self, c: &Combat, fa: i64, fb: i64) -> Outcome {
        if fa == fb {
            return Outcome {
                loser: None,
                table: None,
                entry: "",
                rule: "DBR-RES-005",
                effect: Effect::NoEffect,
                reason: "no result; both stand".to_string(),
                ruling: Some(RulingId::Tie.name()),
            };
        }
        let (loser, lf, wf) = if fa < fb {
            (Who::A, fa, fb)
        } else {
            (Who::B, fb, fa)
        };
        let table = if 2 * lf <= wf { 2 } else { 1 };
        let (l, w) = Self::side(c, loser);
        // In shooting only the target suffers; a shooter that loses is not
        // shot at by its target in this exchange.
        if c.kind == CombatKind::Shooting
            && loser == Who::A
            && self.rulings.is(RulingId::ShooterLoses, "no-effect")
        {
            return Outcome {
                loser: Some(loser),
                table: Some(table),
                entry: "",
                rule: "DBR-SGF-009",
                effect: Effect::NoEffect,
                reason: "the shooter lost, but is not being shot at in this exchange".to_string(),
                ruling: Some(RulingId::ShooterLoses.name()),
            };
        }
        let ctx = Ctx {
            close: c.kind == CombatKind::Close,
            shooting: c.kind == CombatKind::Shooting,
            enemy_bound: c.bound != loser,
            own_bound: c.bound == loser,
            good: l.going == Going::Good,
            counts_good: if self.rulings.is(RulingId::CountsAsGood, "either-in-good") {
                l.going == Going::Good && w.going == Going::Good
            } else {
                l.going == Going::Good
            },
            winner_cavalry: self.class(w.element) == Class::Cavalry,
            winner_even: wf % 2 == 0,
            loser_even: lf % 2 == 0,
        };
        let d = if table == 1 {
            self.table1(l, w, &ctx)
        } else {
            self.table2(l, w, &ctx)
        };
        Outcome {
            loser: Some(loser),
            table: Some(table),
            entry: d.entry,
            rule: d.rule,
            effect: d.effect,
            reason: d.reason.to_string(),
            ruling: d.ruling.map(RulingId::name),
        }
    }

    /// The first outcome table (DBR-OUT1): the loser's entry, by its element.
    fn table1(&self, l: &Side, w: &Side, x: &Ctx) -> Decision {
        match l.element {
            E::Ln => out1_lancers(l, w, x),
            E::Pi => out1_pistoliers(w, x),
            E::Si => out1_sword_cavalry(w, x),
            E::LH => out1_light_horse(w),
            E::Cm => out1_cuirassiers(l, w),
            E::Dr | E::Bw => out1_dragoons_or_bows(x),
            E::Pk => out1_pikes(w, x),
            E::Sh => out1_shot(&self.rulings, w, x),
            E::Bd => out1_blades(w, x),
            E::Wb | E::Hd => out1_warband_or_horde(w, x),
            E::Sk => out1_skirmishers(w, x),
            E::Art => out1_artillery(l, w, x),
            E::Pont => out1_pontoons(x),
            E::WWg => out1_war_wagons(&self.rulings, w),
            E::El => out1_elephants(w, x),
            E::Bg => out1_baggage(l, x),
            E::Ships | E::Gal | E::Boats | E::PermBridge | E::TempBridge => {
                out1_naval_or_bridge(&self.rulings, l, w, x)
            }
        }
    }

    fn table2(&self, l: &Side, w: &Side, x: &Ctx) -> Decision {
        let we = w.element;
        match l.element {
            E::LH | E::Sk => {
                let entry = "Flee from Pk, Bd except (F) or shooting. Otherwise destroyed.";
                if we == E::Pk {
                    d(entry, "DBR-OUT2-001", Effect::Flee, "beaten by Pk")
                } else if we == E::Bd && w.grade != Grade::F {
                    d(
                        entry,
                        "DBR-OUT2-002",
                        Effect::Flee,
                        "beaten by Bd other than (F)",
                    )
                } else if x.shooting {
                    d(entry, "DBR-OUT2-003", Effect::Flee, "beaten by shooting")
                } else {
                    d(entry, "DBR-OUT2-004", Effect::Destroyed, "otherwise")
                }
            }
            E::Dr => {
                let entry =
                    "Destroyed if in close combat in good going against cavalry. Otherwise flee.";
                if x.close && x.good && x.winner_cavalry {
                    d(
                        entry,
                        "DBR-OUT2-007",
                        Effect::Destroyed,
                        "close combat in good going against cavalry",
                    )
                } else {
                    d(entry, "DBR-OUT2-008", Effect::Flee, "otherwise")
                }
            }
            E::Art => {
                let entry = "Captured if in close combat. Otherwise destroyed.";
                if x.close {
                    d(
                        entry,
                        "DBR-OUT2-009",
                        Effect::Captured,
                        "beaten in close combat",
                    )
                } else {
                    d(entry, "DBR-OUT2-010", Effect::Destroyed, "otherwise")
                }
            }
            e if e.is_naval() || e.is_bridge() => {
                let entry = "Captured if in close combat. Destroyed by Art or Naval shooting. Otherwise laden Naval flee.";
                if x.close {
                    let r = d(
                        entry,
                        "DBR-OUT2-012",
                        Effect::Captured,
                        "beaten in close combat",
                    );
                    if e.is_bridge() {
                        r.ruled(RulingId::BridgeCapture)
                    } else {
                        r
                    }
                } else if x.shooting && (we == E::Art || we.is_naval()) {
                    d(
                        entry,
                        "DBR-OUT2-013",
                        Effect::Destroyed,
                        "beaten by Art or Naval shooting",
                    )
                } else if e.is_naval() && !l.unladen {
                    d(
                        entry,
                        "DBR-OUT2-014",
                        Effect::Flee,
                        "otherwise, laden Naval",
                    )
                } else if self.rulings.is(RulingId::UnladenOtherwise2, "no-effect") {
                    d(
                        entry,
                        "DBR-OUT2-015",
                        Effect::NoEffect,
                        "otherwise, unladen Naval or bridge: the sheet gives no result",
                    )
                    .ruled(RulingId::UnladenOtherwise2)
                } else {
                    d(
                        entry,
                        "DBR-OUT2-015",
                        Effect::Destroyed,
                        "otherwise, unladen Naval or bridge: the sheet gives no result",
                    )
                    .ruled(RulingId::UnladenOtherwise2)
                }
            }
            e if self.class(e) == Class::Cavalry => {
                let entry = "Flee from Pk in good going unless Ln or Cm (S). Otherwise destroyed.";
                let exempt = e == E::Ln || (e == E::Cm && l.grade == Grade::S);
                if we == E::Pk && x.good && !exempt {
                    d(
                        entry,
                        "DBR-OUT2-005",
                        Effect::Flee,
                        "beaten by Pk in good going, not Ln or Cm (S)",
                    )
                    .ruled(RulingId::CavalryVsPk)
                } else {
                    let r = d(entry, "DBR-OUT2-006", Effect::Destroyed, "otherwise");
                    if we == E::Pk && x.good {
                        r.ruled(RulingId::CavalryVsPk)
                    } else {
                        r
                    }
                }
            }
            _ => d(
                "Destroyed.",
                "DBR-OUT2-011",
                Effect::Destroyed,
                "any other land element",
            ),
        }
    }
}

/// The two sides of a combat as one of them sees it, for its factors.
struct Fight<'c> {
    me: &'c Side,
    foe: &'c Side,
    my_class: Class,
    foe_class: Class,
    close: bool,
    my_bound: bool,
    /// B, shot at by A.
    shot_at: bool,
    /// A, shooting at B.
    shooting: bool,
    foot: bool,
    distance: Option<Distance>,
}

/// A side's factors so far, each a step.
struct Factors(Vec<Step>);

impl Factors {
    fn add(&mut self, rule: &'static str, text: String, value: i64, ruling: Option<RulingId>) {
        self.0.push(Step {
            rule,
            text,
            value,
            ruling: ruling.map(RulingId::name),
        });
    }
}

/// Rear support (DBR-RS): who gets it, always or against cavalry in the
/// enemy's bound.
fn rear_support(f: &Fight, out: &mut Factors) {
    let (me, foe) = (f.me, f.foe);
    if !me.rear_support {
        return;
    }
    let g = me.grade;
    let eligible: Option<&'static str> = match me.element {
        E::Pk => Some("DBR-RS-001"),
        E::Pi if g != Grade::F => Some("DBR-RS-002"),
        E::Wb if g == Grade::S => Some("DBR-RS-003"),
        E::Wb if g == Grade::O => Some("DBR-RS-004"),
        E::Sh if g != Grade::F && foe.element == E::Sh => Some("DBR-RS-005"),
        _ => None,
    }
    .or_else(|| {
        let vs_cav_enemy_bound = f.foe_class == Class::Cavalry && !f.my_bound;
        match me.element {
            E::Ln if g != Grade::S && vs_cav_enemy_bound => Some("DBR-RS-006"),
            E::Sh if vs_cav_enemy_bound => Some("DBR-RS-007"),
            E::Bd if g != Grade::F && vs_cav_enemy_bound => Some("DBR-RS-008"),
            E::Si if vs_cav_enemy_bound => Some("DBR-RS-009"),
            _ => None,
        }
    });
    match eligible {
        Some(rule) => out.add(
            rule,
            "rear support".to_string(),
            1,
            Some(RulingId::RearSupport),
        ),
        None => out.add(
            "DBR-RS-010",
            format!(
                "rear support claimed, but {} does not get it here",
                me.label()
            ),
            0,
            Some(RulingId::RearSupport),
        ),
    }
}

/// A general's element, and Art (S), (O) or (I) at close quarters
/// (DBR-TF-009 to DBR-TF-011).
fn leaders_and_guns(f: &Fight, out: &mut Factors) {
    let me = f.me;
    if me.general && (f.close || f.shot_at) {
        out.add("DBR-TF-009", "general's element".to_string(), 1, None);
    }
    if me.element == E::Art && matches!(me.grade, Grade::S | Grade::O | Grade::I) {
        if f.close && !f.my_bound {
            out.add(
                "DBR-TF-010",
                "Art (S), (O) or (I) front edge in close combat in an enemy bound".to_string(),
                1,
                None,
            );
        }
        if f.shooting && f.distance.is_some_and(|d| d <= Distance::paces(100)) {
            out.add(
                "DBR-TF-011",
                "Art (S), (O) or (I) shooting at enemy within 100p (8cm)".to_string(),
                1,
                None,
            );
        }
    }
}

/// What counts against the side: a beaten command, the weather, overlaps,
/// the enemy's assisting shooters (DBR-TF-012 to DBR-TF-015).
fn penalties(f: &Fight, out: &mut Factors) {
    let (me, foe) = (f.me, f.foe);
    if me.beaten_command {
        out.add(
            "DBR-TF-012",
            "part of a beaten command".to_string(),
            -1,
            None,
        );
    }
    if me.weather {
        out.add(
            "DBR-TF-013",
            "disadvantaged by weather".to_string(),
            -1,
            Some(RulingId::Weather),
        );
    }
    if me.overlaps > 0 {
        out.add(
            "DBR-TF-014",
            format!(
                "{} flank(s) overlapped and/or enemy in contact with flank or rear",
                me.overlaps
            ),
            -i64::from(me.overlaps),
            Some(RulingId::Overlap),
        );
    }
    if f.shot_at && foe.assisting > 0 {
        out.add(
            "DBR-TF-015",
            format!(
                "{} element(s) assisting the enemy's shooting",
                foe.assisting
            ),
            -i64::from(foe.assisting),
            None,
        );
    }
}

/// Cavalry, Pk or Train in close combat across an obstacle or in bad going
/// (DBR-TF-016 to DBR-TF-018).
fn bad_going(f: &Fight, out: &mut Factors) {
    let (me, foe) = (f.me, f.foe);
    let mounted_pike_or_train =
        f.my_class == Class::Cavalry || me.element == E::Pk || f.my_class == Class::Train;
    if !(f.close && mounted_pike_or_train) {
        return;
    }
    let bad = |g: Going| matches!(g, Going::Rough | Going::Difficult);
    let why = if me.across_obstacle {
        Some((
            "DBR-TF-016",
            "attacking across a fortification or fixed obstacle",
        ))
    } else if bad(me.going) && !me.facing_road {
        Some(("DBR-TF-017", "in rough or difficult going"))
    } else if bad(foe.going) && !me.facing_road {
        Some(("DBR-TF-018", "fighting enemy in rough or difficult going"))
    } else {
        None
    };
    if let Some((rule, text)) = why {
        out.add(rule, format!("cavalry, Pk or Train {text}"), -2, None);
    }
}

/// The first outcome table (DBR-OUT1) for beaten lancers (Ln).
fn out1_lancers(l: &Side, w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed in close combat by Bw (S) whose front they moved into contact with this bound, or by El. Otherwise recoil.";
    if x.close && is(E::Bw, Grade::S) && l.charged_front {
        d(
            entry,
            "DBR-OUT1-001",
            Effect::Destroyed,
            "beaten in close combat by Bw (S) whose front they moved into contact with",
        )
    } else if we == E::El {
        d(entry, "DBR-OUT1-002", Effect::Destroyed, "beaten by El")
    } else {
        d(entry, "DBR-OUT1-003", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten pistoliers (Pi).
fn out1_pistoliers(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed in any enemy bound by Pi (S) or (O) with an even final score or by Ln or Pi (F), or in own side's bound by Si. Otherwise recoil.";
    if x.enemy_bound && we == E::Pi && matches!(wg, Grade::S | Grade::O) && x.winner_even {
        d(
            entry,
            "DBR-OUT1-004",
            Effect::Destroyed,
            "enemy bound, Pi (S) or (O) with an even final score",
        )
    } else if x.enemy_bound && we == E::Ln {
        d(
            entry,
            "DBR-OUT1-005",
            Effect::Destroyed,
            "enemy bound, beaten by Ln",
        )
    } else if x.enemy_bound && is(E::Pi, Grade::F) {
        d(
            entry,
            "DBR-OUT1-006",
            Effect::Destroyed,
            "enemy bound, beaten by Pi (F)",
        )
    } else if x.own_bound && we == E::Si {
        d(
            entry,
            "DBR-OUT1-007",
            Effect::Destroyed,
            "own bound, beaten by Si",
        )
    } else {
        d(entry, "DBR-OUT1-008", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten sword-armed cavalry (Si).
fn out1_sword_cavalry(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let entry =
        "Destroyed by Ln in an enemy bound. Flee from shooting by Pi or Sh. Otherwise recoil.";
    if x.enemy_bound && we == E::Ln {
        d(
            entry,
            "DBR-OUT1-009",
            Effect::Destroyed,
            "beaten by Ln in an enemy bound",
        )
    } else if x.shooting && matches!(we, E::Pi | E::Sh) {
        d(
            entry,
            "DBR-OUT1-010",
            Effect::Flee,
            "beaten by shooting from Pi or Sh",
        )
    } else {
        d(entry, "DBR-OUT1-011", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten light horse (LH).
fn out1_light_horse(w: &Side) -> Decision {
    let we = w.element;
    let entry = "Recoil from LH or Sk. Otherwise, flee.";
    if matches!(we, E::LH | E::Sk) {
        d(entry, "DBR-OUT1-012", Effect::Recoil, "beaten by LH or Sk")
    } else {
        d(entry, "DBR-OUT1-013", Effect::Flee, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten cuirassiers (Cm).
fn out1_cuirassiers(l: &Side, w: &Side) -> Decision {
    let we = w.element;
    let entry = "Destroyed by El if Cm (S). Otherwise flee.";
    if l.grade == Grade::S && we == E::El {
        d(
            entry,
            "DBR-OUT1-014",
            Effect::Destroyed,
            "Cm (S) beaten by El",
        )
    } else {
        d(entry, "DBR-OUT1-015", Effect::Flee, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten dragoons (Dr) or bows (Bw).
fn out1_dragoons_or_bows(x: &Ctx) -> Decision {
    let entry = "Destroyed by cavalry in close combat in good going. Otherwise recoil.";
    if x.close && x.winner_cavalry && x.good {
        d(
            entry,
            "DBR-OUT1-016",
            Effect::Destroyed,
            "beaten by cavalry in close combat in good going",
        )
    } else {
        d(entry, "DBR-OUT1-017", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten pikes (Pk).
fn out1_pikes(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed in close combat by Pi in own side's bound, or by Ln, Cm (S) or Bd (F) if in an enemy bound. Otherwise recoil.";
    if x.close && x.own_bound && we == E::Pi {
        d(
            entry,
            "DBR-OUT1-018",
            Effect::Destroyed,
            "close combat, own bound, beaten by Pi",
        )
    } else if x.close
        && x.enemy_bound
        && (we == E::Ln || is(E::Cm, Grade::S) || is(E::Bd, Grade::F))
    {
        d(
            entry,
            "DBR-OUT1-019",
            Effect::Destroyed,
            "close combat, enemy bound, beaten by Ln, Cm (S) or Bd (F)",
        )
    } else {
        d(entry, "DBR-OUT1-020", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten shot (Sh).
fn out1_shot(rulings: &Rulings, w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed if in close combat in an enemy bound by Ln, Si, Pi (F), other Pi with an even final score or Cm (S), if in going these count as good, or by Sh (F), Bd or Wb in any going. Otherwise recoil.";
    let first = matches!(we, E::Ln | E::Si)
        || is(E::Pi, Grade::F)
        || (we == E::Pi && x.winner_even)
        || is(E::Cm, Grade::S);
    let second = is(E::Sh, Grade::F) || matches!(we, E::Bd | E::Wb);
    let second_needs = rulings.is(RulingId::ShByShF, "enemy-bound-close-combat");
    if x.close && x.enemy_bound && first && x.counts_good {
        d(entry, "DBR-OUT1-021", Effect::Destroyed, "close combat in an enemy bound, in going that counts as good, beaten by Ln, Si, Pi (F), Pi with an even score or Cm (S)")
                .ruled(RulingId::CountsAsGood)
    } else if second && (!second_needs || (x.close && x.enemy_bound)) {
        d(
            entry,
            "DBR-OUT1-022",
            Effect::Destroyed,
            "beaten by Sh (F), Bd or Wb, in any going",
        )
        .ruled(RulingId::ShByShF)
    } else {
        let r = d(entry, "DBR-OUT1-023", Effect::Recoil, "otherwise");
        if x.close && x.enemy_bound && first {
            r.ruled(RulingId::CountsAsGood)
        } else {
            r
        }
    }
}

/// The first outcome table (DBR-OUT1) for beaten blades (Bd).
fn out1_blades(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed by Ln, Si or Cm (S) in enemy bound, or by Sh in close combat in own side's bound. Otherwise recoil.";
    if x.enemy_bound && (matches!(we, E::Ln | E::Si) || is(E::Cm, Grade::S)) {
        d(
            entry,
            "DBR-OUT1-024",
            Effect::Destroyed,
            "enemy bound, beaten by Ln, Si or Cm (S)",
        )
    } else if x.close && x.own_bound && we == E::Sh {
        d(
            entry,
            "DBR-OUT1-025",
            Effect::Destroyed,
            "close combat, own bound, beaten by Sh",
        )
    } else {
        d(entry, "DBR-OUT1-026", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten warband (Wb) or horde (Hd).
fn out1_warband_or_horde(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed by Ln or Cm (S) in going these count as good. Flee from shooting by Art or by Naval. Otherwise recoil.";
    if (we == E::Ln || is(E::Cm, Grade::S)) && x.counts_good {
        d(
            entry,
            "DBR-OUT1-027",
            Effect::Destroyed,
            "beaten by Ln or Cm (S) in going that counts as good",
        )
        .ruled(RulingId::CountsAsGood)
    } else if x.shooting && (we == E::Art || we.is_naval()) {
        d(
            entry,
            "DBR-OUT1-028",
            Effect::Flee,
            "beaten by shooting from Art or Naval",
        )
    } else {
        let r = d(entry, "DBR-OUT1-029", Effect::Recoil, "otherwise");
        if we == E::Ln || is(E::Cm, Grade::S) {
            r.ruled(RulingId::CountsAsGood)
        } else {
            r
        }
    }
}

/// The first outcome table (DBR-OUT1) for beaten skirmishers (Sk).
fn out1_skirmishers(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let entry = "If in close combat in good going, destroyed by cavalry or Dragoons, flee from Wb, recoil from others. Otherwise recoil.";
    if x.close && x.good {
        if x.winner_cavalry || we == E::Dr {
            d(
                entry,
                "DBR-OUT1-030",
                Effect::Destroyed,
                "close combat in good going, beaten by cavalry or Dragoons",
            )
        } else if we == E::Wb {
            d(
                entry,
                "DBR-OUT1-031",
                Effect::Flee,
                "close combat in good going, beaten by Wb",
            )
        } else {
            d(
                entry,
                "DBR-OUT1-032",
                Effect::Recoil,
                "close combat in good going, beaten by another",
            )
        }
    } else {
        d(entry, "DBR-OUT1-033", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten artillery (Art).
fn out1_artillery(l: &Side, w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed by Art (S) or if in close combat. Otherwise (S) or (O)'s draught teams desert if their element's final score was even, preventing future movement other than pivoting up to 45 degrees on a front corner, (F) or (X) flee, (I) recoil.";
    if is(E::Art, Grade::S) {
        d(
            entry,
            "DBR-OUT1-034",
            Effect::Destroyed,
            "beaten by Art (S)",
        )
    } else if x.close {
        d(
            entry,
            "DBR-OUT1-035",
            Effect::Destroyed,
            "beaten in close combat",
        )
    } else {
        match l.grade {
            Grade::S | Grade::O if x.loser_even => d(
                entry,
                "DBR-OUT1-036",
                Effect::DraughtTeamsDesert,
                "(S) or (O) with an even final score: from now on it may only pivot up to 45 degrees on a front corner",
            ),
            Grade::S | Grade::O => d(
                entry,
                "DBR-OUT1-039",
                Effect::NoEffect,
                "(S) or (O) with an odd final score: the sheet gives no result",
            )
            .ruled(RulingId::ArtOdd),
            Grade::F | Grade::X => d(entry, "DBR-OUT1-037", Effect::Flee, "(F) or (X)"),
            Grade::I => d(entry, "DBR-OUT1-038", Effect::Recoil, "(I)"),
        }
    }
}

/// The first outcome table (DBR-OUT1) for beaten pontoons (Pont).
fn out1_pontoons(x: &Ctx) -> Decision {
    let entry = "Destroyed if in close combat. Otherwise recoil.";
    if x.close {
        d(
            entry,
            "DBR-OUT1-040",
            Effect::Destroyed,
            "beaten in close combat",
        )
    } else {
        d(entry, "DBR-OUT1-041", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten war wagons (WWg).
fn out1_war_wagons(rulings: &Rulings, w: &Side) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let is = |e: E, g: Grade| we == e && wg == g;
    let entry = "Destroyed by El, Sk (X) or Art (S) or (O).";
    if we == E::El || is(E::Sk, Grade::X) || is(E::Art, Grade::S) || is(E::Art, Grade::O) {
        d(
            entry,
            "DBR-OUT1-042",
            Effect::Destroyed,
            "beaten by El, Sk (X), Art (S) or Art (O)",
        )
    } else if rulings.is(RulingId::WwgOtherwise, "recoil") {
        d(
            entry,
            "DBR-OUT1-043",
            Effect::Recoil,
            "beaten by another: the sheet gives no result",
        )
        .ruled(RulingId::WwgOtherwise)
    } else {
        d(
            entry,
            "DBR-OUT1-043",
            Effect::NoEffect,
            "beaten by another: the sheet gives no result",
        )
        .ruled(RulingId::WwgOtherwise)
    }
}

/// The first outcome table (DBR-OUT1) for beaten elephants (El).
fn out1_elephants(w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let entry = "Flee from shooting by Pi or Sh. Otherwise recoil.";
    if x.shooting && matches!(we, E::Pi | E::Sh) {
        d(
            entry,
            "DBR-OUT1-044",
            Effect::Flee,
            "beaten by shooting from Pi or Sh",
        )
    } else {
        d(entry, "DBR-OUT1-045", Effect::Recoil, "otherwise")
    }
}

/// The first outcome table (DBR-OUT1) for beaten baggage (Bg).
fn out1_baggage(l: &Side, x: &Ctx) -> Decision {
    let entry = "Destroyed if in close combat. Otherwise flee if mobile.";
    if x.close {
        d(
            entry,
            "DBR-OUT1-046",
            Effect::Destroyed,
            "beaten in close combat",
        )
    } else if !l.immobile {
        d(entry, "DBR-OUT1-047", Effect::Flee, "otherwise, mobile")
    } else {
        d(
            entry,
            "DBR-OUT1-048",
            Effect::NoEffect,
            "otherwise, not mobile: the sheet gives no result",
        )
        .ruled(RulingId::BgImmobile)
    }
}

/// The first outcome table (DBR-OUT1) for beaten Naval (Ships, Gal, Boats) or a bridge.
fn out1_naval_or_bridge(rulings: &Rulings, l: &Side, w: &Side, x: &Ctx) -> Decision {
    let we = w.element;
    let wg = w.grade;
    let entry = "Destroyed in close combat by Naval (X). Otherwise, laden Naval recoil.";
    if x.close && we.is_naval() && wg == Grade::X {
        d(
            entry,
            "DBR-OUT1-049",
            Effect::Destroyed,
            "beaten in close combat by Naval (X)",
        )
    } else if l.element.is_naval() && !l.unladen {
        d(
            entry,
            "DBR-OUT1-050",
            Effect::Recoil,
            "otherwise, laden Naval",
        )
    } else if rulings.is(RulingId::UnladenOtherwise1, "recoil") {
        d(
            entry,
            "DBR-OUT1-051",
            Effect::Recoil,
            "otherwise, unladen Naval or bridge: the sheet gives no result",
        )
        .ruled(RulingId::UnladenOtherwise1)
    } else {
        d(
            entry,
            "DBR-OUT1-051",
            Effect::NoEffect,
            "otherwise, unladen Naval or bridge: the sheet gives no result",
        )
        .ruled(RulingId::UnladenOtherwise1)
    }
}

struct Ctx {
    close: bool,
    shooting: bool,
    enemy_bound: bool,
    own_bound: bool,
    good: bool,
    counts_good: bool,
    winner_cavalry: bool,
    winner_even: bool,
    loser_even: bool,
}

struct Decision {
    entry: &'static str,
    rule: &'static str,
    effect: Effect,
    reason: &'static str,
    ruling: Option<RulingId>,
}

impl Decision {
    fn ruled(mut self, r: RulingId) -> Decision {
        self.ruling = Some(r);
        self
    }
}

fn d(entry: &'static str, rule: &'static str, effect: Effect, reason: &'static str) -> Decision {
    Decision {
        entry,
        rule,
        effect,
        reason,
        ruling: None,
    }
}

/// The checklist item of a base-factor cell.
fn cf_item(e: E, against: Class, disabled: bool) -> &'static str {
    let col = match against {
        Class::Cavalry => 0,
        Class::Foot => 1,
        Class::Train | Class::Naval => 2,
    };
    let row = if disabled {
        11
    } else {
        match e {
            E::El => 0,
            E::WWg | E::Ships | E::PermBridge => 1,
            E::Pi => 2,
            E::Pk => 3,
            E::Cm | E::Bw => 4,
            E::Bd => 5,
            E::Ln | E::Si | E::Art | E::Gal => 6,
            E::Sh => 7,
            E::Dr | E::Wb => 8,
            E::LH | E::Hd | E::Boats => 9,
            E::Sk | E::Pont | E::TempBridge => 10,
            E::Bg => 11,
        }
    };
    const IDS: [[&str; 3]; 12] = [
        ["DBR-CF-001", "DBR-CF-002", "DBR-CF-003"],
        ["DBR-CF-004", "DBR-CF-005", "DBR-CF-006"],
        ["DBR-CF-007", "DBR-CF-008", "DBR-CF-009"],
        ["DBR-CF-010", "DBR-CF-011", "DBR-CF-012"],
        ["DBR-CF-013", "DBR-CF-014", "DBR-CF-015"],
        ["DBR-CF-016", "DBR-CF-017", "DBR-CF-018"],
        ["DBR-CF-019", "DBR-CF-020", "DBR-CF-021"],
        ["DBR-CF-022", "DBR-CF-023", "DBR-CF-024"],
        ["DBR-CF-025", "DBR-CF-026", "DBR-CF-027"],
        ["DBR-CF-028", "DBR-CF-029", "DBR-CF-030"],
        ["DBR-CF-031", "DBR-CF-032", "DBR-CF-033"],
        ["DBR-CF-034", "DBR-CF-035", "DBR-CF-036"],
    ];
    IDS[row][col]
}

/// A d6 as typed: 1 to 6.
pub fn parse_die(text: &str) -> Result<u32, DbrError> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=6).contains(d))
        .ok_or_else(|| DbrError::Invalid(format!("die `{text}`: a d6 shows 1 to 6")))
}

/// `Pk(O)`, `Pk (O)` or `Pk` (read as (O)).
pub fn parse_element(text: &str) -> Result<(E, Grade), DbrError> {
    let t = text.trim();
    match t.split_once('(') {
        Some((name, grade)) => Ok((E::parse(name)?, Grade::parse(&format!("({grade}"))?)),
        None => Ok((E::parse(t)?, Grade::O)),
    }
}

/// The conditions a side of a combat may have (`rear`, `going=rough`, …).
pub const SIDE_FLAGS: &[&str] = &[
    "rear",
    "general",
    "unladen",
    "captured",
    "immobile",
    "facing-road",
    "fortified",
    "obstacle",
    "upslope",
    "riverbank",
    "bua",
    "road",
    "hill",
    "front-edge",
    "beaten",
    "weather",
    "across-obstacle",
    "charged",
    "going",
    "overlaps",
    "assisting",
    "flank",
    "die",
];

impl Side {
    /// A side as typed: the element (`Pk(S)`) and its conditions, comma
    /// separated (`rear,going=rough,overlaps=1,flank=Pk(O)`).
    pub fn parse(element: &str, flags: &str) -> Result<Side, DbrError> {
        let (e, g) = parse_element(element)?;
        let mut side = Side::new(e, g);
        // Split on commas outside brackets (flank=Pk(O) has none inside, but be safe).
        for item in flags.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim().to_ascii_lowercase(), Some(v.trim())),
                None => (item.to_ascii_lowercase(), None),
            };
            let number = |v: Option<&str>| -> Result<u32, DbrError> {
                v.and_then(|v| v.parse().ok()).ok_or_else(|| {
                    DbrError::Invalid(format!("`{item}`: give a number, e.g. {key}=1"))
                })
            };
            match (key.as_str(), value) {
                ("rear", None) => side.rear_support = true,
                ("general", None) => side.general = true,
                ("unladen", None) => side.unladen = true,
                ("captured", None) => side.captured = true,
                ("immobile", None) => side.immobile = true,
                ("facing-road", None) => side.facing_road = true,
                ("fortified", None) => side.fortified = true,
                ("obstacle", None) => side.obstacle = true,
                ("upslope", None) => side.upslope = true,
                ("riverbank", None) => side.riverbank = true,
                ("bua", None) => side.in_bua = true,
                ("road", None) => side.on_road = true,
                ("hill", None) => side.on_hill = true,
                ("front-edge", None) => side.front_edge = true,
                ("beaten", None) => side.beaten_command = true,
                ("weather", None) => side.weather = true,
                ("across-obstacle", None) => side.across_obstacle = true,
                ("charged", None) => side.charged_front = true,
                ("water", None) => side.water_only = true,
                ("going", Some(v)) => side.going = Going::parse(v)?,
                ("overlaps", v) => side.overlaps = number(v)?,
                ("assisting", v) => side.assisting = number(v)?,
                ("die", Some(v)) => side.die = Some(parse_die(v)?),
                ("flank", Some(v)) => side.flank_support.push(parse_element(v)?),
                (k, _) if SIDE_FLAGS.contains(&k) => {
                    return Err(DbrError::Invalid(format!(
                        "`{item}`: {k} {}",
                        if value.is_some() {
                            "takes no value"
                        } else {
                            "needs a value, e.g. going=rough"
                        }
                    )));
                }
                (k, _) => {
                    let hint = umpire_core::text::suggest(k, SIDE_FLAGS.iter().copied())
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default();
                    return Err(DbrError::Invalid(format!(
                        "unknown side condition `{k}`{hint}; conditions are {}",
                        SIDE_FLAGS.join(", ")
                    )));
                }
            }
        }
        Ok(side)
    }
}
