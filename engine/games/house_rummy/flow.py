"""The turn flow: the set-up, who acts now, whether the match is over, and one dispatch to the play of each move
kind (the plays live in ``drawing``, ``board_plays``, ``discarding`` and ``discard_actions``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from engine.events import Event
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board_plays import keep_potato, lay_off, meld, move_card, pass_potato, play_potato
from engine.games.house_rummy.dealing import deal, new_table
from engine.games.house_rummy.discard_actions import exchange, fish, give, search, see_hand
from engine.games.house_rummy.discarding import claim, discard
from engine.games.house_rummy.drawing import draw, take
from engine.games.house_rummy.phases import CLAIM_PHASE, EXCHANGE_GIVE_PHASE, FINISHED_PHASE, FISH_GIVE_PHASE
from engine.games.house_rummy.phases import Phase as Phase  # the phases, in their own module
from engine.games.house_rummy.table import table_of
from engine.moves import Move
from engine.state import GameState


def setup(state: GameState) -> list[Event]:
    state.table = cast(dict[str, Any], new_table(state.players))
    events: list[Event] = []
    deal(state, events)
    return events


def is_finished(state: GameState) -> bool:
    return table_of(state)["phase"] == FINISHED_PHASE


def to_act(state: GameState) -> tuple[int, ...]:
    """The player to move; every seat yet to answer a claim window; both seats choosing a card to exchange."""
    table = table_of(state)
    phase = table["phase"]
    if phase == FINISHED_PHASE:
        return ()
    if phase == CLAIM_PHASE:
        window = table["claim"]
        assert window is not None
        return tuple(window["waiting"])
    act = table["action"]
    if phase == FISH_GIVE_PHASE and act is not None:
        return (act["named"],)
    if phase == EXCHANGE_GIVE_PHASE and act is not None:
        return tuple(
            seat for seat, given in zip((act["discarder"], act["named"]), act["chosen"], strict=True) if not given
        )
    return (table["turn"],)


PLAYS: Final[dict[str, Callable[[GameState, int, Move], list[Event]]]] = {
    kinds.DRAW: draw,
    kinds.TAKE: take,
    kinds.MELD: meld,
    kinds.LAY_OFF: lay_off,
    kinds.MOVE_CARD: move_card,
    kinds.PLAY_POTATO: play_potato,
    kinds.DISCARD: discard,
    kinds.PASS_POTATO: pass_potato,
    kinds.KEEP_POTATO: keep_potato,
    kinds.CLAIM: claim,
    kinds.PASS: claim,
    kinds.FISH: fish,
    kinds.GIVE: give,
    kinds.SEE_HAND: see_hand,
    kinds.EXCHANGE: exchange,
    kinds.SEARCH: search,
}


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    return PLAYS[move.kind](state, seat, move)
