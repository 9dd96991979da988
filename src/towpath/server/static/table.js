// What the page knows of the game: the last state message, and the picks made on the board
// toward an action. Every module of the page reads it here; the socket's messages replace it.
import { t } from "./i18n.js";

export const table = {
  current: null,    // the last state message
  picks: [],        // the board elements clicked so far: {run, node index}
  turnIndex: 0,     // which of a family of turns is previewed
  offer: null,      // the offered action taken, waiting for its confirm (notation)
  words: new Map(), // notation -> its words, for the legal actions of this state
};

export function mine() {
  return table.current && table.current.seat !== null && table.current.current_player === table.current.seat && table.current.legal.length > 0;
}

export function runs() { return table.picks.map((p) => p.run); }

// People count seats from 1; the engine and the messages from 0.
export function seatNumber(seat) { return seat + 1; }

export function nameOf(seat) {
  const info = table.current && table.current.seats[seat];
  return info && info.name ? info.name : t("Seat {n}", { n: seatNumber(seat) });
}

// Whether a bot moves for the seat: a bot's seat, or a person's whose time ran out.
export function botPlays(seat) {
  const info = table.current && table.current.seats[seat];
  return Boolean(info && (info.kind === "bot" || info.away));
}

// Words of the engine name seats "seat N" (from 0): the page writes the player's name instead.
export function named(text) {
  return text.replace(/\b[Ss]eat (\d+)('s)?/g, (_, seat, owner) => nameOf(Number(seat)) + (owner || ""));
}

export function nameSeatsInBoard(box) {
  for (const span of box.querySelectorAll("[data-seat-name]")) span.textContent = nameOf(Number(span.dataset.seatName));
  for (const title of box.querySelectorAll("title")) {
    title.dataset.said ??= title.textContent;  // the drawing's words, named again on each call
    title.textContent = named(title.dataset.said);
  }
  for (const node of box.querySelectorAll("[aria-label]")) {  // what a screen reader says too
    node.dataset.label ??= node.getAttribute("aria-label");
    node.setAttribute("aria-label", named(node.dataset.label));
  }
}
