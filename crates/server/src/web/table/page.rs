//! A table's page as one viewer sees it: the board (the game's `show` for
//! that side), the table map, the commands as forms, and the log of what
//! the viewer may read. The part that changes (`#live`) is also served
//! alone, for the live updates.

use maud::{Markup, html};
use umpire_host::tables::host::{Placed, View};

use super::{forms, labels};

/// The page's address for a link's token.
pub fn base(token: &str) -> String {
    format!("/t/{token}")
}

/// Who reads the page, in words.
pub fn who(view: &View) -> String {
    match &view.side {
        Some(s) => format!("the {s}"),
        None if view.umpired => "the umpire".into(),
        None => "whoever made the table".into(),
    }
}

/// The whole page.
pub fn page(view: &View, token: &str, links: &[(String, String)], origin: &str) -> Markup {
    let base = base(token);
    let title = format!("{} — {}", view.name, who(view));
    let organiser_only = view.side.is_none() && !view.umpired;
    html! {
        (maud::DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " — Umpire" }
                link rel="stylesheet" href="/assets/style.css";
            }
            body data-table=(base) data-version=(view.version) data-who=(view.side.as_deref().unwrap_or("umpire")) {
                header.top {
                    a.brand href="/tables/new" { "Umpire" }
                    span { span.muted { (view.game) } " " strong { (who(view)) } }
                    span #live-state .muted aria-live="polite" { "" }
                }
                main.table {
                    h1 { (view.name) }
                    // What the others do, said to a screen reader as it
                    // happens (the page's script fills it).
                    p #heard .vh aria-live="polite" {}
                    @if !links.is_empty() {
                        section.card #links {
                            h2 { "Links" }
                            p { "Each side opens its own link on its own phone; keep yours to yourself: it opens everything." }
                            ul {
                                @for (side, t) in links {
                                    li { strong { (side) } ": " a href=(format!("{origin}/t/{t}")) data-side=(side) { (origin) "/t/" (t) } }
                                }
                                @if view.umpired {
                                    li { strong { "Umpire" } ": " a href=(format!("{origin}{base}")) { (origin) (base) } }
                                }
                            }
                        }
                    }
                    @if organiser_only {
                        p { "This table has no umpire: this page only hands out the sides' links. The game is played on the sides' pages, and nothing of either side shows here." }
                    } @else {
                        div #live { (live(view, token)) }
                        (commands(view, &base))
                    }
                }
                script src="/assets/table.js" defer {}
            }
        }
    }
}

/// What changes as the table is played.
pub fn live(view: &View, token: &str) -> Markup {
    let base = base(token);
    html! {
        p.muted #title data-version=(view.version) { (view.title) }
        div #flashes {
            @if let Some(seq) = view.differs {
                p.flash.bad { "Replaying this table's lines gave a different answer from line " (seq + 1) " on: the game as kept may not be what was played. Tell whoever runs the server." }
            }
            @if view.finished {
                p.flash { "The game is over: every log is open to both sides." }
            }
            @for a in &view.asked { p.flash { (a) } }
        }
        (map(view, &base))
        details #board open {
            summary { "The game as " (who(view)) " see" @if view.side.is_none() { "s" } " it" }
            pre { (view.board) }
        }
        details #log open {
            summary { "Log (" (view.log.len()) ")" }
            ol.log reversed {
                @for l in view.log.iter().rev() {
                    li data-seq=(l.seq) class=[l.answer.starts_with("error").then_some("refused")] {
                        span.who { (l.who) } " " code { (l.command) }
                        @if !l.answer.is_empty() { pre { (l.answer) } }
                    }
                }
            }
        }
    }
}

fn map(view: &View, base: &str) -> Markup {
    let (w, d) = (view.width as f64, view.depth as f64);
    let r = (w.min(d) / 32.0).max(0.6);
    let font = r * 1.4;
    let mine = |p: &Placed| match &view.side {
        None => true,
        Some(s) => p.piece.side.eq_ignore_ascii_case(s),
    };
    let colour = |p: &Placed| {
        let i = view
            .sides
            .iter()
            .position(|s| *s == p.piece.side)
            .unwrap_or(0);
        ["#2b5fad", "#b3261e", "#1e6b35", "#8a5a00"][i % 4]
    };
    // Each name where it overlaps no other name and covers no piece.
    let marks: Vec<labels::Mark> = view
        .pieces
        .iter()
        .map(|p| labels::Mark {
            x: p.x,
            y: p.y,
            name: &p.piece.name,
        })
        .collect();
    let spots = labels::lay_out(&marks, r, font, w, d);
    let unnamed: Vec<&Placed> = view
        .pieces
        .iter()
        .zip(&spots)
        .filter(|(_, s)| s.is_none())
        .map(|(p, _)| p)
        .collect();
    // The first piece takes Tab; the arrow keys lead to the others.
    html! {
        section.card #table-map {
            div.row {
                strong { "The table" } span.muted #map-help { (view.width) " × " (view.depth) " " (view.unit) "; drag your pieces, tap two to measure. By keyboard: Tab to a piece, the arrow keys go to the nearest piece that way, Enter chooses it; or type " code { "measure A B" } " or " code { "place PIECE X Y" } " below." }
            }
            svg.tablemap viewBox=(format!("0 0 {w} {d}")) data-measure=(format!("{base}/measure")) data-place=(format!("{base}/place")) data-unit=(view.unit) role="group" aria-roledescription="table map" aria-label="The table seen from above" aria-describedby="map-help" {
                rect x="0" y="0" width=(w) height=(d) fill="#e7eedf" {}
                @for (i, (p, spot)) in view.pieces.iter().zip(&spots).enumerate() {
                    g class=(if mine(p) { "piece mine" } else { "piece" }) data-name=(p.piece.name) data-side=(p.piece.side) transform=(format!("translate({:.2} {:.2})", p.x, p.y))
                        tabindex=(if i == 0 { "0" } else { "-1" }) role="button" aria-pressed="false" {
                        circle r=(r) fill=(colour(p)) {}
                        @if let Some(s) = spot {
                            @if s.away {
                                line.leader x1="0" y1="0" x2=(format!("{:.2}", s.x - p.x)) y2=(format!("{:.2}", s.y - p.y)) {}
                            }
                            text x=(format!("{:.2}", s.x - p.x)) y=(format!("{:.2}", s.y - p.y + labels::BASELINE * font)) font-size=(format!("{font:.2}")) text-anchor="middle" aria-hidden="true" { (p.piece.name) }
                        }
                        // Its name to a screen reader, and a tooltip.
                        title { (p.piece.name) " (" (p.piece.what) ", " (p.piece.side) ") at " (format!("{:.1}, {:.1} {}", p.x, p.y, view.unit)) }
                    }
                }
            }
            @if !unnamed.is_empty() {
                p.muted #unnamed { "Too crowded to name on the map: "
                    @for (i, p) in unnamed.iter().enumerate() { @if i > 0 { ", " } (p.piece.name) " at " (format!("{:.1}, {:.1}", p.x, p.y)) }
                    "." }
            }
            // The reader's own measuring: a redraw leaves it as it is.
            p #measured .muted aria-live="polite" data-keep { "Tap a piece, then another: the server measures between them." }
        }
    }
}

fn commands(view: &View, base: &str) -> Markup {
    let action = format!("{base}/run");
    // Only what this reader may issue: a side's page offers a side's
    // commands (and, at a table without an umpire, the umpire's, which run
    // when every side has asked).
    let actor = view.side.clone().map_or(
        umpire_core::session::Actor::Umpire,
        umpire_core::session::Actor::Side,
    );
    let all: Vec<forms::Form> = forms::forms(view.commands)
        .into_iter()
        .filter(|f| f.command.open_to(&actor, view.umpired) && f.name != "end")
        .collect();
    let plain: Vec<&forms::Form> = all.iter().filter(|f| f.slots.is_empty()).collect();
    let others: Vec<&forms::Form> = all.iter().filter(|f| !f.slots.is_empty()).collect();
    let mut names: Vec<String> = view.pieces.iter().map(|p| p.piece.name.clone()).collect();
    names.extend(view.sides.iter().cloned());
    html! {
        section #commands {
            h2 { "Commands" }
            div #answer role="status" aria-live="polite" {}
            datalist #names { @for n in &names { option value=(n) {} } }
            form.command #typed method="post" action=(action) {
                label for="line" { "Type a command" }
                div.row {
                    input #line type="text" name="line" list="names" autocomplete="off" placeholder="help" aria-describedby="typed-help";
                    button type="submit" { "Run" }
                }
                p.muted #typed-help { code { "help" } " lists the game's commands. The map's, for a keyboard: " code { "measure A B" } " (the distance between two pieces) and " code { "place PIECE X Y" } " (" (view.unit) " from the left and the far edge)." }
            }
            div.row.plain {
                @for f in &plain {
                    form.command method="post" action=(action) data-command=(f.name) {
                        input type="hidden" name="cmd" value=(f.name);
                        button.quiet type="submit" title=(f.what) { (f.name) }
                    }
                }
            }
            @for f in &others {
                details.cmd {
                    summary { (f.name) " " span.muted { "— " (f.what) } }
                    div { (forms::render(f, &action, forms::odds_line(view.commands, &format!("{} x", f.name)).is_some() && f.name != "odds")) }
                }
            }
            @if !view.finished && (view.side.is_none() || !view.umpired) {
                form method="post" action=(format!("{base}/finish")) {
                    button.danger type="submit" {
                        @if view.side.is_some() { "Ask to end the game and open every log" } @else { "The game is over: open every log" }
                    }
                }
            }
        }
    }
}
