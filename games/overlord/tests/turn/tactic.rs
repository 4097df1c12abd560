//! TACTIC and COMBAT keep a unit's battle settings (OV-UO-022, 106,
//! OV-CMB-024).

use super::*;

fn mail(u: UnitId, lines: &str) -> String {
    format!("#GAME f01 pw\nUNIT U{}\n{lines}\n#END", u.index() + 1)
}

#[test]
fn ov_uo_106_tactic_sets_only_the_parts_it_names() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let log = g.run_bare(&[&mail(u, "TACTIC DEFEND MIDDLE")]);
    assert_eq!(g.w.units[u].tactics.text, "DEFEND MIDDLE CENTER CHARGE");
    assert!(first(&log, u, |w| matches!(w, What::TacticSet { .. })).is_some());
    g.run_bare(&[&mail(u, "TACTIC RIGHT SUPPORT")]);
    assert_eq!(g.w.units[u].tactics.text, "DEFEND MIDDLE RIGHT SUPPORT");
    // The original engine's spelling reads the same.
    g.w.units[u].tactics.text = "attack middle center charge".into();
    g.run_bare(&[&mail(u, "TACTIC REAR")]);
    assert_eq!(g.w.units[u].tactics.text, "FIGHT REAR CENTER CHARGE");
}

#[test]
fn ov_uo_022_combat_replaces_the_list_and_alone_clears_it() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.run_bare(&[&mail(u, "COMBAT RANGED PARRY")]);
    assert_eq!(g.w.units[u].combat_orders, ["RANGED PARRY"]);
    g.run_bare(&[&mail(u, "COMBAT")]);
    assert!(g.w.units[u].combat_orders.is_empty());
}
