// @ts-check
// The games and their parameters, as every view names them (docs/NOTATION.md), and the form
// fields that choose them.

import { field, gameName, h, select } from "./dom.js";
import { t } from "./i18n.js";

/** The game names of every interface. */
export const GAMES = ["queen", "rook", "horse", "dragon", "corner", "nim", "heap", "chocolate", "lgame", "sum"];

/** The engine's levels, weakest first. */
export const LEVELS = ["easy", "medium", "perfect"];

/** The corner games: played on a board of side `size` (`corner` with a piece of its own). */
export const CORNER = new Set(["queen", "rook", "horse", "dragon", "corner"]);

/** The piece `corner` starts with in a form: a rook that also leaps like a knight. */
export const FIRST_PIECE = "RN";

/** The rule `heap` starts with in a form: Kayles. */
export const FIRST_RULE = "kayles";

/** The protocol's game and parameters: `size` for a corner game, `k` for chocolate, the
 *  game's definition `def` — `corner`'s piece (its moves in Betza's notation), `heap`'s
 *  rule, or chocolate's edge (a formula in z, instead of `k`) — and `misere` (the last mover
 *  loses) for every game but the L-game. */
export function params(game, size, k, misere = false, def = undefined) {
  const p = { game };
  if (CORNER.has(game) && size !== undefined && size !== null) p.size = size;
  if (game === "chocolate" && def) p.edge = def;
  else if (game === "chocolate" && k !== undefined && k !== null) p.k = k;
  if (game === "corner" && def) p.piece = def;
  if (game === "heap" && def) p.rule = def;
  if (misere && game !== "lgame") p.misere = true;
  return p;
}

/** What defines a game beyond its name, as the protocol gives it (`piece`, `rule` or
 *  `edge`). */
export function definition(p) {
  return p.piece ?? p.rule ?? p.edge ?? undefined;
}

/** A sum's component as its notation writes it: `queen(11)`, `nim`, `chocolate(1)`,
 *  `chocolate(z * z)`, `corner RN(8)`, `heap octal 0.77`. */
export function componentName(c) {
  if (c.edge) return `${c.game}(${c.edge})`;
  const def = definition(c);
  const game = def ? `${c.game} ${def}` : c.game;
  if (c.size !== undefined && c.size !== null) return `${game}(${c.size})`;
  if (c.k !== undefined && c.k !== null) return `${game}(${c.k})`;
  return game;
}

/** A game and its parameters as form fields: the game among `games` (`chosen` at first;
 *  `changed(game)` when another is), then the piece, the rule, the board side, the step k,
 *  the edge and misère, each shown only where `shown` (the game chosen now) has it; `start`
 *  gives the fields' first values (`start.piece`: the definition of `start.game`, a piece, a
 *  rule or an edge). */
export function gameFields(games, chosen, shown, changed, start = {}) {
  return [
    field(t("field-game"), select("game", games.map((g) => [g, gameName(g)]), chosen, changed)),
    // No upper bound here: the server says how large a board it plays or analyses.
    // The piece's letters (docs/NOTATION.md): typed as they are, never translated.
    field(t("field-piece"), h("input", { name: "piece", spellcheck: "false", autocapitalize: "characters", value: (start.game ?? chosen) === "corner" ? start.piece ?? FIRST_PIECE : FIRST_PIECE }), shown !== "corner"),
    // The rule's words (docs/NOTATION.md), typed as they are: kayles, subtraction 1,3,4, octal 0.77.
    field(t("field-rule"), h("input", { name: "rule", spellcheck: "false", autocapitalize: "none", value: (start.game ?? chosen) === "heap" ? start.piece ?? FIRST_RULE : FIRST_RULE }), shown !== "heap"),
    field(t("field-size"), h("input", { name: "size", type: "number", min: 1, value: start.size ?? 8 }), !CORNER.has(shown)),
    field(t("field-k"), h("input", { name: "k", type: "number", min: 0, max: 1000, value: start.k ?? 1 }), shown !== "chocolate"),
    // Chocolate's edge, a formula in z typed as it is (docs/NOTATION.md); empty: the step k.
    field(t("field-edge"), h("input", { name: "edge", spellcheck: "false", autocapitalize: "none", placeholder: "z * z", value: (start.game ?? chosen) === "chocolate" ? start.piece ?? "" : "" }), shown !== "chocolate"),
    field(t("field-misere"), h("input", { name: "misere", type: "checkbox", checked: Boolean(start.misere) }), shown === "lgame"),
  ];
}

/** The game and parameters that a form's `gameFields` say. */
export function paramsOf(f) {
  return params(f.game.value, Number(f.size.value), Number(f.k.value), f.misere.checked, defOf(f));
}

/** The definition a form's `gameFields` say for its game: the piece, the rule, or the
 *  edge (none when it is left empty). */
export function defOf(f) {
  if (f.game.value === "chocolate") return f.edge.value.trim() || undefined;
  return f.game.value === "heap" ? f.rule.value.trim() : f.piece.value.trim();
}
