//! An Overlord report as a page, from its JSON model read typed
//! ([`super::schema`]), the same data its text is written from: the
//! header, the faction's events, each unit and each place as a part that
//! opens and closes, battles, structures, the knowledge gained (folded: a
//! first report's is long), the newspaper and the order template. It
//! leads with the faction's units and what each will do (its orders in
//! the template), the first thing a player asks. Places carry their id as
//! an anchor (`#L7`), which the map links to.

use std::collections::BTreeSet;

use super::schema::{self, Direction, Line, Named, Quantity, Ratings, Report, SkillLevel};
use crate::kind::view::{Block, Inline, Item, ListStyle, text};

/// `Name [id]`.
fn named(v: &Named) -> String {
    match &v.id {
        Some(id) => format!("{} [{id}]", v.name),
        None => v.name.clone(),
    }
}

fn named_or_empty(v: Option<&Named>) -> String {
    v.map(named).unwrap_or_default()
}

/// `3 swords [swrd]`.
fn quantity(v: &Quantity) -> String {
    match &v.tag {
        Some(t) => format!("{} {} [{t}]", v.count, v.name),
        None => format!("{} {}", v.count, v.name),
    }
}

fn quantity_or_empty(v: Option<&Quantity>) -> String {
    v.map(quantity).unwrap_or_default()
}

fn skill(v: &SkillLevel) -> String {
    let id = v.id.as_deref().unwrap_or("");
    if v.level > 0 {
        format!("{} {} [{id}]", v.name, v.level)
    } else {
        format!("{} [{id}]", v.name)
    }
}

/// `Day 3 - …` / `Days 1-30 - …`.
fn line(v: &Line) -> String {
    let when = match (v.day, v.last_day) {
        (0, _) => "Before day 1".to_string(),
        (31, _) => "Month end".to_string(),
        (d, l) if d == l => format!("Day {d}"),
        (d, l) => format!("Days {d}-{l}"),
    };
    format!("{when} - {}", v.text)
}

fn lines(ls: &[Line]) -> Option<Block> {
    (!ls.is_empty()).then(|| Block::List {
        style: ListStyle::Plain,
        items: ls
            .iter()
            .map(|l| Item::plain(vec![text(line(l))]))
            .collect(),
    })
}

fn para(text: Vec<Inline>) -> Block {
    Block::Para { muted: false, text }
}

fn muted(text: Vec<Inline>) -> Block {
    Block::Para { muted: true, text }
}

fn heading(level: u8, words: impl Into<String>) -> Block {
    Block::Heading {
        level,
        text: vec![text(words)],
    }
}

/// The places this report shows, which a link may lead to.
struct Known(BTreeSet<String>);

impl Known {
    /// A place, linked to its section when the report has one.
    fn link(&self, v: &Named) -> Inline {
        let id = v.id.as_deref().unwrap_or("");
        if self.0.contains(id) {
            Inline::Link {
                to: id.to_string(),
                text: named(v),
            }
        } else {
            text(named(v))
        }
    }

    fn link_or_empty(&self, v: Option<&Named>) -> Inline {
        v.map_or_else(|| text(""), |v| self.link(v))
    }
}

/// A place's ways out, each with its terrain and days.
fn directions(label: &str, dirs: &[Direction], known: &Known) -> Option<Block> {
    if dirs.is_empty() {
        return None;
    }
    let mut t = vec![text(format!("{label}: "))];
    for (i, d) in dirs.iter().enumerate() {
        if i > 0 {
            t.push(text("; "));
        }
        t.push(text(format!("{} to ", d.direction)));
        t.push(known.link_or_empty(d.to.as_ref()));
        let mut rest = format!(" ({}, ", d.terrain);
        if d.road {
            rest.push_str("by road, ");
        }
        match d.days {
            Some(days) => {
                rest.push_str(&format!("{days} days {}", d.mode.as_deref().unwrap_or("")))
            }
            None => rest.push_str("impassable"),
        }
        rest.push(')');
        t.push(text(rest));
    }
    Some(para(t))
}

fn ratings(v: &Ratings) -> String {
    [
        (v.initiative, "ini"),
        (v.melee, "att"),
        (v.missile, "mis"),
        (v.defense, "def"),
        (v.damage, "dmg"),
        (v.ranged_damage, "rng"),
        (v.life, "life"),
        (v.hits, "hit"),
        (v.stealth, "ste"),
        (v.observation, "obs"),
        (v.mana, "mana"),
        (v.control_points, "CP"),
    ]
    .iter()
    .filter(|(n, _)| *n != 0)
    .map(|(n, short)| format!("{short} {n}"))
    .collect::<Vec<_>>()
    .join(", ")
}

/// Items joined with `, `, each made by `each`.
fn joined<T>(items: &[T], each: impl Fn(&T) -> Vec<Inline>) -> Vec<Inline> {
    let mut out = Vec::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(text(", "));
        }
        out.extend(each(x));
    }
    out
}

/// The page of a report's JSON; None when it is not an Overlord report.
pub fn page(json: &str) -> Option<Vec<Block>> {
    schema::read(json).map(|r| blocks(&r))
}

fn blocks(v: &Report) -> Vec<Block> {
    let known = Known(v.locations.iter().map(|l| l.id.clone()).collect());
    let mut out = vec![header(v)];
    out.extend(your_units(v));
    if !v.global_events.is_empty() {
        out.push(heading(2, "Events"));
        out.extend(lines(&v.global_events));
    }
    out.push(heading(2, "Units"));
    out.extend(v.units.iter().map(|u| unit(u, &known)));
    if !v.lost_units.is_empty() {
        out.push(heading(2, "Units lost"));
        for u in &v.lost_units {
            let mut summary = format!("{} [{}]", u.name, u.id);
            if let Some(w) = &u.now_with {
                summary.push_str(&format!(", now with {}", named(w)));
            }
            out.push(Block::Fold {
                id: Some(u.id.clone()),
                summary: vec![text(summary)],
                blocks: lines(&u.actions).into_iter().collect(),
            });
        }
    }
    if !v.battles.is_empty() {
        out.push(heading(2, "Battles"));
        for b in &v.battles {
            let mut blocks = Vec::new();
            if let Some(p) = &b.place {
                blocks.push(para(vec![text("At "), known.link(p), text(".")]));
            }
            blocks.push(Block::Pre(b.account.clone()));
            out.push(Block::Fold {
                id: None,
                summary: vec![text(format!(
                    "Day {}, at {} ({})",
                    b.day,
                    named_or_empty(b.place.as_ref()),
                    b.side
                ))],
                blocks,
            });
        }
    }
    if !v.structures.is_empty() {
        out.push(heading(2, "Structures and vessels"));
        out.push(Block::Table {
            head: ["Structure", "Kind", "Where", "State"]
                .map(str::to_string)
                .to_vec(),
            rows: v
                .structures
                .iter()
                .map(|st| {
                    vec![
                        vec![text(format!("{} [{}]", st.name, st.id))],
                        vec![text(st.kind.clone())],
                        vec![known.link_or_empty(st.location.as_ref())],
                        vec![text(if st.complete {
                            "complete"
                        } else {
                            "under construction"
                        })],
                    ]
                })
                .collect(),
        });
    }
    out.push(heading(2, "Places"));
    out.extend(v.locations.iter().map(|l| place(l, &known)));
    let k = &v.knowledge;
    let count = k.items.len() + k.skills.len() + k.races.len();
    if count > 0 {
        out.push(Block::Fold {
            id: Some("knowledge".to_string()),
            summary: vec![text(format!("New knowledge ({count})"))],
            blocks: k
                .items
                .iter()
                .chain(&k.skills)
                .chain(&k.races)
                .map(|e| para(vec![text(e.text.clone())]))
                .collect(),
        });
    }
    if !v.newspaper.is_empty() {
        out.push(heading(2, "The newspaper"));
        for a in &v.newspaper {
            let mut t = Vec::new();
            for l in &a.lines {
                t.push(text(l.clone()));
                t.push(Inline::Break);
            }
            out.push(Block::Quote {
                text: t,
                by: match &a.author {
                    Some(by) => format!("— {}", named(by)),
                    None => "— a rumour".to_string(),
                },
            });
        }
    }
    out.push(heading(2, "Order template"));
    out.push(Block::Pre(v.template.clone()));
    out
}

fn header(v: &Report) -> Block {
    let h = &v.header;
    let mut blocks = vec![heading(
        1,
        format!(
            "Turn {} report for {}",
            h.turn,
            named_or_empty(h.faction.as_ref())
        ),
    )];
    let mut funds = format!("Funds: {}", quantity_or_empty(h.funds.as_ref()));
    for q in &h.stock {
        funds.push_str(&format!(", {}", quantity(q)));
    }
    funds.push_str(&format!(
        ". Control points: {}. Default stance: {}.",
        h.control_points
            .as_ref()
            .map(|c| format!("{} of {}", c.used, c.limit))
            .unwrap_or_default(),
        h.default_stance
    ));
    blocks.push(para(vec![text(funds)]));
    if !h.stances.is_empty() {
        let mut t = String::from("Stances: ");
        for (i, st) in h.stances.iter().enumerate() {
            if i > 0 {
                t.push_str(", ");
            }
            t.push_str(&format!(
                "{} {}",
                named_or_empty(st.faction.as_ref()),
                st.stance
            ));
        }
        blocks.push(para(vec![text(t)]));
    }
    blocks.push(muted(vec![text(format!(
        "Next turn: {}",
        h.next_turn.as_deref().unwrap_or("to be announced")
    ))]));
    Block::Card { id: None, blocks }
}

/// The faction's units and what each will do: its orders in the template.
fn your_units(v: &Report) -> Option<Block> {
    if v.units.is_empty() {
        return None;
    }
    let items = v
        .units
        .iter()
        .map(|u| {
            let will = crate::receipt::orders_of_unit(&v.template, &u.id);
            let mut t = vec![Inline::Link {
                to: u.id.clone(),
                text: format!("{} [{}]", u.name, u.id),
            }];
            if let Some(at) = &u.location {
                t.push(text(format!(", at {}", named(at))));
            }
            t.push(text(": "));
            if will.is_empty() {
                t.push(Inline::Code("WORK".to_string()));
                t.push(text(" (no order: the default)"));
            } else {
                t.extend(joined(&will, |o| vec![Inline::Code(o.clone())]));
            }
            Item {
                unit: Some(u.id.clone()),
                depth: None,
                text: t,
            }
        })
        .collect();
    Some(Block::Card {
        id: Some("your-units".to_string()),
        blocks: vec![
            heading(2, "Your units and what they will do"),
            Block::List {
                style: ListStyle::Orders,
                items,
            },
        ],
    })
}

fn unit(u: &schema::Unit, known: &Known) -> Block {
    let mut summary = format!(
        "{} [{}], {}",
        u.name,
        u.id,
        quantity_or_empty(u.figures.as_ref())
    );
    if let Some(at) = &u.location {
        summary.push_str(&format!(", at {}", named(at)));
    }
    let mut b = Vec::new();
    // The place's link is here, not in the summary: a link inside a
    // summary is a control inside a control.
    if let Some(at) = &u.location {
        b.push(para(vec![text("At "), known.link(at), text(".")]));
    }
    if !u.possessions.is_empty() {
        let mut t = vec![text("Has: ")];
        t.extend(joined(&u.possessions, |p| {
            let mut s = quantity(&p.item);
            if p.equipped > 0 {
                s.push_str(&format!(" ({} equipped)", p.equipped));
            }
            vec![text(s)]
        }));
        b.push(para(t));
    }
    b.push(para(vec![text(format!(
        "{}{}. Capacity {} walking. Upkeep ${}.",
        if u.stack_weight {
            "Stack weight "
        } else {
            "Weight "
        },
        u.weight,
        u.capacity.as_ref().map_or(0, |c| c.walking),
        u.upkeep
    ))]));
    if !u.skills.is_empty() {
        let mut t = vec![text("Skills: ")];
        t.extend(joined(&u.skills, |k| {
            vec![text(format!("{} ({})", skill(&k.skill), k.days))]
        }));
        b.push(para(t));
    }
    if !u.may_learn.is_empty() {
        let mut t = vec![text("May learn: ")];
        t.extend(joined(&u.may_learn, |k| vec![text(skill(k))]));
        b.push(para(t));
    }
    for t in &u.titles {
        b.push(para(vec![
            text(format!("Holds {} at ", named_or_empty(t.title.as_ref()))),
            known.link_or_empty(t.seat.as_ref()),
        ]));
    }
    if let Some(st) = &u.stats {
        b.push(para(vec![text(format!("Stats: {}", ratings(st)))]));
    }
    b.push(muted(vec![text(format!("Tactic: {}", u.tactic))]));
    b.extend(lines(&u.actions));
    Block::Fold {
        id: Some(u.id.clone()),
        summary: vec![text(summary)],
        blocks: b,
    }
}

fn place(l: &schema::Location, known: &Known) -> Block {
    let mut summary = format!("{} [{}], {}", l.name, l.id, l.terrain);
    if let Some(o) = &l.outer {
        summary.push_str(&format!(", in {}", named(o)));
    }
    let mut b = Vec::new();
    if let Some(o) = &l.outer {
        b.push(para(vec![text("In "), known.link(o), text(".")]));
    }
    let mut season = format!("This month {}; next month {}", l.season, l.next_season);
    if let Some(f) = &l.forecast {
        season.push_str(&format!(", {f}"));
    }
    season.push('.');
    b.push(muted(vec![text(season)]));
    if let Some(p) = &l.population {
        b.push(para(vec![text(format!(
            "Population {}, wages ${}, taxes ${}.",
            p.population, p.wages, p.taxes
        ))]));
    }
    for (label, offers) in [
        ("For hire", &l.for_hire),
        ("For sale", &l.for_sale),
        ("Buying", &l.buying),
    ] {
        if !offers.is_empty() {
            let mut t = vec![text(format!("{label}: "))];
            t.extend(joined(offers, |o| {
                vec![text(format!("{} at ${}", quantity(&o.what), o.price))]
            }));
            b.push(para(t));
        }
    }
    if !l.resources.is_empty() {
        let mut t = vec![text("Resources: ")];
        t.extend(joined(&l.resources, |r| {
            vec![text(format!("{} of {}", quantity(&r.item), r.full))]
        }));
        b.push(para(t));
    }
    for t in &l.titles {
        let held = match &t.holder {
            Some(h) => format!("held by {}", named(h)),
            None => "vacant".to_string(),
        };
        b.push(para(vec![text(format!(
            "Title {} [{}], {} title (requires {}): {held}, costs ${}",
            t.name,
            t.id,
            t.rank,
            t.requires.as_ref().map(skill).unwrap_or_default(),
            t.cost
        ))]));
    }
    b.extend(directions("Directions", &l.directions, known));
    if let Some(outer) = &l.outer_directions {
        b.extend(directions("From the outer location", outer, known));
    }
    b.extend(lines(&l.events));
    if !l.units.is_empty() {
        let items = l
            .units
            .iter()
            .map(|u| {
                let mut s = format!("{} {} [{}]", u.marker, u.name, u.id);
                if let Some(f) = &u.faction {
                    s.push_str(&format!(", {}", named(f)));
                }
                s.push_str(&format!(", {}", quantity_or_empty(u.figures.as_ref())));
                if u.on_guard {
                    s.push_str(", on guard");
                }
                for t in &u.titles {
                    s.push_str(&format!(", {}", named_or_empty(t.title.as_ref())));
                }
                if !u.possessions.is_empty() {
                    s.push_str(". Has: ");
                    s.push_str(
                        &u.possessions
                            .iter()
                            .map(quantity)
                            .collect::<Vec<_>>()
                            .join(", "),
                    );
                }
                Item {
                    unit: None,
                    depth: Some(u.depth.clamp(1, 6) as u8),
                    text: vec![text(s)],
                }
            })
            .collect();
        b.push(Block::List {
            style: ListStyle::Plain,
            items,
        });
    }
    for i in &l.inner {
        let n = Named {
            id: i.id.clone(),
            name: i.name.clone(),
        };
        b.push(para(vec![
            text("» "),
            known.link(&n),
            text(format!(", {} ({} day)", i.terrain, i.days)),
        ]));
    }
    for st in &l.structures {
        b.push(para(vec![text(format!(
            "» {} [{}], {}",
            st.name, st.id, st.kind
        ))]));
    }
    Block::Fold {
        id: Some(l.id.clone()),
        summary: vec![text(summary)],
        blocks: b,
    }
}
