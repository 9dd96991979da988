// The game page: one socket per page, pushing this seat's view; clicks become actions.
const $ = (id) => document.getElementById(id);
const roomId = decodeURIComponent(location.pathname.split("/").pop());
const tokens = takeTokens();
const headers = tokens.seat ? { "X-Towpath-Token": tokens.seat } : {};
let current = null;   // the last state message
let picks = [];       // the notation runs clicked so far
let socket = null;
let retries = 0;
let replayStep = 0;
let ownReissue = null;  // the host re-issuing their own seat's link: the socket reconnects with it

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
};

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const sent = tokens.seat || null;
  ownReissue = null;
  socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(roomId)}/socket`);
  socket.onopen = () => { retries = 0; socket.send(JSON.stringify({ type: "auth", token: sent })); setConnection(true); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (event.code === 4403 && ownReissue) { ownReissue.then(connect); return; }  // the host's own seat
    if (event.code >= 4400 && event.code < 4500) { refusedLink(event); return; }
    setConnection(false);
    setTimeout(connect, Math.min(4000, 250 * 2 ** retries));
    retries += 1;
  };
}

function refusedLink(event) {
  $("conn").textContent = "not connected";
  $("conn").classList.add("off");
  document.body.dataset.connected = "refused";
  $("status").textContent = REFUSALS[event.code] || event.reason || "This link opens nothing.";
  $("status").classList.add("refused");
  if (event.code === 4403 && tokens.seat) {
    $("error").replaceChildren(el("button", { id: "watch-instead", text: "Watch this room instead", onclick: forgetSeat }));
  }
}

function setConnection(on) {
  $("conn").textContent = on ? "connected" : "reconnecting…";
  $("conn").classList.toggle("off", !on);
  document.body.dataset.connected = on ? "yes" : "no";
}

function receive(message) {
  if (message.type === "state") {
    const fresh = !current || message.version !== current.version;
    current = message;
    if (fresh) picks = [];
    $("error").textContent = "";
    render();
    if (tokens.host && fresh) showHost();
  } else if (message.type === "presence") {
    if (current) { current.seats = message.seats; showSeats(); }
    if (tokens.host) showHost();
  } else if (message.type === "refused" || message.type === "error") {
    $("error").textContent = message.message;
  }
}

async function act(notation) {
  if (!current) return;
  $("error").textContent = "";
  const message = { type: "act", version: current.version, action: notation };
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return; }
  const response = await fetch(`/api/rooms/${roomId}/actions`, {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ version: current.version, action: notation }),
  });
  if (!response.ok) $("error").textContent = (await response.json()).detail;
}

// -- picking on the board --------------------------------------------------------------------

function words(text) { return text.trim().split(/\s+/); }

function hasRun(notation, run) {
  const all = words(notation); const part = words(run);
  for (let i = 0; i + part.length <= all.length; i += 1) {
    if (part.every((w, k) => all[i + k] === w)) return true;
  }
  return false;
}

function candidates(chosen) {
  return current.legal.filter((a) => chosen.every((run) => hasRun(a.action, run)));
}

function onPick(run) {
  if (!current.legal.length) return;
  let next = [...picks, run];
  if (!candidates(next).length) next = [run];
  const left = candidates(next);
  if (!left.length) { $("error").textContent = `nothing legal for ${run}`; return; }
  if (left.length === 1) { picks = []; act(left[0].action); return; }
  picks = next;
  render();
}

function wireBoard(board) {
  const live = current.legal.length > 0;
  for (const node of board.querySelectorAll("[data-pick]")) {
    const run = node.dataset.pick;
    const usable = live && candidates([...picks, run]).length + candidates([run]).length > 0;
    node.classList.toggle("live", usable);
    node.classList.toggle("picked", picks.includes(run));
    if (usable) node.addEventListener("click", (event) => { event.stopPropagation(); onPick(run); });
  }
}

// -- drawing -----------------------------------------------------------------------------------

function drawBoard(box, svg, text) {
  if (svg) box.innerHTML = svg;
  else box.replaceChildren(el("pre", { text: text || "" }));
}

function seatLabel(seat) {
  const info = current.seats[seat];
  return info ? `${info.name} (seat ${seat})` : `seat ${seat}`;
}

function render() {
  document.title = `${current.title} · towpath`;
  $("title").textContent = `${current.title} · room ${current.room}`;
  const mine = current.seat !== null && current.current_player === current.seat;
  document.body.classList.toggle("your-turn", mine && current.legal.length > 0);
  document.body.dataset.version = current.version;
  let status;
  if (current.over) status = "Game over.";
  else if (current.archived) status = "This room was archived: it had no action for too long. Its record stays readable.";
  else if (mine) status = "Your turn.";
  else status = `Waiting for ${seatLabel(current.current_player)}.`;
  $("status").textContent = status;
  $("status").classList.toggle("mine", mine);
  $("seed-note").classList.toggle("hidden", current.seed_chosen !== true);
  $("side").classList.remove("hidden");
  drawBoard($("board"), current.svg, current.text);
  wireBoard($("board"));
  showSeats();
  showActions(mine);
  showLog();
  showResult();
  showFairness();
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
    if (seat.link) {
      const item = copyable(`${who}: invitation${seat.claimed ? ", opened" : ", not opened yet"}`, seat.link, `host-link-${seat.seat}`);
      item.append(el("button", { class: "small", "data-reissue": seat.seat, text: "Re-issue (the old link stops working)", onclick: () => reissue(seat.seat) }));
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
    if (own) {
      tokens.seat = data.token;
      headers["X-Towpath-Token"] = data.token;
      localStorage.setItem(`towpath:room:${roomId}`, JSON.stringify(tokens));
    }
    showHost();
  })();
  if (own) ownReissue = done;
}

function seatKind(info) {
  if (info.kind === "bot") return info.agent;
  if (info.access === "open") return info.claimed ? "person (joined)" : "open seat";
  return info.claimed ? "person (invited)" : "invited, not arrived yet";
}

function showSeats() {
  const list = $("seats");
  list.replaceChildren();
  const scores = current.over && current.result ? current.result.scores : current.view.scores;
  for (const info of current.seats) {
    const bits = [el("span", { class: `dot ${info.connected ? "on" : ""}`, title: info.connected ? "connected" : "away" }),
      el("span", { text: `${info.seat}. ${info.name}` }),
      el("span", { class: "muted", text: seatKind(info) })];
    if (Array.isArray(scores)) bits.push(el("span", { class: "score", text: `· ${scores[info.seat]}` }));
    if (info.seat === current.current_player && !current.over) bits.push(el("span", { class: "turn-mark", text: "◀ to play" }));
    list.append(el("li", { "data-seat": info.seat }, ...bits));
  }
  $("you").textContent = current.seat === null ? "You are watching." : `You are seat ${current.seat}.`;
  $("my-link").classList.toggle("hidden", current.seat === null);
  if (current.seat !== null) $("my-link-input").value = `${location.origin}/room/${roomId}#seat=${tokens.seat}`;
  $("rematch-box").classList.toggle("hidden", !current.over || current.seat === null);
}

function showActions(mine) {
  $("actions-box").classList.toggle("hidden", current.seat === null || current.over);
  const chosen = picks.length ? candidates(picks) : current.legal;
  $("picks").textContent = picks.length ? `Chosen: ${picks.join(" + ")} — pick one below or click on.` : (mine ? "Click on the board, or choose below." : "");
  const list = $("legal");
  list.replaceChildren();
  for (const action of chosen) {
    list.append(el("li", {}, el("button", { "data-action": action.action, onclick: () => act(action.action) },
      el("span", { class: "notation", text: action.action }), el("span", { class: "what", text: action.description }))));
  }
  $("notation-help").textContent = current.notation_help;
}

function showLog() {
  const list = $("log");
  list.replaceChildren(...current.log.map((entry) => el("li", { text: entry })));
  list.scrollTop = list.scrollHeight;
}

function showResult() {
  const box = $("result");
  box.classList.toggle("hidden", !current.over);
  $("replay").classList.toggle("hidden", !current.over);
  if (!current.over) return;
  const returns = current.result.returns;
  const best = Math.max(...returns);
  const winners = returns.map((r, seat) => (r === best && best > 0 ? seat : null)).filter((s) => s !== null);
  const scores = current.result.scores.map((s, seat) => `${seatLabel(seat)}: ${s}`).join(" · ");
  box.textContent = (winners.length ? `Won by ${winners.map(seatLabel).join(" and ")}. ` : "No winner. ") + `Scores: ${scores}`;
  const slider = $("replay-step");
  if (slider.max !== String(current.version)) {
    slider.max = current.version;
    showReplay(current.version);
  }
}

// -- replay ------------------------------------------------------------------------------------

async function showReplay(step) {
  replayStep = Math.max(0, Math.min(step, current.version));
  const response = await fetch(`/api/rooms/${roomId}/replay?step=${replayStep}`, { headers });
  const data = await response.json();
  if (!response.ok) { $("replay-label").textContent = data.detail; return; }
  $("replay-step").value = data.step;
  $("replay-label").textContent = `step ${data.step} of ${data.steps}` + (data.action ? ` · ${data.action}` : " · the start");
  drawBoard($("replay-board"), data.svg, data.text);
}

function wireReplay() {
  $("replay-first").onclick = () => showReplay(0);
  $("replay-back").onclick = () => showReplay(replayStep - 1);
  $("replay-next").onclick = () => showReplay(replayStep + 1);
  $("replay-last").onclick = () => showReplay(current.version);
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

$("notation-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (text) { act(text); $("notation").value = ""; }
});
$("rematch").addEventListener("click", rematch);
wireReplay();
connect();
