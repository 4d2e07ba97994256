// The web table: a lobby (new game, join a seat, watch a game) and a table that plays one seat or watches as a
// spectator, on the public REST API only. Routes live in the URL's hash: #/ (lobby), #/play/ID, #/watch/ID. The
// seat token stays in this tab's sessionStorage. `?api=http://host:port` points the page at a server on another
// origin (which must allow this page's origin with CORS).

import { Api, ApiError, seats } from "./api.js";
import { cardFace, describeCard } from "./cards.js";
import { boardParts, pendingText } from "./layouts.js";

const api = new Api(new URLSearchParams(location.search).get("api") || "");
const app = document.getElementById("app");
const statusLine = document.getElementById("status");
const POLL_MS = 1000;
const SEAT_COLORS = ["#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98", "#555"];

let catalog = null; // {gameTypes: [...], byId: Map, botKinds: [...]}
let table = null; // the table being shown (see openTable)

// ----- small DOM helpers ------------------------------------------------------------------------------------------
function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function say(message, isError) {
  statusLine.textContent = message || "";
  statusLine.className = isError ? "error" : "";
  statusLine.setAttribute("role", isError ? "alert" : "status");
}

async function loadCatalog() {
  if (catalog) return catalog;
  const answer = await api.gameTypes();
  const byId = new Map();
  for (const type of answer.gameTypes || []) {
    type.cardMap = new Map((type.cards || []).map((card) => [card.code, card]));
    byId.set(type.id, type);
  }
  catalog = { gameTypes: answer.gameTypes || [], byId, botKinds: botKindsOf(answer) };
  return catalog;
}

// The kinds of bot a seat can be given (the catalog's botKinds, in the server's order); a server that does not list
// them plays the random bot only.
function botKindsOf(answer) {
  const listed = Array.isArray(answer.botKinds) ? answer.botKinds : [];
  const kinds = listed.filter((kind) => typeof kind === "string" && kind);
  return kinds.length ? kinds : ["random"];
}

function playerCounts(type) {
  if (type.playerCounts && type.playerCounts.length) return type.playerCounts;
  const counts = [];
  for (let n = type.minPlayers; n <= type.maxPlayers; n += 1) counts.push(n);
  return counts;
}

// ----- lobby ------------------------------------------------------------------------------------------------------
function isBotRole(role) {
  return role.startsWith("bot:");
}

async function showLobby() {
  closeTable();
  document.title = "cardengine: the web table";
  app.replaceChildren(h("p", {}, "Loading the games..."));
  let features;
  try {
    [features] = await Promise.all([api.detectFeatures(), loadCatalog()]);
  } catch (error) {
    app.replaceChildren(h("p", { role: "alert", class: "error" }, `The server cannot be reached: ${error.message}`));
    return;
  }
  const gameSelect = h("select", { id: "game-type", name: "gameType" },
    catalog.gameTypes.map((type) => h("option", { value: type.id }, type.title)));
  const description = h("p", { id: "game-description", class: "description" });
  const playersSelect = h("select", { id: "players", name: "players" });
  const optionsBox = h("fieldset", { id: "options" });
  const seatsBox = h("fieldset", { id: "seat-list" });
  const nameInput = h("input", { id: "your-name", name: "yourName", type: "text", maxlength: "40",
    autocomplete: "nickname", placeholder: "Seat name" });
  const seedInput = h("input", { id: "seed", name: "seed", type: "number", min: "0", placeholder: "random" });

  function renderSeats() {
    const count = Number(playersSelect.value);
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    if (!features.bots) {
      seatsBox.append(h("p", { class: "note" },
        "This server has no bot seats: share the other seats' tokens with the other players."));
    }
    // A seat's role: "you", "human", or "bot:<kind>" for each kind of bot the server offers (the first by default).
    const defaultRole = features.bots ? `bot:${catalog.botKinds[0]}` : "human";
    for (let seat = 0; seat < count; seat += 1) {
      const select = h("select", { class: "seat-role", id: `seat-role-${seat}`, "data-seat": seat },
        h("option", { value: "you" }, "You"),
        h("option", { value: "human" }, "Another player"),
        catalog.botKinds.map((kind) =>
          h("option", { value: `bot:${kind}`, "data-bot": kind, disabled: !features.bots }, `Bot (${kind})`)));
      select.value = seat === 0 ? "you" : defaultRole;
      select.addEventListener("change", () => {
        if (select.value !== "you") return;
        for (const other of seatsBox.querySelectorAll(".seat-role")) {
          if (other !== select && other.value === "you") other.value = defaultRole;
        }
      });
      seatsBox.append(h("div", { class: "field" }, h("label", { for: `seat-role-${seat}` }, `Seat ${seat}`), select));
    }
  }

  function renderOptions() {
    const type = catalog.byId.get(gameSelect.value);
    description.textContent = type.description || "";
    const counts = playerCounts(type);
    playersSelect.replaceChildren(...counts.map((n) => h("option", { value: n }, String(n))));
    playersSelect.value = String(counts.includes(type.defaultPlayers) ? type.defaultPlayers : counts[0]);
    optionsBox.replaceChildren(h("legend", {}, "Options"));
    for (const option of type.options || []) {
      const id = `option-${option.name}`;
      let input;
      if (option.choices && option.choices.length) {
        input = h("select", { id }, option.choices.map((choice) => h("option", { value: choice }, choice)));
        input.value = String(option.defaultValue);
      } else if (option.type === "bool") {
        input = h("input", { id, type: "checkbox" });
        input.checked = Boolean(option.defaultValue);
      } else if (option.type === "int") {
        input = h("input", { id, type: "number", step: "1", min: option.minimum, max: option.maximum,
          value: option.defaultValue });
      } else {
        input = h("input", { id, type: "text", value: option.defaultValue === undefined ? "" : option.defaultValue });
      }
      input.dataset.option = option.name;
      input.dataset.type = option.type;
      const label = option.name.replace(/_/g, " ");
      optionsBox.append(h("div", { class: "field" }, h("label", { for: id }, label), input,
        h("small", { class: "help" }, option.description || "")));
    }
    if (!type.options || type.options.length === 0) optionsBox.append(h("p", { class: "note" }, "No options."));
    renderSeats();
  }

  gameSelect.addEventListener("change", renderOptions);
  playersSelect.addEventListener("change", renderSeats);

  async function create(event) {
    event.preventDefault();
    const type = catalog.byId.get(gameSelect.value);
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      if (input.dataset.type === "bool") options[input.dataset.option] = input.checked;
      else if (input.dataset.type === "int") options[input.dataset.option] = Number(input.value);
      else options[input.dataset.option] = input.value;
    }
    const roles = [...seatsBox.querySelectorAll(".seat-role")].map((select) => select.value);
    let mine = roles.indexOf("you");
    if (mine < 0) mine = 0;
    const body = { gameType: type.id, players: Number(playersSelect.value), options };
    if (seedInput.value !== "") body.seed = Number(seedInput.value);
    if (features.seats) {
      body.seats = roles.map((role, seat) => {
        if (isBotRole(role)) return { bot: role.slice("bot:".length) };
        if (seat === mine && nameInput.value.trim()) return { name: nameInput.value.trim() };
        return {};
      });
    }
    say("Creating the game...");
    try {
      const created = await api.createGame(body);
      const tokens = new Map((created.seats || []).map((entry) => [entry.seat || 0, entry.token]));
      seats.put(created.gameId, mine, tokens.get(mine));
      const invites = roles
        .map((role, seat) => ({ role, seat, token: tokens.get(seat) }))
        .filter((entry) => entry.seat !== mine && !isBotRole(entry.role) && entry.token);
      if (invites.length) {
        sessionStorage.setItem(`cardengine.invites.${created.gameId}`, JSON.stringify(invites));
      }
      say("");
      location.hash = `#/play/${created.gameId}`;
    } catch (error) {
      say(`The game was not created: ${error.message}`, true);
    }
  }

  function join(event) {
    event.preventDefault();
    const id = joinId.value.trim();
    const token = joinToken.value.trim();
    if (!id || !token) return;
    seats.put(id, null, token);
    location.hash = `#/play/${id}`;
  }

  function watch(event) {
    event.preventDefault();
    const id = watchId.value.trim();
    if (id) location.hash = `#/watch/${id}`;
  }

  const joinId = h("input", { id: "join-id", type: "text", required: true, autocomplete: "off" });
  const joinToken = h("input", { id: "join-token", type: "password", required: true, autocomplete: "off" });
  const watchId = h("input", { id: "watch-id", type: "text", required: true, autocomplete: "off" });

  app.replaceChildren(
    h("section", { class: "panel", "aria-labelledby": "new-game-title" },
      h("h2", { id: "new-game-title" }, "New game"),
      h("form", { id: "create-form", onsubmit: create },
        h("div", { class: "field" }, h("label", { for: "game-type" }, "Game"), gameSelect),
        description,
        h("div", { class: "field" }, h("label", { for: "players" }, "Players"), playersSelect),
        seatsBox,
        h("div", { class: "field" }, h("label", { for: "your-name" }, "Your name"), nameInput,
          features.seats ? "" : h("small", { class: "help" }, "This server does not take seat names yet.")),
        optionsBox,
        h("div", { class: "field" }, h("label", { for: "seed" }, "Seed (optional)"), seedInput),
        h("button", { type: "submit", id: "create", class: "primary" }, "Create game"))),
    h("section", { class: "panel", "aria-labelledby": "watch-title" },
      h("h2", { id: "watch-title" }, "Watch a game"),
      h("form", { id: "watch-form", onsubmit: watch },
        h("div", { class: "field" }, h("label", { for: "watch-id" }, "Game id"), watchId),
        h("button", { type: "submit", id: "watch" }, "Watch as a spectator"))),
    h("section", { class: "panel", "aria-labelledby": "join-title" },
      h("h2", { id: "join-title" }, "Sit at a game with a seat token"),
      h("form", { id: "join-form", onsubmit: join },
        h("div", { class: "field" }, h("label", { for: "join-id" }, "Game id"), joinId),
        h("div", { class: "field" }, h("label", { for: "join-token" }, "Seat token"), joinToken),
        h("button", { type: "submit", id: "join" }, "Sit down"))),
  );
  renderOptions();
}

// ----- the table --------------------------------------------------------------------------------------------------
function closeTable() {
  if (!table) return;
  table.closed = true;
  if (table.source) table.source.close();
  if (table.poller) clearInterval(table.poller);
  if (table.retry) clearTimeout(table.retry);
  table = null;
}

async function openTable(gameId, spectator) {
  closeTable();
  const stored = spectator ? null : seats.get(gameId);
  if (!spectator && (!stored || !stored.token)) {
    app.replaceChildren(h("section", { class: "panel" },
      h("p", { role: "alert" }, "This tab holds no seat token for this game."),
      h("a", { href: `#/watch/${gameId}` }, "Watch it as a spectator")));
    return;
  }
  table = {
    gameId,
    token: stored ? stored.token : null,
    game: null,
    moves: [],
    events: [],
    lastEventVersion: null,
    score: null,
    selection: [],
    busy: false,
    refreshing: null,
    again: false,
    closed: false,
  };
  const current = table;
  app.replaceChildren(h("p", {}, "Loading the table..."));
  try {
    await Promise.all([loadCatalog(), api.detectFeatures()]);
    await refresh(current);
  } catch (error) {
    if (current.closed) return;
    app.replaceChildren(h("section", { class: "panel" },
      h("p", { role: "alert", class: "error" }, `This game cannot be shown: ${error.message}`),
      h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  follow(current);
}

/** Reads the game (and the seat's moves, new events, score) again; one refresh at a time, one more if asked. */
async function refresh(current) {
  if (current.refreshing) {
    current.again = true;
    return current.refreshing;
  }
  current.refreshing = (async () => {
    do {
      current.again = false;
      const game = await api.game(current.gameId, current.token);
      if (current.closed) return;
      const changed = !current.game || current.game.version !== game.version || current.game.seat !== game.seat;
      current.game = game;
      if (current.token && game.seat !== undefined && game.seat !== null) {
        const stored = seats.get(current.gameId);
        if (stored && stored.seat !== game.seat) seats.put(current.gameId, game.seat, current.token);
      }
      if (changed || !current.score) {
        const seated = game.seat !== undefined && game.seat !== null;
        const myTurn = seated && (game.toAct || []).includes(game.seat) && !game.finished;
        const [moves, events, score] = await Promise.all([
          myTurn ? api.moves(current.gameId, current.token) : Promise.resolve({ moves: [] }),
          api.events(current.gameId, current.token, current.lastEventVersion),
          api.score(current.gameId, current.token),
        ]);
        if (current.closed) return;
        if (moves.version === undefined || moves.version === game.version || !myTurn) {
          current.moves = moves.moves || [];
        } else {
          current.again = true;
        }
        for (const event of events.events || []) current.events.push(event);
        current.lastEventVersion = events.version !== undefined ? events.version : game.version;
        current.score = score;
        // The reads are not one snapshot: a score read after the game may already be final. Show the winner only
        // with the game's own final version, and read again to reach it.
        if (score.finished && !game.finished) current.again = true;
        render(current);
      }
    } while (current.again && !current.closed);
  })();
  try {
    await current.refreshing;
  } finally {
    current.refreshing = null;
  }
}

function scheduleRefresh(current) {
  refresh(current).catch((error) => say(`Could not read the game: ${error.message}`, true));
}

/** Live updates: the SSE stream (a seat's with a ticket when the server offers them), else polling every second. */
function follow(current) {
  if (current.closed || (current.game && current.game.finished)) return;
  const seated = Boolean(current.token);
  if (!seated) {
    openStream(current, null);
    return;
  }
  if (current.noTickets) {
    startPolling(current);
    return;
  }
  // Asking is the feature test (the OpenAPI document may list the route too): a server without stream tickets
  // answers 404, and the page reads the game every second instead.
  api.streamTicket(current.gameId, current.token).then(
    (answer) => {
      if (current.closed) return;
      if (answer && answer.ticket) {
        openStream(current, answer.ticket);
      } else {
        current.noTickets = true;
        startPolling(current);
      }
    },
    (error) => {
      if (current.closed) return;
      if (error instanceof ApiError && [404, 405, 501].includes(error.status)) current.noTickets = true;
      startPolling(current);
    },
  );
}

function openStream(current, ticket) {
  const after = current.game ? current.game.version : undefined;
  const source = new EventSource(api.streamUrl(current.gameId, after, ticket));
  current.source = source;
  current.following = ticket ? "stream with a ticket" : "spectator stream";
  renderFollowing(current);
  source.addEventListener("version", () => scheduleRefresh(current));
  source.addEventListener("end", () => {
    source.close();
    scheduleRefresh(current);
  });
  source.onerror = () => {
    // A ticket is short-lived: ask for a new one (and start after the version shown) instead of reconnecting.
    source.close();
    if (current.closed || (current.game && current.game.finished)) return;
    current.retry = setTimeout(() => {
      scheduleRefresh(current);
      follow(current);
    }, 1000);
  };
}

function startPolling(current) {
  current.following = "polling every second";
  renderFollowing(current);
  if (current.poller) clearInterval(current.poller);
  current.poller = setInterval(async () => {
    if (current.closed) return;
    try {
      const game = await api.game(current.gameId, current.token);
      if (!current.game || game.version !== current.game.version) await refresh(current);
      if (game.finished) clearInterval(current.poller);
    } catch (error) {
      say(`Could not read the game: ${error.message}`, true);
    }
  }, POLL_MS);
}

function renderFollowing(current) {
  const node = document.getElementById("following");
  if (node) node.textContent = current.following ? `Live updates: ${current.following}.` : "";
}

// ----- names ------------------------------------------------------------------------------------------------------
function gameTypeOf(current) {
  return catalog.byId.get(current.game.gameType) || { id: current.game.gameType, title: current.game.gameType };
}

function seatNames(current) {
  const game = current.game;
  return game.seatNames || (game.view && game.view.seatNames) || [];
}

function botSeats(current) {
  const game = current.game;
  const bots = game.bots || (game.view && game.view.bots) || [];
  if (Array.isArray(bots) && bots.every((value) => typeof value === "number")) {
    const list = [];
    for (const seat of bots) list[seat] = "bot";
    return list;
  }
  return bots;
}

function seatName(current, seat) {
  if (seat === undefined || seat === null || seat === "") return "";
  const names = seatNames(current);
  const name = names[seat] || `Seat ${seat}`;
  return seat === current.game.seat ? `${name} (you)` : name;
}

function cardInfo(current, code) {
  const type = gameTypeOf(current);
  return describeCard(code, type.cardMap, current.game.gameType);
}

function cardName(current, code, given) {
  if (code === null || code === undefined) return "";
  if (given) return given;
  return cardInfo(current, String(code)).name;
}

// ----- rendering --------------------------------------------------------------------------------------------------
function tokensOf(move) {
  return move.notation.split(/[\s,]+/).slice(1);
}

function moveMatches(move, selection) {
  if (!selection.length) return true;
  const available = tokensOf(move);
  for (const wanted of selection) {
    const index = available.indexOf(wanted.token);
    if (index < 0) return false;
    available.splice(index, 1);
  }
  return true;
}

function toggleSelection(current, key, token) {
  const at = current.selection.findIndex((entry) => entry.key === key);
  if (at >= 0) current.selection.splice(at, 1);
  else current.selection.push({ key, token });
  render(current);
  const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
}

function cardElement(current, code, key, label) {
  const info = cardInfo(current, code);
  const name = label || info.name;
  const playable = current.moves.some((move) => tokensOf(move).includes(code));
  if (!current.token || !current.moves.length) {
    return h("span", { class: "card", role: "img", "aria-label": name, title: name, "data-card": code },
      cardFace(info));
  }
  const pressed = current.selection.some((entry) => entry.key === key);
  return h("button", {
    type: "button",
    class: `card${playable ? " playable" : ""}${pressed ? " selected" : ""}`,
    "aria-label": name,
    "aria-pressed": pressed ? "true" : "false",
    title: name,
    "data-card": code,
    "data-key": key,
    onclick: () => toggleSelection(current, key, code),
  }, cardFace(info));
}

function render(current) {
  if (current.closed) return;
  const game = current.game;
  const view = game.view || {};
  const type = gameTypeOf(current);
  const seated = game.seat !== undefined && game.seat !== null;
  const mine = seated && (game.toAct || []).includes(game.seat) && !game.finished;
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.key || document.activeElement.dataset.notation : null;
  document.title = `${type.title}: ${mine ? "your turn" : game.finished ? "finished" : "waiting"}`;
  let keyCounter = 0;
  const ui = {
    h,
    seatName: (seat) => seatName(current, seat),
    cardName: (code, given) => cardName(current, code, given),
    card: (code) => cardElement(current, code, `board-${keyCounter++}-${code}`),
    cell: (cellName, code) => {
      const label = code ? `${cellName}: ${cardName(current, code)}` : `${cellName}: empty`;
      const usable = current.moves.some((move) => tokensOf(move).includes(cellName));
      const content = code ? cardFace(cardInfo(current, code)) : h("span", { class: "cell-name" }, cellName);
      if (!seated || !current.moves.length) {
        return h("span", { class: `cell${code ? " filled" : ""}`, role: "img", "aria-label": label,
          "data-cell": cellName, "data-card": code || undefined }, content);
      }
      const key = `cell-${cellName}`;
      const pressed = current.selection.some((entry) => entry.key === key);
      return h("button", { type: "button", class: `cell${code ? " filled" : ""}${usable ? " playable" : ""}` +
        `${pressed ? " selected" : ""}`, "aria-label": label, "aria-pressed": pressed ? "true" : "false",
        "data-cell": cellName, "data-card": code || undefined, "data-key": key,
        onclick: () => toggleSelection(current, key, cellName) }, content);
    },
  };

  const toAct = (game.toAct || []).map((seat) => seatName(current, seat));
  let turnText;
  if (game.finished) turnText = "The match is over.";
  else if (mine) turnText = "Your turn.";
  else turnText = `Waiting for ${toAct.join(" and ")}.`;

  const header = h("section", { class: "panel table-head", "aria-label": "Game" },
    h("h2", {}, type.title),
    h("p", {}, "Game id ", h("code", { id: "game-id" }, game.gameId), ` \u00b7 version `,
      h("span", { id: "version" }, String(game.version)), " \u00b7 ",
      seated ? h("span", { id: "my-seat" }, `You play ${seatName(current, game.seat).replace(" (you)", "")}`)
        : h("span", { id: "my-seat" }, "Watching as a spectator")),
    h("p", { id: "turn", class: mine ? "your-turn" : "", "aria-live": "polite" }, turnText),
    h("p", { id: "pending" }, pendingText(ui, view)),
    h("p", { id: "following", class: "note" }),
    h("p", {}, h("a", { href: "#/" }, "Lobby"), " \u00b7 ",
      h("a", { href: `#/watch/${game.gameId}` }, "Spectator view")));

  const bots = botSeats(current);
  const players = h("section", { class: "panel", "aria-labelledby": "players-title" },
    h("h3", { id: "players-title" }, "Players"),
    h("ul", { class: "players", id: "players" }, Array.from({ length: game.players }, (_unused, seat) => {
      const acting = (game.toAct || []).includes(seat) && !game.finished;
      const handCount = (view.handCounts || [])[seat];
      const total = (view.totals || (current.score && current.score.totals) || [])[seat];
      return h("li", { class: `player${acting ? " acting" : ""}`, "data-seat": seat,
        style: `border-color: ${SEAT_COLORS[seat % SEAT_COLORS.length]}` },
        h("strong", {}, seatName(current, seat)),
        bots[seat] ? h("span", { class: "badge", "data-bot": bots[seat],
          title: bots[seat] === "bot" ? "Bot" : `Bot (${bots[seat]})` }, "bot") : "",
        acting ? h("span", { class: "badge acting" }, "to act") : "",
        h("span", {}, handCount === undefined ? "" : ` ${handCount} cards in hand`),
        h("span", {}, total === undefined ? "" : ` \u00b7 ${total} points`));
    })));

  const board = h("section", { class: "panel board", id: "board", "aria-labelledby": "board-title" },
    h("h3", { id: "board-title" }, "Table"), boardParts(ui, game.gameType, view));

  const parts = [header, players, board];
  if (seated) parts.push(renderHand(current, view));
  if (seated) parts.push(renderMoves(current, mine));
  const invites = renderInvites(current);
  if (invites) parts.push(invites);
  parts.push(renderLog(current), renderScore(current));
  app.replaceChildren(h("div", { class: "table" }, parts));
  renderFollowing(current);
  if (focused) {
    const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`) ||
      document.querySelector(`[data-notation="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

function renderHand(current, view) {
  const hand = view.hand || [];
  const list = h("div", { class: "card-row hand", id: "hand", role: "list", "aria-label": "Your hand" });
  hand.forEach((code, index) => {
    list.append(h("div", { role: "listitem" }, cardElement(current, code, `hand-${index}-${code}`)));
  });
  if (!hand.length) list.append(h("span", { class: "empty" }, "No cards in your hand."));
  return h("section", { class: "panel", "aria-labelledby": "hand-title" },
    h("h3", { id: "hand-title" }, `Your hand (${hand.length})`),
    h("p", { class: "note" }, current.game.gameType === "dracula"
      ? "Select a card or a coffin cell to see only the moves that use it."
      : "Select cards to see only the moves that use them."), list);
}

function renderMoves(current, mine) {
  const box = h("section", { class: "panel", "aria-labelledby": "moves-title" },
    h("h3", { id: "moves-title" }, "Your moves"));
  if (!mine) {
    box.append(h("p", { id: "no-moves", class: "note" }, current.game.finished ? "The match is over."
      : "Not your turn: the moves appear when it is."));
    return box;
  }
  const matching = current.moves.filter((move) => moveMatches(move, current.selection));
  if (current.selection.length) {
    box.append(h("p", { id: "move-filter" },
      `Showing the ${matching.length} of ${current.moves.length} moves with `,
      current.selection.map((entry) => cardName(current, entry.token)).join(", "), " ",
      h("button", { type: "button", id: "clear-selection", onclick: () => {
        current.selection = [];
        render(current);
      } }, "Show all moves")));
  }
  const list = h("ul", { class: "moves", id: "moves" });
  for (const move of matching) {
    list.append(h("li", {}, h("button", {
      type: "button",
      class: `move${current.selection.length ? " highlighted" : ""}`,
      "data-notation": move.notation,
      "data-kind": move.kind,
      disabled: current.busy,
      onclick: () => applyMove(current, move),
    }, move.description || move.notation, h("small", { class: "notation" }, move.notation))));
  }
  if (!matching.length) list.append(h("li", { class: "empty" }, "No move uses that selection."));
  box.append(list);
  return box;
}

async function applyMove(current, move) {
  if (current.busy) return;
  current.busy = true;
  for (const button of document.querySelectorAll("button.move")) button.disabled = true;
  say(`Playing: ${move.description || move.notation}`);
  try {
    await api.applyMove(current.gameId, current.token, move.notation, current.game.version);
    current.selection = [];
    say("");
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) say("The game moved on; here is the new state.", true);
    else say(`The move was refused: ${error.message}`, true);
  }
  await refresh(current).catch((error) => say(`Could not read the game: ${error.message}`, true));
  current.busy = false;
  render(current);
  if (!document.activeElement || document.activeElement === document.body) {
    const first = document.querySelector("button.move");
    if (first) first.focus();
  }
}

function renderInvites(current) {
  const raw = sessionStorage.getItem(`cardengine.invites.${current.gameId}`);
  if (!raw || current.game.finished) return null;
  let invites = [];
  try {
    invites = JSON.parse(raw);
  } catch (_error) {
    return null;
  }
  return h("section", { class: "panel", "aria-labelledby": "invites-title" },
    h("h3", { id: "invites-title" }, "Other players' seats"),
    h("p", { class: "note" }, "Give each player the game id and their seat token (under \u201cSit at a game\u201d " +
      "in the lobby). Tokens are shown only here, in this tab."),
    h("ul", { id: "invites" }, invites.map((invite) => h("li", {}, `${seatName(current, invite.seat)}: `,
      h("code", { class: "seat-token", "data-seat": invite.seat }, invite.token)))));
}

// ----- the event log ----------------------------------------------------------------------------------------------
function eventText(current, event) {
  if (event.text) return event.text;
  const subject = event.seat !== undefined && event.seat !== null ? seatName(current, event.seat) : "";
  const what = String(event.kind || "event").replace(/_/g, " ");
  const details = [];
  for (const [key, value] of Object.entries(event.data || {})) {
    details.push(`${key.replace(/([A-Z])/g, " $1").toLowerCase()} ${describeData(current, key, value)}`);
  }
  const sentence = subject ? `${subject}: ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
  return details.length ? `${sentence} (${details.join("; ")})` : sentence;
}

function describeData(current, key, value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.map((item) => describeData(current, key, item)).join(", ") || "none";
  if (typeof value === "object") {
    return Object.entries(value).map(([inner, item]) => `${inner} ${describeData(current, inner, item)}`).join(", ");
  }
  if (typeof value === "number" && /seat|^to$|winner|owner|dealer|leader|starter/i.test(key)) {
    return seatName(current, value);
  }
  if (typeof value === "string") return cardName(current, value);
  return String(value);
}

function renderLog(current) {
  const list = h("ol", { id: "event-log", class: "log", "aria-live": "polite", reversed: true });
  const recent = current.events.slice(-200).reverse();
  for (const event of recent) {
    list.append(h("li", { "data-version": event.version, "data-kind": event.kind },
      h("span", { class: "version" }, `${event.version}`), " ", eventText(current, event)));
  }
  if (!recent.length) list.append(h("li", { class: "empty" }, "Nothing has happened yet."));
  return h("section", { class: "panel", "aria-labelledby": "log-title" },
    h("h3", { id: "log-title" }, "What happened (newest first)"), list);
}

// ----- the score sheet --------------------------------------------------------------------------------------------
function renderScore(current) {
  const score = current.score || { totals: [], rounds: [] };
  const players = current.game.players;
  const seatsRange = Array.from({ length: players }, (_unused, seat) => seat);
  const tableNode = h("table", { id: "score-sheet" },
    h("caption", {}, "Points per round"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Round"),
      seatsRange.map((seat) => h("th", { scope: "col" }, seatName(current, seat))))),
    h("tbody", {}, (score.rounds || []).map((round) => h("tr", {}, h("th", { scope: "row" }, round.label),
      seatsRange.map((seat) => h("td", {}, String((round.points || [])[seat] || 0)))))),
    h("tfoot", {}, h("tr", { id: "score-totals" }, h("th", { scope: "row" }, "Total"),
      seatsRange.map((seat) => h("td", {}, String((score.totals || [])[seat] || 0))))));
  const parts = [h("h3", { id: "score-title" }, "Score sheet"), tableNode, scoreChart(current, score, seatsRange)];
  if (score.finished && current.game.finished) {
    const winners = (score.winners || []).map((seat) => seatName(current, seat));
    parts.push(h("p", { id: "winner", class: "winner", role: "status" },
      winners.length === 1 ? `Winner: ${winners[0]}` : winners.length ? `Winners: ${winners.join(" and ")}`
        : "No winner."));
  }
  return h("section", { class: "panel", "aria-labelledby": "score-title" }, parts);
}

function scoreChart(current, score, seatsRange) {
  const SVG = "http://www.w3.org/2000/svg";
  const rounds = score.rounds || [];
  const series = seatsRange.map((seat) => {
    let running = 0;
    return [0, ...rounds.map((round) => (running += (round.points || [])[seat] || 0))];
  });
  const values = series.flat();
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const width = 320;
  const height = 140;
  const pad = 24;
  const x = (index) => pad + (rounds.length ? (index * (width - 2 * pad)) / rounds.length : 0);
  const y = (value) => height - pad - ((value - bottom) * (height - 2 * pad)) / (top - bottom);
  const summary = seatsRange.map((seat) => `${seatName(current, seat)} ${series[seat].at(-1)}`).join(", ");
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("id", "score-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Totals after each round: ${summary}`);
  const line = (x1, y1, x2, y2, stroke) => {
    const node = document.createElementNS(SVG, "line");
    for (const [key, value] of Object.entries({ x1, y1, x2, y2, stroke })) node.setAttribute(key, String(value));
    svg.append(node);
  };
  line(pad, y(bottom), width - pad, y(bottom), "#999");
  line(pad, y(0), width - pad, y(0), "#bbb");
  line(pad, pad, pad, height - pad, "#999");
  const label = (text, xPos, yPos, anchor, color) => {
    const node = document.createElementNS(SVG, "text");
    node.setAttribute("x", String(xPos));
    node.setAttribute("y", String(yPos));
    node.setAttribute("font-size", "10");
    node.setAttribute("text-anchor", anchor);
    node.setAttribute("fill", color || "#444");
    node.textContent = text;
    svg.append(node);
  };
  label(String(top), pad - 3, pad + 4, "end");
  label(String(bottom), pad - 3, y(bottom) + 4, "end");
  seatsRange.forEach((seat) => {
    const color = SEAT_COLORS[seat % SEAT_COLORS.length];
    const poly = document.createElementNS(SVG, "polyline");
    poly.setAttribute("points", series[seat].map((value, index) => `${x(index)},${y(value)}`).join(" "));
    poly.setAttribute("fill", "none");
    poly.setAttribute("stroke", color);
    poly.setAttribute("stroke-width", "2");
    poly.setAttribute("class", "series");
    svg.append(poly);
    label(seatName(current, seat), width - pad, 12 + seat * 11, "end", color);
  });
  return svg;
}

// ----- routing ----------------------------------------------------------------------------------------------------
function route() {
  say("");
  const match = /^#\/(play|watch)\/([^/?#]+)/.exec(location.hash);
  if (match) openTable(decodeURIComponent(match[2]), match[1] === "watch");
  else showLobby();
}

window.addEventListener("hashchange", route);
route();
