// The event log of the table, newest first: each event in words, from its own text or from its kind and data.

import { h } from "./dom.js";
import { cardName, seatName } from "./names.js";

function eventText(current, event) {
  if (event.text) return event.text;
  const subject = event.seat !== undefined && event.seat !== null ? seatName(current, event.seat) : "";
  const what = String(event.kind || "event").replace(/_/g, " ");
  const details = [];
  for (const [key, value] of Object.entries(event.data || {})) {
    details.push(`${key.replace(/([A-Z])/g, " $1").toLowerCase()} ${describeData(current, key, value)}`);
  }
  const sentence = subject ? `${subject}: ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
  return details.length ? `${sentence} (${details.join("; ")})` : sentence;
}

function describeData(current, key, value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.map((item) => describeData(current, key, item)).join(", ") || "none";
  if (typeof value === "object") {
    return Object.entries(value).map(([inner, item]) => `${inner} ${describeData(current, inner, item)}`).join(", ");
  }
  if (typeof value === "number" && /seat|^to$|winner|owner|dealer|leader|starter/i.test(key)) {
    return seatName(current, value);
  }
  if (typeof value === "string") return cardName(current, value);
  return String(value);
}

export function renderLog(current) {
  const list = h("ol", { id: "event-log", class: "log", "aria-live": "polite", reversed: true });
  const recent = current.events.slice(-200).reverse();
  for (const event of recent) {
    list.append(h("li", { "data-version": event.version, "data-kind": event.kind },
      h("span", { class: "version" }, `${event.version}`), " ", eventText(current, event)));
  }
  if (!recent.length) list.append(h("li", { class: "empty" }, "Nothing has happened yet."));
  return h("section", { class: "panel", "aria-labelledby": "log-title" },
    h("h3", { id: "log-title" }, "What happened (newest first)"), list);
}
