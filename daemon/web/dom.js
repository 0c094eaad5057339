// Building the page from data. Every string from the network goes in as text
// (textContent), never as HTML: a player named `<img onerror=…>` shows as those characters.

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

/** `m:ss`, or `0:09.4` under ten seconds. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${Math.floor(left / 1000)}.${Math.floor(left / 100) % 10}`;
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A short description of a game: `queen 8×8`, `chocolate k=1`, `nim`. */
export function describe(game, size, k) {
  if (size !== undefined && size !== null) return `${game} ${size}×${size}`;
  if (k !== undefined && k !== null) return `${game} k=${k}`;
  return game;
}
