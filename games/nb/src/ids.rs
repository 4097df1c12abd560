//! What the game's records point at one another by: a formation, a
//! general, an order (and the messenger who carries it). Each is its own
//! type, so a general's name cannot stand where a formation's is meant.
//! They are written to a saved game as the bare name or number they wrap.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

macro_rules! name_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn new(name: impl Into<String>) -> $name {
                $name(name.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(name: &str) -> $name {
                $name(name.to_string())
            }
        }

        impl From<String> for $name {
            fn from(name: String) -> $name {
                $name(name)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }
    };
}

name_id!(
    /// A formation (corps, division, wing), by its name in the scenario.
    FormationId
);

name_id!(
    /// A general, by his name (a replacement takes the name he is given).
    GeneralId
);

/// A written order, by its number; the messenger who carries it is known
/// by it too ("the messenger with order 3").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct OrderId(pub u32);

impl fmt::Display for OrderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
