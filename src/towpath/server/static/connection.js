// The page's socket to its room, with reconnection: it sends the seat's actions and hands every
// message it receives, a state message made whole, to the page.
import { $, el, say } from "./dom.js";
import { t } from "./i18n.js";
import { forgetSeat, headers, roomId, tokens } from "./link.js";
import { table } from "./table.js";

const REFUSALS = {
  4403: t("This link opens no seat of this room: it is wrong, or the host has re-issued it. Ask the host for the current link."),
  4404: t("There is no such room: the link is wrong."),
  4410: t("This invitation was opened already, and it opens its seat once: ask the host for a new link (every seat is told when the host re-issues one)."),
};
let socket = null;
let retries = 0;
let receive = () => {};  // the page's handler of each message
let ownReissue = null;   // the host re-issuing their own seat's link: the socket reconnects with it
let boardParts = new Map();  // the board's parts, by key, as the last state message named them
let movesKept = [];          // every move so far, in words
let logKept = [];            // and in notation
// A phone's page gets boards drawn narrow (their hands and buttons within its width); turning
// the phone across the width reconnects, so the server draws the board again for it.
export const phone = matchMedia("(max-width: 600px)");
let narrow = phone.matches;  // as the socket told the server
phone.addEventListener("change", () => { if (phone.matches !== narrow) socket?.close(); });

// Open the socket; `handler` is given each message, a state message with its whole board,
// moves and log.
export function open(handler) {
  receive = handler;
  connect();
}

// The host re-issues their own seat's link: the socket, refused with the old one, reconnects
// with the new once it is kept.
export function reconnectWith(reissued) {
  ownReissue = reissued;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const sent = tokens.seat || null;
  ownReissue = null;
  socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(roomId)}/socket`);
  socket.onopen = () => { retries = 0; narrow = phone.matches; send({ type: "auth", token: sent, host: tokens.host || null, narrow }); setConnection(true); };
  socket.onmessage = (event) => receive(made(JSON.parse(event.data)));
  socket.onclose = (event) => {
    if (event.code === 4403 && ownReissue) { ownReissue.then(connect); return; }  // the host's own seat
    if (event.code >= 4400 && event.code < 4500) { refusedLink(event); return; }
    setConnection(false);
    setTimeout(connect, Math.min(4000, 250 * 2 ** retries));
    retries += 1;
  };
}

export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
  return false;
}

function refusedLink(event) {
  $("conn").textContent = t("not connected");
  $("conn").classList.add("off");
  document.body.dataset.connected = "refused";
  $("status").textContent = REFUSALS[event.code] || event.reason || t("This link opens nothing.");
  $("status").classList.add("refused");
  if ((event.code === 4403 || event.code === 4410) && tokens.seat) {
    $("error").replaceChildren(el("button", { id: "watch-instead", text: t("Watch this room instead"), onclick: forgetSeat }));
  }
}

function setConnection(on) {
  $("conn").textContent = on ? t("connected") : t("reconnecting…");
  $("conn").classList.toggle("off", !on);
  document.body.dataset.connected = on ? "yes" : "no";
}

function boardOf(message) {
  for (const [key, part] of Object.entries(message.parts)) boardParts.set(key, part);
  const svg = message.board.map((key) => boardParts.get(key)).join("");
  boardParts = new Map(message.board.map((key) => [key, boardParts.get(key)]));
  return svg || null;
}

export async function act(notation) {
  if (!table.current) return;
  say("");
  table.picks = [];
  if (send({ type: "act", version: table.current.version, action: notation })) return;
  const response = await fetch(`/api/rooms/${roomId}/actions`, {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ version: table.current.version, action: notation }),
  });
  if (!response.ok) say((await response.json()).detail);
}

// A state message names its board's parts by key (`board`) and carries only the parts this
// page does not keep yet (`parts`): the board is the named parts joined. Likewise it carries
// the moves (in words and in notation) from `moves_from` on, the page keeping those before.
function made(message) {
  if (message.type === "state") {
    message.svg = boardOf(message);
    movesKept = movesKept.slice(0, message.moves_from).concat(message.moves);
    message.moves = movesKept;
    logKept = logKept.slice(0, message.moves_from).concat(message.log);
    message.log = logKept;
  }
  return message;
}
