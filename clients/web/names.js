// How the table names and colours things: seats from the game (seat names, bots), cards from the catalog.

import { describeCard } from "./cards.js";
import { gameTypeOf } from "./catalog.js";
import { countedForPeople } from "./words.js";

const SEAT_COLORS = ["#c0392b", "#2471a3", "#1e7e45", "#9a6209", "#7d3c98", "#555"];

export function seatColor(seat) {
  return SEAT_COLORS[seat % SEAT_COLORS.length];
}

function seatNames(current) {
  const game = current.game;
  return game.seatNames || (game.view && game.view.seatNames) || [];
}

/** The bot kind per seat (a list indexed by seat); a server that lists bot seats by number says only "bot". */
export function botSeats(current) {
  const game = current.game;
  const bots = game.bots || (game.view && game.view.bots) || [];
  if (Array.isArray(bots) && bots.every((value) => typeof value === "number")) {
    const list = [];
    for (const seat of bots) list[seat] = "bot";
    return list;
  }
  return bots;
}

/** A seat's name without "(you)": its display name, else "Player 2" / "Bot 2" (counted from 1, as people do). */
export function plainSeatName(current, seat) {
  if (seat === undefined || seat === null || seat === "") return "";
  const name = seatNames(current)[seat];
  if (name) return name;
  return `${botSeats(current)[seat] ? "Bot" : "Player"} ${Number(seat) + 1}`;
}

export function seatName(current, seat) {
  const name = plainSeatName(current, seat);
  return name && seat === current.game.seat ? `${name} (you)` : name;
}

/** A server text for people: a seat named by number ("Seat 1", "to seat 1") by the page's names instead, and its
 * groups and piles numbered from 1 as the board numbers them (words.js, `countedForPeople`). */
export function withSeatNames(current, text) {
  const named = String(text).replace(/\b[Ss]eat (\d+)('s)?\b/g, (_all, seat, possessive) =>
    `${plainSeatName(current, Number(seat))}${possessive || ""}`);
  return countedForPeople(current.game.gameType, named);
}

export function cardInfo(current, code) {
  const type = gameTypeOf(current.game.gameType);
  return describeCard(code, type.cardMap, current.game.gameType);
}

export function cardName(current, code, given) {
  if (code === null || code === undefined) return "";
  if (given) return given;
  return cardInfo(current, String(code)).name;
}
