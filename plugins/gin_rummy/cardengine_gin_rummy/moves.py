"""Gin Rummy's moves and their OpenSpiel action ids.

| move | notation | action id |
|---|---|---|
| discard a card (also the knocker's discard) | ``discard 7H`` | the card's id, 0-51 |
| lay off a card on the knocker's melds | ``lay_off 7H`` | the card's id, 0-51 |
| take the upcard | ``draw_upcard`` | 52 |
| draw from the stock | ``draw_stock`` | 53 |
| pass (the first upcard, the wall, done laying off or melding) | ``pass`` | 54 |
| knock | ``knock`` | 55 |
| lay a meld | ``meld 6H,7H,8H`` | 56 + the meld's id (56-240) |

A card id is ``suit * 13 + rank`` (suits spades, clubs, diamonds, hearts; Ace 0 to King 12); meld ids are
OpenSpiel's (``melds.MELD_CARDS``). An id 0-51 is a discard or a lay-off by the phase it is played in, as in
OpenSpiel: ``move_of_action(state, action)`` reads it so, ``action_of(move)`` gives a move's id.
"""

from __future__ import annotations

from typing import Final

from cardengine_gin_rummy.cards import CARD_IDS, CODES, NUM_CARDS
from cardengine_gin_rummy.melds import MELD_CARDS, meld_id
from engine.moves import Move, MoveKind

DISCARD: Final = "discard"
LAY_OFF: Final = "lay_off"
DRAW_UPCARD: Final = "draw_upcard"
DRAW_STOCK: Final = "draw_stock"
PASS: Final = "pass"
KNOCK: Final = "knock"
MELD: Final = "meld"

DRAW_UPCARD_ACTION: Final = 52
DRAW_STOCK_ACTION: Final = 53
PASS_ACTION: Final = 54
KNOCK_ACTION: Final = 55
MELD_ACTION_BASE: Final = 56
NUM_ACTIONS: Final = 241

MOVE_KINDS: dict[str, MoveKind] = {
    DRAW_UPCARD: MoveKind(DRAW_UPCARD, description="Take the upcard"),
    DRAW_STOCK: MoveKind(DRAW_STOCK, description="Draw the top card of the stock"),
    PASS: MoveKind(PASS, description="Pass"),
    KNOCK: MoveKind(KNOCK, description="Knock"),
    DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}"),
    LAY_OFF: MoveKind(LAY_OFF, ("card",), description="Lay off {card}"),
    MELD: MoveKind(MELD, ("cards",), frozenset({"cards"}), description="Lay the meld of {cards}"),
}

SIMPLE_MOVES: Final = {
    DRAW_UPCARD_ACTION: Move(DRAW_UPCARD),
    DRAW_STOCK_ACTION: Move(DRAW_STOCK),
    PASS_ACTION: Move(PASS),
    KNOCK_ACTION: Move(KNOCK),
}
SIMPLE_ACTIONS: Final = {move.kind: action for action, move in SIMPLE_MOVES.items()}
DISCARD_MOVES: Final = tuple(Move(DISCARD, (code,)) for code in CODES)
LAY_OFF_MOVES: Final = tuple(Move(LAY_OFF, (code,)) for code in CODES)
MELD_MOVES: Final = tuple(Move(MELD, (",".join(CODES[card] for card in meld),)) for meld in MELD_CARDS)


def canonical_cards(items: list[str]) -> list[str]:
    """A meld's cards in card-id order (a run low to high, a set by suit: spades, clubs, diamonds, hearts); codes
    that are no card keep their place after the cards."""
    return sorted(items, key=lambda code: (CARD_IDS.get(code, NUM_CARDS), code))


def meld_of(move: Move) -> int | None:
    """The meld id of a ``meld`` move, or None when its cards are no meld of OpenSpiel's (3-4 of a rank, a run of
    3-5)."""
    codes = move.args[0].split(",")
    if any(code not in CARD_IDS for code in codes) or not 3 <= len(codes) <= 5:
        return None
    cards = tuple(sorted(CARD_IDS[code] for code in codes))
    if len(set(cards)) != len(cards):
        return None
    same_rank = len({card % 13 for card in cards}) == 1
    run = len({card // 13 for card in cards}) == 1 and cards[-1] - cards[0] == len(cards) - 1
    if (same_rank and len(cards) <= 4) or run:
        return meld_id(cards)
    return None


def action_of(move: Move) -> int:
    """The OpenSpiel action id of a legal move."""
    if move.kind in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[move.kind]
    if move.kind == MELD:
        found = meld_of(move)
        if found is None:
            raise ValueError(f"'{move}' lays no meld.")
        return MELD_ACTION_BASE + found
    return CARD_IDS[move.args[0]]
