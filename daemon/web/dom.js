// Building the page from data. Every string from the network goes in as text
// (textContent), never as HTML: a player named `<img onerror=…>` shows as those characters.

const SVG = "http://www.w3.org/2000/svg";

/** An element: `el("p", {class: "note"}, "text", child, …)`. Attributes starting with `on`
 *  are event handlers; `null`/`false` children are skipped. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces everything in `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** A form field: `input` under its `label`. */
export function field(label, input) {
  return el("label", {}, el("span", {}, label), input);
}

/** A choice named `name` among `options` ([value, text]), `chosen` selected. */
export function select(name, options, chosen) {
  return el(
    "select",
    { name },
    options.map(([value, text]) => el("option", { value, selected: value === chosen }, text)),
  );
}

/** `m:ss`, or `0:09.4` under ten seconds. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${Math.floor(left / 1000)}.${Math.floor(left / 100) % 10}`;
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A short description of a game: `queen 8×8`, `chocolate k=1`, `nim`, `misère nim`. */
export function describe(game, size, k, misere = false) {
  const play = misere ? "misère " : "";
  if (size !== undefined && size !== null) return `${play}${game} ${size}×${size}`;
  if (k !== undefined && k !== null) return `${play}${game} k=${k}`;
  return `${play}${game}`;
}

/** An SVG picture `w` × `h` on white, named `label` for screen readers, and
 *  `add(tag, attrs, text, parent)` to draw into it (into `parent`, else the picture). */
export function drawing(w, h, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const add = (tag, attrs, text, parent = svg) => {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    parent.append(node);
    return node;
  };
  add("rect", { x: 0, y: 0, width: w, height: h, fill: "#fff" });
  return { svg, add };
}
