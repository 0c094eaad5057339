# grundy's messages in English. Every client renders its sentences from this catalog (and
# from ja.ftl, which has the same messages): the page in the browser and the terminal
# client. Notation (positions and moves) is never translated.

## The page's frame: the header, the connection, signing in

nav-lobby = Lobby
nav-analyse = Analyse
nav-rooms = Rooms
rename = Change name
logout = Log out
    .title = Forget me on this computer: for a shared PC
# The switch to the other language, named in that language.
language-switch = 日本語
    .title = 日本語で表示する
status-loading = loading…
status-connecting = connecting…
status-online = online
status-reconnecting = connection lost: reconnecting…
status-refused = refused by the server
status-idle = paused while unused: tap or press a key to go on
welcome-title = Welcome to grundy
welcome-name = Your name, as others will see it
welcome-code = The access code (your teacher has it)
welcome-enter = Enter
access-code-wrong = That access code is not this server's: ask your teacher for the right one.
access-code-asked = This server asks for an access code: your teacher has it.
rename-asked = A new name: you will be a new player.

## The games and their parameters

game-queen = queen
game-rook = rook
game-horse = horse
game-dragon = dragon
game-nim = nim
game-chocolate = chocolate
game-lgame = lgame
game-sum = sum
# A game played misère: the last mover loses.
game-misere = misère { $game }
game-board = { $game } { $size }×{ $size }
game-step = { $game } k={ $k }
level-easy = easy
level-medium = medium
level-perfect = perfect
field-game = Game
field-size = Board side
field-k = Staircase step k
field-misere = Misère (the last mover loses)

## The lobby

lobby-new-match = ＋ New match
lobby-lists = matches
lobby-mine = Your matches
lobby-open = Waiting for an opponent
lobby-playing = Under way
lobby-none = { $list }: none
lobby-match = match { $id }
lobby-ply = ply { $ply }
lobby-clock = clock { $clock }
lobby-no-clock = no clock
lobby-players = { $first } vs { $second }
lobby-go-back = Go back
lobby-join = Join
lobby-watch = Watch
new-match-title = A new match
field-start = Start
start-standard = standard
start-random = random
start-position = this position:
field-position = Position
position-example = as in NOTATION.md, e.g. 5,3
position-example-sum = e.g. queen(11):5,3 + nim:3,4,5
field-against = Against
against-human = a person
against-engine = the engine ({ $level })
field-first = Who moves first
first-me = I do
first-them = they do
first-random = at random
field-my-seat = Who plays my seat
my-seat-me = I do
my-seat-engine = the engine ({ $level }), for me to watch
field-clock = Clock (minutes+seconds a move)
clock-example = none, or 5+3
create-match = Create

## A match

match-title = Match { $id }
match-title-game = Match { $id }: { $game }
match-document = grundy · match { $id }
seat-free = (free)
seat-you = { $name } (you)
seat-number = seat { $seat }
seat-away = away
notice-waits = { $name } waits for an opponent: play this match?
notice-waiting = Waiting for an opponent: share this page's address.
notice-your-move = Your move.
notice-to-move = { $name } to move.
hint-win = Hint: you can win; W marks a winning move.
hint-loss = Hint: every move loses against best play; W marks a winning move.
hint-draw = Hint: best play draws; W marks a winning move.
# Why a match ended. $you is "yes" when the one it names ($who) is the reader.
reason-corner_reached = the piece reached the corner
reason-last_stone = the last stone is taken
reason-poison_left = only the poisoned square is left
reason-l_blocked = { $you ->
        [yes] you cannot move your L
       *[no] { $who } cannot move their L
    }
reason-no_move_left = no component has a move left
reason-resignation = { $you ->
        [yes] you resigned
       *[no] { $who } resigned
    }
reason-repetition = the same position came three times
reason-agreed_draw = a draw was agreed
reason-flag_fall = { $you ->
        [yes] you ran out of time
       *[no] { $who } ran out of time
    }
reason-abandonment = { $you ->
        [yes] you left and did not come back
       *[no] { $who } left and did not come back
    }
reason-aborted = the match was aborted
reason-misere = { $why }, and in misère play the last mover loses
verdict-draw = Over, no winner: { $why }.
verdict-you-win = You win: { $why }.
verdict-wins = { $name } wins: { $why }.
hint = Hint
resign = Resign
resign-confirm = Resign: press again to confirm
draw-accept = Accept the draw
draw-decline = Decline
draw-offer = Offer a draw
play-this-match = Play this match
abort = Abort
rematch-link = The rematch: match { $id }
rematch-asked = Rematch asked: waiting for them
rematch-accept = { $name } asks for a rematch: accept
rematch = Rematch
review-every-move = Review every move
to-lobby = Lobby
move-label = Move
move-field = your move, in notation
play = Play
position-line = position { $position }
moves-heading = Moves
moves-list = moves
moves-item = { $name }: { $move }

## Boards: what a screen reader says of each square, and the help beside a board

board-label = { $n }×{ $n } board
board-window-label = { $n }×{ $n } board, squares { $x0 }–{ $x1 } across and { $y0 }–{ $y1 } up
board-window = A { $n }×{ $n } board: the { $game } is on { $square }. Shown: { $x0 }–{ $x1 } across, { $y0 }–{ $y1 } up.
board-piece = the { $game } on { $square }
board-corner = the corner 0,0
pan-left = show the squares to the left
pan-down = show the squares below
pan-up = show the squares above
pan-right = show the squares to the right
pan-back = Back to the { $game }
cell-move = { $what }: move here
cell-value = { $what }: this move { $value }
# What a move does, as a mark says it (W3: the mover wins in 3 more plies).
mark-wins = wins, in { $plies ->
        [one] 1 more ply
       *[other] { $plies } more plies
    }
mark-loses = loses, in { $plies ->
        [one] 1 more ply
       *[other] { $plies } more plies
    }
mark-draws = draws
nim-piles = { $count ->
        [one] 1 pile
       *[other] { $count } piles
    }
nim-pile = pile { $pile }
nim-stone = pile { $pile }, stone { $stone }: take { $take }
nim-stones = { $count } stones
choc-bar = the bar { $position }
choc-poison = the poisoned square
choc-strip = strip square { $n }: keep { $keep }
choc-column = column { $n }: keep { $keep } columns
choc-row = row { $n }: keep { $keep } rows
sum-label = a sum of { $count } games
sum-grundy = Grundy { $n }
sum-outcome-win = win
sum-outcome-loss = loss
sum-outcome-draw = draw
nim-sum-zero = nim-sum { $terms } = { $x }: lost for the player to move
nim-sum-nonzero = nim-sum { $terms } = { $x }: not 0, won for the player to move
lgame-board = the L-game board
lgame-square = { $square }: { $what }
lgame-square-action = { $square }: { $what }: { $action }
lgame-R = red L
lgame-B = blue L
lgame-N = neutral piece
lgame-empty = empty
lgame-take-back = take back
lgame-part = part of your L
lgame-move-neutral = move this neutral piece
lgame-neutral-here = move the neutral piece here
lgame-red-to-move = red (R) to move
lgame-blue-to-move = blue (B) to move
lgame-point-l = { $whose }: point at the four squares of your L's new place ({ $chosen } of 4)
lgame-point-neutral = Now point at a neutral piece to move it, or play the L alone.
lgame-point-to = Point at the neutral piece's new square.
lgame-alone = Play the L, no neutral move
lgame-again = Start again

## The analysis of a position

analysis-title = Analysis: { $game }
analysis-document = grundy · { $game } { $position }
analysis-win = A win for the player to move
analysis-win-in = A win for the player to move, in { $plies } plies with best play
analysis-loss = A loss for the player to move
analysis-loss-in = A loss for the player to move, in { $plies } plies with best play
analysis-draw = A draw with best play
analysis-grundy = Grundy number { $n }
analysis-moves = { $count ->
        [one] 1 legal move
       *[other] { $count } legal moves
    }
analysis-unknown = plies to the end unknown: { $why }
# The parts of the verdict, one after the other, and the verdict as a sentence.
analysis-join = { $first }; { $next }
analysis-sentence = { $parts }.
method-sprague-grundy = sprague-grundy
method-search = search
sum-why = Why: { $method }: the sum is worth the XOR of its components' Grundy numbers
sum-why-remoteness = Why: { $method }: the sum is worth the XOR of its components' Grundy numbers; remoteness by { $remoteness }
sum-head-component = component
sum-head-grundy = Grundy
sum-head-binary = binary
sum-nim-sum = nim-sum (XOR)
sum-winning = component { $component }: { $from } → { $from } ⊕ { $x } = { $to } ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    })
sum-zero = The nim-sum is 0: every move makes it non-zero, so the player to move loses.
sum-where = where a move wins
moves-none = No move: the game is over here.
moves-caption = Moves, best first
moves-caption-some = Moves, best first (the { $listed } listed of { $count })
moves-head-move = move
moves-head-value = for the mover
moves-head-grundy = Grundy after
moves-head-position = position after
analyse-another = Another position
analyse-position = Position, as in NOTATION.md
analyse-submit = Analyse
