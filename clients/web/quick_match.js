// The lobby's "Quick match" (docs/api.md "Quick match"): a game type and number of players, the player's name and
// how long to wait for people before bots take the empty seats. "Quick match" asks for a ticket
// (`POST /v1/matchmaking/tickets`), shows the wait while the ticket is read every half second, and once it is matched
// sits at the game's seat as the lobby does after creating a game. "Cancel" gives the ticket up.

import { ApiError } from "./api.js";
import { playerCounts } from "./catalog.js";
import { h, say } from "./dom.js";
import { playerId, playerName, rememberPlayerName } from "./open_games.js";
import { api } from "./server.js";
import { seats } from "./storage.js";

const POLL_MS = 500;
// How long to wait for other people before bots fill the empty seats (0: never).
const BOT_FILL = [[3, "3 seconds"], [10, "10 seconds"], [30, "30 seconds"], [60, "1 minute"], [0, "Never: people only"]];
const DEFAULT_FILL = 10;

let waiting = null; // the ticket being waited on: {ticketId, timer, started}; one at a time per page

export function quickMatchPanel(catalog) {
  const gameSelect = h("select", { id: "quick-game-type", name: "quickGameType" },
    catalog.gameTypes.map((type) => h("option", { value: type.id }, type.title)));
  const playersSelect = h("select", { id: "quick-players", name: "quickPlayers" });
  const fillSelect = h("select", { id: "quick-bot-fill", name: "quickBotFill" },
    BOT_FILL.map(([seconds, label]) => h("option", { value: seconds, selected: seconds === DEFAULT_FILL }, label)));
  const nameInput = h("input", { id: "quick-name", name: "quickName", type: "text", maxlength: "40",
    autocomplete: "nickname", placeholder: "Your name at the table", value: playerName() });
  const wait = h("p", { id: "quick-wait", class: "quick-wait", role: "status", "aria-live": "polite" });
  const start = h("button", { type: "button", id: "quick-match", class: "primary" }, "Quick match");
  const cancel = h("button", { type: "button", id: "quick-cancel", hidden: true }, "Cancel");
  const fillPlayers = () => {
    const type = catalog.gameTypes.find((entry) => entry.id === gameSelect.value) || catalog.gameTypes[0];
    playersSelect.replaceChildren(...playerCounts(type).map((count) => h("option", { value: count }, String(count))));
  };
  gameSelect.addEventListener("change", fillPlayers);
  fillPlayers();
  const parts = { gameSelect, playersSelect, fillSelect, nameInput, wait, start, cancel };
  start.addEventListener("click", () => startQuickMatch(parts));
  cancel.addEventListener("click", () => cancelQuickMatch(parts));
  return h("section", { class: "panel quick-match", "aria-labelledby": "quick-match-title" },
    h("h2", { id: "quick-match-title" }, "Quick match"),
    h("p", { class: "note" }, "Play now: you are matched with other players who want the same game, and bots take "
      + "the seats nobody takes in time."),
    field("quick-game-type", "Game", gameSelect), field("quick-players", "Players", playersSelect),
    field("quick-name", "Your name", nameInput), field("quick-bot-fill", "Bots join after", fillSelect),
    h("div", { class: "toolbar" }, start, cancel), wait);
}

function field(id, label, control) {
  return h("div", { class: "field" }, h("label", { for: id }, label), control);
}

async function startQuickMatch(parts) {
  const name = parts.nameInput.value.trim() || playerName();
  if (!name) {
    say("Enter your name to play a quick match.", { isError: true });
    parts.nameInput.focus();
    return;
  }
  rememberPlayerName(name);
  parts.nameInput.value = name;
  parts.start.disabled = true;
  say("");
  try {
    const ticket = await api.createTicket({
      gameType: parts.gameSelect.value,
      players: Number(parts.playersSelect.value),
      player: playerId(name),
      botFillAfterSeconds: Number(parts.fillSelect.value),
    });
    stopWaiting();
    waiting = { ticketId: ticket.ticketId, started: Date.now(), timer: 0 };
    parts.cancel.hidden = false;
    showWait(parts, 0);
    waiting.timer = setInterval(() => followTicket(parts), POLL_MS);
  } catch (error) {
    parts.start.disabled = false;
    say(`The quick match could not start: ${error.message}`, { isError: true });
  }
}

function showWait(parts, seconds) {
  parts.wait.textContent = `Looking for players... ${seconds} s`;
}

async function followTicket(parts) {
  if (!waiting) return;
  const { ticketId, started } = waiting;
  let ticket;
  try {
    ticket = await api.ticket(ticketId);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) endWaiting(parts, `The quick match ended: ${error.message}`);
    return; // a server briefly away: read again at the next tick
  }
  if (!waiting || waiting.ticketId !== ticketId) return;
  if (ticket.state === "matched") {
    stopWaiting();
    seats.put(ticket.gameId, ticket.seat || 0, ticket.token);
    location.hash = `#/play/${encodeURIComponent(ticket.gameId)}`;
  } else if (ticket.state === "waiting" || ticket.state === "matching") {
    showWait(parts, Math.floor((Date.now() - started) / 1000));
  } else {
    endWaiting(parts, ticket.state === "expired" ? "Nobody came in time: try again." : "");
  }
}

async function cancelQuickMatch(parts) {
  if (!waiting) return;
  const { ticketId } = waiting;
  try {
    await api.cancelTicket(ticketId);
    endWaiting(parts, "");
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "ticket/not_waiting")) say(error.message, { isError: true });
    // matched meanwhile: the next read sits at the game
  }
}

function stopWaiting() {
  if (waiting) clearInterval(waiting.timer);
  waiting = null;
}

function endWaiting(parts, message) {
  stopWaiting();
  parts.start.disabled = false;
  parts.cancel.hidden = true;
  parts.wait.textContent = message;
}

/** Leaving the lobby (another page of the app) stops reading the ticket; the ticket itself waits on. */
window.addEventListener("hashchange", () => {
  if (!location.hash.startsWith("#/play/")) stopWaiting();
});
