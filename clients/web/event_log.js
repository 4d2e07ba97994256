// The event log of the table, newest first: each event in words, from its own text or from its kind and data.
// The seed's reveal belongs to "Verify this deal" (fairness.js), not here.

import { h } from "./dom.js";
import { cardName, seatName, withSeatNames } from "./names.js";
import { humanize } from "./words.js";

const NOT_LOGGED = new Set(["seed_revealed", "seed_committed"]);

function eventText(current, event) {
  if (event.text) {
    const text = withSeatNames(current, event.text);
    return event.timedOut && !/time ran out/i.test(text) ? `Time ran out: ${text}` : text;
  }
  const subject = event.seat !== undefined && event.seat !== null ? seatName(current, event.seat) : "";
  const what = humanize(event.kind || "event").toLowerCase();
  const details = [];
  for (const [key, value] of Object.entries(event.data || {})) {
    details.push(`${humanize(key).toLowerCase()} ${describeData(current, key, value)}`);
  }
  const sentence = subject ? `${subject}: ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
  return details.length ? `${sentence} (${details.join("; ")})` : sentence;
}

function describeData(current, key, value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.map((item) => describeData(current, key, item)).join(", ") || "none";
  if (typeof value === "object") {
    return Object.entries(value).map(([inner, item]) => `${humanize(inner).toLowerCase()} ${describeData(current,
      inner, item)}`).join(", ");
  }
  if (typeof value === "number" && /seat|^to$|winner|owner|dealer|leader|starter/i.test(key)) {
    return seatName(current, value);
  }
  if (typeof value === "string") {
    const name = cardName(current, value);
    return /_|[a-z][A-Z]/.test(name) ? humanize(name).toLowerCase() : name;
  }
  return String(value);
}

export function renderLog(current) {
  const list = h("ol", { id: "event-log", class: "log", reversed: true, tabindex: 0, "aria-label": "Game log" });
  const recent = current.events.filter((event) => !NOT_LOGGED.has(event.kind)).slice(-200).reverse();
  for (const event of recent) {
    list.append(h("li", { "data-version": event.version, "data-kind": event.kind,
      class: event.timedOut ? "timed-out" : undefined }, eventText(current, event)));
  }
  if (!recent.length) list.append(h("li", { class: "empty" }, "Nothing has happened yet."));
  return h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, "What happened (newest first)"), list);
}
