//! Rulings: every place where the sheet is silent or ambiguous (the
//! checklist's `[gap]` notes) is a named ruling with a default.
//!
//! `umpire dbr rulings` lists them; a game may switch any of them in a
//! rulings file (TOML, `name = "option"`), and every answer that a ruling
//! decided names it. The reasoning behind each default is in
//! `RULES-DECISIONS.md`.

pub use umpire_core::rulings::{Ruling, RulingError, RulingOption};

umpire_core::rulings! {
    command = "umpire dbr rulings";
    Classes = "classes", ["DBR-UNIT-004"],
        "Which class (cavalry, foot, train, naval) is each type?",
        ["data" => "as in data/tables.toml: El, Cm, Ln, Pi, Si, LH cavalry; Dr, Pk, Bd, Sh, Bw, Sk, Wb, Hd foot; Art, WWg, Bg, Pont and bridges train; Ships, Gal, Boats naval",
         "dragoons-cavalry" => "as the data, but Dr count as cavalry"];
    PipGeneralSight = "pip-general-sight", ["DBR-PIP-020"],
        "When can a general see an element (for the +1 beyond 300p)?",
        ["player-says" => "the players agree on line of sight and say so; the umpire does not judge it"];
    PipNight = "pip-night", ["DBR-PIP-033"],
        "Is moving at night a separate +2, or a fifth exception to the +2 for separating?",
        ["separate-plus-2" => "moving at night costs +2 of its own, except along a road by moonlight",
         "fifth-exception" => "moving at night is not charged on its own"];
    PipStacking = "pip-stacking", ["DBR-PIP-034"],
        "Do PIP adjustments stack, and can a cost fall below 0?",
        ["stack-floor-0" => "every adjustment adds; the total is never below 0",
         "stack-no-floor" => "every adjustment adds; a total below 0 stands (it gives PIPs back)"];
    PipDice = "pip-dice", ["DBR-PIP-035"],
        "How are PIPs diced?",
        ["1d6-per-command" => "one six-sided die per command each bound; unspent PIPs are lost"];
    NavalWater = "naval-water", ["DBR-MOVE-028"],
        "What are good and difficult going for naval elements?",
        ["open-restricted" => "good = open water (sea, lake, navigable river downstream or slack); difficult = restricted water (shoals, upstream against current, rough water)"];
    FastBonus = "fast-bonus", ["DBR-MOVE-031"],
        "Do LH, Cm, Bd, Art and Naval (F)/(X) get the +50p off-road always, or only when ending in contact?",
        ["always-off-road" => "these types always get it off-road; others only when ending (or in a group ending) in contact",
         "only-in-contact" => "every type gets it only when ending (or in a group ending) in contact"];
    MoveCapOrder = "move-cap-order", ["DBR-MOVE-040"],
        "Do grade adjustments apply before or after the 100p cap?",
        ["adjust-then-cap" => "apply the grade adjustments, then cap at 100p (the cap is a maximum)",
         "cap-then-adjust" => "cap the table value at 100p, then apply the grade adjustments"];
    MixedGoing = "mixed-going", ["DBR-MOVE-041"],
        "How far may a move go that passes through several kinds of going?",
        ["slowest" => "the whole move is limited by the slowest going entered",
         "starting" => "the going the move starts in sets the limit"];
    DashGrade = "dash-grade", ["DBR-RNG-047"],
        "Is a dash in the range table a non-shooter, or a grade that does not exist for that type?",
        ["non-shooter" => "the type may have the grade; it just cannot shoot",
         "reject" => "a type that shoots may not have a grade its range row dashes out"];
    BdThreeFive = "bd-three-five", ["DBR-CF-017"],
        "What selects Bd's 3 or 5 against foot?",
        ["close-combat-5" => "5 in close combat, 3 when shooting or shot at",
         "always-3" => "always 3",
         "always-5" => "always 5"];
    UnladenRow = "unladen-row", ["DBR-CF-037"],
        "Does an unladen or captured element use its own row or the last row?",
        ["last-row" => "the unladen/captured row overrides the type's own row",
         "own-row" => "the type's own row"];
    RearSupport = "rear-support", ["DBR-RS-010", "DBR-RS-011"],
        "How much is rear support worth, and how are its grade qualifiers read?",
        ["plus-1-type-by-type" => "+1 for one suitable element directly behind, same type, facing the same way; qualifiers attach to the type just before them"];
    FlankSupport = "flank-support", ["DBR-FS-004"],
        "Does flank support on both flanks count twice?",
        ["once" => "the factor is counted once however many flanks are supported",
         "per-flank" => "the factor is counted for each supported flank"];
    Fortified = "fortified", ["DBR-TF-002"],
        "Is the +2 of the first tactical factor only for fortified foot/Art?",
        ["fortified-only" => "both clauses qualify fortified foot or Art",
         "three-cases" => "fortified; any close combat other than against Sk (X); shot at — each +2"];
    BuaRoad = "bua-road", ["DBR-TF-006"],
        "Whose road is \"or on a road\" in the BUA factor?",
        ["target-on-road" => "foot standing on a road through the BUA get no +1",
         "shooter-on-road" => "no +1 when the shooter is on a road"];
    ShotAtBonus = "shot-at-bonus", ["DBR-TF-008"],
        "Is \"shot at by Art on a hill / WWg / Ship front edge\" a +1 to the target or to the shooter?",
        ["target" => "+1 to the target, as the sheet's words read",
         "shooter" => "+1 to the shooter (the primary shooter's advantage)"];
    Weather = "weather", ["DBR-TF-013"],
        "Who is disadvantaged by weather?",
        ["player-says" => "the players say which side is disadvantaged; the umpire applies -1"];
    Overlap = "overlap", ["DBR-TF-014"],
        "Does a flank both overlapped and contacted count once or twice?",
        ["once-per-flank" => "-1 per flank (overlapped and/or contacted) plus -1 for the rear",
         "each" => "-1 for each overlap and each contacting element"];
    InferiorVsBw = "inferior-vs-bw", ["DBR-SGF-008"],
        "An (I) land element shooting and losing to Bw: -2 or -1?",
        ["both-rows" => "both rows apply: -2",
         "one-row" => "only the larger applies: -1"];
    GradingBasis = "grading-basis", ["DBR-SGF-009"],
        "What totals are compared for grading?",
        ["pre-grading" => "both sides are graded, each comparing the two pre-grading totals; even/odd is on the element's own pre-grading total"];
    ShooterLoses = "shooter-loses", ["DBR-SGF-009"],
        "What happens to a shooter whose score is lower than its target's?",
        ["no-effect" => "nothing: only the target of the shooting can suffer (the shooter is not shot at in this exchange)",
         "outcome" => "the shooter takes the outcome as if it had been beaten"];
    Die = "die", ["DBR-RES-001"],
        "What die does each side roll?",
        ["1d6-each" => "one six-sided die per side, added to the total"];
    Tie = "tie", ["DBR-RES-005"],
        "What happens on equal final scores?",
        ["no-result" => "no result: both stand, nothing happens"];
    Mechanisms = "mechanisms", ["DBR-RES-006"],
        "What do recoil, flee, destroyed and captured do?",
        ["named-only" => "the umpire names the outcome; the players carry it out by the full rules"];
    CountsAsGood = "counts-as-good", ["DBR-RES-007", "DBR-OUT1-021"],
        "Whose going decides \"in going these count as good\"?",
        ["beaten-in-good" => "the beaten element stands in good going",
         "either-in-good" => "both elements stand in good going"];
    ShByShF = "sh-by-sh-f", ["DBR-OUT1-022"],
        "Is Sh destroyed by Sh (F), Bd or Wb in any bound, or only in close combat in an enemy bound?",
        ["any-bound" => "in any bound, whatever the going (close combat or not)",
         "enemy-bound-close-combat" => "only in close combat in an enemy bound"];
    ArtOdd = "art-odd", ["DBR-OUT1-039"],
        "Art (S)/(O) beaten by less than double, not in close combat nor by Art (S), with an odd score?",
        ["no-effect" => "no effect"];
    WwgOtherwise = "wwg-otherwise", ["DBR-OUT1-043"],
        "WWg beaten by less than double by anything else?",
        ["no-effect" => "no effect: WWg do not recoil",
         "recoil" => "recoil"];
    BgImmobile = "bg-immobile", ["DBR-OUT1-048"],
        "Immobile Bg beaten by less than double outside close combat?",
        ["no-effect" => "no effect"];
    UnladenOtherwise1 = "unladen-otherwise-1", ["DBR-OUT1-051"],
        "Unladen Naval or a bridge beaten by less than double, otherwise?",
        ["no-effect" => "no effect",
         "recoil" => "recoil, as laden Naval"];
    CavalryVsPk = "cavalry-vs-pk", ["DBR-OUT2-005"],
        "\"unless Ln or Cm (S)\" — the beaten cavalry's type?",
        ["beaten-type" => "the beaten cavalry is Ln or Cm (S)"];
    BridgeCapture = "bridge-capture", ["DBR-OUT2-012"],
        "What does capturing a bridge mean?",
        ["named-only" => "the umpire names it captured; the captor's side may use it from then on"];
    UnladenOtherwise2 = "unladen-otherwise-2", ["DBR-OUT2-015"],
        "Unladen Naval or a bridge beaten by double or more, otherwise?",
        ["destroyed" => "destroyed, as other elements beaten this badly",
         "no-effect" => "no effect"];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_ids_match_the_table() {
        for (i, id) in RulingId::ALL.iter().enumerate() {
            assert_eq!(*id as usize, i);
        }
        let mut names: Vec<_> = RULINGS.iter().map(|r| r.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), RULINGS.len());
        for r in RULINGS {
            assert!(!r.options.is_empty());
            for id in r.checklist {
                assert!(id.starts_with("DBR-"), "{id}");
            }
        }
    }

    #[test]
    fn rulings_file_switches_and_reports_mistakes() {
        let r = Rulings::from_toml("r.toml", "move-cap-order = \"cap-then-adjust\"\n").unwrap();
        assert!(r.is(RulingId::MoveCapOrder, "cap-then-adjust"));
        assert!(r.is_switched(RulingId::MoveCapOrder));
        let e = Rulings::from_toml("r.toml", "move-cap-ordr = \"x\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean `move-cap-order`"), "{e}");
        let e = Rulings::from_toml("r.toml", "tie = \"replay\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("its options are `no-result`"), "{e}");
        let e = Rulings::from_toml("r.toml", "tie = 3")
            .unwrap_err()
            .to_string();
        assert!(e.contains("quoted name"), "{e}");
    }
}
