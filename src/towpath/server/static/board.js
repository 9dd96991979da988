// The board: drawn from the SVG (or text) a state message carries, at a size the player
// chooses (kept in this browser for each game), with a previewed turn drawn on it.
import { TURN, split, turnOf } from "./picking.js";
import { phone } from "./connection.js";
import { $, drawingIn, el, say } from "./dom.js";
import { t } from "./i18n.js";
import { showMap } from "./minimap.js";
import { nameSeatsInBoard, table } from "./table.js";

// The zoom chosen for this game; 0: the drawing's own size or wider.
const zoomKey = () => `towpath:zoom:${table.current ? table.current.game : ""}`;
const zoomNow = () => Number(localStorage.getItem(zoomKey())) || 0;

export function drawBoard(box, svg, text) {
  if (svg) box.innerHTML = svg;
  else box.replaceChildren(el("pre", { text: text || "" }));
  splitPanels(box);
  sizeBoard(box);
  nameSeatsInBoard(box);
}

// A narrow drawing (a phone's) says where its panels start, how wide they are and how high its
// heading is (`data-panels="Y,W,H"`): the heading (above H) and the panels (below Y) are moved to
// drawings of their own, W wide, that stay in view at the box's left while the board between
// them is scrolled sideways.
function splitPanels(box) {
  const board = box.querySelector("svg");
  if (!board || !board.dataset.panels) return;
  const [top, wide, head] = board.dataset.panels.split(",").map(Number);
  const width = Number(board.getAttribute("width")), height = Number(board.getAttribute("height"));
  const background = board.querySelector(":scope > rect");
  const band = (from, to) => {  // a drawing of the parts between two heights, kept at the left
    const part = board.cloneNode(false);
    for (const name of ["role", "aria-label", "data-panels"]) part.removeAttribute(name);
    part.setAttribute("viewBox", `0 ${from} ${wide} ${to - from}`);
    part.setAttribute("width", wide);
    part.setAttribute("height", to - from);
    part.classList.add("panels");
    if (background) part.append(background.cloneNode(false));
    return part;
  };
  const heading = band(0, head), panels = band(top, height);
  for (const part of [...board.children]) {
    if (!part.getBBox || part === background) continue;
    const drawn = part.getBBox();
    if (drawn.y >= top - 0.5) panels.append(part);
    else if (drawn.y + drawn.height <= head + 0.5) heading.append(part);
  }
  board.setAttribute("viewBox", `0 ${head} ${width} ${top - head}`);
  board.setAttribute("height", top - head);
  const all = el("div", { class: "board-wide" }, ...(head ? [heading] : []), board, panels);
  if (background) all.style.background = background.getAttribute("fill");  // beside the panels too
  box.replaceChildren(all);
}

// The least scale at which every text of the drawing is 12 px or more.
function readable(svg) {
  const sizes = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim())
    .map((t) => parseFloat(getComputedStyle(t).fontSize)).filter((size) => size > 0);
  return sizes.length ? 12 / Math.min(...sizes) : 0;
}

// A board is shown at its own size, or larger where it still fits the screen's width and height,
// or on a wide screen smaller to fit its width; never with text under 12 px: on a narrow screen
// it scrolls in its box, under a small map of the whole; "fit" fits the width as far as that
// allows.
export function sizeBoard(box) {
  const svg = drawingIn(box);
  if (!svg) return;
  const natural = Number(svg.getAttribute("width"));
  const room = box.clientWidth || natural;
  const high = (innerHeight - 120) / Number(svg.getAttribute("height"));  // under the page's head
  const zoom = zoomNow();
  const least = readable(svg);
  const floor = phone.matches ? 1 : Math.min(1, room / natural);
  const scale = Math.max(least, zoom > 0 ? zoom : Math.max(floor, Math.min(room / natural, high, 1.5)));
  svg.style.width = `${Math.round(natural * scale)}px`;
  svg.style.height = "auto";
  showMap(box);
  if (box.id === "board") showZoomLimits(svg, scale, least);
}

const SMALLEST = 0.4, LARGEST = 3;
// The scale "fit" chooses: the box's width, never text under 12 px (`least`, from `readable`).
const fitted = (svg, least) => Math.max(least, Math.min(1.5, $("board").clientWidth / Number(svg.getAttribute("width"))));

// A zoom button that would change nothing is greyed, and a click on it says why: on a phone the
// board is often as small as its text allows already, so "fit" and "−" cannot make it smaller.
function showZoomLimits(svg, scale, least) {
  const smallest = scale <= Math.max(least, SMALLEST) * 1.01;
  const small = t("as small as the board goes while its text stays readable");
  const limits = [
    ["zoom-out", smallest, small],
    ["zoom-fit", Math.abs(scale - fitted(svg, least)) <= 0.01 * scale, smallest ? small : t("the board fits already")],
    ["zoom-in", scale >= LARGEST * 0.99, t("as large as the board goes")],
  ];
  for (const [id, idle, why] of limits) {
    const button = $(id);
    button.dataset.title ??= button.title;  // its own help, for when it acts again
    button.setAttribute("aria-disabled", String(idle));
    button.title = idle ? why : button.dataset.title;
  }
}

export function setZoom(change, button) {
  const svg = drawingIn($("board"));
  if (!svg) return;
  if (button.getAttribute("aria-disabled") === "true") { say(button.title); return; }
  const natural = Number(svg.getAttribute("width"));
  const now = svg.getBoundingClientRect().width / natural;
  const least = readable(svg);
  const zoom = change === "fit" ? fitted(svg, least) : Math.max(least, SMALLEST, Math.min(LARGEST, now * change));
  localStorage.setItem(zoomKey(), String(zoom));
  sizeBoard($("board"));
  sizeBoard($("replay-board"));
}

export function pickedNodes() {
  const nodes = [...$("board").querySelectorAll("[data-pick]")];
  return table.picks.map((p) => nodes[p.index]).filter(Boolean);
}

// Draw the previewed turn: a piece put on a place (rK), or the piece to move turned (r±k);
// null: no preview.
export function preview(action) {
  const svg = drawingIn($("board"));
  if (!svg) return;
  svg.querySelectorAll(".preview").forEach((n) => n.remove());
  svg.querySelectorAll("[data-turning], [data-turning] text").forEach((n) => n.removeAttribute("transform"));
  if (!action) return;
  const sixths = turnOf(action);
  const word = split(action.action).find((w) => TURN.test(w)) || "";
  const turning = svg.querySelector("[data-turning]");
  if (!/^r\d$/.test(word) && turning) {
    const [x, y] = turning.dataset.centre.split(",").map(Number);
    if (!sixths) return;
    turning.setAttribute("transform", `rotate(${sixths * 60} ${x} ${y})`);
    for (const text of turning.querySelectorAll("text")) {  // its numbers turn with it, upright
      text.setAttribute("transform", `rotate(${-sixths * 60} ${text.getAttribute("x")} ${text.getAttribute("y")})`);
    }
    return;
  }
  const centred = pickedNodes().filter((n) => n.dataset.centre);
  const piece = centred.find((n) => n.dataset.tile !== undefined);
  const place = centred.find((n) => n.dataset.tile === undefined);  // a cell, never another tile
  if (!piece || !place) return;
  const [px, py, pr] = piece.dataset.centre.split(",").map(Number);
  const [cx, cy, cr] = place.dataset.centre.split(",").map(Number);
  const copy = piece.cloneNode(true);
  for (const child of [...copy.children]) if (child.tagName === "text" || child.tagName === "title") child.remove();
  copy.removeAttribute("data-pick");
  copy.removeAttribute("tabindex");
  copy.setAttribute("class", "preview");
  copy.setAttribute("transform", `translate(${cx} ${cy}) rotate(${sixths * 60}) scale(${cr / pr}) translate(${-px} ${-py})`);
  svg.append(copy);
}

// -- motion ------------------------------------------------------------------------------------
// Pieces (`data-piece`) slide from where the last drawing had them to where this one has them.
// A move's story ([piece, place] steps, in the order the rules made them) plays step by step,
// then every other piece that moved slides at once. Reduced motion: the board simply changes.
const STEP_MS = 360;
const STORY_MS = 1200;  // the longest a move's motion takes: longer stories step faster
let motion = 0;  // the motion under way: a newer drawing stops an older one's

function centre(node) {
  if (node.dataset.centre) return node.dataset.centre.split(",").slice(0, 2).map(Number);
  const box = node.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const placed = (point) => Boolean(point) && point.every(Number.isFinite);

// Where the board's pieces stand now, to be moved from when the next drawing comes.
export function piecePlaces(box) {
  const svg = drawingIn(box);
  return new Map(svg ? [...svg.querySelectorAll("[data-piece]")].map((n) => [n.dataset.piece, centre(n)]) : []);
}

function stepsOf(svg, pieces, before, story) {
  const at = new Map(before);
  const steps = [];
  const last = new Map(story.map(([piece], k) => [piece, k]));
  story.forEach(([piece, place], k) => {
    const target = svg.querySelector(`[data-place="${CSS.escape(place)}"]`);
    if (!pieces.has(piece) || !placed(at.get(piece)) || !target) return;
    const to = last.get(piece) === k ? centre(pieces.get(piece)) : centre(target);
    steps.push([{ piece, from: at.get(piece), to }]);
    at.set(piece, to);
  });
  const rest = [];
  for (const [piece, node] of pieces) {
    const from = at.get(piece), to = centre(node);
    if (placed(from) && placed(to) && Math.hypot(from[0] - to[0], from[1] - to[1]) > 0.5) rest.push({ piece, from, to });
  }
  if (rest.length) steps.push(rest);
  return steps;
}

export async function playMotion(box, before, story) {
  const run = ++motion;
  delete document.body.dataset.moving;  // an older motion's drawing is gone
  const svg = drawingIn(box);
  if (!svg || !before.size || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const pieces = new Map([...svg.querySelectorAll("[data-piece]")].map((n) => [n.dataset.piece, n]));
  const steps = stepsOf(svg, pieces, before, story || []);
  if (!steps.length) return;
  const finals = new Map([...pieces].map(([piece, node]) => [piece, centre(node)]));
  const shift = (piece, [x, y]) => `translate(${x - finals.get(piece)[0]}px, ${y - finals.get(piece)[1]}px)`;
  for (const { piece } of steps.flat()) pieces.get(piece).style.transform = shift(piece, before.get(piece));
  document.body.dataset.moving = steps.flat().map((s) => s.piece).join(" ");
  try {
    for (const step of steps) {
      if (run !== motion) return;
      await Promise.all(step.map(({ piece, from, to }) => {
        const node = pieces.get(piece);
        node.style.transform = shift(piece, to);
        return node.animate([{ transform: shift(piece, from) }, { transform: shift(piece, to) }], { duration: Math.min(STEP_MS, STORY_MS / steps.length), easing: "ease-in-out" }).finished;
      }));
    }
  } catch {
    // a step cut short (its piece left the page): the drawing is shown as it is
  } finally {
    for (const node of pieces.values()) {  // back to the drawing, which uses attributes only
      node.style.removeProperty("transform");
      node.getAttribute("style");  // (the browser writes a changed style back lazily)
      node.removeAttribute("style");
    }
    if (run === motion) delete document.body.dataset.moving;
  }
}
