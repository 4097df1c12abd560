//! En Garde! games in a game folder.

pub mod game_dir;
pub mod intake;
pub mod play;
