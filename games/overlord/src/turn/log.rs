//! What happened in a turn, as typed events: who did what, on which day,
//! where, and which factions may learn of it. Reports are rendered from
//! these; nothing here is prose.

use serde::Serialize;

use crate::orders::{Keyword, NewId, UnitRef};
use crate::rules::{
    ConstructionId, EnchantmentId, ItemId, Movement, RaceId, SkillId, TitleId, WorkId,
};
use crate::world::{FactionId, JourneyKind, LocationId, Stance, StructureId, UnitId};

/// Something the land's policy allows or forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    Trade,
    Recruit,
    Harvest,
    Pillage,
    Enter,
    Work,
    Tax,
    Entertain,
}

/// Where the coins come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purse {
    Taxes,
    Entertainment,
}

/// The day an event happened on: 1 to 30, or one of the steps around them.
pub const BEFORE_DAY_1: u8 = 0;
pub const MONTH_END: u8 = 31;

/// One thing that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Event {
    /// 1–30, [`BEFORE_DAY_1`] or [`MONTH_END`].
    pub day: u8,
    /// The unit that acted, if a unit did.
    pub unit: Option<UnitId>,
    pub place: Option<LocationId>,
    pub what: What,
    /// The factions that may learn of it, sorted, without repeats. Reports
    /// show an event only to these, so nothing leaks.
    pub seen_by: Readers,
}

/// The factions that may learn of an event: up to four held in the event
/// itself (nearly every event has one or two), more on the heap. A large
/// month has hundreds of thousands of events, and a list of its own for
/// each was as many allocations and, at alpha x100, 18 MB of the peak.
/// The JSON is a list, as a vector's.
pub type Readers = smallvec::SmallVec<[FactionId; 4]>;

/// Why a set of orders or a UNIT section was not taken.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    UnknownFaction,
    WrongPassword,
    /// The orders name a turn other than the one being run.
    OtherTurn,
    UnknownUnit,
    NotYourUnit,
    /// A placeholder of another faction, or never created.
    NotCreated,
    /// The faction has resigned (OV-FO-007).
    Resigned,
}

/// Why an order left the list without being carried out.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Dropped {
    /// Names a unit this turn never created.
    UncreatedUnit,
    /// The unit may never give it (a follower's MOVE, a creature's WORK…).
    NotAllowed,
    /// RETREAT that was not the first order, or with nothing to retreat from.
    Misplaced,
    /// A MOVE or MARCH that cannot ever start from here (no such way).
    NoWay,
    /// The pending text no longer reads as an order.
    Unreadable,
    /// ATTACK on the unit's own faction, its own unit or a structure its
    /// faction owns (OV-UO-005/006).
    OwnTarget,
    /// A `+` alternative: the order above it was carried out, so it is
    /// not needed (OV-SCH-005).
    AlternativeNotNeeded,
    /// OATH to a unit of the unit's own faction: nothing to pledge.
    OwnFaction,
}

/// Why a journey could not begin.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stuck {
    /// No way of travelling the stack has goes there (OV-MOVE-014).
    Impassable,
    /// Only walking overloaded is left, and the stack carries `weight`
    /// where it can carry `capacity` walking: 100% overload or more
    /// (OV-MOVE-018).
    Overloaded { weight: u64, capacity: i64 },
    /// Walking overloaded would take `days`, 60 or more (OV-MOVE-019).
    TooHeavy { days: u32 },
    /// The vessel the stack is aboard goes that way, but the stack and
    /// its cargo weigh `weight` and the vessel with the stack's own
    /// capacities carries `capacity` (OV-BLD-001).
    VesselOverloaded {
        structure: StructureId,
        weight: u64,
        capacity: i64,
    },
    /// The vessel goes that way, but the stack has `crew` figures able to
    /// crew it where it needs `needed` (OV-BLD-001).
    VesselUncrewed {
        structure: StructureId,
        crew: u64,
        needed: u64,
    },
    /// The vessel goes that way, but the unit in charge of it is not in
    /// the stack (OV-BLD-001).
    VesselNotCommanded {
        structure: StructureId,
        captain: Option<UnitId>,
    },
    /// The vessel goes that way, but it is not finished.
    VesselUnfinished { structure: StructureId },
}

/// A list inside an event: one pointer wide where a `Vec` is three, so
/// that the few events that carry lists (battles, departures, summoning)
/// do not make every event of the month larger. A large month holds
/// hundreds of thousands of events while its reports are made; it reads
/// and serialises like a `Vec`.
pub type List<T> = thin_vec::ThinVec<T>;

/// What happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum What {
    /// A faction's orders were read for the turn.
    OrdersTaken {
        faction: FactionId,
        units: u32,
    },
    /// `faction` is `None` when the header names no faction of this game.
    OrdersRefused {
        faction: Option<FactionId>,
        reason: Refusal,
    },
    SectionRefused {
        faction: FactionId,
        unit: UnitRef,
        reason: Refusal,
    },
    /// An order this build does not adjudicate yet: it stays in the list.
    NotAdjudicated {
        order: Keyword,
    },
    /// At the month's end, an order kept in the list for next month, and
    /// why (every order kept is told, but one repeated that ran).
    OrderKept {
        order: String,
        why: String,
    },
    /// At the month's end, an order that waited all month and is now
    /// dropped (it names a unit that was never made, often the one it was
    /// to make): why it waited, so the drop is not its only answer.
    WaitedInVain {
        order: String,
        why: String,
    },
    /// The unit attacked `target`, which was gone (fallen in an earlier
    /// battle of the day) when the day's battles were fought.
    TargetGone {
        target: UnitId,
    },
    /// UNSTACK (or a plain STACK) by a unit in no stack: nothing to do.
    NotStacked,
    /// An order was carried out and nothing else it did tells the player
    /// so: the order list's own answer (no order ends the month unsaid).
    OrderCarried {
        order: String,
    },
    /// An order left the list unexecuted.
    OrderDropped {
        order: String,
        reason: Dropped,
    },
    /// A condition held and left the list (or was kept by `@`).
    ConditionMet {
        order: Keyword,
    },
    FactionRenamed {
        faction: FactionId,
    },
    EmailChanged {
        faction: FactionId,
    },
    PasswordChanged {
        faction: FactionId,
    },
    StanceSet {
        faction: FactionId,
        toward: Option<FactionId>,
        stance: Stance,
    },
    UnitRenamed,
    UnitDescribed,
    SettingChanged {
        setting: String,
        on: bool,
    },
    /// Control points checked after day 1 (OV-CP-008).
    ControlChecked {
        faction: FactionId,
        needed: u32,
        limit: u32,
    },
    /// The unit refuses to act this month (OV-CP-009).
    Refuses {
        missing: u32,
    },
    /// The unit refused to join a battle, its faction lacking `missing`
    /// control points (OV-CP-011).
    RefusesBattle {
        missing: u32,
    },
    Stacked {
        under: UnitId,
    },
    Unstacked {
        from: UnitId,
    },
    Ejected {
        unit: UnitId,
    },
    Promoted {
        unit: UnitId,
    },
    /// A leader accepted a unit of another faction into its stack.
    Accepted {
        unit: UnitId,
    },
    /// STAY: left the stack as it set out.
    Stayed {
        leader: UnitId,
    },
    Synchronised {
        with: UnitId,
    },
    Gave {
        to: UnitId,
        item: ItemId,
        count: u64,
    },
    Entered {
        structure: StructureId,
    },
    Left {
        structure: StructureId,
    },
    Guarding,
    /// A journey began. `units` is the whole travelling stack.
    Departed {
        from: LocationId,
        to: LocationId,
        mode: Movement,
        days: u32,
        kind: JourneyKind,
        units: List<UnitId>,
    },
    /// MOVE or MARCH could not begin today (kept in the list).
    CannotTravel {
        to: LocationId,
        why: Stuck,
    },
    Arrived {
        from: LocationId,
        at: LocationId,
        units: Vec<UnitId>,
    },
    /// Half its journey done, the stack counts as entering its destination
    /// and is seen there (OV-MOVE-027); placed at the destination, told to
    /// the factions there. `Arrived` follows on the last day.
    Entering {
        from: LocationId,
        to: LocationId,
        units: Vec<UnitId>,
    },
    /// Turned back by RETREAT, given or forced by a guard.
    TurnedBack {
        toward: LocationId,
        days: u32,
        guard: Option<UnitId>,
    },
    /// A battle the combat rules fight (OV-MOVE-031, OV-GRD-011), with
    /// its sides as engaged (OV-CMB-001..013): the partial report every
    /// faction present gets (decision OV-CMB-008).
    Battle {
        attacker: UnitId,
        defender: UnitId,
        cause: BattleCause,
        /// Both sides' units, each in the location's order.
        attackers: List<UnitId>,
        defenders: List<UnitId>,
        /// Factions on both sides, which stayed out (OV-CMB-007/013).
        withdrawn: List<FactionId>,
    },
    /// ATTACK waits: its target is not here, or not seen (OV-UO-005);
    /// said once a turn.
    AttackWaits,
    /// GUARD refused (OV-GRD-001, OV-GRD-003..005); said once a turn.
    GuardRefused {
        reason: GuardRefusal,
    },
    /// A guard kept the unit from doing something (OV-GRD-009); said once
    /// a turn for each order.
    StoppedByGuard {
        guard: UnitId,
        act: Act,
    },
    /// Days of WORK done this month, for the wages step.
    Worked {
        days: u32,
    },
    /// A unit made this turn took its permanent id.
    Created {
        placeholder: NewId,
        unit: UnitId,
    },
    /// Orders naming a placeholder never created were removed.
    PlaceholderUnused {
        placeholder: NewId,
    },
    Split {
        new: UnitId,
        figures: u32,
    },
    /// An unstacked creature went back to the wild (OV-UNIT, month end).
    Reverted {
        to: FactionId,
    },
    /// A creature took its stack leader's side at month end.
    Allegiance {
        to: FactionId,
    },
    // --- goods, units and factions ---
    /// GET: from a unit, or from the ground (`None`).
    Got {
        from: Option<UnitId>,
        item: ItemId,
        count: u64,
    },
    /// DROP: items put on the ground.
    DroppedItems {
        item: ItemId,
        count: u64,
    },
    /// SWAP: what went each way.
    Swapped {
        with: UnitId,
        gave: (ItemId, u64),
        got: (ItemId, u64),
    },
    /// DISBAND: the unit left the game.
    Disbanded {
        figures: u32,
    },
    /// OATH: pledged to another faction, joined at the month's end.
    Pledged {
        to: FactionId,
    },
    /// The unit joined the faction it pledged itself to.
    ChangedFaction {
        to: FactionId,
    },
    /// RESIGN: the faction left the game, its units given to `to`.
    Resigned {
        faction: FactionId,
        to: FactionId,
    },
    /// RESIGN refused: the target is not a faction units may resign to.
    ResignRefused {
        faction: FactionId,
    },
    /// A faction-wide SETTING.
    FactionSetting {
        faction: FactionId,
        setting: String,
        on: bool,
    },
    /// RESHOW: descriptions asked for, printed by the report.
    ReshowAsked {
        faction: FactionId,
        what: String,
    },
    /// A skill reached a new level (its description is now known to the
    /// faction, OV-SKL-035).
    LevelReached {
        skill: SkillId,
        level: u8,
    },
    /// `STUDY skill level` whose stop is reached (OV-SCH-021): the unit
    /// already has the level asked for, so the order is complete.
    StudyGoalMet {
        skill: SkillId,
        level: u8,
    },
    /// STUDY of a skill the unit has at the highest level study reaches
    /// (the skill's last level, or magic's cap): the order is done with.
    StudyAtTop {
        skill: SkillId,
        level: u8,
    },
    // --- titles ---
    /// A vacant title was claimed (OV-TTL-004).
    TitleClaimed {
        title: TitleId,
        seat: LocationId,
    },
    /// A challenge for a held title (OV-TTL-005..008): the challenger's
    /// experience as a percentage of the holder's, told to both sides.
    Challenge {
        title: TitleId,
        seat: LocationId,
        challenger: UnitId,
        holder: UnitId,
        percent: u32,
        won: bool,
    },
    /// The title was lost: out of its range, or its holder slain.
    TitleLost {
        title: TitleId,
        seat: LocationId,
    },
    TitleBestowed {
        title: TitleId,
        seat: LocationId,
        to: UnitId,
    },
    TitleYielded {
        title: TitleId,
        seat: LocationId,
    },
    TitleCancelled {
        title: TitleId,
        seat: LocationId,
        holder: UnitId,
    },
    /// A slain holder's title passed to this unit (OV-TTL-010, 021).
    TitleInherited {
        title: TitleId,
        seat: LocationId,
        from: UnitId,
    },
    /// The day's taxes of an owned location to the faction's funds
    /// (OV-LAND-002).
    TaxesCollected {
        place: LocationId,
        amount: u64,
    },
    /// The faction's forces began occupying a location (OV-LAND-007).
    Occupied {
        place: LocationId,
    },
    /// A day of pillage: the stored taxes, the wages and the
    /// entertainment money taken.
    Pillaged {
        taxes: u64,
        wages: u64,
        entertainment: u64,
    },
    /// The pillaging force is not significant: the day had no effect.
    PillageTooWeak {
        force: u32,
        needed: u32,
    },
    // --- market ---
    /// A BUY (`buying`) or SELL offer of the day that the market did not
    /// take, and why: the unit's offer stays for another day.
    OfferNotTaken {
        item: ItemId,
        buying: bool,
        price: u32,
        why: NotTaken,
    },
    /// Bought on the market at the end of the day, paying `price` each
    /// (the unit's own limit); `cleared` is the day's clearing price
    /// (OV-ECON-009..011).
    Bought {
        item: ItemId,
        count: u64,
        price: u32,
        cleared: u32,
    },
    /// Sold on the market, getting `price` each (the unit's own asking
    /// price).
    Sold {
        item: ItemId,
        count: u64,
        price: u32,
        cleared: u32,
    },
    /// Figures hired at `price` each joined unit `into` (OV-UO-067).
    Recruited {
        race: RaceId,
        figures: u32,
        price: u32,
        into: UnitId,
    },
    /// Coins taken from the faction's treasury (OV-UO-117).
    Withdrew {
        amount: u64,
    },
    /// Items taken from the faction funds (OV-UO-117, OV-FAC-002): `count`
    /// of the `asked`, fewer when the funds held fewer.
    WithdrewItems {
        item: ItemId,
        count: u64,
        asked: u64,
    },
    // --- skills ---
    /// A day of study: `skill` is the one studied (a prerequisite when the
    /// asked skill waits on it, OV-UO-101), `gain` in hundredths of a day,
    /// `percent` the speed against plain study (100), `cost` the coins paid.
    Studied {
        skill: SkillId,
        gain: u32,
        percent: u32,
        cost: u64,
        teacher: Option<UnitId>,
    },
    /// A STUDY that could not run today and waits (told once a turn).
    StudyWaits {
        skill: SkillId,
        why: StudyBlock,
    },
    /// A day of TEACH: the pupils taught and the skill each was taught
    /// (`None`: any unit here studying it).
    Taught {
        lessons: Vec<(Option<UnitId>, SkillId)>,
    },
    /// FORGET: these skills are gone (the named one and those built on it).
    Forgot {
        skills: Vec<SkillId>,
    },
    /// MERGE: figures (and with `MERGE id 0` the possessions) moved into
    /// `into`; `forgot` are the basic skills the moved figures dropped.
    Merged {
        into: UnitId,
        figures: u32,
        possessions: bool,
        forgot: Vec<SkillId>,
    },
    /// The unit has no figures left: a stockpile (OV-UO-055).
    BecameStockpile,
    // --- monthend ---
    /// WORK wages paid at the month's end: the place's monthly wage per
    /// figure for each day worked there, over 30 (OV-ECON-026).
    WagesPaid {
        days: u32,
        amount: u64,
    },
    /// The unit worked somewhere it is no longer: its wages are lost
    /// (OV-ECON-027).
    WagesLost {
        days: u32,
    },
    /// Upkeep at the month's end (OV-ECON-017..020, 023): what was due in
    /// coin after `rations` were eaten, and who paid it.
    UpkeepPaid {
        due: u64,
        rations: u64,
        from_unit: u64,
        from_others: u64,
        from_funds: u64,
    },
    /// Upkeep not paid in full: `short` coins missing; the unit's dissent
    /// is now `dissent` months running (OV-ECON-021).
    Unpaid {
        short: u64,
        dissent: u32,
    },
    /// Press reward paid into the treasury before day 1 (OV-PRESS-005).
    PressReward {
        amount: u64,
    },
    /// Famine struck an overpopulated place with no food on its market
    /// (OV-WLD-020); the event's place is where.
    Famine {
        died: u32,
    },
    /// A plague struck a crowded place (OV-WLD-020).
    Plague {
        died: u32,
    },
    /// Unpaid two months running, the unit deserted (OV-ECON-022).
    Deserted {
        figures: u32,
    },
    // --- production ---
    /// Items taken from the land with USE (OV-PROD-001); `from_building`
    /// of them came from a production building's bonus (OV-BLD-040).
    Harvested {
        skill: SkillId,
        item: ItemId,
        count: u64,
        from_building: u64,
    },
    /// A battle fought to its end: its units with their sides,
    /// and the whole round-by-round log, from which reports tell each
    /// faction what it saw.
    BattleFought {
        place: LocationId,
        units: List<(UnitId, crate::combat::field::Side)>,
        /// For each of `units`, its figures at the start and at the end.
        standing: List<Standing>,
        report: Box<crate::combat::log::Report>,
    },
    /// The unit's losses in a battle: figures killed, and whether it fled
    /// the field.
    BattleLosses {
        killed: u32,
        fled: bool,
        /// Spell components the battle used up.
        spent: Vec<(ItemId, u64)>,
    },
    /// A unit slain to the last figure: what perished with it (what was
    /// not looted or left on the ground).
    Perished {
        items: Vec<(ItemId, u64)>,
    },
    /// Loot from a slain unit (OV-CMB-081).
    Looted {
        item: ItemId,
        count: u64,
        from: UnitId,
    },
    /// The leader proved a hero in battle (OV-UNIT-020).
    BecameHero,
    /// TACTIC set the unit's battle settings (canonical text).
    TacticSet {
        text: String,
    },
    /// COMBAT set the unit's action list (empty: only MELEE PARRY).
    CombatListSet {
        actions: String,
    },
    /// Coins a day of taxing or entertaining brought (OV-ECON-029, 030).
    Earned {
        skill: SkillId,
        purse: Purse,
        coins: u64,
    },
    /// Items made with USE from materials (OV-PROD-005..010).
    Produced {
        skill: SkillId,
        item: ItemId,
        count: u64,
    },
    /// Materials taken as a piece of work began (OV-PROD-005).
    MaterialsUsed {
        skill: SkillId,
        items: Vec<(ItemId, u64)>,
    },
    /// Work under way with this skill was lost: the unit moved
    /// (OV-PROD-004, 008).
    WorkLost {
        skill: SkillId,
    },
    /// A day of USE that finished nothing yet: the next `item` (harvested
    /// or made), or with no item the casting, is `percent` done.
    UseProgress {
        skill: SkillId,
        item: Option<ItemId>,
        percent: u64,
    },
    /// USE could not run today (said once a turn per order).
    CannotUse {
        skill: SkillId,
        why: UseProblem,
    },
    /// EQUIP: how many of the item are now equipped.
    Equipped {
        item: ItemId,
        equipped: u64,
    },
    /// EQUIP kept: the unit lacks the skill the item needs (said once a
    /// turn).
    CannotEquip {
        item: ItemId,
    },
    /// TARGET chose what construction skills and spells work on; the
    /// report names it (the unit, place or structure, not a bare id).
    Targeted {
        aim: crate::world::Aim,
    },
    /// A new structure was begun (OV-BLD-005, 006).
    StructureBegun {
        structure: StructureId,
    },
    /// Construction work fitted into a structure (OV-BLD-007).
    BuiltWork {
        structure: StructureId,
        work: WorkId,
        count: u32,
    },
    /// A structure is complete (OV-BLD-008).
    StructureCompleted {
        structure: StructureId,
    },
    /// A pickpocketing done: `coins` taken from `target`; `noticed`: caught
    /// in the act, nothing taken.
    Pickpocketed {
        target: UnitId,
        coins: u64,
        noticed: bool,
    },
    /// The unit's pockets were picked (`coins` gone), or an attempt was
    /// caught (`coins` 0): the thief is named only when seen.
    PocketsPicked {
        coins: u64,
        thief: Option<UnitId>,
    },
    /// An assassination attempt done on `target`.
    AssassinationTried {
        target: UnitId,
        killed: bool,
        noticed: bool,
    },
    /// The unit saw its would-be assassin, `by`, and lives.
    AssassinationSurvived {
        by: UnitId,
    },
    /// The unit was assassinated by someone unseen: it is gone.
    Assassinated,
    /// Figures of an undead unit laid to rest by this unit.
    Buried {
        target: UnitId,
        figures: u32,
    },
    /// Figures of this undead unit were laid to rest by another's.
    LaidToRest {
        figures: u32,
    },
    /// A hero became a plain leader (DEMOTE, OV-UNIT-021).
    Demoted,
    /// CHRISTEN named the structure the unit owns (OV-UO-017).
    StructureChristened {
        structure: StructureId,
    },
    /// CHRISTEN named the place, which carried only its type word
    /// (OV-UO-018).
    PlaceChristened {
        place: LocationId,
    },
    /// A vessel rebuilt as another kind (a longboat made a war
    /// galley).
    Refitted {
        structure: StructureId,
        from: ConstructionId,
        to: ConstructionId,
    },
    // --- vessels ---
    /// The stack set out aboard its vessel, which sails with it
    /// (OV-BLD-001); told with `Departed`, to the same factions.
    VesselSailed {
        structure: StructureId,
        from: LocationId,
        to: LocationId,
    },
    /// The vessel came in with its stack and now lies at `at`.
    VesselArrived {
        structure: StructureId,
        from: LocationId,
        at: LocationId,
    },
    /// The vessel sailed without this unit, which was aboard: it is left
    /// where the vessel lay (at sea, in the water).
    SteppedAshore {
        structure: StructureId,
    },
    /// Stranded in water at the month's end (OV-MOVE-029): `figures`
    /// drowned and `items` of equipment went down with them; `vanished`:
    /// a single figure drowned and the unit is gone with all it had.
    Drowned {
        figures: u32,
        items: Vec<(ItemId, u64)>,
        vanished: bool,
    },
    /// A city or village was finished: the new location `place` stands
    /// inside the place it was built in, and `structure`, which carried
    /// the work, is taken away when the next turn begins (OV-BLD-045).
    SettlementFounded {
        place: LocationId,
        structure: StructureId,
    },
    // --- magic ---
    /// The day's mana regain or overcharge loss (OV-MAG-012, 014): `by`
    /// mana, `now` held.
    ManaChanged {
        by: i32,
        now: u32,
    },
    /// Mana taken as a casting (or a piece of magical craft) began
    /// (OV-MAG-011).
    ManaSpent {
        skill: SkillId,
        mana: u32,
    },
    /// A casting laid an enchantment on `target` (the caster itself or
    /// another unit), which now has `days` of it.
    Enchanted {
        skill: SkillId,
        target: UnitId,
        enchantment: EnchantmentId,
        days: u32,
    },
    /// Someone else's spell laid an enchantment on this unit; told to the
    /// unit's faction without naming the caster.
    EnchantmentGained {
        enchantment: EnchantmentId,
        days: u32,
    },
    /// An enchantment ran out (OV-ENCH-002).
    EnchantmentExpired {
        enchantment: EnchantmentId,
    },
    /// A summoning called a creature of `race` into `unit` (`new`: a unit
    /// made for it), with the summoned items listed.
    Summoned {
        skill: SkillId,
        unit: UnitId,
        race: RaceId,
        new: bool,
        items: List<(ItemId, u64)>,
    },
    /// Meditation or ritual gave `target` `mana`; it now holds `now`
    /// (OV-MAG-015).
    Ritual {
        skill: SkillId,
        target: UnitId,
        mana: u32,
        now: u32,
    },
    /// Another unit's ritual lent this unit mana.
    ManaReceived {
        from: UnitId,
        mana: u32,
        now: u32,
    },
    /// A look into a neighbouring location: the units seen there.
    Reconnoitred {
        skill: SkillId,
        place: LocationId,
        units: Vec<UnitId>,
    },
    /// A casting under way was not carried on today: its mana, components
    /// and time are lost (OV-MAG-017).
    CastingSpoiled {
        skill: SkillId,
    },
    /// TARGET changed during a casting: half its time is kept, its mana
    /// and components must be paid again.
    CastingRetargeted {
        skill: SkillId,
    },
}

/// A unit's figures at the start and the end of a battle.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Standing {
    pub start: u32,
    pub alive: u32,
    pub fled: bool,
}

/// Why the market did not take a unit's offer at the day's end.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NotTaken {
    /// Nobody met the price; `cleared` is the day's clearing price, if
    /// anything traded.
    Price { cleared: Option<u32> },
    /// A BUY whose unit no longer had the coins for one at the day's end.
    Coins,
    /// A SELL whose unit no longer held any of it at the day's end.
    Goods,
}

/// Why a STUDY waits (skills).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StudyBlock {
    /// The coins for the day cannot be paid (own coins, the treasury in a city).
    Cost,
    /// A prerequisite level is missing and the faction does not know the skill.
    Prerequisite,
    /// The next level is past the unit's limit and no teacher helps today.
    Limit,
    /// A specialist skill with no teacher and no teaching structure.
    Specialist,
    /// A follower knows another basic skill (FORGET it first).
    OtherBasicSkill,
    /// An element more than the unit's magecraft level allows
    /// (OV-MAG-004).
    Elements,
    /// The teacher needed comes after the pupil in the day's order: its
    /// TEACH has not run when the pupil studies (OV-UO-111).
    Teacher,
    /// The pupil needs its teacher to pass its limit and has more than 10
    /// figures (OV-UO-110).
    TooManyToTeach,
}

/// Why a USE did not run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UseProblem {
    /// The unit does not know the skill at 1st level.
    Unskilled,
    /// The skill has no use this build carries out.
    NoUse,
    /// The location offers none of that resource.
    NoResource,
    /// The location's resource ran out before the unit's share today.
    ResourceExhausted,
    /// The land's controller does not allow it here: `owner` names the
    /// legal owner whose policy it is; `None` for an occupier, who is not
    /// named (its units may be unknown to the unit).
    Forbidden { owner: Option<FactionId> },
    /// The materials for the next piece are missing.
    NoMaterials,
    /// No TARGET given (OV-UO-107).
    NoTarget,
    /// The TARGET is not of a kind this work or spell takes, or names
    /// nothing that exists.
    WrongTarget,
    /// The TARGET unit or structure is not here, or not seen (one reason:
    /// telling them apart would betray a hidden unit).
    TargetOutOfReach,
    /// The TARGET place is not next to the caster's.
    TargetNotNear,
    /// The TARGET structure needs no more of this work.
    NothingToFit,
    /// Nothing can be built here (water, or from inside a structure).
    CannotBuildHere,
    /// The place's taxes or entertainment money are all taken this month.
    PurseEmpty,
    /// Not enough mana for the next casting (OV-MAG-011).
    NoMana,
    /// The target has too many figures for a casting to give each a day.
    TooManyFigures,
    /// A combat spell or action: cast in battle, from the COMBAT list
    /// (OV-MAG-008).
    CombatOnly,
    /// An assassin's mark must be a lone figure (a leader or hero).
    NotAPerson,
    /// Only the walking dead (zombies, skeletons) are buried.
    NotUndead,
}

/// Why a battle starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleCause {
    /// A guard fell on an enemy arriving (OV-MOVE-031, first case).
    GuardAttacks,
    /// A marching stack forced its way past a guard (second case).
    MarchForces,
    /// Two hostile factions guarding one place (OV-GRD-011).
    RivalGuards,
    /// Guards fell on a pillager (OV-ECON-031).
    Pillage,
    /// An ATTACK order (OV-UO-005).
    Attack,
    /// A faction met units it holds as Enemy (OV-FAC-025).
    OnSight,
}

/// Why a unit may not GUARD.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GuardRefusal {
    /// Below the first level of combat (OV-GRD-001).
    NoCombat,
    /// Its faction has no right to guard this place (OV-GRD-003..005).
    NoRight,
}

/// Everything a turn produced.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct TurnLog {
    /// The turn that was run.
    pub turn: u32,
    pub events: Vec<Event>,
    /// Each populated place's wage and taxes as the month began, sorted
    /// by place: what WORK earned and the land yielded this month, which
    /// the report prints (the month's end sets next month's figures).
    pub month: Vec<(LocationId, MonthFigures)>,
}

/// A place's wage and taxes for the month the turn ran (OV-ECON-028).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct MonthFigures {
    pub wages: u32,
    pub taxes: u64,
}

impl TurnLog {
    /// The wage and taxes `place` had as this month began, if it was
    /// populated.
    pub fn month_of(&self, place: LocationId) -> Option<MonthFigures> {
        self.month
            .binary_search_by_key(&place, |(l, _)| *l)
            .ok()
            .map(|i| self.month[i].1)
    }

    /// Events a faction may see, in order.
    pub fn seen_by(&self, faction: FactionId) -> impl Iterator<Item = &Event> {
        self.events
            .iter()
            .filter(move |e| e.seen_by.binary_search(&faction).is_ok())
    }

    /// Events of one unit, in order.
    pub fn of_unit(&self, unit: UnitId) -> impl Iterator<Item = &Event> {
        self.events.iter().filter(move |e| e.unit == Some(unit))
    }
}
