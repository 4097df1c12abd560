//! What a player chooses to be mailed, on their own page: reminders on or
//! off, and a turn's report in the mail's text or only attached
//! (`umpire_host::host::mail_prefs`), messages from other players mailed
//! or on the page only. Receipts always go. A form: no
//! script needed; the page after says what is kept.

use axum::Form;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};
use serde::Deserialize;
use umpire_host::host::mail_prefs::{MailPrefs, ReportIn};

use super::player::{Me, csrf_ok, me};
use super::{Page, Web, WebError};

/// The form, with `prefs` as kept.
pub fn section(me: &Me, prefs: &MailPrefs) -> Markup {
    html! {
        section.card #mail {
            h2 { "What we mail you" }
            p { "Answers to what you send always go. " (prefs.describe()) "." }
            form.stack method="post" action={ "/games/" (me.game) "/mail" } {
                input type="hidden" name="csrf" value=(me.csrf);
                label { input type="checkbox" name="reminders" value="on" checked[prefs.reminders]; " Remind me before a deadline when my orders are not in" }
                label { input type="checkbox" name="messages" value="on" checked[prefs.messages]; " Mail me the messages other players write me (they are on this page either way)" }
                fieldset {
                    legend { "A turn's report" }
                    label { input type="radio" name="report" value="body" checked[prefs.report == ReportIn::Body]; " In the mail's text" }
                    label { input type="radio" name="report" value="attached" checked[prefs.report == ReportIn::Attached]; " Attached only (a text file beside its JSON)" }
                }
                p { button type="submit" { "Keep these" } }
            }
        }
    }
}

#[derive(Deserialize)]
pub struct PrefsForm {
    csrf: String,
    /// `on` when ticked; absent when not.
    #[serde(default)]
    reminders: String,
    /// `on` when ticked; absent when not.
    #[serde(default)]
    messages: String,
    report: String,
}

/// `POST /games/{game}/mail`.
pub async fn set(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<PrefsForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    let report = match f.report.as_str() {
        "body" => ReportIn::Body,
        "attached" => ReportIn::Attached,
        other => {
            return Err(WebError::Bad(format!(
                "`{other}` is not a way to send reports: body or attached"
            )));
        }
    };
    let prefs = MailPrefs {
        reminders: f.reminders == "on",
        report,
        messages: f.messages == "on",
    };
    let actor = format!("{}@web", me.seat);
    web.host
        .set_mail_prefs(&me.game, &me.seat, prefs, &actor)
        .await?;
    Ok(Redirect::to(&format!("/games/{}#mail", me.game)).into_response())
}
