"""What each seat sees of a Gin Rummy match, where every card is (for the conservation and secrecy checks), and
the events in words.

A seat sees its own hand and deadwood; the other hand as a count; the upcard, the discard pile under it and the
stock's size; the melds laid and the cards laid off; once the knocker has spread its hand (the defender's turn),
the knocker's unmelded cards (``spread``: the defender's and spectators' views; the knocker's own has them in its
hand). Spectators see the same without a hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardengine_gin_rummy import scoring
from cardengine_gin_rummy.cards import CODES
from cardengine_gin_rummy.flow import Phase
from cardengine_gin_rummy.melds import MELD_CARDS
from cardengine_gin_rummy.table import NOBODY, GinRummyTable, table_of
from engine.cards import card_name
from engine.game import CardLocation
from engine.state import GameState
from engine.words import EventText, join_words, plural, upper_first, verb, who


def codes(cards: list[int]) -> list[str]:
    return [CODES[card] for card in sorted(cards)]


def spread_seat(table: GinRummyTable) -> int:
    """The knocker once its hand is spread (the defender's lay-offs and melds, and after), else NOBODY."""
    return table["knocker"] if table["phase"] in (Phase.LAYOFF, Phase.FINISHED) else NOBODY


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    table = table_of(state)
    upcard = table["upcard"]
    spread = spread_seat(table)
    return {
        "phase": table["phase"],
        "turn": table["turn"],
        "dealer": table["dealer"],
        "handNumber": table["hand_number"],
        "hand": codes(table["hands"][seat]) if seat is not None else None,
        "deadwood": table["deadwood"][seat] if seat is not None else None,
        "handCounts": [len(hand) for hand in table["hands"]],
        "upcard": [] if upcard is None else [CODES[upcard]],  # a list of one card or none: a row on any table
        "discardPile": [CODES[card] for card in table["discard_pile"]],
        "stockCount": len(table["stock"]),
        "firstUpcardPassed": list(table["passed_first_upcard"]),
        "knocker": None if table["knocker"] == NOBODY else table["knocker"],
        "melds": [
            {"owner": owner, "cards": [CODES[card] for card in MELD_CARDS[meld]]}
            for owner, melds in enumerate(table["melds"])
            for meld in melds
        ],
        "layoffs": [CODES[card] for card in table["layoffs"]],
        # (the knocker's own view has them in its hand: a view shows a card once)
        "spread": codes(table["hands"][spread]) if spread not in (NOBODY, seat) else None,
        "handsWon": list(table["hands_won"]),
        "totals": scoring.totals(state, finished=table["phase"] == Phase.FINISHED),
    }


HAND_NAMES = ("hand:0", "hand:1")
HOLDERS = (frozenset((0,)), frozenset((1,)))
NOBODY_SEES: frozenset[int] = frozenset()


def card_locations(state: GameState) -> list[CardLocation]:
    table = table_of(state)
    spread = spread_seat(table)
    places = [
        CardLocation(HAND_NAMES[seat], [CODES[card] for card in hand], None if seat == spread else HOLDERS[seat])
        for seat, hand in enumerate(table["hands"])
    ]
    places.append(CardLocation("stock", [CODES[card] for card in table["stock"]], NOBODY_SEES))
    if table["upcard"] is not None:
        places.append(CardLocation("upcard", [CODES[table["upcard"]]]))
    places.append(CardLocation("discard_pile", [CODES[card] for card in table["discard_pile"]]))
    melded = [CODES[card] for melds in table["melds"] for meld in melds for card in MELD_CARDS[meld]]
    places.append(CardLocation("melds", melded))
    places.append(CardLocation("layoffs", [CODES[card] for card in table["layoffs"]]))
    return places


# ----- events in words --------------------------------------------------------------------------------------
def the_card(code: str) -> str:
    return f"the {card_name(code)}"


def the_cards(cards: Sequence[str]) -> str:
    return join_words([the_card(code) for code in cards])


def hand_started_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    dealer = who(event["dealer"], viewer, names)
    return (
        f"Hand {event['hand']}: {dealer} dealt ten cards each; {the_card(event['upcard'])} is the upcard, "
        f"{plural(event['stockCount'], 'card')} are left in the stock."
    )


def hand_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{who(seat, viewer, names, start=True)} {verb(seat, viewer, 'were', 'was')} dealt {the_cards(event['cards'])}."
    )


def drew_upcard_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{who(event['seat'], viewer, names, start=True)} took the upcard, {the_card(event['card'])}."


def drew_stock_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    card = f", {the_card(event['card'])}" if "card" in event else ""
    return f"{who(event['seat'], viewer, names, start=True)} drew from the stock{card}."


def discarded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{who(event['seat'], viewer, names, start=True)} discarded {the_card(event['card'])}."


def knocked_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    taken = f", taking the upcard, {the_card(event['upcard'])}" if event["upcard"] else ""
    return f"{who(event['seat'], viewer, names, start=True)} knocked{taken}."


def melded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{who(event['seat'], viewer, names, start=True)} laid the meld of {the_cards(event['cards'])}."


def laid_off_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{who(event['seat'], viewer, names, start=True)} laid off {the_card(event['card'])}."


PASS_WORDS = {
    Phase.FIRST_UPCARD: "passed on the first upcard",
    Phase.WALL: "passed at the wall",
    Phase.KNOCK: "finished laying melds",
    Phase.LAYOFF: "passed",
}


def passed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{who(event['seat'], viewer, names, start=True)} {PASS_WORDS[event['phase']]}."


def spread_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    subject = who(event["seat"], viewer, names, start=True)
    if not event["cards"]:
        return f"{subject} went gin: no deadwood."
    return f"{subject} spread the hand: {the_cards(event['cards'])} unmelded, {plural(event['deadwood'], 'point')}."


def upcard_draws_exhausted_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"That was the {event['draws']}th draw of an upcard this hand, which ends the hand."


ENDING_WORDS = {
    scoring.KNOCK: "by a knock",
    scoring.GIN: "by gin",
    scoring.UNDERCUT: "by an undercut",
    scoring.WALL: "at the wall, nobody knocking",
    scoring.DRAW_LIMIT: "after fifty draws of the upcard",
    scoring.REPEATED_DISCARD: "as the card just taken was discarded twice in a row",
}


def hand_ended_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    points: list[int] = event["points"]
    scored = [
        f"{who(seat, viewer, names)} {verb(seat, viewer, 'score', 'scores')} {points[seat]}"
        for seat in (0, 1)
        if points[seat]
    ]
    outcome = join_words(scored) if scored else "nobody scores"
    deadwood: list[int] = event["deadwood"]
    return (
        f"Hand {event['hand']} ended {ENDING_WORDS[event['ending']]}: deadwood {deadwood[0]} and {deadwood[1]}; "
        f"{outcome}."
    )


def match_finished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    totals: list[int] = event["totals"]
    winners: list[int] = event["winners"]
    bonus: list[int] = event["bonus"]
    bonus_words = f" with bonuses of {bonus[0]} and {bonus[1]}" if any(bonus) else ""
    if len(winners) == 2:
        return f"The match is over{bonus_words}: a tie at {totals[0]}."
    winner = winners[0]
    return (
        f"The match is over{bonus_words}: {who(winner, viewer, names)} {verb(winner, viewer, 'win', 'wins')}, "
        f"{totals[winner]} to {totals[1 - winner]}."
    )


EVENT_TEXTS: dict[str, EventText] = {
    "hand_started": hand_started_text,
    "hand_dealt": hand_dealt_text,
    "drew_upcard": drew_upcard_text,
    "drew_stock": drew_stock_text,
    "discarded": discarded_text,
    "knocked": knocked_text,
    "melded": melded_text,
    "laid_off": laid_off_text,
    "passed": passed_text,
    "spread": spread_text,
    "upcard_draws_exhausted": upcard_draws_exhausted_text,
    "hand_ended": hand_ended_text,
    "match_finished": match_finished_text,
}


def event_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """One sentence per event kind, from the event as the viewer sees it."""
    return upper_first(EVENT_TEXTS[event["kind"]](event, viewer, names))
