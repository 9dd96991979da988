// The pages' words (static/i18n.js), run by Node's test runner: node --test tests/web/. Without
// a document the words stay English; every word a script marks is a plain literal that the
// catalogue (src/towpath/server/data/de.po) holds, so none escapes `make messages` (Babel finds
// no t("…") inside a template literal's ${…}, for one).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { language, t, tn } from "../../src/towpath/server/static/i18n.js";

const STATIC = new URL("../../src/towpath/server/static/", import.meta.url);
const CATALOGUE = new URL("../../src/towpath/server/data/de.po", import.meta.url);

test("without a document the page speaks English, its names filled", () => {
  assert.equal(language, "en");
  assert.equal(t("Seat {n}", { n: 2 }), "Seat 2");
  assert.equal(t("{name}'s turn.", { name: "Ann" }), "Ann's turn.");
  assert.equal(t("{unknown} stays", {}), "{unknown} stays");
  assert.equal(tn("{count} action", "{count} actions", 1), "1 action");
  assert.equal(tn("{count} action", "{count} actions", 3), "3 actions");
});

// The msgids of a PO file: each entry's msgid (a plural's singular), its continued lines joined.
function msgids(po) {
  const found = new Set();
  let current = null;
  const literal = (text) => JSON.parse(text);  // a PO string is written as JSON writes one
  for (const line of po.split("\n")) {
    if (line.startsWith("msgid ")) current = literal(line.slice(6));
    else if (line.startsWith('"') && current !== null) current += literal(line);
    else {
      if (current) found.add(current);
      current = null;
    }
  }
  if (current) found.add(current);
  return found;
}

function scripts() {
  return readdirSync(STATIC).filter((name) => name.endsWith(".js") && name !== "i18n.js")
    .map((name) => [name, readFileSync(new URL(name, STATIC), "utf8")]);
}

test("every word a script marks is a plain literal in the German catalogue", () => {
  const known = msgids(readFileSync(CATALOGUE, "utf8"));
  const missing = [];
  for (const [name, source] of scripts()) {
    for (const call of source.matchAll(/\btn?\(\s*("(?:[^"\\]|\\.)*")/g)) {
      const word = JSON.parse(call[1]);
      if (!known.has(word)) missing.push(`${name}: ${word}`);
    }
  }
  assert.deepEqual(missing, [], "not in de.po: mark them outside ${…} and run scripts/messages.py");
});

test("no script marks a word that is not a string literal", () => {
  const computed = [];
  for (const [name, source] of scripts()) {
    for (const call of source.matchAll(/(?<![\w.$])tn?\(\s*([^"\s)][^,)]*)/g)) computed.push(`${name}: t(${call[1]}`);
  }
  assert.deepEqual(computed, []);
});
