//! En Garde! games in a game folder.

pub mod folder;
pub mod game_dir;
pub mod intake;
pub mod play;
