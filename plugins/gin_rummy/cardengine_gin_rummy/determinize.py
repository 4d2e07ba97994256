"""What a seat of Gin Rummy cannot see, sampled: the other hand's unknown cards and the stock, dealt again.

A seat knows its own hand, every public card (the upcard, the discard pile, melds, lay-offs, a spread hand) and the
cards the other seat took from the discard pile and still holds (``known``): those stay in its hand. The rest of
the other hand and the stock (order included) are pooled and dealt again; the other seat's deadwood is worked out
again from its sampled hand (OpenSpiel's ``ResampleFromInfostate`` does the same).
"""

from __future__ import annotations

from cardengine_gin_rummy.flow import Phase
from cardengine_gin_rummy.melds import min_deadwood, total_value
from cardengine_gin_rummy.table import table_of
from cardengine_gin_rummy.views import spread_seat
from engine import rng
from engine.determinize import fresh_rng_state
from engine.state import GameState

BEFORE_KNOCK = frozenset({Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD, Phase.WALL})


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    sample = state.copy()
    table = table_of(sample)
    other = 1 - seat
    if spread_seat(table) == other or table["phase"] == Phase.FINISHED:
        sample.rng_state = fresh_rng_state(seed)
        return sample
    known = table["known"][other]
    unknown = [card for card in table["hands"][other] if card not in known]
    pool = sorted([*unknown, *table["stock"]])  # sorted: the sample never depends on the true order
    rng.shuffle(rng.seed_state(seed), pool)
    table["hands"][other] = [*known, *pool[: len(unknown)]]
    table["stock"] = pool[len(unknown) :]
    hand = table["hands"][other]
    table["deadwood"][other] = min_deadwood(hand) if table["phase"] in BEFORE_KNOCK else total_value(hand)
    sample.rng_state = fresh_rng_state(seed)
    return sample
