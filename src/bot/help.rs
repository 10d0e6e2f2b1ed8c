//! `help`: the commands, in the words a player types.

use super::reply::Reply;

/// The help text. Adapters with a prefix (`!xq`) mention it themselves.
pub const HELP: &str = "\
**Xiangqi** — Chinese chess. Commands:
**Playing**
`play [red|black|random] [level 1-8]` — a game against the bot (as Black, the bot moves first)
`challenge @user [red|black|random]` — challenge someone; they answer `accept` or `decline`
`h2e2`, `C2=5`, `炮二平五` or `move <m>` — your move (ICCS, WXF or Chinese)
`resign` · `draw` (offer or accept) · `takeback` (ask or accept) · `hint`
**Watching**
`board [game]` · `games` (live games here) · `watch <game>`
**History**
`history [@user]` · `game <id>` (moves, FEN, record, replay) · `stats [@user]` · `leaderboard`";

pub fn help() -> Reply {
    Reply::private(HELP)
}
