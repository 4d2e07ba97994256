// The lobby: the open games waiting for players (open_games.js), a form for a new game (type, players, each seat's
// role, an open seat among them, options, turn clock, seed), watching a game as a spectator, and sitting at a game
// with a seat link or token received from its creator.

import { loadCatalog, playerCounts } from "./catalog.js";
import { app, h, say } from "./dom.js";
import { openGamesPanel, playerId, playerName, rememberPlayerName } from "./open_games.js";
import { quickMatchPanel } from "./quick_match.js";
import { api } from "./server.js";
import { takeSeatFromAddress } from "./seat_links.js";
import { invites, seats } from "./storage.js";
import { humanize, inWords } from "./words.js";

// How the lobby names each kind of bot, and the name its seat gets at the table. The levels (easy, medium, hard) are
// what a seat is offered first; the algorithms stay under "Advanced".
const BOT_WORDS = {
  random: { label: "Bot: plays at random", seatName: "Random Bot" },
  greedy: { label: "Bot: greedy", seatName: "Greedy Bot" },
  mcts: { label: "Bot: looks ahead", seatName: "Lookahead Bot" },
  easy: { label: "Bot: easy", seatName: "Easy Bot" },
  medium: { label: "Bot: medium", seatName: "Medium Bot" },
  hard: { label: "Bot: hard", seatName: "Hard Bot" },
};

function botWords(kind) {
  return BOT_WORDS[kind] || { label: `Bot: ${humanize(kind).toLowerCase()}`, seatName: `${humanize(kind)} Bot` };
}

const TURN_CLOCKS = [[0, "No clock"], [30, "30 seconds a turn"], [60, "1 minute a turn"], [120, "2 minutes a turn"],
  [300, "5 minutes a turn"]];

// A seat's role: "you", "human", "open" (anyone may join it from the lobby), or "bot:<kind>" for each kind of bot
// the server offers.
function isBotRole(role) {
  return role.startsWith("bot:");
}

export async function showLobby() {
  document.title = "cardengine: the web table";
  app.replaceChildren(h("p", {}, "Loading the games..."));
  let features;
  let catalog;
  try {
    [features, catalog] = await Promise.all([api.detectFeatures(), loadCatalog()]);
  } catch (error) {
    app.replaceChildren(h("p", { role: "alert", class: "error" }, `The server cannot be reached: ${error.message}`));
    return;
  }
  const form = newGameFields(catalog, features);
  form.gameSelect.addEventListener("change", () => renderOptions(form));
  form.playersSelect.addEventListener("change", () => renderSeats(form));
  app.replaceChildren(...(features.quickMatch ? [quickMatchPanel(catalog)] : []),
    ...(features.lobby ? [openGamesPanel()] : []), newGamePanel(form), watchPanel(), joinPanel());
  renderOptions(form);
}

function newGameFields(catalog, features) {
  return {
    catalog,
    features,
    gameSelect: h("select", { id: "game-type", name: "gameType" },
      catalog.gameTypes.map((type) => h("option", { value: type.id }, type.title))),
    description: h("p", { id: "game-description", class: "description" }),
    playersSelect: h("select", { id: "players", name: "players" }),
    optionsBox: h("fieldset", { id: "options" }),
    seatsBox: h("fieldset", { id: "seat-list" }),
    nameInput: h("input", { id: "your-name", name: "yourName", type: "text", maxlength: "40",
      autocomplete: "nickname", placeholder: "Your name at the table", value: playerName() }),
    seedInput: h("input", { id: "seed", name: "seed", type: "number", min: "0", placeholder: "random" }),
    clockSelect: h("select", { id: "turn-clock", name: "turnClock" },
      TURN_CLOCKS.map(([seconds, label]) => h("option", { value: seconds }, label))),
    ratedInput: h("input", { id: "rated", name: "rated", type: "checkbox" }),
  };
}

function renderSeats(form) {
  const { catalog, features, seatsBox } = form;
  const count = Number(form.playersSelect.value);
  seatsBox.replaceChildren(h("legend", {}, "Seats"));
  if (!features.bots) {
    seatsBox.append(h("p", { class: "note" },
      "This server has no bot seats: share the other seats' links with the other players."));
  }
  const levels = gameLevels(form);
  const defaultRole = features.bots ? `bot:${(levels[0] || { name: catalog.botKinds[0] }).name}` : "human";
  for (let seat = 0; seat < count; seat += 1) seatsBox.append(seatField(form, seat, defaultRole, levels));
}

// The chosen game's levels the server accepts for a seat (the catalog's GameType.levels, weakest first).
function gameLevels(form) {
  const type = form.catalog.byId.get(form.gameSelect.value);
  const levels = Array.isArray(type && type.levels) ? type.levels : [];
  return levels.filter((level) => form.catalog.botKinds.includes(level.name));
}

// A level's words: its name and its rating, or that it is not rated yet. The catalog gives the ladder's Elo
// (random = 0); the page shows it on the players' scale (docs/api.md "Ratings": the ladder's + 1000), the number a
// rated table shows for that bot and that players' ratings compare with.
const LADDER_OFFSET = 1000;

function levelLabel(level) {
  const rated = typeof level.rating === "number";
  const shown = rated ? `rating ${Math.round(level.rating + LADDER_OFFSET)}` : "not rated yet";
  return `${botWords(level.name).label} (${shown})`;
}

function seatField(form, seat, defaultRole, levels) {
  const { catalog, features, seatsBox } = form;
  const disabled = !features.bots;
  const option = (kind, label, extra = {}) =>
    h("option", { value: `bot:${kind}`, "data-bot": kind, disabled, ...extra }, label);
  const names = new Set(levels.map((level) => level.name));
  const algorithms = catalog.botKinds.filter((kind) => !names.has(kind));
  const bots = levels.length
    ? [levels.map((level) => option(level.name, levelLabel(level), { "data-level": level.name })),
      algorithms.length ? h("optgroup", { label: "Advanced: bots by algorithm" },
        algorithms.map((kind) => option(kind, botWords(kind).label))) : []]
    : algorithms.map((kind) => option(kind, botWords(kind).label));
  const select = h("select", { class: "seat-role", id: `seat-role-${seat}`, "data-seat": seat },
    h("option", { value: "you" }, "You"),
    h("option", { value: "human" }, "Another player"),
    features.lobby ? h("option", { value: "open" }, "Open (anyone may join)") : "",
    bots);
  select.value = seat === 0 ? "you" : defaultRole;
  select.addEventListener("change", () => {
    if (select.value !== "you") return;
    for (const other of seatsBox.querySelectorAll(".seat-role")) {
      if (other !== select && other.value === "you") other.value = defaultRole;
    }
  });
  return h("div", { class: "field" }, h("label", { for: `seat-role-${seat}` }, `Player ${seat + 1}`), select);
}

function renderOptions(form) {
  const { optionsBox, playersSelect } = form;
  const type = form.catalog.byId.get(form.gameSelect.value);
  form.description.textContent = inWords(type.description, type.id);
  const counts = playerCounts(type);
  playersSelect.replaceChildren(...counts.map((n) => h("option", { value: n }, String(n))));
  playersSelect.value = String(counts.includes(type.defaultPlayers) ? type.defaultPlayers : counts[0]);
  optionsBox.replaceChildren(h("legend", {}, "Options"));
  for (const option of type.options || []) {
    const id = `option-${option.name}`;
    const input = optionInput(option, id);
    input.dataset.option = option.name;
    input.dataset.type = option.type;
    const label = option.title || humanize(option.name);
    optionsBox.append(h("div", { class: "field" }, h("label", { for: id }, label), input,
      h("small", { class: "help" }, inWords(option.description, type.id))));
  }
  if (!type.options || type.options.length === 0) optionsBox.append(h("p", { class: "note" }, "No options."));
  renderSeats(form);
}

function optionInput(option, id) {
  if (option.choices && option.choices.length) {
    const input = h("select", { id },
      option.choices.map((choice) => h("option", { value: choice }, humanize(choice))));
    input.value = String(option.defaultValue);
    return input;
  }
  if (option.type === "bool") {
    const input = h("input", { id, type: "checkbox" });
    input.checked = Boolean(option.defaultValue);
    return input;
  }
  if (option.type === "int") {
    return h("input", { id, type: "number", step: "1", min: option.minimum, max: option.maximum,
      value: option.defaultValue });
  }
  return h("input", { id, type: "text", value: option.defaultValue === undefined ? "" : option.defaultValue });
}

function readOptions(optionsBox) {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    if (input.dataset.type === "bool") options[input.dataset.option] = input.checked;
    else if (input.dataset.type === "int") options[input.dataset.option] = Number(input.value);
    else options[input.dataset.option] = input.value;
  }
  return options;
}

/** The body of `POST /v1/games`; `mine` is the seat this tab plays. */
function createRequest(form, roles, mine) {
  const type = form.catalog.byId.get(form.gameSelect.value);
  const options = readOptions(form.optionsBox);
  const body = { gameType: type.id, players: Number(form.playersSelect.value), options };
  if (form.seedInput.value !== "") body.seed = Number(form.seedInput.value);
  const turnSeconds = Number(form.clockSelect.value);
  if (turnSeconds > 0) body.clock = { turnSeconds };
  if (form.features.seats) body.seats = seatConfigs(roles, mine, form.nameInput.value.trim());
  // With an open seat, this browser's seat names its player, so that it cannot join its own game a second time.
  if (body.seats && roles.includes("open") && roles[mine] === "you") {
    body.seats[mine].player = playerId(form.nameInput.value.trim());
  }
  // A rated game (docs/api.md "Ratings"): this browser's seat is rated as its player, the bots at their ratings.
  if (body.seats && form.features.ratings && form.ratedInput.checked) {
    body.rated = true;
    if (roles[mine] === "you") body.seats[mine].player = playerId(form.nameInput.value.trim());
  }
  return body;
}

// Every seat gets a name, so the server's texts never say "Seat 1": bots by their kind ("Greedy Bot 2" when two
// share it), the other people "Player N".
function seatConfigs(roles, mine, yourName) {
  const used = new Map();
  return roles.map((role, seat) => {
    if (isBotRole(role)) {
      const kind = role.slice("bot:".length);
      const base = botWords(kind.split(":")[0]).seatName;
      const count = (used.get(base) || 0) + 1;
      used.set(base, count);
      return { bot: kind, name: count > 1 ? `${base} ${count}` : base };
    }
    if (seat === mine) return { name: yourName || "You" };
    if (role === "open") return { name: `Player ${seat + 1}`, open: true };
    return { name: `Player ${seat + 1}` };
  });
}

async function createGame(form, event) {
  event.preventDefault();
  const roles = [...form.seatsBox.querySelectorAll(".seat-role")].map((select) => select.value);
  let mine = roles.indexOf("you");
  if (mine < 0) mine = 0;
  const body = createRequest(form, roles, mine);
  rememberPlayerName(form.nameInput.value.trim());
  say("Creating the game...");
  try {
    const created = await api.createGame(body);
    const tokens = new Map((created.seats || []).map((entry) => [entry.seat || 0, entry.token]));
    seats.put(created.gameId, mine, tokens.get(mine));
    const others = roles
      .map((role, seat) => ({ role, seat, token: tokens.get(seat) }))
      .filter((entry) => entry.seat !== mine && !isBotRole(entry.role) && entry.token);
    if (others.length) invites.put(created.gameId, others);
    say("");
    location.hash = `#/play/${created.gameId}`;
  } catch (error) {
    say(`The game was not created: ${error.message}`, { isError: true });
  }
}

function newGamePanel(form) {
  return h("section", { class: "panel", "aria-labelledby": "new-game-title" },
    h("h2", { id: "new-game-title" }, "New game"),
    h("form", { id: "create-form", onsubmit: (event) => createGame(form, event) },
      h("div", { class: "field" }, h("label", { for: "game-type" }, "Game"), form.gameSelect),
      form.description,
      h("div", { class: "field" }, h("label", { for: "players" }, "Players"), form.playersSelect),
      form.seatsBox,
      h("div", { class: "field" }, h("label", { for: "your-name" }, "Your name"), form.nameInput,
        form.features.seats ? "" : h("small", { class: "help" }, "This server does not take seat names yet.")),
      form.optionsBox,
      h("div", { class: "field" }, h("label", { for: "turn-clock" }, "Turn clock"), form.clockSelect,
        h("small", { class: "help" }, "When a turn's time runs out, the table plays a safe move for that player.")),
      form.features.ratings && form.features.seats ? h("div", { class: "field" },
        h("label", { for: "rated" }, form.ratedInput, " Rated game"),
        h("small", { class: "help" }, "At the end your rating moves by the result; the bots keep theirs.")) : "",
      h("div", { class: "field" }, h("label", { for: "seed" }, "Deal number (optional)"), form.seedInput,
        h("small", { class: "help" }, "The same number deals the same cards again; empty for a fresh deal.")),
      h("button", { type: "submit", id: "create", class: "primary" }, "Create game")));
}

function watchPanel() {
  const watchId = h("input", { id: "watch-id", type: "text", required: true, autocomplete: "off" });
  function watch(event) {
    event.preventDefault();
    const id = watchId.value.trim();
    if (id) location.hash = `#/watch/${id}`;
  }
  return h("section", { class: "panel", "aria-labelledby": "watch-title" },
    h("h2", { id: "watch-title" }, "Watch a game"),
    h("form", { id: "watch-form", onsubmit: watch },
      h("div", { class: "field" }, h("label", { for: "watch-id" }, "Game id"), watchId),
      h("button", { type: "submit", id: "watch" }, "Watch as a spectator")));
}

function joinPanel() {
  const joinLink = h("input", { id: "join-link", type: "text", autocomplete: "off",
    placeholder: "Paste a seat link or a code" });
  const joinId = h("input", { id: "join-id", type: "text", autocomplete: "off" });
  const joinToken = h("input", { id: "join-token", type: "password", autocomplete: "off" });
  function join(event) {
    event.preventDefault();
    const link = joinLink.value.trim();
    const at = link.indexOf("#/play/");
    const id = joinId.value.trim();
    const token = joinToken.value.trim();
    if (at < 0 && link && id) {
      // An invitation code typed with its game id.
      location.hash = `#/play/${encodeURIComponent(id)}?invite=${encodeURIComponent(link)}`;
      return;
    }
    if (at >= 0) {
      location.hash = link.slice(at);
      takeSeatFromAddress();
      return;
    }
    if (!id || !token) {
      say("Paste a seat link, or enter a game id with an invitation code or a seat token.", { isError: true });
      return;
    }
    seats.put(id, null, token);
    location.hash = `#/play/${id}`;
  }
  return h("section", { class: "panel", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, "Take a seat"),
    h("form", { id: "join-form", onsubmit: join },
      h("div", { class: "field" }, h("label", { for: "join-link" }, "Seat link or invitation code"), joinLink),
      h("p", { class: "note" }, "With an invitation code, or a seat token, also the game id:"),
      h("div", { class: "field" }, h("label", { for: "join-id" }, "Game id"), joinId),
      h("div", { class: "field" }, h("label", { for: "join-token" }, "Seat token"), joinToken),
      h("button", { type: "submit", id: "join" }, "Sit down")));
}
