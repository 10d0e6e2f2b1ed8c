# 机器人的简体中文消息。每条消息及代码传入的参数列在 src/i18n/messages.rs；
# 测试会检查每个语言的目录都有每条消息，且不使用代码未传入的参数。

## 嵌在其他消息里的词

color = { $color ->
    [red] 红方
   *[black] 黑方
 }
seat = { $name }（{ $color ->
    [red] 红方
   *[black] 黑方
 }）
pairing = { $red } 对 { $black }
target-anyone = 任何人
target-bot = 机器人
duration = { $unit ->
    [second] { $count } 秒
    [minute] { $count } 分钟
    [hour] { $count } 小时
   *[day] { $count } 天
 }
end-reason = { $reason ->
    [checkmate] 将死
    [stalemate] 困毙（无子可动，象棋中判负）
    [perpetual-check] 长将
    [perpetual-chase] 长捉
    [repetition] 重复局面
    [no-capture] 六十回合不吃子
    [insufficient-material] 双方均无进攻子力
    [move-limit] 回合数上限
    [resignation] 认输
    [abandonment] 超时弃局
    [timeout] 超时
    [timeout-vs-insufficient-material] 超时，但对方子力不足以取胜
    [agreement] 双方议和
    [aborted] 管理员中止
   *[other] { $reason }
 }
piece = { $piece ->
    [general] 将（帅）
    [advisor] 士
    [elephant] 象
    [horse] 马
    [chariot] 车
    [cannon] 炮
   *[soldier] 兵（卒）
 }

## 结果

result-win = { $winner }以{ $reason }获胜。
result-draw = 和棋（{ $reason }）。
result-called-off = 对局取消（{ $reason }）。

## 错误

no-game-here = 你在这里没有对局。用 `{ $cmd }play` 与机器人下棋，或用 `{ $cmd }challenge @用户` 约人对弈。
already-playing = 你在这里已经在下第 #{ $game } 局了。请先下完（或 `{ $cmd }resign` 认输）再开新局。
opponent-busy = { $name } 在这里正在下第 #{ $game } 局；等那局结束再约战吧。
not-your-turn = 第 #{ $game } 局还没轮到你；请等对手走棋。
stale-game = 你输入时第 #{ $game } 局已有变化；请看一下 `{ $cmd }board` 再试。
bot-thinking = 机器人还在第 #{ $game } 局中思考；请等它走棋。
not-a-player = 第 #{ $game } 局是 { $red } 与 { $black } 的对局；你可以用 `{ $cmd }watch { $game }` 观战。
illegal-move = { $reason }。请再试一次（ICCS `h2e2`、WXF `C2=5`、`炮二平五` 或 `P2-5`），或用 `{ $cmd }hint` 请求提示。
game-not-found = 没有第 #{ $game } 局；`{ $cmd }games` 列出这里的对局，`{ $cmd }history` 列出你下过的对局。
game-is-over = 第 #{ $game } 局已经结束；用 `{ $cmd }play` 或 `{ $cmd }challenge @用户` 开新局。
no-games-here = 这里没有进行中的对局；用 `{ $cmd }play` 或 `{ $cmd }challenge @用户` 开一局。
self-challenge = 你不能向自己挑战；试试用 `{ $cmd }play` 与机器人对弈。
challenge-in-dm = 挑战要在服务器频道里发出，对手才能看到并回应；这里只有你和机器人。`{ $cmd }play` 可以与机器人下一局。
no-challenge = 这里没有人向你挑战。用 `{ $cmd }challenge @用户` 向别人挑战吧。
challenge-expired = 来自 { $name } 的挑战已过期；你可以用 `{ $cmd }challenge @{ $handle }` 向对方发起挑战。
challenge-not-for-you = { $from } 的这份挑战是发给 { $to } 的，不是给你的；你可以用 `{ $cmd }challenge @{ $handle }` 向 { $from } 发起挑战。
nothing-to-decline = 没有可以拒绝的：这里没有给你的挑战，你的对局中也没有待回应的请求。
press-not-understood = 这个按钮来自旧版本的机器人，现在已无作用；`{ $cmd }help` 列出所有命令。
press-challenge-closed = 这份挑战已经结束：已被回应、撤回或过期。
press-moved-on = 第 #{ $game } 局在那条消息之后已经继续进行；它的按钮已不再适用。
button-accept-draw = 同意和棋
press-not-your-challenge = 只有 { $from } 可以撤回这份挑战。
button-accept = 接受
button-join = 加入
button-decline = 拒绝
button-withdraw = 撤回
button-move = 走棋
button-resign = 认输
button-confirm-resign = 确定认输
button-offer-draw = 提和
button-takeback = 悔棋
button-hint = 提示
button-flip = 翻转棋盘
resign-confirm = 确定在第 #{ $game } 局认输吗？对局将以你的失败结束；只有下面的按钮会认输。
move-form-title = 你在第 #{ $game } 局的着法
move-form-label = 你的着法，任何记谱法均可
move-form-placeholder = h2e2、C2=5 或 炮二平五
nothing-to-take-back = 第 #{ $game } 局还没有可以悔的棋。
already-asked = 你已经提出过了；请等对手用 `{ $cmd }{ $command }` 回应。
hints-disabled = 本服务器已关闭提示功能。
hints-against-people = 提示只能在与机器人的对局中使用；与真人对弈，请自己思考！
internal-error = 我们这边出了点问题；请稍后再试。

## 读取命令

command-empty = 请输入命令或着法；`{ $cmd }help` 列出所有命令。
command-unknown = `{ $word }` 既不是命令也不是着法；`{ $cmd }help` 列出所有命令。
command-missing = `{ $command }` 需要{ $what }：{ $usage }
command-bad = `{ $command }`：{ $problem }。用法：{ $usage }
what-side = 执哪一方
what-level = 一个等级
what-time-control = 一种计时方式
what-user = 一位用户
what-game-id = 对局编号（`{ $cmd }games` 会列出）
what-move = 一步棋，如 `h2e2`（ICCS）、`C2=5`（WXF）、`炮二平五` 或 `P2-5`
what-anything = 任何内容
bad-not-user = `{ $word }` 不是用户
bad-not-game-id = `{ $word }` 不是对局编号（应是像 `12` 这样的数字）
bad-side-twice = 只能指定一次执哪一方
bad-level-twice = 只能指定一次等级
bad-time-control = `{ $word }`：{ $problem ->
    [minutes] 分钟数必须在 1 到 { $max_minutes } 之间
    [increment] 每步加秒必须在 0 到 { $max_increment } 之间
    [days] 每步天数必须是 { $days } 之一
   *[form] 请写 分钟+秒（`10+5`）、每步天数（`3d`）或 `none`
 }
bad-time-control-twice = 只能指定一次计时方式
bad-level-needs-number = `level` 后面需要 { $min } 到 { $max } 之间的数字
bad-not-side-nor-level = `{ $word }` 既不是红黑方，也不是 { $min } 到 { $max } 的等级
bad-not-side = `{ $word }` 不是 red（红）、black（黑）或 random（随机）
bad-not-level = `{ $word }` 不是 { $min } 到 { $max } 的等级
bad-one-user = 最多只能指定一位用户
bad-one-game = 只能指定一局
bad-takes-nothing = 这个命令后面不接任何内容（收到了 `{ $word }`）

## 规则不允许的着法

accepted-forms = ICCS（h2e2 或 H2-E2）、WXF（C2=5、H8+7、R+=5）、中文（炮二平五、马8进7）或越南记法（P2-5、M8.7）
move-empty = 没有输入着法：请用 { accepted-forms } 书写
move-unrecognized = 无法识别 `{ $input }`：请用 { accepted-forms } 书写
move-ranks-from-one = `{ $input }` 的横线按 1 到 10 计，但这里从红方一侧按 0 到 9 计（ICCS，如 h2e2）
move-no-such-file = `{ $input }` 写了第 { $file } 路，但纵线只有 a 到 i
move-no-piece = `{ $input }` 找不到对应的己方棋子（{ $detail }）
move-impossible = `{ $input }` 不是可能的着法：{ $detail }
move-ambiguous = `{ $input }` 有歧义：可能是 { $options }
move-reading-in = { $written }（{ $notation }，{ $iccs }）
missing-piece = { color }{ $place ->
    [on-file] 第 { $file } 路上没有{ piece }
    [place-on-file] 第 { $file } 路的这个位置上没有{ piece }
   *[place-on-shared-file] 没有与另一个{ piece }同路、处在这个位置的{ piece }
 }
impossible-shape = { $shape ->
    [number-out-of-range] 数字必须在 1 到 9 之间
    [already-on-file] 平着法写的是{ piece }要去的那一路，而它已经在第 { $file } 路上
    [out-of-diagonal-reach] { piece }斜走只能到{ $piece ->
        [advisor] 相邻的一路
        [elephant] 相距两路的位置
       *[other] 相距一路或两路的位置
     }，到不了第 { $file } 路
    [never-sideways] { piece }不能平走
   *[off-board] 这样走{ piece }会走出棋盘
 }
illegal-no-movement = 着法必须移动棋子：起点和终点都是 { $square }
illegal-no-piece = { $square } 上没有棋子
illegal-wrong-side = { $square } 上是{ $color ->
    [red] 红方
   *[black] 黑方
 }的棋子
illegal-captures-own = { $square } 上是你自己的棋子
illegal-cannot-move = { piece }不能从 { $from } 走到 { $to }：它{ $piece ->
    [general] 只能沿横线或纵线走一步
    [advisor] 只能斜走一步
    [elephant] 只能斜走两步（走田字）
    [horse] 先直走一步再斜走一步（走日字）
    [soldier] 只能向前走一步（过河后也可横走一步）
   *[other] 沿横线或纵线直走
 }
illegal-leaves-palace = { piece }不能走出九宫
illegal-horse-leg = { $square } 处蹩马腿
illegal-elephant-eye = { $square } 处塞象眼
illegal-elephant-river = 象不能过河
illegal-soldier-sideways = 兵（卒）过河后才能横走
illegal-soldier-backward = 兵（卒）不能后退
illegal-path-blocked = { piece }的路线在 { $square } 被挡住了
illegal-cannon-screens = 炮吃子必须隔一个棋子（炮架），这里中间有 { $screens } 个
illegal-leaves-check = 这样走会让你的将（帅）被将军
illegal-generals-face = 这样走会造成将帅照面
illegal-not-illegal = 这步棋是合法的

## 对局

thread-title = 象棋：{ $pairing }
game-starts-in = 第 #{ $game } 局（{ $pairing }）在 { $link } 开始。
game-start-bot-first = 第 #{ $game } 局：{ $red } 对 { $black }。机器人先走。
game-start-your-move = 第 #{ $game } 局：{ $red } 对 { $black }。{ $name }，轮到你走：{ $surface ->
    [slash] 点棋盘下方的 **走棋**，或用 `/xiangqi 走棋` 加上着法，如 `炮二平五`、`h2e2`、`C2=5` 或 `P2-5`。
   *[words] 可以输入 `炮二平五`、`h2e2`、`C2=5` 或 `P2-5`。
 }
move-made = { $seat }：{ $mv }。
move-made-check = { $seat }：{ $mv }。将军！
move-made-mate = { $seat }：{ $mv }。将军。
your-move = { $name }，轮到你走。
game-over-line = 对局结束：{ $result }
resigns = #{ $game }：{ $seat }认输。{ $result }
bot-declines-draw = #{ $game }：机器人拒绝和棋，继续对弈。
bot-accepts-draw = #{ $game }：机器人接受和棋。双方议和。
draw-agreed = #{ $game }：双方同意和棋。{ $result }
draw-offer-gone = #{ $game }：求和请求已不存在；继续对弈。
draw-offered = #{ $game }：{ $name } 提议和棋。{ $opponent }：请用下方的按钮接受或拒绝；走棋也视为拒绝。
took-back-against-bot = #{ $game }：已悔回 { $yours } 和机器人的 { $bots }。轮到你走。
takeback-agreed = #{ $game }：{ $name } 同意；已悔回 { $moves }。
takeback-asked = #{ $game }：{ $name } 请求悔一步棋。{ $opponent }：输入 `{ $cmd }takeback` 同意，或 `{ $cmd }decline` 拒绝。
offer-declined = #{ $game }：{ $name } 拒绝了{ $kind ->
    [draw] 和棋
   *[takeback] 悔棋
 }请求；继续对弈。
hint = 第 #{ $game } 局提示：{ $mv }
idle-lost = #{ $game }：{ $idle }没有走棋；{ $seat }超时判负。{ $result }
idle-warning = #{ $game }：{ $name }，轮到你走棋。如果在接下来的{ $left }内不走棋，{ $seat }将超时判负。
flag-fallen = #{ $game }：时间到，{ $seat }超时。{ $result }
too-late = 第 #{ $game } 局：这步棋之前你的时间已经用完，对局按超时结束。
turn-reminder = #{ $game }：{ $name }，轮到你走棋，这步棋还剩{ $left }。时间用完则{ $seat }超时判负。
clocks-line = ⏱ { $red } { $red_clock } – { $black_clock } { $black }
clock-days-line = ⏱ { $seat }这步棋还有{ $left }。
time-control-none = 不计时
time-control-live = { $minutes } 分钟 + 每步 { $increment } 秒
time-control-days = 每步 { $days } 天
too-fast = 你发送请求的速度超过了机器人对单个用户的接受上限。请等待{ $wait }后再试。
setting-server-one-board = 每局只用一条棋盘消息，每步后更新
board-moves = 着法：{ $moves }
turn-notice = { $name }，第 #{ $game } 局轮到你走棋。

## 挑战

challenge-made = { $from } 向 { $to } 发起象棋挑战（{ $from } 执{ $side ->
    [red] 红方
    [black] 黑方
   *[random] 随机一方
 }）。{ $to }：请在 { $within }内用下方的按钮回应。
challenge-clock = 计时：{ $time }。
seek-made = { $from } 寻找象棋对手（{ $from } 执{ $side ->
    [red] 红方
    [black] 黑方
   *[random] 随机一方
 }）。任何人都可在 { $within }内应战：第一个按“加入”的人对局。
casual-game = 休闲对局：不计等级分。
casual-mark = 休闲
challenge-declined = { $name } 拒绝了 { $from } 的挑战。
challenge-withdrawn = { $name } 撤回了挑战。
challenge-expired-notice = { $from } 向 { $to } 发起的挑战无人回应，已过期。

## 观战

games-title = 这里进行中的对局（{ $count }）：
games-line = #{ $game } · { $pairing } · 第 { $number } 回合 · 轮到{ $color ->
    [red] 红方
   *[black] 黑方
 }
games-footer = `{ $cmd }watch <编号>` 显示对局所在的位置。
watch-live = 第 #{ $game } 局（{ $pairing }）在 { $link } 进行。{ $status }
watch-over = 第 #{ $game } 局（{ $pairing }）已结束：{ $result } `{ $cmd }game { $game }` 可查看棋谱和回放。
status-head = #{ $game } · { $red } 对 { $black } · 第 { $number } 回合
status-last = 上一步 { $mv }
status-to-move = 轮到{ $color ->
    [red] 红方
   *[black] 黑方
 }
status-to-move-in-check = 轮到{ $color ->
    [red] 红方
   *[black] 黑方
 }（被将军）
caption = #{ $game } · { $pairing } · 第 { $number } 回合 · 轮到{ $color ->
    [red] 红方
   *[black] 黑方
 }（{ $name }）
caption-timed = #{ $game } · { $red } { $red_clock } – { $black_clock } { $black } · 第 { $number } 回合
caption-over = #{ $game } · { $pairing } · 第 { $number } 回合 · 对局结束
replay-caption = { $heading } · 第 { $ply } 步

## 历史

history-none = { $name } 还没有下完的对局。
history-title = { $name } 最近的对局：
history-footer = `{ $cmd }game <编号>` 显示一局的着法、棋谱和回放。
history-line = #{ $game } · { $pairing } · 因{ end-reason }{ $outcome ->
    [won] 胜
    [lost] 负
    [drawn] 和
    [finished] 结束
   *[called-off] 取消
 } · { $plies } 步
record-head = 第 #{ $game } 局：{ $red } 对 { $black }
record-live = 进行中，轮到{ $color ->
    [red] 红方
   *[black] 黑方
 }。
record-result = 结果：{ $result }
record-moves = 着法：{ $moves }
moves-none = 尚无着法
moves-cut = …（完整着法见棋谱文件）
stats-none = { $name } 还没有下过棋；`{ $cmd }play` 可以与机器人下一局。
stats-line = { $name }：等级分 { $rating }（第 { $rank } 名）· { $games } 局：{ $wins } 胜，{ $draws } 和，{ $losses } 负 · { $live } 局进行中
leaderboard-empty = 还没有人下完一局；`{ $cmd }play` 可以与机器人下一局。
leaderboard-title = 排行榜：
leaderboard-line = { $rank }. { $name } · { $rating } · { $games } 局（{ $wins } 胜 { $draws } 和 { $losses } 负）

## 帮助与斜杠命令

help-title = **象棋** — 命令一览：
group-playing = 下棋
group-watching = 观战
group-history = 历史
group-help = 帮助
about-play = 与机器人下一局（执黑时机器人先走）
about-challenge = 向某人发起挑战；对方用 accept 接受或 decline 拒绝
about-accept = 接受这里发给你的挑战
about-decline = 拒绝这里发给你的挑战，或拒绝对手的请求
about-move = 在这里走一步（也可直接输入）：ICCS h2e2、WXF C2=5、中文 炮二平五、越南 P2-5
about-resign = 认输
about-draw = 提议和棋，或接受对方的和棋提议
about-takeback = 请求悔棋，或同意对方的悔棋请求
about-hint = 请引擎给出一步建议
about-board = 显示一局的棋盘
about-flip = 从另一方的视角显示一局的棋盘
about-games = 列出这里进行中的对局
about-watch = 观看一局：对局位置和棋盘
about-history = 某位棋手下过的对局
about-game = 一局的着法、结果、FEN、棋谱和回放
about-stats = 某位棋手的战绩
about-leaderboard = 最强的棋手
about-help = 玩法和命令说明
command-description = 与机器人或其他人下中国象棋
option-side = 你执哪一方（默认红方）
option-time = 计时：分钟+每步加秒（10+5、3+2），每步天数（1d、3d），或 none（默认）
what-time-class = 快棋或通讯棋
bad-not-time-class = `{ $word }` 既不是 `live` 也不是 `correspondence`
bad-time-class-twice = 只能指定一次 live 或 correspondence
what-rated = 计分（rated）或休闲（casual）
bad-not-rated = `{ $word }` 既不是 `rated` 也不是 `casual`
bad-rated-twice = 只能指定一次 rated 或 casual
class-only = { $class ->
    [live] 仅计时对局。
   *[correspondence] 仅通讯对局。
 }
option-time-class = 只看计时对局（live）或每步按天的通讯对局（correspondence）
option-rated = 选 False 为休闲对局，不改变任何人的等级分（默认计分）
choice-live = 计时（分钟 + 每步加秒）
choice-correspondence = 通讯棋（每步天数）
option-level = 机器人的棋力，{ $min }（最弱）到 { $max }（最强）；默认 { $default }
option-game-here = 对局编号（默认：你在这里的对局）
option-whose = 查看谁（默认是你）
option-opponent = 对手；不填则为任何人都可加入的公开挑战
option-challenger = 接受谁的挑战（这里有多个挑战时）
option-game-id = 对局编号
option-move = ICCS h2e2、WXF C2=5、中文 炮二平五 或越南 P2-5
choice-red = 红方（先走）
choice-black = 黑方
choice-random = 随机
choice-level = { $level } · 等级分 { $rating }
choice-level-easiest = { $level }（最弱）· 等级分 { $rating }
choice-level-strongest = { $level }（最强）· 等级分 { $rating }
slash-not-subcommand = 请使用 `/xiangqi` 的子命令；`/xiangqi help` 列出所有命令。
slash-unknown = 本机器人没有 `/xiangqi { $name }` 这个命令；`/xiangqi help` 列出所有命令。
slash-missing = `/xiangqi { $command }` 需要{ $what }。
slash-bad-side = `{ $option }` 必须是 red、black 或 random。
slash-bad-level = `{ $option }` 必须是 { $min } 到 { $max } 之间的数字。
slash-bad-user = `{ $option }` 必须是一位用户。
slash-bad-game = `{ $option }` 必须是对局编号，比如 12。
name-needs-mention = 请用提及（从列表中选 `@名字`）指定棋手；这里无法查找 `{ $name }`。
name-lookup-failed = 暂时无法查找 `{ $name }`；请改用提及（从列表中选 `@名字`）。
name-nobody = 本服务器没有叫 `{ $name }` 的人；请改用提及（从列表中选 `@名字`）。
name-several = 有好几位成员叫 `{ $name }`；请提及你要找的那一位。

## 限制与自愈

too-many-challenges = 你已有 { $count } 个挑战在等待回应；请等对方回应或挑战过期，或在发起挑战的地方用 `{ $cmd }decline` 撤回一个。
challenger-busy = 向你挑战的人正在这里下第 #{ $game } 局；那局结束后才能接受挑战。
busy = 机器人现在正忙于思考；请一分钟后再试。
stored-not-shown = 你在第 #{ $game } 局的着法已保存；机器人暂时无法显示，稍后会尽快发出。
shown-late = #{ $game } ·（补发）
games-title-paged = 这里进行中的对局（{ $count }），第 { $page }/{ $pages } 页：
games-next-page = `{ $cmd }games { $next }` 显示下一页。
bad-one-page = 只能指定一页
bad-not-page = `{ $word }` 不是页码（1、2……）
option-page = 列表的页码（默认 1）
what-page = 一个页码
bad-pieces-twice = 棋子样式只能指定一次
bad-theme-twice = 主题只能指定一次
bad-not-style = { $word } 既不是棋子样式（{ $pieces }）也不是主题（{ $themes }）
option-pieces = 汉字棋子或国际符号（默认：机器人的设置）
option-theme = 木纹或高对比度棋盘（默认：机器人的设置）
what-pieces = 一种棋子样式
what-theme = 一种主题
slash-bad-choice = `{ $option }` 必须是 { $choices } 之一。
slash-bad-page = `{ $option }` 必须是页码，从 1 开始。

## 控制台

console-welcome = 象棋控制台：你是 { $name }。输入 `help` 查看帮助，`quit` 退出。
console-private = （仅你可见）
console-file = 文件：{ $path }
console-bad-name = `{ $name }` 不能用作名字；请写 `as 名字 <命令>`。
console-what-should = { $name } 要做什么？请写 `as { $name } <命令>`。

## 设置

setting-language = 语言
setting-notation = 优先显示的记谱法
setting-pieces = 棋子
setting-theme = 棋盘
setting-notify = 轮到我走棋时提醒我
setting-server-language = 服务器语言
setting-server-pieces = 成员未自选时的棋子
setting-server-theme = 成员未自选时的棋盘
setting-server-level = 新对局的机器人级别
setting-server-channels = 机器人下棋的频道
setting-server-threads = 对局子区
setting-server-expiry = 挑战的有效期
setting-forms-choice = { $choices } 之一
setting-forms-level = { $min } 到 { $max } 之间的级别
setting-forms-channels = 最多 { $max } 个频道（`#频道名`），或 `all`
setting-forms-duration = 1 分钟到 7 天之间的时长，例如 `30m`、`2h` 或 `1d`
group-settings = 设置与管理
about-settings = 查看或更改你的设置，或服务器的设置（需“管理服务器”权限）
about-abort = 中止一局进行中的对局，不计等级分（需“管理消息”权限）
option-setting = 哪一项设置（不填则列出全部）
option-setting-value = 新的值，或 `default`
what-setting = 一项设置
what-setting-value = 一个值
bad-not-setting = { $word } 不是一项设置；可用的设置有 { $settings }
settings-yours = **你的设置**
settings-server = **本服务器的设置**（需“管理服务器”权限）
settings-line = { $setting }（`{ $typed }`）：{ $value }
settings-how-to = 用 `{ $cmd }settings <设置> <值>` 更改，例如 `{ $cmd }settings language vi` 或 `{ $cmd }settings server expiry 30m`；值写 `default` 即恢复默认。
setting-default = 默认
setting-default-is = 默认：{ $value }
setting-everywhere = 所有频道
setting-on-off = { $on ->
    [on] 开
   *[off] 关
 }
language-name = { $lang ->
    [en] 英语
    [zh-Hans] 简体中文
    [zh-Hant] 繁体中文
    [vi] 越南语
   *[other] { $lang }
 }
notation-name = { $notation ->
    [iccs] ICCS 坐标
    [wxf] WXF
    [chinese] 中文记谱
    [vietnamese] 越南记谱
   *[other] { $notation }
 }
pieces-name = { $pieces ->
    [chinese] 汉字棋子
    [international] 国际符号（车为城堡、马为骑士、将为王……）
   *[other] { $pieces }
 }
theme-name = { $theme ->
    [wood] 木纹棋盘
    [contrast] 高对比度（小屏幕、色盲友好）
   *[other] { $theme }
 }
setting-changed = { $setting }已设为 { $value }。
setting-reset = { $setting }已恢复默认。
not-allowed = 只有拥有“{ $right ->
    [manage-server] 管理服务器
   *[manage-messages] 管理消息
 }”权限的成员才能这样做。
not-allowed-typed = Discord 只在斜杠命令中告诉机器人你的权限：请用 `/xiangqi` 来做这件事（需要“{ $right ->
    [manage-server] 管理服务器
   *[manage-messages] 管理消息
 }”权限）。
setting-server-only = 服务器设置要在该服务器的频道里更改，不能在这里改。
setting-needs-value = `{ $cmd }settings { $setting }` 需要一个值：{ $forms }；或 `default`。
setting-bad-value = { $given } 不是 `{ $setting }` 可用的值：{ $forms }。
not-played-here = 在本服务器，机器人只在 { $channels } 下棋；请到那里开局。
game-aborted = 第 #{ $game } 局（{ $pairing }）已被 { $name } 中止。{ $result } 本局不计等级分。
bot-name = xiangqi-bot（{ $level } 级）

## Puzzles

no-puzzle-here = 你在这里没有进行中的习题；输入 `{ $cmd }习题` 来一道。
no-puzzles-left = 所有习题你都解出来了，了不起！
puzzle-stale = 你输入时习题已经往下走了；请看最新的棋盘再试一次。
puzzle-daily-needs-server = 每日一题属于服务器；请在服务器的频道里请求。
puzzle-caption = 习题 #{ $id }：{ $color ->
    [red] 红方
   *[black] 黑方
 }先走取胜{ $mate ->
    [0] {""}
   *[other] { " — " }{ $mate } 步杀
 }
puzzle-start = { $caption }（习题等级分 { $rating }）。{ $surface ->
    [slash] 请用 `/xiangqi 习题` 加上着法作答
   *[words] 请输入着法
 }；`{ $cmd }习题 提示` 提示该走哪个子，`{ $cmd }习题 跳过` 放弃。
puzzle-still-open = 你还在做这道题：{ $caption }（习题等级分 { $rating }）。{ $surface ->
    [slash] 请用 `/xiangqi 习题` 加上着法作答
   *[words] 请输入着法
 }，或 `{ $cmd }习题 跳过`。
puzzle-correct = { $mv } 正确。对方应着：{ $reply }。轮到你走。
puzzle-solved = { $mv } —— 解出来了！习题等级分 { $rating }（{ $change }）。
puzzle-failed = { $mv } 不是正解，本次尝试结束。习题等级分 { $rating }（{ $change }）。
puzzle-skipped = 已跳过。习题等级分 { $rating }（{ $change }）。
puzzle-solution = 正解：{ $line }
puzzle-hint = 提示：走你在 { $square } 的{ $piece }。
puzzle-daily-place = 你是今天每日一题的第 { $place } 位解题者。
puzzle-daily-solvers = 最先解出的人：{ $names }
puzzle-daily-done = 今天的每日一题你已经解出来了。
puzzle-stats-none = { $name } 还没做过习题；输入 `{ $cmd }习题` 来一道。
puzzle-stats-line = { $name }：习题等级分 { $rating } · 尝试 { $attempts } 次，解出 { $solved } 题
puzzle-top-empty = 习题排行榜的这一页还没有人。
puzzle-top-title = 习题排行榜，第 { $page } 页：
puzzle-top-line = { $rank }. { $name } · { $rating } · { $attempts } 次中解出 { $solved } 题
puzzle-top-next = `{ $cmd }习题 排行 { $next }` 查看下一页。
about-puzzle = 做一道习题；另有 习题 提示、跳过、每日、统计、排行
option-puzzle-action = 提示、跳过、每日、统计、排行 [页码]，或你的着法
what-puzzle-action = 习题中要做的事
setting-server-puzzle-channel = 每日一题的频道
setting-server-puzzle-hour = 每日一题的发布时间（UTC 小时）
setting-forms-hour = 0 到 23 之间的小时数（UTC）
puzzle-daily-post = 今日一题 —— { $caption }。输入 `{ $cmd }习题 每日` 来试试。
puzzle-daily-solution-post = { $day } 的每日一题：{ $solution }
puzzle-daily-nobody = 没有人解出。
## 复盘

about-review = 复盘一局已结束的对局：评估曲线、准确率、失着与更好的着法
option-game-review = 对局编号（默认：你最近结束的一局）
review-no-game = 这里没有你已结束的对局可以复盘；请指定一局，例如 `{ $cmd }review 12`。
review-live = 对局 #{ $game } 仍在进行中；结束后才能复盘。
review-progress = 正在复盘对局 #{ $game }：{ $total } 步中已分析 { $done } 步……
review-title = **对局 #{ $game } 复盘** · { $pairing }
review-accuracy = 准确率：红方 { $red }，黑方 { $black }
review-move = { $number } { $seat }：{ $played } 是{ $class ->
    [inaccuracy] 缓着
    [mistake] 失着
   *[blunder] 败着
 }；更好的是 { $better }
review-clean = 没有缓着、失着或败着：下得好！
review-moment-caption = #{ $game } · { $number } { $class ->
    [inaccuracy] 缓着
    [mistake] 失着
   *[blunder] 败着
 }：{ $played }，更好的是 { $better }
review-offer = “复盘”（或 `{ $cmd }review { $game }`）显示这局棋的转折点；“再来一局”交换红黑再下一局。
button-review = 复盘
button-rematch = 再来一局
about-rematch = 交换红黑，把一局已结束的对局再下一次（对机器人立即开始；对人则发出挑战）
option-game-rematch = 对局编号（默认：你上一局已结束的对局）
rematch-no-game = 你在这里没有可以再下的已结束对局；请指定一局，例如 `{ $cmd }rematch 12`。
rematch-live = 第 #{ $game } 局还在进行中；结束后才能要求再来一局。
rematch-taken = 第 #{ $game } 局的再来一局已经发起或开始了。
rematch-not-yours = 只有 { $red } 和 { $black } 可以要求第 #{ $game } 局再来一局。
rematch-offered = { $from } 邀请 { $to } 交换红黑再下一局第 #{ $game } 局（{ $from } 执{ $side ->
    [red] 红方
    [black] 黑方
   *[random] 随机一方
 }）。{ $to }：请在 { $within }内用下方的按钮回应。
challenge-other-bot = { $name } 是机器人，无法回应挑战；请挑战真人，或与本机器人对弈。
menu-challenge = 挑战下象棋
setting-server-auto-review = 每局结束后自动复盘
about-tournament = 瑞士制和循环赛的比赛：创建、加入、排名、对阵
option-tournament-action = create [swiss|rr] [rounds N] [10+5] [start 30m] [名称]；join、leave、standings [编号]……
what-tournament-action = 对比赛要做的事
tournament-unknown-action = `{ $word }` 不是比赛的操作（list、create、join、leave、start、cancel、standings、pairings、bot）
tournament-bad-id = `{ $given }` 不是比赛编号（应是像 `3` 这样的数字）
tournament-bad-rounds = `{ $given }`：瑞士制比赛可下 1 到 { $max } 轮（`rounds 5`）
tournament-bad-start = `{ $given }`：开始时间是一段等待时长，如 `30m`、`2h` 或 `1d`，最长 14 天
tournament-untimed = 比赛需要计时，如 `10+5` 或 `3d`，每一轮才能按时结束
tournament-rounds-for-round-robin = 循环赛的轮数就是让每个人都与其他所有人对局一次所需的轮数；请不要指定轮数
tournament-name-too-long = 名称最多 { $max } 个字符
tournament-default-name = { $name } 的比赛
tournament-terms-swiss = 瑞士制，{ $rounds } 轮，{ $time }
tournament-terms-round-robin = 循环赛，{ $time }
tournament-created = 比赛 #{ $id } **{ $name }**（{ $terms }）将在 { $within }后开始。按“加入”，或输入 `{ $cmd }tournament join { $id }` 报名。
tournament-none-here = 这里没有开放的比赛；`{ $cmd }tournament create` 可以创建一场。
tournament-list-header = 这里的比赛：
tournament-list-line = #{ $id } **{ $name }**（{ $terms }）：{ $status }
tournament-status-registering = { $entrants } 名参赛者，{ $within }后开始
tournament-status-running = 第 { $round } 轮（共 { $rounds } 轮），{ $entrants } 名参赛者
tournament-joined = { $player } 加入 **{ $tournament }**（{ $count } 名参赛者）。
tournament-unregistered = { $player } 取消了 **{ $tournament }** 的报名。
tournament-withdrawn = { $player } 退出 **{ $tournament }**：从第 { $round } 轮起不再为其配对；正在进行的对局仍然计入成绩。
tournament-not-entered = 你没有参加 **{ $tournament }**。
tournament-closed = **{ $tournament }** 已不再接受报名。
tournament-already-entered = 你已经参加了 **{ $tournament }**。
tournament-bot-already-entered = 机器人已经参加了 **{ $tournament }**。
tournament-full = **{ $tournament }** 已满：{ $max } 名参赛者。
tournament-not-found = 这里没有比赛 #{ $id }。
tournament-which = 这里有几场开放的比赛（{ $ids }）；请加上编号，例如 `{ $cmd }tournament join 3`。
tournament-not-yours = 只有 **{ $tournament }** 的创建者，或有“管理服务器”权限、拥有比赛身份组的成员，才能这样做。
tournament-in-dm = 比赛要在服务器的频道里举行，参赛者才能看到。
tournament-not-registering = **{ $tournament }** 已经开始了。
tournament-cancelled = **{ $tournament }** 已取消。
tournament-cancelled-few = **{ $tournament }** 取消：参赛者不足两人。
tournament-round = **{ $tournament }** 第 { $round } 轮（共 { $rounds } 轮）：
    { $boards }
tournament-board-line = { $board }. #{ $game } { $pairing } { $link }
tournament-bye-line = { $name }：轮空（记为胜）
tournament-game-of = **{ $tournament }** 第 { $round } 轮：请在 { $within }内走出第一步，否则本局按弃权判负。
tournament-forfeit = 第 #{ $game } 局没有按时开始：{ $loser } 弃权判负。
tournament-forfeit-both = 第 #{ $game } 局没有按时开始：双方均弃权判负。
tournament-finished = **{ $tournament }** 结束。冠军：{ $winners }！
tournament-standings-header = **{ $tournament }** 第 { $round } 轮（共 { $rounds } 轮）后的排名：
tournament-standings-live = **{ $tournament }** 第 { $round } 轮（共 { $rounds } 轮）进行中的排名：
tournament-started-now = **{ $tournament }** 已开始：第一轮对阵已发在频道里。
tournament-standing-line = { $rank }. { $name }：{ $points } 分（已下 { $played } 局；Buchholz { $buchholz }，SB { $sb }）
tournament-entrants = **{ $tournament }**，{ $count } 名参赛者：{ $names }
tournament-no-pairings = **{ $tournament }** 还没有编排任何一轮的对阵。
tournament-withdrawn-mark = （已退赛）
button-join-tournament = 加入
button-leave-tournament = 退出
command-name = { $command ->
    [play] 下棋
    [challenge] 挑战
    [accept] 接受
    [decline] 拒绝
    [move] 走棋
    [resign] 认输
    [draw] 求和
    [takeback] 悔棋
    [hint] 提示
    [board] 棋盘
    [flip] 翻转棋盘
    [games] 对局列表
    [watch] 观战
    [history] 历史
    [game] 对局
    [stats] 战绩
    [leaderboard] 排行榜
    [settings] 设置
    [abort] 中止
    [review] 复盘
    [rematch] 再来一局
    [puzzle] 习题
    [help] 帮助
    [tournament] 比赛
   *[other] { $command }
 }
tournament-action-word = { $action ->
    [list] 列表
    [create] 创建
    [join] 加入
    [leave] 退出
    [start] 开始
    [cancel] 取消
    [standings] 排名
    [pairings] 对阵
    [bot] 机器人
   *[other] { $action }
 }
puzzle-action-word = { $action ->
    [hint] 提示
    [skip] 跳过
    [daily] 每日
    [stats] 统计
    [top] 排行
   *[other] { $action }
 }
setting-forms-role = 一个身份组，用 `@身份组` 提及
setting-server-seek-channel = 公开挑战的频道
setting-server-seek-role = 公开挑战提醒的身份组
setting-server-tournament-role = 可以举办比赛的身份组
seek-posted-in = 你的公开挑战已发布在 { $channel }。
