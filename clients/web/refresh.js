// Reading a table's game again: the game, and when it changed the seat's moves, the new events and the score.

import { queueOpponentMoves } from "./last_move.js";
import { api } from "./server.js";
import { seats } from "./storage.js";

/** Reads the game again and calls `draw()` after each change; one refresh at a time, one more if asked. */
export async function refresh(current, draw) {
  if (current.refreshing) {
    current.again = true;
    return current.refreshing;
  }
  current.refreshing = readUntilCurrent(current, draw);
  try {
    await current.refreshing;
  } finally {
    current.refreshing = null;
  }
}

async function readUntilCurrent(current, draw) {
  do {
    current.again = false;
    const game = await api.game(current.gameId, current.token);
    if (current.closed) return;
    current.readAt = performance.now();
    const changed = !current.game || current.game.version !== game.version || current.game.seat !== game.seat;
    current.game = game;
    rememberSeat(current, game);
    if (changed || !current.score) {
      await readDetails(current, game);
      if (current.closed) return;
      draw();
    }
  } while (current.again && !current.closed);
}

// A token entered in the lobby comes without its seat number: keep the one the server names.
function rememberSeat(current, game) {
  if (current.token && game.seat !== undefined && game.seat !== null) {
    const stored = seats.get(current.gameId);
    if (stored && stored.seat !== game.seat) seats.put(current.gameId, game.seat, current.token);
  }
}

async function readDetails(current, game) {
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
  const fresh = events.events || [];
  for (const event of fresh) current.events.push(event);
  current.paceMilliseconds = queueOpponentMoves(current, fresh);
  current.lastEventVersion = events.version !== undefined ? events.version : game.version;
  current.score = score;
  // The reads are not one snapshot: a score read after the game may already be final. Show the winner only
  // with the game's own final version, and read again to reach it.
  if (score.finished && !game.finished) current.again = true;
}
