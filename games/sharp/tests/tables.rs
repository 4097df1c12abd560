//! SP-BM and SP-ACT: the Big Man table, initiative, action dice and the
//! price of every action, checked against figures typed from the sheet.

use umpire_sharp::actions::{
    Action, action_cost, action_dice, big_man, command_range, doubling_bonus, initiatives,
    spend_initiative,
};
use umpire_sharp::model::Status;
use umpire_sharp::tables::Tables;
use umpire_sharp::{Rulings, SharpError};

type R = Result<(), SharpError>;

fn t() -> Result<&'static Tables, SharpError> {
    Tables::builtin()
}

fn bm(status: Status) -> Result<(u32, f64), SharpError> {
    let b = big_man(t()?, &Rulings::default(), status)?;
    Ok((b.initiative, b.influence.0))
}

fn cost(action: Action) -> Result<u32, SharpError> {
    Ok(action_cost(t()?, &Rulings::default(), action, 0)?.0)
}

#[test]
fn sp_bm_001_status_iv_initiative_4_influence_18() -> R {
    assert_eq!(bm(Status::IV)?, (4, 18.0));
    Ok(())
}

#[test]
fn sp_bm_002_status_iii_initiative_3_influence_14() -> R {
    assert_eq!(bm(Status::III)?, (3, 14.0));
    Ok(())
}

#[test]
fn sp_bm_003_status_ii_initiative_2_influence_10_by_ruling() -> R {
    assert_eq!(bm(Status::II)?, (2, 10.0));
    let b = big_man(t()?, &Rulings::default(), Status::II)?;
    assert_eq!(b.steps[0].rule, "SP-BM-003");
    assert_eq!(b.steps[0].ruling, Some("status-two"));
    Ok(())
}

#[test]
fn sp_bm_004_status_i_initiative_1_influence_6() -> R {
    assert_eq!(bm(Status::I)?, (1, 6.0));
    Ok(())
}

#[test]
fn sp_bm_005_initiatives_are_level_plus_one_per_grasp_the_nettle_card() -> R {
    let r = Rulings::default();
    assert_eq!(initiatives(t()?, &r, Status::III, 0)?.0, 3);
    assert_eq!(initiatives(t()?, &r, Status::III, 1)?.0, 4);
    let (n, steps) = initiatives(t()?, &r, Status::I, 2)?;
    assert_eq!(n, 3);
    assert_eq!(steps[1].rule, "SP-BM-005");
    Ok(())
}

#[test]
fn sp_bm_006_initiatives_are_spent_one_use_at_a_time_when_his_card_comes_up() -> R {
    let t = t()?;
    let (left, _) = spend_initiative(t, Status::III, 3, "activate-self")?;
    assert_eq!(left, 2);
    let (left, _) = spend_initiative(t, Status::III, left, "remove-shock")?;
    assert_eq!(left, 1);
    let (left, _) = spend_initiative(t, Status::III, left, "charge")?;
    assert_eq!(left, 0);
    assert!(spend_initiative(t, Status::III, left, "charge").is_err());
    Ok(())
}

#[test]
fn make_ready_costs_all_initiative_and_needs_status_ii() -> R {
    let t = t()?;
    assert_eq!(spend_initiative(t, Status::II, 3, "make-ready")?.0, 0);
    match spend_initiative(t, Status::I, 1, "make-ready") {
        Err(e) => assert!(e.to_string().contains("status II or higher"), "{e}"),
        Ok(_) => panic!("a status I Big Man gave Make ready!"),
    }
    match spend_initiative(t, Status::II, 2, "make-redy") {
        Err(e) => assert!(e.to_string().contains("did you mean `make-ready`"), "{e}"),
        Ok(_) => panic!("a misspelt use was taken"),
    }
    Ok(())
}

#[test]
fn command_range_is_the_influence_range_by_ruling() -> R {
    let (range, steps) = command_range(t()?, &Rulings::default(), Status::IV)?;
    assert_eq!(range.0, 18.0);
    assert_eq!(steps[0].rule, "SP-INI-003");
    assert_eq!(steps[0].ruling, Some("command-range"));
    Ok(())
}

#[test]
fn sp_act_001_two_action_dice() -> R {
    assert_eq!(action_dice(t()?, false).0, 2);
    Ok(())
}

#[test]
fn sp_act_002_both_dice_on_one_action_give_plus_one() -> R {
    assert_eq!(doubling_bonus(t()?, 2).0, 1);
    assert_eq!(doubling_bonus(t()?, 1).0, 0);
    Ok(())
}

#[test]
fn sp_act_003_move_costs_1() -> R {
    assert_eq!(cost(Action::Move)?, 1);
    Ok(())
}

#[test]
fn sp_act_004_low_obstacle_costs_1() -> R {
    assert_eq!(cost(Action::LowObstacle)?, 1);
    Ok(())
}

#[test]
fn sp_act_005_high_obstacle_costs_2() -> R {
    assert_eq!(cost(Action::HighObstacle)?, 2);
    Ok(())
}

#[test]
fn sp_act_006_unbarred_building_costs_1() -> R {
    assert_eq!(cost(Action::EnterBuilding)?, 1);
    Ok(())
}

#[test]
fn sp_act_007_dismount_costs_1_and_mount_by_ruling() -> R {
    assert_eq!(cost(Action::Dismount)?, 1);
    let (c, steps) = action_cost(t()?, &Rulings::default(), Action::Mount, 0)?;
    assert_eq!(c, 1);
    assert_eq!(steps[0].ruling, Some("mount-cost"));
    let mut r = Rulings::default();
    r.set("mount-cost", "two-dice")?;
    assert_eq!(action_cost(t()?, &r, Action::Mount, 0)?.0, 2);
    assert_eq!(action_cost(t()?, &r, Action::Dismount, 0)?.0, 1);
    Ok(())
}

#[test]
fn sp_act_008_fire_costs_1() -> R {
    assert_eq!(cost(Action::Fire)?, 1);
    Ok(())
}

#[test]
fn sp_act_009_reload_rifle_costs_2() -> R {
    assert_eq!(cost(Action::ReloadRifle)?, 2);
    Ok(())
}

#[test]
fn sp_act_010_tap_load_costs_1() -> R {
    assert_eq!(cost(Action::TapLoad)?, 1);
    Ok(())
}

#[test]
fn sp_act_011_reload_musket_costs_1() -> R {
    assert_eq!(cost(Action::ReloadMusket)?, 1);
    Ok(())
}

#[test]
fn sp_act_012_spot_costs_1() -> R {
    assert_eq!(cost(Action::Spot)?, 1);
    Ok(())
}

#[test]
fn sp_act_013_open_ranks_costs_1() -> R {
    assert_eq!(cost(Action::OpenRanks)?, 1);
    Ok(())
}

#[test]
fn sp_act_014_task_costs_1() -> R {
    assert_eq!(cost(Action::Task)?, 1);
    Ok(())
}

#[test]
fn sp_act_015_reload_artillery_2_plus_1_per_two_gunners_lost() -> R {
    let r = Rulings::default();
    for (lost, dice) in [(0, 2), (1, 2), (2, 3), (3, 3), (4, 4), (5, 4)] {
        assert_eq!(
            action_cost(t()?, &r, Action::ReloadArtillery, lost)?.0,
            dice,
            "{lost} gunners lost"
        );
    }
    // Lost gunners change nothing else.
    assert_eq!(action_cost(t()?, &r, Action::ReloadMusket, 4)?.0, 1);
    Ok(())
}

#[test]
fn sp_act_016_a_blind_has_three_action_dice_by_ruling() -> R {
    let (n, steps) = action_dice(t()?, true);
    assert_eq!(n, 3);
    assert_eq!(steps[0].ruling, Some("blind-dice"));
    Ok(())
}

#[test]
fn every_action_has_a_price_and_reads_back() -> R {
    for a in Action::ALL {
        assert_eq!(Action::read(a.id())?, *a);
        assert!(cost(*a)? >= 1);
    }
    match Action::read("reload-muskit") {
        Err(e) => assert!(e.to_string().contains("reload-musket"), "{e}"),
        Ok(_) => panic!("accepted a misspelt action"),
    }
    Ok(())
}
