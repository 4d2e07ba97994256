"""Draw Blood's move kinds and their notation.

Seats are numbers (``1``), slots are Monster types in lower case (``vampire``, ``werewolf``, ``watermonster``),
Melds are named by their id (shown in the view), lists of cards are comma-joined in the fixed card order.
"""

from __future__ import annotations

from engine.moves import MoveKind

DRAW = "draw"
PICK_UP_DISCARD_PILE = "pick_up_discard_pile"
PLAY_MONSTER = "play_monster"
KILL_MONSTER = "kill"
PLAY_IMMUNITY = "play_immunity"
MELD = "meld"
LAY_OFF = "lay_off"
TRIPLE_KILL = "triple_kill"
TRIPLE_REVIVE = "triple_revive"
PAIR_KILL = "pair_kill"
PAIR_REVIVE = "pair_revive"
DISCARD = "discard"
END_TURN = "end_turn"
NEXT_HAND = "next_hand"

DRAW_KINDS = frozenset((DRAW, PICK_UP_DISCARD_PILE))
ACTION_KINDS = frozenset(
    (PLAY_MONSTER, KILL_MONSTER, PLAY_IMMUNITY, MELD, LAY_OFF, TRIPLE_KILL, TRIPLE_REVIVE, PAIR_KILL, PAIR_REVIVE)
)

MOVE_KINDS: dict[str, MoveKind] = {
    DRAW: MoveKind(DRAW, (), description="Draw one card from the Draw Pile"),
    PICK_UP_DISCARD_PILE: MoveKind(
        PICK_UP_DISCARD_PILE, (), description="Pick up the whole Discard Pile (its top card must be used next)"
    ),
    PLAY_MONSTER: MoveKind(PLAY_MONSTER, ("card",), description="Play {card} into your Monster Row"),
    KILL_MONSTER: MoveKind(
        KILL_MONSTER,
        ("seat", "slot"),
        description="Play a Kill card on seat {seat}'s {slot} (on its Immunity card, if it has one)",
    ),
    PLAY_IMMUNITY: MoveKind(PLAY_IMMUNITY, ("card",), description="Play {card} above your matching Monster"),
    MELD: MoveKind(MELD, ("cards",), frozenset({"cards"}), description="Lay down the Meld {cards}"),
    LAY_OFF: MoveKind(LAY_OFF, ("meld", "cards"), frozenset({"cards"}), description="Play {cards} off Meld {meld}"),
    TRIPLE_KILL: MoveKind(
        TRIPLE_KILL,
        ("cards", "seat", "slot"),
        frozenset({"cards"}),
        description="Kill seat {seat}'s {slot} with the Triple Skulls {cards}",
    ),
    TRIPLE_REVIVE: MoveKind(
        TRIPLE_REVIVE,
        ("cards", "slot"),
        frozenset({"cards"}),
        description="Revive your {slot} with the Triple Hearts {cards}",
    ),
    PAIR_KILL: MoveKind(
        PAIR_KILL,
        ("meld", "card", "seat", "slot"),
        description="Complete the Pair {meld} with {card} and kill seat {seat}'s {slot} with the three",
    ),
    PAIR_REVIVE: MoveKind(
        PAIR_REVIVE,
        ("meld", "card", "slot"),
        description="Complete the Pair {meld} with {card} and revive your {slot} with the three",
    ),
    DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}"),
    END_TURN: MoveKind(END_TURN, (), description="End your turn"),
    NEXT_HAND: MoveKind(NEXT_HAND, (), description="Deal the next hand"),
}
