// @ts-check
// A student's side of a room: the exercise to answer — by tapping where the question allows
// (outcome buttons, the board for a move, a number pad for a number), or by typing — with the
// progress and the score, then every answer with its grade and its reason.

import { describe, h } from "./dom.js";
import { drawBoard } from "./boards.js";
import { definition } from "./games.js";
import { language, said, t } from "./i18n.js";

/** @typedef {import("./net.js").Server} Server */

/** The student's side: the exercise to answer (by tapping where the question allows), the
 *  score so far, then every answer with its grade.
 *  @param {Server} server */
export function studentParts(view, server, problems) {
  const now = Date.now();
  const answered = (e) => view.answers.some((a) => a.exercise_id === e.id);
  const current = view.exercises.find((e) => !answered(e) && (!e.deadline || now <= e.deadline));
  const right = view.answers.filter((a) => !a.withheld && a.correct).length;
  const told = view.answers.filter((a) => !a.withheld).length;
  const out = [];
  if (current) {
    const number = view.exercises.indexOf(current) + 1;
    const send = async (answer) => {
      problems.answer = "";
      try {
        const reply = await server.request({ type: "answer", code: view.code, exercise_id: current.id, answer });
        view.answers.push(reply.answer);
        chosen.delete(current.id);
      } catch (err) {
        problems.answer = err.message;
      }
    };
    out.push(h(
      "form",
      // A new exercise is a new form; the same one keeps what is typed in it.
      { class: "card exercise", key: `exercise-${current.id}`, onsubmit: (e) => {
        e.preventDefault();
        return send(e.target.elements.answer.value);
      } },
      h("p", { class: "progress" }, t("exercise-progress", { number: String(number), count: String(view.exercises.length) }), told ? ` · ${t("exercise-score", { right: String(right), told: String(told) })}` : ""),
      // The deadline in this device's time of day.
      current.deadline ? h("p", { class: "deadline" }, t("exercise-until", { time: new Date(current.deadline).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" }) })) : null,
      h("h2", {}, t("exercise-title", { game: describe(current.game, current.size, current.k, current.misere, definition(current)), position: current.position })),
      ...answering(current, send),
      h("p", { class: "error", role: "alert" }, problems.answer || ""),
    ));
  } else {
    const score = { right: String(right), told: String(told) };
    const waiting = !view.exercises.length ? t("exercises-none-yet") : told ? t("exercises-done-score", score) : t("exercises-done");
    out.push(h("p", { class: "empty", key: "waiting" }, waiting));
  }
  const graded = view.answers.map((a) => {
    const n = view.exercises.findIndex((e) => e.id === a.exercise_id) + 1;
    const mark = t(a.withheld ? "grade-kept" : a.correct ? "grade-right" : "grade-wrong");
    return h(
      "li",
      { class: a.withheld ? "kept" : a.correct ? "right" : "wrong", key: a.exercise_id },
      h("strong", {}, t("grade-line", { mark, number: String(n), answer: a.answer })),
      " ",
      said(a.explanation_message, a.explanation),
    );
  });
  if (graded.length) out.push(h("ul", { class: "grades", key: "grades" }, graded.reverse()));
  return out;
}

/** The moves a student has pointed at so far, by exercise (a question asking for every
 *  winning move). */
const chosen = new Map();

/** How an exercise is answered: its board, its question, and the ways to answer it — outcome
 *  buttons, pointing at the board for a move, a number pad for a number — besides typing. */
function answering(exercise, send) {
  const q = exercise.question;
  const field = h("input", { id: "answer", name: "answer", required: true, autocomplete: "off", inputmode: q === "grundy" || q === "remoteness" ? "numeric" : null });
  const typed = h("label", { class: "typed" }, h("span", {}, t(q === "outcome" ? "answer-or-type" : "answer-field")), field, h("button", { type: "submit" }, t("answer")));
  const board = (play, marks) => drawBoard({ ...exercise, legal_moves: exercise.legal_moves || [] }, play, marks);
  const asked = said({ id: `prompt-${q}` }, exercise.prompt);
  const prompt = h("p", { class: "prompt" }, asked);
  const none = h("button", { type: "button", onclick: () => send("none") }, t("answer-none"));
  switch (q) {
    case "outcome": {
      const choices = ["win", "loss"];
      if (exercise.game === "lgame") choices.push("draw");
      return [
        board(null),
        prompt,
        h("div", { class: "choices" }, choices.map((answer) => h("button", { type: "button", class: "choice", onclick: () => send(answer) }, t(`answer-${answer}`)))),
        typed,
      ];
    }
    case "winning_move":
    case "winning_moves": {
      // Pointing chooses (and pointing again takes back); the answer goes on a press, so
      // that a slip of the finger costs nothing.
      const one = q === "winning_move";
      const picked = chosen.get(exercise.id) || new Set();
      chosen.set(exercise.id, picked);
      const marks = new Map([...picked].map((m) => [m, { cls: "picked", text: "✓", say: t("answer-picked") }]));
      const toggle = (m) => {
        if (picked.has(m)) picked.delete(m);
        else {
          if (one) picked.clear();
          picked.add(m);
        }
      };
      const label = picked.size === 0 ? t("answer-point-first") : one ? t("answer-move", { move: [...picked][0] }) : t("answer-moves", { count: String(picked.size) });
      return [
        board(toggle, marks),
        h("p", { class: "prompt" }, t(one ? "answer-point-it" : "answer-point-each", { prompt: asked })),
        h("div", { class: "choices" }, h("button", { type: "button", class: "choice", disabled: picked.size === 0, onclick: () => send([...picked].join("; ")) }, label), none),
        typed,
      ];
    }
    default: {
      // A number: a pad for fingers, the field for keyboards.
      const press = (key) => (e) => {
        const input = e.target.closest("form").elements.answer;
        input.value = key === "⌫" ? input.value.slice(0, -1) : input.value + key;
      };
      return [
        board(null),
        prompt,
        typed,
        h("div", { class: "pad", role: "group", "aria-label": t("pad") }, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0"].map((key) => h("button", { type: "button", onclick: press(key), "aria-label": key === "⌫" ? t("pad-erase") : key }, key))),
      ];
    }
  }
}

