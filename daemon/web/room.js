// Rooms in the browser. `/room`: join one with its code, or open one (you are its teacher).
// `/room/CODE`: a student sees each exercise with its board, answers it and reads the grade
// with its reason, and finds their tournament or exhibition game; a teacher sees who is
// here, sets exercises, watches the answers arrive with their tallies, starts a Swiss, ends
// a round, and downloads the results. The server grades; the page only shows.

import { clockText, describe, el, field, fill, select } from "./dom.js";
import { GAMES, params } from "./games.js";
import { drawBoard } from "./boards.js";

const QUESTIONS = ["outcome", "grundy", "winning_move", "winning_moves", "remoteness"];


/** `/room`: join with a code, or open a room. */
export function showRoomEntry(main, server, go) {
  document.title = "grundy · rooms";
  const code = el("input", { id: "room-code", name: "code", required: true, maxlength: 4, autocomplete: "off", placeholder: "K7Q2" });
  const name = el("input", { id: "room-name", name: "name", required: true, maxlength: 60, placeholder: "3B maths" });
  const problem = el("p", { class: "error", role: "alert" });
  const join = el(
    "form",
    { class: "card", onsubmit: (e) => {
      e.preventDefault();
      // Typing the code is choosing to join: the room's page joins at once.
      const typed = code.value.trim().toUpperCase();
      if (server.roomName(typed) === null) server.keepRoom(typed, server.name);
      go(`/room/${typed}`);
    } },
    el("h1", {}, "Join a room"),
    field("The room's code (on the teacher's screen)", code),
    el("button", { type: "submit" }, "Join"),
  );
  const open = el(
    "form",
    { class: "card", onsubmit: async (e) => {
      e.preventDefault();
      try {
        const reply = await server.request({ type: "create_room", name: name.value.trim(), hints: false });
        server.keepOwnerToken(reply.room.code, reply.room.owner_token);
        go(`/room/${reply.room.code}`);
      } catch (err) {
        problem.textContent = err.message;
      }
    } },
    el("h2", {}, "Open a room (teachers)"),
    field("The room's name", name),
    problem,
    el("button", { type: "submit" }, "Open"),
  );
  const last = sessionStorage.getItem("grundy.room");
  const back = last ? el("p", {}, el("a", { href: `/room/${last}`, "data-view": true, class: "button join" }, `Back to room ${last}`)) : null;
  fill(main, ...(back ? [back] : []), join, open);
  code.focus();
  return () => {};
}

/** `/room/CODE`: the room as this member sees it; returns what to do when leaving. */
export function showRoom(main, server, code, go) {
  document.title = `grundy · room ${code}`;
  let view = null;
  // The teacher's view of every board under way: each followed match's latest state, and
  // (analysis on) the exact value of its position.
  const live = { boards: new Map(), values: new Map(), analysis: false, following: new Set() };
  const area = el("section", { class: "room", "aria-live": "polite" }, el("p", {}, "joining…"));
  fill(main, area);

  // A member joins at once; anyone else (a link opened) is asked first, with the name to
  // go by in the room.
  const join = async () => {
    const token = server.ownerToken(code);
    const chosen = server.roomName(code);
    if (!token && chosen === null) return ask();
    const name = chosen && chosen !== server.name ? { name: chosen } : {};
    try {
      const reply = await server.request({ type: "join_room", code, ...name, ...(token ? { owner_token: token } : {}) });
      view = reply.room;
      // The header's "Rooms" leads back here after a game.
      sessionStorage.setItem("grundy.room", view.code);
      draw();
    } catch (e) {
      if (e.code === "offline") return;
      if (token) {
        fill(area, el("p", { class: "error", role: "alert" }, e.message), el("a", { href: "/room", "data-view": true }, "Another code"));
        return;
      }
      // A name taken, a code that is no room: said, and asked again.
      server.keepRoom(code, null);
      ask(e.message, chosen);
    }
  };

  /** Asks whether to join the room, and under which name. */
  function ask(problem, tried) {
    const name = el("input", { id: "member-name", name: "name", required: true, maxlength: 32, autocomplete: "nickname", value: tried || server.name });
    const form = el(
      "form",
      { class: "card join-room", onsubmit: (e) => {
        e.preventDefault();
        server.keepRoom(code, name.value.trim());
        join();
      } },
      el("h1", {}, `Join room ${code}?`),
      el("p", {}, "You will be one of its students: your teacher sees your answers and your games."),
      problem ? el("p", { class: "error", role: "alert" }, problem) : null,
      field("Your name in the room", name),
      el("button", { type: "submit" }, "Join"),
      el("p", {}, el("a", { href: "/room", "data-view": true }, "Another code")),
    );
    fill(area, form);
    name.focus();
  }
  const onMessage = (e) => {
    const m = e.detail;
    if (!view || (m.code && m.code !== view.code)) return;
    switch (m.type) {
      case "exercises_set":
        for (const x of m.exercises) if (!view.exercises.some((y) => y.id === x.id)) view.exercises.push(x);
        break;
      case "answered":
        view.answers.push(m.answer);
        view.tallies = (view.tallies || []).filter((t) => t.exercise_id !== m.tally.exercise_id).concat([m.tally]);
        break;
      case "room_member": {
        view.members = (view.members || []).filter((x) => x.player_id !== m.member.player_id).concat([m.member]);
        break;
      }
      case "room_settings":
        view.settings = m.settings;
        break;
      case "tournament":
        view.tournaments = (view.tournaments || []).filter((t) => t.id !== m.tournament.id).concat([m.tournament]);
        break;
      case "simul":
        view.simuls = (view.simuls || []).filter((s) => s.id !== m.simul.id).concat([m.simul]);
        break;
      case "room":
        view = m.room;
        break;
      case "answers_released":
        // Each student's grades are theirs alone: the room is read again.
        join();
        return;
      case "match":
        if (!live.boards.has(m.state.match_id)) return;
        live.boards.set(m.state.match_id, m.state);
        value(m.state);
        break;
      default:
        return;
    }
    draw();
  };
  server.addEventListener("message", onMessage);
  server.addEventListener("welcome", join);
  if (server.welcome) join();

  function draw() {
    const me = server.welcome ? server.welcome.player_id : null;
    const teacher = view.role === "teacher";
    const hints = view.settings.hints ? "hints on" : "hints off";
    const parts = [el("h1", {}, `Room ${view.code} · ${view.name}`), el("p", { class: "position" }, `${teacher ? "teacher" : "student"} · ${hints}`)];
    parts.push(...games(view, me, teacher));
    if (teacher) {
      parts.push(boardsPart(view, live, () => {
        live.analysis = !live.analysis;
        for (const s of live.boards.values()) value(s);
        draw();
      }));
      parts.push(...teacherParts(view, server));
      follow();
    }
    else parts.push(...studentParts(view, server, draw));
    fill(area, ...parts);
  }

  /** Follows every game under way not followed yet (teachers). */
  async function follow() {
    const ids = underWay(view).filter((id) => !live.following.has(id));
    for (const id of ids) {
      live.following.add(id);
      try {
        const reply = await server.request({ type: "watch", match_id: id });
        live.boards.set(id, reply.state);
        value(reply.state);
      } catch {
        live.following.delete(id);
      }
    }
    if (ids.length) draw();
  }

  /** Asks the value of a board's position when analysis is on. */
  async function value(s) {
    const key = `${s.match_id}:${s.ply}`;
    if (!live.analysis || s.status !== "playing" || live.values.has(key)) return;
    live.values.set(key, "…");
    try {
      const c = await server.request({ type: "query", ...params(s.game, s.size, s.k, s.misere), position: s.position, limit: 0 });
      const who = s.seats[s.to_move].name;
      const r = c.remoteness;
      live.values.set(key, `${c.outcome} for ${who}${r === null || r === undefined ? "" : ` in ${r}`}`);
    } catch (e) {
      live.values.set(key, e.message);
    }
    draw();
  }

  return () => {
    server.removeEventListener("message", onMessage);
    server.removeEventListener("welcome", join);
  };
}

/** The student's side: the exercise to answer, then every answer with its grade. */
function studentParts(view, server, redraw) {
  const now = Date.now();
  const answered = (e) => view.answers.some((a) => a.exercise_id === e.id);
  const current = view.exercises.find((e) => !answered(e) && (!e.deadline || now <= e.deadline));
  const out = [];
  if (current) {
    const number = view.exercises.indexOf(current) + 1;
    const input = el("input", { id: "answer", name: "answer", required: true, autocomplete: "off" });
    const problem = el("p", { class: "error", role: "alert" });
    const form = el(
      "form",
      { class: "card exercise", onsubmit: async (e) => {
        e.preventDefault();
        try {
          const reply = await server.request({ type: "answer", code: view.code, exercise_id: current.id, answer: input.value });
          view.answers.push(reply.answer);
          redraw();
        } catch (err) {
          problem.textContent = err.message;
        }
      } },
      el("h2", {}, `Exercise ${number} · ${describe(current.game, current.size, current.k, current.misere)} · ${current.position}`),
      drawBoard({ ...current, legal_moves: [] }, null),
      el("p", {}, current.prompt),
      field("Your answer", input),
      problem,
      el("button", { type: "submit" }, "Answer"),
    );
    out.push(form);
    queueMicrotask(() => input.focus());
  } else {
    out.push(el("p", { class: "empty" }, view.exercises.length ? "All answered: wait for the next exercise." : "Wait for your teacher's first exercise."));
  }
  const graded = view.answers.map((a) => {
    const n = view.exercises.findIndex((e) => e.id === a.exercise_id) + 1;
    const mark = a.withheld ? "✎ kept" : a.correct ? "✓ right" : "✗ wrong";
    return el(
      "li",
      { class: a.withheld ? "kept" : a.correct ? "right" : "wrong" },
      el("strong", {}, `${mark} (exercise ${n}: ${a.answer})`),
      " ",
      a.explanation,
    );
  });
  if (graded.length) out.push(el("ul", { class: "grades" }, graded.reverse()));
  return out;
}

/** The teacher's side: members, a form to set an exercise, every exercise's tally, a Swiss,
 *  the results. */
function teacherParts(view, server) {
  const here = (view.members || []).filter((m) => m.role === "student");
  const out = [
    el("p", {}, `${here.filter((m) => m.connected).length} of ${here.length} students here: `, here.map((m) => `${m.name}${m.connected ? "" : " (away)"}`).join(", ")),
    askForm(view, server),
  ];
  const rows = view.exercises.map((e, i) => {
    const t = (view.tallies || []).find((x) => x.exercise_id === e.id) || { answered: 0, students: here.length, correct: 0, histogram: [] };
    const bars = t.histogram.map((h) => `${h.answer} ×${h.count}${h.correct ? " ✓" : ""}`).join(", ");
    return el(
      "tr",
      {},
      el("td", {}, String(i + 1)),
      el("td", {}, `${describe(e.game, e.size, e.k, e.misere)} ${e.position}`),
      el("td", {}, e.question),
      el("td", {}, e.solution || ""),
      el("td", { class: "tally" }, `${t.answered}/${t.students} answered, ${t.correct} right`),
      el("td", {}, bars),
    );
  });
  if (rows.length) {
    out.push(el(
      "table",
      { class: "exercises" },
      el("caption", {}, "Exercises"),
      el("thead", {}, el("tr", {}, ["", "position", "question", "solution", "answers", "given"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows),
    ));
    out.push(studentsGrid(view, here));
    out.push(el("button", { type: "button", onclick: () => download(view, server) }, "Download the results (CSV)"));
  }
  out.push(swissForm(view, server));
  return out;
}

function askForm(view, server) {
  const game = select("game", GAMES.map((g) => [g, g]), "queen");
  const position = el("input", { id: "ask-position", name: "position", required: true, value: "5,3" });
  const question = select("question", QUESTIONS.map((q) => [q, q.replace("_", " ")]), "outcome");
  const problem = el("p", { class: "error", role: "alert" });
  return el(
    "form",
    { class: "card", onsubmit: async (e) => {
      e.preventDefault();
      problem.textContent = "";
      const spec = { ...params(game.value), position: position.value.trim(), question: question.value };
      try {
        await server.request({ type: "set_exercises", code: view.code, exercises: [spec] });
      } catch (err) {
        problem.textContent = err.message;
      }
    } },
    el("h2", {}, "Set an exercise"),
    field("Game", game),
    field("Position (or random)", position),
    field("Question", question),
    problem,
    el("button", { type: "submit" }, "Set it"),
  );
}

function swissForm(view, server) {
  const running = (view.tournaments || []).find((t) => !t.finished);
  const problem = el("p", { class: "error", role: "alert" });
  if (running) {
    return el(
      "div",
      { class: "card" },
      el("h2", {}, `Tournament ${running.id}: round ${running.round} of ${running.rounds}`),
      el("button", { type: "button", onclick: async () => {
        try {
          await server.request({ type: "next_round", code: view.code, tournament_id: running.id });
        } catch (err) {
          problem.textContent = err.message;
        }
      } }, "End the round (adjudicate) and pair the next"),
      problem,
    );
  }
  const game = select("swiss-game", GAMES.filter((g) => g !== "sum").map((g) => [g, g]), "nim");
  const rounds = el("input", { id: "rounds", name: "rounds", type: "number", min: 1, max: 100, value: 3 });
  return el(
    "form",
    { class: "card", onsubmit: async (e) => {
      e.preventDefault();
      try {
        await server.request({ type: "create_tournament", code: view.code, ...params(game.value), start: "random", format: "swiss", rounds: Number(rounds.value) });
      } catch (err) {
        problem.textContent = err.message;
      }
    } },
    el("h2", {}, "A Swiss between the students here"),
    field("Game", game),
    field("Rounds", rounds),
    problem,
    el("button", { type: "submit" }, "Start"),
  );
}

/** Tournaments and exhibitions: the standings, and the games under way with links. */
function games(view, me, teacher) {
  const out = [];
  for (const t of (view.tournaments || []).slice(-1)) {
    const name = (id) => (t.entrants.find((x) => x.player_id === id) || { name: String(id) }).name;
    const mine = t.games.find((g) => !g.result && (g.first === me || g.second === me));
    if (mine) {
      const other = mine.first === me ? mine.second : mine.first;
      out.push(el("p", { class: "your-game" }, el("a", { href: `/m/${mine.match_id}`, "data-view": true, class: "button join" }, `Play your game: round ${mine.round} against ${name(other)}`)));
    }
    const live = t.games.filter((g) => !g.result);
    out.push(el(
      "table",
      { class: "standings" },
      el("caption", {}, `Tournament ${t.id} · ${t.format === "swiss" ? "Swiss" : "round robin"} · ${describe(t.game, t.size, t.k, t.misere)} · round ${t.round} of ${t.rounds}${t.finished ? " · over" : ""}`),
      el("thead", {}, el("tr", {}, ["rank", "player", "points", "Buchholz", "S-B"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, t.standings.map((s) => el("tr", {}, [String(s.rank), s.name, s.points, s.buchholz, s.sonneborn_berger].map((c) => el("td", {}, c))))),
    ));
    // A teacher sees every board in the cards below.
    if (live.length && !teacher) {
      out.push(el("p", {}, "Under way: ", ...live.map((g) => el("a", { href: `/m/${g.match_id}`, "data-view": true }, ` ${name(g.first)}–${name(g.second)} `))));
    }
  }
  for (const s of view.simuls || []) {
    const mine = s.games.find((g) => !g.result && g.player_id === me);
    if (mine) out.push(el("p", { class: "your-game" }, el("a", { href: `/m/${mine.match_id}`, "data-view": true, class: "button join" }, `Play your board against ${s.host}`)));
  }
  return out;
}

async function download(view, server) {
  const reply = await server.request({ type: "export_room", code: view.code });
  const url = URL.createObjectURL(new Blob([reply.content], { type: "text/csv" }));
  const a = el("a", { href: url, download: `room-${view.code}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** The match ids of the room's games under way: tournament games and exhibition boards. */
function underWay(view) {
  const ids = [];
  for (const t of view.tournaments || []) for (const g of t.games) if (!g.result) ids.push(g.match_id);
  for (const s of view.simuls || []) for (const g of s.games) if (!g.result) ids.push(g.match_id);
  return ids;
}

/** Every board under way at once (nothing when none is), as cards: players, position, whose turn, the clocks, and
 *  with analysis on the exact value for the player to move. */
function boardsPart(view, live, toggle) {
  const ids = new Set(underWay(view));
  if (ids.size === 0) return null;
  const boards = [...live.boards.values()].filter((s) => ids.has(s.match_id) && s.status === "playing");
  const cards = boards.map((s) => {
    const names = s.seats.map((x) => x.name || "?");
    const turn = s.to_move === null || s.to_move === undefined ? "waiting" : `${names[s.to_move]} to move`;
    const clock = s.clock ? `${clockText(s.clock.remaining_ms[0])} | ${clockText(s.clock.remaining_ms[1])}` : null;
    const v = live.analysis ? live.values.get(`${s.match_id}:${s.ply}`) : null;
    return el(
      "a",
      { class: "board-card", href: `/m/${s.match_id}`, "data-view": true },
      el("strong", {}, `${names[0]} – ${names[1]}`),
      el("span", { class: "position" }, `${describe(s.game, s.size, s.k, s.misere)} · ${s.position}`),
      el("span", {}, `ply ${s.ply} · ${turn}`),
      clock ? el("span", { class: "clock" }, clock) : null,
      v ? el("span", { class: "value" }, v) : null,
    );
  });
  const button = el("button", { type: "button", onclick: toggle, "aria-pressed": String(live.analysis) }, live.analysis ? "Analysis off" : "Analysis on");
  return el(
    "section",
    { class: "boards", "aria-label": "Every board under way" },
    el("h2", {}, `${cards.length} boards under way `, button),
    cards.length ? el("div", { class: "board-cards" }, cards) : el("p", { class: "empty" }, "No game is under way."),
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
      return el("td", { class: !a ? "" : a.correct ? "right" : "wrong", title: a ? `${a.answer}: ${a.explanation}` : "not answered" }, mark);
    });
    return el("tr", {}, el("th", { scope: "row" }, m.name), ...cells, el("td", {}, `${right}/${view.exercises.length}`));
  });
  return el(
    "table",
    { class: "students" },
    el("caption", {}, "Students"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "student"), ...view.exercises.map((_, i) => el("th", { scope: "col" }, String(i + 1))), el("th", { scope: "col" }, "score"))),
    el("tbody", {}, rows),
  );
}
