// The end-of-hand and end-of-match summary: the winner on top (at the end), each seat's points of the hand with
// where they came from, and the cards the hand's end revealed. A hand's summary stays until the player goes on
// ("Next hand"), so a finished hand is not replaced by the next deal at once.

import { h } from "./dom.js";
import { endActions, endReason } from "./lifecycle.js";
import { ratingChanges } from "./ratings.js";
import { cardName, seatColor, seatName, withSeatNames } from "./names.js";
import { cardElement } from "./table_cards.js";
import { groupNumber, humanize, plural } from "./words.js";

const SEAT_KEYS = /^(seat|by|out|winner|starter|dealer|leader)$/;

export function renderSummary(current, actions) {
  const score = current.score || {};
  const rounds = (score.rounds || []).filter((round) => Array.isArray(round.points));
  const finished = current.game.finished && score.finished;
  if (current.roundsAtOpen === undefined) current.roundsAtOpen = finished ? 0 : rounds.length;
  const newest = rounds.length - 1;
  if (!finished && (newest < current.roundsAtOpen || newest < 0 || current.dismissedRound >= newest)) return null;
  if (finished && !rounds.length) return matchOver(current, actions, score);
  const round = scoredRound(rounds, finished);
  const section = h("section", { class: "panel summary", id: "summary", "aria-labelledby": "summary-title",
    "data-round": round.label });
  section.append(h("h2", { id: "summary-title" }, finished ? "The match is over" : `${humanize(round.label)} is over`));
  if (finished) section.append(...reasonLine(current), ...winnerLine(current, score), ...ratingChanges(current));
  section.append(h("p", { class: "note" }, finished ? `The last ${roundWord(round)}, ${round.label}:` : "This " +
    `${roundWord(round)}'s points:`));
  const revealed = revealedHands(current, round, finished);
  section.append(h("ul", { class: "summary-seats" }, Array.from({ length: current.game.players }, (_unused, seat) =>
    seatSummary(current, { round, seat, cards: revealed ? revealed[seat] : null }))));
  const board = boardOf(current, round);
  if (board) section.append(board);
  if (!finished) {
    section.append(h("button", { type: "button", id: "summary-close", class: "primary",
      onclick: () => actions.dismissSummary(newest) }, "Next hand"));
  } else {
    section.append(endActions(current, actions));
  }
  return section;
}

// The end of a match that scored no hand (a resignation or a leave before the first hand's end): how it ended, the
// winner and what to do next.
function matchOver(current, actions, score) {
  return h("section", { class: "panel summary", id: "summary", "aria-labelledby": "summary-title" },
    h("h2", { id: "summary-title" }, "The match is over"), ...reasonLine(current), ...winnerLine(current, score),
    ...ratingChanges(current), endActions(current, actions));
}

function reasonLine(current) {
  const reason = endReason(current);
  return reason ? [h("p", { id: "end-reason", class: "end-reason" }, reason)] : [];
}

function roundWord(round) {
  return String(round.label || "hand").split(" ")[0].toLowerCase() === "bonus" ? "round"
    : String(round.label || "hand").split(" ")[0].toLowerCase();
}

// At the end, the last round that scored a hand (Dracula's final "bonus" row is shown with the hand before it).
function scoredRound(rounds, finished) {
  const last = rounds[rounds.length - 1];
  if (finished && last.label === "bonus" && rounds.length > 1) {
    const before = rounds[rounds.length - 2];
    return { ...before, bonus: last.points };
  }
  return last;
}

function winnerLine(current, score) {
  const winners = (score.winners || []).map((seat) => seatName(current, seat));
  const text = winners.length === 1 ? `Winner: ${winners[0]}` : winners.length ? `Winners: ${winners.join(" and ")}`
    : "No winner.";
  const totals = (score.totals || []).map((total, seat) => `${seatName(current, seat)} ${plural(total, "point")}`);
  return [h("p", { id: "summary-winner", class: "winner" }, text),
    h("p", { class: "totals" }, `Final totals: ${totals.join(", ")}.`)];
}

function summaryCards(current, seat, { className, title, empty, codes }) {
  return h("div", { class: className }, h("span", { class: "note" }, codes.length ? `${title}: ` : empty),
    h("div", { class: "card-row", role: "list", "aria-label": `${seatName(current, seat)}: ${title.toLowerCase()}` },
      codes.map((code, index) => h("div", { role: "listitem" },
        cardElement(current, null, code, `${className}-${seat}-${index}`, { static: true })))));
}

function seatSummary(current, { round, seat, cards }) {
  const points = round.points[seat] ?? 0;
  const why = explanation(current, round, seat);
  if (round.bonus && round.bonus[seat]) why.push(`Bonus at the end of the match: ${round.bonus[seat]}`);
  const scored = scoredCards(round, seat);
  return h("li", { class: "summary-seat", "data-seat": seat, style: `border-color: ${seatColor(seat)}` },
    h("strong", {}, seatName(current, seat)), " ",
    h("span", { class: "summary-points" }, plural(points, "point")),
    why.length ? h("ul", { class: "summary-why" }, why.map((line) => h("li", {}, line))) : "",
    scored ? summaryCards(current, seat, { className: "summary-scored", title: "Cards that scored",
      empty: "No cards scored.", codes: scored }) : "",
    cards ? summaryCards(current, seat, { className: "summary-cards", title: "Cards left in hand",
      empty: "No cards left in hand.", codes: cards }) : "");
}

// The cards a seat's explanation says it scored with (Dragon Rummy's play area), shown as cards, not words.
function scoredCards(round, seat) {
  const explained = ((round.details || {}).explanations || [])[seat];
  return explained && isCards(explained.cards) ? explained.cards : null;
}

// Where a seat's points came from: the server's own explanation when it sends one, else Dracula's lines, else the
// round's details that hold one number per seat ("Meld points: 85").
function explanation(current, round, seat) {
  const details = round.details || {};
  const own = Array.isArray(details.explanations) ? details.explanations[seat]
    : Array.isArray(details.seats) ? details.seats[seat] : null;
  if (typeof own === "string") return [withSeatNames(current, own)];
  if (own && typeof own === "object") return explainObject(current, own);
  if (Array.isArray(details.sides)) return draculaLines(current, details, seat);
  const players = current.game.players;
  const lines = [];
  for (const [key, value] of Object.entries(details)) {
    if (Array.isArray(value) && value.length === players && value.every((item) => typeof item === "number")) {
      lines.push(numberLine(key, value[seat]));
    } else if (Array.isArray(value) && value.length === players && value.every((item) => item && typeof item ===
      "object" && !Array.isArray(item))) {
      lines.push(`${humanize(key)}: ${Object.entries(value[seat]).map(([inner, n]) => `${humanize(inner)
        .toLowerCase()} ${n}`).join(", ")}`);
    }
  }
  if (seat === 0) lines.push(...sharedFacts(current, details));
  return lines;
}

const isCards = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");
const cardList = (current, codes) => codes.map((code) => cardName(current, code)).join(", ");

// A seat's explanation object in lines: numbers ("Group bonus: 25"), cards ("Hand: 5 of Spades, ..."), and each
// scored item of a list ("Run (group 2): 4 of Clubs, 5 of Clubs, 7 of Clubs: 25"). Its total is shown already.
function explainObject(current, explained) {
  const lines = [];
  for (const [key, value] of Object.entries(explained)) {
    if (key === "points" || key === "cards" || value === null || value === undefined) continue;
    if (typeof value === "number") lines.push(numberLine(key, value));
    else if (typeof value === "string") lines.push(`${humanize(key)}: ${withSeatNames(current, value)}`);
    else if (isCards(value) && value.length) lines.push(`${humanize(key)}: ${cardList(current, value)}`);
    else if (Array.isArray(value)) lines.push(...value.filter((item) => item && typeof item === "object")
      .map((item) => explainItem(current, item)));
  }
  return lines;
}

// Points a seat loses, which the score sends as positive amounts (its total is the rest less them), shown with
// their minus under the words a player uses: "Cards left in hand: -15" under a total of 85 - 15 = 70.
const SUBTRACTED = { handPoints: "Cards left in hand", inHand: "Cards left in hand" };

function numberLine(key, value) {
  if (SUBTRACTED[key]) return `${SUBTRACTED[key]}: ${value > 0 ? `-${value}` : value < 0 ? `+${-value}` : "0"}`;
  return `${humanize(key)}: ${value}`;
}

function explainItem(current, item) {
  if (item.text || item.description) return withSeatNames(current, item.text || item.description);
  const kind = humanize(item.kind || item.label || "scored");
  // A scored group is named by its place on the table counted from 1, as the board names it.
  const which = item.group !== undefined ? ` (group ${groupNumber(current.game.gameType, item.group, null, true)})`
    : item.meld !== undefined ? ` (meld ${groupNumber(current.game.gameType, item.meld)})` : "";
  const cards = isCards(item.cards) ? `: ${cardList(current, item.cards)}` : "";
  const times = item.multiplier !== undefined && item.multiplier !== 1 ? ` (\u00d7 ${item.multiplier})` : "";
  const points = item.points !== undefined ? `: ${item.points}${times}` : item.value !== undefined ? `: ${item.value}`
    : "";
  return `${kind}${which}${cards}${points}`;
}

function sharedFacts(current, details) {
  const facts = [];
  for (const [key, value] of Object.entries(details)) {
    if (SEAT_KEYS.test(key) && typeof value === "number") facts.push(`${humanize(key)}: ${seatName(current, value)}`);
    else if (typeof value === "string" && !/^[A-Z0-9]{2,}$/.test(value)) facts.push(`${humanize(key)}: ${humanize(value)}`);
  }
  return facts;
}

function draculaLines(current, details, seat) {
  const side = details.sides.find((entry) => Array.isArray(entry.seats) && entry.seats.includes(seat)) ||
    details.sides.find((entry) => entry.side === seat % 2);
  if (!side) return [];
  const rank = details.lineRank || 1;
  return (side.lines || []).map((line, index) => {
    const cards = (line.cards || []).map((code) => cardName(current, code)).join(", ");
    const value = line.vampire ? "drained by the Vampire: 0" : line.multiplier > 1
      ? `${line.faceValue} \u00d7 ${line.multiplier} = ${line.value}` : `${line.value}`;
    const scored = index === rank - 1 ? " (scored)" : "";
    return `${humanize(side.direction)} ${line.cells}: ${cards}: ${value}${scored}`;
  });
}

// The cards each seat still held when the hand ended: the round's details or its scoring event, else (at the end)
// the view's revealed hands.
function revealedHands(current, round, finished) {
  const players = current.game.players;
  const isHands = (value) => Array.isArray(value) && value.length === players &&
    value.every((hand) => Array.isArray(hand) && hand.every((code) => typeof code === "string"));
  const details = round.details || {};
  for (const key of ["hands", "revealed", "handCards", "cardsInHand", "remaining"]) {
    if (isHands(details[key])) return details[key];
  }
  const explained = Array.isArray(details.explanations) ? details.explanations : [];
  for (const key of ["hand", "cardsInHand", "remaining", "revealed"]) {
    const hands = explained.map((entry) => entry && entry[key]);
    if (isHands(hands)) return hands;
  }
  for (let index = current.events.length - 1; index >= 0; index -= 1) {
    const data = current.events[index].data || {};
    if (data.label === round.label || data.hand !== undefined || data.round !== undefined) {
      for (const key of ["hands", "revealed", "handCards", "cardsInHand", "remaining"]) {
        if (isHands(data[key])) return data[key];
      }
    }
  }
  const view = current.game.view || {};
  if (finished && isHands(view.hands)) return view.hands;
  return null;
}

// Dracula's coffin as it was scored (it is cleared for the next deal).
function boardOf(current, round) {
  const coffin = (round.details || {}).coffin;
  if (!coffin || typeof coffin !== "object") return null;
  const grid = h("div", { class: "coffin small", role: "list", "aria-label": "The coffin as it was scored" });
  for (const row of ["1", "2", "3"]) {
    for (const column of ["a", "b", "c"]) {
      const code = coffin[column + row];
      grid.append(h("div", { role: "listitem", class: "summary-cell" }, code
        ? cardElement(current, null, code, `summary-cell-${column}${row}`, { static: true })
        : h("span", { class: "empty" }, `${column}${row}`)));
    }
  }
  return h("div", { class: "summary-board" }, h("h3", {}, "The coffin"), grid);
}
