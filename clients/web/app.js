// The web table: a lobby (new game, join a seat, watch a game) and a table that plays one seat or watches as a
// spectator, on the public REST API only. Routes live in the URL's hash: #/ (lobby), #/play/ID, #/watch/ID; a seat
// link `#/play/ID?seat=TOKEN` hands a seat to any browser (seat_links.js), which keeps the token in localStorage.
// `?api=http://host:port` points the page at a server on another origin (which must allow this page's origin).
//
// The entry module (index.html loads it): it only routes. The lobby is lobby.js; the table is table.js, which
// reads (refresh.js), follows (live_updates.js) and draws (table_view.js) one game.

import { say } from "./dom.js";
import { showLobby } from "./lobby.js";
import { takeSeatFromAddress } from "./seat_links.js";
import { closeTable, openTable } from "./table.js";

function route() {
  say("");
  takeSeatFromAddress();
  const match = /^#\/(play|watch)\/([^/?#]+)/.exec(location.hash);
  if (match) {
    openTable(decodeURIComponent(match[2]), { spectator: match[1] === "watch" });
  } else {
    closeTable();
    showLobby();
  }
}

window.addEventListener("hashchange", route);
route();
