# The bot's messages in English. Every message here is listed, with the
# arguments the code passes, in src/i18n/messages.rs; the tests check that
# every catalog has each message and uses no other argument.
# Markdown (`code`, **bold**) is Discord's; names arrive already escaped.

## Words used inside other messages

color = { $color ->
    [red] Red
   *[black] Black
 }
seat = { $name } ({ $color ->
    [red] Red
   *[black] Black
 })
pairing = { $red } vs { $black }
target-anyone = anyone
target-bot = the bot
duration = { $unit ->
    [second] { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
    [minute] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
    [hour] { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
   *[day] { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
 }
end-reason = { $reason ->
    [checkmate] checkmate
    [stalemate] stalemate (no legal move, which loses in Xiangqi)
    [perpetual-check] perpetual check
    [perpetual-chase] perpetual chase
    [repetition] repetition
    [no-capture] the 60-move rule
    [insufficient-material] insufficient material
    [move-limit] the move limit
    [resignation] resignation
    [abandonment] abandonment
    [timeout] time
    [timeout-vs-insufficient-material] time, against a side that could not have won
    [agreement] agreement
    [aborted] a moderator's abort
   *[other] { $reason }
 }
piece = { $piece ->
    [general] general
    [advisor] advisor
    [elephant] elephant
    [horse] horse
    [chariot] chariot
    [cannon] cannon
   *[soldier] soldier
 }

## Results

result-win = { $winner } wins by { $reason }.
result-draw = Draw by { $reason }.
result-called-off = Called off ({ $reason }).

## Errors

no-game-here = You have no game here. Start one with `{ $cmd }play` (against the bot) or `{ $cmd }challenge @user`.
already-playing = You are already playing game #{ $game } here. Finish it (or `{ $cmd }resign`) before starting another.
opponent-busy = { $name } is already playing game #{ $game } here; challenge them when it is over.
not-your-turn = It is not your turn in game #{ $game }; wait for your opponent's move.
stale-game = Game #{ $game } changed while you typed; look at the `{ $cmd }board` and try again.
bot-thinking = The bot is still thinking in game #{ $game }; wait for its move.
not-a-player = Game #{ $game } is between { $red } and { $black }; you can follow it with `{ $cmd }watch { $game }`.
illegal-move = { $reason }. Try again (ICCS `h2e2`, WXF `C2=5`, `炮二平五` or `P2-5`), or ask for a `{ $cmd }hint`.
game-not-found = There is no game #{ $game }; `{ $cmd }games` lists the games here, `{ $cmd }history` your past ones.
game-is-over = Game #{ $game } is over; start a new one with `{ $cmd }play` or `{ $cmd }challenge @user`.
no-games-here = There is no game in progress here; start one with `{ $cmd }play` or `{ $cmd }challenge @user`.
self-challenge = You cannot challenge yourself; try `{ $cmd }play` to face the bot.
challenge-in-dm = Challenges are made in a server channel, where your opponent can see and answer them; here only you and the bot can. `{ $cmd }play` starts a game against the bot.
no-challenge = Nobody has challenged you here. Challenge someone with `{ $cmd }challenge @user`.
challenge-expired = The challenge from { $name } expired; challenge them yourself with `{ $cmd }challenge @{ $handle }`.
challenge-not-for-you = That challenge from { $from } is for { $to }, not you; challenge { $from } yourself with `{ $cmd }challenge @{ $handle }`.
nothing-to-decline = There is nothing to decline: no challenge to you here, and no offer in your game.
press-not-understood = This button is from an older version of the bot and does nothing now; `{ $cmd }help` lists the commands.
press-challenge-closed = This challenge is no longer open: it was answered, withdrawn or expired.
press-moved-on = Game #{ $game } has moved on since that message; its buttons no longer apply.
button-accept-draw = Accept draw
press-not-your-challenge = Only { $from } can withdraw this challenge.
button-accept = Accept
button-join = Join
button-decline = Decline
button-withdraw = Withdraw
button-move = Move
button-resign = Resign
button-confirm-resign = Yes, resign
button-offer-draw = Draw
button-takeback = Takeback
button-hint = Hint
button-flip = Flip board
resign-confirm = Resign game #{ $game }? It ends the game as your loss; only the button below resigns.
move-form-title = Your move in game #{ $game }
move-form-label = Your move, in any notation
move-form-placeholder = h2e2, C2=5 or 炮二平五
nothing-to-take-back = There is nothing to take back yet in game #{ $game }.
already-asked = You already asked; wait for your opponent to answer with `{ $cmd }{ $command }`.
hints-disabled = Hints are turned off on this server.
hints-against-people = Hints are for games against the bot; between people, think for yourself!
internal-error = Something went wrong on our side; please try again in a moment.

## Reading commands

command-empty = Type a command or a move; `{ $cmd }help` lists them.
command-unknown = `{ $word }` is neither a command nor a move; `{ $cmd }help` lists the commands.
command-missing = `{ $command }` needs { $what }: { $usage }
command-bad = `{ $command }`: { $problem }. Usage: { $usage }
what-side = a side
what-level = a level
what-time-control = a time control
what-user = a user
what-game-id = a game id (`{ $cmd }games` lists them)
what-move = a move, like `h2e2` (ICCS), `C2=5` (WXF), `炮二平五` or `P2-5`
what-anything = anything
bad-not-user = `{ $word }` is not a user
bad-not-game-id = `{ $word }` is not a game id (a number like `12`)
bad-side-twice = name the side only once
bad-level-twice = name the level only once
bad-time-control = `{ $word }`: { $problem ->
    [minutes] the minutes must be 1 to { $max_minutes }
    [increment] the increment must be 0 to { $max_increment } seconds
    [days] the days a move must be one of { $days }
   *[form] write minutes+seconds (`10+5`), days a move (`3d`) or `none`
 }
bad-time-control-twice = name the time control only once
bad-level-needs-number = `level` needs a number from { $min } to { $max }
bad-not-side-nor-level = `{ $word }` is neither a side nor a level from { $min } to { $max }
bad-not-side = `{ $word }` is not red, black or random
bad-not-level = `{ $word }` is not a level from { $min } to { $max }
bad-one-user = name one user at most
bad-one-game = name one game
bad-takes-nothing = it takes nothing after it (got `{ $word }`)

## Moves the rules refuse

accepted-forms = ICCS (h2e2 or H2-E2), WXF (C2=5, H8+7, R+=5), Chinese (炮二平五, 马8进7) or Vietnamese (P2-5, M8.7)
move-empty = no move was given: write one in { accepted-forms }
move-unrecognized = `{ $input }` is not a move I can read: write it in { accepted-forms }
move-ranks-from-one = `{ $input }` counts ranks 1 to 10, but moves here count ranks 0 to 9 from Red's side (ICCS, as in h2e2)
move-no-such-file = `{ $input }` names file { $file }, but files run from a to i
move-no-piece = `{ $input }` matches no piece of yours ({ $detail })
move-impossible = `{ $input }` is not a possible move: { $detail }
move-ambiguous = `{ $input }` is ambiguous: it could be { $options }
move-reading-in = { $written } in { $notation } ({ $iccs })
missing-piece = { color } has no { piece } { $place ->
    [on-file] on file { $file }
    [place-on-file] in that place on file { $file }
   *[place-on-shared-file] in that place on a file shared with another { piece }
 }
impossible-shape = { $shape ->
    [number-out-of-range] the number must be 1 to 9
    [already-on-file] a sideways move names the file the { piece } goes to, and it already stands on file { $file }
    [out-of-diagonal-reach] the { piece } moves diagonally to { $piece ->
        [advisor] the next file
        [elephant] a file two away
       *[other] a file one or two away
     }, so it cannot reach file { $file }
    [never-sideways] the { piece } never moves sideways
   *[off-board] that would take the { piece } off the board
 }
illegal-no-movement = a move must go somewhere: it starts and ends on { $square }
illegal-no-piece = there is no piece on { $square }
illegal-wrong-side = { $square } holds a { $color ->
    [red] Red
   *[black] Black
 } piece
illegal-captures-own = { $square } holds one of your own pieces
illegal-cannot-move = a { piece } cannot move from { $from } to { $to }: it moves { $piece ->
    [general] one point along a rank or file
    [advisor] one point diagonally
    [elephant] exactly two points diagonally
    [horse] one point straight then one diagonally outward
    [soldier] one point forward (or sideways once across the river)
   *[other] along a rank or file
 }
illegal-leaves-palace = the { piece } cannot leave the palace
illegal-horse-leg = the horse's leg at { $square } is blocked
illegal-elephant-eye = the elephant's eye at { $square } is blocked
illegal-elephant-river = an elephant cannot cross the river
illegal-soldier-sideways = a soldier can only move sideways after crossing the river
illegal-soldier-backward = a soldier never moves backward
illegal-path-blocked = the { piece }'s path is blocked at { $square }
illegal-cannon-screens = a cannon captures by jumping exactly one piece, and there { $screens ->
    [one] is { $screens }
   *[other] are { $screens }
 } in between
illegal-leaves-check = that would leave your general in check
illegal-generals-face = the generals would face each other
illegal-not-illegal = that move is legal

## Games

thread-title = Xiangqi: { $pairing }
game-starts-in = Game #{ $game } ({ $pairing }) starts in { $link }.
game-start-bot-first = Game #{ $game }: { $red } vs { $black }. The bot moves first.
game-start-your-move = Game #{ $game }: { $red } vs { $black }. { $name }, your move: { $surface ->
    [slash] press **Move** under the board, or `/xiangqi move` and the move, like `h2e2`, `C2=5`, `炮二平五` or `P2-5`.
   *[words] type it like `h2e2`, `C2=5`, `炮二平五` or `P2-5`.
 }
move-made = { $seat }: { $mv }.
move-made-check = { $seat }: { $mv }. Check!
move-made-mate = { $seat }: { $mv }. Check.
your-move = { $name }, your move.
game-over-line = Game over: { $result }
resigns = #{ $game }: { $seat } resigns. { $result }
bot-declines-draw = #{ $game }: the bot declines the draw and plays on.
bot-accepts-draw = #{ $game }: the bot accepts the draw. Draw by agreement.
draw-agreed = #{ $game }: draw agreed. { $result }
draw-offer-gone = #{ $game }: the draw offer is gone; play on.
draw-offered = #{ $game }: { $name } offers a draw. { $opponent }: accept or decline with the buttons below; a move declines too.
took-back-against-bot = #{ $game }: took back { $yours } and the bot's { $bots }. Your move.
takeback-agreed = #{ $game }: { $name } agrees; took back { $moves }.
takeback-asked = #{ $game }: { $name } asks to take back their last move. { $opponent }: type `{ $cmd }takeback` to agree or `{ $cmd }decline`.
offer-declined = #{ $game }: { $name } declines the { $kind ->
    [draw] draw
   *[takeback] takeback
 }; play on.
hint = Hint for #{ $game }: { $mv }
idle-lost = #{ $game }: no move for { $idle }; { $seat } loses by abandonment. { $result }
idle-warning = #{ $game }: { $name }, it is your move. Without a move in the next { $left }, { $seat } loses by abandonment.
flag-fallen = #{ $game }: time is up; { $seat }'s flag fell. { $result }
too-late = Game #{ $game }: your time ran out before that move, so the game ends on time.
turn-reminder = #{ $game }: { $name }, it is your move, and { $left } of the move's time is left. If it runs out, { $seat } loses on time.
clocks-line = ⏱ { $red } { $red_clock } – { $black_clock } { $black }
clock-days-line = ⏱ { $seat } has { $left } for this move.
time-control-none = no clock
time-control-live = { $minutes } min + { $increment } s a move
time-control-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
 } a move
too-fast = You are sending requests faster than the bot takes them from one person. Wait { $wait }, then try again.
setting-server-one-board = One board message a game, edited after each move
board-moves = Moves: { $moves }
turn-notice = { $name }, your move in game #{ $game }.

## Challenges

challenge-made = { $from } challenges { $to } to a game of Xiangqi ({ $from } plays { $side ->
    [red] Red
    [black] Black
   *[random] a random side
 }). { $to }: answer within { $within }, with the buttons below.
challenge-clock = Clock: { $time }.
seek-made = { $from } is looking for an opponent for a game of Xiangqi ({ $from } plays { $side ->
    [red] Red
    [black] Black
   *[random] a random side
 }). Anyone may take it within { $within }: the first to press Join plays.
casual-game = Casual game: no rating changes.
casual-mark = casual
challenge-declined = { $name } declines the challenge from { $from }.
challenge-withdrawn = { $name } withdraws their challenge.
challenge-expired-notice = The challenge from { $from } to { $to } expired without an answer.

## Watching

games-title = Live games here ({ $count }):
games-line = #{ $game } · { $pairing } · move { $number } · { $color ->
    [red] Red
   *[black] Black
 } to move
games-footer = `{ $cmd }watch <id>` shows where a game is played.
watch-live = Game #{ $game } ({ $pairing }) is played in { $link }. { $status }
watch-over = Game #{ $game } ({ $pairing }) is over: { $result } `{ $cmd }game { $game }` has its record and replay.
status-head = #{ $game } · { $red } vs { $black } · move { $number }
status-last = last { $mv }
status-to-move = { $color ->
    [red] Red
   *[black] Black
 } to move
status-to-move-in-check = { $color ->
    [red] Red
   *[black] Black
 } to move (in check)
caption = #{ $game } · { $pairing } · move { $number } · { $color ->
    [red] Red
   *[black] Black
 } to move ({ $name })
caption-timed = #{ $game } · { $red } { $red_clock } – { $black_clock } { $black } · move { $number }
caption-over = #{ $game } · { $pairing } · move { $number } · game over
replay-caption = { $heading } · ply { $ply }

## History

history-none = { $name } has no finished games yet.
history-title = { $name }'s last games:
history-footer = `{ $cmd }game <id>` shows a game's moves, record and replay.
history-line = #{ $game } · { $pairing } · { $outcome ->
    [won] won
    [lost] lost
    [drawn] drawn
    [finished] finished
   *[called-off] called off
 } by { end-reason } · { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
 }
record-head = Game #{ $game }: { $red } vs { $black }
record-live = In progress, { $color ->
    [red] Red
   *[black] Black
 } to move.
record-result = Result: { $result }
record-moves = Moves: { $moves }
moves-none = none yet
moves-cut = … (the full list is in the record)
stats-none = { $name } has not played yet; `{ $cmd }play` starts a game against the bot.
stats-line = { $name }: rating { $rating } (rank { $rank }) · { $games ->
    [one] { $games } game
   *[other] { $games } games
 }: { $wins } won, { $draws } drawn, { $losses } lost · { $live } in progress
leaderboard-empty = Nobody has finished a game yet; `{ $cmd }play` starts one against the bot.
leaderboard-title = Leaderboard:
leaderboard-line = { $rank }. { $name } · { $rating } · { $games ->
    [one] { $games } game
   *[other] { $games } games
 } ({ $wins }W { $draws }D { $losses }L)

## Help and the slash command

help-title = **Xiangqi** — Chinese chess. Commands:
group-playing = Playing
group-watching = Watching
group-history = History
group-help = Help
about-play = Start a game against the bot (as Black, the bot moves first)
about-challenge = Challenge someone to a game; they answer with accept or decline
about-accept = Accept the challenge made to you here
about-decline = Decline the challenge made to you here, or your opponent's offer
about-move = Make a move here (or type it alone): ICCS h2e2, WXF C2=5, Chinese 炮二平五, Vietnamese P2-5
about-resign = Resign your game here
about-draw = Offer a draw, or accept the one offered
about-takeback = Ask to take back a move, or accept the request
about-hint = Ask the engine for a move suggestion
about-board = Show a game's board
about-flip = Show a game's board from the other side
about-games = List the games in progress here
about-watch = Follow a game: where it is played and its board
about-history = Past games of a player
about-game = A game's moves, result, FEN, record and replay
about-stats = A player's results
about-leaderboard = The best players
about-help = How to play and the commands
command-description = Play Xiangqi (Chinese chess) against the bot or each other
option-side = Your side (default red)
option-time = Clock: minutes+increment (10+5, 3+2), days a move (1d, 3d), or none (default)
what-time-class = live or correspondence
bad-not-time-class = `{ $word }` is neither `live` nor `correspondence`
bad-time-class-twice = name live or correspondence only once
what-rated = rated or casual
bad-not-rated = `{ $word }` is neither `rated` nor `casual`
bad-rated-twice = say rated or casual only once
class-only = { $class ->
    [live] Live games only.
   *[correspondence] Correspondence games only.
 }
option-time-class = Only games with clocks (live) or days a move (correspondence)
option-rated = False for a casual game, which changes nobody's rating (default: rated)
choice-live = live (minutes + increment)
choice-correspondence = correspondence (days a move)
option-level = The bot's strength, { $min } (easiest) to { $max } (strongest); default { $default }
option-game-here = Game id (default: your game here)
option-whose = Whose (default you)
option-opponent = Who to play; leave out for an open challenge anyone may join
option-challenger = Whose challenge to accept, when more than one waits here
option-game-id = Game id
option-move = ICCS h2e2, WXF C2=5, Chinese 炮二平五 or Vietnamese P2-5
choice-red = red (moves first)
choice-black = black
choice-random = random
choice-level = { $level } · rated { $rating }
choice-level-easiest = { $level } (easiest) · rated { $rating }
choice-level-strongest = { $level } (strongest) · rated { $rating }
slash-not-subcommand = Use one of the `/xiangqi` subcommands; `/xiangqi help` lists them.
slash-unknown = `/xiangqi { $name }` is not a command this bot knows; `/xiangqi help` lists them.
slash-missing = `/xiangqi { $command }` needs { $what }.
slash-bad-side = `{ $option }` must be red, black or random.
slash-bad-level = `{ $option }` must be a number from { $min } to { $max }.
slash-bad-user = `{ $option }` must be a user.
slash-bad-game = `{ $option }` must be a game id, a number like 12.
name-needs-mention = Name a player with a mention (`@name` picked from the list); here `{ $name }` cannot be looked up.
name-lookup-failed = Could not look up `{ $name }` just now; mention them instead (`@name` picked from the list).
name-nobody = Nobody in this server is called `{ $name }`; mention them instead (`@name` picked from the list).
name-several = Several members are called `{ $name }`; mention the one you mean.

## Limits and healing

too-many-challenges = You already have { $count ->
    [one] { $count } challenge
   *[other] { $count } challenges
 } waiting for an answer; wait for them to be answered or expire, or withdraw one with `{ $cmd }decline` where you made it.
challenger-busy = Your challenger is playing game #{ $game } here now; the challenge can be accepted once that game is over.
busy = The bot is busy thinking right now; try again in a minute.
stored-not-shown = Your move in game #{ $game } is stored; the bot could not show it just now and will post it as soon as it can.
shown-late = #{ $game } · (shown late)
games-title-paged = Live games here ({ $count }), page { $page } of { $pages }:
games-next-page = `{ $cmd }games { $next }` shows the next page.
bad-one-page = name one page
bad-not-page = `{ $word }` is not a page number (1, 2, ...)
option-page = Page of the list (default 1)
what-page = a page number
bad-pieces-twice = name the piece style only once
bad-theme-twice = name the theme only once
bad-not-style = { $word } is neither a piece style ({ $pieces }) nor a theme ({ $themes })
option-pieces = Chinese characters or international symbols (default: the bot's)
option-theme = Wooden or high-contrast board (default: the bot's)
what-pieces = a piece style
what-theme = a theme
slash-bad-choice = `{ $option }` must be one of { $choices }.
slash-bad-page = `{ $option }` must be a page number, 1 or more.

## The console

console-welcome = Xiangqi console: you are { $name }. Type `help`, or `quit` to leave.
console-private = (private)
console-file = file: { $path }
console-bad-name = `{ $name }` is not a usable name; write `as NAME <command>`.
console-what-should = What should { $name } do? Write `as { $name } <command>`.

## Settings

setting-language = Language
setting-notation = Notation shown first
setting-pieces = Pieces
setting-theme = Board
setting-notify = Mention me when it is my move
setting-server-language = Server language
setting-server-pieces = Pieces for members who chose none
setting-server-theme = Board for members who chose none
setting-server-level = Bot level for new games
setting-server-channels = Channels where the bot plays
setting-server-threads = A thread for each game
setting-server-expiry = Challenge expiry
setting-forms-choice = one of { $choices }
setting-forms-level = a level from { $min } to { $max }
setting-forms-channels = up to { $max ->
    [one] { $max } channel
   *[other] { $max } channels
 } (`#name`), or `all`
setting-forms-duration = a time from 1 minute to 7 days, such as `30m`, `2h` or `1d`
group-settings = Settings and moderation
about-settings = Show or change your settings, or the server's (Manage Server)
about-abort = End a live game as aborted and unrated (Manage Messages)
option-setting = Which setting (leave out to see them all)
option-setting-value = The new value, or `default`
what-setting = a setting
what-setting-value = a value
bad-not-setting = { $word } is not a setting; the settings are { $settings }
settings-yours = **Your settings**
settings-server = **This server's settings** (Manage Server)
settings-line = { $setting } (`{ $typed }`): { $value }
settings-how-to = Change one with `{ $cmd }settings <setting> <value>`, for example `{ $cmd }settings language vi` or `{ $cmd }settings server expiry 30m`; the value `default` goes back to the default.
setting-default = default
setting-default-is = default: { $value }
setting-everywhere = every channel
setting-on-off = { $on ->
    [on] on
   *[off] off
 }
language-name = { $lang ->
    [en] English
    [zh-Hans] Simplified Chinese
    [zh-Hant] Traditional Chinese
    [vi] Vietnamese
   *[other] { $lang }
 }
notation-name = { $notation ->
    [iccs] ICCS coordinates
    [wxf] WXF
    [chinese] Chinese
    [vietnamese] Vietnamese
   *[other] { $notation }
 }
pieces-name = { $pieces ->
    [chinese] Chinese characters
    [international] International symbols (rook, knight, king...)
   *[other] { $pieces }
 }
theme-name = { $theme ->
    [wood] Wooden board
    [contrast] High contrast (small screens, colour blindness)
   *[other] { $theme }
 }
setting-changed = { $setting } is now { $value }.
setting-reset = { $setting } is back to the default.
not-allowed = Only members with the { $right ->
    [manage-server] Manage Server
   *[manage-messages] Manage Messages
 } permission can do that.
not-allowed-typed = Discord tells the bot your permissions only with slash commands: use `/xiangqi` for this (it needs { $right ->
    [manage-server] Manage Server
   *[manage-messages] Manage Messages
 }).
setting-server-only = Server settings are changed in one of the server's channels, not here.
setting-needs-value = `{ $cmd }settings { $setting }` needs a value: { $forms }; or `default`.
setting-bad-value = { $given } is not a value for `{ $setting }`: { $forms }.
not-played-here = On this server the bot plays in { $channels }; start a game there.
game-aborted = Game #{ $game } ({ $pairing }) was aborted by { $name }. { $result } It is not rated.
bot-name = xiangqi-bot (level { $level })

## Puzzles

no-puzzle-here = You have no puzzle open here; `{ $cmd }puzzle` gives you one.
no-puzzles-left = You have solved every puzzle there is. Well done!
puzzle-stale = Your puzzle moved on while you typed; look at the last board and try again.
puzzle-daily-needs-server = The daily puzzle belongs to a server; ask for it in one of its channels.
puzzle-caption = Puzzle #{ $id }: { $color ->
    [red] Red
   *[black] Black
 } to play and win{ $mate ->
    [0] {""}
   *[other] { " — " }mate in { $mate }
 }
puzzle-start = { $caption } (puzzle rating { $rating }). { $surface ->
    [slash] Answer with `/xiangqi puzzle` and your move
   *[words] Type your move
 }; `{ $cmd }puzzle hint` names the piece, `{ $cmd }puzzle skip` gives up.
puzzle-still-open = You are still on this puzzle: { $caption } (puzzle rating { $rating }). { $surface ->
    [slash] Answer with `/xiangqi puzzle` and your move
   *[words] Type your move
 }, or `{ $cmd }puzzle skip`.
puzzle-correct = { $mv } is right. The reply: { $reply }. Your move.
puzzle-solved = { $mv } — solved! Puzzle rating { $rating } ({ $change }).
puzzle-failed = { $mv } is not the move; this attempt is over. Puzzle rating { $rating } ({ $change }).
puzzle-skipped = Skipped. Puzzle rating { $rating } ({ $change }).
puzzle-solution = The solution: { $line }
puzzle-hint = Hint: move your { $piece } on { $square }.
puzzle-daily-place = You are solver number { $place } of today's puzzle.
puzzle-daily-solvers = First solvers: { $names }
puzzle-daily-done = You have already solved today's puzzle.
puzzle-stats-none = { $name } has not tried a puzzle yet; `{ $cmd }puzzle` gives one.
puzzle-stats-line = { $name }: puzzle rating { $rating } · { $attempts ->
    [one] 1 attempt
   *[other] { $attempts } attempts
 }, { $solved } solved
puzzle-top-empty = Nobody is on this page of the puzzle leaderboard yet.
puzzle-top-title = Puzzle leaderboard, page { $page }:
puzzle-top-line = { $rank }. { $name } · { $rating } · { $solved } solved of { $attempts }
puzzle-top-next = `{ $cmd }puzzle top { $next }` shows the next page.
about-puzzle = Solve a puzzle; also puzzle hint, skip, daily, stats, top
option-puzzle-action = hint, skip, daily, stats, top [page], or your move
what-puzzle-action = what to do in the puzzle
setting-server-puzzle-channel = Daily puzzle channel
setting-server-puzzle-hour = Daily puzzle hour (UTC)
setting-forms-hour = an hour of the day from 0 to 23 (UTC)
puzzle-daily-post = Today's puzzle — { $caption }. Type `{ $cmd }puzzle daily` to try it.
puzzle-daily-solution-post = The daily puzzle of { $day }: { $solution }
puzzle-daily-nobody = Nobody solved it.
## Game review

about-review = Review a finished game: evaluation graph, accuracy, mistakes and better moves
option-game-review = Game id (default: your last finished game)
review-no-game = You have no finished game to review here; name one, for example `{ $cmd }review 12`.
review-live = Game #{ $game } is still being played; it can be reviewed once it is over.
review-progress = Reviewing game #{ $game }: analysed { $done } of { $total ->
    [one] { $total } move
   *[other] { $total } moves
 }…
review-title = **Review of game #{ $game }** · { $pairing }
review-accuracy = Accuracy: Red { $red }, Black { $black }
review-move = { $number } { $seat }: { $played } is { $class ->
    [inaccuracy] an inaccuracy
    [mistake] a mistake
   *[blunder] a blunder
 }; better { $better }
review-clean = No inaccuracies, mistakes or blunders: well played.
review-moment-caption = #{ $game } · { $number } { $class ->
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
 }: { $played }, better { $better }
review-offer = Review (or `{ $cmd }review { $game }`) shows where this game turned; Rematch plays it again with the colours swapped.
button-review = Review
button-rematch = Rematch
about-rematch = Play a finished game again, colours swapped (the bot starts at once; a person is challenged)
option-game-rematch = Game id (default: your last finished game)
rematch-no-game = You have no finished game to play again here; name one, for example `{ $cmd }rematch 12`.
rematch-live = Game #{ $game } is still being played; a rematch can be asked for once it is over.
rematch-taken = The rematch of game #{ $game } was already offered or started.
rematch-not-yours = Only { $red } and { $black } can ask for a rematch of game #{ $game }.
rematch-offered = { $from } asks { $to } for a rematch of game #{ $game }, colours swapped ({ $from } plays { $side ->
    [red] Red
    [black] Black
   *[random] a random side
 }). { $to }: answer within { $within }, with the buttons below.
challenge-other-bot = { $name } is a bot and cannot answer a challenge; challenge a person, or play against this bot.
menu-challenge = Challenge to Xiangqi
setting-server-auto-review = Review each finished game automatically
about-tournament = Swiss and round-robin tournaments: create, join, standings, pairings
option-tournament-action = create [swiss|rr] [rounds N] [10+5] [start 30m] [name]; join, leave, standings [id]…
what-tournament-action = what to do with a tournament
tournament-unknown-action = `{ $word }` is not a tournament action (list, create, join, leave, start, cancel, standings, pairings, bot)
tournament-bad-id = `{ $given }` is not a tournament number (like `3`)
tournament-bad-rounds = `{ $given }`: a Swiss plays 1 to { $max } rounds (`rounds 5`)
tournament-bad-start = `{ $given }`: the start is a wait like `30m`, `2h` or `1d`, at most 14 days
tournament-untimed = a tournament needs a clock, like `10+5` or `3d`, so that its rounds end
tournament-rounds-for-round-robin = a round robin plays as many rounds as it takes for everyone to meet everyone; leave the rounds out
tournament-name-too-long = the name is at most { $max } characters
tournament-default-name = { $name }'s tournament
tournament-terms-swiss = Swiss, { $rounds } rounds, { $time }
tournament-terms-round-robin = round robin, { $time }
tournament-created = Tournament #{ $id } **{ $name }** ({ $terms }) starts in { $within }. Press Join, or type `{ $cmd }tournament join { $id }`.
tournament-none-here = No tournament is open here; `{ $cmd }tournament create` makes one.
tournament-list-header = Tournaments here:
tournament-list-line = #{ $id } **{ $name }** ({ $terms }): { $status }
tournament-status-registering = { $entrants ->
    [one] 1 entrant
   *[other] { $entrants } entrants
  }, starts in { $within }
tournament-status-running = round { $round } of { $rounds }, { $entrants } entrants
tournament-joined = { $player } joins **{ $tournament }** ({ $count ->
    [one] 1 entrant
   *[other] { $count } entrants
  }).
tournament-unregistered = { $player } leaves **{ $tournament }**.
tournament-withdrawn = { $player } withdraws from **{ $tournament }**: no pairing from round { $round } on; a game being played still counts.
tournament-not-entered = You are not in **{ $tournament }**.
tournament-closed = **{ $tournament }** no longer takes entrants.
tournament-already-entered = You are in **{ $tournament }** already.
tournament-bot-already-entered = The bot plays in **{ $tournament }** already.
tournament-full = **{ $tournament }** is full: { $max } entrants.
tournament-not-found = There is no tournament #{ $id } here.
tournament-which = Several tournaments are open here ({ $ids }); add the number, like `{ $cmd }tournament join 3`.
tournament-not-yours = Only the creator of **{ $tournament }**, or a member who may manage the server or holds the tournament role, may do that.
tournament-in-dm = Tournaments are held in a server's channels, where the entrants can see them.
tournament-not-registering = **{ $tournament }** has started already.
tournament-cancelled = **{ $tournament }** is cancelled.
tournament-cancelled-few = **{ $tournament }** is called off: fewer than two entrants.
tournament-round = **{ $tournament }**, round { $round } of { $rounds }:
    { $boards }
tournament-board-line = { $board }. #{ $game } { $pairing } { $link }
tournament-bye-line = { $name }: a bye (scores a win)
tournament-game-of = **{ $tournament }**, round { $round }: make your first move within { $within }, or the game is lost by forfeit.
tournament-forfeit = Game #{ $game } was not started in time: { $loser } loses by forfeit.
tournament-forfeit-both = Game #{ $game } was not started in time: both sides lose by forfeit.
tournament-finished = **{ $tournament }** is over. Winner: { $winners }!
tournament-standings-header = **{ $tournament }**, standings after round { $round } of { $rounds }:
tournament-standings-live = **{ $tournament }**, standings during round { $round } of { $rounds }:
tournament-started-now = **{ $tournament }** has started: its first round is posted in the channel.
tournament-standing-line = { $rank }. { $name }: { $points } ({ $played } played; Buchholz { $buchholz }, SB { $sb })
tournament-entrants = **{ $tournament }**, { $count ->
    [one] 1 entrant
   *[other] { $count } entrants
  }: { $names }
tournament-no-pairings = **{ $tournament }** has no round paired yet.
tournament-withdrawn-mark = (withdrawn)
button-join-tournament = Join
button-leave-tournament = Leave
command-name = { $command }
tournament-action-word = { $action }
puzzle-action-word = { $action }
setting-forms-role = a role, mentioned: `@role`
setting-server-seek-channel = Channel for open challenges
setting-server-seek-role = Role an open challenge pings
setting-server-tournament-role = Role whose members may run tournaments
seek-posted-in = Your open challenge is posted in { $channel }.
