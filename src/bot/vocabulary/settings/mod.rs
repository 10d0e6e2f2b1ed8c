//! Settings per user and per server: the typed list ([`keys`]) and what one
//! request's user and server chose ([`chosen`]).

pub mod chosen;
pub mod keys;

pub use chosen::{board_style, Chosen, Settings};
pub use keys::{find_typed, typed_name, Kind, Setting, Value, SETTINGS};
