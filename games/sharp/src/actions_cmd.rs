//! The session's commands that spend initiative and action dice: the
//! initiative uses (SP-INI), reloading and tap-loading, and the rolls
//! (fire, chosen man, fight, move, spot, random events) with their odds.

use crate::answers::{arg, changed, number_after, own, spend_dice, working};
use crate::error::SharpError;
use crate::model::{Formation, Status, Weapon};
use crate::roll::Rolls;
use crate::rulings::{RulingId, Rulings};
use crate::state::Session;
use crate::state::{Activation, Battle, BigMan, Card, FormationState, Group};
use umpire_core::session::{Actor, Answer};

/// The active Big Man, if a Big Man's card is in play and `actor` may
/// spend his initiative.
fn active_big_man(b: &Battle, actor: &Actor) -> Result<(BigMan, Activation), SharpError> {
    match &b.active {
        Some(
            a @ Activation {
                card: Card::BigMan(name),
                ..
            },
        ) => {
            let bm = b.big_man(name)?.clone();
            own(actor, &bm.side, &format!("{}'s initiative", bm.name))?;
            Ok((bm, a.clone()))
        }
        Some(Activation {
            card: Card::HiddenBigMan(side),
            ..
        }) => Err(SharpError::Invalid(format!(
            "the card in play is a {side} Big Man's: the {side} spend his initiative"
        ))),
        _ => Err(SharpError::Invalid(
            "no Big Man's card is in play: `draw` until one comes up".into(),
        )),
    }
}

fn spend_one(b: &mut Battle) -> Result<u32, SharpError> {
    let Some(a) = &mut b.active else {
        return Err(SharpError::Invalid("no card in play".into()));
    };
    if a.made_ready {
        return Err(SharpError::Invalid(
            "Make ready! used all his initiative this turn (SP-INI-014)".into(),
        ));
    }
    if a.initiatives == 0 {
        return Err(SharpError::Invalid(
            "no initiative left on this card (SP-INI-001)".into(),
        ));
    }
    a.initiatives -= 1;
    Ok(a.initiatives)
}

/// Whether a Big Man may command a Group: one of his side's, and on the
/// same footing as he is. A Big Man under a Blind commands only what is
/// under it with him, and a Group under a Blind is commanded only from
/// under it: troops not yet on the table act with their Blind until it is
/// placed (`reveal`), as the rules' Blinds move as one.
fn same_side(b: &Battle, bm: &BigMan, g: &Group) -> Result<(), SharpError> {
    if bm.side != g.side {
        return Err(SharpError::Invalid(format!(
            "{} is not under {}'s command: it is {}'s",
            g.name, bm.name, g.side
        )));
    }
    let blind_of = |name: &str, groups: bool| {
        b.blinds.iter().find(|bl| {
            if groups {
                bl.groups.iter().any(|x| x == name)
            } else {
                bl.big_men.iter().any(|x| x == name)
            }
        })
    };
    match (blind_of(&bm.name, false), blind_of(&g.name, true)) {
        (Some(x), Some(y)) if x.name == y.name => Ok(()),
        (None, None) => Ok(()),
        (Some(x), _) => Err(SharpError::Invalid(format!(
            "{} is under {}: until it is placed on the table (`reveal`) he commands only what is under it with him",
            bm.name, x.name
        ))),
        (None, Some(y)) => Err(SharpError::Invalid(format!(
            "{} is under {}: it acts with its Blind until the Blind is placed on the table (`reveal`)",
            g.name, y.name
        ))),
    }
}

/// Refuse a Group named twice in one list.
fn each_once(groups: &[Group]) -> Result<(), SharpError> {
    for (i, g) in groups.iter().enumerate() {
        if groups[..i].iter().any(|x| x.name == g.name) {
            return Err(SharpError::Invalid(format!(
                "{} is named twice; name each Group once",
                g.name
            )));
        }
    }
    Ok(())
}

/// Influence (command) range of a status, from the Big Man table.
fn influence(
    tables: &crate::tables::Tables,
    rulings: &Rulings,
    status: Status,
) -> Result<f64, SharpError> {
    Ok(crate::actions::command_range(tables, rulings, status)?.0.0)
}

/// Check a typed distance against the Big Man's command range (ruling
/// `command-range`: his influence range).
fn in_range(
    bm: &BigMan,
    words: &[String],
    tables: &crate::tables::Tables,
    rulings: &Rulings,
) -> Result<String, SharpError> {
    let range = influence(tables, rulings, bm.status)?;
    match number_after(words, "range")? {
        Some(d) if d > range => Err(SharpError::Invalid(format!(
            "{d}\" is beyond {}'s command range of {range}\" (status {}; ruling command-range)",
            bm.name, bm.status
        ))),
        Some(d) => Ok(format!(" ({d}\" within his {range}\" range)")),
        None => Ok(format!(
            " (the players say it is within his {range}\" range)"
        )),
    }
}

/// Initiative uses (SP-INI-001..014).
fn initiative(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    let tables = crate::tables::Tables::builtin()?;
    let (bm, _) = active_big_man(&s.state, actor)?;
    let use_ = arg(words, 1, "a use")?.to_ascii_lowercase();
    let b = &mut s.state;
    let text = match use_.as_str() {
        "self" | "activate-self" => {
            let left = spend_one(b)?;
            if let (Some(a), Some(g)) = (&mut b.active, &bm.group) {
                a.activate(g, 2);
            }
            let with = bm
                .group
                .clone()
                .map_or("himself".to_string(), |g| format!("himself and {g}"));
            format!(
                "SP-INI-002: {} activates {with}: 2 action dice each. {left} initiative(s) left.",
                bm.name
            )
        }
        "activate" => {
            let g = b.group(arg(words, 2, "a Group")?)?.clone();
            same_side(b, &bm, &g)?;
            let range = in_range(&bm, words, tables, rulings)?;
            let left = spend_one(b)?;
            if let Some(a) = &mut b.active {
                a.commanded.push(g.name.clone());
                a.activate(&g.name, 2);
            }
            format!(
                "SP-INI-003: {} activates {}{range}: 2 action dice. {left} initiative(s) left.",
                bm.name, g.name
            )
        }
        "musician" => musician(b, &bm, words, tables, rulings)?,
        "form" => form(b, &bm, words, tables)?,
        "remove-shock" | "rally" => remove_shock(b, &bm, words)?,
        "charge" => {
            let left = spend_one(b)?;
            format!(
                "SP-INI-007: {} leads a charge. {left} initiative(s) left.",
                bm.name
            )
        }
        "encourage" => {
            let g = b.group(arg(words, 2, "a Group")?)?.clone();
            same_side(b, &bm, &g)?;
            let range = influence(tables, rulings, bm.status)?;
            if let Some(d) = number_after(words, "range")? {
                if d > range {
                    return Err(SharpError::Invalid(format!(
                        "{d}\" is beyond {}'s influence range of {range}\" (SP-INI-008)",
                        bm.name
                    )));
                }
            }
            let left = spend_one(b)?;
            if let Some(a) = &mut b.active {
                a.encouraged.push(g.name.clone());
            }
            format!(
                "SP-INI-008: {} encourages {} into fisticuffs. {left} initiative(s) left.",
                bm.name, g.name
            )
        }
        "fervour" | "fervor" => {
            let left = spend_one(b)?;
            if let Some(a) = &mut b.active {
                a.fervour += 1;
            }
            format!(
                "SP-INI-009: {} adds a point of fervour (+1D6 in the fight). {left} initiative(s) left.",
                bm.name
            )
        }
        "action" | "task" => {
            let left = spend_one(b)?;
            format!(
                "SP-INI-010: {} attempts a task or an act of derring-do. {left} initiative(s) left.",
                bm.name
            )
        }
        "merge" => merge(b, &bm, words)?,
        "chosen-man" | "chosen" => {
            let g = b.group(arg(words, 2, "a Group")?)?.clone();
            same_side(b, &bm, &g)?;
            if !g.chosen_man {
                return Err(SharpError::Invalid(format!(
                    "{} has no chosen man (SP-CM-001: rifle-armed light infantry)",
                    g.name
                )));
            }
            if g.chosen_man_spent {
                return Err(SharpError::Invalid(format!(
                    "{}'s chosen man is out of fine powder (SP-CM-006)",
                    g.name
                )));
            }
            let left = spend_one(b)?;
            if let Some(a) = &mut b.active {
                a.chosen.push(g.name.clone());
            }
            format!(
                "SP-INI-012: {} calls {}'s chosen man forward: use `chosen {} at …`. {left} initiative(s) left.",
                bm.name, g.name, g.name
            )
        }
        "make-ready" | "ready" => make_ready(b, &bm, words)?,
        other => {
            let uses = [
                "self",
                "activate",
                "musician",
                "form",
                "remove-shock",
                "charge",
                "encourage",
                "fervour",
                "action",
                "merge",
                "chosen-man",
                "make-ready",
            ];
            return Err(SharpError::unknown(
                "initiative use",
                other,
                uses.into_iter(),
            ));
        }
    };
    changed(text)
}

/// `musician CALL [for GROUP…]`: a Big Man's musician sounds a call (SP-INI-004, SP-MUS).
fn musician(
    b: &mut Battle,
    bm: &BigMan,
    words: &[String],
    tables: &crate::tables::Tables,
    rulings: &Rulings,
) -> Result<String, SharpError> {
    let Some(instrument) = bm.musician else {
        return Err(SharpError::Invalid(format!(
            "{} has no musician attached",
            bm.name
        )));
    };
    let for_at = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("for"))
        .unwrap_or(words.len());
    let call = words[2..for_at.max(2)].join(" ");
    let obeying: Vec<Group> = words
        .get(for_at + 1..)
        .unwrap_or(&[])
        .iter()
        .map(|g| b.group(g).cloned())
        .collect::<Result<_, _>>()?;
    each_once(&obeying)?;
    for g in &obeying {
        same_side(b, bm, g)?;
    }
    let answer = crate::musicians::call(tables, instrument, &call)?;
    let cost = if rulings.is(RulingId::MusicianCost, "action") {
        "an action"
    } else {
        "an initiative"
    };
    let left = if rulings.is(RulingId::MusicianCost, "action") {
        b.active.as_ref().map_or(0, |a| a.initiatives)
    } else {
        spend_one(b)?
    };
    if let Some(a) = &mut b.active {
        for g in &obeying {
            a.activate(&g.name, 2);
        }
    }
    Ok(format!(
        "SP-INI-004 / SP-MUS: {}'s {} sounds \"{}\": {} (range {}; costs {cost}, ruling musician-cost){}. {left} initiative(s) left.",
        bm.name,
        instrument,
        answer.call,
        answer.meaning,
        answer.range,
        if obeying.is_empty() {
            String::new()
        } else {
            format!(
                "; {} obey (ruling musician-reach)",
                obeying
                    .iter()
                    .map(|g| g.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    ))
}

/// `form NAME line|column|square GROUP…`: Groups join a Formation (SP-INI-005).
fn form(
    b: &mut Battle,
    bm: &BigMan,
    words: &[String],
    tables: &crate::tables::Tables,
) -> Result<String, SharpError> {
    let name = arg(words, 2, "a name for the Formation")?.to_string();
    let kind = Formation::parse(arg(words, 3, "line, column or square")?)
        .ok_or_else(|| SharpError::Invalid("a Formation is a line, column or square".into()))?;
    let members: Vec<Group> = words[4..]
        .iter()
        .map(|g| b.group(g).cloned())
        .collect::<Result<_, _>>()?;
    each_once(&members)?;
    for g in &members {
        same_side(b, bm, g)?;
    }
    let shape: Vec<(u32, crate::model::Arm)> = members.iter().map(|g| (g.men, g.arm)).collect();
    crate::formations::validate_formation(tables, kind, &shape)?;
    let left = spend_one(b)?;
    for g in &members {
        let gm = b.group_mut(&g.name)?;
        gm.formation = kind;
        gm.formation_of = Some(name.clone());
    }
    b.formations.push(FormationState {
        name: name.clone(),
        side: bm.side.clone(),
        kind,
        groups: members.iter().map(|g| g.name.clone()).collect(),
    });
    Ok(format!(
        "SP-INI-005: {} forms {name}, a {kind} of {} ({} men). {left} initiative(s) left.",
        bm.name,
        members
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        members.iter().map(|g| g.men).sum::<u32>()
    ))
}

/// `remove-shock [GROUP]`: one shock off the Group he is with (SP-INI-006).
fn remove_shock(b: &mut Battle, bm: &BigMan, words: &[String]) -> Result<String, SharpError> {
    let gname = words
        .get(2)
        .cloned()
        .or_else(|| bm.group.clone())
        .ok_or_else(|| SharpError::Invalid("which Group?".into()))?;
    if bm
        .group
        .as_deref()
        .is_none_or(|g| !g.eq_ignore_ascii_case(&gname))
    {
        return Err(SharpError::Invalid(format!(
            "{} may remove shock only from the Group he is with (SP-INI-006)",
            bm.name
        )));
    }
    let g = b.group(&gname)?.clone();
    if g.shock == 0 {
        return Err(SharpError::Invalid(format!("{} has no shock", g.name)));
    }
    let left = spend_one(b)?;
    let gm = b.group_mut(&gname)?;
    gm.shock -= 1;
    Ok(format!(
        "SP-INI-006: {} removes one shock from {}: {} left. {left} initiative(s) left.",
        bm.name, gm.name, gm.shock
    ))
}

/// `merge GROUP GROUP`: two small Groups of one arm and weapon become one (SP-INI-011).
fn merge(b: &mut Battle, bm: &BigMan, words: &[String]) -> Result<String, SharpError> {
    let a = b.group(arg(words, 2, "two Groups")?)?.clone();
    let c = b.group(arg(words, 3, "two Groups")?)?.clone();
    each_once(&[a.clone(), c.clone()])?;
    same_side(b, bm, &a)?;
    same_side(b, bm, &c)?;
    if a.men > 6 || c.men > 6 {
        return Err(SharpError::Invalid(format!(
            "only Groups of 6 men or fewer merge (SP-INI-011): {} has {}, {} has {}",
            a.name, a.men, c.name, c.men
        )));
    }
    if a.arm != c.arm || a.weapon != c.weapon {
        return Err(SharpError::Invalid(
            "Groups of different arms or weapons do not merge".into(),
        ));
    }
    let left = spend_one(b)?;
    let gm = b.group_mut(&a.name)?;
    gm.men += c.men;
    gm.shock += c.shock;
    let men = gm.men;
    b.groups.retain(|g| g.name != c.name);
    for x in &mut b.big_men {
        if x.group.as_deref() == Some(c.name.as_str()) {
            x.group = Some(a.name.clone());
        }
    }
    Ok(format!(
        "SP-INI-011: {} merges {} into {}: {men} men. {left} initiative(s) left.",
        bm.name, c.name, a.name
    ))
}

/// `make-ready GROUP`: all his initiative, and the Group or its Formation is ready (SP-INI-014).
fn make_ready(b: &mut Battle, bm: &BigMan, words: &[String]) -> Result<String, SharpError> {
    if bm.status.level() < 2 {
        return Err(SharpError::Invalid(format!(
            "Make ready! needs a Big Man of status II or more; {} is {} (SP-INI-014)",
            bm.name, bm.status
        )));
    }
    let g = b.group(arg(words, 2, "a Group or Formation")?)?.clone();
    same_side(b, bm, &g)?;
    let Some(a) = &mut b.active else {
        return Err(SharpError::Invalid("no card in play".into()));
    };
    if a.initiatives < bm.status.level() + a.grasped || a.made_ready {
        return Err(SharpError::Invalid(
            "Make ready! costs all his initiative, and some is already spent (SP-INI-014)".into(),
        ));
    }
    a.initiatives = 0;
    a.made_ready = true;
    let members: Vec<String> = b
        .formations
        .iter()
        .find(|f| g.formation_of.as_deref() == Some(f.name.as_str()))
        .map_or_else(|| vec![g.name.clone()], |f| f.groups.clone());
    for m in &members {
        b.group_mut(m)?.ready = true;
    }
    Ok(format!(
        "SP-INI-014: {} orders {} to make ready; all his initiative is spent.",
        bm.name,
        members.join(", ")
    ))
}

/// Reload or tap-load (SP-ACT-009..011/015, SP-TAP-001).
fn reload(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    tap: bool,
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    use crate::actions::{Action, action_cost};
    let tables = crate::tables::Tables::builtin()?;
    let g = s.state.group(arg(words, 1, "a Group")?)?.clone();
    own(actor, &g.side, &g.name)?;
    if tap {
        if g.weapon != Weapon::Rifle {
            return Err(SharpError::Invalid(format!(
                "only rifle-armed troops tap-load; {} carry {}s",
                g.name, g.weapon
            )));
        }
        let cost = action_cost(tables, rulings, Action::TapLoad, 0)?.0;
        let left = spend_dice(&mut s.state, &g.name, cost, "tap-loading")?;
        let gm = s.state.group_mut(&g.name)?;
        gm.loaded = true;
        gm.tap_loaded = true;
        return changed(format!(
            "SP-TAP-001: {} tap-loads ({cost} action die, {left} left): its next shot is on the line musket row (SP-TAP-002).",
            g.name
        ));
    }
    let (action, what) = match g.weapon {
        Weapon::Rifle => (Action::ReloadRifle, "SP-ACT-009"),
        Weapon::Musket | Weapon::Carbine => (Action::ReloadMusket, "SP-ACT-011"),
        w if w.is_artillery() => (Action::ReloadArtillery, "SP-ACT-015"),
        _ => {
            return Err(SharpError::Invalid(format!(
                "{} has nothing to reload",
                g.name
            )));
        }
    };
    let cost = action_cost(tables, rulings, action, g.gunners_lost)?.0;
    let left = spend_dice(&mut s.state, &g.name, cost, "reloading")?;
    let gm = s.state.group_mut(&g.name)?;
    gm.loaded = true;
    gm.tap_loaded = false;
    changed(format!(
        "{what}: {} reloads ({cost} action dice, {left} left).",
        g.name
    ))
}

/// Any other action from the cost table (SP-ACT-004..014): cross a low or
/// high obstacle, enter a building, mount, dismount, open ranks, attempt a
/// task. The dice are spent; what happens on the table is the players'.
fn act(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    use crate::actions::{Action, action_cost};
    let tables = crate::tables::Tables::builtin()?;
    let g = s.state.group(arg(words, 1, "a Group")?)?.clone();
    own(actor, &g.side, &g.name)?;
    let what = arg(words, 2, "an action")?;
    let action = Action::read(what)?;
    let handled_elsewhere = matches!(
        action,
        Action::Move
            | Action::Fire
            | Action::Spot
            | Action::ReloadRifle
            | Action::ReloadMusket
            | Action::ReloadArtillery
            | Action::TapLoad
    );
    if handled_elsewhere {
        return Err(SharpError::Invalid(format!(
            "`{}` has its own command (move, fire, spot, reload, tap)",
            action.id()
        )));
    }
    if action == Action::Mount && g.mounted || action == Action::Dismount && !g.mounted {
        return Err(SharpError::Invalid(format!(
            "{} is already {}",
            g.name,
            if g.mounted { "mounted" } else { "on foot" }
        )));
    }
    let (cost, steps) = action_cost(tables, rulings, action, g.gunners_lost)?;
    let left = spend_dice(&mut s.state, &g.name, cost, action.id())?;
    match action {
        Action::Mount => s.state.group_mut(&g.name)?.mounted = true,
        Action::Dismount => s.state.group_mut(&g.name)?.mounted = false,
        _ => {}
    }
    changed(format!(
        "{}: {} ({cost} action dice, {left} left).{}",
        g.name,
        action.id(),
        working(&steps)
    ))
}

/// The commands that roll (and `odds`), and those that spend initiative.
pub(crate) fn dispatch(
    s: &mut Session,
    actor: &Actor,
    command: &str,
    words: &[String],
    rolls: &mut Rolls,
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    match command {
        "initiative" => initiative(s, actor, words, rulings),
        "reload" => reload(s, actor, words, false, rulings),
        "act" => act(s, actor, words, rulings),
        "tap" => reload(s, actor, words, true, rulings),
        _ => crate::rolls_cmd::dispatch(s, actor, command, words, rolls, rulings),
    }
}
