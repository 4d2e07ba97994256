"""Draw Blood's legality, from one set of predicates.

Each predicate below checks one rule and returns ``None`` when the rule allows the move, else a ``Refusal`` with a
precise, stable code and the reason in words. ``legal_moves`` lists the moves the predicates allow (it enumerates
the candidates from the hand and keeps those every predicate of their kind allows), and ``explain`` runs the same
predicates on one move, in a fixed order, and reports the first refusal. Reasons name only the acting seat's own
cards, the cards its move names, and public cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Final

from engine.errors import IllegalMoveError, Refusal
from engine.games.draw_blood.cards import (
    CARD_ORDER,
    IMMUNITIES,
    KILL,
    MONSTERS,
    NUMBER_OF_CARD,
    PLURAL_NAMES,
    SLOT_INDEX,
    SLOT_OF_IMMUNITY,
    SLOT_OF_MONSTER,
    SLOTS,
    is_skull,
    name_or_code,
    sort_cards,
)
from engine.games.draw_blood.flow import ACTING, DRAWING, HAND_OVER
from engine.games.draw_blood.melds import RUN, SET, lay_offs, meld_kind, melds_in_hand
from engine.games.draw_blood.moves import (
    DISCARD,
    DRAW,
    DRAW_KINDS,
    END_TURN,
    KILL_MONSTER,
    LAY_OFF,
    MELD,
    NEXT_HAND,
    PAIR_KILL,
    PAIR_REVIVE,
    PICK_UP_DISCARD_PILE,
    PLAY_IMMUNITY,
    PLAY_MONSTER,
    TRIPLE_KILL,
    TRIPLE_REVIVE,
    card_list,
    cards_used,
)
from engine.games.draw_blood.table import (
    DrawBloodTable,
    Meld,
    Slot,
    is_dead,
    is_immune,
    meld_by_id,
    table_of,
)
from engine.moves import LIST_SEPARATOR, Move
from engine.state import GameState

# Refusals that legal_moves meets on most calls, built once.
DISCARD_PILE_EMPTY: Final = Refusal("move/discard_pile_empty", "the Discard Pile is empty")
TOP_CARD_UNUSABLE: Final = {
    card: Refusal(
        "move/top_card_unusable",
        f"the top card of the Discard Pile, the {name_or_code(card)}, could not be played in your next move "
        "(discarding it again does not count), so the pile may not be picked up",
    )
    for card in CARD_ORDER
}
ALREADY_DISCARDED: Final = Refusal("move/already_discarded", "you may never discard more than one card per turn")
SLOT_OCCUPIED: Final = {
    monster: Refusal(
        "move/slot_occupied",
        f"your {slot} slot already holds a live Monster; one of each type at a time, and a new one goes only on a "
        "killed one",
    )
    for monster, slot in zip(MONSTERS, SLOTS, strict=True)
}
NO_LIVE_MONSTER: Final = Refusal(
    "move/no_live_monster",
    "you must have at least one live Monster in your Monster Row to lay down Melds or play off Melds",
)


# ----- the predicates ----------------------------------------------------------------------------------------
def refuse_phase(table: DrawBloodTable, kind: str) -> Refusal | None:
    """Between hands only ``next_hand``; a turn begins with its draw, and has one draw."""
    phase = table["phase"]
    if phase == HAND_OVER:
        if kind == NEXT_HAND:
            return None
        return Refusal(
            "move/hand_over",
            f"hand {table['hand_number']} is over; its next leader deals the next one with 'next_hand'",
        )
    if kind == NEXT_HAND:
        return Refusal("move/hand_not_over", f"hand {table['hand_number']} is still being played")
    if phase == DRAWING and kind not in DRAW_KINDS:
        return Refusal("move/must_draw_first", "a turn begins by drawing one card or picking up the Discard Pile")
    if phase == ACTING and kind in DRAW_KINDS:
        return Refusal("move/already_drew", "you have drawn this turn; make your moves or end your turn")
    return None


def refuse_pick_up(table: DrawBloodTable, seat: int, highest_number: int) -> Refusal | None:
    """The whole Discard Pile may be taken as the draw only if its top card can be used in the very next move
    (with the hand after the pick-up; discarding it again does not count)."""
    pile = table["discard_pile"]
    if not pile:
        return DISCARD_PILE_EMPTY
    hand = [*table["hands"][seat], *pile]
    if any(True for _ in action_moves(table, seat, hand, highest_number, required=pile[-1])):
        return None
    return TOP_CARD_UNUSABLE[pile[-1]]


def refuse_unused_top_card(table: DrawBloodTable, move: Move) -> Refusal | None:
    """After picking up the Discard Pile, the next move must put its top card on the table."""
    must_use = table["must_use_card"]
    if must_use is None or (move.kind not in (DISCARD, END_TURN) and must_use in cards_used(move)):
        return None
    return Refusal(
        "move/must_use_top_card",
        f"having picked up the Discard Pile you must use its top card, the {name_or_code(must_use)}, in this move "
        "(a Monster, Kill, Immunity, Meld, play-off or three-of-a-kind move; not a discard)",
    )


def refuse_in_hand(hand: list[str], cards: list[str]) -> Refusal | None:
    needed = Counter(cards)
    for card, count in needed.items():
        held = hand.count(card)
        if held < count:
            return Refusal(
                "move/card_not_in_hand", f"it needs {count} x {name_or_code(card)} and your hand holds {held} of them"
            )
    return None


def refuse_discard(table: DrawBloodTable) -> Refusal | None:
    return ALREADY_DISCARDED if table["discarded_this_turn"] else None


def refuse_monster(row: list[Slot], card: str) -> Refusal | None:
    """One Monster of each type at a time: into an empty slot, or on a killed Monster of its type."""
    if card not in SLOT_OF_MONSTER:
        return Refusal("move/not_a_monster", f"the {name_or_code(card)} is not a Monster card")
    return SLOT_OCCUPIED[card] if row[SLOT_OF_MONSTER[card]]["alive"] else None


def refuse_seat(seat_text: str, players: int) -> Refusal | None:
    if seat_text not in SEAT_NAMES[:players]:
        return Refusal("move/bad_seat", f"'{seat_text}' is not a seat; seats are 0 to {players - 1}")
    return None


def refuse_slot(slot_text: str) -> Refusal | None:
    if slot_text not in SLOT_INDEX:
        return Refusal("move/bad_slot", f"'{slot_text}' is not a Monster slot; slots are {', '.join(SLOTS)}")
    return None


def refuse_target(rows: list[list[Slot]], seat: int, target: int, index: int, *, triple: bool) -> Refusal | None:
    """A Kill card takes an opponent's live Monster (on an immune one it cancels the Immunity); Triple Skulls
    only an opponent's live Monster without Immunity. Never one's own."""
    if target == seat:
        return Refusal("move/own_monster", "players may not kill their own Monsters")
    slot = rows[target][index]
    if not slot["alive"]:
        return Refusal("move/monster_not_alive", f"seat {target} has no live Monster in its {SLOTS[index]} slot")
    if triple and is_immune(slot):
        return Refusal(
            "move/monster_immune", f"seat {target}'s {SLOTS[index]} has Immunity; only a Kill card can cancel it"
        )
    return None


def refuse_revive(row: list[Slot], index: int) -> Refusal | None:
    """Triple Hearts revive one of one's own killed Monsters."""
    if not is_dead(row[index]):
        return Refusal("move/monster_not_dead", f"you have no killed Monster in your {SLOTS[index]} slot to revive")
    return None


def refuse_immunity(row: list[Slot], card: str) -> Refusal | None:
    """An Immunity card goes above its own Monster, alive in one's Monster Row, once."""
    if card not in SLOT_OF_IMMUNITY:
        return Refusal("move/not_an_immunity_card", f"the {name_or_code(card)} is not an Immunity card")
    slot = row[SLOT_OF_IMMUNITY[card]]
    if not slot["alive"]:
        return Refusal(
            "move/monster_not_alive",
            f"the {name_or_code(card)} goes above a live {name_or_code(MONSTERS[SLOT_OF_IMMUNITY[card]])} in your "
            "Monster Row, and you have none",
        )
    if slot["immunity"]:
        return Refusal("move/already_immune", "that Monster already has an Immunity card above it")
    return None


def refuse_no_live_monster(row: list[Slot]) -> Refusal | None:
    """A Meld, and playing off a Meld, need at least one live Monster in one's Monster Row."""
    return None if row[0]["alive"] or row[1]["alive"] or row[2]["alive"] else NO_LIVE_MONSTER


def refuse_meld(cards: list[str], highest_number: int) -> Refusal | None:
    if meld_kind(cards, highest_number) is None:
        return Refusal(
            "move/not_a_meld",
            f"{', '.join(cards)} is no Meld; Melds are Sets of 2-6 of a number, Runs of 3+ numbers in sequence, 2+ "
            "of a Monster, one of each Monster, 2-3 Kill cards, or the three Immunity cards. A flush of one colour "
            "is no Meld",
        )
    return None


def unknown_meld(meld_text: str) -> Refusal:
    return Refusal("move/unknown_meld", f"there is no Meld {meld_text!r} on the table")


def refuse_lay_off(meld: Meld, added: list[str], highest_number: int) -> Refusal | None:
    """A Set takes more of its card (up to six; Kill Sets up to three), a Run its next numbers at either end."""
    if tuple(added) in set(lay_offs(meld["kind"], meld["cards"], Counter(added), highest_number)):
        return None
    return Refusal(
        "move/cannot_lay_off",
        f"{', '.join(added)} cannot be played off Meld {meld['id']} ({', '.join(meld['cards'])}): a Set takes more "
        "of its card (up to six; Kill Sets up to three), a Run its next numbers at either end, each slot once",
    )


def refuse_triple(cards: list[str], *, skulls: bool) -> Refusal | None:
    """Triple Skulls are three of one odd number, Triple Hearts three of one even number."""
    card = cards[0]
    if len(cards) == 3 and cards.count(card) == 3 and card in NUMBER_OF_CARD and is_skull(card) == skulls:
        return None
    name = "Triple Skulls (three of one odd number)" if skulls else "Triple Hearts (three of one even number)"
    return Refusal("move/not_a_triple", f"{', '.join(cards)} is not {name}")


def refuse_pair(meld: Meld, card: str, *, skulls: bool) -> Refusal | None:
    """A Pair of a number on the table, completed by the same number to Triple Skulls (kill) or Hearts (revive)."""
    cards = meld["cards"]
    if meld["kind"] != SET or len(cards) != 2:
        return Refusal("move/not_a_pair", f"Meld {meld['id']} ({', '.join(cards)}) is not a Pair of a number")
    if card != cards[0]:
        return Refusal(
            "move/card_does_not_match",
            f"the {name_or_code(card)} does not complete the Pair of {PLURAL_NAMES[cards[0]]}",
        )
    if is_skull(card) != skulls:
        return Refusal(
            "move/not_a_triple",
            "three odd numbers (Skulls) kill and three even numbers (Hearts) revive"
            f"; {cards[0]} cannot {'kill' if skulls else 'revive'}",
        )
    return None


SEAT_NAMES: Final = tuple(str(seat) for seat in range(10))


# ----- the checks of one move, per kind (explain) ------------------------------------------------------------
RefuseMove = Callable[[GameState, DrawBloodTable, int, Move], Refusal | None]


def refuse_nothing(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return None


def refuse_pick_up_discard_pile_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_pick_up(table, seat, highest(state))


def refuse_play_monster_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_monster(table["monster_rows"][seat], move.args[0])


def refuse_kill_target(state: GameState, table: DrawBloodTable, seat: int, move: Move, first: int) -> Refusal | None:
    """The seat and slot arguments of a kill (at ``first`` and ``first + 1``)."""
    seat_text, slot_text = move.args[first], move.args[first + 1]
    refusal = refuse_seat(seat_text, state.players) or refuse_slot(slot_text)
    if refusal is not None:
        return refusal
    triple = move.kind != KILL_MONSTER
    return refuse_target(table["monster_rows"], seat, int(seat_text), SLOT_INDEX[slot_text], triple=triple)


def refuse_revive_slot(table: DrawBloodTable, seat: int, slot_text: str) -> Refusal | None:
    return refuse_slot(slot_text) or refuse_revive(table["monster_rows"][seat], SLOT_INDEX[slot_text])


def refuse_kill_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_kill_target(state, table, seat, move, 0)


def refuse_play_immunity_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_immunity(table["monster_rows"][seat], move.args[0])


def refuse_meld_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_no_live_monster(table["monster_rows"][seat]) or refuse_meld(card_list(move.args[0]), highest(state))


def refuse_lay_off_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    refusal = refuse_no_live_monster(table["monster_rows"][seat])
    if refusal is not None:
        return refusal
    meld = meld_by_id(table, move.args[0])
    if meld is None:
        return unknown_meld(move.args[0])
    return refuse_lay_off(meld, card_list(move.args[1]), highest(state))


def refuse_triple_kill_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_triple(card_list(move.args[0]), skulls=True) or refuse_kill_target(state, table, seat, move, 1)


def refuse_triple_revive_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_triple(card_list(move.args[0]), skulls=False) or refuse_revive_slot(table, seat, move.args[1])


def refuse_pair_meld(table: DrawBloodTable, move: Move, *, skulls: bool) -> Refusal | None:
    meld = meld_by_id(table, move.args[0])
    if meld is None:
        return unknown_meld(move.args[0])
    return refuse_pair(meld, move.args[1], skulls=skulls)


def refuse_pair_kill_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_pair_meld(table, move, skulls=True) or refuse_kill_target(state, table, seat, move, 2)


def refuse_pair_revive_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_pair_meld(table, move, skulls=False) or refuse_revive_slot(table, seat, move.args[2])


def refuse_discard_move(state: GameState, table: DrawBloodTable, seat: int, move: Move) -> Refusal | None:
    return refuse_discard(table)


REFUSALS: Final[dict[str, RefuseMove]] = {
    DRAW: refuse_nothing,
    PICK_UP_DISCARD_PILE: refuse_pick_up_discard_pile_move,
    PLAY_MONSTER: refuse_play_monster_move,
    KILL_MONSTER: refuse_kill_move,
    PLAY_IMMUNITY: refuse_play_immunity_move,
    MELD: refuse_meld_move,
    LAY_OFF: refuse_lay_off_move,
    TRIPLE_KILL: refuse_triple_kill_move,
    TRIPLE_REVIVE: refuse_triple_revive_move,
    PAIR_KILL: refuse_pair_kill_move,
    PAIR_REVIVE: refuse_pair_revive_move,
    DISCARD: refuse_discard_move,
    END_TURN: refuse_nothing,
    NEXT_HAND: refuse_nothing,
}


def refuse_move(state: GameState, seat: int, move: Move) -> Refusal | None:
    """The first rule that does not allow ``move`` for ``seat`` (a seat to act), or ``None`` if it is legal."""
    table = table_of(state)
    refusal = refuse_phase(table, move.kind)
    if refusal is None and table["phase"] == ACTING:
        refusal = refuse_unused_top_card(table, move) or refuse_in_hand(table["hands"][seat], cards_used(move))
    return refusal or REFUSALS[move.kind](state, table, seat, move)


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    refusal = refuse_move(state, seat, move)
    if refusal is None:
        return None
    return refusal.error(move)


# ----- every legal move (legal_moves) ------------------------------------------------------------------------
def highest(state: GameState) -> int:
    return int(state.options["highest_number"])


# Moves are immutable values: those without free arguments are built once, the others once per argument tuple.
DRAW_MOVE: Final = Move(DRAW)
PICK_UP_MOVE: Final = Move(PICK_UP_DISCARD_PILE)
END_TURN_MOVE: Final = Move(END_TURN)
NEXT_HAND_MOVE: Final = Move(NEXT_HAND)
MONSTER_MOVES: Final = {monster: Move(PLAY_MONSTER, (monster,)) for monster in MONSTERS}
IMMUNITY_MOVES: Final = {immunity: Move(PLAY_IMMUNITY, (immunity,)) for immunity in IMMUNITIES}
DISCARD_MOVES: Final = {card: Move(DISCARD, (card,)) for card in CARD_ORDER}
KILL_MOVES: Final = {
    (other, index): Move(KILL_MONSTER, (SEAT_NAMES[other], SLOTS[index])) for other in range(10) for index in range(3)
}


def built_move(kind: str, *args: str) -> Move:
    """``Move(kind, args)``."""
    return Move(kind, args)


def legal_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    phase = table["phase"]
    if phase == DRAWING:
        moves = [DRAW_MOVE]
        if refuse_pick_up(table, seat, highest(state)) is None:
            moves.append(PICK_UP_MOVE)
        return moves
    if phase == HAND_OVER:
        return [NEXT_HAND_MOVE]
    if phase != ACTING:
        return []
    hand = table["hands"][seat]
    highest_number = highest(state)
    must_use = table["must_use_card"]
    if must_use is not None:  # refuse_unused_top_card: only moves that use the card
        return list(action_moves(table, seat, hand, highest_number, required=must_use))
    moves = list(action_moves(table, seat, hand, highest_number))
    if refuse_discard(table) is None:
        moves.extend(
            DISCARD_MOVES[card] if card in DISCARD_MOVES else Move(DISCARD, (card,)) for card in sort_cards(set(hand))
        )
    moves.append(END_TURN_MOVE)
    return moves


def action_moves(
    table: DrawBloodTable, seat: int, hand: list[str], highest_number: int, required: str | None = None
) -> Iterator[Move]:
    """Every move with cards from ``hand`` but discarding (which the predicates allow); with ``required``, only
    those that use that card."""
    counts: dict[str, int] = {}
    for card in hand:  # a plain dict in the order of first appearance, as a Counter would be, built faster
        counts[card] = counts.get(card, 0) + 1
    held = counts.get
    rows = table["monster_rows"]
    row = rows[seat]
    for monster in MONSTERS:
        if held(monster) and (required is None or required == monster) and refuse_monster(row, monster) is None:
            yield MONSTER_MOVES[monster]
    if held(KILL) and (required is None or required == KILL):
        for target in targets(rows, seat):
            yield KILL_MOVES[target]
    for immunity in IMMUNITIES:
        if held(immunity) and (required is None or required == immunity) and refuse_immunity(row, immunity) is None:
            yield IMMUNITY_MOVES[immunity]
    if required is None or required in NUMBER_OF_CARD:
        yield from triples(table, seat, counts, required)
    if refuse_no_live_monster(row) is not None:
        return
    # exactly the Melds refuse_meld allows, from the hand (with ``required``, only those that use it)
    for cards in melds_in_hand(counts, highest_number, required):
        yield meld_move(cards)
    for meld in table["melds"]:  # exactly the groups refuse_lay_off allows, from the hand
        kind = meld["kind"]
        if kind != RUN and (not held(meld["cards"][0]) or (required is not None and meld["cards"][0] != required)):
            continue  # the groups played off a Set are more of its one card (lay_offs: none unheld)
        for cards in lay_offs(kind, meld["cards"], counts, highest_number):
            if required is None or required in cards:
                yield lay_off_move(meld["id"], cards)


def meld_move(cards: tuple[str, ...]) -> Move:
    """The move laying a Meld of ``cards``."""
    return Move(MELD, (LIST_SEPARATOR.join(cards),))


def lay_off_move(meld_id: int, cards: tuple[str, ...]) -> Move:
    """The move playing ``cards`` off Meld ``meld_id``."""
    return Move(LAY_OFF, (str(meld_id), LIST_SEPARATOR.join(cards)))


def targets(rows: list[list[Slot]], seat: int, *, triple: bool = False) -> list[tuple[int, int]]:
    """The Monsters ``refuse_target`` allows to be killed (by a Kill card, or by a triple)."""
    return [
        (other, index)
        for other, row in enumerate(rows)
        if other != seat
        for index, slot in enumerate(row)
        if slot["alive"] and refuse_target(rows, seat, other, index, triple=triple) is None
    ]


def revivable(row: list[Slot]) -> list[int]:
    """The slots ``refuse_revive`` allows: one's own killed Monsters."""
    return [index for index, slot in enumerate(row) if is_dead(slot)]


def triples(table: DrawBloodTable, seat: int, counts: dict[str, int], required: str | None) -> Iterator[Move]:
    """Triple Skulls and Triple Hearts from the hand, and Pairs on the table completed to use them so."""
    held = (
        [card for card, count in counts.items() if count >= 3 and card in NUMBER_OF_CARD and required in (None, card)]
        if counts and max(counts.values()) >= 3
        else []
    )
    pairs = [
        meld
        for meld in table["melds"]
        if meld["kind"] == SET
        and len(meld["cards"]) == 2
        and counts.get(meld["cards"][0])
        and required in (None, meld["cards"][0])
    ]
    if not held and not pairs:
        return
    rows = table["monster_rows"]
    killable = targets(rows, seat, triple=True)
    revive = revivable(rows[seat])
    for card in held:
        cards = LIST_SEPARATOR.join((card,) * 3)
        if is_skull(card):
            for other, index in killable:
                yield built_move(TRIPLE_KILL, cards, SEAT_NAMES[other], SLOTS[index])
        else:
            for index in revive:
                yield built_move(TRIPLE_REVIVE, cards, SLOTS[index])
    for meld in pairs:
        card = meld["cards"][0]
        skulls = is_skull(card)
        if refuse_pair(meld, card, skulls=skulls) is not None:
            continue
        meld_id = str(meld["id"])
        if skulls:
            for other, index in killable:
                yield built_move(PAIR_KILL, meld_id, card, SEAT_NAMES[other], SLOTS[index])
        else:
            for index in revive:
                yield built_move(PAIR_REVIVE, meld_id, card, SLOTS[index])
