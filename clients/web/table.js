// One table at a time: opening it (a seat with this browser's token, or a spectator), reading and drawing it,
// following it live, and what the user does there (select cards, play a move, settings, resign or leave, a
// rematch at the end). Closing it stops every timer and stream.

import { ApiError } from "./api.js";
import { gameTypeOf, loadCatalog } from "./catalog.js";
import { tickClocks } from "./clocks.js";
import { app, h, say } from "./dom.js";
import { armFor, maySend } from "./guard.js";
import { PACES } from "./last_move.js";
import { follow } from "./live_updates.js";
import { refresh } from "./refresh.js";
import { redeemPendingInvitation } from "./seat_links.js";
import { withSeatNames } from "./names.js";
import { moveMatches, toggleSelected } from "./selection.js";
import { api } from "./server.js";
import { seats, settings } from "./storage.js";
import { drawTable, markLastMove } from "./table_view.js";

let table = null; // the table being shown (see openTable)

export function closeTable() {
  if (!table) return;
  table.closed = true;
  if (table.source) table.source.close();
  for (const timer of [table.poller, table.ticker]) if (timer) clearInterval(timer);
  for (const timer of [table.retry, table.armTimer, table.replayTimer]) if (timer) clearTimeout(timer);
  table = null;
}

export async function openTable(gameId, { spectator }) {
  closeTable();
  if (!spectator) {
    try {
      await redeemPendingInvitation(gameId);
    } catch (error) {
      app.replaceChildren(h("section", { class: "panel" },
        h("p", { role: "alert", class: "error" }, error instanceof ApiError && error.status === 404
          ? "This invitation was already used, or belongs to no game here." : `The invitation failed: ${error.message}`),
        h("a", { href: `#/watch/${gameId}` }, "Watch the game as a spectator")));
      return;
    }
  }
  const stored = spectator ? null : seats.get(gameId);
  if (!spectator && (!stored || !stored.token)) {
    app.replaceChildren(h("section", { class: "panel" },
      h("p", { role: "alert" }, "This browser holds no seat for this game. Open the seat link its creator gave you."),
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
    const lost = error instanceof ApiError && [401, 403].includes(error.status);
    app.replaceChildren(h("section", { class: "panel" },
      h("p", { role: "alert", class: "error" }, lost ? "This seat link is no longer valid for this game."
        : `This game cannot be shown: ${error.message}`),
      h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  current.ticker = setInterval(() => tickClocks(current), 1000);
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
    replay: [],
    replayQueue: null, // the replay running (startReplay), shown up to replayIndex
    replayIndex: 0,
  };
}

function refreshTable(current) {
  return refresh(current, () => draw(current));
}

const ACTIONS = (current) => ({
  select: (entry) => toggleSelection(current, entry),
  clearSelection: () => {
    current.selection = [];
    draw(current);
  },
  play: (move, version) => applyMove(current, move, version),
  hint: () => askHint(current),
  sortHand: (order) => {
    settings.put("handOrder", order);
    draw(current);
    document.getElementById("hand-order")?.focus();
  },
  setPace: (pace) => {
    settings.put("pace", pace);
    document.getElementById("pace")?.focus();
  },
  dismissSummary: (round) => {
    current.dismissedRound = round;
    draw(current);
  },
  confirm: (reason) => {
    const was = current.confirming;
    current.confirming = reason;
    draw(current);
    const focus = reason ? "confirm-no" : was === "left" ? "leave" : "resign";
    document.getElementById(focus)?.focus();
  },
  resign: (reason) => resignSeat(current, reason),
  rematch: () => startRematch(current),
  review: () => askReview(current),
});

// The review of this seat's moves in the finished match (review.js), a page at a time: the first page, then the
// next each time "More of the review" is clicked; a refusal is said, and the button stays for another try.
async function askReview(current) {
  if (current.reviewing || (current.review && !current.review.nextPageToken)) return;
  const more = Boolean(current.review);
  current.reviewing = true;
  draw(current);
  try {
    const page = await api.review(current.gameId, current.token, more ? current.review.nextPageToken : "");
    const decisions = [...(more ? current.review.decisions : []), ...(page.decisions || [])];
    current.review = { decisions, nextPageToken: page.nextPageToken || "" };
    say("");
  } catch (error) {
    const limited = error instanceof ApiError && error.code === "limit/hint_rate";
    say(limited ? `Too many reviews and hints for now; try again in ${error.details.retryAfterSeconds || 1} s.`
      : `No review: ${error.message}`, { isError: true });
  }
  current.reviewing = false;
  if (current.closed) return;
  draw(current);
  document.getElementById(!current.review ? "review" : more ? "review-more" : "review-title")?.focus();
}

// The seat resigns ("resigned") or leaves ("left"): the match ends at the server; a leave goes back to the lobby.
async function resignSeat(current, reason) {
  current.confirming = null;
  const leaving = reason === "left";
  say(leaving ? "Leaving the match..." : "Resigning...");
  try {
    await api.resign(current.gameId, current.token, leaving ? "left" : "resigned");
    say(leaving ? "You left the match." : "You resigned the match.");
  } catch (error) {
    const over = error instanceof ApiError && error.status === 422;
    say(over ? "The match was already over." : `That did not work: ${error.message}`, { isError: !over });
    if (!over) {
      draw(current);
      return;
    }
  }
  if (leaving) {
    location.hash = "#/";
    return;
  }
  await refreshTable(current).catch((error) => say(`Could not read the game: ${error.message}`, { isError: true }));
  draw(current);
  document.getElementById("summary-title")?.scrollIntoView({ block: "nearest" });
  document.getElementById("rematch")?.focus();
}

// A rematch: the same players in the same seats, a new deal. It is one game for every seat that asks (the server
// keys it by this game), so each player who asks sits at the same new game; this browser keeps its seat's token.
async function startRematch(current) {
  if (current.rematching) return;
  current.rematching = true;
  draw(current);
  try {
    const created = await api.rematch(current.gameId, current.token);
    const entries = created.seats || [];
    const own = entries.find((entry) => (entry.seat || 0) === current.game.seat) || entries[0];
    if (!own || !own.token) throw new Error("the server gave this browser no seat in the new game");
    seats.put(created.gameId, own.seat || 0, own.token);
    say("The rematch has begun.");
    location.hash = `#/play/${encodeURIComponent(created.gameId)}`;
  } catch (error) {
    current.rematching = false;
    say(`The rematch did not start: ${error.message}`, { isError: true });
    draw(current);
  }
}

function draw(current) {
  if (current.closed) return;
  current.catalogType = gameTypeOf(current.game.gameType);
  armFor(current, () => {
    // The moment is over: the moves of this version take clicks; focus the first when nothing has the focus.
    for (const button of document.querySelectorAll("button.move")) {
      if (Number(button.dataset.version) === current.game.version && !current.busy) button.disabled = false;
    }
    if (!document.activeElement || document.activeElement === document.body) {
      const first = document.querySelector("button.move:not([disabled])");
      if (first) first.focus();
    }
  });
  drawTable(current, ACTIONS(current));
  tickClocks(current);
  startReplay(current);
}

// The other seats' moves that came at once, each shown for a moment (last_move.js), then the last move stays.
// Moves that arrive while a replay runs follow the moves it has not shown yet, so that none is skipped.
function startReplay(current) {
  if (!current.replay || !current.replay.length) return;
  const left = current.replayQueue ? current.replayQueue.slice(current.replayIndex + 1) : [];
  const queue = [...left, ...current.replay];
  current.replay = [];
  if (current.replayTimer) clearTimeout(current.replayTimer);
  const step = PACES[settings.get("pace")] ?? PACES.normal;
  current.replayQueue = queue;
  current.replayEndsAt = performance.now() + step * queue.length;
  const show = (index) => {
    current.replayIndex = index;
    current.replaying = index < queue.length ? queue[index] : null;
    markLastMove(current);
    if (index < queue.length) {
      current.replayTimer = setTimeout(() => show(index + 1), step);
    } else {
      current.replayTimer = null;
      current.replayQueue = null;
    }
  };
  show(0);
}

function toggleSelection(current, entry) {
  toggleSelected(current.selection, entry);
  // Dracula's cell after a card: the one move they make together is played at once.
  if (entry.commits && current.selection.some((item) => item.token && item !== entry)) {
    const matching = current.moves.filter((move) => moveMatches(move, current.selection));
    if (matching.length === 1) {
      applyMove(current, matching[0], current.game.version);
      return;
    }
  }
  draw(current);
  const again = document.querySelector(`[data-key="${CSS.escape(entry.key)}"]`);
  if (again) again.focus();
}

// A hint for the version shown: the server's best moves for this seat (GET /v1/games/{id}/hints); the best one is
// marked in the moves panel, with the selection cleared so that it shows.
async function askHint(current) {
  if (current.hinting || current.hintsOff) return;
  const version = current.game.version;
  current.hinting = true;
  draw(current);
  try {
    const answer = await api.hints(current.gameId, current.token);
    current.hint = { version: answer.version, suggestions: answer.suggestions || [] };
    current.selection = [];
    say("");
  } catch (error) {
    const code = error instanceof ApiError ? error.code : "";
    if (code === "hints/disabled") current.hintsOff = true;
    else if (code === "limit/hint_rate") {
      say(`Too many hints for now; try again in ${error.details.retryAfterSeconds || 1} s.`, { isError: true });
    } else say(`No hint: ${error.message}`, { isError: true });
  }
  current.hinting = false;
  if (current.closed) return;
  draw(current);
  if (current.game.version === version) {
    (document.querySelector("button.move.hinted") || document.getElementById("hint"))?.focus();
  }
}

async function applyMove(current, move, drawnVersion) {
  if (!maySend(current, drawnVersion)) return;
  current.busy = true;
  for (const button of document.querySelectorAll("button.move")) button.disabled = true;
  say(`Playing: ${withSeatNames(current, move.description || move.notation)}`);
  try {
    await api.applyMove(current.gameId, current.token, move.notation, drawnVersion);
    current.selection = [];
    say("");
  } catch (error) {
    const isStale = error instanceof ApiError && error.status === 409;
    say(isStale ? "The game moved on; here is the table as it is now." : `The move was refused: ${error.message}`,
      { isError: true });
  }
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  await refreshTable(current).catch((error) => say(`Could not read the game: ${error.message}`, { isError: true }));
  current.busy = false;
  draw(current);
  if (!document.activeElement || document.activeElement === document.body) {
    document.querySelector("button.move:not([disabled])")?.focus();
  }
}
