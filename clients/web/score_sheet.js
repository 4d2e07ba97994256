// The score sheet: points per round per seat, the totals, a chart of the running totals once there are rounds to
// chart, and the winner once the game itself is over.

import { h } from "./dom.js";
import { seatColor, seatName } from "./names.js";
import { humanize } from "./words.js";

export function renderScore(current) {
  const score = current.score || { totals: [], rounds: [] };
  const players = current.game.players;
  const seatsRange = Array.from({ length: players }, (_unused, seat) => seat);
  const tableNode = h("table", { id: "score-sheet" },
    h("caption", {}, "Points per round"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Round"),
      seatsRange.map((seat) => h("th", { scope: "col" }, seatName(current, seat))))),
    h("tbody", {}, (score.rounds || []).map((round) => h("tr", {}, h("th", { scope: "row" }, humanize(round.label)),
      seatsRange.map((seat) => h("td", {}, String((round.points || [])[seat] || 0)))))),
    h("tfoot", {}, h("tr", { id: "score-totals" }, h("th", { scope: "row" }, "Total"),
      seatsRange.map((seat) => h("td", {}, String((score.totals || [])[seat] || 0))))));
  // Many seats on a narrow screen: the table scrolls in its own box, never the page sideways.
  const scroller = h("div", { class: "table-scroll", tabindex: "0", "aria-labelledby": "score-title" }, tableNode);
  const parts = [h("h2", { id: "score-title" }, "Score sheet"), scroller];
  if ((score.rounds || []).length) parts.push(scoreChart(current, score, seatsRange));
  if (score.finished && current.game.finished) {
    const winners = (score.winners || []).map((seat) => seatName(current, seat));
    parts.push(h("p", { id: "winner", class: "winner", role: "status" },
      winners.length === 1 ? `Winner: ${winners[0]}` : winners.length ? `Winners: ${winners.join(" and ")}`
        : "No winner."));
  }
  return h("section", { class: "panel", "aria-labelledby": "score-title" }, parts);
}

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const CHART_WIDTH = 320;
const CHART_HEIGHT = 140;
const CHART_PADDING = 24;

function svgNode(name, attributes, text) {
  const node = document.createElementNS(SVG_NAMESPACE, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Each seat's total after each round, starting from 0 before the first. */
function runningTotals(rounds, seatsRange) {
  return seatsRange.map((seat) => {
    let running = 0;
    return [0, ...rounds.map((round) => (running += (round.points || [])[seat] || 0))];
  });
}

function scoreChart(current, score, seatsRange) {
  const rounds = score.rounds || [];
  const series = runningTotals(rounds, seatsRange);
  const values = series.flat();
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const [width, height, pad] = [CHART_WIDTH, CHART_HEIGHT, CHART_PADDING];
  const x = (index) => pad + (rounds.length ? (index * (width - 2 * pad)) / rounds.length : 0);
  const y = (value) => height - pad - ((value - bottom) * (height - 2 * pad)) / (top - bottom);
  const summary = seatsRange.map((seat) => `${seatName(current, seat)} ${series[seat].at(-1)}`).join(", ");
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, id: "score-chart", role: "img",
    "aria-label": `Totals after each round: ${summary}` });
  const line = (x1, y1, x2, y2, stroke) => svg.append(svgNode("line", { x1, y1, x2, y2, stroke }));
  line(pad, y(bottom), width - pad, y(bottom), "#999");
  line(pad, y(0), width - pad, y(0), "#bbb");
  line(pad, pad, pad, height - pad, "#999");
  const label = (text, xPos, yPos, anchor, color) => svg.append(svgNode("text",
    { x: xPos, y: yPos, "font-size": "10", "text-anchor": anchor, fill: color || "#444" }, text));
  label(String(top), pad - 3, pad + 4, "end");
  label(String(bottom), pad - 3, y(bottom) + 4, "end");
  seatsRange.forEach((seat) => {
    const color = seatColor(seat);
    const points = series[seat].map((value, index) => `${x(index)},${y(value)}`).join(" ");
    svg.append(svgNode("polyline", { points, fill: "none", stroke: color, "stroke-width": "2", class: "series" }));
    label(seatName(current, seat), width - pad, 12 + seat * 11, "end", color);
  });
  return svg;
}
