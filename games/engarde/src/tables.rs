//! The game's figures as validated data (`data/tables.toml`): regiments and
//! brigades, ranks with their prices, pay and SP, clubs, the front's tables,
//! and society's costs.
//!
//! The figures come from `../shared/reference/engarde/tables.md`; where that
//! file says "falling to" or leaves a figure open, the value chosen is in
//! `RULES-DECISIONS.md`.

use serde::{Deserialize, Serialize};

use crate::model::{Mission, Rank};

/// Money, in whole crowns.
pub type Crowns = i64;

/// The four front rolls' modifiers, added to the number needed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontMods {
    pub death: i32,
    pub mention: i32,
    pub promotion: i32,
    pub cash: i32,
}

/// A regiment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Regiment {
    /// Short id as players write it: "RFG", "13F".
    pub id: String,
    /// Full name: "Royal Foot Guards".
    pub name: String,
    /// Id of its brigade.
    pub brigade: String,
    /// Column of the rank table (0-based, 0 = RFG's column).
    pub pay_class: usize,
    /// Minimum SL to join; `None` = open to all.
    pub min_sl: Option<i32>,
    /// Modifiers to the front rolls.
    pub front: FrontMods,
    /// Whether a trooper needs a horse.
    pub mounted: bool,
}

/// A brigade.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brigade {
    /// Id: "guards", "horse-guards", "heavy", "1st-foot", "3rd-foot", "frontier".
    pub id: String,
    /// Name: "Guards Brigade".
    pub name: String,
    /// Mission by 1d6 (index 0 = a roll of 1).
    pub missions: [Mission; 6],
    /// Extra SP a month for its brigadier and brigade major.
    pub staff_sp: i32,
}

/// One regimental rank's row: a value per pay class (10 columns).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegimentalRank {
    pub rank: Rank,
    /// Minimum SL to hold it, per pay class.
    pub min_sl: Vec<i32>,
    /// Price of the commission, per pay class; `None` = cannot be bought
    /// (Private).
    pub price: Option<Vec<Crowns>>,
    /// Pay a month, per pay class.
    pub pay: Vec<Crowns>,
    /// SP a month, per pay class.
    pub sp: Vec<i32>,
    /// Weeks of regimental duty a month required of this rank.
    pub duty_weeks: u8,
}

/// A general's rank: pay and SP whatever the regiment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralRank {
    pub rank: Rank,
    pub pay: Crowns,
    pub sp: i32,
}

/// A club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Club {
    /// Id as players may write it: "bothwells", "frog-and-peach".
    pub id: String,
    /// Name: "Frog & Peach".
    pub name: String,
    /// Minimum SL to join; `None` for the Horse Guards club.
    pub min_sl: Option<i32>,
    /// Only officers of this brigade may join (the Horse Guards club).
    pub brigade_only: Option<String>,
    pub dues: Crowns,
    pub sp: i32,
    /// House limit on one stake; `None` = no limit.
    pub house_limit: Option<Crowns>,
    /// Smallest stake accepted.
    pub minimum_bet: Crowns,
    /// Bonus SP = total staked / this.
    pub gambling_divisor: Crowns,
}

/// One cell of the Personal Outcome table: numbers needed on 2d6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub death: i32,
    pub mention: i32,
    pub promotion: i32,
    /// `None` = no cash roll ("-").
    pub cash: Option<i32>,
    /// Plunder on a successful cash roll: `dice` d6 times `times` crowns.
    pub plunder_dice: u32,
    pub plunder_times: Crowns,
}

/// A mission's six results (BR 1..6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionTable {
    pub mission: Mission,
    /// Result names, BR 1 first.
    pub results: Vec<String>,
    /// Personal outcome, BR 1 first.
    pub outcomes: Vec<Outcome>,
}

/// Costs and gains of society life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Society {
    /// Upkeep a month: this times SL.
    pub upkeep_per_sl: Crowns,
    /// One conspicuous consumption: this times SL ...
    pub consume_per_sl: Crowns,
    /// ... for this many SP.
    pub consume_sp: i32,
    /// SP for one mention in despatches.
    pub mention_sp: i32,
    /// Months a character must wait before rejoining a club he left.
    pub club_rejoin_wait: u32,
    /// Most bets in one week's gambling.
    pub max_bets: usize,
    /// SP lost for a month without female companionship, and added for each
    /// further month in a row.
    pub lonely_sp: i32,
    pub lonely_sp_step: i32,
    /// Price of a horse.
    pub horse_price: Crowns,
    /// Courting: 1d6 needed by (your SL - her SL), first matching row
    /// (`at_least` = lowest difference of the row).
    pub courting: Vec<CourtingRow>,
}

/// One row of the courting table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourtingRow {
    pub at_least: i32,
    pub needed: u8,
}

/// Every table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tables {
    pub regiments: Vec<Regiment>,
    pub brigades: Vec<Brigade>,
    /// Private to Colonel, in rank order.
    pub regimental_ranks: Vec<RegimentalRank>,
    /// BrigGen to FM, in rank order.
    pub general_ranks: Vec<GeneralRank>,
    /// Modifiers to the front rolls by rank (index = `Rank::index`).
    pub rank_front: Vec<FrontMods>,
    /// Modifiers for a volunteer without a regiment ("unattached").
    pub unattached_front: FrontMods,
    pub clubs: Vec<Club>,
    /// Battle Result by MA (row 0 = MA 1) and 1d6 (column 0 = a roll of 1).
    pub battle_result: Vec<[u8; 6]>,
    /// One per mission, in `Mission::ALL` order.
    pub missions: Vec<MissionTable>,
    pub society: Society,
}
