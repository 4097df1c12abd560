//! Rulings: every place where a game's rules are silent, ambiguous or
//! contradict themselves (a checklist's `[gap]` notes) is a named ruling
//! with a default, switchable per game.
//!
//! A game declares its register once with [`rulings!`](crate::rulings!):
//! a typed `RulingId` enum, the `RULINGS` table and a `Rulings` type (the
//! choices in force) come out of it. A rulings file is TOML, one
//! `name = "option"` per line; every answer a ruling decided names it.
//!
//! ```
//! umpire_core::rulings! {
//!     Tie = "tie", ["DBR-OUT-001"], "What does a tie do?",
//!         ["no-result" => "nothing happens", "replay" => "fight again"];
//! }
//! let mut r = Rulings::default();
//! assert!(r.is(RulingId::Tie, "no-result"));
//! r.set("tie", "replay").unwrap();
//! assert!(r.is_switched(RulingId::Tie));
//! assert!(Rulings::from_toml("r.toml", "tie = \"draw\"").is_err());
//! ```

use std::collections::BTreeMap;

use serde::Serialize;
use thiserror::Error;

/// One option of a ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RulingOption {
    /// Its name, as written in a rulings file.
    pub name: &'static str,
    /// What choosing it means.
    pub meaning: &'static str,
}

/// A ruling: a question the rules leave open, its options and its default
/// (the first option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// Its name, as written in a rulings file.
    pub name: &'static str,
    /// The checklist item(s) it answers.
    pub checklist: &'static [&'static str],
    /// The question.
    pub question: &'static str,
    /// The options; the first is the default.
    pub options: &'static [RulingOption],
}

impl Ruling {
    /// The default option.
    pub fn default_option(&self) -> &'static str {
        self.options.first().map_or("", |o| o.name)
    }
}

/// A rulings file or a switch that cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulingError {
    /// A switch by name: no such ruling, or no such option.
    #[error("{0}")]
    Invalid(String),
    /// A rulings file that cannot be read.
    #[error("{file}: {entry}: {message}")]
    File {
        file: String,
        entry: String,
        message: String,
    },
}

/// The choices in force for one register: the defaults unless switched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    register: &'static [Ruling],
    /// What the game's command is called, for "`umpire dbr rulings` lists
    /// them".
    command: &'static str,
    choices: Vec<&'static str>,
}

impl Choices {
    /// Every ruling at its default.
    pub fn defaults(register: &'static [Ruling], command: &'static str) -> Choices {
        Choices {
            register,
            command,
            choices: register.iter().map(Ruling::default_option).collect(),
        }
    }

    /// The option in force for the ruling at `index` of the register.
    pub fn at(&self, index: usize) -> &'static str {
        self.choices.get(index).copied().unwrap_or("")
    }

    /// Switch one ruling, by names as written in a rulings file.
    pub fn set(&mut self, name: &str, option: &str) -> Result<(), RulingError> {
        let register = self.register;
        let Some(i) = register.iter().position(|r| r.name == name) else {
            let hint = crate::text::suggest(name, register.iter().map(|r| r.name))
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            return Err(RulingError::Invalid(format!(
                "no ruling is called `{name}`{hint}; `{}` lists them",
                self.command
            )));
        };
        let ruling = &register[i];
        let Some(o) = ruling.options.iter().find(|o| o.name == option) else {
            return Err(RulingError::Invalid(format!(
                "ruling `{name}` has no option `{option}`; its options are {}",
                ruling
                    .options
                    .iter()
                    .map(|o| format!("`{}`", o.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        if let Some(c) = self.choices.get_mut(i) {
            *c = o.name;
        }
        Ok(())
    }

    /// Read a rulings file over the defaults: TOML, one `name = "option"`
    /// per line. `file` is named in errors.
    pub fn read_toml(&mut self, file: &str, text: &str) -> Result<(), RulingError> {
        let table: BTreeMap<String, toml::Value> =
            toml::from_str(text).map_err(|e| RulingError::File {
                file: file.to_string(),
                entry: "(file)".to_string(),
                message: e.to_string(),
            })?;
        for (name, value) in &table {
            let Some(option) = value.as_str() else {
                return Err(RulingError::File {
                    file: file.to_string(),
                    entry: name.clone(),
                    message: "the option must be a quoted name, e.g. \"no-effect\"".to_string(),
                });
            };
            self.set(name, option).map_err(|e| RulingError::File {
                file: file.to_string(),
                entry: name.clone(),
                message: e.to_string(),
            })?;
        }
        Ok(())
    }

    /// Every ruling and its choice, a line each, the switched ones marked.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for (r, c) in self.register.iter().zip(&self.choices) {
            let switched = if *c == r.default_option() {
                ""
            } else {
                "  (switched)"
            };
            out.push_str(&format!("{} = {c}{switched}\n", r.name));
        }
        out
    }

    /// Every ruling and its choice, as a rulings file.
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        for (r, c) in self.register.iter().zip(&self.choices) {
            out.push_str(&format!("{} = \"{}\"\n", r.name, c));
        }
        out
    }
}

/// Declare a game's rulings register: a typed `RulingId`, the `RULINGS`
/// table (the first option of each is its default) and `Rulings`, the
/// choices in force.
///
/// `rulings! { Variant = "name", ["CHECKLIST-ID", ...], "Question?", ["option" => "meaning", ...]; ... }`
///
/// The game's command that lists the rulings (for error messages) may be
/// given first: `rulings! { command = "umpire dbr rulings"; ... }`.
#[macro_export]
macro_rules! rulings {
    (@define $command:literal; $($variant:ident = $name:literal, [$($id:literal),+], $question:literal, [$($opt:literal => $meaning:literal),+ $(,)?];)+) => {
        /// The name of a ruling.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, ::serde::Serialize)]
        pub enum RulingId { $(#[doc = $question] $variant),+ }

        /// Every ruling, in the checklist's order.
        pub const RULINGS: &[$crate::rulings::Ruling] = &[$($crate::rulings::Ruling {
            name: $name,
            checklist: &[$($id),+],
            question: $question,
            options: &[$($crate::rulings::RulingOption { name: $opt, meaning: $meaning }),+],
        }),+];

        impl RulingId {
            /// Every ruling id, in the order of [`RULINGS`].
            pub const ALL: &'static [RulingId] = &[$(RulingId::$variant),+];

            /// The ruling's entry in [`RULINGS`].
            pub fn ruling(self) -> &'static $crate::rulings::Ruling {
                &RULINGS[self as usize]
            }

            /// The ruling's name.
            pub fn name(self) -> &'static str {
                self.ruling().name
            }
        }

        /// The rulings in force for one game: the defaults unless a rulings
        /// file switched some.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Rulings($crate::rulings::Choices);

        impl Default for Rulings {
            fn default() -> Rulings {
                Rulings($crate::rulings::Choices::defaults(RULINGS, $command))
            }
        }

        impl Rulings {
            /// The option in force for `id`.
            pub fn choice(&self, id: RulingId) -> &'static str {
                self.0.at(id as usize)
            }

            /// Whether `option` is in force for `id`. `option` must be one
            /// of the ruling's options (checked in debug builds).
            pub fn is(&self, id: RulingId, option: &str) -> bool {
                debug_assert!(
                    id.ruling().options.iter().any(|o| o.name == option),
                    "ruling {} has no option {option}",
                    id.name()
                );
                self.choice(id) == option
            }

            /// Whether `id` is switched from its default.
            pub fn is_switched(&self, id: RulingId) -> bool {
                self.choice(id) != id.ruling().default_option()
            }

            /// Switch one ruling, by names as written in a rulings file.
            pub fn set(&mut self, name: &str, option: &str) -> Result<(), $crate::rulings::RulingError> {
                self.0.set(name, option)
            }

            /// Read a rulings file: TOML, one `name = "option"` per line.
            pub fn from_toml(file: &str, text: &str) -> Result<Rulings, $crate::rulings::RulingError> {
                let mut r = Rulings::default();
                r.0.read_toml(file, text)?;
                Ok(r)
            }

            /// Every ruling and its choice, as a rulings file.
            pub fn to_toml(&self) -> String {
                self.0.to_toml()
            }

            /// Every ruling and its choice, a line each, the switched ones
            /// marked.
            pub fn summary(&self) -> String {
                self.0.summary()
            }
        }
    };
    (command = $command:literal; $($rest:tt)+) => {
        $crate::rulings!(@define $command; $($rest)+);
    };
    ($($rest:tt)+) => {
        $crate::rulings!(@define "the rulings command"; $($rest)+);
    };
}
