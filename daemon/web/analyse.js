// @ts-check
// Any position at /analyse/GAME/POSITION (?size=N for the corner games, ?k=K for
// chocolate, &misere=1 for misère play): who wins with best play, the Grundy number, the
// plies to the end, a sum's Sprague–Grundy explanation, and every
// move with its value — on the board where the board can show it (each square or stone
// marked W, D or L with its remoteness, in words for screen readers) and in a table.

import { describe, field, h, mount, redraw } from "./dom.js";
import { CORNER, GAMES, gameFields, params } from "./games.js";
import { drawBoard } from "./boards.js";
import { tableSection } from "./table.js";

/** @typedef {import("./net.js").Server} Server */

const STARTS = {
  queen: "7,3",
  rook: "7,3",
  horse: "7,3",
  dragon: "7,3",
  nim: "3,4,5",
  chocolate: "5,3,7",
  lgame: "...N/RRRB/RBBB/N... r",
  sum: "queen(8):7,3 + nim:3,4,5 + chocolate(1):5,3,7",
};

/** The address of the analysis of `position`. */
export function analyseLink(game, position, size, k, misere = false) {
  const p = params(game, size, k, misere);
  const parts = [];
  if (p.size !== undefined) parts.push(`size=${p.size}`);
  if (p.k !== undefined) parts.push(`k=${p.k}`);
  if (p.misere) parts.push("misere=1");
  const query = parts.length ? `?${parts.join("&")}` : "";
  // Commas and slashes (the L-game's ranks) read as they are written.
  const path = encodeURIComponent(position).replace(/%2C/g, ",").replace(/%2F/g, "/");
  return `/analyse/${game}/${path}${query}`;
}

/** Shows the analysis asked by the address in `main`; returns what to do when leaving.
 *  @param {Server} server */
export function showAnalyse(main, server, game, position, go) {
  const asked = new URLSearchParams(location.search);
  const size = asked.get("size") ? Number(asked.get("size")) : CORNER.has(game) ? 8 : undefined;
  const k = asked.get("k") ? Number(asked.get("k")) : game === "chocolate" ? 1 : undefined;
  const misere = asked.get("misere") === "1" && game !== "lgame";
  const open = (p) => go(analyseLink(game, p, size, k, misere));
  const noTable = game === "nim" || game === "lgame" || game === "sum" || misere;
  const tableOf = noTable ? null : tableSection(server, game, size, k, open);
  const form = askForm(game, position, size, k, misere, go);
  document.title = `grundy · ${game} ${position}`;
  // The classification, or what went wrong asking it.
  let c = null;
  let problem = null;

  const unmount = mount(main, () => {
    const values = c ? new Map(c.moves.map((m) => [m.move, mark(m)])) : null;
    return [
      h(
        "section",
        { class: "match" },
        h("h1", {}, `Analysis: ${describe(game, size, k, misere)}`),
        h("p", { class: "verdict", "aria-live": "polite" }, problem ? h("span", { class: "error" }, problem) : c ? sentence(c) : ""),
        h("div", { class: "board-area" }, c ? drawBoard({ game, size, k, position: c.position, board: c.board, legal_moves: [], components: c.sum ? c.sum.components : null }, null, values) : null),
        h("div", { class: "explanation" }, c && c.sum ? explanation(c.sum) : null),
        h("div", { class: "moves-table" }, c ? movesTable(c, game, size, k, misere) : null),
      ),
      h("div", { class: "side-column" }, form(), tableOf ? tableOf() : null),
    ];
  });

  async function load() {
    try {
      c = await server.request({ type: "query", ...params(game, size, k, misere), position });
      problem = null;
    } catch (e) {
      c = null;
      problem = e.message;
    }
    redraw();
  }

  server.addEventListener("welcome", load);
  if (server.welcome) load();
  return () => {
    unmount();
    server.removeEventListener("welcome", load);
  };
}

/** Why a sum is won or lost: the components' Grundy numbers in binary columns, their XOR,
 *  and the components where a move to gᵢ ⊕ X wins. */
function explanation(sum) {
  const numbers = sum.components.map((c) => c.grundy).concat([sum.nim_sum]);
  const bits = Math.max(1, ...numbers.map((g) => (g === null || g === undefined ? 1 : g.toString(2).length)));
  const binary = (g) => (g === null || g === undefined ? "?" : g.toString(2).padStart(bits, "0"));
  const name = (c) => (c.size !== undefined ? `${c.game}(${c.size})` : c.k !== undefined ? `${c.game}(${c.k})` : c.game);
  const rows = sum.components.map((c, i) =>
    h("tr", {}, h("td", {}, `${i + 1} ${name(c)}:${c.position}`), h("td", {}, c.grundy === null ? "?" : String(c.grundy)), h("td", {}, h("code", {}, binary(c.grundy)))),
  );
  rows.push(h("tr", { class: "total" }, h("th", { scope: "row" }, "nim-sum (XOR)"), h("td", {}, String(sum.nim_sum)), h("td", {}, h("code", {}, binary(sum.nim_sum)))));
  const moves = sum.winning.map((w) =>
    h("li", {}, `component ${w.component}: ${w.from} → ${w.from} ⊕ ${sum.nim_sum} = ${w.to} (${w.moves} move${w.moves === 1 ? "" : "s"})`),
  );
  const how = `${sum.method}: the sum is worth the XOR of its components' Grundy numbers` + (sum.remoteness_method ? `; remoteness by ${sum.remoteness_method}` : "");
  return [
    h(
      "table",
      {},
      h("caption", {}, "Why: " + how),
      h("thead", {}, h("tr", {}, ["component", "Grundy", "binary"].map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, rows),
    ),
    sum.nim_sum === 0
      ? h("p", {}, "The nim-sum is 0: every move makes it non-zero, so the player to move loses.")
      : h("ul", { "aria-label": "where a move wins" }, moves),
  ];
}

/** `A win for the player to move in 5 plies; Grundy number 3.` */
function sentence(c) {
  const parts = [];
  if (c.outcome === "win") parts.push(`A win for the player to move${c.remoteness !== null && c.remoteness !== undefined ? `, in ${c.remoteness} plies with best play` : ""}`);
  else if (c.outcome === "loss") parts.push(`A loss for the player to move${c.remoteness !== null && c.remoteness !== undefined ? `, in ${c.remoteness} plies with best play` : ""}`);
  else parts.push("A draw with best play");
  if (c.grundy !== null && c.grundy !== undefined) parts.push(`Grundy number ${c.grundy}`);
  parts.push(`${c.move_count} legal move${c.move_count === 1 ? "" : "s"}`);
  if (c.remoteness_unknown) parts.push(`plies to the end unknown: ${c.remoteness_unknown}`);
  return `${parts.join("; ")}.`;
}

/** A move's value for the mover (the classification gives it for the opponent after it). */
/** A move's mark on the board: what it leaves, W (a win for the mover) or L or D, with the
 *  plies to the end. */
export function mark(m) {
  const r = m.remoteness !== null && m.remoteness !== undefined ? m.remoteness : "";
  const more = r === 1 ? "1 more ply" : `${r} more plies`;
  if (m.outcome === "loss") return { cls: "win", text: `W${r}`, say: `wins, in ${more}` };
  if (m.outcome === "win") return { cls: "loss", text: `L${r}`, say: `loses, in ${more}` };
  return { cls: "draw", text: "D", say: "draws" };
}

function movesTable(c, game, size, k, misere) {
  if (c.moves.length === 0) return h("p", {}, "No move: the game is over here.");
  const shown = c.moves.length < c.move_count ? ` (the ${c.moves.length} listed of ${c.move_count})` : "";
  // The L-game has draws, and misère play no Sprague–Grundy theory: no Grundy numbers.
  const grundy = game !== "lgame" && !misere;
  const heads = ["move", "for the mover", grundy ? "Grundy after" : null, "position after"].filter(Boolean);
  return h(
    "table",
    {},
    h("caption", {}, `Moves, best first${shown}`),
    h("thead", {}, h("tr", {}, heads.map((head) => h("th", { scope: "col" }, head)))),
    h(
      "tbody",
      {},
      c.moves.map((m) => {
        const v = mark(m);
        return h(
          "tr",
          {},
          h("td", {}, m.move),
          h("td", {}, h("span", { class: `value ${v.cls}` }, v.text), ` ${v.say}`),
          grundy ? h("td", {}, m.grundy === null || m.grundy === undefined ? "–" : String(m.grundy)) : null,
          h("td", {}, h("a", { href: analyseLink(game, m.position, size, k, misere), "data-view": true }, m.position)),
        );
      }),
    ),
  );
}

/** The form of another position, as a view: the fields shown follow the game chosen. */
function askForm(game, position, size, k, misere, go) {
  let chosen = game;
  return () => h(
    "form",
    {
      class: "card",
      onsubmit: (e) => {
        e.preventDefault();
        const f = e.target.elements;
        const m = f.misere.checked && f.game.value !== "lgame";
        go(analyseLink(f.game.value, f.position.value.trim(), Number(f.size.value), Number(f.k.value), m));
      },
    },
    h("h2", {}, "Another position"),
    gameFields(GAMES, game, chosen, (v) => { chosen = v; }, { size, k, misere }),
    // Another game starts from its own example position.
    field("Position, as in NOTATION.md", h("input", { name: "position", spellcheck: "false", props: { value: chosen === game ? position : STARTS[chosen] } })),
    h("button", { type: "submit" }, "Analyse"),
  );
}
