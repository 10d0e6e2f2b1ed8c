# 機器人的繁體中文訊息。每則訊息及程式傳入的參數列在 src/i18n/messages.rs；
# 測試會檢查每個語言的目錄都有每則訊息，且不使用程式未傳入的參數。

## 嵌在其他訊息裡的詞

color = { $color ->
    [red] 紅方
   *[black] 黑方
 }
seat = { $name }（{ $color ->
    [red] 紅方
   *[black] 黑方
 }）
pairing = { $red } 對 { $black }
target-anyone = 任何人
target-bot = 機器人
duration = { $unit ->
    [second] { $count } 秒
    [minute] { $count } 分鐘
    [hour] { $count } 小時
   *[day] { $count } 天
 }
end-reason = { $reason ->
    [checkmate] 將死
    [stalemate] 困斃（無子可動，象棋中判負）
    [perpetual-check] 長將
    [perpetual-chase] 長捉
    [repetition] 重複局面
    [no-capture] 六十回合不吃子
    [insufficient-material] 雙方均無進攻子力
    [move-limit] 回合數上限
    [resignation] 認輸
    [abandonment] 超時棄局
    [timeout] 超時
    [timeout-vs-insufficient-material] 超時，但對方子力不足以取勝
    [agreement] 雙方議和
    [aborted] 管理員中止
   *[other] { $reason }
 }
piece = { $piece ->
    [general] 將（帥）
    [advisor] 士
    [elephant] 象
    [horse] 馬
    [chariot] 車
    [cannon] 炮
   *[soldier] 兵（卒）
 }

## 結果

result-win = { $winner }以{ $reason }獲勝。
result-draw = 和棋（{ $reason }）。
result-called-off = 對局取消（{ $reason }）。

## 錯誤

no-game-here = 你在這裡沒有對局。用 `{ $cmd }play` 與機器人下棋，或用 `{ $cmd }challenge @使用者` 約人對弈。
already-playing = 你在這裡已經在下第 #{ $game } 局了。請先下完（或 `{ $cmd }resign` 認輸）再開新局。
opponent-busy = { $name } 在這裡正在下第 #{ $game } 局；等那局結束再約戰吧。
not-your-turn = 第 #{ $game } 局還沒輪到你；請等對手走棋。
stale-game = 你輸入時第 #{ $game } 局已有變化；請看一下 `{ $cmd }board` 再試。
bot-thinking = 機器人還在第 #{ $game } 局中思考；請等它走棋。
not-a-player = 第 #{ $game } 局是 { $red } 與 { $black } 的對局；你可以用 `{ $cmd }watch { $game }` 觀戰。
illegal-move = { $reason }。請再試一次（ICCS `h2e2`、WXF `C2=5`、`炮二平五` 或 `P2-5`），或用 `{ $cmd }hint` 請求提示。
game-not-found = 沒有第 #{ $game } 局；`{ $cmd }games` 列出這裡的對局，`{ $cmd }history` 列出你下過的對局。
game-is-over = 第 #{ $game } 局已經結束；用 `{ $cmd }play` 或 `{ $cmd }challenge @使用者` 開新局。
no-games-here = 這裡沒有進行中的對局；用 `{ $cmd }play` 或 `{ $cmd }challenge @使用者` 開一局。
self-challenge = 你不能向自己挑戰；試試用 `{ $cmd }play` 與機器人對弈。
challenge-in-dm = 挑戰要在伺服器頻道裡發出，對手才能看到並回應；這裡只有你和機器人。`{ $cmd }play` 可以與機器人下一局。
no-challenge = 這裡沒有人向你挑戰。用 `{ $cmd }challenge @使用者` 向別人挑戰吧。
challenge-expired = 來自 { $name } 的挑戰已過期；你可以用 `{ $cmd }challenge @{ $handle }` 向對方發起挑戰。
challenge-not-for-you = { $from } 的這份挑戰是發給 { $to } 的，不是給你的；你可以用 `{ $cmd }challenge @{ $handle }` 向 { $from } 發起挑戰。
nothing-to-decline = 沒有可以拒絕的：這裡沒有給你的挑戰，你的對局中也沒有待回應的請求。
press-not-understood = 這個按鈕來自舊版本的機器人，現在已無作用；`{ $cmd }help` 列出所有命令。
press-challenge-closed = 這份挑戰已經結束：已被回應、撤回或過期。
press-moved-on = 第 #{ $game } 局在那則訊息之後已經繼續進行；它的按鈕已不再適用。
button-accept-draw = 同意和棋
press-not-your-challenge = 只有 { $from } 可以撤回這份挑戰。
button-accept = 接受
button-join = 加入
button-decline = 拒絕
button-withdraw = 撤回
button-move = 走棋
button-resign = 認輸
button-confirm-resign = 確定認輸
button-offer-draw = 提和
button-takeback = 悔棋
button-hint = 提示
button-flip = 翻轉棋盤
resign-confirm = 確定在第 #{ $game } 局認輸嗎？對局將以你的失敗結束；只有下面的按鈕會認輸。
move-form-title = 你在第 #{ $game } 局的著法
move-form-label = 你的著法，任何記譜法均可
move-form-placeholder = h2e2、C2=5 或 炮二平五
nothing-to-take-back = 第 #{ $game } 局還沒有可以悔的棋。
already-asked = 你已經提出過了；請等對手用 `{ $cmd }{ $command }` 回應。
hints-disabled = 本伺服器已關閉提示功能。
hints-against-people = 提示只能在與機器人的對局中使用；與真人對弈，請自己思考！
internal-error = 我們這邊出了點問題；請稍後再試。

## 讀取命令

command-empty = 請輸入命令或著法；`{ $cmd }help` 列出所有命令。
command-unknown = `{ $word }` 既不是命令也不是著法；`{ $cmd }help` 列出所有命令。
command-missing = `{ $command }` 需要{ $what }：{ $usage }
command-bad = `{ $command }`：{ $problem }。用法：{ $usage }
what-side = 執哪一方
what-level = 一個等級
what-time-control = 一種計時方式
what-user = 一位使用者
what-game-id = 對局編號（`{ $cmd }games` 會列出）
what-move = 一步棋，如 `h2e2`（ICCS）、`C2=5`（WXF）、`炮二平五` 或 `P2-5`
what-anything = 任何內容
bad-not-user = `{ $word }` 不是使用者
bad-not-game-id = `{ $word }` 不是對局編號（應是像 `12` 這樣的數字）
bad-side-twice = 只能指定一次執哪一方
bad-level-twice = 只能指定一次等級
bad-time-control = `{ $word }`：{ $problem ->
    [minutes] 分鐘數必須在 1 到 { $max_minutes } 之間
    [increment] 每步加秒必須在 0 到 { $max_increment } 之間
    [days] 每步天數必須是 { $days } 之一
   *[form] 請寫 分鐘+秒（`10+5`）、每步天數（`3d`）或 `none`
 }
bad-time-control-twice = 只能指定一次計時方式
bad-level-needs-number = `level` 後面需要 { $min } 到 { $max } 之間的數字
bad-not-side-nor-level = `{ $word }` 既不是紅黑方，也不是 { $min } 到 { $max } 的等級
bad-not-side = `{ $word }` 不是 red（紅）、black（黑）或 random（隨機）
bad-not-level = `{ $word }` 不是 { $min } 到 { $max } 的等級
bad-one-user = 最多只能指定一位使用者
bad-one-game = 只能指定一局
bad-takes-nothing = 這個命令後面不接任何內容（收到了 `{ $word }`）

## 規則不允許的著法

accepted-forms = ICCS（h2e2 或 H2-E2）、WXF（C2=5、H8+7、R+=5）、中文（炮二平五、馬8進7）或越南記法（P2-5、M8.7）
move-empty = 沒有輸入著法：請用 { accepted-forms } 書寫
move-unrecognized = 無法識別 `{ $input }`：請用 { accepted-forms } 書寫
move-ranks-from-one = `{ $input }` 的橫線按 1 到 10 計，但這裡從紅方一側按 0 到 9 計（ICCS，如 h2e2）
move-no-such-file = `{ $input }` 寫了第 { $file } 路，但縱線只有 a 到 i
move-no-piece = `{ $input }` 找不到對應的己方棋子（{ $detail }）
move-impossible = `{ $input }` 不是可能的著法：{ $detail }
move-ambiguous = `{ $input }` 有歧義：可能是 { $options }
move-reading-in = { $written }（{ $notation }，{ $iccs }）
missing-piece = { color }{ $place ->
    [on-file] 第 { $file } 路上沒有{ piece }
    [place-on-file] 第 { $file } 路的這個位置上沒有{ piece }
   *[place-on-shared-file] 沒有與另一個{ piece }同路、處在這個位置的{ piece }
 }
impossible-shape = { $shape ->
    [number-out-of-range] 數字必須在 1 到 9 之間
    [already-on-file] 平著法寫的是{ piece }要去的那一路，而它已經在第 { $file } 路上
    [out-of-diagonal-reach] { piece }斜走只能到{ $piece ->
        [advisor] 相鄰的一路
        [elephant] 相距兩路的位置
       *[other] 相距一路或兩路的位置
     }，到不了第 { $file } 路
    [never-sideways] { piece }不能平走
   *[off-board] 這樣走{ piece }會走出棋盤
 }
illegal-no-movement = 著法必須移動棋子：起點和終點都是 { $square }
illegal-no-piece = { $square } 上沒有棋子
illegal-wrong-side = { $square } 上是{ $color ->
    [red] 紅方
   *[black] 黑方
 }的棋子
illegal-captures-own = { $square } 上是你自己的棋子
illegal-cannot-move = { piece }不能從 { $from } 走到 { $to }：它{ $piece ->
    [general] 只能沿橫線或縱線走一步
    [advisor] 只能斜走一步
    [elephant] 只能斜走兩步（走田字）
    [horse] 先直走一步再斜走一步（走日字）
    [soldier] 只能向前走一步（過河後也可橫走一步）
   *[other] 沿橫線或縱線直走
 }
illegal-leaves-palace = { piece }不能走出九宮
illegal-horse-leg = { $square } 處蹩馬腿
illegal-elephant-eye = { $square } 處塞象眼
illegal-elephant-river = 象不能過河
illegal-soldier-sideways = 兵（卒）過河後才能橫走
illegal-soldier-backward = 兵（卒）不能後退
illegal-path-blocked = { piece }的路線在 { $square } 被擋住了
illegal-cannon-screens = 炮吃子必須隔一個棋子（炮架），這裡中間有 { $screens } 個
illegal-leaves-check = 這樣走會讓你的將（帥）被將軍
illegal-generals-face = 這樣走會造成將帥照面
illegal-not-illegal = 這步棋是合法的

## 對局

thread-title = 象棋：{ $pairing }
game-starts-in = 第 #{ $game } 局（{ $pairing }）在 { $link } 開始。
game-start-bot-first = 第 #{ $game } 局：{ $red } 對 { $black }。機器人先走。
game-start-your-move = 第 #{ $game } 局：{ $red } 對 { $black }。{ $name }，輪到你走：{ $surface ->
    [slash] 點棋盤下方的 **走棋**，或用 `/xiangqi 走棋` 加上著法，如 `炮二平五`、`h2e2`、`C2=5` 或 `P2-5`。
   *[words] 可以輸入 `炮二平五`、`h2e2`、`C2=5` 或 `P2-5`。
 }
move-made = { $seat }：{ $mv }。
move-made-check = { $seat }：{ $mv }。將軍！
move-made-mate = { $seat }：{ $mv }。將軍。
your-move = { $name }，輪到你走。
game-over-line = 對局結束：{ $result }
resigns = #{ $game }：{ $seat }認輸。{ $result }
bot-declines-draw = #{ $game }：機器人拒絕和棋，繼續對弈。
bot-accepts-draw = #{ $game }：機器人接受和棋。雙方議和。
draw-agreed = #{ $game }：雙方同意和棋。{ $result }
draw-offer-gone = #{ $game }：求和請求已不存在；繼續對弈。
draw-offered = #{ $game }：{ $name } 提議和棋。{ $opponent }：請用下方的按鈕接受或拒絕；走棋也視為拒絕。
took-back-against-bot = #{ $game }：已悔回 { $yours } 和機器人的 { $bots }。輪到你走。
takeback-agreed = #{ $game }：{ $name } 同意；已悔回 { $moves }。
takeback-asked = #{ $game }：{ $name } 請求悔一步棋。{ $opponent }：輸入 `{ $cmd }takeback` 同意，或 `{ $cmd }decline` 拒絕。
offer-declined = #{ $game }：{ $name } 拒絕了{ $kind ->
    [draw] 和棋
   *[takeback] 悔棋
 }請求；繼續對弈。
hint = 第 #{ $game } 局提示：{ $mv }
idle-lost = #{ $game }：{ $idle }沒有走棋；{ $seat }超時判負。{ $result }
idle-warning = #{ $game }：{ $name }，輪到你走棋。如果在接下來的{ $left }內不走棋，{ $seat }將超時判負。
flag-fallen = #{ $game }：時間到，{ $seat }超時。{ $result }
too-late = 第 #{ $game } 局：這步棋之前你的時間已經用完，對局按超時結束。
turn-reminder = #{ $game }：{ $name }，輪到你走棋，這步棋還剩{ $left }。時間用完則{ $seat }超時判負。
clocks-line = ⏱ { $red } { $red_clock } – { $black_clock } { $black }
clock-days-line = ⏱ { $seat }這步棋還有{ $left }。
time-control-none = 不計時
time-control-live = { $minutes } 分鐘 + 每步 { $increment } 秒
time-control-days = 每步 { $days } 天
too-fast = 你傳送請求的速度超過了機器人對單一使用者的接受上限。請等待{ $wait }後再試。
setting-server-one-board = 每局只用一則棋盤訊息，每步後更新
board-moves = 著法：{ $moves }
turn-notice = { $name }，第 #{ $game } 局輪到你走棋。

## 挑戰

challenge-made = { $from } 向 { $to } 發起象棋挑戰（{ $from } 執{ $side ->
    [red] 紅方
    [black] 黑方
   *[random] 隨機一方
 }）。{ $to }：請在 { $within }內用下方的按鈕回應。
challenge-clock = 計時：{ $time }。
seek-made = { $from } 尋找象棋對手（{ $from } 執{ $side ->
    [red] 紅方
    [black] 黑方
   *[random] 隨機一方
 }）。任何人都可在 { $within }內應戰：第一個按「加入」的人對局。
casual-game = 休閒對局：不計等級分。
casual-mark = 休閒
challenge-declined = { $name } 拒絕了 { $from } 的挑戰。
challenge-withdrawn = { $name } 撤回了挑戰。
challenge-expired-notice = { $from } 向 { $to } 發起的挑戰無人回應，已過期。

## 觀戰

games-title = 這裡進行中的對局（{ $count }）：
games-line = #{ $game } · { $pairing } · 第 { $number } 回合 · 輪到{ $color ->
    [red] 紅方
   *[black] 黑方
 }
games-footer = `{ $cmd }watch <編號>` 顯示對局所在的位置。
watch-live = 第 #{ $game } 局（{ $pairing }）在 { $link } 進行。{ $status }
watch-over = 第 #{ $game } 局（{ $pairing }）已結束：{ $result } `{ $cmd }game { $game }` 可檢視棋譜和回放。
status-head = #{ $game } · { $red } 對 { $black } · 第 { $number } 回合
status-last = 上一步 { $mv }
status-to-move = 輪到{ $color ->
    [red] 紅方
   *[black] 黑方
 }
status-to-move-in-check = 輪到{ $color ->
    [red] 紅方
   *[black] 黑方
 }（被將軍）
caption = #{ $game } · { $pairing } · 第 { $number } 回合 · 輪到{ $color ->
    [red] 紅方
   *[black] 黑方
 }（{ $name }）
caption-timed = #{ $game } · { $red } { $red_clock } – { $black_clock } { $black } · 第 { $number } 回合
caption-over = #{ $game } · { $pairing } · 第 { $number } 回合 · 對局結束
replay-caption = { $heading } · 第 { $ply } 步

## 歷史

history-none = { $name } 還沒有下完的對局。
history-title = { $name } 最近的對局：
history-footer = `{ $cmd }game <編號>` 顯示一局的著法、棋譜和回放。
history-line = #{ $game } · { $pairing } · 因{ end-reason }{ $outcome ->
    [won] 勝
    [lost] 負
    [drawn] 和
    [finished] 結束
   *[called-off] 取消
 } · { $plies } 步
record-head = 第 #{ $game } 局：{ $red } 對 { $black }
record-live = 進行中，輪到{ $color ->
    [red] 紅方
   *[black] 黑方
 }。
record-result = 結果：{ $result }
record-moves = 著法：{ $moves }
moves-none = 尚無著法
moves-cut = …（完整著法見棋譜檔案）
stats-none = { $name } 還沒有下過棋；`{ $cmd }play` 可以與機器人下一局。
stats-line = { $name }：等級分 { $rating }（第 { $rank } 名）· { $games } 局：{ $wins } 勝，{ $draws } 和，{ $losses } 負 · { $live } 局進行中
leaderboard-empty = 還沒有人下完一局；`{ $cmd }play` 可以與機器人下一局。
leaderboard-title = 排行榜：
leaderboard-line = { $rank }. { $name } · { $rating } · { $games } 局（{ $wins } 勝 { $draws } 和 { $losses } 負）

## 幫助與斜槓命令

help-title = **象棋** — 命令一覽：
group-playing = 下棋
group-watching = 觀戰
group-history = 歷史
group-help = 幫助
about-play = 與機器人下一局（執黑時機器人先走）
about-challenge = 向某人發起挑戰；對方用 accept 接受或 decline 拒絕
about-accept = 接受這裡發給你的挑戰
about-decline = 拒絕這裡發給你的挑戰，或拒絕對手的請求
about-move = 在這裡走一步（也可直接輸入）：ICCS h2e2、WXF C2=5、中文 炮二平五、越南 P2-5
about-resign = 認輸
about-draw = 提議和棋，或接受對方的和棋提議
about-takeback = 請求悔棋，或同意對方的悔棋請求
about-hint = 請引擎給出一步建議
about-board = 顯示一局的棋盤
about-flip = 從另一方的視角顯示一局的棋盤
about-games = 列出這裡進行中的對局
about-watch = 觀看一局：對局位置和棋盤
about-history = 某位棋手下過的對局
about-game = 一局的著法、結果、FEN、棋譜和回放
about-stats = 某位棋手的戰績
about-leaderboard = 最強的棋手
about-help = 玩法和命令說明
command-description = 與機器人或其他人下中國象棋
option-side = 你執哪一方（預設紅方）
option-time = 計時：分鐘+每步加秒（10+5、3+2），每步天數（1d、3d），或 none（預設）
what-time-class = 快棋或通訊棋
bad-not-time-class = `{ $word }` 既不是 `live` 也不是 `correspondence`
bad-time-class-twice = 只能指定一次 live 或 correspondence
what-rated = 計分（rated）或休閒（casual）
bad-not-rated = `{ $word }` 既不是 `rated` 也不是 `casual`
bad-rated-twice = 只能指定一次 rated 或 casual
class-only = { $class ->
    [live] 僅計時對局。
   *[correspondence] 僅通訊對局。
 }
option-time-class = 只看計時對局（live）或每步按天的通訊對局（correspondence）
option-rated = 選 False 為休閒對局，不改變任何人的等級分（預設計分）
choice-live = 計時（分鐘 + 每步加秒）
choice-correspondence = 通訊棋（每步天數）
option-level = 機器人的棋力，{ $min }（最弱）到 { $max }（最強）；預設 { $default }
option-game-here = 對局編號（預設：你在這裡的對局）
option-whose = 檢視誰（預設是你）
option-opponent = 對手；不填則為任何人都可加入的公開挑戰
option-challenger = 接受誰的挑戰（這裡有多個挑戰時）
option-game-id = 對局編號
option-move = ICCS h2e2、WXF C2=5、中文 炮二平五 或越南 P2-5
choice-red = 紅方（先走）
choice-black = 黑方
choice-random = 隨機
choice-level = { $level } · 等級分 { $rating }
choice-level-easiest = { $level }（最弱）· 等級分 { $rating }
choice-level-strongest = { $level }（最強）· 等級分 { $rating }
slash-not-subcommand = 請使用 `/xiangqi` 的子命令；`/xiangqi help` 列出所有命令。
slash-unknown = 本機器人沒有 `/xiangqi { $name }` 這個命令；`/xiangqi help` 列出所有命令。
slash-missing = `/xiangqi { $command }` 需要{ $what }。
slash-bad-side = `{ $option }` 必須是 red、black 或 random。
slash-bad-level = `{ $option }` 必須是 { $min } 到 { $max } 之間的數字。
slash-bad-user = `{ $option }` 必須是一位使用者。
slash-bad-game = `{ $option }` 必須是對局編號，比如 12。
name-needs-mention = 請用提及（從列表中選 `@名字`）指定棋手；這裡無法查詢 `{ $name }`。
name-lookup-failed = 暫時無法查詢 `{ $name }`；請改用提及（從列表中選 `@名字`）。
name-nobody = 本伺服器沒有叫 `{ $name }` 的人；請改用提及（從列表中選 `@名字`）。
name-several = 有好幾位成員叫 `{ $name }`；請提及你要找的那一位。

## 限制與自愈

too-many-challenges = 你已有 { $count } 個挑戰在等待回應；請等對方回應或挑戰過期，或在發起挑戰的地方用 `{ $cmd }decline` 撤回一個。
challenger-busy = 向你挑戰的人正在這裡下第 #{ $game } 局；那局結束後才能接受挑戰。
busy = 機器人現在正忙於思考；請一分鐘後再試。
stored-not-shown = 你在第 #{ $game } 局的著法已儲存；機器人暫時無法顯示，稍後會盡快發出。
shown-late = #{ $game } ·（補發）
games-title-paged = 這裡進行中的對局（{ $count }），第 { $page }/{ $pages } 頁：
games-next-page = `{ $cmd }games { $next }` 顯示下一頁。
bad-one-page = 只能指定一頁
bad-not-page = `{ $word }` 不是頁碼（1、2……）
option-page = 列表的頁碼（預設 1）
what-page = 一個頁碼
bad-pieces-twice = 棋子樣式只能指定一次
bad-theme-twice = 主題只能指定一次
bad-not-style = { $word } 既不是棋子樣式（{ $pieces }）也不是主題（{ $themes }）
option-pieces = 漢字棋子或國際符號（預設：機器人的設定）
option-theme = 木紋或高對比度棋盤（預設：機器人的設定）
what-pieces = 一種棋子樣式
what-theme = 一種主題
slash-bad-choice = `{ $option }` 必須是 { $choices } 之一。
slash-bad-page = `{ $option }` 必須是頁碼，從 1 開始。

## 控制檯

console-welcome = 象棋主控台：你是 { $name }。輸入 `help` 查看說明，`quit` 退出。
console-private = （僅你可見）
console-file = 檔案：{ $path }
console-bad-name = `{ $name }` 不能用作名字；請寫 `as 名字 <命令>`。
console-what-should = { $name } 要做什麼？請寫 `as { $name } <命令>`。

## 設定

setting-language = 語言
setting-notation = 優先顯示的記譜法
setting-pieces = 棋子
setting-theme = 棋盤
setting-notify = 輪到我走棋時提醒我
setting-server-language = 伺服器語言
setting-server-pieces = 成員未自選時的棋子
setting-server-theme = 成員未自選時的棋盤
setting-server-level = 新對局的機器人級別
setting-server-channels = 機器人下棋的頻道
setting-server-threads = 對局討論串
setting-server-expiry = 挑戰的有效期
setting-forms-choice = { $choices } 之一
setting-forms-level = { $min } 到 { $max } 之間的級別
setting-forms-channels = 最多 { $max } 個頻道（`#頻道名`），或 `all`
setting-forms-duration = 1 分鐘到 7 天之間的時長，例如 `30m`、`2h` 或 `1d`
group-settings = 設定與管理
about-settings = 查看或更改你的設定，或伺服器的設定（需「管理伺服器」權限）
about-abort = 中止一局進行中的對局，不計等級分（需「管理訊息」權限）
option-setting = 哪一項設定（不填則列出全部）
option-setting-value = 新的值，或 `default`
what-setting = 一項設定
what-setting-value = 一個值
bad-not-setting = { $word } 不是一項設定；可用的設定有 { $settings }
settings-yours = **你的設定**
settings-server = **本伺服器的設定**（需「管理伺服器」權限）
settings-line = { $setting }（`{ $typed }`）：{ $value }
settings-how-to = 用 `{ $cmd }settings <設定> <值>` 更改，例如 `{ $cmd }settings language vi` 或 `{ $cmd }settings server expiry 30m`；值寫 `default` 即恢復預設。
setting-default = 預設
setting-default-is = 預設：{ $value }
setting-everywhere = 所有頻道
setting-on-off = { $on ->
    [on] 開
   *[off] 關
 }
language-name = { $lang ->
    [en] 英語
    [zh-Hans] 簡體中文
    [zh-Hant] 繁體中文
    [vi] 越南語
   *[other] { $lang }
 }
notation-name = { $notation ->
    [iccs] ICCS 座標
    [wxf] WXF
    [chinese] 中文記譜
    [vietnamese] 越南記譜
   *[other] { $notation }
 }
pieces-name = { $pieces ->
    [chinese] 漢字棋子
    [international] 國際符號（車為城堡、馬為騎士、將為王……）
   *[other] { $pieces }
 }
theme-name = { $theme ->
    [wood] 木紋棋盤
    [contrast] 高對比度（小螢幕、色盲友善）
   *[other] { $theme }
 }
setting-changed = { $setting }已設為 { $value }。
setting-reset = { $setting }已恢復預設。
not-allowed = 只有擁有「{ $right ->
    [manage-server] 管理伺服器
   *[manage-messages] 管理訊息
 }」權限的成員才能這樣做。
not-allowed-typed = Discord 只在斜線指令中告訴機器人你的權限：請用 `/xiangqi` 來做這件事（需要「{ $right ->
    [manage-server] 管理伺服器
   *[manage-messages] 管理訊息
 }」權限）。
setting-server-only = 伺服器設定要在該伺服器的頻道裡更改，不能在這裡改。
setting-needs-value = `{ $cmd }settings { $setting }` 需要一個值：{ $forms }；或 `default`。
setting-bad-value = { $given } 不是 `{ $setting }` 可用的值：{ $forms }。
not-played-here = 在本伺服器，機器人只在 { $channels } 下棋；請到那裡開局。
game-aborted = 第 #{ $game } 局（{ $pairing }）已被 { $name } 中止。{ $result } 本局不計等級分。
bot-name = xiangqi-bot（{ $level } 級）

## Puzzles

no-puzzle-here = 你在這裡沒有進行中的習題；輸入 `{ $cmd }習題` 來一道。
no-puzzles-left = 所有習題你都解出來了，了不起！
puzzle-stale = 你輸入時習題已經往下走了；請看最新的棋盤再試一次。
puzzle-daily-needs-server = 每日一題屬於伺服器；請在伺服器的頻道裡請求。
puzzle-caption = 習題 #{ $id }：{ $color ->
    [red] 紅方
   *[black] 黑方
 }先走取勝{ $mate ->
    [0] {""}
   *[other] { " — " }{ $mate } 步殺
 }
puzzle-start = { $caption }（習題等級分 { $rating }）。{ $surface ->
    [slash] 請用 `/xiangqi 習題` 加上著法作答
   *[words] 請輸入著法
 }；`{ $cmd }習題 提示` 提示該走哪個子，`{ $cmd }習題 跳過` 放棄。
puzzle-still-open = 你還在做這道題：{ $caption }（習題等級分 { $rating }）。{ $surface ->
    [slash] 請用 `/xiangqi 習題` 加上著法作答
   *[words] 請輸入著法
 }，或 `{ $cmd }習題 跳過`。
puzzle-correct = { $mv } 正確。對方應著：{ $reply }。輪到你走。
puzzle-solved = { $mv } —— 解出來了！習題等級分 { $rating }（{ $change }）。
puzzle-failed = { $mv } 不是正解，本次嘗試結束。習題等級分 { $rating }（{ $change }）。
puzzle-skipped = 已跳過。習題等級分 { $rating }（{ $change }）。
puzzle-solution = 正解：{ $line }
puzzle-hint = 提示：走你在 { $square } 的{ $piece }。
puzzle-daily-place = 你是今天每日一題的第 { $place } 位解題者。
puzzle-daily-solvers = 最先解出的人：{ $names }
puzzle-daily-done = 今天的每日一題你已經解出來了。
puzzle-stats-none = { $name } 還沒做過習題；輸入 `{ $cmd }習題` 來一道。
puzzle-stats-line = { $name }：習題等級分 { $rating } · 嘗試 { $attempts } 次，解出 { $solved } 題
puzzle-top-empty = 習題排行榜的這一頁還沒有人。
puzzle-top-title = 習題排行榜，第 { $page } 頁：
puzzle-top-line = { $rank }. { $name } · { $rating } · { $attempts } 次中解出 { $solved } 題
puzzle-top-next = `{ $cmd }習題 排行 { $next }` 查看下一頁。
about-puzzle = 做一道習題；另有 習題 提示、跳過、每日、統計、排行
option-puzzle-action = 提示、跳過、每日、統計、排行 [頁碼]，或你的著法
what-puzzle-action = 習題中要做的事
setting-server-puzzle-channel = 每日一題的頻道
setting-server-puzzle-hour = 每日一題的發布時間（UTC 小時）
setting-forms-hour = 0 到 23 之間的小時數（UTC）
puzzle-daily-post = 今日一題 —— { $caption }。輸入 `{ $cmd }習題 每日` 來試試。
puzzle-daily-solution-post = { $day } 的每日一題：{ $solution }
puzzle-daily-nobody = 沒有人解出。
## 復盤

about-review = 復盤一局已結束的對局：評估曲線、準確率、失著與更好的著法
option-game-review = 對局編號（預設：你最近結束的一局）
review-no-game = 這裡沒有你已結束的對局可以復盤；請指定一局，例如 `{ $cmd }review 12`。
review-live = 對局 #{ $game } 仍在進行中；結束後才能復盤。
review-progress = 正在復盤對局 #{ $game }：{ $total } 步中已分析 { $done } 步……
review-title = **對局 #{ $game } 復盤** · { $pairing }
review-accuracy = 準確率：紅方 { $red }，黑方 { $black }
review-move = { $number } { $seat }：{ $played } 是{ $class ->
    [inaccuracy] 緩著
    [mistake] 失著
   *[blunder] 敗著
 }；更好的是 { $better }
review-clean = 沒有緩著、失著或敗著：下得好！
review-moment-caption = #{ $game } · { $number } { $class ->
    [inaccuracy] 緩著
    [mistake] 失著
   *[blunder] 敗著
 }：{ $played }，更好的是 { $better }
review-offer = 「復盤」（或 `{ $cmd }review { $game }`）顯示這局棋的轉折點；「再來一局」交換紅黑再下一局。
button-review = 復盤
button-rematch = 再來一局
about-rematch = 交換紅黑，把一局已結束的對局再下一次（對機器人立即開始；對人則發出挑戰）
option-game-rematch = 對局編號（預設：你上一局已結束的對局）
rematch-no-game = 你在這裡沒有可以再下的已結束對局；請指定一局，例如 `{ $cmd }rematch 12`。
rematch-live = 第 #{ $game } 局還在進行中；結束後才能要求再來一局。
rematch-taken = 第 #{ $game } 局的再來一局已經發起或開始了。
rematch-not-yours = 只有 { $red } 和 { $black } 可以要求第 #{ $game } 局再來一局。
rematch-offered = { $from } 邀請 { $to } 交換紅黑再下一局第 #{ $game } 局（{ $from } 執{ $side ->
    [red] 紅方
    [black] 黑方
   *[random] 隨機一方
 }）。{ $to }：請在 { $within }內用下方的按鈕回應。
challenge-other-bot = { $name } 是機器人，無法回應挑戰；請挑戰真人，或與本機器人對弈。
menu-challenge = 挑戰下象棋
setting-server-auto-review = 每局結束後自動復盤
about-tournament = 瑞士制和循環賽的比賽：建立、加入、排名、對陣
option-tournament-action = create [swiss|rr] [rounds N] [10+5] [start 30m] [名稱]；join、leave、standings [編號]……
what-tournament-action = 對比賽要做的事
tournament-unknown-action = `{ $word }` 不是比賽的操作（list、create、join、leave、start、cancel、standings、pairings、bot）
tournament-bad-id = `{ $given }` 不是比賽編號（應是像 `3` 這樣的數字）
tournament-bad-rounds = `{ $given }`：瑞士制比賽可下 1 到 { $max } 輪（`rounds 5`）
tournament-bad-start = `{ $given }`：開始時間是一段等待時長，如 `30m`、`2h` 或 `1d`，最長 14 天
tournament-untimed = 比賽需要計時，如 `10+5` 或 `3d`，每一輪才能按時結束
tournament-rounds-for-round-robin = 循環賽的輪數就是讓每個人都與其他所有人對局一次所需的輪數；請不要指定輪數
tournament-name-too-long = 名稱最多 { $max } 個字元
tournament-default-name = { $name } 的比賽
tournament-terms-swiss = 瑞士制，{ $rounds } 輪，{ $time }
tournament-terms-round-robin = 循環賽，{ $time }
tournament-created = 比賽 #{ $id } **{ $name }**（{ $terms }）將在 { $within }後開始。按「加入」，或輸入 `{ $cmd }tournament join { $id }` 報名。
tournament-none-here = 這裡沒有開放的比賽；`{ $cmd }tournament create` 可以建立一場。
tournament-list-header = 這裡的比賽：
tournament-list-line = #{ $id } **{ $name }**（{ $terms }）：{ $status }
tournament-status-registering = { $entrants } 名參賽者，{ $within }後開始
tournament-status-running = 第 { $round } 輪（共 { $rounds } 輪），{ $entrants } 名參賽者
tournament-joined = { $player } 加入 **{ $tournament }**（{ $count } 名參賽者）。
tournament-unregistered = { $player } 取消了 **{ $tournament }** 的報名。
tournament-withdrawn = { $player } 退出 **{ $tournament }**：從第 { $round } 輪起不再為其配對；正在進行的對局仍然計入成績。
tournament-not-entered = 你沒有參加 **{ $tournament }**。
tournament-closed = **{ $tournament }** 已不再接受報名。
tournament-already-entered = 你已經參加了 **{ $tournament }**。
tournament-bot-already-entered = 機器人已經參加了 **{ $tournament }**。
tournament-full = **{ $tournament }** 已滿：{ $max } 名參賽者。
tournament-not-found = 這裡沒有比賽 #{ $id }。
tournament-which = 這裡有幾場開放的比賽（{ $ids }）；請加上編號，例如 `{ $cmd }tournament join 3`。
tournament-not-yours = 只有 **{ $tournament }** 的建立者，或有「管理伺服器」權限、擁有比賽身分組的成員，才能這樣做。
tournament-in-dm = 比賽要在伺服器的頻道裡舉行，參賽者才能看到。
tournament-not-registering = **{ $tournament }** 已經開始了。
tournament-cancelled = **{ $tournament }** 已取消。
tournament-cancelled-few = **{ $tournament }** 取消：參賽者不足兩人。
tournament-round = **{ $tournament }** 第 { $round } 輪（共 { $rounds } 輪）：
    { $boards }
tournament-board-line = { $board }. #{ $game } { $pairing } { $link }
tournament-bye-line = { $name }：輪空（記為勝）
tournament-game-of = **{ $tournament }** 第 { $round } 輪：請在 { $within }內走出第一步，否則本局按棄權判負。
tournament-forfeit = 第 #{ $game } 局沒有按時開始：{ $loser } 棄權判負。
tournament-forfeit-both = 第 #{ $game } 局沒有按時開始：雙方均棄權判負。
tournament-finished = **{ $tournament }** 結束。冠軍：{ $winners }！
tournament-standings-header = **{ $tournament }** 第 { $round } 輪（共 { $rounds } 輪）後的排名：
tournament-standings-live = **{ $tournament }** 第 { $round } 輪（共 { $rounds } 輪）進行中的排名：
tournament-started-now = **{ $tournament }** 已開始：第一輪對陣已發在頻道裡。
tournament-standing-line = { $rank }. { $name }：{ $points } 分（已下 { $played } 局；Buchholz { $buchholz }，SB { $sb }）
tournament-entrants = **{ $tournament }**，{ $count } 名參賽者：{ $names }
tournament-no-pairings = **{ $tournament }** 還沒有編排任何一輪的對陣。
tournament-withdrawn-mark = （已退賽）
button-join-tournament = 加入
button-leave-tournament = 退出
command-name = { $command ->
    [play] 下棋
    [challenge] 挑戰
    [accept] 接受
    [decline] 拒絕
    [move] 走棋
    [resign] 認輸
    [draw] 求和
    [takeback] 悔棋
    [hint] 提示
    [board] 棋盤
    [flip] 翻轉棋盤
    [games] 對局列表
    [watch] 觀戰
    [history] 歷史
    [game] 對局
    [stats] 戰績
    [leaderboard] 排行榜
    [settings] 設定
    [abort] 中止
    [review] 復盤
    [rematch] 再來一局
    [puzzle] 習題
    [help] 幫助
    [tournament] 比賽
   *[other] { $command }
 }
tournament-action-word = { $action ->
    [list] 列表
    [create] 建立
    [join] 加入
    [leave] 退出
    [start] 開始
    [cancel] 取消
    [standings] 排名
    [pairings] 對陣
    [bot] 機器人
   *[other] { $action }
 }
puzzle-action-word = { $action ->
    [hint] 提示
    [skip] 跳過
    [daily] 每日
    [stats] 統計
    [top] 排行
   *[other] { $action }
 }
setting-forms-role = 一個身分組，用 `@身分組` 提及
setting-server-seek-channel = 公開挑戰的頻道
setting-server-seek-role = 公開挑戰提醒的身分組
setting-server-tournament-role = 可以舉辦比賽的身分組
seek-posted-in = 你的公開挑戰已發布在 { $channel }。
