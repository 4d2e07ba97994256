"""Legality, the one source of truth: a small predicate per rule, each returning ``None`` (allowed) or a
``Refusal`` (a precise code and why). ``legal_moves`` lists, for each move kind the phase predicate allows, the
moves its predicates allow; ``explain`` runs the same predicates on one move and reports the first refusal.

Move generation stays fast by sharing the predicates' own helpers (the cards a group accepts, the discard counts
whose deepest card can be played, the Runs and Sets of a hand) rather than testing every conceivable move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from typing import Final, cast

from engine.errors import IllegalMoveError, Refusal
from engine.games.rummy_battle import moves
from engine.games.rummy_battle.cards import (
    ACTION_SET,
    ACTIONS_NEEDING_OPEN,
    HOARD,
    JOKER,
    JOKER_AS,
    LUCKY_DAY,
    MAX_PACK,
    NATURALS,
    PICKPOCKET,
    SWITCHEROO,
    THIEF,
    card_label,
    card_name,
    played_card,
)
from engine.games.rummy_battle.melds import (
    Group,
    MeldChecker,
    cards_accepted,
    find_melds,
    group_accepts,
    group_tokens,
    lay_off_options,
    meld_of,
    melds_with,
)
from engine.games.rummy_battle.moves import MOVE_KINDS
from engine.games.rummy_battle.table import (
    DRAW_PHASE,
    FINISHED_PHASE,
    LUCKY_PHASE,
    PLAY_PHASE,
    REACT_PHASE,
    RummyTable,
    group_id,
    group_index,
    number_of,
    seat_index,
)
from engine.moves import Move
from engine.state import GameState

DRAWS: Final = frozenset((moves.DRAW, moves.TAKE, moves.HOARD))
NEED_A_DRAW: Final = frozenset((moves.MELD, moves.LAY_OFF, moves.DISCARD, moves.DRAW_BONUS))
ANSWERS: Final = frozenset((moves.SECOND_CHANCE, moves.ACCEPT))
LUCKY_DAY_PLAYS: Final = frozenset((moves.LAY_OFF, moves.PASS))
PLAYS_OF_THE_TAKEN_CARD: Final = frozenset((moves.MELD, moves.LAY_OFF))
ACTION_OF_MOVE: Final = {moves.PICKPOCKET: PICKPOCKET, moves.THIEF: THIEF, moves.SWITCHEROO: SWITCHEROO}
GROUP_IDS: Final = [group_id(index) for index in range(128)]
NOTHING_ACCEPTED: Final[frozenset[str]] = frozenset()
# The moves with one card or count, built once: TAKE_MOVES[count], HOARD_MOVES[count], DISCARD_MOVES[card].
TAKE_MOVES: Final = [Move(moves.TAKE, (str(count),)) for count in range(MAX_PACK + 1)]
HOARD_MOVES: Final = [Move(moves.HOARD, (str(count),)) for count in range(MAX_PACK + 1)]
DISCARD_MOVES: Final = {card: Move(moves.DISCARD, (card,)) for card in (*sorted(NATURALS), JOKER, *ACTION_SET)}

# Refusals whose reason never changes, built once.
NO_BONUS_DRAW: Final = Refusal(
    "move/no_bonus_draw", "you may draw one card only for each new Run or Set laid this turn"
)
STOCK_EMPTY: Final = Refusal("move/stock_empty", "the stock is empty")
NO_ACTION_CARD: Final = Refusal("move/no_action_card", "you hold no such Action Card")
AGAINST_YOURSELF: Final = Refusal("move/bad_target", "the card must be played against an opponent, not yourself")
SWITCHEROO_LAST_CARD: Final = Refusal("move/last_card", "Switcheroo cannot be your last card: you need a hand to swap")
THIEF_NOT_A_SET: Final = Refusal("move/not_a_set", "a Thief takes a Set, not a Run")
THIEF_OWN_SET: Final = Refusal("move/bad_target", "a Thief takes an opponent's Set, not one of your own")


# ----- the phase: which kinds of move the moment allows ------------------------------------------------------
def refuse_kind(phase: str, must_play: str, kind: str) -> Refusal | None:
    """Whether a kind of move fits the moment: the phase, and a card taken from the discard pile still waiting."""
    if phase == REACT_PHASE:
        if kind in ANSWERS:
            return None
        return Refusal(
            "move/answer_second_chance", "answer the Action Card played against you first: 'second_chance' or 'accept'"
        )
    if kind in ANSWERS:
        return Refusal("move/nothing_to_answer", "no Action Card is waiting for a 2nd Chance answer")
    if phase == LUCKY_PHASE:
        if kind in LUCKY_DAY_PLAYS:
            return None
        return Refusal("move/lucky_day_round", "during Lucky Day's round a seat may only play off one card or 'pass'")
    if kind == moves.PASS:
        return Refusal("move/nothing_to_pass", "'pass' is only for Lucky Day's round of play-offs")
    if phase == DRAW_PHASE:
        if kind in NEED_A_DRAW:
            return Refusal("move/draw_first", "draw first: two cards from the stock ('draw') or from the discard pile")
        return None
    if phase == PLAY_PHASE:
        if kind in DRAWS:
            return Refusal("move/already_drew", "you have drawn this turn; play groups, lay off, or discard to end it")
        if must_play and kind not in PLAYS_OF_THE_TAKEN_CARD:
            return Refusal("move/must_play_taken_card", f"first play {card_label(must_play)}, the deepest card taken")
        return None
    return Refusal("move/match_finished", "the match is over")


def kinds_allowed(phase: str, must_play: str) -> tuple[str, ...]:
    """The move kinds ``refuse_kind`` allows at this moment, in the order of ``MOVE_KINDS``."""
    return tuple(kind for kind in MOVE_KINDS if refuse_kind(phase, must_play, kind) is None)


# ----- drawing -----------------------------------------------------------------------------------------------
def take_counts(table: RummyTable, seat: int) -> list[int]:
    """How many cards the seat may take from the discard pile: after the round's first turn, the deepest card
    taken must fit a new group of the hand or (once opened) a group on the table."""
    pile = table["discards"]
    if not pile:
        return []
    if table["first_turn"]:
        return [1]  # the up-card, with no need to play it
    checker = MeldChecker(table["hands"][seat])
    accepted = accepted_cards(table["groups"]) if table["opened"][seat] else NOTHING_ACCEPTED
    counts: list[int] = []
    for count, card in enumerate(reversed(pile), 1):
        checker.add(card)
        if deepest_fits(card, accepted, checker):
            counts.append(count)
    return counts


def deepest_fits(card: str, accepted: AbstractSet[str], checker: MeldChecker) -> bool:
    """Whether the deepest card taken can be played at once: a group on the table takes it (``accepted``, once
    opened) or it fits a new group of the hand and the cards taken (all added to ``checker``)."""
    return card in accepted or checker.can_meld(card)


def take_allowed(table: RummyTable, seat: int, count: int) -> bool:
    """``take_counts`` for one count (1 <= count <= the pile's size), without the other counts: what ``explain``
    checks for a submitted take."""
    if table["first_turn"]:
        return count == 1
    pile = table["discards"]
    checker = MeldChecker(table["hands"][seat])
    for depth in range(1, count + 1):
        checker.add(pile[-depth])
    accepted = accepted_cards(table["groups"]) if table["opened"][seat] else NOTHING_ACCEPTED
    return deepest_fits(pile[-count], accepted, checker)


def accepted_cards(groups: list[Group]) -> AbstractSet[str]:
    """Cards some group on the table would take as a lay-off (``JK`` if any takes a Joker)."""
    accepted: set[str] = set()
    for index, group in enumerate(groups):
        accepted |= lay_off_offer(index, group["key"], group["low"], len(group["cards"]), run=group["run"])[0]
    return accepted


def refuse_count(table: RummyTable, text: str) -> Refusal | None:
    pile = len(table["discards"])
    if not pile:
        return Refusal("move/bad_count", "the discard pile is empty")
    count = number_of(text)
    if count is None or not 1 <= count <= pile:
        return Refusal("move/bad_count", f"the count must be a number from 1 to {pile}, the discard pile's size")
    return None


def refuse_take_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    refusal = refuse_count(table, move.args[0])
    if refusal:
        return refusal
    count = int(move.args[0])
    if table["first_turn"]:
        return (
            None if count == 1 else Refusal("move/up_card_only", "the round's first player may take only the up-card")
        )
    if take_allowed(table, seat, count):
        return None
    deepest = table["discards"][-count]
    where = "nor any group on the table" if table["opened"][seat] else "(you have not opened yet)"
    return Refusal(
        "move/deepest_card_unplayable",
        f"the deepest card taken, {card_label(deepest)}, must be played at once, and it fits no new Run or Set of "
        f"your hand {where}",
    )


def take_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    return [TAKE_MOVES[count] for count in take_counts(table, seat)]


def refuse_hoard_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    return refuse_action_card(table, seat, HOARD) or refuse_count(table, move.args[0])


def hoard_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    if HOARD not in table["hands"][seat] or refuse_action_card(table, seat, HOARD):
        return ()
    return HOARD_MOVES[1 : len(table["discards"]) + 1]


def refuse_draw_bonus_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    if not table["bonus_draws"]:
        return NO_BONUS_DRAW
    if not table["stock"]:
        return STOCK_EMPTY
    return None


def bonus_draw_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    return () if refuse_draw_bonus_move(table, seat, moves.BONUS_DRAW) else (moves.BONUS_DRAW,)


# ----- groups and lay-offs -----------------------------------------------------------------------------------
def refuse_meld_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    """A new Run or Set: a group by its notation, of cards the seat holds (with the card taken, which it must
    include), a Joker in a Run standing only for a card the seat does not hold."""
    meld = meld_of(move.args[0])
    if isinstance(meld, Refusal):
        return meld
    must = table["must_play"]
    available = Counter(table["hands"][seat])
    if must:
        available[must] += 1
    for card, count in Counter(meld.cards).items():
        if available[card] < count:
            times = f" {count} times" if count > 1 else ""
            return Refusal("move/card_not_in_hand", f"you do not hold {card_label(card)}{times}")
    if must and must not in meld.cards:
        return Refusal(
            "move/must_play_taken_card", f"the group must include {card_label(must)}, the deepest card taken"
        )
    if meld.run:
        for token, card in zip(group_tokens(meld.key, meld.low, meld.cards, run=True), meld.cards, strict=True):
            natural = token.removeprefix(JOKER_AS)
            if card == JOKER and available[natural] > 0:
                return Refusal(
                    "move/joker_for_held_card",
                    f"a Joker may stand only for a card you do not hold, and you hold the {card_name(natural)}",
                )
    return None


def meld_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    """Every group ``refuse_meld_move`` allows (``find_melds`` lays naturals where held and Jokers in the gaps)."""
    hand = table["hands"][seat]
    must = table["must_play"]
    melds = melds_with(hand, must) if must else find_melds(hand)
    return [meld_move(meld) for meld in melds]


def meld_move(meld: str) -> Move:
    """The move laying ``meld``."""
    return Move(moves.MELD, (meld,))


def refuse_lay_off_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    """Playing off one card onto a group: once opened (anyone in Lucky Day's round), a card held (or the card
    taken), one the group accepts at one of its ends."""
    name, token = move.args
    lucky = table["phase"] == LUCKY_PHASE
    if not lucky and not table["opened"][seat]:
        return Refusal("move/not_opened", "you may play off onto groups only once you have opened with a Run or Set")
    must = "" if lucky else table["must_play"]
    card = played_card(token)
    if must and card != must:
        return Refusal("move/must_play_taken_card", f"first play {card_label(must)}, the deepest card taken")
    index = group_index(name, table["groups"])
    if index is None:
        return Refusal("move/unknown_group", f"there is no group '{name}' on the table")
    if not must and card not in table["hands"][seat]:
        if card not in NATURALS and card != JOKER and card not in ACTION_SET:
            return Refusal("move/not_a_play_card", f"'{token}' is not a Play Card")
        return Refusal("move/card_not_in_hand", f"you do not hold {card_label(card)}")
    group = table["groups"][index]
    if all(option != token for option, _ in lay_off_options(group)):
        shown = ",".join(group_tokens(group["key"], group["low"], group["cards"], run=group["run"]))
        return Refusal("move/does_not_fit", f"{card_label(token)} does not extend {name} ({shown})")
    return None


def lay_off_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    """Every lay-off ``refuse_lay_off_move`` allows: each card held (or the card taken) a group accepts, once per group
    and end."""
    lucky = table["phase"] == LUCKY_PHASE
    groups = table["groups"]
    if not groups or not (lucky or table["opened"][seat]):
        return ()
    must = "" if lucky else table["must_play"]
    held = {must} if must else set(table["hands"][seat])
    found: list[Move] = []
    for index, group in enumerate(groups):
        accepted, choices = lay_off_offer(index, group["key"], group["low"], len(group["cards"]), run=group["run"])
        if held.isdisjoint(accepted):
            continue
        for card, move in choices:
            if card in held:
                found.append(move)
    return found


def lay_off_offer(index: int, key: str, low: int, length: int, *, run: bool) -> LayOffOffer:
    """The cards group ``index`` of this shape accepts from a hand, and its lay-offs as (card taken from the hand,
    move) in the order of ``group_accepts`` (pure, memoized by a number for the shape: the moves are immutable
    values; the memo saves half of a Rummy Battle playout's instructions, docs/performance.md)."""
    if len(key) != 1 or not 0 <= low < 16 or length >= 256:
        return new_lay_off_offer(index, key, low, length, run=run)  # no group of a valid table: not memoized
    shape = (((index * 2 + run) * 0x110000 + ord(key)) * 16 + low) * 256 + length
    offer = LAY_OFF_OFFERS.get(shape)
    if offer is None:
        if len(LAY_OFF_OFFERS) >= LAY_OFF_MEMO_SIZE:
            LAY_OFF_OFFERS.clear()
        offer = LAY_OFF_OFFERS[shape] = new_lay_off_offer(index, key, low, length, run=run)
    return offer


def new_lay_off_offer(index: int, key: str, low: int, length: int, *, run: bool) -> LayOffOffer:
    name = GROUP_IDS[index] if index < len(GROUP_IDS) else group_id(index)
    accepts = group_accepts(key, low, length, run=run)
    choices = tuple((card, Move(moves.LAY_OFF, (name, token))) for token, card in accepts)
    return cards_accepted(key, low, length, run=run), choices


LayOffOffer = tuple[frozenset[str], tuple[tuple[str, Move], ...]]
# About 1 KB an offer (its moves included): at most about 2 MiB in a long-lived server.
LAY_OFF_MEMO_SIZE: Final = 2048
LAY_OFF_OFFERS: Final[dict[int, LayOffOffer]] = {}


def refuse_discard_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    card = move.args[0]
    if card not in table["hands"][seat]:
        return Refusal("move/card_not_in_hand", f"you do not hold {card_label(card)}")
    return None


def discard_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    return [DISCARD_MOVES[card] for card in sorted(set(table["hands"][seat]))]


# ----- Action Cards ------------------------------------------------------------------------------------------
def refuse_action_card(table: RummyTable, seat: int, card: str) -> Refusal | None:
    """Playing an Action Card: the seat holds one, and has opened if the card needs it."""
    if card not in table["hands"][seat]:
        return NO_ACTION_CARD
    if card in ACTIONS_NEEDING_OPEN and not table["opened"][seat]:
        return Refusal(
            "move/not_opened", f"{card_name(card)} may be played only once you have opened with a Run or Set"
        )
    return None


def refuse_victim(table: RummyTable, seat: int, victim: int) -> Refusal | None:
    """Pickpocket and Switcheroo target an opponent who holds cards."""
    if victim == seat:
        return AGAINST_YOURSELF
    if not table["hands"][victim]:
        return Refusal("move/bad_target", f"seat {victim} holds no cards")
    return None


def refuse_seat_target_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    """Pickpocket or Switcheroo against the seat the move names (``ACTION_OF_MOVE`` gives the card)."""
    refusal = refuse_action_card(table, seat, ACTION_OF_MOVE[move.kind])
    if refusal:
        return refusal
    players = len(table["hands"])
    victim = seat_index(move.args[0], players)
    if victim is None:
        return Refusal("move/bad_target", f"'{move.args[0]}' is not a seat (0 to {players - 1})")
    return refuse_victim(table, seat, victim) or (
        refuse_last_card(table, seat) if move.kind == moves.SWITCHEROO else None
    )


def refuse_last_card(table: RummyTable, seat: int) -> Refusal | None:
    """Switcheroo cannot be the last card: there would be no hand to swap."""
    return SWITCHEROO_LAST_CARD if len(table["hands"][seat]) < 2 else None


def refuse_stolen_set(group: Group, seat: int) -> Refusal | None:
    """A Thief takes a Set (not a Run) an opponent laid down or stole."""
    if group["run"]:
        return THIEF_NOT_A_SET
    if group["owner"] == seat:
        return THIEF_OWN_SET
    return None


def refuse_thief_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    refusal = refuse_action_card(table, seat, THIEF)
    if refusal:
        return refusal
    index = group_index(move.args[0], table["groups"])
    if index is None:
        return Refusal("move/unknown_group", f"there is no group '{move.args[0]}' on the table")
    return refuse_stolen_set(table["groups"][index], seat)


def refuse_lucky_day_move(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    return refuse_action_card(table, seat, LUCKY_DAY)


def seat_target_moves(table: RummyTable, seat: int, kind: str) -> Iterable[Move]:
    """The moves of ``kind`` (Pickpocket or Switcheroo) against every seat ``refuse_seat_target_move`` allows."""
    card = ACTION_OF_MOVE[kind]
    if card not in table["hands"][seat] or refuse_action_card(table, seat, card):
        return ()
    if kind == moves.SWITCHEROO and refuse_last_card(table, seat):
        return ()
    players = range(len(table["hands"]))
    return [Move(kind, (str(other),)) for other in players if refuse_victim(table, seat, other) is None]


def pickpocket_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    return seat_target_moves(table, seat, moves.PICKPOCKET)


def switcheroo_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    return seat_target_moves(table, seat, moves.SWITCHEROO)


def thief_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    """A Thief against every group ``refuse_stolen_set`` allows."""
    if THIEF not in table["hands"][seat] or refuse_action_card(table, seat, THIEF):
        return ()
    return [
        Move(moves.THIEF, (GROUP_IDS[index] if index < len(GROUP_IDS) else group_id(index),))
        for index, group in enumerate(table["groups"])
        if refuse_stolen_set(group, seat) is None
    ]


def action_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    """The moves of the four Action Cards played in a turn (``refuse_kind`` allows or refuses them together), in
    the order of ``MOVE_KINDS``; nothing at once when the hand holds no Action Card."""
    if ACTION_SET.isdisjoint(table["hands"][seat]):
        return ()
    return [
        *pickpocket_moves(table, seat),
        *thief_moves(table, seat),
        *switcheroo_moves(table, seat),
        *lucky_day_moves(table, seat),
    ]


def lucky_day_moves(table: RummyTable, seat: int) -> Iterable[Move]:
    if LUCKY_DAY not in table["hands"][seat] or refuse_lucky_day_move(table, seat, moves.PLAY_LUCKY_DAY):
        return ()
    return (moves.PLAY_LUCKY_DAY,)


# ----- moves that need nothing more than the moment ----------------------------------------------------------
def refuse_nothing(table: RummyTable, seat: int, move: Move) -> Refusal | None:
    return None


def always(move: Move) -> Callable[[RummyTable, int], Iterable[Move]]:
    return lambda table, seat: (move,)


# ----- the two views of the same predicates ------------------------------------------------------------------
RefuseMove = Callable[[RummyTable, int, Move], Refusal | None]
Moves = Callable[[RummyTable, int], Iterable[Move]]

REFUSALS: Final[dict[str, RefuseMove]] = {
    moves.DRAW: refuse_nothing,
    moves.TAKE: refuse_take_move,
    moves.HOARD: refuse_hoard_move,
    moves.MELD: refuse_meld_move,
    moves.LAY_OFF: refuse_lay_off_move,
    moves.DRAW_BONUS: refuse_draw_bonus_move,
    moves.PICKPOCKET: refuse_seat_target_move,
    moves.THIEF: refuse_thief_move,
    moves.SWITCHEROO: refuse_seat_target_move,
    moves.LUCKY_DAY: refuse_lucky_day_move,
    moves.DISCARD: refuse_discard_move,
    moves.SECOND_CHANCE: refuse_nothing,
    moves.ACCEPT: refuse_nothing,
    moves.PASS: refuse_nothing,
}

MOVES: Final[dict[str, Moves]] = {
    moves.DRAW: always(moves.DRAW_TWO),
    moves.TAKE: take_moves,
    moves.HOARD: hoard_moves,
    moves.MELD: meld_moves,
    moves.LAY_OFF: lay_off_moves,
    moves.DRAW_BONUS: bonus_draw_moves,
    moves.PICKPOCKET: action_moves,
    moves.THIEF: action_moves,
    moves.SWITCHEROO: action_moves,
    moves.LUCKY_DAY: action_moves,
    moves.DISCARD: discard_moves,
    moves.SECOND_CHANCE: always(moves.REVEAL_SECOND_CHANCE),
    moves.ACCEPT: always(moves.ACCEPT_ACTION),
    moves.PASS: always(moves.PASS_LUCKY_DAY),
}


def move_lists(phase: str, must_play: str) -> tuple[Moves, ...]:
    """The move lists of the kinds ``kinds_allowed`` at this moment, each once (computed once per moment)."""
    return tuple(dict.fromkeys(MOVES[kind] for kind in kinds_allowed(phase, must_play)))


# The move lists by number, for ``moves_listed`` (a direct call of each, no call through a function object).
LISTERS: Final[tuple[Moves, ...]] = tuple(dict.fromkeys(MOVES.values()))
DRAW_LIST: Final = 0
TAKE_LIST: Final = 1
HOARD_LIST: Final = 2
MELD_LIST: Final = 3
LAY_OFF_LIST: Final = 4
BONUS_DRAW_LIST: Final = 5
ACTION_LIST: Final = 6
DISCARD_LIST: Final = 7
SECOND_CHANCE_LIST: Final = 8
ACCEPT_LIST: Final = 9
PASS_LIST: Final = 10
assert LISTERS[TAKE_LIST] is take_moves and LISTERS[ACTION_LIST] is action_moves and len(LISTERS) == PASS_LIST + 1


def moves_listed(number: int, table: RummyTable, seat: int) -> Iterable[Move]:
    """The moves of ``LISTERS[number]``."""
    if number == DISCARD_LIST:
        return discard_moves(table, seat)
    if number == MELD_LIST:
        return meld_moves(table, seat)
    if number == LAY_OFF_LIST:
        return lay_off_moves(table, seat)
    if number == ACTION_LIST:
        return action_moves(table, seat)
    if number == BONUS_DRAW_LIST:
        return bonus_draw_moves(table, seat)
    if number == DRAW_LIST:
        return (moves.DRAW_TWO,)
    if number == TAKE_LIST:
        return take_moves(table, seat)
    if number == HOARD_LIST:
        return hoard_moves(table, seat)
    return LISTERS[number](table, seat)


def plans(must_play: str) -> dict[str, tuple[int, ...]]:
    """Per phase, the numbers of ``move_lists`` (which depend on the card taken only by whether there is one)."""
    return {
        str(phase): tuple(LISTERS.index(listed) for listed in move_lists(phase, must_play))
        for phase in (DRAW_PHASE, PLAY_PHASE, REACT_PHASE, LUCKY_PHASE, FINISHED_PHASE)
    }


PLANS: Final = plans("")
PLANS_WITH_TAKEN_CARD: Final = plans(JOKER)


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every legal move of ``seat``: for each kind the moment allows, the moves its predicates allow."""
    table = cast(RummyTable, state.table)
    found: list[Move] = []
    plan = (PLANS_WITH_TAKEN_CARD if table["must_play"] else PLANS).get(table["phase"], ())
    for number in plan:
        found.extend(moves_listed(number, table, seat))
    return found


def refuse_move(state: GameState, seat: int, move: Move) -> Refusal | None:
    """The first rule ``move`` breaks for ``seat`` now, or None if it is legal."""
    table = cast(RummyTable, state.table)
    kind = MOVE_KINDS.get(move.kind)
    if kind is None or len(move.args) != len(kind.params):
        return Refusal("move/not_a_move", f"'{move.kind}' with {len(move.args)} argument(s) is no move of Rummy Battle")
    return refuse_kind(table["phase"], table["must_play"], move.kind) or REFUSALS[move.kind](table, seat, move)


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """None if ``move`` is legal for ``seat``, else the error naming the move, the position and the rule."""
    table = cast(RummyTable, state.table)
    refusal = refuse_move(state, seat, move)
    return refusal.error(move, position=f"round {table['round']}, seat {seat}") if refusal else None
