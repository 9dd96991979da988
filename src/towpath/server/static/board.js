// The board: drawn from the SVG (or text) a state message carries, at a size the player
// chooses (kept in this browser for each game), with a previewed turn drawn on it.
import { TURN, split, turnOf } from "./picking.js";
import { $, el } from "./dom.js";
import { nameSeatsInBoard, table } from "./table.js";

// The zoom chosen for this game; 0: the drawing's own size or wider.
const zoomKey = () => `towpath:zoom:${table.current ? table.current.game : ""}`;
const zoomNow = () => Number(localStorage.getItem(zoomKey())) || 0;

export function drawBoard(box, svg, text) {
  if (svg) box.innerHTML = svg;
  else box.replaceChildren(el("pre", { text: text || "" }));
  sizeBoard(box);
  nameSeatsInBoard(box);
}

// A board is shown at its own size or larger (its text is at least 12 px), scrolling in its box
// on narrow screens; "fit" shows it whole.
export function sizeBoard(box) {
  const svg = box.querySelector("svg");
  if (!svg) return;
  const natural = Number(svg.getAttribute("width"));
  const room = box.clientWidth || natural;
  const zoom = zoomNow();
  const scale = zoom > 0 ? zoom : Math.max(1, Math.min(room / natural, 1.5));
  svg.style.width = `${Math.round(natural * scale)}px`;
  svg.style.height = "auto";
}

export function setZoom(change) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const natural = Number(svg.getAttribute("width"));
  const now = svg.getBoundingClientRect().width / natural;
  const zoom = change === "fit" ? Math.min(1.5, $("board").clientWidth / natural) : Math.max(0.4, Math.min(3, now * change));
  localStorage.setItem(zoomKey(), String(zoom));
  sizeBoard($("board"));
  sizeBoard($("replay-board"));
}

export function pickedNodes() {
  const nodes = [...$("board").querySelectorAll("[data-pick]")];
  return table.picks.map((p) => nodes[p.index]).filter(Boolean);
}

// Draw the previewed turn: a piece put on a place (rK), or the piece to move turned (r±k).
export function preview(action) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".preview").forEach((n) => n.remove());
  svg.querySelectorAll("[data-turning]").forEach((n) => n.removeAttribute("transform"));
  const sixths = turnOf(action);
  const word = split(action.action).find((w) => TURN.test(w)) || "";
  const turning = svg.querySelector("[data-turning]");
  if (!/^r\d$/.test(word) && turning) {
    const [x, y] = turning.dataset.centre.split(",").map(Number);
    turning.setAttribute("transform", `rotate(${sixths * 60} ${x} ${y})`);
    return;
  }
  const centred = pickedNodes().filter((n) => n.dataset.centre);
  const piece = centred.find((n) => n.dataset.tile !== undefined);
  const place = centred.find((n) => n !== piece);
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
