//! War: ATTACK, COMBAT, TACTIC, GUARD (PATROL), PILLAGE.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::codes;
use crate::orders::print::each;
use crate::orders::refs::{FactionRef, StructureRef, Tag, UnitRef};
use crate::orders::spec::{Alias, Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;
use crate::orders::words::{CombatKeyword, CombatMove, Engage, File, Rank};

use super::stacks::bare;

/// Whom ATTACK goes for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AttackTarget {
    Unit(UnitRef),
    Faction(FactionRef),
    /// The structure's owner.
    Structure(StructureRef),
}

impl fmt::Display for AttackTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttackTarget::Unit(u) => u.fmt(f),
            AttackTarget::Faction(x) => x.fmt(f),
            AttackTarget::Structure(s) => s.fmt(f),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Attack {
    pub target: AttackTarget,
}

impl Attack {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Attack> {
        let target = if a.peek_is_faction() {
            AttackTarget::Faction(a.faction()?)
        } else if a.peek_is_structure() {
            AttackTarget::Structure(a.structure()?)
        } else if a.peek_is_unit() {
            AttackTarget::Unit(a.other_unit("attack")?)
        } else {
            let Some(tok) = a.take() else {
                return a.missing("a unit, faction or structure id");
            };
            return a.wrong(
                tok,
                "a unit, faction or structure id (such as U222, f02 or B220)",
            );
        };
        Some(Attack { target })
    }
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ATTACK {}", self.target)
    }
}

pub const ATTACK: OrderSpec = OrderSpec {
    keyword: Keyword::Attack,
    name: "ATTACK",
    aliases: &[],
    syntax: "ATTACK unit-id|faction-id|structure-id",
    timing: Timing::FullDay,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Starts a battle with the unit, a unit of the faction, or the owner of the structure.",
    details: "Executes, and completes, once such a target is present at the same location. \
              Attacking a structure your own faction owns does nothing.",
    examples: &["ATTACK U222", "ATTACK f02"],
    checklist: &["OV-UO-005", "OV-UO-006"],
};

/// One entry of a battle action list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CombatAction {
    Builtin(CombatKeyword),
    /// A skill, spell or item to use.
    Use(Tag),
}

impl fmt::Display for CombatAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombatAction::Builtin(k) => k.fmt(f),
            CombatAction::Use(t) => t.fmt(f),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Combat {
    /// Empty: back to the implicit `MELEE PARRY` only.
    pub actions: Vec<CombatAction>,
}

impl Combat {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Combat> {
        let mut actions = Vec::new();
        while let Some(tok) = a.take() {
            let text = a.text_of(tok);
            if let Some(k) = tok
                .is_word()
                .then(|| CombatKeyword::from_word(text))
                .flatten()
            {
                actions.push(CombatAction::Builtin(k));
                continue;
            }
            let Some(tag) = tok.is_word().then(|| Tag::new(text)).flatten() else {
                return a.wrong(tok, "MELEE, PARRY, RANGED, or a skill or item tag");
            };
            // A skill or an item: accept either kind, and report against
            // skills (the more common case) when neither knows the tag.
            let known_item = a
                .scope
                .vocabulary
                .is_some_and(|v| v.knows(TagKind::Item, tag));
            if !known_item {
                a.check_known(tok, tag, TagKind::Skill)?;
            }
            actions.push(CombatAction::Use(tag));
        }
        Some(Combat { actions })
    }
}

impl fmt::Display for Combat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("COMBAT")?;
        each(f, &self.actions)
    }
}

pub const COMBAT: OrderSpec = OrderSpec {
    keyword: Keyword::Combat,
    name: "COMBAT",
    aliases: &[Alias {
        spelling: "COMBAT_ORDER",
        legacy: true,
    }],
    syntax: "COMBAT action...",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Sets the list of actions the unit takes in battle, in order.",
    details: "Actions are MELEE, PARRY, RANGED (the equipped ranged weapon), a skill or spell \
              tag, or an item tag. The list always ends with an implicit MELEE PARRY. COMBAT \
              alone clears the list, leaving only the implicit actions. COMBAT_ORDER, the \
              original engine's spelling, is accepted.",
    examples: &[
        "COMBAT RPHS SBOA SHAI  # ring of phases, then strength of the boar, then stone hail",
        "COMBAT RANGED  # shoot with the equipped bow",
    ],
    checklist: &["OV-UO-022", "OV-UO-023"],
};

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Tactic {
    pub engage: Option<Engage>,
    pub rank: Option<Rank>,
    pub file: Option<File>,
    pub movement: Option<CombatMove>,
}

impl Tactic {
    /// The four parts in any order, each at most once; parts left out keep
    /// their current setting.
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Tactic> {
        let mut t = Tactic::default();
        if a.at_end() {
            return a.missing("a battle setting (e.g. FIGHT FRONT CENTER CHARGE)");
        }
        while let Some(tok) = a.take() {
            let text = a.text_of(tok);
            let dup = if let Some(v) = Engage::from_word(text) {
                t.engage.replace(v).is_some()
            } else if let Some(v) = Rank::from_word(text) {
                t.rank.replace(v).is_some()
            } else if let Some(v) = File::from_word(text) {
                t.file.replace(v).is_some()
            } else if let Some(v) = CombatMove::from_word(text) {
                t.movement.replace(v).is_some()
            } else {
                let all = Engage::spellings()
                    .chain(Rank::spellings())
                    .chain(File::spellings())
                    .chain(CombatMove::spellings());
                let mut d = a
                    .diag_at(
                        &codes::UNKNOWN_WORD,
                        tok,
                        format!("`{text}` is not a battle setting"),
                    )
                    .with_label("not a battle setting");
                d = match umpire_core::text::suggest(text, all) {
                    Some(s) => d.with_help(format!("did you mean `{}`?", s.to_ascii_uppercase())),
                    None => d.with_help(
                        "AVOID|DEFEND|FIGHT, FRONT|MIDDLE|REAR, LEFT|CENTER|RIGHT, \
                         FLEE|RETREAT|STAND|ADVANCE|SWEEP|FLANK|CHARGE|FIRE|SUPPORT",
                    ),
                };
                return a.fail(d);
            };
            if dup {
                let d = a.diag_at(
                    &codes::DUPLICATE_TACTIC,
                    tok,
                    format!("a second setting of the same kind: `{text}`"),
                );
                return a.fail(d);
            }
        }
        Some(t)
    }
}

impl fmt::Display for Tactic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TACTIC")?;
        crate::orders::print::opt(f, &self.engage)?;
        crate::orders::print::opt(f, &self.rank)?;
        crate::orders::print::opt(f, &self.file)?;
        crate::orders::print::opt(f, &self.movement)
    }
}

pub const TACTIC: OrderSpec = OrderSpec {
    keyword: Keyword::Tactic,
    name: "TACTIC",
    aliases: &[],
    syntax: "TACTIC battle rank file move",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Sets whether and where the unit fights: engagement, rank, file, movement.",
    details: "Engagement: AVOID (only when attacked), DEFEND (only on the defending side) or \
              FIGHT. Rank: FRONT, MIDDLE or REAR. File: LEFT, CENTER or RIGHT. Movement: FLEE, \
              RETREAT, STAND, ADVANCE, SWEEP, FLANK, CHARGE, FIRE or SUPPORT. The four words \
              cannot be confused, so they may come in any order and any may be left out, \
              keeping its current setting.",
    examples: &[
        "TACTIC FIGHT FRONT CENTER CHARGE",
        "TACTIC DEFEND MIDDLE RIGHT SUPPORT",
        "TACTIC AVOID REAR RIGHT FLEE",
        "TACTIC REAR  # only move to the rear rank",
    ],
    checklist: &["OV-UO-106"],
};

bare!(Guard, "GUARD");
bare!(Pillage, "PILLAGE");

pub const GUARD: OrderSpec = OrderSpec {
    keyword: Keyword::Guard,
    name: "GUARD",
    aliases: &[Alias {
        spelling: "PATROL",
        legacy: false,
    }],
    syntax: "GUARD",
    timing: Timing::HalfDay,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Guards the location for the day against what its title holders forbid.",
    details: "Needs combat 1 and a title covering the location (or an NPC guard faction). The \
              unit's full-day order that day runs at half efficiency; a guard cannot WORK, \
              TEACH or be taught. With `@` for the whole month, with a count for that many \
              days. PATROL is the same order.",
    examples: &[
        "@GUARD  # the whole month",
        "5 GUARD  # the first five days",
        "DAY 15",
        "-15 GUARD  # the last fifteen days",
    ],
    checklist: &["OV-UO-045"],
};

pub const PILLAGE: OrderSpec = OrderSpec {
    keyword: Keyword::Pillage,
    name: "PILLAGE",
    aliases: &[],
    syntax: "PILLAGE",
    timing: Timing::FullDay,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Loots the location: entertainment and tax money plus wages, before anyone else.",
    details: "Needs combat 1, figures able to deal damage, and a force large enough to take at \
              least half the taxes; guards attack the pillagers. Each combat level above the \
              second raises the efficiency. Counts as using combat, but gives no experience.",
    examples: &["@PILLAGE", "15 PILLAGE"],
    checklist: &[
        "OV-UO-061",
        "OV-UO-062",
        "OV-UO-063",
        "OV-UO-064",
        "OV-UO-065",
    ],
};
