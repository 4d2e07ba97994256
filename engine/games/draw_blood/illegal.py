"""Why a Draw Blood move is not legal: precise, stable codes and full-sentence reasons.

Called only after ``legal_moves`` rejected a move, so it never decides legality; it only names the first rule the
move breaks. Reasons mention only the acting seat's own cards and public cards.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.errors import IllegalMoveError
from engine.games.draw_blood.cards import (
    IMMUNITIES,
    KILL,
    MONSTERS,
    NUMBER_OF_CARD,
    SLOT_INDEX,
    SLOT_OF_IMMUNITY,
    SLOT_OF_MONSTER,
    SLOTS,
    card_name,
    is_skull,
)
from engine.games.draw_blood.melds import SET, lay_offs, meld_kind
from engine.games.draw_blood.move_kinds import (
    DISCARD,
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
)
from engine.games.draw_blood.table import (
    PHASE_DRAW,
    PHASE_HAND_OVER,
    DrawBloodTable,
    Slot,
    is_dead,
    is_immune,
    table_of,
)
from engine.moves import LIST_SEPARATOR, Move
from engine.state import GameState

if TYPE_CHECKING:
    from engine.games.draw_blood.game import DrawBloodGame


class Rejection(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def cards_used(move: Move) -> list[str]:
    """The cards a move takes from the hand (as written; Kill moves use a Kill card)."""
    if move.kind in (PLAY_MONSTER, PLAY_IMMUNITY, DISCARD):
        return [move.args[0]]
    if move.kind in (MELD, TRIPLE_KILL, TRIPLE_REVIVE):
        return move.args[0].split(LIST_SEPARATOR)
    if move.kind == LAY_OFF:
        return move.args[1].split(LIST_SEPARATOR)
    if move.kind in (PAIR_KILL, PAIR_REVIVE):
        return [move.args[1]]
    if move.kind == KILL_MONSTER:
        return [KILL]
    return []


def explain(game: DrawBloodGame, state: GameState, seat: int, move: Move) -> IllegalMoveError:
    try:
        _check(game, state, seat, move)
    except Rejection as rejection:
        return IllegalMoveError(f"'{move}' is not legal: {rejection.reason}", code=rejection.code)
    kinds = sorted({m.kind for m in game.legal_moves(state, seat)})
    return IllegalMoveError(
        f"'{move}' is not a legal move for seat {seat} at step {state.step}; legal move kinds now: "
        f"{', '.join(kinds) or 'none'}.",
        code="move/illegal",
    )


def _check(game: DrawBloodGame, state: GameState, seat: int, move: Move) -> None:
    table = table_of(state)
    if table["phase"] == PHASE_HAND_OVER:
        raise Rejection(
            "move/hand_over", f"hand {table['hand_number']} is over; seat {seat} deals the next one with 'next_hand'."
        )
    if move.kind == NEXT_HAND:
        raise Rejection("move/hand_not_over", f"hand {table['hand_number']} is still being played.")
    if table["phase"] == PHASE_DRAW:
        if move.kind not in DRAW_KINDS:
            raise Rejection("move/must_draw_first", "a turn begins by drawing one card or picking up the Discard Pile.")
        if move.kind == PICK_UP_DISCARD_PILE:
            if not table["discard_pile"]:
                raise Rejection("move/discard_pile_empty", "the Discard Pile is empty.")
            raise Rejection(
                "move/top_card_unusable",
                f"the top card of the Discard Pile, {card_name(table['discard_pile'][-1])}, could not be played in "
                "your next move (discarding it again does not count), so the pile may not be picked up.",
            )
        return
    if move.kind in DRAW_KINDS:
        raise Rejection("move/already_drew", "you have drawn this turn; make your moves or end your turn.")
    must_use = table["must_use"]
    if must_use is not None and (move.kind in (DISCARD, END_TURN) or must_use not in cards_used(move)):
        raise Rejection(
            "move/must_use_top_card",
            f"having picked up the Discard Pile you must use its top card, {card_name(must_use)}, in this move "
            "(a Monster, Kill, Immunity, Meld, play-off or three-of-a-kind move; not a discard).",
        )
    _check_cards_in_hand(table, seat, move)
    check = CHECKS.get(move.kind)
    if check is not None:
        check(game, state, table, seat, move)


def _check_cards_in_hand(table: DrawBloodTable, seat: int, move: Move) -> None:
    needed = Counter(cards_used(move))
    held = Counter(table["hands"][seat])
    for card, count in needed.items():
        if held[card] < count:
            raise Rejection(
                "move/card_not_in_hand",
                f"it needs {count} x {card_name(card)} and your hand holds {held[card]} of them.",
            )


def _slot(table: DrawBloodTable, seat_text: str, slot_text: str, players: int) -> tuple[int, Slot]:
    if not seat_text.isdigit() or int(seat_text) >= players:
        raise Rejection("move/bad_seat", f"'{seat_text}' is not a seat; seats are 0 to {players - 1}.")
    if slot_text not in SLOT_INDEX:
        raise Rejection("move/bad_slot", f"'{slot_text}' is not a Monster slot; slots are {', '.join(SLOTS)}.")
    return int(seat_text), table["rows"][int(seat_text)][SLOT_INDEX[slot_text]]


def _kill_target(table: DrawBloodTable, seat: int, move: Move, seat_arg: int, players: int, *, triple: bool) -> None:
    target, slot = _slot(table, move.args[seat_arg], move.args[seat_arg + 1], players)
    if target == seat:
        raise Rejection("move/own_monster", "players may not kill their own Monsters.")
    if not slot["alive"]:
        slot_name = move.args[seat_arg + 1]
        raise Rejection("move/monster_not_alive", f"seat {target} has no live Monster in its {slot_name} slot.")
    if triple and is_immune(slot):
        raise Rejection(
            "move/monster_immune",
            f"seat {target}'s {move.args[seat_arg + 1]} has Immunity; only a Kill card can cancel it.",
        )


def _revive_target(table: DrawBloodTable, seat: int, slot_text: str) -> None:
    if slot_text not in SLOT_INDEX:
        raise Rejection("move/bad_slot", f"'{slot_text}' is not a Monster slot; slots are {', '.join(SLOTS)}.")
    if not is_dead(table["rows"][seat][SLOT_INDEX[slot_text]]):
        raise Rejection("move/monster_not_dead", f"you have no killed Monster in your {slot_text} slot to revive.")


def _needs_live_monster(table: DrawBloodTable, seat: int) -> None:
    if not any(slot["alive"] for slot in table["rows"][seat]):
        raise Rejection(
            "move/no_live_monster",
            "you must have at least one live Monster in your Monster Row to lay down Melds or play off Melds.",
        )


def _check_play_monster(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    card = move.args[0]
    if card not in MONSTERS:
        raise Rejection("move/not_a_monster", f"{card_name(card)} is not a Monster card.")
    if table["rows"][seat][SLOT_OF_MONSTER[card]]["alive"]:
        raise Rejection(
            "move/slot_occupied",
            f"your {card.lower()} slot already holds a live Monster; one of each type at a time, and a new one goes "
            "only on a killed one.",
        )


def _check_kill(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _kill_target(table, seat, move, 0, state.players, triple=False)


def _check_play_immunity(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    card = move.args[0]
    if card not in IMMUNITIES:
        raise Rejection("move/not_an_immunity_card", f"{card_name(card)} is not an Immunity card.")
    slot = table["rows"][seat][SLOT_OF_IMMUNITY[card]]
    if not slot["alive"]:
        raise Rejection(
            "move/monster_not_alive",
            f"{card_name(card)} goes above a live {MONSTERS[SLOT_OF_IMMUNITY[card]].lower()} in your Monster Row, "
            "and you have none.",
        )
    if slot["shield"]:
        raise Rejection("move/already_immune", "that Monster already has an Immunity card above it.")


def _check_meld(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _needs_live_monster(table, seat)
    cards = move.args[0].split(LIST_SEPARATOR)
    if meld_kind(cards, int(state.options["highest_number"])) is None:
        raise Rejection(
            "move/not_a_meld",
            f"{', '.join(cards)} is no Meld (write the cards in order: numbers ascending, then Monsters, Kill, "
            "Immunity); Melds are Sets of 2-6 of a number, Runs of 3+ numbers in sequence, 2+ of a Monster, one of "
            "each Monster, 2-3 Kill cards, or the three Immunity cards. A flush of one colour is no Meld.",
        )


def _meld(table: DrawBloodTable, meld_text: str) -> tuple[str, list[str]]:
    for meld in table["melds"]:
        if str(meld["id"]) == meld_text:
            return meld["kind"], meld["cards"]
    raise Rejection("move/unknown_meld", f"there is no Meld {meld_text!r} on the table.")


def _check_lay_off(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _needs_live_monster(table, seat)
    kind, cards = _meld(table, move.args[0])
    added = tuple(move.args[1].split(LIST_SEPARATOR))
    if added not in set(lay_offs(kind, cards, Counter(added), int(state.options["highest_number"]))):
        raise Rejection(
            "move/cannot_lay_off",
            f"{', '.join(added)} cannot be played off Meld {move.args[0]} ({', '.join(cards)}): a Set takes more of "
            "its card (up to six; Kill Sets up to three), a Run its next numbers at either end, each slot once.",
        )


def _check_triple(cards: list[str], *, skulls: bool) -> None:
    card = cards[0]
    if len(cards) != 3 or any(c != card for c in cards) or card not in NUMBER_OF_CARD or is_skull(card) != skulls:
        name = "Triple Skulls (three of one odd number)" if skulls else "Triple Hearts (three of one even number)"
        raise Rejection("move/not_a_triple", f"{', '.join(cards)} is not {name}.")


def _check_triple_kill(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _check_triple(move.args[0].split(LIST_SEPARATOR), skulls=True)
    _kill_target(table, seat, move, 1, state.players, triple=True)


def _check_triple_revive(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _check_triple(move.args[0].split(LIST_SEPARATOR), skulls=False)
    _revive_target(table, seat, move.args[1])


def _check_pair(table: DrawBloodTable, move: Move, *, skulls: bool) -> None:
    kind, cards = _meld(table, move.args[0])
    if kind != SET or len(cards) != 2:
        raise Rejection("move/not_a_pair", f"Meld {move.args[0]} ({', '.join(cards)}) is not a Pair of a number.")
    if move.args[1] != cards[0]:
        raise Rejection(
            "move/card_does_not_match", f"{card_name(move.args[1])} does not complete a Pair of {cards[0]}."
        )
    if is_skull(cards[0]) != skulls:
        raise Rejection(
            "move/not_a_triple",
            "three odd numbers (Skulls) kill and three even numbers (Hearts) revive"
            f"; {cards[0]} cannot {'kill' if skulls else 'revive'}.",
        )


def _check_pair_kill(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _check_pair(table, move, skulls=True)
    _kill_target(table, seat, move, 2, state.players, triple=True)


def _check_pair_revive(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    _check_pair(table, move, skulls=False)
    _revive_target(table, seat, move.args[2])


def _check_discard(game: DrawBloodGame, state: GameState, table: DrawBloodTable, seat: int, move: Move) -> None:
    if table["discarded"]:
        raise Rejection("move/already_discarded", "you may never discard more than one card per turn.")


CHECKS = {
    PLAY_MONSTER: _check_play_monster,
    KILL_MONSTER: _check_kill,
    PLAY_IMMUNITY: _check_play_immunity,
    MELD: _check_meld,
    LAY_OFF: _check_lay_off,
    TRIPLE_KILL: _check_triple_kill,
    TRIPLE_REVIVE: _check_triple_revive,
    PAIR_KILL: _check_pair_kill,
    PAIR_REVIVE: _check_pair_revive,
    DISCARD: _check_discard,
}
