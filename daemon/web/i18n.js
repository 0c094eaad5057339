// @ts-check
// The page's language: English or Japanese, each person choosing (kept per browser; at
// first the browser's own preference). Every sentence the page shows is a message of the
// catalogs, the Project Fluent files `/assets/i18n/LANG.ftl` that the terminal client uses
// too, rendered here with @fluent/bundle (vendored). Notation is never translated.

import { FluentBundle, FluentResource } from "./vendor/fluent/index.js";

/** The languages, each named in itself. */
export const LANGUAGES = [["en", "English"], ["ja", "日本語"]];
/** Where the choice is kept, per browser. */
const KEY = "grundy.lang";

/** The language shown now, and its messages. */
let lang = "en";
let bundle = new FluentBundle("en");

/** The language chosen in this browser before, or else the first of the browser's own
 *  preferences that the page has, or else English. */
export function preferred() {
  const kept = localStorage.getItem(KEY);
  if (kept && LANGUAGES.some(([l]) => l === kept)) return kept;
  for (const tag of navigator.languages || [navigator.language]) {
    const l = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.some(([known]) => known === l)) return l;
  }
  return "en";
}

/** The language shown now. */
export function language() {
  return lang;
}

/** Loads the catalog of `l` and makes it the page's language (`<html lang>` too); with
 *  `keep`, this browser remembers the choice. */
export async function use(l, keep = false) {
  const response = await fetch(`/assets/i18n/${l}.ftl`);
  if (!response.ok) throw new Error(`no catalog for ${l}: ${response.status}`);
  const next = new FluentBundle(l, { useIsolating: false });
  const errors = next.addResource(new FluentResource(await response.text()));
  if (errors.length) console.warn(`catalog ${l}:`, errors);
  bundle = next;
  lang = l;
  document.documentElement.lang = l;
  if (keep) localStorage.setItem(KEY, l);
  translateStatic();
}

/** The message `id` with its arguments, in the page's language (the id itself if the
 *  catalog lacks it: the catalogs' test makes sure none does). */
export function t(id, args = undefined) {
  const message = bundle.getMessage(id);
  if (!message || !message.value) return id;
  return bundle.formatPattern(message.value, args);
}

/** A message of the server's (`{id, args}`: a grade's reason), said in the page's language;
 *  `english`, the server's own text, when there is no message or the catalog lacks it (a
 *  newer server). */
export function said(message, english) {
  if (!message || !bundle.getMessage(message.id)) return english;
  const args = {};
  for (const [name, value] of Object.entries(message.args || {})) {
    args[name] = typeof value === "object" ? said(value, "") : value;
  }
  return t(message.id, args);
}

/** What a refusal says (its `details`, as the server sends them) in the page's language: the
 *  message `error-KIND`, its other fields as arguments, as the server makes its own English
 *  (text and numbers as they are, a list between commas, a nested refusal as its message, a
 *  nested message `{id, args}` as itself, the fields of another nested value as `field_sub`);
 *  `english`, the server's text, when the catalog cannot say all of it (a newer server). */
export function refusal(details, english) {
  const message = details && details.kind ? refusalMessage(details) : null;
  return message && known(message) ? said(message, english) : english;
}

function refusalMessage(details) {
  const args = {};
  const add = (prefix, fields) => {
    for (const [name, value] of Object.entries(fields)) {
      if (!prefix && name === "kind") continue;
      const key = prefix + name;
      if (value === null || value === undefined) continue;
      if (Array.isArray(value)) args[key] = value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
      else if (typeof value === "object" && value.kind) args[key] = refusalMessage(value);
      else if (typeof value === "object" && isMessage(value)) args[key] = value;
      else if (typeof value === "object") add(`${key}_`, value);
      else args[key] = String(value);
    }
  };
  add("", details);
  return { id: `error-${details.kind}`, args };
}

/** Whether `value` is a message as the server writes it, `{id, args}` (the rules' reason). */
function isMessage(value) {
  return typeof value.id === "string" && Object.keys(value).every((k) => k === "id" || k === "args");
}

/** Whether the catalog has message `m` and every message nested in its arguments. */
function known(m) {
  if (!bundle.getMessage(m.id)) return false;
  return Object.values(m.args || {}).every((v) => typeof v !== "object" || known(v));
}

/** `items` as a list in words: `a, b, c` (`a、b、c`); empty for none. */
export function list(items) {
  return items.length ? items.reduce((first, next) => t("list-join", { first, next })) : "";
}

/** A code the server sends (an outcome, a reason, a level, a method, …) in words: the message
 *  `prefix-code` with `args`, or the code itself when the catalog has no such message (a
 *  newer server's code). */
export function codeWord(prefix, value, args = undefined) {
  const id = `${prefix}-${value}`;
  return bundle.getMessage(id) ? t(id, args) : String(value);
}

/** The attribute `attr` of message `id` (`title`, `aria-label`, …). */
export function ta(id, attr, args = undefined) {
  const message = bundle.getMessage(id);
  const pattern = message && message.attributes[attr];
  return pattern ? bundle.formatPattern(pattern, args) : id;
}

/** The page's fixed parts (the header): each element with `data-l10n-id` shows its
 *  message, and its `title` the message's `title` attribute when it has one. */
function translateStatic() {
  for (const e of document.querySelectorAll("[data-l10n-id]")) {
    const id = e.getAttribute("data-l10n-id");
    e.textContent = t(id);
    const message = bundle.getMessage(id);
    if (message && message.attributes.title) e.setAttribute("title", ta(id, "title"));
  }
}
