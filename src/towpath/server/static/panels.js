// The panels beside the board: the status, the turn clock, the seats and the host's links, the
// legal actions as a list, the log and the chat, the result and the replay of a finished game.
import { $, el, say } from "./dom.js";
import { language, t, tn } from "./i18n.js";
import { drawBoard } from "./board.js";
import { act, phone, reconnectWith, send } from "./connection.js";
import { headers, keepSeatToken, roomId, tokens } from "./link.js";
import { botPlays, mine, nameOf, named, seatNumber, table } from "./table.js";

const GROUP_SHOWN = 12;  // actions shown per kind in the list before one narrows it
const LIST_SHOWN = 40;   // actions the list shows at most
let replayStep = 0;
// The bots of a seat's kind in the reader's words: the levels and a lesson's guide.
const BOTS = { easy: t("easy"), normal: t("normal"), hard: t("hard"), guide: t("guide") };

function scoreWords(score) {
  return tn("score {count}", "score {count}", score);
}

export function showStatus() {
  const status = $("status");
  status.classList.remove("refused");
  let said;
  if (table.current.over) said = t("Game over.");
  else if (table.current.archived) said = t("This room was archived: it had no action for too long. Its record stays readable.");
  else if (mine()) said = t("Your turn: {kinds}.", { kinds: kindsInWords(table.current.legal) });
  else {
    const turn = table.current.current_player;
    const away = table.current.seats[turn] && table.current.seats[turn].away;
    if (away) said = t("{name}'s turn: a bot plays for them (their time ran out) and is thinking…", { name: nameOf(turn) });
    else if (botPlays(turn)) said = t("{name} is thinking…", { name: nameOf(turn) });
    else said = t("{name}'s turn.", { name: nameOf(turn) });
  }
  status.textContent = said;
  status.classList.toggle("mine", mine());
}

// The kinds of move open to the player; past three, the first two and how many more (the
// buttons under the board name them all), so that the status stays a line or two on a phone.
function kindsInWords(legal) {
  const kinds = [...new Set(legal.map((a) => a.kind))];
  if (kinds.length <= 1) return kinds.join("");
  if (kinds.length > 3) return t("{list} or {count} other options", { list: kinds.slice(0, 2).join(", "), count: kinds.length - 2 });
  return t("{list} or {last}", { list: kinds.slice(0, -1).join(", "), last: kinds[kinds.length - 1] });
}

function endSentence() {
  const ending = table.current.ending;
  if (!ending) return "";
  const names = ending.winners.map(nameOf);
  const list = names.length > 1 ? t("{list} and {last}", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] }) : names[0];
  if (ending.reason === "win") return names.length > 1 ? t("{names} won.", { names: list }) : t("{name} won.", { name: list });
  if (ending.reason === "shared") return t("{names} share the win.", { names: list });
  if (ending.reason === "limit") return names.length ? t("Stopped at the length limit, with {names} ahead: no winner by the rules.", { names: list }) : t("Stopped at the length limit: no winner.");
  return t("Nobody won.");
}

export function notifyTurn() {
  if ($("sound").checked) beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("Your turn in {game}", { game: table.current.title }));
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

export function showClock() {
  const box = $("clock");
  const clock = table.current.clock;
  box.classList.toggle("hidden", !clock || table.current.over);
  if (!clock || table.current.over) return;
  const parts = [];
  if (clock.deadline) {
    const left = Math.max(0, Math.round(clock.deadline - Date.now() / 1000));
    const minutes = Math.floor(left / 60);
    parts.push(el("span", { class: left <= 10 ? "warning" : "", text: t("⏱ {name}: {time} left of {seconds} s a turn", { name: nameOf(table.current.current_player), time: `${minutes}:${String(left % 60).padStart(2, "0")}`, seconds: clock.seconds }) }));
  } else {
    parts.push(el("span", { class: "muted", text: t("Turn clock: {seconds} s a turn", { seconds: clock.seconds }) }));
  }
  for (const seat of clock.away) {
    parts.push(el("span", { text: " · " + t("a bot plays for {name}", { name: nameOf(seat) }) }));
    if (seat === table.current.seat) parts.push(el("button", { id: "back", class: "primary small", text: t("I'm back: give me my seat"), onclick: () => send({ type: "back" }) }));
  }
  box.replaceChildren(...parts);
}

export function showFairness() {
  const lines = [el("div", {}, el("span", { text: t("Seed commitment (SHA-256):") + " " }), el("code", { id: "seed-hash", text: table.current.seed_hash }))];
  if (table.current.seed !== null) {
    lines.push(el("div", {}, el("span", { text: t("Seed:") + " " }), el("code", { id: "seed", text: table.current.seed })));
    lines.push(el("div", { class: "muted", text: t("Its decimal text hashes to the commitment above, and the game's record replays every shuffle from it (towpath replay).") }));
  } else {
    lines.push(el("div", { class: "muted", text: t("The seed is published when the game is over, so anyone can check the shuffles.") }));
  }
  if (table.current.seed_chosen === true) lines.push(el("div", { class: "warning", id: "seed-chosen", text: t("The seed was chosen by the room's creator, who can know every secret of this game.") }));
  else if (table.current.seed_chosen === null) lines.push(el("div", { class: "muted", text: t("This room was made by an earlier server, which did not record whether the seed was chosen.") }));
  $("seed-info").replaceChildren(...lines);
}

function copyable(label, link, id) {
  return el("li", {}, el("div", { text: label }), el("input", { readonly: "", value: link, id, onclick: (e) => e.target.select() }));
}

export async function showHost() {
  const response = await fetch(`/api/rooms/${roomId}/links`, { headers: { "X-Towpath-Token": tokens.host } });
  const data = await response.json();
  $("host-box").classList.remove("hidden");
  if (!response.ok) { $("host-links").replaceChildren(el("li", { class: "error", text: data.detail })); return; }
  const items = [];
  for (const seat of data.seats) {
    const who = seat.name ? t("Seat {n} ({name})", { n: seatNumber(seat.seat), name: seat.name }) : t("Seat {n}", { n: seatNumber(seat.seat) });
    if (seat.access === "invited") {
      const item = seat.link
        ? copyable(t("{seat}: invitation, not opened yet (it opens the seat once)", { seat: who }), seat.link, `host-link-${seat.seat}`)
        : el("li", {}, el("div", { text: seat.by_host ? t("{seat}: opened by you, the host", { seat: who }) : t("{seat}: opened by its player; their link is theirs alone", { seat: who }) }));
      item.append(el("button", { class: "small", "data-reissue": seat.seat, text: t("Re-issue (the old link stops working; every seat is told)"), onclick: () => reissue(seat.seat) }));
      items.push(item);
    } else {
      items.push(el("li", { text: seat.claimed ? t("{seat}: open seat, joined from the lobby", { seat: who }) : t("{seat}: open seat, nobody has joined yet", { seat: who }) }));
    }
  }
  items.push(copyable(t("Spectator link: anyone may watch"), data.spectate, "host-link-spectate"));
  items.push(copyable(t("Host link: shows these links again; keep it private"), data.host, "host-link-host"));
  $("host-links").replaceChildren(...items);
}

function reissue(seat) {
  const own = seat === table.current?.seat && tokens.seat;
  const done = (async () => {
    const response = await fetch(`/api/rooms/${roomId}/seats/${seat}/link`, { method: "POST", headers: { "X-Towpath-Token": tokens.host } });
    const data = await response.json();
    if (!response.ok) { say(data.detail); return; }
    if (own) keepSeatToken(data.token);
    showHost();
  })();
  if (own) reconnectWith(done);
}

function seatKind(info) {
  if (info.kind === "bot") return t("bot ({agent})", { agent: BOTS[info.agent] || info.agent });
  const told = [];
  if (info.away) told.push(t("away: a bot plays for them"));
  else if (info.access === "open") told.push(info.claimed ? t("joined") : t("open seat"));
  else told.push(info.claimed ? t("invited") : t("invited, not arrived yet"));
  if (info.by_host) told.push(t("opened by the host"));
  if (info.reissued) told.push(info.reissued > 1 ? t("link re-issued by the host {times} times", { times: info.reissued }) : t("link re-issued by the host"));
  return told.join(" · ");
}

export function showSeats() {
  const list = $("seats");
  list.replaceChildren();
  const scores = table.current.over && table.current.result ? table.current.result.scores : table.current.view.scores;
  for (const info of table.current.seats) {
    const head = [el("span", { class: `dot ${info.connected ? "on" : ""}`, title: info.connected ? t("here") : t("away"), text: info.connected ? "●" : "○" }),
      el("span", { class: "seat-name", text: seatNumber(info.seat) + ". " + (info.name || t("(open)")) })];
    if (info.seat === table.current.current_player && !table.current.over) {
      const thinking = botPlays(info.seat);
      head.push(el("span", { class: `turn-mark${thinking ? " thinking" : ""}`, text: thinking ? t("◀ thinking…") : t("◀ to play") }));
    }
    if (Array.isArray(scores)) head.push(el("span", { class: "score", text: scoreWords(scores[info.seat]) }));
    list.append(el("li", { "data-seat": info.seat }, el("div", { class: "seat-head" }, ...head),
      el("div", { class: "muted seat-kind", text: seatKind(info) })));
  }
  const seated = table.current.seat !== null;
  const others = (table.current.spectators || 0) - (seated ? 0 : 1);  // spectators besides you
  let watching = "";
  if (others > 0 && seated) watching = " " + tn("{count} spectator watching.", "{count} spectators watching.", others);
  else if (others > 0) watching = " " + tn("{count} other spectator watching.", "{count} other spectators watching.", others);
  $("you").textContent = (seated ? t("You are seat {n}.", { n: seatNumber(table.current.seat) }) : t("You are watching.")) + watching;
  $("name-form").classList.toggle("hidden", !seated);
  if (seated && document.activeElement !== $("my-name")) $("my-name").value = table.current.seats[table.current.seat].name;
  $("my-link").classList.toggle("hidden", !seated);
  if (seated) $("my-link-input").value = `${location.origin}/room/${roomId}#seat=${tokens.seat}`;
  $("rematch-box").classList.toggle("hidden", !table.current.over || !seated);
}

// The legal actions as a list, grouped by kind, never more than a screenful.
export function showActions() {
  $("actions-box").classList.toggle("hidden", table.current.seat === null || table.current.over || !table.current.legal.length);
  $("action-count").textContent = table.current.legal.length;
  const filter = $("action-filter").value.trim().toLowerCase();
  const matching = table.current.legal.filter((a) => !filter || `${a.kind} ${a.what} ${a.action}`.toLowerCase().includes(filter));
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
        el("span", { text: named(action.what || action.kind) }), el("code", { text: action.action })));
    }
    shown += Math.min(actions.length, Math.max(0, room));
    if (actions.length > room) group.append(el("p", { class: "muted", text: tn("{count} more: type above to narrow.", "{count} more: type above to narrow.", actions.length - Math.max(0, room)) }));
    box.append(group);
  }
  if (!matching.length && table.current.legal.length) box.append(el("p", { class: "muted", text: t("Nothing matches.") }));
  $("notation-help").textContent = table.current.notation_help;
}

// A move in words, as the log and the summary say it: its player's name, then what they did.
function moveWords(move) {
  return [el("strong", { text: move.seat === null ? "" : nameOf(move.seat) }), ` ${move.did} ${named(move.what)}`];
}

// When it becomes your turn: what the others did since your last move, in words.
export function showSince() {
  const moves = table.current.moves;
  let mine = moves.length - 1;
  while (mine >= 0 && moves[mine].seat !== table.current.seat) mine -= 1;
  const since = moves.slice(mine + 1).filter((move) => move.seat !== table.current.seat);
  $("since").classList.toggle("hidden", mine < 0 || !since.length);
  $("since-moves").replaceChildren(...since.map((move) => el("li", {},
    ...moveWords(move))));
}

export function hideSince() { $("since").classList.add("hidden"); }

export function showLog() {
  const list = $("log");
  const moves = table.current.moves;
  list.replaceChildren(...moves.map((move, k) => el("li", { class: k === moves.length - 1 ? "last" : "", "data-notation": table.current.log[k] || "" },
    ...moveWords(move))));
  list.scrollTop = list.scrollHeight;
}

export function showChat(messages) {
  const list = $("chat");
  for (const line of messages) {
    const at = new Date(line.at * 1000).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" });
    list.append(el("li", {}, el("span", { class: "muted", text: `${at} ` }), el("strong", { text: line.name }), `: ${line.text}`));
  }
  while (list.children.length > 100) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

export function showResult() {
  const box = $("result");
  box.classList.toggle("hidden", !table.current.over);
  $("replay").classList.toggle("hidden", !table.current.over && !table.current.archived);
  $("replay-secrets").classList.toggle("hidden", !table.current.hidden_information);
  if (!table.current.over) return;
  const ending = table.current.ending;
  const scores = (table.current.result.scores || []).map((s, seat) => el("li", {}, el("strong", { text: nameOf(seat) }), `: ${scoreWords(s)}`));
  box.replaceChildren(
    el("div", { class: "result-head", text: endSentence() }),
    el("div", { class: "muted", text: ending ? ending.how : "" }),
    el("ul", { class: "scores" }, ...scores),
    ...(table.current.hidden_information ? [el("div", { class: "muted", text: t("Nothing is hidden any more: the board shows everything.") })] : []),
  );
  box.dataset.reason = ending ? ending.reason : "";
  const steps = table.current.moves.length;
  const slider = $("replay-step");
  if (slider.max !== String(steps)) {
    slider.max = steps;
    showReplay(steps);
  }
}

async function showReplay(step) {
  const steps = table.current.moves.length;
  replayStep = Math.max(0, Math.min(step, steps));
  const response = await fetch(`/api/rooms/${roomId}/replay?step=${replayStep}&narrow=${phone.matches}`, { headers });
  const data = await response.json();
  if (!response.ok) { $("replay-label").textContent = data.detail; return; }
  $("replay-step").value = data.step;
  const move = data.step ? data.moves[data.step - 1] : null;
  const said = move ? `${move.seat === null ? "" : nameOf(move.seat)} ${move.did} ${named(move.what)}` : t("the start");
  $("replay-label").textContent = t("step {step} of {steps} · {move}", { step: data.step, steps: data.steps, move: said });
  drawBoard($("replay-board"), data.svg, data.text);
}

export function wireReplay() {
  $("replay-first").onclick = () => showReplay(0);
  $("replay-back").onclick = () => showReplay(replayStep - 1);
  $("replay-next").onclick = () => showReplay(replayStep + 1);
  $("replay-last").onclick = () => showReplay(table.current.moves.length);
  $("replay-step").oninput = (event) => showReplay(Number(event.target.value));
}

export async function rematch() {
  let link = null;
  const fragments = [];
  for (const [role, token] of [["seat", tokens.seat], ["host", tokens.host]]) {
    if (!token) continue;
    const response = await fetch(`/api/rooms/${roomId}/rematch`, { method: "POST", headers: { "X-Towpath-Token": token } });
    const data = await response.json();
    if (!response.ok) { say(data.detail); return; }
    link = data.link.split("#")[0];
    if (data.link.includes("#")) fragments.push(data.link.split("#")[1]);
  }
  location.href = fragments.length ? `${link}#${fragments.join("&")}` : link;
}
