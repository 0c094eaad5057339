//! The limits and defaults client and server agree on, defined once: a client that knows
//! them can split its questions to fit, and its help can say them.

use crate::queries::Span;

/// The board side of a corner game whose request gives none.
pub const DEFAULT_BOARD_SIZE: u64 = 8;

/// The staircase step of a chocolate bar whose request gives none.
pub const DEFAULT_STEP: u32 = 1;

/// Most bytes in one message a client sends (a frame too): moves and requests are tiny, and
/// an imported game's text must fit.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Most cells one `table` answer holds; a bigger rectangle is asked for in pieces.
pub const MAX_TABLE_CELLS: u64 = 65_536;
/// Most cells of one `table` request whose every cell is a search: misère chocolate bars,
/// misère Nim of three heaps.
pub const MAX_SEARCHED_TABLE_CELLS: u64 = 4096;

/// Most values (or P-positions) one `sequence` answer holds: a larger one is refused, to be
/// asked with a smaller bound.
pub const MAX_SEQUENCE_VALUES: u64 = 1_000_000;

/// The rows and columns of a `table` request that gives none: the 16×16 corner the papers
/// print.
pub const DEFAULT_SPAN: Span = Span { from: 0, to: 16 };

/// A match state lists its legal moves when there are at most this many (else `null`, and
/// `legal_move_count` says how many).
pub const LEGAL_MOVES_LISTED: u64 = 64;

/// Moves listed in a `match` event: the latest ones (a reply lists every move).
pub const EVENT_HISTORY: u32 = 16;

/// Most moves a `query` answer lists, however large its `limit`.
pub const QUERY_MAX_MOVES: u64 = 4096;

/// Games listed by `games` when no `limit` is given.
pub const DEFAULT_PAGE: u32 = 50;

/// Most games `games` lists in one page.
pub const MAX_PAGE: u32 = 500;

/// Most matches of each list one `lobby` reply gives (about 200 bytes each): more are had
/// by paging.
pub const LOBBY_PAGE: u32 = 100;

/// Plies one `review` reply covers at most, and when its request gives no `limit`: a long
/// game's review comes in pages, each a bounded piece of work and of memory (500 plies of an
/// L-game are classified in about 40 ms).
pub const REVIEW_PAGE: u32 = 500;

/// Moves one `game` reply lists at most, and when its request gives no `limit`.
pub const GAME_PAGE: u32 = 2000;

/// Most bytes (as JSON) the moves of one `review` or `game` page take: a page ends early at
/// the move that reaches them, and its `next` says where the next page starts. A reviewed
/// L-game move with its better moves takes 2.6 KB on average, so a page of one is about 200
/// plies.
pub const PAGE_BYTES: usize = 512 * 1024;

/// Better moves one reviewed move lists at most, best first (its `better_count` says how
/// many there were): all of them in the L-game (at most 221 legal moves), the best ones from
/// a far square of a large board.
pub const BETTER_LISTED: usize = 256;

/// Most bytes (as JSON) the better moves of one reviewed move take: the positions of a sum
/// can be long. The best one is listed whatever its size.
pub const BETTER_BYTES: usize = 32 * 1024;

/// Most bytes of one reply of `review`, `game` or `export`. Pages stay far below it
/// ([`PAGE_BYTES`]); an export whose record would be larger comes without its annotations
/// (saying so), and one larger even without them is refused with `too_large`: an export is a
/// file, written whole, and 4 MiB holds the text of 200 000 L-game moves.
pub const MAX_REPLY_BYTES: usize = 4 * 1024 * 1024;
