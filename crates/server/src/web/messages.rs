//! A player's messages: what other players wrote them and what they
//! wrote, and a form to write to another seat — passed on by the host's
//! rule for messages between players (`umpire_host::host::messages`), the
//! same one a mail to a faction's address (`f12@`) takes, so a message
//! written here reaches the other seat's page and mail, and a mail to
//! `f12@` appears here. Neither side sees the other's address.
//!
//! A message refused (no such seat in play, no words, too long) comes
//! back on the page with its words kept and the reason; one passed on is
//! said on the page the form leads to.

use axum::Form;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};
use serde::Deserialize;
use umpire_host::host::messages::{Letter, MAX_BODY, MAX_SUBJECT, Messages, Passed, Postage, Via};
use umpire_host::host::{HostError, Settings};
use umpire_host::schedule::{describe, from_ms};
use umpire_host::store::MessageRow;

use super::layout::page;
use super::player::{Me, csrf_ok, me};
use super::{Page, Web};

/// The most messages the page lists.
const LISTED: i64 = 100;

/// What the form holds: empty, or the words of a message refused.
#[derive(Default, Deserialize)]
pub struct Draft {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    to: String,
    #[serde(default)]
    subject: String,
    #[serde(default)]
    body: String,
}

/// `GET /games/{game}/messages`.
pub async fn index(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let me = me(&web, &headers, &game).await?;
    let done = web.flashes.take(&me.token);
    shown(&web, &me, &Draft::default(), done.as_deref(), None).await
}

/// `POST /games/{game}/messages`: pass a message on, or show why not with
/// its words kept.
pub async fn send(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(draft): Form<Draft>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &draft.csrf)?;
    let letter = Letter {
        from: me.seat.clone(),
        to: draft.to.trim().to_string(),
        subject: draft.subject.clone(),
        body: draft.body.replace("\r\n", "\n"),
    };
    let postage = postage(&web, &me.game, &me.seat).await?;
    match web
        .host
        .pass_message(&me.game, &letter, Via::Web, &postage)
        .await
    {
        Ok(Passed::To(told)) => {
            web.flashes
                .put(&me.token, format!("Your message was {told}."));
            Ok(Redirect::to(&format!("/games/{}/messages", me.game)).into_response())
        }
        Ok(Passed::Settled) => {
            Ok(Redirect::to(&format!("/games/{}/messages", me.game)).into_response())
        }
        Err(HostError::Refused(why)) => shown(&web, &me, &draft, None, Some(&why)).await,
        Err(e) => Err(e.into()),
    }
}

/// The way back a message from `seat` of `game` names when mailed, and
/// the game master's address, when this server sends mail.
pub(super) async fn postage(web: &Web, game: &str, seat: &str) -> Result<Postage, HostError> {
    let Some(mail) = &web.mail else {
        return Ok(Postage::default());
    };
    let several = web.host.store().games().await?.len() > 1;
    Ok(Postage {
        way_back: Some(mail.entity_address(seat, game, several)),
        gm: mail.gm_address.clone(),
    })
}

/// The page: what was done (`done`) or refused (`refused`), the form with
/// `draft`'s words, and the messages.
async fn shown(
    web: &Web,
    me: &Me,
    draft: &Draft,
    done: Option<&str>,
    refused: Option<&str>,
) -> Page {
    let g = web.host.game(&me.game).await?;
    let settings = Settings::of_row(&g);
    let rows = web
        .host
        .store()
        .messages_of(&me.game, &me.seat, LISTED)
        .await?;
    let mut names = std::collections::HashMap::new();
    for r in &rows {
        if r.from_seat != me.seat && !names.contains_key(&r.from_seat) {
            let name = web
                .host
                .store()
                .seat(&me.game, &r.from_seat)
                .await?
                .map(|s| s.name)
                .unwrap_or_default();
            names.insert(r.from_seat.clone(), name);
        }
    }
    let by_mail = match &web.mail {
        Some(m) => {
            let several = web.host.store().games().await?.len() > 1;
            Some(m.entity_address("f12", &me.game, several))
        }
        None => None,
    };
    let body = html! {
        h1 { "Messages" }
        @if let Some(d) = done { p.ok role="status" { (d) } }
        p.muted { (capitalised(settings.messages.describe())) "." }
        @if settings.messages != Messages::Off {
            (form(me, draft, refused, by_mail.as_deref()))
        }
        @if rows.is_empty() {
            p { "No messages yet." }
        } @else {
            @for r in &rows { (one(me, r, &names, &settings)) }
        }
    };
    Ok(page(
        "Messages",
        &me.viewer,
        &format!("/games/{}/messages", me.game),
        body,
    )
    .into_response())
}

/// `s` with its first letter a capital, to begin a sentence.
pub(super) fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The form to write a message, with `draft`'s words and why it was
/// refused.
fn form(me: &Me, draft: &Draft, refused: Option<&str>, by_mail: Option<&str>) -> Markup {
    html! {
        section.card #write {
            h2 { "Write to another seat" }
            @if let Some(why) = refused {
                p.warn role="alert" { "Your message was not passed on: " (why) ". Its words are kept below." }
            }
            form.stack method="post" action={ "/games/" (me.game) "/messages" } {
                input type="hidden" name="csrf" value=(me.csrf);
                label { "To (the seat, as in f12) " input type="text" name="to" value=(draft.to) required autocomplete="off" size="8"; }
                label { "Subject " input type="text" name="subject" value=(draft.subject) maxlength=(MAX_SUBJECT); }
                label { "Message " textarea.short name="body" rows="6" required maxlength=(MAX_BODY) { (draft.body) } }
                p { button type="submit" { "Send" } }
            }
            p.muted {
                "They see your seat and its name, never your address."
                @if let Some(a) = by_mail { " By mail, write to " code { (a) } " for f12; a mail there appears here too." }
            }
        }
    }
}

/// One message, with a form to answer one written to this seat.
fn one(
    me: &Me,
    r: &MessageRow,
    names: &std::collections::HashMap<String, String>,
    settings: &Settings,
) -> Markup {
    let mine = r.from_seat == me.seat;
    let when = describe(from_ms(r.sent_at), &settings.zone);
    let answer = if r.subject.starts_with("Re: ") {
        r.subject.clone()
    } else {
        format!("Re: {}", r.subject)
    };
    html! {
        article.card.message id={ "m" (r.id) } {
            p.muted {
                @if mine { "To " strong { (r.to_seat) } } @else {
                    "From " strong { (r.from_seat) }
                    @if let Some(n) = names.get(&r.from_seat).filter(|n| !n.is_empty()) { " (" (n) ")" }
                }
                ", " (when) @if r.via == "mail" { ", by mail" }
            }
            h3 { (r.subject) }
            pre.message-body { (r.body) }
            @if !mine && settings.messages != Messages::Off {
                details {
                    summary { "Answer" }
                    form.stack method="post" action={ "/games/" (me.game) "/messages" } {
                        input type="hidden" name="csrf" value=(me.csrf);
                        input type="hidden" name="to" value=(r.from_seat);
                        input type="hidden" name="subject" value=(answer);
                        label { "Your answer to " (r.from_seat) " " textarea.short name="body" rows="4" required maxlength=(MAX_BODY) {} }
                        p { button type="submit" { "Send" } }
                    }
                }
            }
        }
    }
}
