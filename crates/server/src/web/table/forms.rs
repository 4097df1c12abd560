//! Forms built from a game's command table: each usage line
//! (`fire GROUP at TARGET range N [cover soft|hard] [enfilade]`) read into
//! its parts, laid out as fields, and the line put back together on the
//! server from what was filled in. Nothing of a command is written twice:
//! the game's table is the only source.

use maud::{Markup, html};

/// One part of a usage line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A word typed as it stands (`at`, `range`).
    Word(String),
    /// One of several words (`soft|hard`).
    Choice(Vec<String>),
    /// Something the player names or counts (`GROUP`, `N`, `OBJECTIVE…`);
    /// `measure` when it is a distance the table map can give.
    Field { label: String, measure: bool },
}

/// A part, and the optional group (`[…]`) it is in, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub part: Part,
    pub group: Option<usize>,
}

/// A command read from its table: name, what it does, its parts after the
/// name, and the note after its usage (`(uses: …)`).
#[derive(Clone, Debug)]
pub struct Form {
    /// The command as the game declares it (who may issue it, …).
    pub command: &'static umpire_core::session::Command,
    pub name: &'static str,
    pub what: &'static str,
    pub usage: &'static str,
    pub slots: Vec<Slot>,
    pub note: Option<&'static str>,
}

/// Words before a distance.
const MEASURED: [&str; 4] = ["range", "distance", "general-distance", "marched"];

fn is_word(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '+')
}

/// Read a usage line into its slots (the command's name left out).
pub fn parse(usage: &str) -> (Vec<Slot>, Option<&str>) {
    let (usage, note) = match usage.find("  (") {
        Some(i) => (&usage[..i], Some(usage[i..].trim())),
        None => (usage, None),
    };
    let mut slots = Vec::new();
    let mut group = None;
    let mut groups = 0;
    let mut previous_word = String::new();
    for raw in usage.split_whitespace().skip(1) {
        let mut t = raw;
        let opens = t.starts_with('[');
        if opens {
            t = &t[1..];
            group = Some(groups);
            groups += 1;
        }
        let closes =
            group.is_some() && t.ends_with(']') && t.matches(']').count() > t.matches('[').count();
        if closes {
            t = &t[..t.len() - 1];
        }
        let part = if t.contains('|') && t.split('|').all(is_word) {
            Part::Choice(t.split('|').map(str::to_string).collect())
        } else if is_word(t) {
            previous_word = t.to_string();
            Part::Word(t.to_string())
        } else {
            let measure = MEASURED.contains(&previous_word.as_str());
            previous_word.clear();
            Part::Field {
                label: t.to_string(),
                measure,
            }
        };
        slots.push(Slot { part, group });
        if closes {
            group = None;
        }
    }
    // The players' own dice go in the form's dice field, not here.
    let typed_dice: Vec<usize> = slots
        .windows(2)
        .filter_map(|w| match (&w[0].part, &w[1].part) {
            (Part::Word(d), Part::Field { label, .. })
                if d == "dice" && label == "…" && w[0].group.is_some() =>
            {
                w[0].group
            }
            _ => None,
        })
        .collect();
    slots.retain(|s| !s.group.is_some_and(|g| typed_dice.contains(&g)));
    (slots, note)
}

/// Every command of a table, as forms.
pub fn forms(commands: &'static umpire_core::session::Commands) -> Vec<Form> {
    commands
        .iter()
        .map(|c| {
            let (slots, note) = parse(c.usage);
            Form {
                command: c,
                name: c.name,
                what: c.what,
                usage: c.usage,
                slots,
                note,
            }
        })
        .collect()
}

/// The line a filled-in form stands for: `values[i]` is slot i's value
/// (a checkbox's is `on`). Or what is missing.
pub fn line(form: &Form, values: &[String]) -> Result<String, String> {
    let value = |i: usize| values.get(i).map_or("", |v| v.trim());
    let mut used_groups = std::collections::BTreeSet::new();
    for (i, s) in form.slots.iter().enumerate() {
        if let (Some(g), false) = (s.group, value(i).is_empty()) {
            used_groups.insert(g);
        }
    }
    let mut words = vec![form.name.to_string()];
    for (i, s) in form.slots.iter().enumerate() {
        if let Some(g) = s.group
            && !used_groups.contains(&g)
        {
            continue;
        }
        match &s.part {
            Part::Word(w) => words.push(w.clone()),
            Part::Choice(options) => {
                let v = value(i);
                match options.iter().find(|o| o.eq_ignore_ascii_case(v)) {
                    Some(o) => words.push(o.clone()),
                    None if v.is_empty() => {
                        return Err(format!(
                            "`{}` needs one of {}",
                            form.name,
                            options.join(", ")
                        ));
                    }
                    None => {
                        return Err(format!(
                            "`{v}` is not one of {} (for `{}`)",
                            options.join(", "),
                            form.name
                        ));
                    }
                }
            }
            Part::Field { label, .. } => {
                let v = value(i);
                if v.is_empty() {
                    return Err(format!("`{}` needs {label}", form.name));
                }
                words.push(v.to_string());
            }
        }
    }
    Ok(words.join(" "))
}

/// The odds question for a filled-in command, where the game answers one
/// (`odds fire …` for Sharp Practice, `odds A vs B …` for DBR's combat).
pub fn odds_line(commands: &umpire_core::session::Commands, line: &str) -> Option<String> {
    let usage = commands.iter().find(|c| c.name == "odds")?.usage;
    let mut words = line.split_whitespace();
    let name = words.next()?;
    let rest: Vec<&str> = words.collect();
    let second = usage.split_whitespace().nth(1)?;
    if second.split('|').any(|c| c == name) {
        return Some(format!("odds {line}"));
    }
    let own = commands.iter().find(|c| c.name == name)?.usage;
    let theirs: Vec<&str> = usage.split_whitespace().skip(1).take(3).collect();
    let ours: Vec<&str> = own.split_whitespace().skip(1).take(3).collect();
    (theirs == ours && !theirs.is_empty()).then(|| format!("odds {}", rest.join(" ")))
}

/// A form for one command: its parts as fields, in order.
pub fn render(form: &Form, action: &str, can_odds: bool) -> Markup {
    let plain = form.slots.is_empty();
    html! {
        form.command method="post" action=(action) data-command=(form.name) {
            input type="hidden" name="cmd" value=(form.name);
            @if !plain {
                p.muted { code { (form.usage) } }
                div.fields {
                    @for (i, s) in form.slots.iter().enumerate() {
                        @let name = format!("f{i}");
                        @match &s.part {
                            Part::Word(w) => {
                                @if s.group.is_some() && form.slots.iter().filter(|o| o.group == s.group).count() == 1 {
                                    label.check { input type="checkbox" name=(name) value="on"; " " (w) }
                                } @else {
                                    span.word { (w) }
                                }
                            }
                            // Every field has a label one can see, the
                            // usage's own word for it.
                            Part::Choice(options) => {
                                label.field { span { (options.join(" or ")) }
                                    select name=(name) {
                                        @if s.group.is_some() { option value="" { "—" } }
                                        @for o in options { option value=(o) { (o) } }
                                    }
                                }
                            }
                            Part::Field { label, measure } => {
                                label.field { span { (label) }
                                    input type="text" name=(name) list="names"
                                        class=[measure.then_some("measure")]
                                        required[s.group.is_none()];
                                }
                            }
                        }
                    }
                }
            }
            div.row {
                @if !plain {
                    label.field { span { "Your dice, if you rolled them" }
                        input.dice type="text" name="rolled" placeholder="5,3,6";
                    }
                }
                button type="submit" name="go" value="run" { (form.name) }
                @if can_odds {
                    button.quiet type="submit" name="go" value="odds" { "Odds first" }
                }
            }
            @if let Some(n) = form.note { p.muted { (n) } }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    const ANY: umpire_core::session::Command =
        umpire_core::session::Command::new("any", "", "any", "any");

    fn form(usage: &'static str) -> Form {
        let (slots, note) = parse(usage);
        Form {
            command: &ANY,
            name: usage.split_whitespace().next().unwrap(),
            what: "",
            usage,
            slots,
            note,
        }
    }

    fn filled(f: &Form, values: &[&str]) -> Result<String, String> {
        line(f, &values.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_fire_form_puts_the_line_back_together() {
        let f = form(
            "fire GROUP at TARGET range N [cover soft|hard] [enfilade] [smoke] [initiative] [dice …]",
        );
        // GROUP at TARGET range N cover soft|hard enfilade smoke initiative
        assert_eq!(f.slots.len(), 10, "{:?}", f.slots);
        assert!(matches!(
            &f.slots[4].part,
            Part::Field { measure: true, .. }
        ));
        let got = filled(&f, &["33rd", "", "Voltigeurs", "", "14", "", "", "on", ""]);
        assert_eq!(got.unwrap(), "fire 33rd at Voltigeurs range 14 enfilade");
        let got = filled(&f, &["33rd", "", "Voltigeurs", "", "14", "", "soft"]);
        assert_eq!(got.unwrap(), "fire 33rd at Voltigeurs range 14 cover soft");
        let err = filled(&f, &["33rd", "", "", "", "14"]).unwrap_err();
        assert_eq!(err, "`fire` needs TARGET");
        let err = filled(&f, &["33rd", "", "V", "", "14", "", "wet"]).unwrap_err();
        assert!(err.contains("`wet` is not one of soft, hard"), "{err}");
    }

    #[test]
    fn notes_choices_and_distances_are_read_from_the_usage() {
        let f = form("initiative USE [ARGS]  (uses: self, activate GROUP [range N])");
        assert_eq!(f.slots.len(), 2);
        assert_eq!(f.note, Some("(uses: self, activate GROUP [range N])"));
        let f = form("messenger ORDER-ID distance N [to GENERAL]");
        assert!(matches!(
            &f.slots[2].part,
            Part::Field { measure: true, .. }
        ));
        assert_eq!(
            filled(&f, &["3", "", "12.5", "", ""]).unwrap(),
            "messenger 3 distance 12.5"
        );
        let f = form("status ELEMENT in-play|recoiled|fled|destroyed|captured");
        assert!(matches!(&f.slots[1].part, Part::Choice(o) if o.len() == 5));
        let f = form("draw");
        assert!(f.slots.is_empty());
        assert_eq!(filled(&f, &[]).unwrap(), "draw");
    }

    #[test]
    fn odds_are_asked_the_way_each_game_asks_them() {
        let sharp = umpire_sharp::session::COMMANDS;
        assert_eq!(
            odds_line(sharp, "fire 33rd at V range 4").as_deref(),
            Some("odds fire 33rd at V range 4")
        );
        assert_eq!(odds_line(sharp, "draw"), None);
        let dbr = umpire_dbr::session::COMMANDS;
        assert_eq!(
            odds_line(dbr, "combat A vs B shooting").as_deref(),
            Some("odds A vs B shooting")
        );
        assert_eq!(
            odds_line(umpire_nb::COMMANDS, "order X attack Y distance 3"),
            None
        );
    }
}
