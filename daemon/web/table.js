// A Grundy table as a picture, for the corner games (x across, y up, the goal corner 0,0 at
// the bottom left, as the board is drawn) and chocolate (z across, y up): each cell coloured
// by its Grundy number, the P-positions (Grundy 0) black; pointing at a cell says its values,
// choosing it analyses that position.

import { drawing, el, fill } from "./dom.js";
import { params } from "./games.js";

/** Largest side drawn: 128 × 128 cells. */
const LARGEST = 128;

/** The table section for `game`; `open(position)` analyses a cell's position. */
export function tableSection(server, game, size, k, open) {
  const corner = game !== "chocolate";
  const limit = corner ? Math.min(size, LARGEST) : LARGEST;
  const side = el("input", { type: "number", min: 2, max: limit, value: Math.min(32, limit), "aria-label": "cells per side" });
  const picture = el("div", { class: "table-picture" });
  const readout = el("p", { class: "readout", "aria-live": "polite" }, "Point at a cell to see its values.");
  const draw = async () => {
    const n = Math.max(2, Math.min(limit, Number(side.value) || 32));
    // Corner tables: rows x, columns y; chocolate: rows z, columns y.
    const request = { type: "table", ...params(game, size, k), rows: { from: 0, to: n }, cols: { from: 0, to: n } };
    try {
      const t = await server.request(request);
      fill(picture, pictureOf(t, n, corner, readout, open));
    } catch (e) {
      fill(picture, el("p", { class: "error" }, e.message));
    }
  };
  side.addEventListener("change", draw);
  draw();
  const across = corner ? "x" : "z";
  return el(
    "section",
    { class: "table-section" },
    el("h2", {}, "The Grundy table"),
    el("label", {}, `${across} and y from 0 to `, side),
    picture,
    readout,
    el("p", { class: "legend" }, el("span", { class: "swatch p" }), " P-position (Grundy 0: the player to move loses)   ", el("span", { class: "swatch low" }), " low … ", el("span", { class: "swatch high" }), " high Grundy number"),
  );
}

function colour(g, top) {
  if (g === 0) return "#000";
  const t = Math.min(1, g / Math.max(1, top));
  // From blue to yellow, light enough that black P-cells stand out.
  const hue = 230 - 180 * t;
  return `hsl(${hue} 70% ${45 + 25 * t}%)`;
}

function pictureOf(t, n, corner, readout, open) {
  const cell = Math.max(4, Math.floor(512 / n));
  const pad = 28;
  const w = pad + n * cell + 4;
  const h = n * cell + pad + 4;
  let top = 1;
  for (const row of t.grundy) for (const g of row) if (g !== null && g > top) top = g;
  const { svg, add } = drawing(w, h, `Grundy numbers for ${corner ? "x" : "z"} and y from 0 to ${n - 1}`);
  // Row r of the answer is x (or z): drawn across; column c is y: drawn up.
  t.grundy.forEach((row, r) => {
    row.forEach((g, c) => {
      if (g === null || g === undefined) return;
      const x = pad + r * cell;
      const y = c;
      const rect = add("rect", { x, y: 4 + (n - 1 - y) * cell, width: cell, height: cell, fill: colour(g, top) });
      const rem = t.remoteness && t.remoteness[r] ? t.remoteness[r][c] : null;
      // A chocolate cell is the staircase {0, y, z} (its x, the strip, adds by xor).
      const position = corner ? `${r},${c}` : `0,${c},${r}`;
      const say = `${corner ? `x=${r}` : `z=${r}`}, y=${c}: Grundy ${g}${rem !== null && rem !== undefined ? `, ${rem} plies to the end` : ""}`;
      add("title", {}, say, rect);
      rect.addEventListener("mouseenter", () => {
        readout.textContent = say;
      });
      rect.classList.add("pick");
      rect.addEventListener("click", () => open(position));
    });
  });
  const step = Math.max(1, Math.ceil(n / 8));
  for (let i = 0; i < n; i += step) {
    add("text", { x: pad + i * cell + cell / 2, y: h - 12, "text-anchor": "middle", class: "chart-tick" }, String(i));
    add("text", { x: pad - 4, y: 4 + (n - 1 - i) * cell + cell / 2 + 4, "text-anchor": "end", class: "chart-tick" }, String(i));
  }
  add("text", { x: pad + (n * cell) / 2, y: h - 1, "text-anchor": "middle", class: "chart-label" }, corner ? "x →" : "z →");
  add("text", { x: 2, y: 12, class: "chart-label" }, "y ↑");
  return svg;
}
