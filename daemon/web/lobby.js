// @ts-check
// The lobby: matches waiting for a player (join with one click), matches under way (watch),
// your own to go back to, and a new match with every option the protocol has.

import { describe, field, h, mount, redraw, seatName, select } from "./dom.js";
import { GAMES, LEVELS, definition, gameFields, paramsOf } from "./games.js";
import { t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

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
    h("a", { class: "button new-match", href: "#new-match" }, t("lobby-new-match")),
    h("section", { class: "lists", "aria-label": t("lobby-lists") }, problem ? h("p", { class: "error" }, problem) : lobby ? drawLists(lobby, server.welcome) : null),
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
  const [first, second] = summary.seats.map((s) => seatName(s) || t("seat-free"));
  return t("lobby-players", { first, second });
}

/** A match as a card: what game, who plays, how far it is, and the one thing to do. */
function card(summary, action, label) {
  const id = summary.match_id;
  const facts = [
    t("lobby-match", { id: String(id) }),
    t("lobby-ply", { ply: String(summary.ply) }),
    summary.clock ? t("lobby-clock", { clock: summary.clock }) : t("lobby-no-clock"),
  ];
  return h(
    "li",
    { key: id, class: "match" },
    h("strong", {}, describe(summary.game, summary.size, summary.k, summary.misere, definition(summary))),
    h("span", { class: "players" }, players(summary)),
    h("span", { class: "facts" }, facts.join(" · ")),
    h("a", { href: action === "join" ? `/m/${id}?join` : `/m/${id}`, "data-view": true, class: `button ${action}` }, label),
  );
}

/** A list of match cards under its heading, or the heading's "none". */
function list(heading, cards) {
  if (cards.length === 0) return h("p", { class: "empty", key: heading }, t("lobby-none", { list: heading }));
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
    list(t("lobby-mine"), all.filter(mine).map((s) => card(s, "resume", t("lobby-go-back")))),
    list(t("lobby-open"), lobby.open.filter((s) => !mine(s)).map((s) => card(s, "join", t("lobby-join")))),
    list(t("lobby-playing"), lobby.playing.filter((s) => !mine(s)).map((s) => card(s, "watch", t("lobby-watch")))),
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
    h("h2", {}, t("new-match-title")),
    gameFields(GAMES, "queen", game, (v) => { game = v; }),
    field(t("field-start"), select("start", [["standard", t("start-standard")], ["random", t("start-random")], ["position", t("start-position")]], "standard", (v) => { start = v; })),
    field(t("field-position"), h("input", {
      name: "position",
      placeholder: game === "sum" ? t("position-example-sum") : t("position-example"),
      disabled: start !== "position",
    })),
    field(t("field-against"), select("opponent", [["human", t("against-human")], ...LEVELS.map((l) => [`engine:${l}`, t("against-engine", { level: t(`level-${l}`) })])], "human")),
    field(t("field-first"), select("first", [["me", t("first-me")], ["them", t("first-them")], ["random", t("first-random")]], "me")),
    field(t("field-my-seat"), select("my_engine", [["", t("my-seat-me")], ...LEVELS.map((l) => [l, t("my-seat-engine", { level: t(`level-${l}`) })])], "")),
    field(t("field-clock"), h("input", { name: "clock", placeholder: t("clock-example"), pattern: "\\d+(\\.\\d+)?\\+\\d+" })),
    h("p", { class: "error", role: "alert" }, error),
    h("button", { type: "submit" }, t("create-match")),
  );
}
