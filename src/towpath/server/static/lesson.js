// A lesson: a game's prepared first game against its guide bot (towpath.core.lesson). While the
// game follows the lesson, the page explains each of the learner's moves and offers only the
// lesson's move, so the board lights up just what to click.
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { table } from "./table.js";

let lesson;  // the game's lesson: undefined until asked for, null while it loads
let toldAt = -1;  // the move count the panel last spoke at

const isLesson = () => table.current.seats.some((seat) => seat.kind === "bot" && seat.agent === "guide");

// The lesson's steps, once this room is known to be one (the catalogue names them).
export async function loadLesson() {
  if (lesson !== undefined || !isLesson()) return false;
  lesson = null;
  const catalogue = await (await fetch("/api/games")).json();
  lesson = catalogue.games.find((game) => game.id === table.current.game)?.lesson || null;
  return Boolean(lesson);
}

// Whether every move so far, up to the lesson's end, was the lesson's.
function followed() {
  return table.current.log.every((notation, k) => k >= lesson.steps.length || lesson.steps[k].play === notation);
}

// The step to play now, while the game follows the lesson; null off its path or after it.
function step() {
  return lesson && followed() ? lesson.steps[table.current.log.length] || null : null;
}

export function lessonLegal(legal) {
  const now = step();
  if (!now || now.seat !== table.current.seat) return legal;
  const only = legal.filter((action) => action.action === now.play);
  return only.length ? only : legal;
}

export function showLesson() {
  const box = $("lesson");
  box.classList.toggle("hidden", !lesson);
  if (!lesson) return;
  $("since").classList.add("hidden");  // the lesson tells what happened
  $("seed-note").classList.add("hidden");  // a lesson's seed is its own, the same for everyone
  const chosen = document.getElementById("seed-chosen");
  if (chosen) {  // said plainly: nothing to warn of
    chosen.textContent = t("A lesson is a prepared game: its seed is the lesson's own, the same every time.");
    chosen.classList.remove("warning");
  }
  const { steps } = lesson, played = table.current.log.length, now = step();
  const yours = steps.filter((s) => s.seat === table.current.seat);
  const lines = [];
  const over = played >= steps.length && followed();
  if (now || over) {  // what the guides did since your last move, or the lesson's last words
    for (let k = Math.min(played, steps.length) - 1; k >= 0 && steps[k].seat !== table.current.seat; k--) {
      if (steps[k].say) lines.unshift(el("p", { class: "lesson-before", text: steps[k].say }));
    }
  }
  const yourStep = Boolean(now) && now.seat === table.current.seat;
  let head;
  if (yourStep) {
    head = t("Learn to play · step {step} of {steps}", { step: yours.indexOf(now) + 1, steps: yours.length });
    lines.push(el("p", { class: "lesson-do", text: now.say }));
  } else if (now) {
    head = t("Learn to play · the guide's move");
  } else {
    head = over ? t("Learn to play · the lesson is over") : t("Learn to play · off the lesson's path");
    if (!over) lines.push(el("p", { text: t("You played another move than the lesson's: play on freely against the guide.") }));
  }
  box.replaceChildren(el("strong", { text: head }), ...lines);
  // A new step of yours, in one column (a phone): its words come into view before its clicks.
  if (yourStep && played !== toldAt && !box.closest("#side")) box.scrollIntoView({ behavior: "smooth", block: "start" });
  toldAt = played;
}
