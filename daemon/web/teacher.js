// @ts-check
// The teacher's console in a room, at parity with the terminal's: who is here, exercises of
// every kind (with their difficulty, several at once, a deadline), the answers as they
// arrive with their tallies, tournaments (Swiss or round robin) and exhibitions with every
// option, the room's switches (hints, exam, engine), the results to download, and every
// board under way.

import qrcode from "./vendor/qrcode/qrcode.js";
import { clockText, describe, field, h, picture, seatName, select } from "./dom.js";
import { GAMES, LEVELS, definition, gameFields, paramsOf } from "./games.js";
import { drawBoard } from "./boards.js";
import { LANGUAGES, codeWord, language, list, said, t } from "./i18n.js";

/** The engine's levels as a teacher chooses among them: the strongest first. */
const strongestFirst = [...LEVELS].reverse();

/** @typedef {import("./net.js").Server} Server */

/** What to do on a form's submission: `send(fields)`, with what goes wrong kept in
 *  `problems[name]` (cleared when it goes right). */
function submitting(problems, name, send) {
  return async (e) => {
    e.preventDefault();
    problems[name] = "";
    try {
      await send(e.target.elements, e.target);
    } catch (err) {
      problems[name] = err.message;
    }
  };
}

/** The teacher's side: members, the room's switches, exercises and their tallies, each
 *  student's answers, tournaments and exhibitions, the results, and the teacher's key.
 *  @param {Server} server */
export function teacherParts(view, server, problems, ui) {
  const here = (view.members || []).filter((m) => m.role === "student");
  const out = [
    h("p", { class: "members" }, `${t("members-here", { here: String(here.filter((m) => m.connected).length), count: String(here.length) })} `, list(here.map((m) => (m.connected ? m.name : t("member-away", { name: m.name }))))),
    keyCard(view, server.ownerToken(view.code)),
    h("div", { class: "console" }, exercisesForm(view, server, problems, ui), settingsCard(view, server, problems)),
  ];
  const rows = view.exercises.map((e, i) => {
    const tally = (view.tallies || []).find((x) => x.exercise_id === e.id) || { answered: 0, students: here.length, correct: 0, histogram: [] };
    const bars = list(tally.histogram.map((b) => `${b.answer} ×${b.count}${b.correct ? " ✓" : ""}`));
    return h(
      "tr",
      { key: e.id },
      h("td", {}, String(i + 1)),
      h("td", {}, `${describe(e.game, e.size, e.k, e.misere, definition(e))} ${e.position}`),
      h("td", {}, codeWord("question", e.question)),
      h("td", {}, e.solution || ""),
      h("td", { class: "tally" }, t("exercise-tally", { answered: String(tally.answered), students: String(tally.students), correct: String(tally.correct) })),
      h("td", {}, bars),
    );
  });
  if (rows.length) {
    out.push(h(
      "div",
      { class: "wide" },
      h(
        "table",
        { class: "exercises" },
        h("caption", {}, t("exercises-caption")),
        h("thead", {}, h("tr", {}, ["", ...["position", "question", "solution", "answers", "given"].map((x) => t(`exercises-head-${x}`))].map((head) => h("th", { scope: "col" }, head)))),
        h("tbody", {}, rows),
      ),
    ));
    out.push(studentsGrid(view, here));
    // Excel (a Japanese one above all) reads UTF-8 only after a byte-order mark.
    const bom = ui.bom ?? language() === "ja";
    out.push(h(
      "div",
      { class: "download" },
      h("button", { type: "button", onclick: () => download(view, server, bom) }, t("download-results")),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "bom", props: { checked: bom }, onchange: (e) => { ui.bom = e.target.checked; } }), ` ${t("download-bom")}`),
    ));
  }
  out.push(h("div", { class: "console" }, tournamentCard(view, server, problems, ui), simulCard(view, server, problems, ui)));
  return out;
}

/** The questions an exercise may ask (each with its message `question-…`). */
const QUESTIONS = ["outcome", "grundy", "winning_move", "winning_moves", "remoteness"];

/** @param {Server} server */
function exercisesForm(view, server, problems, ui) {
  return h(
    "form",
    { class: "card", key: "exercises", onsubmit: submitting(problems, "ask", async (f) => {
      const from = f.from.value;
      const to = f.to.value;
      const spec = {
        ...paramsOf(f),
        position: f.position.value.trim() || "random",
        question: f.question.value,
        ...(from !== "" || to !== "" ? { remoteness: { from: Number(from || 0), to: Number(to || 1000) } } : {}),
      };
      const count = Math.max(1, Math.min(50, Number(f.count.value) || 1));
      const minutes = Number(f.deadline.value);
      await server.request({
        type: "set_exercises",
        code: view.code,
        exercises: Array.from({ length: count }, () => ({ ...spec })),
        ...(minutes > 0 ? { deadline_s: Math.round(minutes * 60) } : {}),
      });
    }) },
    h("h2", {}, t("set-exercises")),
    gameFields(GAMES, "queen", ui.ask || "queen", (v) => { ui.ask = v; }),
    field(t("exercise-position"), h("input", { id: "ask-position", name: "position", value: "5,3", spellcheck: "false" })),
    field(t("exercise-question"), select("question", QUESTIONS.map((q) => [q, t(`question-${q}`)]), "outcome")),
    h(
      "fieldset",
      { class: "range" },
      h("legend", {}, t("exercise-difficulty")),
      field(t("exercise-from"), h("input", { name: "from", type: "number", min: 0, placeholder: t("difficulty-any") })),
      field(t("exercise-below"), h("input", { name: "to", type: "number", min: 1, placeholder: t("difficulty-any") })),
    ),
    field(t("exercise-count"), h("input", { name: "count", type: "number", min: 1, max: 50, value: 1 })),
    field(t("exercise-deadline"), h("input", { name: "deadline", type: "number", min: 1, max: 10080, placeholder: t("deadline-none") })),
    h("p", { class: "error", role: "alert" }, problems.ask || ""),
    h("button", { type: "submit" }, t("set-them")),
  );
}

/** The room's switches, each changed at once: hints, exam mode, the engine allowed, the
 *  language of the projector and the CSV; and the answers released.
 *  @param {Server} server */
function settingsCard(view, server, problems) {
  const s = view.settings;
  const send = (request) => async () => {
    problems.settings = "";
    try {
      await server.request({ code: view.code, ...request });
    } catch (err) {
      problems.settings = err.message;
    }
  };
  const configure = (change) => (e) => send({ type: "configure_room", ...change(e.target) })();
  return h(
    "div",
    { class: "card settings", key: "settings" },
    h("h2", {}, t("switches")),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "hints", props: { checked: Boolean(s.hints) }, onchange: configure((x) => ({ hints: x.checked })) }), ` ${t("switch-hints")}`),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "exam", props: { checked: Boolean(s.exam) }, onchange: configure((x) => ({ exam: x.checked })) }), ` ${t("switch-exam")}`),
    field(t("switch-engine"), h(
      "select",
      { name: "engine", props: { value: s.engine || "any" }, onchange: configure((x) => ({ engine: x.value })) },
      [["any", t("engine-any")], ...strongestFirst.map((l) => [l, t(`level-${l}`)]), ["none", t("engine-none")]].map(([value, text]) => h("option", { value }, text)),
    )),
    field(t("switch-language"), h(
      "select",
      { name: "language", props: { value: s.language || "reader" }, onchange: configure((x) => ({ language: x.value })) },
      [["reader", t("language-reader")], ...LANGUAGES].map(([value, text]) => h("option", { value }, text)),
    )),
    s.exam ? h("button", { type: "button", onclick: send({ type: "release_answers" }) }, t("release-answers")) : null,
    h("p", { class: "error", role: "alert" }, problems.settings || ""),
  );
}

/** A tournament: the form that starts one, or the controls of the one under way.
 *  @param {Server} server */
function tournamentCard(view, server, problems, ui) {
  const running = (view.tournaments || []).find((t) => !t.finished);
  const problem = h("p", { class: "error", role: "alert" }, problems.tournament || "");
  const act = (request) => async () => {
    problems.tournament = "";
    try {
      await server.request({ code: view.code, tournament_id: running.id, ...request() });
    } catch (err) {
      problems.tournament = err.message;
    }
  };
  if (running) {
    const active = running.entrants.filter((e) => !e.withdrawn);
    return h(
      "div",
      { class: "card tournament", key: `tournament-${running.id}` },
      h("h2", {}, t("tournament-title", { id: String(running.id), round: String(running.round), rounds: String(running.rounds) })),
      h("button", { type: "button", onclick: act(() => ({ type: "next_round" })) }, t("next-round")),
      h(
        "div",
        { class: "withdraw" },
        field(t("withdraw-field"), h("select", { name: "withdraw" }, active.map((e) => h("option", { key: e.player_id, value: e.player_id }, e.name)))),
        h("button", { type: "button", onclick: (e) => act(() => ({ type: "withdraw_tournament", player_id: Number(e.target.closest(".withdraw").querySelector("select").value) }))() }, t("withdraw")),
      ),
      problem,
    );
  }
  const format = ui.format || "swiss";
  return h(
    "form",
    { class: "card", key: "tournament", onsubmit: submitting(problems, "tournament", async (f) => {
      await server.request({
        type: "create_tournament",
        code: view.code,
        ...paramsOf(f),
        start: f.start.value.trim() || "random",
        format: f.format.value,
        ...(f.format.value === "swiss" ? { rounds: Number(f.rounds.value) } : {}),
        ...(f.clock.value.trim() ? { clock: f.clock.value.trim() } : {}),
      });
    }) },
    h("h2", {}, t("tournament-form")),
    field(t("field-format"), select("format", [["swiss", t("format-swiss-choice")], ["round_robin", t("format-round-robin-choice")]], "swiss", (v) => { ui.format = v; })),
    field(t("field-rounds"), h("input", { id: "rounds", name: "rounds", type: "number", min: 1, max: 100, value: 3 }), format !== "swiss"),
    gameFields(GAMES.filter((g) => g !== "sum"), "nim", ui.tournament || "nim", (v) => { ui.tournament = v; }),
    field(t("tournament-start"), h("input", { name: "start", value: "random", spellcheck: "false" })),
    field(t("tournament-clock"), h("input", { name: "clock", placeholder: "3+2", pattern: "\\d+(\\.\\d+)?\\+\\d+" })),
    problem,
    h("button", { type: "submit" }, t("tournament-go")),
  );
}

/** An exhibition: the teacher (or the engine) against every student here, one board each.
 *  @param {Server} server */
function simulCard(view, server, problems, ui) {
  return h(
    "form",
    { class: "card", key: "simul", onsubmit: submitting(problems, "simul", async (f) => {
      const host = f.host.value === "me" ? "human" : { engine: f.host.value };
      await server.request({
        type: "start_simul",
        code: view.code,
        ...paramsOf(f),
        start: f.start.value.trim() || "random",
        host,
        students_first: f.students_first.checked,
        ...(f.clock.value.trim() ? { clock: f.clock.value.trim() } : {}),
      });
    }) },
    h("h2", {}, t("simul-title")),
    field(t("simul-host"), select("host", [["me", t("simul-host-me")], ...strongestFirst.map((l) => [l, t("against-engine", { level: t(`level-${l}`) })])], "perfect")),
    gameFields(GAMES.filter((g) => g !== "sum"), "nim", ui.simul || "nim", (v) => { ui.simul = v; }),
    field(t("simul-start"), h("input", { name: "start", value: "3,4,5", spellcheck: "false" })),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "students_first" }), ` ${t("simul-students-first")}`),
    field(t("tournament-clock"), h("input", { name: "clock", placeholder: "5+3", pattern: "\\d+(\\.\\d+)?\\+\\d+" })),
    h("p", { class: "error", role: "alert" }, problems.simul || ""),
    h("button", { type: "submit" }, t("simul-go")),
  );
}

/** The room's teacher key (its owner token), shown to the teacher who opened the room here:
 *  with it, another device (the teacher's phone, the projector's PC) takes the room over. */
function keyCard(view, token) {
  if (!token) return null;
  const link = `${location.origin}/room/${view.code}#key=${token}`;
  return h(
    "details",
    { class: "card key", key: "key" },
    h("summary", {}, t("key-summary")),
    h("p", {}, t("key-help")),
    h("div", { class: "qr" }, qrCode(link)),
    h("p", {}, h("code", { class: "token" }, link)),
    h("p", {}, t("key-typed")),
    h("p", {}, h("code", { class: "token" }, token)),
  );
}

/** Every board under way at once (nothing when none is), as cards: the players (away
 *  marked), the board, whose turn, the clocks as they run, and with analysis on the exact
 *  value for the player to move. `large` for a projector. */
export function boardsPart(view, live, toggle, large) {
  const ids = new Set(underWay(view));
  if (ids.size === 0) return null;
  const boards = [...live.boards.values()].filter((s) => ids.has(s.match_id) && s.status === "playing");
  const now = performance.now();
  const cards = boards.map((s) => {
    const name = (seat) => {
      const who = seatName(s.seats[seat]) || "?";
      return s.seats[seat].player_id !== undefined && !s.seats[seat].connected ? t("member-away", { name: who }) : who;
    };
    const turn = s.to_move === null || s.to_move === undefined ? t("board-waiting") : t("board-to-move", { name: seatName(s.seats[s.to_move]) || "?" });
    const left = (seat) => {
      const ms = s.clock.remaining_ms[seat];
      return s.clock.running === seat ? ms - (now - (live.received.get(s.match_id) || now)) : ms;
    };
    const clock = s.clock ? `${clockText(left(0))} | ${clockText(left(1))}` : null;
    const v = live.analysis ? live.values.get(`${s.match_id}:${s.ply}`) : null;
    return h(
      "div",
      { class: "board-card", key: s.match_id },
      h("a", { href: `/m/${s.match_id}`, "data-view": true }, h("strong", {}, `${name(0)} – ${name(1)}`)),
      h("div", { class: "mini" }, drawBoard({ ...s, legal_moves: [] }, null)),
      h("span", { class: "position" }, `${describe(s.game, s.size, s.k, s.misere, definition(s))} · ${s.position}`),
      h("span", {}, t("board-ply", { ply: String(s.ply), turn })),
      clock ? h("span", { class: "clock" }, clock) : null,
      v ? h("span", { class: "value" }, v) : null,
    );
  });
  const button = h("button", { type: "button", onclick: toggle, "aria-pressed": String(live.analysis) }, t(live.analysis ? "values-off" : "values-on"));
  return h(
    "section",
    { class: `boards${large ? " large" : ""}`, "aria-label": t("boards-label") },
    h("h2", {}, `${t("boards-count", { count: cards.length })} `, button),
    cards.length ? h("div", { class: "board-cards" }, cards) : h("p", { class: "empty" }, t("boards-none")),
  );
}

/** Each student's answers, exercise by exercise (✓ right, ✗ wrong, · not yet), and the score. */
function studentsGrid(view, students) {
  const rows = students.map((m) => {
    let right = 0;
    const cells = view.exercises.map((e) => {
      const a = view.answers.find((x) => x.exercise_id === e.id && x.player_id === m.player_id);
      if (a && a.correct) right += 1;
      const mark = !a ? "·" : a.correct ? "✓" : "✗";
      return h("td", { class: !a ? "" : a.correct ? "right" : "wrong", title: a ? `${a.answer}: ${said(a.explanation_message, a.explanation)}` : t("not-answered") }, mark);
    });
    return h("tr", {}, h("th", { scope: "row" }, m.name), ...cells, h("td", {}, `${right}/${view.exercises.length}`));
  });
  return h(
    "table",
    { class: "students" },
    h("caption", {}, t("students-caption")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("students-head")), ...view.exercises.map((_, i) => h("th", { scope: "col" }, String(i + 1))), h("th", { scope: "col" }, t("students-score")))),
    h("tbody", {}, rows),
  );
}
/** @param {Server} server */
async function download(view, server, bom) {
  const reply = await server.request({ type: "export_room", code: view.code });
  const content = bom ? `\ufeff${reply.content}` : reply.content;
  const url = URL.createObjectURL(new Blob([content], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `room-${view.code}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}


/** A QR code of `text`, as a picture (black modules on white, with the quiet zone). */
function qrCode(text) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4},${r + 4}h1v1h-1z`;
  return picture(n + 8, n + 8, t("key-qr"), [h("path", { d, fill: "#000" })]);
}

/** The match ids of the room's games under way: tournament games and exhibition boards. */
export function underWay(view) {
  const ids = [];
  for (const x of view.tournaments || []) for (const g of x.games) if (!g.result) ids.push(g.match_id);
  for (const s of view.simuls || []) for (const g of s.games) if (!g.result) ids.push(g.match_id);
  return ids;
}
