//! A stored report as a page: the blocks its game gave for it
//! (`GameKind::report_page`: cards, headings, parts that open and close,
//! lists, tables, links to the page's own parts), laid out. The game says
//! what is in a report; this says only how each kind of block looks.

use maud::{Markup, html};
use umpire_host::kind::view::{Block, Inline, Item, ListStyle};

fn inlines(line: &[Inline]) -> Markup {
    html! {
        @for i in line {
            @match i {
                Inline::Text(t) => (t),
                Inline::Code(c) => code { (c) },
                Inline::Link { to, text } => a href={ "#" (to) } { (text) },
                Inline::Break => br;,
            }
        }
    }
}

fn item(i: &Item) -> Markup {
    let class = i.depth.map(|d| format!("depth-{d}"));
    html! {
        li class=[class] data-unit=[i.unit.as_deref()] { (inlines(&i.text)) }
    }
}

fn block(b: &Block) -> Markup {
    html! {
        @match b {
            Block::Card { id, blocks } => section.card id=[id.as_deref()] { (render(blocks)) },
            Block::Heading { level: 1, text } => h1 { (inlines(text)) },
            Block::Heading { level: 2, text } => h2 { (inlines(text)) },
            Block::Heading { text, .. } => h3 { (inlines(text)) },
            Block::Para { muted: true, text } => p.muted { (inlines(text)) },
            Block::Para { muted: false, text } => p { (inlines(text)) },
            Block::List { style: ListStyle::Orders, items } => ul.orders { @for i in items { (item(i)) } },
            Block::List { style: ListStyle::Plain, items } => ul { @for i in items { (item(i)) } },
            Block::Fold { id, summary, blocks } => details id=[id.as_deref()] {
                summary { (inlines(summary)) }
                div { (render(blocks)) }
            },
            Block::Table { head, rows } => table {
                tr { @for h in head { th { (h) } } }
                @for row in rows { tr { @for cell in row { td { (inlines(cell)) } } } }
            },
            Block::Pre(text) => pre { (text) },
            Block::Quote { text, by } => blockquote.card {
                (inlines(text))
                p.muted { (by) }
            },
        }
    }
}

/// A report's blocks as a page body.
pub fn render(blocks: &[Block]) -> Markup {
    html! { @for b in blocks { (block(b)) } }
}
