// @ts-check
// Any position at /analyse/GAME/POSITION (?size=N for the corner games, &piece=P for
// `corner`'s piece, ?k=K for chocolate, &misere=1 for misère play): who wins with best play, the Grundy number, the
// plies to the end, a sum's Sprague–Grundy explanation, and every
// move with its value — on the board where the board can show it (each square or stone
// marked W, D or L with its remoteness, in words for screen readers) and in a table.

import { describe, field, gameName, h, mount, redraw } from "./dom.js";
import { CORNER, FIRST_PIECE, FIRST_RULE, GAMES, componentName, defOf, gameFields, params } from "./games.js";
import { drawBoard } from "./boards.js";
import { tableSection } from "./table.js";
import { guessSection } from "./guess.js";
import { codeWord, said, t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

const STARTS = {
  queen: "7,3",
  rook: "7,3",
  horse: "7,3",
  dragon: "7,3",
  corner: "7,3",
  nim: "3,4,5",
  heap: "3,4,5",
  chocolate: "5,3,7",
  lgame: "...N/RRRB/RBBB/N... r",
  sum: "queen(8):7,3 + nim:3,4,5 + chocolate(1):5,3,7",
};

/** The address of the analysis of `position`. */
export function analyseLink(game, position, size, k, misere = false, piece = undefined) {
  const p = params(game, size, k, misere, piece);
  const parts = [];
  if (p.size !== undefined) parts.push(`size=${p.size}`);
  if (p.piece !== undefined) parts.push(`piece=${encodeURIComponent(p.piece)}`);
  if (p.rule !== undefined) parts.push(`rule=${encodeURIComponent(p.rule)}`);
  if (p.edge !== undefined) parts.push(`edge=${encodeURIComponent(p.edge)}`);
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
  const edge = game === "chocolate" ? asked.get("edge") || undefined : undefined;
  const k = asked.get("k") ? Number(asked.get("k")) : game === "chocolate" && !edge ? 1 : undefined;
  const misere = asked.get("misere") === "1" && game !== "lgame";
  // The game's definition: corner's piece, heap's rule, or chocolate's edge.
  const piece = game === "corner" ? asked.get("piece") || FIRST_PIECE : game === "heap" ? asked.get("rule") || FIRST_RULE : edge;
  const open = (p) => go(analyseLink(game, p, size, k, misere, piece));
  const noTable = game === "nim" || game === "lgame" || game === "sum" || misere;
  const tableOf = noTable ? null : tableSection(server, game, size, k, open, piece);
  const guessOf = noTable ? null : guessSection(server, game, k, piece);
  const form = askForm(game, position, size, k, misere, piece, go);
  document.title = t("analysis-document", { game: gameName(game), position });
  // The classification, or what went wrong asking it.
  let c = null;
  let problem = null;

  const unmount = mount(main, () => {
    const values = c ? new Map(c.moves.map((m) => [m.move, mark(m)])) : null;
    return [
      h(
        "section",
        { class: "match" },
        h("h1", {}, t("analysis-title", { game: describe(game, size, k, misere, piece) })),
        h("p", { class: "verdict", "aria-live": "polite" }, problem ? h("span", { class: "error" }, problem) : c ? sentence(c) : ""),
        h("div", { class: "board-area" }, c ? drawBoard({ game, size, k, position: c.position, board: c.board, legal_moves: [], components: c.sum ? c.sum.components : null }, null, values) : null),
        h("div", { class: "explanation" }, c && c.sum ? explanation(c.sum) : null),
        h("div", { class: "moves-table" }, c ? movesTable(c, game, size, k, misere, piece) : null),
      ),
      h("div", { class: "side-column" }, form(), tableOf ? tableOf() : null, guessOf ? guessOf() : null),
    ];
  });

  async function load() {
    try {
      c = await server.request({ type: "query", ...params(game, size, k, misere, piece), position });
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
  const rows = sum.components.map((c, i) =>
    h("tr", {}, h("td", {}, `${i + 1} ${componentName(c)}:${c.position}`), h("td", {}, c.grundy === null ? "?" : String(c.grundy)), h("td", {}, h("code", {}, binary(c.grundy)))),
  );
  rows.push(h("tr", { class: "total" }, h("th", { scope: "row" }, t("sum-nim-sum")), h("td", {}, String(sum.nim_sum)), h("td", {}, h("code", {}, binary(sum.nim_sum)))));
  const moves = sum.winning.map((w) =>
    h("li", {}, t("sum-winning", { component: String(w.component), from: String(w.from), x: String(sum.nim_sum), to: String(w.to), moves: w.moves })),
  );
  // The methods are codes (`sprague-grundy`, `search`), each with its message.
  const method = codeWord("method", sum.method);
  const why = sum.remoteness_method
    ? t("sum-why-remoteness", { method, remoteness: codeWord("method", sum.remoteness_method) })
    : t("sum-why", { method });
  return [
    h(
      "table",
      {},
      h("caption", {}, why),
      h("thead", {}, h("tr", {}, [t("sum-head-component"), t("sum-head-grundy"), t("sum-head-binary")].map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, rows),
    ),
    sum.nim_sum === 0
      ? h("p", {}, t("sum-zero"))
      : h("ul", { "aria-label": t("sum-where") }, moves),
  ];
}

/** `A win for the player to move in 5 plies; Grundy number 3.` */
function sentence(c) {
  const parts = [];
  const known = c.remoteness !== null && c.remoteness !== undefined;
  const plies = known ? String(c.remoteness) : "";
  if (c.outcome === "win") parts.push(known ? t("analysis-win-in", { plies }) : t("analysis-win"));
  else if (c.outcome === "loss") parts.push(known ? t("analysis-loss-in", { plies }) : t("analysis-loss"));
  else parts.push(t("analysis-draw"));
  if (c.grundy !== null && c.grundy !== undefined) parts.push(t("analysis-grundy", { n: String(c.grundy) }));
  parts.push(t("analysis-moves", { count: c.move_count }));
  if (c.remoteness_unknown) {
    parts.push(t("analysis-unknown", { why: said(c.remoteness_unknown_message, c.remoteness_unknown) }));
  }
  return t("analysis-sentence", { parts: parts.reduce((first, next) => t("analysis-join", { first, next })) });
}

/** A move's value for the mover (the classification gives it for the opponent after it). */
/** A move's mark on the board: what it leaves, W (a win for the mover) or L or D, with the
 *  plies to the end. */
export function mark(m) {
  const r = m.remoteness !== null && m.remoteness !== undefined ? m.remoteness : "";
  if (m.outcome === "loss") return { cls: "win", text: `W${r}`, say: t("mark-wins", { plies: r }) };
  if (m.outcome === "win") return { cls: "loss", text: `L${r}`, say: t("mark-loses", { plies: r }) };
  return { cls: "draw", text: "D", say: t("mark-draws") };
}

function movesTable(c, game, size, k, misere, piece) {
  if (c.moves.length === 0) return h("p", {}, t("moves-none"));
  const caption = c.moves.length < c.move_count
    ? t("moves-caption-some", { listed: String(c.moves.length), count: String(c.move_count) })
    : t("moves-caption");
  // The L-game has draws, and misère play no Sprague–Grundy theory: no Grundy numbers.
  const grundy = game !== "lgame" && !misere;
  const heads = [t("moves-head-move"), t("moves-head-value"), grundy ? t("moves-head-grundy") : null, t("moves-head-position")].filter(Boolean);
  return h(
    "table",
    {},
    h("caption", {}, caption),
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
          h("td", {}, h("a", { href: analyseLink(game, m.position, size, k, misere, piece), "data-view": true }, m.position)),
        );
      }),
    ),
  );
}

/** The form of another position, as a view: the fields shown follow the game chosen. */
function askForm(game, position, size, k, misere, piece, go) {
  let chosen = game;
  return () => h(
    "form",
    {
      class: "card",
      onsubmit: (e) => {
        e.preventDefault();
        const f = e.target.elements;
        const m = f.misere.checked && f.game.value !== "lgame";
        go(analyseLink(f.game.value, f.position.value.trim(), Number(f.size.value), Number(f.k.value), m, defOf(f)));
      },
    },
    h("h2", {}, t("analyse-another")),
    gameFields(GAMES, game, chosen, (v) => { chosen = v; }, { game, size, k, misere, piece }),
    // Another game starts from its own example position.
    field(t("analyse-position"), h("input", { name: "position", spellcheck: "false", props: { value: chosen === game ? position : STARTS[chosen] } })),
    h("button", { type: "submit" }, t("analyse-submit")),
  );
}
