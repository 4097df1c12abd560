//! Overlord games in a game directory: the world file, a player's mail,
//! the turn and the stored reports.

pub mod day_by_day;
pub mod folder;
pub mod game_dir;
pub mod intake;
pub mod layout;
pub mod play;
pub mod reading;
pub mod reports;
pub mod turn;
