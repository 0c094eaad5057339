// @ts-check
// "Find a formula": the shortest formula equal to the Grundy table shown, or true exactly at
// its P-positions, found by the server from the table alone (the `guess` request), with how
// far it holds and the progress of the search while it runs.

import { h, redraw } from "./dom.js";
import { params } from "./games.js";
import { codeWord, said, t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

/** The guess section for `game`, as a view.
 *  @param {Server} server */
export function guessSection(server, game, k, piece = undefined) {
  let pPositions = false;
  let running = false;
  // The last report, or what went wrong; and the search's progress while it runs.
  let report = null;
  let problem = null;
  let progress = null;
  const onProgress = (/** @type {any} */ e) => {
    const m = e.detail;
    if (!running || m.type !== "progress") return;
    progress = `${said(m.what_message, m.what)} · ${m.total ? Math.floor((100 * m.done) / m.total) : 0} %`;
    redraw();
  };
  const ask = async () => {
    running = true;
    report = problem = progress = null;
    redraw();
    server.addEventListener("message", onProgress);
    try {
      report = await server.request({ type: "guess", ...params(game, undefined, k, false, piece), aim: pPositions ? "p_positions" : "grundy" });
    } catch (e) {
      problem = e.message;
    } finally {
      running = false;
      server.removeEventListener("message", onProgress);
      redraw();
    }
  };
  return () => h(
    "section",
    { class: "guess-section" },
    h("h2", {}, t("guess-title")),
    h("p", { class: "legend" }, t("guess-explain")),
    h("label", { class: "check" }, h("input", { type: "checkbox", checked: pPositions, onchange: (e) => { pPositions = e.target.checked; } }), ` ${t("guess-p-positions")}`),
    h("button", { type: "button", disabled: running, onclick: ask }, running ? t("guess-running") : t("guess-button")),
    h("div", { "aria-live": "polite" }, running ? h("p", { class: "legend" }, progress || t("guess-running")) : problem ? h("p", { class: "error" }, problem) : report ? result(report) : null),
  );
}

/** A guess's report: the formula, how far it holds, how the search ended. */
function result(r) {
  // A predicate is put together as `a == b`, a value formula in the other ways.
  const end = r.aim === "p_positions" && r.end === "searched" ? "searched-p_positions" : r.end;
  const searched = t(`cli-guess-end-${end}`, { complete: String(r.complete), kept: String(r.kept), ms: String(r.elapsed_ms) });
  const aim = codeWord("guess-aim", r.aim);
  if (!r.formula) {
    return h("div", { class: "guess-result" }, h("p", {}, t("guess-none", { aim, upto: String(r.upto) })), h("p", { class: "legend" }, searched));
  }
  const further = r.fails_at
    ? t("guess-fails-further", { below: String(r.holds_below), cell: r.fails_at.cell, grundy: String(r.fails_at.grundy) })
    : r.holds_below < r.check_upto
      ? t("cli-guess-late-further", { below: String(r.holds_below) })
      : t("cli-guess-holds-further", { bound: String(r.check_upto) });
  return h(
    "div",
    { class: "guess-result" },
    h("p", {}, h("code", { class: "formula" }, r.formula)),
    h("p", {}, t("guess-found", { size: String(r.size), aim, cells: String(r.cells), upto: String(r.upto) })),
    h("p", {}, further),
    h("p", { class: "legend" }, searched),
    r.statement !== r.formula ? h("p", { class: "legend" }, t("guess-statement"), " ", h("code", {}, r.statement)) : null,
  );
}
