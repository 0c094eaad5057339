// Each game's board as it is played, drawn from the position's notation (NOTATION.md), with
// the moves one can make by pointing: the corner games' destinations, Nim's stones, the
// chocolate bar's grooves. The L-game is drawn, its moves typed. Every cell is a button
// with a label in words, so the keyboard and screen readers reach it too.

import { el } from "./dom.js";

/** Largest board side drawn square by square; larger ones are shown as their position. */
const DRAWN = 40;

/** The board of `state`; `play(notation)` when the viewer may move now, else null. */
export function drawBoard(state, play) {
  const legal = new Set(state.legal_moves || []);
  switch (state.game) {
    case "queen":
    case "rook":
    case "horse":
    case "dragon":
      return corner(state, legal, play);
    case "nim":
      return nim(state, legal, play);
    case "chocolate":
      return chocolate(state, legal, play);
    case "lgame":
      return lgame(state);
    default:
      return el("p", {}, state.position);
  }
}

function cell(label, classes, move, legal, play) {
  const can = play && legal.has(move);
  return el(
    "button",
    {
      type: "button",
      class: classes + (can ? " legal" : ""),
      "aria-label": label + (can ? ": move here" : ""),
      disabled: !can,
      onclick: can ? () => play(move) : null,
    },
  );
}

/** An N×N board, x across and y up, the goal corner (0,0) at the bottom left. */
function corner(state, legal, play) {
  const n = state.size;
  const [px, py] = state.position.split(",").map(Number);
  if (n > DRAWN) return el("p", { class: "too-big" }, `a ${n}×${n} board: the piece is on ${px},${py}`);
  const grid = el("div", { class: "grid corner", role: "grid", "aria-label": `${n}×${n} board` });
  grid.dataset.n = n;
  grid.style.setProperty("--n", n);
  for (let y = n - 1; y >= 0; y--) {
    grid.append(el("span", { class: "axis" }, String(y)));
    for (let x = 0; x < n; x++) {
      const here = x === px && y === py;
      const goal = x === 0 && y === 0;
      const classes = `sq${(x + y) % 2 ? " light" : " dark"}${here ? " piece" : ""}${goal ? " goal" : ""}`;
      const what = here ? `the ${state.game} on ${x},${y}` : goal ? `the corner 0,0` : `${x},${y}`;
      grid.append(cell(what, classes, `${x},${y}`, legal, play));
    }
  }
  grid.append(el("span", { class: "axis" }));
  for (let x = 0; x < n; x++) grid.append(el("span", { class: "axis" }, String(x)));
  return grid;
}

/** Heaps of stones, one row each: pointing at a stone takes it and every stone right of it. */
function nim(state, legal, play) {
  const piles = state.position.split(",").map(Number);
  const box = el("div", { class: "nim" });
  piles.forEach((count, i) => {
    const pile = i + 1;
    const row = el("div", { class: "pile" }, el("span", { class: "label" }, `pile ${pile}`));
    if (count > DRAWN * 2) {
      row.append(el("span", {}, `${count} stones`));
    } else {
      for (let j = 0; j < count; j++) {
        const take = count - j;
        const label = `pile ${pile}, stone ${j + 1}: take ${take}`;
        row.append(cell(label, "stone", `${pile}:${take}`, legal, play));
      }
    }
    row.append(el("span", { class: "count" }, String(count)));
    box.append(row);
  });
  return box;
}

/** The bar: the strip left of the poison (P), the staircase right of it. Pointing at a strip
 *  square cuts the strip there; at a square of the bottom row right of the poison, a
 *  vertical break there; at a square higher up, a horizontal break below it. */
function chocolate(state, legal, play) {
  const [x, y, z] = state.position.split(",").map(Number);
  const k = state.k ?? 1;
  if (x + z > DRAWN * 2 || y > DRAWN) {
    return el("p", { class: "too-big" }, `the bar ${x},${y},${z}`);
  }
  const width = x + 1 + z;
  const grid = el("div", { class: "grid chocolate", role: "grid", "aria-label": `the bar ${x},${y},${z}` });
  grid.style.setProperty("--n", width);
  const height = (j) => (k === 0 ? y : Math.min(y, Math.floor(j / k)));
  for (let r = y; r >= 0; r--) {
    for (let c = 0; c < width; c++) {
      const j = c - x; // column right of the poison: 1 … z
      if (r === 0 && c < x) {
        const keep = x - c - 1;
        grid.append(cell(`strip square ${x - c}: keep ${keep}`, "sq choc", `x=${keep}`, legal, play));
      } else if (r === 0 && j === 0) {
        grid.append(el("span", { class: "sq poison", role: "img", "aria-label": "the poisoned square" }, "P"));
      } else if (j >= 1 && r <= height(j)) {
        const move = r === 0 ? `z=${j - 1}` : `y=${r - 1}`;
        const label = r === 0 ? `column ${j}: keep ${j - 1} columns` : `row ${r}: keep ${r - 1} rows`;
        grid.append(cell(label, "sq choc", move, legal, play));
      } else {
        grid.append(el("span", { class: "sq none" }));
      }
    }
  }
  return grid;
}

/** The 4×4 board, rank 4 at the top, with letters as well as colours. */
function lgame(state) {
  const [ranks, side] = state.position.split(" ");
  const grid = el("div", { class: "grid lgame", role: "grid", "aria-label": "the L-game board" });
  grid.style.setProperty("--n", 4);
  const names = { R: "red L", B: "blue L", N: "neutral piece", ".": "empty" };
  ranks.split("/").forEach((rank, i) => {
    grid.append(el("span", { class: "axis" }, String(4 - i)));
    [...rank].forEach((c, f) => {
      const square = `${"abcd"[f]}${4 - i}`;
      grid.append(el("span", { class: `sq l-${c === "." ? "empty" : c}`, role: "img", "aria-label": `${square}: ${names[c]}` }, c === "." ? "" : c));
    });
  });
  grid.append(el("span", { class: "axis" }));
  for (const f of "abcd") grid.append(el("span", { class: "axis" }, f));
  const whose = side === "r" ? "red (R) to move" : "blue (B) to move";
  return el("div", {}, grid, el("p", { class: "side" }, whose));
}
