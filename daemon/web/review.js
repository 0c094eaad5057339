// A saved game at /review/ID: step through it (buttons, ← → Home End), each move annotated
// from the exact classification (best, inaccuracy, mistake, blunder, with the better moves),
// and the value history: after each ply, who wins with best play and in how many plies —
// above the axis while the first player wins, below while the second does, on it for a
// draw — so a blunder shows as the line crossing the axis.

import { describe, drawing, el, fill } from "./dom.js";
import { drawBoard } from "./boards.js";
import { analyseLink } from "./analyse.js";

/** Plies of a review loaded at once: a long game's come on demand, a page at a time. */
const AUTO_PLIES = 1000;

/** Positions the value chart marks one by one; a longer game's chart has a line at the ply. */
const DOTS_UPTO = 200;

const PLURALS = [["best", "best"], ["inaccuracy", "inaccuracies"], ["mistake", "mistakes"], ["blunder", "blunders"]];

/** Shows the review of game `id` in `main`; returns what to do when leaving it. */
export function showReview(main, server, id) {
  const heading = el("h1", {}, `Game ${id}`);
  const summary = el("p", { class: "summary" });
  const board = el("div", { class: "board-area" });
  const step = el("p", { class: "step", "aria-live": "polite" });
  const annotation = el("div", { class: "annotation" });
  const chart = el("figure", { class: "chart" });
  const controls = el("div", { class: "actions" });
  const list = el("ol", { class: "history review-list", start: 1 });
  const more = el("p", { class: "more" });
  fill(
    main,
    el("section", { class: "match" }, heading, summary, board, step, controls, annotation, chart),
    el("aside", { class: "record" }, el("h2", {}, "Moves"), list, more),
  );
  let game = null;
  let moves = [];
  let at = 0;
  // Moves the chart's line to a ply, when the chart has a line instead of a mark a ply.
  let cursor = null;

  const names = (seat) => (game ? game.seats[seat].name || `seat ${seat}` : `seat ${seat}`);

  function goTo(ply) {
    at = Math.max(0, Math.min(moves.length, ply));
    const position = at === 0 ? game.start : moves[at - 1].position;
    fill(board, drawBoard({ ...game, position, legal_moves: [] }, null));
    fill(
      step,
      `ply ${at} of ${Math.max(total, moves.length)} · position ${position} · `,
      el("a", { href: analyseLink(game.game, position, game.size, game.k), "data-view": true }, "analyse it"),
    );
    fill(annotation, at === 0 ? el("p", {}, "The start. → steps forward.") : explain(moves[at - 1]));
    for (const [i, li] of [...list.children].entries()) li.classList.toggle("current", i + 1 === at);
    for (const dot of chart.querySelectorAll("[data-ply]")) {
      dot.classList.toggle("current", Number(dot.dataset.ply) === at);
    }
    if (cursor) cursor(at);
  }

  function explain(m) {
    const value = (v, who) => {
      if (v.outcome === "draw") return "a draw";
      const r = v.remoteness === null || v.remoteness === undefined ? "" : ` in ${v.remoteness}`;
      return `${v.outcome === "win" ? `${who} wins` : `${who} loses`}${r}`;
    };
    const mover = names(m.seat);
    const other = names(1 - m.seat);
    const better = (m.better || []).map((b) => `${b.move} (${b.outcome === "loss" ? `${other} loses` : b.outcome === "draw" ? "a draw" : `${other} wins`}${b.remoteness !== null && b.remoteness !== undefined && b.outcome !== "draw" ? ` in ${b.remoteness}` : ""})`);
    return el(
      "div",
      {},
      el("p", {}, el("strong", {}, `${m.ply}. ${mover} played ${m.move}: `), el("span", { class: `mark ${m.annotation}` }, m.annotation)),
      el("p", {}, `Before: ${value(m.before, mover)}. After: ${value(m.after, other)}.`),
      better.length ? el("p", {}, `Better: ${better.join(", ")}.`) : null,
    );
  }

  /** The value history as an SVG chart: one point per position, from seat 0's side. */
  function drawChart() {
    const points = [];
    if (moves.length) points.push({ ply: 0, ...side(moves[0].seat, moves[0].before) });
    for (const m of moves) points.push({ ply: m.ply, ...side(1 - m.seat, m.after) });
    const top = Math.max(1, ...points.map((p) => Math.abs(p.y)));
    const w = 640;
    const h = 220;
    const pad = 36;
    const x = (ply) => pad + (ply * (w - 2 * pad)) / Math.max(1, moves.length);
    const y = (v) => h / 2 - (v * (h / 2 - 20)) / top;
    const { svg, add } = drawing(w, h, "who wins after each ply, and in how many plies");
    add("line", { x1: pad, y1: h / 2, x2: w - pad, y2: h / 2, stroke: "#888" });
    add("text", { x: 4, y: 14, class: "chart-label" }, `${names(0)} wins ▲`);
    add("text", { x: 4, y: h - 4, class: "chart-label" }, `${names(1)} wins ▼`);
    add("text", { x: w - pad + 4, y: h / 2 + 4, class: "chart-label" }, "draw");
    const path = points.map((p, i) => `${i ? "L" : "M"}${x(p.ply)},${y(p.y)}`).join(" ");
    add("path", { d: path, fill: "none", stroke: "#1d4e89", "stroke-width": 2 });
    if (points.length <= DOTS_UPTO) {
      for (const p of points) {
        const shape = p.y > 0 ? "▲" : p.y < 0 ? "▼" : "●";
        const dot = add("text", { x: x(p.ply), y: y(p.y) + 5, "text-anchor": "middle", class: `dot ${p.cls}`, "data-ply": p.ply }, shape);
        add("title", {}, `ply ${p.ply}: ${p.say}`, dot);
        dot.addEventListener("click", () => goTo(p.ply));
      }
      cursor = null;
    } else {
      // Too many plies for a mark each: a line at the ply shown, and a click goes to a ply.
      const line = add("line", { x1: x(at), y1: 20, x2: x(at), y2: h - 20, stroke: "#e07b00", "stroke-width": 2 });
      cursor = (ply) => {
        line.setAttribute("x1", x(ply));
        line.setAttribute("x2", x(ply));
      };
      svg.addEventListener("click", (e) => {
        const box = svg.getBoundingClientRect();
        const px = ((e.clientX - box.left) * w) / box.width;
        goTo(Math.round(((px - pad) * Math.max(1, moves.length)) / (w - 2 * pad)));
      });
    }
    for (let ply = 0; ply <= moves.length; ply += Math.max(1, Math.ceil(moves.length / 10))) {
      add("text", { x: x(ply), y: h / 2 + 16, "text-anchor": "middle", class: "chart-tick" }, String(ply));
    }
    fill(chart, svg, el("figcaption", {}, "Who wins with best play after each ply (and in how many plies, by the height). A mark that crosses the axis is a blunder."));
  }

  /** The value `v` for the player in `seat` to move, seen from seat 0: up while seat 0 wins. */
  function side(seat, v) {
    if (v.outcome === "draw") return { y: 0, cls: "draw", say: "a draw" };
    const r = v.remoteness ?? 0;
    const winner = v.outcome === "win" ? seat : 1 - seat;
    const height = r + 1;
    return {
      y: winner === 0 ? height : -height,
      cls: winner === 0 ? "first" : "second",
      say: `${names(winner)} wins in ${r}`,
    };
  }

  function keys(e) {
    if (e.target.closest("input, select, textarea")) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: moves.length }[e.key];
    if (to === undefined || !game) return;
    e.preventDefault();
    goTo(to);
  }

  // Where the review's next page starts (null after the last), and the game's length.
  let next = null;
  let total = 0;

  /** The next page of the review, added to the moves shown. */
  async function page(from) {
    const r = await server.request({ type: "review", match_id: id, from });
    moves = moves.concat(r.moves);
    next = r.next ?? null;
    total = r.total;
  }

  /** Pages up to `AUTO_PLIES` come at once; a longer game's are loaded on demand. */
  async function loadMore() {
    fill(more, "loading…");
    try {
      const until = moves.length + AUTO_PLIES;
      do await page(next);
      while (next !== null && moves.length < until);
      render();
      goTo(at);
    } catch (e) {
      fill(more, el("span", { class: "error" }, e.message));
    }
  }

  function render() {
    const counts = {};
    for (const m of moves) counts[m.annotation] = (counts[m.annotation] || 0) + 1;
    const result = game.result
      ? game.result.winner === null || game.result.winner === undefined
        ? `no winner (${game.result.reason})`
        : `${names(game.result.winner)} won (${game.result.reason})`
      : "not over";
    const shown = moves.length < total ? ` In the first ${moves.length} plies of ${total}:` : "";
    summary.textContent = `${names(0)} vs ${names(1)}; ${result}.${shown} ${PLURALS.map(([a, many]) => `${counts[a] || 0} ${(counts[a] || 0) === 1 ? a : many}`).join(", ")}.`;
    fill(list, moves.map((m) => el("li", { value: m.ply }, el("a", { href: "#", onclick: (e) => { e.preventDefault(); goTo(m.ply); } }, `${names(m.seat)}: ${m.move}`), " ", el("span", { class: `mark ${m.annotation}` }, m.annotation))));
    fill(
      more,
      next === null
        ? null
        : el("button", { type: "button", onclick: loadMore }, `load plies ${moves.length + 1}–${Math.min(total, moves.length + AUTO_PLIES)} of ${total}`),
    );
    drawChart();
  }

  async function load() {
    try {
      const g = await server.request({ type: "game", match_id: id, limit: 0 });
      game = g.game;
      moves = [];
      await page(null);
      while (next !== null && moves.length < AUTO_PLIES) await page(next);
      document.title = `grundy · review of game ${id}`;
      heading.textContent = `Game ${id}: ${describe(game.game, game.size, game.k, game.misere)}`;
      fill(
        controls,
        el("button", { type: "button", onclick: () => goTo(0), "aria-label": "the start" }, "« start"),
        el("button", { type: "button", onclick: () => goTo(at - 1), "aria-label": "one ply back" }, "‹ back"),
        el("button", { type: "button", onclick: () => goTo(at + 1), "aria-label": "one ply forward" }, "forward ›"),
        el("button", { type: "button", onclick: () => goTo(moves.length), "aria-label": "the end" }, "end »"),
      );
      render();
      goTo(0);
    } catch (e) {
      fill(step, el("span", { class: "error" }, e.message));
    }
  }

  document.addEventListener("keydown", keys);
  server.addEventListener("welcome", load);
  if (server.welcome) load();
  return () => {
    document.removeEventListener("keydown", keys);
    server.removeEventListener("welcome", load);
  };
}
