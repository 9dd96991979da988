// The home page: the games, the new-game form and the open rooms.
import { $, el } from "./dom.js";
import { languageMenu, t, tn, translate } from "./i18n.js";

translate();
languageMenu($("language"));

let catalogue = { games: [], bots: [] };

function chosenGame() {
  return catalogue.games.find((g) => g.id === $("game").value);
}

const CLOCKS = [[null, t("no clock")], [30, t("30 seconds a turn")], [60, t("1 minute a turn")], [120, t("2 minutes a turn")],
  [300, t("5 minutes a turn")], [900, t("15 minutes a turn")], [3600, t("1 hour a turn")], [86400, t("1 day a turn")]];
// The bot levels as the seat menu offers them (other bots go by their own names).
const BOTS = {
  easy: t("easy bot"), normal: t("normal bot"), hard: t("hard bot"),
  greedy: t("greedy bot"), mcts: t("search bot (MCTS)"), playout: t("playout bot"), random: t("random bot"),
};
const botName = (name) => BOTS[name] || t("{name} bot", { name });

function showGames() {
  const box = $("games");
  box.replaceChildren();
  for (const game of catalogue.games) {
    const card = el("article", { class: "game-card", "data-game": game.id },
      el("img", { src: game.picture, alt: t("the board of {game}", { game: game.title }), loading: "lazy" }),
      el("div", { class: "card-body" },
        el("h3", { text: game.title }),
        el("p", { text: game.blurb }),
        el("div", { class: "muted", text: t("{low}–{high} players · {time}", { low: game.min_players, high: game.max_players, time: game.play_time }) }),
        el("div", { class: "card-buttons" },
          el("button", { class: "primary", type: "button", "data-quick": game.id, text: t("Play against bots"), title: t("you and normal bots, at once"), onclick: () => playAgainstBots(game) }),
          game.lesson ? el("button", { type: "button", "data-learn": game.id, text: t("Learn to play"), title: t("a short prepared game against a guide, explained move by move"), onclick: () => learn(game) }) : "",
          el("button", { type: "button", "data-choose": game.id, text: t("Set up a table"), onclick: () => choose(game.id, true) }),
          el("a", { class: "button", href: game.rules, text: t("Rules") }))));
    box.append(card);
    $("game").append(el("option", { value: game.id, text: game.title }));
  }
  for (const [seconds, label] of CLOCKS) $("clock").append(el("option", { value: seconds === null ? "" : seconds, text: label }));
}

// One click to a game: you and the game's usual number of players in normal bots, unlisted.
function playAgainstBots(game) {
  const bots = Array.from({ length: game.default_players - 1 }, () => ({ kind: "bot", agent: "normal" }));
  openRoom(game, { game: game.id, players: game.default_players, seats: [{ kind: "human" }, ...bots], listed: false });
}

// The game's lesson: its prepared table, you against its guide.
function learn(game) {
  const { players, options, seed } = game.lesson;
  const guides = Array.from({ length: players - 1 }, (_, k) => ({ kind: "bot", agent: "guide", name: players > 2 ? t("Guide {n}", { n: k + 1 }) : t("Guide") }));
  openRoom(game, { game: game.id, players, options, seed, seats: [{ kind: "human" }, ...guides], listed: false });
}

async function openRoom(game, body) {
  const response = await fetch("/api/rooms", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("games-error").textContent = `${game.title}: ${describeError(data)}`; return; }
  location.assign(data.link);
}

function choose(gameId, scroll = false) {
  $("game").value = gameId;
  $("form-error").textContent = "";
  // The card is outlined once someone chose it (not for the form's first game at load).
  document.querySelectorAll(".game-card").forEach((c) => c.classList.toggle("chosen", scroll && c.dataset.game === gameId));
  const game = chosenGame();
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = game.default_players;
  showOptions(game);
  showSeats();
  if (scroll) $("new-game").scrollIntoView({ behavior: "smooth", block: "start" });
}

function showOptions(game) {
  const box = $("options");
  box.replaceChildren();
  for (const option of game.options) {
    if (option.kind === "variant" && !option.choices.length) continue;  // only the built-in one
    const id = `option-${option.name}`;
    let input;
    if (option.kind === "bool") {
      input = el("input", { type: "checkbox", id });
      input.checked = Boolean(option.default);
    } else if (option.kind === "choice") {
      input = el("select", { id }, ...option.choices.map((c) => el("option", { value: c, text: c })));
      input.value = option.default;
    } else if (option.kind === "variant") {
      input = el("select", { id }, el("option", { value: "", text: t("standard") }), ...option.choices.map((c) => el("option", { value: c, text: c })));
    } else if (option.kind === "seat") {
      input = el("select", { id, "data-high": option.high });
      input.append(...seatChoices(option.high));
      input.value = option.default;
    } else if (option.kind === "int") {
      input = el("input", { type: "number", id, min: option.low });
      if (option.high !== null) input.max = option.high;
      if (option.default !== null) input.value = option.default;
      else input.placeholder = t("default");
    } else {
      input = el("input", { id, value: option.default ? option.default.join(",") : "", placeholder: t("default") });
    }
    input.dataset.option = option.name;
    input.dataset.kind = option.kind;
    box.append(el("label", { for: id, text: option.label }),
      el("div", {}, input, el("span", { class: "muted option-help", text: option.help })));
  }
}

// A seat option offers the seats at the table, counted from 1 (its value counts from 0).
function seatChoices(high) {
  const seats = Math.min(high + 1, Number($("players").value) || chosenGame().default_players);
  return Array.from({ length: seats }, (_, seat) => el("option", { value: seat, text: t("Seat {n}", { n: seat + 1 }) }));
}

function fitSeatOptions() {
  for (const select of $("options").querySelectorAll("select[data-high]")) {
    const chosen = Math.min(Number(select.value), Number($("players").value) - 1);
    select.replaceChildren(...seatChoices(Number(select.dataset.high)));
    select.value = chosen;
  }
}

function showSeats() {
  const box = $("seats");
  const count = Number($("players").value) || chosenGame().default_players;
  const people = [["human", t("person, invited (by link)")], ["open", t("person, open (anyone may join)")]];
  const levels = catalogue.bots.filter((b) => b.level).map((b) => [b.name, botName(b.name) + ": " + b.thinking]);
  const advanced = catalogue.bots.filter((b) => !b.level).map((b) => [b.name, botName(b.name)]);
  const options = (pairs) => pairs.map(([value, text]) => el("option", { value, text }));
  const before = [...box.querySelectorAll("select[data-seat]")].map((s) => s.value);
  const names = [...box.querySelectorAll("input[id^=seat-name-]")].map((i) => i.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const kind = el("select", { id: `seat-${seat}`, "data-seat": seat },
      ...options(people), el("optgroup", { label: t("bots") }, ...options(levels)),
      el("optgroup", { label: t("bots by name, with settings (advanced)") }, ...options(advanced)));
    kind.value = before[seat] || (seat === 0 ? "human" : "normal");
    const name = el("input", { id: `seat-name-${seat}`, placeholder: t("name"), maxlength: "40", size: "10", title: t("an open seat's name is chosen by who joins"), value: names[seat] || "" });
    const settings = el("details", { id: `seat-settings-${seat}`, class: "bot-settings" });
    const sync = () => {
      const bot = catalogue.bots.find((b) => b.name === kind.value);
      name.classList.toggle("hidden", kind.value === "open");
      settings.replaceChildren(el("summary", { text: t("settings") }), ...(bot ? settingFields(seat, bot) : []));
      settings.classList.toggle("hidden", !bot || !bot.settings.length);
    };
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seat-row" }, el("span", { text: t("Seat {n}", { n: seat + 1 }) }), kind, name, settings));
  }
}

// An advanced bot's settings as labelled fields, each holding what the bot is run with by
// default, within the range the server accepts.
function settingFields(seat, bot) {
  return bot.settings.map((setting) => {
    const id = `seat-${seat}-${setting.name}`;
    const input = setting.kind === "choice"
      ? el("select", { id }, ...setting.choices.map((choice) => el("option", { value: choice, text: choice })))
      : el("input", { id, type: "number", min: setting.low, max: setting.high, step: setting.kind === "int" ? "1" : "any", placeholder: t("default") });
    const given = bot.defaults[setting.name];
    if (given !== undefined) input.value = given;
    else if (setting.kind === "choice") input.prepend(el("option", { value: "", text: t("default"), selected: "" }));
    input.dataset.setting = setting.name;
    input.dataset.kind = setting.kind;
    return el("label", { class: "bot-setting", for: id, title: setting.expected },
      el("span", { text: setting.name.replaceAll("_", " ") }), input, el("span", { class: "muted", text: setting.help }));
  });
}

function readSettings(seat) {
  const settings = {};
  for (const input of $(`seat-settings-${seat}`).querySelectorAll("[data-setting]")) {
    if (input.value === "") continue;
    settings[input.dataset.setting] = input.dataset.kind === "choice" ? input.value : Number(input.value);
  }
  return settings;
}

function formBody() {
  const game = chosenGame();
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const spec = game.options.find((o) => o.name === input.dataset.option);
    let value;
    if (spec.kind === "bool") value = input.checked;
    else if (spec.kind === "variant") value = input.value === "" ? null : input.value;
    else if (spec.kind === "int") value = input.value === "" ? null : Number(input.value);
    else if (spec.kind === "seat") value = Number(input.value);
    else if (spec.kind === "int_list") value = input.value.trim() === "" ? null : input.value.split(",").map((n) => Number(n.trim()));
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) options[spec.name] = value;
  }
  const seats = [...$("seats").querySelectorAll("select[data-seat]")].map((select) => {
    const seat = select.dataset.seat;
    const name = $(`seat-name-${seat}`).value.trim();
    if (select.value === "human") return { kind: "human", name };
    if (select.value === "open") return { kind: "human", access: "open" };
    return { kind: "bot", name, agent: select.value, settings: readSettings(seat) };
  });
  const body = { game: game.id, players: Number($("players").value), options, seats, listed: $("listed").checked };
  if ($("clock").value !== "") body.clock = Number($("clock").value);
  const seed = $("seed").value.trim();
  if (seed !== "") {  // sent as text: a seed may have more digits than a JavaScript number holds
    if (!/^\d{1,39}$/.test(seed)) throw new Error(t("seed: expected a whole number of at most 39 digits"));
    body.seed = seed;
  }
  return body;
}

function describeError(data) {
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) return data.detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ");
  return t("the server refused the request");
}

async function create(event) {
  event.preventDefault();
  $("form-error").textContent = "";
  let body;
  try { body = formBody(); } catch (error) { $("form-error").textContent = error.message; return; }
  const response = await fetch("/api/rooms", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("form-error").textContent = describeError(data); return; }
  const links = $("links");
  links.replaceChildren();
  const copyable = (label, link, id) => el("li", {}, el("div", { text: label }), el("input", { readonly: "", value: link, id, onclick: (e) => e.target.select() }));
  data.seats.forEach((s, index) => links.append(copyable(index === 0 ? t("Your seat (seat {n}): open it with the button above", { n: s.seat + 1 }) : t("Invitation for seat {n}: send it to that player only", { n: s.seat + 1 }), s.link, `link-${s.seat}`)));
  links.append(copyable(t("Spectator link: anyone may watch"), data.spectate, "link-spectate"));
  links.append(copyable(t("Host link: shows every invitation again on the room page; keep it private"), data.host, "link-host"));
  $("open-seat").href = data.link;
  $("created").classList.remove("hidden");
  loadRooms();
}

let nextRooms = null;  // the cursor of the lobby's next page

async function loadRooms(more = false) {
  const query = more && nextRooms ? `?cursor=${encodeURIComponent(nextRooms)}` : "";
  const page = await (await fetch(`/api/rooms${query}`)).json();
  const box = $("rooms");
  if (!more) box.replaceChildren();
  nextRooms = page.next;
  $("more-rooms").classList.toggle("hidden", !nextRooms);
  if (!more && !page.rooms.length) box.append(el("li", { class: "muted", text: t("No room has an open seat: create one above.") }));
  for (const room of page.rooms) {
    const join = el("button", { text: t("Join ({open} open)", { open: room.open_seats }), onclick: () => joinRoom(room.room) });
    box.append(el("li", { "data-room": room.room },
      el("strong", { text: room.title }),
      el("span", { class: "muted", text: tn("{count} player", "{count} players", room.players) + " · " + tn("{count} action", "{count} actions", room.version) }),
      join, el("a", { class: "button", href: `/room/${room.room}`, text: t("Watch") })));
  }
}

async function joinRoom(roomId) {
  const name = $("join-name").value.trim();
  $("join-error").textContent = "";
  if (!name) { $("join-error").textContent = t("Type your name first: the others see it."); $("join-name").focus(); return; }
  const response = await fetch(`/api/rooms/${roomId}/join`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  const data = await response.json();
  if (!response.ok) { $("join-error").textContent = describeError(data); loadRooms(); return; }
  location.href = data.link;
}

// My games: the rooms where this browser keeps a seat's token (the room page keeps them), your
// turn first. A room that is gone is left out.
async function showMyGames() {
  const kept = Object.keys(localStorage).filter((key) => key.startsWith("towpath:room:"))
    .map((key) => [key.slice("towpath:room:".length), JSON.parse(localStorage.getItem(key) || "{}")])
    .filter(([, tokens]) => tokens.seat);
  const games = await Promise.all(kept.map(async ([room, tokens]) => {
    const response = await fetch(`/api/rooms/${encodeURIComponent(room)}`, { headers: { "X-Towpath-Token": tokens.seat } });
    return response.ok ? { room, ...(await response.json()) } : null;
  }));
  const mine = games.filter(Boolean).filter((g) => g.seat !== null);
  const turn = (g) => (g.over ? 2 : g.current_player === g.seat ? 0 : 1);
  mine.sort((a, b) => turn(a) - turn(b));
  $("my-games").classList.toggle("hidden", !mine.length);
  $("my-games-list").replaceChildren(...mine.map((g) => {
    const who = g.seats[g.current_player];
    const said = g.over ? t("finished") : turn(g) === 0 ? t("your turn")
      : t("{name}'s turn", { name: who && who.name ? who.name : t("Seat {n}", { n: g.current_player + 1 }) });
    const others = g.seats.filter((s) => s.seat !== g.seat).map((s) => s.name || t("Seat {n}", { n: s.seat + 1 }));
    return el("li", { "data-room": g.room, class: turn(g) === 0 ? "your-turn" : "" },
      el("a", { class: "button", href: `/room/${g.room}`, text: g.title }), el("span", { text: said }),
      el("span", { class: "muted", text: t("with {names}", { names: others.join(", ") }) }));
  }));
}

async function start() {
  catalogue = await (await fetch("/api/games")).json();
  showGames();
  $("game").addEventListener("change", () => choose($("game").value));
  $("players").addEventListener("change", () => { showSeats(); fitSeatOptions(); });
  $("form").addEventListener("submit", create);
  const asked = new URLSearchParams(location.search).get("game");
  const known = catalogue.games.some((g) => g.id === asked);
  choose(known ? asked : catalogue.games[0].id, known);
  if (!known) window.scrollTo(0, 0);
  $("more-rooms").addEventListener("click", () => loadRooms(true));
  loadRooms();
  showMyGames();
  setInterval(() => { if (!nextRooms) loadRooms(); showMyGames(); }, 10000);
}

start();
