"""Why a move is not legal: a precise, stable code and a full sentence naming the move and the position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.errors import IllegalMoveError
from engine.games.rummy_battle.cards import (
    ACTION_SET,
    ACTIONS_NEEDING_OPEN,
    HOARD,
    JOKER,
    LUCKY_DAY,
    PICKPOCKET,
    SWITCHEROO,
    THIEF,
    card_label,
)
from engine.games.rummy_battle.legal import take_counts
from engine.games.rummy_battle.melds import (
    NATURALS,
    MeldError,
    group_tokens,
    lay_off_options,
    played_card,
    read_meld,
)
from engine.games.rummy_battle.table import (
    ACCEPT,
    DISCARD,
    DRAW,
    DRAW_BONUS,
    DRAW_MOVE,
    HOARD_MOVE,
    LAY_OFF,
    LUCKY,
    LUCKY_DAY_MOVE,
    MELD,
    PASS,
    PICKPOCKET_MOVE,
    REACT,
    SECOND_CHANCE,
    SWITCHEROO_MOVE,
    TAKE,
    THIEF_MOVE,
    RummyTable,
    group_index,
    seat_index,
)
from engine.moves import Move

DRAWS = frozenset((DRAW_MOVE, TAKE, HOARD_MOVE))
ACTION_OF_MOVE = {
    PICKPOCKET_MOVE: PICKPOCKET,
    THIEF_MOVE: THIEF,
    SWITCHEROO_MOVE: SWITCHEROO,
    LUCKY_DAY_MOVE: LUCKY_DAY,
}


def explain(table: RummyTable, players: int, seat: int, move: Move) -> IllegalMoveError:
    where = f"(round {table['round']}, seat {seat})"

    def fail(code: str, reason: str) -> IllegalMoveError:
        return IllegalMoveError(f"'{move}' is not legal {where}: {reason}.", code=f"move/{code}")

    phase = table["phase"]
    if phase == REACT:
        pending = table["pending"]
        action = pending["action"] if pending else "an Action Card"
        if move.kind not in (SECOND_CHANCE, ACCEPT):
            return fail("answer_second_chance", f"answer the {action} first with 'second_chance' or 'accept'")
    elif move.kind in (SECOND_CHANCE, ACCEPT):
        return fail("nothing_to_answer", "no Action Card is waiting for a 2nd Chance answer")
    if phase == LUCKY:
        if move.kind not in (LAY_OFF, PASS):
            return fail("lucky_day_round", "during Lucky Day's round a seat may only play off one card or 'pass'")
        return _explain_lay_off(table, seat, move, fail, lucky=True)
    if move.kind == PASS:
        return fail("nothing_to_pass", "'pass' is only for Lucky Day's round of play-offs")
    if phase == DRAW:
        return _explain_draw_phase(table, seat, move, fail)
    return _explain_play_phase(table, players, seat, move, fail)


Fail = Callable[[str, str], IllegalMoveError]


def _explain_draw_phase(table: RummyTable, seat: int, move: Move, fail: Fail) -> IllegalMoveError:
    hand = table["hands"][seat]
    pile = table["discards"]
    if move.kind in (MELD, LAY_OFF, DISCARD, DRAW_BONUS):
        return fail("draw_first", "draw first: two cards from the stock ('draw') or cards from the discard pile")
    if move.kind in (TAKE, HOARD_MOVE):
        if move.kind == HOARD_MOVE and HOARD not in hand:
            return fail("no_action_card", "you hold no Hoard card")
        count = _count(move.args[0])
        if count is None or count < 1 or count > len(pile):
            return fail("bad_count", f"the count must be a number from 1 to {len(pile)}, the discard pile's size")
        if move.kind == TAKE:
            if table["first_turn"]:
                return fail("up_card_only", "the round's first player may take only the turned-up card")
            if count not in take_counts(table, seat):
                deepest = pile[-count]
                return fail(
                    "deepest_card_unplayable",
                    f"the deepest card taken, {card_label(deepest)}, must be played at once, and it fits no new "
                    "Run or Set of your hand"
                    + (" nor any group on the table" if table["opened"][seat] else " (you have not opened yet)"),
                )
    return _explain_action(table, seat, move, fail)


def _explain_play_phase(table: RummyTable, players: int, seat: int, move: Move, fail: Fail) -> IllegalMoveError:
    hand = table["hands"][seat]
    if move.kind in DRAWS:
        return fail("already_drew", "you have drawn this turn; play groups, lay off, or discard to end the turn")
    must = table["must_play"]
    if must and move.kind not in (MELD, LAY_OFF):
        return fail("must_play_taken_card", f"first play {card_label(must)}, the deepest card taken")
    if move.kind == MELD:
        return _explain_meld(table, seat, move, fail)
    if move.kind == LAY_OFF:
        if not table["opened"][seat]:
            return fail("not_opened", "you may play off onto groups only once you have opened with a Run or Set")
        if must and played_card(move.args[1]) != must:
            return fail("must_play_taken_card", f"first play {card_label(must)}, the deepest card taken")
        return _explain_lay_off(table, seat, move, fail, lucky=False)
    if move.kind == DRAW_BONUS:
        if not table["bonus_draws"]:
            return fail("no_bonus_draw", "you may draw one card only for each new Run or Set laid this turn")
        return fail("stock_empty", "the stock is empty")
    if move.kind == DISCARD:
        card = move.args[0]
        if card not in hand:
            return fail("card_not_in_hand", f"you do not hold {card_label(card)}")
    return _explain_action(table, seat, move, fail)


def _explain_action(table: RummyTable, seat: int, move: Move, fail: Fail) -> IllegalMoveError:
    hand = table["hands"][seat]
    action = ACTION_OF_MOVE.get(move.kind)
    if action is None:
        return fail("not_now", f"'{move.kind}' is not a move of this moment of the turn")
    if table["must_play"]:
        return fail("must_play_taken_card", f"first play {card_label(table['must_play'])}, the deepest card taken")
    if action not in hand:
        return fail("no_action_card", f"you hold no {action} card")
    if action in ACTIONS_NEEDING_OPEN and not table["opened"][seat]:
        return fail("not_opened", f"{action} may be played only once you have opened with a Run or Set")
    hands = table["hands"]
    if move.kind in (PICKPOCKET_MOVE, SWITCHEROO_MOVE):
        victim = seat_index(move.args[0], len(hands))
        if victim is None:
            return fail("bad_target", f"'{move.args[0]}' is not a seat (0 to {len(hands) - 1})")
        if victim == seat:
            return fail("bad_target", f"{action} must be played against an opponent, not yourself")
        if not hands[victim]:
            return fail("bad_target", f"seat {victim} holds no cards")
        if move.kind == SWITCHEROO_MOVE:
            return fail("last_card", "Switcheroo cannot be your last card: you need a hand to swap")
    if move.kind == THIEF_MOVE:
        index = group_index(move.args[0], table["groups"])
        if index is None:
            return fail("unknown_group", f"there is no group '{move.args[0]}' on the table")
        group = table["groups"][index]
        if group["run"]:
            return fail("not_a_set", "a Thief takes a Set, not a Run")
        return fail("bad_target", "a Thief takes an opponent's Set, not one of your own")
    return fail("not_now", f"'{move.kind}' cannot be played now")


def _explain_meld(table: RummyTable, seat: int, move: Move, fail: Fail) -> IllegalMoveError:
    tokens = move.args[0].split(",")
    try:
        meld = read_meld(tokens)
    except MeldError as error:
        return fail(error.code.removeprefix("move/"), error.reason)
    hand = table["hands"][seat]
    must = table["must_play"]
    available = Counter(hand)
    if must:
        available[must] += 1
    needed = Counter(meld.cards)
    for card, count in needed.items():
        if available[card] < count:
            return fail("card_not_in_hand", f"you do not hold {card_label(card)}" + (" twice" if count > 1 else ""))
    if must and must not in meld.cards:
        return fail("must_play_taken_card", f"the group must include {card_label(must)}, the deepest card taken")
    if meld.run:
        for token, card in zip(group_tokens(True, meld.key, meld.low, meld.cards), meld.cards, strict=True):
            natural = token[3:]
            if card == JOKER and available[natural] > 0:
                return fail(
                    "joker_for_held_card",
                    f"a Joker may stand only for a card you do not hold, and you hold the {natural}",
                )
    return fail("not_now", "the group cannot be laid now")


def _explain_lay_off(table: RummyTable, seat: int, move: Move, fail: Fail, *, lucky: bool) -> IllegalMoveError:
    if move.kind == PASS:
        return fail("not_now", "there is nothing to pass now")
    name, token = move.args
    index = group_index(name, table["groups"])
    if index is None:
        return fail("unknown_group", f"there is no group '{name}' on the table")
    card = played_card(token)
    hand = table["hands"][seat]
    if card not in hand and card != table["must_play"]:
        if card not in NATURALS and card != JOKER and card not in ACTION_SET:
            return fail("not_a_play_card", f"'{token}' is not a Play Card")
        return fail("card_not_in_hand", f"you do not hold {card_label(card)}")
    group = table["groups"][index]
    if token not in [option for option, _ in lay_off_options(group)]:
        shown = ",".join(group_tokens(group["run"], group["key"], group["low"], group["cards"]))
        return fail("does_not_fit", f"{card_label(token)} does not extend {name} ({shown})")
    return fail("not_now", "that card cannot be played off now")


def _count(text: str) -> int | None:
    return int(text) if text.isdigit() else None
