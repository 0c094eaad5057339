// @ts-check
// A saved game at /review/ID: step through it (buttons, ← → Home End), each move annotated
// from the exact classification (best, inaccuracy, mistake, blunder, with the better moves),
// and the value history: after each ply, who wins with best play and in how many plies —
// above the axis while the first player wins, below while the second does, on it for a
// draw — so a blunder shows as the line crossing the axis.

import { describe, h, mount, picture, redraw, seatName } from "./dom.js";
import { drawBoard } from "./boards.js";
import { analyseLink } from "./analyse.js";
import { definition } from "./games.js";
import { codeWord, list, t, ta } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

/** Plies of a review loaded at once: a long game's come on demand, a page at a time. */
const AUTO_PLIES = 1000;

/** Positions the value chart marks one by one; a longer game's chart has a line at the ply. */
const DOTS_UPTO = 200;

/** The marks a move may get, best first (each with its message `annotation-…`). */
const MARKS = ["best", "inaccuracy", "mistake", "blunder"];

/** A move's mark in words. */
function annotation(a) {
  return codeWord("annotation", a);
}

/** Shows the review of game `id` in `main`; returns what to do when leaving it.
 *  @param {Server} server */
export function showReview(main, server, id) {
  /** @type {import("../types/protocol").GameSummary | null} */
  let game = null;
  let moves = [];
  let at = 0;
  // Where the review's next page starts (null after the last), the game's length, whether
  // a page is being loaded, and what went wrong.
  let next = null;
  let total = 0;
  // The start as drawn (the first page says it).
  let startBoard = null;
  let loading = false;
  let problem = null;

  const names = (seat) => (game && seatName(game.seats[seat])) || t("seat-number", { seat: String(seat) });

  function goTo(ply) {
    at = Math.max(0, Math.min(moves.length, ply));
    redraw();
  }

  function explain(m) {
    // What a value means for `who`, the player to move (`win`: `who` wins).
    const value = (outcome, remoteness, who) => {
      if (outcome === "draw") return t("review-draw");
      const known = remoteness !== null && remoteness !== undefined;
      const wins = outcome === "win";
      if (!known) return t(wins ? "review-wins" : "review-loses", { who });
      return t(wins ? "review-wins-in" : "review-loses-in", { who, plies: String(remoteness) });
    };
    const mover = names(m.seat);
    const other = names(1 - m.seat);
    // A better move's value is the opponent's, who is to move after it.
    const better = (m.better || []).map((b) => t("review-better-move", { move: b.move, value: value(b.outcome, b.remoteness, other) }));
    return h(
      "div",
      {},
      h("p", {}, h("strong", {}, `${t("review-played", { ply: String(m.ply), who: mover, move: m.move })} `), h("span", { class: `mark ${m.annotation}` }, annotation(m.annotation))),
      h("p", {}, t("review-before-after", { before: value(m.before.outcome, m.before.remoteness, mover), after: value(m.after.outcome, m.after.remoteness, other) })),
      better.length ? h("p", {}, t("review-better", { moves: list(better) })) : null,
    );
  }

  /** The value history as an SVG chart: one point per position, from seat 0's side. */
  function chart() {
    const points = [];
    if (moves.length) points.push({ ply: 0, ...side(moves[0].seat, moves[0].before) });
    for (const m of moves) points.push({ ply: m.ply, ...side(1 - m.seat, m.after) });
    const top = Math.max(1, ...points.map((p) => Math.abs(p.y)));
    const w = 640;
    const hgt = 220;
    const pad = 36;
    const x = (ply) => pad + (ply * (w - 2 * pad)) / Math.max(1, moves.length);
    const y = (v) => hgt / 2 - (v * (hgt / 2 - 20)) / top;
    const parts = [
      h("line", { x1: pad, y1: hgt / 2, x2: w - pad, y2: hgt / 2, stroke: "#888" }),
      h("text", { x: 4, y: 14, class: "chart-label" }, t("chart-up", { who: names(0) })),
      h("text", { x: 4, y: hgt - 4, class: "chart-label" }, t("chart-down", { who: names(1) })),
      // At the right end, above the axis: a longer word than "draw" fits too.
      h("text", { x: w - 4, y: hgt / 2 - 6, "text-anchor": "end", class: "chart-label" }, t("chart-draw")),
      h("path", { d: points.map((p, i) => `${i ? "L" : "M"}${x(p.ply)},${y(p.y)}`).join(" "), fill: "none", stroke: "#1d4e89", "stroke-width": 2 }),
    ];
    let click = null;
    if (points.length <= DOTS_UPTO) {
      for (const p of points) {
        const shape = p.y > 0 ? "▲" : p.y < 0 ? "▼" : "●";
        parts.push(h(
          "text",
          { x: x(p.ply), y: y(p.y) + 5, "text-anchor": "middle", class: `dot ${p.cls}${p.ply === at ? " current" : ""}`, "data-ply": p.ply, onclick: () => goTo(p.ply) },
          shape,
          h("title", {}, t("chart-point", { ply: String(p.ply), say: p.say })),
        ));
      }
    } else {
      // Too many plies for a mark each: a line at the ply shown, and a click goes to a ply.
      parts.push(h("line", { x1: x(at), y1: 20, x2: x(at), y2: hgt - 20, stroke: "#e07b00", "stroke-width": 2 }));
      click = (e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const px = ((e.clientX - box.left) * w) / box.width;
        goTo(Math.round(((px - pad) * Math.max(1, moves.length)) / (w - 2 * pad)));
      };
    }
    for (let ply = 0; ply <= moves.length; ply += Math.max(1, Math.ceil(moves.length / 10))) {
      parts.push(h("text", { x: x(ply), y: hgt / 2 + 16, "text-anchor": "middle", class: "chart-tick" }, String(ply)));
    }
    return h(
      "figure",
      { class: "chart" },
      picture(w, hgt, t("chart-label"), parts, { onclick: click }),
      h("figcaption", {}, t("chart-caption")),
      // The same, in words, for a screen reader or a keyboard.
      h(
        "details",
        { class: "chart-text" },
        h("summary", {}, t("chart-as-table")),
        h(
          "table",
          {},
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("chart-after")), h("th", { scope: "col" }, t("chart-best-play")))),
          h("tbody", {}, points.map((p) => h("tr", { key: p.ply }, h("td", {}, h("a", { href: "#", onclick: (e) => { e.preventDefault(); goTo(p.ply); } }, String(p.ply))), h("td", {}, p.say)))),
        ),
      ),
    );
  }

  /** The value `v` for the player in `seat` to move, seen from seat 0: up while seat 0 wins. */
  function side(seat, v) {
    if (v.outcome === "draw") return { y: 0, cls: "draw", say: t("review-draw") };
    const r = v.remoteness ?? 0;
    const winner = v.outcome === "win" ? seat : 1 - seat;
    const height = r + 1;
    return {
      y: winner === 0 ? height : -height,
      cls: winner === 0 ? "first" : "second",
      say: t("review-wins-in", { who: names(winner), plies: String(r) }),
    };
  }

  function keys(e) {
    if (e.target.closest("input, select, textarea")) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: moves.length }[e.key];
    if (to === undefined || !game) return;
    e.preventDefault();
    goTo(to);
  }

  /** The next page of the review, added to the moves shown. */
  async function page(from) {
    const r = await server.request({ type: "review", match_id: id, from });
    if (r.from === 0) startBoard = r.board_before;
    moves = moves.concat(r.moves);
    next = r.next ?? null;
    total = r.total;
  }

  /** Pages up to `AUTO_PLIES` come at once; a longer game's are loaded on demand. */
  async function loadMore() {
    loading = true;
    try {
      const until = moves.length + AUTO_PLIES;
      do await page(next);
      while (next !== null && moves.length < until);
    } catch (e) {
      problem = e.message;
    }
    loading = false;
  }

  function summary() {
    const counts = {};
    for (const m of moves) counts[m.annotation] = (counts[m.annotation] || 0) + 1;
    let result = t("review-not-over");
    if (game.result) {
      const { winner, reason } = game.result;
      const drawn = winner === null || winner === undefined;
      // Why, as the match's page says it (naming the loser where the reason is theirs).
      const why = codeWord("reason", reason, { who: drawn ? "" : names(1 - winner), you: "no" });
      result = drawn ? t("review-result-draw", { why }) : t("review-result-won", { who: names(winner), why });
    }
    const told = [t("review-summary", { first: names(0), second: names(1), result })];
    if (moves.length < total) told.push(t("review-first-plies", { shown: String(moves.length), total: String(total) }));
    const count = Object.fromEntries(MARKS.map((a) => [a, counts[a] || 0]));
    told.push(t("review-counts", count));
    return told.join(" ");
  }

  function view() {
    if (!game) {
      return h("section", { class: "match" }, h("h1", {}, t("review-title", { id: String(id) })), h("p", { class: "step" }, problem ? h("span", { class: "error" }, problem) : ""));
    }
    const position = at === 0 ? game.start : moves[at - 1].position;
    const board = at === 0 ? startBoard : moves[at - 1].board;
    const more = loading
      ? t("review-loading")
      : problem
        ? h("span", { class: "error" }, problem)
        : next === null
          ? null
          : h("button", { type: "button", onclick: loadMore }, t("review-load-more", { from: String(moves.length + 1), to: String(Math.min(total, moves.length + AUTO_PLIES)), total: String(total) }));
    return [
      h(
        "section",
        { class: "match" },
        h("h1", {}, t("review-title-game", { id: String(id), game: describe(game.game, game.size, game.k, game.misere, definition(game)) })),
        h("p", { class: "summary" }, summary()),
        h("div", { class: "board-area" }, drawBoard({ ...game, position, board, legal_moves: [] }, null)),
        h(
          "p",
          { class: "step", "aria-live": "polite" },
          `${t("review-step", { ply: String(at), total: String(Math.max(total, moves.length)), position })} `,
          h("a", { href: analyseLink(game.game, position, game.size, game.k, false, definition(game)), "data-view": true }, t("review-analyse")),
        ),
        h(
          "div",
          { class: "actions" },
          h("button", { type: "button", onclick: () => goTo(0), "aria-label": ta("review-start", "aria-label") }, t("review-start")),
          h("button", { type: "button", onclick: () => goTo(at - 1), "aria-label": ta("review-back", "aria-label") }, t("review-back")),
          h("button", { type: "button", onclick: () => goTo(at + 1), "aria-label": ta("review-forward", "aria-label") }, t("review-forward")),
          h("button", { type: "button", onclick: () => goTo(moves.length), "aria-label": ta("review-end", "aria-label") }, t("review-end")),
        ),
        h("div", { class: "annotation" }, at === 0 ? h("p", {}, t("review-at-start")) : explain(moves[at - 1])),
        chart(),
      ),
      h(
        "aside",
        { class: "record" },
        h("h2", {}, t("moves-heading")),
        h(
          "ol",
          { class: "history review-list", start: 1 },
          moves.map((m) => h(
            "li",
            { key: m.ply, value: m.ply, class: m.ply === at ? "current" : null },
            h("a", { href: "#", onclick: (e) => { e.preventDefault(); goTo(m.ply); } }, t("moves-item", { name: names(m.seat), move: m.move })),
            " ",
            h("span", { class: `mark ${m.annotation}` }, annotation(m.annotation)),
          )),
        ),
        h("p", { class: "more" }, more),
      ),
    ];
  }

  async function load() {
    try {
      const g = await server.request({ type: "game", match_id: id, limit: 0 });
      moves = [];
      next = null;
      await page(null);
      while (next !== null && moves.length < AUTO_PLIES) await page(next);
      game = g.game;
      document.title = t("review-document", { id: String(id) });
    } catch (e) {
      problem = e.message;
    }
    redraw();
  }

  const unmount = mount(main, view);
  document.addEventListener("keydown", keys);
  server.addEventListener("welcome", load);
  if (server.welcome) load();
  return () => {
    unmount();
    document.removeEventListener("keydown", keys);
    server.removeEventListener("welcome", load);
  };
}
