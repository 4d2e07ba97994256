// Ratings at a rated game's table (docs/api.md "Ratings"): each rated seat's rating beside its name in the players'
// list, and on the end screen each seat's change once the server applied the result ("Mina (you): 1200 → 1178,
// −22"). The numbers are the game header's `ratings`; an unrated game shows none of this.

import { h } from "./dom.js";
import { seatName } from "./names.js";

function ratingOf(current, seat) {
  return (current.game.ratings || []).find((rating) => rating.seat === seat);
}

/** The seat's rating for the players' list ("rating 1200"); nothing for a seat or game that is not rated. */
export function seatRating(current, seat) {
  const rating = current.game.rated ? ratingOf(current, seat) : undefined;
  if (!rating) return "";
  return h("span", { class: "rating", "data-seat": seat, title: "This seat's rating before the match" },
    ` \u00b7 rating ${rating.rating}`);
}

function signed(change) {
  return change > 0 ? `+${change}` : change < 0 ? `\u2212${-change}` : "\u00b10";
}

/** The end screen's rating changes of a rated game: one line per rated seat once the result is applied. */
export function ratingChanges(current) {
  const game = current.game;
  if (!game.rated || !game.finished) return [];
  const settled = (game.ratings || []).filter((rating) => rating.settled);
  if (!settled.length) {
    return [h("p", { id: "rating-changes", class: "note" }, "No rating changed: the match ended before its first " +
      "move or without a winner.")];
  }
  return [h("div", { id: "rating-changes", class: "rating-changes" },
    h("h3", {}, "Ratings"),
    h("ul", {}, settled.map((rating) => h("li", { class: "rating-change", "data-seat": rating.seat },
      h("strong", {}, `${seatName(current, rating.seat)}: `),
      `${rating.rating} \u2192 ${rating.newRating}, ${signed(rating.change)}`))))];
}
