"""Dracula's turn flow: the cut, the declaration, deals of placing cards into the coffin, and the transitions.

Two players: four cards each and a nail turned from the stock; the stock is never reshuffled, so six deals use
the 54-card pack exactly once. Four players (partnerships 0+2 against 1+3): 13 cards each plus a Vampire to the
dealer's left-hand opponent and to the dealer's partner; the turn passes continuously to the left from the
left-hand opponent, the first card of each coffin is its nail (on ``b2``), and six coffins fill a deal.

The phases: ``declare`` (the first dealer announces across or down), ``play`` (placing cards; coffins are scored
and deals started as they fill), ``finished``. One function per move kind, dispatched by ``PLAYS``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, cast

from engine.cards import deal_round_robin
from engine.events import Event
from engine.games.dracula import scoring
from engine.games.dracula.cards import DIAMONDS, HEARTS, VAMPIRE, full_pack, rank_order
from engine.games.dracula.coffin import CELL_INDEX, CELL_NAMES, CENTRE, opposite
from engine.games.dracula.moves import DECLARE, PLACE
from engine.games.dracula.table import DraculaTable, RoundRecord, side_of, table_of
from engine.moves import Move
from engine.scoring import highest_scorers
from engine.state import GameState

CELLS_PER_COFFIN = 9
HAND_SIZE_TWO_PLAYERS = 4
HAND_SIZE_FOUR_PLAYERS = 13


class Phase(StrEnum):
    DECLARE = "declare"
    PLAY = "play"
    FINISHED = "finished"


FINISHED = Phase.FINISHED.value  # a plain str: compared on every step


# ----- set-up: the cut --------------------------------------------------------------------------------------
def cut_winner(cuts: list[str]) -> int | None:
    """Who deals first, or None to cut again.

    The highest heart wins; failing any heart, a single diamond (the one red card) wins. Two diamonds, no red
    card, or a Vampire among the cut cards: cut again. With two players this is the text's rule exactly.
    """
    if VAMPIRE in cuts:
        return None
    hearts = [(rank_order(card), seat) for seat, card in enumerate(cuts) if card[1] == HEARTS]
    if hearts:
        return max(hearts)[1]
    diamonds = [seat for seat, card in enumerate(cuts) if card[1] == DIAMONDS]
    return diamonds[0] if len(diamonds) == 1 else None


def setup(state: GameState) -> list[Event]:
    events: list[Event] = []
    first_dealer: int | None = None
    while first_dealer is None:
        pack = full_pack()
        state.shuffle(pack)
        cuts = pack[: state.players]
        first_dealer = cut_winner(cuts)
        events.append(Event("cut", data={"cards": cuts, "firstDealer": first_dealer}))
    state.table = cast(
        dict[str, Any],
        DraculaTable(
            phase=Phase.DECLARE.value,
            first_dealer=first_dealer,
            dealer=first_dealer,
            deal=0,
            coffin_in_deal=1,
            directions=[""] * state.players,
            hands=[[] for _ in range(state.players)],
            coffin=[None] * CELLS_PER_COFFIN,
            stock=full_pack(),
            used=[],
            turn=first_dealer,
            rounds=[],
            best_line=[0, 0],
            bonus=[0] * state.players,
        ),
    )
    return events


def to_act(state: GameState) -> tuple[int, ...]:
    table = state.table
    return () if table["phase"] == FINISHED else (table["turn"],)


def is_finished(state: GameState) -> bool:
    return state.table["phase"] == FINISHED  # type: ignore[no-any-return]


# ----- dealing ----------------------------------------------------------------------------------------------
def deal_two_players(state: GameState, table: DraculaTable, first: int) -> str:
    """Four cards each from the top of the stock, one at a time from ``first``; returns the nail turned next."""
    stock = table["stock"] = list(table["stock"])  # copy-on-write: the caller's stock stays as it was
    if table["deal"] == 1:
        state.shuffle(stock)  # shuffled once; later deals take the rest unshuffled
    table["hands"] = deal_round_robin(stock, state.players, HAND_SIZE_TWO_PLAYERS, first)
    nail = stock.pop()
    table["coffin"][CENTRE] = nail  # the coffin start_deal has just made
    return nail


def deal_four_players(state: GameState, table: DraculaTable, first: int) -> None:
    """The 52 standard cards reshuffled, 13 each from ``first``, a Vampire to ``first`` and to the dealer's
    partner."""
    pack = [card for card in (*table["stock"], *table["used"]) if card != VAMPIRE]
    table["stock"], table["used"] = [], []
    state.shuffle(pack)
    pack.reverse()  # dealt from the first card of the shuffled pack
    table["hands"] = deal_round_robin(pack, state.players, HAND_SIZE_FOUR_PLAYERS, first)
    table["hands"][first].append(VAMPIRE)  # the dealer's left-hand opponent
    table["hands"][(first + 1) % state.players].append(VAMPIRE)  # the dealer's partner


def start_deal(state: GameState, events: list[Event]) -> None:
    """Clears the coffin and deals; the seat left of the dealer plays first."""
    table = table_of(state)
    table["deal"] += 1
    table["coffin_in_deal"] = 1
    table["used"] = [*table["used"], *(card for card in table["coffin"] if card is not None)]
    table["coffin"] = [None] * CELLS_PER_COFFIN
    dealer = table["dealer"]
    first = (dealer + 1) % state.players
    nail: str | None = None
    if state.players == 2:
        nail = deal_two_players(state, table, first)
    else:
        deal_four_players(state, table, first)
    table["turn"] = first
    events.append(
        Event(
            "deal_started",
            data={
                "deal": table["deal"],
                "dealer": dealer,
                "handSizes": [len(h) for h in table["hands"]],
                "stockCount": len(table["stock"]),
            },
        )
    )
    events.extend(
        Event("hand_dealt", seat=seat, data={"cards": list(table["hands"][seat])}, audience=(seat,))
        for seat in range(state.players)
    )
    if nail is not None:
        events.append(Event("nail_turned", data={"card": nail, "cell": CELL_NAMES[CENTRE]}))


# ----- moves ------------------------------------------------------------------------------------------------
def play_declare(state: GameState, seat: int, move: Move) -> list[Event]:
    """The first dealer's way holds for its side for the whole match; the other side scores the other way."""
    table = table_of(state)
    direction = move.args[0]
    table["directions"] = [
        direction if side_of(other) == side_of(seat) else opposite(direction) for other in range(state.players)
    ]
    events = [Event("declared", seat=seat, data={"direction": direction})]
    table["phase"] = Phase.PLAY.value
    start_deal(state, events)
    return events


def play_place(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    card, cell_name = move.args
    # Copy-on-write: the hand and the coffin are replaced, never changed in place.
    hands = table["hands"] = list(table["hands"])
    hand = hands[seat] = list(hands[seat])
    hand.remove(card)
    coffin = table["coffin"] = list(table["coffin"])
    coffin[CELL_INDEX[cell_name]] = card
    events = [Event("placed", seat=seat, data={"card": card, "cell": cell_name})]
    table["turn"] = (seat + 1) % state.players
    if None not in coffin:
        close_coffin(state, events)
    return events


PLAYS: dict[str, Callable[[GameState, int, Move], list[Event]]] = {DECLARE: play_declare, PLACE: play_place}


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    return PLAYS[move.kind](state, seat, move)


# ----- end of a coffin, a deal, the match -------------------------------------------------------------------
def close_coffin(state: GameState, events: list[Event]) -> None:
    """Scores the full coffin, then starts the next coffin (four players, cards left), the next deal, or ends."""
    table = table_of(state)
    players = state.players
    directions = [table["directions"][0], table["directions"][1]]
    lines = scoring.coffin_lines(table["coffin"], directions)  # settle the coffin and explain it
    side_points, rank = scoring.settle_coffin(lines)
    table["best_line"] = [max(table["best_line"][side], side_points[side]) for side in (0, 1)]
    points = [side_points[side_of(seat)] for seat in range(players)]
    label = f"deal {table['deal']}" if players == 2 else f"deal {table['deal']} coffin {table['coffin_in_deal']}"
    record = RoundRecord(label=label, points=points, cards=[c or "" for c in table["coffin"]], line_rank=rank)
    table["rounds"] = [*table["rounds"], record]
    # The explanation as the score sheet gives it: the coffin's cards, each side's lines (all face up); a line names
    # its cells, not its cards again (a card is shown once in an event).
    details = scoring.coffin_details(record, directions, lines, players, line_cards=False)
    events.append(Event("coffin_scored", data={"label": label, "points": points, **details}))
    if players == 4 and any(table["hands"]):
        table["coffin_in_deal"] += 1
        table["used"] = [*table["used"], *(c for c in table["coffin"] if c is not None)]
        table["coffin"] = [None] * CELLS_PER_COFFIN
    elif table["deal"] >= int(state.options["deals"]):
        finish(state, events)
    else:
        table["dealer"] = (table["dealer"] + 1) % players
        start_deal(state, events)


def finish(state: GameState, events: list[Event]) -> None:
    table = table_of(state)
    bonus_side, bonus, reason = scoring.final_bonus(table)
    table["bonus"] = [bonus if side_of(seat) == bonus_side else 0 for seat in range(state.players)]
    table["phase"] = Phase.FINISHED.value
    totals = scoring.totals(state, finished=True)
    events.append(
        Event(
            "match_finished",
            data={
                "totals": totals,
                "bonus": table["bonus"],
                "bonusReason": reason,
                "winners": list(highest_scorers(totals)),
            },
        )
    )
