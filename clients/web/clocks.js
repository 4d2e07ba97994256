// Turn clocks: each seat's time left to act, counted down every second from the `remainingMs` the game header gave
// when it was read (the server's deadlines, without trusting this computer's clock to agree with the server's).

import { h } from "./dom.js";
import { plainSeatName } from "./names.js";

function clockOf(current) {
  const clock = current.game.clock;
  return clock && (clock.turnSeconds || clock.matchSeconds) ? clock : null;
}

function format(milliseconds) {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The seats' time left now, by seat. */
function timesLeft(current) {
  const clock = clockOf(current);
  const left = new Map();
  if (!clock || clock.paused || current.game.finished) return left;
  const elapsed = performance.now() - (current.readAt || performance.now());
  for (const entry of clock.deadlines || []) left.set(entry.seat, Number(entry.remainingMs || 0) - elapsed);
  return left;
}

/** The head's line of clocks ("Ann 0:42"), or nothing when the game has no clock. */
export function renderClocks(current) {
  const clock = clockOf(current);
  if (!clock) return "";
  const line = h("p", { id: "clocks", class: "clocks", "aria-label": "Turn clocks" },
    `Turn clock: ${clock.turnSeconds ? `${clock.turnSeconds} seconds a turn` : "match time"}. `);
  line.append(h("span", { id: "clock-now", role: "timer", "aria-live": "off" }));
  return line;
}

/** Updates every countdown on the page; called each second while a table with a clock is shown. */
export function tickClocks(current) {
  if (!clockOf(current)) return;
  const left = timesLeft(current);
  const parts = [];
  for (const node of document.querySelectorAll(".clock[data-seat]")) {
    const seat = Number(node.dataset.seat);
    node.textContent = left.has(seat) ? ` \u23f1 ${format(left.get(seat))}` : "";
    node.classList.toggle("low", left.has(seat) && left.get(seat) < 10_000);
  }
  for (const [seat, milliseconds] of left) parts.push(`${plainSeatName(current, seat)} ${format(milliseconds)} left`);
  const now = document.getElementById("clock-now");
  if (now) now.textContent = parts.join(", ");
}
