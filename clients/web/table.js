// One table at a time: opening it (a seat with this tab's token, or a spectator), reading and drawing it, following
// it live, and what the user does there (select cards, play a move). Closing it stops every timer and stream.

import { ApiError } from "./api.js";
import { loadCatalog } from "./catalog.js";
import { app, h, say } from "./dom.js";
import { follow } from "./live_updates.js";
import { refresh } from "./refresh.js";
import { toggleSelected } from "./selection.js";
import { api } from "./server.js";
import { seats } from "./storage.js";
import { drawTable } from "./table_view.js";

let table = null; // the table being shown (see openTable)

export function closeTable() {
  if (!table) return;
  table.closed = true;
  if (table.source) table.source.close();
  if (table.poller) clearInterval(table.poller);
  if (table.retry) clearTimeout(table.retry);
  table = null;
}

export async function openTable(gameId, { spectator }) {
  closeTable();
  const stored = spectator ? null : seats.get(gameId);
  if (!spectator && (!stored || !stored.token)) {
    app.replaceChildren(h("section", { class: "panel" },
      h("p", { role: "alert" }, "This tab holds no seat token for this game."),
      h("a", { href: `#/watch/${gameId}` }, "Watch it as a spectator")));
    return;
  }
  table = newTable(gameId, stored ? stored.token : null);
  const current = table;
  app.replaceChildren(h("p", {}, "Loading the table..."));
  try {
    await Promise.all([loadCatalog(), api.detectFeatures()]);
    await refreshTable(current);
  } catch (error) {
    if (current.closed) return;
    app.replaceChildren(h("section", { class: "panel" },
      h("p", { role: "alert", class: "error" }, `This game cannot be shown: ${error.message}`),
      h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  follow(current, () => refreshTable(current));
}

function newTable(gameId, token) {
  return {
    gameId,
    token,
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
}

function refreshTable(current) {
  return refresh(current, () => draw(current));
}

function draw(current) {
  drawTable(current, {
    select: (key, token) => toggleSelection(current, key, token),
    clearSelection: () => {
      current.selection = [];
      draw(current);
    },
    play: (move) => applyMove(current, move),
  });
}

function toggleSelection(current, key, token) {
  toggleSelected(current.selection, key, token);
  draw(current);
  const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
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
    const isStale = error instanceof ApiError && error.status === 409;
    say(isStale ? "The game moved on; here is the new state." : `The move was refused: ${error.message}`,
      { isError: true });
  }
  await refreshTable(current).catch((error) => say(`Could not read the game: ${error.message}`, { isError: true }));
  current.busy = false;
  draw(current);
  if (!document.activeElement || document.activeElement === document.body) {
    const first = document.querySelector("button.move");
    if (first) first.focus();
  }
}
