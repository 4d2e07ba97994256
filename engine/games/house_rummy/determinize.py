"""House Rummy's determinization: a full state a seat cannot tell from the true one (engine/determinize.py).

What a seat knows: its own hand; everything face up (every discard pile, card by card, the flipped card among them;
the groups on the board; the Hot Potato on a board); the size of every hand and of the draw pile; the claims and
passes of a claim window; and, in other hands (``knowledge.py``), the cards everyone saw go there (taken from a
discard pile, taken by Search Discard, a Hot Potato passed or kept) and the cards it alone saw there (a hand shown to
it by See Hand, the card it gave by Fish or Exchange 1), each until it is seen to leave. Everything else, the rest of
the other hands and the draw pile with its order, is dealt again at random among those places. A card another seat
chose to give in an exchange under way is not known either: it is drawn again from that seat's sampled hand. Other
seats' private records about third hands are dropped from the sample (they would tell what this seat cannot know).
When the match is finished every hand is shown: only the draw pile's order is dealt again.
"""

from __future__ import annotations

from collections import Counter

from engine import rng
from engine.determinize import redeal_hidden
from engine.games.house_rummy.knowledge import holder_of, known_to, observer_of
from engine.games.house_rummy.phases import Phase
from engine.games.house_rummy.table import FINISHED, table_of
from engine.state import GameState

CHOICE_SALT = 0x9E3779B9


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    sample = state.copy()
    table = table_of(sample)
    hands = table["hands"]
    places = [table["stock"]]
    if table["phase"] == FINISHED:
        redeal_hidden(sample, places, seed)
        return sample
    partial: list[tuple[int, list[str], list[str]]] = []  # (seat, the unknown part, the known cards)
    for other, hand in enumerate(hands):
        if other == seat:
            continue
        known = known_to(table, seat, other)
        if known:
            rest = Counter(hand)
            rest.subtract(known)
            unknown = list(rest.elements())
            partial.append((other, unknown, known))
            places.append(unknown)
        else:
            places.append(hand)
    redeal_hidden(sample, places, seed)
    for other, unknown, known in partial:
        hands[other] = unknown + known
    table["seen_cards"] = {
        key: cards for key, cards in table["seen_cards"].items() if observer_of(key) == seat or holder_of(key) == seat
    }
    act = table["action"]
    if table["phase"] == Phase.EXCHANGE_GIVE and act is not None:
        choice = rng.seed_state(seed ^ CHOICE_SALT)
        for index, chooser in enumerate((act["discarder"], act["named"])):
            if chooser != seat and act["chosen"][index]:
                choice, pick = rng.below(choice, len(hands[chooser]))
                act["chosen"][index] = hands[chooser][pick]
    return sample
