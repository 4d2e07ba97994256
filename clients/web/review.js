// Review after the match: each of this seat's decisions beside the move the server's strongest search preferred
// there (GET /v1/games/{id}/review: the hint that version would have given) and what the move made cost by the
// search's estimates, so a player sees where the match was lost. Asked on a click at the end of a match.

import { h } from "./dom.js";
import { withSeatNames } from "./names.js";

const COSTLY = 0.05; // a decision that gave away more of the estimate than this is marked as a mistake

/** "Review my moves" at the end of a match, for a seat; the review once it came, with "More of the review" while
 * the server has more pages. */
export function reviewPart(current, actions) {
  const seated = current.game.seat !== undefined && current.game.seat !== null && current.token;
  if (!seated || !current.game.finished) return "";
  if (current.review) {
    const section = renderReview(current, current.review);
    if (current.review.nextPageToken) {
      section.append(h("button", { type: "button", id: "review-more", "data-key": "review-more",
        disabled: current.reviewing ? true : undefined, onclick: () => actions.review() },
      current.reviewing ? "Reviewing..." : "More of the review"));
    }
    return section;
  }
  return h("button", { type: "button", id: "review", "data-key": "review",
    disabled: current.reviewing ? true : undefined, onclick: () => actions.review() },
  current.reviewing ? "Reviewing your moves..." : "Review my moves");
}

function percent(value) {
  return value === undefined || value === null ? "?" : `${Math.round(value * 100)}`;
}

function renderReview(current, review) {
  const decisions = review.decisions || [];
  const mistakes = decisions.filter((decision) => (decision.cost || 0) > COSTLY);
  const section = h("section", { id: "review-panel", class: "review", "aria-labelledby": "review-title" },
    h("h3", { id: "review-title", tabindex: "-1" }, "Your moves, reviewed"));
  if (!decisions.length) {
    section.append(h("p", { class: "note" }, "You had no choice to make in this match."));
    return section;
  }
  const best = decisions.filter((decision) => (decision.rank || 0) === 1).length;
  const sofar = review.nextPageToken ? " so far" : "";
  section.append(h("p", { id: "review-verdict" }, `${best} of ${decisions.length} decisions${sofar} were the best move ` +
    `the server found; ${mistakes.length ? `${mistakes.length} cost you more than a little.` : "none cost much."}`),
  h("p", { class: "note" }, "Values are the search's estimate of a move, from 0 to 100 (50: as things stood), " +
    "worked out from what you could see then."));
  const list = h("ol", { class: "review-decisions" });
  for (const decision of decisions) {
    const costly = (decision.cost || 0) > COSTLY;
    const madeText = withSeatNames(current, decision.made.description || decision.made.notation);
    const item = h("li", { class: `review-decision${costly ? " costly" : ""}${decision.rank === 1 ? " best" : ""}`,
      "data-version": decision.version, "data-rank": decision.rank },
    h("span", { class: "review-made" }, `Move ${decision.version + 1}: ${madeText}`));
    if (decision.rank === 1) {
      item.append(h("span", { class: "note" }, ` (the best move found, value ${percent(decision.bestReward)})`));
    } else {
      const bestText = withSeatNames(current, decision.best.description || decision.best.notation);
      item.append(h("span", { class: "review-best" }, ` Better: ${bestText}`),
        h("span", { class: "note" }, ` (value ${percent(decision.bestReward)} against ${percent(decision.madeReward)}` +
          `${decision.cost === undefined ? ", yours untried by the search" : `, cost ${percent(decision.cost)}`})`));
    }
    if (decision.timedOut) item.append(h("span", { class: "note" }, " (played for you when your time ran out)"));
    list.append(item);
  }
  section.append(list);
  return section;
}
