// @ts-check
// One match, at /m/ID: played from the seat this browser holds, watched otherwise; a match
// waiting for a player is joined from the lobby's Join, or on "Play this match" when a link
// to it was opened. The board is drawn as the
// game is; moves are made by pointing where the board allows it, or typed in the notation of
// NOTATION.md (with the legal moves offered as the field's suggestions). Clocks count down
// between the server's states; the server's clock decides.

import { clockText, describe, h, mount, redraw, seatName } from "./dom.js";
import { drawBoard } from "./boards.js";
import { mark } from "./analyse.js";
import { definition, params } from "./games.js";
import { codeWord, t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

/** Most legal moves asked of the server when the state does not list them. */
const MOVES_ASKED = 1000;


/** Shows match `id` in `main`; returns what to do when leaving it.
 *  @param {Server} server */
export function showMatch(main, server, id, go, lesson) {
  /** @type {import("../types/protocol").MatchState | null} */
  let state = null;
  let receivedAt = 0;
  // The marks of a hint, shown until the next state, and the moves asked of the server when
  // the state does not list them.
  let hinted = null;
  let asked = null;
  let me = null;
  // Resign pressed once: the button asks to be pressed again.
  let resigning = false;
  // What the notice line says (a text, or what makes it in the page's language now), and
  // whether it is an error.
  let notice = { text: () => "", error: false };
  // The field a move is typed in, once drawn.
  let typed = null;

  const seatOf = (s) => {
    const mine = server.welcome && server.welcome.player_id;
    const i = s.seats.findIndex((seat) => seat.player_id === mine);
    return i < 0 ? null : i;
  };

  /** Says `text` (a string, or a function making it) on the notice line. */
  const say = (text, error = false) => {
    notice = { text: typeof text === "function" ? text : () => text, error };
    redraw();
  };

  async function play(notation) {
    if (!notation) return;
    try {
      await server.request({ type: "move", match_id: id, move: notation });
      if (typed) typed.value = "";
      say("");
    } catch (e) {
      say(e.message, true);
    }
  }

  async function act(request) {
    try {
      const reply = await server.request({ ...request, match_id: id });
      if (reply.type === "match" && reply.state.match_id !== id) go(`/m/${reply.state.match_id}`);
    } catch (e) {
      say(e.message, true);
    }
  }

  // The lobby's Join says so in the address (`?join`); a link opened elsewhere asks first.
  let joining = new URLSearchParams(location.search).has("join");
  if (joining) history.replaceState(null, "", `/m/${id}`);

  async function enter() {
    try {
      const reply = await server.request({ type: "watch", match_id: id });
      if (joining && reply.state.status === "waiting" && seatOf(reply.state) === null) {
        joining = false;
        return take();
      }
      show(reply.state);
    } catch (e) {
      say(e.message, true);
    }
  }

  /** Takes the free seat of a match waiting for a player. */
  async function take() {
    try {
      const reply = await server.request({ type: "join", match_id: id });
      show(reply.state);
    } catch (e) {
      say(e.message, true);
    }
  }

  function name(seat) {
    const info = state.seats[seat];
    const who = seatName(info) || t("seat-free");
    return seat === me ? t("seat-you", { name: who }) : who;
  }

  function show(next) {
    const before = state;
    state = next;
    if (before && !before.rematch && next.rematch && seatOf(next) !== null) {
      go(`/m/${next.rematch}`);
      return;
    }
    receivedAt = performance.now();
    me = seatOf(state);
    document.title = t("match-document", { id: String(id) });
    hinted = null;
    asked = null;
    const playing = state.status === "playing";
    const myTurn = playing && state.to_move === me;
    if (myTurn && !state.legal_moves && state.legal_move_count <= MOVES_ASKED) askMoves(state);
    if (state.status === "waiting" && me === null) say(() => t("notice-waits", { name: name(state.seats[0].player_id !== undefined ? 0 : 1) }));
    else if (state.status === "waiting") say(() => t("notice-waiting"));
    else if (state.result) say(verdict);
    else if (myTurn) say(() => t("notice-your-move"));
    else if (playing) say(() => t("notice-to-move", { name: name(state.to_move) }));
    else redraw();
  }

  /** The learning mode: every move marked with what it leaves (W wins, L loses, with the
   *  plies to the end), unless the player's room has hints off. */
  async function hint() {
    const was = state;
    try {
      const reply = await server.request({ type: "query", ...params(was.game, was.size, was.k, was.misere, definition(was)), position: was.position });
      if (state !== was) return;
      hinted = new Map(reply.moves.map((m) => [m.move, mark(m)]));
      if (!was.legal_moves) asked = reply.moves.map((m) => m.move).sort();
      const outcome = reply.outcome === "win" || reply.outcome === "loss" ? reply.outcome : "draw";
      say(() => t(`hint-${outcome}`));
    } catch (e) {
      say(e.message, true);
    }
  }

  /** A match state lists at most 64 legal moves; more (the L-game's start has 66) are asked
   *  of the server, in notation order, and the board drawn again with them. */
  async function askMoves(was) {
    try {
      const reply = await server.request({ type: "query", ...params(was.game, was.size, was.k, false, definition(was)), position: was.position });
      if (state !== was) return;
      asked = reply.moves.map((m) => m.move).sort();
      redraw();
    } catch (e) {
      say(e.message, true);
    }
  }

  function verdict() {
    const { winner, reason } = state.result;
    const drawn = winner === null || winner === undefined;
    const loser = drawn ? null : 1 - winner;
    const who = loser === null ? "" : seatName(state.seats[loser]) || t("seat-number", { seat: String(loser) });
    const onBoard = ["corner_reached", "last_stone", "poison_left", "no_move_left"].includes(reason);
    // Why, as the message `reason-…` says it, naming the loser where the reason is theirs.
    let why = codeWord("reason", reason, { who, you: loser === me ? "yes" : "no" });
    if (state.misere && onBoard) why = t("reason-misere", { why });
    if (drawn) return t("verdict-draw", { why });
    return winner === me ? t("verdict-you-win", { why }) : t("verdict-wins", { name: name(winner), why });
  }

  function actions() {
    const buttons = [];
    const playing = state.status === "playing";
    if (me !== null && playing && state.to_move === me) {
      buttons.push(h("button", { type: "button", onclick: hint, "aria-pressed": String(hinted !== null) }, t("hint")));
    }
    if (me !== null && playing) {
      // Asked twice: a slip of the finger on a phone does not lose the game.
      const sure = () => {
        resigning = false;
        return act({ type: "resign" });
      };
      const ask = () => {
        resigning = true;
        setTimeout(() => {
          resigning = false;
          redraw();
        }, 4000);
      };
      buttons.push(resigning
        ? h("button", { type: "button", class: "danger", onclick: sure }, t("resign-confirm"))
        : h("button", { type: "button", onclick: ask }, t("resign")));
      if (state.game === "lgame") {
        if (state.draw_offer === 1 - me) {
          buttons.push(h("button", { type: "button", onclick: () => act({ type: "accept_draw" }) }, t("draw-accept")));
          buttons.push(h("button", { type: "button", onclick: () => act({ type: "decline_draw" }) }, t("draw-decline")));
        } else if (state.draw_offer !== me) {
          buttons.push(h("button", { type: "button", onclick: () => act({ type: "offer_draw" }) }, t("draw-offer")));
        }
      }
    }
    if (me === null && state.status === "waiting") {
      buttons.push(h("button", { type: "button", class: "join", onclick: take }, t("play-this-match")));
    }
    // A room's game was paired by the room: it cannot be aborted.
    if (me !== null && !lesson.roomGame(id) && (state.status === "waiting" || (playing && state.ply === 0))) {
      buttons.push(h("button", { type: "button", onclick: () => act({ type: "abort" }) }, t("abort")));
    }
    if (state.rematch) {
      buttons.push(h("a", { href: `/m/${state.rematch}`, "data-view": true, class: "button join" }, t("rematch-link", { id: String(state.rematch) })));
    } else if (me !== null && state.status === "finished") {
      const offer = state.rematch_offer;
      const label = offer === me ? t("rematch-asked") : offer === 1 - me ? t("rematch-accept", { name: name(offer) }) : t("rematch");
      buttons.push(h("button", { type: "button", disabled: offer === me, onclick: () => act({ type: "rematch" }) }, label));
    }
    if (state.status === "finished") {
      buttons.push(h("a", { href: `/review/${id}`, "data-view": true, class: "button" }, t("review-every-move")));
    }
    buttons.push(h("a", { href: "/", "data-view": true, class: "button" }, t("to-lobby")));
    return h("div", { class: "actions" }, buttons);
  }

  /** A seat's clock as it runs now. */
  function clock(seat) {
    if (!state.clock) return h("span", { class: "clock" });
    const running = state.status === "playing" ? state.clock.running : null;
    let left = state.clock.remaining_ms[seat];
    if (running === seat) left -= performance.now() - receivedAt;
    return h("span", { class: `clock${running === seat && left < 10000 ? " low" : ""}` }, clockText(left));
  }

  function view() {
    const noticeLine = h("p", { class: `notice${notice.error ? " error" : ""}`, role: "status", "aria-live": "polite" }, notice.text());
    if (!state) {
      return h("section", { class: "match" }, h("h1", {}, t("match-title", { id: String(id) })), noticeLine);
    }
    const playing = state.status === "playing";
    const myTurn = playing && state.to_move === me;
    const legal = state.legal_moves || asked || [];
    const seats = [0, 1].map((seat) =>
      h(
        "div",
        { class: `seat${playing && state.to_move === seat ? " to-move" : ""}`, "data-seat": seat },
        h("span", { class: "name" }, name(seat)),
        state.seats[seat].player_id !== undefined && !state.seats[seat].connected && playing
          ? h("span", { class: "away" }, t("seat-away"))
          : null,
        clock(seat),
      ),
    );
    const moveForm = h(
      "form",
      { class: "move", hidden: me === null || !playing, onsubmit: (e) => {
        e.preventDefault();
        return play(e.target.elements.move.value.trim());
      } },
      h("label", { for: "move" }, t("move-label")),
      h("input", {
        id: "move",
        list: "legal-moves",
        autocomplete: "off",
        spellcheck: "false",
        "aria-label": t("move-field"),
        disabled: !myTurn,
        hook: { insert: (v) => { typed = v.elm; }, destroy: () => { typed = null; } },
      }),
      h("datalist", { id: "legal-moves" }, legal.map((m) => h("option", { key: m, value: m }))),
      h("button", { type: "submit" }, t("play")),
    );
    return [
      // Whose move it is, or the result, above the board: in sight on a laptop's screen.
      h(
        "section",
        { class: "match" },
        h("h1", {}, t("match-title-game", { id: String(id), game: describe(state.game, state.size, state.k, state.misere, definition(state)) })),
        h("div", { class: "seats" }, seats),
        noticeLine,
        h("div", { class: "board-area" }, drawBoard({ ...state, legal_moves: legal }, myTurn ? play : null, hinted || undefined)),
        h("p", { class: "position" }, t("position-line", { position: state.position })),
        moveForm,
        actions(),
      ),
      h("aside", { class: "record" }, h("h2", {}, t("moves-heading")), h("ol", { class: "history", "aria-label": t("moves-list") }, state.history.map((m) => h("li", { key: m.ply, value: m.ply }, t("moves-item", { name: name(m.seat), move: m.move }))))),
    ];
  }

  const onMessage = (e) => {
    const m = e.detail;
    if (m.type === "match" && m.state.match_id === id) show(m.state);
  };
  server.addEventListener("message", onMessage);
  server.addEventListener("welcome", enter);
  const unmount = mount(main, view);
  // The clocks run between the server's states: their text alone is set (a whole redraw ten
  // times a second would redo a large board for nothing).
  const tick = () => {
    if (!state || !state.clock || state.status !== "playing") return;
    for (const node of main.querySelectorAll(".seat")) {
      const fresh = clock(Number(node.dataset.seat));
      const shown = node.querySelector(".clock");
      shown.textContent = fresh.children[0].text;
      shown.className = fresh.data.attrs.class;
    }
  };
  const timer = setInterval(tick, 100);
  if (server.welcome) enter();
  return () => {
    clearInterval(timer);
    unmount();
    server.removeEventListener("message", onMessage);
    server.removeEventListener("welcome", enter);
    if (me === null) server.request({ type: "unwatch", match_id: id }).catch(() => {});
  };
}
