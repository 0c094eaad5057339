// @ts-check
// Each game's board as it is played, drawn from the position's `board` as the server sends it
// (no notation read: that stays what a person types and reads), with
// the moves one can make by pointing: the corner games' destinations, Nim's stones, the
// chocolate bar's grooves, the L-game's L and neutral pieces. Every cell is a button with a
// label in words, so the keyboard and screen readers reach it too. Boards are views (`h`):
// a new state patches the squares that changed, and the focused square keeps the focus.

import { gameName, h } from "./dom.js";
import { codeWord, t } from "./i18n.js";
import { componentName } from "./games.js";

/** Largest board side drawn whole; a larger one is drawn a window of `WINDOW` squares a side
 *  at a time, moved over it with the arrows beside it. */
const DRAWN = 24;
const WINDOW = 12;

/** Where each large board's window is, by match and position (a move shows the piece again). */
const windows = new Map();

/** The board of `state` (a match's state, an exercise, a reviewed or analysed position: each
 *  with its `board`); `play(notation)` when the viewer may move now, else null;
 *  `values`, a move's mark ({cls, text, say}) to show on the square or stone it is made by. */
export function drawBoard(state, play, values = new Map()) {
  // What a square or stone can do: the moves it may make now, and their marks.
  const legal = new Set(state.legal_moves || []);
  // Too many legal moves to list (a very large board): any square may be pointed at, and the
  // server says why a move is not legal.
  const any = Boolean(play) && legal.size === 0 && (state.legal_move_count ?? 0) > 0;
  const moves = { legal, play, marks: values, any };
  if (!state.board) return h("p", {}, state.position);
  switch (state.board.kind) {
    case "corner":
      return corner(state, moves);
    case "nim":
      return nim(state, moves);
    case "heap":
      return heaps(state, moves);
    case "chocolate":
      return chocolate(state, moves);
    case "lgame":
      return lgame(state, moves.legal, play);
    case "sum":
      return sum(state, moves);
    default:
      return h("p", {}, state.position);
  }
}

/** A sum: each component's board under its number, its game and (when the state gives them)
 *  its value, then the nim-sum. A component's move `M` is the sum's move `C/M`. */
function sum(state, { legal, play, marks }) {
  const parts = state.board.components.map((c) => ({
    ...c,
    head: componentName(c),
  }));
  const values = state.components && state.components.length === parts.length ? state.components : null;
  const figures = parts.map((p, i) => {
    const prefix = `${i + 1}/`;
    const own = (map) => new Map([...map].filter(([m]) => m.startsWith(prefix)).map(([m, v]) => [m.slice(prefix.length), v]));
    const sub = {
      game: p.game,
      size: p.size,
      k: p.k,
      piece: p.piece,
      position: p.position,
      board: p.board,
      legal_moves: [...legal].filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)),
    };
    const v = values ? values[i] : null;
    const value = v ? (v.grundy !== null && v.grundy !== undefined ? t("sum-grundy", { n: String(v.grundy) }) : codeWord("outcome", v.outcome)) : null;
    return h(
      "figure",
      { class: "component", key: i },
      h("figcaption", {}, h("strong", {}, String(i + 1)), ` ${p.head}: ${p.position}`, value ? h("span", { class: "component-value" }, ` · ${value}`) : null),
      drawBoard(sub, play ? (m) => play(prefix + m) : null, own(marks)),
    );
  });
  let nimSum = null;
  if (values && values.every((v) => v.grundy !== null && v.grundy !== undefined)) {
    const x = values.reduce((a, v) => a ^ v.grundy, 0);
    const terms = values.map((v) => v.grundy).join(" ⊕ ");
    nimSum = h("p", { class: "nim-sum" }, t(x === 0 ? "nim-sum-zero" : "nim-sum-nonzero", { terms, x: String(x) }));
  }
  return h("div", { class: "sum", role: "group", "aria-label": t("sum-label", { count: parts.length }) }, figures, nimSum);
}

/** The button of a square or stone by which `move` is made (see `drawBoard`'s `moves`), in
 *  its grid cell. A square that cannot be played stays focusable (`aria-disabled`), so that
 *  the arrow keys cross it and the focus stays on the board after a move. */
function cell(label, classes, move, { legal, play, marks, any }, shown = null) {
  const can = play && (legal.has(move) || any);
  const mark = marks.get(move);
  let said = label;
  if (can) said = t("cell-move", { what: said });
  if (mark) said = t("cell-value", { what: said, value: mark.say });
  return gridCell(h(
    "button",
    {
      type: "button",
      tabindex: -1,
      class: classes + (can && legal.has(move) ? " legal" : "") + (mark ? ` valued ${mark.cls}` : ""),
      "aria-label": said,
      "aria-disabled": can ? null : "true",
      onclick: can ? () => play(move) : null,
    },
    shown && mark ? [shown, " ", mark.text] : shown ?? (mark ? mark.text : null),
  ));
}

/** A cell of a board's grid holding `content`. */
function gridCell(content) {
  return h("span", { role: "gridcell", class: "cell" }, content);
}

/** A row or column label of a board. */
function axis(text, role) {
  return h("span", { class: "axis", role }, text);
}

/** A board as an ARIA grid of `rows` (arrays of cells and labels): the arrow keys move
 *  between its squares (Home and End to a row's ends), one of which is in the tab order —
 *  the focused one, else the first that can be played, else the first. */
function grid(attrs, rows) {
  return h(
    "div",
    { ...attrs, role: "grid", onkeydown: arrows, hook: { insert: tabStop, postpatch: (_, v) => tabStop(v) } },
    rows.map((cells) => h("div", { role: "row", class: "row" }, cells)),
  );
}

/** Keeps exactly one of a grid's buttons in the tab order. */
function tabStop(vnode) {
  const box = vnode.elm;
  const buttons = [...box.querySelectorAll("button")];
  const stop = buttons.find((b) => b === document.activeElement) || box.querySelector("button.legal") || buttons[0];
  for (const b of buttons) b.tabIndex = b === stop ? 0 : -1;
}

/** The arrow keys of a grid. */
function arrows(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const rows = [...e.currentTarget.querySelectorAll("[role=row]")]
    .map((row) => [...row.querySelectorAll("button")])
    .filter((row) => row.length);
  const r = rows.findIndex((row) => row.includes(document.activeElement));
  if (r < 0) return;
  const c = rows[r].indexOf(document.activeElement);
  let to = null;
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    const row = rows[Math.max(0, Math.min(rows.length - 1, r + dr))];
    to = row[Math.max(0, Math.min(row.length - 1, c + dc))];
  } else if (e.key === "Home") to = rows[r][0];
  else if (e.key === "End") to = rows[r][rows[r].length - 1];
  if (!to) return;
  e.preventDefault();
  /** @type {HTMLElement} */ (document.activeElement).tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/** An N×N board, x across and y up, the goal corner (0,0) at the bottom left; beyond
 *  `DRAWN` squares a side, a window of it, starting on the piece and the squares toward the
 *  corner, with arrows to move it. */
function corner(state, moves) {
  const { size: n, x: px, y: py } = state.board;
  const side = Math.min(n, n > DRAWN ? WINDOW : n);
  const key = `${state.match_id ?? ""}:${state.game}:${n}:${state.position}`;
  const start = () => ({ x0: Math.max(0, px - side + 1), y0: Math.max(0, py - side + 1) });
  const at = n > DRAWN ? windows.get(key) || start() : { x0: 0, y0: 0 };
  const rows = [];
  for (let y = at.y0 + side - 1; y >= at.y0; y--) {
    const squares = [axis(String(y), "rowheader")];
    for (let x = at.x0; x < at.x0 + side; x++) {
      const here = x === px && y === py;
      const goal = x === 0 && y === 0;
      const classes = `sq${(x + y) % 2 ? " light" : " dark"}${here ? " piece" : ""}${goal ? " goal" : ""}`;
      const what = here ? t("board-piece", { game: gameName(state.game), square: `${x},${y}` }) : goal ? t("board-corner") : `${x},${y}`;
      squares.push(cell(what, classes, `${x},${y}`, moves));
    }
    rows.push(squares);
  }
  const across = [axis("", "columnheader")];
  for (let x = at.x0; x < at.x0 + side; x++) across.push(axis(String(x), "columnheader"));
  rows.push(across);
  // Each piece drawn as what it is (style.css): the queen, the rook, and shogi's promoted
  // pieces, 龍 (dragon king) and 馬 (dragon horse).
  const span = { n: String(n), x0: String(at.x0), x1: String(at.x0 + side - 1), y0: String(at.y0), y1: String(at.y0 + side - 1) };
  const board = grid({ class: "grid corner", "aria-label": n > DRAWN ? t("board-window-label", span) : t("board-label", span), "data-n": side, "data-game": state.game, style: { "--n": String(side) } }, rows);
  if (n <= DRAWN) return board;
  const step = Math.ceil(side / 2);
  const pan = (dx, dy, say, text) => {
    const to = {
      x0: Math.max(0, Math.min(n - side, at.x0 + dx * step)),
      y0: Math.max(0, Math.min(n - side, at.y0 + dy * step)),
    };
    const same = to.x0 === at.x0 && to.y0 === at.y0;
    return h("button", { type: "button", "aria-label": say, disabled: same, onclick: () => { windows.set(key, to); } }, text);
  };
  return h(
    "div",
    { class: "window" },
    h("p", { class: "side" }, t("board-window", { ...span, game: gameName(state.game), square: `${px},${py}` })),
    board,
    h(
      "div",
      { class: "actions pan" },
      pan(-1, 0, t("pan-left"), "◀"),
      pan(0, -1, t("pan-down"), "▼"),
      pan(0, 1, t("pan-up"), "▲"),
      pan(1, 0, t("pan-right"), "▶"),
      h("button", { type: "button", onclick: () => { windows.delete(key); } }, t("pan-back", { game: gameName(state.game) })),
    ),
  );
}

/** Heaps of stones, one row each: pointing at a stone takes it and every stone right of it. */
function nim(state, moves) {
  const piles = state.board.piles;
  const rows = piles.map((count, i) => {
    const pile = i + 1;
    const stones = [];
    if (count > DRAWN * 2) {
      stones.push(h("span", { role: "gridcell" }, t("nim-stones", { count: String(count) })));
    } else {
      for (let j = 0; j < count; j++) {
        const take = count - j;
        const label = t("nim-stone", { pile: String(pile), stone: String(j + 1), take: String(take) });
        stones.push(cell(label, "stone", `${pile}:${take}`, moves));
      }
    }
    return [h("span", { class: "label", role: "rowheader" }, t("nim-pile", { pile: String(pile) })), stones, h("span", { class: "count", role: "gridcell" }, String(count))];
  });
  return grid({ class: "nim", "aria-label": t("nim-piles", { count: piles.length }) }, rows);
}

/** Most moves a heap shows as buttons; a heap with more is played by typing its move. */
const HEAP_BUTTONS = 24;

/** A heap game's heaps, one row each (its number, its tokens, its size), each followed by a
 *  button for each of its moves (`−2` takes 2, `−1 → 2+4` takes 1 and splits the rest into 2
 *  and 4, `→ 2+5` splits; each named by its notation to a screen reader); then the rule. */
function heaps(state, moves) {
  const all = state.board.heaps;
  const rows = all.map((count, i) => {
    const heap = String(i + 1);
    const tokens = count > DRAWN * 2
      ? t("nim-stones", { count: String(count) })
      : h("span", { class: "tokens", "aria-hidden": "true" }, "●".repeat(count));
    const own = [...moves.legal].filter((m) => m.startsWith(`${heap}:`) || m.startsWith(`${heap}=`));
    const buttons = own.length <= HEAP_BUTTONS
      ? own.map((m) => cell(t("heap-move", { heap, move: m }), "heap-move", m, moves, heapMoveText(m.slice(heap.length))))
      : [];
    return [
      h("span", { class: "label", role: "rowheader" }, t("heap-pile", { pile: heap })),
      h("span", { role: "gridcell" }, tokens),
      h("span", { class: "count", role: "gridcell" }, String(count)),
      ...buttons,
    ];
  });
  return h(
    "div",
    { class: "heaps" },
    grid({ class: "nim", "aria-label": t("nim-piles", { count: all.length }) }, rows),
    h("p", { class: "rule" }, state.board.rule),
  );
}

/** A heap move as its button shows it: `:2` as `−2`, `:1=2+4` as `−1 → 2+4`, `=2+5` as
 *  `→ 2+5` (what is taken, then the two heaps left). */
function heapMoveText(move) {
  const [take, split] = move.split("=");
  const taken = take.startsWith(":") ? `−${take.slice(1)}` : "";
  return split ? `${taken} → ${split}`.trim() : taken;
}

/** The bar: the strip left of the poison (P), the staircase right of it. Pointing at a strip
 *  square cuts the strip there; at a square of the bottom row right of the poison, a
 *  vertical break there; at a square higher up, a horizontal break below it. */
function chocolate(state, moves) {
  const { x, y, z, k, tops } = state.board;
  // A formula edge's bar comes with its columns' heights (none when it is too wide to draw).
  if (x + z > DRAWN * 2 || y > DRAWN || (k == null && !tops)) {
    return h("p", { class: "too-big" }, t("choc-bar", { position: `${x},${y},${z}` }));
  }
  const width = x + 1 + z;
  const rows = [];
  const height = (j) => (tops ? tops[j] : k === 0 ? y : Math.min(y, Math.floor(j / k)));
  for (let r = y; r >= 0; r--) {
    const squares = [];
    rows.push(squares);
    for (let c = 0; c < width; c++) {
      const j = c - x; // column right of the poison: 1 … z
      if (r === 0 && c < x) {
        const keep = x - c - 1;
        squares.push(cell(t("choc-strip", { n: String(x - c), keep: String(keep) }), "sq choc", `x=${keep}`, moves));
      } else if (r === 0 && j === 0) {
        squares.push(gridCell(h("span", { class: "sq poison", role: "img", "aria-label": t("choc-poison") }, "P")));
      } else if (j >= 1 && r <= height(j)) {
        const move = r === 0 ? `z=${j - 1}` : `y=${r - 1}`;
        const label = r === 0 ? t("choc-column", { n: String(j), keep: String(j - 1) }) : t("choc-row", { n: String(r), keep: String(r - 1) });
        squares.push(cell(label, "sq choc", move, moves));
      } else {
        squares.push(gridCell(h("span", { class: "sq none" })));
      }
    }
  }
  return grid({ class: "grid chocolate", "aria-label": t("choc-bar", { position: `${x},${y},${z}` }), style: { "--n": String(width) } }, rows);
}

/** The L-game squares pointed at so far, for the position they were pointed at in: kept
 *  across redraws, forgotten when the position changes. */
const pointed = { position: null, chosen: [], from: null };

/** The 4×4 board, rank 4 at the top, with letters as well as colours. On your turn: point
 *  at the four squares of your L's new place, then either play it as it is or move a
 *  neutral piece (point at it, then at its new square). */
function lgame(state, legal, play) {
  const letter = { red: "R", blue: "B", neutral: "N", empty: "." };
  const at = {};
  state.board.ranks.forEach((rank, i) => {
    rank.forEach((square, f) => {
      at[`${"abcd"[f]}${4 - i}`] = letter[square];
    });
  });
  const side = state.board.to_move === "red" ? "r" : "b";
  // Each legal placement of the L (its squares, sorted), with the neutral moves after it.
  const placements = new Map();
  for (const m of legal) {
    const [head, tail = ""] = m.split(" ");
    const key = squaresOf(head).sort().join("");
    if (!placements.has(key)) placements.set(key, { head, tails: [] });
    placements.get(key).tails.push(tail);
  }
  const key = `${state.match_id ?? ""} ${state.position} ${play ? "play" : ""}`;
  if (pointed.position !== key) Object.assign(pointed, { position: key, chosen: [], from: null });
  const { chosen, from } = pointed;
  const mover = side === "r" ? "R" : "B";
  const names = { R: t("lgame-R"), B: t("lgame-B"), N: t("lgame-N"), ".": t("lgame-empty") };
  const placed = placements.get([...chosen].sort().join(""));

  function actionFor(square, shown) {
    if (!placed) {
      if (chosen.includes(square)) {
        return { say: t("lgame-take-back"), run: () => { pointed.chosen = chosen.filter((s) => s !== square); } };
      }
      const next = [...chosen, square];
      const fits = [...placements.keys()].some((k) => next.every((s) => k.includes(s)));
      if (!fits) return null;
      return { say: t("lgame-part"), run: () => { pointed.chosen = next; } };
    }
    if (!from) {
      const moves = shown === "N" && placed.tails.some((t) => t.startsWith(`${square}-`));
      return moves ? { say: t("lgame-move-neutral"), run: () => { pointed.from = square; } } : null;
    }
    const move = `${from}-${square}`;
    if (!placed.tails.includes(move)) return null;
    return { say: t("lgame-neutral-here"), run: () => play(`${placed.head} ${move}`) };
  }

  const rows = [];
  for (let r = 4; r >= 1; r--) {
    const squares = [axis(String(r), "rowheader")];
    rows.push(squares);
    for (const f of "abcd") {
      const square = `${f}${r}`;
      const c = at[square];
      let shown = c;
      // Once placed, the old L is lifted and the new one shown.
      if (placed && c === mover && !chosen.includes(square)) shown = ".";
      if (placed && chosen.includes(square)) shown = mover;
      if (from && square === from) shown = "N";
      const classes = `sq l-${shown === "." ? "empty" : shown}${chosen.includes(square) ? " chosen" : ""}${square === from ? " chosen" : ""}`;
      const action = play ? actionFor(square, shown) : null;
      const label = action
        ? t("lgame-square-action", { square, what: names[shown], action: action.say })
        : t("lgame-square", { square, what: names[shown] });
      squares.push(gridCell(
        h(
          "button",
          {
            type: "button",
            tabindex: -1,
            class: classes + (action ? " legal" : ""),
            "aria-label": label,
            "aria-disabled": action ? null : "true",
            onclick: action ? action.run : null,
          },
          shown === "." ? "" : shown,
        ),
      ));
    }
  }
  rows.push([axis("", "columnheader"), ...[..."abcd"].map((f) => axis(f, "columnheader"))]);
  const whose = side === "r" ? t("lgame-red-to-move") : t("lgame-blue-to-move");
  let help;
  if (!play) help = whose;
  else if (!placed) help = t("lgame-point-l", { whose, chosen: String(chosen.length) });
  else if (!from) help = t("lgame-point-neutral");
  else help = t("lgame-point-to");
  const alone = placed && placed.tails.includes("") && !from;
  return h(
    "div",
    { class: "lgame-board" },
    grid({ class: "grid lgame", "aria-label": t("lgame-board"), style: { "--n": "4" } }, rows),
    h("p", { class: "side" }, help),
    h(
      "div",
      { class: "actions" },
      h("button", { type: "button", hidden: !alone, onclick: () => play(placed.head) }, t("lgame-alone")),
      h("button", { type: "button", hidden: chosen.length === 0, onclick: () => Object.assign(pointed, { chosen: [], from: null }) }, t("lgame-again")),
    ),
  );
}

/** `a3a4b3c3` → `["a3", "a4", "b3", "c3"]`. */
function squaresOf(head) {
  return head.match(/[a-d][1-4]/g) || [];
}
