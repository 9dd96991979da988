// The page's click-to-action matching (static/picking.js), run by Node's test runner:
// node --test tests/web/ (part of make test and make check).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  candidates, covered, occurrences, pick, split, turnFamily, turnOf,
} from "../../src/towpath/server/static/picking.js";

// Legal actions as a state message lists them, with the words the page keeps for each.
function table(...notations) {
  const legal = notations.map((action) => ({ action, kind: split(action)[0] }));
  return { legal, words: new Map(legal.map((a) => [a.action, split(a.action)])) };
}

const PLACING = table(
  "place G 1,1 r0", "place G 1,1 r1", "place G 1,1 r-1", "place S 1,1 r0",
  "place S 2,1 r0", "swap G S", "swap G G",
);

test("runs of words stand in an action as often as they are counted, never overlapping", () => {
  assert.equal(occurrences(split("swap G G"), ["G"]), 2);
  assert.equal(occurrences(split("a a a"), ["a", "a"]), 1);
  assert.equal(occurrences(split("place G 1,1 r0"), ["1,1", "r0"]), 1);
  assert.equal(occurrences(split("place G 1,1 r0"), ["r0", "1,1"]), 0);
});

test("the actions left hold every run picked, as often as it was picked", () => {
  const { legal, words } = PLACING;
  const names = (runs) => candidates(legal, words, runs).map((a) => a.action);
  assert.deepEqual(names(["swap", "G", "G"]), ["swap G G"]);
  assert.deepEqual(names(["S", "2,1"]), ["place S 2,1 r0"]);
  assert.deepEqual(names(["G", "1,1"]), ["place G 1,1 r0", "place G 1,1 r1", "place G 1,1 r-1"]);
  assert.deepEqual(names(["2,1", "G"]), []);
  assert.equal(names([]).length, legal.length);
});

test("picks cover an action when they are its words, in any order", () => {
  assert.ok(covered("swap G S", ["S", "swap G"]));
  assert.ok(!covered("swap G S", ["swap", "G"]));
  assert.ok(!covered("swap G S", ["swap", "G", "S", "S"]));
});

test("actions differing only in their turn are a family, sorted clockwise", () => {
  const { legal, words } = PLACING;
  const family = turnFamily(candidates(legal, words, ["G", "1,1"]));
  assert.deepEqual(family.map((a) => a.action), ["place G 1,1 r0", "place G 1,1 r1", "place G 1,1 r-1"]);
  assert.equal(turnOf({ action: "r-1 f3" }), 5);
  assert.equal(turnOf({ action: "r+2 f3" }), 2);
  assert.equal(turnOf({ action: "f3" }), 0);
  assert.equal(turnFamily(candidates(legal, words, ["1,1"])), null, "G and S differ beyond the turn");
  assert.equal(turnFamily(candidates(legal, words, ["swap"])), null, "no turn word at all");
});

test("a click that leaves one action with no turn to choose plays it at once", () => {
  const { legal, words } = PLACING;
  const first = pick(legal, words, [], "S", 0);
  assert.equal(first.play, null);
  assert.equal(first.left.length, 3);
  const second = pick(legal, words, first.picks, "swap", 5);
  assert.equal(second.play, "swap G S");
});

test("one action left with a turn word waits, its turn shown before it is confirmed", () => {
  const { legal, words } = PLACING;
  const outcome = pick(legal, words, [], "2,1", 4);
  assert.deepEqual(outcome.left.map((a) => a.action), ["place S 2,1 r0"]);
  assert.equal(outcome.play, null);
});

test("a click that leaves a family of turns waits for the turn to be chosen", () => {
  const { legal, words } = PLACING;
  const picks = pick(legal, words, [], "G", 0).picks;
  const outcome = pick(legal, words, picks, "1,1", 3);
  assert.equal(outcome.play, null);
  assert.equal(outcome.left.length, 3);
  assert.deepEqual(outcome.picks.map((p) => p.run), ["G", "1,1"]);
});

test("a part clicked again is let go, and one of the same kind takes the place of its pick", () => {
  const { legal, words } = PLACING;
  const picks = pick(legal, words, [], "G", 0).picks;
  assert.deepEqual(pick(legal, words, picks, "G", 0).picks, [], "let go");
  const other = pick(legal, words, picks, "2,1", 4, 0);  // a space picked as if it were a tile
  assert.deepEqual(other.picks, [{ run: "2,1", index: 4 }]);
  assert.deepEqual(other.left.map((a) => a.action), ["place S 2,1 r0"]);
  assert.equal(other.note, null, "one pick for another: nothing else was let go");
  const placed = pick(legal, words, [{ run: "S", index: 1 }, { run: "2,1", index: 4 }], "G", 0, 0);
  assert.deepEqual(placed.picks, [{ run: "G", index: 0 }], "G does not go on 2,1: afresh");
  assert.equal(placed.note, "That does not go with what you picked before: a new move starts from it.");
  const kept = pick(legal, words, [{ run: "G", index: 0 }, { run: "1,1", index: 3 }], "S", 1, 0);
  assert.deepEqual(kept.picks.map((p) => p.run), ["S", "1,1"], "the other tile, on the same space");
  assert.equal(pick(legal, words, picks, "1,1", 3).note, null, "a click that goes on says nothing");
  assert.equal(pick(legal, words, [], "2,1", 4).note, null, "nor does a first click");
});

test("a part of another kind that does not go on is refused, and the picks stay", () => {
  const { legal, words } = PLACING;
  const picks = pick(legal, words, [], "G", 0).picks;
  const outcome = pick(legal, words, picks, "2,1", 4);  // a space that does not take G
  assert.equal(outcome.error, "That does not go with what you picked: pick a lit part of the board, or Cancel to start again.");
  assert.equal(outcome.picks, picks);
  assert.equal(outcome.play, null);
});

test("a part that is a whole action by itself starts afresh from any picks", () => {
  const { legal, words } = table("place G 1,1 r0", "end");
  const picks = pick(legal, words, [], "G", 0).picks;
  const ended = pick(legal, words, picks, "end", 5);
  assert.deepEqual(ended.picks, [{ run: "end", index: 5 }]);
  assert.equal(ended.play, "end");
});

test("a click on what no action holds is refused, and the picks stay", () => {
  const { legal, words } = PLACING;
  assert.equal(pick(legal, words, [], "9,9", 7).error, "Nothing you may do starts with that.");
  const picks = pick(legal, words, [], "G", 0).picks;
  const outcome = pick(legal, words, picks, "9,9", 7, 0);
  assert.equal(outcome.error, "Nothing you may do starts with that.");
  assert.equal(outcome.picks, picks);
  assert.equal(outcome.play, null);
});
