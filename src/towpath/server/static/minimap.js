// The whole board in small above a board wider than its box (a phone's): a frame shows the part
// in view and a tap there brings that part into view. Shown only while the board scrolls sideways.
import { drawingIn, el } from "./dom.js";
import { t } from "./i18n.js";

const HEIGHT = 120;  // px: the height a map fits the whole drawing into, if that leaves it half
// the box's width; a taller drawing's map is that wide and shows its top (the board's own part)

function mapOf(box) {
  const before = box.previousElementSibling;
  if (before && before.classList.contains("board-map")) return before;
  const map = el("div", { class: "board-map hidden", "aria-hidden": "true", title: t("the whole board: tap to look there") });
  box.before(map);
  map.addEventListener("click", (event) => {
    const whole = map.querySelector(".board-map-whole");
    if (!whole) return;
    const shown = whole.getBoundingClientRect();
    box.scrollLeft = ((event.clientX - shown.left) / shown.width) * box.scrollWidth - box.clientWidth / 2;
  });
  box.addEventListener("scroll", () => frame(box, map), { passive: true });
  return map;
}

function frame(box, map) {
  const window = map.querySelector(".board-map-frame");
  if (!window) return;
  window.style.left = `${(100 * box.scrollLeft) / box.scrollWidth}%`;
  window.style.width = `${(100 * box.clientWidth) / box.scrollWidth}%`;
}

export function showMap(box) {
  const map = mapOf(box);
  const svg = drawingIn(box);
  const scrolls = Boolean(svg) && box.scrollWidth > box.clientWidth + 4;
  map.classList.toggle("hidden", !scrolls);
  if (!scrolls) return map.replaceChildren();
  const copy = svg.cloneNode(true);
  copy.removeAttribute("style");
  copy.removeAttribute("role");
  copy.querySelectorAll("text, title").forEach((node) => node.remove());  // too small to read
  copy.querySelectorAll("[tabindex]").forEach((node) => node.removeAttribute("tabindex"));
  const [width, height] = ["width", "height"].map((side) => Number(svg.getAttribute(side)));
  const room = map.clientWidth;
  const scale = Math.min(room / width, Math.max(HEIGHT / height, room / 2 / width));
  const whole = el("div", { class: "board-map-whole", style: `width: ${width * scale}px; height: ${height * scale}px` });
  whole.append(copy, el("div", { class: "board-map-frame" }));
  map.replaceChildren(whole);
  frame(box, map);
}

const centreOf = (rect) => rect.left + rect.width / 2;

// Bring into view where play is: the places you may pick, else the last move. The board's box
// scrolls sideways to centre them where they fit its width, else the piece to move; the page
// scrolls up or down only when none of them is in view, and not as it opens (`opening`).
export function focusBoard(box, opening) {
  const live = [...box.querySelectorAll("svg .pick.live")];
  const spots = live.length ? live : [...box.querySelectorAll("svg [data-last]")];
  if (!spots.length) return;
  const boxes = spots.map((node) => node.getBoundingClientRect());
  const left = Math.min(...boxes.map((b) => b.left)), right = Math.max(...boxes.map((b) => b.right));
  const shown = box.getBoundingClientRect();
  const mover = box.querySelector("svg [data-turning]");  // the piece to move, where play spreads wider
  const centre = right - left <= shown.width ? (left + right) / 2 : mover && centreOf(mover.getBoundingClientRect());
  if (box.scrollWidth > box.clientWidth && centre) box.scrollLeft += centre - (shown.left + shown.width / 2);
  // The page opens at its top (the status first), and is scrolled only when nothing to click
  // is in view: then just far enough to bring what there is to click into view.
  if (!live.length || opening) return;
  const screen = window.innerHeight, margin = 8;
  if (boxes.some((b) => b.bottom > margin && b.top < screen - margin)) return;
  const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
  const fits = bottom - top <= screen - 2 * margin;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: top < 0 || !fits ? top - margin : bottom - screen + margin, behavior: calm ? "auto" : "smooth" });
}
