//! Rulings: every `[gap]` of the checklist is a named ruling with a default
//! (the first option), switchable per game, named when it decides
//! something. The reasons are in `RULES-DECISIONS.md`.

pub use umpire_core::rulings::{Ruling, RulingError, RulingOption};

umpire_core::rulings! {
    command = "umpire nb rulings";
    Phases = "phases", ["NB-SEQ-001"],
        "The turn's steps, named inconsistently by the sheet?",
        ["arrival-first" => "Arrival, Communications, Command, Maneuver (movement), then the rest of the turn; every name the sheet uses is accepted"];
    StartingOrders = "starting-orders", ["NB-SETUP-006"],
        "Who holds a starting order?",
        ["corps-and-direct" => "every corps, and every division that answers directly to the army commander (its own formation's order otherwise)"];
    EngagementEnds = "engagement-ends", ["NB-ENG-006"],
        "When does engagement end, and engaged with what?",
        ["end-of-movement" => "the players say at the end of each movement phase; with no un-routed enemy within 17\" it ends; engagement is with enemy divisions"];
    BackToColumn = "back-to-column", ["NB-ATK-006"],
        "Must units that formed line go back into column when no enemy is left in range?",
        ["yes" => "yes (NB-ATK-002)", "no" => "no, they may stay in line"];
    Completion = "completion", ["NB-ATK-007"],
        "What completes an attack or move order?",
        ["declared" => "the player or umpire declares it (`complete FORMATION`); the umpire records it and the formation goes to Defend"];
    ReturnToRange = "return-to-range", ["NB-DEF-005"],
        "When must units that attacked beyond range come back?",
        ["next-move" => "once no longer in combat, on their next move at full rate"];
    ReserveSameTurn = "reserve-same-turn", ["NB-RES-003"],
        "Does an on-board reserve move on an order delivered in the same movement phase?",
        ["yes" => "yes: messengers move first, and the reserve then moves under its new order"];
    ArrivalDie = "arrival-die", ["NB-OFF-013"],
        "Which die for the arrival roll, an average general's modifier, totals off the chart?",
        ["d10-clamp" => "a d10; average +0; totals below 1 read as 1-2, above 10 as 9-10"];
    EarlyArrival = "early-arrival", ["NB-OFF-014"],
        "May a formation arrive before its planned (\"earliest\") turn?",
        ["chart-wins" => "yes: the chart wins", "planned-is-earliest" => "no: an early result arrives on the planned turn"];
    Allowance = "allowance", ["NB-ISS-005"],
        "How many orders a turn?",
        ["summary" => "French 3, British 2, all others 1 (the summary; the same as 1 + the nationality bonus)",
         "bonus-only" => "the nationality bonus alone: French 2, British 1, others 0 (plus the base of 1 read away)"];
    Reaching = "reaching", ["NB-MSG-004"],
        "What does a messenger's \"reaching\" the recipient mean? Interception? A recipient who moves or dies?",
        ["distance-typed" => "the players measure and type the distance; it is delivered when its moves cover it; a recipient who moves gets the distance re-typed; no interception; a dead recipient's messenger waits for the replacement"];
    ActivationDie = "activation-die", ["NB-ACT-001"],
        "Which die for activation?",
        ["d10" => "a d10"];
    ActivationLow = "activation-low", ["NB-ACT-002"],
        "A total below 1?",
        ["four-turns" => "4 turns, as 1"];
    UnlistedNations = "unlisted-nations", ["NB-ACT-015"],
        "Nations and years without a listed modifier?",
        ["zero" => "0, said in the working (British; Russia 1815; Prussia 1807-1812; any other)"];
    LongestDelay = "longest-delay", ["NB-ACT-024"],
        "\"Up to 3 turns later\" against the chart's 4-turn row?",
        ["chart-wins" => "the chart wins: up to 4 turns"];
    KeepsOrder = "keeps-order", ["NB-ACT-025"],
        "What does a formation do while an order's delay runs?",
        ["previous-order" => "it carries on with its previous order"];
    AlertedDivision = "alerted-division", ["NB-ROUTE-004"],
        "A division's order delivered to its corps commander: \"test at once\"?",
        ["next-communications" => "the division general reads and tests in the next Communications step, with no more messenger travel"];
    CorpsRangeCheck = "corps-range-check", ["NB-ROUTE-011"],
        "When is a division's range from its corps commander checked, for a corps order?",
        ["at-reading" => "when the order is read"];
    Exceptions = "exceptions", ["NB-CMD-003"],
        "\"Two exceptions\", three listed?",
        ["all-three" => "all three: units that initiated combat, routed units, detachments"];
    OutOfRange = "out-of-range", ["NB-CMD-005"],
        "A unit still out of its division general's range?",
        ["warn" => "the umpire reports it; no penalty", "penalty" => "the umpire reports it and marks the unit for the GM's penalty"];
    AfterDetaching = "after-detaching", ["NB-ATT-003"],
        "A commander who detaches: read at once or next Communications step?",
        ["next-communications" => "the next Communications step"];
    AttachedChain = "attached-chain", ["NB-ATT-006"],
        "The army commander joins a general who is himself attached to a unit?",
        ["not-attached-to-unit" => "the army commander is attached to a general, not a unit: he may still issue orders"];
    Casualty = "casualty", ["NB-MISC-004"],
        "Orders in transit or awaiting activation when a general falls?",
        ["wait-and-keep" => "a messenger in transit waits for the replacement; an order already read keeps its delay"];
}
