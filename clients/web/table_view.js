// The table of one game drawn from what the page last read (`current`): header, players, the board (laid out by
// layouts.js), the seat's hand and moves, invitations, the event log and the score sheet. User intent leaves by
// `actions` (select, clearSelection, play); drawing never asks the server anything.

import { gameTypeOf } from "./catalog.js";
import { app, h } from "./dom.js";
import { renderLog } from "./event_log.js";
import { boardParts, pendingText } from "./layouts.js";
import { renderFollowing } from "./live_updates.js";
import { renderHand, renderMoves } from "./moves_panel.js";
import { botSeats, cardName, seatColor, seatName } from "./names.js";
import { renderScore } from "./score_sheet.js";
import { invites } from "./storage.js";
import { cardElement, cellElement } from "./table_cards.js";

export function drawTable(current, actions) {
  if (current.closed) return;
  const game = current.game;
  const view = game.view || {};
  const type = gameTypeOf(game.gameType);
  const seated = game.seat !== undefined && game.seat !== null;
  const isMyTurn = seated && (game.toAct || []).includes(game.seat) && !game.finished;
  const focused = focusedKey();
  document.title = `${type.title}: ${isMyTurn ? "your turn" : game.finished ? "finished" : "waiting"}`;
  const ui = boardContext(current, actions);
  const header = tableHeader(current, { type, ui, view, seated, isMyTurn });
  const players = playersPanel(current, view);
  const board = h("section", { class: "panel board", id: "board", "aria-labelledby": "board-title" },
    h("h3", { id: "board-title" }, "Table"), boardParts(ui, game.gameType, view));
  const parts = [header, players, board];
  if (seated) parts.push(renderHand(current, actions, view));
  if (seated) parts.push(renderMoves(current, actions, { isMyTurn }));
  const invitations = renderInvites(current);
  if (invitations) parts.push(invitations);
  parts.push(renderLog(current), renderScore(current));
  app.replaceChildren(h("div", { class: "table" }, parts));
  renderFollowing(current);
  if (focused) restoreFocus(focused);
}

// Drawing replaces every element: the focus goes back to the card or move that had it (same data-key/notation).
function focusedKey() {
  const active = document.activeElement;
  return active && active.dataset ? active.dataset.key || active.dataset.notation : null;
}

function restoreFocus(focused) {
  const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`) ||
    document.querySelector(`[data-notation="${CSS.escape(focused)}"]`);
  if (again) again.focus();
}

/** What a layout may use (see layouts.js): names, and cards and coffin cells that the seat can select. */
function boardContext(current, actions) {
  let keyCounter = 0;
  return {
    h,
    seatName: (seat) => seatName(current, seat),
    cardName: (code, given) => cardName(current, code, given),
    card: (code) => cardElement(current, actions, code, `board-${keyCounter++}-${code}`),
    cell: (cellName, code) => cellElement(current, actions, cellName, code),
  };
}

function tableHeader(current, { type, ui, view, seated, isMyTurn }) {
  const game = current.game;
  const toAct = (game.toAct || []).map((seat) => seatName(current, seat));
  let turnText;
  if (game.finished) turnText = "The match is over.";
  else if (isMyTurn) turnText = "Your turn.";
  else turnText = `Waiting for ${toAct.join(" and ")}.`;
  return h("section", { class: "panel table-head", "aria-label": "Game" },
    h("h2", {}, type.title),
    h("p", {}, "Game id ", h("code", { id: "game-id" }, game.gameId), ` \u00b7 version `,
      h("span", { id: "version" }, String(game.version)), " \u00b7 ",
      seated ? h("span", { id: "my-seat" }, `You play ${seatName(current, game.seat).replace(" (you)", "")}`)
        : h("span", { id: "my-seat" }, "Watching as a spectator")),
    h("p", { id: "turn", class: isMyTurn ? "your-turn" : "", "aria-live": "polite" }, turnText),
    h("p", { id: "pending" }, pendingText(ui, view)),
    h("p", { id: "following", class: "note" }),
    h("p", {}, h("a", { href: "#/" }, "Lobby"), " \u00b7 ",
      h("a", { href: `#/watch/${game.gameId}` }, "Spectator view")));
}

function playersPanel(current, view) {
  const game = current.game;
  const bots = botSeats(current);
  return h("section", { class: "panel", "aria-labelledby": "players-title" },
    h("h3", { id: "players-title" }, "Players"),
    h("ul", { class: "players", id: "players" }, Array.from({ length: game.players }, (_unused, seat) => {
      const acting = (game.toAct || []).includes(seat) && !game.finished;
      const handCount = (view.handCounts || [])[seat];
      const total = (view.totals || (current.score && current.score.totals) || [])[seat];
      return h("li", { class: `player${acting ? " acting" : ""}`, "data-seat": seat,
        style: `border-color: ${seatColor(seat)}` },
        h("strong", {}, seatName(current, seat)),
        bots[seat] ? h("span", { class: "badge", "data-bot": bots[seat],
          title: bots[seat] === "bot" ? "Bot" : `Bot (${bots[seat]})` }, "bot") : "",
        acting ? h("span", { class: "badge acting" }, "to act") : "",
        h("span", {}, handCount === undefined ? "" : ` ${handCount} cards in hand`),
        h("span", {}, total === undefined ? "" : ` \u00b7 ${total} points`));
    })));
}

function renderInvites(current) {
  if (current.game.finished) return null;
  const list = invites.get(current.gameId);
  if (!list) return null;
  return h("section", { class: "panel", "aria-labelledby": "invites-title" },
    h("h3", { id: "invites-title" }, "Other players' seats"),
    h("p", { class: "note" }, "Give each player the game id and their seat token (under \u201cSit at a game\u201d " +
      "in the lobby). Tokens are shown only here, in this tab."),
    h("ul", { id: "invites" }, list.map((invite) => h("li", {}, `${seatName(current, invite.seat)}: `,
      h("code", { class: "seat-token", "data-seat": invite.seat }, invite.token)))));
}
