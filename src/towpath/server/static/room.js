// The game page: one socket per page, pushing this seat's view; clicks on the board become
// actions (see towpath.core.svg for the drawing's conventions, towpath.server.protocol for the
// messages).
import { TURN, candidates, covered, pick, split, turnFamily, turnOf } from "./picking.js";

const $ = (id) => document.getElementById(id);
const roomId = decodeURIComponent(location.pathname.split("/").pop());
const tokens = takeTokens();
const headers = tokens.seat ? { "X-Towpath-Token": tokens.seat } : {};
const OFFERED = 10;      // the most actions offered by name once picks narrow them
const GROUP_SHOWN = 12;  // actions shown per kind in the list before one narrows it
const LIST_SHOWN = 40;   // actions the list shows at most
let current = null;      // the last state message
let picks = [];          // the board elements clicked so far: {run, node index}
let turnIndex = 0;       // which of a family of turns is previewed
let socket = null;
let retries = 0;
let replayStep = 0;
let wasMine = false;
let ownReissue = null;   // the host re-issuing their own seat's link: the socket reconnects with it
let zoom = Number(localStorage.getItem("towpath:zoom")) || 0;  // 0: the drawing's own size or wider
let words = new Map();   // notation -> its words, for the legal actions of this state
let boardParts = new Map();  // the board's parts, by key, as the last state message named them
let movesKept = [];          // every move so far, in words
let logKept = [];            // and in notation

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// -- the link's tokens ---------------------------------------------------------------------
// A link carries its tokens in the fragment (#seat=…&host=…; the first release's links: #TOKEN),
// which no server ever sees. The page keeps them in this browser and takes them out of the
// address bar, so that sharing the address shares only the spectator's view.

function takeTokens() {
  const key = `towpath:room:${roomId}`;
  const kept = JSON.parse(localStorage.getItem(key) || "{}");
  const fragment = location.hash.slice(1);
  if (fragment) {
    const given = fragment.includes("=") ? Object.fromEntries(new URLSearchParams(fragment)) : { seat: fragment };
    for (const role of ["seat", "host"]) if (given[role]) kept[role] = given[role];
    localStorage.setItem(key, JSON.stringify(kept));
    history.replaceState(null, "", location.pathname);
  }
  return kept;
}

function forgetSeat() {
  const key = `towpath:room:${roomId}`;
  const kept = JSON.parse(localStorage.getItem(key) || "{}");
  delete kept.seat;
  localStorage.setItem(key, JSON.stringify(kept));
  location.reload();
}

// -- the socket, with reconnection ---------------------------------------------------------

const REFUSALS = {
  4403: "This link opens no seat of this room: it is wrong, or the host has re-issued it. Ask the host for the current link.",
  4404: "There is no such room: the link is wrong.",
  4410: "This invitation was opened already, and it opens its seat once: ask the host for a new link (every seat is told when the host re-issues one).",
};

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const sent = tokens.seat || null;
  ownReissue = null;
  socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(roomId)}/socket`);
  socket.onopen = () => { retries = 0; send({ type: "auth", token: sent, host: tokens.host || null }); setConnection(true); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (event.code === 4403 && ownReissue) { ownReissue.then(connect); return; }  // the host's own seat
    if (event.code >= 4400 && event.code < 4500) { refusedLink(event); return; }
    setConnection(false);
    setTimeout(connect, Math.min(4000, 250 * 2 ** retries));
    retries += 1;
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
  return false;
}

function refusedLink(event) {
  $("conn").textContent = "not connected";
  $("conn").classList.add("off");
  document.body.dataset.connected = "refused";
  $("status").textContent = REFUSALS[event.code] || event.reason || "This link opens nothing.";
  $("status").classList.add("refused");
  if ((event.code === 4403 || event.code === 4410) && tokens.seat) {
    $("error").replaceChildren(el("button", { id: "watch-instead", text: "Watch this room instead", onclick: forgetSeat }));
  }
}

function setConnection(on) {
  $("conn").textContent = on ? "connected" : "reconnecting…";
  $("conn").classList.toggle("off", !on);
  document.body.dataset.connected = on ? "yes" : "no";
}

// A state message names its board's parts by key (`board`) and carries only the parts this
// page does not keep yet (`parts`): the board is the named parts joined. Likewise it carries
// the moves (in words and in notation) from `moves_from` on, the page keeping those before.
function boardOf(message) {
  for (const [key, part] of Object.entries(message.parts)) boardParts.set(key, part);
  const svg = message.board.map((key) => boardParts.get(key)).join("");
  boardParts = new Map(message.board.map((key) => [key, boardParts.get(key)]));
  return svg || null;
}

// An invitation is taken once: the server answers it with the seat's own token, which this
// browser keeps instead (the host who handed the invitation out never sees it).
function keepSeatToken(token) {
  tokens.seat = token;
  headers["X-Towpath-Token"] = token;
  localStorage.setItem(`towpath:room:${roomId}`, JSON.stringify(tokens));
}

function receive(message) {
  if (message.type === "seat") {
    keepSeatToken(message.token);
  } else if (message.type === "state") {
    message.svg = boardOf(message);
    movesKept = movesKept.slice(0, message.moves_from).concat(message.moves);
    message.moves = movesKept;
    logKept = logKept.slice(0, message.moves_from).concat(message.log);
    message.log = logKept;
    const fresh = !current || message.version !== current.version;
    current = message;
    if (fresh) { picks = []; turnIndex = 0; words = new Map(current.legal.map((a) => [a.action, split(a.action)])); }
    $("error").textContent = "";
    render();
    if (tokens.host && fresh) showHost();
  } else if (message.type === "presence") {
    if (current) { current.seats = message.seats; current.spectators = message.spectators; showSeats(); showStatus(); nameSeatsInBoard($("board")); }
    if (tokens.host) showHost();
  } else if (message.type === "chat") {
    showChat(message.messages);
  } else if (message.type === "refused" || message.type === "error") {
    $("error").textContent = message.message;
  }
}

async function act(notation) {
  if (!current) return;
  $("error").textContent = "";
  picks = [];
  if (send({ type: "act", version: current.version, action: notation })) return;
  const response = await fetch(`/api/rooms/${roomId}/actions`, {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ version: current.version, action: notation }),
  });
  if (!response.ok) $("error").textContent = (await response.json()).detail;
}

// -- names ---------------------------------------------------------------------------------

function nameOf(seat) {
  const info = current && current.seats[seat];
  return info && info.name ? info.name : `Seat ${seat}`;
}

// Words of the engine name seats "seat N": the page writes the player's name instead.
function named(text) {
  return text.replace(/\b[Ss]eat (\d+)('s)?/g, (_, seat, owner) => nameOf(Number(seat)) + (owner || ""));
}

function nameSeatsInBoard(box) {
  for (const span of box.querySelectorAll("[data-seat-name]")) span.textContent = nameOf(Number(span.dataset.seatName));
}

// -- picking on the board --------------------------------------------------------------------
// A legal action is found by the runs of notation words clicked on the board: those it holds
// (a run clicked twice must be there twice). One left is played; a few are offered by name;
// turns of one piece are previewed on the board and confirmed.

function runs() { return picks.map((p) => p.run); }

function mine() {
  return current && current.seat !== null && current.current_player === current.seat && current.legal.length > 0;
}

function onPick(node, index) {
  if (!current || current.over) return;
  if (!mine()) {
    const turn = current.current_player;
    $("error").textContent = current.seat === null ? "You are watching this game." : `It is ${nameOf(turn)}'s turn, not yours: the page will tell you when it is yours.`;
    return;
  }
  const outcome = pick(current.legal, words, picks, node.dataset.pick, index);
  $("error").textContent = outcome.error || "";
  if (outcome.error) return;
  picks = outcome.picks;
  turnIndex = 0;
  if (outcome.play) { act(outcome.play); return; }
  render();
}

// Targets that go on from what is picked light up ("live"); others that start afresh stay
// clickable. Every target a player may use takes keyboard focus.
function wireBoard(board) {
  const live = mine();
  const chosen = runs();
  const counts = new Map();
  const left = (extra) => {
    const key = extra.join("\n");
    if (!counts.has(key)) counts.set(key, candidates(current.legal, words, extra).length);
    return counts.get(key);
  };
  const nodes = [...board.querySelectorAll("[data-pick]")];
  nodes.forEach((node, index) => {
    node.setAttribute("tabindex", "-1");
    node.addEventListener("click", (event) => { event.stopPropagation(); onPick(node, index); });
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onPick(node, index); }
    });
    if (!live) return;
    const run = node.dataset.pick;
    const picked = picks.some((p) => p.index === index);
    const goesOn = !picked && left([...chosen, run]) > 0;
    const afresh = !picked && !goesOn && chosen.length > 0 && left([run]) > 0;
    node.classList.toggle("picked", picked);
    node.classList.toggle("live", goesOn);
    if (picked || goesOn || afresh) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
  });
}

// -- the pick panel: what is chosen, turns, offers, confirm --------------------------------

function pickedNodes() {
  const nodes = [...$("board").querySelectorAll("[data-pick]")];
  return picks.map((p) => nodes[p.index]).filter(Boolean);
}

function showPanel() {
  document.body.dataset.picks = picks.length;
  const panel = $("pick-panel");
  const open = mine() && picks.length > 0;
  panel.classList.toggle("hidden", !open);
  $("turns").classList.add("hidden");
  $("confirm").classList.add("hidden");
  $("offers").replaceChildren();
  if (!open) return;
  const chosen = runs();
  const left = candidates(current.legal, words, chosen);
  $("picked").textContent = "Chosen: " + pickedNodes().map((n) => n.getAttribute("aria-label") || n.dataset.pick).join(" · ");
  const family = turnFamily(left);
  if (family) {
    turnIndex = ((turnIndex % family.length) + family.length) % family.length;
    const action = family[turnIndex];
    $("turns").classList.remove("hidden");
    $("turn-label").textContent = `${turnIndex + 1} of ${family.length}`;
    $("turn-left").disabled = $("turn-right").disabled = family.length < 2;
    offerConfirm(action);
    preview(action);
    return;
  }
  const whole = left.filter((a) => covered(a.action, chosen));
  const offered = left.length <= OFFERED ? left : whole;
  if (!offered.length) {
    $("offers").append(el("span", { class: "muted", text: `${left.length} actions start this way: click on.` }));
    return;
  }
  for (const action of offered) {
    $("offers").append(el("button", {
      class: "offer", "data-action": action.action, onclick: () => act(action.action),
    }, el("span", { class: "offer-kind", text: action.kind }), el("span", { text: named(action.what || action.action) })));
  }
}

function offerConfirm(action) {
  const button = $("confirm");
  button.classList.remove("hidden");
  button.dataset.action = action.action;
  button.textContent = `Confirm: ${action.kind}${action.what ? ` — ${named(action.what)}` : ""}`;
}

// Draw the previewed turn: a piece put on a place (rK), or the piece to move turned (r±k).
function preview(action) {
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

function turnBy(step) {
  turnIndex += step;
  showPanel();
}

// -- drawing -----------------------------------------------------------------------------------

function drawBoard(box, svg, text) {
  if (svg) box.innerHTML = svg;
  else box.replaceChildren(el("pre", { text: text || "" }));
  sizeBoard(box);
  nameSeatsInBoard(box);
}

// A board is shown at its own size or larger (its text is at least 12 px), scrolling in its box
// on narrow screens; "fit" shows it whole.
function sizeBoard(box) {
  const svg = box.querySelector("svg");
  if (!svg) return;
  const natural = Number(svg.getAttribute("width"));
  const room = box.clientWidth || natural;
  const scale = zoom > 0 ? zoom : Math.max(1, Math.min(room / natural, 1.5));
  svg.style.width = `${Math.round(natural * scale)}px`;
  svg.style.height = "auto";
}

function setZoom(change) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const natural = Number(svg.getAttribute("width"));
  const now = svg.getBoundingClientRect().width / natural;
  if (change === "fit") zoom = Math.min(1.5, $("board").clientWidth / natural);
  else zoom = Math.max(0.4, Math.min(3, now * change));
  localStorage.setItem("towpath:zoom", String(zoom));
  sizeBoard($("board"));
  sizeBoard($("replay-board"));
}

function render() {
  const playing = mine();
  if (playing && !wasMine) notifyTurn();
  wasMine = playing;
  document.title = `${playing ? "▶ Your turn · " : ""}${current.title} · towpath`;
  $("title").textContent = `${current.title} · room ${current.room}`;
  $("rules-link").href = `/rules/${current.game}`;
  document.body.classList.toggle("your-turn", playing);
  document.body.dataset.version = current.version;
  $("seed-note").classList.toggle("hidden", current.seed_chosen !== true);
  $("side").classList.remove("hidden");
  drawBoard($("board"), current.svg, current.text);
  wireBoard($("board"));
  showPanel();
  $("undo").classList.toggle("hidden", !(playing && current.undoable));
  $("board-hint").textContent = playing ? "Click a piece, a card or a place on the board." : "";
  showStatus();
  showSeats();
  showActions();
  showLog();
  showResult();
  showFairness();
  showClock();
  $("chat-form").classList.toggle("hidden", current.seat === null);
  $("chat-note").classList.toggle("hidden", current.seat !== null);
}

function kindsInWords(legal) {
  const kinds = [...new Set(legal.map((a) => a.kind))];
  if (kinds.length <= 1) return kinds.join("");
  return `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}`;
}

function showStatus() {
  const status = $("status");
  status.classList.remove("refused");
  let said;
  if (current.over) said = "Game over.";
  else if (current.archived) said = "This room was archived: it had no action for too long. Its record stays readable.";
  else if (mine()) said = `Your turn: ${kindsInWords(current.legal)}.`;
  else {
    const turn = current.current_player;
    const away = current.seats[turn] && current.seats[turn].away;
    said = `${nameOf(turn)}'s turn${away ? " (a bot plays for them: their time ran out)" : ""}.`;
  }
  status.textContent = said;
  status.classList.toggle("mine", mine());
}

function endSentence() {
  const ending = current.ending;
  if (!ending) return "";
  const names = ending.winners.map(nameOf);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  if (ending.reason === "win") return `${list} won.`;
  if (ending.reason === "shared") return `${list} share the win.`;
  if (ending.reason === "limit") return names.length ? `Stopped at the length limit, with ${list} ahead: no winner by the rules.` : "Stopped at the length limit: no winner.";
  return "Nobody won.";
}

function notifyTurn() {
  if ($("sound").checked) beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(`Your turn in ${current.title}`);
  }
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 660;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch { /* no sound here */ }
}

function showClock() {
  const box = $("clock");
  const clock = current.clock;
  box.classList.toggle("hidden", !clock || current.over);
  if (!clock || current.over) return;
  const parts = [];
  if (clock.deadline) {
    const left = Math.max(0, Math.round(clock.deadline - Date.now() / 1000));
    const minutes = Math.floor(left / 60);
    parts.push(el("span", { class: left <= 10 ? "warning" : "", text: `⏱ ${nameOf(current.current_player)}: ${minutes}:${String(left % 60).padStart(2, "0")} left of ${clock.seconds} s a turn` }));
  } else {
    parts.push(el("span", { class: "muted", text: `Turn clock: ${clock.seconds} s a turn` }));
  }
  for (const seat of clock.away) {
    parts.push(el("span", { text: ` · a bot plays for ${nameOf(seat)}` }));
    if (seat === current.seat) parts.push(el("button", { id: "back", class: "primary small", text: "I'm back: give me my seat", onclick: () => send({ type: "back" }) }));
  }
  box.replaceChildren(...parts);
}

function showFairness() {
  const lines = [el("div", {}, el("span", { text: "Seed commitment (SHA-256): " }), el("code", { id: "seed-hash", text: current.seed_hash }))];
  if (current.seed !== null) {
    lines.push(el("div", {}, el("span", { text: "Seed: " }), el("code", { id: "seed", text: current.seed })));
    lines.push(el("div", { class: "muted", text: "Its decimal text hashes to the commitment above, and the game's record replays every shuffle from it (towpath replay)." }));
  } else {
    lines.push(el("div", { class: "muted", text: "The seed is published when the game is over, so anyone can check the shuffles." }));
  }
  if (current.seed_chosen === true) lines.push(el("div", { class: "warning", id: "seed-chosen", text: "The seed was chosen by the room's creator, who can know every secret of this game." }));
  else if (current.seed_chosen === null) lines.push(el("div", { class: "muted", text: "This room was made by an earlier server, which did not record whether the seed was chosen." }));
  $("seed-info").replaceChildren(...lines);
}

// -- the host's invitations ------------------------------------------------------------------

function copyable(label, link, id) {
  return el("li", {}, el("div", { text: label }), el("input", { readonly: "", value: link, id, onclick: (e) => e.target.select() }));
}

async function showHost() {
  const response = await fetch(`/api/rooms/${roomId}/links`, { headers: { "X-Towpath-Token": tokens.host } });
  const data = await response.json();
  $("host-box").classList.remove("hidden");
  if (!response.ok) { $("host-links").replaceChildren(el("li", { class: "error", text: data.detail })); return; }
  const items = [];
  for (const seat of data.seats) {
    const who = `Seat ${seat.seat}${seat.name ? ` (${seat.name})` : ""}`;
    if (seat.access === "invited") {
      const item = seat.link
        ? copyable(`${who}: invitation, not opened yet (it opens the seat once)`, seat.link, `host-link-${seat.seat}`)
        : el("li", {}, el("div", { text: seat.by_host ? `${who}: opened by you, the host` : `${who}: opened by its player; their link is theirs alone` }));
      item.append(el("button", { class: "small", "data-reissue": seat.seat, text: "Re-issue (the old link stops working; every seat is told)", onclick: () => reissue(seat.seat) }));
      items.push(item);
    } else {
      items.push(el("li", { text: `${who}: open seat, ${seat.claimed ? "joined from the lobby" : "nobody has joined yet"}` }));
    }
  }
  items.push(copyable("Spectator link: anyone may watch", data.spectate, "host-link-spectate"));
  items.push(copyable("Host link: shows these links again; keep it private", data.host, "host-link-host"));
  $("host-links").replaceChildren(...items);
}

function reissue(seat) {
  const own = seat === current?.seat && tokens.seat;
  const done = (async () => {
    const response = await fetch(`/api/rooms/${roomId}/seats/${seat}/link`, { method: "POST", headers: { "X-Towpath-Token": tokens.host } });
    const data = await response.json();
    if (!response.ok) { $("error").textContent = data.detail; return; }
    if (own) keepSeatToken(data.token);
    showHost();
  })();
  if (own) ownReissue = done;
}

// -- seats, actions, log, chat ----------------------------------------------------------------

function seatKind(info) {
  if (info.kind === "bot") return `bot (${info.agent})`;
  const told = [];
  if (info.away) told.push("away: a bot plays for them");
  else if (info.access === "open") told.push(info.claimed ? "joined" : "open seat");
  else told.push(info.claimed ? "invited" : "invited, not arrived yet");
  if (info.by_host) told.push("opened by the host");
  if (info.reissued) told.push(`link re-issued by the host${info.reissued > 1 ? ` ${info.reissued} times` : ""}`);
  return told.join(" · ");
}

function showSeats() {
  const list = $("seats");
  list.replaceChildren();
  const scores = current.over && current.result ? current.result.scores : current.view.scores;
  for (const info of current.seats) {
    const bits = [el("span", { class: `dot ${info.connected ? "on" : ""}`, title: info.connected ? "here" : "away", text: info.connected ? "●" : "○" }),
      el("span", { class: "seat-name", text: `${info.seat}. ${info.name || "(open)"}` }),
      el("span", { class: "muted", text: seatKind(info) })];
    if (Array.isArray(scores)) bits.push(el("span", { class: "score", text: `· score ${scores[info.seat]}` }));
    if (info.seat === current.current_player && !current.over) bits.push(el("span", { class: "turn-mark", text: "◀ to play" }));
    list.append(el("li", { "data-seat": info.seat }, ...bits));
  }
  const seated = current.seat !== null;
  const others = (current.spectators || 0) - (seated ? 0 : 1);  // spectators besides you
  const watching = others > 0 ? ` ${others} ${seated ? "" : "other "}spectator${others > 1 ? "s" : ""} watching.` : "";
  $("you").textContent = (seated ? `You are seat ${current.seat}.` : "You are watching.") + watching;
  $("name-form").classList.toggle("hidden", !seated);
  if (seated && document.activeElement !== $("my-name")) $("my-name").value = current.seats[current.seat].name;
  $("my-link").classList.toggle("hidden", !seated);
  if (seated) $("my-link-input").value = `${location.origin}/room/${roomId}#seat=${tokens.seat}`;
  $("rematch-box").classList.toggle("hidden", !current.over || !seated);
}

// The legal actions as a list, grouped by kind, never more than a screenful.
function showActions() {
  $("actions-box").classList.toggle("hidden", current.seat === null || current.over || !current.legal.length);
  $("action-count").textContent = current.legal.length;
  const filter = $("action-filter").value.trim().toLowerCase();
  const matching = current.legal.filter((a) => !filter || `${a.kind} ${a.what} ${a.action}`.toLowerCase().includes(filter));
  const groups = new Map();
  for (const action of matching) {
    if (!groups.has(action.kind)) groups.set(action.kind, []);
    groups.get(action.kind).push(action);
  }
  const box = $("legal");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.kind));
  box.replaceChildren();
  let shown = 0;
  for (const [kind, actions] of groups) {
    const group = el("details", { "data-kind": kind }, el("summary", { text: `${kind} (${actions.length})` }));
    if (open.has(kind) || groups.size === 1 || filter) group.open = true;
    const room = Math.min(GROUP_SHOWN, LIST_SHOWN - shown);
    for (const action of actions.slice(0, Math.max(0, room))) {
      group.append(el("button", { class: "action", "data-action": action.action, onclick: () => act(action.action) },
        el("span", { text: named(action.what || action.action) }), el("code", { text: action.action })));
    }
    shown += Math.min(actions.length, Math.max(0, room));
    if (actions.length > room) group.append(el("p", { class: "muted", text: `${actions.length - Math.max(0, room)} more: type above to narrow.` }));
    box.append(group);
  }
  if (!matching.length && current.legal.length) box.append(el("p", { class: "muted", text: "Nothing matches." }));
  $("notation-help").textContent = current.notation_help;
}

function showLog() {
  const list = $("log");
  const moves = current.moves;
  list.replaceChildren(...moves.map((move, k) => el("li", { class: k === moves.length - 1 ? "last" : "", "data-notation": current.log[k] || "" },
    el("strong", { text: move.seat === null ? "" : nameOf(move.seat) }), ` ${move.did} ${named(move.what)}`)));
  list.scrollTop = list.scrollHeight;
}

function showChat(messages) {
  const list = $("chat");
  for (const line of messages) {
    const at = new Date(line.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    list.append(el("li", {}, el("span", { class: "muted", text: `${at} ` }), el("strong", { text: line.name }), `: ${line.text}`));
  }
  while (list.children.length > 100) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function showResult() {
  const box = $("result");
  box.classList.toggle("hidden", !current.over);
  $("replay").classList.toggle("hidden", !current.over && !current.archived);
  if (!current.over) return;
  const ending = current.ending;
  const scores = current.result.scores.map((s, seat) => el("li", {}, el("strong", { text: nameOf(seat) }), `: score ${s}`));
  box.replaceChildren(
    el("div", { class: "result-head", text: endSentence() }),
    el("div", { class: "muted", text: ending ? ending.how : "" }),
    el("ul", { class: "scores" }, ...scores),
    el("div", { class: "muted", text: "Nothing is hidden any more: the board shows everything." }),
  );
  box.dataset.reason = ending ? ending.reason : "";
  const steps = current.moves.length;
  const slider = $("replay-step");
  if (slider.max !== String(steps)) {
    slider.max = steps;
    showReplay(steps);
  }
}

// -- replay ------------------------------------------------------------------------------------

async function showReplay(step) {
  const steps = current.moves.length;
  replayStep = Math.max(0, Math.min(step, steps));
  const response = await fetch(`/api/rooms/${roomId}/replay?step=${replayStep}`, { headers });
  const data = await response.json();
  if (!response.ok) { $("replay-label").textContent = data.detail; return; }
  $("replay-step").value = data.step;
  const move = data.step ? data.moves[data.step - 1] : null;
  const said = move ? `${move.seat === null ? "" : nameOf(move.seat)} ${move.did} ${named(move.what)}` : "the start";
  $("replay-label").textContent = `step ${data.step} of ${data.steps} · ${said}`;
  drawBoard($("replay-board"), data.svg, data.text);
}

function wireReplay() {
  $("replay-first").onclick = () => showReplay(0);
  $("replay-back").onclick = () => showReplay(replayStep - 1);
  $("replay-next").onclick = () => showReplay(replayStep + 1);
  $("replay-last").onclick = () => showReplay(current.moves.length);
  $("replay-step").oninput = (event) => showReplay(Number(event.target.value));
}

async function rematch() {
  let link = null;
  const fragments = [];
  for (const [role, token] of [["seat", tokens.seat], ["host", tokens.host]]) {
    if (!token) continue;
    const response = await fetch(`/api/rooms/${roomId}/rematch`, { method: "POST", headers: { "X-Towpath-Token": token } });
    const data = await response.json();
    if (!response.ok) { $("error").textContent = data.detail; return; }
    link = data.link.split("#")[0];
    if (data.link.includes("#")) fragments.push(data.link.split("#")[1]);
  }
  location.href = fragments.length ? `${link}#${fragments.join("&")}` : link;
}

// -- wiring ------------------------------------------------------------------------------------

$("notation-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (text) { act(text); $("notation").value = ""; }
});
$("action-filter").addEventListener("input", () => { if (current) showActions(); });
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
$("undo").addEventListener("click", () => send({ type: "undo", version: current.version }));
$("confirm").addEventListener("click", () => act($("confirm").dataset.action));
$("cancel").addEventListener("click", () => { picks = []; render(); });
$("turn-left").addEventListener("click", () => turnBy(-1));
$("turn-right").addEventListener("click", () => turnBy(1));
$("zoom-in").addEventListener("click", () => setZoom(1.25));
$("zoom-out").addEventListener("click", () => setZoom(0.8));
$("zoom-fit").addEventListener("click", () => setZoom("fit"));
$("sound").checked = localStorage.getItem("towpath:sound") === "on";
$("sound").addEventListener("change", () => {
  localStorage.setItem("towpath:sound", $("sound").checked ? "on" : "off");
  if ($("sound").checked && "Notification" in window && Notification.permission === "default") Notification.requestPermission();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && picks.length) { picks = []; render(); }
});
window.addEventListener("resize", () => { sizeBoard($("board")); sizeBoard($("replay-board")); });
setInterval(() => { if (current && current.clock) showClock(); }, 1000);
$("rematch").addEventListener("click", rematch);
wireReplay();
connect();
