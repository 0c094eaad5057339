// Rooms in the browser. `/room`: join one with its code, or open one (you are its teacher).
// `/room/CODE`: a student sees each exercise with its board, answers it and reads the grade
// with its reason, and finds their tournament or exhibition game; a teacher sees who is
// here, sets exercises, watches the answers arrive with their tallies, starts a Swiss, ends
// a round, and downloads the results. The server grades; the page only shows. Every part is
// a view of the room's state, patched at each event: what a teacher or a student is typing
// stays as it is while others join and answer.

import { clockText, describe, el, field, h, mount, redraw, select } from "./dom.js";
import { GAMES, params } from "./games.js";
import { drawBoard } from "./boards.js";
import { setSound, soundOn } from "./lesson.js";

const QUESTIONS = ["outcome", "grundy", "winning_move", "winning_moves", "remoteness"];


/** `/room`: join with a code, or open a room. */
export function showRoomEntry(main, server, go) {
  document.title = "grundy · rooms";
  let problem = "";
  const last = sessionStorage.getItem("grundy.room");
  const join = (e) => {
    e.preventDefault();
    // Typing the code is choosing to join: the room's page joins at once.
    const typed = e.target.elements.code.value.trim().toUpperCase();
    if (server.roomName(typed) === null) server.keepRoom(typed, server.name);
    go(`/room/${typed}`);
  };
  const open = async (e) => {
    e.preventDefault();
    try {
      const reply = await server.request({ type: "create_room", name: e.target.elements.name.value.trim(), hints: false });
      server.keepOwnerToken(reply.room.code, reply.room.owner_token);
      go(`/room/${reply.room.code}`);
    } catch (err) {
      problem = err.message;
    }
  };
  return mount(main, () => [
    last ? h("p", {}, h("a", { href: `/room/${last}`, "data-view": true, class: "button join" }, `Back to room ${last}`)) : null,
    h(
      "form",
      { class: "card", onsubmit: join },
      h("h1", {}, "Join a room"),
      field("The room's code (on the teacher's screen)", h("input", { id: "room-code", name: "code", required: true, maxlength: 4, autocomplete: "off", placeholder: "K7Q2", hook: { insert: (v) => v.elm.focus() } })),
      h("button", { type: "submit" }, "Join"),
    ),
    h(
      "form",
      { class: "card", onsubmit: open },
      h("h2", {}, "Open a room (teachers)"),
      field("The room's name", h("input", { id: "room-name", name: "name", required: true, maxlength: 60, placeholder: "3B maths" })),
      h("p", { class: "error", role: "alert" }, problem),
      h("button", { type: "submit" }, "Open"),
    ),
  ]);
}

/** `/room/CODE`: the room as this member sees it; returns what to do when leaving. */
export function showRoom(main, server, code, go, lesson) {
  document.title = `grundy · room ${code}`;
  let view = null;
  // Before joining: asked whether to join (with the name tried and what went wrong), or
  // refused for good (an owner token that is not this room's).
  let asking = null;
  let refused = null;
  // The teacher's view of every board under way: each followed match's latest state, and
  // (analysis on) the exact value of its position.
  const live = { boards: new Map(), values: new Map(), analysis: false, following: new Set() };
  // What went wrong with each form, by form.
  const problems = {};

  // A member joins at once; anyone else (a link opened) is asked first, with the name to
  // go by in the room.
  const join = async () => {
    const token = server.ownerToken(code);
    const chosen = server.roomName(code);
    if (!token && chosen === null) {
      asking = { problem: null, tried: null };
      return redraw();
    }
    const name = chosen && chosen !== server.name ? { name: chosen } : {};
    try {
      const reply = await server.request({ type: "join_room", code, ...name, ...(token ? { owner_token: token } : {}) });
      view = reply.room;
      asking = null;
      lesson.joined(view);
      // The header's "Rooms" leads back here after a game.
      sessionStorage.setItem("grundy.room", view.code);
    } catch (e) {
      if (e.code === "offline") return;
      if (token) refused = e.message;
      else {
        // A name taken, a code that is no room: said, and asked again.
        server.keepRoom(code, null);
        asking = { problem: e.message, tried: chosen };
      }
    }
    redraw();
  };

  /** Asks whether to join the room, and under which name. */
  function ask() {
    return h(
      "form",
      { class: "card join-room", onsubmit: (e) => {
        e.preventDefault();
        server.keepRoom(code, e.target.elements.name.value.trim());
        return join();
      } },
      h("h1", {}, `Join room ${code}?`),
      h("p", {}, "You will be one of its students: your teacher sees your answers and your games."),
      asking.problem ? h("p", { class: "error", role: "alert" }, asking.problem) : null,
      field("Your name in the room", h("input", { id: "member-name", name: "name", required: true, maxlength: 32, autocomplete: "nickname", value: asking.tried || server.name, hook: { insert: (v) => v.elm.focus() } })),
      h("button", { type: "submit" }, "Join"),
      h("p", {}, h("a", { href: "/room", "data-view": true }, "Another code")),
    );
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
    redraw();
  };
  server.addEventListener("message", onMessage);
  server.addEventListener("welcome", join);
  if (server.welcome) join();

  function draw() {
    if (refused) return h("section", { class: "room" }, h("p", { class: "error", role: "alert" }, refused), h("a", { href: "/room", "data-view": true }, "Another code"));
    if (asking) return h("section", { class: "room" }, ask());
    if (!view) return h("section", { class: "room" }, h("p", {}, "joining…"));
    const me = server.welcome ? server.welcome.player_id : null;
    const teacher = view.role === "teacher";
    const hints = view.settings.hints ? "hints on" : "hints off";
    const parts = [h("h1", {}, `Room ${view.code} · ${view.name}`), h("p", { class: "position" }, `${teacher ? "teacher" : "student"} · ${hints}`)];
    parts.push(...games(view, me, teacher));
    if (teacher) {
      parts.push(boardsPart(view, live, () => {
        live.analysis = !live.analysis;
        for (const s of live.boards.values()) value(s);
      }));
      parts.push(...teacherParts(view, server, problems));
      follow();
    } else {
      parts.push(...studentParts(view, server, problems));
      parts.push(h(
        "label",
        { class: "sound" },
        h("input", { type: "checkbox", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
        " A sound when my game starts",
      ));
    }
    return h("section", { class: "room" }, parts);
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
    if (ids.length) redraw();
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
    redraw();
  }

  const unmount = mount(main, draw);
  return () => {
    unmount();
    server.removeEventListener("message", onMessage);
    server.removeEventListener("welcome", join);
  };
}

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

/** The student's side: the exercise to answer (by tapping where the question allows), the
 *  score so far, then every answer with its grade. */
function studentParts(view, server, problems) {
  const now = Date.now();
  const answered = (e) => view.answers.some((a) => a.exercise_id === e.id);
  const current = view.exercises.find((e) => !answered(e) && (!e.deadline || now <= e.deadline));
  const right = view.answers.filter((a) => !a.withheld && a.correct).length;
  const told = view.answers.filter((a) => !a.withheld).length;
  const out = [];
  if (current) {
    const number = view.exercises.indexOf(current) + 1;
    const send = async (answer) => {
      problems.answer = "";
      try {
        const reply = await server.request({ type: "answer", code: view.code, exercise_id: current.id, answer });
        view.answers.push(reply.answer);
        chosen.delete(current.id);
      } catch (err) {
        problems.answer = err.message;
      }
    };
    out.push(h(
      "form",
      // A new exercise is a new form; the same one keeps what is typed in it.
      { class: "card exercise", key: `exercise-${current.id}`, onsubmit: (e) => {
        e.preventDefault();
        return send(e.target.elements.answer.value);
      } },
      h("p", { class: "progress" }, `Exercise ${number} of ${view.exercises.length}`, told ? ` · ${right} of ${told} right so far` : ""),
      h("h2", {}, `${describe(current.game, current.size, current.k, current.misere)} · ${current.position}`),
      ...answering(current, send),
      h("p", { class: "error", role: "alert" }, problems.answer || ""),
    ));
  } else {
    out.push(h("p", { class: "empty", key: "waiting" }, view.exercises.length ? `All answered: wait for the next exercise.${told ? ` ${right} of ${told} right so far.` : ""}` : "Wait for your teacher's first exercise."));
  }
  const graded = view.answers.map((a) => {
    const n = view.exercises.findIndex((e) => e.id === a.exercise_id) + 1;
    const mark = a.withheld ? "✎ kept" : a.correct ? "✓ right" : "✗ wrong";
    return h(
      "li",
      { class: a.withheld ? "kept" : a.correct ? "right" : "wrong", key: a.exercise_id },
      h("strong", {}, `${mark} (exercise ${n}: ${a.answer})`),
      " ",
      a.explanation,
    );
  });
  if (graded.length) out.push(h("ul", { class: "grades", key: "grades" }, graded.reverse()));
  return out;
}

/** The moves a student has pointed at so far, by exercise (a question asking for every
 *  winning move). */
const chosen = new Map();

/** How an exercise is answered: its board, its question, and the ways to answer it — outcome
 *  buttons, pointing at the board for a move, a number pad for a number — besides typing. */
function answering(exercise, send) {
  const q = exercise.question;
  const field = h("input", { id: "answer", name: "answer", required: true, autocomplete: "off", inputmode: q === "grundy" || q === "remoteness" ? "numeric" : null });
  const typed = h("label", { class: "typed" }, h("span", {}, q === "outcome" ? "Or type it" : "Your answer"), field, h("button", { type: "submit" }, "Answer"));
  const board = (play, marks) => drawBoard({ ...exercise, legal_moves: exercise.legal_moves || [] }, play, marks);
  const prompt = h("p", { class: "prompt" }, exercise.prompt);
  const none = h("button", { type: "button", onclick: () => send("none") }, "There is none");
  switch (q) {
    case "outcome": {
      const choices = [["win", "A win"], ["loss", "A loss"]];
      if (exercise.game === "lgame") choices.push(["draw", "A draw"]);
      return [
        board(null),
        prompt,
        h("div", { class: "choices" }, choices.map(([answer, text]) => h("button", { type: "button", class: "choice", onclick: () => send(answer) }, `${text} for the player to move`))),
        typed,
      ];
    }
    case "winning_move":
    case "winning_moves": {
      // Pointing chooses (and pointing again takes back); the answer goes on a press, so
      // that a slip of the finger costs nothing.
      const one = q === "winning_move";
      const picked = chosen.get(exercise.id) || new Set();
      chosen.set(exercise.id, picked);
      const marks = new Map([...picked].map((m) => [m, { cls: "picked", text: "✓", say: "is chosen: point again to take it back" }]));
      const toggle = (m) => {
        if (picked.has(m)) picked.delete(m);
        else {
          if (one) picked.clear();
          picked.add(m);
        }
      };
      const label = picked.size === 0 ? "Point at the board first" : one ? `Answer ${[...picked][0]}` : `Answer with the ${picked.size} chosen`;
      return [
        board(toggle, marks),
        h("p", { class: "prompt" }, `${exercise.prompt} Point at ${one ? "it" : "each"} on the board.`),
        h("div", { class: "choices" }, h("button", { type: "button", class: "choice", disabled: picked.size === 0, onclick: () => send([...picked].join("; ")) }, label), none),
        typed,
      ];
    }
    default: {
      // A number: a pad for fingers, the field for keyboards.
      const press = (key) => (e) => {
        const input = e.target.closest("form").elements.answer;
        input.value = key === "⌫" ? input.value.slice(0, -1) : input.value + key;
      };
      return [
        board(null),
        prompt,
        typed,
        h("div", { class: "pad", role: "group", "aria-label": "a number pad" }, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0"].map((key) => h("button", { type: "button", onclick: press(key), "aria-label": key === "⌫" ? "erase a digit" : key }, key))),
      ];
    }
  }
}

/** The teacher's side: members, a form to set an exercise, every exercise's tally, a Swiss,
 *  the results. */
function teacherParts(view, server, problems) {
  const here = (view.members || []).filter((m) => m.role === "student");
  const out = [
    h("p", { class: "members" }, `${here.filter((m) => m.connected).length} of ${here.length} students here: `, here.map((m) => `${m.name}${m.connected ? "" : " (away)"}`).join(", ")),
    askForm(view, server, problems),
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
      "table",
      { class: "exercises" },
      h("caption", {}, "Exercises"),
      h("thead", {}, h("tr", {}, ["", "position", "question", "solution", "answers", "given"].map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, rows),
    ));
    out.push(studentsGrid(view, here));
    out.push(h("button", { type: "button", onclick: () => download(view, server) }, "Download the results (CSV)"));
  }
  out.push(swissForm(view, server, problems));
  return out;
}

function askForm(view, server, problems) {
  return h(
    "form",
    { class: "card", key: "ask", onsubmit: submitting(problems, "ask", async (f) => {
      const spec = { ...params(f.game.value), position: f.position.value.trim(), question: f.question.value };
      await server.request({ type: "set_exercises", code: view.code, exercises: [spec] });
    }) },
    h("h2", {}, "Set an exercise"),
    field("Game", select("game", GAMES.map((g) => [g, g]), "queen")),
    field("Position (or random)", h("input", { id: "ask-position", name: "position", required: true, value: "5,3" })),
    field("Question", select("question", QUESTIONS.map((q) => [q, q.replace("_", " ")]), "outcome")),
    h("p", { class: "error", role: "alert" }, problems.ask || ""),
    h("button", { type: "submit" }, "Set it"),
  );
}

function swissForm(view, server, problems) {
  const running = (view.tournaments || []).find((t) => !t.finished);
  const problem = h("p", { class: "error", role: "alert" }, problems.swiss || "");
  if (running) {
    return h(
      "div",
      { class: "card", key: `tournament-${running.id}` },
      h("h2", {}, `Tournament ${running.id}: round ${running.round} of ${running.rounds}`),
      h("button", { type: "button", onclick: async () => {
        problems.swiss = "";
        try {
          await server.request({ type: "next_round", code: view.code, tournament_id: running.id });
        } catch (err) {
          problems.swiss = err.message;
        }
      } }, "End the round (adjudicate) and pair the next"),
      problem,
    );
  }
  return h(
    "form",
    { class: "card", key: "swiss", onsubmit: submitting(problems, "swiss", async (f) => {
      await server.request({ type: "create_tournament", code: view.code, ...params(f["swiss-game"].value), start: "random", format: "swiss", rounds: Number(f.rounds.value) });
    }) },
    h("h2", {}, "A Swiss between the students here"),
    field("Game", select("swiss-game", GAMES.filter((g) => g !== "sum").map((g) => [g, g]), "nim")),
    field("Rounds", h("input", { id: "rounds", name: "rounds", type: "number", min: 1, max: 100, value: 3 })),
    problem,
    h("button", { type: "submit" }, "Start"),
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
      out.push(h("p", { class: "your-game" }, h("a", { href: `/m/${mine.match_id}`, "data-view": true, class: "button join" }, `Play your game: round ${mine.round} against ${name(other)}`)));
    }
    const live = t.games.filter((g) => !g.result);
    out.push(h(
      "table",
      { class: "standings" },
      h("caption", {}, `Tournament ${t.id} · ${t.format === "swiss" ? "Swiss" : "round robin"} · ${describe(t.game, t.size, t.k, t.misere)} · round ${t.round} of ${t.rounds}${t.finished ? " · over" : ""}`),
      h("thead", {}, h("tr", {}, ["rank", "player", "points", "Buchholz", "S-B"].map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, t.standings.map((s) => h("tr", {}, [String(s.rank), s.name, s.points, s.buchholz, s.sonneborn_berger].map((c) => h("td", {}, c))))),
    ));
    // A teacher sees every board in the cards below.
    if (live.length && !teacher) {
      out.push(h("p", {}, "Under way: ", ...live.map((g) => h("a", { href: `/m/${g.match_id}`, "data-view": true }, ` ${name(g.first)}–${name(g.second)} `))));
    }
  }
  for (const s of view.simuls || []) {
    const mine = s.games.find((g) => !g.result && g.player_id === me);
    if (mine) out.push(h("p", { class: "your-game" }, h("a", { href: `/m/${mine.match_id}`, "data-view": true, class: "button join" }, `Play your board against ${s.host}`)));
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
    return h(
      "a",
      { class: "board-card", href: `/m/${s.match_id}`, "data-view": true },
      h("strong", {}, `${names[0]} – ${names[1]}`),
      h("span", { class: "position" }, `${describe(s.game, s.size, s.k, s.misere)} · ${s.position}`),
      h("span", {}, `ply ${s.ply} · ${turn}`),
      clock ? h("span", { class: "clock" }, clock) : null,
      v ? h("span", { class: "value" }, v) : null,
    );
  });
  const button = h("button", { type: "button", onclick: toggle, "aria-pressed": String(live.analysis) }, live.analysis ? "Analysis off" : "Analysis on");
  return h(
    "section",
    { class: "boards", "aria-label": "Every board under way" },
    h("h2", {}, `${cards.length} boards under way `, button),
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
