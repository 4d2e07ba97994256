"""Sampling a Rummy Battle table a seat cannot tell from the true one (for search bots).

What a seat knows: its own hand (its deal, draws, takes, what a Pickpocket or a Switcheroo brought it); every face-up
card (the discard pile with the up-card, the Action Card pile, every group and who played each card, the card taken
that must be played at once); who has opened, who still holds a 2nd Chance, a pending Action Card waiting for its
2nd Chance answer, Lucky Day's round; the size of every hand and of the stock and where the Marker lies in it; in
another seat's hand, the cards ``knowledge.known_by`` reads from the table's records (``known_cards``, public:
cards taken from the discard pile; ``privately_known``: the card a Pickpocket took from this seat, the hand this
seat gave away in a Switcheroo, what it knew of a hand it picked; each until laid face up); and that the stock
positions ``returned_actions`` hold Action Cards (turned up at the deal and put back, which ones unseen).
Everything else - the rest of the other hands and the stock, whose order is unknown too - is dealt again at
random, each hand and the stock keeping its size, an Action Card at each such stock position. The sample gets a
fresh RNG state: a Pickpocket's random card and the future are drawn anew.
"""

from __future__ import annotations

from collections import Counter

from engine import rng
from engine.determinize import redeal_hidden
from engine.games.rummy_battle.cards import is_action
from engine.games.rummy_battle.knowledge import known_by, read_entry
from engine.games.rummy_battle.table import RummyTable, stock_cards, table_of
from engine.state import GameState

ACTION_SALT = 0x41C64E6D  # the shuffle choosing the Action Cards of the known positions, apart from the re-deal's


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    sample = state.copy()
    table = table_of(sample)
    hands = table["hands"]
    others = [other for other in range(sample.players) if other != seat]
    known = [known_by(table, seat, other) for other in others]
    places: list[list[str]] = []
    for other, cards in zip(others, known, strict=True):
        hand = hands[other]
        for card in cards:
            hand.remove(card)
        places.append(hand)
    stock = stock_cards(table["stock"])
    positions = [position for position in table["returned_actions"] if position < len(stock)]
    if positions:
        action_slots = [stock[position] for position in positions]
        rest = [card for index, card in enumerate(stock) if index not in positions]
        places.append(rest)
        place_returned_actions(places, action_slots, seed)
    else:
        places.append(stock)
    redeal_hidden(sample, places, seed)
    if positions:
        stock = places.pop()
        for position, card in zip(positions, action_slots, strict=True):
            stock.insert(position, card)
    table["stock"] = ",".join(stock)
    for other, cards in zip(others, known, strict=True):
        hands[other].extend(cards)
    keep_private_knowledge_consistent(table, seat)
    return sample


def place_returned_actions(places: list[list[str]], action_slots: list[str], seed: int) -> None:
    """Chooses the Action Cards of the known stock positions at random among every unknown Action Card (in
    ``action_slots``, in place) and puts the Action Cards they held among ``places`` instead, which the re-deal
    then shuffles."""
    pool = [card for place in places for card in place] + action_slots
    actions = sorted(card for card in pool if is_action(card))  # sorted: the true order stays unseen
    rng.shuffle(rng.seed_state(seed ^ ACTION_SALT), actions)
    chosen = actions[: len(action_slots)]
    for card in chosen:
        pool.remove(card)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start : start + size]
        start += size
    action_slots[:] = chosen


def keep_private_knowledge_consistent(table: RummyTable, seat: int) -> None:
    """The other seats' private records must stay facts of the sample (so that it can be played on and sampled
    again): each keeps only what the sampled hand holds beside the public ``known_cards``, which the sample keeps."""
    hands, public = table["hands"], table["known_cards"]
    privately_known = table["privately_known"]
    for observer, private in enumerate(privately_known):
        if observer == seat or not private:
            continue
        left: dict[int, Counter[str]] = {}
        kept: list[str] = []
        for item in private:
            holder, card = read_entry(item)
            if holder not in left:
                left[holder] = Counter(hands[holder])
                left[holder].subtract(public[holder])
            if left[holder][card] > 0:
                left[holder][card] -= 1
                kept.append(item)
        privately_known[observer] = kept
