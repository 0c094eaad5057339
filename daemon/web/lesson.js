// @ts-check
// A lesson's flow for a student: taken to each of their games in the room — a tournament's
// round, an exhibition's board — as it is paired, with a banner above the page (and a sound
// when they asked for one), then back to the room when the game is over, where the
// standings and the next round are. Whatever page a student is on, the room's events reach
// this browser: the connection stays in the room.

import { h, hostName, mount, redraw } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

/** How long a finished game stays on screen before the student is taken back to the room,
 *  and how long the room (its standings) before the next game. */
const RESULT_MS = 4000;
const ROOM_MS = 3000;
/** Where the matches a student was taken to are kept (a reload takes them to none again). */
const TAKEN = "grundy.taken";
/** Where the choice of a sound is kept, per browser. */
const SOUND = "grundy.sound";

/** Follows the lessons of the rooms this browser's player is in; `go(path)` changes page.
 *  @param {Server} server */
export function followLessons(server, go, container) {
  let taken;
  try {
    taken = new Set(JSON.parse(sessionStorage.getItem(TAKEN) || "[]"));
  } catch {
    taken = new Set();
  }
  // The game the student was last taken to: its match, its room, what it is, and when it
  // ended and when the student was back in the room (0 until then); a game waiting for the
  // one shown to be read; the banner.
  let current = null;
  let waiting = null;
  let banner = null;
  // Taking the student to the waiting game; back to the room after a game.
  let next = null;
  let back = null;

  const me = () => (server.welcome ? server.welcome.player_id : null);

  /** This player's games under way in a room's tournaments and exhibitions. */
  function mine(code, tournaments, simuls) {
    const found = [];
    for (const x of tournaments || []) {
      const name = (id) => (x.entrants.find((e) => e.player_id === id) || { name: String(id) }).name;
      for (const g of x.games) {
        if (g.result || (g.first !== me() && g.second !== me())) continue;
        const other = g.first === me() ? g.second : g.first;
        const what = () => t("lesson-round", { round: String(g.round), rounds: String(x.rounds), other: name(other) });
        found.push({ match_id: g.match_id, code, what });
      }
    }
    for (const s of simuls || []) {
      for (const g of s.games) {
        if (!g.result && g.player_id === me()) found.push({ match_id: g.match_id, code, what: () => t("lesson-board", { host: hostName(s) }) });
      }
    }
    return found;
  }

  /** Takes the student to each new game of theirs, one at a time. */
  function consider(games) {
    for (const game of games) {
      if (taken.has(game.match_id)) continue;
      taken.add(game.match_id);
      sessionStorage.setItem(TAKEN, JSON.stringify([...taken]));
      waiting = game;
    }
    if (!waiting) return;
    schedule();
  }

  /** A game just over stays in sight a moment, then the room's standings (from whenever the
   *  student is back in the room: "Back now" shortens the first wait), then the next game. */
  function schedule() {
    if (!waiting) return;
    let wait = 0;
    if (current && current.back) wait = current.back + ROOM_MS - Date.now();
    else if (current && current.ended) wait = current.ended + RESULT_MS + ROOM_MS - Date.now();
    clearTimeout(next);
    next = setTimeout(take, Math.max(0, wait));
  }

  function take() {
    const game = waiting;
    waiting = null;
    if (!game) return;
    current = { ...game, ended: 0, back: 0 };
    banner = { text: () => t("lesson-here", { what: game.what() }), back: null };
    if (location.pathname !== `/m/${game.match_id}`) go(`/m/${game.match_id}`);
    beep();
    redraw();
  }

  /** The game the student is in has ended: back to its room after a moment. */
  function over() {
    const game = current;
    game.ended = Date.now();
    const room = `/room/${game.code}`;
    const backNow = () => {
      clearTimeout(back);
      // Unless the student went elsewhere meanwhile.
      if (current !== game) return;
      banner = null;
      game.back = Date.now();
      if (location.pathname === `/m/${game.match_id}`) go(room);
      schedule();
      redraw();
    };
    banner = { text: () => t("lesson-over", { code: game.code, seconds: String(RESULT_MS / 1000) }), back: backNow };
    clearTimeout(back);
    back = setTimeout(backNow, RESULT_MS);
    redraw();
  }

  server.addEventListener("message", (e) => {
    const m = /** @type {CustomEvent} */ (e).detail;
    if (m.type === "tournament") consider(mine(m.code, [m.tournament], []));
    else if (m.type === "simul") consider(mine(m.code, [], [m.simul]));
    else if (m.type === "room") consider(mine(m.room.code, m.room.tournaments, m.room.simuls));
    else if (m.type === "match" && current && !current.ended && m.state.match_id === current.match_id && m.state.status === "finished") over();
  });

  mount(container, () => {
    if (!banner) return null;
    return h(
      "div",
      { class: "banner", role: "status" },
      h("span", {}, banner.text()),
      banner.back ? h("button", { type: "button", onclick: banner.back }, t("lesson-back-now")) : null,
      banner.back
        ? h("button", { type: "button", onclick: () => { clearTimeout(back); banner = null; } }, t("lesson-stay"))
        : h("button", { type: "button", "aria-label": t("lesson-close"), onclick: () => { banner = null; } }, "×"),
    );
  });

  return {
    /** A room as joined (the reply to `join_room`): a game already under way is taken to. */
    joined(view) {
      consider(mine(view.code, view.tournaments, view.simuls));
    },
    /** Whether match `id` is one of this student's games in a room (paired: no abort). */
    roomGame(id) {
      return taken.has(id);
    },
  };
}

/** Whether a sound says that a game starts (kept per browser). */
export function soundOn() {
  return localStorage.getItem(SOUND) === "1";
}

/** Turns the sound on or off; on plays it once, so the student hears what it is like. */
export function setSound(on) {
  if (on) localStorage.setItem(SOUND, "1");
  else localStorage.removeItem(SOUND);
  if (on) beep();
}

let audio = null;

/** A short two-note chime, when asked for. */
function beep() {
  if (!soundOn() || typeof AudioContext === "undefined") return;
  try {
    audio = audio || new AudioContext();
    const start = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = freq;
      gain.gain.setValueAtTime(0.2, start + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.15 + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + i * 0.15);
      tone.stop(start + i * 0.15 + 0.15);
    }
  } catch {
    // No sound on this device: the banner says it.
  }
}
