// @ts-check
// Building the page from data. Every string from the network goes in as text
// (textContent), never as HTML: a player named `<img onerror=…>` shows as those characters.
//
// Views are described, not built: `h(…)` gives a virtual node, and `mount(container, view)`
// draws `view()` there, then patches the page to match it again after every event handler
// and every `redraw()` (snabbdom, vendored). A patch changes only what differs, so what
// people type, the focus and the scroll survive every message from the server.

import { init } from "./vendor/snabbdom/init.js";
import { h as vnode } from "./vendor/snabbdom/h.js";
import { toVNode } from "./vendor/snabbdom/tovnode.js";
import { attributesModule } from "./vendor/snabbdom/modules/attributes.js";
import { eventListenersModule } from "./vendor/snabbdom/modules/eventlisteners.js";
import { propsModule } from "./vendor/snabbdom/modules/props.js";
import { styleModule } from "./vendor/snabbdom/modules/style.js";
import { codeWord, t } from "./i18n.js";

const patch = init([attributesModule, propsModule, styleModule, eventListenersModule]);

/** A virtual element: `h("p", {class: "note"}, "text", child, …)`. Attributes are set as
 *  given (`on…` are handlers, which redraw the page when they are done; `true` is a bare
 *  attribute; `null`/`false` none), plus `key` (an item's identity in a list that changes),
 *  `style` (`{"--n": 8}`), `props` (DOM properties: an input's `value` to set) and `hook`
 *  (snabbdom's, e.g. `{insert: (v) => v.elm.focus()}`). */
export function h(tag, attrs = {}, ...children) {
  const data = { attrs: {}, on: {} };
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "key" || key === "style" || key === "props" || key === "hook") data[key] = value;
    else if (key.startsWith("on")) {
      if (value) data.on[key.slice(2)] = redrawing(value);
    } else if (value !== null && value !== undefined && value !== false) {
      data.attrs[key] = value === true ? "" : String(value);
    }
  }
  const kids = children
    .flat(Infinity)
    .filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === "object" ? c : String(c)));
  return vnode(tag, data, kids);
}

/** `handler`, then a redraw (and another when the promise it returns settles). */
function redrawing(handler) {
  return (e) => {
    const result = handler(e);
    redraw();
    if (result && typeof result.then === "function") result.finally(redraw);
  };
}

/** What each container shows now, to patch from. */
const shown = new WeakMap();

/** Makes the children of `container` match the virtual `children`. */
function render(container, ...children) {
  let old = shown.get(container);
  if (!old) {
    container.replaceChildren();
    old = toVNode(container);
  }
  const next = vnode(old.sel, old.data, children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  patch(old, next);
  shown.set(container, next);
}

/** The views drawn, each in its container. */
const views = new Map();
let pending = false;

/** Draws `view()` in `container` now and at every redraw; returns what stops it. */
export function mount(container, view) {
  views.set(container, view);
  render(container, view());
  return () => {
    // The next view starts afresh: no field of this one is reused for it.
    views.delete(container);
    shown.delete(container);
  };
}

/** Draws every mounted view again, once, before the next frame. */
export function redraw() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    for (const [container, view] of views) render(container, view());
  });
}

/** A form field: `input` under its `label`; not shown when `hidden`. */
export function field(label, input, hidden = false) {
  return h("label", { hidden }, h("span", {}, label), input);
}

/** A choice named `name` among `options` ([value, text]), `chosen` selected at first;
 *  `changed(value)` when another is chosen. */
export function select(name, options, chosen, changed = null) {
  return h(
    "select",
    { name, onchange: changed ? (e) => changed(e.target.value) : null },
    options.map(([value, text]) => h("option", { value, selected: value === chosen }, text)),
  );
}

/** `m:ss`, or `0:09.4` under ten seconds. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${Math.floor(left / 1000)}.${Math.floor(left / 100) % 10}`;
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A short description of a game: `queen 8×8`, `chocolate k=1`, `nim`, `misère nim` (in
 *  Japanese, `クイーン 8×8`, …). */
export function describe(game, size, k, misere = false, piece = undefined) {
  let name = gameName(game);
  if (piece) name = game === "chocolate" ? `${name} f(z)=${piece}` : `${name} ${piece}`;
  if (misere) name = t("game-misere", { game: name });
  if (size !== undefined && size !== null) return t("game-board", { game: name, size: String(size) });
  if (k !== undefined && k !== null) return t("game-step", { game: name, k: String(k) });
  return name;
}

/** Who sits in a seat: the player's name, or the engine at its level in the page's
 *  language (`engine (perfect)`, `エンジン（完全）`); null when the seat is free. */
export function seatName(seat) {
  if (seat.engine) return t("engine-name", { level: codeWord("level", seat.engine) });
  return seat.name || null;
}

/** Who plays every board of an exhibition: the engine at its level, in the page's language,
 *  or the teacher's name. */
export function hostName(simul) {
  return seatName({ engine: simul.host_engine, name: simul.host });
}

/** A game's name as the page's language says it (`nim`, `ニム`). */
export function gameName(game) {
  return t(`game-${game}`);
}

/** An SVG picture `w` × `hgt` on white, named `label` for screen readers, of `parts` (`h`
 *  nodes of SVG elements: the namespace is set on all of them). */
export function picture(w, hgt, label, parts, attrs = {}) {
  return h(
    "svg",
    { viewBox: `0 0 ${w} ${hgt}`, role: "img", "aria-label": label, ...attrs },
    h("rect", { x: 0, y: 0, width: w, height: hgt, fill: "#fff" }),
    parts,
  );
}
