//! Skills: STUDY, TEACH, USE, FORGET, and the targeted uses BUILD and TARGET.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::codes;
use crate::orders::print::opt;
use crate::orders::refs::{LocationRef, StructureRef, Tag, UnitRef};
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Study {
    pub skill: Tag,
    /// Stop once this level is reached.
    pub level: Option<u32>,
}

impl Study {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Study> {
        let skill = a.tag(TagKind::Skill)?;
        let level = if a.peek_is_number() {
            Some(a.number_in("a skill level", 1, u32::MAX)?)
        } else {
            None
        };
        Some(Study { skill, level })
    }
}

impl fmt::Display for Study {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "STUDY {}", self.skill)?;
        opt(f, &self.level)
    }
}

pub const STUDY: OrderSpec = OrderSpec {
    keyword: Keyword::Study,
    name: "STUDY",
    aliases: &[],
    syntax: "STUDY skill-tag [skill-level]",
    timing: Timing::FullDay,
    who: Who::LeaderOrFollower,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Adds a day of study in the skill, paying its daily cost per figure.",
    details: "With a level and neither count nor `@`, the order renews itself every day until \
              the level is reached or study becomes impossible; a count or `@` still stops at \
              the level. Where the faction knows the skill but the unit lacks a prerequisite \
              level, the prerequisite is studied first. Creatures cannot study.",
    examples: &[
        "@STUDY CMBT  # study combat as long as possible",
        "10 STUDY CMBT  # for 10 days",
        "STUDY CMBT 2  # until level 2",
    ],
    checklist: &[
        "OV-UO-098",
        "OV-UO-099",
        "OV-UO-100",
        "OV-UO-101",
        "OV-UO-102",
        "OV-SCH-021",
    ],
};

/// One pupil and the skill it is taught.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lesson {
    pub pupil: UnitRef,
    pub skill: Tag,
}

/// Whom TEACH teaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Pupils {
    /// Named pupils, each with its skill. At least one.
    Named(Vec<Lesson>),
    /// `TEACH skill`: any unit at the location studying that skill (the
    /// original engine's form, used by the alpha game's own orders).
    Anyone(Tag),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Teach {
    pub pupils: Pupils,
}

impl Teach {
    /// `TEACH U222 CMBT`, `TEACH U101 MAGE U102 MAGE U110 MEDI` (a skill per
    /// pupil, as in the rules' example) or `TEACH U101 MAGE U102 U103` (later
    /// pupils share the skill before them, as in the syntax line); decision
    /// OV-UO-112. The original engine's order, skill first (`TEACH wate`,
    /// `TEACH wate U5 U6`), is accepted and reported as legacy.
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Teach> {
        if a.at_end() {
            return a.missing("a unit id and a skill tag");
        }
        if !a.peek_is_unit() {
            let first = a.peek();
            let skill = a.tag(TagKind::Skill)?;
            let mut lessons = Vec::new();
            while !a.at_end() {
                lessons.push(Lesson {
                    pupil: a.other_unit("teach")?,
                    skill,
                });
            }
            if let Some(tok) = first {
                let canonical = Teach {
                    pupils: if lessons.is_empty() {
                        Pupils::Anyone(skill)
                    } else {
                        Pupils::Named(lessons.clone())
                    },
                };
                let d = a
                    .diag_at(
                        &codes::LEGACY_SPELLING,
                        tok,
                        "skill before the pupils is the original engine's order",
                    )
                    .with_help(format!("understood as `{canonical}`"));
                a.warn(d);
            }
            return Some(Teach {
                pupils: if lessons.is_empty() {
                    Pupils::Anyone(skill)
                } else {
                    Pupils::Named(lessons)
                },
            });
        }
        let mut lessons: Vec<Lesson> = Vec::new();
        let mut waiting: Vec<UnitRef> = Vec::new();
        let mut last_skill: Option<Tag> = None;
        while !a.at_end() {
            if a.peek_is_unit() {
                waiting.push(a.other_unit("teach")?);
            } else {
                let skill = a.tag(TagKind::Skill)?;
                lessons.extend(waiting.drain(..).map(|pupil| Lesson { pupil, skill }));
                last_skill = Some(skill);
            }
        }
        match last_skill {
            Some(skill) => lessons.extend(waiting.drain(..).map(|pupil| Lesson { pupil, skill })),
            None => return a.missing("a skill tag"),
        }
        Some(Teach {
            pupils: Pupils::Named(lessons),
        })
    }
}

impl fmt::Display for Teach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TEACH")?;
        match &self.pupils {
            Pupils::Named(lessons) => {
                for l in lessons {
                    write!(f, " {} {}", l.pupil, l.skill)?;
                }
                Ok(())
            }
            Pupils::Anyone(skill) => write!(f, " {skill}"),
        }
    }
}

pub const TEACH: OrderSpec = OrderSpec {
    keyword: Keyword::Teach,
    name: "TEACH",
    aliases: &[],
    syntax: "TEACH unit-id skill-tag [unit-id [skill-tag]]... | TEACH skill-tag",
    timing: Timing::FullDay,
    who: Who::Leader,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Teaches pupils who are present and studying the skill, if the teacher knows it better.",
    details: "A pupil that could study the skill alone gets double progress for up to 50 \
              figures; a pupil that needs the teacher to study it at all may have at most 10 \
              figures and must come after the teacher in the report. Several pupils may be \
              named only if all are leaders; the teaching is then shared. Each pupil may have \
              its own skill; a pupil without one takes the skill named before it (decision \
              OV-UO-112). `TEACH skill` with no pupil, the original engine's form, offers \
              the teaching to any unit at the location studying that skill.",
    examples: &[
        "10 TEACH U222 CMBT  # teaches unit 222 combat for 10 days",
        "30 TEACH U101 MAGE U102 MAGE U110 MEDI",
        "@TEACH wate  # anyone here studying water magic",
    ],
    checklist: &["OV-UO-109", "OV-UO-110", "OV-UO-111", "OV-UO-112"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Use {
    pub skill: Tag,
    /// Products to make, or castings to do; then the order completes.
    pub count: Option<u32>,
}

impl Use {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Use> {
        let skill = a.tag(TagKind::Skill)?;
        let count = if a.peek_is_number() {
            Some(a.number_in("a number of products", 1, u32::MAX)?)
        } else {
            None
        };
        Some(Use { skill, count })
    }
}

impl fmt::Display for Use {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "USE {}", self.skill)?;
        opt(f, &self.count)
    }
}

pub const USE: OrderSpec = OrderSpec {
    keyword: Keyword::Use,
    name: "USE",
    aliases: &[],
    syntax: "USE skill-tag [products]",
    timing: Timing::FullDay,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Uses a skill known at level 1 or better: produce, harvest, cast, build.",
    details: "Executes when the skill's requirements (materials, target, mana, a local \
              resource) are met. For a production skill it completes once that many products \
              are made; for a spell, after that many castings.",
    examples: &[
        "@USE HORS 10  # break horses every day until 10 are produced",
        "USE ERST 1  # enchant a ring of strength",
        "10 USE digg",
    ],
    checklist: &["OV-UO-114", "OV-UO-115"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Forget {
    pub skill: Tag,
}

impl Forget {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Forget> {
        Some(Forget {
            skill: a.tag(TagKind::Skill)?,
        })
    }
}

impl fmt::Display for Forget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FORGET {}", self.skill)
    }
}

pub const FORGET: OrderSpec = OrderSpec {
    keyword: Keyword::Forget,
    name: "FORGET",
    aliases: &[],
    syntax: "FORGET skill-tag",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Forgets a skill and every skill that depends on it.",
    details: "Useful for a follower unit that must learn a different basic skill.",
    examples: &["FORGET buil  # forgets the building skill"],
    checklist: &["OV-UO-037"],
};

/// What BUILD works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum BuildTarget {
    /// A construction type to begin: `barr`.
    Kind(Tag),
    /// An existing or new structure: `B220`, `f06nB01`.
    Structure(StructureRef),
}

impl fmt::Display for BuildTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildTarget::Kind(t) => t.fmt(f),
            BuildTarget::Structure(s) => s.fmt(f),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Build {
    pub skill: Tag,
    pub target: Option<BuildTarget>,
    pub count: Option<u32>,
}

impl Build {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Build> {
        let skill = a.tag(TagKind::Skill)?;
        let target = if a.at_end() || a.peek_is_number() {
            None
        } else if a.peek_is_structure() {
            Some(BuildTarget::Structure(a.structure()?))
        } else {
            let tok = a.take()?;
            Some(BuildTarget::Kind(a.tag_from(tok, TagKind::Construction)?))
        };
        let count = if a.peek_is_number() {
            Some(a.number_in("a use counter", 1, u32::MAX)?)
        } else {
            None
        };
        Some(Build {
            skill,
            target,
            count,
        })
    }
}

impl fmt::Display for Build {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BUILD {}", self.skill)?;
        opt(f, &self.target)?;
        opt(f, &self.count)
    }
}

pub const BUILD: OrderSpec = OrderSpec {
    keyword: Keyword::Build,
    name: "BUILD",
    aliases: &[],
    syntax: "BUILD skill-tag [construction-tag|structure-id] [use-counter]",
    timing: Timing::FullDay,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Works on a construction with a building skill: TARGET and USE in one order.",
    details: "The target is a construction type to begin (`barr`), a new structure's \
              placeholder (`f06nB01`) or an existing structure (`B220`); without one, the \
              current TARGET is used. Several units may work on the same construction, each \
              adding materials and work. The rules leave BUILD unfinished and its example \
              passes a placeholder where the syntax says construction tag; both are accepted \
              (decision OV-UO-008).",
    examples: &[
        "BUILD carp f06nB01  # begin a building with carpentry",
        "BUILD maso f06nB01  # another unit joins the work",
    ],
    checklist: &["OV-UO-008", "OV-UO-009"],
};

/// What a targeted skill acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TargetRef {
    Unit(UnitRef),
    Location(LocationRef),
    Structure(StructureRef),
    /// A construction type.
    Kind(Tag),
}

impl fmt::Display for TargetRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetRef::Unit(u) => u.fmt(f),
            TargetRef::Location(l) => l.fmt(f),
            TargetRef::Structure(s) => s.fmt(f),
            TargetRef::Kind(t) => t.fmt(f),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Target {
    pub target: TargetRef,
}

impl Target {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Target> {
        let target = if a.peek_is_unit() {
            TargetRef::Unit(a.unit()?)
        } else if a.peek_is_location() {
            TargetRef::Location(a.location()?)
        } else if a.peek_is_structure() {
            TargetRef::Structure(a.structure()?)
        } else {
            let Some(tok) = a.take() else {
                return a.missing("a unit, location or structure id, or a construction tag");
            };
            TargetRef::Kind(a.tag_from(tok, TagKind::Construction)?)
        };
        Some(Target { target })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TARGET {}", self.target)
    }
}

pub const TARGET: OrderSpec = OrderSpec {
    keyword: Keyword::Target,
    name: "TARGET",
    aliases: &[],
    syntax: "TARGET unit-id|location-id|structure-id|construction-tag",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Sets what a targeted skill (a spell, a building skill) will act on.",
    details: "Changing the target while such a USE is under way throws away the work done and \
              ends that USE.",
    examples: &[
        "TARGET U222",
        "TARGET B126",
        "TARGET L46",
        "TARGET BARR  # barracks",
    ],
    checklist: &["OV-UO-107", "OV-UO-108"],
};
