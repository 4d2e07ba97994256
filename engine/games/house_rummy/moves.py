"""House Rummy's move kinds and notation.

Cards are listed comma-joined. A list argument is a multiset (``Game.parse_move`` canonicalises it): a new group's
cards are read sorted by code (``meld TH,JH,QH`` is ``meld JH,QH,TH``), a lay-off's cards as they lie on the run,
a Transition before its card (``lay_off 2H,TR 0lo`` is ``lay_off TR,2H 0lo``).
"""

from __future__ import annotations

from typing import Final

from engine.games.house_rummy.cards import TRANSITION, transition_first
from engine.moves import LIST_SEPARATOR, Move, MoveKind

DRAW: Final = "draw"
TAKE: Final = "take"
MELD: Final = "meld"
LAY_OFF: Final = "lay_off"
MOVE_CARD: Final = "move_card"
PLAY_POTATO: Final = "play_potato"
DISCARD: Final = "discard"
PASS_POTATO: Final = "pass_potato"
KEEP_POTATO: Final = "keep_potato"
CLAIM: Final = "claim"
PASS: Final = "pass"
FISH: Final = "fish"
GIVE: Final = "give"
SEE_HAND: Final = "see_hand"
EXCHANGE: Final = "exchange"
SEARCH: Final = "search"
NEW_PILE: Final = "new"  # the pile argument of a New Discard that starts a new pile

MOVE_KINDS: Final[dict[str, MoveKind]] = {
    DRAW: MoveKind(DRAW, (), description="Draw the top card of the draw pile"),
    TAKE: MoveKind(TAKE, ("pile", "count"), description="Take the top {count} card(s) of discard pile {pile}"),
    MELD: MoveKind(MELD, ("cards",), frozenset({"cards"}), description="Start a new group with {cards}"),
    LAY_OFF: MoveKind(
        LAY_OFF, ("cards", "target"), frozenset({"cards"}), description="Play {cards} off group {target}"
    ),
    MOVE_CARD: MoveKind(MOVE_CARD, ("card", "target"), description="Move your Move card {card} to group {target}"),
    PLAY_POTATO: MoveKind(PLAY_POTATO, (), description="Play the Hot Potato to your board (you go out this turn)"),
    DISCARD: MoveKind(DISCARD, ("card", "pile"), description="Discard {card} to pile {pile}"),
    PASS_POTATO: MoveKind(PASS_POTATO, ("seat",), description="Pass the Hot Potato to seat {seat}"),
    KEEP_POTATO: MoveKind(KEEP_POTATO, (), description="Keep the Hot Potato"),
    CLAIM: MoveKind(CLAIM, ("target",), description="Rummy on the board: claim the discard for group {target}"),
    PASS: MoveKind(PASS, (), description="Do not claim the discard"),
    FISH: MoveKind(FISH, ("seat", "ask"), description="Fish: ask seat {seat} for a {ask}"),
    GIVE: MoveKind(GIVE, ("card",), description="Give {card}"),
    SEE_HAND: MoveKind(SEE_HAND, ("seat",), description="See the hand of seat {seat}"),
    EXCHANGE: MoveKind(EXCHANGE, ("seat",), description="Exchange a card with seat {seat}"),
    SEARCH: MoveKind(SEARCH, ("card",), description="Take {card} from the discard pile"),
}

DRAW_MOVE: Final = Move(DRAW)
PASS_MOVE: Final = Move(PASS)
KEEP_POTATO_MOVE: Final = Move(KEEP_POTATO)
PLAY_POTATO_MOVE: Final = Move(PLAY_POTATO)


def canonical_list(kind: str, items: list[str]) -> list[str]:
    """A lay-off's cards as they lie (a Transition first); any other list sorted by card code."""
    return transition_first(items) if kind == LAY_OFF else sorted(items)


def cards_of(move: Move) -> list[str]:
    """The cards a meld or a lay-off plays."""
    return move.args[0].split(LIST_SEPARATOR)


def meld_move(cards: tuple[str, ...]) -> Move:
    return Move(MELD, (LIST_SEPARATOR.join(cards),))


def lay_off_move(cards: str, target: str) -> Move:
    return Move(LAY_OFF, (cards, target))


def transition_move(card: str, target: str) -> Move:
    return Move(LAY_OFF, (f"{TRANSITION}{LIST_SEPARATOR}{card}", target))
