//! Everything that happens in a month is an [`Event`]: who, when, what, and
//! what it did to his SPs and his purse. Reports and the gazette are
//! rendered from events; nothing in the engine formats text for players.

use serde::Serialize;

use crate::model::{Mission, Rank, Weapon};
use crate::orders::ast::ActionKind;
use crate::spsl::{Conversion, Sp};
use crate::tables::Crowns;
use crate::world::{Appointment, CharacterId};

/// When in the month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    Premonthly,
    /// The front is settled before week 1 (decision EG-FRONT-002).
    Front,
    Week(u8),
    Endmonth,
}

impl When {
    /// "premonthly", "week 2", "at the front", "end of the month".
    pub fn describe(self) -> String {
        match self {
            When::Premonthly => "premonthly".to_string(),
            When::Week(w) => format!("week {w}"),
            When::Front => "at the front".to_string(),
            When::Endmonth => "end of the month".to_string(),
        }
    }
}

/// One thing that happened to one character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    pub when: When,
    pub who: CharacterId,
    pub what: What,
    /// Change to his SPs.
    pub sp: Sp,
    /// Change to his cash.
    pub cash: Crowns,
    /// Printed in the public gazette.
    pub public: bool,
}

/// One bet and how it went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BetOutcome {
    pub stake: Crowns,
    pub cut: Option<u8>,
    /// The house's die.
    pub house: u8,
    /// The player's die (none when the bet was cut).
    pub player: Option<u8>,
    /// Won (paid double), lost, or cut (lost half).
    pub result: BetResult,
}

/// How a bet ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BetResult {
    Won,
    Lost,
    Cut,
}

/// The three rolls after death at the front.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FrontRoll {
    /// Number needed on 2d6 after every modifier.
    pub needed: i32,
    pub roll: u8,
    pub success: bool,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum What {
    /// An order that could not be carried out, and why.
    Refused {
        order: String,
        reason: String,
    },
    /// An order not carried out because a condition was illegal, or
    /// because it was one weekly action too many.
    Skipped {
        order: String,
        reason: String,
    },
    Borrowed {
        amount: Crowns,
    },
    Repaid {
        amount: Crowns,
    },
    BoughtHorses {
        count: u32,
    },
    SoldHorses {
        count: u32,
    },
    JoinedClub {
        club: String,
    },
    LeftClub {
        club: String,
    },
    Applied {
        regiment: String,
        roll: u8,
        needed: u8,
        accepted: bool,
    },
    BoughtCommission {
        regiment: String,
        rank: Rank,
    },
    LeftRegiment {
        regiment: String,
    },
    Consumed {
        times: u32,
    },
    /// Gave money; the recipient gets a [`What::GotGift`].
    Gave {
        to: CharacterId,
        amount: Crowns,
    },
    GotGift {
        from: CharacterId,
        amount: Crowns,
    },
    Appointed {
        post: Appointment,
        by: CharacterId,
    },
    Volunteered,
    Announced {
        text: String,
    },
    Caroused,
    Gambled {
        bets: Vec<BetOutcome>,
    },
    /// The gambling bonus SP for the week's total stakes.
    GamblingBonus {
        staked: Crowns,
    },
    Courted {
        mistress: String,
        purse: Crowns,
        roll: u8,
        needed: u8,
        won: bool,
        openly: bool,
    },
    /// A mistress left him (for another, or unpaid).
    MistressLeft {
        mistress: String,
        reason: String,
    },
    Bawdyhouse {
        purse: Crowns,
        spent: Crowns,
        served: bool,
    },
    Mugged {
        lost: Crowns,
        chance_percent: u32,
    },
    Practised {
        weapon: Weapon,
        expertise: u32,
    },
    Toadied {
        to: CharacterId,
        received: bool,
    },
    Duty,
    Rested,
    /// The week's orders were void: he was at the front.
    WeekAtTheFront,
    /// Sent to the front this month (with his regiment, or as a volunteer).
    AtTheFront {
        unit: String,
        volunteer: bool,
    },
    /// A unit's battle result.
    Battle {
        unit: String,
        commander: String,
        ma: i32,
        effective_ma: i32,
        roll: u8,
        br: u8,
        mission: Mission,
        result: String,
    },
    /// His death roll and the modifiers he chose.
    DeathRoll {
        base: i32,
        adjusted: i32,
        bravery: i32,
        poltroonery: i32,
        roll: u8,
    },
    Killed,
    Mention(FrontRoll),
    Promotion {
        roll: FrontRoll,
        rank: Option<Rank>,
        brevet: bool,
        as_mention: bool,
    },
    Plunder {
        roll: FrontRoll,
        amount: Crowns,
    },
    /// A poltroon's 1d6: 1-2 unnoticed, 3-5 noticed, 6 caught.
    Poltroonery {
        die: u8,
        noticed: bool,
        cashiered: bool,
    },
    MentionsPaid {
        mentions: u32,
    },
    Pay {
        rank: Rank,
    },
    RankSp,
    StaffSp,
    ClubSp,
    ClubDues {
        club: String,
        paid: bool,
    },
    MistressSp {
        mistress: String,
    },
    MistressUpkeep {
        mistress: String,
    },
    Upkeep {
        paid: bool,
    },
    DutyMissed {
        weeks: u8,
    },
    Lonely {
        months: u32,
    },
    Interest,
    Conversion(Conversion),
}

/// The kind of a weekly event, for conditions (`IF X DID CAROUSE ...`).
pub fn action_of(what: &What) -> Option<ActionKind> {
    Some(match what {
        What::Caroused => ActionKind::Carouse,
        What::Gambled { .. } => ActionKind::Gamble,
        What::Courted { .. } => ActionKind::Court,
        What::Bawdyhouse { .. } => ActionKind::Bawdyhouse,
        What::Practised { .. } => ActionKind::Practise,
        What::Toadied { .. } => ActionKind::Toady,
        What::Duty => ActionKind::Duty,
        What::Rested => ActionKind::Rest,
        What::Gave { .. } => ActionKind::Give,
        _ => return None,
    })
}
