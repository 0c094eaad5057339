# grundy のメッセージ（日本語）。ブラウザのページも端末のクライアントも、文はこのカタログ
# （と同じメッセージを持つ en.ftl）から作ります。記法（局面と手）は訳しません。

## ページの枠: ヘッダー、接続、名前の入力

nav-lobby = ロビー
nav-analyse = 解析
nav-rooms = ルーム
rename = 名前を変える
logout = ログアウト
    .title = このコンピューターから自分の情報を消します（共用PC向け）
# もう一つの言語への切り替え。その言語で書きます。
language-switch = English
    .title = Show this page in English
# Each language named in itself.
language-en = English
language-ja = 日本語
status-loading = 読み込み中…
status-connecting = 接続中…
status-online = オンライン
status-reconnecting = 接続が切れました: 再接続中…
status-refused = サーバーに接続を断られました
status-idle = 使われていないので一時停止中: タップするかキーを押すと再開します
welcome-title = grundy へようこそ
welcome-name = あなたの名前（ほかの人にはこの名前で表示されます）
welcome-code = アクセスコード（先生が知っています）
welcome-enter = 入る
access-code-wrong = このサーバーのアクセスコードではありません。正しいコードを先生に聞いてください。
access-code-asked = このサーバーに入るにはアクセスコードが必要です。先生に聞いてください。
rename-asked = 新しい名前: 新しいプレイヤーとして始めます。

## ゲームとそのパラメーター

game-queen = クイーン
game-rook = 飛車
game-horse = 龍馬
game-dragon = 龍王
game-corner = コーナー
game-piece = コマ { $piece }
game-nim = ニム
game-heap = 山のゲーム
game-chocolate = チョコレートゲーム
game-lgame = Lゲーム
game-sum = ゲームの和
# ミゼール: 最後に動かした人が負け。
game-misere = { $game }（ミゼール）
game-board = { $game } { $size }×{ $size }
game-step = { $game } k={ $k }
level-easy = かんたん
level-medium = ふつう
level-perfect = 完全
field-game = ゲーム
field-piece = コマ（Betza 記法の文字: RN、NN、R3）
field-rule = 規則（kayles、grundy、subtraction 1,3,4、octal 0.77）
field-edge = 縁 f(z)（z の式: z * z。空なら段差 k）
field-size = 盤の一辺のマス数
field-k = 階段の段差 k
field-misere = ミゼール（最後に動かした人が負け）

## ロビー

lobby-new-match = ＋ 新しい対局
lobby-lists = 対局の一覧
lobby-mine = あなたの対局
lobby-open = 相手を待っている対局
lobby-playing = 対局中
lobby-none = { $list }: なし
lobby-match = 対局 { $id }
lobby-ply = { $ply }手
lobby-clock = 持ち時間 { $clock }
lobby-no-clock = 持ち時間なし
lobby-players = { $first } 対 { $second }
lobby-go-back = 戻る
lobby-join = 参加する
lobby-watch = 観戦する
new-match-title = 新しい対局
field-start = 開始局面
start-standard = 標準
start-random = ランダム
start-position = 次の局面:
field-position = 局面
position-example = 例: 5,3（書き方は NOTATION.md）
position-example-sum = 例: queen(11):5,3 + nim:3,4,5
field-against = 対戦相手
against-human = 人
against-engine = エンジン（{ $level }）
field-first = 先手
first-me = 自分
first-them = 相手
first-random = ランダム
field-my-seat = 自分の席で指すのは
my-seat-me = 自分
my-seat-engine = エンジン（{ $level }）: 自分は見るだけ
field-clock = 持ち時間（分 + 1手ごとに加わる秒）
clock-example = なし、または 5+3
create-match = 対局を作る

## 対局

match-title = 対局 { $id }
match-title-game = 対局 { $id }: { $game }
match-document = grundy · 対局 { $id }
seat-free = （空席）
seat-you = { $name }（あなた）
seat-number = 席 { $seat }
seat-away = 離席中
notice-waits = { $name }さんが相手を待っています。この対局に参加しますか？
notice-waiting = 相手を待っています。このページのアドレスを相手に伝えてください。
notice-your-move = あなたの番です。
notice-to-move = { $name }の番です。
hint-win = ヒント: この局面は勝てます（先手必勝）。W が勝ちにつながる手です。
hint-loss = ヒント: 相手が最善を尽くすと、どの手でも負けます（後手必勝）。W が勝ちにつながる手です。
hint-draw = ヒント: 互いに最善を尽くすと引き分けです。W が勝ちにつながる手です。
# 対局が終わった理由。$you は、名前の挙がった人（$who）が読んでいる本人のとき "yes"。
reason-corner_reached = コマが角に着きました
reason-last_stone = 最後の石が取られました
reason-poison_left = 毒のマスだけが残りました
reason-l_blocked = { $you ->
        [yes] あなたは Lコマを動かせません
       *[no] { $who }は Lコマを動かせません
    }
reason-no_move_left = どのゲームにも動かせる手が残っていません
reason-resignation = { $you ->
        [yes] あなたが投了しました
       *[no] { $who }が投了しました
    }
reason-repetition = 同じ局面が3回現れました（千日手）
reason-agreed_draw = 引き分けに合意しました
reason-flag_fall = { $you ->
        [yes] あなたの持ち時間が切れました
       *[no] { $who }の持ち時間が切れました
    }
reason-abandonment = { $you ->
        [yes] あなたが退出して戻りませんでした
       *[no] { $who }が退出して戻りませんでした
    }
reason-aborted = 対局は中止されました
reason-misere = { $why }。ミゼールでは最後に動かした人が負けです
verdict-draw = 終局、勝者なし: { $why }。
verdict-you-win = あなたの勝ち: { $why }。
verdict-wins = { $name }の勝ち: { $why }。
hint = ヒント
resign = 投了
resign-confirm = 投了: もう一度押すと確定します
draw-accept = 引き分けを受ける
draw-decline = 断る
draw-offer = 引き分けを提案する
play-this-match = この対局に参加する
abort = 中止
rematch-link = 再戦: 対局 { $id }
rematch-asked = 再戦を申し込みました: 相手の返事を待っています
rematch-accept = { $name }が再戦を申し込んでいます: 受ける
rematch = 再戦
review-every-move = 全部の手を振り返る
to-lobby = ロビー
move-label = 手
move-field = あなたの手（記法で）
play = 指す
position-line = 局面 { $position }
moves-heading = 棋譜
moves-list = 棋譜
moves-item = { $name }: { $move }

## 盤: 読み上げソフトが各マスについて言うことと、盤の横の説明

board-label = { $n }×{ $n }の盤
board-window-label = { $n }×{ $n }の盤（横 { $x0 }–{ $x1 }、縦 { $y0 }–{ $y1 }を表示）
board-window = { $n }×{ $n }の盤: { $game }は { $square }にあります。表示中: 横 { $x0 }–{ $x1 }、縦 { $y0 }–{ $y1 }。
board-piece = { $square }の{ $game }
board-corner = 角 0,0
pan-left = 左のマスを表示
pan-down = 下のマスを表示
pan-up = 上のマスを表示
pan-right = 右のマスを表示
pan-back = { $game }のところに戻る
cell-move = { $what }: ここへ動かす
cell-value = { $what }: この手は{ $value }
# 印が表す手の結果（W3: 動かした人があと3手で勝つ）。
mark-wins = あと { $plies }手で勝ち
mark-loses = あと { $plies }手で負け
mark-draws = 引き分け
nim-piles = { $count }つの山
nim-pile = 山 { $pile }
nim-stone = 山 { $pile }の石 { $stone }: { $take }個取る
nim-stones = 石 { $count }個
heap-move = 山{ $heap }: { $move }
heap-pile = 山 { $pile }
choc-bar = チョコレート { $position }
choc-poison = 毒のマス
choc-strip = 左の帯のマス { $n }: { $keep } マス残す
choc-column = 列 { $n }: { $keep }列残す
choc-row = 行 { $n }: { $keep }行残す
sum-label = { $count }つのゲームの和
sum-grundy = Grundy 数 { $n }
outcome-win = 勝ち
outcome-loss = 負け
outcome-draw = 引き分け
nim-sum-zero = ニム和 { $terms } = { $x }: 手番の人の負け（後手必勝）
nim-sum-nonzero = ニム和 { $terms } = { $x }: 0 でないので手番の人の勝ち（先手必勝）
lgame-board = Lゲームの盤
lgame-square = { $square }: { $what }
lgame-square-action = { $square }: { $what }: { $action }
lgame-R = 赤の Lコマ
lgame-B = 青の Lコマ
lgame-N = Nコマ
lgame-empty = 空き
lgame-take-back = 取り消す
lgame-part = Lコマの新しい位置
lgame-move-neutral = この Nコマを動かす
lgame-neutral-here = Nコマをここへ動かす
lgame-red-to-move = 赤（R）の番
lgame-blue-to-move = 青（B）の番
lgame-point-l = { $whose }: Lコマの新しい位置になる4マスを指してください（{ $chosen }/4）
lgame-point-neutral = 次に、動かす Nコマを指してください。Lコマだけ動かすこともできます。
lgame-point-to = Nコマの移動先のマスを指してください。
lgame-alone = Lコマだけ動かす（Nコマは動かさない）
lgame-again = やり直す

## 局面の解析

analysis-title = 解析: { $game }
analysis-document = grundy · { $game } { $position }
analysis-win = 手番の人の勝ち（先手必勝）
analysis-win-in = 手番の人の勝ち（先手必勝）。互いに最善を尽くすと { $plies }手で終わる
analysis-loss = 手番の人の負け（後手必勝）
analysis-loss-in = 手番の人の負け（後手必勝）。互いに最善を尽くすと { $plies }手で終わる
analysis-draw = 互いに最善を尽くすと引き分け
analysis-grundy = Grundy 数 { $n }
analysis-moves = 合法手 { $count }個
analysis-unknown = 終局までの手数は不明: { $why }
# 判定の各部分をつなげたものと、それを文にしたもの。
analysis-join = { $first }。{ $next }
analysis-sentence = { $parts }。
method-sprague-grundy = Sprague–Grundy の定理
method-search = 探索
sum-why = 理由（{ $method }）: ゲームの和の Grundy 数は、各成分の Grundy 数のニム和（XOR）です
sum-why-remoteness = 理由（{ $method }）: ゲームの和の Grundy 数は、各成分の Grundy 数のニム和（XOR）です。残り手数は{ $remoteness }で求めました
sum-head-component = 成分
sum-head-grundy = Grundy 数
sum-head-binary = 2進数
sum-nim-sum = ニム和（XOR）
sum-winning = 成分 { $component }: { $from } → { $from } ⊕ { $x } = { $to }（勝てる手 { $moves }通り）
sum-zero = ニム和が 0 です。どう動かしても 0 でなくなるので、手番の人の負けです。
sum-where = 勝てる手のある成分
moves-none = 動かせる手はありません: ここで終局です。
moves-caption = 手（よい順）
moves-caption-some = 手（よい順。{ $count }個のうち { $listed }個）
moves-head-move = 手
moves-head-value = 動かした人にとって
moves-head-grundy = 動かした後の Grundy 数
moves-head-position = 動かした後の局面
analyse-another = ほかの局面
analyse-position = 局面（書き方は NOTATION.md）
analyse-submit = 解析する

## 解析の横の Grundy 数の表

table-title = Grundy 数の表
guess-title = 式を見つける
guess-explain = この表に一致する、座標の最短の式。表だけから、小さい式をすべて試し、大きな式を組み立てて見つけます。
guess-p-positions = 後手必勝の局面の場所だけ
guess-button = 式を見つける
guess-running = 探しています…
guess-found = 大きさ { $size }: { $upto } より下の { $cells } マスすべてで { $aim } に一致します
guess-none = { $upto } より下で { $aim } に一致する式は見つかりませんでした
guess-fails-further = 保存された表では { $below } より下で成り立ち、{ $cell } で初めて外れます（Grundy 数 { $grundy }）
guess-statement = 検証する式:
table-size = { $across }と y の範囲: 0 から
table-cells = 一辺のマス数
table-point = マスを指すと、その値が表示されます。
table-cell = { $across }={ $r }, y={ $c }: Grundy 数 { $g }
table-cell-plies = { $across }={ $r }, y={ $c }: Grundy 数 { $g }、終局まで { $plies }手
table-legend-p = 後手必勝の局面（Grundy 数 0: 手番の人の負け）
table-legend-low = 小
table-legend-high = 大きい Grundy 数
table-picture = { $across }と y が 0 から { $last } までの Grundy 数
table-beyond-words = 0 から { $last } 以下までの範囲なら、数は表でも示されます。
table-in-words = Grundy 数を表で見る

## 保存された対局の振り返り

review-title = 対局 { $id }
review-title-game = 対局 { $id }: { $game }
review-document = grundy · 対局 { $id }の振り返り
review-draw = 引き分け
review-wins = { $who }の勝ち
review-wins-in = { $who }が { $plies }手で勝ち
review-loses = { $who }の負け
review-loses-in = { $who }が { $plies }手で負け
review-played = { $ply }. { $who }が { $move }と指した:
review-before-after = 指す前: { $before }。指した後: { $after }。
review-better = よりよい手: { $moves }。
review-better-move = { $move }（{ $value }）
# 二つずつつなげた並び: 「a、b」。
list-join = { $first }、{ $next }
annotation-best = 最善手
annotation-inaccuracy = 疑問手
annotation-mistake = 悪手
annotation-blunder = 大悪手
review-result-draw = 勝者なし: { $why }
review-result-won = { $who }の勝ち: { $why }
review-not-over = まだ終わっていません
review-summary = { $first } 対 { $second }。{ $result }。
review-first-plies = 全 { $total }手のうち最初の { $shown }手では:
review-counts = 最善手 { $best }、疑問手 { $inaccuracy }、悪手 { $mistake }、大悪手 { $blunder }。
review-loading = 読み込み中…
review-load-more = { $total }手のうち { $from }–{ $to }手目を読み込む
review-step = { $total }手中 { $ply }手目 · 局面 { $position } ·
review-analyse = この局面を解析する
review-start = « 最初
    .aria-label = 最初の局面へ
review-back = ‹ 戻る
    .aria-label = 1手戻る
review-forward = 進む ›
    .aria-label = 1手進む
review-end = 最後 »
    .aria-label = 最後の局面へ
review-at-start = 開始局面です。→ で1手ずつ進みます。
chart-up = { $who }の勝ち ▲
chart-down = { $who }の勝ち ▼
chart-draw = 引き分け
chart-point = { $ply }手目: { $say }
chart-label = 各手の後にどちらが勝つか、何手で終わるか
chart-caption = 互いに最善を尽くしたとき、各手の後にどちらが勝つか（高さは終局までの手数）。軸をまたぐ印は大悪手です。
chart-as-table = グラフを表で見る
chart-after = 手数
chart-best-play = 互いに最善を尽くすと

## ルーム: 参加する、開く、引き継ぐ

rooms-document = grundy · ルーム
room-back = ルーム { $code }に戻る
room-join-title = ルームに参加する
room-code-field = ルームのコード（先生の画面に出ています）
room-join = 参加する
room-takeover-title = ルームを引き継ぐ（先生用）
room-takeover-help = 別の端末から: ルームのコードと先生用のキー（ルームのページの「先生用のキー」にあります）を入力します。
room-takeover-code = ルームのコード
room-takeover-key = 先生用のキー
room-takeover = 引き継ぐ
room-open-title = ルームを開く（先生用）
room-name-field = ルームの名前
room-open = 開く
room-document = grundy · ルーム { $code }
room-document-boards = grundy · ルーム { $code }: すべての盤
room-join-ask = ルーム { $code }に参加しますか？
room-join-teacher = このルームの先生の一人になります。
room-join-student = このルームの生徒になります。先生はあなたの解答と対局を見ることができます。
room-member-name = ルームでのあなたの名前
room-another-code = 別のコード
room-joining = 参加しています…
room-title = ルーム { $code } · { $name }
room-join-at = { $host }/room でコードを入力して参加:
room-role-teacher = 先生 · { $hints }
room-role-student = 生徒 · { $hints }
room-hints-on = ヒントあり
room-hints-off = ヒントなし
room-boards-link = すべての盤（プロジェクター用）↗
room-sound = 自分の対局が始まったら音で知らせる
room-leave = このルームから抜ける
room-value = { $who }にとって{ $outcome }
room-value-in = { $who }にとって{ $outcome }（{ $plies }手）
room-your-game = 対局する: 第{ $round }回戦、相手は { $other }
room-your-board = { $host }との対局をする
tournament-caption = 大会 { $id } · { $format } · { $game } · 第{ $round }回戦（全{ $rounds }回戦）
tournament-caption-over = 大会 { $id } · { $format } · { $game } · 第{ $round }回戦（全{ $rounds }回戦）· 終了
format-swiss = スイス式
format-round_robin = 総当たり
standings-rank = 順位
standings-player = プレイヤー
standings-points = 勝ち点
standings-buchholz = ブッフホルツ
standings-sb = SB
room-under-way = 対局中:

## 生徒の問題

exercise-progress = 問題 { $number } / { $count }
exercise-score = ここまで { $told }問中 { $right }問正解
exercise-title = { $game } · { $position }
exercise-until = 締め切り { $time }
exercises-done = 全部答えました。次の問題を待ってください。
exercises-done-score = 全部答えました。次の問題を待ってください。ここまで { $told }問中 { $right }問正解。
exercises-none-yet = 先生の最初の問題を待ってください。
grade-kept = ✎ 受け付けました
grade-right = ✓ 正解
grade-wrong = ✗ 不正解
grade-line = { $mark }（問題 { $number }: { $answer }）
answer-or-type = または入力する
answer-field = あなたの答え
answer = 答える
answer-none = ない
answer-win = 手番の人の勝ち（先手必勝）
answer-loss = 手番の人の負け（後手必勝）
answer-draw = 引き分け
answer-picked = を選びました: もう一度指すと取り消します
answer-point-first = まず盤を指してください
answer-move = { $move }と答える
answer-moves = 選んだ { $count }個で答える
answer-point-it = { $prompt } 盤の上で指してください。
answer-point-each = { $prompt } 盤の上で全部指してください。
pad = 数字のボタン
pad-erase = 1文字消す

## ルームの生徒を対局へ案内する

lesson-round = 第{ $round }回戦（全{ $rounds }回戦）、相手は { $other }
lesson-board = { $host }との対局
lesson-here = { $what }: 対局の準備ができました。
lesson-over = 終局: { $seconds }秒後にルーム { $code }に戻ります。
lesson-back-now = すぐ戻る
lesson-stay = この対局を見ている
lesson-close = 閉じる

## 先生の画面

members-here = 生徒 { $count }人中 { $here }人がいます:
member-away = { $name }（離席中）
exercises-caption = 問題
exercises-head-position = 局面
exercises-head-question = 問い
exercises-head-solution = 正解
exercises-head-answers = 解答
exercises-head-given = 出た答え
exercise-tally = { $students }人中 { $answered }人が解答、{ $correct }人正解
download-results = 結果をダウンロード（CSV）
download-bom = Excel 用（BOM 付き UTF-8）
question-outcome = 勝ち・負け・引き分け
question-grundy = Grundy 数
question-winning_move = 勝てる手を一つ
question-winning_moves = 勝てる手を全部
question-remoteness = 終局までの手数
set-exercises = 問題を出す
exercise-position = 局面（random: 一問ごとにランダム）
exercise-question = 問い
exercise-difficulty = ランダムな局面の難しさ: 終局までの手数
exercise-from = 下限
exercise-below = 上限（未満）
difficulty-any = 指定なし
exercise-count = 問題数（ランダムな局面は一問ごとに選び直します）
exercise-deadline = 締め切り（分。空欄なら締め切りなし）
deadline-none = なし
set-them = 出題する
switches = ルームの設定
switch-hints = ヒント: 生徒が局面の値を調べてよい
switch-exam = テスト: 解答は公開するまで伏せ、サーバーでは値を一切見られない
switch-language = プロジェクターと結果（CSV）の言語
language-reader = 見る人それぞれの言語（CSV は英語）
switch-engine = 生徒が対戦してよい一番強いエンジン
engine-any = どれでも
engine-none = なし: 生徒同士だけ
release-answers = 解答を公開する（採点と正解）
tournament-title = 大会 { $id }: 第{ $round }回戦（全{ $rounds }回戦）
next-round = この回戦を終えて（判定して）次の組み合わせを作る
withdraw-field = 棄権させるプレイヤー
withdraw = 棄権させる
tournament-form = ここにいる生徒どうしの大会
field-format = 方式
format-swiss-choice = スイス式
format-round-robin-choice = 総当たり（全員と対戦）
field-rounds = 回戦数
tournament-start = 開始局面（random: 回戦ごとに一つ、全部の盤で同じ）
tournament-clock = 持ち時間（分 + 1手ごとの秒。空欄なら持ち時間なし）
tournament-go = 始める
simul-title = 多面指し: 生徒一人ひとりと一局ずつ
simul-host = 全部の盤で指すのは
simul-host-me = 自分
simul-start = 開始局面（random: 全部の盤で同じ局面）
simul-students-first = 生徒が先手
simul-go = 多面指しを始める
key-summary = 先生用のキー: 別の端末でこのルームを引き継ぐ
key-help = スマートフォンで読み取るか、別のコンピューターでリンクを開くと、その端末もこのルームの先生になります。キーはほかの人に見せないでください。持っている人は誰でもルームを運営できます。
key-typed = または、別の端末で「ルーム → ルームを引き継ぐ」にルームのコードとこのキーを入力します:
key-qr = 引き継ぎ用リンクの QR コード
board-waiting = 待機中
board-to-move = { $name }の番
board-ply = { $ply }手 · { $turn }
values-off = 値を隠す
values-on = 正確な値を表示
boards-label = 対局中のすべての盤
boards-count = 対局中の盤 { $count }面
boards-none = 対局中のゲームはありません。
students-caption = 生徒
students-head = 生徒
students-score = 得点
not-answered = 未解答

## 接続そのもののエラー

net-unreachable = サーバーにつながりません
net-offline = サーバーにつながっていません: 再接続しています…
net-lost = サーバーとの接続が切れました

## プレイヤー

# 席に着いたエンジンと、その強さ。
engine-name = エンジン（{ $level }）

## 問題: 問いと、答えが正しい・まちがっている理由（サーバーが言う文）

prompt-outcome = 手番の人の勝ち・負け・引き分けのどれですか？
prompt-grundy = この局面の Grundy 数はいくつですか？
prompt-winning_move = 勝てる手を一つ見つけてください（なければ「ない」、入力なら none）
prompt-winning_moves = 勝てる手を全部見つけてください（入力なら ; で区切り、なければ none）
prompt-remoteness = 互いに最善を尽くすと、終局まであと何手ですか？
move-to = { $move }（{ $position }へ）
grade-over-misere = { $position }で終局です。手番の人は動かせませんが、ミゼールではそれで勝ちです
grade-over = { $position }で終局です。手番の人は動かせないので負けです
grade-p-position = { $position }は後手必勝（P-position）です。どう動かしても相手が勝てる局面になるので、手番の人の負けです。たとえば { $reply }
grade-n-position = { $position }は先手必勝（N-position）です。{ $move }で相手に後手必勝の局面を渡せるので、手番の人の勝ちです
grade-n-position-one-of = { $position }は先手必勝（N-position）です。{ $move }で相手に後手必勝の局面を渡せるので、手番の人の勝ちです（勝てる手 { $count }通りのうちの一つ）
grade-draw = { $position }は引き分けです。勝てる手はなく、{ $move }で引き分けを保てます。どちらも勝ちには持ち込めません
grade-leaves-draw = { $move }では引き分けになります
grade-not-winning = { $move }では勝てません。{ $reply }
grade-answered = { $move }には相手が { $reply }と応じます
grade-leaves-won = { $move }では相手の勝ちの局面になります
grade-grundy-no-move = { $position }には動かせる手がないので、Grundy 数は 0 です（動かした先にない最小の数、mex）
grade-grundy-right = 動かした先の Grundy 数は { $set }で、そこにない最小の数（mex）が { $grundy }です
grade-grundy-reached = { $position }の Grundy 数は { $said }ではなく { $grundy }です。{ $move }で Grundy 数 { $said }の局面に動かせます。Grundy 数は動かした先にない最小の数（mex）です（動かした先は { $set }）
grade-grundy-wrong = { $position }の Grundy 数は { $said }ではなく { $grundy }です。動かした先の Grundy 数は { $set }で、Grundy 数はそこにない最小の数（mex）です
grade-remoteness-right = 互いに最善を尽くすと、{ $position }は { $moves }手で終わります（勝つ側は急ぎ、負ける側は引き延ばします）
grade-remoteness-right-line = 互いに最善を尽くすと、{ $position }は { $moves }手で終わります（勝つ側は急ぎ、負ける側は引き延ばします）: { $line }
grade-remoteness-wrong = 互いに最善を尽くすと、{ $position }は { $said }手ではなく { $moves }手で終わります。勝つ側は急ぎ、負ける側は引き延ばします
grade-remoteness-wrong-line = 互いに最善を尽くすと、{ $position }は { $said }手ではなく { $moves }手で終わります。勝つ側は急ぎ、負ける側は引き延ばします: { $line }
grade-wins = { $move }で勝てます。相手に後手必勝の局面を渡せます
grade-wins-one-of = { $move }で勝てます。相手に後手必勝の局面を渡せます（勝てる手 { $count }通りのうちの一つ）
grade-no-win-none = { $wrong }。{ $position }は後手必勝なので勝てる手はなく、答えは「ない」です
grade-other-wins = { $wrong }。{ $move } なら勝てます
grade-other-wins-one-of = { $wrong }。{ $move } なら勝てます（勝てる手 { $count }通りのうちの一つ）
grade-none-right = { $position } から勝てる手はありません。{ $why }
grade-all-none = { $position }は後手必勝なので、勝てる手はありません
grade-all-one = { $position } から勝てる手は { $move } だけです
grade-all-many = { $position } から勝てる手は { $moves }です
grade-missed = { $first }。見落とした手: { $missed }
grade-and = { $first }。{ $next }
grade-withheld = 解答を受け付けました。正解かどうかは、先生が解答を公開したとき、または締め切りの後にわかります

## 断り: サーバーが要求を断った理由（エラーの `details.kind` ごと。その項目が引数）

error-no_such_room = コード { $room }のルームはありません。先生の画面のコードを確かめてください
error-not_a_code = 「{ $typed }」はルームのコードではありません。コードは K7Q2 のような { $length } 文字の英数字です（0、O、1、I は使いません）。先生の画面のコードを確かめてください
error-not_owner_token = これはルーム { $room }の先生用のキーではありません。キーなしで生徒として参加してください
error-not_teacher = これはルーム { $room }の先生だけができます。先生はルームの先生用のキーで参加します
error-not_member = あなたはルーム { $room }にいません。先に参加してください: {"{"}"type":"join_room","code":"{ $room }"{"}"}
error-not_joined_here = この接続でまずルーム { $room }に参加してください: {"{"}"type":"join_room","code":"{ $room }"{"}"}
error-empty_room_name = ルームの名前を入れてください。たとえば「3B 数学」のようにクラスの名前をつけます
error-long_room_name = ルームの名前が長すぎます: { $most } 文字までです
error-control_in_room_name = ルームの名前に制御文字は使えません
error-bad_engine_level = エンジン「{ $level }」: easy、medium、perfect、none のどれかにしてください
error-unknown_language = 言語「{ $language }」はありません。ルームの言語は { $known } のどれか、または各自の言語（reader）です
error-exercise_count = 問題 { $count }問: 一度に出せるのは 1 問から { $most }問までです
error-deadline_too_far = 締め切りが先すぎます
error-teachers_do_not_answer = 先生は問題を出し、生徒が答えます。自分で解いてみるには別の名前でルームに参加してください
error-no_such_exercise = ルーム { $room }に問題 { $exercise }はありません
error-deadline_passed = 問題 { $exercise }の締め切りは過ぎました。もう解答は受け付けません
error-already_answered = 問題 { $exercise }にはもう答えています。最初の答えが最終です
error-too_few_students = 大会には生徒が 2 人以上必要です。ルーム { $room }にいるのは { $here }人です
error-round_count = { $rounds }回戦: 大会は 1 回戦から { $most }回戦までです
error-students_only = ルーム { $room }の大会に出られるのは生徒だけです
error-round_robin_fixed = 総当たりの組み合わせは始まったときに決まっています。次の大会は先生に頼んでください
error-not_entrant = プレイヤー { $player }は大会 { $tournament }に出ていません
error-no_such_tournament = ルーム { $room }に大会 { $tournament }はありません
error-tournament_over = 大会 { $tournament }は終わっています
error-nobody_here = ルーム { $room }で対局できる生徒がいません
error-not_your_seat = あなたは対局 { $match_id }の席に着いていません。観戦はできますが、指すことはできません
error-not_your_turn = あなたの番ではありません: 対局 { $match_id }は席 { $to_move }の番です
error-not_the_engines_turn = 対局 { $match_id }はエンジンの番ではありません
error-already_seated = あなたはもう対局 { $match_id }の席に着いています。相手が来るのを待ってください
error-too_late_to_abort = 対局 { $match_id }を中止できるのは最初の手の前だけです。やめるなら投了してください
error-paired_no_abort = 対局 { $match_id }は大会か多面指しの対局なので中止できません。指し続けるか、どうしてもやめるなら投了してください（相手の勝ちになります）
error-no_draws = { $game }は引き分けになりません: 必ずどちらかが勝って終わります
error-no_offer_to_accept = 受ける引き分けの提案がありません。提案するには offer_draw を使います
error-no_offer_to_decline = 断る引き分けの提案がありません
error-rematch_exists = 再戦はもう対局 { $rematch }としてあります。watch で入ってください
error-closed = 対局 { $match_id }は閉じられています。`watch` で見られます
error-empty_name = 名前を入れてください。ほかの人に見える名前です
error-long_name = 名前が長すぎます: { $most } 文字までです
error-engine_name = 「{ $name }」はエンジンの表示名です。自分の名前をつけてください
error-internal = サーバー内部で問題が起きました（{ $context }）。何も変更されていません。もう一度試してください
error-hello_first = 最初に hello を送ってください: {"{"}"type":"hello","id":1,"protocol":1,"name":"..."{"}"}
error-already_welcomed = この接続はもう hello を送っています
error-guessing = このアドレスから間違ったコードが多すぎます。{ $retry_after_s }秒後にもう一度試してください（先生の画面のコードを確かめてください）
error-needs_access_code = このサーバーにはアクセスコードが必要です。主催者に聞いて入力してください（grundy --access-code CODE）
error-wrong_access_code = アクセスコードが違います。主催者に正しいコードを聞いてください
error-unknown_token = このトークンはここでは知られていません。トークンなしで hello を送り、最初から始めてください
error-research_waiting = 研究用の問い合わせがもう { $most } 件処理中です。どれかが終わるまで待ってください（ほかのプレイヤーの問い合わせと順番に処理します）
error-no_live_match = 対局 { $match_id }は対局中ではありません。`lobby` で対局の一覧、`watch` で終わった対局が見られます
error-no_match = 対局 { $match_id }はありません
error-binary_frame = バイナリのフレームは読めません。JSON のテキストフレームを送ってください
error-bad_frame = { $reason }
error-too_fast = メッセージが多すぎます: 1 秒に { $rate } 件までです。このメッセージは処理されていないので、もう一度送ってください
error-unreadable = { $reason }
# Research questions refused.
error-asked-what = { $what ->
    [check] 式の検証
    [named_check] 名前つきの検証
    [periodicity] 周期性
   *[sequence] 数列
  }
error-misere_has_no_grundy = ミゼールには{ error-asked-what }のためのGrundy数がありません。misere なしで聞いてください
error-no_stored_table = このサーバーには{ $table }の表が保存されていません
error-not_a_table = { error-asked-what }は2次元の表（角のゲームかチョコレートゲーム）についての質問です
error-staircase_too_tall = 階段はその場で z = { $most_z }まで解きます。upto は{ $most_upto }以下で聞いてください
error-heaps_too_large = 山のゲームの表は { $most } 未満の山まで読みます。行と列はそれより小さくしてください（--rows、--cols）
error-beyond_table = 表は{ $bound }までです。upto は{ $bound }以下で聞くか、もっと大きな表でサーバーを起動してください（grundyd --board N、--bar N）
error-line_beyond = { $line }は表の外です（表は{ $bound }まで）。{ $bound }より小さい線を聞くか、その線より大きい upto で聞けば、そこまで表を解きます
error-negative_line = { $line }はありません。行と列の番号は0から始まります
error-negative_diagonal = チョコレートゲームの対角線は、階段の各行の D 番目のマス（y, k·y + D、D ≥ 0）です。{ $line }はその外に出ます。D ≥ 0 で聞いてください
error-empty_line = { $line }には上限{ $upto }より小さいマスがありません。もっと大きい upto で聞いてください（保存された表は{ $bound }まで）
error-long_sequence = { $upto }より下の{ $line }には値が{ $values }個あり、1回の答えに入るのは{ $most }個までです。もっと小さい upto で聞いてください
error-many_p_positions = { $upto }より下に後手必勝の局面が{ $most }個より多くあり、1回の答えに入るのは{ $most }個までです。もっと小さい upto で聞いてください
error-no_layer = layer はニムの3つ目の山か、ミゼールのチョコレートの帯 x のことです。ほかの表にはありません
error-backward_range = 範囲の from は to を超えてはいけません
error-many_cells = { $cells }マスが求められました。1回の要求は{ $most }マスまでです。表を分けて聞いてください
error-many_searched_cells = { $cells }マスが求められました。このゲームのミゼールの表はマスごとに探索するので、1回の要求は{ $most }マスまでです。分けて聞いてください
error-sum_has_no_table = ゲームの和には表がありません。局面を `query` で聞くか、成分のゲームの表を聞いてください
error-line_count = { $line } { $from }..{ $to }: 線は1本から{ $most }本までで聞いてください
error-finite_columns = チョコレートゲームの列は有限です（列 z には y = 0 から f(z) までしかありません。ここでは { $edge }）。だから見つける周期性がありません。行（line row: y を固定し、f が y に届く z から増やす）か、段差 k なら対角線（line diagonal: マス y, k·y + D）を聞いてください
error-unreadable_formula = 式が読めません（位置 { $at }）: { $reason }
error-formula_fails = 式の計算に失敗します: { $fault }
error-check_too_long = 検証は{ $limit_s }秒で止めました。これがこのサーバーで検証に使える最長の時間です（grundyd --check-time-limit-s）。もっと小さい upto か、もっと簡単な式で聞いてください
error-check_abandoned = 検証を取りやめました。結果を待っている人がいません
error-guess_bound = { $what } = { $asked } は範囲外です。推測の { $what } は { $least } から { $most } までです
error-no_named_check = 名前つきの検証「{ $name }」はありません。名前つきの検証は { $known } です
error-no_table_for_check = このサーバーには{ $check }のための表が保存されていません
error-result_needs_player = 勝ち・負けはどちらかの対局者から見た結果です。対局者も指定してください
error-unknown_result = 結果「{ $result }」はありません。win、loss、draw のどれかを使ってください
error-no_such_game = 対局 { $match_id }はありません。保存された対局は `games` で一覧できます
error-page_beyond = 対局 { $match_id }は{ $plies }手です。`from` は0から{ $plies }までです
error-large_export = 対局 { $match_id }の棋譜は{ $kib }KiBで、書き出せる{ $most_kib }KiBを超えています。`grundy review { $match_id }` で1ページずつ見られます
error-unfinished = 取り込めるのは終わった対局だけです。この対局の結果は * です
error-imported = この対局はもう対局 { $match_id }として保存されています。`grundy review { $match_id }` で見られます

# A game's rules refused a parameter, a position or a move: the reason says which rule.
error-params = { $reason }
error-position = { $reason }
error-notation = { $reason }
error-illegal = { $reason }
error-too_large = { $reason }
error-in_exercise = 問題 { $number }: { $error }
error-unsupported_version = プロトコルのバージョン { $version }には対応していません。このサーバーが使えるのは [{ $supported }] です。クライアントを更新してください
error-name_taken = ルーム { $room }にはもう { $same ->
        [true] { $taken }
       *[false] 「{ $taken }」（「{ $name }」と同じに読めます）
    }という人がいます。別の名前で参加してください
error-cannot_leave = ルーム { $room } からは抜けられません: { $why ->
        [teacher] 先生はルームに残ります
        [answered] 問題に答えていて、先生があなたの解答を記録しています
       *[played] ルームの大会か多面指しで対局しています
    }。このコンピューターを離れるなら、ログアウトしてください
error-engine_not_allowed = ルーム { $room }では{ $limit ->
        [none] エンジンとは対戦できません。クラスメートと対戦してください
       *[other] { $limit } までのエンジンと対戦できます
    }
error-not_active = 対局 { $match_id }は{ $status ->
        [waiting] まだ始まっていません: 相手を待っています
        [playing] 対局中です
        [aborted] 中止されました
       *[finished] 終わっています（{ $result_reason }）
    }
error-engine_declines_draw = エンジンは断りました: { $view ->
        [wins] この局面はエンジンの勝ちです
        [loses] 互いに最善を尽くすと、この局面は引き分けではなくあなたの勝ちです
       *[other] エンジンの表では、この局面は引き分けとはいえません
    }
error-name_character = 名前の { $position } 文字目は { $character_name }です。{ $why ->
        [control] 制御文字で、端末は表示せずに命令として実行します
        [direction] 文字の向きを変える制御文字で、前後の文字の並びを変えてしまいます
        [invisible] 目に見えないので、違う名前が同じに見えてしまいます
        [line_break] 改行です
        [private_use] 私用領域の文字で、決まった形がありません
       *[unassigned] Unicode に割り当てられていない文字です
    }。その文字を除いてもう一度入力してください
error-exam_under_way = このサーバーではテスト中です: { $what ->
        [engine] エンジンとの対戦
        [rematch] 再戦
        [simul] エンジンとの多面指し
       *[analysis] 解析
    }はテストが終わるまで先生だけが使えます
error-hints_withheld = ルーム { $room }では先生がヒントを止めています。{ $why ->
        [exercise] 答える問題があるので、先に答えてください
       *[game] 対局中なので、終わると値がまた見られます
    }

## 端末のクライアント

# サーバーの断りを端末に表示するとき。
cli-error = エラー（{ $code }）: { $message }
cli-query-title = { $game }、局面 { $position }
cli-query-match = 対局 { $id }、{ $plies }手の後（{ $game }）: 局面 { $position }
cli-field-outcome = 結果
cli-field-grundy = Grundy 数
cli-field-remoteness = 残り手数
cli-field-source = 出典
cli-field-method = 方法
cli-for-the-mover = { $outcome }（手番の人にとって）
cli-sum-method = { $method }（ゲームの和の Grundy 数は、各成分の Grundy 数のニム和）
cli-sum-method-remoteness = { $method }（ゲームの和の Grundy 数は、各成分の Grundy 数のニム和）。残り手数は{ $remoteness }による
cli-sum-zero = ニム和が 0 です。どう動かしても 0 でなくなるので、手番の人の負けです
cli-sum-winning = 成分 { $component }: { $from } → { $from } ⊕ { $x } = { $to }にすればニム和が 0 になります（{ $moves }通りの手）
cli-sum-unknown = 成分 { $component }: { $from } → { $from } ⊕ { $x } = { $to }: そこへ動かせるかは不明です（解いた表の外）。この成分の手は示しません
cli-no-moves = 合法手はありません: 終局です
cli-moves-none-wins = 合法手は { $count }個で、示せる { $most }個を超えます: どれも勝てません
cli-moves-ask-best = 合法手は { $count }個で、示せる { $most }個を超えます: --best N でよい手を N 個示します
cli-moves-best-first = { $count }手、よい順（値は相手にとってのもの）:
cli-moves-winning-first = { $count }手、勝てる手だけをよい順に（値は相手にとってのもの）:
cli-column-move = 手
cli-column-position = 局面
cli-column-outcome = 結果
cli-column-grundy = Grundy 数
cli-column-remoteness = 残り手数
cli-more = … ほかに { $more }手
cli-more-without-best = … ほかに { $more }手（--best を付けなければ全部示します）
source-table = 保存された表
source-formula = 公式
source-computed = その場で計算
cli-plies = { $plies }手
cli-result-in = { $plies }手で{ $outcome }
cli-review-heading = 対局 { $id }の振り返り: { $game }、開始局面 { $start }、{ $first } 対 { $second }。{ $result }。{ $moves }手
cli-review-won = { $who }の勝ち（{ $reason }）
cli-review-no-winner = 勝者なし（{ $reason }）
cli-review-not-over = まだ終わっていません（{ $status }）
cli-review-strip = 互いに最善を尽くしたときに勝つ側、開始局面から（▲ { $first }、▼ { $second }、· 引き分け）:
cli-review-counts = 最善手 { $best }、疑問手 { $inaccuracy }、悪手 { $mistake }、大悪手 { $blunder }
cli-column-ply = 手数
cli-column-player = 指した人
cli-column-annotation = 評価
cli-column-best-play = 最善なら
cli-column-this-move = この手では
cli-column-better = よりよい手
cli-step-typing = { $ply }手目
cli-step-past-end = その手数は最後より先です: この対局は { $plies }です（0 が開始局面）
cli-step-ply = { $total }手中 { $ply }手目
cli-step-played = { $who }が { $move }と指した: { $annotation }（最善なら { $best }、この手では { $this }）
cli-step-better-move = { $move }（相手の{ $outcome }）
cli-step-better = よりよい手: { $moves }
cli-step-keys = →/n 次 · ←/p 前 · Home/End · 数字+Enter: その手数へ · q 終わる
cli-play-title = 対局 { $id }: { $game }、開始局面 { $start }
cli-play-keys = 手かコマンドを入力（help で一覧）。Tab で補完、↑ で前の入力
cli-play-waiting-join = 相手を待っています: grundy join { $id }
cli-play-missed = { $from }手目から { $to }手目は表示していません（grundy review { $id } で全部の手が見られます）
cli-play-to-move = { $who }の番
cli-play-is-to-move = { $who }の番です
cli-play-not-started = 対局はまだ始まっていません
cli-play-draw-off = 引き分けの提案は取り消されました
cli-play-first = 先手 { $first }、後手 { $second }
cli-play-back = { $who }が戻りました
cli-play-left-timed = { $who }が退出しました。{ $who }が戻れるのはあと { $seconds }秒です
cli-play-left = { $who }が退出しました。サーバーは戻るのを待っています
cli-play-you-offer = 引き分けを提案しました
cli-play-offer-to-you = { $who }が引き分けを提案しています: 受けるなら draw、断るなら decline と入力します
cli-play-offer = { $who }が引き分けを提案しています
cli-play-offered-already = 引き分けはもう提案しています。次の手まで有効です
cli-play-clock = 持ち時間: { $first } { $first_left } · { $second } { $second_left }
cli-play-prompt-waiting = 相手を待っています
cli-play-prompt-yours = あなたの番
cli-play-prompt-over = 対局は終わりました
cli-play-prompt-plain = あなたの番（help でコマンド一覧）>
cli-play-clock-low = 持ち時間が残り { $seconds }秒を切りました
cli-play-premove = まだあなたの番ではありません（{ $whose }）: { $move }を予約しました。あなたの番になると指します（予約 { $queued }手）。cancel で取り消せます
cli-play-premove-played = 予約した手: { $move }
cli-play-reconnecting = { $why } — 再接続しています…
cli-play-reconnected = 対局 { $id }に戻りました
cli-play-cancelled = { $count ->
        [0] 取り消す予約はありません
       *[other] 予約を { $count }手取り消しました
    }
cli-play-moves = 合法手 { $count }個:
cli-play-moves-many = 合法手 { $count }個（多すぎて示せません。docs/NOTATION.md の書き方で入力してください）
cli-play-over = 対局 { $id }は終わりました
cli-play-see-again = もう一度見るには grundy export { $id }、全部の手の評価は grundy review { $id }
cli-play-rematch = もう一局: grundy rematch { $id }
cli-verdict-repetition = 千日手で引き分け
cli-verdict-agreed = 合意で引き分け
cli-verdict-adjudicated = 判定で引き分け: 回戦が終わったとき、局面は引き分けでした
cli-verdict-no-winner = 勝者なし: { $reason }
cli-piece-queen = クイーン
cli-piece-rook = 飛車
cli-piece-horse = 龍馬
cli-piece-dragon = 龍王
cli-why-corner = { $piece }が角に着きました
cli-you-win = あなたの勝ち
cli-wins = { $who }の勝ち
cli-verdict = { $wins }: { $why }
cli-verdict-misere = { $wins }: { $why }。ミゼールでは最後に動かした人が負けです
cli-lgame-alone-or-with = { $move }（そのまま、または次の Nコマの手と）
cli-lgame-with = { $move }（次の Nコマの手と）
cli-hint = ヒント: 手番の人の{ $value }
cli-hint-leaves = 動かした後は相手の{ $value }
cli-help-intro =
    手は docs/NOTATION.md の書き方で入力します（クイーン 4,1 または l3 · ニム 2:3 または 3,1,5 ·
    チョコレート z=2 · Lゲーム a3a4b3c3 d4-b1）。自分の番の前に入力した手は予約になり、番が来ると
    指します。いつでも使えるコマンド:
cli-help-moves = 合法手の一覧
cli-help-hint = この局面のよい手と、それぞれの後の値（ルームでヒントが止められていなければ）
cli-help-board = 盤をもう一度表示
cli-help-position = 局面を記法で表示（grundy query 用）
cli-help-cancel = 予約した手を取り消す
cli-help-resign = 投了する
cli-help-draw = 引き分けを提案する、または提案を受ける（Lゲーム）
cli-help-decline = 引き分けの提案を断る
cli-help-help = この説明
cli-exercise = 問題 { $number }
cli-exercise-set = 出題 { $set }回目
cli-room-exercise-prompt = 問題 { $number }>
cli-room-waiting-prompt = 問題を待っています>
cli-room-no-exercise = 答える問題はありません: 先生が出すのを待ってください
cli-room-bye = 第{ $round }回戦（全{ $rounds }回戦）: あなたは不戦勝です（勝ちとして数えます）
cli-room-tournament = 大会 { $id }
cli-room-you-play = 第{ $round }回戦（全{ $rounds }回戦）: 相手は { $other }、{ $side }
cli-room-you-first = あなたが先手です
cli-room-you-second = あなたが後手です
cli-room = ルーム { $code }
cli-room-you-teacher = あなたは { $name }（先生）
cli-room-you-student = あなたは { $name }（生徒）
cli-room-hints-on = ヒントあり
cli-room-hints-off = ヒントなし
cli-room-any-engine = どのエンジンとも対戦できます
cli-room-no-engine = エンジンとは対戦できません（生徒どうしだけ）
cli-room-engine-up-to = { $level }までのエンジンと対戦できます
cli-room-settings = { $hints }。生徒は{ $engine }
cli-room-settings-exam = { $hints }。生徒は{ $engine }。テスト中です（先生以外は解析・エンジン・値を使えません。採点は公開されてから伝わります）

## 表の図

pic-heat-title = { $what }: { $shown }、{ $across } { $x0 }..{ $x1 }、{ $up } { $y0 }..{ $y1 }
pic-what-chocolate = チョコレートゲーム（段差 k = { $k }）
pic-what-chocolate-edge = チョコレートゲーム（f(z) = { $edge }）
pic-what-board = { $game }（{ $n }×{ $n } の盤）
pic-shown-grundy = Grundy 数
pic-shown-misere = ミゼールの残り手数
pic-sub-nim3 = 3山のニム（a、b と c = { $c }）· 出典: { $source }
pic-sub-nim2 = 2山のニム（a と b）· 出典: { $source }
pic-sub-bars = チョコレート {"{"}x, y, z{"}"}（x = { $x }）· 出典: { $source }
pic-sub-staircase = 階段 {"{"}y, z{"}"} だけ（x とその数のニム和が板の値）· 出典: { $source }
pic-sub-corner = ゴールの角 (0, 0) は盤と同じく左下 · 出典: { $source }
pic-sub-heaps = 2 つの山 x と y: G(x) xor G(y)。行 0 は山 1 つの値 · 出典: { $source }
pic-sub-heaps-misere = 山 x、y と { $c } の局面をまるごと探索 · 出典: { $source }
pic-black-p = 黒: 後手必勝の局面
pic-scale-grundy = Grundy 数
pic-scale-misere = ミゼールの残り手数
pic-p = 0: 後手必勝
pic-p-misere = 奇数: ミゼールの後手必勝
pic-lost = （手番の人の負け）
pic-golden = y = φx と y = x/φ
pic-not-staircase = 階段の外
pic-not-staircase-note = （y が f(z) より上）
pic-lgame-title = Lゲーム: 対称なものを除いた { $count } 局面の、結果と深さ
pic-lgame-subtitle = 手番の人にとっての結果（互いに最善を尽くしたとき）。深さは終局までの手数
pic-lgame-won = { $plies }手で勝ち
pic-lgame-lost = { $plies }手で負け
pic-lgame-drawn = 引き分け
pic-cells-z = z < { $upto } の { $checked }マス
pic-cells-xy = x, y < { $upto } の { $checked }マス
pic-check-holds = { $game }: 公式は { $cells }の全部で成り立ちます
pic-check-fails = { $game }: 公式が成り立たないところ（{ $cells }のうち { $failed }マス）
pic-red-fails = 赤: 公式が成り立たないところ
pic-legend-holds = 公式が成り立つ
pic-legend-holds-note = （その区画のすべてのマスで）
pic-legend-few = 少しのマスで成り立たない
pic-legend-few-note = （その区画のうち）
pic-legend-all = 全部のマスで成り立たない
pic-legend-none = 局面ではない
pic-legend-none-note = （階段の外）
pic-ring-first = 最初の反例
pic-ring-fails = 成り立たないマスのある区画
pic-square-one = 1区画は 1局面
pic-square-many = 1区画は { $bin }×{ $bin } 局面
pic-source = 出典:
cli-exercise-until = 締め切り { $time }
cli-room-new-exercises = 新しい問題: { $numbers }（今の問題の後に出ます。list で全部の問題が見られます）
cli-room-member-gone = { $name }がルームから抜けました
cli-room-member-joined = { $name }が参加しました
cli-room-member-back = { $name }が戻りました
cli-room-member-left = { $name }が退出しました
cli-room-paired = 第{ $round }回戦（全{ $rounds }回戦）の組み合わせ: { $games }局
cli-room-answer = 問題 { $number }: { $answer } { $mark }
cli-room-student-help =
    表示された問題の答えを入力します: win（勝ち）、loss（負け）、draw（引き分け）、数、手、
    ; で区切った手（なければ none）。`#N 答え` で問題 N に答えます。list: 全部の問題とあなたの答え。
    quit: 抜ける（答えは残ります）。
cli-room-teacher-help =
    ask SPEC [| SPEC …]          問題を出す: GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] 局面 問い
    homework DURATION SPEC [| …] 締め切りつきで出す（10m、2h、3d）
    hints on|off                 その間、生徒が値を調べてよいか
    engine LEVEL                 生徒が対戦してよい一番強いエンジン: easy、medium、perfect、
                                 none（生徒どうしだけ）、any
    exam on|off                  サーバー全体のテストモード: このルームの先生以外は解析・エンジン・
                                 値を使えず、採点は公開してから伝わる
    language en|ja|reader        プロジェクターの盤と結果の CSV の言語（reader: 各自の言語）
    release                      生徒に採点と正解を公開する
    results                      誰が何と答えたか。生徒: クラスの名簿
    export FILE                  結果を CSV で書き出す
    swiss GAME [size=N] [k=K] [misere] [START] [rounds=N] [clock=5+3]
                                 ここにいる生徒どうしのスイス式大会（START: standard、random
                                 — 回戦ごとに一つの局面 — または局面）
    roundrobin GAME [...]        全員が全員と一度ずつ対戦
    next                         今の回戦を終えて（対局中のものは判定）次の組み合わせを作る
    standings                    大会の順位表
    withdraw NAME                生徒を大会から棄権させる
    simul GAME [...] [engine=LEVEL] [first=students]
                                 全員と一局ずつ同時に指す（エンジンに任せることも）:
                                 あなたの手を待つ盤がプロンプトに出ます
                                 （全部の盤を見るには別の端末で grundy room view CODE）
    quit                         抜ける（ルームは続きます）
cli-solution = 正解:

## The rules' reasons: why the engine refuses a parameter, a position or a move
## (the `reason` of an error's details). `quoted` is the input as typed, in quotes.

rule-at-ply-move = { $ply }手目（`{ $move }`）: { $reason }
rule-at-ply = { $ply }手目: { $reason }
rule-board-size = 盤の大きさは2から{ $most }までです（{ $size }は使えません）
rule-square-off = マス{ $square }は{ $size }×{ $size }の盤の外です
rule-square-unread = マス{ $quoted }が読めません。x,yの形で、たとえば 5,3 のように書いてください
rule-not-whole = { $quoted }は0以上の整数ではありません
rule-piece-stays = { $piece }は少なくとも1マス動かなければなりません（{ $square }にとどまっています）
rule-moves-queen = クイーンは左、下、または角に向かって斜めにだけ動きます
rule-moves-rook = 飛車は左か下にだけ動きます
rule-moves-horse = 龍馬は角に向かって斜めに動くか、左か下に1マスだけ動きます
rule-moves-dragon = 龍王は左か下に動くか、角に向かって斜めに1マスだけ動きます
rule-away-from-corner = { $rule }。{ $from } → { $to }は角から遠ざかります
rule-not-the-pieces-move = { $rule }。{ $from } → { $to }はそのどれでもありません
rule-not-a-move-of = { $rule }。{ $from } → { $to }はその動きではありません
rule-leaves-board = { $quoted }では盤の外に出てしまいます（{ $piece }は{ $square }にいます）
rule-corner-move-unread = 手{ $quoted }が読めません。行き先のマスを x,y で（たとえば { $example }）、または向きと距離で書いてください: l3（左）、d2（下）、ld1（斜め）
rule-not-a-distance = { $quoted }は距離ではありません
rule-zero-distance = 手は少なくとも1マス進みます
rule-table-side = 表の一辺は1から{ $most }マスまでです（{ $side }は使えません）
rule-moves-defined = コマ { $piece } は、その文字が表す動きで、角に向かってだけ動きます
rule-betza-empty = コマには Betza 記法の文字が少なくとも 1 つ必要です。R（飛車）、B（角）、N（ナイト）、RN など
rule-betza-modifier = '{ $letter }'（{ $at } 文字目）は Betza 記法の方向の修飾子で、ここでは要りません。動きはすべて角に向かいます。RN のようにコマの文字だけを書いてください
rule-betza-letter = '{ $letter }'（{ $at } 文字目）はコマの文字ではありません。W F D N A H C Z G（跳躍）、R B Q K、走るコマは文字を重ねる（NN）か範囲をつける（R3）
rule-betza-range = 範囲は最大 { $most } 回の跳躍です（{ $range } は使えません。0 か文字を重ねると無制限）
rule-defined-table-side = コマ { $piece } の表の一辺は最大 { $most } マスです（{ $side } は使えません）
rule-defined-table-values = { $side }×{ $side } の盤でのコマ { $piece } の値は、表に保存できる範囲（65535）を超えます。もっと小さい盤にしてください
rule-no-piece = { $game } にコマの指定はありません。コマを指定できるのはコーナーのゲームだけです（--piece RN）
rule-corner-needs-piece = コーナーのゲームには Betza 記法のコマが必要です。例: --piece RN（飛車とナイト）
rule-misere-table-side = ミゼールの表の一辺は1から{ $most }マスまでです（{ $side }は使えません）
rule-stored-cells = 保存された一辺{ $side }の{ $piece }の表には{ $need }個のマスが必要です（{ $cells }個ではありません）
rule-stored-short = 保存された一辺{ $side }の{ $piece }の表が({ $x }, { $y })の手前で終わっています
rule-stored-range = 保存された{ $piece }の({ $x }, { $y })の値({ $grundy }, { $remoteness })が範囲外です
rule-stored-long = 保存された一辺{ $side }の{ $piece }の表に{ $values }個より多い値があります
rule-move-of-another-game = { $move }は別のゲームの手です（{ $game }の手ではありません）
rule-unknown-level = エンジンの強さ{ $quoted }はありません。easy、medium、perfect から選んでください
rule-over-no-move = { $position }は終局しています。選べる手はありません
rule-engine-moves = { $position }には{ $moves }通りの手があります。エンジンが比べられるのは{ $most }通りまでです
rule-unknown-game = ゲーム{ $quoted }はありません。ゲームは queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum です
rule-no-step = { $game }には段差 k がありません。--k を使うのは chocolate だけです
rule-no-size = { $game }には盤の大きさがありません。--size を使うのは queen、rook、horse、dragon だけです
rule-lgame-no-grundy = LゲームにはGrundy数がありません。不偏ゲームではないからです
rule-reach-unknown = { $square }の{ $piece }のどの手がGrundy数{ $target }の局面に行くかはわかりません。このマスは解いた{ $piece }の表の外で、そこでわかるのは値が0の局面だけです
rule-sum-move-unread = `{ $move }`はゲームの和の手ではありません。成分の番号、スラッシュ、その成分の手を 2/1:3 のように書くか、手を指した後の和を書いてください
rule-no-component = 成分{ $number }はありません。成分の番号は1から{ $count }までです
rule-no-pile = 山{ $number }はありません。山の番号は1から{ $count }までです
rule-sum-keeps-components = 手を指しても{ $count }個の成分はすべて残ります。{ $after }には{ $has }個あります
rule-sum-component-game = 成分{ $component }は{ $game }で、{ $other }ではありません。手を指しても成分のゲームは変わりません
rule-sum-one-component = 1手で変わる成分はちょうど1つです。{ $from } → { $to }では{ $changed }個変わっています
rule-in-component = 成分{ $component }: { $reason }
rule-sum-component-unknown = 成分{ $component }（{ $game }:{ $position }）のGrundy数はわかりません。解いた表の外にあり、和の値にはすべての成分のGrundy数が必要です
rule-component-beyond = 解いた表の外にある成分があります
rule-sum-components = ゲームの和の成分は1個から{ $most }個までです（{ $count }個は使えません）
rule-sum-lgame = 成分{ $component }はLゲームで、不偏ゲームではありません。和の成分になれるのは queen、rook、horse、dragon、corner、nim、heap、chocolate です
rule-sum-defined-piece = { $component } 番目のコマ { $piece } は { $square } にあります。ゲームの和では、動きで定めたコマが届くマスは { $most } 個まで（(x + 1)·(y + 1)）です。角に近いマスを選んでください
rule-sum-piece-of-corner = { $game } のコマは決まっています。動きでコマを定めるのは corner だけです（例: corner RN(8):5,3）
rule-sum-in-sum-component = 成分{ $component }がそれ自体ゲームの和になっています。その成分をこの和の中に並べて書いてください
rule-sum-component-empty = 空です。GAME(PARAMETER):POSITION の形で、queen(11):5,3 や nim:3,4,5 のように書いてください
rule-sum-no-bracket = `{ $head }`に閉じかっこがありません。queen(11) のように書いてください
rule-sum-parameter = `{ $head }`の`{ $parameter }`は整数ではありません。queen(11) のように書いてください
rule-sum-in-sum = 和の中に和があります。その成分をこの和の中に並べて書いてください
rule-sum-step = 階段の段差 k は0から1000までです
rule-sum-no-parameter = { $game }はパラメータをとりません（({ $parameter })は使えません）。{ $game }:POSITION と書いてください
rule-misere-bar-budget = 板チョコ{ $position }のミゼールの値を求めるには、1回の質問で許される計算（{ $budget }枚）より多くの計算が必要です
rule-lgame-no-misere = Lゲームにはミゼール版がありません。不偏ゲームではないからです。ミゼールなしで遊んでください
rule-misere-sum-large = ミゼールの和にはスプレーグ・グランディの近道がなく、この和は大きすぎて探索できません（成分の局面の組み合わせが上限を超え、すべての成分が形を変えたニムというわけでもありません）
rule-red = 赤
rule-blue = 青
rule-l-empty-position = 局面が空です。{ $example } のように書いてください
rule-l-no-side = '{ $board }'には手番がありません。{ $example } のように、空白と r か b を続けてください
rule-l-after-side = 手番のあとに余分な'{ $extra }'があります。局面は r か b で終わります
rule-l-one-rank = '{ $board }'は1段だけです。盤は4段で、/ で区切ります
rule-l-ranks = { $ranks }段あります。盤は4段で、/ で区切ります
rule-l-rank-length = 第{ $rank }段は{ $length }マスです。どの段も4マスです
rule-l-not-a-piece = { $square }の'{ $character }'はコマではありません。R、B、N、. を使ってください
rule-l-side = 手番は r か b です（{ $side }は使えません）
rule-l-neutral-count = Nコマが{ $count }個あります。Nコマは2個です
rule-l-covers = { $color }のLコマが{ $count }マスを占めています。Lコマは4マスを占めます
rule-l-shape = { $squares }の{ $color }のLコマはL字形ではありません
rule-l-empty-move = 手が空です。Lコマの新しいマスを a2a3b3c3 のように書き、続けて必要ならNコマの手を d4-b1 のように書いてください
rule-l-neutral-half = '{ $move }'のNコマの手が{ $square }しか書いていません。d4-b1 のように「元-先」で書いてください
rule-l-square-count = '{ $move }'には{ $count }個のマスがあります。手はLコマの4マスと、必要ならNコマの2マスです
rule-l-dash = '-' はNコマの手の中で、行き先の前にだけ書きます（{ $square }の前にあります）
rule-l-separate = Nコマの手とLコマのマスは空白かカンマで区切ってください（例: { $example }）
rule-l-twice = Lコマのマスに{ $square }が2回あります。Lコマは異なる4マスを占めます
rule-l-not-placement = { $squares }はLコマの置き方ではありません
rule-l-not-square = '{ $move }'の{ $square }はマスではありません。列は a から d、段は 1 から 4 です
rule-l-no-rank = '{ $move }'の'{ $file }'の後に段の数字がありません。マスは b3 のように書きます
rule-l-unexpected = 手'{ $move }'に予期しない'{ $character }'があります。a2a3b3c3 d4-b1 のようにマスを書いてください
rule-l-ends-with-dash = '{ $move }'が'-'で終わっています。Nコマの手は d4-b1 のように「元-先」で書きます
rule-l-turn = { $me }の手の後は{ $opponent }の番ですが、この局面では{ $to_move }の番になっています
rule-l-wrong-l = { $opponent }のLコマが{ $from }から{ $to }に動いています。{ $me }の番に動くのは{ $me }のLコマだけです
rule-l-both-neutrals = Nコマが両方とも動いています（{ $from }から{ $to }へ）。動かせるのは多くても1個です
rule-l-same-placement = Lコマは別の置き方に動かさなければなりません。{ $squares }には今{ $me }のLコマがあります
rule-l-on-other-l = Lコマは{ $square }に置けません。そこには{ $opponent }のLコマがあります
rule-l-on-neutral = Lコマは{ $square }に置けません。そこにはNコマがあります
rule-l-no-neutral = { $square }にNコマはありません
rule-l-neutral-stays = { $square }のNコマは別のマスに動かすか、動かさないかのどちらかです
rule-l-under-l = は{ $color }のLコマの下です
rule-l-other-neutral = にはもう一つのNコマがあります
rule-l-neutral-blocked = Nコマは空いているマスにしか動かせません。{ $square }{ $why }
rule-l-square-form = '{ $text }'はマスではありません。マスは列 a〜d と段 1〜4 で、b3 のように書きます
rule-l-square-name = '{ $text }'はマスではありません。列は a から d、段は 1 から 4 です
rule-l-overlap = 赤のLコマと青のLコマが両方とも{ $squares }を占めています。コマは重なれません
rule-l-neutrals-together = Nコマが2個とも{ $square }にあります。別々のマスに置いてください
rule-l-neutral-under = { $square }のNコマが{ $color }のLコマの下にあります。コマは重なれません
rule-l-stored-value = { $value }はLゲームの値ではありません（局面 { $position }）
rule-l-stored-twice = 局面 { $position }が2回あります（手番の側から見て）
rule-l-stored-missing = 局面 { $position }の値がありません
rule-l-stored-symmetry = 局面 { $position }とその対称な局面 { $image }の値が違います
rule-numbers-empty = 何も書かれていません。3,4,5 のように、数をカンマで区切って書いてください
rule-numbers-negative = `{ $text }`に負の数があります。数は0から始まります
rule-numbers-lone-separator = `{ $text }`の`{ $separator }`の前に数がありません
rule-numbers-unexpected = `{ $text }`は数の並びではありません（予期しない`{ $character }`）。3,4,5 のように、カンマで区切って書いてください
rule-numbers-trailing = `{ $text }`が区切りで終わっています。区切りの後には数が必要です
rule-numbers-none = `{ $text }`に数がありません
rule-numbers-bracket = `{ $text }`は`{ $open }`で始まっていますが、`{ $close }`で終わっていません
rule-numbers-too-large = { $number }は大きすぎる数です
rule-nim-take-none = 石は少なくとも1個取ってください
rule-nim-take-too-many = 山{ $pile }には石が{ $stones }個しかありません。{ $take }個は取れません
rule-nim-take-unread = `{ $move }`は手ではありません。2:3 のように「山:個数」で書いてください
rule-nim-move-unread = `{ $move }`は手ではありません。2:3 のように「山:個数」で書くか、3,1,5 のように手を指した後の局面を書いてください
rule-nim-keeps-piles = 手を指しても{ $count }個の山はすべて残ります。{ $after }には{ $has }個あります
rule-nim-keeps-piles-hint = { $reason }（山{ $pile }から{ $take }個取るなら { $pile }:{ $take } と書きます）
rule-nim-one-pile = 1手で変わる山はちょうど1つです。{ $from } → { $to }では{ $changed }個変わっています
rule-nim-grows = 手では石を取るだけです。山{ $pile }が{ $from }個から{ $to }個に増えてしまいます
rule-nim-pile-count = ニムの山は1個から{ $most }個までです（{ $count }個は使えません）
rule-nim-pile-size = 山{ $pile }に石が{ $stones }個あります。1つの山の石は多くても{ $most }個です
rule-bar-strip = 帯を短くする手では、マスを減らさなければなりません。x は{ $now }なので、{ $move }は割り方になっていません
rule-bar-horizontal = 横に割る手では、行を減らさなければなりません。y は{ $now }なので、{ $move }は割り方になっていません
rule-bar-vertical = 縦に割る手では、列を減らさなければなりません。z は{ $now }なので、{ $move }は割り方になっていません
rule-bar-move-unread = `{ $move }`は手ではありません。x=U、y=V、z=W（割った後に残る長さ）で書くか、1,2,3 のように手を指した後の局面を書いてください
rule-bar-same = { $position }は今の局面そのものです。手ではチョコレートを少しは食べなければなりません
rule-bar-two-breaks = 1手で割るのは1回です。{ $from } → { $to }では帯と階段の両方が変わっています
rule-bar-keeps-y = z={ $z }まで縦に割っても y = { $y }のままです（{ $given }ではありません）
rule-bar-leaves-y = z={ $z }まで縦に割ると y = min({ $y }, { $top }) = { $left }になります（{ $given }ではありません）
rule-bar-too-long = { $name } = { $value }は長すぎます。板チョコはどの向きも{ $most }マスまでです
rule-bar-too-high = { $edge }、z = { $z }の階段の高さは{ $most }までです（{ $y }は使えません）
rule-bar-step = 階段の段差 k は0から{ $most }までです（{ $k }は使えません）
rule-bar-three = 板チョコは 1,2,3 のように3つの数 x,y,z で書きます。`{ $text }`には{ $count }個あります
rule-bar-table-large = { $edge }、z = { $z }までの表には{ $count }個の値が入ることになります。上限は{ $most }個です
rule-bar-table-more = { $edge }、z = { $z }までの表には{ $most }個より多くの値が入ります
rule-bar-stored-value = 保存された{ $edge }、z = { $z }までの値: { $index }番目の値が{ $value }ですが、値は{ $count }個あり、どれも{ $bound }より小さいはずです
rule-bar-stored-count = 保存された{ $edge }、z = { $z }までの値: { $count }個のうち{ $values }個しかありません
rule-bar-no-table = { $edge }の階段には式がありません。先にその表を解いてください
rule-bar-too-wide = { $edge }の板チョコの幅は{ $most }列までです（{ $z }は使えません）
bar-edge-step = 段差 { $k }
bar-edge-formula = 縁 f(z) = { $formula }
rule-edge-long = 縁は z の短い式で、{ $most }バイトまでです。この式は{ $bytes }バイトあります
rule-edge-unread = 縁の式が読めません。{ $at }バイト目: { $why }
rule-edge-variable = 縁は z だけの式です（幅 z の階段の高さ）。{ $at }バイト目に{ $name }があります
rule-edge-predicate = 縁は z * z のように z ごとの数です。真偽ではありません
rule-edge-eval = 縁の式は z = { $z }で値がありません: { $why }
rule-edge-negative = 縁は z = { $z }で{ $value }です。高さは0以上です
rule-edge-high = 縁は z = { $z }で{ $value }です。階段の高さは{ $most }マスまでです
rule-edge-falls = 縁が z = { $previous }の{ $before }から z = { $z }の{ $value }に下がっています。階段は右に行って低くなることはありません
rule-edge-start = 縁は z = 0 で{ $value }です。毒の列は毒だけなので、縁は0から始まります
rule-edge-and-step = { $game } には段差 k か縁のどちらか一方を指定します
rule-no-edge = { $game } に縁の指定はありません。縁を指定できるのはチョコレートゲームだけです（--edge "z * z"）
rule-sum-edge = 探索しません。成分{ $component }は縁が式の板チョコで、その箱 x·y·z には{ $most }より多くの板が入ります（和の Grundy 数は正確です）
error-edge_diagonal = 縁が式の階段にはまっすぐな対角線がありません。{ $line }の代わりに行（line row）か列（line column）を聞いてください
rule-bar-other-table = この表は{ $table }で解いたもので、{ $edge }のものではありません
rule-bar-beyond-table = 階段 y = { $y }、z = { $z }は{ $edge }の表の外です（表は z = { $most }まで）
rule-question = 問題の種類は outcome、grundy、winning_move、winning_moves、remoteness のどれかです
rule-answer-outcome = win（勝ち）、loss（負け）、draw（引き分け）のどれかで答えてください
rule-answer-number = 3 のような整数で答えてください
rule-answer-move = 手を1つ答えてください。勝つ手がないときは none と答えます
rule-answer-moves = 手を ; で区切って答えてください。勝つ手がないときは none と答えます
rule-not-an-outcome = 「{ $answer }」は勝敗ではありません。win（勝ち）、loss（負け）、draw（引き分け）のどれかで答えてください
rule-not-a-grundy-number = 「{ $answer }」はGrundy数ではありません。3 のような整数で答えてください
rule-not-a-remoteness = 「{ $answer }」は手数ではありません。3 のような整数で答えてください
rule-answer-empty-move = 2つの ; の間に手がありません。3,3; 0,3 のように書いてください
rule-answer-empty = 答えが空です。{ $how }
rule-answer-one-move = 手を1つだけ（または none を）答えてください。問題は勝つ手を1つ聞いています
rule-exercise-moves = { $position }には{ $moves }通りの手があります。問題の局面の手は{ $most }通りまでです。終局により近い局面を選んでください
rule-exercise-no-grundy = { $position }には問える正確なGrundy数がありません{ $why }
rule-exercise-no-remoteness = { $position }には問える正確な残り手数がありません{ $why }
rule-exercise-lgame = 。Lゲームは不偏ゲームではありません。勝敗を問うてください
rule-exercise-misere = 。ミゼールにはGrundy数がありません。勝敗を問うてください
rule-exercise-draw = 。引き分け（終わらない局面）です。勝敗を問うてください
rule-exercise-beyond = （保存された表の範囲で）。もっと小さい局面を選んでください
rule-exercise-no-random = 終局まで{ $from }..{ $to }手の{ $game }の局面がランダムには見つかりませんでした。範囲を広げてください
rule-start-over = { $position }はもう終局しています（どちらも指せません）。別の開始局面を選んでください
rule-review-moves = { $position }には{ $moves }通りの合法手があります。振り返りで比べられるのは{ $most }通りまでです
rule-not-legal = 合法手ではありません
rule-sum-states = 探索するには大きすぎます。成分の局面の組み合わせが{ $count }あり、1回の探索で扱える{ $most }通りを超えています
rule-sum-states-boxes = 探索するには大きすぎます。成分の局面の組み合わせが{ $count }（板チョコは箱 x·y·z の大きさで数えます）あり、1回の探索で扱える{ $most }通りを超えています
rule-sum-states-count = { $count }通り
rule-sum-states-beyond = 2^128通りより多く
rule-sum-heaps-unsearched = 探索しません。成分{ $component }は山のゲームで、{ $most }より多くの局面に届きます（和の Grundy 数は正確です）

## Research answers: where the values come from, and what a named check shows.
cited-table = 上限{ $bound }の正確な表、grundyd { $version }
verdict-verified = { $what }で確かめました（{ $cells }マス）
verdict-corner = x, y < { $bound }
verdict-step = k = { $k }、z < { $bound }
verdict-even-steps = 偶数の k ∈ {"{"}{ $steps }{"}"}、z < { $bound }
verdict-odd-steps = 奇数の k ∈ {"{"}{ $steps }{"}"}、z < { $bound }
verdict-refuted = 反例があります
verdict-refuted-at = { $cell }に反例があります
verdict-refuted-k = k = { $k }で反例があります
verdict-refuted-k-at = k = { $k }の{ $cell }に反例があります

## grundy check, periodicity and sequence at the terminal.
cli-source = 出典: { $source }
cli-check-formula-missing = ゲームの後に式を引用符で囲んで書いてください: grundy check { $game } 'x xor y'。または名前つきの検証だけを書きます（grundy check --list）
cli-check-not-a-game = 「{ $what }」はゲームの名前ではありません。ゲームと式を書くか、名前つきの検証だけを書いてください（grundy check --list）
cli-check-named = { $mark } { $name }（{ $status }）: { $verdict }
cli-check-formula = 式: { $formula }
cli-check-reference = 文献: { $reference }
cli-check-run-one = `grundy check 名前` で実行します。
cli-check-holds = { $mark } { $kind } `{ $formula }` は{ $game }で成り立ちます · { $upto }より下の{ $checked }マスすべて（{ $ms } ms）
cli-check-refuted = { $mark } { $kind } `{ $formula }` は{ $game }で成り立ちません: { $upto }より下の{ $checked }マスのうち{ $failed }マスで外れます（{ $ms } ms）
cli-check-gives = { $cell }: 式の値は{ $value }、Grundy 数は{ $grundy }
cli-check-fails = { $cell }: 成り立ちません（Grundy 数 { $grundy }）
cli-guess-found = { $mark } { $formula }（大きさ { $size }）は { $game } の { $aim } に、{ $upto } より下の { $cells } マスすべてで一致します
cli-guess-none = { $mark } { $game } の { $aim } に一致する式は { $upto } より下では見つかりませんでした
cli-guess-end-shortest = 最短の式です。それより小さい式はすべて試しました（区別できる式 { $kept } 個、{ $ms } ms）
cli-guess-end-searched = 大きさ { $complete } までの式をすべて試し、それらの和・差・xor・剰余による分割・偶奇による場合分けも試しました（区別できる式 { $kept } 個、{ $ms } ms）
cli-guess-end-searched-p_positions = 大きさ { $complete } までの式をすべて試し、それらの2つを等号で結んだ a == b も試しました（区別できる式 { $kept } 個、{ $ms } ms）
cli-guess-end-full = 大きさ { $complete } までの式をすべて試し、式を { $kept } 個保持したところで止めました（{ $ms } ms）
cli-guess-end-late = 大きさ { $complete } までの式をすべて試し、制限時間で止めました（区別できる式 { $kept } 個、{ $ms } ms）。--seconds を増やすか、--size を小さくしてください
cli-guess-holds-further = 保存された表では { $bound } より下のすべてのマスで成り立ちます
cli-guess-fails-further = 保存された表では { $below } より下で成り立ち、{ $cell } で初めて外れます（Grundy 数 { $grundy }）
cli-guess-late-further = 保存された表では { $below } より下で成り立ちます。そこで制限時間により検証を止めました
cli-guess-next = 検証するには: { $command }
cli-guess-bfile = 表を引用できる数列として書き出すには: { $command }
guess-aim-grundy = Grundy 数
guess-aim-p_positions = 後手必勝の局面（P-position）
check-kind-value = 値の式
check-kind-predicate = 条件式
check-status-theorem = 定理
check-status-published = 発表済み
check-status-conjecture = 予想
check-title-rook-nim = 飛車は2山のニム: Grundy 数は x xor y
check-title-wythoff = クイーンの後手必勝の局面は、ビーティ対 (⌊nφ⌋, ⌊nφ²⌋) とその鏡像
check-title-dragon-king = 龍王: ((x + y) mod 3) + 3·(⌊x/3⌋ xor ⌊y/3⌋)
check-title-dragon-horse = 龍馬: m = min(x, y) として、4·⌊m/4⌋ に m mod 4 の2桁を入れ替えたものを足し、x + y の偶奇と xor をとる
check-title-chocolate-even = k が偶数なら、階段の Grundy 数は y xor z
check-title-chocolate-one = k = 1 のとき: z − y が偶数なら z + ⌈y/2⌉、そうでなければ min(z − ⌈y/2⌉, (3(z − y) − 1)/2)
check-title-chocolate-odd = k が奇数なら、z − y が偶数のところで階段の Grundy 数は z + ⌈y/2⌉
check-tables-rook-nim = 飛車
check-tables-wythoff = クイーン
check-tables-dragon-king = 龍王
check-tables-dragon-horse = 龍馬
check-tables-chocolate-even = チョコレートゲーム（k は偶数）
check-tables-chocolate-one = チョコレートゲーム k=1
check-tables-chocolate-odd = チョコレートゲーム（k は奇数）
cli-periodicity-row = 行
cli-periodicity-column = 列
cli-periodicity-diagonal = 対角線
cli-periodicity-values = 値の範囲
cli-periodicity-preperiod = 前周期
cli-periodicity-period = 周期
cli-periodicity-saltus = 跳躍
cli-periodicity-found = 結果
cli-periodicity-periodic = 周期的
cli-periodicity-additive = 加法的に周期的
cli-periodicity-proved = 証明済み: すべての n ≥ { $preperiod } で G(n + { $period }) = G(n)（8 進ゲームの周期性定理、G(0) から G({ $last }) まで）
cli-periodicity-unproved = { $upto } 未満の山からは、山 1 つの値の周期は証明されません。8 進ゲームの周期性定理にはもっと多くの値が必要か（--upto）、この規則には当てはまりません
cli-periodicity-none = 見つからず
cli-periodicity-rows = 行 x（y が増える向き）
cli-periodicity-columns = 列 y（x が増える向き）
cli-periodicity-diagonals = 対角線 D（マス x, x + D）
cli-periodicity-bar-rows = 行 y（z が階段の縁から増える向き。段差 k なら k·y から）
cli-periodicity-bar-columns = 列 z（y が増える向き）
cli-periodicity-bar-diagonals = 対角線 D（マス y, k·y + D）
cli-periodicity-head = { $game } · { $lines }、{ $upto }より下を読みました
    周期は{ $most }まで、少なくとも{ $repeats }周期分続くものだけ。値の範囲 a..b は読んだ番号（b は含みません）
cli-line-row = 行 { $fixed } = { $at }
cli-line-column = 列 { $fixed } = { $at }
cli-line-diagonal = 対角線 { $fixed } = { $at }
cli-line-p-positions = 後手必勝の局面
cli-sequence-p-positions = { $upto }より下の後手必勝の局面（Grundy 数 0）{ $count }個、マス { $a },{ $b } を { $a }、{ $b } の順に
cli-sequence-line = { $line }: a(n) = { $formula }、n = { $from }から{ $to }まで（{ $count }個）
cli-sequence-more = …ほか{ $more }個: --bfile、--csv、--json ですべて出せます

## grundy table at the terminal.
cli-range-unread = 範囲 { $range }が読めません。0..16 のように A..B と書いてください
cli-range-backwards = 範囲 { $range }が逆向きです。A は B 以下にしてください
cli-table-chocolate-remoteness = チョコレートゲームの表には Grundy 数しかありません。板チョコの残り手数は `grundy query chocolate` で聞いてください
cli-wrote = { $file }に書き出しました
cli-table-lgame = Lゲーム: 対称なものをまとめて{ $count }局面、手番の側のLコマを R、手番は r で表記（勝ち{ $win }、負け{ $loss }、引き分け{ $draw }）
cli-col-position = 局面
cli-col-outcome = 結果
cli-col-depth = 深さ
cli-table-head = { $game }: { $what }（出典: { $source }）
cli-table-bars = x = { $c }の板チョコ {"{"}x, y, z{"}"}: 残り手数、行 z、列 y。奇数は手番の人の負け
cli-table-staircase = G(y, z)、行 z、列 y
cli-table-nim3 = 3つの山 a、b と c = { $c }
cli-table-nim2-misere = 2つの山 a と b: 残り手数。奇数は手番の人の負け
cli-table-nim2 = 2つの山 a と b: Grundy 数 a ⊕ b
cli-table-nim2-remoteness = 2つの山 a と b: 残り手数
cli-table-grundy = Grundy 数、行 x、列 y
cli-table-misere = 残り手数、行 x、列 y。奇数は手番の人の負け
cli-table-remoteness = 残り手数、行 x、列 y
cli-table-empty = （範囲が空です）

## A long research request's progress, as the terminal's bar shows it.
progress-corner = { $piece }の表を{ $side }×{ $side }まで解いています
progress-staircases = { $edge }の階段を z = { $z }まで解いています
progress-check = { $upto }より下の行で式を確かめています
progress-guess = 大きさ { $size } の式を試しています
progress-guess-join = 大きさ { $size } の式をほかの式と組み合わせています

## A room's results as CSV, in the room's language (English keeps the protocol's own words).
csv-header = ルーム,セット,問題,ゲーム,盤の大きさ,k,ミゼール,局面,問い,正解,生徒,答え,正誤,答えた時刻,秒
csv-question-outcome = 勝敗
csv-question-grundy = Grundy 数
csv-question-winning_move = 勝つ手
csv-question-winning_moves = 勝つ手すべて
csv-question-remoteness = 残り手数

## A room's language, and the room's switches at the terminal.
cli-room-settings-language = { $settings }。プロジェクターと CSV は{ $language }
cli-room-switches = ルーム { $room }: { $settings }
cli-room-left = ルーム { $room }から抜けました。もう数えられません
cli-room-released = ルーム { $room }: 生徒は採点と正解を見られるようになりました
cli-room-hints-usage = hints on か hints off と入力してください
cli-room-exam-usage = exam on か exam off と入力してください

## A room's projector at the terminal (grundy room view).
cli-boards-room = ルーム { $room }
cli-boards-every = すべての盤
cli-boards-under-way = 対局中の盤 { $live }
cli-boards-under-way-over = 対局中の盤 { $live }、終局 { $over }
cli-boards-analysis-on = 解析オン (a)
cli-boards-analysis-off = 解析オフ (a)
cli-boards-keys = q で終了
cli-boards-set = セット { $set }の問題:
cli-boards-tally = { $number }: { $students }人中{ $answered }人が回答、正解 { $correct }人
cli-boards-to-move = { $name }の番
cli-boards-waiting = 待機中
cli-boards-ply = { $ply }手目 · { $turn }
cli-boards-clock = 持ち時間 { $first } | { $second }
cli-boards-value = { $who }の{ $outcome }
cli-boards-value-in = { $who }の{ $outcome }（{ $plies }手）
cli-boards-value-unknown = 値はわかりません: { $code }
cli-boards-lost = 接続が切れました（{ $cause }）。つなぎ直しています…（q で終了）
cli-room-view-teachers = ルーム { $room }のすべての盤を見られるのは先生だけです

## Tournaments and exhibitions at the terminal.
cli-results-tally = { $students }人中{ $answered }人が回答、正解 { $correct }人
cli-standings-won = 勝ち
cli-standings-games = 対局数
cli-standings-withdrawn = { $name }（棄権）
cli-tournament-game = 第{ $round }回戦、対局 { $match }
cli-tournament-game-how = 第{ $round }回戦、対局 { $match }、{ $how }
cli-tournament-started = 大会 { $id }が始まりました: { $players }人、全{ $rounds }回戦
cli-games-over = { $all }局中{ $over }局終了
cli-simul-started = 多面指し { $id }: { $host }が{ $game }の{ $boards }面を開始局面 { $start }から指します
cli-simul-board = 盤 { $match } · { $name }: { $name }の{ $outcome }

## The lobby and the saved games at the terminal.
cli-lobby-open = 相手を待っている対局
cli-lobby-playing = 対局中
cli-lobby-first = { $title }（全{ $total }局のうち最初の{ $shown }局）
cli-heading = { $title }:
cli-none = なし
cli-col-id = 番号
cli-col-game = ゲーム
cli-col-players = 対局者
cli-col-ply = 手数
cli-col-clock = 持ち時間
cli-col-result = 結果
cli-col-date = 日時
cli-games-none = 条件に合う保存された対局はありません
cli-games-imported = 「{ $first }」対「{ $second }」（取り込み）
match-status-waiting = 待機中
match-status-playing = 対局中
match-status-finished = 終局
match-status-aborted = 中止

## A formula (grundy check) that cannot be read or has no value somewhere.
formula-too-long = 式の長さが{ $bytes }バイトあり、上限の{ $most }バイトを超えています
formula-empty = 式が空です
formula-parentheses = かっこの入れ子が{ $most }段を超えています
formula-decimal-point = 数は正確な整数で、小数点は使えません。{ $int } と書いてください
formula-decimal = 数は正確な整数で、小数点は使えません。{ $decimal } は { $fraction } と書いてください
formula-unexpected = 読めない文字があります
formula-the-end = 式の終わり
formula-comma = `,`
formula-close = `)`
formula-an-operator = 演算子
formula-an-operand = 数、名前、`(` のどれか
formula-expected-1 = ここには{ $a }が来るはずです
formula-expected-2 = ここには{ $a }か{ $b }が来るはずです
formula-expected-3 = ここには{ $a }、{ $b }、{ $c }のどれかが来るはずです
formula-expected-4 = ここには{ $a }、{ $b }、{ $c }、{ $d }のどれかが来るはずです
formula-nodes = 式の演算子と項が{ $most }個を超えています
formula-depth = 式の入れ子が{ $most }段を超えています
formula-chained-comparison = 比較はつなげられません。`a < b && b < c` と書いてください
formula-comparison-operands = 比較には2つの項が必要です
formula-quoted = `{ $text }`
formula-mixed-comparison = { $what }で比べられるのは2つの数か2つの真偽値で、数と真偽値は比べられません
formula-operands = 演算子には項が必要です
formula-operand = 演算子には項が必要です
formula-power-base = `^` には底が必要です
formula-power-exponent = `^` には指数が必要です
formula-exponent = `^` の指数
formula-if-condition = `if` の条件
formula-number-too-large = 数 { $number }は大きすぎます。整数は 2^127 より小さくなければなりません
formula-is-a-function = `{ $name }` は関数です。`{ $name }(…)` と書いてください
formula-is-an-operator = `{ $name }` は演算子です。2つの整数の間に書きます
formula-unknown-name = 名前 { $name }はありません。名前は x、y、z、n、k、grundy、phi、true、false です
formula-not-a-function = `{ $name }` は関数ではありません
formula-unknown-function = 関数 { $name }はありません。関数は min、max、abs、floor、ceil、if です
formula-arguments = `{ $name }` の引数は{ $arity }個です（{ $given }個ではありません）
formula-needs-arguments = `{ $name }` には引数が必要です
formula-if-branches = `if` の2つの分岐は、2つの数か2つの真偽値でなければなりません
formula-needs-number = { $what }には数が必要です（真偽値は使えません）
formula-needs-integer-not-truth = { $what }には整数が必要です（真偽値は使えません）
formula-needs-integer = { $what }には整数が必要ですが、これは分数か phi を含むかもしれません。floor か ceil を使ってください
formula-needs-truth = { $what }には真偽値が必要です（数は使えません）。`x == 0` のように比べてください
formula-fault = { $cell }で: { $reason }
formula-fault-early = どこかで検証が途中で止まりました
formula-eval-division_by_zero = 0で割っています
formula-eval-overflow = 数が大きすぎて、128ビットの正確な計算に収まりません
formula-eval-not_an_integer = 値が整数ではありません
formula-eval-negative_bits = 負の数にビット演算かシフトをしています
formula-eval-shift_too_large = 127ビットを超えるシフトです
formula-eval-exponent_out_of_range = 指数が0から64の外です
formula-eval-no_grundy = 式は grundy を使っていますが、このマスの Grundy 数はわかりません
formula-eval-not_a_value = この式は条件式で、数の値を持ちません
formula-eval-not_a_predicate = この式は値の式で、真でも偽でもありません

## Beyond what the engine solves.
error-engine_limit = { $asked }はエンジンが解ける範囲を超えています: { $limit }
engine-asked-misere-sum = 手が{ $moves }通りあるミゼールの和
engine-limit-misere-sum = ミゼールの和は手が{ $most }通りまでです（巨大な山のニムを含むと多すぎます）
engine-asked-board = { $side }×{ $side }の盤
engine-limit-board = 角のゲームの盤は{ $most }×{ $most }までです
engine-asked-staircase = { $edge }で z = { $z }に届く階段
engine-limit-staircase = 奇数の段差は z = { $most }までです
engine-asked-table = { $side }×{ $side }の{ $piece }の表
engine-limit-table = その場で解く表は{ $most }×{ $most }までです。もっと小さい upto で聞いてください

## What the terminal itself refuses.
cli-err-not-a-number = { $option }: 数ではありません
cli-err-unknown-game = ゲーム「{ $name }」はありません。ゲームは queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum です
cli-err-empty-exercise = 問題が空です。{ $form } と書いてください
cli-err-no-position-question = 「{ $text }」には局面と問いがありません。{ $form } と書いてください
cli-err-no-position = 「{ $text }」には局面（または `random`）がありません。{ $form } と書いてください
cli-err-not-a-question = 「{ $question }」は問いではありません。{ $questions } のどれかにして、{ $form } と書いてください
cli-err-remoteness-range = remoteness={ $text }: 3..6（6は含まない）や 3..=6 のように範囲を書いてください
cli-err-results-teachers = ルーム { $room }の結果を見られるのは先生だけです
cli-err-nobody-called = 大会 { $id }に「{ $who }」という参加者はいません
cli-err-not-a-command = 「{ $word }」はここでは使えないコマンドです。help と入力してください
cli-err-export-file = export FILE: 書き出す CSV ファイルの名前を書いてください
cli-err-name-the-game = ゲームを書いてください: swiss nim rounds=5
cli-err-rematch-lapsed = 対局 { $id }の再戦の申し込みは期限が切れました
cli-err-query-args = ゲームと局面、または --match ID を書いてください
cli-err-watch-back = { $error } — 戻ったら `grundy watch { $id }`
cli-err-no-review = サーバーから振り返りが届きませんでした
cli-err-no-seat = 対局 { $id }にあなたの席はありません
cli-err-import-long = 棋譜が{ $most }バイトより長く、サーバーに断られます
cli-room-opened = ルーム { $room }を開きました。生徒はこれで参加します:
cli-room-owner-token = オーナートークン（持っている人がこのルームの先生になります。人に見せないでください）:

## grundy --help (English: the program's own texts). help-PATH is a command's description,
## help-PATH--after its examples, help-PATH--ARG an argument's; clap's headings first.
help-usage = 使い方:
help-flag = この説明を表示する
help-version = バージョンを表示する
help-help = この説明、または指定したコマンドの説明を表示する
help-commands = コマンド
help-arguments = 引数
help-options = オプション
help = grundy のクライアント: 対局、観戦、局面の解析、表の出力、保存された対局の閲覧
help--after =
    例:
      grundy play queen                       標準の開始局面から完全なエンジンと対局
      grundy play nim --vs human              人を待つ: 相手は grundy join ID と入力する
      grundy watch 12                         対局 12を1手ずつ観戦
      grundy resume 12                        接続が切れた後、自分の席に戻る
      grundy query queen --size 11 5,3        局面とすべての手の値
      grundy table queen --size 11            11×11の盤の Grundy 数
      grundy table chocolate --k 1 --csv      階段の表を CSV で
      grundy sequence queen --row 1 --bfile   Wythoff の表の行 1を OEIS の b-file 形式で
      grundy games --player ada               ada の保存された対局
      grundy export 12                        対局 12をテキストで
      grundy review 12                        対局 12の全部の手を評価付きで
      grundy lobby                            相手を待っている対局と進行中の対局
      grundy room open "3B maths"             クラスのルームを開く。生徒は grundy room join CODE
      grundy bench --matches 100 --rate 1000  負荷試験: スループット、往復時間、メモリ

    サーバーは `cargo run --release --bin grundyd` で起動する。
help--server = サーバーの WebSocket URL
help--name = ほかの人に見える名前（既定: ログイン名、なければ `player`）
help--access_code = サーバーのアクセスコード（サーバーがアクセスコード付きで起動されている場合）
help--lang = 表示に使う言語: en または ja（既定: LC_ALL、LC_MESSAGES、LANG から決まるロケールの言語。なければ英語）
help-play = エンジンか人を相手に対局を作り、指す
help-play--after =
    手は docs/NOTATION.md の書き方で入力する。対局中に `help` と入力すると、ほかのコマンドの一覧が出る。
    端末がないときは、手を1行ずつ読み、イベントを装飾のない行として出力するので、対局をスクリプトで
    動かせる:
      match 12 queen seat 0        自分の対局と席          seat 1 bob       誰がどの席か
      position 7,3                 現在の局面              your_move 1      ここで1行読む
      move 1 seat 0 5,3            指された手              error CODE: ...  断られた行
      draw_offer 1                 引き分けの提案          result 1 corner_reached（または draw）
      premove 2:1                  自分の番より前に読んだ手（予約）。番が来たら指す（取り消しは all off）
    終了コードは、対局が終われば0、それより先に入力が終われば1（対局は続く）。

    例:
      grundy play queen                         8×8の標準の開始局面から完全なエンジンと対局
      grundy play nim 1,2,3 --vs engine:easy
      grundy play heap --rule kayles 10         10本のピンの列: 1:1=3+6 で左から4本目を倒す
      grundy play lgame --vs human --clock 5+3  このあと相手が grundy join ID と入力する
      grundy play chocolate random --k 2 --first them
help-play--game = queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum のいずれか
help-play--piece = corner のコマ。動きを Betza 記法で: RN（飛車とナイト）、NN（ナイトライダー）、R3（3 マスまでの飛車）（docs/NOTATION.md）
help-play--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-play--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-play--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-play--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-play--size = 角のゲーム（queen、rook、horse、dragon、corner）の盤の一辺のマス数。サーバーの既定は8
help-play--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-play--misere = ミゼール: 最後に動かした人が負け（Lゲームには使えない）
help-play--position = 開始局面: `standard`、`random`、または docs/NOTATION.md の書き方の局面
help-play--vs = 対戦相手: `engine`、`engine:easy`、`engine:medium`、`engine:perfect`、`human` のいずれか
help-play--first = どちらが先手か
help-play--clock = 持ち時間（分+1手ごとに加わる秒）。例: `5+3`
help-join = 相手を待っている対局の空いた席に着き、指す
help-join--after =
    相手を待っている対局は `grundy lobby` で探せる。手の入力は `grundy play` と同じ。

    例:
      grundy join 12
help-join--id = 対局 ID（`grundy play --vs human` が表示し、`grundy lobby` が一覧に出す）
help-resume = 進行中の対局の自分の席に（接続が切れた後で）戻り、続きを指す
help-resume--after =
    サーバーは、grundy がこのサーバーと名前ごとに保存している識別情報であなたを見分ける（README の
    GRUNDY_STATE_DIR を参照）。前と同じ --name を使うこと。対局は中断したところから続く。離れていた
    間もあなたの持ち時間は減っている。

    例:
      grundy resume 12
help-resume--id = 対局 ID
help-rematch = 終わった対局をもう一度指す（もう一方の席が先手）
help-rematch--after =
    人が相手のときは、二人とも再戦を申し込んだ時点で始まる（申し込みは10分間待つ）。その後はほかの
    対局と同じようにここで指す。元の対局と同じ --name を使うこと。

    例:
      grundy rematch 12
help-rematch--id = 終わった対局の ID
help-watch = 対局を終わるまで1手ずつ観戦する
help-watch--after =
    進行中の対局は `grundy lobby` で探せる。終わった対局は終局時の状態で表示する。

    例:
      grundy watch 12
help-watch--id = 対局 ID（`grundy lobby` を参照）
help-query = 局面とすべての合法手の正確な値（よい順）
help-query--after =
    局面は docs/NOTATION.md の書き方で書く。結果は手番の人にとってのもので、各手の値は次に指す相手に
    とってのもの。角のゲームのマスの値は盤によらない: --size がなければ盤は8×8、またはそのマスが
    ちょうど収まる大きさになる。

    例:
      grundy query queen --size 11 5,3
      grundy query queen 900,700 --best 5
      grundy query nim 3,4,5 --json
      grundy query chocolate --k 1 5,3,7
      grundy query lgame '...N/RRRB/RBBB/N... r'
      grundy query lgame standard
      grundy query sum 'queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7'
      grundy query --match 12              対局 12の現在の局面
help-query--game = queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum のいずれか
help-query--piece = corner のコマ。動きを Betza 記法で: RN（飛車とナイト）、NN（ナイトライダー）、R3（3 マスまでの飛車）（docs/NOTATION.md）
help-query--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-query--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-query--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-query--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-query--size = 角のゲーム（queen、rook、horse、dragon、corner）の盤の一辺のマス数。サーバーの既定は8
help-query--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-query--misere = ミゼール: 最後に動かした人が負け（Lゲームには使えない）
help-query--position = 局面。例: `5,3`（queen）、`3,4,5`（nim）、`...N/RRRB/RBBB/N... r`（lgame）、`'queen(11):5,3 + nim:3,4,5'`（sum）。`standard` ならそのゲームの標準の開始局面
help-query--match_id = 代わりにこの対局の現在の局面を問い合わせる（進行中でも保存済みでも）
help-query--best = よい順にN個の手だけを表示する（既定は全部）
help-query--json = 分類をテキストではなく1つの JSON オブジェクトとして出力する
help-table = Grundy 数の表（角のゲーム、チョコレートゲーム）、または Lゲームの分類
help-table--after =
    範囲は半開区間 A..B（Bは含まない）。どちらも既定は0..16で、盤の範囲に切り詰める。
    端末では、後手必勝の局面（P-position。手番の人の負けで、Grundy 数が0、残り手数が偶数）を
    強調表示する。

    CSV の列: 角のゲームは x,y,grundy,remoteness,outcome、2山のニムは a,b,grundy,remoteness,outcome、
    チョコレートゲームは y,z,grundy、
    Lゲームは position,outcome,depth（対称なものをまとめて1局面1行）。

    例:
      grundy table queen --size 11
      grundy table queen --size 11 --remoteness
      grundy table queen --size 1000 --rows 0..1000 --cols 0..1000 --csv > queen.csv
      grundy table chocolate --k 1 --rows 0..32
      grundy table nim --rows 0..8 --cols 0..8 --misere    2山のニム。ミゼールでは残り手数が奇数なら負け
      grundy table heap --rule kayles --rows 0..16 --cols 0..16   2つの山: G(x) xor G(y)
      grundy table lgame --csv
      grundy table queen --size 200 --rows 0..200 --cols 0..200 --png queen.png
      grundy table lgame --svg lgame.svg
help-table--game = queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum のいずれか
help-table--piece = corner のコマ。動きを Betza 記法で: RN（飛車とナイト）、NN（ナイトライダー）、R3（3 マスまでの飛車）（docs/NOTATION.md）
help-table--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-table--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-table--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-table--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-table--size = 角のゲーム（queen、rook、horse、dragon、corner）の盤の一辺のマス数。サーバーの既定は8
help-table--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-table--misere = ミゼール: 最後に動かした人が負け（Lゲームには使えない）
help-table--rows = 行の半開区間（角のゲームは x、チョコレートゲームは z）。既定は0..16
help-table--cols = 列の半開区間（y）。既定は0..16
help-table--remoteness = Grundy 数の代わりに残り手数（互いに最善を尽くしたときの終局までの手数）を表示する。角のゲームで使え、端末では格子状に表示する
help-table--layer = 表に現れない座標: ニムの3つ目の山（3山の表）、ミゼールの板チョコの帯 x（既定は0）
help-table--csv = CSV で出力する
help-table--json = サーバーの表を1つの JSON オブジェクトとして出力する
help-table--png = 図を PNG で書き出す: 後手必勝の局面を黒で示した Grundy 数のヒートマップ（クイーンの黄金比の直線は赤）、または Lゲームの局面を結果と深さで示した図
help-table--svg = 同じ図を SVG で書き出す
help-check = 式（予想）をゲームの表の全マスで検証する。終了ステータスは 0: 成り立つ、1: 反例あり、2: エラー
help-check--after =
    式は docs/RESEARCH.md の言語で書く。使えるのは、マスの座標 x, y（角のゲーム）または y, z
    （チョコレートゲーム）、パラメーター n（上限）と k、条件式ではさらにそのマスの Grundy 数 `grundy`。
    値の式はすべてのマスの Grundy 数を予測し、条件式はすべてのマスで成り立たなければならない。
    終了ステータス: 0 成り立つ、1 反例あり、2 エラー。--upto が保存された表を超えるときは、まず表を
    解く（角のゲームは16384まで、階段は z = 8000まで）。そのあいだ進捗バーを表示する。

    例:
      grundy check rook --size 64 'x xor y'                    成り立つ
      grundy check queen 'x xor y' --png queen-xor.png         1,1で反例。どこで外れるかも図に
      grundy check queen 'grundy == 0 <-> min(x,y) == floor((max(x,y)-min(x,y))*phi)'
      grundy check chocolate --k 2 'y xor z' --upto 512
      grundy check --list                                      名前つきの検証の一覧
      grundy check chocolate-odd                               予想をその上限まで検証
help-check--what = ゲーム（queen、rook、horse、dragon、corner、chocolate）と、それに続く引用符で囲んだ式。または名前つきの検証の名前だけ（--list を参照）
help-check--formula = 式（引用符で囲む）
help-check--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-check--upto = 座標がこの上限より小さいマスを検証する（既定: 保存された表の上限）
help-check--size = 角のゲームの一辺Nの盤: x, y < Nのマス（--upto Nと同じ）
help-check--piece = corner のコマ。動きを Betza 記法で（RN）
help-check--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-check--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-check--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-check--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-check--list = 名前つきの検証の一覧: 元になった論文の結果と予想を、その状態とともに表示する
help-check--png = 式と表が食い違う場所の図を PNG で書き出す
help-check--svg = 同じ図を SVG で書き出す
help-check--json = 報告を1つの JSON オブジェクトとして出力する
help-guess = ゲームの Grundy 数の表に一致する最短の式、または後手必勝の局面でちょうど成り立つ式を、表だけから見つける。終了ステータスは 0: 見つかった、1: 見つからない、2: エラー
help-guess--after =
    探索は grundy check の言語の式を、ある大きさ（演算子と被演算子の数。既定は8）まですべて試す。
    標本のマスで同じ値になる式は1つにまとめる。使うのは + - * // % xor and or min max abs と
    floor(a * phi)、座標 x, y（角のゲーム）または y, z（チョコレートゲーム）と小さな数。さらに
    大きな式を組み立てる: 2つの式の和・差・xor、c * (T // c) + T % c の分割、偶奇による場合分け、
    後手必勝の局面には a == b。見つかった式は --upto より下のすべてのマスで成り立ち、そのあと保存された
    表全体で検証する。時間はサーバーの検証の制限時間まで（既定60秒）。終了ステータス: 0 見つかった、
    1 見つからない、2 エラー。

    例:
      grundy guess rook                                        x xor y
      grundy guess dragon                                      龍王の式
      grundy guess queen --p-positions                         Wythoff の組、phi を使って
      grundy guess chocolate --k 2                             y xor z
      grundy guess corner --piece RN --upto 24
help-guess--game = 角のゲーム（queen、rook、horse、dragon、corner）またはチョコレートゲーム（chocolate）
help-guess--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-guess--piece = corner のコマ。動きを Betza 記法で（RN）
help-guess--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-guess--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-guess--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-guess--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-guess--p_positions = すべての Grundy 数の代わりに、後手必勝の局面がどこかを推測する（条件式）
help-guess--upto = 座標が N より小さいマスに一致させる（8〜256。既定は32）
help-guess--size = 大きさ S までの式をすべて試す（3〜12。既定は8）。大きさが1増えるごとに何倍も時間がかかる
help-guess--seconds = T 秒で止める（サーバーの検証の制限時間まで）
help-guess--check_upto = 見つかった式を M より下のマスで検証する（既定: 保存された表の上限）
help-guess--json = 報告を1つの JSON オブジェクトとして出力する
help-periodicity = ゲームの表の各線（行・列・対角線）の加法的周期性: 前周期、周期、跳躍
help-periodicity--after =
    Wythoff の表の行は加法的に周期的である（Dress, Flammenkamp and Pink, 1999）: 前周期を過ぎると、
    各値は1周期前の値に跳躍を足したものになる（跳躍0なら周期的）。見つかった結果は調べた値の範囲
    （各線の範囲。--upto、既定は保存された表の上限）で成り立ち、少なくとも2周期分にわたる。

    線（--line）: 行（既定）、列、対角線 D（マス x, x + D）。角のゲームの表は対称で、列 cは行 cと
    同じ。チョコレートゲーム: 行 y（zは k·yから）、対角線 y, k·y + D。チョコレートゲームの列は有限
    なので受け付けない（k = 0の場合を除く）。

    例:
      grundy periodicity queen --rows 0..20
      grundy periodicity queen --line diagonal --rows 0..8
      grundy periodicity horse --rows 0..8                 周期的な行: 跳躍0
      grundy periodicity dragon --rows 0..64 --upto 1024 --json
      grundy periodicity chocolate --k 1 --rows 1..8      階段の行 y、zが増える向き
help-periodicity--game = queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum のいずれか
help-periodicity--piece = corner のコマ。動きを Betza 記法で: RN（飛車とナイト）、NN（ナイトライダー）、R3（3 マスまでの飛車）（docs/NOTATION.md）
help-periodicity--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-periodicity--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-periodicity--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-periodicity--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-periodicity--size = 角のゲーム（queen、rook、horse、dragon、corner）の盤の一辺のマス数。サーバーの既定は8
help-periodicity--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-periodicity--misere = ミゼール: 最後に動かした人が負け（Lゲームには使えない）
help-periodicity--line = どの線か: row（xを固定。チョコレートゲームは y）、column（yを固定。チョコレートゲームは z）、diagonal（D: マス x, x + D。チョコレートゲームは y, k·y + D）
help-periodicity--rows = 線の番号: 行、列、または対角線の D（既定は0..16）
help-periodicity--upto = 各線を、動く座標がこの上限より小さいあいだだけ読む（既定: 保存された表の上限）
help-periodicity--json = 報告を1つの JSON オブジェクトとして出力する
help-sequence = ゲームの表の1本の線（行・列・対角線）、または後手必勝の局面を、OEIS の b-file、CSV、JSON で出力する
help-sequence--after =
    線の値には、線の最初のマスから、線に沿って動く座標で番号を付ける:
      角のゲーム    --row R        g(R, n)、n = 0, 1, …
                    --column C     g(n, C)（表は対称: 列 Cは行 Cと同じ）
                    --diagonal D   g(n, n + D)。D < 0なら g(n − D, n)
      チョコレート  --row R        G(R, n)、n = k·R, k·R + 1, …
                    --column C     G(n, C)、n = 0から⌊C/k⌋まで（k = 0なら上限より下のすべての n）
                    --diagonal D   G(n, k·n + D)、D ≥ 0（k = 0なら G(n, n + D)）
    --p-positions は Grundy 数が0のマス（角のゲームは x,yで鏡像も含む。チョコレートゲームは y,z）を、
    第1座標、次に第2座標の順に並べる。b-file では a(n) はその n番目（nは0から）の第2座標で、角の
    ゲームでは x ≤ yのものだけを数える: クイーンでは ⌊nφ²⌋（A001950。ただし a(0) = 0）。--csv には
    両方の座標が入る。

    --upto Nは動く座標の上限（対角線と後手必勝の局面では両方の座標。既定は保存された表の上限。
    それを超えるときはまず表を解く。角のゲームは16384まで）。1回の答えに入る値は1000000個まで。

    例:
      grundy sequence queen --row 1
      grundy sequence queen --row 1 --bfile > b-queen-row-1.txt
      grundy sequence queen --diagonal -2 --upto 100 --csv
      grundy sequence queen --p-positions --upto 200 --bfile
      grundy sequence chocolate --k 1 --row 1 --json
help-sequence--game = queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum のいずれか
help-sequence--piece = corner のコマ。動きを Betza 記法で: RN（飛車とナイト）、NN（ナイトライダー）、R3（3 マスまでの飛車）（docs/NOTATION.md）
help-sequence--rule = heap の規則: kayles、dawsons-kayles、dawsons-chess、grundy（Grundy のゲーム）、"subtraction 1,3,4"、"subtraction 1 mod 2"（奇数個ならいくつでも）、"octal 0.77"（docs/NOTATION.md）
help-sequence--set = この数だけ取れる山のゲーム: --set 1,3,4 は --rule "subtraction 1,3,4" と同じ。周期的な集合（この余りの数ならいくつでも）: --set "1 mod 2"
help-sequence--code = このコードの 8 進ゲーム: --code 0.77 は --rule "octal 0.77"（ケイレス）と同じ
help-sequence--edge = チョコレートゲームの階段の縁（段差 --k の代わり）: 幅 z の階段の高さを z の式で書きます。z = 0 で 0、右に行って下がらないこと（"z * z"、"z // 2 + z // 3"、"floor(z / phi)"）（docs/NOTATION.md）
help-sequence--size = 角のゲーム（queen、rook、horse、dragon、corner）の盤の一辺のマス数。サーバーの既定は8
help-sequence--k = チョコレートゲームの階段の段差。サーバーの既定は1
help-sequence--misere = ミゼール: 最後に動かした人が負け（Lゲームには使えない）
help-sequence--row = 行 R: x = R（角のゲーム）、y = R（チョコレートゲーム）
help-sequence--column = 列 C: y = C（角のゲーム）、z = C（チョコレートゲーム）
help-sequence--diagonal = 対角線 D: マス x, x + D（角のゲーム。Dは負でもよい）、y, k·y + D（チョコレートゲーム）
help-sequence--p_positions = 上限より下の後手必勝の局面（Grundy 数 0）
help-sequence--upto = 動く座標がNより小さいマスだけ（既定: 保存された表の上限）
help-sequence--bfile = OEIS の b-file を出力する: 内容を説明する `#` のコメント行に続いて `n a(n)` の行
help-sequence--csv = ヘッダー付きの CSV を出力する: nと、マスの座標と Grundy 数（後手必勝の局面では座標のみ）
help-sequence--json = サーバーの返答を1つの JSON オブジェクトとして出力する
help-games = 保存された対局（新しい順）
help-games--after =
    結果は指定したプレイヤーの側から見たもの: --result win には --player が必要。日付と日は、一覧の
    表示と同じくこのコンピューターのタイムゾーン（TZ）による: --since 2026-11-01 --until 2026-11-30は、
    そのタイムゾーンで11月に始まった対局。

    例:
      grundy games
      grundy games --player ada --game queen --result win --limit 20
      grundy games --status playing --since 2026-11-21
      grundy games --offset 50 --json
help-games--player = この名前のプレイヤーが席に着いた対局だけ
help-games--game = このゲーム（queen、rook、horse、dragon、corner、nim、heap、chocolate、lgame、sum）の対局だけ
help-games--result = この結果で終わった対局だけ: draw、または --player の側から見た win / loss
help-games--status = この状態の対局だけ
help-games--since = この日（YYYY-MM-DD、このコンピューターのタイムゾーン）以降に始まった対局だけ
help-games--until = この日（YYYY-MM-DD、このコンピューターのタイムゾーン）以前に始まった対局だけ
help-games--limit = 対局の数（サーバーの既定は50、最大500）
help-games--offset = 新しいほうから飛ばす対局の数（ページ送り用）
help-games--json = サーバーの一覧を1つの JSON オブジェクトとして出力する
help-export = 保存された対局をテキスト（docs/EXPORT.md）または JSON で出力する
help-export--after =
    対局 ID は `grundy games` で調べられる。

    例:
      grundy export 12
      grundy export 12 --format json > game12.json
help-export--id = 対局 ID（`grundy games` を参照）
help-export--format = 出力形式
help-lobby = 相手を待っている対局と進行中の対局
help-lobby--after =
    例:
      grundy lobby
      grundy lobby --json
help-lobby--json = サーバーのロビーを1つの JSON オブジェクトとして出力する
help-review = 保存された対局の全部の手を評価する: 最善手、疑問手、悪手、大悪手
help-review--after =
    評価は対局の分類にもとづく正確なもの: `best`（最善手。よりよい手がない）、`inaccuracy`（疑問手。
    結果は同じだが、勝つのが遅くなるか負けるのが早くなる）、`mistake`（悪手。引き分けを負けに、
    または勝ちを引き分けにした）、`blunder`（大悪手。勝ちを負けにした）。対局 ID は `grundy games` で
    調べられる。

    例:
      grundy review 12
      grundy review 12 --json
help-review--id = 対局 ID（`grundy games` を参照）
help-review--json = サーバーの振り返りを1つの JSON オブジェクトとして出力する
help-import = docs/EXPORT.md のテキスト形式で書かれた対局を保存する
help-import--after =
    取り込めるのは終わった対局だけ。不正な手や盤面と矛盾する結果があると、その手数と規則を示して
    断り、何も保存しない。

    例:
      grundy export 12 > game.txt && grundy import game.txt
      grundy import - < game.txt
help-import--file = 対局のテキストファイル。標準入力なら `-`
help-room = クラス用: ルームを開く、コードで参加する、問題を出す、答える、結果を見る
help-room--after =
    先生がルームを開いてコードを読み上げ、生徒はそのコードで参加する。先生の画面には解答が届くたびに
    すべて表示され、生徒の画面には各問題とその採点が表示される。

    問題は GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] POSITION QUESTION [remoteness=A..B]と書く。QUESTIONは
    outcome、grundy、winning_move、winning_moves、remoteness のいずれか。POSITIONは `random` でも
    よい（サーバーが選ぶ。remoteness=A..Bで終局までの手数を指定する）。

    例:
      grundy room open "3B maths"                 ルームを開いて様子を見る（先生の画面）
      grundy room join K7Q2                        生徒として参加し、問題に答える
      grundy room join K7Q2 --as ada2              ルームでは別の名前で参加する
      grundy room leave K7Q2                       間違えて参加したルームから抜ける
      grundy room ask K7Q2 'queen 5,3 outcome' 'nim 3,4,5 winning_moves' --deadline 10m
      grundy room ask K7Q2 'queen size=20 random remoteness=3..6 remoteness'
      grundy room answer K7Q2 1 loss               対話画面を使わずに問題 1に答える
      grundy room view K7Q2 --analysis             対局中のすべての盤を、正確な値とともに表示
      grundy room results K7Q2                     誰が何と答えたか、各問題の解答
      grundy room results K7Q2 --csv > 3b.csv      生徒と問題の組ごとに1行
      grundy room results K7Q2 --csv --bom > 3b.csv   同じものを Excel 用に（BOM 付き UTF-8）
      grundy room hints K7Q2 on                    生徒がまた値を調べられるようにする
      grundy room engine K7Q2 easy                 生徒が対戦できるエンジンを easy だけにする
      grundy room language K7Q2 ja                 プロジェクターと CSV を日本語に
help-room--owner_token = ルームのオーナートークン（`room open` が表示する）。別の識別情報や別のコンピューターから、そのルームの先生として操作するためのもの
help-room-open = ルームを開き（あなたが先生になる）、様子を見る
help-room-open--title = ルームの名前。例: "3B maths"
help-room-open--hints = 問題を開いているあいだ、生徒が値を調べられるようにする
help-room-open--engine = 生徒が対戦してよい一番強いエンジン: easy、medium、perfect、none のいずれか
help-room-open--exam = テストを行う: テストのあいだは、サーバー上のどこでも、このルームの先生以外は誰も解析・エンジンとの対戦・盤上の値の表示ができず、生徒は採点が公開されてから結果を見る（docs/CLASSROOM.md）
help-room-open--language = プロジェクターの盤と結果の CSV に使うルームの言語: en または ja（既定: 見る人それぞれの言語。CSV は英語）
help-room-open--json = ルームを JSON で出力して終了する（オーナートークンを含む）
help-room-join = ルームに参加する: 生徒は問題に答え、先生は解答を見守る
help-room-join--code = ルームのコード。例: K7Q2
help-room-join--as_name = ルームで使う名前（既定: あなたの名前）
help-room-ask = 問題を出す（先生）: 1問または複数問を、まとめて1つのセットとして答えさせる
help-room-ask--code = ルームのコード
help-room-ask--exercises = 問題: 'GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] POSITION QUESTION [remoteness=A..B]'
help-room-ask--deadline = 解答を受け付ける時間（90s、10m、2h、3d）。既定は無期限
help-room-ask--json = 問題を JSON で出力する
help-room-answer = 問題 Nに答える（生徒）。対話画面は使わない
help-room-answer--code = ルームのコード
help-room-answer--number = ルームでの問題の番号（1から）
help-room-answer--answer = 答え: win/loss/draw、数、手、`;` で区切った複数の手、または none
help-room-answer--json = 採点を JSON で出力する
help-room-results = 誰が何と答えたか（先生）、または結果の CSV
help-room-results--code = ルームのコード
help-room-results--csv = 生徒と問題の組ごとに1行の CSV
help-room-results--bom = CSV の先頭にバイトオーダーマーク（BOM）を付け、Excel（日本語版も）が UTF-8として読めるようにする
help-room-results--json = ルームを JSON で出力する
help-room-view = 対局中のすべての盤、順位、問題の進み具合を一度に表示する（先生）: 全画面で、盤が変わるたびに描き直す
help-room-view--code = ルームのコード
help-room-view--analysis = 各盤の、手番の人にとっての正確な値を表示する（`a` で切り替え）
help-room-view--once = 一度だけ表示して終了する
help-room-hints = ヒントをオンまたはオフにする（先生）
help-room-hints--code = ルームのコード
help-room-hints--state = on または off
help-room-exam = テストモードをオンまたはオフにする（先生）: `room open --exam` を参照
help-room-exam--code = ルームのコード
help-room-exam--state = on または off
help-room-leave = 間違えて参加したルームから抜ける（そこでまだ解答も対局もしていない生徒のみ）
help-room-leave--code = ルームのコード
help-room-release = ルームの生徒に採点と正解を公開する（先生）
help-room-release--code = ルームのコード
help-room-engine = ルームの生徒が対戦してよい一番強いエンジン（先生）
help-room-engine--code = ルームのコード
help-room-engine--level = easy、medium、perfect、none（生徒どうしだけ）、any（制限なし）のいずれか
help-room-language = プロジェクターの盤と結果の CSV に使うルームの言語（先生）
help-room-language--code = ルームのコード
help-room-language--language = en、ja、または reader（見る人それぞれの言語に戻す）
help-bench = 負荷生成ツール `grundy-bench`: 1台のサーバーに多数の接続と対局を張り、スループット、手の往復時間、エラー、サーバーのメモリを測る
help-bench--args = `grundy-bench` に渡す引数（一覧は `grundy bench --help` で表示）
help-error = エラー: { $error }
help-error-tip = ヒント: { $suggested } のことですか？
help-error-more = 詳しくは '--help' で
help-error-unknown_argument = オプション '{ $arg }' はありません
help-error-invalid_value = '{ $arg }' に '{ $value }' は使えません（使える値: { $valid }）
help-error-value_validation = '{ $arg }' の値 '{ $value }' が正しくありません: { $why }
help-error-invalid_subcommand = コマンド '{ $command }' はありません
help-error-missing_required_argument = 次の引数が必要です: { $arg }
help-error-missing_subcommand = コマンドを指定してください
help-error-argument_conflict = '{ $arg }' は '{ $other }' と一緒には使えません
help-error-too_many_values = '{ $arg }' の値が多すぎます: '{ $value }' は余分です
help-error-too_few_values = '{ $arg }' には値が { $expected } 個必要です（{ $actual } 個しかありません）
help-error-wrong_number_of_values = '{ $arg }' は値を { $expected } 個とります（{ $actual } 個あります）
help-error-no_equals = '{ $arg }' の値は '=' のあとに書いてください: { $arg }=値
help-error-value_required = '{ $arg }' のあとに値を書いてください
help-error-used_twice = '{ $arg }' は 1 回しか指定できません
help-why-not-a-number = 数ではありません
help-why-out-of-range = { $value } は範囲 { $range } の外です
help-suffix-values = ［使える値: { $values }］
help-suffix-default = ［既定: { $value }］
help-suffix-env = ［環境変数: { $name }］

## A game record that cannot be imported (grundy import): where, and what is wrong.
error-import = この対局は取り込めません: { $reason }
error-refused = 断られました
record-syntax = { $line }行 { $column }文字目: { $reason }
record-tag-line = { $line }行: [{ $tag }]: { $reason }
record-tag = [{ $tag }]: { $reason }
record-move = { $ply }手目（`{ $move }`）: { $reason }
record-result = 結果: { $reason }
record-json = JSON: { $reason }
record-twice = が2回あります
record-twice-first = が2回あります（最初は{ $first }行）
record-tag-form = { $problem }。タグは [Name "value"] と書きます
record-tag-name = [ の後にはタグの名前（英字、数字、_）が必要です
record-tag-quotes = [{ $name }] の値は二重引用符で囲んでください
record-tag-unclosed = [{ $name }] の値に閉じ引用符がありません
record-tag-bracket = [{ $name }] は値の後を ] で閉じてください
record-tag-trailing = タグの行には、タグの後に何も書けません
record-comment-stray = この {"}"} が閉じるコメントはありません
record-comment-open = このコメントが {"}"} で閉じられていません
record-after-result = 手の終わりを示す結果 { $result }の後に`{ $token }`があります
record-late-tag = 手が始まった後にタグがあります。タグは最初に書きます
record-move-number = 手番号が{ $number }ですが、{ $expected }のはずです（{ $ply }手目の前）
record-no-result = 手が結果なしで終わっています。1-0、0-1、1/2-1/2、* のどれかで終えてください
record-not-a-number = { $quoted }は範囲内の数ではありません
record-play = { $quoted }は遊び方ではありません。normal か misere と書いてください
record-no-game = がありません。どの棋譜にもゲームの名前が必要です
record-bad-result = { $quoted }は結果ではありません。1-0、0-1、1/2-1/2、* のどれかです
record-result-differs = 手は{ $token }で終わっていますが、{ $line }行の [Result] は{ $tag }です
record-bad-termination = { $quoted }は終わり方ではありません。corner_reached、last_stone、poison_left、l_blocked、no_move_left、resignation、repetition、agreed_draw、flag_fall、abandonment、aborted のどれかです
record-termination-not-over = 終わっていない対局（*）に終わり方はありません（{ $reason }は使えません）
record-no-termination = がありません。結果 { $result }には終わり方が必要です
record-clock = 持ち時間 { $quoted }が読めません。5+3 のように「分+1手ごとの秒」で書いてください（上限 { $minutes }+{ $seconds }）
record-date-range = { $quoted }は範囲外です
record-date = { $quoted }は日付ではありません。2026.11.21 のように YYYY.MM.DD と書いてください
record-day = { $quoted }は暦にない日です
record-time = { $quoted }は時刻ではありません。14:03:07 のように HH:MM:SS と書いてください
record-json-syntax = { $line } 行 { $column } 文字目で JSON の書き方が正しくありません
record-json-cut = JSON が { $line } 行 { $column } 文字目で途中で終わっています
record-json-missing = 項目 `{ $field }` がありません
record-json-value = { $line } 行 { $column } 文字目の値が正しくありません（{ $error }）
record-json-ply = { $move }番目の手の ply が{ $ply }です。手は 1, 2, 3, ... と順に番号をつけます
record-not-over = *（終わっていない）
record-outcome = { $result }（{ $reason }）
record-start-over = 開始局面 { $start }はもう終局しています。対局は行われていません
record-ended = 対局は{ $ply }手目に盤上で終わっています（{ $position }には手がないので、席 { $seat }の勝ち（{ $expected }））が、棋譜は{ $said }です
record-ended-misere = 対局は{ $ply }手目に盤上で終わっています（{ $position }には手がないので、ミゼールでは席 { $seat }の勝ち（{ $expected }））が、棋譜は{ $said }です
record-no-seat = 席 { $seat }はありません。席は0と1です
record-not-how = { $reason }は{ $game }の終わり方ではありません
record-needs-end = { $reason }には手のない最終局面が必要ですが、{ $position }では手番の人に{ $moves }通りの手があります
record-is-a-draw = { $reason }は引き分けですが、棋譜は{ $said }です
record-no-repetition = 千日手による引き分けですが、最終局面 { $position }は以前に現れていません
record-agreed-draw = 合意による引き分けは Lゲームだけです。{ $game }は必ず終わります
record-needs-winner = { $reason }には勝者が必要ですが、棋譜は{ $said }です
record-aborted = 中止した対局に勝者と手はありませんが、この棋譜には{ $moves }手があり、{ $said }となっています
record-seat-empty = が空です。対局者の名前か、いないときは ? と書いてください

## grundyd's own terminal: its start, its stop, its refusals to start, `grundyd precompute`.

grundyd-listening = grundyd は ws://{ $address } で待っています（データベース { $db }、解析表 { $analysis }）
grundyd-page = ウェブページ: http://{ $address }/
grundyd-page-lan = ウェブページ: LAN 上の http://このコンピュータ:{ $port }/（アドレスは `hostname -I` でわかります）
grundyd-access-code-visible = --access-code はこのコンピュータの誰からもプロセス一覧で見えます。GRUNDYD_ACCESS_CODE か --access-code-file で渡してください
grundyd-access-code-unreadable = { $path } から参加コードを読めません
grundyd-access-code-empty = { $path } の 1 行目に参加コードがありません。そこにコードを書いてください
grundyd-cannot-open-db = データベース { $db } を開けません（解析表は { $analysis }）
grundyd-cannot-listen = { $address } で待ち受けられません。別の grundyd が動いていませんか？ --listen で別のアドレスを選んでください
grundyd-file-limit = 開けるファイルの上限が { $limit } で、--max-connections の接続数に足りません。上限を上げる（ulimit -n）か --max-connections を下げてください
grundyd-file-limit-unknown = 開けるファイルの上限を読めません
grundyd-cannot-open = { $path } を開けません（{ $option }）
grundyd-in-use = { $path } は別の grundyd が使っています。先にそちらを止めるか、別の { $option } を指定してください
grundyd-cannot-lock = { $path } をロックできません
grundyd-tables-up-to-date = 解析表は最新です（{ $sets } 組を { $elapsed } で確認）
grundyd-tables-computed = { $computed } 組を計算して { $elapsed } で保存しました
grundyd-set-computed = 計算しました: { $why }
grundyd-set-missing = ありませんでした
grundyd-set-other-engine = 表の版 { $version } のエンジンで保存されていました
grundyd-set-too-small = { $bound } までしか保存されていませんでした
grundyd-set-damaged = 壊れていました（{ $why }）
grundyd-progress = 事前計算
grundyd-progress-rows = 行
grundyd-progress-eta = 残り
grundyd-stopped = 停止しました
grundyd-error = grundyd: { $error }

## `grundyd --help` (English is the program's own).

help-grundyd = grundy のサーバ: クイーン、飛車、龍馬、龍王、ニム、チョコレート、L ゲームの対局を WebSocket で開き、すべての対局を SQLite に保存します。
    
    起動すると、データベースの隣にある専用のファイルから解析表を読み込みます。ファイルがなければ、まず計算して保存します（数秒。`grundyd precompute` と同じ）。
help-grundyd--listen = 待ち受けるアドレス。HOST:PORT かホストのみ（ポート 7878）。LAN（教室）に公開するには 0.0.0.0
help-grundyd--db = 対局（プレイヤー、対局、着手）のデータベースファイル。バックアップするのはこれです。なければ表ごと作ります
help-grundyd--analysis_db = 解析表のファイル。なければ計算し直します［既定: --db のパスの拡張子を .analysis.db にしたもの。例: grundy.analysis.db］
help-grundyd--board = 解析ファイルに置く角の表（クイーン、飛車、龍馬、龍王）の一辺
help-grundyd--bar = 解析ファイルに置くチョコレートの階段の表（段差 0 から 6）の幅 z_max
help-grundyd--engine_delay_ms = エンジンが答えるまで待つミリ秒。自分の手が置かれるのが見えるように
help-grundyd--repetitions = L ゲームで同じ局面が何回目に現れたら千日手の引き分けにするか
help-grundyd--max_connections = 同時に開ける接続の上限。超えると、新しいクライアントは空きが出るまで待ちます
help-grundyd--max_connections_per_address = 1 つのネットワークアドレスが同時に開ける接続の数。超えた分は断り、ログに残します。1 つの NAT の向こうのクラスは 1 つのアドレスです。既定は 40 人のクラスがそれぞれ数個の画面を開ける数。学校全体が 1 つのアドレスの向こうにいるときや負荷試験では上げてください
help-grundyd--access_code = すべてのクライアントが接続に必要なコード（`grundy --access-code CODE`）。クラスに伝えてください。なければ、このポートに届く人は誰でも対局できます。ここに書くとプロセス一覧に見えるので、環境変数か --access-code-file を使ってください
help-grundyd--access_code_file = 1 行目が参加コードのファイル（--access-code の代わり）
help-grundyd--table_memory_mb = 必要に応じて作る表（保存された範囲を超える盤やチョコレート）が使えるメモリ（MiB）。超えると、最も長く使われていないものから捨てます（必要ならまた作ります）
help-grundyd--research_turns = 同時に走らせる研究の要求（check、periodicity、sequence、保存範囲を超える表）の数。優先度は最低で、ほかは 1 人ずつ順番を待ちます［既定: コア数の半分］
help-grundyd--waiting_lifetime_s = 対戦相手を待つ対局が取りやめになるまでの秒数
help-grundyd--abandon_after_s = 対局中にプレイヤーが離れていられる秒数。過ぎると放棄で負けになります
help-grundyd--message_rate = 1 つのクライアントが 1 秒あたり平均で送れるメッセージ数（超えると `rate_limited` で断ります）。負荷試験（`grundy bench`）では上げてください
help-grundyd--message_burst = その割合を超えて 1 つのクライアントが一度に送れるメッセージ数
help-grundyd--check_time_limit_s = 式の検証（`grundy check`）が止められて断られるまでに使える秒数
help-grundyd--allowed_origins = ここへ WebSocket を開いてよい他のサイトのウェブページ（オリジン、`https://school.example`）。複数なら繰り返します。このサーバ自身のページとブラウザでないクライアント（`grundy`）には不要で、生徒が開くほかのページはすべて断ります
help-grundyd--lang = サーバ自身の端末の言語（--help、起動と停止の表示、起動できない理由）: ja か en［既定: ロケール（LANG）による］
help-grundyd-precompute = 解析表を計算して保存し、終了する
help-grundyd-precompute--after = L ゲームの分類、--board までの角の表、--bar までのチョコレートの階段。保存済みで最新かつ無傷の組は確認だけします。2 回目の実行は何も書かずに「最新です」と報告します。

## What the server could not do, in a refusal `error-internal` (`doing-*`, nested as its context).

doing-adjudicate-a-game = 対局の判定
doing-bring-the-match-back = 対局の復元
doing-build-a-table = 表の作成
doing-check-the-formula = 式の検証
doing-guess-a-formula = 式の推測
doing-read-the-formula-found = 見つけた式の読み込み
doing-classify-the-position = 局面の分類
doing-create-the-match = 対局の作成
doing-draw-a-position = 局面の抽選
doing-draw-a-room-code = ルームコードの抽選
doing-end-the-match = 対局の終了
doing-end-the-tournament = 大会の終了
doing-find-the-periods = 周期の探索
doing-grade-the-answer = 答えの採点
doing-grow-a-table = 表の拡張
doing-join-the-room = ルームへの参加
doing-list-the-p-positions = P 局面の一覧
doing-list-the-games = 対局の一覧
doing-list-the-rooms-with-tournaments = 大会のあるルームの一覧
doing-list-your-matches = あなたの対局の一覧
doing-look-for-others-of-your-name = 同じ名前の人の確認
doing-look-the-game-up = 対局の検索
doing-look-up-the-exam-s-teachers = 試験の先生の確認
doing-look-up-your-token = あなたのトークンの確認
doing-make-a-token = トークンの作成
doing-make-an-owner-token = 持ち主のトークンの作成
doing-pair-the-round = ラウンドの組み合わせ
doing-reach-the-room = ルームへの接続
doing-read-a-named-check = 名前つき検証の読み込み
doing-read-a-stored-exercise = 保存された問題の読み込み
doing-read-the-exhibition = 多面指しの読み込み
doing-read-the-game = 対局の読み込み
doing-read-the-line = 列の読み込み
doing-read-the-line-from-the-table = 表からの列の読み込み
doing-read-the-match = 対局の読み込み
doing-read-the-room = ルームの読み込み
doing-read-the-room-s-exhibitions = ルームの多面指しの読み込み
doing-read-the-room-s-tournaments = ルームの大会の読み込み
doing-register-you = あなたの登録
doing-release-the-answers = 答えの公開
doing-remove-the-member = メンバーの削除
doing-rename-you = 名前の変更
doing-replay-the-stored-match = 保存された対局の再生
doing-review-the-game = 対局の振り返り
doing-run-a-named-check = 名前つき検証の実行
doing-search-a-table = 表の探索
doing-seat-you = 席への着席
doing-set-the-exercise = 問題の出題
doing-solve-a-staircase-table = 階段の表の計算
doing-solve-a-heap-table = 山のゲームの値の計算
doing-solve-a-table = 表の計算
doing-start-the-boards = 盤の開始
doing-start-the-round-s-matches = ラウンドの対局の開始
doing-store-the-answer = 答えの保存
doing-store-the-entrant = 参加者の保存
doing-store-the-exercises = 問題の保存
doing-store-the-exhibition = 多面指しの保存
doing-store-the-imported-game = 読み込んだ対局の保存
doing-store-the-member = メンバーの保存
doing-store-the-room = ルームの保存
doing-store-the-room-s-settings = ルームの設定の保存
doing-store-the-round = ラウンドの保存
doing-store-the-tournament = 大会の保存
doing-store-the-withdrawal = 棄権の保存
doing-store-your-move = 着手の保存

## Heap games: octal codes, subtraction sets, heaps.

rule-octal-digit = '{ $digit }'（{ $at } 文字目）は 8 進の数字ではありません。コードの数字は 0 から 7 です（例: 0.77、ケイレス）
rule-octal-before-point = 8 進コードは 0 で始めます（何も取らずに山を分けてよいなら 4）。{ $digit } は使えません
rule-octal-long = 8 進コードの小数点より後は最大 { $most } 桁です
rule-octal-no-move = このコードではどの手も指せません。0 でない数字を少なくとも 1 つ書いてください（例: 0.77）
rule-subtraction-empty = 減算ゲームには取れる個数が少なくとも 1 つ必要です（例: --set 1,3,4）
rule-subtraction-range = 1 手で取れるのは 1 から { $most } 個です（{ $taken } は使えません）
rule-heap-too-large = { $heap } 個の山は大きすぎます。最大 { $most } 個です
rule-subtraction-set = 「{ $set }」は取れる個数の集合ではありません。subtraction 1,3,4 のようにコンマで区切るか、subtraction 1,3 mod 4 のように余りと周期で書いてください
rule-subtraction-period = 周期的な減算集合の周期は 1 から { $most } までです（{ $period } は使えません）
rule-subtraction-residue = { $period } で割った余りは 0 から { $period } − 1 までです（{ $residue } は使えません）
rule-heap-rule = 「{ $rule }」は山のゲームの規則ではありません。subtraction 1,3,4、subtraction 1 mod 2、octal 0.77、kayles、dawsons-kayles、dawsons-chess、grundy のどれかを書いてください
rule-heap-count = { $heap } 個の山から { $take } 個取って { $left } 個残すことはできません
rule-heap-not-allowed = { $rule } に { $move } という手はありません
rule-heap-needs-rule = 山のゲームには規則が必要です。例: --rule kayles、--set 1,3,4（減算ゲーム）、--code 0.77（8 進ゲーム）
rule-no-rule = { $game } に規則の指定はありません。規則を指定できるのは山のゲームだけです（--rule kayles）
rule-heap-count-limit = 山のゲームの山の数は 1 から { $most } までです（{ $count } ではありません）
rule-heap-size = 山{ $heap }には { $tokens } 個あります。このゲームの山は { $most } 個までです
rule-no-heap = 山{ $number }はありません。山の番号は1から{ $count }までです
rule-heap-no-more-splits = 山の数が上限の { $most } に達しています。これ以上山を分けることはできません
rule-heap-move-unread = `{ $move }` は手ではありません。山:取る数（例: 2:3）、残りを分けるなら 山:取る数=残り+残り（例: 2:1=2+4）、取らずに分けるなら 山=残り+残り、または手のあとの山（例: 3,1,5）と書いてください
rule-heap-one-heap = 1 手で変わる山は 1 つだけです（または 1 つの山を隣り合う 2 つに分けます）。{ $from } → { $to } はそうなっていません
rule-misere-heaps-budget = { $position } のミゼールの値を求めるには、1回の質問で許される計算（{ $budget } 局面）より多くの計算が必要です
