// The messages of protocol v1 (docs/PROTOCOL.md), generated from the Rust crate
// `protocol` by its test `typescript`: do not edit by hand.

/**
 * One bar of a [`Tally`]'s histogram.
 */
export type AnswerCount = { 
/**
 * The answer (canonical form).
 */
answer: string, 
/**
 * Whether it is right.
 */
correct: boolean, 
/**
 * How many students gave it.
 */
count: number, };

/**
 * A graded answer.
 */
export type AnswerInfo = { 
/**
 * Which exercise.
 */
exercise_id: number, 
/**
 * Who answered.
 */
player_id: number, 
/**
 * Their name in the room.
 */
name: string, 
/**
 * The answer as read, in canonical form.
 */
answer: string, 
/**
 * Right or wrong, by the exact classification (false while `withheld`).
 */
correct: boolean, 
/**
 * Why (while `withheld`: when the grade will be told), in English.
 */
explanation: string, 
/**
 * The same as a message of the catalogs, for a client to say in its reader's language
 * (absent from answers given before servers said it so).
 */
explanation_message?: Message | null, 
/**
 * The grade is kept from the student until the teacher releases it or the deadline
 * passes (a room holding an exam); the teacher sees it.
 */
withheld?: boolean, 
/**
 * When (Unix ms).
 */
answered_at: number, };

/**
 * A position as a picture.
 */
export type Board = { "kind": "corner", 
/**
 * Squares a side.
 */
size: number, 
/**
 * The piece's column.
 */
x: number, 
/**
 * The piece's row.
 */
y: number, } | { "kind": "nim", 
/**
 * The piles.
 */
piles: Array<number>, } | { "kind": "heap", 
/**
 * The heaps.
 */
heaps: Array<number>, 
/**
 * What a move may do to one heap.
 */
rule: string, } | { "kind": "chocolate", 
/**
 * The strip's length.
 */
x: number, 
/**
 * The staircase's greatest height.
 */
y: number, 
/**
 * The staircase's length.
 */
z: number, 
/**
 * The staircase's step (0: a rectangle); absent when its edge is a formula.
 */
k?: number | null, 
/**
 * The staircase's edge as a formula in z (`z * z`), when it is not a step.
 */
edge?: string | null, 
/**
 * With a formula edge and at most [`MAX_DRAWN_TOPS`] columns: the height of each
 * column 0 to z above the poison's row, min(y, f(column)), to draw the bar by.
 */
tops?: Array<number> | null, } | { "kind": "lgame", 
/**
 * The squares, rank 4 first.
 */
ranks: [[LSquare, LSquare, LSquare, LSquare], [LSquare, LSquare, LSquare, LSquare], [LSquare, LSquare, LSquare, LSquare], [LSquare, LSquare, LSquare, LSquare]], 
/**
 * The player to move: `red` (seat 0) or `blue`.
 */
to_move: LColor, } | { "kind": "sum", 
/**
 * The components.
 */
components: Array<SumPart>, };

/**
 * A bye: no opponent in a round, scored as a win.
 */
export type ByeInfo = { 
/**
 * The round.
 */
round: number, 
/**
 * Who.
 */
player_id: number, };

/**
 * What `check` asks: a formula checked over every cell of a game's table.
 */
export type CheckQuery = { 
/**
 * The formula (docs/RESEARCH.md): a value formula predicting every cell's Grundy
 * number, or a predicate every cell must satisfy.
 */
formula: string, 
/**
 * Check the cells with coordinates below this bound (default: the stored table's).
 */
upto?: number | null, 
/**
 * Send back where the formula and the table disagree, as a [`DisagreementMap`].
 */
map?: boolean, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * The reply to `check`.
 */
export type CheckReport = { 
/**
 * The formula as read.
 */
formula: string, 
/**
 * `value` or `predicate`.
 */
kind: string, 
/**
 * Whether it held on every cell checked.
 */
holds: boolean, 
/**
 * Cells checked.
 */
checked: number, 
/**
 * Cells where it failed.
 */
failed: number, 
/**
 * The bound: every cell with coordinates below it was checked.
 */
upto: number, 
/**
 * The first counterexamples, in the order checked (at most 10).
 */
counterexamples?: Array<Counterexample>, 
/**
 * Where the formula and the table disagree, when asked for.
 */
map?: DisagreementMap | null, 
/**
 * The server's time for the check, in milliseconds.
 */
elapsed_ms: number, 
/**
 * Where the values came from, for citing.
 */
source: string, 
/**
 * The same as a message of the catalogs (`cited-table`: the bound and the version),
 * for a client to say in its reader's language.
 */
source_message: Message, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * One L-game position class.
 */
export type ClassInfo = { 
/**
 * The canonical position: the mover's L written `R`, `r` to move.
 */
position: string, 
/**
 * `win`, `loss` or `draw` for the mover.
 */
outcome: string, 
/**
 * Plies to the end under best play (`null` for draws).
 */
depth: number | null, };

/**
 * The answer to `query`.
 */
export type Classification = { 
/**
 * The position, in canonical notation.
 */
position: string, 
/**
 * The position as drawn.
 */
board: Board, 
/**
 * `table` (a stored classification), `formula` (an exact closed form) or `computed`
 * (worked out for this question, within the server's limits).
 */
source: string, 
/**
 * How many legal moves there are.
 */
move_count: number, 
/**
 * Every legal move with its value, best first; empty when there are more than the
 * server lists (see `move_count`).
 */
moves: Array<MoveInfo>, 
/**
 * Why `remoteness` is `null` when the reason is worth saying: a sum `too large to
 * search: …`. Absent otherwise.
 */
remoteness_unknown?: string | null, 
/**
 * The same reason as a message of the catalogs (`rule-sum-states`), for a client to say
 * in its reader's language. Absent with `remoteness_unknown`.
 */
remoteness_unknown_message?: Message | null, 
/**
 * A sum's analysis by the Sprague–Grundy theorem (game `sum` only).
 */
sum?: SumInfo | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, 
/**
 * `win`, `loss` or `draw`, for the player to move.
 */
outcome: Verdict, 
/**
 * The Grundy number (impartial games; `null` for the L-game or where unknown).
 */
grundy: number | null, 
/**
 * Plies to the end under best play (`null` for draws or where not computed).
 */
remoteness: number | null, };

/**
 * A client message: a request with its id.
 */
export type ClientMessage = { 
/**
 * Chosen by the client; the reply carries the same id.
 */
id: number, } & ({ "type": "hello", 
/**
 * The protocol version the client speaks.
 */
protocol: number, 
/**
 * The name to show to others: 1 to 40 characters, none of them invisible, a control
 * or a direction control (docs/PROTOCOL.md, Handshake).
 */
name: string, 
/**
 * The token from an earlier `welcome`, to come back as the same player.
 */
token?: string | null, 
/**
 * The server's access code, when it asks for one.
 */
access_code?: string | null, } | { "type": "create_match" } & NewMatch | { "type": "lobby", 
/**
 * Matches of each list to skip (paging; default 0).
 */
offset?: number | null, 
/**
 * Matches of each list to give at most (default and most: `limits::LOBBY_PAGE`).
 */
limit?: number | null, } | { "type": "join", 
/**
 * Which match.
 */
match_id: number, } | { "type": "watch", 
/**
 * Which match.
 */
match_id: number, } | { "type": "unwatch", 
/**
 * Which match.
 */
match_id: number, } | { "type": "move", 
/**
 * Which match.
 */
match_id: number, 
/**
 * The move in any accepted notation.
 */
move: string, } | { "type": "resign", 
/**
 * Which match.
 */
match_id: number, } | { "type": "offer_draw", 
/**
 * Which match.
 */
match_id: number, } | { "type": "accept_draw", 
/**
 * Which match.
 */
match_id: number, } | { "type": "decline_draw", 
/**
 * Which match.
 */
match_id: number, } | { "type": "abort", 
/**
 * Which match.
 */
match_id: number, } | { "type": "rematch", 
/**
 * Which match.
 */
match_id: number, } | { "type": "ping", } | { "type": "query", 
/**
 * The position, in NOTATION.md form.
 */
position: string, 
/**
 * List only the best this many moves (`move_count` still counts them all).
 */
limit?: number | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, } | { "type": "table", 
/**
 * Rows (default `0..16`).
 */
rows?: Span | null, 
/**
 * Columns (default: as the rows).
 */
cols?: Span | null, 
/**
 * The coordinate the table does not show: Nim's third heap (a table of three
 * heaps), a misère chocolate bar's strip x (default 0).
 */
layer?: number | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, } | { "type": "periodicity" } & PeriodicityQuery | { "type": "sequence" } & SequenceQuery | { "type": "check" } & CheckQuery | { "type": "check_named" } & NamedCheckQuery | { "type": "named_checks", } | { "type": "guess" } & GuessQuery | { "type": "games", 
/**
 * Games in which a player of this name sat.
 */
player?: string | null, 
/**
 * Games of this game.
 */
game?: Game | null, 
/**
 * `waiting`, `playing`, `finished` or `aborted`.
 */
status?: MatchStatus | null, 
/**
 * Finished games with this result: `draw`, or `win` / `loss` from `player`'s side.
 */
result?: string | null, 
/**
 * Created at or after (Unix ms).
 */
since?: number | null, 
/**
 * Created before (Unix ms).
 */
until?: number | null, 
/**
 * Page size (default 50, at most 500).
 */
limit?: number | null, 
/**
 * Games to skip (paging).
 */
offset?: number | null, } | { "type": "game", 
/**
 * Which match.
 */
match_id: number, 
/**
 * Plies before the page: its first move is ply `from + 1` (default 0, the first).
 */
from?: number | null, 
/**
 * Moves at most (default and most [`crate::limits::GAME_PAGE`]; 0 for the game
 * alone).
 */
limit?: number | null, } | { "type": "review", 
/**
 * Which match.
 */
match_id: number, 
/**
 * Plies before the page: its first move is ply `from + 1` (default 0, the first).
 */
from?: number | null, 
/**
 * Plies at most (default and most [`crate::limits::REVIEW_PAGE`]).
 */
limit?: number | null, } | { "type": "export", 
/**
 * Which match.
 */
match_id: number, 
/**
 * `text` (default) or `json`.
 */
format: ExportFormat, } | { "type": "import", 
/**
 * The game text.
 */
text: string, } | { "type": "create_room", 
/**
 * The room's name, shown to everyone who joins.
 */
name: string, 
/**
 * Whether students may ask the server for values (`query`, `table`, `review`) while the
 * room has an exercise open: off, they must work the answers out themselves.
 */
hints: boolean, 
/**
 * The strongest engine the room's students may play against: `easy`, `medium`,
 * `perfect`, or `none` (only each other); any when absent.
 */
engine?: string | null, 
/**
 * Exam mode (docs/CLASSROOM.md): while any room holds an exam, nobody but its teachers
 * gets analysis, plays the engine or sees values on a board, and its students see their
 * grades and the solutions only once released (or past the deadline).
 */
exam?: boolean, 
/**
 * The room's language (`en`, `ja`) for what the whole class reads: the projector's
 * boards and the results' CSV. Absent: each reader's own language (the CSV in English).
 */
language?: string | null, } | { "type": "leave_room", 
/**
 * The room's code.
 */
code: string, } | { "type": "join_room", 
/**
 * The join code, such as `K7Q2` (letter case does not matter).
 */
code: string, 
/**
 * The name to go by in the room (default: the player's name).
 */
name?: string | null, 
/**
 * The room's owner token, to join as a teacher.
 */
owner_token?: string | null, } | { "type": "configure_room", 
/**
 * Which room.
 */
code: string, 
/**
 * Whether students may ask for values while they have an exercise open.
 */
hints?: boolean | null, 
/**
 * The strongest engine students may play: `easy`, `medium`, `perfect`, `none`, or
 * `any` (no limit).
 */
engine?: string | null, 
/**
 * Exam mode on or off (docs/CLASSROOM.md).
 */
exam?: boolean | null, 
/**
 * The room's language for its projector and CSV: `en`, `ja`, or `reader` (each
 * reader's own again).
 */
language?: string | null, } | { "type": "release_answers", 
/**
 * Which room.
 */
code: string, } | { "type": "set_exercises", 
/**
 * Which room.
 */
code: string, 
/**
 * The exercises, in order.
 */
exercises: Array<ExerciseSpec>, 
/**
 * Answers are taken for this many seconds; for ever when absent.
 */
deadline_s?: number | null, } | { "type": "answer", 
/**
 * Which room.
 */
code: string, 
/**
 * Which exercise.
 */
exercise_id: number, 
/**
 * The answer: `win`/`loss`/`draw`, a number, a move, or moves separated by `;`
 * (`none` when there is no winning move).
 */
answer: string, } | { "type": "export_room", 
/**
 * Which room.
 */
code: string, } | { "type": "create_tournament" } & NewTournament | { "type": "enter_tournament", 
/**
 * Which room.
 */
code: string, 
/**
 * Which tournament.
 */
tournament_id: number, } | { "type": "withdraw_tournament", 
/**
 * Which room.
 */
code: string, 
/**
 * Which tournament.
 */
tournament_id: number, 
/**
 * Whom a teacher withdraws (default: the sender).
 */
player_id?: number | null, } | { "type": "start_simul" } & NewSimul | { "type": "next_round", 
/**
 * Which room.
 */
code: string, 
/**
 * Which tournament.
 */
tournament_id: number, });

/**
 * The clocks of a match, as of the moment the message was sent.
 */
export type Clock = { 
/**
 * The setting, `5+3`.
 */
spec: ClockSpec, 
/**
 * Time left for seat 0 and seat 1, in milliseconds.
 */
remaining_ms: [number, number], 
/**
 * The seat whose clock is running, if any.
 */
running: number | null, };

/**
 * A clock setting: minutes for the game plus seconds added after each move. Written `5+3`.
 */
export type ClockSpec = string;

/**
 * One component of a sum and its value on its own.
 */
export type ComponentInfo = { 
/**
 * Its position.
 */
position: string, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, 
/**
 * `win`, `loss` or `draw`, for the player to move.
 */
outcome: Verdict, 
/**
 * The Grundy number (impartial games; `null` for the L-game or where unknown).
 */
grundy: number | null, 
/**
 * Plies to the end under best play (`null` for draws or where not computed).
 */
remoteness: number | null, };

/**
 * A cell where a formula and the table disagree.
 */
export type Counterexample = { 
/**
 * The cell, in the game's notation of the table (`x,y`; `y,z` for chocolate).
 */
cell: string, 
/**
 * What a value formula gives there (absent for a predicate).
 */
formula?: string | null, 
/**
 * The true Grundy number.
 */
grundy: number, };

/**
 * Where a formula and a table disagree, binned: the table's cells are grouped in squares
 * of `bin` × `bin` coordinates (1 for tables of side at most [`MAX_MAP_SIDE`]), and each
 * square counts its cells and the cells where the formula fails.
 *
 * Bins are listed row by row, from the row of `up` = 0 upwards, each from `across` = 0:
 * the bin of a cell is `(up / bin) * width + across / bin`.
 */
export type DisagreementMap = { 
/**
 * The coordinate across: `x` for the corner games, `z` for chocolate.
 */
across: string, 
/**
 * The coordinate up: `y`.
 */
up: string, 
/**
 * Coordinates per bin, along both sides.
 */
bin: number, 
/**
 * Bins across and up.
 */
width: number, height: number, 
/**
 * Cells checked in each bin (0 where the table has no cell: above a staircase).
 */
cells: Array<number>, 
/**
 * Cells of each bin where the formula fails.
 */
failed: Array<number>, };

/**
 * One player of a tournament.
 */
export type Entrant = { 
/**
 * The player.
 */
player_id: number, 
/**
 * Their name in the room.
 */
name: string, 
/**
 * Withdrawn players are paired no more; their games count.
 */
withdrawn?: boolean, };

/**
 * The body of an `error` message.
 *
 * `details` holds the values the message names, so that a client can say the same thing in
 * another language: `kind`, a stable snake_case name of the precise refusal (the `code` is
 * its family: many refusals share `invalid_state`), and one field per value (`room`,
 * `match_id`, `input`, `ply`, ...). Empty details are left out of the JSON.
 */
export type ErrorBody = { 
/**
 * What kind of error, for programs.
 */
code: ErrorCode, 
/**
 * What went wrong and what to do, for people.
 */
message: string, 
/**
 * The refusal's precise kind and the values its message names.
 */
details?: { [key in string]: JsonValue }, };

/**
 * Stable error codes. New codes may be added; existing ones never change meaning.
 */
export type ErrorCode = "bad_message" | "unsupported_version" | "hello_first" | "already_welcomed" | "bad_access_code" | "bad_token" | "bad_parameters" | "bad_position" | "bad_notation" | "illegal_move" | "not_your_turn" | "not_your_seat" | "no_such_match" | "match_not_active" | "invalid_state" | "too_large" | "rate_limited" | "no_such_room" | "no_such_exercise" | "not_teacher" | "name_taken" | "already_answered" | "deadline_passed" | "hints_off" | "engine_not_allowed" | "internal";

/**
 * An exercise of a room, as its members see it.
 */
export type ExerciseInfo = { 
/**
 * The exercise's id (unique on the server).
 */
id: number, 
/**
 * Exercises set together (a homework) share a set number, counted from 1 in the room.
 */
set: number, 
/**
 * The position, in canonical notation.
 */
position: string, 
/**
 * The position as drawn.
 */
board: Board, 
/**
 * The question's name.
 */
question: string, 
/**
 * The question as a student reads it.
 */
prompt: string, 
/**
 * When it was set (Unix ms).
 */
set_at: number, 
/**
 * When answers stop being taken (Unix ms), if ever.
 */
deadline?: number | null, 
/**
 * The exact answer: for teachers always, for students once the deadline has passed.
 */
solution?: string | null, 
/**
 * The position's legal moves, in notation, when there are at most
 * [`crate::limits::LEGAL_MOVES_LISTED`]: a move is answered by pointing at the board.
 */
legal_moves?: Array<string>, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * An exercise as a teacher sets it.
 */
export type ExerciseSpec = { 
/**
 * A position, `standard`, or `random` (drawn by the server, see `remoteness`).
 */
position: string, 
/**
 * `outcome`, `grundy`, `winning_move`, `winning_moves` or `remoteness`.
 */
question: string, 
/**
 * For `random`: the moves to the end with best play must lie in this range (the
 * difficulty); any when absent.
 */
remoteness?: Span | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * Export formats.
 */
export type ExportFormat = "text" | "json";

/**
 * Who moves first.
 */
export type First = "me" | "them" | "random";

/**
 * How a tournament is paired.
 */
export type Format = "round_robin" | "swiss";

/**
 * A game's name, as every interface writes it.
 */
export type Game = "queen" | "rook" | "horse" | "dragon" | "corner" | "nim" | "heap" | "chocolate" | "lgame" | "sum";

/**
 * One line of a game list.
 */
export type GameSummary = { 
/**
 * The match id.
 */
match_id: number, 
/**
 * The start position.
 */
start: string, 
/**
 * Where it stands.
 */
status: MatchStatus, 
/**
 * Who played.
 */
seats: [SeatInfo, SeatInfo], 
/**
 * Moves played.
 */
ply: number, 
/**
 * The result, once over.
 */
result: Outcome | null, 
/**
 * Created, Unix milliseconds.
 */
created_at: number, 
/**
 * Finished, Unix milliseconds.
 */
finished_at: number | null, 
/**
 * Imported from a record (`import`), not played on this server: its names are as the
 * record wrote them, not players who said hello here. Absent (false) otherwise.
 */
imported?: boolean, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * What `guess` looks for.
 */
export type GuessAim = "grundy" | "p_positions";

/**
 * What `guess` asks: the shortest formula, in the language of `check`, equal to a game's
 * Grundy table (or true exactly at its P-positions) on every cell below a bound, found from
 * the table alone, then checked on the stored table to say how far it holds.
 */
export type GuessQuery = { 
/**
 * The Grundy numbers (default) or the P-positions.
 */
aim: GuessAim, 
/**
 * Match the cells with coordinates below this bound: 8 to 256, default 32.
 */
upto?: number | null, 
/**
 * Enumerate every formula up to this size (operators and operands): 3 to 12, default
 * 8. Larger formulas are put together from these.
 */
size?: number | null, 
/**
 * Stop after this many seconds (default and most: the server's time limit for a check).
 */
seconds?: number | null, 
/**
 * Check the formula found on the cells below this bound (default: the stored table's).
 */
check_upto?: number | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * The reply to `guess`.
 */
export type GuessReport = { 
/**
 * What was looked for.
 */
aim: GuessAim, 
/**
 * The shortest formula found: a value formula, or the predicate true at the
 * P-positions. Absent when none was found.
 */
formula?: string | null, 
/**
 * The same as `check` reads it (`grundy == 0 <-> …` for the P-positions).
 */
statement?: string | null, 
/**
 * Its size: operators and operands.
 */
size?: number | null, 
/**
 * Why the search ended: `shortest` (every smaller formula was tried), `searched` (every
 * formula up to `complete` was tried, and the compositions of them), `full` (the search
 * held as many formulas as it may), `late` (the time limit).
 */
end: string, 
/**
 * Every formula up to this size was tried (one per behaviour on the sample cells).
 */
complete: number, 
/**
 * Formulas kept: distinct behaviours on the sample cells.
 */
kept: number, 
/**
 * Sample cells, and rounds (one more each time a formula fitting them failed elsewhere).
 */
samples: number, rounds: number, 
/**
 * The formula holds on every cell with coordinates below this bound (`cells` cells).
 */
upto: number, cells: number, 
/**
 * Checked further, on the stored table: it holds on every cell below this bound …
 */
holds_below?: number | null, 
/**
 * … of the bound checked to …
 */
check_upto: number, 
/**
 * … and fails first here (absent when it holds to `check_upto`).
 */
fails_at?: Counterexample | null, 
/**
 * The server's time for the search and the check, in milliseconds.
 */
elapsed_ms: number, 
/**
 * Where the values came from, for citing.
 */
source: string, 
/**
 * The same as a message of the catalogs.
 */
source_message: Message, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * A player of the L-game.
 */
export type LColor = "red" | "blue";

/**
 * What stands on a square of the L-game.
 */
export type LSquare = "empty" | "red" | "blue" | "neutral";

/**
 * Which lines of a table a question follows. A line's values are indexed by the coordinate
 * that runs along it.
 */
export type LineKind = "row" | "column" | "diagonal";

/**
 * Everything a client needs to show a match.
 */
export type MatchState = { 
/**
 * The match id.
 */
match_id: number, 
/**
 * The starting position.
 */
start: string, 
/**
 * The current position.
 */
position: string, 
/**
 * The current position as drawn.
 */
board: Board, 
/**
 * Moves played so far.
 */
ply: number, 
/**
 * Waiting, playing, finished or aborted.
 */
status: MatchStatus, 
/**
 * The seat to move, while playing.
 */
to_move: number | null, 
/**
 * Seat 0 (moves first; red in the L-game) and seat 1.
 */
seats: [SeatInfo, SeatInfo], 
/**
 * The moves after ply `history_from`, first to last: every move in replies, the latest
 * few in events (a long game's every event would otherwise repeat the whole game).
 */
history: Array<MoveRecord>, 
/**
 * The ply `history` starts after: 0 (omitted) when it holds every move.
 */
history_from?: number, 
/**
 * The legal moves from the current position, when there are at most 64 (else `null`).
 */
legal_moves: Array<string> | null, 
/**
 * How many legal moves there are.
 */
legal_move_count: number, 
/**
 * The clocks, when the match has one.
 */
clock: Clock | null, 
/**
 * The seat offering a draw (L-game), if any.
 */
draw_offer: number | null, 
/**
 * The seat asking for a rematch, if any.
 */
rematch_offer: number | null, 
/**
 * How many times the current position (with the side to move) has occurred.
 */
repetitions: number, 
/**
 * After a draw by repetition: the plies at which the repeated position occurred (0 is
 * the start); the moves between the first and the last form the cycle.
 */
repetition_plies?: Array<number>, 
/**
 * The match this one is a rematch of.
 */
rematch_of: number | null, 
/**
 * The rematch that followed this match, once created.
 */
rematch: number | null, 
/**
 * The result, once finished.
 */
result: Outcome | null, 
/**
 * A sum's components, each with its own value (game `sum` only): what the board shows
 * beside each component.
 */
components?: Array<ComponentInfo> | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * Where a match stands.
 */
export type MatchStatus = "waiting" | "playing" | "finished" | "aborted";

/**
 * One line of the lobby.
 */
export type MatchSummary = { 
/**
 * The match id.
 */
match_id: number, 
/**
 * Waiting or playing.
 */
status: MatchStatus, 
/**
 * Who sits where (an empty seat has no name).
 */
seats: [SeatInfo, SeatInfo], 
/**
 * Moves played so far.
 */
ply: number, 
/**
 * The clock setting, if any.
 */
clock: ClockSpec | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * A room member, as teachers see them.
 */
export type Member = { 
/**
 * Their player id.
 */
player_id: number, 
/**
 * Their name in the room.
 */
name: string, 
/**
 * Teacher or student.
 */
role: Role, 
/**
 * Whether they have a connection in the room now.
 */
connected: boolean, };

/**
 * A message and its arguments: `{"id": "grade-wins", "args": {"move": "3,3"}}`.
 */
export type Message = { 
/**
 * The message's id in the catalogs.
 */
id: string, 
/**
 * Its arguments by name (none: left out).
 */
args?: { [key in string]: MessageArg }, };

/**
 * An argument of a message: text said as it is (notation, numbers), a count (said in the
 * singular or plural as the language wants), or another message, said first.
 */
export type MessageArg = string | number | Message;

/**
 * A move and the value of the position it leads to, for the player to move there. On the
 * wire its value's fields sit beside the move's:
 * `{"move":"1,3","position":"1,3","outcome":"win","grundy":4,"remoteness":3}`.
 */
export type MoveInfo = { move: string, position: string, outcome: Verdict, grundy: number | null, remoteness: number | null, };

/**
 * One move of a match.
 */
export type MoveRecord = { 
/**
 * 1 for the first move.
 */
ply: number, 
/**
 * Who moved.
 */
seat: number, 
/**
 * The move in canonical notation.
 */
move: string, 
/**
 * The position after it.
 */
position: string, 
/**
 * Thinking time used, in milliseconds.
 */
time_ms: number, };

/**
 * A named check as `named_checks` lists it.
 */
export type NamedCheckInfo = { 
/**
 * Its name, for `check_named`.
 */
name: string, 
/**
 * The statement in words.
 */
title: string, 
/**
 * The tables it is about: `queen`, `rook`, `horse`, `dragon`, `chocolate k even`,
 * `chocolate k odd`, `chocolate k=1`.
 */
tables: string, 
/**
 * The formula.
 */
formula: string, 
/**
 * `theorem`, `published` or `conjecture`.
 */
status: string, 
/**
 * Where it comes from.
 */
reference: string, };

/**
 * What `check_named` asks: one of the named checks (`grundy check --list`) run against
 * every stored table it is about.
 */
export type NamedCheckQuery = { 
/**
 * The named check: `rook-nim`, `wythoff`, `dragon-king`, `dragon-horse`,
 * `chocolate-even`, `chocolate-one` or `chocolate-odd`.
 */
name: string, 
/**
 * Check the cells with coordinates below this bound (default: each stored table's).
 */
upto?: number | null, 
/**
 * Send back each table's [`DisagreementMap`].
 */
map?: boolean, };

/**
 * The reply to `check_named`: the statement, how much is known of it, and the check of each
 * table it is about.
 */
export type NamedCheckReport = { 
/**
 * The named check.
 */
name: string, 
/**
 * The statement in words.
 */
title: string, 
/**
 * The formula checked.
 */
formula: string, 
/**
 * `theorem`, `published` or `conjecture`.
 */
status: string, 
/**
 * Where the statement comes from.
 */
reference: string, 
/**
 * Whether it held on every table.
 */
holds: boolean, 
/**
 * What the checks show, in one sentence to cite: `verified for odd k in {1, 3, 5},
 * z < 1024 (… cells)`.
 */
verdict: string, 
/**
 * The same as a message of the catalogs (`verdict-verified`, `verdict-refuted`, …).
 */
verdict_message: Message, 
/**
 * The check of each table, in order.
 */
checks: Array<CheckReport>, };

/**
 * Another player whose name reads the same (see [`Welcome::namesakes`]).
 */
export type Namesake = { 
/**
 * Their player id.
 */
player_id: number, 
/**
 * Their name as they wrote it.
 */
name: string, 
/**
 * Whether they have a connection open now.
 */
connected: boolean, 
/**
 * The matches not over in which they have a seat.
 */
matches: Array<number>, };

/**
 * What `create_match` asks for.
 */
export type NewMatch = { 
/**
 * `standard` (default), `random`, or a position.
 */
start: string, 
/**
 * `human` or `{"engine": "perfect"}`.
 */
opponent: Opponent, 
/**
 * Who moves first (default `me`).
 */
first: First, 
/**
 * An optional clock, `5+3`.
 */
clock?: ClockSpec | null, 
/**
 * Let the engine at this level play the creator's seat too (engine against engine,
 * for watching); the creator then follows as a spectator.
 */
my_engine?: string | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * What `start_simul` asks for.
 */
export type NewSimul = { 
/**
 * The room.
 */
code: string, 
/**
 * `standard`, `random` (one position, the same on every board) or a position.
 */
start: string, 
/**
 * Who plays every board: `human` (the teacher who starts it) or `{"engine": LEVEL}`.
 */
host: Opponent, 
/**
 * Whether the students move first (default: the host does).
 */
students_first?: boolean, 
/**
 * An optional clock for every board, `5+3`.
 */
clock?: ClockSpec | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * What `create_tournament` asks for.
 */
export type NewTournament = { 
/**
 * The room.
 */
code: string, 
/**
 * `standard`, `random` (a position drawn for each round, the same on every board), or a
 * position.
 */
start: string, 
/**
 * Round robin or Swiss.
 */
format: Format, 
/**
 * Swiss: how many rounds (round robin: as many as it takes).
 */
rounds?: number | null, 
/**
 * An optional clock for every game, `5+3`.
 */
clock?: ClockSpec | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * Who plays the other seat.
 */
export type Opponent = "human" | { "engine": string };

/**
 * The result of a finished match.
 */
export type Outcome = { 
/**
 * The winning seat; `null` for a draw (or an abort).
 */
winner: number | null, 
/**
 * Why it ended.
 */
reason: Reason, };

/**
 * What `periodicity` asks.
 */
export type PeriodicityQuery = { 
/**
 * Which lines: rows (the default), columns or diagonals.
 */
line?: LineKind | null, 
/**
 * The lines' numbers (default `0..16`): rows, columns or diagonals D ≥ 0.
 */
rows?: Span | null, 
/**
 * Read each line over its cells with coordinates below this bound (default: the stored
 * table's).
 */
upto?: number | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * The reply to `periodicity`: each line's periodicity, and what it was checked against.
 */
export type PeriodicityReport = { 
/**
 * The lines followed: rows, columns or diagonals.
 */
line: LineKind, 
/**
 * The bound: every line was read over its cells with coordinates below it (each line's
 * `to` says where that ended), and the relation holds up to there.
 */
upto: number, 
/**
 * Whole periods the periodic part had to span beyond one period.
 */
repeats: number, 
/**
 * The largest period looked for.
 */
max_period: number, 
/**
 * The lines, in order (those beyond the stored table left out).
 */
rows: Array<RowPeriodicity>, 
/**
 * A heap game's period of one heap's values (row 0) proved by the octal games'
 * periodicity theorem from the values read, which then holds for every heap: present
 * only where the theorem applies and proves one.
 */
proved?: ProvedPeriod | null, 
/**
 * Where the values came from, for citing: the stored table and its bound, and the
 * engine's version.
 */
source: string, 
/**
 * The same as a message of the catalogs (`cited-table`: the bound and the version),
 * for a client to say in its reader's language.
 */
source_message: Message, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * A period proved from a finite prefix: G(n + period) = G(n) for every n ≥ preperiod.
 */
export type ProvedPeriod = { 
/**
 * n0: the least heap from which the period holds.
 */
preperiod: number, 
/**
 * The least period.
 */
period: number, 
/**
 * How many values the proof read (G(0) to G(checked − 1)).
 */
checked: number, };

/**
 * Why a match ended.
 */
export type Reason = "corner_reached" | "last_stone" | "poison_left" | "l_blocked" | "no_move_left" | "resignation" | "repetition" | "agreed_draw" | "flag_fall" | "abandonment" | "aborted" | "adjudication";

/**
 * One move of a reviewed game.
 */
export type ReviewedMove = { 
/**
 * The position's value before the move, for the mover.
 */
before: ValueInfo, 
/**
 * The value after it, for the opponent.
 */
after: ValueInfo, 
/**
 * The position after the move, as drawn.
 */
board: Board, 
/**
 * `best`, `inaccuracy` (same result, slower), `mistake` (draw → loss or win → draw) or
 * `blunder` (win → loss).
 */
annotation: string, 
/**
 * The better moves there were, best first: at most [`crate::limits::BETTER_LISTED`] of
 * them, in at most [`crate::limits::BETTER_BYTES`].
 */
better: Array<MoveInfo>, 
/**
 * How many better moves there were, when `better` lists only the best of them; absent
 * when it lists them all.
 */
better_count?: number | null, 
/**
 * 1 for the first move.
 */
ply: number, 
/**
 * Who moved.
 */
seat: number, 
/**
 * The move in canonical notation.
 */
move: string, 
/**
 * The position after it.
 */
position: string, 
/**
 * Thinking time used, in milliseconds.
 */
time_ms: number, };

/**
 * Who someone is in a room.
 */
export type Role = "teacher" | "student";

/**
 * A room's switches, set by a teacher.
 */
export type RoomSettings = { 
/**
 * Whether students may ask the server for values (`query`, `table`, `review`) while the
 * room has an exercise open: off, they must work the answers out themselves.
 */
hints: boolean, 
/**
 * The strongest engine the room's students may play against: `easy`, `medium`,
 * `perfect`, or `none` (only each other); any when absent.
 */
engine?: string | null, 
/**
 * Exam mode (docs/CLASSROOM.md): while any room holds an exam, nobody but its teachers
 * gets analysis, plays the engine or sees values on a board, and its students see their
 * grades and the solutions only once released (or past the deadline).
 */
exam?: boolean, 
/**
 * The room's language (`en`, `ja`) for what the whole class reads: the projector's
 * boards and the results' CSV. Absent: each reader's own language (the CSV in English).
 */
language?: string | null, };

/**
 * A room as one member sees it: the reply to `create_room` and `join_room`.
 */
export type RoomView = { 
/**
 * The join code.
 */
code: string, 
/**
 * The room's name.
 */
name: string, 
/**
 * The reader's role.
 */
role: Role, 
/**
 * The room's switches.
 */
settings: RoomSettings, 
/**
 * The secret that makes its holder a teacher of this room (`join_room` with
 * `owner_token`): only in the reply to `create_room`. Keep it private.
 */
owner_token?: string | null, 
/**
 * Everyone in the room (teachers only; empty for students).
 */
members?: Array<Member>, 
/**
 * Every exercise set so far, oldest first.
 */
exercises: Array<ExerciseInfo>, 
/**
 * Answers: every student's for teachers, the reader's own for students.
 */
answers: Array<AnswerInfo>, 
/**
 * How the class answered each exercise (teachers only).
 */
tallies?: Array<Tally>, 
/**
 * The room's tournaments, oldest first.
 */
tournaments?: Array<TournamentView>, 
/**
 * The room's exhibitions, oldest first.
 */
simuls?: Array<SimulView>, };

/**
 * The periodicity found in one line of a table.
 */
export type RowPeriodicity = { 
/**
 * The line's number (see the report's `line`): the row (x for the corner games, y for
 * chocolate), the column (y; z for chocolate) or the diagonal D.
 */
row: number, 
/**
 * The index of the line's first value: the coordinate that runs along it, at its first
 * cell (y along a corner game's row, z = k·y along a chocolate row, 0 along the others).
 */
from: number, 
/**
 * One past the index of the last value checked: the values `from..to` were read.
 */
to: number, 
/**
 * The first index from which `g(c + period) = g(c) + saltus` holds, absent when no
 * period was seen well enough.
 */
preperiod?: number | null, 
/**
 * The smallest period seen (absent: none).
 */
period?: number | null, 
/**
 * What a period adds: 0 for a line that is (ultimately) periodic in the plain sense.
 */
saltus?: number | null, };

/**
 * Who sits in a seat.
 */
export type SeatInfo = { 
/**
 * The player's id, when a person sits here.
 */
player_id?: number | null, 
/**
 * The player's name, or `engine (perfect)`.
 */
name?: string | null, 
/**
 * The engine level, when the engine sits here.
 */
engine?: string | null, 
/**
 * Whether the player is connected now (the engine always is).
 */
connected: boolean, 
/**
 * While the match is under way and the player has no connection open: how long they
 * have left to come back before losing by abandonment, in milliseconds.
 */
abandon_in_ms?: number | null, };

/**
 * What `sequence` lists: one line of a table, or its P-positions.
 */
export type SequenceLine = { "row": number } | { "column": number } | { "diagonal": number } | "p_positions";

/**
 * What `sequence` asks: one line of a game's stored table, or its P-positions, to export.
 */
export type SequenceQuery = { 
/**
 * The line, or the P-positions.
 */
line: SequenceLine, 
/**
 * Only cells with coordinates below this bound (default: the stored table's).
 */
upto?: number | null, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * The reply to `sequence`. A line's value i is the Grundy number of the cell
 * `first + i·step`, indexed `offset + i`; P-positions are listed as `cells`.
 */
export type SequenceReport = { 
/**
 * The line, or the P-positions, as asked.
 */
line: SequenceLine, 
/**
 * The bound: every cell read has coordinates below it.
 */
upto: number, 
/**
 * A line's index of its first value (OEIS's offset): the coordinate running along the
 * line, at its first cell. Absent for the P-positions.
 */
offset?: number | null, 
/**
 * A line's first cell, in the table's notation (x, y; y, z for chocolate).
 */
first?: [number, number] | null, 
/**
 * What each step along a line adds to the cell.
 */
step?: [number, number] | null, 
/**
 * A line's Grundy numbers, in order.
 */
values?: Array<number>, 
/**
 * The P-positions, in the table's notation, ordered by the first coordinate, then the
 * second (a corner game's mirror images included).
 */
cells?: Array<[number, number]>, 
/**
 * Where the values came from, for citing: the stored table and its bound, and the
 * server's version.
 */
source: string, 
/**
 * The same as a message of the catalogs (`cited-table`: the bound and the version),
 * for a client to say in its reader's language.
 */
source_message: Message, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * A server message: a reply to the request with `id`, or an event when `id` is absent.
 */
export type ServerMessage = { 
/**
 * The id of the request this answers; absent on pushed events.
 */
id?: number | null, } & ({ "type": "welcome" } & Welcome | { "type": "error" } & ErrorBody | { "type": "match", 
/**
 * The state.
 */
state: MatchState, } | { "type": "lobby", 
/**
 * Matches waiting for an opponent.
 */
open: Array<MatchSummary>, 
/**
 * Matches in progress.
 */
playing: Array<MatchSummary>, 
/**
 * How many matches wait in all, when more than this page shows.
 */
open_total?: number | null, 
/**
 * How many matches are in progress in all, when more than this page shows.
 */
playing_total?: number | null, } | { "type": "move_accepted", 
/**
 * Which match.
 */
match_id: number, 
/**
 * The ply of the move.
 */
ply: number, 
/**
 * The move in canonical notation.
 */
move: string, 
/**
 * The position after it.
 */
position: string, } | { "type": "done", 
/**
 * Which match.
 */
match_id: number, } | { "type": "pong" } | { "type": "classification" } & Classification | { "type": "table" } & TableData | { "type": "periodicity" } & PeriodicityReport | { "type": "sequence" } & SequenceReport | { "type": "check" } & CheckReport | { "type": "check_named" } & NamedCheckReport | { "type": "guess" } & GuessReport | { "type": "progress", 
/**
 * The id of the request under way.
 */
request: number, 
/**
 * What is being done: `solving the queen table to 8192×8192`.
 */
what: string, 
/**
 * The same as a message of the catalogs (`progress-corner`, `progress-staircases`,
 * `progress-check`, `progress-guess`, `progress-guess-join`), for a client to say in
 * its reader's language.
 */
what_message: Message, 
/**
 * Steps done.
 */
done: number, 
/**
 * Steps in all.
 */
total: number, } | { "type": "named_checks", 
/**
 * Every named check, in order.
 */
checks: Array<NamedCheckInfo>, } | { "type": "games", 
/**
 * The page of games, newest first.
 */
games: Array<GameSummary>, } | { "type": "game", 
/**
 * The game.
 */
game: GameSummary, 
/**
 * Plies before the page: its first move is ply `from + 1`.
 */
from: number, 
/**
 * The `from` of the next page; absent after the last.
 */
next?: number | null, 
/**
 * The page's moves.
 */
moves: Array<MoveRecord>, } | { "type": "review", 
/**
 * Which match.
 */
match_id: number, 
/**
 * Plies before the page: its first move is ply `from + 1`.
 */
from: number, 
/**
 * Plies in the whole game.
 */
total: number, 
/**
 * The `from` of the next page; absent after the last.
 */
next?: number | null, 
/**
 * The position before the page's first move (the start, for the first page), as
 * drawn.
 */
board_before: Board, 
/**
 * The page's moves, annotated.
 */
moves: Array<ReviewedMove>, } | { "type": "export", 
/**
 * Which match.
 */
match_id: number, 
/**
 * The format.
 */
format: ExportFormat, 
/**
 * The game text (for `json`, a JSON document as a string).
 */
content: string, 
/**
 * Why the record carries no annotations when the game has moves: it cannot be
 * reviewed, or it would be larger than [`crate::limits::MAX_REPLY_BYTES`] with
 * them. Absent when annotated.
 */
unannotated?: string | null, } | { "type": "imported", 
/**
 * The new match id.
 */
match_id: number, } | { "type": "room", 
/**
 * The room.
 */
room: RoomView, } | { "type": "room_settings", 
/**
 * Which room.
 */
code: string, 
/**
 * The switches now.
 */
settings: RoomSettings, } | { "type": "answers_released", 
/**
 * Which room.
 */
code: string, } | { "type": "exercises_set", 
/**
 * Which room.
 */
code: string, 
/**
 * The new exercises.
 */
exercises: Array<ExerciseInfo>, } | { "type": "graded", 
/**
 * Which room.
 */
code: string, 
/**
 * The graded answer.
 */
answer: AnswerInfo, } | { "type": "answered", 
/**
 * Which room.
 */
code: string, 
/**
 * The graded answer.
 */
answer: AnswerInfo, 
/**
 * The exercise's answers so far.
 */
tally: Tally, } | { "type": "room_left", 
/**
 * Which room.
 */
code: string, 
/**
 * Who left.
 */
player_id: number, } | { "type": "room_member", 
/**
 * Which room.
 */
code: string, 
/**
 * Who, as they are now.
 */
member: Member, } | { "type": "tournament", 
/**
 * Which room.
 */
code: string, 
/**
 * The tournament.
 */
tournament: TournamentView, } | { "type": "simul", 
/**
 * Which room.
 */
code: string, 
/**
 * The exhibition.
 */
simul: SimulView, } | { "type": "room_export", 
/**
 * Which room.
 */
code: string, 
/**
 * CSV with a header row.
 */
content: string, });

/**
 * One board of an exhibition.
 */
export type SimulGame = { 
/**
 * The match.
 */
match_id: number, 
/**
 * The student.
 */
player_id: number, 
/**
 * Their name in the room.
 */
name: string, 
/**
 * From the student's side: `win`, `loss`, `draw`, or absent while it is played.
 */
result?: string | null, };

/**
 * An exhibition as the room sees it.
 */
export type SimulView = { 
/**
 * Its id (unique on the server).
 */
id: number, 
/**
 * The position every board started from.
 */
start: string, 
/**
 * Who plays every board: the teacher's name, or `engine (perfect)`.
 */
host: string, 
/**
 * The engine's level when the engine plays every board (`perfect`), for a client to
 * name it in its reader's language; absent when a teacher does.
 */
host_engine?: string | null, 
/**
 * Whether the students moved first.
 */
students_first?: boolean, 
/**
 * Whether every board is over.
 */
finished: boolean, 
/**
 * The boards, one per student.
 */
games: Array<SimulGame>, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * A half-open range `from..to`.
 */
export type Span = { 
/**
 * First index.
 */
from: number, 
/**
 * One past the last index.
 */
to: number, };

/**
 * One line of the standings. Points are written as decimals (`2.5`): a win is 1, a draw ½,
 * a bye 1.
 */
export type StandingInfo = { 
/**
 * 1 for the leader; players level on every tie-break share a rank.
 */
rank: number, 
/**
 * The player.
 */
player_id: number, 
/**
 * Their name in the room.
 */
name: string, 
/**
 * Points.
 */
points: string, 
/**
 * Buchholz: the sum of the points of every opponent met.
 */
buchholz: string, 
/**
 * Sonneborn–Berger: the points of the opponents beaten, and half of those drawn with.
 */
sonneborn_berger: string, 
/**
 * Games won (byes aside).
 */
wins: number, 
/**
 * Games finished (byes aside).
 */
games: number, };

/**
 * How a sum's value follows from its components': the explanation a teacher shows.
 */
export type SumInfo = { 
/**
 * Each component with its own value, component 1 first.
 */
components: Array<ComponentInfo>, 
/**
 * The XOR of the components' Grundy numbers: the sum's Grundy number.
 */
nim_sum: number, 
/**
 * The components with a winning move (none when `nim_sum` is 0).
 */
winning: Array<WinningComponent>, 
/**
 * How the outcome and Grundy number were found: `sprague-grundy` (the XOR rule).
 */
method: string, 
/**
 * How the remoteness was found: `search` (of every combination of the components'
 * positions), or `null` when it is unknown (see `remoteness_unknown`).
 */
remoteness_method: string | null, 
/**
 * The components whose moves to `to` are not known, so that none of theirs is listed
 * and whether one wins is not known: a queen or horse square worth 0 beyond the solved
 * tables, whose other values no formula gives. Left out when there are none.
 */
unknown?: Array<UnknownComponent>, };

/**
 * One component of a sum as drawn.
 */
export type SumPart = { 
/**
 * Its position, in notation (to read, not to draw from).
 */
position: string, 
/**
 * Its board.
 */
board: Board, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * The answer to `table`.
 */
export type TableData = { 
/**
 * Row indices: x for the corner games, z for chocolate.
 */
rows: Span, 
/**
 * Column indices: y for the corner games and chocolate.
 */
cols: Span, 
/**
 * The coordinate not shown, as asked: Nim's third heap, a misère bar's strip x.
 */
layer?: number | null, 
/**
 * Grundy numbers, one array per row (`null` where a cell is not a position, e.g. a
 * staircase taller than ⌊z/k⌋). Empty for the L-game.
 */
grundy: Array<Array<number | null>>, 
/**
 * Remoteness, same shape (corner games only; empty otherwise).
 */
remoteness: Array<Array<number | null>>, 
/**
 * The L-game's classes, one per position up to symmetry (empty for other games).
 */
classes: Array<ClassInfo>, 
/**
 * `table` or `computed`.
 */
source: string, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * How a class answered one exercise so far.
 */
export type Tally = { 
/**
 * Which exercise.
 */
exercise_id: number, 
/**
 * Students in the room.
 */
students: number, 
/**
 * Students who answered.
 */
answered: number, 
/**
 * Of those, how many were right.
 */
correct: number, 
/**
 * Each different answer and how many gave it, the commonest first.
 */
histogram: Array<AnswerCount>, };

/**
 * One game of a tournament.
 */
export type TournamentGame = { 
/**
 * Its round, from 1.
 */
round: number, 
/**
 * The match (`watch` it, `review` it, `export` it).
 */
match_id: number, 
/**
 * Who moves first (seat 0).
 */
first: number, 
/**
 * Who moves second (seat 1).
 */
second: number, 
/**
 * `1-0`, `0-1`, `½-½`, or absent while it is played.
 */
result?: string | null, 
/**
 * Why it ended (`resignation`, `flag`, `adjudicated`, ...), once over.
 */
reason?: Reason | null, };

/**
 * A tournament as every member of its room sees it.
 */
export type TournamentView = { 
/**
 * Its id (unique on the server).
 */
id: number, 
/**
 * Round robin or Swiss.
 */
format: Format, 
/**
 * How every game starts.
 */
start: string, 
/**
 * The clock, if any.
 */
clock?: ClockSpec | null, 
/**
 * Rounds planned.
 */
rounds: number, 
/**
 * The round being played (the last one once over).
 */
round: number, 
/**
 * Whether it is over.
 */
finished: boolean, 
/**
 * The players, in the order they entered.
 */
entrants: Array<Entrant>, 
/**
 * Every game so far, round by round.
 */
games: Array<TournamentGame>, 
/**
 * Every bye so far.
 */
byes?: Array<ByeInfo>, 
/**
 * The standings now, leader first.
 */
standings: Array<StandingInfo>, 
/**
 * Which game.
 */
game: Game, 
/**
 * Board side (corner games).
 */
size?: number | null, 
/**
 * Staircase step (chocolate).
 */
k?: number | null, 
/**
 * The piece of `corner`, in Betza's notation (`RN`); written back canonically.
 */
piece?: string | null, 
/**
 * The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
 * back canonically (`octal 0.77` for `kayles`).
 */
rule?: string | null, 
/**
 * The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
 * instead of the step `k`; written back as it was read, spaces folded, or as `k` when
 * it is a step (`z // 2`).
 */
edge?: string | null, 
/**
 * Misère play: the player who makes the last move loses (every game but the L-game).
 * Absent (false) for normal play.
 */
misere?: boolean, };

/**
 * A component whose moves from Grundy number `from` to `to` = `from` ⊕ nim-sum are not known.
 */
export type UnknownComponent = { 
/**
 * The component, numbered from 1.
 */
component: number, 
/**
 * Its Grundy number now.
 */
from: number, 
/**
 * The Grundy number a winning move would leave it with.
 */
to: number, };

/**
 * A position's value for the player to move.
 */
export type ValueInfo = { 
/**
 * `win`, `loss` or `draw`, for the player to move.
 */
outcome: Verdict, 
/**
 * The Grundy number (impartial games; `null` for the L-game or where unknown).
 */
grundy: number | null, 
/**
 * Plies to the end under best play (`null` for draws or where not computed).
 */
remoteness: number | null, };

/**
 * Who wins a position with best play, seen by the player to move.
 */
export type Verdict = "win" | "loss" | "draw";

/**
 * The answer to `hello`.
 */
export type Welcome = { 
/**
 * The protocol version in use.
 */
protocol: number, 
/**
 * The player's id.
 */
player_id: number, 
/**
 * The player's name as the server keeps it: in Unicode NFKC, one space between words
 * (`ａｄａ` is `ada`).
 */
name: string, 
/**
 * The secret that proves this identity on reconnect; keep it private. Seats belong to
 * the player holding it.
 */
token: string, 
/**
 * The server's version.
 */
server: string, 
/**
 * The server's id: the same however its address is written (absent from older servers).
 */
server_id?: string, 
/**
 * Matches this player has a seat in and that are not over, to resume.
 */
matches: Array<number>, 
/**
 * Other players here now whose names read the same (letter case aside, look-alike
 * letters as one: Cyrillic `аda` for `ada`): connected, or seated in a match that is not
 * over. Two students both called `ada` cannot be told
 * apart in the lobby; a client warns. Empty (and absent) most of the time.
 */
namesakes?: Array<Namesake>, };

/**
 * A component in which a move wins: from Grundy number `from` to `to` = `from` ⊕ nim-sum.
 */
export type WinningComponent = { 
/**
 * The component, numbered from 1.
 */
component: number, 
/**
 * Its Grundy number now.
 */
from: number, 
/**
 * Its Grundy number after a winning move (may be larger: a move can raise a value).
 */
to: number, 
/**
 * How many of its moves do it.
 */
moves: number, };
