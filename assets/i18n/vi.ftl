# Các tin nhắn của bot bằng tiếng Việt. Mỗi tin nhắn, cùng các tham số mà mã
# nguồn truyền vào, được liệt kê trong src/i18n/messages.rs; bài kiểm thử bảo
# đảm mọi danh mục đều có đủ tin nhắn và không dùng tham số nào khác.

## Từ dùng bên trong các tin nhắn khác

color = { $color ->
    [red] Đỏ
   *[black] Đen
 }
seat = { $name } ({ $color ->
    [red] Đỏ
   *[black] Đen
 })
pairing = { $red } đấu { $black }
target-anyone = bất kỳ ai
target-bot = bot
duration = { $unit ->
    [second] { $count } giây
    [minute] { $count } phút
    [hour] { $count } giờ
   *[day] { $count } ngày
 }
end-reason = { $reason ->
    [checkmate] chiếu bí
    [stalemate] hết nước đi (trong cờ tướng, hết nước là thua)
    [perpetual-check] chiếu dai
    [perpetual-chase] đuổi bắt dai
    [repetition] lặp lại thế cờ
    [no-capture] luật 60 nước không ăn quân
    [insufficient-material] không đủ quân để chiếu bí
    [move-limit] giới hạn số nước
    [resignation] xin thua
    [abandonment] bỏ cuộc
    [timeout] hết giờ
    [timeout-vs-insufficient-material] hết giờ, trước một bên không thể thắng
    [agreement] thỏa thuận hòa
    [aborted] bị điều hành viên hủy
   *[other] { $reason }
 }
piece = { $piece ->
    [general] tướng
    [advisor] sĩ
    [elephant] tượng
    [horse] mã
    [chariot] xe
    [cannon] pháo
   *[soldier] tốt
 }

## Kết quả

result-win = { $winner } thắng do { $reason }.
result-draw = Hòa do { $reason }.
result-called-off = Ván cờ bị hủy ({ $reason }).

## Lỗi

no-game-here = Bạn không có ván cờ nào ở đây. Bắt đầu bằng `{ $cmd }play` (đánh với bot) hoặc `{ $cmd }challenge @người_chơi`.
already-playing = Bạn đang chơi ván #{ $game } ở đây. Hãy chơi xong (hoặc `{ $cmd }resign`) trước khi bắt đầu ván khác.
opponent-busy = { $name } đang chơi ván #{ $game } ở đây; hãy thách đấu khi ván đó kết thúc.
not-your-turn = Chưa đến lượt bạn trong ván #{ $game }; hãy chờ đối thủ đi.
stale-game = Ván #{ $game } đã thay đổi trong lúc bạn gõ; hãy xem `{ $cmd }board` rồi thử lại.
bot-thinking = Bot vẫn đang suy nghĩ trong ván #{ $game }; hãy chờ nó đi.
not-a-player = Ván #{ $game } là giữa { $red } và { $black }; bạn có thể theo dõi bằng `{ $cmd }watch { $game }`.
illegal-move = { $reason }. Hãy thử lại (ICCS `h2e2`, WXF `C2=5`, `炮二平五` hoặc `P2-5`), hoặc xin gợi ý bằng `{ $cmd }hint`.
game-not-found = Không có ván #{ $game }; `{ $cmd }games` liệt kê các ván ở đây, `{ $cmd }history` các ván bạn đã chơi.
game-is-over = Ván #{ $game } đã kết thúc; bắt đầu ván mới bằng `{ $cmd }play` hoặc `{ $cmd }challenge @người_chơi`.
no-games-here = Ở đây không có ván nào đang diễn ra; bắt đầu bằng `{ $cmd }play` hoặc `{ $cmd }challenge @người_chơi`.
self-challenge = Bạn không thể tự thách đấu chính mình; hãy thử `{ $cmd }play` để đánh với bot.
challenge-in-dm = Lời thách đấu phải gửi trong kênh của máy chủ, nơi đối thủ có thể thấy và trả lời; ở đây chỉ có bạn và bot. `{ $cmd }play` bắt đầu một ván với bot.
no-challenge = Không ai thách đấu bạn ở đây. Hãy thách đấu ai đó bằng `{ $cmd }challenge @người_chơi`.
challenge-expired = Lời thách đấu của { $name } đã hết hạn; hãy tự thách đấu họ bằng `{ $cmd }challenge @{ $handle }`.
challenge-not-for-you = Lời thách đấu đó của { $from } là dành cho { $to }, không phải bạn; hãy tự thách đấu { $from } bằng `{ $cmd }challenge @{ $handle }`.
nothing-to-decline = Không có gì để từ chối: không có lời thách đấu nào cho bạn ở đây, và không có đề nghị nào trong ván của bạn.
press-not-understood = Nút này thuộc một phiên bản cũ của bot và giờ không còn tác dụng; `{ $cmd }help` liệt kê các lệnh.
press-challenge-closed = Lời thách đấu này không còn hiệu lực: nó đã được trả lời, rút lại hoặc hết hạn.
press-moved-on = Ván #{ $game } đã đi tiếp kể từ tin nhắn đó; các nút của nó không còn hiệu lực.
button-accept-draw = Đồng ý hòa
press-not-your-challenge = Chỉ { $from } mới có thể rút lại lời thách đấu này.
button-accept = Nhận
button-join = Tham gia
button-decline = Từ chối
button-withdraw = Rút lại
button-move = Đi quân
button-resign = Đầu hàng
button-confirm-resign = Đúng, đầu hàng
button-offer-draw = Cầu hòa
button-takeback = Đi lại
button-hint = Gợi ý
button-flip = Lật bàn cờ
resign-confirm = Đầu hàng ván #{ $game }? Ván cờ sẽ kết thúc với phần thua của bạn; chỉ nút bên dưới mới đầu hàng.
move-form-title = Nước đi của bạn trong ván #{ $game }
move-form-label = Nước đi, bằng bất kỳ ký pháp nào
move-form-placeholder = h2e2, C2=5 hoặc 炮二平五
nothing-to-take-back = Chưa có nước nào để đi lại trong ván #{ $game }.
already-asked = Bạn đã đề nghị rồi; hãy chờ đối thủ trả lời bằng `{ $cmd }{ $command }`.
hints-disabled = Máy chủ này đã tắt gợi ý.
hints-against-people = Gợi ý chỉ dành cho ván đánh với bot; đánh với người thì hãy tự suy nghĩ nhé!
internal-error = Có lỗi ở phía chúng tôi; vui lòng thử lại sau giây lát.

## Đọc lệnh

command-empty = Hãy gõ một lệnh hoặc một nước đi; `{ $cmd }help` liệt kê các lệnh.
command-unknown = `{ $word }` không phải lệnh cũng không phải nước đi; `{ $cmd }help` liệt kê các lệnh.
command-missing = `{ $command }` cần { $what }: { $usage }
command-bad = `{ $command }`: { $problem }. Cách dùng: { $usage }
what-side = một bên
what-level = một cấp độ
what-time-control = một cách tính giờ
what-user = một người chơi
what-game-id = số hiệu ván (`{ $cmd }games` liệt kê chúng)
what-move = một nước đi, như `h2e2` (ICCS), `C2=5` (WXF), `炮二平五` hoặc `P2-5`
what-anything = bất cứ gì
bad-not-user = `{ $word }` không phải là người chơi
bad-not-game-id = `{ $word }` không phải số hiệu ván (một số như `12`)
bad-side-twice = chỉ chọn bên một lần
bad-level-twice = chỉ chọn cấp độ một lần
bad-time-control = `{ $word }`: { $problem ->
    [minutes] số phút phải từ 1 đến { $max_minutes }
    [increment] số giây cộng thêm phải từ 0 đến { $max_increment }
    [days] số ngày mỗi nước phải là một trong { $days }
   *[form] hãy viết phút+giây (`10+5`), số ngày mỗi nước (`3d`) hoặc `none`
 }
bad-time-control-twice = chỉ chọn cách tính giờ một lần
bad-level-needs-number = `level` cần một số từ { $min } đến { $max }
bad-not-side-nor-level = `{ $word }` không phải bên đi cũng không phải cấp độ từ { $min } đến { $max }
bad-not-side = `{ $word }` không phải red (đỏ), black (đen) hay random (ngẫu nhiên)
bad-not-level = `{ $word }` không phải cấp độ từ { $min } đến { $max }
bad-one-user = chỉ nêu tối đa một người chơi
bad-one-game = chỉ nêu một ván
bad-takes-nothing = lệnh này không nhận gì phía sau (nhận được `{ $word }`)

## Nước đi bị luật từ chối

accepted-forms = ICCS (h2e2 hoặc H2-E2), WXF (C2=5, H8+7, R+=5), chữ Hán (炮二平五, 马8进7) hoặc ký hiệu Việt (P2-5, M8.7)
move-empty = chưa có nước đi: hãy viết theo { accepted-forms }
move-unrecognized = không đọc được nước `{ $input }`: hãy viết theo { accepted-forms }
move-ranks-from-one = `{ $input }` đếm hàng từ 1 đến 10, nhưng ở đây hàng được đếm từ 0 đến 9 tính từ phía Đỏ (ICCS, như h2e2)
move-no-such-file = `{ $input }` ghi cột { $file }, nhưng các cột chỉ từ a đến i
move-no-piece = `{ $input }` không khớp với quân nào của bạn ({ $detail })
move-impossible = `{ $input }` không phải nước đi có thể có: { $detail }
move-ambiguous = `{ $input }` không rõ nghĩa: có thể là { $options }
move-reading-in = { $written } theo { $notation } ({ $iccs })
missing-piece = { color } không có { piece } { $place ->
    [on-file] ở cột { $file }
    [place-on-file] ở vị trí đó trên cột { $file }
   *[place-on-shared-file] ở vị trí đó trên cột có một quân { piece } khác
 }
impossible-shape = { $shape ->
    [number-out-of-range] số phải từ 1 đến 9
    [already-on-file] nước đi ngang ghi cột mà { piece } đi tới, nhưng quân này đã đứng ở cột { $file }
    [out-of-diagonal-reach] { piece } đi chéo chỉ tới được { $piece ->
        [advisor] cột bên cạnh
        [elephant] cột cách hai cột
       *[other] cột cách một hoặc hai cột
     }, nên không tới được cột { $file }
    [never-sideways] { piece } không bao giờ đi ngang
   *[off-board] nước này sẽ đưa { piece } ra khỏi bàn cờ
 }
illegal-no-movement = nước đi phải di chuyển: nó bắt đầu và kết thúc ở { $square }
illegal-no-piece = không có quân nào ở { $square }
illegal-wrong-side = { $square } là quân { $color ->
    [red] Đỏ
   *[black] Đen
 }
illegal-captures-own = { $square } là quân của chính bạn
illegal-cannot-move = { piece } không thể đi từ { $from } đến { $to }: quân này { $piece ->
    [general] đi một bước theo hàng ngang hoặc dọc
    [advisor] đi một bước chéo
    [elephant] đi đúng hai bước chéo
    [horse] đi thẳng một bước rồi chéo một bước ra ngoài
    [soldier] đi thẳng một bước (qua sông thì được đi ngang)
   *[other] đi theo hàng ngang hoặc dọc
 }
illegal-leaves-palace = { piece } không được ra khỏi cung
illegal-horse-leg = mã bị cản chân ở { $square }
illegal-elephant-eye = tượng bị cản mắt ở { $square }
illegal-elephant-river = tượng không được qua sông
illegal-soldier-sideways = tốt chỉ được đi ngang sau khi qua sông
illegal-soldier-backward = tốt không bao giờ được đi lùi
illegal-path-blocked = đường đi của { piece } bị cản ở { $square }
illegal-cannon-screens = pháo ăn quân phải nhảy qua đúng một quân (ngòi), nhưng ở giữa có { $screens } quân
illegal-leaves-check = nước này để tướng của bạn bị chiếu
illegal-generals-face = nước này làm hai tướng đối mặt nhau
illegal-not-illegal = nước đi này hợp lệ

## Ván cờ

thread-title = Cờ tướng: { $pairing }
game-starts-in = Ván #{ $game } ({ $pairing }) bắt đầu ở { $link }.
game-start-bot-first = Ván #{ $game }: { $red } đấu { $black }. Bot đi trước.
game-start-your-move = Ván #{ $game }: { $red } đấu { $black }. { $name }, đến lượt bạn: { $surface ->
    [slash] bấm **Đi quân** dưới bàn cờ, hoặc dùng `/xiangqi đi` kèm nước đi, như `P2-5`, `h2e2`, `C2=5` hoặc `炮二平五`.
   *[words] gõ nước đi như `P2-5`, `h2e2`, `C2=5` hoặc `炮二平五`.
 }
move-made = { $seat }: { $mv }.
move-made-check = { $seat }: { $mv }. Chiếu!
move-made-mate = { $seat }: { $mv }. Chiếu bí.
your-move = { $name }, đến lượt bạn.
game-over-line = Ván cờ kết thúc: { $result }
resigns = #{ $game }: { $seat } xin thua. { $result }
bot-declines-draw = #{ $game }: bot từ chối hòa và đánh tiếp.
bot-accepts-draw = #{ $game }: bot đồng ý hòa. Hòa do thỏa thuận.
draw-agreed = #{ $game }: hai bên đồng ý hòa. { $result }
draw-offer-gone = #{ $game }: lời cầu hòa không còn nữa; đánh tiếp.
draw-offered = #{ $game }: { $name } cầu hòa. { $opponent }: đồng ý hoặc từ chối bằng các nút bên dưới; đi một nước cũng là từ chối.
took-back-against-bot = #{ $game }: đã đi lại { $yours } và nước { $bots } của bot. Đến lượt bạn.
takeback-agreed = #{ $game }: { $name } đồng ý; đã đi lại { $moves }.
takeback-asked = #{ $game }: { $name } xin đi lại nước vừa rồi. { $opponent }: gõ `{ $cmd }takeback` để đồng ý hoặc `{ $cmd }decline` để từ chối.
offer-declined = #{ $game }: { $name } từ chối { $kind ->
    [draw] lời cầu hòa
   *[takeback] lời xin đi lại
 }; đánh tiếp.
hint = Gợi ý cho ván #{ $game }: { $mv }
idle-lost = #{ $game }: không có nước đi nào trong { $idle }; { $seat } bị xử thua vì bỏ cuộc. { $result }
idle-warning = #{ $game }: { $name }, đến lượt bạn đi. Nếu không đi trong { $left } tới, { $seat } sẽ bị xử thua vì bỏ cuộc.
flag-fallen = #{ $game }: hết giờ; { $seat } đã hết thời gian. { $result }
too-late = Ván #{ $game }: bạn đã hết giờ trước nước đi đó, nên ván cờ kết thúc vì hết giờ.
turn-reminder = #{ $game }: { $name }, đến lượt bạn đi, còn { $left } cho nước này. Nếu hết giờ, { $seat } sẽ bị xử thua.
clocks-line = ⏱ { $red } { $red_clock } – { $black_clock } { $black }
clock-days-line = ⏱ { $seat } còn { $left } cho nước này.
time-control-none = không tính giờ
time-control-live = { $minutes } phút + { $increment } giây mỗi nước
time-control-days = { $days } ngày mỗi nước
too-fast = Bạn đang gửi yêu cầu nhanh hơn mức bot nhận từ một người. Hãy đợi { $wait } rồi thử lại.
setting-server-one-board = Mỗi ván một tin nhắn bàn cờ, được sửa sau mỗi nước đi
board-moves = Các nước đã đi: { $moves }
turn-notice = { $name }, đến lượt bạn đi trong ván #{ $game }.

## Thách đấu

challenge-made = { $from } thách { $to } một ván cờ tướng ({ $from } cầm quân { $side ->
    [red] Đỏ
    [black] Đen
   *[random] ngẫu nhiên
 }). { $to }: hãy trả lời trong vòng { $within } bằng các nút bên dưới.
challenge-clock = Đồng hồ: { $time }.
seek-made = { $from } tìm đối thủ cho một ván cờ tướng ({ $from } cầm quân { $side ->
    [red] Đỏ
    [black] Đen
   *[random] ngẫu nhiên
 }). Ai cũng có thể nhận trong vòng { $within }: người đầu tiên bấm Tham gia sẽ chơi.
casual-game = Ván giao hữu: không tính điểm xếp hạng.
casual-mark = giao hữu
challenge-declined = { $name } từ chối lời thách đấu của { $from }.
challenge-withdrawn = { $name } rút lại lời thách đấu.
challenge-expired-notice = Lời thách đấu của { $from } gửi { $to } đã hết hạn mà không có trả lời.

## Theo dõi

games-title = Các ván đang diễn ra ở đây ({ $count }):
games-line = #{ $game } · { $pairing } · nước { $number } · { $color ->
    [red] Đỏ
   *[black] Đen
 } đi
games-footer = `{ $cmd }watch <số>` cho biết ván cờ đang diễn ra ở đâu.
watch-live = Ván #{ $game } ({ $pairing }) đang diễn ra ở { $link }. { $status }
watch-over = Ván #{ $game } ({ $pairing }) đã kết thúc: { $result } `{ $cmd }game { $game }` có biên bản và phát lại.
status-head = #{ $game } · { $red } đấu { $black } · nước { $number }
status-last = nước trước { $mv }
status-to-move = { $color ->
    [red] Đỏ
   *[black] Đen
 } đi
status-to-move-in-check = { $color ->
    [red] Đỏ
   *[black] Đen
 } đi (đang bị chiếu)
caption = #{ $game } · { $pairing } · nước { $number } · { $color ->
    [red] Đỏ
   *[black] Đen
 } đi ({ $name })
caption-timed = #{ $game } · { $red } { $red_clock } – { $black_clock } { $black } · nước { $number }
caption-over = #{ $game } · { $pairing } · nước { $number } · ván cờ kết thúc
replay-caption = { $heading } · nửa nước { $ply }

## Lịch sử

history-none = { $name } chưa có ván nào kết thúc.
history-title = Các ván gần đây của { $name }:
history-footer = `{ $cmd }game <số>` cho xem các nước, biên bản và phát lại của một ván.
history-line = #{ $game } · { $pairing } · { $outcome ->
    [won] thắng
    [lost] thua
    [drawn] hòa
    [finished] kết thúc
   *[called-off] bị hủy
 } do { end-reason } · { $plies } nửa nước
record-head = Ván #{ $game }: { $red } đấu { $black }
record-live = Đang diễn ra, { $color ->
    [red] Đỏ
   *[black] Đen
 } đi.
record-result = Kết quả: { $result }
record-moves = Các nước: { $moves }
moves-none = chưa có
moves-cut = … (danh sách đầy đủ có trong biên bản)
stats-none = { $name } chưa chơi ván nào; `{ $cmd }play` bắt đầu một ván với bot.
stats-line = { $name }: hệ số { $rating } (hạng { $rank }) · { $games } ván: thắng { $wins }, hòa { $draws }, thua { $losses } · { $live } ván đang chơi
leaderboard-empty = Chưa ai chơi xong ván nào; `{ $cmd }play` bắt đầu một ván với bot.
leaderboard-title = Bảng xếp hạng:
leaderboard-line = { $rank }. { $name } · { $rating } · { $games } ván ({ $wins }T { $draws }H { $losses }B)

## Trợ giúp và lệnh gạch chéo

help-title = **Cờ tướng** — Các lệnh:
group-playing = Chơi
group-watching = Theo dõi
group-history = Lịch sử
group-help = Trợ giúp
about-play = Bắt đầu một ván với bot (nếu cầm Đen, bot đi trước)
about-challenge = Thách đấu ai đó; họ trả lời bằng accept hoặc decline
about-accept = Nhận lời thách đấu gửi cho bạn ở đây
about-decline = Từ chối lời thách đấu gửi cho bạn, hoặc đề nghị của đối thủ
about-move = Đi một nước (hoặc chỉ gõ nước đi): ICCS h2e2, WXF C2=5, chữ Hán 炮二平五, ký hiệu Việt P2-5
about-resign = Xin thua ván cờ của bạn ở đây
about-draw = Cầu hòa, hoặc đồng ý lời cầu hòa
about-takeback = Xin đi lại một nước, hoặc đồng ý lời xin
about-hint = Nhờ máy gợi ý một nước đi
about-board = Xem bàn cờ của một ván
about-flip = Xem bàn cờ của một ván từ phía bên kia
about-games = Liệt kê các ván đang diễn ra ở đây
about-watch = Theo dõi một ván: nơi diễn ra và bàn cờ
about-history = Các ván đã chơi của một người
about-game = Các nước, kết quả, FEN, biên bản và phát lại của một ván
about-stats = Thành tích của một người chơi
about-leaderboard = Những người chơi giỏi nhất
about-help = Cách chơi và các lệnh
command-description = Chơi cờ tướng với bot hoặc với nhau
option-side = Bên của bạn (mặc định Đỏ)
option-time = Đồng hồ: phút+giây (10+5, 3+2), ngày mỗi nước (1d, 3d), hoặc none (mặc định)
what-time-class = cờ nhanh hoặc cờ thư
bad-not-time-class = `{ $word }` không phải `live` hay `correspondence`
bad-time-class-twice = chỉ chọn live hoặc correspondence một lần
what-rated = tính điểm (rated) hoặc giao hữu (casual)
bad-not-rated = `{ $word }` không phải `rated` hay `casual`
bad-rated-twice = chỉ chọn rated hoặc casual một lần
class-only = { $class ->
    [live] Chỉ các ván có đồng hồ.
   *[correspondence] Chỉ các ván cờ thư.
 }
option-time-class = Chỉ các ván có đồng hồ (live) hoặc tính ngày mỗi nước (correspondence)
option-rated = False cho ván giao hữu, không đổi điểm xếp hạng của ai (mặc định: tính điểm)
choice-live = có đồng hồ (phút + giây cộng thêm)
choice-correspondence = cờ thư (ngày mỗi nước)
option-level = Sức mạnh của bot, từ { $min } (dễ nhất) đến { $max } (mạnh nhất); mặc định { $default }
option-game-here = Số hiệu ván (mặc định: ván của bạn ở đây)
option-whose = Của ai (mặc định là bạn)
option-opponent = Đấu với ai; bỏ trống để mở lời thách cho bất kỳ ai
option-challenger = Nhận lời thách của ai, khi có nhiều lời thách ở đây
option-game-id = Số hiệu ván
option-move = ICCS h2e2, WXF C2=5, chữ Hán 炮二平五 hoặc ký hiệu Việt P2-5
choice-red = đỏ (đi trước)
choice-black = đen
choice-random = ngẫu nhiên
choice-level = { $level } · hệ số { $rating }
choice-level-easiest = { $level } (dễ nhất) · hệ số { $rating }
choice-level-strongest = { $level } (mạnh nhất) · hệ số { $rating }
slash-not-subcommand = Hãy dùng một lệnh con của `/xiangqi`; `/xiangqi help` liệt kê chúng.
slash-unknown = `/xiangqi { $name }` không phải lệnh mà bot biết; `/xiangqi help` liệt kê các lệnh.
slash-missing = `/xiangqi { $command }` cần { $what }.
slash-bad-side = `{ $option }` phải là red, black hoặc random.
slash-bad-level = `{ $option }` phải là một số từ { $min } đến { $max }.
slash-bad-user = `{ $option }` phải là một người chơi.
slash-bad-game = `{ $option }` phải là số hiệu ván, một số như 12.
name-needs-mention = Hãy nêu người chơi bằng cách nhắc tên (chọn `@tên` trong danh sách); ở đây không tra được `{ $name }`.
name-lookup-failed = Lúc này không tra được `{ $name }`; hãy nhắc tên họ (chọn `@tên` trong danh sách).
name-nobody = Máy chủ này không có ai tên `{ $name }`; hãy nhắc tên họ (chọn `@tên` trong danh sách).
name-several = Có nhiều thành viên tên `{ $name }`; hãy nhắc đúng người bạn muốn.

## Giới hạn và tự khôi phục

too-many-challenges = Bạn đã có { $count } lời thách đấu đang chờ trả lời; hãy chờ họ trả lời hoặc hết hạn, hoặc rút lại một lời bằng `{ $cmd }decline` ở nơi bạn đã gửi.
challenger-busy = Người thách đấu bạn đang chơi ván #{ $game } ở đây; chỉ nhận lời được khi ván đó kết thúc.
busy = Bot đang bận suy nghĩ; hãy thử lại sau một phút.
stored-not-shown = Nước đi của bạn trong ván #{ $game } đã được lưu; bot chưa hiển thị được và sẽ đăng ngay khi có thể.
shown-late = #{ $game } · (đăng muộn)
games-title-paged = Các ván đang diễn ra ở đây ({ $count }), trang { $page }/{ $pages }:
games-next-page = `{ $cmd }games { $next }` cho xem trang sau.
bad-one-page = chỉ nêu một trang
bad-not-page = `{ $word }` không phải số trang (1, 2, ...)
option-page = Trang của danh sách (mặc định 1)
what-page = một số trang
bad-pieces-twice = chỉ nêu kiểu quân một lần
bad-theme-twice = chỉ nêu giao diện một lần
bad-not-style = { $word } không phải kiểu quân ({ $pieces }) cũng không phải giao diện ({ $themes })
option-pieces = Quân chữ Hán hoặc ký hiệu quốc tế (mặc định: của bot)
option-theme = Bàn cờ vân gỗ hoặc tương phản cao (mặc định: của bot)
what-pieces = một kiểu quân
what-theme = một giao diện
slash-bad-choice = `{ $option }` phải là một trong { $choices }.
slash-bad-page = `{ $option }` phải là số trang, từ 1 trở lên.

## Bảng điều khiển

console-welcome = Bảng điều khiển cờ tướng: bạn là { $name }. Gõ `help` để xem trợ giúp, hoặc `quit` để thoát.
console-private = (chỉ mình bạn thấy)
console-file = tệp: { $path }
console-bad-name = `{ $name }` không dùng làm tên được; hãy viết `as TÊN <lệnh>`.
console-what-should = { $name } cần làm gì? Hãy viết `as { $name } <lệnh>`.

## Cài đặt

setting-language = Ngôn ngữ
setting-notation = Ký hiệu hiển thị trước
setting-pieces = Quân cờ
setting-theme = Bàn cờ
setting-notify = Nhắc tôi khi đến lượt đi
setting-server-language = Ngôn ngữ của máy chủ
setting-server-pieces = Quân cờ cho thành viên chưa tự chọn
setting-server-theme = Bàn cờ cho thành viên chưa tự chọn
setting-server-level = Cấp độ bot cho ván mới
setting-server-channels = Các kênh bot chơi
setting-server-threads = Chủ đề riêng cho mỗi ván
setting-server-expiry = Thời hạn lời thách đấu
setting-forms-choice = một trong { $choices }
setting-forms-level = một cấp độ từ { $min } đến { $max }
setting-forms-channels = tối đa { $max } kênh (`#tên`), hoặc `all`
setting-forms-duration = một khoảng thời gian từ 1 phút đến 7 ngày, ví dụ `30m`, `2h` hoặc `1d`
group-settings = Cài đặt và điều hành
about-settings = Xem hoặc đổi cài đặt của bạn, hoặc của máy chủ (cần quyền Quản lý máy chủ)
about-abort = Hủy một ván đang chơi, không tính điểm (cần quyền Quản lý tin nhắn)
option-setting = Cài đặt nào (bỏ trống để xem tất cả)
option-setting-value = Giá trị mới, hoặc `default`
what-setting = một cài đặt
what-setting-value = một giá trị
bad-not-setting = { $word } không phải là một cài đặt; các cài đặt là { $settings }
settings-yours = **Cài đặt của bạn**
settings-server = **Cài đặt của máy chủ này** (cần quyền Quản lý máy chủ)
settings-line = { $setting } (`{ $typed }`): { $value }
settings-how-to = Đổi một cài đặt bằng `{ $cmd }settings <cài đặt> <giá trị>`, ví dụ `{ $cmd }settings language vi` hoặc `{ $cmd }settings server expiry 30m`; giá trị `default` đưa về mặc định.
setting-default = mặc định
setting-default-is = mặc định: { $value }
setting-everywhere = mọi kênh
setting-on-off = { $on ->
    [on] bật
   *[off] tắt
 }
language-name = { $lang ->
    [en] tiếng Anh
    [zh-Hans] tiếng Trung giản thể
    [zh-Hant] tiếng Trung phồn thể
    [vi] tiếng Việt
   *[other] { $lang }
 }
notation-name = { $notation ->
    [iccs] tọa độ ICCS
    [wxf] WXF
    [chinese] ký hiệu Trung Quốc
    [vietnamese] ký hiệu Việt Nam
   *[other] { $notation }
 }
pieces-name = { $pieces ->
    [chinese] Quân chữ Hán
    [international] Ký hiệu quốc tế (xe là tháp, mã là kỵ sĩ, tướng là vua...)
   *[other] { $pieces }
 }
theme-name = { $theme ->
    [wood] Bàn cờ vân gỗ
    [contrast] Tương phản cao (màn hình nhỏ, người mù màu)
   *[other] { $theme }
 }
setting-changed = { $setting } giờ là { $value }.
setting-reset = { $setting } đã về mặc định.
not-allowed = Chỉ thành viên có quyền { $right ->
    [manage-server] Quản lý máy chủ
   *[manage-messages] Quản lý tin nhắn
 } mới làm được việc này.
not-allowed-typed = Discord chỉ cho bot biết quyền của bạn qua lệnh gạch chéo: hãy dùng `/xiangqi` cho việc này (cần quyền { $right ->
    [manage-server] Quản lý máy chủ
   *[manage-messages] Quản lý tin nhắn
 }).
setting-server-only = Cài đặt máy chủ phải đổi trong một kênh của máy chủ đó, không phải ở đây.
setting-needs-value = `{ $cmd }settings { $setting }` cần một giá trị: { $forms }; hoặc `default`.
setting-bad-value = { $given } không phải là giá trị cho `{ $setting }`: { $forms }.
not-played-here = Trên máy chủ này bot chỉ chơi ở { $channels }; hãy bắt đầu ván ở đó.
game-aborted = Ván #{ $game } ({ $pairing }) đã bị { $name } hủy. { $result } Ván này không tính điểm.
bot-name = xiangqi-bot (cấp { $level })

## Puzzles

no-puzzle-here = Bạn chưa có bài tập nào đang mở ở đây; gõ `{ $cmd }bài-tập` để nhận một bài.
no-puzzles-left = Bạn đã giải hết mọi bài tập hiện có. Giỏi lắm!
puzzle-stale = Bài tập của bạn đã đi tiếp trong lúc bạn gõ; hãy xem bàn cờ mới nhất rồi thử lại.
puzzle-daily-needs-server = Bài tập hằng ngày thuộc về một máy chủ; hãy hỏi trong một kênh của máy chủ đó.
puzzle-caption = Bài tập #{ $id }: { $color ->
    [red] Đỏ
   *[black] Đen
 } đi trước và thắng{ $mate ->
    [0] {""}
   *[other] { " — " }chiếu hết sau { $mate } nước
 }
puzzle-start = { $caption } (điểm bài tập { $rating }). { $surface ->
    [slash] Hãy trả lời bằng `/xiangqi bài-tập` kèm nước đi
   *[words] Hãy gõ nước đi
 }; `{ $cmd }bài-tập gợi-ý` cho biết quân cần đi, `{ $cmd }bài-tập bỏ-qua` để bỏ qua.
puzzle-still-open = Bạn vẫn đang giải bài này: { $caption } (điểm bài tập { $rating }). { $surface ->
    [slash] Hãy trả lời bằng `/xiangqi bài-tập` kèm nước đi
   *[words] Hãy gõ nước đi
 }, hoặc `{ $cmd }bài-tập bỏ-qua`.
puzzle-correct = { $mv } là đúng. Đối phương đáp: { $reply }. Đến lượt bạn.
puzzle-solved = { $mv } — đã giải xong! Điểm bài tập { $rating } ({ $change }).
puzzle-failed = { $mv } không phải nước đúng; lượt thử này kết thúc. Điểm bài tập { $rating } ({ $change }).
puzzle-skipped = Đã bỏ qua. Điểm bài tập { $rating } ({ $change }).
puzzle-solution = Lời giải: { $line }
puzzle-hint = Gợi ý: hãy đi quân { $piece } ở { $square }.
puzzle-daily-place = Bạn là người thứ { $place } giải được bài tập hôm nay.
puzzle-daily-solvers = Những người giải sớm nhất: { $names }
puzzle-daily-done = Bạn đã giải bài tập hôm nay rồi.
puzzle-stats-none = { $name } chưa thử bài tập nào; gõ `{ $cmd }bài-tập` để nhận một bài.
puzzle-stats-line = { $name }: điểm bài tập { $rating } · { $attempts } lượt thử, giải được { $solved }
puzzle-top-empty = Trang này của bảng xếp hạng bài tập chưa có ai.
puzzle-top-title = Bảng xếp hạng bài tập, trang { $page }:
puzzle-top-line = { $rank }. { $name } · { $rating } · giải được { $solved }/{ $attempts }
puzzle-top-next = `{ $cmd }bài-tập xếp-hạng { $next }` để xem trang tiếp theo.
about-puzzle = Giải một bài tập; còn có bài-tập gợi-ý, bỏ-qua, hằng-ngày, thống-kê, xếp-hạng
option-puzzle-action = gợi-ý, bỏ-qua, hằng-ngày, thống-kê, xếp-hạng [trang], hoặc nước đi của bạn
what-puzzle-action = việc cần làm trong bài tập
setting-server-puzzle-channel = Kênh bài tập hằng ngày
setting-server-puzzle-hour = Giờ đăng bài tập hằng ngày (UTC)
setting-forms-hour = một giờ trong ngày từ 0 đến 23 (UTC)
puzzle-daily-post = Bài tập hôm nay — { $caption }. Gõ `{ $cmd }bài-tập hằng-ngày` để thử.
puzzle-daily-solution-post = Bài tập hằng ngày của { $day }: { $solution }
puzzle-daily-nobody = Không ai giải được.
## Phân tích ván cờ

about-review = Phân tích một ván đã kết thúc: biểu đồ, độ chính xác, nước sai và nước tốt hơn
option-game-review = Số hiệu ván (mặc định: ván đã kết thúc gần nhất của bạn)
review-no-game = Bạn chưa có ván nào đã kết thúc ở đây để phân tích; hãy chọn một ván, ví dụ `{ $cmd }review 12`.
review-live = Ván #{ $game } vẫn đang diễn ra; chỉ phân tích được khi ván đã kết thúc.
review-progress = Đang phân tích ván #{ $game }: đã xét { $done } trên { $total } nước…
review-title = **Phân tích ván #{ $game }** · { $pairing }
review-accuracy = Độ chính xác: Đỏ { $red }, Đen { $black }
review-move = { $number } { $seat }: { $played } là { $class ->
    [inaccuracy] nước không chính xác
    [mistake] nước sai
   *[blunder] nước hỏng nặng
 }; tốt hơn là { $better }
review-clean = Không có nước không chính xác, nước sai hay nước hỏng nặng nào: chơi hay lắm!
review-moment-caption = #{ $game } · { $number } { $class ->
    [inaccuracy] nước không chính xác
    [mistake] nước sai
   *[blunder] nước hỏng nặng
 }: { $played }, tốt hơn là { $better }
review-offer = Phân tích (hoặc `{ $cmd }review { $game }`) cho thấy ván cờ đã rẽ hướng ở đâu; Chơi lại mở một ván mới với màu quân đổi cho nhau.
button-review = Phân tích
button-rematch = Chơi lại
about-rematch = Chơi lại ván đã kết thúc, đổi màu quân (với bot: bắt đầu ngay; với người: gửi thách đấu)
option-game-rematch = Mã ván (mặc định: ván đã kết thúc gần nhất của bạn)
rematch-no-game = Bạn không có ván đã kết thúc nào ở đây để chơi lại; hãy nêu một ván, ví dụ `{ $cmd }rematch 12`.
rematch-live = Ván #{ $game } vẫn đang diễn ra; chỉ có thể xin chơi lại khi ván đã kết thúc.
rematch-taken = Ván #{ $game } đã được mời chơi lại hoặc ván mới đã bắt đầu.
rematch-not-yours = Chỉ { $red } và { $black } mới có thể xin chơi lại ván #{ $game }.
rematch-offered = { $from } mời { $to } chơi lại ván #{ $game } với màu quân đổi cho nhau ({ $from } cầm quân { $side ->
    [red] Đỏ
    [black] Đen
   *[random] ngẫu nhiên
 }). { $to }: hãy trả lời trong vòng { $within } bằng các nút bên dưới.
challenge-other-bot = { $name } là bot và không thể trả lời lời thách đấu; hãy thách đấu một người, hoặc chơi với bot này.
menu-challenge = Thách đấu cờ tướng
setting-server-auto-review = Tự động phân tích mỗi ván khi kết thúc
about-tournament = Giải đấu hệ Thụy Sĩ và vòng tròn: tạo, tham gia, xếp hạng, cặp đấu
option-tournament-action = create [swiss|rr] [rounds N] [10+5] [start 30m] [tên]; join, leave, standings [số]…
what-tournament-action = việc cần làm với giải đấu
tournament-unknown-action = `{ $word }` không phải thao tác của giải đấu (list, create, join, leave, start, cancel, standings, pairings, bot)
tournament-bad-id = `{ $given }` không phải số hiệu giải đấu (một số như `3`)
tournament-bad-rounds = `{ $given }`: giải hệ Thụy Sĩ đấu từ 1 đến { $max } vòng (`rounds 5`)
tournament-bad-start = `{ $given }`: giờ bắt đầu là một khoảng chờ như `30m`, `2h` hoặc `1d`, tối đa 14 ngày
tournament-untimed = giải đấu cần có đồng hồ, như `10+5` hoặc `3d`, để các vòng đấu kết thúc
tournament-rounds-for-round-robin = giải vòng tròn đấu đủ số vòng để ai cũng gặp mọi người khác; hãy bỏ số vòng đi
tournament-name-too-long = tên dài tối đa { $max } ký tự
tournament-default-name = Giải đấu của { $name }
tournament-terms-swiss = hệ Thụy Sĩ, { $rounds } vòng, { $time }
tournament-terms-round-robin = vòng tròn, { $time }
tournament-created = Giải đấu #{ $id } **{ $name }** ({ $terms }) bắt đầu sau { $within }. Bấm Tham gia, hoặc gõ `{ $cmd }tournament join { $id }`.
tournament-none-here = Ở đây không có giải đấu nào đang mở; `{ $cmd }tournament create` để tạo một giải.
tournament-list-header = Các giải đấu ở đây:
tournament-list-line = #{ $id } **{ $name }** ({ $terms }): { $status }
tournament-status-registering = { $entrants } người tham gia, bắt đầu sau { $within }
tournament-status-running = vòng { $round }/{ $rounds }, { $entrants } người tham gia
tournament-joined = { $player } tham gia **{ $tournament }** ({ $count } người tham gia).
tournament-unregistered = { $player } rời **{ $tournament }**.
tournament-withdrawn = { $player } rút khỏi **{ $tournament }**: không được xếp cặp từ vòng { $round } trở đi; ván đang chơi vẫn được tính.
tournament-not-entered = Bạn không tham gia **{ $tournament }**.
tournament-closed = **{ $tournament }** không còn nhận người tham gia.
tournament-already-entered = Bạn đã tham gia **{ $tournament }** rồi.
tournament-bot-already-entered = Bot đã tham gia **{ $tournament }** rồi.
tournament-full = **{ $tournament }** đã đủ người: { $max } người tham gia.
tournament-not-found = Ở đây không có giải đấu #{ $id }.
tournament-which = Ở đây có nhiều giải đấu đang mở ({ $ids }); hãy thêm số hiệu, như `{ $cmd }tournament join 3`.
tournament-not-yours = Chỉ người tạo **{ $tournament }**, hoặc thành viên có quyền Quản lý máy chủ hay có vai trò giải đấu, mới làm được việc này.
tournament-in-dm = Giải đấu được tổ chức trong các kênh của máy chủ, nơi người tham gia có thể thấy.
tournament-not-registering = **{ $tournament }** đã bắt đầu rồi.
tournament-cancelled = **{ $tournament }** đã bị hủy.
tournament-cancelled-few = **{ $tournament }** bị hủy: có ít hơn hai người tham gia.
tournament-round = **{ $tournament }**, vòng { $round }/{ $rounds }:
    { $boards }
tournament-board-line = { $board }. #{ $game } { $pairing } { $link }
tournament-bye-line = { $name }: được miễn đấu (tính thắng)
tournament-game-of = **{ $tournament }**, vòng { $round }: hãy đi nước đầu tiên trong vòng { $within }, nếu không sẽ bị xử thua vì bỏ cuộc.
tournament-forfeit = Ván #{ $game } không được bắt đầu kịp giờ: { $loser } bị xử thua vì bỏ cuộc.
tournament-forfeit-both = Ván #{ $game } không được bắt đầu kịp giờ: cả hai bên bị xử thua vì bỏ cuộc.
tournament-finished = **{ $tournament }** đã kết thúc. Vô địch: { $winners }!
tournament-standings-header = **{ $tournament }**, bảng xếp hạng sau vòng { $round }/{ $rounds }:
tournament-standings-live = **{ $tournament }**, bảng xếp hạng trong vòng { $round }/{ $rounds }:
tournament-started-now = **{ $tournament }** đã bắt đầu: vòng đầu tiên đã được đăng trong kênh.
tournament-standing-line = { $rank }. { $name }: { $points } điểm (đã chơi { $played } ván; Buchholz { $buchholz }, SB { $sb })
tournament-entrants = **{ $tournament }**, { $count } người tham gia: { $names }
tournament-no-pairings = **{ $tournament }** chưa xếp cặp vòng nào.
tournament-withdrawn-mark = (đã rút lui)
button-join-tournament = Tham gia
button-leave-tournament = Rời giải
command-name = { $command ->
    [play] chơi
    [challenge] thách-đấu
    [accept] nhận
    [decline] từ-chối
    [move] đi
    [resign] xin-thua
    [draw] cầu-hòa
    [takeback] đi-lại
    [hint] gợi-ý
    [board] bàn-cờ
    [flip] lật-bàn-cờ
    [games] các-ván
    [watch] xem
    [history] lịch-sử
    [game] ván
    [stats] thống-kê
    [leaderboard] bảng-xếp-hạng
    [settings] cài-đặt
    [abort] hủy-ván
    [review] phân-tích
    [rematch] chơi-lại
    [puzzle] bài-tập
    [help] trợ-giúp
    [tournament] giải-đấu
   *[other] { $command }
 }
tournament-action-word = { $action ->
    [list] danh-sách
    [create] tạo
    [join] tham-gia
    [leave] rời
    [start] bắt-đầu
    [cancel] hủy
    [standings] xếp-hạng
    [pairings] cặp-đấu
    [bot] máy
   *[other] { $action }
 }
puzzle-action-word = { $action ->
    [hint] gợi-ý
    [skip] bỏ-qua
    [daily] hằng-ngày
    [stats] thống-kê
    [top] xếp-hạng
   *[other] { $action }
 }
setting-forms-role = một vai trò, nhắc đến bằng `@vai-trò`
setting-server-seek-channel = Kênh đăng lời thách mở
setting-server-seek-role = Vai trò được gọi khi có lời thách mở
setting-server-tournament-role = Vai trò được tổ chức giải đấu
seek-posted-in = Lời thách mở của bạn đã được đăng ở { $channel }.
