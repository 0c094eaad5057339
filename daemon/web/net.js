// @ts-check
// Protocol v1 over the page's own websocket (docs/PROTOCOL.md): `hello` with the token this
// browser keeps, requests answered by id, pushed events to listeners, and a lost connection
// taken up again by itself, as the same player.

/** @typedef {import("../types/protocol").ClientMessage} ClientMessage */
/** A request as the page writes it: a client message without its id (given here).
 *  @typedef {ClientMessage extends infer M ? (M extends unknown ? Omit<M, "id"> : never) : never} Request */

import { refusal, t } from "./i18n.js";

const PROTOCOL = 1;
const ACCESS = "grundy.access_code";
// Who this browser is signed in as: `{name, token, owners}`, `owners` the owner tokens of
// the rooms this player opened, by code. One person at a time: on a shared PC the next one
// signs in afresh (a name typed is a new player, whoever used it here before), and
// "Log out" forgets it all.
const IDENTITY = "grundy.identity";

function identity() {
  try {
    return JSON.parse(localStorage.getItem(IDENTITY)) || null;
  } catch {
    return null;
  }
}

function keep(id) {
  localStorage.setItem(IDENTITY, JSON.stringify(id));
}

// Earlier versions kept a token per name typed and owner tokens for anyone using the browser:
// the current name's are taken over, the others forgotten.
(function takeOverOldKeys() {
  const name = localStorage.getItem("grundy.name");
  if (name && !identity()) {
    const owners = {};
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("grundy.owner.")) owners[key.slice(13)] = localStorage.getItem(key);
    }
    keep({ name, token: localStorage.getItem(`grundy.token.${name}`), owners });
  }
  for (const key of Object.keys(localStorage)) {
    if (key === "grundy.name" || key.startsWith("grundy.token.") || key.startsWith("grundy.owner.")) {
      localStorage.removeItem(key);
    }
  }
})();

/** A refusal from the server: `code` (docs/PROTOCOL.md's table), a sentence, and `details`
 *  (the precise `kind` and the values the sentence names). */
/** A request refused: its `code` and `details`, and its message in the page's language (the
 *  server's English where the catalog cannot say it). */
export class Refusal extends Error {
  constructor(code, message, details = {}) {
    super(refusal(details, message));
    this.code = code;
    this.details = details;
  }
}

/** The connection. Events: `status` (detail: "connecting", "online", "reconnecting", "idle",
 *  "refused"), `welcome`, `message` (detail: a pushed message, e.g. a `match` event). */
export class Server extends EventTarget {
  constructor() {
    super();
    this.pending = new Map();
    this.nextId = 1;
    this.ws = null;
    this.welcome = null;
    this.refusal = null;
    this.pause = 250;
  }

  get name() {
    return identity()?.name || "";
  }

  /** Signs in as `name`: the player kept here when it is their name, else a new player. */
  signIn(name) {
    if (identity()?.name !== name) keep({ name, token: null, owners: {} });
  }

  /** Forgets who uses this browser — name, player, rooms opened, access code — and
   *  disconnects: for a shared PC. */
  forget() {
    localStorage.removeItem(IDENTITY);
    localStorage.removeItem(ACCESS);
    sessionStorage.clear();
    this.welcome = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
  }

  /** The name this player chose to join room `code` under here, or `null` when they have
   *  not chosen to join it (a link to a room opened here asks first). */
  roomName(code) {
    return identity()?.rooms?.[code] ?? null;
  }

  /** Keeps that this player joins room `code` under `name` (or `null`: not any more). */
  keepRoom(code, name) {
    const id = identity();
    if (!id) return;
    const rooms = { ...id.rooms };
    if (name === null) delete rooms[code];
    else rooms[code] = name;
    keep({ ...id, rooms });
  }

  /** The owner token of room `code`, when this player opened it here. */
  ownerToken(code) {
    return identity()?.owners?.[code] || null;
  }

  /** Keeps the owner token of a room this player opened. */
  keepOwnerToken(code, token) {
    const id = identity();
    if (!id) return;
    id.owners = { ...id.owners, [code]: token };
    keep(id);
  }

  get accessCode() {
    return localStorage.getItem(ACCESS) || "";
  }

  set accessCode(value) {
    if (value) localStorage.setItem(ACCESS, value);
    else localStorage.removeItem(ACCESS);
  }

  /** Connects and says hello; resolves with the welcome. A refusal (a wrong access code, a
   *  name not allowed) rejects with a `Refusal` and is not retried. */
  connect() {
    const ready = this.open().then(
      (welcome) => {
        this.pause = 250;
        return welcome;
      },
      (e) => {
        // Tried again: a server not reached (nothing else will), or one lost during the
        // first hello (`closed` tries again only once a welcome was had). A refusal is not.
        const lost = e instanceof Refusal && e.code === "offline";
        if (!(e instanceof Refusal) || (lost && !this.welcome)) this.retry();
        throw e;
      },
    );
    ready.catch(() => {});
    return ready;
  }

  async open() {
    this.status("connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    if (this.ws) this.ws.close();
    const ws = new WebSocket(`${scheme}://${location.host}/`);
    this.ws = ws;
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve, { once: true });
      ws.addEventListener("error", () => reject(new Error(t("net-unreachable"))), {
        once: true,
      });
    });
    ws.addEventListener("message", (e) => this.received(e.data));
    ws.addEventListener("close", (e) => this.closed(ws, e));
    const name = this.name;
    const kept = identity()?.token;
    const code = localStorage.getItem(ACCESS);
    /** @type {Request} */
    const hello = { type: "hello", protocol: PROTOCOL, name, ...(code ? { access_code: code } : {}) };
    let welcome;
    try {
      welcome = await this.request(kept ? { ...hello, token: kept } : hello);
    } catch (e) {
      // A new database does not know us: start afresh.
      if (!(e instanceof Refusal) || e.code !== "bad_token") throw e;
      welcome = await this.request(hello);
    }
    keep({ owners: {}, ...identity(), name, token: welcome.token });
    this.welcome = welcome;
    this.status("online");
    this.dispatchEvent(new CustomEvent("welcome", { detail: welcome }));
    return welcome;
  }

  /** Sends a request (type-checked against the protocol: `tsc` in `.ci/run`); resolves with
   *  the reply, rejects with a `Refusal`.
   *  @param {Request} body
   *  @returns {Promise<any>} */
  request(body) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new Refusal("offline", t("net-offline")));
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...body, id }));
    });
  }

  received(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const waiting = message.id !== undefined && this.pending.get(message.id);
    if (waiting) {
      this.pending.delete(message.id);
      if (message.type === "error") waiting.reject(new Refusal(message.code, message.message, message.details));
      else waiting.resolve(message);
      return;
    }
    // The refusal of the hello, said before the connection closes (1008).
    if (message.type === "error" && message.code === "bad_access_code") {
      this.refusal = new Refusal(message.code, message.message, message.details);
      return;
    }
    this.dispatchEvent(new CustomEvent("message", { detail: message }));
  }

  closed(ws, event) {
    if (ws !== this.ws) return;
    const why = this.refusal || new Refusal("offline", t("net-lost"));
    this.refusal = null;
    for (const { reject } of this.pending.values()) reject(why);
    this.pending.clear();
    // Refused for the access code (1008): asked again, not retried.
    if (event.code === 1008) {
      this.status("refused");
      return;
    }
    // Closed for sitting idle in no match or room (4000): open again when the user is back.
    if (event.code === 4000) {
      this.status("idle");
      const back = () => {
        if (document.visibilityState !== "visible") return;
        for (const type of ["pointerdown", "keydown", "visibilitychange"]) {
          window.removeEventListener(type, back);
        }
        this.connect();
      };
      for (const type of ["pointerdown", "keydown", "visibilitychange"]) {
        window.addEventListener(type, back);
      }
      return;
    }
    if (this.welcome) this.retry();
  }

  retry() {
    this.status("reconnecting");
    const pause = this.pause;
    this.pause = Math.min(this.pause * 2, 5000);
    setTimeout(() => this.connect(), pause);
  }

  status(value) {
    this.dispatchEvent(new CustomEvent("status", { detail: value }));
  }
}
