// @ts-check
// The page: who you are (a name, kept in this browser), the connection, and which view the
// address asks for — `/` the lobby, `/m/ID` a match. Links move between views without
// reloading.

import { h, mount, redraw } from "./dom.js";
import { LANGUAGES, language, preferred, t, use } from "./i18n.js";
import { Refusal, Server } from "./net.js";
import { showLobby } from "./lobby.js";
import { showMatch } from "./match.js";
import { showReview } from "./review.js";
import { showAnalyse } from "./analyse.js";
import { showRoom, showRoomEntry } from "./room.js";
import { followLessons } from "./lesson.js";

const main = document.getElementById("view");
const status = document.getElementById("status");
const server = new Server();
let leaving = null;
// A student in a room is taken to each of their games there, and back.
const lesson = followLessons(server, go, document.getElementById("banner"));

/** The connection's states, each with its message (`status-…`). */
const STATUS = ["connecting", "online", "reconnecting", "refused", "idle"];

/** Says the connection's state in the header. */
function showStatus(state) {
  status.textContent = STATUS.includes(state) ? t(`status-${state}`) : state || t("status-loading");
  if (state) status.dataset.state = state;
}

server.addEventListener("status", (e) => showStatus(/** @type {CustomEvent<string>} */ (e).detail));

/** Shows the view of `path`, adding it to the history unless `replace`. */
export function go(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

window.addEventListener("popstate", route);
document.addEventListener("click", (e) => {
  const a = /** @type {Element} */ (e.target).closest("a[data-view]");
  if (a && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey) {
    e.preventDefault();
    go(a.getAttribute("href"));
  }
});

function route() {
  if (leaving) leaving();
  leaving = null;
  const path = location.pathname;
  const match = /^\/m\/(\d+)$/.exec(path);
  const review = /^\/review\/(\d+)$/.exec(path);
  const analyse = /^\/analyse\/([a-z]+)\/(.+)$/.exec(path);
  const room = /^\/room\/([A-Za-z0-9]{4})(\/boards)?$/.exec(path);
  if (match) {
    leaving = showMatch(main, server, Number(match[1]), go, lesson);
  } else if (review) {
    leaving = showReview(main, server, Number(review[1]));
  } else if (room) {
    leaving = showRoom(main, server, room[1].toUpperCase(), go, lesson, room[2] !== undefined);
  } else if (path === "/room") {
    leaving = showRoomEntry(main, server, go);
  } else if (analyse) {
    leaving = showAnalyse(main, server, analyse[1], decodeURIComponent(analyse[2]), go);
  } else {
    document.title = "grundy";
    leaving = showLobby(main, server, go);
  }
}

/** Asks for a name (and an access code when the server wants one), then connects. */
async function start(problem) {
  if (!server.name || problem) {
    await askName(problem);
  }
  try {
    await server.connect();
  } catch (e) {
    if (e instanceof Refusal && e.code !== "offline") return start(e);
    // Not reachable: the connection retries by itself; the views wait for it.
  }
  route();
}

function askName(problem) {
  if (leaving) leaving();
  leaving = null;
  return new Promise((resolve) => {
    const needsCode = problem && problem.code === "bad_access_code";
    const focus = { insert: (v) => v.elm.focus() };
    const stop = mount(main, () => h(
      "form",
      { class: "card", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target.elements;
        server.signIn(f.name.value.trim());
        if (needsCode) server.accessCode = f.code.value.trim();
        stop();
        resolve();
      } },
      h("h1", {}, t("welcome-title")),
      problem ? h("p", { class: "error", role: "alert" }, said(problem)) : null,
      h("label", { for: "name" }, t("welcome-name")),
      h("input", { id: "name", name: "name", required: true, maxlength: 32, autocomplete: "nickname", value: server.name, hook: needsCode ? {} : focus }),
      needsCode ? h("label", { for: "code" }, t("welcome-code")) : null,
      needsCode ? h("input", { id: "code", name: "code", autocomplete: "off", hook: focus }) : null,
      h("button", { type: "submit" }, t("welcome-enter")),
    ));
  });
}

/** What to tell a person about `problem` (the server's words are for the terminal client). */
function said(problem) {
  if (problem.code === "rename") return t("rename-asked");
  if (problem.code !== "bad_access_code") return problem.message;
  return server.accessCode ? t("access-code-wrong") : t("access-code-asked");
}

// After a reconnection, the room this browser was last in is joined again from any page, so
// that its games still come (the room's page joins by itself).
server.addEventListener("welcome", async () => {
  const code = sessionStorage.getItem("grundy.room");
  if (!code || location.pathname.startsWith("/room")) return;
  const name = server.roomName(code);
  const token = server.ownerToken(code);
  if (name === null && !token) return;
  try {
    const reply = await server.request({
      type: "join_room",
      code,
      ...(name && name !== server.name ? { name } : {}),
      ...(token ? { owner_token: token } : {}),
    });
    lesson.joined(reply.room);
  } catch {
    // The room is gone, or refuses: its page says why when the student goes there.
  }
});

document.getElementById("rename").addEventListener("click", () => {
  start({ code: "rename" });
});

// A shared PC: the next person must not carry on as this one.
document.getElementById("logout").addEventListener("click", () => {
  server.forget();
  location.assign("/");
});

// The language: the one chosen in this browser before, or the browser's own; the header's
// switch changes to the other and keeps it.
const switcher = document.getElementById("language");

/** Shows the page in language `l` (kept by this browser when `keep`). */
async function speak(l, keep = false) {
  await use(l, keep);
  // The switch names the other language in that language.
  switcher.lang = LANGUAGES.find(([other]) => other !== l)[0];
  showStatus(status.dataset.state);
  redraw();
}

switcher.addEventListener("click", () => speak(LANGUAGES.find(([l]) => l !== language())[0], true));
// A room's projector speaks the room's language (not kept: this browser's own comes back).
document.addEventListener("grundy:speak", (e) => speak(/** @type {CustomEvent} */ (e).detail).catch(() => {}));

speak(preferred())
  .catch(() => speak("en"))
  .catch(() => {})
  .finally(start);
