// Any position at /analyse/GAME/POSITION (?size=N for the corner games, ?k=K for
// chocolate): who wins with best play, the Grundy number, the plies to the end, and every
// move with its value — on the board where the board can show it (each square or stone
// marked W, D or L with its remoteness, in words for screen readers) and in a table.

import { describe, el, field, fill, select } from "./dom.js";
import { CORNER, GAMES, params } from "./games.js";
import { drawBoard } from "./boards.js";
import { tableSection } from "./table.js";

const STARTS = { queen: "7,3", rook: "7,3", horse: "7,3", dragon: "7,3", nim: "3,4,5", chocolate: "5,3,7", lgame: "...N/RRRB/RBBB/N... r" };

/** The address of the analysis of `position`. */
export function analyseLink(game, position, size, k) {
  const p = params(game, size, k);
  const query = p.size !== undefined ? `?size=${p.size}` : p.k !== undefined ? `?k=${p.k}` : "";
  // Commas and slashes (the L-game's ranks) read as they are written.
  const path = encodeURIComponent(position).replace(/%2C/g, ",").replace(/%2F/g, "/");
  return `/analyse/${game}/${path}${query}`;
}

/** Shows the analysis asked by the address in `main`; returns what to do when leaving. */
export function showAnalyse(main, server, game, position, go) {
  const asked = new URLSearchParams(location.search);
  const size = asked.get("size") ? Number(asked.get("size")) : CORNER.has(game) ? 8 : undefined;
  const k = asked.get("k") ? Number(asked.get("k")) : game === "chocolate" ? 1 : undefined;
  const heading = el("h1", {}, `Analysis: ${describe(game, size, k)}`);
  const verdict = el("p", { class: "verdict", "aria-live": "polite" });
  const board = el("div", { class: "board-area" });
  const table = el("div", { class: "moves-table" });
  const open = (p) => go(analyseLink(game, p, size, k));
  const tableOf = game === "nim" || game === "lgame" ? null : tableSection(server, game, size, k, open);
  fill(
    main,
    el("section", { class: "match" }, heading, verdict, board, table),
    el("div", { class: "side-column" }, askForm(game, position, size, k, go), tableOf),
  );
  document.title = `grundy · ${game} ${position}`;

  async function load() {
    const request = { type: "query", ...params(game, size, k), position };
    try {
      const c = await server.request(request);
      verdict.textContent = sentence(c);
      const values = new Map(c.moves.map((m) => [m.move, mark(m)]));
      fill(board, drawBoard({ game, size, k, position: c.position, legal_moves: [] }, null, values));
      fill(table, movesTable(c, game, size, k));
    } catch (e) {
      fill(verdict, el("span", { class: "error" }, e.message));
      fill(board);
      fill(table);
    }
  }

  server.addEventListener("welcome", load);
  if (server.welcome) load();
  return () => server.removeEventListener("welcome", load);
}

/** `A win for the player to move in 5 plies; Grundy number 3.` */
function sentence(c) {
  const parts = [];
  if (c.outcome === "win") parts.push(`A win for the player to move${c.remoteness !== null && c.remoteness !== undefined ? `, in ${c.remoteness} plies with best play` : ""}`);
  else if (c.outcome === "loss") parts.push(`A loss for the player to move${c.remoteness !== null && c.remoteness !== undefined ? `, in ${c.remoteness} plies with best play` : ""}`);
  else parts.push("A draw with best play");
  if (c.grundy !== null && c.grundy !== undefined) parts.push(`Grundy number ${c.grundy}`);
  parts.push(`${c.move_count} legal move${c.move_count === 1 ? "" : "s"}`);
  return `${parts.join("; ")}.`;
}

/** A move's value for the mover (the classification gives it for the opponent after it). */
function mark(m) {
  const r = m.remoteness !== null && m.remoteness !== undefined ? m.remoteness : "";
  const more = r === 1 ? "1 more ply" : `${r} more plies`;
  if (m.outcome === "loss") return { cls: "win", text: `W${r}`, say: `wins, in ${more}` };
  if (m.outcome === "win") return { cls: "loss", text: `L${r}`, say: `loses, in ${more}` };
  return { cls: "draw", text: "D", say: "draws" };
}

function movesTable(c, game, size, k) {
  if (c.moves.length === 0) return el("p", {}, "No move: the game is over here.");
  const shown = c.moves.length < c.move_count ? ` (the ${c.moves.length} listed of ${c.move_count})` : "";
  // The L-game has draws, so no Grundy numbers.
  const grundy = game !== "lgame";
  const heads = ["move", "for the mover", grundy ? "Grundy after" : null, "position after"].filter(Boolean);
  return el(
    "table",
    {},
    el("caption", {}, `Moves, best first${shown}`),
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
    el(
      "tbody",
      {},
      c.moves.map((m) => {
        const v = mark(m);
        return el(
          "tr",
          {},
          el("td", {}, m.move),
          el("td", {}, el("span", { class: `value ${v.cls}` }, v.text), ` ${v.say}`),
          grundy ? el("td", {}, m.grundy === null || m.grundy === undefined ? "–" : String(m.grundy)) : null,
          el("td", {}, el("a", { href: analyseLink(game, m.position, size, k), "data-view": true }, m.position)),
        );
      }),
    ),
  );
}

function askForm(game, position, size, k, go) {
  const gameField = select("game", GAMES.map((g) => [g, g]), game);
  const sizeField = el("input", { name: "size", type: "number", min: 1, value: size || 8 });
  const kField = el("input", { name: "k", type: "number", min: 0, max: 1000, value: k ?? 1 });
  const posField = el("input", { name: "position", value: position, spellcheck: "false" });
  const sizeLabel = field("Board side", sizeField);
  const kLabel = field("Staircase step k", kField);
  const shown = () => {
    sizeLabel.hidden = !CORNER.has(gameField.value);
    kLabel.hidden = gameField.value !== "chocolate";
  };
  gameField.addEventListener("change", () => {
    posField.value = STARTS[gameField.value];
    shown();
  });
  shown();
  return el(
    "form",
    {
      class: "card",
      onsubmit: (e) => {
        e.preventDefault();
        go(analyseLink(gameField.value, posField.value.trim(), Number(sizeField.value), Number(kField.value)));
      },
    },
    el("h2", {}, "Another position"),
    field("Game", gameField),
    sizeLabel,
    kLabel,
    field("Position, as in NOTATION.md", posField),
    el("button", { type: "submit" }, "Analyse"),
  );
}
