// From clicks on the board to an action: each clickable part of the board names a run of words
// (`data-pick`), and the legal actions whose words hold every run picked so far are the ones
// left. Pure functions of the legal actions, their words and the picks: the page keeps the state.

import { t } from "./i18n.js";

export const TURN = /^r([+-]?)(\d)$/;

export function split(text) { return text.trim().split(/\s+/); }

// How many times the words `part` stand in a row in `all`, without overlapping.
export function occurrences(all, part) {
  let count = 0;
  for (let i = 0; i + part.length <= all.length;) {
    if (part.every((w, k) => all[i + k] === w)) { count += 1; i += part.length; } else i += 1;
  }
  return count;
}

function counted(runs) {
  const counts = new Map();
  for (const run of runs) counts.set(run, (counts.get(run) || 0) + 1);
  return counts;
}

// The legal actions whose words hold every run, as often as it was picked. `words` maps each
// action's notation to its words.
export function candidates(legal, words, runs) {
  const counts = [...counted(runs)].map(([run, n]) => [split(run), n]);
  return legal.filter((a) => counts.every(([part, n]) => occurrences(words.get(a.action), part) >= n));
}

// Whether the runs make up the whole action, word for word.
export function covered(action, runs) {
  const mine = split(action).sort().join(" ");
  return runs.flatMap(split).sort().join(" ") === mine;
}

// The legal actions left, when they differ only in a turn word: sorted by the turn, else null.
export function turnFamily(left) {
  if (left.length < 1) return null;
  const strip = (a) => split(a.action).filter((w) => !TURN.test(w)).join(" ");
  const base = strip(left[0]);
  if (!left.every((a) => strip(a) === base)) return null;
  if (!left.some((a) => split(a.action).some((w) => TURN.test(w)))) return null;
  return [...left].sort((a, b) => turnOf(a) - turnOf(b));
}

// A turn in sixths of a circle clockwise (r-1 is 5).
export function turnOf(action) {
  const word = split(action.action).find((w) => TURN.test(w));
  if (!word) return 0;
  const [, sign, k] = word.match(TURN);
  return ((sign === "-" ? -1 : 1) * Number(k) + 6) % 6;
}

// A click on the board part `index`, whose run is `run`, with `picks` ({run, index}) made so
// far: a part picked again is let go. A part that does not go on from the picks takes the place
// of the pick of its own kind (`same`: that pick's place in `picks`, -1 if none; another hand
// tile for the one picked), or starts afresh if it goes on from nothing with that, as does a
// part that is a whole action by itself ("end"); any other is refused (a space that does not
// take the picked tile). The answer: the picks now, the actions left, and the action to play
// at once (the only one left, with no turn to choose), or an error and the picks unchanged.
export function pick(legal, words, picks, run, index, same = -1) {
  const already = picks.findIndex((p) => p.index === index);
  let next = already >= 0 ? picks.filter((_, k) => k !== already) : [...picks, { run, index }];
  const fits = (chosen) => candidates(legal, words, chosen.map((p) => p.run)).length > 0;
  if (already < 0 && picks.length && !fits(next)) {
    const whole = candidates(legal, words, [run]).some((a) => covered(a.action, [run]));
    if (same < 0 && !whole) {
      const error = t("That does not go with what you picked: pick a lit part of the board, or Cancel to start again.");
      return { picks, left: [], play: null, error, note: null };
    }
    next = same < 0 ? [{ run, index }] : picks.map((p, k) => (k === same ? { run, index } : p));
    if (!fits(next)) next = [{ run, index }];
  }
  const left = candidates(legal, words, next.map((p) => p.run));
  if (!left.length) return { picks, left: [], play: null, error: t("Nothing you may do starts with that."), note: null };
  const play = left.length === 1 && !turnFamily(left) && next.length ? left[0].action : null;
  // What else was picked and does not go with this click is let go, and the player told so.
  const afresh = already < 0 && picks.length > 1 && next.length === 1;
  const note = afresh ? t("That does not go with what you picked before: a new move starts from it.") : null;
  return { picks: next, left, play, error: null, note };
}
