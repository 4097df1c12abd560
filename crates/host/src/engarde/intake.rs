//! A player's sheet into an En Garde! game folder (`umpire engarde
//! submit`), and sheets read with their password checked.
//!
//! The game reads a sheet and settles whose it is (the CHARACTER line);
//! the password is the host's to check, as for every game: a sheet is
//! taken through the host's intake ([`crate::intake`]) like any envelope,
//! its password checked by [`password::check_stored`] against what the
//! folder's world keeps — an argon2id hash, or in a folder made before
//! passwords were hashed, the password itself, which the first right
//! password upgrades beside the world ([`crate::folder::passwords`]). A
//! character with no password takes
//! any sheet that names it. A wrong or missing password refuses the sheet
//! with the game's finding E2202, which the game master's commands show
//! as they did.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::SourceFile;
use umpire_engarde::mail;
use umpire_engarde::orders::codes;
use umpire_engarde::tables::Tables;
use umpire_engarde::world::{CharacterId, World};

use super::game_dir::{month_staging, orders_dir, slug};
use crate::envelope::{Envelope, Orders, Request};
use crate::intake::{self, Keep, Notice, Passwords, Proof, Style};
use crate::password::{self, Check, Secret, Stored};
use crate::receipt::{Receipt, Situation};
use crate::store::{Kept, SeatStatus};

/// Reads a folder's sheets: the game's reading, then the password.
pub struct Sheets<'w> {
    world: &'w World,
    reader: mail::Reader<'w>,
}

impl<'w> Sheets<'w> {
    pub fn new(world: &'w World, tables: &Tables) -> Sheets<'w> {
        Sheets {
            world,
            reader: mail::Reader::new(world, tables),
        }
    }

    /// Read a sheet; one with a wrong or missing password names no
    /// character and carries the finding why.
    pub fn read(&self, source: &SourceFile) -> mail::Read {
        let mut read = self.reader.read(source);
        if let Some(id) = read.character
            && password_check(self.world, id, &read) == Check::Wrong
        {
            refuse_for_password(&mut read, source);
        }
        read
    }
}

/// Read one sheet against a folder's world, its password checked.
pub fn read(world: &World, tables: &Tables, source: &SourceFile) -> mail::Read {
    Sheets::new(world, tables).read(source)
}

/// What the folder's world keeps of character `id`'s password.
fn stored(world: &World, id: CharacterId) -> Stored {
    world
        .character(id)
        .map_or(Stored::Nothing, |c| Stored::in_folder(&c.password))
}

/// The password written on the sheet.
fn given(read: &mail::Read) -> Secret {
    Secret::new(read.sheet.password.clone().unwrap_or_default())
}

fn password_check(world: &World, id: CharacterId, read: &mail::Read) -> Check {
    password::check_stored(&stored(world, id), &given(read), legacy())
}

/// The kind's older hash, when its worlds kept one.
fn legacy() -> Option<password::LegacyHash> {
    crate::kind::GameKind::legacy_hash(&crate::kind::engarde::EnGarde::new())
}

/// The sheet is nobody's: the finding says the password was wrong.
fn refuse_for_password(read: &mut mail::Read, source: &SourceFile) {
    read.character = None;
    let written = read
        .sheet
        .character
        .as_ref()
        .map_or_else(String::new, |c| c.value.clone());
    read.diagnostics.push(
        Diagnostic::error(
            codes::BAD_PASSWORD.code,
            source.shared_name(),
            format!("wrong or missing password for {written}"),
        )
        .with_help("add a line `PASSWORD yourword`"),
    );
}

/// A sheet read for the coming month.
pub struct Taken {
    /// What the reader found, and whose sheet it is.
    pub read: mail::Read,
    /// Where the sheet was kept, when it was.
    pub kept: Option<PathBuf>,
    /// The month it was kept for.
    pub month: u32,
    /// What became of it, in the host's words.
    pub receipt: Receipt,
}

/// A folder keeps the sheet as it came, password and all, and answers
/// in the folder's own words.
const STYLE: Style = Style {
    hashes_new_passwords: false,
    shows_stored: false,
    wrong_password_first: false,
};

/// Take a sheet for the coming month: kept (replacing an earlier one) when
/// it names a character of this game with the right password, and no run
/// of the month is under way.
pub fn take_sheet(
    dir: &Path,
    world: &World,
    tables: &Tables,
    source: &SourceFile,
) -> Result<Taken> {
    let mut read = mail::read(world, tables, source);
    let month = world.month;
    let name = |id| {
        world
            .character(id)
            .map_or_else(|| slug(world, id), |c| c.name.clone())
    };
    let upgraded = crate::folder::passwords::Passwords::read(dir)?;
    let mut seats = HashMap::new();
    let mut kept = String::new();
    let envelope = match read.character {
        Some(id) => {
            let seat = slug(world, id);
            let status = SeatStatus::Playing;
            kept = world
                .character(id)
                .map_or_else(String::new, |c| c.password.clone());
            let password = upgraded.stored(&seat, &kept);
            seats.insert(seat.clone(), intake::Seat { password, status });
            sheet_envelope(seat, name(id), given(&read), source)
        }
        None => Envelope {
            line: 1,
            seat: None,
            who: source.name().to_string(),
            password: Secret::default(),
            findings: Vec::new(),
            request: Request::Refused {
                why: "the sheet names no character of this game".to_string(),
            },
        },
    };
    let passwords = Passwords {
        legacy: legacy(),
        remembered: None,
    };
    let checked = intake::check(vec![envelope], &seats, Proof::Password, passwords, STYLE);
    if checked.iter().any(|c| c.wrong_password) {
        refuse_for_password(&mut read, source);
    }
    let now = Situation {
        collecting: month,
        running: month_staging(dir, month).exists(),
    };
    let mut receipts = intake::at_once(intake::take_all(&mut Folder { dir, kept }, checked, now))
        .context("a folder's intake does not wait")??;
    let Some(receipt) = receipts.pop() else {
        bail!("the sheet got no answer");
    };
    let kept = read
        .character
        .filter(|_| !receipt.refused)
        .map(|id| orders_dir(dir, month).join(format!("{}.txt", slug(world, id))));
    Ok(Taken {
        read,
        kept,
        month,
        receipt,
    })
}

/// The one envelope a sheet is: the character's orders for the month
/// being collected, kept as written.
fn sheet_envelope(seat: String, who: String, password: Secret, source: &SourceFile) -> Envelope {
    Envelope {
        line: 1,
        seat: Some(seat),
        who,
        password,
        findings: Vec::new(),
        request: Request::Orders(Orders {
            turn: None,
            text: source.text().to_string(),
            summary: "a sheet".to_string(),
            errors: 0,
            warnings: Vec::new(),
            new_password: None,
            shown: String::new(),
            // Kept as written, whatever it holds.
            empty: false,
        }),
    }
}

/// Sheets kept in a game folder: `orders/N/<character>.txt`.
struct Folder<'a> {
    dir: &'a Path,
    /// What the world keeps of the sheet's character's password.
    kept: String,
}

impl Keep for Folder<'_> {
    type Error = anyhow::Error;

    fn style(&self) -> Style {
        STYLE
    }

    /// Kept beside the world ([`crate::folder::passwords`]): the world
    /// file changes only by a month.
    async fn upgrade(&mut self, seat: &str, hash: &str) -> Result<()> {
        crate::folder::passwords::Passwords::upgrade(self.dir, seat, &self.kept, hash)
    }

    async fn keep_orders(
        &mut self,
        _index: usize,
        seat: &str,
        turn: u32,
        orders: &Orders,
        _new_password: Option<&str>,
    ) -> Result<Kept> {
        let path = orders_dir(self.dir, turn).join(format!("{seat}.txt"));
        intake::keep_in_file(&path, orders.text.as_bytes())
    }

    async fn keep_article(
        &mut self,
        _index: usize,
        _seat: &str,
        _turn: u32,
        _signed: bool,
        _text: &str,
    ) -> Result<()> {
        bail!("an En Garde! game has no newspaper to keep articles for")
    }

    async fn report(
        &mut self,
        _seat: &str,
        _turn: Option<u32>,
        _now: Situation,
    ) -> Result<std::result::Result<(u32, String), String>> {
        Ok(Err(
            "a sheet asks for no report; `umpire engarde report` prints one".to_string(),
        ))
    }

    /// A folder has no addresses to tell.
    async fn tell(&mut self, _seat: &str, _notice: Notice<'_>) -> Result<bool> {
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use umpire_engarde::setup::{NewPlayer, new_game};

    fn paris(password: &str) -> (World, &'static Tables) {
        let tables = Tables::builtin().unwrap();
        let roster = [("Athos", password), ("Porthos", "")].map(|(n, p)| NewPlayer {
            name: n.to_string(),
            password: p.to_string(),
            address: String::new(),
        });
        (new_game("test", 1, 3, &roster, tables), tables)
    }

    fn codes_of(text: &str, world: &World, tables: &Tables) -> (Vec<&'static str>, bool) {
        let read = read(world, tables, &SourceFile::new("mail", text.to_string()));
        (
            read.diagnostics.iter().map(|d| d.code).collect(),
            read.accepted(),
        )
    }

    /// A folder's password kept in clear (an older folder) or hashed opens
    /// the sheet with the right password only; a character with none
    /// takes any.
    #[test]
    fn a_sheet_is_kept_only_with_the_right_password_kept_in_clear_or_hashed() {
        let hashed = password::hash(&Secret::new("sword")).unwrap();
        for kept in ["sword", hashed.as_str()] {
            let (w, t) = paris(kept);
            assert_eq!(
                codes_of("CHARACTER Athos\nPASSWORD sword\nWEEK 1: REST", &w, t),
                (vec![], true)
            );
            assert_eq!(
                codes_of("CHARACTER Athos\nPASSWORD nope\nWEEK 1: REST", &w, t),
                (vec!["E2202"], false)
            );
            assert_eq!(
                codes_of("CHARACTER Athos\nWEEK 1: REST", &w, t),
                (vec!["E2202"], false)
            );
            // Names are read without regard to case or spacing.
            assert_eq!(
                codes_of("character   athos\npassword sword", &w, t),
                (vec![], true)
            );
            assert_eq!(
                codes_of("CHARACTER Porthos\nPASSWORD anything", &w, t),
                (vec![], true)
            );
        }
    }

    #[test]
    fn a_sheet_with_a_wrong_password_is_refused_and_nothing_kept() {
        let (w, t) = paris("sword");
        let dir = std::env::temp_dir().join(format!("umpire-eg-intake-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let sheet = |pw: &str| SourceFile::new("s", format!("CHARACTER Athos\nPASSWORD {pw}\n"));
        let taken = take_sheet(&dir, &w, t, &sheet("nope")).unwrap();
        assert!(taken.kept.is_none() && taken.receipt.refused);
        assert_eq!(taken.read.diagnostics.last().unwrap().code, "E2202");
        assert!(!orders_dir(&dir, w.month).exists());
        let taken = take_sheet(&dir, &w, t, &sheet("sword")).unwrap();
        let kept = taken.kept.unwrap();
        assert_eq!(
            std::fs::read_to_string(kept).unwrap(),
            "CHARACTER Athos\nPASSWORD sword\n"
        );
        // While the month is being run, it takes no sheet.
        std::fs::create_dir_all(month_staging(&dir, w.month)).unwrap();
        let taken = take_sheet(&dir, &w, t, &sheet("sword")).unwrap();
        assert!(taken.kept.is_none() && taken.receipt.refused);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
