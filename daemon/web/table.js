// @ts-check
// A Grundy table as a picture, for the corner games (x across, y up, the goal corner 0,0 at
// the bottom left, as the board is drawn) and chocolate (z across, y up): each cell coloured
// by its Grundy number, the P-positions (Grundy 0) black; pointing at a cell says its values,
// choosing it analyses that position.

import { h, picture, redraw } from "./dom.js";
import { CORNER, params } from "./games.js";
import { language, t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

/** Largest side drawn: 128 × 128 cells. */
const LARGEST = 128;

/** The table section for `game`, as a view; `open(position)` analyses a cell's position.
 *  @param {Server} server */
export function tableSection(server, game, size, k, open, piece = undefined) {
  // Cells as a board's squares (x, y), or a heap game's two heaps (a, b); chocolate's differ.
  const corner = game !== "chocolate";
  const limit = CORNER.has(game) ? Math.min(size, LARGEST) : LARGEST;
  // The picture of the table last asked (thousands of cells: made again only when the page's
  // language changes, from the table kept with its side), or what went wrong; and what the
  // readout says.
  let drawn = null;
  let asked = null;
  let readout = null;
  const say = (text) => {
    readout = text;
    redraw();
  };
  const shown = () => {
    if (asked && asked.language !== language()) {
      asked.language = language();
      readout = null;
      drawn = [pictureOf(asked.table, asked.n, corner, say, open), inWords(asked.table, asked.n, corner, open)];
    }
    return drawn;
  };
  const draw = async (side) => {
    const n = Math.max(2, Math.min(limit, Number(side) || 32));
    // Corner tables: rows x, columns y; chocolate: rows z, columns y.
    try {
      const table = await server.request({ type: "table", ...params(game, size, k, false, piece), rows: { from: 0, to: n }, cols: { from: 0, to: n } });
      asked = { table, n, language: null };
    } catch (e) {
      asked = null;
      drawn = h("p", { class: "error" }, e.message);
    }
    redraw();
  };
  draw(32);
  const across = corner ? "x" : "z";
  return () => h(
    "section",
    { class: "table-section" },
    h("h2", {}, t("table-title")),
    h("label", {}, `${t("table-size", { across })} `, h("input", { type: "number", min: 2, max: limit, value: Math.min(32, limit), "aria-label": t("table-cells"), onchange: (e) => draw(e.target.value) })),
    h("div", { class: "table-picture" }, shown()),
    // Said on pointing with a mouse: not read out (the table in words is for the keyboard).
    h("p", { class: "readout" }, readout || t("table-point")),
    h("p", { class: "legend" }, h("span", { class: "swatch p" }), ` ${t("table-legend-p")}   `, h("span", { class: "swatch low" }), ` ${t("table-legend-low")} … `, h("span", { class: "swatch high" }), ` ${t("table-legend-high")}`),
  );
}

function colour(g, top) {
  if (g === 0) return "#000";
  const t = Math.min(1, g / Math.max(1, top));
  // From blue to yellow, light enough that black P-cells stand out.
  const hue = 230 - 180 * t;
  return `hsl(${hue} 70% ${45 + 25 * t}%)`;
}

function pictureOf(table, n, corner, say, open) {
  const cell = Math.max(4, Math.floor(512 / n));
  const pad = 28;
  const w = pad + n * cell + 4;
  const hgt = n * cell + pad + 4;
  let top = 1;
  for (const row of table.grundy) for (const g of row) if (g !== null && g > top) top = g;
  const parts = [];
  // Row r of the answer is x (or z): drawn across; column c is y: drawn up.
  table.grundy.forEach((row, r) => {
    row.forEach((g, c) => {
      if (g === null || g === undefined) return;
      const rem = table.remoteness && table.remoteness[r] ? table.remoteness[r][c] : null;
      // A chocolate cell is the staircase {0, y, z} (its x, the strip, adds by xor).
      const position = corner ? `${r},${c}` : `0,${c},${r}`;
      const which = { across: corner ? "x" : "z", r: String(r), c: String(c), g: String(g) };
      const told = rem !== null && rem !== undefined ? t("table-cell-plies", { ...which, plies: String(rem) }) : t("table-cell", which);
      parts.push(h(
        "rect",
        { x: pad + r * cell, y: 4 + (n - 1 - c) * cell, width: cell, height: cell, fill: colour(g, top), class: "pick", onmouseenter: () => say(told), onclick: () => open(position) },
        h("title", {}, told),
      ));
    });
  });
  const step = Math.max(1, Math.ceil(n / 8));
  for (let i = 0; i < n; i += step) {
    parts.push(h("text", { x: pad + i * cell + cell / 2, y: hgt - 12, "text-anchor": "middle", class: "chart-tick" }, String(i)));
    parts.push(h("text", { x: pad - 4, y: 4 + (n - 1 - i) * cell + cell / 2 + 4, "text-anchor": "end", class: "chart-tick" }, String(i)));
  }
  parts.push(h("text", { x: pad + (n * cell) / 2, y: hgt - 1, "text-anchor": "middle", class: "chart-label" }, corner ? "x →" : "z →"));
  parts.push(h("text", { x: 2, y: 12, class: "chart-label" }, "y ↑"));
  return picture(w, hgt, t("table-picture", { across: corner ? "x" : "z", last: String(n - 1) }), parts);
}

/** Largest side of a table also given in words (a table of numbers, each one a button). */
const IN_WORDS = 32;

/** The table's numbers as an HTML table, for a screen reader or a keyboard: rows y (top
 *  down, as drawn), columns x (or z); each number analyses its position. */
function inWords(table, n, corner, open) {
  if (n > IN_WORDS) return h("p", { class: "legend" }, t("table-beyond-words", { last: String(IN_WORDS - 1) }));
  const across = corner ? "x" : "z";
  const rows = [];
  for (let c = n - 1; c >= 0; c--) {
    rows.push(h(
      "tr",
      { key: c },
      h("th", { scope: "row" }, `y=${c}`),
      table.grundy.map((row, r) => {
        const g = row[c];
        const position = corner ? `${r},${c}` : `0,${c},${r}`;
        return h("td", {}, g === null || g === undefined ? "" : h("button", { type: "button", class: "number", "aria-label": t("table-cell", { across, r: String(r), c: String(c), g: String(g) }), onclick: () => open(position) }, String(g)));
      }),
    ));
  }
  return h(
    "details",
    { class: "table-text" },
    h("summary", {}, t("table-in-words")),
    h(
      "div",
      { class: "wide" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), table.grundy.map((_, r) => h("th", { scope: "col" }, `${across}=${r}`)))),
        h("tbody", {}, rows),
      ),
    ),
  );
}
