//! `umpire overlord new|import|show`: printing what the host's game
//! folder (`umpire_host::overlord::folder`) made or read.
//!
//! A game directory holds `world.umpire` (the saved state, see
//! `umpire_overlord::save`); after `new`, `factions.txt` (the game
//! master's sheet with passwords); after an import, `import-notes.txt`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use umpire_overlord::generate::world::{MapSize, WorldParams};
use umpire_overlord::rules::Rules;
use umpire_overlord::save;
use umpire_overlord::world::{FactionId, LocationId, UnitId, World};

use umpire_host::overlord::folder::{Folder, Made, WORLD_FILE, loc_name, rules};

pub fn new_game(
    dir: &Path,
    seed: u64,
    factions: u32,
    size: Option<MapSize>,
    name: Option<String>,
    force: bool,
) -> Result<ExitCode> {
    let rules = rules()?;
    if dir.join(WORLD_FILE).exists() && !force {
        bail!(
            "{} already holds a game ({WORLD_FILE}); pass --force to replace it",
            dir.display()
        );
    }
    let game = match name {
        Some(n) => n,
        None => dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "overlord".to_string()),
    };
    if game.trim().is_empty() || game.chars().any(char::is_whitespace) {
        bail!(
            "the game name `{game}` must be one word without spaces (players write it in #GAME); choose one with --name"
        );
    }
    let size = size.unwrap_or_else(|| MapSize::for_factions(factions));
    let params = WorldParams {
        game,
        seed,
        factions,
        size,
    };
    let Made {
        generated: made,
        world_path: path,
        sheet_path,
        elapsed,
    } = Folder::at(dir).make(&rules, &params, force)?;
    let w = &made.world;
    let land = w
        .locations
        .values()
        .filter(|l| l.hex.is_some() && l.optimum > 0)
        .count();
    let hexes = w.locations.values().filter(|l| l.hex.is_some()).count();
    let inner = w.locations.len() - hexes;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Made game `{}` (seed {seed}, {size} map) in {elapsed:.2} s: {} locations ({land} land hexes, {} sea hexes, {inner} cities and villages), {} units, {} factions ({} players), {} structures.",
        w.game,
        w.locations.len(),
        hexes - land,
        w.units.len(),
        w.factions.len(),
        factions,
        w.structures.len()
    )?;
    writeln!(out, "Saved to {}.", path.display())?;
    writeln!(
        out,
        "Passwords and starting positions: {} (keep it private).",
        sheet_path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn import(source: &Path, dir: &Path, force: bool, copies: u32) -> Result<ExitCode> {
    let rules = rules()?;
    let im = Folder::at(dir).import(&rules, source, force, copies)?;
    let w = &im.world;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Imported {} game `{}`{} in {:.2} s: {} locations, {} units, {} factions, {} structures.",
        source.display(),
        w.game,
        if copies > 1 {
            format!(" ({copies} copies)")
        } else {
            String::new()
        },
        im.elapsed,
        w.locations.len(),
        w.units.len(),
        w.factions.len(),
        w.structures.len()
    )?;
    writeln!(out, "Saved to {}.", im.world_path.display())?;
    if im.notes.is_empty() {
        writeln!(out, "Everything was mapped.")?;
    } else {
        writeln!(
            out,
            "{} line(s) could not be mapped exactly; each is listed in {}. The first:",
            im.notes.len(),
            im.notes_path.display()
        )?;
        for n in im.notes.iter().take(5) {
            writeln!(out, "  {n}")?;
        }
    }
    if !im.breaches.is_empty() {
        writeln!(
            out,
            "The imported world breaks {} invariant(s):",
            im.breaches.len()
        )?;
        for b in im.breaches.iter().take(10) {
            writeln!(out, "  {b}")?;
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_code(code: &str, prefix: char, what: &str) -> Result<u32> {
    let mut c = code.chars();
    let ok = c.next().is_some_and(|p| p.eq_ignore_ascii_case(&prefix));
    match c.as_str().parse::<u32>() {
        Ok(n) if ok => Ok(n),
        _ => bail!("`{code}` is not a {what} id; write it like {prefix}12"),
    }
}

pub fn show(
    dir: &Path,
    unit: Option<&str>,
    location: Option<&str>,
    faction: Option<&str>,
    json: bool,
) -> Result<ExitCode> {
    let rules = rules()?;
    let w = Folder::at(dir).world(&rules)?;
    let mut out = String::new();
    if let Some(code) = unit {
        let n = parse_code(code, 'U', "unit")?;
        let id = w
            .unit_by_number(n)
            .with_context(|| format!("there is no unit U{n} in this game"))?;
        if json {
            out = serde_json::to_string_pretty(&w.units[id])?;
        } else {
            describe_unit(&mut out, &w, &rules, id);
        }
    } else if let Some(code) = location {
        let n = parse_code(code, 'L', "location")?;
        let id = w
            .location_by_number(n)
            .with_context(|| format!("there is no location L{n} in this game"))?;
        if json {
            out = serde_json::to_string_pretty(&w.locations[id])?;
        } else {
            describe_location(&mut out, &w, &rules, id);
        }
    } else if let Some(code) = faction {
        let n = parse_code(code, 'f', "faction")?;
        let id = w
            .faction_by_number(n)
            .with_context(|| format!("there is no faction f{n} in this game"))?;
        if json {
            out = serde_json::to_string_pretty(&w.factions[id])?;
        } else {
            describe_faction(&mut out, &w, &rules, id);
        }
    } else if json {
        out = save::to_json(&w);
    } else {
        summary(&mut out, &w);
    }
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}", out.trim_end())?;
    Ok(ExitCode::SUCCESS)
}

fn summary(out: &mut String, w: &World) {
    let _ = writeln!(out, "Game `{}`, turn {}, seed {}", w.game, w.turn, w.seed);
    let _ = writeln!(
        out,
        "{} factions, {} units, {} locations, {} structures",
        w.factions.len(),
        w.units.len(),
        w.locations.len(),
        w.structures.len()
    );
    let _ = writeln!(out, "\nFactions:");
    for (id, f) in w.factions.iter() {
        let units = w.units_of(id).count();
        let _ = writeln!(
            out,
            "  {:<5} {:<28} {:>5} units  ${:<9} {:?}",
            f.code(),
            f.name,
            units,
            f.funds,
            f.player
        );
    }
    let _ = writeln!(
        out,
        "\nShow more with --faction f1, --unit U1 or --location L1."
    );
}

fn unit_name(w: &World, id: UnitId) -> String {
    let u = &w.units[id];
    format!("{} [{}]", u.name, u.code())
}

fn faction_name(w: &World, id: FactionId) -> String {
    let f = &w.factions[id];
    format!("{} [{}]", f.name, f.code())
}

fn describe_unit(out: &mut String, w: &World, r: &Rules, id: UnitId) {
    let u = &w.units[id];
    let race = &r.races[u.race];
    let race_name = if u.figures == 1 {
        &race.name
    } else {
        &race.plural
    };
    let _ = writeln!(
        out,
        "{}: {} {}, of {}",
        unit_name(w, id),
        u.figures,
        race_name,
        faction_name(w, u.faction)
    );
    let _ = write!(out, "  at {}", loc_name(w, u.location));
    if let Some(s) = u.structure {
        let st = &w.structures[s];
        let _ = write!(out, ", inside {} [{}]", st.name, st.code());
    }
    let _ = writeln!(out);
    if let Some(p) = u.stack_parent {
        let _ = writeln!(out, "  stacked under {}", unit_name(w, p));
    }
    let children = w.stack_children(id);
    if !children.is_empty() {
        let names: Vec<String> = children.iter().map(|c| unit_name(w, *c)).collect();
        let _ = writeln!(out, "  leads {}", names.join(", "));
    }
    if !u.items.is_empty() {
        let _ = writeln!(out, "  items:");
        for h in &u.items {
            let it = &r.items[h.item];
            let name = if h.count == 1 { &it.name } else { &it.plural };
            let eq = if h.equipped > 0 {
                format!(" ({} equipped)", h.equipped)
            } else {
                String::new()
            };
            let _ = writeln!(out, "    {} {} [{}]{}", h.count, name, it.tag, eq);
        }
    }
    if !u.skills.is_empty() {
        let _ = writeln!(out, "  skills:");
        for k in &u.skills {
            let s = &r.skills[k.skill];
            let days = f64::from(k.experience) / 100.0;
            let _ = writeln!(
                out,
                "    {} [{}] level {} ({} days)",
                s.name,
                s.tag,
                s.level_for(k.experience),
                days
            );
        }
    }
    if !u.tactics.text.is_empty() {
        let _ = writeln!(out, "  tactics: {}", u.tactics.text);
    }
    let st = &u.settings;
    let flags: Vec<&str> = [
        (st.silent, "silent"),
        (st.advertise, "advertise"),
        (st.announce, "announce"),
        (st.share, "share"),
        (st.support, "support"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, n)| *n)
    .collect();
    if !flags.is_empty() {
        let _ = writeln!(out, "  settings: {}", flags.join(", "));
    }
    if !u.orders.is_empty() {
        let _ = writeln!(out, "  orders:");
        for o in &u.orders {
            let _ = writeln!(out, "    {o}");
        }
    }
}

fn describe_location(out: &mut String, w: &World, r: &Rules, id: LocationId) {
    let l = &w.locations[id];
    let t = &r.terrains[l.terrain];
    let _ = write!(out, "{}: {}", loc_name(w, id), t.name);
    if let Some(h) = l.hex {
        let _ = write!(out, " at hex ({}, {})", h.q, h.r);
    }
    if let Some(o) = l.outer {
        let _ = write!(out, ", inside {}", loc_name(w, o));
    }
    let _ = writeln!(out, ", weather {}", r.weathers[l.weather].name);
    let _ = writeln!(
        out,
        "  population {} (optimum {}), wages ${}, economy {}%",
        l.population, l.optimum, l.wages, l.economy
    );
    if let Some(owner) = l.ownership.owner {
        let _ = writeln!(out, "  owned by {}", faction_name(w, owner));
    }
    for s in &l.titles {
        let holder = s
            .holder
            .map_or_else(|| "vacant".to_string(), |u| unit_name(w, u));
        let _ = writeln!(
            out,
            "  title {} [{}]: {}",
            r.titles[s.title].name, r.titles[s.title].tag, holder
        );
    }
    if !l.exits.is_empty() {
        let exits: Vec<String> = l
            .exits
            .iter()
            .map(|e| match e.only {
                Some((m, d)) => format!(
                    "{} {} ({m}, {d} days)",
                    e.direction,
                    w.locations[e.to].code()
                ),
                None => format!("{} {}", e.direction, w.locations[e.to].code()),
            })
            .collect();
        let _ = writeln!(out, "  exits: {}", exits.join(", "));
    }
    let offers = |v: &[umpire_overlord::world::Offer]| -> String {
        v.iter()
            .map(|o| format!("{} {} at ${}", o.count, r.items[o.item].tag, o.price))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !l.market.sells.is_empty() {
        let _ = writeln!(out, "  market sells: {}", offers(&l.market.sells));
    }
    if !l.market.buys.is_empty() {
        let _ = writeln!(out, "  market buys: {}", offers(&l.market.buys));
    }
    for rc in &l.recruits {
        let _ = writeln!(
            out,
            "  recruits: {} {} at ${}",
            rc.count, r.races[rc.race].plural, rc.price
        );
    }
    if !l.resources.is_empty() {
        let res: Vec<String> = l
            .resources
            .iter()
            .map(|x| format!("{} {}", x.amount, r.items[x.item].tag))
            .collect();
        let _ = writeln!(out, "  resources: {}", res.join(", "));
    }
    for s in &l.structures {
        let st = &w.structures[*s];
        let _ = writeln!(
            out,
            "  structure {} [{}]: {}",
            st.name,
            st.code(),
            r.constructions[st.kind].name
        );
    }
    if !l.units.is_empty() {
        let _ = writeln!(out, "  units:");
        for u in &l.units {
            let x = &w.units[*u];
            let _ = writeln!(
                out,
                "    {} ({} {}) of {}",
                unit_name(w, *u),
                x.figures,
                r.races[x.race].tag,
                w.factions[x.faction].code()
            );
        }
    }
}

fn describe_faction(out: &mut String, w: &World, r: &Rules, id: FactionId) {
    let f = &w.factions[id];
    let _ = writeln!(out, "{}: {:?} player", faction_name(w, id), f.player);
    if !f.email.is_empty() {
        let _ = writeln!(out, "  email {}", f.email);
    }
    let _ = writeln!(
        out,
        "  treasury ${}, default stance {}",
        f.funds,
        f.default_stance.as_str()
    );
    for (o, s) in &f.stances {
        let _ = writeln!(out, "  {} toward {}", s.as_str(), faction_name(w, *o));
    }
    if !f.known_skills.is_empty() {
        let ks: Vec<String> = f
            .known_skills
            .iter()
            .map(|(s, l)| format!("{} {l}", r.skills[*s].tag))
            .collect();
        let _ = writeln!(out, "  knows skills: {}", ks.join(", "));
    }
    let _ = writeln!(out, "  units:");
    for (uid, u) in w.units_of(id) {
        let _ = writeln!(
            out,
            "    {} ({} {}) at {}",
            unit_name(w, uid),
            u.figures,
            r.races[u.race].tag,
            loc_name(w, u.location)
        );
    }
}
