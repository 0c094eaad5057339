// @ts-check
// The teacher's console in a room, at parity with the terminal's: who is here, exercises of
// every kind (with their difficulty, several at once, a deadline), the answers as they
// arrive with their tallies, tournaments (Swiss or round robin) and exhibitions with every
// option, the room's switches (hints, exam, engine), the results to download, and every
// board under way.

import qrcode from "./vendor/qrcode/qrcode.js";
import { clockText, describe, field, h, picture, select } from "./dom.js";
import { GAMES, gameFields, paramsOf } from "./games.js";
import { drawBoard } from "./boards.js";

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
    h("p", { class: "members" }, `${here.filter((m) => m.connected).length} of ${here.length} students here: `, here.map((m) => `${m.name}${m.connected ? "" : " (away)"}`).join(", ")),
    keyCard(view, server.ownerToken(view.code)),
    h("div", { class: "console" }, exercisesForm(view, server, problems, ui), settingsCard(view, server, problems)),
  ];
  const rows = view.exercises.map((e, i) => {
    const t = (view.tallies || []).find((x) => x.exercise_id === e.id) || { answered: 0, students: here.length, correct: 0, histogram: [] };
    const bars = t.histogram.map((b) => `${b.answer} ×${b.count}${b.correct ? " ✓" : ""}`).join(", ");
    return h(
      "tr",
      { key: e.id },
      h("td", {}, String(i + 1)),
      h("td", {}, `${describe(e.game, e.size, e.k, e.misere)} ${e.position}`),
      h("td", {}, e.question),
      h("td", {}, e.solution || ""),
      h("td", { class: "tally" }, `${t.answered}/${t.students} answered, ${t.correct} right`),
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
        h("caption", {}, "Exercises"),
        h("thead", {}, h("tr", {}, ["", "position", "question", "solution", "answers", "given"].map((head) => h("th", { scope: "col" }, head)))),
        h("tbody", {}, rows),
      ),
    ));
    out.push(studentsGrid(view, here));
    out.push(h("button", { type: "button", onclick: () => download(view, server) }, "Download the results (CSV)"));
  }
  out.push(h("div", { class: "console" }, tournamentCard(view, server, problems, ui), simulCard(view, server, problems, ui)));
  return out;
}

const QUESTIONS = [
  ["outcome", "win, loss or draw"],
  ["grundy", "the Grundy number"],
  ["winning_move", "a winning move"],
  ["winning_moves", "every winning move"],
  ["remoteness", "moves to the end"],
];

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
    h("h2", {}, "Set exercises"),
    gameFields(GAMES, "queen", ui.ask || "queen", (v) => { ui.ask = v; }),
    field("Position (random: drawn for each)", h("input", { id: "ask-position", name: "position", value: "5,3", spellcheck: "false" })),
    field("Question", select("question", QUESTIONS, "outcome")),
    h(
      "fieldset",
      { class: "range" },
      h("legend", {}, "Difficulty of a random position: moves to the end"),
      field("from", h("input", { name: "from", type: "number", min: 0, placeholder: "any" })),
      field("below", h("input", { name: "to", type: "number", min: 1, placeholder: "any" })),
    ),
    field("How many (each random position drawn afresh)", h("input", { name: "count", type: "number", min: 1, max: 50, value: 1 })),
    field("Deadline in minutes (none when empty)", h("input", { name: "deadline", type: "number", min: 1, max: 10080, placeholder: "none" })),
    h("p", { class: "error", role: "alert" }, problems.ask || ""),
    h("button", { type: "submit" }, "Set them"),
  );
}

/** The room's switches, each changed at once: hints, exam mode, the engine allowed; and the
 *  answers released.
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
    h("h2", {}, "The room's switches"),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "hints", props: { checked: Boolean(s.hints) }, onchange: configure((t) => ({ hints: t.checked })) }), " Hints: students may ask for values"),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "exam", props: { checked: Boolean(s.exam) }, onchange: configure((t) => ({ exam: t.checked })) }), " Exam: answers kept until released, and no values anywhere on the server"),
    field("Strongest engine students may play", h(
      "select",
      { name: "engine", props: { value: s.engine || "any" }, onchange: configure((t) => ({ engine: t.value })) },
      [["any", "any"], ["perfect", "perfect"], ["medium", "medium"], ["easy", "easy"], ["none", "none: only each other"]].map(([value, text]) => h("option", { value }, text)),
    )),
    s.exam ? h("button", { type: "button", onclick: send({ type: "release_answers" }) }, "Release the answers (grades and solutions)") : null,
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
      h("h2", {}, `Tournament ${running.id}: round ${running.round} of ${running.rounds}`),
      h("button", { type: "button", onclick: act(() => ({ type: "next_round" })) }, "End the round (adjudicate) and pair the next"),
      h(
        "div",
        { class: "withdraw" },
        field("Withdraw a player", h("select", { name: "withdraw" }, active.map((e) => h("option", { key: e.player_id, value: e.player_id }, e.name)))),
        h("button", { type: "button", onclick: (e) => act(() => ({ type: "withdraw_tournament", player_id: Number(e.target.closest(".withdraw").querySelector("select").value) }))() }, "Withdraw"),
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
    h("h2", {}, "A tournament between the students here"),
    field("Format", select("format", [["swiss", "Swiss"], ["round_robin", "round robin (everyone plays everyone)"]], "swiss", (v) => { ui.format = v; })),
    field("Rounds", h("input", { id: "rounds", name: "rounds", type: "number", min: 1, max: 100, value: 3 }), format !== "swiss"),
    gameFields(GAMES.filter((g) => g !== "sum"), "nim", ui.tournament || "nim", (v) => { ui.tournament = v; }),
    field("Start (random: one position a round, the same on every board)", h("input", { name: "start", value: "random", spellcheck: "false" })),
    field("Clock (minutes+seconds a move; none when empty)", h("input", { name: "clock", placeholder: "3+2", pattern: "\\d+(\\.\\d+)?\\+\\d+" })),
    problem,
    h("button", { type: "submit" }, "Start"),
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
    h("h2", {}, "An exhibition: one board against each student"),
    field("Who plays every board", select("host", [["me", "I do"], ["perfect", "the engine (perfect)"], ["medium", "the engine (medium)"], ["easy", "the engine (easy)"]], "perfect")),
    gameFields(GAMES.filter((g) => g !== "sum"), "nim", ui.simul || "nim", (v) => { ui.simul = v; }),
    field("Start (random: one position for every board)", h("input", { name: "start", value: "3,4,5", spellcheck: "false" })),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "students_first" }), " The students move first"),
    field("Clock (minutes+seconds a move; none when empty)", h("input", { name: "clock", placeholder: "5+3", pattern: "\\d+(\\.\\d+)?\\+\\d+" })),
    h("p", { class: "error", role: "alert" }, problems.simul || ""),
    h("button", { type: "submit" }, "Start the exhibition"),
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
    h("summary", {}, "The teacher's key: take this room over on another device"),
    h("p", {}, "Scan this on your phone or open the link on another computer: that device becomes this room's teacher too. Keep it private: whoever has it can run the room."),
    h("div", { class: "qr" }, qrCode(link)),
    h("p", {}, h("code", { class: "token" }, link)),
    h("p", {}, "Or, on the other device, type the room's code and this key under Rooms → Take over a room:"),
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
    const name = (seat) => `${s.seats[seat].name || "?"}${s.seats[seat].player_id !== undefined && !s.seats[seat].connected ? " (away)" : ""}`;
    const turn = s.to_move === null || s.to_move === undefined ? "waiting" : `${s.seats[s.to_move].name || "?"} to move`;
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
      h("span", { class: "position" }, `${describe(s.game, s.size, s.k, s.misere)} · ${s.position}`),
      h("span", {}, `ply ${s.ply} · ${turn}`),
      clock ? h("span", { class: "clock" }, clock) : null,
      v ? h("span", { class: "value" }, v) : null,
    );
  });
  const button = h("button", { type: "button", onclick: toggle, "aria-pressed": String(live.analysis) }, live.analysis ? "Values off" : "Exact values on");
  return h(
    "section",
    { class: `boards${large ? " large" : ""}`, "aria-label": "Every board under way" },
    h("h2", {}, `${cards.length} board${cards.length === 1 ? "" : "s"} under way `, button),
    cards.length ? h("div", { class: "board-cards" }, cards) : h("p", { class: "empty" }, "No game is under way."),
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
      return h("td", { class: !a ? "" : a.correct ? "right" : "wrong", title: a ? `${a.answer}: ${a.explanation}` : "not answered" }, mark);
    });
    return h("tr", {}, h("th", { scope: "row" }, m.name), ...cells, h("td", {}, `${right}/${view.exercises.length}`));
  });
  return h(
    "table",
    { class: "students" },
    h("caption", {}, "Students"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "student"), ...view.exercises.map((_, i) => h("th", { scope: "col" }, String(i + 1))), h("th", { scope: "col" }, "score"))),
    h("tbody", {}, rows),
  );
}
/** @param {Server} server */
async function download(view, server) {
  const reply = await server.request({ type: "export_room", code: view.code });
  const url = URL.createObjectURL(new Blob([reply.content], { type: "text/csv" }));
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
  return picture(n + 8, n + 8, "a QR code of the take-over link", [h("path", { d, fill: "#000" })]);
}

/** The match ids of the room's games under way: tournament games and exhibition boards. */
export function underWay(view) {
  const ids = [];
  for (const t of view.tournaments || []) for (const g of t.games) if (!g.result) ids.push(g.match_id);
  for (const s of view.simuls || []) for (const g of s.games) if (!g.result) ids.push(g.match_id);
  return ids;
}
