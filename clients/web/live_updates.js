// Live updates of a table: the SSE stream (a seat's with a short-lived ticket when the server offers them), else
// polling every second. Each says only that something changed; `refreshTable()` reads what.

import { ApiError } from "./api.js";
import { say } from "./dom.js";
import { api } from "./server.js";

const POLL_MILLISECONDS = 1000;

export function follow(current, refreshTable) {
  if (current.closed || (current.game && current.game.finished)) return;
  const seated = Boolean(current.token);
  if (!seated) {
    openStream(current, null, refreshTable);
    return;
  }
  if (current.noTickets) {
    startPolling(current, refreshTable);
    return;
  }
  // Asking is the feature test (the OpenAPI document may list the route too): a server without stream tickets
  // answers 404, and the page reads the game every second instead.
  api.streamTicket(current.gameId, current.token).then(
    (answer) => {
      if (current.closed) return;
      if (answer && answer.ticket) {
        openStream(current, answer.ticket, refreshTable);
      } else {
        current.noTickets = true;
        startPolling(current, refreshTable);
      }
    },
    (error) => {
      if (current.closed) return;
      if (error instanceof ApiError && [404, 405, 501].includes(error.status)) current.noTickets = true;
      startPolling(current, refreshTable);
    },
  );
}

function scheduleRefresh(refreshTable) {
  refreshTable().catch((error) => say(`Could not read the game: ${error.message}`, { isError: true }));
}

function openStream(current, ticket, refreshTable) {
  const after = current.game ? current.game.version : undefined;
  const source = new EventSource(api.streamUrl(current.gameId, after, ticket));
  current.source = source;
  current.following = ticket ? "stream with a ticket" : "spectator stream";
  renderFollowing(current);
  source.addEventListener("version", () => scheduleRefresh(refreshTable));
  source.addEventListener("end", () => {
    source.close();
    scheduleRefresh(refreshTable);
  });
  source.onerror = () => {
    // A ticket is short-lived: ask for a new one (and start after the version shown) instead of reconnecting.
    source.close();
    if (current.closed || (current.game && current.game.finished)) return;
    current.retry = setTimeout(() => {
      scheduleRefresh(refreshTable);
      follow(current, refreshTable);
    }, 1000);
  };
}

function startPolling(current, refreshTable) {
  current.following = "polling every second";
  renderFollowing(current);
  if (current.poller) clearInterval(current.poller);
  current.poller = setInterval(async () => {
    if (current.closed) return;
    try {
      const game = await api.game(current.gameId, current.token);
      if (!current.game || game.version !== current.game.version) await refreshTable();
      if (game.finished) clearInterval(current.poller);
    } catch (error) {
      say(`Could not read the game: ${error.message}`, { isError: true });
    }
  }, POLL_MILLISECONDS);
}

/** Marks on the table (#following) how it follows the game: for tests and tools, not words for the player. */
export function renderFollowing(current) {
  const node = document.getElementById("following");
  if (node) node.dataset.following = current.following || "";
}
