// The table of one game drawn from what the page last read (`current`): the head (turn, last move, clocks, help),
// the seat's hand and moves right under it (so a phone shows them together), the board (laid out by layouts.js),
// the players, the end-of-hand summary, the log, the score sheet and the seat links. User intent leaves by
// `actions` (select, clearSelection, play, sortHand, setPace, confirm, resign, rematch); drawing never asks the
// server anything.

import { gameTypeOf } from "./catalog.js";
import { renderClocks } from "./clocks.js";
import { app, h } from "./dom.js";
import { renderLog } from "./event_log.js";
import { renderFairness } from "./fairness.js";
import { renderHelp } from "./help.js";
import { lastMove, movesOf, PACES } from "./last_move.js";
import { boardParts, pendingText } from "./layouts.js";
import { lifecycleButtons, renderConfirm } from "./lifecycle.js";
import { renderFollowing } from "./live_updates.js";
import { renderHand, renderMoves } from "./moves_panel.js";
import { seatRating } from "./ratings.js";
import { botSeats, cardName, plainSeatName, seatColor, seatName, withSeatNames } from "./names.js";
import { renderScore } from "./score_sheet.js";
import { renderShare } from "./share.js";
import { settings } from "./storage.js";
import { renderSummary } from "./summary.js";
import { cardElement, cellElement, pileElement } from "./table_cards.js";
import { plural } from "./words.js";

export function drawTable(current, actions) {
  if (current.closed) return;
  const game = current.game;
  const view = game.view || {};
  const type = gameTypeOf(game.gameType);
  const seated = game.seat !== undefined && game.seat !== null;
  const isMyTurn = seated && (game.toAct || []).includes(game.seat) && !game.finished;
  const focused = focusedKey();
  const logScroll = logPosition();
  document.title = `${type.title}: ${isMyTurn ? "your turn" : game.finished ? "finished" : "waiting"}`;
  const ui = boardContext(current, actions);
  const parts = [tableHead(current, actions, { type, ui, view, seated, isMyTurn })];
  if (seated) parts.push(renderHand(current, actions, view), renderMoves(current, actions, { isMyTurn }));
  const summary = renderSummary(current, actions);
  if (summary) parts.push(summary);
  parts.push(h("section", { class: "panel board", id: "board", "aria-labelledby": "board-title" },
    h("h2", { id: "board-title" }, "Table"), boardParts(ui, game.gameType, view)));
  parts.push(playersPanel(current, view), renderLog(current), renderScore(current));
  const share = renderShare(current);
  if (share) parts.push(share);
  app.replaceChildren(h("div", { class: `table${summary ? " has-summary" : ""}`, "data-version": game.version }, parts));
  renderFollowing(current);
  markLastMove(current);
  restoreLogPosition(logScroll);
  if (focused) restoreFocus(focused);
  current.shownOnce = true;
}

// Drawing replaces every element: the focus goes back to the card or move that had it (same data-key/notation).
function focusedKey() {
  const active = document.activeElement;
  return active && active.dataset ? active.dataset.key || active.dataset.notation : null;
}

function restoreFocus(focused) {
  const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`) ||
    document.querySelector(`[data-notation="${CSS.escape(focused)}"]`);
  if (again && !again.disabled) again.focus();
}

// The log keeps where the reader scrolled: newest entries come on top, so the distance from the bottom is kept.
function logPosition() {
  const log = document.getElementById("event-log");
  return log && log.scrollTop > 0 ? log.scrollHeight - log.scrollTop : null;
}

function restoreLogPosition(fromBottom) {
  const log = document.getElementById("event-log");
  if (log && fromBottom !== null) log.scrollTop = log.scrollHeight - fromBottom;
}

/** What a layout may use (see layouts.js): names, cards, coffin cells and piles that the seat can select. */
function boardContext(current, actions) {
  let keyCounter = 0;
  return {
    h,
    gameType: current.game.gameType,
    seatName: (seat) => seatName(current, seat),
    whose: (seat) => (seat === current.game.seat ? "Your" : `${plainSeatName(current, seat)}'s`),
    cardName: (code, given) => cardName(current, code, given),
    card: (code) => cardElement(current, actions, code, `board-${keyCounter++}-${code}`, { onBoard: true }),
    cell: (cellName, code) => cellElement(current, actions, cellName, code),
    pile: (key, label, test, content) => pileElement(current, actions, { key, label, test }, content),
  };
}

function turnText(current, isMyTurn) {
  const game = current.game;
  if (game.finished) return "The match is over.";
  const open = (game.openSeats || []).length;
  if (open) return `Waiting for ${open} more ${open === 1 ? "player" : "players"} to join from the lobby.`;
  if (isMyTurn) return "Your turn.";
  const waiting = (game.toAct || []).map((seat) => plainSeatName(current, seat));
  return waiting.length ? `Waiting for ${waiting.join(" and ")}.` : "Waiting.";
}

function tableHead(current, actions, { type, ui, view, seated, isMyTurn }) {
  const game = current.game;
  return h("section", { class: "panel table-head", "aria-label": "Game" },
    h("div", { class: "head-line" },
      h("h2", {}, type.title),
      h("span", { id: "my-seat" }, seated ? `You play ${plainSeatName(current, game.seat)}` : "Watching as a spectator"),
      h("span", { id: "version", hidden: true }, String(game.version)),
      h("span", { class: "visually-hidden" }, "Game ", h("code", { id: "game-id" }, game.gameId))),
    h("p", { id: "turn", class: isMyTurn ? "your-turn" : "", "aria-live": "polite" }, turnText(current, isMyTurn)),
    h("p", { id: "last-move", class: "last-move", "aria-live": "polite" }),
    timedOutNotice(current),
    renderClocks(current),
    h("p", { id: "pending" }, game.finished ? "" : withSeatNames(current, pendingText(ui, view))),
    h("p", { id: "following", class: "note" }),
    h("div", { class: "toolbar" },
      h("a", { href: "#/" }, "Lobby"),
      renderHelp(current),
      renderFairness(current),
      paceSetting(actions),
      lifecycleButtons(current, actions)),
    renderConfirm(current, actions));
}

/** The turns the clock played since this seat's own last move (or, for a spectator, the last such turn), said in
 * the head where the player looks: "Time ran out for Mina (you): the table played for you: Draw a card." */
function timedOutNotice(current) {
  const game = current.game;
  const moves = movesOf(current, current.events);
  const mine = game.seat !== undefined && game.seat !== null;
  let since = -1;
  for (const move of moves) if (mine && move.seat === game.seat && !move.timedOut) since = move.version;
  const timed = moves.filter((move) => move.timedOut && move.version > since);
  const shown = mine ? timed : timed.slice(-1);
  if (!shown.length || (!mine && shown[0].version < game.version)) return "";
  return h("div", { id: "timed-out", class: "timed-out-notice", role: "status" },
    shown.slice(-3).map((move) => h("p", { "data-version": move.version, "data-seat": move.seat },
      h("strong", {}, `Time ran out for ${seatName(current, move.seat)}: `),
      `the table played ${move.seat === game.seat ? "for you" : "for them"}: `,
      /time ran out/i.test(move.text) ? move.text.replace(/^time ran out[:.]?\s*/i, "") : move.text)));
}

function paceSetting(actions) {
  const select = h("select", { id: "pace", onchange: (event) => actions.setPace(event.target.value) },
    Object.keys(PACES).map((pace) => h("option", { value: pace }, pace.charAt(0).toUpperCase() + pace.slice(1))));
  select.value = settings.get("pace");
  return h("span", { class: "setting" }, h("label", { for: "pace" }, "Opponents' moves"), " ", select);
}

/** Marks the last move (or, while several are replayed, the one being shown) in the head and on the board. */
export function markLastMove(current) {
  const node = document.getElementById("last-move");
  if (!node) return;
  const shown = current.replaying || lastMove(current);
  for (const marked of document.querySelectorAll(".last-moved")) marked.classList.remove("last-moved");
  if (!shown) {
    node.replaceChildren();
    delete node.dataset.seat;
    return;
  }
  node.dataset.seat = String(shown.seat);
  node.dataset.version = String(shown.version);
  node.style.borderColor = seatColor(shown.seat);
  node.replaceChildren(h("strong", {}, shown.seat === current.game.seat ? "Your last move: " : "Last move: "),
    shown.timedOut && !/time ran out/i.test(shown.text) ? "Time ran out. " : "", shown.text);
  node.classList.remove("flash");
  void node.offsetWidth; // restarts the animation for the next move
  node.classList.add("flash");
  for (const code of shown.cards) {
    for (const card of document.querySelectorAll(`#board [data-card="${CSS.escape(code)}"]`)) {
      card.classList.add("last-moved");
    }
  }
  for (const cell of shown.cells) {
    const node2 = document.querySelector(`#board [data-cell="${CSS.escape(cell)}"]`);
    if (node2) node2.classList.add("last-moved");
  }
}

function playersPanel(current, view) {
  const game = current.game;
  const bots = botSeats(current);
  return h("section", { class: "panel players-panel", "aria-labelledby": "players-title" },
    h("h2", { id: "players-title" }, "Players"),
    h("ul", { class: "players", id: "players" }, Array.from({ length: game.players }, (_unused, seat) => {
      const acting = (game.toAct || []).includes(seat) && !game.finished;
      const open = (game.openSeats || []).includes(seat) && !game.finished;
      const handCount = (view.handCounts || [])[seat];
      const total = (view.totals || (current.score && current.score.totals) || [])[seat];
      return h("li", { class: `player${acting ? " acting" : ""}`, "data-seat": seat,
        style: `border-color: ${seatColor(seat)}` },
        h("strong", {}, seatName(current, seat)),
        seatRating(current, seat),
        bots[seat] ? h("span", { class: "badge", "data-bot": bots[seat], title: "A bot plays this seat" }, "bot") : "",
        acting ? h("span", { class: "badge acting" }, "to act") : "",
        open ? h("span", { class: "badge open-seat" }, "open seat: waiting for a player") : "",
        h("span", { class: "clock", "data-seat": seat }),
        h("span", {}, handCount === undefined ? "" : ` ${plural(handCount, "card")} in hand`),
        h("span", {}, total === undefined ? "" : ` \u00b7 ${plural(total, "point")}`));
    })));
}
