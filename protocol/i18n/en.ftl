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
# Each language named in itself.
language-en = English
language-ja = 日本語
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
game-corner = corner
game-piece = piece { $piece }
game-nim = nim
game-heap = heap game
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
field-piece = Piece (Betza’s letters: RN, NN, R3)
field-rule = Rule (kayles, grundy, subtraction 1,3,4, octal 0.77)
field-edge = Edge f(z), a formula in z (z * z; empty: the step k)
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
heap-move = heap { $heap }: { $move }
heap-pile = heap { $pile }
choc-bar = the bar { $position }
choc-poison = the poisoned square
choc-strip = strip square { $n }: keep { $keep }
choc-column = column { $n }: keep { $keep } columns
choc-row = row { $n }: keep { $keep } rows
sum-label = a sum of { $count } games
sum-grundy = Grundy { $n }
outcome-win = win
outcome-loss = loss
outcome-draw = draw
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

## The Grundy table beside an analysis

table-title = The Grundy table
guess-title = Find a formula
guess-explain = The shortest formula, over the coordinates, equal to this table: found from the table alone, by trying every small formula and putting larger ones together.
guess-p-positions = only where the P-positions are
guess-button = Find a formula
guess-running = searching…
guess-found = size { $size }: equals the { $aim } on all { $cells } cells below { $upto }
guess-none = no formula found for the { $aim } below { $upto }
guess-fails-further = on the stored table it holds below { $below }, and fails first at { $cell } (Grundy number { $grundy })
guess-statement = To check it:
table-size = { $across } and y from 0 to
table-cells = cells per side
table-point = Point at a cell to see its values.
table-cell = { $across }={ $r }, y={ $c }: Grundy { $g }
table-cell-plies = { $across }={ $r }, y={ $c }: Grundy { $g }, { $plies } plies to the end
table-legend-p = P-position (Grundy 0: the player to move loses)
table-legend-low = low
table-legend-high = high Grundy number
table-picture = Grundy numbers for { $across } and y from 0 to { $last }
table-beyond-words = From 0 to { $last } or less, the numbers are also given as a table.
table-in-words = The Grundy numbers as a table

## The review of a saved game

review-title = Game { $id }
review-title-game = Game { $id }: { $game }
review-document = grundy · review of game { $id }
review-draw = a draw
review-wins = { $who } wins
review-wins-in = { $who } wins in { $plies }
review-loses = { $who } loses
review-loses-in = { $who } loses in { $plies }
review-played = { $ply }. { $who } played { $move }:
review-before-after = Before: { $before }. After: { $after }.
review-better = Better: { $moves }.
review-better-move = { $move } ({ $value })
# A list of things, two at a time: "a, b".
list-join = { $first }, { $next }
annotation-best = best
annotation-inaccuracy = inaccuracy
annotation-mistake = mistake
annotation-blunder = blunder
review-result-draw = no winner: { $why }
review-result-won = { $who } won: { $why }
review-not-over = not over
review-summary = { $first } vs { $second }; { $result }.
review-first-plies = In the first { $shown } plies of { $total }:
review-counts = { $best } best, { $inaccuracy ->
        [one] 1 inaccuracy
       *[other] { $inaccuracy } inaccuracies
    }, { $mistake ->
        [one] 1 mistake
       *[other] { $mistake } mistakes
    }, { $blunder ->
        [one] 1 blunder
       *[other] { $blunder } blunders
    }.
review-loading = loading…
review-load-more = load plies { $from }–{ $to } of { $total }
review-step = ply { $ply } of { $total } · position { $position } ·
review-analyse = analyse it
review-start = « start
    .aria-label = the start
review-back = ‹ back
    .aria-label = one ply back
review-forward = forward ›
    .aria-label = one ply forward
review-end = end »
    .aria-label = the end
review-at-start = The start. → steps forward.
chart-up = { $who } wins ▲
chart-down = { $who } wins ▼
chart-draw = draw
chart-point = ply { $ply }: { $say }
chart-label = who wins after each ply, and in how many plies
chart-caption = Who wins with best play after each ply (and in how many plies, by the height). A mark that crosses the axis is a blunder.
chart-as-table = The chart as a table
chart-after = after ply
chart-best-play = with best play

## Rooms: joining, opening, taking over

rooms-document = grundy · rooms
room-back = Back to room { $code }
room-join-title = Join a room
room-code-field = The room's code (on the teacher's screen)
room-join = Join
room-takeover-title = Take over a room (teachers)
room-takeover-help = From another device: the room's code and its teacher's key (on the room's page, under “The teacher's key”).
room-takeover-code = The room's code
room-takeover-key = The teacher's key
room-takeover = Take over
room-open-title = Open a room (teachers)
room-name-field = The room's name
room-open = Open
room-document = grundy · room { $code }
room-document-boards = grundy · room { $code }: every board
room-join-ask = Join room { $code }?
room-join-teacher = You will be one of its teachers.
room-join-student = You will be one of its students: your teacher sees your answers and your games.
room-member-name = Your name in the room
room-another-code = Another code
room-joining = joining…
room-title = Room { $code } · { $name }
room-join-at = Join at { $host }/room with the code
room-role-teacher = teacher · { $hints }
room-role-student = student · { $hints }
room-hints-on = hints on
room-hints-off = hints off
room-boards-link = Every board, for the projector ↗
room-sound = A sound when my game starts
room-leave = Leave this room
room-value = { $outcome } for { $who }
room-value-in = { $outcome } for { $who } in { $plies }
room-your-game = Play your game: round { $round } against { $other }
room-your-board = Play your board against { $host }
tournament-caption = Tournament { $id } · { $format } · { $game } · round { $round } of { $rounds }
tournament-caption-over = Tournament { $id } · { $format } · { $game } · round { $round } of { $rounds } · over
format-swiss = Swiss
format-round_robin = round robin
standings-rank = rank
standings-player = player
standings-points = points
standings-buchholz = Buchholz
standings-sb = S-B
room-under-way = Under way:

## A student's exercises

exercise-progress = Exercise { $number } of { $count }
exercise-score = { $right } of { $told } right so far
exercise-title = { $game } · { $position }
exercise-until = Answer by { $time }
exercises-done = All answered: wait for the next exercise.
exercises-done-score = All answered: wait for the next exercise. { $right } of { $told } right so far.
exercises-none-yet = Wait for your teacher's first exercise.
grade-kept = ✎ kept
grade-right = ✓ right
grade-wrong = ✗ wrong
grade-line = { $mark } (exercise { $number }: { $answer })
answer-or-type = Or type it
answer-field = Your answer
answer = Answer
answer-none = There is none
answer-win = A win for the player to move
answer-loss = A loss for the player to move
answer-draw = A draw for the player to move
answer-picked = is chosen: point again to take it back
answer-point-first = Point at the board first
answer-move = Answer { $move }
answer-moves = Answer with the { $count } chosen
answer-point-it = { $prompt } Point at it on the board.
answer-point-each = { $prompt } Point at each on the board.
pad = a number pad
pad-erase = erase a digit

## A student taken to their games in a room

lesson-round = Round { $round } of { $rounds } against { $other }
lesson-board = Your board against { $host }
lesson-here = { $what }: your game is here.
lesson-over = Game over: back to room { $code } in { $seconds } s.
lesson-back-now = Back now
lesson-stay = Stay on this game
lesson-close = close

## The teacher's console

members-here = { $here } of { $count } students here:
member-away = { $name } (away)
exercises-caption = Exercises
exercises-head-position = position
exercises-head-question = question
exercises-head-solution = solution
exercises-head-answers = answers
exercises-head-given = given
exercise-tally = { $answered }/{ $students } answered, { $correct } right
download-results = Download the results (CSV)
download-bom = For Excel (UTF-8 with a byte-order mark)
question-outcome = win, loss or draw
question-grundy = the Grundy number
question-winning_move = a winning move
question-winning_moves = every winning move
question-remoteness = moves to the end
set-exercises = Set exercises
exercise-position = Position (random: drawn for each)
exercise-question = Question
exercise-difficulty = Difficulty of a random position: moves to the end
exercise-from = from
exercise-below = below
difficulty-any = any
exercise-count = How many (each random position drawn afresh)
exercise-deadline = Deadline in minutes (none when empty)
deadline-none = none
set-them = Set them
switches = The room's switches
switch-hints = Hints: students may ask for values
switch-exam = Exam: answers kept until released, and no values anywhere on the server
switch-language = Language of the projector and the results (CSV)
language-reader = each reader's own (CSV in English)
switch-engine = Strongest engine students may play
engine-any = any
engine-none = none: only each other
release-answers = Release the answers (grades and solutions)
tournament-title = Tournament { $id }: round { $round } of { $rounds }
next-round = End the round (adjudicate) and pair the next
withdraw-field = Withdraw a player
withdraw = Withdraw
tournament-form = A tournament between the students here
field-format = Format
format-swiss-choice = Swiss
format-round-robin-choice = round robin (everyone plays everyone)
field-rounds = Rounds
tournament-start = Start (random: one position a round, the same on every board)
tournament-clock = Clock (minutes+seconds a move; none when empty)
tournament-go = Start
simul-title = An exhibition: one board against each student
simul-host = Who plays every board
simul-host-me = I do
simul-start = Start (random: one position for every board)
simul-students-first = The students move first
simul-go = Start the exhibition
key-summary = The teacher's key: take this room over on another device
key-help = Scan this on your phone or open the link on another computer: that device becomes this room's teacher too. Keep it private: whoever has it can run the room.
key-typed = Or, on the other device, type the room's code and this key under Rooms → Take over a room:
key-qr = a QR code of the take-over link
board-waiting = waiting
board-to-move = { $name } to move
board-ply = ply { $ply } · { $turn }
values-off = Values off
values-on = Exact values on
boards-label = Every board under way
boards-count = { $count ->
        [one] 1 board under way
       *[other] { $count } boards under way
    }
boards-none = No game is under way.
students-caption = Students
students-head = student
students-score = score
not-answered = not answered

## The connection's own errors

net-unreachable = cannot reach the server
net-offline = not connected to the server: trying again…
net-lost = the connection to the server was lost

## Players

# The engine in a seat, at its level.
engine-name = engine ({ $level })

## Exercises: the questions, and why an answer is right or wrong (said by the server)

prompt-outcome = is this a win, a loss or a draw for the player to move?
prompt-grundy = what is its Grundy number?
prompt-winning_move = find a winning move (or answer none)
prompt-winning_moves = find every winning move (separate them with ;, or answer none)
prompt-remoteness = how many moves to the end with best play?
move-to = { $move } (to { $position })
grade-over-misere = { $position } is over: the player to move has no move, and in misère play that wins
grade-over = { $position } is over: the player to move has no move and loses
grade-p-position = { $position } is a P-position: lost for the player to move, since every move leaves a position the opponent wins: { $reply }
grade-n-position = { $position } is an N-position: won for the player to move, by { $move }, which leaves the opponent a P-position
grade-n-position-one-of = { $position } is an N-position: won for the player to move, by { $move }, which leaves the opponent a P-position (one of { $count } winning moves)
grade-draw = { $position } is a draw: no move wins, and { $move } keeps the draw, which neither side can force into a win
grade-leaves-draw = { $move } leaves a draw
grade-not-winning = { $move } does not win: { $reply }
grade-answered = after { $move } your opponent answers { $reply }
grade-leaves-won = { $move } leaves a position won for your opponent
grade-grundy-no-move = { $position } has no move, so its Grundy number is 0, the least number no move reaches
grade-grundy-right = its moves reach Grundy numbers { $set }, and { $grundy } is the least number not among them
grade-grundy-reached = the Grundy number of { $position } is { $grundy }, not { $said }: { $move } reaches Grundy number { $said }, and the Grundy number is the least number no move reaches (its moves reach { $set })
grade-grundy-wrong = the Grundy number of { $position } is { $grundy }, not { $said }: it is the least number no move reaches, and its moves reach { $set }
grade-remoteness-right = with best play { $position } ends in { $moves } moves, the winner hurrying and the loser delaying
grade-remoteness-right-line = with best play { $position } ends in { $moves } moves, the winner hurrying and the loser delaying: { $line }
grade-remoteness-wrong = with best play { $position } ends in { $moves } moves, not { $said }: the winner hurries and the loser delays
grade-remoteness-wrong-line = with best play { $position } ends in { $moves } moves, not { $said }: the winner hurries and the loser delays: { $line }
grade-wins = { $move } wins: it leaves your opponent a P-position
grade-wins-one-of = { $move } wins: it leaves your opponent a P-position (one of { $count } winning moves)
grade-no-win-none = { $wrong } — no move wins from { $position }, a P-position: the answer is none
grade-other-wins = { $wrong } — { $move } wins
grade-other-wins-one-of = { $wrong } — { $move } wins (one of { $count } winning moves)
grade-none-right = no move wins from { $position }: { $why }
grade-all-none = no move wins from { $position }, a P-position
grade-all-one = the only winning move from { $position } is { $move }
grade-all-many = the winning moves from { $position } are { $moves }
grade-missed = { $first } — you missed { $missed }
grade-and = { $first } — { $next }
grade-withheld = your answer is kept; you will see whether it is right when your teacher releases the answers, or once the deadline has passed

## Refusals: why the server refused a request (each error's `details.kind`, its fields as
## arguments)

error-no_such_room = no room has the code { $room }; check the code on the teacher's screen
error-not_a_code = "{ $typed }" is not a room code: a code is { $length } letters and digits such as K7Q2 (no 0, O, 1 or I); check the code on the teacher's screen
error-not_owner_token = this is not the owner token of room { $room }; join without it as a student
error-not_teacher = only a teacher of room { $room } may do this; a teacher joins with the room's owner token
error-not_member = you are not in room { $room }; join it first: {"{"}"type":"join_room","code":"{ $room }"{"}"}
error-not_joined_here = join room { $room } on this connection first: {"{"}"type":"join_room","code":"{ $room }"{"}"}
error-empty_room_name = room name must not be empty; name the class, such as "3B maths"
error-long_room_name = room name is too long: at most { $most } characters
error-control_in_room_name = room name must not contain control characters
error-bad_engine_level = engine "{ $level }": allow easy, medium, perfect, or none
error-unknown_language = language "{ $language }": a room speaks one of { $known }, or each reader's own (reader)
error-exercise_count = { $count } exercises: set between 1 and { $most } at a time
error-deadline_too_far = the deadline is too far away
error-teachers_do_not_answer = teachers set exercises and students answer them; join the room with another name to try one
error-no_such_exercise = room { $room } has no exercise { $exercise }
error-deadline_passed = the deadline of exercise { $exercise } has passed; answers are no longer taken
error-already_answered = you have answered exercise { $exercise } already; the first answer is final
error-too_few_students = a tournament needs at least two students here; { $here } of room { $room } are
error-round_count = { $rounds } rounds: a tournament has 1 to { $most }
error-students_only = only the students of room { $room } play its tournaments
error-round_robin_fixed = a round robin's pairings are fixed when it starts; ask your teacher for the next one
error-not_entrant = player { $player } does not play in tournament { $tournament }
error-no_such_tournament = room { $room } has no tournament { $tournament }
error-tournament_over = tournament { $tournament } is over
error-nobody_here = no student of room { $room } is here to play
error-not_your_seat = you have no seat in match { $match_id }; spectators can watch but not play
error-not_your_turn = it is not your turn: seat { $to_move } is to move in match { $match_id }
error-not_the_engines_turn = not the engine's turn in match { $match_id }
error-already_seated = you already sit in match { $match_id }; wait for an opponent to join
error-too_late_to_abort = match { $match_id } can only be aborted before the first move; resign instead
error-paired_no_abort = match { $match_id } is a game of a tournament or an exhibition: it cannot be aborted; play it, or resign if you must stop (your opponent then wins)
error-no_draws = { $game } cannot be drawn: every game of it ends with a winner
error-no_offer_to_accept = there is no draw offer to accept; offer one with offer_draw
error-no_offer_to_decline = there is no draw offer to decline
error-rematch_exists = the rematch is already match { $rematch }; join it with watch
error-closed = match { $match_id } is closed; look it up with `watch`
error-empty_name = name must not be empty; pick the name others will see
error-long_name = name is too long: at most { $most } characters
error-engine_name = name "{ $name }" is how the engine is shown; pick a name of your own
error-internal = the server could not { $context }; nothing was changed, please try again
error-hello_first = say hello first: {"{"}"type":"hello","id":1,"protocol":1,"name":"..."{"}"}
error-already_welcomed = this connection already said hello
error-guessing = too many wrong codes from your address: try again in { $retry_after_s } s (check the code on the teacher's screen)
error-needs_access_code = this server needs an access code: ask the host, then pass it (grundy --access-code CODE)
error-wrong_access_code = wrong access code: ask the host for the right one
error-unknown_token = this token is not known here; say hello without a token to start afresh
error-research_waiting = you have { $most } research requests under way already: wait for one to finish (other players' requests take turns with yours)
error-no_live_match = no match { $match_id } is open for play; `lobby` lists open matches and `watch` shows finished ones
error-no_match = there is no match { $match_id }
error-binary_frame = binary frames are not understood; send JSON text frames
error-bad_frame = { $reason }
error-too_fast = too many messages: at most { $rate } a second; this one was not processed, send it again
error-unreadable = { $reason }
# Research questions refused.
error-asked-what = { $what ->
    [check] a formula's check
    [named_check] a named check
    [periodicity] periodicity
   *[sequence] a sequence
  }
error-misere_has_no_grundy = misère play has no Grundy numbers for { error-asked-what }; ask without misere
error-no_stored_table = no stored { $table } table on this server
error-not_a_table = { error-asked-what } is about a 2-D table: a corner game or chocolate
error-staircase_too_tall = staircases are solved on demand up to z = { $most_z }; ask with upto at most { $most_upto }
error-heaps_too_large = a heap game's table is read for heaps below { $most }: ask rows and columns below it (--rows, --cols)
error-beyond_table = the table reaches { $bound }; ask with upto at most { $bound }, or start the server with larger tables (grundyd --board N, --bar N)
error-line_beyond = { $line } lies beyond the table, which reaches { $bound }; ask for a line below { $bound }, or with an upto beyond the line to have the table solved that far
error-negative_line = there is no { $line }: rows and columns are numbered from 0
error-negative_diagonal = chocolate's diagonals are the cells y, k·y + D with D ≥ 0, the D-th cell of each row of the staircase; { $line } would leave it: ask for D ≥ 0
error-empty_line = { $line } has no cell below the bound { $upto }; ask with a larger upto (the stored table reaches { $bound })
error-long_sequence = { $line } below { $upto } has { $values } values, and one answer holds at most { $most }; ask with a smaller upto
error-many_p_positions = there are more than { $most } P-positions below { $upto }, and one answer holds at most { $most }; ask with a smaller upto
error-no_layer = layer is Nim's third heap or a misère chocolate bar's strip x; other tables have none
error-backward_range = a range's from must not exceed its to
error-many_cells = { $cells } cells asked for; at most { $most } per request: ask for the table in pieces
error-many_searched_cells = { $cells } cells asked for; a misère table of this game searches every cell, at most { $most } per request: ask for it in pieces
error-sum_has_no_table = a sum has no table; query its positions with `query`, or ask for the table of one of its games
error-line_count = { $line }s { $from }..{ $to }: ask for 1 to { $most } lines
error-finite_columns = chocolate's columns are finite — column z holds y = 0 to f(z) only (here { $edge }) — so they have no periodicity to find; ask for rows (line row: y fixed, z growing from where f reaches y) or, for a step k, diagonals (line diagonal: the cells y, k·y + D)
error-unreadable_formula = the formula cannot be read: at byte { $at }: { $reason }
error-formula_fails = the formula fails { $fault }
error-check_too_long = the check was stopped after { $limit_s } s, the most a check may run on this server (grundyd --check-time-limit-s): ask with a smaller upto, or a simpler formula
error-check_abandoned = the check was abandoned: nobody waits for it
error-guess_bound = { $what } = { $asked } is out of range: a guess takes { $what } from { $least } to { $most }
error-no_named_check = no named check "{ $name }"; the named checks are { $known }
error-no_table_for_check = this server has no stored table for { $check }
error-result_needs_player = a result of win or loss is from a player's side: give the player too
error-unknown_result = unknown result "{ $result }"; use win, loss or draw
error-no_such_game = there is no match { $match_id }; `games` lists the saved ones
error-page_beyond = game { $match_id } has { $plies } plies: `from` can be 0 to { $plies }
error-large_export = game { $match_id } takes { $kib } KiB as a record, more than the { $most_kib } KiB an export holds; `grundy review { $match_id }` shows it page by page
error-unfinished = only finished games can be imported: this one's result is *
error-imported = this game is stored already, as game { $match_id }: `grundy review { $match_id }` shows it

# A game's rules refused a parameter, a position or a move: the reason says which rule.
error-params = { $reason }
error-position = { $reason }
error-notation = { $reason }
error-illegal = { $reason }
error-too_large = { $reason }
error-in_exercise = exercise { $number }: { $error }
error-unsupported_version = protocol version { $version } is not supported; this server speaks [{ $supported }]: update your client
error-name_taken = someone in room { $room } already goes by { $same ->
        [true] { $taken }
       *[false] "{ $taken }", which reads the same as "{ $name }"
    }; join with another name
error-cannot_leave = you cannot leave room { $room }: { $why ->
        [teacher] a teacher stays with the room
        [answered] you have answered its exercises, and your teacher keeps your answers
       *[played] you have played in its tournaments or exhibitions
    }; to leave this computer, log out instead
error-engine_not_allowed = room { $room } allows { $limit ->
        [none] the engine not at all: play a classmate
       *[other] the engine up to { $limit }
    }
error-not_active = match { $match_id } { $status ->
        [waiting] has not started: it is waiting for an opponent
        [playing] is under way
        [aborted] was aborted
       *[finished] is over ({ $result_reason })
    }
error-engine_declines_draw = the engine declines: { $view ->
        [wins] the position is a win for it
        [loses] with best play the position is a win for you, not a draw
       *[other] its tables do not say the position is a draw
    }
error-name_character = name: character { $position } is { $character_name }, { $why ->
        [control] a control character, which a terminal obeys instead of showing
        [direction] a direction control, which reorders the text around it
        [invisible] invisible, so two different names would look the same
        [line_break] a line break
        [private_use] a private-use character, which has no agreed look
       *[unassigned] not a character Unicode has assigned
    }; type the name again without it
error-exam_under_way = an exam is under way on this server: { $what ->
        [engine] playing the engine
        [rematch] a rematch
        [simul] an exhibition against the engine
       *[analysis] analysis
    } is for its teachers only until it ends
error-hints_withheld = your teacher has turned hints off in room { $room } while you have { $why ->
        [exercise] an exercise to answer; answer it first
       *[game] a game to play; the values come back when it is over
    }

## The terminal client

# A refusal of the server's, as the terminal prints it.
cli-error = error ({ $code }): { $message }
cli-query-title = { $game }, position { $position }
cli-query-match = match { $id } after { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    } ({ $game }): position { $position }
cli-field-outcome = outcome
cli-field-grundy = grundy
cli-field-remoteness = remoteness
cli-field-source = source
cli-field-method = method
cli-for-the-mover = { $outcome } (for the player to move)
cli-sum-method = { $method } (the sum is worth the XOR of its components' Grundy numbers)
cli-sum-method-remoteness = { $method } (the sum is worth the XOR of its components' Grundy numbers); remoteness by { $remoteness }
cli-sum-zero = the nim-sum is 0: every move makes it non-zero, so the player to move loses
cli-sum-winning = component { $component }: { $from } → { $from } ⊕ { $x } = { $to }, which makes the nim-sum 0 ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    })
cli-sum-unknown = component { $component }: { $from } → { $from } ⊕ { $x } = { $to }: not known whether a move reaches it (beyond the solved tables), none of its moves listed
cli-no-moves = no legal moves: the game is over
cli-moves-none-wins = { $count } legal moves, more than the { $most } listed at most: none of them wins
cli-moves-ask-best = { $count } legal moves, more than the { $most } listed at most: --best N lists the best N
cli-moves-best-first = { $count ->
        [one] 1 move
       *[other] { $count } moves
    }, best first (values for the opponent):
cli-moves-winning-first = { $count ->
        [one] 1 move
       *[other] { $count } moves
    }, the winning ones listed, best first (values for the opponent):
cli-column-move = move
cli-column-position = position
cli-column-outcome = outcome
cli-column-grundy = grundy
cli-column-remoteness = remoteness
cli-more = … and { $more } more
cli-more-without-best = … and { $more } more (all are listed without --best)
source-table = table
source-formula = formula
source-computed = computed
cli-plies = { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }
cli-result-in = { $outcome } in { $plies }
cli-review-heading = review of game { $id }: { $game } from { $start }, { $first } vs { $second }; { $result }; { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }
cli-review-won = { $who } won ({ $reason })
cli-review-no-winner = no winner ({ $reason })
cli-review-not-over = not over ({ $status })
cli-review-strip = who wins with best play, from the start (▲ { $first }, ▼ { $second }, · a draw):
cli-review-counts = { $best } best, { $inaccuracy ->
        [one] 1 inaccuracy
       *[other] { $inaccuracy } inaccuracies
    }, { $mistake ->
        [one] 1 mistake
       *[other] { $mistake } mistakes
    }, { $blunder ->
        [one] 1 blunder
       *[other] { $blunder } blunders
    }
cli-column-ply = ply
cli-column-player = player
cli-column-annotation = annotation
cli-column-best-play = best play
cli-column-this-move = this move
cli-column-better = better
cli-step-typing = ply { $ply }
cli-step-past-end = that ply is past the end: the game has { $plies } (0 is the start)
cli-step-ply = ply { $ply } of { $total }
cli-step-played = { $who } played { $move }: { $annotation } (best play: { $best }; this move: { $this })
cli-step-better-move = { $move } ({ $outcome } for the opponent)
cli-step-better = better: { $moves }
cli-step-keys = →/n next · ←/p back · Home/End · digits+Enter: a ply · q quit
cli-play-title = match { $id }: { $game } from { $start }
cli-play-keys = type a move or a command (help lists them); Tab completes, ↑ recalls
cli-play-waiting-join = waiting for an opponent: grundy join { $id }
cli-play-missed = moves { $from } to { $to } not shown (grundy review { $id } lists every move)
cli-play-to-move = { $who } to move
cli-play-is-to-move = { $who } is to move
cli-play-not-started = the match has not started
cli-play-draw-off = the draw offer is off
cli-play-first = { $first } moves first, { $second } second
cli-play-back = { $who } is back
cli-play-left-timed = { $who } left; { $who } has { $seconds } s to come back
cli-play-left = { $who } left; the server waits for them
cli-play-you-offer = you offer a draw
cli-play-offer-to-you = { $who } offers a draw: type draw to accept, decline to refuse
cli-play-offer = { $who } offers a draw
cli-play-offered-already = you have offered a draw already; it stands until the next move
cli-play-clock = clock: { $first } { $first_left } · { $second } { $second_left }
cli-play-prompt-waiting = waiting for an opponent
cli-play-prompt-yours = your move
cli-play-prompt-over = the match is over
cli-play-prompt-plain = your move (help for commands) >
cli-play-clock-low = less than { $seconds } s left on your clock
cli-play-premove = not your turn — { $whose }: premove { $move }, played when your turn comes{ $queued ->
        [one] {""}
       *[other] {" "}({ $queued } premoves queued)
    }; cancel takes it back
cli-play-premove-played = your premove: { $move }
cli-play-reconnecting = { $why } — reconnecting…
cli-play-reconnected = back in match { $id }
cli-play-cancelled = { $count ->
        [0] no premove to cancel
        [one] premove cancelled
       *[other] { $count } premoves cancelled
    }
cli-play-moves = { $count } legal moves:
cli-play-moves-many = { $count } legal moves (too many to list; type one as in docs/NOTATION.md)
cli-play-over = match { $id } is over
cli-play-see-again = see the game again: grundy export { $id }, or every move annotated: grundy review { $id }
cli-play-rematch = play it again: grundy rematch { $id }
cli-verdict-repetition = draw by repetition
cli-verdict-agreed = draw agreed
cli-verdict-adjudicated = a draw by adjudication: the position was drawn when the round ended
cli-verdict-no-winner = no winner: { $reason }
cli-piece-queen = queen
cli-piece-rook = rook
cli-piece-horse = dragon horse
cli-piece-dragon = dragon king
cli-why-corner = the { $piece } reached the corner
cli-you-win = you win
cli-wins = { $who } wins
cli-verdict = { $wins }: { $why }
cli-verdict-misere = { $wins }: { $why }, and in misère play the last mover loses
cli-lgame-alone-or-with = { $move } alone, or with
cli-lgame-with = { $move } with
cli-hint = hint: { $value } for the player to move
cli-hint-leaves = leaves { $value }
cli-help-intro =
    type a move as in docs/NOTATION.md (queen 4,1 or l3 · nim 2:3 or 3,1,5 · chocolate z=2 ·
    lgame a3a4b3c3 d4-b1) — typed before your turn it is a premove, played when your turn comes —
    or, at any time:
cli-help-moves = list the legal moves
cli-help-hint = the best moves here and what each leaves (unless your room's hints are off)
cli-help-board = show the board again
cli-help-position = the position in notation (for grundy query)
cli-help-cancel = take back the premoves
cli-help-resign = give up
cli-help-draw = offer a draw, or accept the one offered (L-game)
cli-help-decline = refuse the draw offered
cli-help-help = this text
cli-exercise = Exercise { $number }
cli-exercise-set = set { $set }
cli-room-exercise-prompt = exercise { $number }>
cli-room-waiting-prompt = waiting for an exercise>
cli-room-no-exercise = no exercise is open: wait for your teacher to set one
cli-room-bye = round { $round } of { $rounds }: you have the bye, which counts as a win
cli-room-tournament = Tournament { $id }
cli-room-you-play = round { $round } of { $rounds }: you play { $other }, { $side }
cli-room-you-first = you move first
cli-room-you-second = you move second
cli-room = Room { $code }
cli-room-you-teacher = you are { $name } (teacher)
cli-room-you-student = you are { $name } (student)
cli-room-hints-on = hints are on
cli-room-hints-off = hints are off
cli-room-any-engine = any engine
cli-room-no-engine = no engine, only each other
cli-room-engine-up-to = the engine up to { $level }
cli-room-settings = { $hints }; students may play { $engine }
cli-room-settings-exam = { $hints }; students may play { $engine }; an exam is under way (no analysis, engine or values for anyone but its teachers; grades told once released)

## Pictures of tables

pic-heat-title = { $what }: { $shown }, { $across } { $x0 }..{ $x1 }, { $up } { $y0 }..{ $y1 }
pic-what-chocolate = chocolate, step k = { $k }
pic-what-chocolate-edge = chocolate, edge f(z) = { $edge }
pic-what-board = { $game } on a { $n }×{ $n } board
pic-shown-grundy = Grundy numbers
pic-shown-misere = misère remoteness
pic-sub-nim3 = Nim of three heaps a, b and c = { $c } · source: { $source }
pic-sub-nim2 = Nim of two heaps a and b · source: { $source }
pic-sub-bars = bars {"{"}x, y, z{"}"} with x = { $x } · source: { $source }
pic-sub-staircase = the staircase {"{"}y, z{"}"} alone (x ⊕ its number is the bar's) · source: { $source }
pic-sub-corner = (0, 0), the goal corner, is bottom left, as on the board · source: { $source }
pic-sub-heaps = two heaps x and y: G(x) xor G(y), row 0 one heap's values · source: { $source }
pic-sub-heaps-misere = the heaps x, y and { $c }, searched whole · source: { $source }
pic-black-p = black: P-positions
pic-scale-grundy = Grundy number
pic-scale-misere = misère remoteness
pic-p = 0: P-position
pic-p-misere = odd: misère P-position
pic-lost = (lost for the player to move)
pic-golden = y = φx and y = x/φ
pic-not-staircase = not a staircase
pic-not-staircase-note = (y above f(z))
pic-lgame-title = L-game: its { $count } positions up to symmetry, by outcome and depth
pic-lgame-subtitle = for the player to move, with best play; the depth is the plies to the end
pic-lgame-won = won in { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }
pic-lgame-lost = lost in { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }
pic-lgame-drawn = drawn
pic-cells-z = { $checked } cells with z < { $upto }
pic-cells-xy = { $checked } cells with x, y < { $upto }
pic-check-holds = { $game }: the formula holds on all { $cells }
pic-check-fails = { $game }: where the formula fails, on { $failed } of { $cells }
pic-red-fails = red: where the formula fails
pic-legend-holds = the formula holds
pic-legend-holds-note = (on every cell of the square)
pic-legend-few = it fails on a few cells
pic-legend-few-note = (of the square)
pic-legend-all = it fails on all of them
pic-legend-none = not a position
pic-legend-none-note = (above a staircase)
pic-ring-first = the first counterexample
pic-ring-fails = a square where it fails
pic-square-one = a square is a position
pic-square-many = a square is { $bin }×{ $bin } positions
pic-source = source:
cli-exercise-until = until { $time }
cli-room-new-exercises = new: exercise { $numbers } (after this one; list shows every exercise)
cli-room-member-gone = { $name } left the room
cli-room-member-joined = { $name } joined
cli-room-member-back = { $name } is back
cli-room-member-left = { $name } left
cli-room-paired = round { $round } of { $rounds } paired: { $games ->
        [one] 1 game
       *[other] { $games } games
    }
cli-room-answer = exercise { $number }: { $answer } { $mark }
cli-room-student-help =
    Type the answer to the exercise shown: win, loss or draw; a number; a move; moves separated
    by ; (or none). `#N answer` answers exercise N. list: every exercise and your answers.
    quit: leave (your answers are kept).
cli-room-teacher-help =
    ask SPEC [| SPEC …]          set exercises: GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] POSITION QUESTION
    homework DURATION SPEC [| …] the same with a deadline (10m, 2h, 3d)
    hints on|off                 whether students may ask for values meanwhile
    engine LEVEL                 the strongest engine students may play: easy, medium, perfect,
                                 none (only each other) or any
    exam on|off                  exam mode for the whole server: no analysis, engine or values for
                                 anyone but this room's teachers; grades told once released
    language en|ja|reader        the language of the projector's boards and the results' CSV
                                 (reader: each reader's own)
    release                      tell the students their grades and the solutions
    results                      who answered what; students: the class list
    export FILE                  the results as CSV
    swiss GAME [size=N] [k=K] [misere] [START] [rounds=N] [clock=5+3]
                                 a Swiss tournament between the students here (START: standard,
                                 random — one position a round — or a position)
    roundrobin GAME [...]        everyone plays everyone once
    next                         end the round now (games under way are adjudicated) and pair
    standings                    the tournament's standings
    withdraw NAME                take a student out of the tournament
    simul GAME [...] [engine=LEVEL] [first=students]
                                 play every student at once, one board each (or let the engine):
                                 the prompt then shows the board waiting for your move
                                 (every board at once: grundy room view CODE in another terminal)
    quit                         leave (the room goes on)
cli-solution = solution:

## The rules' reasons: why the engine refuses a parameter, a position or a move
## (the `reason` of an error's details). `quoted` is the input as typed, in quotes.

rule-at-ply-move = ply { $ply } (`{ $move }`): { $reason }
rule-at-ply = ply { $ply }: { $reason }
rule-board-size = board size must be between 2 and { $most }, not { $size }
rule-square-off = square { $square } is off the { $size }×{ $size } board
rule-square-unread = cannot read square { $quoted }: write it as x,y, for example 5,3
rule-not-whole = { $quoted } is not a non-negative whole number
rule-piece-stays = the { $piece } must move at least one square; it stays on { $square }
rule-moves-queen = the queen moves only left, down or diagonally toward the corner
rule-moves-rook = the rook moves only left or down
rule-moves-horse = the dragon horse moves diagonally toward the corner, or one step left or down
rule-moves-dragon = the dragon king moves left or down, or one diagonal step toward the corner
rule-away-from-corner = { $rule }: { $from } → { $to } moves away from the corner
rule-not-the-pieces-move = { $rule }: { $from } → { $to } is neither
rule-not-a-move-of = { $rule }: { $from } → { $to } is not one of its moves
rule-leaves-board = { $quoted } would leave the board: the { $piece } stands on { $square }
rule-corner-move-unread = cannot read move { $quoted }: give the target square as x,y (for example { $example }), or a direction and distance: l3 (left), d2 (down), ld1 (diagonal)
rule-not-a-distance = { $quoted } is not a distance
rule-zero-distance = a move goes at least one square
rule-table-side = a table covers 1 to { $most } squares per side, not { $side }
rule-moves-defined = the piece { $piece } moves only as its letters say, and only toward the corner
rule-betza-empty = a piece needs at least one letter of Betza's notation, such as R (rook), B (bishop), N (knight) or RN
rule-betza-modifier = '{ $letter }' (letter { $at }) is one of Betza's direction modifiers, which are not needed here: every move goes toward the corner. Write the piece's letters alone, such as RN
rule-betza-letter = '{ $letter }' (character { $at }) is no piece letter: use W F D N A H C Z G (leaps), R B Q K, a letter doubled for a rider (NN) or followed by a range (R3)
rule-betza-range = a range is at most { $most } leaps, not { $range } (0, or a letter doubled, is no limit)
rule-defined-table-side = a table of the piece { $piece } covers at most { $most } squares per side, not { $side }
rule-defined-table-values = the values of the piece { $piece } on a { $side }×{ $side } board exceed what a table stores (65535): take a smaller board
rule-no-piece = { $game } takes no piece: only the corner game does (--piece RN)
rule-corner-needs-piece = the corner game needs its piece, in Betza's notation: --piece RN (rook and knight), for instance
rule-misere-table-side = a misère table covers 1 to { $most } squares per side, not { $side }
rule-stored-cells = a stored { $piece } table of side { $side } needs { $need } cells, not { $cells }
rule-stored-short = a stored { $piece } table of side { $side } stops before ({ $x }, { $y })
rule-stored-range = the stored { $piece } value ({ $grundy }, { $remoteness }) at ({ $x }, { $y }) is out of range
rule-stored-long = a stored { $piece } table of side { $side } has more than { $values } values
rule-move-of-another-game = { $move } is a move of another game, not of { $game }
rule-unknown-level = unknown engine level { $quoted }; choose easy, medium or perfect
rule-over-no-move = { $position } is over: there is no move to choose
rule-engine-moves = { $position } has { $moves } moves; the engine weighs at most { $most }
rule-unknown-game = unknown game { $quoted }; the games are queen, rook, horse, dragon, corner, nim, heap, chocolate, lgame and sum
rule-no-step = { $game } has no step k; only chocolate takes --k
rule-no-size = { $game } has no board size; only queen, rook, horse and dragon take --size
rule-lgame-no-grundy = the L-game has no Grundy numbers: it is not an impartial game
rule-reach-unknown = which moves of the { $piece } on { $square } reach Grundy number { $target } is not known: the square is beyond the solved { $piece } tables, where only the positions worth 0 are known
rule-sum-move-unread = `{ $move }` is not a move of a sum: write the component's number, a slash and its move, such as 2/1:3, or the sum after the move
rule-no-component = there is no component { $number }: the components are numbered 1 to { $count }
rule-no-pile = there is no pile { $number }: the piles are numbered 1 to { $count }
rule-sum-keeps-components = a move keeps all { $count } components; { $after } has { $has }
rule-sum-component-game = component { $component } is { $game }, not { $other }: a move does not change a component's game
rule-sum-one-component = a move changes exactly one component; { $from } → { $to } changes { $changed }
rule-in-component = component { $component }: { $reason }
rule-sum-component-unknown = component { $component } ({ $game }:{ $position }) has no known Grundy number: it is beyond the solved tables, and a sum's value needs every component's
rule-component-beyond = a component beyond the solved tables
rule-sum-components = a sum has 1 to { $most } components, not { $count }
rule-sum-lgame = component { $component } is an L-game, which is not impartial: a sum's components are queen, rook, horse, dragon, corner, nim, heap and chocolate
rule-sum-defined-piece = component { $component } has the piece { $piece } on { $square }: in a sum, a piece defined by its moves may reach at most { $most } squares ((x + 1)·(y + 1)); choose a square nearer the corner
rule-sum-piece-of-corner = { $game } has its own piece: only corner takes a piece by its moves, as in corner RN(8):5,3
rule-sum-in-sum-component = component { $component } is itself a sum: write its components in this one
rule-sum-component-empty = empty: write GAME(PARAMETER):POSITION, such as queen(11):5,3 or nim:3,4,5
rule-sum-no-bracket = `{ $head }` has no closing bracket: write such as queen(11)
rule-sum-parameter = `{ $parameter }` in `{ $head }` is not a whole number: write such as queen(11)
rule-sum-in-sum = a sum inside a sum: write its components in this one
rule-sum-step = the staircase step k is 0 to 1000
rule-sum-no-parameter = { $game } takes no parameter, not ({ $parameter }): write { $game }:POSITION
rule-misere-bar-budget = the misère value of the bar { $position } needs more work than one question is allowed ({ $budget } bars)
rule-lgame-no-misere = the L-game has no misère form: it is not an impartial game; play it without misère
rule-misere-sum-large = a misère sum has no Sprague–Grundy shortcut, and this one is too large to search: more than its bound of combinations of the components' positions, and not every component is Nim in disguise
rule-red = red
rule-blue = blue
rule-l-empty-position = the position is empty; write it like { $example }
rule-l-no-side = '{ $board }' has no side to move; add a space and r or b, as in { $example }
rule-l-after-side = unexpected '{ $extra }' after the side to move; a position ends with r or b
rule-l-one-rank = '{ $board }' is one rank; the board has 4, separated by /
rule-l-ranks = there are { $ranks } ranks; the board has 4, separated by /
rule-l-rank-length = rank { $rank } has { $length } { $length ->
    [one] square
   *[other] squares
  }; each rank has 4
rule-l-not-a-piece = '{ $character }' on { $square } is not a piece; use R, B, N or .
rule-l-side = side to move must be r or b, not { $side }
rule-l-neutral-count = there are { $count } neutrals; there must be 2
rule-l-covers = the { $color } L covers { $count } squares; an L covers 4
rule-l-shape = the { $color } L on { $squares } is not an L shape
rule-l-empty-move = the move is empty; write the L's new squares such as a2a3b3c3, optionally followed by a neutral move such as d4-b1
rule-l-neutral-half = the neutral move in '{ $move }' names only { $square }; write it as from-to, such as d4-b1
rule-l-square-count = '{ $move }' names { $count } squares; a move is the L's 4 squares, then optionally the neutral's 2 squares
rule-l-dash = a '-' belongs only inside the neutral move, before its target; found before { $square }
rule-l-separate = separate the neutral move from the L's squares with a space or comma, as in { $example }
rule-l-twice = the L's squares name { $square } twice; an L covers 4 different squares
rule-l-not-placement = { $squares } is not an L placement
rule-l-not-square = { $square } in '{ $move }' is not a square; files are a to d and ranks 1 to 4
rule-l-no-rank = '{ $file }' in '{ $move }' has no rank after it; a square is like b3
rule-l-unexpected = unexpected '{ $character }' in move '{ $move }'; write squares such as a2a3b3c3 d4-b1
rule-l-ends-with-dash = '{ $move }' ends with '-'; a neutral move is from-to, such as d4-b1
rule-l-turn = after { $me }'s move it is { $opponent }'s turn, but the position has { $to_move } to move
rule-l-wrong-l = the { $opponent } L moved from { $from } to { $to }; on { $me }'s turn only the { $me } L moves
rule-l-both-neutrals = both neutrals moved, from { $from } to { $to }; at most one may move
rule-l-same-placement = the L must move to a different placement; { $squares } is where the { $me } L stands
rule-l-on-other-l = the L cannot cover { $square }: the { $opponent } L is there
rule-l-on-neutral = the L cannot cover { $square }: a neutral is there
rule-l-no-neutral = there is no neutral on { $square }
rule-l-neutral-stays = the neutral on { $square } must move to another square, or not move at all
rule-l-under-l = is covered by the { $color } L
rule-l-other-neutral = holds the other neutral
rule-l-neutral-blocked = a neutral can only move to an empty square: { $square } { $why }
rule-l-square-form = '{ $text }' is not a square; a square is a file a to d and a rank 1 to 4, such as b3
rule-l-square-name = '{ $text }' is not a square; files are a to d and ranks 1 to 4
rule-l-overlap = the red L and the blue L both cover { $squares }; pieces may not overlap
rule-l-neutrals-together = both neutrals are on { $square }; they must stand on different squares
rule-l-neutral-under = the neutral on { $square } is under the { $color } L; pieces may not overlap
rule-l-stored-value = { $value } is not an L-game value (position { $position })
rule-l-stored-twice = position { $position } is given twice (seen from the mover)
rule-l-stored-missing = no value for position { $position }
rule-l-stored-symmetry = position { $position } and its symmetric image { $image } have different values
rule-numbers-empty = empty text: write numbers separated by commas, such as 3,4,5
rule-numbers-negative = `{ $text }` holds a negative number; numbers start at 0
rule-numbers-lone-separator = `{ $text }` has a `{ $separator }` with no number before it
rule-numbers-unexpected = `{ $text }` is not a list of numbers: unexpected `{ $character }`; write them separated by commas, such as 3,4,5
rule-numbers-trailing = `{ $text }` ends with a separator; a number must follow it
rule-numbers-none = `{ $text }` holds no numbers
rule-numbers-bracket = `{ $text }` opens `{ $open }` but does not end with `{ $close }`
rule-numbers-too-large = { $number } is too large a number
rule-nim-take-none = take at least one stone
rule-nim-take-too-many = pile { $pile } has { $stones } { $stones ->
    [one] stone
   *[other] stones
  }; you cannot take { $take }
rule-nim-take-unread = `{ $move }` is not a move: write pile:stones, such as 2:3
rule-nim-move-unread = `{ $move }` is not a move: write pile:stones, such as 2:3, or the position after the move, such as 3,1,5
rule-nim-keeps-piles = a move keeps all { $count } piles; { $after } has { $has }
rule-nim-keeps-piles-hint = { $reason } (to take { $take } from pile { $pile }, write { $pile }:{ $take })
rule-nim-one-pile = a move changes exactly one pile; { $from } → { $to } changes { $changed ->
    [0] none
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
    [11] eleven
    [12] twelve
    [13] thirteen
    [14] fourteen
    [15] fifteen
    [16] sixteen
   *[other] { $changed }
  }
rule-nim-grows = a move only takes stones; pile { $pile } would grow from { $from } to { $to }
rule-nim-pile-count = nim has 1 to { $most } piles, not { $count }
rule-nim-pile-size = pile { $pile } has { $stones } stones; a pile holds at most { $most }
rule-bar-strip = shortening the strip must leave fewer squares: x is { $now }, so { $move } is not a cut
rule-bar-horizontal = a horizontal break must leave fewer rows: y is { $now }, so { $move } is not a cut
rule-bar-vertical = a vertical break must leave fewer columns: z is { $now }, so { $move } is not a cut
rule-bar-move-unread = `{ $move }` is not a move: write x=U, y=V or z=W (the length left after the cut), or the position after the move, such as 1,2,3
rule-bar-same = { $position } is the position itself; a move must eat some chocolate
rule-bar-two-breaks = a move makes one break; { $from } → { $to } changes both the strip and the staircase
rule-bar-keeps-y = a vertical break to z={ $z } keeps y = { $y }, not { $given }
rule-bar-leaves-y = a vertical break to z={ $z } leaves y = min({ $y }, { $top }) = { $left }, not { $given }
rule-bar-too-long = { $name } = { $value } is too long; a bar is at most { $most } squares each way
rule-bar-too-high = a staircase with { $edge } and z = { $z } has height at most { $most }, not { $y }
rule-bar-step = the staircase step k is 0 to { $most }, not { $k }
rule-bar-three = a chocolate bar is three numbers x,y,z, such as 1,2,3; `{ $text }` has { $count }
rule-bar-table-large = a table for { $edge } up to z = { $z } would hold { $count } values; the most is { $most }
rule-bar-table-more = a table for { $edge } up to z = { $z } holds more than { $most } values
rule-bar-stored-value = stored values for { $edge } up to z = { $z }: value { $index } is { $value }, but there are { $count } values below { $bound }
rule-bar-stored-count = stored values for { $edge } up to z = { $z }: { $values } of { $count }
rule-bar-no-table = the staircase with { $edge } has no formula; solve a table for it first
rule-bar-too-wide = a bar with { $edge } is at most { $most } columns wide, not { $z }
bar-edge-step = step { $k }
bar-edge-formula = edge f(z) = { $formula }
rule-edge-long = an edge is a short formula in z, at most { $most } bytes; this one has { $bytes }
rule-edge-unread = the edge cannot be read: at byte { $at }: { $why }
rule-edge-variable = an edge is a formula in z alone (the height of a staircase z columns wide); it names { $name } at byte { $at }
rule-edge-predicate = an edge is a number for each z, such as z * z, not true or false
rule-edge-eval = the edge has no value at z = { $z }: { $why }
rule-edge-negative = the edge is { $value } at z = { $z }; a height is at least 0
rule-edge-high = the edge is { $value } at z = { $z }; a staircase is at most { $most } squares high
rule-edge-falls = the edge falls from { $before } at z = { $previous } to { $value } at z = { $z }; a staircase never gets lower to the right
rule-edge-start = the edge is { $value } at z = 0; it starts at 0, because the poison's column is the poison alone
rule-edge-and-step = { $game } takes a step k or an edge, not both
rule-no-edge = { $game } takes no edge: only chocolate does (--edge "z * z")
rule-sum-edge = not searched: component { $component } is a chocolate bar whose edge is a formula, and its box x·y·z holds more than { $most } bars (the sum's Grundy number is exact)
error-edge_diagonal = a staircase whose edge is a formula has no straight diagonals; ask for rows (line row) or columns (line column) instead of { $line }
rule-bar-other-table = the table was solved for { $table }, not { $edge }
rule-bar-beyond-table = the staircase y = { $y }, z = { $z } is beyond the table for { $edge }, which stops at z = { $most }
rule-question = the question is one of outcome, grundy, winning_move, winning_moves, remoteness
rule-answer-outcome = answer win, loss or draw
rule-answer-number = answer a whole number such as 3
rule-answer-move = answer a move, or none if there is no winning move
rule-answer-moves = answer the moves separated by ;, or none if there is no winning move
rule-not-an-outcome = "{ $answer }" is not an outcome: answer win, loss or draw
rule-not-a-grundy-number = "{ $answer }" is not a Grundy number: answer a whole number such as 3
rule-not-a-remoteness = "{ $answer }" is not a number of moves: answer a whole number such as 3
rule-answer-empty-move = an empty move between two `;`: write the moves as 3,3; 0,3
rule-answer-empty = the answer is empty: { $how }
rule-answer-one-move = give one move (or `none`); the question asks for a winning move
rule-exercise-moves = { $position } has { $moves } moves; an exercise's position may have at most { $most }: pick one nearer the end
rule-exercise-no-grundy = { $position } has no exact Grundy number to ask for{ $why }
rule-exercise-no-remoteness = { $position } has no exact number of moves to the end to ask for{ $why }
rule-exercise-lgame = : the L-game is not impartial; ask for its outcome
rule-exercise-misere = : misère play has no Grundy numbers; ask for the outcome
rule-exercise-draw = : it is a draw, which never ends; ask for its outcome
rule-exercise-beyond = {" "}within the stored tables; pick a smaller position
rule-exercise-no-random = no random { $game } position found with { $from }..{ $to } moves to the end; widen the range
rule-start-over = { $position } is already over: nobody could move; choose another start
rule-review-moves = { $position } has { $moves } legal moves; a review weighs at most { $most }
rule-not-legal = not among the legal moves
rule-sum-states = too large to search: { $count } combinations of the components' positions, more than the { $most } one search covers
rule-sum-states-boxes = too large to search: { $count } combinations of the components' positions (a chocolate bar's counted as its box x·y·z), more than the { $most } one search covers
rule-sum-states-count = { $count }
rule-sum-states-beyond = more than 2^128
rule-sum-heaps-unsearched = not searched: component { $component } is a heap game reaching more than { $most } positions (the sum's Grundy number is exact)

## Research answers: where the values come from, and what a named check shows.
cited-table = exact table of bound { $bound }, grundyd { $version }
verdict-verified = verified for { $what } ({ $cells } { $cells ->
    [one] cell
   *[other] cells
  })
verdict-corner = x, y < { $bound }
verdict-step = k = { $k }, z < { $bound }
verdict-even-steps = even k in {"{"}{ $steps }{"}"}, z < { $bound }
verdict-odd-steps = odd k in {"{"}{ $steps }{"}"}, z < { $bound }
verdict-refuted = refuted
verdict-refuted-at = refuted at { $cell }
verdict-refuted-k = refuted for k = { $k }
verdict-refuted-k-at = refuted for k = { $k } at { $cell }

## grundy check, periodicity and sequence at the terminal.
cli-source = source: { $source }
cli-check-formula-missing = give the formula after the game, in quotes: grundy check { $game } 'x xor y'; or run a named check alone (grundy check --list)
cli-check-not-a-game = unknown game "{ $what }": give a game and a formula, or a named check alone (grundy check --list)
cli-check-named = { $mark } { $name } ({ $status }): { $verdict }
cli-check-formula = formula: { $formula }
cli-check-reference = reference: { $reference }
cli-check-run-one = Run one with `grundy check NAME`.
cli-check-holds = { $mark } the { $kind } `{ $formula }` holds for { $game } · all { $checked } cells below { $upto } ({ $ms } ms)
cli-check-refuted = { $mark } the { $kind } `{ $formula }` is refuted for { $game }: it fails on { $failed } of { $checked } cells below { $upto } ({ $ms } ms)
cli-check-gives = { $cell }: the formula gives { $value }, the Grundy number is { $grundy }
cli-check-fails = { $cell }: it does not hold (Grundy number { $grundy })
cli-guess-found = { $mark } { $formula } (size { $size }) equals the { $aim } of { $game } on all { $cells } cells below { $upto }
cli-guess-none = { $mark } no formula found for the { $aim } of { $game } below { $upto }
cli-guess-end-shortest = the shortest formula: every smaller one was tried ({ $kept } distinct formulas kept, { $ms } ms)
cli-guess-end-searched = searched every formula up to size { $complete }, and the sums, differences, xors, residue splits and parity pieces of them ({ $kept } distinct formulas kept, { $ms } ms)
cli-guess-end-searched-p_positions = searched every formula up to size { $complete }, and the equalities a == b of two of them ({ $kept } distinct formulas kept, { $ms } ms)
cli-guess-end-full = searched every formula up to size { $complete }, and stopped when it held { $kept } formulas ({ $ms } ms)
cli-guess-end-late = searched every formula up to size { $complete }, and the time limit stopped it ({ $kept } distinct formulas kept, { $ms } ms): ask with more --seconds, or a smaller --size
cli-guess-holds-further = on the stored table it holds on every cell below { $bound }
cli-guess-fails-further = on the stored table it holds below { $below }, and fails first at { $cell } (Grundy number { $grundy })
cli-guess-late-further = on the stored table it holds below { $below }, where the time limit stopped the check
cli-guess-next = check it: { $command }
cli-guess-bfile = export the table as a sequence to cite: { $command }
guess-aim-grundy = Grundy numbers
guess-aim-p_positions = P-positions
check-kind-value = value
check-kind-predicate = predicate
check-status-theorem = theorem
check-status-published = published
check-status-conjecture = conjecture
check-title-rook-nim = the rook is two-pile Nim: its Grundy number is x xor y
check-title-wythoff = the queen's P-positions are the Beatty pairs (⌊nφ⌋, ⌊nφ²⌋) and their mirrors
check-title-dragon-king = the dragon king: ((x + y) mod 3) + 3·(⌊x/3⌋ xor ⌊y/3⌋)
check-title-dragon-horse = the dragon horse: with m = min(x, y), 4·⌊m/4⌋ plus the bits of m mod 4 swapped, xor the parity of x + y
check-title-chocolate-even = for even k the staircase's Grundy number is y xor z
check-title-chocolate-one = for k = 1: z + ⌈y/2⌉ when z − y is even, else min(z − ⌈y/2⌉, (3(z − y) − 1)/2)
check-title-chocolate-odd = for odd k, the staircase's Grundy number is z + ⌈y/2⌉ wherever z − y is even
check-tables-rook-nim = rook
check-tables-wythoff = queen
check-tables-dragon-king = dragon
check-tables-dragon-horse = horse
check-tables-chocolate-even = chocolate k even
check-tables-chocolate-one = chocolate k=1
check-tables-chocolate-odd = chocolate k odd
cli-periodicity-row = row
cli-periodicity-column = column
cli-periodicity-diagonal = diagonal
cli-periodicity-values = values
cli-periodicity-preperiod = preperiod
cli-periodicity-period = period
cli-periodicity-saltus = saltus
cli-periodicity-found = found
cli-periodicity-periodic = periodic
cli-periodicity-additive = additively periodic
cli-periodicity-proved = proved: G(n + { $period }) = G(n) for every n ≥ { $preperiod } (the octal games' periodicity theorem, from G(0) to G({ $last }))
cli-periodicity-unproved = no period of one heap's values is proved from the heaps below { $upto }: the octal games' periodicity theorem needs more values (--upto), or does not apply to this rule
cli-periodicity-none = none seen
cli-periodicity-rows = rows x (y growing)
cli-periodicity-columns = columns y (x growing)
cli-periodicity-diagonals = diagonals D (cells x, x + D)
cli-periodicity-bar-rows = rows y (z growing from the staircase's edge: k·y for a step k)
cli-periodicity-bar-columns = columns z (y growing)
cli-periodicity-bar-diagonals = diagonals D (cells y, k·y + D)
cli-periodicity-head = { $game } · { $lines }, read below { $upto }
    periods up to { $most }, seen over { $repeats } whole periods at least; values a..b: the indices read, b excluded
cli-line-row = row { $fixed } = { $at }
cli-line-column = column { $fixed } = { $at }
cli-line-diagonal = diagonal { $fixed } = { $at }
cli-line-p-positions = P-positions
cli-sequence-p-positions = { $count } P-positions (Grundy number 0) below { $upto }, cells { $a },{ $b } by { $a } then { $b }
cli-sequence-line = { $line }: a(n) = { $formula } for n = { $from } to { $to } ({ $count } { $count ->
    [one] value
   *[other] values
  })
cli-sequence-more = … and { $more } more: --bfile, --csv or --json give them all

## grundy table at the terminal.
cli-range-unread = cannot read range { $range }: write A..B, for example 0..16
cli-range-backwards = range { $range } is backwards: A must not exceed B
cli-table-chocolate-remoteness = the chocolate table holds Grundy numbers only; ask `grundy query chocolate` for a bar's remoteness
cli-wrote = wrote { $file }
cli-table-lgame = lgame: { $count } positions up to symmetry, mover's L written R, r to move ({ $win } win, { $loss } loss, { $draw } draw)
cli-col-position = position
cli-col-outcome = outcome
cli-col-depth = depth
cli-table-head = { $game }: { $what } (source: { $source })
cli-table-bars = bars {"{"}x, y, z{"}"} with x = { $c }: remoteness, rows z, columns y; odd is lost for the player to move
cli-table-staircase = G(y, z), rows z, columns y
cli-table-nim3 = three heaps a, b and c = { $c }
cli-table-nim2-misere = two heaps a and b: remoteness; odd is lost for the player to move
cli-table-nim2 = two heaps a and b: Grundy number a ⊕ b
cli-table-nim2-remoteness = two heaps a and b: remoteness
cli-table-grundy = Grundy numbers, rows x, columns y
cli-table-misere = remoteness, rows x, columns y; odd is lost for the player to move
cli-table-remoteness = remoteness, rows x, columns y
cli-table-empty = (empty range)

## A long research request's progress, as the terminal's bar shows it.
progress-corner = solving the { $piece } table to { $side }×{ $side }
progress-staircases = solving the staircases with { $edge } to z = { $z }
progress-check = checking the formula on the rows below { $upto }
progress-guess = trying the formulas of size { $size }
progress-guess-join = putting the formulas of size { $size } together with the others

## A room's results as CSV, in the room's language (English keeps the protocol's own words).
csv-header = room,set,exercise,game,size,k,misere,position,question,solution,student,answer,correct,answered_at,seconds
csv-question-outcome = outcome
csv-question-grundy = grundy
csv-question-winning_move = winning_move
csv-question-winning_moves = winning_moves
csv-question-remoteness = remoteness

## A room's language, and the room's switches at the terminal.
cli-room-settings-language = { $settings }; the projector and the CSV in { $language }
cli-room-switches = room { $room }: { $settings }
cli-room-left = you left room { $room }: it counts you no more
cli-room-released = room { $room }: the students see their grades and the solutions now
cli-room-hints-usage = hints on, or hints off
cli-room-exam-usage = exam on, or exam off

## A room's projector at the terminal (grundy room view).
cli-boards-room = Room { $room }
cli-boards-every = every board
cli-boards-under-way = { $live } { $live ->
    [one] board
   *[other] boards
  } under way
cli-boards-under-way-over = { $live } { $live ->
    [one] board
   *[other] boards
  } under way, { $over } over
cli-boards-analysis-on = analysis on (a)
cli-boards-analysis-off = analysis off (a)
cli-boards-keys = q leaves
cli-boards-set = exercises of set { $set }:
cli-boards-tally = { $number }: { $answered }/{ $students } answered, { $correct } right
cli-boards-to-move = { $name } to move
cli-boards-waiting = waiting
cli-boards-ply = ply { $ply } · { $turn }
cli-boards-clock = clock { $first } | { $second }
cli-boards-value = { $outcome } for { $who }
cli-boards-value-in = { $outcome } for { $who } in { $plies }
cli-boards-value-unknown = value unknown: { $code }
cli-boards-lost = connection lost ({ $cause }); trying again… (q leaves)
cli-room-view-teachers = only a teacher of room { $room } sees every board

## Tournaments and exhibitions at the terminal.
cli-results-tally = { $answered }/{ $students } answered, { $correct } right
cli-standings-won = won
cli-standings-games = games
cli-standings-withdrawn = { $name } (withdrawn)
cli-tournament-game = round { $round }, match { $match }
cli-tournament-game-how = round { $round }, match { $match }, { $how }
cli-tournament-started = tournament { $id } started: { $players } players, { $rounds } rounds
cli-games-over = { $over }/{ $all } over
cli-simul-started = exhibition { $id }: { $host } plays { $boards } { $boards ->
    [one] board
   *[other] boards
  } of { $game } from { $start }
cli-simul-board = board { $match } · { $name }: { $outcome } for { $name }

## The lobby and the saved games at the terminal.
cli-lobby-open = open (waiting for an opponent)
cli-lobby-playing = playing
cli-lobby-first = { $title }, the first { $shown } of { $total }
cli-heading = { $title }:
cli-none = none
cli-col-id = id
cli-col-game = game
cli-col-players = players
cli-col-ply = ply
cli-col-clock = clock
cli-col-result = result
cli-col-date = date
cli-games-none = no saved games match
cli-games-imported = "{ $first }" vs "{ $second }" (imported)
match-status-waiting = waiting
match-status-playing = playing
match-status-finished = finished
match-status-aborted = aborted

## A formula (grundy check) that cannot be read or has no value somewhere.
formula-too-long = the formula is { $bytes } bytes long, more than the { $most } allowed
formula-empty = the formula is empty
formula-parentheses = parentheses are nested more than { $most } deep
formula-decimal-point = numbers are exact integers, with no decimal point: write { $int }
formula-decimal = numbers are exact integers, with no decimal point: write { $decimal } as { $fraction }
formula-unexpected = unexpected text
formula-the-end = the end of the formula
formula-comma = `,`
formula-close = `)`
formula-an-operator = an operator
formula-an-operand = a number, a name or `(`
formula-expected-1 = expected { $a }
formula-expected-2 = expected { $a } or { $b }
formula-expected-3 = expected { $a }, { $b } or { $c }
formula-expected-4 = expected { $a }, { $b }, { $c } or { $d }
formula-nodes = the formula has more than { $most } operators and operands
formula-depth = the formula is nested more than { $most } levels deep
formula-chained-comparison = comparisons do not chain: write `a < b && b < c`
formula-comparison-operands = a comparison needs two operands
formula-quoted = `{ $text }`
formula-mixed-comparison = { $what } compares two numbers or two truth values, not one of each
formula-operands = an operator needs operands
formula-operand = an operator needs an operand
formula-power-base = `^` needs a base
formula-power-exponent = `^` needs an exponent
formula-exponent = the exponent of `^`
formula-if-condition = the condition of `if`
formula-number-too-large = the number { $number } is too large: integers are less than 2^127
formula-is-a-function = `{ $name }` is a function: write `{ $name }(…)`
formula-is-an-operator = `{ $name }` is an operator: it goes between two integers
formula-unknown-name = unknown name { $name }: the names are x, y, z, n, k, grundy, phi, true and false
formula-not-a-function = `{ $name }` is not a function
formula-unknown-function = unknown function { $name }: the functions are min, max, abs, floor, ceil and if
formula-arguments = `{ $name }` takes { $arity } { $arity ->
    [one] argument
   *[other] arguments
  }, not { $given }
formula-needs-arguments = `{ $name }` needs arguments
formula-if-branches = the branches of `if` must be two numbers or two truth values
formula-needs-number = { $what } needs a number, not true or false
formula-needs-integer-not-truth = { $what } needs an integer, not true or false
formula-needs-integer = { $what } needs an integer, and this may be a fraction or involve phi: use floor or ceil
formula-needs-truth = { $what } needs true or false, not a number: compare it, as in `x == 0`
formula-fault = at { $cell }: { $reason }
formula-fault-early = somewhere: the check stopped early
formula-eval-division_by_zero = division by zero
formula-eval-overflow = a number is too large for exact arithmetic in 128 bits
formula-eval-not_an_integer = the value is not an integer
formula-eval-negative_bits = a bitwise operation or shift on a negative number
formula-eval-shift_too_large = a shift by more than 127 bits
formula-eval-exponent_out_of_range = an exponent outside 0 to 64
formula-eval-no_grundy = the formula uses grundy and the cell's grundy number is unknown
formula-eval-not_a_value = the formula is a predicate: it has no numeric value
formula-eval-not_a_predicate = the formula is a value formula: it is not true or false

## Beyond what the engine solves.
error-engine_limit = { $asked } is beyond what the engine solves: { $limit }
engine-asked-misere-sum = a misère sum with { $moves } moves
engine-limit-misere-sum = misère sums of up to { $most } moves (a Nim component of huge piles has too many)
engine-asked-board = a { $side }×{ $side } board
engine-limit-board = corner games on boards up to { $most }×{ $most }
engine-asked-staircase = a staircase with { $edge } reaching z = { $z }
engine-limit-staircase = odd steps up to z = { $most }
engine-asked-table = a { $side }×{ $side } { $piece } table
engine-limit-table = tables are solved on demand up to { $most }×{ $most }; ask with a smaller upto

## What the terminal itself refuses.
cli-err-not-a-number = { $option }: not a number
cli-err-unknown-game = unknown game "{ $name }"; the games are queen, rook, horse, dragon, corner, nim, heap, chocolate, lgame and sum
cli-err-empty-exercise = an empty exercise; write { $form }
cli-err-no-position-question = "{ $text }" lacks a position and a question; write { $form }
cli-err-no-position = "{ $text }" lacks a position (or `random`); write { $form }
cli-err-not-a-question = "{ $question }" is not a question: ask one of { $questions }; write { $form }
cli-err-remoteness-range = remoteness={ $text }: write a range such as 3..6 (6 excluded) or 3..=6
cli-err-results-teachers = only a teacher of room { $room } sees the results
cli-err-nobody-called = nobody called "{ $who }" plays in tournament { $id }
cli-err-not-a-command = "{ $word }" is not a command here; type help
cli-err-export-file = export FILE: name the CSV file to write
cli-err-name-the-game = name the game: swiss nim rounds=5
cli-err-rematch-lapsed = the rematch offer for match { $id } has lapsed
cli-err-query-args = name a game and a position, or --match ID
cli-err-watch-back = { $error } — `grundy watch { $id }` once it is back
cli-err-no-review = the server sent no review
cli-err-no-seat = you have no seat in match { $id }
cli-err-import-long = the game text is longer than { $most } bytes; the server would refuse it
cli-room-opened = Room { $room } is open: students join with
cli-room-owner-token = The owner token makes whoever holds it a teacher of the room (keep it private):

## A game record that cannot be imported (grundy import): where, and what is wrong.
error-import = cannot import this game: { $reason }
error-refused = refused
record-syntax = line { $line }, column { $column }: { $reason }
record-tag-line = line { $line }: [{ $tag }]: { $reason }
record-tag = [{ $tag }]: { $reason }
record-move = ply { $ply } (`{ $move }`): { $reason }
record-result = result: { $reason }
record-json = json: { $reason }
record-twice = is given twice
record-twice-first = is given twice (first on line { $first })
record-tag-form = { $problem }; a tag is written [Name "value"]
record-tag-name = a tag name (letters, digits, _) must follow [
record-tag-quotes = the value of [{ $name }] must be in double quotes
record-tag-unclosed = the value of [{ $name }] has no closing quote
record-tag-bracket = [{ $name }] must end with ] after its value
record-tag-trailing = nothing may follow a tag on its line
record-comment-stray = this {"}"} closes no comment
record-comment-open = this comment is never closed with {"}"}
record-after-result = `{ $token }` follows the result { $result }, which ends the moves
record-late-tag = a tag after the moves began; tags come first
record-move-number = move number { $number } where { $expected } was expected (before ply { $ply })
record-no-result = the moves end without a result: finish with 1-0, 0-1, 1/2-1/2 or *
record-not-a-number = { $quoted } is not a number in range
record-play = { $quoted } is not a way to play: write normal or misere
record-no-game = is missing: every record names its game
record-bad-result = { $quoted } is not a result: 1-0, 0-1, 1/2-1/2 or *
record-result-differs = the moves end with { $token } but [Result] on line { $line } says { $tag }
record-bad-termination = { $quoted } is not a termination: corner_reached, last_stone, poison_left, l_blocked, no_move_left, resignation, repetition, agreed_draw, flag_fall, abandonment or aborted
record-termination-not-over = a game that is not over (*) has no termination, not { $reason }
record-no-termination = is missing: the result { $result } needs a reason
record-clock = cannot read clock { $quoted }: write minutes+increment seconds, for example 5+3 (at most { $minutes }+{ $seconds })
record-date-range = { $quoted } is out of range
record-date = { $quoted } is not a date: write YYYY.MM.DD, such as 2026.11.21
record-day = { $quoted } is not a day of the calendar
record-time = { $quoted } is not a time: write HH:MM:SS, such as 14:03:07
record-json-syntax = the JSON is not well formed at line { $line }, column { $column }
record-json-cut = the JSON ends too early, at line { $line }, column { $column }
record-json-missing = the field `{ $field }` is missing
record-json-value = { $error } (line { $line }, column { $column })
record-json-ply = move { $move } has ply { $ply }; the moves are numbered 1, 2, 3, ... in order
record-not-over = * (not over)
record-outcome = { $result } ({ $reason })
record-start-over = the start { $start } is already over: no game was played
record-ended = the game ended on the board at ply { $ply }: { $position } leaves no move, so seat { $seat } won ({ $expected }), but the record says { $said }
record-ended-misere = the game ended on the board at ply { $ply }: { $position } leaves no move, so seat { $seat } won in misère play ({ $expected }), but the record says { $said }
record-no-seat = there is no seat { $seat }; the seats are 0 and 1
record-not-how = { $reason } is not how { $game } ends
record-needs-end = { $reason } needs a final position with no move, but from { $position } the player to move has { $moves } moves
record-is-a-draw = { $reason } is a draw, but the record says { $said }
record-no-repetition = a draw by repetition, but the final position { $position } never stood before
record-agreed-draw = only the L-game can be drawn by agreement; { $game } always ends
record-needs-winner = { $reason } needs a winner, but the record says { $said }
record-aborted = an aborted game has no winner and no moves, but it has { $moves } moves and the record says { $said }
record-seat-empty = is empty: write the player's name, or ? for nobody

## grundyd's own terminal: its start, its stop, its refusals to start, `grundyd precompute`.

grundyd-listening = grundyd listening on ws://{ $address } (database { $db }, analysis tables { $analysis })
grundyd-page = the web page: http://{ $address }/
grundyd-page-lan = the web page: http://THIS-COMPUTER:{ $port }/ on the LAN (`hostname -I` gives its address)
grundyd-access-code-visible = --access-code shows in the process list to anyone on this computer: pass it as GRUNDYD_ACCESS_CODE or with --access-code-file
grundyd-access-code-unreadable = cannot read the access code from { $path }
grundyd-access-code-empty = { $path } has no access code on its first line: write the code there
grundyd-cannot-open-db = cannot open the database { $db } (analysis tables in { $analysis })
grundyd-cannot-listen = cannot listen on { $address }; is another grundyd running? pick another with --listen
grundyd-file-limit = the open-file limit allows { $limit } files, fewer than --max-connections clients need; raise it (ulimit -n) or lower --max-connections
grundyd-file-limit-unknown = cannot read the open-file limit
grundyd-cannot-open = cannot open { $path } ({ $option })
grundyd-in-use = { $path } is in use by another grundyd; stop that one first, or pass another { $option }
grundyd-cannot-lock = cannot lock { $path }
grundyd-tables-up-to-date = analysis tables up to date ({ $sets } sets checked in { $elapsed })
grundyd-tables-computed = { $computed } sets computed and stored in { $elapsed }
grundyd-set-computed = computed: { $why }
grundyd-set-missing = missing
grundyd-set-other-engine = stored by engine tables version { $version }
grundyd-set-too-small = stored only up to { $bound }
grundyd-set-damaged = damaged ({ $why })
grundyd-progress = precompute
grundyd-progress-rows = rows
grundyd-progress-eta = eta
grundyd-stopped = stopped
grundyd-error = grundyd: { $error }

## What the server could not do, in a refusal `error-internal` (`doing-*`, nested as its context).

doing-adjudicate-a-game = adjudicate a game
doing-bring-the-match-back = bring the match back
doing-build-a-table = build a table
doing-check-the-formula = check the formula
doing-guess-a-formula = guess a formula
doing-read-the-formula-found = read the formula found
doing-classify-the-position = classify the position
doing-create-the-match = create the match
doing-draw-a-position = draw a position
doing-draw-a-room-code = draw a room code
doing-end-the-match = end the match
doing-end-the-tournament = end the tournament
doing-find-the-periods = find the periods
doing-grade-the-answer = grade the answer
doing-grow-a-table = grow a table
doing-join-the-room = join the room
doing-list-the-p-positions = list the P-positions
doing-list-the-games = list the games
doing-list-the-rooms-with-tournaments = list the rooms with tournaments
doing-list-your-matches = list your matches
doing-look-for-others-of-your-name = look for others of your name
doing-look-the-game-up = look the game up
doing-look-up-the-exam-s-teachers = look up the exam's teachers
doing-look-up-your-token = look up your token
doing-make-a-token = make a token
doing-make-an-owner-token = make an owner token
doing-pair-the-round = pair the round
doing-reach-the-room = reach the room
doing-read-a-named-check = read a named check
doing-read-a-stored-exercise = read a stored exercise
doing-read-the-exhibition = read the exhibition
doing-read-the-game = read the game
doing-read-the-line = read the line
doing-read-the-line-from-the-table = read the line from the table
doing-read-the-match = read the match
doing-read-the-room = read the room
doing-read-the-room-s-exhibitions = read the room's exhibitions
doing-read-the-room-s-tournaments = read the room's tournaments
doing-register-you = register you
doing-release-the-answers = release the answers
doing-remove-the-member = remove the member
doing-rename-you = rename you
doing-replay-the-stored-match = replay the stored match
doing-review-the-game = review the game
doing-run-a-named-check = run a named check
doing-search-a-table = search a table
doing-seat-you = seat you
doing-set-the-exercise = set the exercise
doing-solve-a-staircase-table = solve a staircase table
doing-solve-a-heap-table = compute a heap game's values
doing-solve-a-table = solve a table
doing-start-the-boards = start the boards
doing-start-the-round-s-matches = start the round's matches
doing-store-the-answer = store the answer
doing-store-the-entrant = store the entrant
doing-store-the-exercises = store the exercises
doing-store-the-exhibition = store the exhibition
doing-store-the-imported-game = store the imported game
doing-store-the-member = store the member
doing-store-the-room = store the room
doing-store-the-room-s-settings = store the room's settings
doing-store-the-round = store the round
doing-store-the-tournament = store the tournament
doing-store-the-withdrawal = store the withdrawal
doing-store-your-move = store your move

## Heap games: octal codes, subtraction sets, heaps.

rule-octal-digit = '{ $digit }' (character { $at }) is no octal digit: a code's digits are 0 to 7, as in 0.77 (Kayles)
rule-octal-before-point = an octal code starts with 0 (or 4: a heap may be split without taking), not { $digit }
rule-octal-long = an octal code has at most { $most } digits after the point
rule-octal-no-move = this code allows no move at all: give at least one digit that is not 0, as in 0.77
rule-subtraction-empty = a subtraction game needs at least one count to take, as in --set 1,3,4
rule-subtraction-range = a move takes 1 to { $most } tokens, not { $taken }
rule-heap-too-large = a heap of { $heap } tokens is too large: at most { $most }
rule-subtraction-set = "{ $set }" is no set of counts: write them with commas, as in subtraction 1,3,4, or residues and their period, as in subtraction 1,3 mod 4
rule-subtraction-period = a periodic subtraction set has a period from 1 to { $most }, not { $period }
rule-subtraction-residue = a residue modulo { $period } is 0 to { $period } − 1, not { $residue }
rule-heap-rule = "{ $rule }" is no heap rule: write subtraction 1,3,4, subtraction 1 mod 2, octal 0.77, kayles, dawsons-kayles, dawsons-chess or grundy
rule-heap-count = a heap of { $heap } tokens cannot give { $take } taken and { $left } left
rule-heap-not-allowed = { $rule } has no move { $move }
rule-heap-needs-rule = the heap game needs its rule: --rule kayles, --set 1,3,4 (a subtraction game) or --code 0.77 (an octal game), for instance
rule-no-rule = { $game } takes no rule: only the heap game does (--rule kayles)
rule-heap-count-limit = a heap game has 1 to { $most } heaps, not { $count }
rule-heap-size = heap { $heap } has { $tokens } tokens; a heap of this game holds at most { $most }
rule-no-heap = there is no heap { $number }: the heaps are numbered 1 to { $count }
rule-heap-no-more-splits = the position has { $most } heaps, the most there may be: no heap may be split any more
rule-heap-move-unread = `{ $move }` is not a move: write heap:taken, such as 2:3, heap:taken=left+left to split what is left, such as 2:1=2+4, heap=left+left to split without taking, or the heaps after the move, such as 3,1,5
rule-heap-one-heap = a move changes exactly one heap (or splits it in two side by side); { $from } → { $to } does not
rule-misere-heaps-budget = the misère value of { $position } needs more work than one question is allowed ({ $budget } positions)
