// @ts-check
// The lobby: matches waiting for a player (join with one click), matches under way (watch),
// your own to go back to, and a new match with every option the protocol has.

import { describe, field, h, mount, redraw, select } from "./dom.js";
import { GAMES, gameFields, paramsOf } from "./games.js";

/** @typedef {import("./net.js").Server} Server */

const LEVELS = ["easy", "medium", "perfect"];
/** How often the lists are asked again while shown. */
const REFRESH_MS = 3000;

/** Shows the lobby in `main`; returns what to do when leaving it.
 *  @param {Server} server */
export function showLobby(main, server, go) {
  // The lists as last asked, or what went wrong asking them.
  let lobby = null;
  let problem = null;
  const form = createForm(server, go);
  const unmount = mount(main, () => [
    // On a phone the form is below the lists: a way to it at the top.
    h("a", { class: "button new-match", href: "#new-match" }, "＋ New match"),
    h("section", { class: "lists", "aria-label": "matches" }, problem ? h("p", { class: "error" }, problem) : lobby ? drawLists(lobby, server.welcome) : null),
    form(),
  ]);
  let timer = null;
  const refresh = async () => {
    try {
      lobby = await server.request({ type: "lobby" });
      problem = null;
    } catch (e) {
      problem = e.message;
    }
    redraw();
    timer = setTimeout(refresh, REFRESH_MS);
  };
  const online = () => {
    clearTimeout(timer);
    refresh();
  };
  server.addEventListener("welcome", online);
  if (server.welcome) refresh();
  return () => {
    unmount();
    clearTimeout(timer);
    server.removeEventListener("welcome", online);
  };
}

function players(summary) {
  return summary.seats.map((s) => s.name || "(free)").join(" vs ");
}

/** A match as a card: what game, who plays, how far it is, and the one thing to do. */
function card(summary, action, label) {
  const id = summary.match_id;
  const facts = [`match ${id}`, `ply ${summary.ply}`, summary.clock ? `clock ${summary.clock}` : "no clock"];
  return h(
    "li",
    { key: id, class: "match" },
    h("strong", {}, describe(summary.game, summary.size, summary.k, summary.misere)),
    h("span", { class: "players" }, players(summary)),
    h("span", { class: "facts" }, facts.join(" · ")),
    h("a", { href: action === "join" ? `/m/${id}?join` : `/m/${id}`, "data-view": true, class: `button ${action}` }, label),
  );
}

/** A list of match cards under its heading, or the heading's "none". */
function list(heading, cards) {
  if (cards.length === 0) return h("p", { class: "empty", key: heading }, `${heading}: none`);
  return h(
    "section",
    { key: heading, "aria-label": heading },
    h("h2", {}, heading),
    h("ul", { class: "matches" }, cards),
  );
}

function drawLists(lobby, welcome) {
  const me = welcome ? welcome.player_id : null;
  const mine = (s) => s.seats.some((seat) => seat.player_id === me);
  const all = [...lobby.open, ...lobby.playing];
  return [
    list("Your matches", all.filter(mine).map((s) => card(s, "resume", "Go back"))),
    list("Waiting for an opponent", lobby.open.filter((s) => !mine(s)).map((s) => card(s, "join", "Join"))),
    list("Under way", lobby.playing.filter((s) => !mine(s)).map((s) => card(s, "watch", "Watch"))),
  ];
}

/** The form of a new match, as a view: its fields keep what is typed and chosen.
 *  @param {Server} server */
function createForm(server, go) {
  // What the fields decide of the others: which game, and whether a position is typed.
  let game = "queen";
  let start = "standard";
  let error = "";
  const submit = async (e) => {
    e.preventDefault();
    error = "";
    const f = e.target.elements;
    try {
      const reply = await server.request({
        type: "create_match",
        ...paramsOf(f),
        first: f.first.value,
        start: f.start.value === "position" ? f.position.value.trim() : f.start.value,
        opponent: f.opponent.value === "human" ? "human" : { engine: f.opponent.value.slice(7) },
        ...(f.clock.value.trim() ? { clock: f.clock.value.trim() } : {}),
        ...(f.my_engine.value ? { my_engine: f.my_engine.value } : {}),
      });
      go(`/m/${reply.state.match_id}`);
    } catch (err) {
      error = err.message;
    }
  };
  return () => h(
    "form",
    { class: "card create", id: "new-match", onsubmit: submit },
    h("h2", {}, "A new match"),
    gameFields(GAMES, "queen", game, (v) => { game = v; }),
    field("Start", select("start", [["standard", "standard"], ["random", "random"], ["position", "this position:"]], "standard", (v) => { start = v; })),
    field("Position", h("input", {
      name: "position",
      placeholder: game === "sum" ? "e.g. queen(11):5,3 + nim:3,4,5" : "as in NOTATION.md, e.g. 5,3",
      disabled: start !== "position",
    })),
    field("Against", select("opponent", [["human", "a person"], ...LEVELS.map((l) => [`engine:${l}`, `the engine (${l})`])], "human")),
    field("Who moves first", select("first", [["me", "I do"], ["them", "they do"], ["random", "at random"]], "me")),
    field("Who plays my seat", select("my_engine", [["", "I do"], ...LEVELS.map((l) => [l, `the engine (${l}), for me to watch`])], "")),
    field("Clock (minutes+seconds a move)", h("input", { name: "clock", placeholder: "none, or 5+3", pattern: "\\d+(\\.\\d+)?\\+\\d+" })),
    h("p", { class: "error", role: "alert" }, error),
    h("button", { type: "submit" }, "Create"),
  );
}
