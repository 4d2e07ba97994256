// The lobby's open games (docs/api.md "Lobby"): the games waiting for players (`GET /v1/lobby`), read when the lobby
// opens and by "Refresh", each with "Join", which takes the lowest open seat (`POST /v1/games/{id}/join`) for this
// browser's player and opens the table at that seat as the lobby does after creating a game.

import { ApiError } from "./api.js";
import { gameTypeOf } from "./catalog.js";
import { h, say } from "./dom.js";
import { api } from "./server.js";
import { seats, settings } from "./storage.js";
import { plural } from "./words.js";

/** The name this browser's player gave last (creating or joining a game), or "". */
export function playerName() {
  return settings.get("playerName") || "";
}

export function rememberPlayerName(name) {
  if (name) settings.put("playerName", name);
}

/** This browser's player id for `player` (docs/api.md "Lobby": letters, digits, `_-.:@`, 1 to 64): the name in
 * allowed characters and a random part kept in localStorage, so two people of one name are two players and one
 * browser never takes two seats of a game. The id is seen only by the seat that holds it. */
export function playerId(name) {
  let suffix = settings.get("playerSuffix");
  if (!suffix) {
    suffix = Math.random().toString(36).slice(2, 10) || "web";
    settings.put("playerSuffix", suffix);
  }
  const slug = String(name || "player").normalize("NFKD").replace(/[^A-Za-z0-9_.@-]+/g, "-")
    .replace(/^-+|-+$/g, "").slice(0, 40) || "player";
  return `${slug}:${suffix}`;
}

/** The creator's name of an open game: the first seat that is a person, named and not open. */
function creatorName(game) {
  const open = new Set(game.openSeats || []);
  const names = game.seatNames || [];
  const bots = game.bots || [];
  for (let seat = 0; seat < (game.players || names.length); seat += 1) {
    if (!open.has(seat) && !bots[seat] && names[seat]) return names[seat];
  }
  return "";
}

export function openGamesPanel() {
  const list = h("ul", { id: "open-games", class: "open-games", "aria-live": "polite" });
  const nameInput = h("input", { id: "join-name", name: "joinName", type: "text", maxlength: "32",
    autocomplete: "nickname", placeholder: "Your name at the table", value: playerName() });
  const refreshButton = h("button", { type: "button", id: "refresh-open-games" }, "Refresh");
  const panel = h("section", { class: "panel", "aria-labelledby": "open-games-title" },
    h("h2", { id: "open-games-title" }, "Open games"),
    h("p", { class: "note" }, "Games waiting for players: join one and sit at its open seat."),
    h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name"), nameInput),
    h("div", { class: "toolbar" }, refreshButton),
    list);
  const load = () => loadOpenGames(list, nameInput, refreshButton);
  refreshButton.addEventListener("click", load);
  load();
  return panel;
}

async function loadOpenGames(list, nameInput, refreshButton) {
  refreshButton.disabled = true;
  list.setAttribute("aria-busy", "true");
  try {
    const page = await api.openGames({ pageSize: 50 });
    const games = page.games || [];
    list.replaceChildren(...(games.length ? games.map((game) => openGameItem(game, nameInput))
      : [h("li", { class: "empty" }, "No game is waiting for players right now.")]));
  } catch (error) {
    list.replaceChildren(h("li", { class: "error" }, `The open games cannot be read: ${error.message}`));
  } finally {
    refreshButton.disabled = false;
    list.removeAttribute("aria-busy");
  }
}

function openGameItem(game, nameInput) {
  const type = gameTypeOf(game.gameType);
  const open = (game.openSeats || []).length;
  const creator = creatorName(game);
  const title = `${type.title}, ${plural(game.players, "player")}`;
  const titleId = `open-game-${game.gameId}`;
  return h("li", { class: "open-game", "data-game-id": game.gameId },
    h("strong", { id: titleId }, title),
    h("span", { class: "open-seats" }, `${open} of ${game.players} seats open`),
    creator ? h("span", { class: "created-by" }, `Created by ${creator}`) : "",
    h("span", { class: game.rated ? "badge rated" : "badge" }, game.rated ? "Rated" : "Unrated"),
    h("button", { type: "button", class: "primary join-open",
      "aria-label": `Join ${title}${creator ? ` created by ${creator}` : ""}`, "aria-describedby": titleId,
      onclick: (event) => joinOpenGame(game, nameInput, event.currentTarget) }, "Join"));
}

async function joinOpenGame(game, nameInput, button) {
  const name = nameInput.value.trim() || playerName();
  if (!name) {
    say("Enter your name to join a game.", { isError: true });
    nameInput.focus();
    return;
  }
  rememberPlayerName(name);
  nameInput.value = name;
  button.disabled = true;
  say("Joining the game...");
  try {
    const joined = await api.joinGame(game.gameId, playerId(name), name);
    const seat = joined.seat || {};
    seats.put(joined.gameId, seat.seat || 0, seat.token);
    say("");
    location.hash = `#/play/${encodeURIComponent(joined.gameId)}`;
  } catch (error) {
    button.disabled = false;
    const taken = error instanceof ApiError && ["seat/taken", "game/finished", "game/not_found"].includes(error.code);
    const seated = error instanceof ApiError && error.code === "seat/player_seated";
    say(taken ? "Someone else took that seat first, or the game is gone: pick another game."
      : seated ? "You already hold a seat in that game." : `You could not join: ${error.message}`, { isError: true });
    if (taken) document.getElementById("refresh-open-games")?.click();
  }
}
