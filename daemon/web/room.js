// @ts-check
// Rooms in the browser. `/room`: join one with its code, or open one (you are its teacher).
// `/room/CODE`: a student sees each exercise with its board, answers it and reads the grade
// with its reason, and finds their tournament or exhibition game; a teacher sees who is
// here, sets exercises, watches the answers arrive with their tallies, starts a Swiss, ends
// a round, and downloads the results. The server grades; the page only shows. Every part is
// a view of the room's state, patched at each event: what a teacher or a student is typing
// stays as it is while others join and answer.

import { describe, field, h, mount, redraw } from "./dom.js";
import { params } from "./games.js";
import { setSound, soundOn } from "./lesson.js";
import { studentParts } from "./student.js";
import { boardsPart, teacherParts, underWay } from "./teacher.js";

/** @typedef {import("./net.js").Server} Server */


/** `/room`: join with a code, or open a room.
 *  @param {Server} server */
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
      { class: "card", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target.elements;
        const typed = f.code.value.trim().toUpperCase();
        server.keepOwnerToken(typed, f.key.value.trim());
        go(`/room/${typed}`);
      } },
      h("h2", {}, "Take over a room (teachers)"),
      h("p", {}, "From another device: the room's code and its teacher's key (on the room's page, under “The teacher's key”)."),
      field("The room's code", h("input", { id: "takeover-code", name: "code", required: true, maxlength: 4, autocomplete: "off" })),
      field("The teacher's key", h("input", { id: "takeover-key", name: "key", required: true, autocomplete: "off", spellcheck: "false", pattern: "[0-9a-f]{64}" })),
      h("button", { type: "submit" }, "Take over"),
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

/** `/room/CODE`: the room as this member sees it; returns what to do when leaving.
 *  @param {Server} server */
export function showRoom(main, server, code, go, lesson, projector = false) {
  document.title = projector ? `grundy · room ${code}: every board` : `grundy · room ${code}`;
  /** @type {import("../types/protocol").RoomView | null} */
  let view = null;
  // Before joining: asked whether to join (with the name tried and what went wrong), or
  // refused for good (an owner token that is not this room's).
  let asking = null;
  let refused = null;
  // The teacher's view of every board under way: each followed match's latest state, and
  // (analysis on) the exact value of its position.
  const live = { boards: new Map(), received: new Map(), values: new Map(), analysis: false, following: new Set() };
  const seen = (state) => {
    live.boards.set(state.match_id, state);
    live.received.set(state.match_id, performance.now());
  };
  // What went wrong with each form, by form; what the teacher's forms show (the game chosen).
  const problems = {};
  const ui = {};
  // A take-over link (`#key=…`, the room's QR code): this device becomes a teacher of it.
  const key = /^#key=([0-9a-f]+)$/.exec(location.hash);
  if (key) {
    server.keepOwnerToken(code, key[1]);
    history.replaceState(null, "", location.pathname);
  }

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
      if (token && e.code !== "name_taken") {
        refused = e.message;
        // A key that is not this room's is forgotten: the next visit joins as a student.
        if (e.code === "bad_token") server.keepOwnerToken(code, undefined);
      }
      else {
        // A name taken, a code that is no room: said, and asked again (a teacher too: the
        // same teacher at the terminal goes by the name already).
        server.keepRoom(code, null);
        asking = { problem: e.message, tried: chosen, teacher: Boolean(token) };
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
      h("p", {}, asking.teacher ? "You will be one of its teachers." : "You will be one of its students: your teacher sees your answers and your games."),
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
      case "room_left":
        view.members = (view.members || []).filter((x) => x.player_id !== m.player_id);
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
        seen(m.state);
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
    const toggle = () => {
      live.analysis = !live.analysis;
      for (const s of live.boards.values()) value(s);
    };
    if (projector) {
      // For the class to see: how to join, the standings, every board under way, large.
      follow();
      return h(
        "section",
        { class: "room projector" },
        h("h1", {}, `Room ${view.code} · ${view.name}`),
        h("p", { class: "join-at" }, `Join at ${location.host}/room with the code `, h("strong", {}, view.code)),
        ...games(view, me, true),
        boardsPart(view, live, toggle, true),
      );
    }
    const hints = view.settings.hints ? "hints on" : "hints off";
    const parts = [h("h1", {}, `Room ${view.code} · ${view.name}`), h("p", { class: "position" }, `${teacher ? "teacher" : "student"} · ${hints}`)];
    parts.push(...games(view, me, teacher));
    if (teacher) {
      parts.push(h("p", {}, h("a", { href: `/room/${view.code}/boards`, target: "_blank", class: "button" }, "Every board, for the projector ↗")));
      parts.push(boardsPart(view, live, toggle, false));
      parts.push(...teacherParts(view, server, problems, ui));
      follow();
    } else {
      parts.push(...studentParts(view, server, problems));
      parts.push(h(
        "label",
        { class: "sound" },
        h("input", { type: "checkbox", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
        " A sound when my game starts",
      ));
      // Joined by mistake: out again, unless the room keeps answers or games of yours.
      parts.push(h("p", { class: "leave" }, h("button", { type: "button", onclick: leave }, "Leave this room")));
      parts.push(h("p", { class: "error", role: "alert" }, problems.leave || ""));
    }
    return h("section", { class: "room" }, parts);
  }

  /** Leaves the room for good; the server says why not when it keeps something of theirs. */
  async function leave() {
    problems.leave = "";
    try {
      await server.request({ type: "leave_room", code });
      server.keepRoom(code, null);
      sessionStorage.removeItem("grundy.room");
      go("/room");
    } catch (e) {
      problems.leave = e.message;
    }
  }

  /** Follows every game under way not followed yet (teachers). */
  async function follow() {
    const ids = underWay(view).filter((id) => !live.following.has(id));
    for (const id of ids) {
      live.following.add(id);
      try {
        const reply = await server.request({ type: "watch", match_id: id });
        seen(reply.state);
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
  // The boards' clocks run between their states.
  const ticking = setInterval(() => {
    if ([...live.boards.values()].some((s) => s.clock && s.status === "playing")) redraw();
  }, 1000);
  return () => {
    clearInterval(ticking);
    unmount();
    server.removeEventListener("message", onMessage);
    server.removeEventListener("welcome", join);
  };
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

