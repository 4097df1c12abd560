//! The game's figures as validated data (`data/tables.toml`): regiments and
//! brigades, ranks with their prices, pay and SP, clubs, the front's tables,
//! and society's costs.
//!
//! The figures come from `../shared/reference/engarde/tables.md`; where that
//! file says "falling to" or leaves a figure open, the value chosen is in
//! `RULES-DECISIONS.md`.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::model::{Mission, Rank};

/// Money, in whole crowns.
pub type Crowns = i64;

/// The four front rolls' modifiers, added to the number needed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMods {
    pub death: i32,
    pub mention: i32,
    pub promotion: i32,
    pub cash: i32,
}

/// A regiment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct GeneralRank {
    pub rank: Rank,
    pub pay: Crowns,
    pub sp: i32,
}

/// A club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct MissionTable {
    pub mission: Mission,
    /// Result names, BR 1 first.
    pub results: Vec<String>,
    /// Personal outcome, BR 1 first.
    pub outcomes: Vec<Outcome>,
}

/// Costs and gains of society life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct CourtingRow {
    pub at_least: i32,
    pub needed: u8,
}

/// Every table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// The file the built-in tables come from, as errors name it.
pub const TABLES_FILE: &str = "data/tables.toml";

/// The built-in tables text.
pub const TABLES_TOML: &str = include_str!("../data/tables.toml");

/// Number of pay classes: the columns of every regimental rank row.
pub const PAY_CLASSES: usize = 10;

/// Tables that cannot be used: the file, the entry and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {entry}: {message}")]
pub struct TablesError {
    /// The file ("data/tables.toml" for the built-in tables).
    pub file: String,
    /// The entry in it, e.g. `regiments.RFG.brigade`; `(file)` when the
    /// text is not TOML of the right shape.
    pub entry: String,
    /// What is wrong.
    pub message: String,
}

fn err(entry: impl Into<String>, message: impl Into<String>) -> TablesError {
    TablesError {
        file: TABLES_FILE.to_string(),
        entry: entry.into(),
        message: message.into(),
    }
}

/// A word as lookups compare it (the order checker compares the same way).
use crate::orders::ast::table_key as key;

/// A 2d6 number needed: 2 to 13 (13 = cannot succeed unmodified).
fn check_2d6(entry: &str, what: &str, n: i32) -> Result<(), TablesError> {
    if (2..=13).contains(&n) {
        Ok(())
    } else {
        Err(err(
            format!("{entry}.{what}"),
            format!("{n} is not a 2d6 number needed (2 to 13)"),
        ))
    }
}

fn check_columns<T>(entry: &str, what: &str, row: &[T]) -> Result<(), TablesError> {
    if row.len() == PAY_CLASSES {
        Ok(())
    } else {
        Err(err(
            format!("{entry}.{what}"),
            format!(
                "{} columns, expected {PAY_CLASSES} (one per pay class)",
                row.len()
            ),
        ))
    }
}

/// Keys (of ids and names) seen so far in one list, so that no two entries
/// answer to the same word.
fn check_unique(
    seen: &mut HashSet<String>,
    entry: &str,
    words: &[&str],
) -> Result<(), TablesError> {
    let mut own = HashSet::new();
    for word in words {
        let k = key(word);
        if k.is_empty() {
            return Err(err(entry, format!("`{word}` has no letters or digits")));
        }
        if own.insert(k.clone()) && !seen.insert(k) {
            return Err(err(
                entry,
                format!("`{word}` is already the id or name of an earlier entry"),
            ));
        }
    }
    Ok(())
}

impl Tables {
    /// The built-in tables, loaded and validated once.
    pub fn builtin() -> Result<&'static Tables, TablesError> {
        static CELL: OnceLock<Result<Tables, TablesError>> = OnceLock::new();
        CELL.get_or_init(|| Tables::from_toml(TABLES_TOML))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Read tables from TOML text and validate them.
    pub fn from_toml(text: &str) -> Result<Tables, TablesError> {
        let tables: Tables = toml::from_str(text).map_err(|e| err("(file)", e.to_string()))?;
        tables.validate()?;
        Ok(tables)
    }

    /// Check every figure; the error names the first bad entry.
    pub fn validate(&self) -> Result<(), TablesError> {
        self.validate_brigades()?;
        self.validate_regiments()?;
        self.validate_ranks()?;
        self.validate_front()?;
        self.validate_missions()?;
        self.validate_clubs()?;
        self.validate_society()
    }

    fn validate_brigades(&self) -> Result<(), TablesError> {
        if self.brigades.is_empty() {
            return Err(err("brigades", "no brigades"));
        }
        let mut seen = HashSet::new();
        for (i, b) in self.brigades.iter().enumerate() {
            let entry = format!(
                "brigades.{}",
                if b.id.is_empty() {
                    i.to_string()
                } else {
                    b.id.clone()
                }
            );
            check_unique(&mut seen, &entry, &[&b.id])?;
            if b.name.trim().is_empty() {
                return Err(err(format!("{entry}.name"), "empty name"));
            }
            if b.staff_sp < 0 {
                return Err(err(
                    format!("{entry}.staff_sp"),
                    format!("{} is below 0", b.staff_sp),
                ));
            }
        }
        Ok(())
    }

    fn validate_regiments(&self) -> Result<(), TablesError> {
        if self.regiments.is_empty() {
            return Err(err("regiments", "no regiments"));
        }
        let mut seen = HashSet::new();
        for (i, r) in self.regiments.iter().enumerate() {
            let entry = format!(
                "regiments.{}",
                if r.id.is_empty() {
                    i.to_string()
                } else {
                    r.id.clone()
                }
            );
            check_unique(&mut seen, &entry, &[&r.id, &r.name])?;
            if self.brigade(&r.brigade).is_none() {
                return Err(err(
                    format!("{entry}.brigade"),
                    format!("no brigade has the id `{}`", r.brigade),
                ));
            }
            if r.pay_class >= PAY_CLASSES {
                return Err(err(
                    format!("{entry}.pay_class"),
                    format!(
                        "{} is not a pay class (0 to {})",
                        r.pay_class,
                        PAY_CLASSES - 1
                    ),
                ));
            }
            if let Some(sl) = r.min_sl {
                if sl < 0 {
                    return Err(err(format!("{entry}.min_sl"), format!("{sl} is below 0")));
                }
            }
        }
        Ok(())
    }

    fn validate_ranks(&self) -> Result<(), TablesError> {
        let regimental = &Rank::ALL[..=Rank::Colonel.index()];
        let general = &Rank::ALL[Rank::BrigGen.index()..];
        let got: Vec<Rank> = self.regimental_ranks.iter().map(|r| r.rank).collect();
        if got != regimental {
            return Err(err(
                "regimental_ranks",
                format!("ranks are {got:?}; expected Private to Colonel in order, once each"),
            ));
        }
        for r in &self.regimental_ranks {
            let entry = format!("regimental_ranks.{:?}", r.rank);
            check_columns(&entry, "min_sl", &r.min_sl)?;
            check_columns(&entry, "pay", &r.pay)?;
            check_columns(&entry, "sp", &r.sp)?;
            match (&r.price, r.rank) {
                (Some(_), Rank::Private) => {
                    return Err(err(
                        format!("{entry}.price"),
                        "a Private's place is not bought: no price",
                    ));
                }
                (None, rank) if rank != Rank::Private => {
                    return Err(err(format!("{entry}.price"), "missing"));
                }
                (Some(price), _) => {
                    check_columns(&entry, "price", price)?;
                    if let Some(p) = price.iter().find(|p| **p <= 0) {
                        return Err(err(format!("{entry}.price"), format!("{p} is not above 0")));
                    }
                }
                (None, _) => {}
            }
            if let Some(p) = r.pay.iter().find(|p| **p < 0) {
                return Err(err(format!("{entry}.pay"), format!("{p} is below 0")));
            }
            if let Some(sl) = r.min_sl.iter().find(|sl| **sl < 0) {
                return Err(err(format!("{entry}.min_sl"), format!("{sl} is below 0")));
            }
            if !(1..=4).contains(&r.duty_weeks) {
                return Err(err(
                    format!("{entry}.duty_weeks"),
                    format!("{} is not 1 to 4 weeks", r.duty_weeks),
                ));
            }
        }
        let got: Vec<Rank> = self.general_ranks.iter().map(|r| r.rank).collect();
        if got != general {
            return Err(err(
                "general_ranks",
                format!("ranks are {got:?}; expected BrigGen to FieldMarshal in order, once each"),
            ));
        }
        for r in &self.general_ranks {
            if r.pay < 0 {
                return Err(err(
                    format!("general_ranks.{:?}.pay", r.rank),
                    format!("{} is below 0", r.pay),
                ));
            }
        }
        Ok(())
    }

    fn validate_front(&self) -> Result<(), TablesError> {
        if self.rank_front.len() != Rank::ALL.len() {
            return Err(err(
                "rank_front",
                format!(
                    "{} rows, expected {} (Private to FieldMarshal)",
                    self.rank_front.len(),
                    Rank::ALL.len()
                ),
            ));
        }
        if self.battle_result.len() != 10 {
            return Err(err(
                "battle_result",
                format!(
                    "{} rows, expected 10 (MA 1 to 10)",
                    self.battle_result.len()
                ),
            ));
        }
        for (i, row) in self.battle_result.iter().enumerate() {
            for (j, br) in row.iter().enumerate() {
                if !(1..=6).contains(br) {
                    return Err(err(
                        format!("battle_result.MA{}.d{}", i + 1, j + 1),
                        format!("{br} is not a battle result (1 to 6)"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn validate_missions(&self) -> Result<(), TablesError> {
        let got: Vec<Mission> = self.missions.iter().map(|m| m.mission).collect();
        if got != Mission::ALL {
            return Err(err(
                "missions",
                format!(
                    "missions are {got:?}; expected Siege, Assault, Defence, Field in that order"
                ),
            ));
        }
        for m in &self.missions {
            let entry = format!("missions.{:?}", m.mission);
            if m.results.len() != 6 {
                return Err(err(
                    format!("{entry}.results"),
                    format!("{} results, expected 6 (BR 1 to 6)", m.results.len()),
                ));
            }
            if let Some(i) = m.results.iter().position(|r| r.trim().is_empty()) {
                return Err(err(format!("{entry}.results.BR{}", i + 1), "empty name"));
            }
            if m.outcomes.len() != 6 {
                return Err(err(
                    format!("{entry}.outcomes"),
                    format!("{} outcomes, expected 6 (BR 1 to 6)", m.outcomes.len()),
                ));
            }
            for (i, o) in m.outcomes.iter().enumerate() {
                let entry = format!("{entry}.outcomes.BR{}", i + 1);
                check_2d6(&entry, "death", o.death)?;
                check_2d6(&entry, "mention", o.mention)?;
                check_2d6(&entry, "promotion", o.promotion)?;
                match o.cash {
                    Some(cash) => {
                        check_2d6(&entry, "cash", cash)?;
                        if o.plunder_dice == 0 || o.plunder_times <= 0 {
                            return Err(err(
                                entry,
                                "a cash roll needs plunder: plunder_dice and plunder_times above 0",
                            ));
                        }
                    }
                    None => {
                        if o.plunder_dice != 0 || o.plunder_times != 0 {
                            return Err(err(
                                entry,
                                "no cash roll, so no plunder: plunder_dice and plunder_times must be 0",
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn validate_clubs(&self) -> Result<(), TablesError> {
        let mut seen = HashSet::new();
        for (i, c) in self.clubs.iter().enumerate() {
            let entry = format!(
                "clubs.{}",
                if c.id.is_empty() {
                    i.to_string()
                } else {
                    c.id.clone()
                }
            );
            check_unique(&mut seen, &entry, &[&c.id, &c.name])?;
            match (&c.min_sl, &c.brigade_only) {
                (None, None) => {
                    return Err(err(
                        entry,
                        "neither min_sl nor brigade_only: open to anyone",
                    ));
                }
                (_, Some(b)) if self.brigade(b).is_none() => {
                    return Err(err(
                        format!("{entry}.brigade_only"),
                        format!("no brigade has the id `{b}`"),
                    ));
                }
                _ => {}
            }
            if c.dues < 0 {
                return Err(err(
                    format!("{entry}.dues"),
                    format!("{} is below 0", c.dues),
                ));
            }
            if c.minimum_bet <= 0 {
                return Err(err(
                    format!("{entry}.minimum_bet"),
                    format!("{} is not above 0", c.minimum_bet),
                ));
            }
            if let Some(limit) = c.house_limit {
                if limit < c.minimum_bet {
                    return Err(err(
                        format!("{entry}.house_limit"),
                        format!("{limit} is below the minimum bet {}", c.minimum_bet),
                    ));
                }
            }
            if c.gambling_divisor <= 0 {
                return Err(err(
                    format!("{entry}.gambling_divisor"),
                    format!("{} is not above 0 (it divides)", c.gambling_divisor),
                ));
            }
        }
        Ok(())
    }

    fn validate_society(&self) -> Result<(), TablesError> {
        let s = &self.society;
        let not_negative = [
            ("upkeep_per_sl", s.upkeep_per_sl),
            ("consume_per_sl", s.consume_per_sl),
            ("horse_price", s.horse_price),
            ("consume_sp", Crowns::from(s.consume_sp)),
            ("mention_sp", Crowns::from(s.mention_sp)),
            ("lonely_sp", Crowns::from(s.lonely_sp)),
            ("lonely_sp_step", Crowns::from(s.lonely_sp_step)),
        ];
        for (what, n) in not_negative {
            if n < 0 {
                return Err(err(format!("society.{what}"), format!("{n} is below 0")));
            }
        }
        if s.max_bets == 0 {
            return Err(err("society.max_bets", "0: no bets at all"));
        }
        if s.courting.is_empty() {
            return Err(err("society.courting", "no rows"));
        }
        let mut last: Option<i32> = None;
        for (i, row) in s.courting.iter().enumerate() {
            let entry = format!("society.courting.{i}");
            if let Some(prev) = last {
                if row.at_least <= prev {
                    return Err(err(
                        format!("{entry}.at_least"),
                        format!(
                            "{} is not above the previous row's {prev}: rows must be strictly ascending",
                            row.at_least
                        ),
                    ));
                }
            }
            if !(2..=6).contains(&row.needed) {
                return Err(err(
                    format!("{entry}.needed"),
                    format!(
                        "{} is not a 1d6 number needed (2 to 6; a 1 always fails)",
                        row.needed
                    ),
                ));
            }
            last = Some(row.at_least);
        }
        Ok(())
    }

    /// A regiment by id or full name, any case, ignoring spaces,
    /// punctuation, apostrophes and "the" ("rfg", "the 13th Fusiliers",
    /// "13F", "gascons").
    pub fn regiment(&self, word: &str) -> Option<&Regiment> {
        let k = key(word);
        if k.is_empty() {
            return None;
        }
        self.regiments
            .iter()
            .find(|r| key(&r.id) == k || key(&r.name) == k)
    }

    /// A club by id or name, with the same forgiveness as
    /// [`Tables::regiment`]; `&` reads as "and" ("Frog & Peach",
    /// "frog and peach", "bothwells").
    pub fn club(&self, word: &str) -> Option<&Club> {
        let k = key(word);
        if k.is_empty() {
            return None;
        }
        self.clubs
            .iter()
            .find(|c| key(&c.id) == k || key(&c.name) == k)
    }

    /// A brigade by its id (exact: ids are the file's own words).
    pub fn brigade(&self, id: &str) -> Option<&Brigade> {
        self.brigades.iter().find(|b| b.id == id)
    }

    /// The brigade a regiment belongs to.
    pub fn brigade_of(&self, regiment: &Regiment) -> Option<&Brigade> {
        self.brigade(&regiment.brigade)
    }

    /// A regimental rank's row (`None` for a general's rank).
    pub fn regimental_rank(&self, rank: Rank) -> Option<&RegimentalRank> {
        self.regimental_ranks.iter().find(|r| r.rank == rank)
    }

    /// A general's rank's row (`None` for a regimental rank).
    pub fn general_rank(&self, rank: Rank) -> Option<&GeneralRank> {
        self.general_ranks.iter().find(|r| r.rank == rank)
    }

    /// Pay a month. A general's pay ignores the class; a class with no
    /// column pays 0.
    pub fn pay(&self, rank: Rank, pay_class: usize) -> Crowns {
        if let Some(g) = self.general_rank(rank) {
            return g.pay;
        }
        self.regimental_rank(rank)
            .and_then(|r| r.pay.get(pay_class))
            .copied()
            .unwrap_or(0)
    }

    /// SP a month from rank. A general's ignores the class; a class with no
    /// column gives 0.
    pub fn rank_sp(&self, rank: Rank, pay_class: usize) -> i32 {
        if let Some(g) = self.general_rank(rank) {
            return g.sp;
        }
        self.regimental_rank(rank)
            .and_then(|r| r.sp.get(pay_class))
            .copied()
            .unwrap_or(0)
    }

    /// Minimum SL to hold a regimental rank in a class (`None` for a
    /// general's rank or a class with no column).
    pub fn rank_min_sl(&self, rank: Rank, pay_class: usize) -> Option<i32> {
        self.regimental_rank(rank)
            .and_then(|r| r.min_sl.get(pay_class))
            .copied()
    }

    /// Price of a commission (`None` for Private, a general's rank, or a
    /// class with no column).
    pub fn price(&self, rank: Rank, pay_class: usize) -> Option<Crowns> {
        self.regimental_rank(rank)
            .and_then(|r| r.price.as_ref())
            .and_then(|p| p.get(pay_class))
            .copied()
    }

    /// The Battle Result for a commander's MA and a 1d6 roll; MA is clamped
    /// to 1..=10 and the roll to 1..=6.
    pub fn battle_result(&self, ma: i32, d6: u8) -> u8 {
        let row = usize::try_from(ma.clamp(1, 10) - 1).unwrap_or(0);
        let col = usize::from(d6.clamp(1, 6) - 1);
        self.battle_result
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            // Unreachable for validated tables; the worst result otherwise.
            .unwrap_or(6)
    }

    /// A mission's table.
    pub fn mission(&self, m: Mission) -> Option<&MissionTable> {
        self.missions.iter().find(|t| t.mission == m)
    }

    /// The Personal Outcome cell for a mission and BR (1..=6; `None`
    /// otherwise).
    pub fn outcome(&self, m: Mission, br: u8) -> Option<Outcome> {
        let i = usize::from(br).checked_sub(1)?;
        self.mission(m)?.outcomes.get(i).copied()
    }

    /// The name of a mission's result for a BR (1..=6; `None` otherwise).
    pub fn result_name(&self, m: Mission, br: u8) -> Option<&str> {
        let i = usize::from(br).checked_sub(1)?;
        self.mission(m)?.results.get(i).map(String::as_str)
    }

    /// 1d6 needed to court a woman, by (your SL - her SL): the row with the
    /// largest `at_least` not above the difference; below the first row,
    /// the first row.
    pub fn courting_needed(&self, sl_difference: i32) -> u8 {
        let rows = &self.society.courting;
        rows.iter()
            .rev()
            .find(|r| r.at_least <= sl_difference)
            .or_else(|| rows.first())
            .map_or(6, |r| r.needed)
    }

    /// The front modifiers of a rank.
    pub fn rank_front(&self, rank: Rank) -> FrontMods {
        self.rank_front
            .get(rank.index())
            .copied()
            .unwrap_or_default()
    }
}
