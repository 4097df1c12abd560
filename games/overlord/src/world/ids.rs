//! Dense ids of world entities. The numbers players write (`U12`, `L47`,
//! `B220`, `f06`) are kept on each entity and mapped to these ids at the
//! edges (orders in, reports out).

use umpire_core::typed_id;

typed_id!(
    /// A faction.
    pub FactionId
);
typed_id!(
    /// A unit.
    pub UnitId
);
typed_id!(
    /// A location: a land hex, a sea hex or an inner location.
    pub LocationId
);
typed_id!(
    /// A structure: a building or vessel inside a location.
    pub StructureId
);
