"""The phases of the turn state machine."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from engine.games.house_rummy.table import FINISHED


class Phase(StrEnum):
    DRAW = "draw"  # the player to move draws from the stock or takes from a discard pile
    PLAY = "play"  # melds, lay-offs, moves; ends with a discard (or by playing out)
    POTATO = "potato"  # after a new group with the Hot Potato in hand: pass it or keep it
    CLAIM = "claim"  # "rummy on the board": the other seats answer claim or pass for a playable discard
    FISH = "fish"  # Fish: the discarder names a player and a rank or suit
    FISH_GIVE = "fish_give"  # the asked player chooses which matching card to give
    SEE_HAND = "see_hand"  # See Hand: the discarder names a player, who shows only them the hand
    EXCHANGE = "exchange"  # Exchange 1: the discarder names a player
    EXCHANGE_GIVE = "exchange_give"  # both choose a card to give, face down
    SEARCH = "search"  # Search Discard: the discarder takes a card of the pile the card went to
    EXTRA_DISCARD = "extra_discard"  # Draw & Discard 1: the discard after the draw (triggers no action)
    FINISHED = FINISHED


# The phases of the player's own turn after the draw, in which the bottom card taken must still be played.
TURN_PHASES: Final = frozenset({Phase.PLAY, Phase.POTATO})


# The phases' values as the table holds them: plain text, as a decoded snapshot holds them too.
CLAIM_PHASE: Final = Phase.CLAIM.value


DRAW_PHASE: Final = Phase.DRAW.value


EXCHANGE_PHASE: Final = Phase.EXCHANGE.value


EXCHANGE_GIVE_PHASE: Final = Phase.EXCHANGE_GIVE.value


EXTRA_DISCARD_PHASE: Final = Phase.EXTRA_DISCARD.value


FINISHED_PHASE: Final = Phase.FINISHED.value


FISH_PHASE: Final = Phase.FISH.value


FISH_GIVE_PHASE: Final = Phase.FISH_GIVE.value


PLAY_PHASE: Final = Phase.PLAY.value


POTATO_PHASE: Final = Phase.POTATO.value


SEARCH_PHASE: Final = Phase.SEARCH.value


SEE_HAND_PHASE: Final = Phase.SEE_HAND.value
