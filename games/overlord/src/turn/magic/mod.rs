//! Magic outside battle (OV-MAG, OV-ENCH): a mage's mana, the world spells
//! cast with USE, and the enchantments they leave on units. Spells cast in
//! battle are the combat rules' (`crate::combat`).
//!
//! | Rule | Module |
//! |---|---|
//! | maximum mana, regain, overcharge decay (OV-MAG-009..014) | [`mana`] |
//! | USE of a spell: target, mana, components, N castings, spoiled castings (OV-MAG-008, 011, 016..018) | [`casting`] |
//! | meditation and ritual: mana made and lent (OV-MAG-015) | [`meditation`] |
//! | creatures called by summoning spells | [`summoning`] |
//! | looking into a neighbouring location (`reconnoitre` actions) | [`reconnoitre`] |
//! | pick pockets, assassinate, bury dead bodies | [`thievery`] |
//! | enchantments laid, counted down, diluted, permanent (OV-ENCH-001..006) | [`enchantments`] |
//!
//! Study limits for magic (leaders only, 1st level alone, 2nd with a
//! teacher, one element per level of magecraft: OV-MAG-002..004, 007) are
//! STUDY's, in `turn/orders/study.rs`.
//!
//! Where each step runs: USE calls [`casting::cast`] from
//! `turn/orders/use_skill.rs`; the day loop (`turn/day.rs`) spoils castings
//! left unfinished ([`casting::spoil_interrupted`]) after the full-day
//! pass, and counts enchantments down ([`enchantments::expire`]) last; mana
//! is regained or lost in the economy's `mana` hook
//! ([`mana::end_of_day`], decision OV-MAG-012), between recruits and taxes
//! (OV-SCH-030).

pub mod casting;
pub mod enchantments;
pub mod mana;
pub mod meditation;
pub mod reconnoitre;
pub mod summoning;
pub mod thievery;
