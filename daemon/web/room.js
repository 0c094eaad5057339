// @ts-check
// Rooms in the browser. `/room`: join one with its code, or open one (you are its teacher).
// `/room/CODE`: a student sees each exercise with its board, answers it and reads the grade
// with its reason, and finds their tournament or exhibition game; a teacher sees who is
// here, sets exercises, watches the answers arrive with their tallies, starts a Swiss, ends
// a round, and downloads the results. The server grades; the page only shows. Every part is
// a view of the room's state, patched at each event: what a teacher or a student is typing
// stays as it is while others join and answer.

import { describe, field, h, hostName, mount, redraw, seatName } from "./dom.js";
import { definition, params } from "./games.js";
import { setSound, soundOn } from "./lesson.js";
import { studentParts } from "./student.js";
import { boardsPart, teacherParts, underWay } from "./teacher.js";
import { codeWord, language, preferred, t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */


/** `/room`: join with a code, or open a room.
 *  @param {Server} server */
export function showRoomEntry(main, server, go) {
  document.title = t("rooms-document");
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
    last ? h("p", {}, h("a", { href: `/room/${last}`, "data-view": true, class: "button join" }, t("room-back", { code: last }))) : null,
    h(
      "form",
      { class: "card", onsubmit: join },
      h("h1", {}, t("room-join-title")),
      field(t("room-code-field"), h("input", { id: "room-code", name: "code", required: true, maxlength: 4, autocomplete: "off", placeholder: "K7Q2", hook: { insert: (v) => v.elm.focus() } })),
      h("button", { type: "submit" }, t("room-join")),
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
      h("h2", {}, t("room-takeover-title")),
      h("p", {}, t("room-takeover-help")),
      field(t("room-takeover-code"), h("input", { id: "takeover-code", name: "code", required: true, maxlength: 4, autocomplete: "off" })),
      field(t("room-takeover-key"), h("input", { id: "takeover-key", name: "key", required: true, autocomplete: "off", spellcheck: "false", pattern: "[0-9a-f]{64}" })),
      h("button", { type: "submit" }, t("room-takeover")),
    ),
    h(
      "form",
      { class: "card", onsubmit: open },
      h("h2", {}, t("room-open-title")),
      field(t("room-name-field"), h("input", { id: "room-name", name: "name", required: true, maxlength: 60, placeholder: "3B maths" })),
      h("p", { class: "error", role: "alert" }, problem),
      h("button", { type: "submit" }, t("room-open")),
    ),
  ]);
}

/** `/room/CODE`: the room as this member sees it; returns what to do when leaving.
 *  @param {Server} server */
export function showRoom(main, server, code, go, lesson, projector = false) {
  document.title = t(projector ? "room-document-boards" : "room-document", { code });
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
      h("h1", {}, t("room-join-ask", { code })),
      h("p", {}, t(asking.teacher ? "room-join-teacher" : "room-join-student")),
      asking.problem ? h("p", { class: "error", role: "alert" }, asking.problem) : null,
      field(t("room-member-name"), h("input", { id: "member-name", name: "name", required: true, maxlength: 32, autocomplete: "nickname", value: asking.tried || server.name, hook: { insert: (v) => v.elm.focus() } })),
      h("button", { type: "submit" }, t("room-join")),
      h("p", {}, h("a", { href: "/room", "data-view": true }, t("room-another-code"))),
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
        view.tallies = (view.tallies || []).filter((x) => x.exercise_id !== m.tally.exercise_id).concat([m.tally]);
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
        view.tournaments = (view.tournaments || []).filter((x) => x.id !== m.tournament.id).concat([m.tournament]);
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
    if (refused) return h("section", { class: "room" }, h("p", { class: "error", role: "alert" }, refused), h("a", { href: "/room", "data-view": true }, t("room-another-code")));
    if (asking) return h("section", { class: "room" }, ask());
    if (!view) return h("section", { class: "room" }, h("p", {}, t("room-joining")));
    const me = server.welcome ? server.welcome.player_id : null;
    const teacher = view.role === "teacher";
    const toggle = () => {
      live.analysis = !live.analysis;
      for (const s of live.boards.values()) value(s);
    };
    if (projector) {
      // For the class to see: how to join, the standings, every board under way, large; in
      // the room's language when the teacher chose one.
      const spoken = view.settings.language;
      if (spoken && spoken !== language()) document.dispatchEvent(new CustomEvent("grundy:speak", { detail: spoken }));
      follow();
      return h(
        "section",
        { class: "room projector" },
        h("h1", {}, t("room-title", { code: view.code, name: view.name })),
        h("p", { class: "join-at" }, `${t("room-join-at", { host: location.host })} `, h("strong", {}, view.code)),
        ...games(view, me, true),
        boardsPart(view, live, toggle, true),
      );
    }
    const hints = t(view.settings.hints ? "room-hints-on" : "room-hints-off");
    const parts = [h("h1", {}, t("room-title", { code: view.code, name: view.name })), h("p", { class: "position" }, t(teacher ? "room-role-teacher" : "room-role-student", { hints }))];
    parts.push(...games(view, me, teacher));
    if (teacher) {
      parts.push(h("p", {}, h("a", { href: `/room/${view.code}/boards`, target: "_blank", class: "button" }, t("room-boards-link"))));
      parts.push(boardsPart(view, live, toggle, false));
      parts.push(...teacherParts(view, server, problems, ui));
      follow();
    } else {
      parts.push(...studentParts(view, server, problems));
      parts.push(h(
        "label",
        { class: "sound" },
        h("input", { type: "checkbox", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
        ` ${t("room-sound")}`,
      ));
      // Joined by mistake: out again, unless the room keeps answers or games of yours.
      parts.push(h("p", { class: "leave" }, h("button", { type: "button", onclick: leave }, t("room-leave"))));
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
      const c = await server.request({ type: "query", ...params(s.game, s.size, s.k, s.misere, definition(s)), position: s.position, limit: 0 });
      const who = seatName(s.seats[s.to_move]);
      const r = c.remoteness;
      const outcome = codeWord("outcome", c.outcome);
      live.values.set(key, r === null || r === undefined ? t("room-value", { outcome, who }) : t("room-value-in", { outcome, who, plies: String(r) }));
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
    // The projector spoke the room's language: this browser's own again.
    if (projector && language() !== preferred()) document.dispatchEvent(new CustomEvent("grundy:speak", { detail: preferred() }));
  };
}

/** Tournaments and exhibitions: the standings, and the games under way with links. */
function games(view, me, teacher) {
  const out = [];
  for (const x of (view.tournaments || []).slice(-1)) {
    const name = (id) => (x.entrants.find((e) => e.player_id === id) || { name: String(id) }).name;
    const mine = x.games.find((g) => !g.result && (g.first === me || g.second === me));
    if (mine) {
      const other = mine.first === me ? mine.second : mine.first;
      out.push(h("p", { class: "your-game" }, h("a", { href: `/m/${mine.match_id}`, "data-view": true, class: "button join" }, t("room-your-game", { round: String(mine.round), other: name(other) }))));
    }
    const live = x.games.filter((g) => !g.result);
    const caption = {
      id: String(x.id),
      format: codeWord("format", x.format),
      game: describe(x.game, x.size, x.k, x.misere, definition(x)),
      round: String(x.round),
      rounds: String(x.rounds),
    };
    const heads = [t("standings-rank"), t("standings-player"), t("standings-points"), t("standings-buchholz"), t("standings-sb")];
    out.push(h(
      "table",
      { class: "standings" },
      h("caption", {}, t(x.finished ? "tournament-caption-over" : "tournament-caption", caption)),
      h("thead", {}, h("tr", {}, heads.map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, x.standings.map((s) => h("tr", {}, [String(s.rank), s.name, s.points, s.buchholz, s.sonneborn_berger].map((c) => h("td", {}, c))))),
    ));
    // A teacher sees every board in the cards below.
    if (live.length && !teacher) {
      out.push(h("p", {}, `${t("room-under-way")} `, ...live.map((g) => h("a", { href: `/m/${g.match_id}`, "data-view": true }, ` ${name(g.first)}–${name(g.second)} `))));
    }
  }
  for (const s of view.simuls || []) {
    const mine = s.games.find((g) => !g.result && g.player_id === me);
    if (mine) out.push(h("p", { class: "your-game" }, h("a", { href: `/m/${mine.match_id}`, "data-view": true, class: "button join" }, t("room-your-board", { host: hostName(s) }))));
  }
  return out;
}

