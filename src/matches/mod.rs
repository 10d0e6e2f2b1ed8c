//! Engine matches: two engines play each other from the same openings with
//! both colours, our rules layer judges every game, and the results decide
//! whether an engine change is kept (an SPRT) or how strong a level is (an
//! Elo estimate with its interval). The `match` subcommand drives it.
//!
//! - [`player`]: one side of a game, as the runner sees it: a move for the
//!   game so far within a budget;
//! - [`engines`]: the players a match names: our engine in this process (at
//!   a level or a fixed budget), the beginner, or any UCI/UCCI engine as a
//!   child process;
//! - [`beginner`]: a scripted beginner (one move ahead and a capture
//!   check), the opponent level 1 should lose to;
//! - [`openings`]: start positions, from a file or random quiet plies;
//! - [`runner`]: playing and judging games, in parallel, until the SPRT
//!   decides or the games run out; the PGN record;
//! - [`stats`]: Elo estimates, intervals and the SPRT.
//!
//! A tool above the engine: the bot never uses it.

pub mod beginner;
pub mod engines;
pub mod openings;
pub mod player;
pub mod runner;
pub mod stats;
