"""Dracula's turn flow: the cut, the declaration, six deals of placing cards into the coffin, and scoring.

Two players: four cards each and a nail turned from the stock; the stock is never reshuffled, so six deals use
the 54-card pack exactly once. Four players (partnerships 0+2 against 1+3): 13 cards each plus a Vampire to the
dealer's left-hand opponent and to the dealer's partner; the turn passes continuously to the left from the
left-hand opponent, the first card of each coffin is its nail (on ``b2``), and six coffins fill a deal.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypedDict, cast

from engine.cards import RANKS, card_name, standard_deck
from engine.errors import IllegalMoveError, InvalidPlayersError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.games.dracula.coffin import (
    CELL_INDEX,
    CELL_NAMES,
    CENTRE,
    DIRECTIONS,
    NEIGHBOURS,
    VAMPIRE,
    line_scores,
    opposite,
    settle,
)
from engine.moves import Move, MoveKind
from engine.options import OptionSpec
from engine.scoring import RoundScore, ScoreSheet, highest_scorers
from engine.state import GameState

DECLARE = "declare"
PLACE = "place"
PHASE_DECLARE = "declare"
PHASE_PLAY = "play"
PHASE_FINISHED = "finished"
CELLS_PER_COFFIN = 9
HAND_SIZE_TWO_PLAYERS = 4
HAND_SIZE_FOUR_PLAYERS = 13


class RoundRecord(TypedDict):
    label: str
    points: list[int]
    cards: list[str]  # the full coffin, cell by cell (a1, b1, c1, a2, ...)
    line_rank: int  # 1: best lines scored; 2 or 3: the tie-break went to the second or third best


class DraculaTable(TypedDict):
    phase: str
    first_dealer: int
    dealer: int
    deal: int  # 1-based number of the current deal
    coffin_in_deal: int  # 1-based number of the coffin being filled in this deal
    directions: list[str]  # per seat, "" until the first dealer declares
    hands: list[list[str]]
    coffin: list[str | None]
    stock: list[str]  # face down; the top card is the last one
    used: list[str]  # cards of coffins already scored this deal or before, face up
    turn: int
    rounds: list[RoundRecord]
    best_line: list[int]  # per side: the highest line value it has scored
    bonus: list[int]  # per seat, filled in at the end


def side_of(players: int, seat: int) -> int:
    """Seat 0 or 1 in the two-player game; the partnership (0+2 or 1+3) with four."""
    return seat % 2


def table_of(state: GameState) -> DraculaTable:
    return cast(DraculaTable, state.table)


def full_pack() -> list[str]:
    return [*standard_deck(), VAMPIRE, VAMPIRE]


def cut_winner(cuts: list[str]) -> int | None:
    """Who deals first, or None to cut again.

    The highest heart wins; failing any heart, a single diamond (the one red card) wins. Two diamonds, no red
    card, or a Vampire among the cut cards: cut again. With two players this is the text's rule exactly.
    """
    if VAMPIRE in cuts:
        return None
    hearts = [(RANKS.index(card[0]), seat) for seat, card in enumerate(cuts) if card[1] == "H"]
    if hearts:
        return max(hearts)[1]
    diamonds = [seat for seat, card in enumerate(cuts) if card[1] == "D"]
    return diamonds[0] if len(diamonds) == 1 else None


class DraculaGame(Game):
    id: ClassVar[str] = "dracula"
    title: ClassVar[str] = "Dracula"
    description: ClassVar[str] = (
        "David Parlett's arithmetical game: build a 3x3 coffin of cards; one side scores its best line across, "
        "the other down. Two players, or four in partnerships."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name="deals",
            kind="int",
            default=6,
            minimum=1,
            maximum=6,
            description="Number of deals in the match (the text plays six).",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = {
        DECLARE: MoveKind(
            DECLARE,
            ("direction",),
            description="Score {direction} (across: the Queen's way; down: the King's way)",
        ),
        PLACE: MoveKind(PLACE, ("card", "cell"), description="Place {card} on {cell}"),
    }

    def check_players(self, players: int) -> None:
        if players == 3:
            raise InvalidPlayersError(
                "Dracula for three players is not supported: that part of the rule text is missing from the "
                "source. Play with 2 players, or 4 in partnerships."
            )
        if players not in (2, 4):
            raise InvalidPlayersError(f"Dracula takes 2 or 4 players; got {players}.")

    def deck(self, state: GameState) -> list[str]:
        return full_pack()

    # ----- set-up --------------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
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
                phase=PHASE_DECLARE,
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

    def _start_deal(self, state: GameState, events: list[Event]) -> None:
        table = table_of(state)
        players = state.players
        table["deal"] += 1
        table["coffin_in_deal"] = 1
        table["used"].extend(card for card in table["coffin"] if card is not None)
        table["coffin"] = [None] * CELLS_PER_COFFIN
        dealer = table["dealer"]
        order = [(dealer + 1 + i) % players for i in range(players)]
        if players == 2:
            if table["deal"] == 1:
                state.shuffle(table["stock"])  # shuffled once; later deals take the rest unshuffled
            for _ in range(HAND_SIZE_TWO_PLAYERS):
                for seat in order:
                    table["hands"][seat].append(table["stock"].pop())
            nail = table["stock"].pop()
            table["coffin"][CENTRE] = nail
        else:
            pack = [card for card in (*table["stock"], *table["used"]) if card != VAMPIRE]
            table["stock"], table["used"] = [], []
            state.shuffle(pack)
            for i in range(HAND_SIZE_FOUR_PLAYERS):
                for seat in order:
                    table["hands"][seat].append(pack[i * players + order.index(seat)])
            table["hands"][order[0]].append(VAMPIRE)  # the dealer's left-hand opponent
            table["hands"][order[1]].append(VAMPIRE)  # the dealer's partner
            nail = None
        table["turn"] = order[0]
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
            for seat in range(players)
        )
        if nail is not None:
            events.append(Event("nail_turned", data={"card": nail, "cell": CELL_NAMES[CENTRE]}))

    # ----- turn flow -----------------------------------------------------------------------------------
    def to_act(self, state: GameState) -> tuple[int, ...]:
        table = table_of(state)
        return () if table["phase"] == PHASE_FINISHED else (table["turn"],)

    def is_finished(self, state: GameState) -> bool:
        return table_of(state)["phase"] == PHASE_FINISHED

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        table = table_of(state)
        if table["phase"] == PHASE_DECLARE:
            return [Move(DECLARE, (direction,)) for direction in DIRECTIONS]
        cells = self._open_cells(table["coffin"])
        return [Move(PLACE, (card, CELL_NAMES[cell])) for card in sorted(set(table["hands"][seat])) for cell in cells]

    @staticmethod
    def _open_cells(coffin: list[str | None]) -> list[int]:
        if coffin[CENTRE] is None:
            return [CENTRE]
        return [
            cell
            for cell in range(CELLS_PER_COFFIN)
            if coffin[cell] is None and any(coffin[n] is not None for n in NEIGHBOURS[cell])
        ]

    def explain_illegal(self, state: GameState, seat: int, move: Move) -> IllegalMoveError:
        table = table_of(state)
        position = f"(deal {table['deal']}, step {state.step})"
        if move.kind == DECLARE:
            if table["phase"] != PHASE_DECLARE:
                return IllegalMoveError(
                    f"'{move}': the directions were declared before the first deal {position}.",
                    code="move/wrong_phase",
                )
            return IllegalMoveError(
                f"'{move}': the direction must be 'across' or 'down' {position}.", code="move/bad_direction"
            )
        if table["phase"] == PHASE_DECLARE:
            return IllegalMoveError(
                f"'{move}': the first dealer must first declare across or down {position}.",
                code="move/wrong_phase",
            )
        card, cell_name = move.args
        if card not in table["hands"][seat]:
            return IllegalMoveError(
                f"'{move}': seat {seat} does not hold {card_name(card)} {position}.",
                code="move/card_not_in_hand",
            )
        cell = CELL_INDEX.get(cell_name)
        if cell is None:
            return IllegalMoveError(
                f"'{move}': '{cell_name}' is not a cell; cells are a1 to c3 (columns a-c, rows 1-3).",
                code="move/bad_cell",
            )
        if table["coffin"][cell] is not None:
            return IllegalMoveError(
                f"'{move}': {cell_name} already holds {table['coffin'][cell]} {position}.",
                code="move/cell_taken",
            )
        if table["coffin"][CENTRE] is None:
            return IllegalMoveError(
                f"'{move}': the first card of a coffin is its nail and goes on b2 {position}.",
                code="move/nail_on_centre",
            )
        return IllegalMoveError(
            f"'{move}': {cell_name} is not side by side with a card in the coffin {position}.",
            code="move/not_adjacent",
        )

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        table = table_of(state)
        events: list[Event] = []
        if move.kind == DECLARE:
            direction = move.args[0]
            for other in range(state.players):
                same_side = side_of(state.players, other) == side_of(state.players, seat)
                table["directions"][other] = direction if same_side else opposite(direction)
            events.append(Event("declared", seat=seat, data={"direction": direction}))
            table["phase"] = PHASE_PLAY
            self._start_deal(state, events)
            return events
        card, cell_name = move.args
        cell = CELL_INDEX[cell_name]
        table["hands"][seat].remove(card)
        table["coffin"][cell] = card
        events.append(Event("placed", seat=seat, data={"card": card, "cell": cell_name}))
        table["turn"] = (seat + 1) % state.players
        if all(c is not None for c in table["coffin"]):
            self._score_coffin(state, events)
        return events

    def _score_coffin(self, state: GameState, events: list[Event]) -> None:
        table = table_of(state)
        players = state.players
        direction_of_side = [table["directions"][0], table["directions"][1]]
        lines = [line_scores(table["coffin"], direction_of_side[side]) for side in (0, 1)]
        first, second, rank = settle([x.value for x in lines[0]], [x.value for x in lines[1]])
        side_points = (first, second)
        for side in (0, 1):
            table["best_line"][side] = max(table["best_line"][side], side_points[side])
        points = [side_points[side_of(players, seat)] for seat in range(players)]
        label = f"deal {table['deal']}" if players == 2 else f"deal {table['deal']} coffin {table['coffin_in_deal']}"
        table["rounds"].append(
            RoundRecord(label=label, points=points, cards=[c or "" for c in table["coffin"]], line_rank=rank)
        )
        events.append(Event("coffin_scored", data={"label": label, "points": points, "lineRank": rank}))
        deal_over = not any(table["hands"]) if players == 4 else True
        if not deal_over:
            table["coffin_in_deal"] += 1
            table["used"].extend(c for c in table["coffin"] if c is not None)
            table["coffin"] = [None] * CELLS_PER_COFFIN
            return
        if table["deal"] >= int(state.options["deals"]):
            self._finish(state, events)
            return
        table["dealer"] = (table["dealer"] + 1) % players
        self._start_deal(state, events)

    def _finish(self, state: GameState, events: list[Event]) -> None:
        table = table_of(state)
        players = state.players
        side_totals = [0, 0]
        for record in table["rounds"]:
            side_totals[0] += record["points"][0]
            side_totals[1] += record["points"][1]
        bonus_side: int | None = None
        bonus = 0
        reason = "none"
        if side_totals[0] != side_totals[1]:
            bonus_side = 0 if side_totals[0] > side_totals[1] else 1
            bonus = abs(side_totals[0] - side_totals[1])
            reason = "difference"
        elif table["best_line"][0] != table["best_line"][1]:
            bonus_side = 0 if table["best_line"][0] > table["best_line"][1] else 1
            bonus = max(table["best_line"])
            reason = "best_line"
        table["bonus"] = [bonus if side_of(players, seat) == bonus_side else 0 for seat in range(players)]
        table["phase"] = PHASE_FINISHED
        sheet = self.score(state)
        events.append(
            Event(
                "match_finished",
                data={
                    "totals": list(sheet.totals),
                    "bonus": table["bonus"],
                    "bonusReason": reason,
                    "winners": list(sheet.winners),
                },
            )
        )

    # ----- views ---------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = table_of(state)
        return {
            "phase": table["phase"],
            "firstDealer": table["first_dealer"],
            "dealer": table["dealer"],
            "deal": table["deal"],
            "coffinInDeal": table["coffin_in_deal"],
            "directions": list(table["directions"]),
            "turn": table["turn"],
            "coffin": [[table["coffin"][row * 3 + col] for col in range(3)] for row in range(3)],
            "hand": sorted(table["hands"][seat]) if seat is not None else None,
            "handCounts": [len(hand) for hand in table["hands"]],
            "stockCount": len(table["stock"]),
            "used": list(table["used"]),
            "totals": self._totals(state),
        }

    def card_locations(self, state: GameState) -> list[CardLocation]:
        table = table_of(state)
        places = [CardLocation(f"hand:{seat}", hand, frozenset((seat,))) for seat, hand in enumerate(table["hands"])]
        places.append(CardLocation("stock", table["stock"], frozenset()))
        places.append(CardLocation("coffin", [c for c in table["coffin"] if c is not None]))
        places.append(CardLocation("used", table["used"]))
        return places

    # ----- scores --------------------------------------------------------------------------------------
    @staticmethod
    def _totals(state: GameState) -> list[int]:
        table = table_of(state)
        totals = list(table["bonus"]) if table["phase"] == PHASE_FINISHED else [0] * state.players
        for record in table["rounds"]:
            for seat, points in enumerate(record["points"]):
                totals[seat] += points
        return totals

    def score(self, state: GameState) -> ScoreSheet:
        table = table_of(state)
        directions = [table["directions"][0], table["directions"][1]]
        rounds = [RoundScore(r["label"], tuple(r["points"]), coffin_details(r, directions)) for r in table["rounds"]]
        totals = [sum(r.points[seat] for r in rounds) for seat in range(state.players)]
        finished = table["phase"] == PHASE_FINISHED
        if finished and any(table["bonus"]):
            rounds.append(RoundScore("bonus", tuple(table["bonus"]), {}))
            totals = [t + b for t, b in zip(totals, table["bonus"], strict=True)]
        winners = highest_scorers(totals) if finished else ()
        return ScoreSheet(
            tuple(totals),
            tuple(rounds),
            finished,
            winners,
            {"bestLine": list(table["best_line"]), "directions": list(table["directions"])},
        )


def coffin_details(record: RoundRecord, directions: list[str]) -> dict[str, Any]:
    """The breakdown of a scored coffin: its cards and each side's lines, best first."""
    coffin: list[str | None] = list(record["cards"])
    return {
        "coffin": {CELL_NAMES[i]: card for i, card in enumerate(record["cards"])},
        "lineRank": record["line_rank"],
        "sides": [
            {
                "side": side,
                "direction": directions[side],
                "lines": [
                    {
                        "cells": line.name,
                        "cards": list(line.cards),
                        "faceValue": line.face_value,
                        "multiplier": line.multiplier,
                        "vampire": line.drained,
                        "value": line.value,
                    }
                    for line in line_scores(coffin, directions[side])
                ],
            }
            for side in (0, 1)
        ],
    }
