//! Random valid orders, from a seed: every order kind with varied arguments
//! and prefixes. Used by the round-trip property tests, the fuzz corpus
//! and the parser benchmark's workload (`order_corpus`).

use umpire_core::Dice;

use crate::orders::catalog::combat::{
    Attack, AttackTarget, Combat, CombatAction, Guard, Pillage, Tactic,
};
use crate::orders::catalog::conditions::{
    At, Day, Have, Leader, Leading, Place, See, Size, Skill, Synchro, Wait,
};
use crate::orders::catalog::faction::{Email, Password, Reshow, ReshowWhat, Resign};
use crate::orders::catalog::goods::{
    Buy, Drop, Equip, Get, Give, Quantity, Sell, Source, Swap, Withdraw,
};
use crate::orders::catalog::movement::{Caravan, Destination, Enter, Leave, March, Move, Retreat};
use crate::orders::catalog::settings::{Setting, Stance};
use crate::orders::catalog::skills::{
    Build, BuildTarget, Forget, Lesson, Pupils, Study, Target, TargetRef, Teach, Use,
};
use crate::orders::catalog::stacks::{Accept, Eject, Promote, Stack, Stay, Unstack};
use crate::orders::catalog::titles::{Bestow, Cancel, Christen, Claim, Yield};
use crate::orders::catalog::units::{
    Demote, Describe, Disband, Merge, Name, Oath, Recruit, Split, Work,
};
use crate::orders::words::{
    CombatKeyword, CombatMove, Direction, Engage, File, OnOff, Rank, RuleCategory, SettingName,
    SkillMeasure, Stance as StanceWord,
};
use crate::orders::{
    FactionOrder, FactionRef, Keyword, LocationRef, NewId, NewKind, Order, Prefix, Repeat,
    StructureRef, Tag, TagKind, UnitOrder, UnitRef, Vocabulary,
};

/// Makes random orders for one unit of one faction.
pub struct OrderGen<'v> {
    pub dice: Dice,
    vocab: &'v Vocabulary,
    /// The faction giving the orders.
    pub faction: u32,
    /// The unit receiving them (never targeted by its own orders).
    pub me: UnitRef,
}

fn pick<T: Copy>(d: &mut Dice, items: &[T]) -> T {
    items[d.below(items.len() as u32) as usize]
}

impl<'v> OrderGen<'v> {
    pub fn new(seed: u64, vocab: &'v Vocabulary) -> OrderGen<'v> {
        OrderGen {
            dice: Dice::from_seed(seed),
            vocab,
            faction: 6,
            me: UnitRef::Id(1),
        }
    }

    fn n(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.dice.below(hi - lo + 1)
    }

    fn coin(&mut self) -> bool {
        self.dice.below(2) == 0
    }

    fn maybe<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Option<T> {
        if self.coin() { Some(f(self)) } else { None }
    }

    /// A tag of the kind from the vocabulary (`xx` if it has none).
    fn tag(&mut self, kind: TagKind) -> Tag {
        const FALLBACK: Tag = Tag::literal("xx");
        let count = self.vocab.len(kind) as u32;
        let i = self.dice.below(count) as usize;
        self.vocab.tags(kind).nth(i).unwrap_or(FALLBACK)
    }

    fn new_id(&mut self, faction: u32, kind: NewKind) -> NewId {
        NewId {
            faction,
            kind,
            number: self.dice.below(100) as u8,
        }
    }

    /// Another unit: an id or another faction's placeholder.
    fn other_unit(&mut self) -> UnitRef {
        if self.dice.below(5) == 0 {
            let f = self.n(1, 120);
            UnitRef::New(self.new_id(f, NewKind::Unit))
        } else {
            let me = match self.me {
                UnitRef::Id(n) => n,
                UnitRef::New(_) => 0,
            };
            let mut u = self.n(1, 30_000);
            if u == me {
                u += 1;
            }
            UnitRef::Id(u)
        }
    }

    fn location(&mut self) -> LocationRef {
        LocationRef(self.n(1, 21_000))
    }

    fn structure(&mut self) -> StructureRef {
        if self.dice.below(4) == 0 {
            StructureRef::New(self.new_id(self.faction, NewKind::Building))
        } else {
            StructureRef::Id(self.n(1, 5_000))
        }
    }

    fn faction_ref(&mut self) -> FactionRef {
        if self.dice.below(6) == 0 {
            FactionRef::Npc(self.n(1, 6))
        } else {
            FactionRef::Player(self.n(1, 1_500))
        }
    }

    fn quantity(&mut self) -> Quantity {
        match self.dice.below(3) {
            0 => Quantity::All,
            1 => Quantity::Count {
                count: self.n(0, 5_000),
            },
            _ => Quantity::Keeping {
                count: self.n(0, 500),
                kept: self.n(0, 500),
            },
        }
    }

    /// A name with the characters players use, quotes and `#` included.
    pub fn text(&mut self) -> String {
        const WORDS: &[&str] = &[
            "The",
            "Empire",
            "Nirmal’s",
            "Roost",
            "#1",
            "“Big”",
            "Posse",
            "of",
            "Itora",
            "dark hood",
            "\"quoted\"",
            "Ærø",
            "guard",
            "x",
            "—",
            "100%",
        ];
        let words = self.n(1, 4);
        let mut s = String::new();
        let mut straight = false;
        let mut curly_close = false;
        for i in 0..words {
            let w = pick(&mut self.dice, WORDS);
            // A text may hold `"` or `”` but not both (E0315).
            if (w.contains('"') && curly_close) || (w.contains('”') && straight) {
                continue;
            }
            straight |= w.contains('"');
            curly_close |= w.contains('”');
            if i > 0 {
                s.push(' ');
            }
            s.push_str(w);
        }
        if s.trim().is_empty() {
            s.push_str("Nameless");
        }
        s
    }

    /// Prefixes as a careful player writes them: a count only where it
    /// means something, `@` never on a condition (so that the corpus is
    /// clean, as real order files mostly are).
    pub fn prefix_for(&mut self, keyword: Keyword) -> Prefix {
        let spec = keyword.spec();
        let dashes = match self.dice.below(6) {
            0 => 1,
            1 => 2,
            _ => 0,
        };
        let repeat = match self.dice.below(5) {
            0 if spec.takes_repeat() => Repeat::Always,
            1 if spec.takes_count() => Repeat::Days(self.n(1, 30)),
            _ => Repeat::Once,
        };
        Prefix {
            dashes,
            plus: self.dice.below(8) == 0,
            repeat,
            day: if self.dice.below(8) == 0 {
                Some(self.n(1, 30) as u8)
            } else {
                None
            },
        }
    }

    /// A random valid unit order with random prefixes. RETREAT, valid only
    /// as a unit's first order, comes from [`OrderGen::first_order`].
    pub fn order(&mut self) -> Order {
        let keywords: Vec<Keyword> = Keyword::ALL
            .iter()
            .copied()
            .filter(|k| {
                !matches!(
                    k,
                    Keyword::Email
                        | Keyword::Password
                        | Keyword::Resign
                        | Keyword::Reshow
                        | Keyword::Retreat
                )
            })
            .collect();
        let k = pick(&mut self.dice, &keywords);
        Order {
            prefix: self.prefix_for(k),
            order: self.unit_order(k),
        }
    }

    /// A unit's first order: now and then a RETREAT, else any order.
    pub fn first_order(&mut self) -> Order {
        if self.dice.below(20) == 0 {
            Order {
                prefix: Prefix::default(),
                order: self.unit_order(Keyword::Retreat),
            }
        } else {
            self.order()
        }
    }

    /// A random valid order of the given kind.
    pub fn unit_order(&mut self, k: Keyword) -> UnitOrder {
        use Keyword as K;
        match k {
            K::Accept
            | K::Attack
            | K::Bestow
            | K::Eject
            | K::Leader
            | K::Leading
            | K::Merge
            | K::Oath
            | K::Promote
            | K::Recruit
            | K::See
            | K::Split
            | K::Stack
            | K::Synchro
            | K::Teach => self.order_toward_unit(k),
            K::At
            | K::Build
            | K::Cancel
            | K::Caravan
            | K::Claim
            | K::Enter
            | K::Leave
            | K::March
            | K::Move
            | K::Target
            | K::Yield => self.order_about_place(k),
            K::Buy
            | K::Sell
            | K::Drop
            | K::Equip
            | K::Get
            | K::Give
            | K::Have
            | K::Withdraw
            | K::Swap => self.trade_order(k),
            K::Christen => UnitOrder::Christen(Christen { name: self.text() }),
            K::Combat => {
                let n = self.n(0, 4);
                UnitOrder::Combat(Combat {
                    actions: (0..n)
                        .map(|_| match self.dice.below(4) {
                            0 => CombatAction::Builtin(pick(&mut self.dice, CombatKeyword::ALL)),
                            1 => CombatAction::Use(self.tag(TagKind::Item)),
                            _ => CombatAction::Use(self.tag(TagKind::Skill)),
                        })
                        .collect(),
                })
            }
            K::Day => UnitOrder::Day(Day {
                day: self.n(1, 30) as u8,
            }),
            K::Describe => UnitOrder::Describe(Describe {
                text: self.maybe(Self::text),
            }),
            K::Disband => UnitOrder::Disband(Disband),
            K::Demote => UnitOrder::Demote(Demote),
            K::Forget => UnitOrder::Forget(Forget {
                skill: self.tag(TagKind::Skill),
            }),
            K::Guard => UnitOrder::Guard(Guard),
            K::Name => UnitOrder::Name(Name { name: self.text() }),
            K::Pillage => UnitOrder::Pillage(Pillage),
            K::Retreat => UnitOrder::Retreat(Retreat),
            K::Setting => UnitOrder::Setting(self.setting()),
            K::Size => UnitOrder::Size(Size {
                figures: self.n(0, 200),
            }),
            K::Skill => UnitOrder::Skill(Skill {
                skill: self.tag(TagKind::Skill),
                amount: self.n(0, 400),
                measure: self.maybe(|g| pick(&mut g.dice, SkillMeasure::ALL)),
            }),
            K::Stance => UnitOrder::Stance(self.stance()),
            K::Stay => UnitOrder::Stay(Stay),
            K::Study => UnitOrder::Study(Study {
                skill: self.tag(TagKind::Skill),
                level: self.maybe(|g| g.n(1, 6)),
            }),
            K::Tactic => UnitOrder::Tactic(self.tactic()),
            K::Unstack => UnitOrder::Unstack(Unstack),
            K::Use => UnitOrder::Use(Use {
                skill: self.tag(TagKind::Skill),
                count: self.maybe(|g| g.n(1, 30)),
            }),
            K::Wait => UnitOrder::Wait(Wait {
                days: self.n(1, 30),
            }),
            K::Work => UnitOrder::Work(Work),
            // Faction-only keywords: fall back to a plain order.
            K::Email | K::Password | K::Resign | K::Reshow => UnitOrder::Work(Work),
        }
    }

    /// An order that moves items: trade, giving, taking, equipping. Another kind falls back to a plain order.
    fn trade_order(&mut self, k: Keyword) -> UnitOrder {
        use Keyword as K;
        match k {
            K::Buy => UnitOrder::Buy(Buy {
                count: self.n(0, 100),
                item: self.tag(TagKind::Item),
                price: self.maybe(|g| g.n(0, 500)),
            }),
            K::Drop => UnitOrder::Drop(Drop {
                item: self.tag(TagKind::Item),
                quantity: self.quantity(),
            }),
            K::Equip => UnitOrder::Equip(Equip {
                item: self.tag(TagKind::Item),
                count: self.maybe(|g| g.n(0, 100)),
            }),
            K::Get => UnitOrder::Get(Get {
                from: if self.coin() {
                    Source::Unit(self.other_unit())
                } else {
                    Source::Location(self.location())
                },
                item: self.tag(TagKind::Item),
                quantity: self.quantity(),
            }),
            K::Give => UnitOrder::Give(Give {
                to: self.other_unit(),
                item: self.tag(TagKind::Item),
                quantity: self.quantity(),
            }),
            K::Have => UnitOrder::Have(Have {
                item: self.tag(TagKind::Item),
                count: self.maybe(|g| g.n(0, 1_000)),
            }),
            K::Sell => UnitOrder::Sell(Sell {
                count: self.n(0, 1_000),
                item: self.tag(TagKind::Item),
                price: self.maybe(|g| g.n(0, 500)),
            }),
            K::Swap => UnitOrder::Swap(Swap {
                with: self.other_unit(),
                give_count: self.n(1, 1_000),
                give_item: self.tag(TagKind::Item),
                take_count: self.n(1, 1_000),
                take_item: self.tag(TagKind::Item),
            }),
            K::Withdraw => UnitOrder::Withdraw(Withdraw {
                amount: self.n(0, 100_000),
                item: self.maybe(|g| g.tag(TagKind::Item)),
            }),
            _ => UnitOrder::Work(Work),
        }
    }

    /// An order aimed at another unit, or that makes a new one. Another kind falls back to a plain order.
    fn order_toward_unit(&mut self, k: Keyword) -> UnitOrder {
        use Keyword as K;
        match k {
            K::Accept => UnitOrder::Accept(Accept {
                unit: self.other_unit(),
            }),
            K::Attack => UnitOrder::Attack(Attack {
                target: match self.dice.below(3) {
                    0 => AttackTarget::Unit(self.other_unit()),
                    1 => AttackTarget::Faction(self.faction_ref()),
                    _ => AttackTarget::Structure(self.structure()),
                },
            }),
            K::Bestow => UnitOrder::Bestow(Bestow {
                unit: self.other_unit(),
            }),
            K::Eject => UnitOrder::Eject(Eject {
                unit: self.other_unit(),
            }),
            K::Leader => UnitOrder::Leader(Leader {
                unit: self.other_unit(),
            }),
            K::Leading => UnitOrder::Leading(Leading {
                unit: self.other_unit(),
            }),
            K::Merge => UnitOrder::Merge(Merge {
                into: self.other_unit(),
                figures: self.n(0, 100),
            }),
            K::Oath => UnitOrder::Oath(Oath {
                unit: self.other_unit(),
            }),
            K::Promote => UnitOrder::Promote(Promote {
                unit: self.other_unit(),
            }),
            K::Recruit => UnitOrder::Recruit(Recruit {
                into: if self.coin() {
                    UnitRef::New(self.new_id(self.faction, NewKind::Unit))
                } else {
                    self.other_unit_id()
                },
                count: self.n(0, 100),
                race: self.tag(TagKind::Race),
                price: self.n(0, 500),
            }),
            K::See => UnitOrder::See(See {
                unit: self.other_unit(),
            }),
            K::Split => UnitOrder::Split(Split {
                new_unit: self.new_id(self.faction, NewKind::Unit),
                figures: self.n(1, 100),
            }),
            K::Stack => UnitOrder::Stack(Stack {
                under: self.maybe(Self::other_unit),
            }),
            K::Synchro => UnitOrder::Synchro(Synchro {
                unit: self.other_unit(),
            }),
            K::Teach => UnitOrder::Teach(Teach {
                pupils: if self.dice.below(5) == 0 {
                    Pupils::Anyone(self.tag(TagKind::Skill))
                } else {
                    let n = self.n(1, 3);
                    Pupils::Named(
                        (0..n)
                            .map(|_| Lesson {
                                pupil: self.other_unit(),
                                skill: self.tag(TagKind::Skill),
                            })
                            .collect(),
                    )
                },
            }),
            _ => UnitOrder::Work(Work),
        }
    }

    /// An order about a place or a structure: going, building, titles, targets. Another kind falls back to a plain order.
    fn order_about_place(&mut self, k: Keyword) -> UnitOrder {
        use Keyword as K;
        match k {
            K::At => UnitOrder::At(At {
                place: if self.coin() {
                    Place::Location(self.location())
                } else {
                    Place::Structure(self.structure())
                },
            }),
            K::Build => UnitOrder::Build(Build {
                skill: self.tag(TagKind::Skill),
                target: match self.dice.below(3) {
                    0 => None,
                    1 => Some(BuildTarget::Kind(self.tag(TagKind::Construction))),
                    _ => Some(BuildTarget::Structure(self.structure())),
                },
                count: self.maybe(|g| g.n(1, 50)),
            }),
            K::Cancel => UnitOrder::Cancel(Cancel {
                title: self.tag(TagKind::Title),
                location: self.location(),
            }),
            K::Caravan => {
                let n = self.n(2, 5);
                UnitOrder::Caravan(Caravan {
                    stops: (0..n).map(|_| self.location()).collect(),
                })
            }
            K::Claim => UnitOrder::Claim(Claim {
                title: self.tag(TagKind::Title),
                location: self.maybe(Self::location),
                free: self.coin(),
            }),
            K::Enter => UnitOrder::Enter(Enter {
                structure: self.structure(),
            }),
            K::Leave => UnitOrder::Leave(Leave {
                structure: self.maybe(Self::structure),
            }),
            K::March => UnitOrder::March(March {
                to: self.destination(),
            }),
            K::Move => UnitOrder::Move(Move {
                to: self.destination(),
            }),
            K::Target => UnitOrder::Target(Target {
                target: match self.dice.below(4) {
                    0 => TargetRef::Unit(self.other_unit()),
                    1 => TargetRef::Location(self.location()),
                    2 => TargetRef::Structure(self.structure()),
                    _ => TargetRef::Kind(self.tag(TagKind::Construction)),
                },
            }),
            K::Yield => UnitOrder::Yield(Yield {
                title: self.maybe(|g| g.tag(TagKind::Title)),
            }),
            _ => UnitOrder::Work(Work),
        }
    }

    /// Another unit by its id (never the unit giving the order).
    fn other_unit_id(&mut self) -> UnitRef {
        match self.other_unit() {
            UnitRef::New(_) => {
                let u = self.n(2, 30_000);
                match self.me {
                    UnitRef::Id(me) if me == u => UnitRef::Id(u + 1),
                    _ => UnitRef::Id(u),
                }
            }
            u => u,
        }
    }

    fn destination(&mut self) -> Destination {
        if self.dice.below(4) == 0 {
            Destination::Location(self.location())
        } else {
            Destination::Direction(pick(&mut self.dice, Direction::ALL))
        }
    }

    fn setting(&mut self) -> Setting {
        Setting {
            name: pick(&mut self.dice, SettingName::ALL),
            // Now and then the original engine's form without a value.
            value: if self.dice.below(20) == 0 {
                None
            } else {
                Some(pick(&mut self.dice, OnOff::ALL))
            },
        }
    }

    fn stance(&mut self) -> Stance {
        Stance {
            toward: self.faction_ref(),
            stance: pick(&mut self.dice, StanceWord::ALL),
        }
    }

    fn tactic(&mut self) -> Tactic {
        loop {
            let t = Tactic {
                engage: self.maybe(|g| pick(&mut g.dice, Engage::ALL)),
                rank: self.maybe(|g| pick(&mut g.dice, Rank::ALL)),
                file: self.maybe(|g| pick(&mut g.dice, File::ALL)),
                movement: self.maybe(|g| pick(&mut g.dice, CombatMove::ALL)),
            };
            if t != Tactic::default() {
                return t;
            }
        }
    }

    /// A random valid faction order.
    pub fn faction_order(&mut self) -> FactionOrder {
        match self.dice.below(7) {
            0 => FactionOrder::Email(Email {
                address: format!("player{}@example.org", self.n(1, 9_999)),
            }),
            1 => FactionOrder::Name(Name { name: self.text() }),
            2 => FactionOrder::Password(Password {
                password: if self.coin() {
                    format!("pw{}", self.n(0, 99_999))
                } else {
                    self.text()
                },
            }),
            3 => FactionOrder::Resign(Resign {
                to: FactionRef::Npc(self.n(1, 6)),
            }),
            4 => FactionOrder::Reshow(Reshow {
                what: match self.dice.below(3) {
                    0 => ReshowWhat::All,
                    1 => ReshowWhat::Category(pick(&mut self.dice, RuleCategory::ALL)),
                    _ => ReshowWhat::Rule(self.tag(TagKind::Skill), self.maybe(|g| g.n(1, 6))),
                },
            }),
            5 => FactionOrder::Setting(self.setting()),
            _ => FactionOrder::Stance(self.stance()),
        }
    }
}

/// A realistic order corpus of at least `target_bytes`: one order set per
/// faction, each with faction orders and 5 to 40 units of up to 12 orders,
/// comments sprinkled in, the way players write them.
pub fn order_corpus(seed: u64, target_bytes: usize, vocab: &Vocabulary) -> String {
    let mut g = OrderGen::new(seed, vocab);
    let mut out = String::with_capacity(target_bytes + 4096);
    let mut faction = 1u32;
    let mut unit = 1u32;
    while out.len() < target_bytes {
        g.faction = faction;
        out.push_str(&format!(
            "From: player{faction}@example.org\nSubject: orders\n\n"
        ));
        out.push_str(&format!("GAME f{faction:02} pswd{faction} alpha\n"));
        for _ in 0..g.n(0, 2) {
            out.push_str(&g.faction_order().to_string());
            out.push('\n');
        }
        for _ in 0..g.n(5, 40) {
            g.me = UnitRef::Id(unit);
            out.push_str(&format!("UNIT U{unit}\n"));
            for i in 0..g.n(1, 12) {
                let order = if i == 0 { g.first_order() } else { g.order() };
                out.push_str(&order.to_string());
                if g.dice.below(6) == 0 {
                    out.push_str("  # a note to self");
                }
                out.push('\n');
            }
            unit += 1;
        }
        out.push_str("END\n-- \nsent from my phone\n\n");
        faction += 1;
    }
    out
}
