//! The list of the session's commands ([`COMMANDS`]): the names, usage
//! lines and examples that `help` shows and that the session checks a
//! command's issuer against. The commands themselves are carried out by
//! [`crate::commands`].

use umpire_core::session::{Command, builtin};

/// Every command: what it does, how it is typed, an example, and who may
/// issue it. A side acts with its own Groups, Big Men and cards; drawing
/// cards, bonus cards and setting shock or men by hand are the umpire's
/// (every side's together at a table without one).
pub const COMMANDS: &[Command] = &[
    builtin::HELP,
    Command::new(
        "show",
        "the battle; a side sees only what it may",
        "show [SIDE]",
        "show",
    )
    .aliases(&["view"])
    .ask(),
    Command::new("draw", "draw the next card of the deck", "draw", "draw")
        .umpire()
        .bare(),
    Command::new(
        "initiative",
        "spend the active Big Man's initiative",
        "initiative USE [ARGS]  (uses: self, activate GROUP [range N], musician CALL [for GROUP…], form NAME line|column|square GROUP GROUP…, remove-shock GROUP, charge, encourage GROUP [range N], fervour, action, merge GROUP GROUP, chosen-man GROUP, make-ready GROUP)",
        "initiative activate line-company range 8",
    )
    .aliases(&["init", "spend"]),
    Command::new(
        "fire",
        "a Group fires: the result, then the working",
        "fire GROUP at TARGET range N [cover soft|hard] [enfilade] [smoke] [initiative] [dice …]",
        "fire rifles at voltigeurs range 12 cover soft",
    ),
    Command::new(
        "chosen",
        "a chosen man shoots",
        "chosen GROUP at TARGET range N [cover soft|hard] [dice …]",
        "chosen rifles at voltigeurs range 20",
    ),
    Command::new(
        "fight",
        "fisticuffs: an activated (or encouraged) Group attacks Groups of the other side",
        "fight GROUP[,GROUP] vs GROUP[,GROUP] [lead BIGMAN] [fervour N] [cover light|hard] [flank] [ambushed] [surrounded] [no-escape] [dice …]",
        "fight line-company vs voltigeurs lead Major Lawford",
    ),
    Command::new(
        "move",
        "a Group or Blind moves, spending action dice (1D6 each)",
        "move GROUP|BLIND [actions N] [pace walk|trot|gallop|retire] [dice …]",
        "move rifles actions 2 dice 4,5",
    ),
    Command::new(
        "spot",
        "a Group tries to spot a target",
        "spot GROUP at TARGET range N obscurity open|slight|obscured|badly [modifiers] [dice …]",
        "spot rifles at Blind_1 range 10 obscurity slight",
    ),
    Command::new(
        "odds",
        "the odds before rolling, and the score needed",
        "odds fire|fight|spot …  (as the command, without rolling)",
        "odds spot rifles at Blind_1 range 10 obscurity slight",
    )
    .ask(),
    Command::new(
        "reload",
        "a Group reloads (rifle 2 action dice, musket 1, artillery 2 + 1 per two gunners lost)",
        "reload GROUP",
        "reload rifles",
    ),
    Command::new("tap", "a rifle Group tap-loads", "tap GROUP", "tap rifles").aliases(&["tap-load"]),
    Command::new(
        "act",
        "any other action of the cost table",
        "act GROUP low-obstacle|high-obstacle|enter-building|mount|dismount|open-ranks|task",
        "act line-company low-obstacle",
    ),
    Command::new(
        "event",
        "roll a random event for a Group by hand",
        "event firing|movement GROUP [dice …]",
        "event movement rifles",
    )
    .umpire(),
    Command::new("bonus", "a side draws a bonus card", "bonus SIDE", "bonus British").umpire(),
    Command::new(
        "play",
        "the active Big Man's side plays a held card",
        "play SIDE CARD",
        "play British grasp-the-nettle-2",
    ),
    Command::new(
        "discard",
        "a side throws a held card away",
        "discard SIDE CARD",
        "discard British water",
    )
    .private(),
    Command::new("hand", "a side's bonus cards", "hand SIDE", "hand British").private(),
    Command::new(
        "shock",
        "add or remove shock by hand",
        "shock GROUP +N|-N",
        "shock voltigeurs +1",
    )
    .umpire(),
    Command::new("kill", "remove men by hand", "kill GROUP N", "kill voltigeurs 1").umpire(),
    Command::new(
        "reveal",
        "place a Blind's troops on the table (automatic spotting, or its side's choice)",
        "reveal BLIND",
        "reveal Blind_1",
    ),
    Command::new(
        "ruling",
        "list the rulings, or switch one for this game",
        "ruling [NAME OPTION]",
        "ruling first-volley every-volley",
    )
    .aliases(&["rulings"])
    .umpire()
    .bare_asks(),
    builtin::UNDO,
    builtin::LOG,
    builtin::END,
];
