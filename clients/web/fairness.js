// "Verify this deal": the seed commitment the server made before the first card (so it could not choose the deal
// after seeing the moves) and, once the match is over, the seed and salt it reveals. Shown on request only, never
// in the log.

import { h } from "./dom.js";
import { keepOpen } from "./help.js";

export function renderFairness(current) {
  const game = current.game;
  const fairness = (current.score && current.score.fairness) || {};
  const commitment = game.seedCommitment || fairness.seedCommitment || "";
  const body = [];
  if (game.seedSource === "client" || (!commitment && fairness.seedSource === "client")) {
    body.push(h("p", {}, "This game's deal number was chosen by whoever created it, so the deal can be replayed; " +
      "no commitment was needed."));
  } else if (commitment) {
    body.push(h("p", {}, "Before the first card, the server committed to the shuffle with this fingerprint:"),
      h("p", {}, h("code", { class: "commitment" }, commitment)));
  } else {
    body.push(h("p", {}, "This server publishes no fingerprint of the shuffle for this game."));
  }
  if (fairness.revealed && (fairness.seed || fairness.salt)) {
    body.push(h("p", {}, "Revealed after the end: the seed ", h("code", {}, fairness.seed),
      fairness.salt ? [" and the salt ", h("code", {}, fairness.salt)] : "", "."),
    commitment ? h("p", { class: "note" }, "The fingerprint is the SHA-256 of the salt and the seed: anyone can " +
      "check it and replay the deal with the cardengine verify command.") : "");
  } else if (commitment) {
    body.push(h("p", { class: "note" }, "The seed itself is revealed when the match is over."));
  }
  return h("details", keepOpen(current, "verify"), h("summary", {}, "Verify this deal"), body);
}
