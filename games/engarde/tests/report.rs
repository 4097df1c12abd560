//! Reports: each player's month and the public gazette, from the events.

mod common;

use common::*;
use umpire_engarde::model::Rank;
use umpire_engarde::report::{gazette, player_report, render};
use umpire_engarde::spsl::Sp;
use umpire_engarde::world::Appointment;

#[test]
fn a_players_month_has_every_phase_a_ledger_and_the_sl_change() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 6, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nBORROW 40\nANNOUNCE a ball\nCONSUME\nWEEK 1: CAROUSE\nWEEK 2: TOADY TO Porthos\nWEEK 3: BAWDYHOUSE 10\nWEEK 4: PRACTISE sabre",
        ],
    );
    let Some(r) = player_report(&w, &out, tables(), id(&w, "Athos")) else {
        panic!("no report")
    };
    let text = render(&r);
    for needle in [
        "Report for Athos",
        "Began the month at SL 5 with 0 SP carried and 500 crowns.",
        "\nPremonthly\n",
        "Borrowed 40 crowns from the moneylender.",
        "\nWeek 1\n",
        "Caroused.",
        "\nWeek 2\n",
        "Toadied to Porthos: received.",
        "\nWeek 3\n",
        "\nWeek 4\n",
        "Practised the sabre: expertise 1.",
        "\nEnd of the month\n",
        "SP to SL:",
        "\nLedger\n",
        "\nStanding\n",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    // The ledger adds up: carried in + every gain = N; cash likewise.
    let gains = r
        .lines
        .iter()
        .filter(|l| !matches!(l.event, umpire_engarde::events::What::Conversion(_)))
        .fold(Sp::ZERO, |a, l| a + l.sp);
    assert_eq!(r.sp_carried_in + gains, r.sp_this_month);
    let cash: i64 = r.lines.iter().map(|l| l.cash).sum();
    assert_eq!(r.cash_before + cash, r.cash_after);
    let Some(c) = r.conversion else { panic!() };
    assert_eq!((r.sl_after, r.sp_next), (c.sl_next, c.sp_next));
    // JSON has the same facts.
    let v = match serde_json::to_value(&r) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(v["schema"], "umpire-engarde-report");
    assert_eq!(v["sl_before"], 5);
    assert_eq!(v["conversion"]["sl_change"], c.sl_change);
}

#[test]
fn the_gazette_has_announcements_appointments_front_results_and_sl_changes() {
    let mut w = paris_in(
        6,
        2,
        &[("Athos", 8, 500), ("Porthos", 6, 500), ("Aramis", 5, 500)],
    );
    enlist(&mut w, "Athos", "RFG", Rank::Colonel);
    command(&mut w, "Athos", Appointment::Colonel("RFG".into()));
    enlist(&mut w, "Porthos", "RFG", Rank::Captain);
    // Athos needs SPs to rise; Aramis will fall.
    let a = id(&w, "Athos");
    w.characters[a.raw() as usize].sp = Sp::whole(60);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nAPPOINT Porthos Adjutant",
            "CHARACTER Aramis\nANNOUNCE Aramis will hold a masked ball\nCONSUME",
        ],
    );
    let g = gazette(&w, &out, tables());
    for needle in [
        "The Paris Gazette",
        "\nAnnouncements\n",
        "Aramis will hold a masked ball",
        "\nRegiments, clubs and appointments\n",
        "Appointed Adjutant of the Royal Foot Guards",
        "\nFrom the front\n",
        "Royal Foot Guards (",
        "battle result",
        "\nSocial levels\n",
        "Col. Athos rises to SL 9.",
    ] {
        assert!(g.contains(needle), "missing {needle:?} in\n{g}");
    }
    // Private matters stay private.
    assert!(!g.contains("Upkeep"), "{g}");
    assert!(!g.contains("Death roll"), "{g}");
}
