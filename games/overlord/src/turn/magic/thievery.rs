//! The stealth actions and the burial of the dead, cast with USE on the
//! unit TARGET names like any world spell ([`super::casting`]): pick
//! pockets [ppoc], assassinate [assa] and bury dead bodies [bury]. The
//! rules name pick-pocketing and rumour an assassination skill and say no
//! more; the decisions (RULES-DECISIONS, "stealth actions and burial"):
//!
//! - **Noticed.** An attempt is noticed when the target's faction sees the
//!   thief when it is done (its best observation there reaches the
//!   thief's stealth, `Turn::sees`). A noticed attempt fails: nothing is
//!   taken, nobody is hurt, and the target's faction is told who tried.
//! - **Pick pockets.** Unnoticed, the thief takes a tenth of the target's
//!   coins per level of the skill (at least one coin when it has any);
//!   the target's faction learns coins went, not who took them.
//! - **Assassinate.** Only a lone figure (a leader or hero unit) can be
//!   its mark; other targets leave the order waiting, said once a turn
//!   (`not_a_person`). Unnoticed, the blow kills in [`ASSASSINATE_PERCENT`]
//!   per level (25, 50, 75 %): the victim's items fall to the ground and
//!   the unit is gone, its faction told how (but not by whom). A failed
//!   unnoticed attempt is told to the assassin alone.
//! - **Bury dead bodies.** The dead that walk (the [`UNDEAD`] races:
//!   zombies and skeletons) are laid to rest: a casting buries up to the
//!   use's `multiple` of the target's figures (20), of any faction; the
//!   unit is gone when none are left. Any other target leaves the order
//!   waiting, said once a turn (`not_undead`).

use super::super::log::What;
use super::super::orders::goods::leave_all_on_ground;
use super::super::state::Turn;
use crate::rules::SkillId;
use crate::world::UnitId;

/// Chance per level of the skill that an unnoticed assassination kills.
pub const ASSASSINATE_PERCENT: u32 = 25;

/// The races whose figures are dead bodies to bury.
pub const UNDEAD: [&str; 2] = ["zomb", "skel"];

/// Does the target's faction see the thief (OV-REP visibility)?
fn noticed(t: &Turn<'_>, thief: UnitId, target: UnitId) -> bool {
    t.world
        .units
        .get(target)
        .is_some_and(|x| x.faction != t.world.units[thief].faction && t.sees(x.faction, thief))
}

/// Is `x` a lone figure, an assassin's possible mark?
pub fn is_person(t: &Turn<'_>, x: UnitId) -> bool {
    t.world.units.get(x).is_some_and(|u| u.figures == 1)
}

/// Are `x`'s figures dead bodies to bury?
pub fn is_undead(t: &Turn<'_>, x: UnitId) -> bool {
    t.world.units.get(x).is_some_and(|u| {
        t.rules
            .races
            .get(u.race)
            .is_some_and(|r| UNDEAD.contains(&r.tag.as_str()))
    })
}

/// A pickpocketing done by `u` on `x`.
pub fn pick_pockets(t: &mut Turn<'_>, u: UnitId, skill: SkillId, x: UnitId) {
    let victim = t.world.units[x].faction;
    if noticed(t, u, x) {
        t.private(
            u,
            What::Pickpocketed {
                target: x,
                coins: 0,
                noticed: true,
            },
        );
        t.event(
            Some(x),
            What::PocketsPicked {
                coins: 0,
                thief: Some(u),
            },
            &[victim],
        );
        return;
    }
    let level = u64::from(t.level(u, skill));
    let coin = super::super::money::coin(t);
    let held = coin.map_or(0, |c| t.world.units[x].count(c));
    let coins = if held == 0 {
        0
    } else {
        (held * level / 10).max(1).min(held)
    };
    if let Some(c) = coin
        && coins > 0
    {
        t.world.units[x].remove_items(c, coins);
        t.world.units[u].add_items(c, coins, 0);
    }
    t.private(
        u,
        What::Pickpocketed {
            target: x,
            coins,
            noticed: false,
        },
    );
    if coins > 0 {
        t.event(
            Some(x),
            What::PocketsPicked { coins, thief: None },
            &[victim],
        );
    }
}

/// An assassination attempt by `u` on `x`.
pub fn assassinate(t: &mut Turn<'_>, u: UnitId, skill: SkillId, x: UnitId) {
    let victim = t.world.units[x].faction;
    if noticed(t, u, x) {
        t.private(
            u,
            What::AssassinationTried {
                target: x,
                killed: false,
                noticed: true,
            },
        );
        t.event(Some(x), What::AssassinationSurvived { by: u }, &[victim]);
        return;
    }
    let chance = ASSASSINATE_PERCENT.saturating_mul(u32::from(t.level(u, skill)));
    let killed = t.dice.chance_percent(chance.min(100));
    t.private(
        u,
        What::AssassinationTried {
            target: x,
            killed,
            noticed: false,
        },
    );
    if !killed {
        return;
    }
    leave_all_on_ground(t, x);
    t.event(Some(x), What::Assassinated, &[victim]);
    t.remove_unit(x);
}

/// A burial by `u` of up to `n` of `x`'s figures; the figures buried.
pub fn bury(t: &mut Turn<'_>, u: UnitId, x: UnitId, n: u32) -> u64 {
    let figures = t.world.units[x].figures;
    let buried = figures.min(n.max(1));
    if buried == 0 {
        return 0;
    }
    let owner = t.world.units[x].faction;
    t.world.units[x].figures -= buried;
    t.private(
        u,
        What::Buried {
            target: x,
            figures: buried,
        },
    );
    if owner != t.world.units[u].faction {
        t.event(Some(x), What::LaidToRest { figures: buried }, &[owner]);
    }
    if t.world.units[x].figures == 0 {
        leave_all_on_ground(t, x);
        t.remove_unit(x);
    }
    u64::from(buried)
}
