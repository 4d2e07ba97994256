"""Rummy Battle's move kinds, their notation, and the canonical order of a group's cards.

Notation policy (the engine's, the same in every game): a list argument is a multiset. ``meld 5H,7H,6H`` is the
same move as ``meld 5H,6H,7H``: ``Game.parse_move`` rewrites the list through ``canonical_list``. A Run is
written low to high by the position each card takes (a Joker written ``JK=7H`` at the 7's place; the Ace last in
Q-K-A, first otherwise); a Set lists its natural cards by suit (spades, hearts, diamonds, clubs) and its Jokers
(``JK``) last.
"""

from __future__ import annotations

from typing import Final

from engine.cards import ACE_HIGH, rank_number, run_positions
from engine.games.rummy_battle.cards import JOKER, NATURALS, run_order_key, set_order_key, stand_in
from engine.moves import Move, MoveKind

DRAW: Final = "draw"
TAKE: Final = "take"
HOARD: Final = "hoard"
MELD: Final = "meld"
LAY_OFF: Final = "lay_off"
DRAW_BONUS: Final = "draw_bonus"
PICKPOCKET: Final = "pickpocket"
THIEF: Final = "thief"
SWITCHEROO: Final = "switcheroo"
LUCKY_DAY: Final = "lucky_day"
DISCARD: Final = "discard"
SECOND_CHANCE: Final = "second_chance"
ACCEPT: Final = "accept"
PASS: Final = "pass"

# The templates name what each kind does, for the catalog; views.describe_move words every legal move in full.
MOVE_KINDS: Final[dict[str, MoveKind]] = {
    DRAW: MoveKind(DRAW, (), description="Draw two cards from the stock"),
    TAKE: MoveKind(
        TAKE,
        ("count",),
        description="Take the top {count} card(s) of the discard pile and play the last one taken at once",
    ),
    HOARD: MoveKind(
        HOARD,
        ("count",),
        description="Play a Hoard as your draw: take the top {count} card(s) of the discard pile into your hand",
    ),
    MELD: MoveKind(MELD, ("cards",), frozenset({"cards"}), description="Lay down a Run or Set of {cards}"),
    LAY_OFF: MoveKind(LAY_OFF, ("group", "card"), description="Play off {card} on group {group}"),
    DRAW_BONUS: MoveKind(DRAW_BONUS, (), description="Draw one card from the stock for a new Run or Set"),
    PICKPOCKET: MoveKind(
        PICKPOCKET, ("seat",), description="Play a Pickpocket: take one card at random from Seat {seat}'s hand"
    ),
    THIEF: MoveKind(THIEF, ("group",), description="Play a Thief: take the Set {group}, which then scores for you"),
    SWITCHEROO: MoveKind(SWITCHEROO, ("seat",), description="Play a Switcheroo: swap hands with Seat {seat}"),
    LUCKY_DAY: MoveKind(
        LUCKY_DAY, (), description="Play a Lucky Day: every player in turn may play off one card onto any Run or Set"
    ),
    DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}, ending your turn"),
    SECOND_CHANCE: MoveKind(
        SECOND_CHANCE, (), description="Reveal your 2nd Chance to cancel the Action Card played against you"
    ),
    ACCEPT: MoveKind(ACCEPT, (), description="Let the Action Card played against you take effect"),
    PASS: MoveKind(PASS, (), description="Play off no card in Lucky Day's round"),
}

# The moves without arguments, built once.
DRAW_TWO: Final = Move(DRAW)
BONUS_DRAW: Final = Move(DRAW_BONUS)
PLAY_LUCKY_DAY: Final = Move(LUCKY_DAY)
REVEAL_SECOND_CHANCE: Final = Move(SECOND_CHANCE)
ACCEPT_ACTION: Final = Move(ACCEPT)
PASS_LUCKY_DAY: Final = Move(PASS)


def canonical_list(kind: str, param: str, items: list[str]) -> list[str]:
    """The canonical order of a list argument (only ``meld``'s cards are a list)."""
    return list(canonical_group(tuple(items)))


def canonical_group(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """A group's cards in canonical order, whatever order they came in.

    Cards of one rank, with unplaced Jokers (``JK``), are a Set: by suit, Jokers last. Anything else is read as a
    Run: by position, the Ace high when the cards make a Run that ends with it (Q-K-A), else low. Lists that are no
    group at all get the same orders, so every multiset has exactly one canonical form.
    """
    naturals = [token for token in tokens if token in NATURALS]
    if naturals and len({card[0] for card in naturals}) == 1 and len(naturals) + tokens.count(JOKER) == len(tokens):
        return tuple(sorted(tokens, key=set_order_key))
    cards = [stand_in(token) for token in tokens]
    ace_high = False
    if all(cards):
        positions = run_positions(rank_number(card) for card in cards if card)
        ace_high = positions is not None and positions[-1] == ACE_HIGH
    return tuple(sorted(tokens, key=lambda token: run_order_key(token, ace_high=ace_high)))
