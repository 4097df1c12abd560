//! Reports, rendered from the month's events: each player's month (what
//! each phase and week brought, with an SP and cash ledger, the SL change
//! and the front) and the public gazette (announcements, appointments and
//! commissions, front results, deaths, SL changes).

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::events::{BetResult, Event, What, When};
use crate::month::MonthOutcome;
use crate::spsl::{Conversion, Sp};
use crate::tables::{Crowns, Tables};
use crate::world::{CharacterId, World};

/// One line of a player's report.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    pub when: When,
    pub text: String,
    pub sp: Sp,
    pub cash: Crowns,
    pub event: What,
}

/// A player's month, ready to render as text or JSON.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerReport {
    pub schema: &'static str,
    pub version: u32,
    pub game: String,
    pub month: u32,
    pub month_name: String,
    pub character: String,
    pub styled: String,
    pub alive: bool,
    pub sl_before: i64,
    pub sl_after: i64,
    pub sp_carried_in: Sp,
    pub sp_this_month: Sp,
    pub sp_next: Sp,
    pub cash_before: Crowns,
    pub cash_after: Crowns,
    pub debt_after: Crowns,
    pub conversion: Option<Conversion>,
    pub lines: Vec<Line>,
    pub standing: Vec<String>,
}

/// Say what an event was, for the reader `me`.
#[expect(
    clippy::too_many_lines,
    reason = "the one renderer of every event: one arm a sentence, read side by side"
)]
pub fn describe(e: &Event, world: &World, tables: &Tables) -> String {
    let name = |id: CharacterId| {
        world
            .character(id)
            .map_or_else(|| format!("#{}", id.raw()), |c| c.styled())
    };
    match &e.what {
        What::Refused { order, reason } => format!("Could not {order}: {reason}."),
        What::Skipped { order, reason } => format!("Skipped {order}: {reason}."),
        What::Borrowed { amount } => format!("Borrowed {amount} crowns from the moneylender."),
        What::Repaid { amount } => format!("Repaid {amount} crowns of debt."),
        What::BoughtHorses { count } => format!("Bought {count} horse(s)."),
        What::SoldHorses { count } => format!("Sold {count} horse(s)."),
        What::JoinedClub { club } => format!("Joined {club}."),
        What::LeftClub { club } => format!("Left {club}."),
        What::Applied {
            regiment,
            roll,
            needed,
            accepted,
        } => format!(
            "Applied to the {regiment}: rolled {roll}, needed {needed}: {}.",
            if *accepted { "accepted" } else { "turned down" }
        ),
        What::BoughtCommission { regiment, rank } => {
            format!("Bought the rank of {} in the {regiment}.", rank.name())
        }
        What::LeftRegiment { regiment } => format!("Left the {regiment}."),
        What::Consumed { times } => format!("Consumed conspicuously ({times}x)."),
        What::Gave { to, amount } => format!("Gave {amount} crowns to {}.", name(*to)),
        What::GotGift { from, amount } => format!("Received {amount} crowns from {}.", name(*from)),
        What::Appointed { post, by } => {
            format!("Appointed {} by {}.", post.describe(tables), name(*by))
        }
        What::Volunteered => "Volunteered for the front.".to_string(),
        What::Announced { text } => format!("Announced: {text}"),
        What::Caroused => "Caroused.".to_string(),
        What::Gambled { bets } => {
            let parts: Vec<String> = bets
                .iter()
                .map(|b| match b.result {
                    BetResult::Won => format!(
                        "{} won ({} against the house's {})",
                        b.stake,
                        b.player.unwrap_or(0),
                        b.house
                    ),
                    BetResult::Lost => format!(
                        "{} lost ({} against the house's {})",
                        b.stake,
                        b.player.unwrap_or(0),
                        b.house
                    ),
                    BetResult::Cut => format!(
                        "{} cut (house rolled {}, cut {})",
                        b.stake,
                        b.house,
                        b.cut.unwrap_or(0)
                    ),
                })
                .collect();
            format!("Gambled: {}.", parts.join("; "))
        }
        What::GamblingBonus { staked } => {
            format!("Seen at the tables: {staked} crowns staked this week.")
        }
        What::Courted {
            mistress,
            purse,
            roll,
            needed,
            won,
            ..
        } => format!(
            "Courted {mistress} with {purse} crowns: rolled {roll}, needed {needed}: {}.",
            if *won { "she is yours" } else { "she declined" }
        ),
        What::MistressLeft { mistress, reason } => format!("{mistress} left you: {reason}."),
        What::Bawdyhouse {
            purse,
            spent,
            served,
        } => {
            if *served {
                format!("Visited a bawdyhouse with {purse} crowns; spent {spent}.")
            } else {
                format!("Turned away from a bawdyhouse: {purse} crowns is not enough.")
            }
        }
        What::Mugged {
            lost,
            chance_percent,
        } => {
            format!("Mugged on the way home ({chance_percent}% chance): lost {lost} crowns.")
        }
        What::Practised { weapon, expertise } => {
            format!("Practised the {}: expertise {expertise}.", weapon.name())
        }
        What::Toadied { to, received } => format!(
            "Toadied to {}: {}.",
            name(*to),
            if *received {
                "received"
            } else {
                "not received"
            }
        ),
        What::Duty => "Regimental duty.".to_string(),
        What::Rested => "Rested.".to_string(),
        What::WeekAtTheFront => "At the front: this week's orders were void.".to_string(),
        What::AtTheFront { unit, volunteer } => {
            let unit = tables
                .regiment(unit)
                .map_or(unit.as_str(), |r| r.name.as_str());
            if *volunteer {
                format!("Off to the front as a volunteer ({unit}).")
            } else {
                format!("Off to the front with the {unit}.")
            }
        }
        What::Battle {
            unit,
            commander,
            ma,
            effective_ma,
            roll,
            br,
            mission,
            result,
        } => format!(
            "{unit} ({}, commanded by {commander}, MA {ma}, effective {effective_ma}): rolled {roll}, battle result {br}: {result}.",
            mission.name()
        ),
        What::DeathRoll {
            base,
            adjusted,
            bravery,
            poltroonery,
            roll,
        } => {
            let mut s = format!("Death roll {base}");
            if *bravery > 0 {
                let _ = write!(s, ", reckless bravery {bravery}");
            }
            if *poltroonery > 0 {
                let _ = write!(s, ", poltroonery {poltroonery}");
            }
            let _ = write!(s, ": {adjusted} needed to die; rolled {roll}.");
            s
        }
        What::Killed => format!("{} was killed at the front.", name(e.who)),
        What::Mention(r) => format!(
            "Mention: rolled {}, needed {}: {}.",
            r.roll,
            r.needed,
            if r.success {
                "mentioned in despatches"
            } else {
                "no mention"
            }
        ),
        What::Promotion {
            roll,
            rank,
            brevet,
            as_mention,
        } => {
            let outcome = match (rank, as_mention) {
                (Some(r), _) if *brevet => format!("promoted brevet {}", r.name()),
                (Some(r), _) => format!("promoted {}", r.name()),
                (None, true) => "no promotion possible: a mention instead".to_string(),
                (None, false) => "no promotion".to_string(),
            };
            format!(
                "Promotion: rolled {}, needed {}: {outcome}.",
                roll.roll, roll.needed
            )
        }
        What::Plunder { roll, amount } => format!(
            "Plunder: rolled {}, needed {}: {}.",
            roll.roll,
            roll.needed,
            if *amount > 0 {
                format!("{amount} crowns")
            } else {
                "nothing".to_string()
            }
        ),
        What::Poltroonery {
            die,
            noticed,
            cashiered,
        } => format!(
            "Poltroonery: rolled {die}: {}.",
            match (noticed, cashiered) {
                (_, true) => "caught and thrown out of the regiment",
                (true, false) => "noticed: no honours this month",
                _ => "unnoticed",
            }
        ),
        What::MentionsPaid { mentions } => {
            format!("Back from the front: {mentions} mention(s) in despatches.")
        }
        What::Pay { rank } => format!("Pay as {}.", rank.name()),
        What::RankSp => "Status of rank.".to_string(),
        What::StaffSp => "Status of brigade staff.".to_string(),
        What::ClubSp => "Status of club membership.".to_string(),
        What::ClubDues { club, paid } => {
            if *paid {
                format!("Dues to {club}.")
            } else {
                format!("Could not pay the dues of {club}: struck off.")
            }
        }
        What::MistressSp { mistress } => format!("Seen with {mistress}."),
        What::MistressUpkeep { mistress } => format!("Gifts for {mistress}."),
        What::Upkeep { paid } => {
            if *paid {
                "Upkeep.".to_string()
            } else {
                "Could not pay the month's upkeep: a social level will be lost.".to_string()
            }
        }
        What::DutyMissed { weeks } => format!("Missed {weeks} week(s) of regimental duty."),
        What::Lonely { months } => {
            format!("A month without female companionship ({months} in a row).")
        }
        What::Interest => "Interest on debt (10%).".to_string(),
        What::Conversion(c) => format!(
            "SP to SL: {} SP at SL {} count {}; SL {} -> {}; {} SP carried into next month.",
            c.sp, c.sl, c.moderated, c.sl, c.sl_next, c.sp_next
        ),
    }
}

/// Build a player's report for the month. For every player of a game, make
/// one [`Reports`] and ask it for each.
pub fn player_report(
    before: &World,
    outcome: &MonthOutcome,
    tables: &Tables,
    id: CharacterId,
) -> Option<PlayerReport> {
    Reports::new(before, outcome, tables).player(id)
}

/// A month's events indexed by character, for writing every report.
pub struct Reports<'a> {
    before: &'a World,
    outcome: &'a MonthOutcome,
    tables: &'a Tables,
    /// Each character's events, by position in the month's events.
    by_who: HashMap<CharacterId, Vec<usize>>,
    /// The battles, by position.
    battles: Vec<usize>,
}

impl<'a> Reports<'a> {
    /// Index the month's events.
    pub fn new(before: &'a World, outcome: &'a MonthOutcome, tables: &'a Tables) -> Reports<'a> {
        let mut by_who: HashMap<CharacterId, Vec<usize>> = HashMap::new();
        let mut battles = Vec::new();
        for (i, e) in outcome.events.iter().enumerate() {
            if matches!(e.what, What::Battle { .. }) {
                battles.push(i);
            } else {
                by_who.entry(e.who).or_default().push(i);
            }
        }
        Reports {
            before,
            outcome,
            tables,
            by_who,
            battles,
        }
    }

    /// A player's month.
    pub fn player(&self, id: CharacterId) -> Option<PlayerReport> {
        let (before, outcome, tables) = (self.before, self.outcome, self.tables);
        let was = before.character(id)?;
        let now = outcome.world.character(id)?;
        let own: &[usize] = self.by_who.get(&id).map_or(&[], Vec::as_slice);
        let units = self.units_of(id, own);
        let mut picked: Vec<usize> = own.to_vec();
        picked.extend(self.battles.iter().copied().filter(|&i| {
            matches!(&outcome.events[i].what, What::Battle { unit, .. } if units.contains(unit))
        }));
        picked.sort_unstable();
        let lines: Vec<Line> = picked
            .iter()
            .map(|&i| {
                let e = &outcome.events[i];
                let mine = e.who == id && !matches!(e.what, What::Battle { .. });
                Line {
                    when: e.when,
                    text: describe(e, &outcome.world, tables),
                    sp: if mine { e.sp } else { Sp::ZERO },
                    cash: if mine { e.cash } else { 0 },
                    event: e.what.clone(),
                }
            })
            .collect();
        let conversion = own.iter().find_map(|&i| match &outcome.events[i].what {
            What::Conversion(c) => Some(*c),
            _ => None,
        });
        let sp_this_month = conversion.map_or(now.sp, |c| c.sp);
        Some(PlayerReport {
            schema: "umpire-engarde-report",
            version: 1,
            game: before.game.clone(),
            month: outcome.month,
            month_name: before.month_of_year(outcome.month).name().to_string(),
            character: now.name.clone(),
            styled: now.styled(),
            alive: now.is_alive(),
            sl_before: was.sl,
            sl_after: now.sl,
            sp_carried_in: was.sp,
            sp_this_month,
            sp_next: now.sp,
            cash_before: was.cash,
            cash_after: now.cash,
            debt_after: now.debt,
            conversion,
            lines,
            standing: standing(&outcome.world, tables, id),
        })
    }

    /// The public gazette.
    pub fn gazette(&self) -> String {
        gazette(self.before, self.outcome, self.tables)
    }

    /// The units whose battles a character saw: the army's, his brigade's
    /// and his regiment's, when he was at the front.
    fn units_of(&self, id: CharacterId, own: &[usize]) -> Vec<String> {
        let events = &self.outcome.events;
        let at_front = own
            .iter()
            .any(|&i| matches!(events[i].what, What::DeathRoll { .. }));
        if !at_front {
            return Vec::new();
        }
        let tables = self.tables;
        let mut mine = vec!["the Army".to_string()];
        let c = self.before.character(id);
        let regiment = own
            .iter()
            .find_map(|&i| match &events[i].what {
                What::AtTheFront { unit, .. } => Some(unit.clone()),
                _ => None,
            })
            .or_else(|| c.and_then(|c| c.regiment.clone()));
        match regiment.as_deref().and_then(|r| tables.regiment(r)) {
            Some(r) => {
                mine.push(r.name.clone());
                if let Some(b) = tables.brigade(&r.brigade) {
                    mine.push(b.name.clone());
                }
            }
            None => {
                if let Some(b) = tables.brigade(crate::month::front::FRONTIER) {
                    mine.push(b.name.clone());
                }
            }
        }
        for a in c.map_or(&[][..], |c| c.appointments.as_slice()) {
            if let crate::world::Appointment::Brigadier(b)
            | crate::world::Appointment::Staff(_, b) = a
            {
                if let Some(b) = tables.brigade(b) {
                    mine.push(b.name.clone());
                }
            }
        }
        mine
    }
}

/// How he stands after the month.
pub fn standing(world: &World, tables: &Tables, id: CharacterId) -> Vec<String> {
    let Some(c) = world.character(id) else {
        return Vec::new();
    };
    let mut out = vec![format!(
        "SL {}, {} SP carried, {} crowns, debt {}, MA {}",
        c.sl, c.sp, c.cash, c.debt, c.ma
    )];
    match (&c.regiment, c.rank) {
        (Some(r), Some(rank)) => {
            let reg = tables.regiment(r).map_or(r.as_str(), |x| x.name.as_str());
            out.push(format!(
                "{}{} of the {reg}",
                if c.brevet { "brevet " } else { "" },
                rank.name()
            ));
        }
        (None, Some(rank)) => out.push(rank.name().to_string()),
        _ => out.push("not in a regiment".to_string()),
    }
    for a in &c.appointments {
        out.push(a.describe(tables));
    }
    out.push(match c.club.as_deref().and_then(|k| tables.club(k)) {
        Some(k) => format!("member of {}", k.name),
        None => "in no club".to_string(),
    });
    out.push(
        match c
            .mistress
            .and_then(|m| world.mistresses.get(m.raw() as usize))
        {
            Some(m) => format!(
                "mistress: {} (SL {}{}{})",
                m.name,
                m.sl,
                if m.beautiful { ", beautiful" } else { "" },
                if m.wealthy { ", wealthy" } else { "" }
            ),
            None if c.lonely_months > 0 => {
                format!("no mistress ({} month(s) alone)", c.lonely_months)
            }
            None => "no mistress".to_string(),
        },
    );
    if c.horses > 0 {
        out.push(format!("{} horse(s)", c.horses));
    }
    let skills: Vec<String> = c
        .expertise
        .iter()
        .map(|(w, n)| format!("{} {n}", w.name()))
        .collect();
    if !skills.is_empty() {
        out.push(format!("expertise: {}", skills.join(", ")));
    }
    out
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn signed_sp(sp: Sp) -> String {
    if sp > Sp::ZERO {
        format!("+{sp}")
    } else {
        sp.to_string()
    }
}

/// The report as text.
pub fn render(r: &PlayerReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "En Garde! -- {} -- month {} ({})",
        r.game, r.month, r.month_name
    );
    let _ = writeln!(s, "Report for {}", r.styled);
    let _ = writeln!(
        s,
        "Began the month at SL {} with {} SP carried and {} crowns.",
        r.sl_before, r.sp_carried_in, r.cash_before
    );
    let mut current: Option<When> = None;
    for l in &r.lines {
        if current != Some(l.when) {
            current = Some(l.when);
            let title = match l.when {
                When::Premonthly => "Premonthly".to_string(),
                When::Week(w) => format!("Week {w}"),
                When::Front => "The front".to_string(),
                When::Endmonth => "End of the month".to_string(),
            };
            let _ = writeln!(s, "\n{title}");
        }
        let sp = if l.sp == Sp::ZERO {
            String::new()
        } else {
            format!("{} SP", signed_sp(l.sp))
        };
        let cash = if l.cash == 0 {
            String::new()
        } else {
            format!("{} cr", signed(l.cash))
        };
        let _ = writeln!(s, "  {sp:>9} {cash:>8}  {}", l.text);
    }
    let _ = writeln!(s, "\nLedger");
    let _ = writeln!(
        s,
        "  SP this month (carried in plus gains): {}",
        r.sp_this_month
    );
    let _ = writeln!(s, "  Cash: {} -> {} crowns", r.cash_before, r.cash_after);
    match &r.conversion {
        Some(c) => {
            let _ = writeln!(
                s,
                "  SL: {} -> {} ({}); {} SP carried into next month.",
                r.sl_before,
                r.sl_after,
                match c.sl_change {
                    1 => "up one",
                    -1 => "down one",
                    _ if c.floored => "SL 1 is the lowest",
                    _ => "unchanged",
                },
                r.sp_next
            );
        }
        None if !r.alive => {
            let _ = writeln!(s, "  {} is dead.", r.character);
        }
        None => {}
    }
    let _ = writeln!(s, "\nStanding");
    for l in &r.standing {
        let _ = writeln!(s, "  {l}");
    }
    s
}

/// The public gazette of the month.
pub fn gazette(before: &World, outcome: &MonthOutcome, tables: &Tables) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "The Paris Gazette -- {} -- month {} ({})",
        before.game,
        outcome.month,
        before.month_of_year(outcome.month).name()
    );
    type Wanted = fn(&What) -> bool;
    let sections: [(&str, Wanted); 5] = [
        ("Announcements", |w| {
            matches!(w, What::Announced { .. } | What::Consumed { .. })
        }),
        ("Regiments, clubs and appointments", |w| {
            matches!(
                w,
                What::Applied { accepted: true, .. }
                    | What::BoughtCommission { .. }
                    | What::LeftRegiment { .. }
                    | What::Appointed { .. }
                    | What::JoinedClub { .. }
                    | What::LeftClub { .. }
                    | What::ClubDues { paid: false, .. }
                    | What::MistressLeft { .. }
            )
        }),
        ("From the front", |w| {
            matches!(
                w,
                What::Volunteered
                    | What::AtTheFront { .. }
                    | What::Battle { .. }
                    | What::Killed
                    | What::Mention(_)
                    | What::Promotion { .. }
                    | What::Poltroonery { .. }
            )
        }),
        ("Society", |w| matches!(w, What::Courted { .. })),
        ("Social levels", |w| {
            matches!(w, What::Conversion(_) | What::Upkeep { paid: false })
        }),
    ];
    for (title, wanted) in sections {
        let items: Vec<&Event> = outcome
            .events
            .iter()
            .filter(|e| e.public && wanted(&e.what))
            .collect();
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n{title}");
        for e in items {
            let who = outcome
                .world
                .character(e.who)
                .map_or_else(String::new, |c| c.styled());
            let text = match &e.what {
                What::Conversion(c) => format!(
                    "{who} {} SL {}.",
                    if c.sl_change > 0 {
                        "rises to"
                    } else {
                        "falls to"
                    },
                    outcome.world.character(e.who).map_or(c.sl_next, |x| x.sl)
                ),
                What::Battle { .. } | What::Killed => describe(e, &outcome.world, tables),
                _ => format!("{who}: {}", describe(e, &outcome.world, tables)),
            };
            let _ = writeln!(s, "  {text}");
        }
    }
    s
}

/// Who is who in Paris, for a new player: every name a sheet may write —
/// the other players' characters, the officers and their posts, the
/// regiments, the clubs and the ladies one may court — spelt as the game
/// knows them (case and accents do not matter when written).
pub fn who_is_who(world: &World, tables: &Tables, reader: CharacterId) -> Vec<String> {
    let mut out = vec!["Who is who in Paris (the names your sheet may use):".to_string()];
    let players: Vec<String> = world
        .ids()
        .filter(|&id| id != reader)
        .filter_map(|id| world.character(id))
        .filter(|c| !c.npc && c.is_alive())
        .map(|c| c.styled())
        .collect();
    out.push(format!(
        "  Gentlemen of Paris: {}",
        if players.is_empty() {
            "none yet".to_string()
        } else {
            players.join(", ")
        }
    ));
    out.push("  Officers:".to_string());
    for c in world
        .ids()
        .filter_map(|id| world.character(id))
        .filter(|c| c.npc && c.is_alive())
    {
        let posts: Vec<String> = c.appointments.iter().map(|a| a.describe(tables)).collect();
        out.push(format!("    {}, {}", c.styled(), posts.join(", ")));
    }
    let regiments: Vec<String> = tables
        .regiments
        .iter()
        .map(|r| format!("{} ({})", r.name, r.id))
        .collect();
    out.push(format!("  Regiments: {}", regiments.join("; ")));
    let clubs: Vec<String> = tables
        .clubs
        .iter()
        .map(|c| format!("{} ({})", c.name, c.id))
        .collect();
    out.push(format!("  Clubs: {}", clubs.join("; ")));
    let ladies: Vec<&str> = world.mistresses.iter().map(|m| m.name.as_str()).collect();
    out.push(format!("  Ladies one may court: {}", ladies.join(", ")));
    out
}

/// A new player's first report, before month 1 (or before the month they
/// join in): where they stand, and who is who in Paris.
pub fn welcome(world: &World, tables: &Tables, id: CharacterId, next_deadline: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "En Garde! -- {} -- before month {} ({})",
        world.game,
        world.month,
        world.month_of_year(world.month).name()
    );
    if let Some(c) = world.character(id) {
        let _ = writeln!(text, "Welcome to Paris, {}.", c.styled());
    }
    if !next_deadline.is_empty() {
        let _ = writeln!(text, "Orders for month {} by {next_deadline}.", world.month);
    }
    let _ = writeln!(text);
    for line in standing(world, tables, id) {
        let _ = writeln!(text, "  {line}");
    }
    let _ = writeln!(text);
    for line in who_is_who(world, tables, id) {
        let _ = writeln!(text, "{line}");
    }
    text
}
