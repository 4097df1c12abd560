//! Place and people names from syllables: pronounceable, varied and the
//! same for the same dice.

use umpire_core::Dice;

const START: &[&str] = &[
    "Al", "Bar", "Cor", "Dun", "El", "Fal", "Gar", "Hal", "Ith", "Kar", "Lor", "Mor", "Nor", "Or",
    "Pel", "Quen", "Ros", "Sar", "Tor", "Ul", "Val", "Wen", "Yr", "Zan", "Ash", "Bel", "Cael",
    "Dra", "Eth", "Fen", "Gil", "Hes", "Ild", "Jor", "Kel", "Lin", "Mar", "Nim", "Ost", "Pra",
];
const MIDDLE: &[&str] = &[
    "a", "e", "i", "o", "u", "an", "en", "ar", "or", "el", "il", "ath", "ur", "ys", "in",
];
const END: &[&str] = &[
    "dor", "gate", "hold", "mere", "ford", "wick", "burg", "dale", "mont", "ria", "vale", "heim",
    "stead", "port", "fell", "moor", "ton", "by", "ard", "ion", "ath", "wyn", "garth", "mar",
];
const GIVEN: &[&str] = &[
    "Aldric", "Brenna", "Cedric", "Daria", "Edrin", "Fiora", "Gorm", "Helka", "Ivor", "Jessa",
    "Korin", "Lysa", "Maelor", "Nessa", "Orin", "Petra", "Quill", "Rhona", "Soren", "Talia",
    "Ulric", "Vesna", "Wulf", "Ysolde",
];

/// A place name such as "Corandor" or "Velhold".
pub fn place(d: &mut Dice) -> String {
    let mut s = String::from(pick(d, START));
    if d.chance_percent(45) {
        s.push_str(pick(d, MIDDLE));
    }
    s.push_str(pick(d, END));
    s
}

/// A person's name such as "Soren of Velhold".
pub fn person(d: &mut Dice, home: &str) -> String {
    format!("{} of {home}", pick(d, GIVEN))
}

fn pick<'a>(d: &mut Dice, from: &[&'a str]) -> &'a str {
    from[d.below(from.len() as u32) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_capitalised_varied_and_repeatable() {
        let mut a = Dice::from_seed(3);
        let mut b = Dice::from_seed(3);
        let names: Vec<String> = (0..50).map(|_| place(&mut a)).collect();
        let again: Vec<String> = (0..50).map(|_| place(&mut b)).collect();
        assert_eq!(names, again);
        assert!(
            names
                .iter()
                .all(|n| n.chars().next().is_some_and(char::is_uppercase))
        );
        let mut distinct = names.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() > 40, "{distinct:?}");
        assert!(person(&mut a, "Velhold").ends_with(" of Velhold"));
    }
}
