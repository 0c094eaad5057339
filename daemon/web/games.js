// @ts-check
// The games and their parameters, as every view names them (docs/NOTATION.md).

/** The game names of every interface. */
export const GAMES = ["queen", "rook", "horse", "dragon", "nim", "chocolate", "lgame", "sum"];

/** The corner games: played on a board of side `size`. */
export const CORNER = new Set(["queen", "rook", "horse", "dragon"]);

/** The protocol's game and parameters: `size` for a corner game, `k` for chocolate, and
 *  `misere` (the last mover loses) for every game but the L-game. */
export function params(game, size, k, misere = false) {
  const p = { game };
  if (CORNER.has(game) && size !== undefined && size !== null) p.size = size;
  if (game === "chocolate" && k !== undefined && k !== null) p.k = k;
  if (misere && game !== "lgame") p.misere = true;
  return p;
}
