//! The order format: parser and checker, by checklist ID.

use proptest::prelude::*;
use umpire_core::diagnostic::{Diagnostic, Severity};
use umpire_core::source::SourceFile;
use umpire_engarde::model::{Post, Rank, Weapon};
use umpire_engarde::orders::ast::{
    ActionKind, Bet, Block, Cond, FrontClause, OrderSheet, Premonthly, Vocabulary, WeekRef, Weekly,
};
use umpire_engarde::orders::{Phase, check, illegal, parse};

fn parse_str(text: &str) -> (OrderSheet, Vec<Diagnostic>) {
    parse(&SourceFile::new("orders.txt", text))
}

fn check_str(text: &str, vocab: &Vocabulary) -> (OrderSheet, Vec<Diagnostic>, Vec<Diagnostic>) {
    let src = SourceFile::new("orders.txt", text);
    let (sheet, pd) = parse(&src);
    let cd = check(&sheet, vocab, &src);
    (sheet, pd, cd)
}

fn codes(d: &[Diagnostic]) -> Vec<&'static str> {
    d.iter().map(|d| d.code).collect()
}

/// The orders of a block list, without their spans.
fn orders<A: Clone>(blocks: &[Block<A>]) -> Vec<A> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::Order(o) => Some(o.value.clone()),
            Block::If { .. } => None,
        })
        .collect()
}

fn only_if<A>(blocks: &[Block<A>]) -> (&Cond, &[Block<A>], &[Block<A>]) {
    match blocks {
        [
            Block::If {
                cond,
                then,
                otherwise,
            },
        ] => (&cond.value, then, otherwise),
        _ => panic!("expected a single IF block"),
    }
}

fn s(x: &str) -> String {
    x.to_string()
}

fn vocab() -> Vocabulary {
    Vocabulary {
        characters: vec![s("Athos"), s("Count de Rochefort"), s("Porthos")],
        mistresses: vec![s("Mme Bonacieux"), s("Milady")],
        clubs: vec![s("Red Phillips"), s("Hunters")],
        regiments: vec![
            (s("RFG"), s("Royal Foot Guards")),
            (s("CG"), s("Cardinal's Guard")),
        ],
        ..Vocabulary::default()
    }
}

const SHEET: &str = "\
CHARACTER Athos
PASSWORD musket
# premonthly
PREMONTHLY
BORROW 200cr
REPAY ALL
BUY HORSE
JOIN CLUB Red Phillips
APPLY TO RFG AS Captain
CONSPICUOUS CONSUMPTION 2
GIVE Porthos 300 Cr IF HE APPOINTS ME TO Brigade Major
ANNOUNCE Athos seeks a second (no questions asked)
WEEK 1
CAROUSE (costs 8cr, +1 SP)
WEEK 2: TOADY TO Count de Rochefort
W3: COURT Mme Bonacieux WITH 60 crowns
WEEK 4
IF Count de Rochefort RECEIVED ME IN WEEK 2 THEN
  TOADY TO Count de Rochefort
ELSE
  PRACTISE sabre
ENDIF
FRONT
If death roll over 12, reduce it to 12. If DR under 9, increase it to 9
";

#[test]
fn eg_ord_001_a_whole_sheet_parses_to_the_expected_tree() {
    let (sheet, diags) = parse_str(SHEET);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(
        sheet.character.as_ref().map(|c| c.value.as_str()),
        Some("Athos")
    );
    assert_eq!(sheet.password.as_deref(), Some("musket"));
    assert_eq!(
        orders(&sheet.premonthly),
        vec![
            Premonthly::Borrow(200),
            Premonthly::Repay(None),
            Premonthly::BuyHorses(1),
            Premonthly::JoinClub(s("Red Phillips")),
            Premonthly::Apply {
                regiment: s("RFG"),
                rank: Some(Rank::Captain)
            },
            Premonthly::Consume(2),
            Premonthly::Give {
                to: s("Porthos"),
                amount: 300,
                if_appointed: Some(Post::BrigadeMajor)
            },
            Premonthly::Announce(s("Athos seeks a second (no questions asked)")),
        ]
    );
    assert_eq!(orders(&sheet.weeks[0]), vec![Weekly::Carouse]);
    assert_eq!(
        orders(&sheet.weeks[1]),
        vec![Weekly::Toady(s("Count de Rochefort"))]
    );
    assert_eq!(
        orders(&sheet.weeks[2]),
        vec![Weekly::Court {
            mistress: s("Mme Bonacieux"),
            purse: Some(60),
            openly: false
        }]
    );
    let (cond, then, otherwise) = only_if(&sheet.weeks[3]);
    assert_eq!(
        cond,
        &Cond::Received {
            by: s("Count de Rochefort"),
            week: WeekRef::Week(2)
        }
    );
    assert_eq!(orders(then), vec![Weekly::Toady(s("Count de Rochefort"))]);
    assert_eq!(orders(otherwise), vec![Weekly::Practise(Weapon::Sabre)]);
    let front: Vec<FrontClause> = sheet.front.iter().map(|c| c.value).collect();
    assert_eq!(front, vec![FrontClause::CapAt(12), FrontClause::FloorAt(9)]);
    assert!(sheet.for_gm.is_empty());
    // The sheet is legal as a whole.
    let (_, _, cd) = check_str(SHEET, &vocab());
    assert!(cd.is_empty(), "{cd:#?}");
}

#[test]
fn eg_ord_001_unreadable_text_is_held_for_the_gm() {
    let (sheet, diags) = parse_str("CHARACTER Athos\nWEEK 1\nFIGHT A DUEL WITH Porthos\nREST\n");
    assert_eq!(sheet.for_gm.len(), 1);
    assert_eq!(sheet.for_gm[0].value, "FIGHT A DUEL WITH Porthos");
    assert_eq!(sheet.for_gm[0].line, 3);
    assert_eq!(orders(&sheet.weeks[0]), vec![Weekly::Rest]);
    assert_eq!(codes(&diags), vec!["W2001"]);
    assert_eq!(diags[0].severity, Severity::Warning);
    assert!(diags[0].notes.iter().any(|n| n.contains("held for a GM")));
}

#[test]
fn eg_ord_001_a_reply_quoting_last_months_sheet_is_read_as_a_reply() {
    // Orders on top, last month's answer quoted below with its password,
    // a signature between.
    let text = "\
CHARACTER Athos
PASSWORD fresh
WEEK 1: CAROUSE

-- 
Athos, of the King's Musketeers
GIVE Porthos 500

On Mon, 3 Mar 2025 at 10:00, Umpire <server@game.test> wrote:

> CHARACTER Athos
> PASSWORD stale
> WEEK 2
> DANCE WITH THE QUEEN
";
    let (sheet, diags) = parse_str(text);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(sheet.password.as_deref(), Some("fresh"));
    assert_eq!(orders(&sheet.weeks[0]), vec![Weekly::Carouse]);
    assert!(sheet.weeks[1].is_empty());
    assert!(sheet.premonthly.is_empty(), "the signature gives nothing");
    assert!(sheet.for_gm.is_empty(), "nothing quoted is held");
    // Quoted above the orders (bottom-posting), the same.
    let text = "\
Umpire wrote:
> CHARACTER Athos
> PASSWORD stale
> CHALLENGE Porthos
CHARACTER Athos
PASSWORD fresh
WEEK 2: REST
";
    let (sheet, diags) = parse_str(text);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(sheet.password.as_deref(), Some("fresh"));
    assert_eq!(orders(&sheet.weeks[1]), vec![Weekly::Rest]);
    assert!(sheet.for_gm.is_empty());
    // The lines keep their numbers.
    assert_eq!(sheet.character.as_ref().map(|c| c.line), Some(5));
}

#[test]
fn eg_ord_002_if_else_endif_nested_and_else_optional() {
    let text = "\
CHARACTER Athos
WEEK 3
IF Porthos IS IN PARIS
  IF Porthos RECEIVED ME LAST WEEK THEN
    TOADY TO Porthos
  ELSE
    CAROUSE
  END IF
ELSE
  IF I HAVE AT LEAST 100
    GAMBLE 50
  ENDIF
ENDIF
";
    let (sheet, diags) = parse_str(text);
    assert!(diags.is_empty(), "{diags:#?}");
    let (cond, then, otherwise) = only_if(&sheet.weeks[2]);
    assert_eq!(cond, &Cond::InParis(s("Porthos")));
    let (c2, t2, e2) = only_if(then);
    assert_eq!(
        c2,
        &Cond::Received {
            by: s("Porthos"),
            week: WeekRef::Last
        }
    );
    assert_eq!(orders(t2), vec![Weekly::Toady(s("Porthos"))]);
    assert_eq!(orders(e2), vec![Weekly::Carouse]);
    let (c3, t3, e3) = only_if(otherwise);
    assert_eq!(c3, &Cond::CashAtLeast(100));
    assert_eq!(
        orders(t3),
        vec![Weekly::Gamble(vec![Bet {
            stake: 50,
            cut: None
        }])]
    );
    assert!(e3.is_empty());
}

#[test]
fn eg_ord_002_one_line_if_and_unclosed_if_diagnosed() {
    let (sheet, diags) = parse_str(
        "CHARACTER Athos\nWEEK 2\nIF Athos IS AT THE FRONT THEN REST ELSE CAROUSE\nWEEK 3\nIF I AM IN PARIS\nCAROUSE\n",
    );
    let (cond, then, otherwise) = only_if(&sheet.weeks[1]);
    assert_eq!(cond, &Cond::AtFront(s("Athos")));
    assert_eq!(orders(then), vec![Weekly::Rest]);
    assert_eq!(orders(otherwise), vec![Weekly::Carouse]);
    assert_eq!(codes(&diags), vec!["E2005"]);
    assert_eq!(diags[0].position.map(|p| p.line), Some(5));
    // The unclosed block is closed at the end of its section.
    let (cond, then, _) = only_if(&sheet.weeks[2]);
    assert_eq!(cond, &Cond::InParis(s("me")));
    assert_eq!(orders(then), vec![Weekly::Carouse]);
}

#[test]
fn eg_ord_002_stray_else_and_endif_diagnosed() {
    let (_, diags) =
        parse_str("CHARACTER Athos\nWEEK 1\nELSE\nENDIF\nIF I AM IN PARIS\nELSE\nELSE\nENDIF\n");
    assert_eq!(codes(&diags), vec!["E2006", "E2007", "E2008"]);
}

#[test]
fn eg_ord_003_costs_need_not_be_stated() {
    let (sheet, diags) = parse_str("CHARACTER Athos\nWEEK 1\nCAROUSE\n");
    assert!(diags.is_empty());
    assert_eq!(orders(&sheet.weeks[0]), vec![Weekly::Carouse]);
}

#[test]
fn eg_ord_004_figures_written_by_the_player_are_comments() {
    let plain = parse_str("CHARACTER Athos\nWEEK 1\nCAROUSE\nWEEK 2\nCOURT Milady WITH 60\n").0;
    let noted = parse_str(
        "CHARACTER Athos\nWEEK 1\ncarouse (costs 8cr, +1 SP)\nWEEK 2\ncourt Milady with 60 (1d6 SP, costs 60cr) ; expect 3 SP\n",
    );
    assert!(noted.1.is_empty(), "{:#?}", noted.1);
    assert_eq!(orders(&plain.weeks[0]), orders(&noted.0.weeks[0]));
    assert_eq!(orders(&plain.weeks[1]), orders(&noted.0.weeks[1]));
}

#[test]
fn eg_ord_005_order_the_rules_do_not_cover_is_held_with_a_suggestion() {
    let (sheet, diags) = parse_str("CHARACTER Athos\nWEEK 1\nCAROUS\nWEEK 2\nPRACTISE lance\n");
    assert_eq!(sheet.for_gm.len(), 2);
    assert!(sheet.weeks[0].is_empty() && sheet.weeks[1].is_empty());
    assert_eq!(codes(&diags), vec!["W2001", "W2002"]);
    assert_eq!(diags[0].help.as_deref(), Some("did you mean `CAROUSE`?"));
    assert!(diags[0].message.contains("CAROUS"));
    assert_eq!(diags[0].position.map(|p| p.line), Some(3));
    // An order in the wrong place is held too, never moved silently.
    let (sheet, diags) = parse_str("CHARACTER Athos\nCAROUSE\nWEEK 1\nBORROW 100\n");
    assert_eq!(sheet.for_gm.len(), 2);
    assert_eq!(codes(&diags), vec!["W2011", "W2011"]);
}

#[test]
fn eg_mon_003_any_number_of_premonthly_orders() {
    let text = "\
CHARACTER Athos
borrow 100
borrow 50 crowns
pay debts 20c
repay 30
buy horse 2
sell horse
join Hunters
leave club
buy commission major
buy captain
resign commission
leave regiment
consume
give Porthos 10
appoint Porthos as adjutant
volunteer
announce I am back from the front!
";
    let (sheet, diags) = parse_str(text);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(
        orders(&sheet.premonthly),
        vec![
            Premonthly::Borrow(100),
            Premonthly::Borrow(50),
            Premonthly::Repay(Some(20)),
            Premonthly::Repay(Some(30)),
            Premonthly::BuyHorses(2),
            Premonthly::SellHorses(1),
            Premonthly::JoinClub(s("Hunters")),
            Premonthly::LeaveClub,
            Premonthly::BuyCommission(Rank::Major),
            Premonthly::BuyCommission(Rank::Captain),
            Premonthly::LeaveRegiment,
            Premonthly::LeaveRegiment,
            Premonthly::Consume(1),
            Premonthly::Give {
                to: s("Porthos"),
                amount: 10,
                if_appointed: None
            },
            Premonthly::Appoint {
                who: s("Porthos"),
                post: Post::Adjutant,
                if_given: None
            },
            Premonthly::Volunteer,
            Premonthly::Announce(s("I am back from the front!")),
        ]
    );
}

#[test]
fn eg_mon_005_second_unconditional_action_reported_and_first_runs() {
    let (sheet, pd, cd) = check_str(
        "CHARACTER Athos\nWEEK 1\nCAROUSE\nGIVE Porthos 20\nREST\nPRACTISE rapier\n",
        &Vocabulary::default(),
    );
    assert!(pd.is_empty());
    assert_eq!(orders(&sheet.weeks[0]).len(), 4);
    assert_eq!(codes(&cd), vec!["W2102", "W2102"]);
    assert!(
        cd[0].message.contains("CAROUSE on line 3"),
        "{}",
        cd[0].message
    );
    assert_eq!(cd[0].position.map(|p| p.line), Some(5));
    assert!(cd[0].notes.iter().any(|n| n.contains("only the first")));
    // The first *valid* one runs: a COURT without a sum is not counted.
    let (_, _, cd) = check_str(
        "CHARACTER Athos\nWEEK 1\nCOURT Milady\nREST\n",
        &Vocabulary::default(),
    );
    assert!(cd.is_empty(), "{cd:#?}");
    // GIVE does not count: one action plus a gift is fine.
    let (_, _, cd) = check_str(
        "CHARACTER Athos\nWEEK 1\nGIVE Porthos 20\nREST\n",
        &Vocabulary::default(),
    );
    assert!(cd.is_empty());
}

#[test]
fn eg_wk_001_every_weekly_keyword() {
    let text = "\
CHARACTER Athos
W1: CAROUSE
W2: GAMBLE 50 CUT 5, 20, 20 CUT 4
W3: GAMBLE 3 x 50 CUT 4
W4: COURT Milady 40 OPENLY
WEEK 1
BAWDYHOUSE WITH 30
VISIT BAWDYHOUSE WITH 40cr
PRACTICE pistol
PRACTISE saber
TOADY Porthos
DUTY
REGIMENTAL DUTY
REST
GIVE Porthos 5
GAMBLE 50
";
    let (sheet, diags) = parse_str(text);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(orders(&sheet.weeks[0])[0], Weekly::Carouse);
    assert_eq!(
        orders(&sheet.weeks[1]),
        vec![Weekly::Gamble(vec![
            Bet {
                stake: 50,
                cut: Some(5)
            },
            Bet {
                stake: 20,
                cut: None
            },
            Bet {
                stake: 20,
                cut: Some(4)
            },
        ])]
    );
    assert_eq!(
        orders(&sheet.weeks[2]),
        vec![Weekly::Gamble(vec![
            Bet {
                stake: 50,
                cut: Some(4)
            };
            3
        ])]
    );
    assert_eq!(
        orders(&sheet.weeks[3]),
        vec![Weekly::Court {
            mistress: s("Milady"),
            purse: Some(40),
            openly: true
        }]
    );
    assert_eq!(
        orders(&sheet.weeks[0]),
        vec![
            Weekly::Carouse,
            Weekly::Bawdyhouse { purse: Some(30) },
            Weekly::Bawdyhouse { purse: Some(40) },
            Weekly::Practise(Weapon::Pistol),
            Weekly::Practise(Weapon::Sabre),
            Weekly::Toady(s("Porthos")),
            Weekly::Duty,
            Weekly::Duty,
            Weekly::Rest,
            Weekly::Give {
                to: s("Porthos"),
                amount: 5,
                if_appointed: None
            },
            Weekly::Gamble(vec![Bet {
                stake: 50,
                cut: None
            }]),
        ]
    );
    let kinds: Vec<ActionKind> = sheet
        .weeks
        .iter()
        .flat_map(|w| orders(w))
        .map(|o| o.kind())
        .collect();
    for k in ActionKind::ALL {
        assert!(kinds.contains(&k), "{k:?} not covered");
    }
}

#[test]
fn eg_wk_002_court_without_a_sum_is_an_error_and_never_guessed() {
    let (sheet, diags) = parse_str("CHARACTER Athos\nWEEK 1\nCOURT Mme Bonacieux\n");
    assert_eq!(
        orders(&sheet.weeks[0]),
        vec![Weekly::Court {
            mistress: s("Mme Bonacieux"),
            purse: None,
            openly: false
        }]
    );
    assert_eq!(codes(&diags), vec!["E2003"]);
    assert!(diags[0].is_error());
}

#[test]
fn eg_wk_003_bawdyhouse_without_a_sum_is_an_error() {
    let (sheet, diags) = parse_str("CHARACTER Athos\nWEEK 1\nVISIT BAWDYHOUSE\n");
    assert_eq!(
        orders(&sheet.weeks[0]),
        vec![Weekly::Bawdyhouse { purse: None }]
    );
    assert_eq!(codes(&diags), vec!["E2004"]);
}

/// A sum too large for any purse is said to be too large, not "without a
/// sum", and the order does not run.
#[test]
fn eg_wk_003_a_sum_too_large_is_said_to_be_too_large() {
    for line in [
        "BAWDYHOUSE WITH 999999999999999999999",
        "VISIT BAWDYHOUSE WITH 5000000000 crowns",
    ] {
        let (sheet, diags) = parse_str(&format!("CHARACTER Athos\nWEEK 1\n{line}\n"));
        assert_eq!(
            orders(&sheet.weeks[0]),
            vec![Weekly::Bawdyhouse { purse: None }],
            "{line}"
        );
        assert_eq!(codes(&diags), vec!["E2015"], "{line}");
        assert!(
            diags[0].message.contains("a sum larger than any purse"),
            "{}",
            diags[0].message
        );
    }
    let (_, diags) =
        parse_str("CHARACTER Athos\nWEEK 1\nCOURT Mme Bonacieux WITH 99999999999999999999999\n");
    assert_eq!(codes(&diags), vec!["E2015"]);
    // A large but possible sum is still a sum.
    let (sheet, diags) = parse_str("CHARACTER Athos\nWEEK 1\nBAWDYHOUSE WITH 1000000000\n");
    assert_eq!(
        orders(&sheet.weeks[0]),
        vec![Weekly::Bawdyhouse {
            purse: Some(1_000_000_000)
        }]
    );
    assert!(codes(&diags).is_empty(), "{diags:?}");
}

#[test]
fn eg_cond_001_conditions_on_the_present_and_the_past_are_legal() {
    for (cond, phase) in [
        (Cond::InParis(s("X")), Phase::Premonthly),
        (Cond::AtFront(s("X")), Phase::Week(1)),
        (Cond::CashAtLeast(100), Phase::Premonthly),
        (
            Cond::Did {
                who: s("X"),
                action: ActionKind::Carouse,
                week: WeekRef::Week(1),
            },
            Phase::Week(2),
        ),
        (
            Cond::Did {
                who: s("X"),
                action: ActionKind::Court,
                week: WeekRef::Last,
            },
            Phase::Week(4),
        ),
        (
            Cond::DeathRoll {
                over: Some(12),
                under: None,
            },
            Phase::Front,
        ),
    ] {
        assert_eq!(illegal(&cond, phase), None, "{cond:?} in {phase:?}");
    }
    for (cond, phase) in [
        (
            Cond::Received {
                by: s("X"),
                week: WeekRef::Last,
            },
            Phase::Premonthly,
        ),
        (
            Cond::Received {
                by: s("X"),
                week: WeekRef::Last,
            },
            Phase::Week(1),
        ),
        (
            Cond::Did {
                who: s("X"),
                action: ActionKind::Gamble,
                week: WeekRef::Week(4),
            },
            Phase::Week(3),
        ),
        (
            Cond::DeathRoll {
                over: Some(12),
                under: None,
            },
            Phase::Week(1),
        ),
        (
            Cond::Not(Box::new(Cond::And(
                Box::new(Cond::InParis(s("X"))),
                Box::new(Cond::Gives {
                    who: s("X"),
                    amount: 5,
                }),
            ))),
            Phase::Week(2),
        ),
    ] {
        assert!(illegal(&cond, phase).is_some(), "{cond:?} in {phase:?}");
    }
}

#[test]
fn eg_cond_002_toady_then_if_not_let_in_is_rejected() {
    let text = "\
CHARACTER Athos
WEEK 2
TOADY TO Count de Rochefort
IF NOT Count de Rochefort RECEIVED ME IN WEEK 2 THEN PRACTISE sabre
";
    let (sheet, pd, cd) = check_str(text, &vocab());
    assert!(pd.is_empty(), "{pd:#?}");
    match sheet.weeks[1].get(1) {
        Some(Block::If { cond, .. }) => assert_eq!(
            cond.value,
            Cond::Not(Box::new(Cond::Received {
                by: s("Count de Rochefort"),
                week: WeekRef::Week(2)
            }))
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(codes(&cd), vec!["E2101"]);
    assert!(
        cd[0].message.contains("depends on the future"),
        "{}",
        cd[0].message
    );
    assert_eq!(cd[0].position.map(|p| p.line), Some(4));
}

#[test]
fn eg_cond_003_if_received_last_week_is_legal() {
    let text = "\
CHARACTER Athos
WEEK 3
IF Count de Rochefort RECEIVED ME LAST WEEK THEN TOADY TO him ELSE PRACTISE sabre
";
    let (sheet, pd, cd) = check_str(text, &vocab());
    assert!(pd.is_empty() && cd.is_empty(), "{pd:#?} {cd:#?}");
    let (cond, then, otherwise) = only_if(&sheet.weeks[2]);
    assert_eq!(
        cond,
        &Cond::Received {
            by: s("Count de Rochefort"),
            week: WeekRef::Last
        }
    );
    // "him" is the subject of the condition.
    assert_eq!(orders(then), vec![Weekly::Toady(s("Count de Rochefort"))]);
    assert_eq!(orders(otherwise), vec![Weekly::Practise(Weapon::Sabre)]);
    // The default week is LAST WEEK.
    let (sheet, _) = parse_str("WEEK 2\nIF Athos RECEIVED ME THEN REST\n");
    let (cond, _, _) = only_if(&sheet.weeks[1]);
    assert_eq!(
        cond,
        &Cond::Received {
            by: s("Athos"),
            week: WeekRef::Last
        }
    );
}

#[test]
fn eg_cond_004_if_x_is_in_paris_is_legal() {
    let (sheet, pd, cd) = check_str(
        "CHARACTER Athos\nWEEK 1\nIF Porthos IS IN PARIS THEN TOADY TO Porthos\n",
        &vocab(),
    );
    assert!(pd.is_empty() && cd.is_empty(), "{pd:#?} {cd:#?}");
    let (cond, then, _) = only_if(&sheet.weeks[0]);
    assert_eq!(cond, &Cond::InParis(s("Porthos")));
    assert_eq!(orders(then), vec![Weekly::Toady(s("Porthos"))]);
    assert_eq!(illegal(cond, Phase::Premonthly), None);
}

#[test]
fn eg_cond_005_same_week_reference_is_illegal() {
    let (_, pd, cd) = check_str(
        "CHARACTER Athos\nWEEK 2\nIF Porthos DID CAROUSE IN WEEK 2 THEN CAROUSE\nWEEK 3\nIF Porthos DID CAROUSE IN WEEK 2 THEN CAROUSE\n",
        &vocab(),
    );
    assert!(pd.is_empty(), "{pd:#?}");
    assert_eq!(codes(&cd), vec!["E2101"]);
    assert_eq!(cd[0].position.map(|p| p.line), Some(3));
    let same = Cond::Did {
        who: s("Porthos"),
        action: ActionKind::Toady,
        week: WeekRef::Week(2),
    };
    assert!(illegal(&same, Phase::Week(2)).is_some());
    assert!(illegal(&same, Phase::Week(3)).is_none());
    // Courting is testable (the engine reads it as false unless done openly).
    let court = Cond::Did {
        who: s("Porthos"),
        action: ActionKind::Court,
        week: WeekRef::Week(1),
    };
    assert!(illegal(&court, Phase::Week(2)).is_none());
}

#[test]
fn eg_cond_007_bawdyhouse_never_testable() {
    let (sheet, pd, cd) = check_str(
        "CHARACTER Athos\nWEEK 4\nIF Porthos DID BAWDYHOUSE IN WEEK 1 THEN REST\n",
        &vocab(),
    );
    assert!(pd.is_empty(), "{pd:#?}");
    let (cond, _, _) = only_if(&sheet.weeks[3]);
    assert_eq!(
        cond,
        &Cond::Did {
            who: s("Porthos"),
            action: ActionKind::Bawdyhouse,
            week: WeekRef::Week(1)
        }
    );
    assert_eq!(codes(&cd), vec!["E2101"]);
    assert!(cd[0].message.contains("bawdyhouse"));
    for phase in [Phase::Premonthly, Phase::Week(4), Phase::Front] {
        assert!(illegal(cond, phase).is_some());
    }
}

#[test]
fn eg_cond_008_give_if_appointed_parses_and_is_legal() {
    let (sheet, pd, cd) = check_str(
        "CHARACTER Athos\nGIVE Porthos 300Cr IF HE APPOINTS ME TO Brigade Major\nWEEK 2\nGIVE Porthos 100 IF Porthos APPOINTS ME ADJUTANT\n",
        &vocab(),
    );
    assert!(pd.is_empty() && cd.is_empty(), "{pd:#?} {cd:#?}");
    assert_eq!(
        orders(&sheet.premonthly),
        vec![Premonthly::Give {
            to: s("Porthos"),
            amount: 300,
            if_appointed: Some(Post::BrigadeMajor)
        }]
    );
    assert_eq!(
        orders(&sheet.weeks[1]),
        vec![Weekly::Give {
            to: s("Porthos"),
            amount: 100,
            if_appointed: Some(Post::Adjutant)
        }]
    );
}

#[test]
fn eg_cond_010_mutual_pair_parses_to_one_order_each() {
    let (sheet, pd, cd) = check_str(
        "CHARACTER Porthos\nIF Athos GIVES ME 300Cr APPOINT HIM Brigade Major\n",
        &vocab(),
    );
    assert!(pd.is_empty() && cd.is_empty(), "{pd:#?} {cd:#?}");
    assert_eq!(
        orders(&sheet.premonthly),
        vec![Premonthly::Appoint {
            who: s("Athos"),
            post: Post::BrigadeMajor,
            if_given: Some(300)
        }]
    );
    // The block form folds too.
    let (sheet, _) = parse_str("IF Athos GIVES ME 300 THEN\nAPPOINT Athos AS BM\nENDIF\n");
    assert_eq!(
        orders(&sheet.premonthly),
        vec![Premonthly::Appoint {
            who: s("Athos"),
            post: Post::BrigadeMajor,
            if_given: Some(300)
        }]
    );
    // Any other use of GIVES stays an IF, and is illegal.
    let (sheet, _, cd) = check_str(
        "CHARACTER Porthos\nIF Athos GIVES ME 300 THEN BORROW 100\n",
        &vocab(),
    );
    assert!(matches!(sheet.premonthly.as_slice(), [Block::If { .. }]));
    assert_eq!(codes(&cd), vec!["E2101"]);
}

#[test]
fn eg_cond_013_illegal_condition_reported_with_reason() {
    let (_, _, cd) = check_str(
        "CHARACTER Athos\nIF Porthos RECEIVED ME LAST WEEK\nBORROW 100\nELSE\nBORROW 50\nENDIF\n",
        &vocab(),
    );
    assert_eq!(codes(&cd), vec!["E2101"]);
    let d = &cd[0];
    assert!(d.is_error());
    assert!(
        d.message
            .starts_with("illegal condition: depends on the future"),
        "{}",
        d.message
    );
    assert!(
        d.notes
            .iter()
            .any(|n| n.contains("whole IF block") && n.contains("skipped"))
    );
    assert_eq!(d.position.map(|p| p.line), Some(2));
}

#[test]
fn eg_brave_006_front_clauses_parse() {
    let (sheet, diags) = parse_str(
        "CHARACTER Athos\nFRONT\nBRAVE 2\nRECKLESS 1\nPOLTROON 3\nIF DEATH ROLL OVER 11 REDUCE IT TO 11\nIF DR UNDER 8 RAISE IT TO 8\n",
    );
    assert!(diags.is_empty(), "{diags:#?}");
    let front: Vec<FrontClause> = sheet.front.iter().map(|c| c.value).collect();
    assert_eq!(
        front,
        vec![
            FrontClause::Brave(2),
            FrontClause::Brave(1),
            FrontClause::Poltroon(3),
            FrontClause::CapAt(11),
            FrontClause::FloorAt(8),
        ]
    );
    // Mismatched figures are not guessed at.
    let (sheet, diags) = parse_str("FRONT\nIF DR OVER 12 REDUCE IT TO 10\n");
    assert!(sheet.front.is_empty());
    assert_eq!(sheet.for_gm.len(), 1);
    assert_eq!(codes(&diags), vec!["W2002"]);
}

#[test]
fn eg_brave_007_the_excerpts_model_order() {
    let (sheet, diags) = parse_str(
        "FRONT: If death roll over 12, reduce it to 12. If DR under 9, increase it to 9.",
    );
    assert!(diags.is_empty(), "{diags:#?}");
    let front: Vec<FrontClause> = sheet.front.iter().map(|c| c.value).collect();
    assert_eq!(front, vec![FrontClause::CapAt(12), FrontClause::FloorAt(9)]);
    // Outside the FRONT block it is still a death-roll modifier, with a note.
    let (sheet, diags) =
        parse_str("If death roll over 12, reduce it to 12. If DR under 9, increase it to 9");
    assert_eq!(sheet.front.len(), 2);
    assert_eq!(codes(&diags), vec!["N2014"]);
}

#[test]
fn names_are_checked_against_the_world() {
    let (_, pd, cd) = check_str(
        "CHARACTER Athos\nJOIN CLUB Red Philips\nAPPLY Royal Foot Guard\nWEEK 1\nTOADY TO Count de Rochfort\nWEEK 2\nCOURT Miladi WITH 10\nWEEK 3\nIF Portos IS IN PARIS THEN REST\n",
        &vocab(),
    );
    assert!(pd.is_empty(), "{pd:#?}");
    assert_eq!(
        codes(&cd),
        vec!["E2105", "E2106", "E2103", "E2104", "E2103"]
    );
    assert_eq!(cd[0].help.as_deref(), Some("did you mean `Red Phillips`?"));
    assert_eq!(
        cd[2].help.as_deref(),
        Some("did you mean `Count de Rochefort`?")
    );
    // An empty vocabulary skips the check.
    let (_, _, cd) = check_str(
        "CHARACTER Nobody\nWEEK 1\nTOADY TO Someone\n",
        &Vocabulary::default(),
    );
    assert!(cd.is_empty());
}

#[test]
fn sums_bets_and_the_character_line_are_checked() {
    let (_, pd, cd) = check_str(
        "BORROW 0\nWEEK 1\nGAMBLE 10 x 5\nWEEK 2\nGAMBLE -5\n",
        &Vocabulary::default(),
    );
    assert!(pd.is_empty(), "{pd:#?}");
    assert_eq!(codes(&cd), vec!["E2109", "E2107", "E2108", "E2107"]);
}

#[test]
fn money_forms() {
    for m in ["300", "300cr", "300 Cr", "300 crowns", "300c", "300Cr."] {
        let (sheet, diags) = parse_str(&format!("BORROW {m}\n"));
        assert!(diags.is_empty(), "{m}: {diags:#?}");
        assert_eq!(
            orders(&sheet.premonthly),
            vec![Premonthly::Borrow(300)],
            "{m}"
        );
    }
}

#[test]
fn headers_and_synonyms() {
    for h in ["PREMONTHLY", "pre-month", "Premonth:"] {
        let (sheet, diags) = parse_str(&format!("WEEK 1\nREST\n{h}\nVOLUNTEER\n"));
        assert!(diags.is_empty(), "{h}: {diags:#?}");
        assert_eq!(orders(&sheet.premonthly), vec![Premonthly::Volunteer]);
    }
    let (sheet, diags) = parse_str("WEEK 5\nREST\nWEEK 1\nREST\n");
    assert_eq!(codes(&diags), vec!["E2010"]);
    assert_eq!(sheet.for_gm.len(), 1);
    assert_eq!(orders(&sheet.weeks[0]), vec![Weekly::Rest]);
}

#[test]
fn unreadable_condition_holds_the_whole_block() {
    let (sheet, diags) = parse_str(
        "WEEK 1\nIF THE MOON IS FULL\nCAROUSE\nIF I AM IN PARIS\nREST\nENDIF\nENDIF\nDUTY\n",
    );
    assert_eq!(codes(&diags), vec!["W2009"]);
    assert_eq!(sheet.for_gm.len(), 6);
    assert_eq!(orders(&sheet.weeks[0]), vec![Weekly::Duty]);
}

#[test]
fn conditions_and_or_not() {
    let (sheet, diags) = parse_str(
        "WEEK 3\nIF Athos IS IN PARIS AND NOT Athos DID TOADY LAST WEEK OR I HAVE AT LEAST 50cr THEN REST\n",
    );
    assert!(diags.is_empty(), "{diags:#?}");
    let (cond, _, _) = only_if(&sheet.weeks[2]);
    assert_eq!(
        cond,
        &Cond::Or(
            Box::new(Cond::And(
                Box::new(Cond::InParis(s("Athos"))),
                Box::new(Cond::Not(Box::new(Cond::Did {
                    who: s("Athos"),
                    action: ActionKind::Toady,
                    week: WeekRef::Last
                })))
            )),
            Box::new(Cond::CashAtLeast(50))
        )
    );
}

/// The line of every order and IF of a sheet.
fn order_lines(sheet: &OrderSheet) -> Vec<u32> {
    within(sheet, &[])
}

/// The lines of a sheet's orders and IFs, and of everything inside an IF
/// whose line is one of `blocks`, but not those IFs themselves.
fn within(sheet: &OrderSheet, blocks: &[u32]) -> Vec<u32> {
    fn walk<A>(bs: &[Block<A>], blocks: &[u32], inside: bool, out: &mut Vec<u32>) {
        for b in bs {
            match b {
                Block::Order(o) => {
                    if blocks.is_empty() || inside {
                        out.push(o.line);
                    }
                }
                Block::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    if blocks.is_empty() || inside {
                        out.push(cond.line);
                    }
                    let inside = inside || blocks.contains(&cond.line);
                    walk(then, blocks, inside, out);
                    walk(otherwise, blocks, inside, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&sheet.premonthly, blocks, false, &mut out);
    for w in &sheet.weeks {
        walk(w, blocks, false, &mut out);
    }
    if blocks.is_empty() {
        out.extend(sheet.front.iter().map(|c| c.line));
    }
    out
}

fn valid_line() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "CHARACTER Athos",
        "PASSWORD x",
        "PREMONTHLY",
        "WEEK 1",
        "WEEK 3:",
        "W2: REST",
        "FRONT",
        "BRAVE 2",
        "If death roll over 12, reduce it to 12. If DR under 9, increase it to 9",
        "IF Athos IS IN PARIS",
        "IF Athos RECEIVED ME LAST WEEK THEN TOADY TO him ELSE CAROUSE",
        "IF NOT I HAVE AT LEAST 10 THEN",
        "ELSE",
        "ENDIF",
        "END IF",
        "BORROW 100cr",
        "GIVE Porthos 300 IF HE APPOINTS ME BM",
        "IF Porthos GIVES ME 300 APPOINT HIM Adjutant",
        "GAMBLE 3 x 50 CUT 4, 20",
        "COURT Milady",
        "COURT Milady WITH 20 openly",
        "carouse (costs 8cr",
        "ANNOUNCE hello (world)",
        "TOADY TO Count de Rochefort",
        "PRACTISE lance",
        "xyzzy",
        "",
        "# comment",
    ])
    .prop_map(str::to_string)
}

proptest! {
    #[test]
    fn parse_never_panics_on_arbitrary_text(text in "\\PC{0,300}") {
        let src = SourceFile::new("p", text);
        let (sheet, _) = parse(&src);
        let _ = check(&sheet, &vocab(), &src);
    }

    #[test]
    fn parse_never_panics_on_mixes_of_valid_lines(
        lines in prop::collection::vec(valid_line(), 0..40),
        crlf in any::<bool>(),
    ) {
        let text = lines.join(if crlf { "\r\n" } else { "\n" });
        let src = SourceFile::new("p", text);
        let (sheet, _) = parse(&src);
        let _ = check(&sheet, &vocab(), &src);
    }

    /// EG-ORD-001: whatever a reply quotes, and whatever a signature
    /// holds, the sheet read is the one the player wrote above them.
    #[test]
    fn eg_ord_001_a_quote_or_a_signature_changes_nothing(
        lines in prop::collection::vec(valid_line(), 0..20),
        quoted in prop::collection::vec(valid_line(), 0..12),
        signature in prop::collection::vec(valid_line(), 0..6),
        mark in prop::sample::select(vec!["> ", ">", "  > ", ">> "]),
    ) {
        let text = lines.join("\n");
        let mut replied = text.clone();
        replied.push('\n');
        if !quoted.is_empty() {
            replied.push_str("On Monday, Umpire <server@game.test> wrote:\n");
        }
        for q in &quoted {
            replied.push_str(mark);
            replied.push_str(q);
            replied.push('\n');
        }
        replied.push_str("-- \n");
        replied.push_str(&signature.join("\n"));
        let (sheet, diags) = parse(&SourceFile::new("p", text.clone()));
        let (again, again_diags) = parse(&SourceFile::new("p", replied));
        prop_assert_eq!(sheet, again);
        prop_assert_eq!(diags, again_diags);
    }

    /// What the check says is left out does not run: the sheet the month
    /// runs has every order of the sheet but those left out, each once; a
    /// check of it finds nothing more to leave out; and "only the first
    /// action runs" never names an order that is left out.
    #[test]
    fn orders_told_left_out_are_exactly_those_that_do_not_run(
        lines in prop::collection::vec(prop_oneof![
            3 => valid_line(),
            1 => prop::sample::select(vec![
                "TOADY TO Nobody",
                "COURT Milady",
                "BAWDYHOUSE 99999999999999",
                "APPLY TO Nowhere Guards",
                "JOIN CLUB Nowhere",
                "GIVE Nobody 10",
                "GAMBLE -5",
                "IF Nobody IS IN PARIS THEN REST",
                "IF Athos DID CAROUSE IN WEEK 4 THEN",
            ]).prop_map(str::to_string),
        ], 0..30),
    ) {
        let text = lines.join("\n");
        let src = SourceFile::new("p", text);
        let (sheet, mut diags) = parse(&src);
        diags.extend(check(&sheet, &vocab(), &src));
        let (runs, left) = umpire_engarde::orders::left_out::runnable(&sheet, &diags, &src);
        let all = order_lines(&sheet);
        let kept = order_lines(&runs);
        for l in &left {
            prop_assert!(!kept.contains(&l.line), "line {} left out and run", l.line);
            prop_assert!(all.contains(&l.line));
        }
        let blocks: Vec<u32> = left.iter().filter(|l| l.block).map(|l| l.line).collect();
        let with_a_block = within(&sheet, &blocks);
        for line in &all {
            prop_assert!(
                kept.contains(line)
                    || left.iter().any(|l| l.line == *line)
                    || with_a_block.contains(line),
                "line {line} vanished"
            );
        }
        let again = check(&runs, &vocab(), &src);
        prop_assert!(
            !again.iter().any(umpire_engarde::orders::left_out::leaves_out),
            "{again:#?}"
        );
        for d in diags.iter().filter(|d| d.code == "W2102") {
            let first: Option<u32> = d
                .message
                .rsplit("on line ")
                .next()
                .and_then(|n| n.parse().ok());
            prop_assert!(first.is_some_and(|f| kept.contains(&f)), "{d:#?}");
        }
    }

    #[test]
    fn parse_never_panics_on_keyword_soup(
        words in prop::collection::vec(prop::sample::select(vec![
            "IF", "THEN", "ELSE", "ENDIF", "NOT", "AND", "OR", "IS", "IN", "PARIS", "AT", "THE",
            "FRONT", "RECEIVED", "ME", "DID", "WEEK", "LAST", "GIVES", "APPOINTS", "GIVE", "COURT",
            "WITH", "GAMBLE", "CUT", "x", "3x", "x50", "300", "cr", "-1", "(", ")", ",", ".", ":",
            "\n", "DEATH", "ROLL", "DR", "OVER", "UNDER", "REDUCE", "IT", "TO", "BRAVE", "W1",
            "999999999999999999999", "APPOINT", "AS", "BM", "I", "HAVE", "LEAST",
        ]), 0..60),
    ) {
        let text = words.join(" ");
        let src = SourceFile::new("p", text);
        let (sheet, _) = parse(&src);
        let _ = check(&sheet, &vocab(), &src);
    }
}

#[test]
fn documented_synonyms() {
    let text = "\
CHARACTER Athos
RESIGN MY COMMISSION
LEAVE MY CLUB
BUY 2 HORSES
CONSUME 2 TIMES
GIVE 10 TO Porthos
APPOINT Porthos AS BM IF HE GIVES ME 300
IF Porthos APPOINTS ME Adjutant
GIVE Porthos 50
ENDIF
WEEK 2
VISIT THE BAWDYHOUSE 10
WEEK 3
GAMBLE 2 TIMES 10, 3x20 CUT 6
WEEK 4
IF Porthos ISN'T IN PARIS, REST
IF Porthos LET ME TOADY TO HIM LAST WEEK
ELSE CAROUSE
ENDIF
";
    let (sheet, diags) = parse_str(text);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(
        orders(&sheet.premonthly),
        vec![
            Premonthly::LeaveRegiment,
            Premonthly::LeaveClub,
            Premonthly::BuyHorses(2),
            Premonthly::Consume(2),
            Premonthly::Give {
                to: s("Porthos"),
                amount: 10,
                if_appointed: None
            },
            Premonthly::Appoint {
                who: s("Porthos"),
                post: Post::BrigadeMajor,
                if_given: Some(300)
            },
            Premonthly::Give {
                to: s("Porthos"),
                amount: 50,
                if_appointed: Some(Post::Adjutant)
            },
        ]
    );
    assert_eq!(
        orders(&sheet.weeks[1]),
        vec![Weekly::Bawdyhouse { purse: Some(10) }]
    );
    assert_eq!(
        orders(&sheet.weeks[2]),
        vec![Weekly::Gamble(vec![
            Bet {
                stake: 10,
                cut: None
            },
            Bet {
                stake: 10,
                cut: None
            },
            Bet {
                stake: 20,
                cut: Some(6)
            },
            Bet {
                stake: 20,
                cut: Some(6)
            },
            Bet {
                stake: 20,
                cut: Some(6)
            },
        ])]
    );
    match sheet.weeks[3].as_slice() {
        [
            Block::If {
                cond: c1, then: t1, ..
            },
            Block::If {
                cond: c2,
                then: t2,
                otherwise: e2,
            },
        ] => {
            assert_eq!(c1.value, Cond::Not(Box::new(Cond::InParis(s("Porthos")))));
            assert_eq!(orders(t1), vec![Weekly::Rest]);
            assert_eq!(
                c2.value,
                Cond::Received {
                    by: s("Porthos"),
                    week: WeekRef::Last
                }
            );
            assert!(t2.is_empty());
            assert_eq!(orders(e2), vec![Weekly::Carouse]);
        }
        other => panic!("{other:#?}"),
    }
}

#[test]
fn very_deep_nesting_is_held_not_overflowed() {
    let text = format!(
        "WEEK 1\n{}REST\n{}",
        "IF I AM IN PARIS\n".repeat(50_000),
        "ENDIF\n".repeat(50_000)
    );
    let src = SourceFile::new("deep", text);
    let (sheet, diags) = parse(&src);
    let _ = check(&sheet, &vocab(), &src);
    assert!(diags.iter().any(|d| d.code == "W2009"));
    assert!(!sheet.for_gm.is_empty());
}

mod printed {
    use super::*;
    use umpire_engarde::orders::print::{Names, print};

    proptest! {
        /// A sheet printed in canonical form reads back as the same
        /// orders: printing what was read of the print gives the print.
        #[test]
        fn a_printed_sheet_reads_back_as_itself(
            lines in prop::collection::vec(valid_line(), 0..40),
        ) {
            let world = umpire_engarde::setup::new_game(
                "p",
                1,
                3,
                &[],
                umpire_engarde::tables::Tables::builtin().unwrap(),
            );
            let names = Names {
                world: &world,
                tables: umpire_engarde::tables::Tables::builtin().unwrap(),
            };
            let (sheet, _) = parse(&SourceFile::new("p", lines.join("\n")));
            let printed = print(&sheet, &names);
            let (again, diags) = parse(&SourceFile::new("p", printed.clone()));
            prop_assert!(again.for_gm.is_empty(), "{printed}\n{diags:#?}");
            prop_assert_eq!(print(&again, &names), printed);
        }
    }
}
