"""High Card, a game for the registry's tests: two players get three cards each from six Spades (Ace high) and play
them in turn, one a move, onto a common row; each card played scores its rank (2 to 14) for its player. The match
ends when both hands are empty; the higher total wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.errors import IllegalMoveError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.moves import Move, MoveKind
from engine.scoring import ScoreSheet, highest_scorers
from engine.state import GameState

RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9}
DECK = [f"{rank}S" for rank in RANKS]
PLAY = MoveKind("play", ("card",), description="Play a card from your hand onto the row.")


class HighCardGame(Game):
    id: ClassVar[str] = "high_card"
    title: ClassVar[str] = "High Card"
    description: ClassVar[str] = "Play your three cards in turn; each scores its rank, Ace high."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    move_kinds: ClassVar[Mapping[str, MoveKind]] = {"play": PLAY}
    playout_bound: ClassVar[int] = 6

    def deck(self, state: GameState) -> list[str]:
        return list(DECK)

    def setup(self, state: GameState) -> list[Event]:
        cards = self.deck(state)
        state.shuffle(cards)
        state.table.update(hands=[cards[0:3], cards[3:6]], played=[], points=[0, 0], turn=0)
        return [Event("dealt", seat, secret={"cards": list(hand)}, secret_to=(seat,)) for seat, hand in
                enumerate(state.table["hands"])]  # fmt: skip

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return () if self.is_finished(state) else (int(state.table["turn"]),)

    def is_finished(self, state: GameState) -> bool:
        return not any(state.table["hands"])

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return [Move("play", (card,)) for card in sorted(state.table["hands"][seat])]

    def explain(self, state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
        if move in self.legal_moves(state, seat):
            return None
        return IllegalMoveError(f"Seat {seat} cannot play {' '.join(move.args)}: it is not a card in its hand now.")

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        card = move.args[0]
        table = state.table
        table["hands"][seat].remove(card)
        table["played"].append(card)
        table["points"][seat] += RANKS[card[0]]
        table["turn"] = 1 - seat
        return [Event("played", seat, {"card": card})]

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = state.table
        return {
            "hand": list(table["hands"][seat]) if seat is not None else [],
            "handCounts": [len(hand) for hand in table["hands"]],
            "played": list(table["played"]),
            "points": list(table["points"]),
        }

    def card_locations(self, state: GameState) -> list[CardLocation]:
        hands = state.table["hands"]
        return [CardLocation(f"hand {seat}", hand, frozenset({seat})) for seat, hand in enumerate(hands)] + [
            CardLocation("played", state.table["played"])
        ]

    def determinize(self, state: GameState, seat: int, seed: int) -> GameState:
        return state.copy()

    def score(self, state: GameState) -> ScoreSheet:
        totals = tuple(state.table["points"])
        finished = self.is_finished(state)
        return ScoreSheet(totals, (), finished, highest_scorers(totals) if finished else ())
