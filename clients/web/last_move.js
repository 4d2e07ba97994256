// The moves of the other seats, shown at a human pace: each version the page had not shown yet is one move (its
// first event with a seat names the mover); the newest is marked on the table (#last-move and the cards it named),
// and, when several came at once (bots answer in milliseconds), each is shown for a moment in turn. The pace is a
// setting; prefers-reduced-motion keeps the words and drops the animation (style.css).

import { withSeatNames } from "./names.js";
import { settings } from "./storage.js";

export const PACES = { slow: 1500, normal: 800, fast: 350, instant: 0 };
const MOST_SHOWN = 4; // a long run of bot moves is shown by its last four: the rest stay in the log

/** The move of each version in `events` (in order): `{version, seat, text, cards, cells, timedOut}`. */
export function movesOf(current, events) {
  const byVersion = new Map();
  for (const event of events) {
    if (event.seat === undefined || event.seat === null || event.version === 0) continue;
    if (byVersion.has(event.version) || /^(turn|hand_dealt|seed_revealed)$/.test(event.kind)) continue;
    const data = event.data || {};
    const cards = [data.card, ...(Array.isArray(data.cards) ? data.cards : [])].filter((c) => typeof c === "string");
    byVersion.set(event.version, { version: event.version, seat: event.seat, text: withSeatNames(current, event.text || ""),
      cards, cells: data.cell ? [data.cell] : [], timedOut: Boolean(event.timedOut) });
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

/** The game's last move: the header's own `lastMove` when the server names it, else the newest move of the log. */
export function lastMove(current) {
  const header = current.game.lastMove;
  const fromLog = movesOf(current, current.events).at(-1) || null;
  if (header && header.seat !== undefined && header.seat !== null && (header.description || header.text)) {
    const sameVersion = fromLog && fromLog.version === current.game.version ? fromLog : null;
    return { version: header.version ?? current.game.version, seat: header.seat,
      text: withSeatNames(current, header.description || header.text), cards: sameVersion ? sameVersion.cards : [],
      cells: sameVersion ? sameVersion.cells : [], timedOut: Boolean(header.timedOut) };
  }
  return fromLog;
}

/** Queues the other seats' moves among `fresh` events to be shown one after another; how long that takes (ms). */
export function queueOpponentMoves(current, fresh) {
  const step = PACES[settings.get("pace")] ?? PACES.normal;
  const others = movesOf(current, fresh).filter((move) => move.seat !== current.game.seat).slice(-MOST_SHOWN);
  if (!step || others.length < 1 || !current.shownOnce) {
    current.replay = [];
    return 0;
  }
  current.replay = others;
  return step * others.length;
}
