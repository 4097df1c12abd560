//! The session's commands that roll: fire, chosen man, fight, move, spot,
//! random events, and `odds` for fire, fight and spot. Each builds the
//! rules module's question from the battle's state and the typed words,
//! shows the working, and applies the result to the battle.

use std::fmt::Write as _;

use crate::answers::{
    after, arg, changed, flag, number_after, own, said, spend_dice, usage, working,
};
use crate::error::SharpError;
use crate::firing::{self, Firers, Physique, Target};
use crate::fisticuffs::{self, Fight, FistGroup, FistSide, Outcome};
use crate::model::{Cover, Formation, Inches, Obscurity, Pace};
use crate::movement::{MoveQuery, movement};
use crate::random_events::{EventKind, EventTarget, event_effect, random_event};
use crate::roll::Rolls;
use crate::rulings::Rulings;
use crate::spotting::{SpotQuery, spot, spot_odds};
use crate::state::Session;
use crate::state::{Battle, Condition, Group, Wound};
use crate::tables::Tables;
use umpire_core::session::{Actor, Answer};

fn cover(words: &[String]) -> Result<Cover, SharpError> {
    match after(words, "cover") {
        None => Ok(Cover::None),
        Some(c) => Cover::parse(c).ok_or_else(|| SharpError::unknown("cover", c, Cover::names())),
    }
}

fn range(words: &[String], command: &str) -> Result<f64, SharpError> {
    number_after(words, "range")?.ok_or_else(|| {
        SharpError::Invalid(format!(
            "{command} needs the distance measured on the table: `range N` (inches)"
        ))
    })
}

/// The Group a shot is worked against: the one named, or a Formation's
/// front Group when a Formation is named (a Column then spreads the
/// shock over all its Groups, SP-FORM-009).
fn target_group<'b>(b: &'b Battle, name: &str) -> Result<&'b Group, SharpError> {
    match b.group(name) {
        Ok(g) => Ok(g),
        Err(e) => {
            let wanted = name.replace(['_', '-'], " ");
            let Some(f) = b.formations.iter().find(|f| {
                f.name
                    .replace(['_', '-'], " ")
                    .eq_ignore_ascii_case(&wanted)
            }) else {
                return Err(e);
            };
            let front = f.groups.first().ok_or_else(|| {
                SharpError::Invalid(format!("Formation {} has no Groups left", f.name))
            })?;
            b.group(front)
        }
    }
}

/// The fire question for `firer` at `target`.
fn fire_query(
    b: &Battle,
    words: &[String],
    chosen: bool,
) -> Result<(firing::FireQuery, String, String), SharpError> {
    let firer = b.group(arg(words, 1, "the firing Group")?)?.clone();
    if !words.get(2).is_some_and(|w| w.eq_ignore_ascii_case("at")) {
        return Err(SharpError::Invalid(format!(
            "usage: {} GROUP at TARGET range N …",
            words[0]
        )));
    }
    let target = target_group(b, arg(words, 3, "the target Group or Formation")?)?.clone();
    if target.hidden {
        return Err(SharpError::Invalid(format!(
            "{} is under a Blind: spot it first",
            target.name
        )));
    }
    if firer.side == target.side {
        return Err(SharpError::Invalid(format!(
            "{} and {} are on the same side",
            firer.name, target.name
        )));
    }
    if firer.has("damp-powder") {
        return Err(SharpError::Invalid(format!(
            "{}'s powder is damp: no firing until resupplied (SP-RND-012)",
            firer.name
        )));
    }
    if firer.next_turn_limit.as_deref() == Some("none") {
        return Err(SharpError::Invalid(format!(
            "{} may neither move nor fire this turn (lost a fight by 4)",
            firer.name
        )));
    }
    if !chosen && !firer.loaded {
        return Err(SharpError::Invalid(format!(
            "{} is not loaded: `reload {}` first",
            firer.name, firer.name
        )));
    }
    // Firing event 3 (SP-RND-013): one man with a broken flint cannot fire.
    let men = if firer.has("broken-flint") {
        firer.men.saturating_sub(1)
    } else {
        firer.men
    };
    let mut f =
        Firers::new(men, firer.quality, firer.arm, firer.weapon).in_formation(firer.formation);
    f.tap_loaded = firer.tap_loaded;
    f.first_volley = !firer.first_volley_used;
    f.shock = firer.shock;
    f.gunners_lost = firer.gunners_lost;
    f.fouled_barrels = firer.has("fouled-barrels");
    f.low_on_ammunition = firer.has("low-ammunition");
    f.through_smoke = flag(words, "smoke") || firer.has("smoke");
    f.chosen_man = chosen;
    if flag(words, "initiative") {
        let lead = b
            .big_men_with(&firer.name)
            .into_iter()
            .filter(|m| m.can_act())
            .map(|m| m.status)
            .max()
            .ok_or_else(|| {
                SharpError::Invalid(format!(
                    "no Big Man is with {} to give the fire his initiative",
                    firer.name
                ))
            })?;
        f.initiative = Some(lead);
    }
    let mut t = Target::new(target.formation);
    t.men = Some(target.men);
    t.cover = cover(words)?;
    t.enfiladed = flag(words, "enfilade") || flag(words, "enfiladed");
    t.mounted = target.mounted;
    t.big_men = b
        .big_men_with(&target.name)
        .into_iter()
        .map(|m| {
            let mut bm = firing::BigMan::new(&m.name, m.status, Physique::from_level(m.physique));
            bm.badly_wounded = m.wound == Wound::Bad;
            bm
        })
        .collect();
    Ok((
        firing::FireQuery::new(f, t, range(words, words[0].as_str())?),
        firer.name,
        target.name,
    ))
}

/// The answer, or with `--json` the answer and the rules module's whole
/// result as JSON (the DBR aid's convention).
fn finish<T: serde::Serialize>(
    words: &[String],
    text: String,
    result: &T,
    change: bool,
) -> Result<Answer, SharpError> {
    let text = if flag(words, "--json") {
        serde_json::to_string_pretty(&serde_json::json!({ "text": text, "result": result }))
            .map_err(|e| SharpError::Invalid(format!("cannot write JSON: {e}")))?
    } else {
        text
    };
    Ok(if change {
        Answer::changed(text)
    } else {
        Answer::said(text)
    })
}

/// Apply fire's shock and men removed to the target: a Column spreads its
/// shock over its Groups, front first (SP-FORM-009) and loses men from the
/// rear (SP-FORM-010); any other target takes them itself.
fn take_fire(
    b: &mut Battle,
    rulings: &Rulings,
    target: &str,
    shock: u32,
    removed: u32,
) -> Result<String, SharpError> {
    let t = b.group(target)?.clone();
    let members: Vec<String> = t
        .formation_of
        .as_ref()
        .and_then(|f| {
            b.formations
                .iter()
                .find(|x| &x.name == f && x.kind == Formation::Column)
        })
        .map_or_else(|| vec![t.name.clone()], |f| f.groups.clone());
    let mut text = String::new();
    if members.len() > 1 {
        let (shares, steps) = crate::formations::spread_shock(
            rulings,
            shock,
            u32::try_from(members.len()).unwrap_or(1),
        )?;
        text.push_str(&working(&steps));
        for (m, sh) in members.iter().zip(shares) {
            b.group_mut(m)?.shock += sh;
        }
        let mut left = removed;
        for i in crate::formations::kill_order(Formation::Column, members.len()) {
            let g = b.group_mut(&members[i])?;
            let k = left.min(g.men);
            g.men -= k;
            left -= k;
        }
        if removed > 0 {
            let _ = write!(text, "\n  SP-FORM-010: kills come off the Column's rear");
        }
    } else {
        let g = b.group_mut(target)?;
        g.shock += shock;
        g.men = g.men.saturating_sub(removed);
    }
    for m in &members {
        let g = b.group(m)?;
        let _ = write!(text, "\n  {}: {} men, {} shock.", g.name, g.men, g.shock);
    }
    Ok(text)
}

fn add_condition(g: &mut Group, id: &str) {
    if !g.has(id) {
        let tiffins_left = (id == "smoke").then_some(3);
        g.conditions.push(Condition {
            id: id.to_string(),
            tiffins_left,
        });
    }
}

/// Roll a random event for a Group and apply what it leaves.
fn event_on(
    b: &mut Battle,
    tables: &Tables,
    rulings: &Rulings,
    kind: EventKind,
    group: &str,
    rolls: &mut Rolls,
) -> Result<String, SharpError> {
    let ev = random_event(tables, rulings, kind, rolls)?;
    let g = b.group(group)?.clone();
    let target = EventTarget {
        has_big_man: !b.big_men_with(&g.name).is_empty(),
        in_formation: g.formation_of.is_some(),
    };
    let out = event_effect(tables, rulings, kind, ev.number, target, rolls)?;
    let mut text = format!(
        "Random event ({} table): {} {}.",
        kind.name(),
        ev.number,
        ev.entry.name
    );
    text.push_str(&working(&ev.steps));
    text.push_str(&working(&out.steps));
    if ev.number == 10 {
        let side = g.side.clone();
        let d = crate::deck::draw_bonus(b, &side)?;
        let _ = write!(
            text,
            "\n  {side} draws a bonus card: {}{}",
            d.card.name,
            if d.played {
                " (played at once)"
            } else if d.must_discard {
                " (four in hand: discard one)"
            } else {
                ""
            }
        );
    }
    if out.applies {
        let gm = b.group_mut(group)?;
        if let Some(c) = &out.condition {
            add_condition(gm, c);
            let _ = write!(text, "\n  {} now: {c}", gm.name);
        }
        if let Some(n) = out.men {
            gm.men = gm.men.saturating_sub(n);
            let _ = write!(text, "\n  {n} men leave {} ({} left)", gm.name, gm.men);
        }
    }
    Ok(text)
}

fn fire(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
    rulings: &Rulings,
    chosen: bool,
) -> Result<Answer, SharpError> {
    let ftables = firing::FireTables::builtin()?;
    let tables = Tables::builtin()?;
    let (q, firer, target) = fire_query(&s.state, words, chosen)?;
    own(actor, &s.state.group(&firer)?.side.clone(), &firer)?;
    if chosen {
        let g = s.state.group(&firer)?;
        if !g.chosen_man || g.chosen_man_spent {
            return Err(SharpError::Invalid(format!(
                "{firer} has no chosen man able to shoot (SP-CM-001/006)"
            )));
        }
    }
    // Out of range is found before anything is spent: nobody pays an
    // action die to learn that the shot cannot be taken.
    if firing::fire_odds(ftables, rulings, &q)?.out_of_range {
        let r = firing::resolve_fire(ftables, rulings, &q, rolls)?;
        let mut text = format!("{firer} cannot fire at {target}: nothing spent.");
        for l in r.explain() {
            let _ = write!(text, "\n  {l}");
        }
        return said(text);
    }
    let spent = if chosen {
        let called = s
            .state
            .active
            .as_ref()
            .is_some_and(|a| a.chosen.iter().any(|c| c.eq_ignore_ascii_case(&firer)));
        if !called {
            return Err(SharpError::Invalid(format!(
                "{firer}'s chosen man has not been called forward: a Big Man spends an initiative on him first (`initiative chosen-man {firer}`, SP-CM-002)"
            )));
        }
        String::new()
    } else {
        let cost = crate::actions::action_cost(tables, rulings, crate::actions::Action::Fire, 0)?.0;
        let left = spend_dice(&mut s.state, &firer, cost, "firing")?;
        format!(" ({cost} action die, {left} left)")
    };
    let r = firing::resolve_fire(ftables, rulings, &q, rolls)?;
    // The result first, then the working.
    let mut text = format!("{firer} fires at {target}{spent}: {}.", r.summary());
    let b = &mut s.state;
    let _ = write!(
        text,
        "{}",
        take_fire(b, rulings, &target, r.shock, r.men_removed)?
    );
    let explained = r.explain();
    text.push_str("\n  Working:");
    for l in explained.iter().take(explained.len().saturating_sub(1)) {
        let _ = write!(text, "\n  {l}");
    }
    for check in &r.big_men {
        let m = b.big_man_mut(&check.name)?;
        match check.outcome {
            firing::BigManOutcome::NotHit => {}
            firing::BigManOutcome::LightlyWounded { physique } => {
                m.physique = physique.level();
                m.wound = Wound::Light;
            }
            firing::BigManOutcome::BadlyWounded => m.wound = Wound::Bad,
            firing::BigManOutcome::Dead => m.wound = Wound::Dead,
        }
    }
    {
        let f = b.group_mut(&firer)?;
        f.first_volley_used = true;
        if chosen {
            if r.out_of_powder {
                f.chosen_man_spent = true;
            }
        } else {
            f.loaded = false;
            f.tap_loaded = r.still_tap_loaded;
            if f.tap_loaded {
                f.loaded = true;
            }
        }
    }
    if r.random_event.is_some() {
        let _ = write!(
            text,
            "\n{}",
            event_on(b, tables, rulings, EventKind::Firing, &firer, rolls)?
        );
    }
    finish(words, text, &r, true)
}

/// Groups named "a,b" → the side.
/// Who leads a side of a fight.
enum Lead<'a> {
    /// The highest-status Big Man with its Groups who can act.
    Highest,
    /// This Big Man (`lead NAME`), who must be with its Groups.
    Named(&'a str),
    /// Nobody (`no-lead`).
    Nobody,
}

fn fist_side(
    b: &Battle,
    names: &str,
    lead: Lead<'_>,
) -> Result<(FistSide, Vec<String>), SharpError> {
    let groups: Vec<Group> = names
        .split(',')
        .filter(|n| !n.is_empty())
        .map(|n| b.group(n).cloned())
        .collect::<Result<_, _>>()?;
    let Some(first) = groups.first() else {
        return Err(SharpError::Invalid(
            "a side of a fight needs a Group".into(),
        ));
    };
    let mut side = FistSide::new(
        groups
            .iter()
            .map(|g| {
                let mut fg = FistGroup::new(g.men, g.quality);
                fg.character = g.character;
                fg.shock = g.shock;
                fg
            })
            .collect(),
    );
    side.arm = first.arm;
    side.formation = first.formation;
    let mut bms: Vec<_> = groups
        .iter()
        .flat_map(|g| b.big_men_with(&g.name))
        .filter(|m| m.can_act())
        .collect();
    bms.sort_by_key(|m| std::cmp::Reverse(m.status));
    match lead {
        Lead::Highest if !bms.is_empty() => side.leader = Some(bms.remove(0).status),
        Lead::Highest | Lead::Nobody => {}
        Lead::Named(name) => {
            let wanted = b.big_man(name)?;
            let Some(i) = bms.iter().position(|m| m.name == wanted.name) else {
                return Err(SharpError::Invalid(format!(
                    "{} cannot lead {}: only a Big Man with those Groups who can still act leads them ({})",
                    wanted.name,
                    groups
                        .iter()
                        .map(|g| g.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    if bms.is_empty() {
                        "none is there".to_string()
                    } else {
                        bms.iter()
                            .map(|m| m.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                )));
            };
            side.leader = Some(bms.remove(i).status);
        }
    }
    side.other_big_men = bms.iter().map(|m| m.status).collect();
    Ok((side, groups.iter().map(|g| g.name.clone()).collect()))
}

fn fight_of(b: &Battle, words: &[String]) -> Result<(Fight, Vec<String>, Vec<String>), SharpError> {
    let vs = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("vs"))
        .ok_or_else(|| {
            SharpError::Invalid("usage: fight GROUP[,GROUP] vs GROUP[,GROUP] [options]".into())
        })?;
    let a_names = arg(words, 1, "the attacking Groups")?;
    let b_names = words
        .get(vs + 1)
        .ok_or_else(|| SharpError::Invalid("who do they fight? `vs GROUP`".into()))?;
    let named = lead_name(words);
    if named.is_none() && flag(words, "lead") {
        return Err(SharpError::Invalid(
            "`lead` needs the Big Man who leads: `lead Major Lawford`".into(),
        ));
    }
    let lead = match (&named, flag(words, "no-lead")) {
        (Some(_), true) => {
            return Err(SharpError::Invalid(
                "`lead` and `no-lead` together: say who leads, or that nobody does".into(),
            ));
        }
        (Some(n), false) => Lead::Named(n),
        (None, true) => Lead::Nobody,
        (None, false) => Lead::Highest,
    };
    let (mut a, an) = fist_side(b, a_names, lead)?;
    let (mut d, dn) = fist_side(b, b_names, Lead::Highest)?;
    // Two sides of different Groups, each of one side, facing the other.
    let mut seen: Vec<&String> = Vec::new();
    for n in an.iter().chain(&dn) {
        if seen.contains(&n) {
            return Err(SharpError::Invalid(format!(
                "{n} is named twice: a Group fights on one side of a fight, once"
            )));
        }
        seen.push(n);
    }
    let side_of = |names: &[String]| -> Result<String, SharpError> {
        let sides: Vec<String> = names
            .iter()
            .map(|n| b.group(n).map(|g| g.side.clone()))
            .collect::<Result<_, _>>()?;
        match sides.as_slice() {
            [first, rest @ ..] if rest.iter().all(|s| s == first) => Ok(first.clone()),
            _ => Err(SharpError::Invalid(format!(
                "{} are not all of one side: each side of a fight is one side's Groups",
                names.join(", ")
            ))),
        }
    };
    let (attackers, defenders) = (side_of(&an)?, side_of(&dn)?);
    if attackers == defenders {
        return Err(SharpError::Invalid(format!(
            "{} and {} are all the {attackers}': a fight is between the two sides",
            an.join(", "),
            dn.join(", ")
        )));
    }
    if let Some(f) = number_after(words, "fervour")? {
        // SP-INI-009: each point of fervour is an initiative spent on this
        // card.
        let added = b.active.as_ref().map_or(0, |x| x.fervour);
        if f.fract() != 0.0 || f < 0.0 || f > f64::from(added) {
            return Err(SharpError::Invalid(format!(
                "fervour {f}: each point is an initiative spent on this card (`initiative fervour`, SP-INI-009), and {added} has been added"
            )));
        }
        a.fervour = f as u32;
    }
    if let Some(c) = after(words, "cover") {
        d.cover = Cover::parse(c).ok_or_else(|| SharpError::unknown("cover", c, Cover::names()))?;
    }
    d.flank_or_rear = flag(words, "flank") || flag(words, "rear");
    d.ambushed = flag(words, "ambushed");
    d.surrounded = flag(words, "surrounded");
    d.line_of_escape = !flag(words, "no-escape");
    a.elan = flag(words, "elan");
    a.at_gallop = flag(words, "gallop");
    a.lancers = flag(words, "lancers");
    if d.formation == Formation::Square {
        d.square_defended = !flag(words, "undefended");
    }
    d.unloaded_receiving_charge = flag(words, "unloaded");
    if let Some(n) = number_after(words, "support")? {
        a.supporting_ranks = n as u32;
    }
    Ok((Fight::new(a, d), an, dn))
}

/// Kills taken off the side's rear Groups first; shock spread over its
/// Groups, front first (as the fisticuffs module counts it between
/// rounds).
fn take_losses(b: &mut Battle, names: &[String], kills: u32, shock: u32) -> Result<(), SharpError> {
    let mut left = kills;
    for n in names.iter().rev() {
        let g = b.group_mut(n)?;
        let k = left.min(g.men);
        g.men -= k;
        left -= k;
    }
    let n = u32::try_from(names.len()).unwrap_or(1).max(1);
    for (i, name) in names.iter().enumerate() {
        let extra = u32::from(u32::try_from(i).unwrap_or(u32::MAX) < shock % n);
        let g = b.group_mut(name)?;
        g.shock = g.shock.saturating_add(shock / n + extra);
    }
    Ok(())
}

/// "rifles 6 men 3 shock, …": the side's Groups as they stand.
fn side_state(b: &Battle, names: &[String]) -> String {
    names
        .iter()
        .filter_map(|n| {
            b.group(n)
                .ok()
                .map(|g| format!("{} {} men {} shock", g.name, g.men, g.shock))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn fight(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    let t = fisticuffs::FistTables::builtin()?;
    let (f, an, dn) = fight_of(&s.state, words)?;
    let attackers = s.state.group(&an[0])?.side.clone();
    own(actor, &attackers, &an.join(", "))?;
    // The attack is made by Groups activated on the card in play, or
    // encouraged into it by a Big Man (SP-INI-008).
    let active = s.state.active.as_ref();
    for g in &an {
        let ready = active.is_some_and(|a| {
            a.dice.iter().any(|(n, _)| n.eq_ignore_ascii_case(g))
                || a.encouraged.iter().any(|n| n.eq_ignore_ascii_case(g))
        });
        if !ready {
            return Err(SharpError::Invalid(format!(
                "{g} is not activated on this card: a Big Man activates it (`initiative activate {g}`) or encourages it (`initiative encourage {g}`) before it attacks"
            )));
        }
    }
    let r = fisticuffs::resolve_fight(t, rulings, &f, rolls)?;
    let mut rounds = String::new();
    for round in &r.rounds {
        let _ = write!(
            rounds,
            "\n  round {}: {} dice {:?} → {} kills, {} shock; {} dice {:?} → {} kills, {} shock",
            round.number,
            round.dice.a.dice,
            round.faces[0],
            round.kills[0],
            round.shock[0],
            round.dice.b.dice,
            round.faces[1],
            round.kills[1],
            round.shock[1]
        );
    }
    let b = &mut s.state;
    take_losses(b, &an, r.kills_taken[0], r.shock_taken[0])?;
    take_losses(b, &dn, r.kills_taken[1], r.shock_taken[1])?;
    // The result table's shock (overwhelmed; lost, treated as the margin)
    // goes onto the loser as the answer says.
    let (loser, extra) = match &r.outcome {
        Outcome::Overwhelmed {
            loser,
            shock,
            surrender: None,
            ..
        } => (Some(*loser), *shock),
        Outcome::Lost(l) if l.surrender.is_none() => (Some(l.loser), l.extra_shock),
        _ => (None, 0),
    };
    if let Some(who) = loser {
        let names = if who == fisticuffs::Who::A { &an } else { &dn };
        take_losses(b, names, 0, extra)?;
    }
    let (a_state, d_state) = (side_state(b, &an), side_state(b, &dn));
    let outcome = match &r.outcome {
        Outcome::Overwhelmed {
            loser,
            rout,
            shock,
            surrender,
        } => {
            let names = if *loser == fisticuffs::Who::A {
                &an
            } else {
                &dn
            };
            match surrender {
                Some(sv) => format!(
                    "{} overwhelmed and surrounded: {} surrender ({} guards)",
                    names.join(", "),
                    sv.prisoners,
                    sv.guards
                ),
                None => format!(
                    "{} overwhelmed: rout {}\" and take {shock} shock",
                    names.join(", "),
                    rout.unwrap_or(0)
                ),
            }
        }
        Outcome::Breather { inches } => {
            format!("three drawn rounds: both sides fall back {inches}\" to take a breather")
        }
        Outcome::Lost(l) => {
            let names = if l.loser == fisticuffs::Who::A {
                &an
            } else {
                &dn
            };
            let limit = format!("{:?}", l.next_turn).to_ascii_lowercase();
            for n in names {
                let g = b.group_mut(n)?;
                g.next_turn_limit = match limit.as_str() {
                    "fire-only" | "fireonly" => Some("fire-only".into()),
                    "none" | "no-move-or-fire" | "nomoveorfire" => Some("none".into()),
                    _ => None,
                };
            }
            match &l.surrender {
                Some(sv) => format!(
                    "{} lost by {} and, with no escape, surrender: {} prisoners, {} guards",
                    names.join(", "),
                    l.margin,
                    sv.prisoners,
                    sv.guards
                ),
                None => format!(
                    "{} lost by {}{}: thrown back {}\"{}, +{} shock{}",
                    names.join(", "),
                    l.margin,
                    if l.treated_as == l.margin {
                        String::new()
                    } else {
                        format!(" (counted as {})", l.treated_as)
                    },
                    l.push_back.unwrap_or(0),
                    if l.facing_enemy {
                        " facing the enemy"
                    } else {
                        ""
                    },
                    l.extra_shock,
                    match limit.as_str() {
                        "fire-only" | "fireonly" => "; next turn they may only fire",
                        "none" | "no-move-or-fire" | "nomoveorfire" => {
                            "; next turn they may neither move nor fire"
                        }
                        _ => "",
                    }
                ),
            }
        }
    };
    // The result first, then the working.
    let mut text = format!(
        "Fisticuffs, {} against {}: {outcome}.\n  Now: {a_state}; {d_state}.\n  Working:",
        an.join(", "),
        dn.join(", ")
    );
    text.push_str(&working(&r.steps));
    text.push_str(&rounds);
    finish(words, text, &r, true)
}

fn same_name(a: &str, b: &str) -> bool {
    let k = |x: &str| x.replace(['_', '-'], " ").to_ascii_lowercase();
    k(a) == k(b)
}

/// How many action dice a move spends: `actions N` (1 by default).
fn actions(words: &[String]) -> Result<u32, SharpError> {
    match number_after(words, "actions")? {
        None => Ok(1),
        Some(n) if n.fract() == 0.0 && (1.0..=6.0).contains(&n) => Ok(n as u32),
        Some(n) => Err(SharpError::Invalid(format!(
            "`actions {n}`: a move spends 1 to 6 action dice, each moving 1D6"
        ))),
    }
}

fn move_cmd(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    let tables = Tables::builtin()?;
    let who = arg(words, 1, "a Group or Blind")?;
    let n = actions(words)?;
    if let Some((blind, side)) = s
        .state
        .blinds
        .iter()
        .find(|b| same_name(&b.name, who))
        .map(|b| (b.name.clone(), b.side.clone()))
    {
        own(actor, &side, &blind)?;
        // A Blind moves 1D6 per action die spent, as rolled, on its side's
        // Blinds card.
        if !s
            .state
            .active
            .as_ref()
            .is_some_and(|a| matches!(&a.card, crate::state::Card::Blinds(_)))
        {
            return Err(SharpError::Invalid(format!(
                "{blind} moves on its side's Blinds card; `draw` until it comes up"
            )));
        }
        let left = spend_dice(&mut s.state, &blind, n, "moving")?;
        let dice = rolls.dice(n, 6, "a Blind's move")?;
        let total: u32 = dice.iter().sum();
        return changed(format!(
            "SP-ACT-016: {blind} moves {total}\" ({n} action dice {dice:?}; {left} left) [ruling blind-dice]"
        ));
    }
    let g = s.state.group(who)?.clone();
    own(actor, &g.side, &g.name)?;
    let left = spend_dice(&mut s.state, &g.name, n, "moving")?;
    if g.next_turn_limit.is_some() {
        return Err(SharpError::Invalid(format!(
            "{} may not move this turn (it lost a fight)",
            g.name
        )));
    }
    let pace = match after(words, "pace") {
        Some(p) => Pace::parse(p).ok_or_else(|| SharpError::unknown("pace", p, Pace::names()))?,
        None => Pace::Normal,
    };
    let mut q = MoveQuery::new(g.arm, g.formation, pace);
    q.dice = n;
    q.shock = match &g.formation_of {
        Some(f) => s
            .state
            .formations
            .iter()
            .find(|x| &x.name == f)
            .map(|x| {
                x.groups
                    .iter()
                    .filter_map(|n| s.state.group(n).ok().map(|g| g.shock))
                    .collect()
            })
            .unwrap_or_else(|| vec![g.shock]),
        None => vec![g.shock],
    };
    q.conditions = g
        .conditions
        .iter()
        .map(|c| c.id.clone())
        .filter(|c| c == "needs-water")
        .collect();
    if s.state
        .big_men_with(&g.name)
        .iter()
        .any(|m| m.conditions.iter().any(|c| c.id == "twisted-ankle"))
    {
        q.conditions.push("twisted-ankle".into());
    }
    let a = movement(tables, rulings, &q, rolls)?;
    let mut text = format!(
        "{} moves {} ({} dice {:?}; {left} action dice left).\n  Working:",
        g.name,
        a.distance,
        a.dice.len(),
        a.dice
    );
    text.push_str(&working(&a.steps));
    if a.random_event {
        let _ = write!(
            text,
            "\n{}",
            event_on(
                &mut s.state,
                tables,
                rulings,
                EventKind::Movement,
                &g.name,
                rolls
            )?
        );
    }
    finish(words, text, &a, true)
}

fn spot_query(
    b: &Battle,
    words: &[String],
) -> Result<(SpotQuery, String, Option<String>), SharpError> {
    let spotter = b.group(arg(words, 1, "the spotting Group")?)?.clone();
    let target_name = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("at"))
        .and_then(|i| words.get(i + 1))
        .ok_or_else(|| {
            SharpError::Invalid("usage: spot GROUP at TARGET range N obscurity …".into())
        })?;
    let blind = b
        .blinds
        .iter()
        .find(|x| same_name(&x.name, target_name))
        .map(|x| x.name.clone());
    let ob = after(words, "obscurity").unwrap_or("open");
    let obscurity = Obscurity::parse(ob)
        .ok_or_else(|| SharpError::unknown("obscurity", ob, Obscurity::names()))?;
    let mut q = SpotQuery::new(obscurity, Inches(range(words, "spot")?));
    q.spotter_under_fire = flag(words, "under-fire");
    q.target_stationary = flag(words, "stationary");
    q.smoke = flag(words, "smoke");
    q.target_sneaky = flag(words, "sneaky") || flag(words, "injuns");
    q.spotter_elevated = flag(words, "elevated");
    q.spotter_injun = flag(words, "injun");
    q.spotter_big_man = flag(words, "big-man");
    if let Some(n) = number_after(words, "moved")? {
        q.target_moved_dice = n as u32;
    }
    if let Some(n) = number_after(words, "extra")? {
        q.extra_dice = n as u32;
    }
    if blind.is_none() {
        let t = b.group(target_name)?;
        q.target_mounted = t.mounted;
        q.target_in_formation = crate::movement::is_formation(t.formation);
    }
    Ok((q, spotter.name, blind))
}

fn spot_cmd(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    let tables = Tables::builtin()?;
    let (q, spotter, blind) = spot_query(&s.state, words)?;
    own(actor, &s.state.group(&spotter)?.side.clone(), &spotter)?;
    spend_dice(&mut s.state, &spotter, 1 + q.extra_dice, "spotting")?;
    let a = spot(tables, rulings, &q, rolls)?;
    let mut text = format!(
        "{spotter} spots: {}{}",
        match (a.needed, a.total) {
            (None, _) => "automatic".to_string(),
            (Some(n), Some(t)) => format!("needs {n}, rolled {t}"),
            (Some(n), None) => format!("needs {n}"),
        },
        if a.success {
            ": spotted."
        } else {
            ": not spotted."
        }
    );
    let mut revealed = false;
    if a.success {
        if let Some(bl) = blind {
            let Some(i) = s.state.blinds.iter().position(|x| x.name == bl) else {
                return changed(text);
            };
            revealed = true;
            let revealed = s.state.blinds.remove(i);
            for g in &revealed.groups {
                s.state.group_mut(g)?.hidden = false;
            }
            let _ = write!(
                text,
                "\n  {bl} is revealed: {}",
                [revealed.groups, revealed.big_men].concat().join(", ")
            );
        }
    }
    text.push_str("\n  Working:");
    text.push_str(&working(&a.steps));
    let answer = finish(words, text, &a, true)?;
    Ok(if revealed { answer.revealing() } else { answer })
}

fn odds(s: &Session, words: &[String], rulings: &Rulings) -> Result<Answer, SharpError> {
    let what = arg(words, 1, "fire, fight or spot")?.to_ascii_lowercase();
    let rest: Vec<String> = words[1..].to_vec();
    match what.as_str() {
        "fire" | "chosen" => {
            let (q, firer, target) = fire_query(&s.state, &rest, what == "chosen")?;
            let o = firing::fire_odds(firing::FireTables::builtin()?, rulings, &q)?;
            if o.out_of_range {
                return said(format!("{firer} at {target}: out of range."));
            }
            let mut t = format!(
                "{firer} at {target}: {} dice at {:.3} a hit; expected {:.2} hits, {:.2} shock, {:.2} kills; P(at least one kill) {:.3}; P(random event) {:.3}",
                o.pool,
                o.p_hit,
                o.expected_hits,
                o.expected_shock,
                o.expected_kills,
                o.p_any_kill,
                o.p_random_event
            );
            for (k, p) in o.kills.iter().enumerate().filter(|(_, p)| **p >= 0.005) {
                let _ = write!(t, "\n  {k} kill(s): {:.3}", p);
            }
            for l in &o.left_out {
                let _ = write!(t, "\n  (left out: {l})");
            }
            t.push_str(&working(&o.steps));
            finish(words, t, &o, false)
        }
        "fight" => {
            let (f, an, dn) = fight_of(&s.state, &rest)?;
            let o = fisticuffs::fight_odds(fisticuffs::FistTables::builtin()?, rulings, &f)?;
            let mut t = format!(
                "{} ({} dice) against {} ({} dice):",
                an.join(", "),
                o.dice.a.dice,
                dn.join(", "),
                o.dice.b.dice
            );
            if let Some(who) = o.overwhelmed {
                let _ = write!(t, " {who:?} is overwhelmed: no roll.");
            } else {
                let _ = write!(t, "\n  first round: draw {:.3}", o.draw);
                for (i, p) in o.a_wins_by.iter().enumerate() {
                    let _ = write!(
                        t,
                        "; A wins by {}{} {:.3}",
                        i + 1,
                        if i == 3 { "+" } else { "" },
                        p
                    );
                }
                for (i, p) in o.a_loses_by.iter().enumerate() {
                    let _ = write!(
                        t,
                        "; A loses by {}{} {:.3}",
                        i + 1,
                        if i == 3 { "+" } else { "" },
                        p
                    );
                }
            }
            finish(words, t, &o, false)
        }
        "spot" => {
            let (q, spotter, _) = spot_query(&s.state, &rest)?;
            let p = spot_odds(Tables::builtin()?, rulings, &q)?;
            let need = crate::spotting::spot_needed(Tables::builtin()?, rulings, &q)?;
            let needed = match need.needed {
                None => "spots without a roll".to_string(),
                Some(n) if n > 12 => format!("cannot spot: {n} is needed on 2D6"),
                Some(n) => format!("needs {n} or more on 2D6"),
            };
            let mut t = format!("{spotter} {needed}: probability {p:.3}.");
            t.push_str(&working(&need.steps));
            finish(
                words,
                t,
                &serde_json::json!({ "probability": p, "needed": need.needed }),
                false,
            )
        }
        other => Err(SharpError::unknown(
            "odds of",
            other,
            ["fire", "chosen", "fight", "spot"].into_iter(),
        )),
    }
}

/// `lead Major Lawford` (or `lead Major_Lawford`): the words after `lead`
/// up to the next word `fight` knows.
fn lead_name(words: &[String]) -> Option<String> {
    let i = words.iter().position(|w| w.eq_ignore_ascii_case("lead"))?;
    let g = grammar("fight")?;
    let name: Vec<&str> = words[i + 1..]
        .iter()
        .take_while(|w| {
            let l = w.to_ascii_lowercase();
            !g.valued.contains(&l.as_str()) && !g.flags.contains(&l.as_str())
        })
        .map(String::as_str)
        .collect();
    (!name.is_empty()).then(|| name.join(" "))
}

/// What a rolling command takes after its fixed words (`fire GROUP at
/// TARGET`): keywords followed by a value, and flags.
struct Grammar {
    fixed: usize,
    valued: &'static [&'static str],
    flags: &'static [&'static str],
}

fn grammar(command: &str) -> Option<Grammar> {
    const FIRE_FLAGS: &[&str] = &[
        "enfilade",
        "enfiladed",
        "smoke",
        "initiative",
        "--json",
        "--odds",
    ];
    Some(match command {
        "fire" | "chosen" => Grammar {
            fixed: 4,
            valued: &["range", "cover"],
            flags: FIRE_FLAGS,
        },
        "fight" => Grammar {
            fixed: 4,
            valued: &["fervour", "cover", "support", "lead"],
            flags: &[
                "flank",
                "rear",
                "ambushed",
                "surrounded",
                "no-escape",
                "elan",
                "gallop",
                "lancers",
                "undefended",
                "unloaded",
                "no-lead",
                "--json",
                "--odds",
            ],
        },
        "move" => Grammar {
            fixed: 2,
            valued: &["actions", "pace"],
            flags: &["--json"],
        },
        "spot" => Grammar {
            fixed: 4,
            valued: &["range", "obscurity", "moved", "extra"],
            flags: &[
                "under-fire",
                "stationary",
                "smoke",
                "sneaky",
                "injuns",
                "elevated",
                "injun",
                "big-man",
                "--json",
                "--odds",
            ],
        },
        "event" => Grammar {
            fixed: 3,
            valued: &[],
            flags: &[],
        },
        _ => return None,
    })
}

/// Refuse a word the command does not know, rather than answer as if it
/// had not been typed: `obscurity slight elevatd` must not quietly lose
/// the elevation.
fn known_words(command: &str, words: &[String]) -> Result<(), SharpError> {
    let Some(g) = grammar(command) else {
        return Ok(());
    };
    let mut i = g.fixed;
    while let Some(w) = words.get(i) {
        let lower = w.to_ascii_lowercase();
        if lower == "lead" && command == "fight" {
            // A Big Man's name may be several words.
            i += 1;
            while words.get(i).is_some_and(|w| {
                let l = w.to_ascii_lowercase();
                !g.valued.contains(&l.as_str()) && !g.flags.contains(&l.as_str())
            }) {
                i += 1;
            }
        } else if g.valued.contains(&lower.as_str()) {
            if words.get(i + 1).is_none() {
                return Err(SharpError::Invalid(format!(
                    "`{w}` needs a value after it: {}",
                    usage(command)
                )));
            }
            i += 2;
        } else if g.flags.contains(&lower.as_str()) {
            i += 1;
        } else {
            let all = g.valued.iter().chain(g.flags).copied();
            let hint = umpire_core::text::suggest(&lower, all.clone())
                .map(|h| format!(" Did you mean `{h}`?"))
                .unwrap_or_default();
            return Err(SharpError::Invalid(format!(
                "`{w}` is not a word `{command}` knows, and nothing was rolled.{hint} {}",
                usage(command)
            )));
        }
    }
    Ok(())
}

/// The commands that roll.
pub(crate) fn dispatch(
    s: &mut Session,
    actor: &Actor,
    command: &str,
    words: &[String],
    rolls: &mut Rolls,
    rulings: &Rulings,
) -> Result<Answer, SharpError> {
    match command {
        "odds" => known_words(
            &words
                .get(1)
                .map(|w| w.to_ascii_lowercase())
                .unwrap_or_default(),
            words.get(1..).unwrap_or_default(),
        )?,
        _ => known_words(command, words)?,
    }
    if flag(words, "--odds") && matches!(command, "fire" | "chosen" | "fight" | "spot") {
        let mut w = vec!["odds".to_string()];
        w.extend(
            words
                .iter()
                .filter(|x| !x.eq_ignore_ascii_case("--odds"))
                .cloned(),
        );
        return odds(s, &w, rulings);
    }
    match command {
        "fire" => fire(s, actor, words, rolls, rulings, false),
        "chosen" => fire(s, actor, words, rolls, rulings, true),
        "fight" => fight(s, actor, words, rolls, rulings),
        "move" => move_cmd(s, actor, words, rolls, rulings),
        "spot" => spot_cmd(s, actor, words, rolls, rulings),
        "odds" => odds(s, words, rulings),
        "event" => {
            let kind = EventKind::parse(arg(words, 1, "firing or movement")?)?;
            let g = arg(words, 2, "a Group")?.to_string();
            let tables = Tables::builtin()?;
            let text = event_on(&mut s.state, tables, rulings, kind, &g, rolls)?;
            changed(text)
        }
        other => {
            let names = crate::catalog::COMMANDS.iter().map(|c| c.name);
            Err(SharpError::unknown("command", other, names))
        }
    }
}
