"""What each seat sees of a Dracula match, and where every card is (for the conservation and secrecy checks).

A seat sees its own hand; the other hands as counts; the coffin; the stock as a count; the used (cleared) cards;
directions, dealer, deal and coffin numbers; totals. Spectators see the same without any hand. Events are put
in words here too (``event_text``), from the event as the viewer sees it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import RANK_NAMES, SUIT_NAMES
from engine.game import CardLocation
from engine.games.dracula import scoring
from engine.games.dracula.cards import PACK_ORDER, VAMPIRE, card_name
from engine.games.dracula.coffin import ACROSS, CELL_NAMES, CENTRE, DOWN, opposite
from engine.games.dracula.flow import Phase
from engine.games.dracula.table import side_of, table_of
from engine.state import GameState
from engine.words import EventText, join_words, plural, seats_in_words, upper_first, verb, who


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    table = table_of(state)
    coffin = table["coffin"]
    return {
        "phase": table["phase"],
        "firstDealer": table["first_dealer"],
        "dealer": table["dealer"],
        "deal": table["deal"],
        "coffinInDeal": table["coffin_in_deal"],
        "directions": list(table["directions"]),
        "turn": table["turn"],
        "coffin": [list(coffin[0:3]), list(coffin[3:6]), list(coffin[6:9])],  # rows, by slices: built every move
        "hand": sorted(table["hands"][seat]) if seat is not None else None,
        "handCounts": [len(hand) for hand in table["hands"]],
        "stockCount": len(table["stock"]),
        "used": list(table["used"]),
        "totals": scoring.totals(state, finished=table["phase"] == Phase.FINISHED),
    }


HAND_NAMES = tuple(f"hand:{seat}" for seat in range(4))
HOLDERS = tuple(frozenset((seat,)) for seat in range(4))
NOBODY: frozenset[int] = frozenset()


def card_locations(state: GameState) -> list[CardLocation]:
    table = table_of(state)
    places = [CardLocation(HAND_NAMES[seat], hand, HOLDERS[seat]) for seat, hand in enumerate(table["hands"])]
    places.append(CardLocation("stock", table["stock"], NOBODY))
    places.append(CardLocation("coffin", [card for card in table["coffin"] if card is not None]))
    places.append(CardLocation("used", table["used"]))
    return places


# ----- events in words --------------------------------------------------------------------------------------
# Each text is written only from the event as the viewer sees it (its redacted dict), so it can never say more.
WAYS = {ACROSS: "the Queen's way", DOWN: "the King's way"}
LINE_RANKS = {
    1: "each side's best line",
    2: "the best lines were equal, so each side scored its second-best line",
    3: "the best and second-best lines were equal, so each side scored its third-best line",
}


def the_card(code: str) -> str:
    return f"the {card_name(code) or code}"


def cards_in_words(cards: Sequence[str]) -> str:
    """Cards grouped by suit in pack order: "the 3 of Hearts and the Vampire"; "the Ace and 7 of Spades; the 6,
    8 and Jack of Hearts; and the Vampire" (semicolons once a group has several cards)."""
    by_suit: dict[str, list[str]] = {}
    for card in sorted(cards, key=PACK_ORDER.__getitem__):
        by_suit.setdefault(VAMPIRE if card == VAMPIRE else SUIT_NAMES[card[1]], []).append(card)
    groups = []
    for key, group in by_suit.items():
        if key == VAMPIRE:
            groups.append("the Vampire" if len(group) == 1 else "both Vampires")
        else:
            groups.append(f"the {join_words([RANK_NAMES[card[0]] for card in group])} of {key}")
    if all(len(group) == 1 for group in by_suit.values()) or len(groups) == 1:
        return join_words(groups)
    return "; ".join(groups[:-1]) + "; and " + groups[-1]


def points_by_side(points: Sequence[int], viewer: int | None, names: Sequence[str], *, total: bool = False) -> str:
    """ "39 points to you and 30 points to Seat 1"; partners together, sides apart: "39 points to you and Seat 2,
    30 points to Seat 1 and Seat 3"; totals: "61 for Seat 0 and 79 for you"."""
    parts = []
    for side in (0, 1):
        seats = [seat for seat in range(len(points)) if side_of(seat) == side]
        amount = points[seats[0]]
        to_seats = seats_in_words(seats, viewer, names)
        parts.append(f"{amount} for {to_seats}" if total else f"{plural(amount, 'point')} to {to_seats}")
    return ", ".join(parts) if len(points) > 2 else join_words(parts)


def cut_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cuts = join_words([f"{who(seat, viewer, names)} cut {the_card(card)}" for seat, card in enumerate(event["cards"])])
    first = event["firstDealer"]
    if first is None:
        return f"Cut for the first dealer: {cuts}; no card decides, so the cut is made again."
    deals = verb(first, viewer, "deal", "deals")
    return f"Cut for the first dealer: {cuts}; {who(first, viewer, names)} {deals} first."


def declared_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    direction = event["direction"]
    other = opposite(direction)
    subject = who(event["seat"], viewer, names, start=True)
    return f"{subject} declared {direction} ({WAYS[direction]}); the other side scores {other} ({WAYS[other]})."


def deal_started_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    sizes: list[int] = event["handSizes"]
    dealer: int = event["dealer"]
    if len(set(sizes)) == 1:
        dealt = f"{sizes[0]} cards to each player"
    else:
        order = [(dealer + offset) % len(sizes) for offset in range(1, len(sizes) + 1)]
        dealt = join_words(
            [
                f"{sizes[seat]}{' cards' if index == 0 else ''} to {who(seat, viewer, names)}"
                for index, seat in enumerate(order)
            ]
        )
    stock = event["stockCount"]
    left = f", leaving {plural(stock, 'card')} in the stock" if stock else ""
    return f"Deal {event['deal']}: {who(dealer, viewer, names, start=True)} dealt {dealt}{left}."


def hand_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    were = verb(seat, viewer, "were", "was")
    return f"{who(seat, viewer, names, start=True)} {were} dealt {cards_in_words(event['cards'])}."


def nail_turned_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    card = upper_first(the_card(event["card"]))
    return f"{card} was turned face up on {event['cell']} as the first nail in the coffin."


def placed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    subject = who(event["seat"], viewer, names, start=True)
    cell = event["cell"]
    # With two players the centre holds the turned nail, so a card placed on it is a four-player coffin's nail.
    nail = " as the first nail in the coffin" if cell == CELL_NAMES[CENTRE] else ""
    return f"{subject} placed {the_card(event['card'])} on {cell}{nail}."


def coffin_scored_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    words = str(event["label"]).split()  # "deal 2" or "deal 2 coffin 3"
    coffin = f"Coffin {words[3]} of deal {words[1]}" if len(words) == 4 else f"The coffin of deal {words[1]}"
    scored = points_by_side(event["points"], viewer, names)
    return f"{coffin} is scored: {scored} ({LINE_RANKS[event['lineRank']]})."


def match_finished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    bonus: list[int] = event["bonus"]
    gainers = [seat for seat, points in enumerate(bonus) if points]
    reason = event["bonusReason"]
    if not gainers:
        bonus_words = "the totals and the best lines are equal, so nobody gets a bonus"
    else:
        adds = f"{seats_in_words(gainers, viewer, names)} {verb(gainers, viewer, 'add', 'adds')}"
        amount = max(bonus)
        if reason == scoring.BEST_LINE:
            bonus_words = f"the totals being equal, {adds} {amount} points for the highest-scoring line of the game"
        else:
            bonus_words = f"{adds} the difference of {amount} points as a bonus"
    winners: list[int] = event["winners"]
    shared = len({side_of(seat) for seat in winners}) > 1
    win = "share the win" if shared else verb(winners, viewer, "win", "wins")
    totals = points_by_side(event["totals"], viewer, names, total=True)
    return f"The match is over: {bonus_words}; final totals {totals}; {seats_in_words(winners, viewer, names)} {win}."


EVENT_TEXTS: dict[str, EventText] = {
    "cut": cut_text,
    "declared": declared_text,
    "deal_started": deal_started_text,
    "hand_dealt": hand_dealt_text,
    "nail_turned": nail_turned_text,
    "placed": placed_text,
    "coffin_scored": coffin_scored_text,
    "match_finished": match_finished_text,
}


def event_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """One sentence per event kind: "You placed the Queen of Hearts on b1", "Seat 1 was dealt ..."."""
    return EVENT_TEXTS[event["kind"]](event, viewer, names)
