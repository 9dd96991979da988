// Small helpers the pages build themselves with.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// The board's own drawing in a board box: not the heading and panels a phone's board keeps in
// drawings of their own beside it (board.js, `splitPanels`).
export const drawingIn = (box) => box.querySelector("svg:not(.panels)");

// A word at the foot of the board (a click that does nothing, a refusal): it goes after a few
// seconds, so that it does not stand over the board while the player thinks.
let said = null;
export function say(text) {
  $("error").textContent = text;
  clearTimeout(said);
  if (text) said = setTimeout(() => { if ($("error").textContent === text) $("error").textContent = ""; }, 6000);
}
