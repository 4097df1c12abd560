//! SP-MUS: every instrument's range and every call's meaning, typed from
//! the sheet; calls an instrument cannot sound; who answers which
//! instrument; what a call costs and how far it reaches.

use umpire_sharp::model::{Arm, Inches, Instrument as I};
use umpire_sharp::musicians::{
    CallCost, call, call_reaches, instrument_for, may_use, musician_cost,
};
use umpire_sharp::tables::Tables;
use umpire_sharp::{Rulings, SharpError};

type R = Result<(), SharpError>;

fn t() -> Result<&'static Tables, SharpError> {
    Tables::builtin()
}

fn means(i: I, name: &str, meaning: &str) -> R {
    let c = call(t()?, i, name)?;
    assert_eq!(c.meaning, meaning, "{i} {name}");
    assert!(c.call.eq_ignore_ascii_case(name));
    Ok(())
}

fn range(i: I) -> Result<f64, SharpError> {
    Ok(call(t()?, i, &t()?.instrument(i)?.calls[0].name)?.range.0)
}

#[test]
fn sp_mus_001_a_call_costs_one_initiative_or_by_ruling_an_action() -> R {
    let (c, s) = musician_cost(&Rulings::default());
    assert_eq!(c, CallCost::Initiative);
    assert_eq!(s.ruling, Some("musician-cost"));
    let mut r = Rulings::default();
    r.set("musician-cost", "action")?;
    assert_eq!(musician_cost(&r).0, CallCost::ActionDie);
    Ok(())
}

#[test]
fn sp_mus_002_a_call_reaches_within_range_of_the_musician() -> R {
    let r = Rulings::default();
    assert!(call_reaches(t()?, &r, I::Whistle, Inches(18.0))?.0);
    assert!(!call_reaches(t()?, &r, I::Whistle, Inches(18.5))?.0);
    assert!(call_reaches(t()?, &r, I::Bugle, Inches(24.0))?.0);
    let (_, s) = call_reaches(t()?, &r, I::Drum, Inches(3.0))?;
    assert_eq!(s.ruling, Some("musician-reach"));
    Ok(())
}

#[test]
fn sp_mus_003_an_instrument_sounds_only_its_own_calls() -> R {
    match call(t()?, I::Drum, "Rally") {
        Err(e) => {
            let m = e.to_string();
            assert!(m.contains("unknown drum call `Rally`"), "{m}");
            assert!(m.contains("Form column"), "{m}");
        }
        Ok(_) => panic!("the drum sounded Rally"),
    }
    assert!(call(t()?, I::Whistle, "Form column").is_err());
    match call(t()?, I::Trumpet, "Gallup") {
        Err(e) => assert!(e.to_string().contains("did you mean `Gallop`"), "{e}"),
        Ok(_) => panic!("a misspelt call was taken"),
    }
    // Case and spacing are forgiven.
    let c = call(t()?, I::Whistle, "cease-fire")?;
    assert_eq!(
        (c.call.as_str(), c.meaning.as_str()),
        ("Cease fire", "stop firing")
    );
    Ok(())
}

#[test]
fn sp_mus_004_instruments_by_arm_by_ruling() -> R {
    assert_eq!(instrument_for(Arm::LineInfantry), &[I::Drum, I::Whistle]);
    assert_eq!(instrument_for(Arm::LightInfantry), &[I::Bugle, I::Whistle]);
    assert_eq!(instrument_for(Arm::Cavalry), &[I::Trumpet]);
    assert!(instrument_for(Arm::FootArtillery).is_empty());
    assert_eq!(
        may_use(Arm::Cavalry, I::Trumpet)?.ruling,
        Some("instrument-troops")
    );
    assert!(may_use(Arm::Cavalry, I::Drum).is_err());
    Ok(())
}

#[test]
fn sp_mus_005_whistle_range_18() -> R {
    assert_eq!(range(I::Whistle)?, 18.0);
    Ok(())
}
#[test]
fn sp_mus_006_whistle_halt() -> R {
    means(I::Whistle, "Halt", "stay where it is")
}
#[test]
fn sp_mus_007_whistle_advance() -> R {
    means(I::Whistle, "Advance", "move forward, to its front only")
}
#[test]
fn sp_mus_008_whistle_rally() -> R {
    means(I::Whistle, "Rally", "form up around the whistler")
}
#[test]
fn sp_mus_009_whistle_retire() -> R {
    means(I::Whistle, "Retire", "fall back straight to its rear")
}
#[test]
fn sp_mus_010_whistle_fire() -> R {
    means(I::Whistle, "Fire", "fire at will")
}
#[test]
fn sp_mus_011_whistle_cease_fire() -> R {
    means(I::Whistle, "Cease fire", "stop firing")
}
#[test]
fn sp_mus_012_drum_range_18() -> R {
    assert_eq!(range(I::Drum)?, 18.0);
    Ok(())
}
#[test]
fn sp_mus_013_drum_advance() -> R {
    means(I::Drum, "Advance", "move forward, to its front only")
}
#[test]
fn sp_mus_014_drum_retire() -> R {
    means(I::Drum, "Retire", "fall back straight to its rear")
}
#[test]
fn sp_mus_015_drum_halt() -> R {
    means(I::Drum, "Halt", "hold the present position")
}
#[test]
fn sp_mus_016_drum_form_line() -> R {
    means(I::Drum, "Form line", "form line where it stands")
}
#[test]
fn sp_mus_017_drum_form_column() -> R {
    means(I::Drum, "Form column", "form column where it stands")
}
#[test]
fn sp_mus_018_drum_fire_on_command() -> R {
    means(
        I::Drum,
        "Fire",
        "fire on the command (a volley, not at will)",
    )
}
#[test]
fn sp_mus_019_bugle_range_24() -> R {
    assert_eq!(range(I::Bugle)?, 24.0);
    Ok(())
}
#[test]
fn sp_mus_020_bugle_halt() -> R {
    means(I::Bugle, "Halt", "stay where it is")
}
#[test]
fn sp_mus_021_bugle_extend() -> R {
    means(I::Bugle, "Extend", "spread into a skirmish line")
}
#[test]
fn sp_mus_022_bugle_close() -> R {
    means(I::Bugle, "Close", "close up into a tighter line")
}
#[test]
fn sp_mus_023_bugle_advance() -> R {
    means(I::Bugle, "Advance", "move forward, to its front only")
}
#[test]
fn sp_mus_024_bugle_retire() -> R {
    means(I::Bugle, "Retire", "fall back straight to its rear")
}
#[test]
fn sp_mus_025_bugle_fire() -> R {
    means(I::Bugle, "Fire", "fire at will")
}
#[test]
fn sp_mus_026_bugle_cease_fire() -> R {
    means(I::Bugle, "Cease fire", "stop firing")
}
#[test]
fn sp_mus_027_bugle_assemble() -> R {
    means(I::Bugle, "Assemble", "form up around the bugler")
}
#[test]
fn sp_mus_028_trumpet_range_24() -> R {
    assert_eq!(range(I::Trumpet)?, 24.0);
    Ok(())
}
#[test]
fn sp_mus_029_trumpet_advance_forward() -> R {
    means(I::Trumpet, "Advance forward", "move straight ahead")
}
#[test]
fn sp_mus_030_trumpet_advance_right() -> R {
    means(I::Trumpet, "Advance right", "move off to the right")
}
#[test]
fn sp_mus_031_trumpet_advance_left() -> R {
    means(I::Trumpet, "Advance left", "move off to the left")
}
#[test]
fn sp_mus_032_trumpet_charge() -> R {
    means(I::Trumpet, "Charge", "charge")
}
#[test]
fn sp_mus_033_trumpet_walk() -> R {
    means(I::Trumpet, "Walk", "move at walk rate (1D6 per die)")
}
#[test]
fn sp_mus_034_trumpet_trot() -> R {
    means(I::Trumpet, "Trot", "move at trot rate (+3\" per die)")
}
#[test]
fn sp_mus_035_trumpet_gallop() -> R {
    means(
        I::Trumpet,
        "Gallop",
        "move at gallop rate (+1D6, +3\" per die)",
    )
}
#[test]
fn sp_mus_036_trumpet_halt() -> R {
    means(I::Trumpet, "Halt", "stop")
}
#[test]
fn sp_mus_037_trumpet_mount() -> R {
    means(I::Trumpet, "Mount", "the riders get on their horses")
}
#[test]
fn sp_mus_038_trumpet_dismount() -> R {
    means(I::Trumpet, "Dismount", "the riders get off their horses")
}
#[test]
fn sp_mus_039_trumpet_fire_carbines() -> R {
    means(I::Trumpet, "Fire", "use carbines")
}
#[test]
fn sp_mus_040_trumpet_recall() -> R {
    means(
        I::Trumpet,
        "Recall",
        "fall back two turns' movement at trot or gallop and form on the trumpeter",
    )
}

#[test]
fn each_instrument_has_exactly_the_sheets_calls() -> R {
    let names = |i: I| -> Result<Vec<String>, SharpError> {
        Ok(t()?
            .instrument(i)?
            .calls
            .iter()
            .map(|c| c.name.clone())
            .collect())
    };
    assert_eq!(
        names(I::Whistle)?,
        ["Halt", "Advance", "Rally", "Retire", "Fire", "Cease fire"]
    );
    assert_eq!(
        names(I::Drum)?,
        [
            "Advance",
            "Retire",
            "Halt",
            "Form line",
            "Form column",
            "Fire"
        ]
    );
    assert_eq!(
        names(I::Bugle)?,
        [
            "Halt",
            "Extend",
            "Close",
            "Advance",
            "Retire",
            "Fire",
            "Cease fire",
            "Assemble"
        ]
    );
    assert_eq!(
        names(I::Trumpet)?,
        [
            "Advance forward",
            "Advance right",
            "Advance left",
            "Charge",
            "Walk",
            "Trot",
            "Gallop",
            "Halt",
            "Mount",
            "Dismount",
            "Fire",
            "Recall"
        ]
    );
    Ok(())
}
