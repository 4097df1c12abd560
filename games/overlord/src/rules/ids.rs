//! Dense ids of rules entries. Each indexes its table in [`Rules`](super::Rules);
//! text tags (`swrd`) are mapped to ids once, at load time.

use umpire_core::typed_id;

typed_id!(
    /// An item kind (`swrd`).
    pub ItemId
);
typed_id!(
    /// A skill (`cmbt`).
    pub SkillId
);
typed_id!(
    /// A race (`man`, `ldr`, `hero`, creatures).
    pub RaceId
);
typed_id!(
    /// A terrain (`plai`).
    pub TerrainId
);
typed_id!(
    /// A title (`shrf`).
    pub TitleId
);
typed_id!(
    /// A construction type, building or vessel (`barr`).
    pub ConstructionId
);
typed_id!(
    /// An enchantment or effect (`effride`).
    pub EnchantmentId
);
typed_id!(
    /// A weather (`fair`).
    pub WeatherId
);
typed_id!(
    /// A season (`wint`).
    pub SeasonId
);
typed_id!(
    /// A kind of construction work (`stonwk`).
    pub WorkId
);
typed_id!(
    /// A special action (`evtppoc`).
    pub ActionId
);
typed_id!(
    /// A contagion (`plag`).
    pub DiseaseId
);
