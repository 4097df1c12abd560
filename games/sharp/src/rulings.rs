//! Rulings: every `[gap]` of the checklist is a named ruling with a
//! default (the first option), switchable per game in a rulings file
//! (`name = "option"`), and named in every working it decides. The
//! reasoning behind each default is in `RULES-DECISIONS.md`.

pub use umpire_core::rulings::{Ruling, RulingError, RulingOption};

umpire_core::rulings! {
    command = "umpire sharp rulings";
    StatusTwo = "status-two", ["SP-BM-003"],
        "The sheet prints the third Big Man row as \"III\" again: what is it?",
        ["status-ii" => "status II: initiative 2, influence 10\" (the only consistent reading)"];
    Deck = "deck", ["SP-BM-006", "SP-CARD-007"],
        "What is in the deck, and what ends the turn?",
        ["default" => "one card per Big Man, one per side for its Blinds, Tiffin (ends the turn); each side draws bonus cards from a separate bonus deck (data/deck.toml)",
         "with-grasp" => "as default, plus one Grasp the Nettle card per side in the main deck"];
    CommandRange = "command-range", ["SP-INI-003"],
        "What is a Big Man's \"command range\"?",
        ["influence-range" => "his influence range from the Big Man table"];
    MountCost = "mount-cost", ["SP-ACT-007"],
        "What does mounting cost?",
        ["one-die" => "1 action die, as dismounting", "two-dice" => "2 action dice"];
    BlindDice = "blind-dice", ["SP-ACT-016"],
        "\"Blinds: 3 action dice\": a price or an allowance?",
        ["allowance" => "a Blind has 3 action dice instead of 2"];
    GallopExtraDie = "gallop-extra-die", ["SP-MOV-008"],
        "At the gallop, does the extra D6 also get +3?",
        ["plus-three-too" => "yes: every die, the extra one included, gets +3",
         "extra-plain" => "no: the extra die is rolled plain"];
    ArtilleryTrot = "artillery-trot", ["SP-MOV-010"],
        "When may foot artillery trot?",
        ["player-says-danger" => "when the player declares danger, and not if it trotted in either of the two previous turns"];
    ShockMovement = "shock-movement", ["SP-MOV-016"],
        "How does shock slow movement?",
        ["minus-die-per-two" => "one movement die fewer for every two shock points (never below one die)",
         "none" => "shock does not slow movement"];
    LineRemainder = "line-remainder", ["SP-FORM-004"],
        "A Line shares hits over several targets: who takes the remainder?",
        ["first-named" => "the targets named first take one extra each"];
    ColumnShockRemainder = "column-shock-remainder", ["SP-FORM-009"],
        "Shock spread over a Column: who takes the remainder?",
        ["front-groups" => "the leading Groups take one extra each"];
    MusicianCost = "musician-cost", ["SP-MUS-001", "SP-INI-004"],
        "Does a call cost an initiative or an action?",
        ["initiative" => "one initiative (SP-INI-004)", "action" => "one of the Big Man's action dice"];
    MusicianReach = "musician-reach", ["SP-MUS-002"],
        "From whom is a call's range measured, and whom does it move?",
        ["from-musician-own-groups" => "from the musician; every Group of the Big Man's command within range obeys"];
    InstrumentTroops = "instrument-troops", ["SP-MUS-004"],
        "Which troops use which instrument?",
        ["by-arm" => "drum: line infantry; bugle: light infantry; trumpet: cavalry; whistle: any infantry"];
    SpotBandEdges = "spot-band-edges", ["SP-SPOT-002"],
        "Which band is a target at exactly 9\" or 27\" in (spotting)?",
        ["upper-inclusive" => "the nearer band: 9\" is in 0-9\"", "lower-inclusive" => "the farther band: 9\" is in 9-27\""];
    SpotMovedWindow = "spot-moved-window", ["SP-SPOT-021"],
        "Which of the target's movement dice count for -1 each?",
        ["same-as-stationary" => "those of the previous turn and earlier actions of this turn (the window of SP-SPOT-017)"];
    SpotExtraDice = "spot-extra-dice", ["SP-SPOT-022", "SP-ACT-002"],
        "Extra action dice on spotting and the general +1 for doubling: once or twice?",
        ["once" => "-1 per extra die, and the general +1 is not added again"];
    SpotAutomatic = "spot-automatic", ["SP-SPOT-028"],
        "Can modifiers turn an automatic spot into a roll? Does a natural 12 always succeed?",
        ["automatic-stays" => "automatic stays automatic; no natural-roll rule"];
    SmallArmsPool = "small-arms-pool", ["SP-FIRE-002"],
        "What is the base dice pool for small arms?",
        ["one-per-man" => "one D6 per man firing"];
    LightNotSkirmishing = "light-not-skirmishing", ["SP-FIRE-003"],
        "Do light infantry not in skirmish order use the line table?",
        ["line-table" => "yes, the line-troops table"];
    FireBandEdges = "fire-band-edges", ["SP-FIRE-004"],
        "Which band is a target on a shared edge in (firing)?",
        ["upper-inclusive" => "the nearer band: 9\" is in 0-9\"", "lower-inclusive" => "the farther band"];
    ArtilleryCrew = "artillery-crew", ["SP-FIRE-053"],
        "Do lost gunners cut a gun's dice? Does the top band end?",
        ["full-dice-no-limit" => "a gun rolls its full dice while it has crew; the last band has no maximum"];
    PipNaturalOne = "pip-natural-one", ["SP-FIRE-054"],
        "After +1 pip, does a natural 1 still miss?",
        ["pips-count" => "no: the pip is added to every face, a 1 included"];
    PerMenRounding = "per-men-rounding", ["SP-FMOD-001"],
        "Elite per four, good/poor per five men: partial groups?",
        ["whole-only" => "whole fours and fives only"];
    FirstVolley = "first-volley", ["SP-FMOD-004"],
        "What is a \"first volley\"?",
        ["first-fire-of-game" => "the Group's first fire of the game"];
    Enfilade = "enfilade", ["SP-FMOD-009"],
        "Fire at an enfiladed line: +1D6 or +2D6 (and +1 pip)?",
        ["as-column" => "+1D6 and +1 pip, as a column", "as-square" => "+2D6 and +1 pip, as a square"];
    CoverRounding = "cover-rounding", ["SP-FMOD-011"],
        "Soft/hard cover: does \"round up\" apply to the dice removed or kept?",
        ["removed-up" => "the dice removed are rounded up (50% of 5 removes 3)",
         "kept-up" => "the dice kept are rounded up (50% of 5 keeps 3)"];
    FireOrder = "fire-order", ["SP-FMOD-013"],
        "In what order are firing dice modifiers applied?",
        ["dice-then-cover" => "add and remove whole dice first, then the cover percentage, then smoke; never below 0"];
    HitsRolledAgain = "hits-rolled-again", ["SP-HIT-001"],
        "Is each hit rolled again on the effects table?",
        ["second-roll" => "yes: one D6 per hit, 1-2 no effect, 3-5 shock, 6 kill"];
    WoundDie = "wound-die", ["SP-HIT-007"],
        "Which die for a hit Big Man's wound?",
        ["d6" => "a D6"];
    Physique = "physique", ["SP-HIT-010"],
        "The physique scale (\"Sickly Cove\")?",
        ["four-steps" => "Robust 3, Healthy 2, Weak 1, Sickly Cove 0: a light wound that takes him to 0 is a bad wound"];
    CarryOff = "carry-off", ["SP-HIT-013"],
        "How is a badly wounded Big Man carried off?",
        ["two-men-move" => "two men of his Group spend a move action with him and leave the table with him"];
    SeveralBigMen = "several-big-men", ["SP-HIT-015"],
        "Several Big Men with one Group that takes kills?",
        ["each-rolls" => "each rolls separately against the same number of kills"];
    Bolting = "bolting", ["SP-HORSE-006"],
        "\"Full speed\" of a horse out of control?",
        ["gallop-roll" => "it moves at the gallop: roll the gallop dice"];
    Trapped = "trapped", ["SP-HORSE-008"],
        "How long is a rider trapped under his horse?",
        ["until-freed" => "until a man of his Group spends an action beside him to free him"];
    HorseKill = "horse-kill", ["SP-HORSE-012"],
        "Does a kill that hits a horse still count as a kill?",
        ["not-a-man-kill" => "no: only men killed count for Big Men and fights"];
    ChosenManDice = "chosen-man-dice", ["SP-CM-003"],
        "How many dice does a chosen man roll?",
        ["one" => "one"];
    ChosenManBands = "chosen-man-bands", ["SP-CM-004"],
        "A chosen man's hit numbers?",
        ["follow-example" => "5-6 at 24-36\" and 36-48\"; the skirmish rifle row below 24\""];
    TapDuration = "tap-duration", ["SP-TAP-004"],
        "How long does tap-loading last?",
        ["next-shot" => "the next shot only", "until-reload" => "until a full reload"];
    FistPercentBase = "fist-percent-base", ["SP-FIST-002"],
        "Percentages in fisticuffs: of the running total or the base?",
        ["running" => "of the running total, in the sheet's order"];
    QualityLadder = "quality-ladder", ["SP-FIST-006"],
        "The quality ladder for +2D6 per level?",
        ["poor-good-elite" => "poor < good < elite; aggressive, guards and weedy are separate rows"];
    ColumnSupport = "column-support", ["SP-FIST-011"],
        "Supporting ranks in column: per rank or per Group?",
        ["per-rank" => "+1D6 per supporting rank (ranks behind the first, as the player counts them)"];
    FistRounding = "fist-rounding", ["SP-FIST-016"],
        "How are fisticuffs percentages rounded?",
        ["bonus-down-penalty-up" => "bonuses round down, penalties round up (as the lancer rows)"];
    CavalryPairing = "cavalry-pairing", ["SP-FIST-026"],
        "The flattened cavalry row: which value goes with which opponent?",
        ["by-position" => "by position: unformed open +100%, defended square -66%, undefended square -33%, formed line +25%, lighter cavalry +25%, cover -66%"];
    Overwhelm = "overwhelm", ["SP-FRES-001"],
        "\"4 times as many dice\": at least, or more than?",
        ["at-least" => "at least four times", "more-than" => "more than four times"];
    OverwhelmPoor = "overwhelm-poor", ["SP-FRES-002"],
        "Three times for poor troops: which side must be poor?",
        ["smaller-poor" => "the smaller side"];
    LostByFour = "lost-by-four", ["SP-FRES-011"],
        "Lost by 4: facing? Which shock is doubled?",
        ["this-fight" => "not facing the enemy; the shock taken in this fight is doubled"];
    Guards = "guards", ["SP-FRES-012"],
        "Guards per five prisoners: a part-five?",
        ["round-up" => "rounded up"];
    BeyondFour = "beyond-four", ["SP-FRES-013"],
        "A loss by more than 4?",
        ["as-four" => "as lost by 4"];
    LossByTwoShock = "loss-by-two-shock", ["SP-FRES-014"],
        "Lost by 2: two shock for the side, or per Group?",
        ["per-side" => "two for the side (on its first Group)", "per-group" => "two per Group"];
    EliteRound = "elite-round", ["SP-FRES-015"],
        "Does an elite re-fight count toward the three rounds?",
        ["counts" => "yes"];
    EventUnit = "event-unit", ["SP-RND-001"],
        "What unit are 1s and 6s counted over?",
        ["each-roll" => "each movement or firing roll on its own"];
    EventGrid = "event-grid", ["SP-RND-003"],
        "Which die is the grid's row? May a D10 be rolled instead?",
        ["first-die-row" => "grid only; the first die named is the row"];
    ShortRange = "short-range", ["SP-RND-011"],
        "\"Short range\" when low on ammunition, and resupply?",
        ["first-band" => "the first band only; resupplied when a Big Man spends an action with a supply wagon or the umpire says so"];
    Looters = "looters", ["SP-RND-016"],
        "2 or 3 looters by a die?",
        ["d6-half" => "D6: 1-3 two men, 4-6 three"];
    LadiesNone = "ladies-none", ["SP-RND-028"],
        "1D6-2 men go visiting: 0 or less?",
        ["no-one" => "no one goes"];
    NoBigMan = "no-big-man", ["SP-RND-031"],
        "A movement event naming a Big Man when the Group has none?",
        ["no-effect" => "no effect"];
    HandLimit = "hand-limit", ["SP-CARD-003"],
        "Drawing a fourth bonus card?",
        ["discard-at-once" => "discard down to 3 at once"];
}
