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
game-nim = ニム
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
lobby-ply = { $ply } 手
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
notice-waits = { $name } さんが相手を待っています。この対局に参加しますか？
notice-waiting = 相手を待っています。このページのアドレスを相手に伝えてください。
notice-your-move = あなたの番です。
notice-to-move = { $name } の番です。
hint-win = ヒント: この局面は勝てます（先手必勝）。W が勝ちにつながる手です。
hint-loss = ヒント: 相手が最善を尽くすと、どの手でも負けます（後手必勝）。W が勝ちにつながる手です。
hint-draw = ヒント: 互いに最善を尽くすと引き分けです。W が勝ちにつながる手です。
# 対局が終わった理由。$you は、名前の挙がった人（$who）が読んでいる本人のとき "yes"。
reason-corner_reached = コマが角に着きました
reason-last_stone = 最後の石が取られました
reason-poison_left = 毒のマスだけが残りました
reason-l_blocked = { $you ->
        [yes] あなたは Lコマを動かせません
       *[no] { $who } は Lコマを動かせません
    }
reason-no_move_left = どのゲームにも動かせる手が残っていません
reason-resignation = { $you ->
        [yes] あなたが投了しました
       *[no] { $who } が投了しました
    }
reason-repetition = 同じ局面が3回現れました（千日手）
reason-agreed_draw = 引き分けに合意しました
reason-flag_fall = { $you ->
        [yes] あなたの持ち時間が切れました
       *[no] { $who } の持ち時間が切れました
    }
reason-abandonment = { $you ->
        [yes] あなたが退出して戻りませんでした
       *[no] { $who } が退出して戻りませんでした
    }
reason-aborted = 対局は中止されました
reason-misere = { $why }。ミゼールでは最後に動かした人が負けです
verdict-draw = 終局、勝者なし: { $why }。
verdict-you-win = あなたの勝ち: { $why }。
verdict-wins = { $name } の勝ち: { $why }。
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
rematch-accept = { $name } が再戦を申し込んでいます: 受ける
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

board-label = { $n }×{ $n } の盤
board-window-label = { $n }×{ $n } の盤（横 { $x0 }–{ $x1 }、縦 { $y0 }–{ $y1 } を表示）
board-window = { $n }×{ $n } の盤: { $game }は { $square } にあります。表示中: 横 { $x0 }–{ $x1 }、縦 { $y0 }–{ $y1 }。
board-piece = { $square } の{ $game }
board-corner = 角 0,0
pan-left = 左のマスを表示
pan-down = 下のマスを表示
pan-up = 上のマスを表示
pan-right = 右のマスを表示
pan-back = { $game }のところに戻る
cell-move = { $what }: ここへ動かす
cell-value = { $what }: この手は{ $value }
# 印が表す手の結果（W3: 動かした人があと3手で勝つ）。
mark-wins = あと { $plies } 手で勝ち
mark-loses = あと { $plies } 手で負け
mark-draws = 引き分け
nim-piles = { $count } つの山
nim-pile = 山 { $pile }
nim-stone = 山 { $pile } の石 { $stone }: { $take } 個取る
nim-stones = 石 { $count } 個
choc-bar = チョコレート { $position }
choc-poison = 毒のマス
choc-strip = 左の帯のマス { $n }: { $keep } マス残す
choc-column = 列 { $n }: { $keep } 列残す
choc-row = 行 { $n }: { $keep } 行残す
sum-label = { $count } つのゲームの和
sum-grundy = Grundy 数 { $n }
sum-outcome-win = 勝ち
sum-outcome-loss = 負け
sum-outcome-draw = 引き分け
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
analysis-win-in = 手番の人の勝ち（先手必勝）。互いに最善を尽くすと { $plies } 手で終わる
analysis-loss = 手番の人の負け（後手必勝）
analysis-loss-in = 手番の人の負け（後手必勝）。互いに最善を尽くすと { $plies } 手で終わる
analysis-draw = 互いに最善を尽くすと引き分け
analysis-grundy = Grundy 数 { $n }
analysis-moves = 合法手 { $count } 個
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
sum-winning = 成分 { $component }: { $from } → { $from } ⊕ { $x } = { $to }（勝てる手 { $moves } 通り）
sum-zero = ニム和が 0 です。どう動かしても 0 でなくなるので、手番の人の負けです。
sum-where = 勝てる手のある成分
moves-none = 動かせる手はありません: ここで終局です。
moves-caption = 手（よい順）
moves-caption-some = 手（よい順。{ $count } 個のうち { $listed } 個）
moves-head-move = 手
moves-head-value = 動かした人にとって
moves-head-grundy = 動かした後の Grundy 数
moves-head-position = 動かした後の局面
analyse-another = ほかの局面
analyse-position = 局面（書き方は NOTATION.md）
analyse-submit = 解析する
