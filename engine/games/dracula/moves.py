"""Dracula's moves: ``declare across|down`` (the first dealer, once) and ``place <card> <cell>``.

Neither move takes a list argument, so the notation needs no canonical list order. The kinds' description
templates are the moves in words ("Place the Queen of Hearts on b1", "Declare across as your direction").
"""

from __future__ import annotations

from engine.moves import MoveKind

DECLARE = "declare"
PLACE = "place"

MOVE_KINDS: dict[str, MoveKind] = {
    DECLARE: MoveKind(
        DECLARE,
        ("direction",),
        description="Declare {direction} as your direction",
    ),
    PLACE: MoveKind(PLACE, ("card", "cell"), description="Place {card} on {cell}"),
}
