//! The deck and the turn, and the bonus deck.

use umpire_sharp::deck::{self, Drawn, HAND_LIMIT};
use umpire_sharp::setup::battle_from_toml;
use umpire_sharp::state::{Battle, Card, Wound};
use umpire_sharp::{RulingId, Rulings, SharpError};

const SCENARIO: &str = include_str!("../scenarios/vimeiro.toml");

fn battle() -> Battle {
    match battle_from_toml("vimeiro.toml", SCENARIO) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

fn draw_until(b: &mut Battle, r: &Rulings, want: impl Fn(&Drawn) -> bool) -> Drawn {
    for _ in 0..40 {
        match deck::draw(b, r) {
            Ok(d) if want(&d) => return d,
            Ok(_) => {}
            Err(e) => panic!("{e}"),
        }
    }
    panic!("not drawn in 40 cards")
}

#[test]
fn sp_bm_005_initiatives_are_the_level_plus_grasp_the_nettle() -> Result<(), SharpError> {
    let mut b = battle();
    let r = Rulings::default();
    let d = draw_until(
        &mut b,
        &r,
        |d| matches!(d, Drawn::BigMan { name, .. } if name == "Captain Sharp"),
    );
    assert_eq!(
        d,
        Drawn::BigMan {
            name: "Captain Sharp".into(),
            initiatives: 3
        }
    );
    b.side_mut("British")?
        .hand
        .push(deck::builtin_bonus_deck()?[1].clone());
    deck::play(&mut b, "British", "grasp-the-nettle-2")?;
    assert_eq!(
        b.active.as_ref().map(|a| (a.initiatives, a.grasped)),
        Some((4, 1))
    );
    Ok(())
}

#[test]
fn sp_bm_006_one_card_per_big_man_blinds_and_tiffin_ends_the_turn() {
    let mut b = battle();
    let r = Rulings::default();
    let mut cards = deck::main_deck(&b, &r);
    cards.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(
        cards.len(),
        6 + 1 + 1,
        "six Big Men, the French Blinds, Tiffin: {cards:?}"
    );
    assert!(cards.contains(&Card::Tiffin) && cards.contains(&Card::Blinds("French".into())));
    // Drawing through the deck reaches Tiffin, which starts turn 2 with a
    // fresh deck.
    let d = draw_until(&mut b, &r, |d| matches!(d, Drawn::Tiffin { .. }));
    assert!(matches!(d, Drawn::Tiffin { next_turn: 2, .. }));
    assert_eq!(b.turn, 2);
    assert_eq!(b.deck.len(), 8);
    // With the ruling switched, each side also has a Grasp the Nettle card.
    let mut r2 = Rulings::default();
    r2.set(RulingId::Deck.name(), "with-grasp").ok();
    assert_eq!(deck::main_deck(&b, &r2).len(), 10);
}

#[test]
fn the_same_seed_shuffles_the_same_deck() {
    let (a, b) = (battle(), battle());
    assert_eq!(a.deck, b.deck);
    assert_eq!(a.bonus_deck, b.bonus_deck);
}

#[test]
fn a_badly_wounded_big_man_has_no_card() {
    let mut b = battle();
    if let Ok(bm) = b.big_man_mut("Sergeant Harper") {
        bm.wound = Wound::Bad;
    }
    let cards = deck::main_deck(&b, &Rulings::default());
    assert!(!cards.contains(&Card::BigMan("Sergeant Harper".into())));
}

fn bonus(b: &mut Battle, id: &str) {
    let Some(i) = b.bonus_deck.iter().position(|c| c.id == id) else {
        panic!("no {id}")
    };
    let c = b.bonus_deck.remove(i);
    b.bonus_deck.insert(0, c);
}

#[test]
fn sp_card_001_the_triggering_side_takes_the_top_card() -> Result<(), SharpError> {
    let mut b = battle();
    let top = b.bonus_deck[0].clone();
    let before = b.bonus_deck.len();
    let d = deck::draw_bonus(&mut b, "French")?;
    assert_eq!(d.card, top);
    assert_eq!(b.bonus_deck.len(), before - 1);
    if !top.at_once {
        assert_eq!(b.sides[1].hand, vec![top]);
    }
    Ok(())
}

#[test]
fn sp_card_002_a_card_may_be_kept_or_thrown_away() -> Result<(), SharpError> {
    let mut b = battle();
    bonus(&mut b, "water");
    deck::draw_bonus(&mut b, "British")?;
    assert_eq!(b.sides[0].hand.len(), 1);
    let c = deck::discard(&mut b, "British", "water")?;
    assert_eq!(c.id, "water");
    assert!(b.sides[0].hand.is_empty());
    assert_eq!(
        b.bonus_discards.last().map(|c| c.id.as_str()),
        Some("water")
    );
    Ok(())
}

#[test]
fn sp_card_003_at_most_three_cards_a_fourth_forces_a_discard() -> Result<(), SharpError> {
    let mut b = battle();
    for _ in 0..3 {
        bonus(&mut b, "resupply");
        assert!(!deck::draw_bonus(&mut b, "British")?.must_discard);
    }
    bonus(&mut b, "water");
    let d = deck::draw_bonus(&mut b, "British")?;
    assert!(d.must_discard);
    assert_eq!(b.sides[0].hand.len(), HAND_LIMIT + 1);
    Ok(())
}

#[test]
fn sp_card_004_damnation_is_played_at_once() -> Result<(), SharpError> {
    let mut b = battle();
    let r = Rulings::default();
    draw_until(&mut b, &r, |d| matches!(d, Drawn::BigMan { .. }));
    bonus(&mut b, "damnation");
    let d = deck::draw_bonus(&mut b, "British")?;
    assert!(d.played && !d.must_discard);
    assert!(b.sides[0].hand.is_empty());
    assert!(b.active.is_none(), "the card in play ends");
    Ok(())
}

#[test]
fn sp_card_005_a_kept_card_is_played_later() -> Result<(), SharpError> {
    let mut b = battle();
    let r = Rulings::default();
    bonus(&mut b, "rally");
    deck::draw_bonus(&mut b, "French")?;
    // Later, on a French Big Man's card.
    draw_until(
        &mut b,
        &r,
        |d| matches!(d, Drawn::BigMan { name, .. } if name == "Colonel Vandal"),
    );
    let c = deck::play(&mut b, "French", "rally")?;
    assert_eq!(c.id, "rally");
    Ok(())
}

#[test]
fn sp_card_006_only_the_active_big_mans_side_plays_a_card() -> Result<(), SharpError> {
    let mut b = battle();
    let r = Rulings::default();
    bonus(&mut b, "rally");
    deck::draw_bonus(&mut b, "French")?;
    // No card in play.
    assert!(deck::play(&mut b, "French", "rally").is_err());
    draw_until(
        &mut b,
        &r,
        |d| matches!(d, Drawn::BigMan { name, .. } if name == "Captain Sharp"),
    );
    let e = deck::play(&mut b, "French", "rally");
    assert!(matches!(e, Err(SharpError::Invalid(m)) if m.contains("not of French")));
    Ok(())
}

#[test]
fn sp_card_007_the_bonus_deck_has_a_documented_content() -> Result<(), SharpError> {
    let d = deck::builtin_bonus_deck()?;
    assert_eq!(d.len(), 4 + 2 + 3 + 3 + 2 + 2 + 2);
    assert_eq!(
        d.iter()
            .filter(|c| c.at_once)
            .map(|c| c.id.as_str())
            .collect::<Vec<_>>(),
        ["damnation", "damnation"]
    );
    assert!(d.iter().any(|c| c.id == "water"));
    assert!(
        deck::bonus_deck_from_toml(
            "d.toml",
            "[[card]]\nid = \"x\"\nname = \"X\"\ntext = \"t\"\ncount = 0\n"
        )
        .is_err()
    );
    Ok(())
}

#[test]
fn sp_hit_009_a_lightly_wounded_big_man_plays_only_lower_rated_grasp_cards()
-> Result<(), SharpError> {
    let mut b = battle();
    let r = Rulings::default();
    if let Ok(bm) = b.big_man_mut("Captain Sharp") {
        bm.wound = Wound::Light;
    }
    let cards = deck::builtin_bonus_deck()?;
    b.side_mut("British")?
        .hand
        .extend([cards[2].clone(), cards[1].clone()]);
    draw_until(
        &mut b,
        &r,
        |d| matches!(d, Drawn::BigMan { name, .. } if name == "Captain Sharp"),
    );
    // Rated III = his status: refused; rated II: allowed.
    assert!(deck::play(&mut b, "British", "grasp-the-nettle-3").is_err());
    deck::play(&mut b, "British", "grasp-the-nettle-2")?;
    Ok(())
}

#[test]
fn a_scenario_adds_national_cards_to_the_main_deck() -> Result<(), SharpError> {
    let text = format!(
        "{SCENARIO}\n[[main_card]]\nname = \"Vive l'Empereur\"\nside = \"French\"\ntext = \"One French Group removes a shock point.\"\ncount = 2\n"
    );
    let mut b = battle_from_toml("s.toml", &text)?;
    let r = Rulings::default();
    assert_eq!(deck::main_deck(&b, &r).len(), 8 + 2);
    let d = draw_until(&mut b, &r, |d| matches!(d, Drawn::Extra { .. }));
    assert!(
        matches!(d, Drawn::Extra { name, side: Some(s), .. } if name == "Vive l'Empereur" && s == "French")
    );
    // A card for a side that does not exist is refused.
    let bad = text.replace("side = \"French\"\ntext", "side = \"Prussians\"\ntext");
    assert!(battle_from_toml("s.toml", &bad).is_err());
    Ok(())
}
