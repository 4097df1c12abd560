//! Typed ids for dense state.
//!
//! Game state keeps its entities in `Vec`s and refers to them by small
//! typed indices, so that a `UnitId` can never be used where a `LocationId`
//! is meant. [`typed_id!`](crate::typed_id) declares such an id;
//! [`IdVec`] is a vector indexed by one.

use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

/// What every typed id can do.
pub trait TypedId: Copy + Eq + Ord + std::hash::Hash + fmt::Debug {
    fn from_index(index: usize) -> Self;
    fn index(self) -> usize;
}

/// Declare a typed `u32` index: `typed_id!(pub UnitId);`
#[macro_export]
macro_rules! typed_id {
    ($(#[$meta:meta])* $vis:vis $name:ident) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug,
            ::serde::Serialize, ::serde::Deserialize,
        )]
        #[serde(transparent)]
        $vis struct $name(u32);

        impl $crate::ids::TypedId for $name {
            fn from_index(index: usize) -> Self {
                // Dense stores stay far below 2^32 entries; saturating keeps this total.
                $name(u32::try_from(index).unwrap_or(u32::MAX))
            }
            fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl $name {
            pub const fn new(raw: u32) -> Self {
                $name(raw)
            }
            pub const fn raw(self) -> u32 {
                self.0
            }
        }
    };
}

/// A vector indexed by a typed id.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct IdVec<I, T> {
    items: Vec<T>,
    #[serde(skip)]
    _id: PhantomData<fn(I) -> I>,
}

impl<I: TypedId, T> IdVec<I, T> {
    pub fn new() -> Self {
        IdVec {
            items: Vec::new(),
            _id: PhantomData,
        }
    }

    pub fn with_capacity(n: usize) -> Self {
        IdVec {
            items: Vec::with_capacity(n),
            _id: PhantomData,
        }
    }

    /// Append and return the new element's id.
    pub fn push(&mut self, value: T) -> I {
        let id = I::from_index(self.items.len());
        self.items.push(value);
        id
    }

    pub fn get(&self, id: I) -> Option<&T> {
        self.items.get(id.index())
    }

    pub fn get_mut(&mut self, id: I) -> Option<&mut T> {
        self.items.get_mut(id.index())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (I, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (I::from_index(i), t))
    }

    pub fn ids(&self) -> impl Iterator<Item = I> + use<I, T> {
        (0..self.items.len()).map(I::from_index)
    }

    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }

    pub fn into_values(self) -> std::vec::IntoIter<T> {
        self.items.into_iter()
    }
}

impl<I: TypedId, T> Default for IdVec<I, T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<I: TypedId, T: fmt::Debug> fmt::Debug for IdVec<I, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<I: TypedId, T> std::ops::Index<I> for IdVec<I, T> {
    type Output = T;
    fn index(&self, id: I) -> &T {
        &self.items[id.index()]
    }
}

impl<I: TypedId, T> std::ops::IndexMut<I> for IdVec<I, T> {
    fn index_mut(&mut self, id: I) -> &mut T {
        &mut self.items[id.index()]
    }
}

impl<I: TypedId, T> FromIterator<T> for IdVec<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(iter: It) -> Self {
        IdVec {
            items: iter.into_iter().collect(),
            _id: PhantomData,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::typed_id!(
        /// A test id.
        pub ThingId
    );
    crate::typed_id!(pub OtherId);

    #[test]
    fn push_returns_dense_ids() {
        let mut v: IdVec<ThingId, &str> = IdVec::new();
        let a = v.push("a");
        let b = v.push("b");
        assert_eq!((a.raw(), b.raw()), (0, 1));
        assert_eq!(v[b], "b");
        assert_eq!(v.get(ThingId::new(2)), None);
        v[a] = "z";
        assert_eq!(v.iter().collect::<Vec<_>>(), vec![(a, &"z"), (b, &"b")]);
        assert_eq!(v.ids().collect::<Vec<_>>(), vec![a, b]);
    }

    #[test]
    fn ids_serialize_as_numbers() {
        assert_eq!(serde_json::to_string(&ThingId::new(7)).unwrap(), "7");
        let v: IdVec<OtherId, u8> = [3u8, 4].into_iter().collect();
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,4]");
        assert_eq!(v[OtherId::new(1)], 4);
        assert_eq!(OtherId::new(1).raw(), 1);
    }
}
