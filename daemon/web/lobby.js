// The lobby: matches waiting for a player (join with one click), matches under way (watch),
// your own to go back to, and a new match with every option the protocol has.

import { describe, el, field, fill, select } from "./dom.js";
import { CORNER, GAMES, params } from "./games.js";

const LEVELS = ["easy", "medium", "perfect"];
/** How often the lists are asked again while shown. */
const REFRESH_MS = 3000;

/** Shows the lobby in `main`; returns what to do when leaving it. */
export function showLobby(main, server, go) {
  const lists = el("section", { class: "lists", "aria-live": "polite" });
  fill(main, lists, createForm(server, go));
  let timer = null;
  const refresh = async () => {
    try {
      const lobby = await server.request({ type: "lobby" });
      fill(lists, ...drawLists(lobby, server.welcome, go));
    } catch (e) {
      fill(lists, el("p", { class: "error" }, e.message));
    }
    timer = setTimeout(refresh, REFRESH_MS);
  };
  const online = () => {
    clearTimeout(timer);
    refresh();
  };
  server.addEventListener("welcome", online);
  if (server.welcome) refresh();
  return () => {
    clearTimeout(timer);
    server.removeEventListener("welcome", online);
  };
}

function players(summary) {
  return summary.seats.map((s) => s.name || "(free)").join(" vs ");
}

function row(summary, action, label) {
  const id = summary.match_id;
  return el(
    "tr",
    {},
    el("td", {}, String(id)),
    el("td", {}, describe(summary.game, summary.size, summary.k, summary.misere)),
    el("td", {}, players(summary)),
    el("td", {}, String(summary.ply)),
    el("td", {}, summary.clock || "–"),
    el("td", {}, el("a", { href: action === "join" ? `/m/${id}?join` : `/m/${id}`, "data-view": true, class: `button ${action}` }, label)),
  );
}

function table(caption, rows) {
  if (rows.length === 0) return el("p", { class: "empty" }, `${caption}: none`);
  return el(
    "table",
    { class: "matches" },
    el("caption", {}, caption),
    el(
      "thead",
      {},
      el("tr", {}, ["match", "game", "players", "ply", "clock", ""].map((h) => el("th", { scope: "col" }, h))),
    ),
    el("tbody", {}, rows),
  );
}

function drawLists(lobby, welcome, go) {
  const me = welcome ? welcome.player_id : null;
  const mine = (s) => s.seats.some((seat) => seat.player_id === me);
  const all = [...lobby.open, ...lobby.playing];
  return [
    table("Your matches", all.filter(mine).map((s) => row(s, "resume", "Go back"))),
    table(
      "Waiting for an opponent",
      lobby.open.filter((s) => !mine(s)).map((s) => row(s, "join", "Join")),
    ),
    table("Under way", lobby.playing.filter((s) => !mine(s)).map((s) => row(s, "watch", "Watch"))),
  ];
}

function createForm(server, go) {
  const game = select("game", GAMES.map((g) => [g, g]), "queen");
  const size = el("input", { name: "size", type: "number", min: 1, max: 4096, value: 8 });
  const k = el("input", { name: "k", type: "number", min: 0, max: 64, value: 1 });
  const start = select("start", [["standard", "standard"], ["random", "random"], ["position", "this position:"]], "standard");
  const position = el("input", { name: "position", placeholder: "as in NOTATION.md, e.g. 5,3", disabled: true });
  const misere = el("input", { name: "misere", type: "checkbox" });
  const opponent = select(
    "opponent",
    [["human", "a person"], ...LEVELS.map((l) => [`engine:${l}`, `the engine (${l})`])],
    "human",
  );
  const first = select("first", [["me", "I do"], ["them", "they do"], ["random", "at random"]], "me");
  const mine = select(
    "my_engine",
    [["", "I do"], ...LEVELS.map((l) => [l, `the engine (${l}), for me to watch`])],
    "",
  );
  const clock = el("input", { name: "clock", placeholder: "none, or 5+3", pattern: "\\d+(\\.\\d+)?\\+\\d+" });
  const error = el("p", { class: "error", role: "alert" });
  const sizeField = field("Board side", size);
  const kField = field("Staircase step k", k);
  const misereField = field("Misère (the last mover loses)", misere);
  const shown = () => {
    sizeField.hidden = !CORNER.has(game.value);
    kField.hidden = game.value !== "chocolate";
    misereField.hidden = game.value === "lgame";
    position.placeholder = game.value === "sum" ? "e.g. queen(11):5,3 + nim:3,4,5" : "as in NOTATION.md, e.g. 5,3";
    position.disabled = start.value !== "position";
  };
  game.addEventListener("change", shown);
  start.addEventListener("change", shown);
  shown();
  const submit = async (e) => {
    e.preventDefault();
    error.textContent = "";
    const request = {
      type: "create_match",
      ...params(game.value, Number(size.value), Number(k.value), misere.checked),
      first: first.value,
    };
    request.start = start.value === "position" ? position.value.trim() : start.value;
    request.opponent = opponent.value === "human" ? "human" : { engine: opponent.value.slice(7) };
    if (clock.value.trim()) request.clock = clock.value.trim();
    if (mine.value) request.my_engine = mine.value;
    try {
      const reply = await server.request(request);
      go(`/m/${reply.state.match_id}`);
    } catch (e) {
      error.textContent = e.message;
    }
  };
  return el(
    "form",
    { class: "card create", onsubmit: submit },
    el("h2", {}, "A new match"),
    field("Game", game),
    sizeField,
    kField,
    misereField,
    field("Start", start),
    field("Position", position),
    field("Against", opponent),
    field("Who moves first", first),
    field("Who plays my seat", mine),
    field("Clock (minutes+seconds a move)", clock),
    error,
    el("button", { type: "submit" }, "Create"),
  );
}
