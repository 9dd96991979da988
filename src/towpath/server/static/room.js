// The game page: one socket per page, pushing this seat's view; clicks on the board become
// actions (see towpath.core.svg for the drawing's conventions, towpath.server.protocol for the
// messages). What the page knows is `table` (table.js); the board (board.js), the socket
// (connection.js) and the panels (panels.js) are modules of their own.
import { candidates, covered, pick, split, turnFamily, turnOf } from "./picking.js";
import { $, el, say } from "./dom.js";
import { languageMenu, t, translate } from "./i18n.js";
import { focusBoard } from "./minimap.js";
import { lessonLegal, loadLesson, showLesson } from "./lesson.js";
import { drawBoard, pickedNodes, piecePlaces, playMotion, preview, setZoom, sizeBoard } from "./board.js";
import { act, open, send } from "./connection.js";
import { keepSeatToken, tokens } from "./link.js";
import {
  hideSince, notifyTurn, rematch, showActions, showChat, showClock, showFairness, showHost, showLog,
  showResult, showSeats, showSince, showStatus, wireReplay,
} from "./panels.js";
import { mine, nameOf, named, nameSeatsInBoard, runs, table } from "./table.js";

const OFFERED = 10;  // the most actions offered by name once picks narrow them
let wasMine = false;
let wasOver = false;
let drawn = false;  // the board has been drawn once: later drawings keep where the player looks

// -- picking on the board --------------------------------------------------------------------
// A legal action is found by the runs of notation words clicked on the board: those it holds
// (a run clicked twice must be there twice). One left is shown and confirmed (or played at
// once, if the player turned "confirm moves" off); a few are offered by name; turns of one
// piece are previewed on the board and confirmed. Every game acts alike.

// What a board part is, by its data attributes beside those every part may have: a hand tile
// (data-tile), a space (data-space), a card (data-card)...
const MARKS = new Set(["data-pick", "data-last", "data-centre", "data-piece", "data-turning"]);
const kindOf = (node) => node.getAttributeNames().filter((name) => name.startsWith("data-") && !MARKS.has(name)).sort().join(" ");
// Which of the picks is of the node's kind (the last, if several), -1 if none.
const samePick = (node, nodes) => table.picks.findLastIndex((p) => nodes[p.index] && kindOf(nodes[p.index]) === kindOf(node));

function onPick(node, index) {
  if (!table.current || table.current.over) return;
  if (!mine()) {
    const turn = table.current.current_player;
    say(table.current.seat === null ? t("You are watching this game.")
      : t("It is {name}'s turn, not yours: the page will tell you when it is yours.", { name: nameOf(turn) }));
    return;
  }
  const nodes = [...$("board").querySelectorAll("[data-pick]")];
  const outcome = pick(table.current.legal, table.words, table.picks, node.dataset.pick, index, samePick(node, nodes));
  say(outcome.error || outcome.note || "");
  if (outcome.error) return;
  table.picks = outcome.picks;
  table.turnIndex = 0;
  table.offer = null;
  if (outcome.play && !$("ask").checked) { act(outcome.play); return; }
  render();
}

// A click on a target that does not go on from what is picked (a piece standing on a space)
// means the live target under it, if there is one (the space).
function liveBeneath(event, nodes) {
  const under = document.elementsFromPoint(event.clientX, event.clientY).map((n) => n.closest("[data-pick]"));
  return under.find((n) => n && n.classList.contains("live") && nodes.includes(n)) || null;
}

// Targets that go on from what is picked light up ("live"); others that start afresh stay
// clickable. Every target a player may use takes keyboard focus.
function wireBoard(board) {
  const live = mine();
  const chosen = runs();
  const counts = new Map();
  const left = (extra) => {
    const key = extra.join("\n");
    if (!counts.has(key)) counts.set(key, candidates(table.current.legal, table.words, extra).length);
    return counts.get(key);
  };
  const nodes = [...board.querySelectorAll("[data-pick]")];
  nodes.forEach((node, index) => {
    node.setAttribute("tabindex", "-1");
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      const meant = node.classList.contains("live") ? node : liveBeneath(event, nodes) || node;
      onPick(meant, nodes.indexOf(meant));
    });
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onPick(node, index); }
    });
    if (!live) return;
    const run = node.dataset.pick;
    const picked = table.picks.some((p) => p.index === index);
    const goesOn = !picked && left([...chosen, run]) > 0;
    const afresh = !picked && !goesOn && chosen.length > 0 && left([run]) > 0
      && !pick(table.current.legal, table.words, table.picks, run, index, samePick(node, nodes)).error;
    node.classList.toggle("picked", picked);
    node.classList.toggle("live", goesOn);
    if (picked || goesOn || afresh) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
  });
}

// Help on the board: what the element under the pointer (or finger, or focus) is, from its
// title or label, in a tip beside it.

function helpOf(target) {
  for (let node = target; node && node.tagName !== "svg" && node !== $("board"); node = node.parentNode) {
    const title = [...node.children].find((child) => child.tagName === "title");
    if (title) return { text: named(title.textContent), node };
    if (node.getAttribute("aria-label")) return { text: named(node.getAttribute("aria-label")), node };
  }
  return null;
}

function showHelp(event) {
  const help = helpOf(event.target);
  const tip = $("board-hint");
  tip.classList.toggle("hidden", !help);
  if (!help) return;
  const usable = mine() && help.node.closest(".live, .picked, [role=button]");
  tip.textContent = usable ? help.text + " · " + t("click to pick it") : help.text;
  // Below the element (above it near the screen's foot), clear of it and of a piece previewed
  // on it.
  const box = help.node.getBoundingClientRect();
  const x = event.clientX ?? box.left + box.width / 2;  // a focus event has no pointer
  const pointer = event.clientY ?? box.bottom;
  const small = box.height < 120;  // a large element: beside the pointer, not its far edge
  const below = (small ? Math.max(box.bottom, pointer) : pointer + 12) + 8;
  const above = (small ? Math.min(box.top, pointer) : pointer - 12) - tip.offsetHeight - 8;
  tip.style.left = `${Math.max(4, Math.min(x + 12, innerWidth - tip.offsetWidth - 4))}px`;
  tip.style.top = `${below + tip.offsetHeight > innerHeight ? Math.max(4, above) : below}px`;
}

function showPanel() {
  document.body.dataset.picks = table.picks.length;
  const panel = $("pick-panel");
  const open = mine() && table.picks.length > 0;
  panel.classList.toggle("hidden", !open);
  $("turns").classList.add("hidden");
  $("confirm").classList.add("hidden");
  $("offers").replaceChildren();
  if (!open) { table.offer = null; preview(null); return; }
  const chosen = runs();
  const left = candidates(table.current.legal, table.words, chosen);
  $("picked").textContent = t("You picked {parts}", { parts: pickedNodes().map((n) => named(n.getAttribute("aria-label") || n.dataset.pick)).join(" · ") });
  const family = turnFamily(left);
  if (!family && left.length === 1) {
    offerConfirm(left[0]);
    preview(left[0]);
    return;
  }
  if (family) {
    table.turnIndex = ((table.turnIndex % family.length) + family.length) % family.length;
    const action = family[table.turnIndex];
    $("turns").classList.toggle("hidden", family.length < 2);  // one way only: nothing to turn
    $("turn-label").textContent = t("{n} of {count}", { n: table.turnIndex + 1, count: family.length });
    offerConfirm(action);
    preview(action);
    return;
  }
  // A turn picked before the place (a Mississippi boat's): the piece is shown turned already.
  preview(left.every((a) => turnOf(a) === turnOf(left[0])) ? left[0] : null);
  const whole = left.filter((a) => covered(a.action, chosen));
  // In one column the choices stand over the board: those one more click on it makes are
  // left to the board, and only the others are offered by name.
  const byBoard = wide.matches ? new Set() : singledOut(left, chosen);
  const rest = left.filter((a) => !byBoard.has(a.action));
  const offered = rest.length <= OFFERED ? rest : whole;
  const onBoard = el("span", { class: "muted", text: t("Now click the next part of your move: it lights up.") });
  if (!offered.length) {
    $("offers").append(onBoard);
    return;
  }
  // An offer taken is shown and confirmed like any move (played at once without "confirm moves").
  for (const action of offered) {
    const chosen = action.action === table.offer;
    $("offers").append(el("button", {
      class: chosen ? "offer chosen" : "offer", "data-action": action.action, "aria-pressed": String(chosen),
      onclick: () => { if (!$("ask").checked) { act(action.action); return; } table.offer = action.action; showPanel(); },
    }, el("span", { class: "offer-kind", text: action.kind }), el("span", { text: named(action.what || action.action) })));
  }
  if (byBoard.size) $("offers").append(onBoard);
  const taken = offered.find((action) => action.action === table.offer);
  if (taken) { offerConfirm(taken); preview(taken); }
}

// The actions one more click on a lit part of the board leaves alone.
function singledOut(left, chosen) {
  const runs = new Set([...$("board").querySelectorAll("svg .pick.live")].map((n) => n.dataset.pick));
  const found = new Set();
  for (const run of runs) {
    const next = candidates(left, table.words, [...chosen, run]);
    if (next.length === 1) found.add(next[0].action);
  }
  return found;
}

function offerConfirm(action) {
  const button = $("confirm");
  button.classList.remove("hidden");
  button.dataset.action = action.action;
  button.textContent = action.what ? t("Confirm: {kind} — {what}", { kind: action.kind, what: named(action.what) }) : t("Confirm: {kind}", { kind: action.kind });
  button.focus({ preventScroll: true });  // Enter confirms, from the keyboard as by the board
}

function turnBy(step) {
  table.turnIndex += step;
  showPanel();
}

function render() {
  const playing = mine();
  const begins = playing && !wasMine;
  const ends = drawn && table.current.over && !wasOver;  // ended while this page watched
  if (begins) { notifyTurn(); showSince(); }
  if (!playing) hideSince();
  wasMine = playing;
  wasOver = table.current.over;
  document.title = (playing ? t("▶ Your turn") + " · " : "") + `${table.current.title} · towpath`;
  $("title").textContent = t("{game} · room {room}", { game: table.current.title, room: table.current.room });
  $("rules-link").href = `/rules/${table.current.game}`;
  $("ask").checked = localStorage.getItem(askKey()) !== "off";
  document.body.classList.toggle("your-turn", playing);
  document.body.dataset.version = table.current.version;
  $("seed-note").classList.toggle("hidden", table.current.seed_chosen !== true);
  $("side").classList.remove("hidden");
  drawBoard($("board"), table.current.svg, table.current.text);
  wireBoard($("board"));
  if (begins || !drawn) focusBoard($("board"), !drawn);
  drawn = true;
  showPanel();
  $("undo").classList.toggle("hidden", !(playing && table.current.undoable));
  $("board-hint").classList.add("hidden");
  showStatus();
  showSeats();
  showActions();
  showLog();
  showResult();
  if (ends) $("status-box").scrollIntoView({ behavior: "smooth", block: "start" });  // "Game over"
  showFairness();
  showLesson();  // after the panels it speaks over (since, seed)
  showClock();
  $("chat-form").classList.toggle("hidden", table.current.seat === null);
  $("chat-note").classList.toggle("hidden", table.current.seat !== null);
}

function receive(message) {
  if (message.type === "seat") {
    keepSeatToken(message.token);
  } else if (message.type === "state") {
    const fresh = !table.current || message.version !== table.current.version;
    // One move played since the last drawing (not a take-back, not a reconnection): it moves.
    const oneMove = table.current && message.version === table.current.version + 1 && message.moves.length === table.current.moves.length + 1;
    const before = oneMove ? piecePlaces($("board")) : new Map();
    table.current = message;
    table.current.legal = lessonLegal(table.current.legal);
    if (fresh) { table.picks = []; table.turnIndex = 0; table.words = new Map(table.current.legal.map((a) => [a.action, split(a.action)])); }
    say("");
    render();
    loadLesson().then((loaded) => { if (loaded) { table.current.legal = lessonLegal(table.current.legal); render(); } });
    if (oneMove) playMotion($("board"), before, table.current.moves.at(-1)?.story);
    if (tokens.host && fresh) showHost();
  } else if (message.type === "presence") {
    if (table.current) { table.current.seats = message.seats; table.current.spectators = message.spectators; showSeats(); showStatus(); nameSeatsInBoard($("board")); }
    if (tokens.host) showHost();
  } else if (message.type === "chat") {
    showChat(message.messages);
  } else if (message.type === "refused" || message.type === "error") {
    say(named(message.message));
  }
}

// -- wiring ------------------------------------------------------------------------------------

translate();
languageMenu($("language"));

$("notation-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (text) { act(text); $("notation").value = ""; }
});
$("action-filter").addEventListener("input", () => { if (table.current) showActions(); });
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (text && send({ type: "chat", text })) $("chat-text").value = "";
});
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("my-name").value.trim();
  if (name) send({ type: "name", name });
  $("my-name").blur();
});
$("since-close").addEventListener("click", hideSince);
for (const event of ["pointerover", "focusin"]) $("board").addEventListener(event, showHelp);
// A tap has no pointer left to leave: its tip goes after a moment (on a screen without hover,
// whatever the pointer says it is).
let tapped = null;
const noHover = matchMedia("(hover: none)");
$("board").addEventListener("pointerup", (event) => {
  if (event.pointerType !== "touch" && !noHover.matches) return;
  clearTimeout(tapped);
  tapped = setTimeout(() => $("board-hint").classList.add("hidden"), 1500);
});
$("board").addEventListener("pointerleave", () => $("board-hint").classList.add("hidden"));
$("undo").addEventListener("click", () => send({ type: "undo", version: table.current.version }));
$("confirm").addEventListener("click", () => act($("confirm").dataset.action));
$("cancel").addEventListener("click", () => { table.picks = []; say(""); render(); });
$("turn-left").addEventListener("click", () => turnBy(-1));
$("turn-right").addEventListener("click", () => turnBy(1));
$("zoom-in").addEventListener("click", (event) => setZoom(1.25, event.currentTarget));
$("zoom-out").addEventListener("click", (event) => setZoom(0.8, event.currentTarget));
$("zoom-fit").addEventListener("click", (event) => setZoom("fit", event.currentTarget));
// Confirming is chosen per game: one click plays at once in one game, not in all.
const askKey = () => `towpath:confirm:${table.current.game}`;
$("ask").addEventListener("change", () => localStorage.setItem(askKey(), $("ask").checked ? "on" : "off"));
$("sound").checked = localStorage.getItem("towpath:sound") === "on";
$("sound").addEventListener("change", () => {
  localStorage.setItem("towpath:sound", $("sound").checked ? "on" : "off");
  if ($("sound").checked && "Notification" in window && Notification.permission === "default") Notification.requestPermission();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && table.picks.length) { table.picks = []; say(""); render(); }
});
window.addEventListener("resize", () => { sizeBoard($("board")); sizeBoard($("replay-board")); });
// Beside a wide board, the summary and the choice being made stand in the side column, so they
// never cover the board; in one column they keep to the status and the foot of the screen.
const wide = matchMedia("(min-width: 901px)");
function placePanels() {
  if (wide.matches) {
    $("side").prepend($("since"));
    $("side-choice").append($("lesson"), $("pick-panel"));
  } else {
    $("status-box").insertBefore($("since"), $("result"));
    $("status-box").insertBefore($("lesson"), $("since"));
    $("board-actions").prepend($("pick-panel"));
  }
}
wide.addEventListener("change", placePanels);
placePanels();
setInterval(() => { if (table.current && table.current.clock) showClock(); }, 1000);
$("rematch").addEventListener("click", rematch);
wireReplay();
open(receive);
