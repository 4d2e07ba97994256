"""What each seat sees of a Dragon Mystery Rummy table, where every card is (for the conformance checks), and the
game in words: legal moves described with the dragons' full names, one sentence per event kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import CardLocation
from engine.games.dragon_rummy.cards import card_name, card_order, cards_drawn
from engine.games.dragon_rummy.flow import split_source
from engine.games.dragon_rummy.moves import DISCARD, DRAW, SET, TAKE, set_cards
from engine.games.dragon_rummy.scoring import match_totals, play_area_points
from engine.games.dragon_rummy.table import ENDED_DECK, ENDED_OUT, DragonTable, table_of, target_score
from engine.moves import Move
from engine.state import GameState
from engine.words import (
    EventText,
    amounts_for_seats,
    count_words,
    join_words,
    plural,
    seats_in_words,
    subject,
    their,
    verb,
    who,
    whose,
)

MAX_PLAYERS = 4
HAND_PLACES = tuple(f"hand:{seat}" for seat in range(MAX_PLAYERS))
ONLY_SEAT = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
NOBODY: frozenset[int] = frozenset()


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The seat's own hand; other hands and the deck as counts; every face-up card; the scores."""
    table = table_of(state)
    draw_two, rare = table["draw_two_dragon"], table["rare_dragon"]
    areas = table["play_areas"]
    return {
        "phase": table["phase"],
        "handNumber": table["hand_number"],
        "starter": table["starter"],
        "turn": table["turn"],
        "drawTwo": draw_two,
        "rare": rare,
        "drawTwoName": card_name(draw_two),
        "rareName": card_name(rare),
        "hand": list(private_hand(table, seat)) if seat is not None else None,
        "handCounts": [len(hand) for hand in table["hands"]],
        "deckCount": len(table["deck"]),
        "discard": list(table["discard_pile"]),
        "playAreas": [list(area) for area in areas],
        "playAreaPoints": [play_area_points(area, draw_two, rare) for area in areas],
        "mustPlay": table["must_play"],
        "usedThisTurn": list(table["single_plays_used"]),
        "lastCardDrawn": table["last_card_drawn"],
        "totals": match_totals(table, state.players),
        "targetScore": target_score(state),
    }


def private_hand(table: DragonTable, seat: int) -> list[str]:
    """The seat's cards, except the one taken from the discard pile that must still be played (public)."""
    hand = table["hands"][seat]
    if table["must_play"] is not None and seat == table["turn"]:
        hand = list(hand)
        hand.remove(table["must_play"])
    return hand


def card_locations(state: GameState) -> list[CardLocation]:
    """Each hand (its owner's), the deck (nobody's), and one public place: the discard pile, every play area, the
    face-up draw-2 and rare dragons, and a card taken from the discard pile that must still be played."""
    table = table_of(state)
    places = [
        CardLocation(HAND_PLACES[seat], private_hand(table, seat), ONLY_SEAT[seat]) for seat in range(state.players)
    ]
    places.append(CardLocation("deck", table["deck"], NOBODY))
    face_up = [*table["discard_pile"], table["draw_two_dragon"], table["rare_dragon"]]
    for area in table["play_areas"]:
        face_up.extend(area)
    if table["must_play"] is not None:
        face_up.append(table["must_play"])
    places.append(CardLocation("face_up", face_up))
    return places


# ----- moves and events in words ----------------------------------------------------------------------------
# Event texts are written only from the event as the viewer sees it (its redacted dict), so they never say more.
HOW_HANDS_END = {
    ENDED_OUT: "discarded the last card of {their} hand",
    ENDED_DECK: "finished the turn in which {they} drew the last card of the deck",
}


def the(card: str) -> str:
    return f"the {card_name(card)}"


def a(card: str) -> str:
    name = card_name(card)
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def copies(count: int, card: str) -> str:
    """ "a Jade Dragon", "an Onyx Dragon", "three Jade Dragons"."""
    return a(card) if count == 1 else f"{count_words(count)} {card_name(card)}s"


def cards_in_words(cards: Sequence[str]) -> str:
    """Cards counted by dragon, in card order: "two Azure Dragons, an Onyx Dragon and a Storm Dragon"."""
    counts: dict[str, int] = {}
    for card in sorted(cards, key=card_order):
        counts[card] = counts.get(card, 0) + 1
    return join_words([copies(count, card) for card, count in counts.items()])


def describe_move(state: GameState, seat: int, move: Move) -> str:
    """A legal move in words, with the dragons' full names and what the play does now."""
    table = table_of(state)
    if move.kind == DRAW:
        return "Draw the top card of the dragon deck"
    if move.kind == TAKE:
        card, count = move.args[0], int(move.args[1])
        if count == 1:
            return f"Take {the(card)} from the top of the discard pile and play it this turn"
        return f"Take the top {count} cards of the discard pile, down to {the(card)}, and play {the(card)} this turn"
    if move.kind == SET:
        cards = set_cards(move)
        return f"Play a set of {count_words(len(cards))} {card_name(cards[0])}s"
    card = move.args[0]
    if move.kind == DISCARD:
        if len(table["hands"][seat]) == 1:
            return f"Discard {the(card)}, your last card, ending the hand"
        if table["last_card_drawn"]:
            return f"Discard {the(card)}, ending the turn and the hand (the deck's last card was drawn)"
        return f"Discard {the(card)}, ending the turn"
    return describe_single_play(table, seat, card)


def describe_single_play(table: DragonTable, seat: int, card: str) -> str:
    areas = table["play_areas"]
    if card == table["draw_two_dragon"]:
        drawn = cards_drawn(card, card, len(table["deck"]))
        draws = f"draw {plural(drawn, 'card')} from the deck" if drawn else "draw nothing (the deck is empty)"
        return f"Play {the(card)}, this hand's draw-2 dragon, and {draws}"
    if card == table["rare_dragon"]:
        others = sum(area.count(card) for other, area in enumerate(areas) if other != seat)
        if others == 0:
            return f"Play {the(card)}, this hand's rare dragon (no other {card_name(card)} is in play to take)"
        takes = f"the other {card_name(card)}" if others == 1 else f"the {others} other {card_name(card)}s"
        return f"Play {the(card)}, this hand's rare dragon, and take {takes} in play"
    source = split_source(card, areas)
    if source is None:  # not a legal play now: no set of three of it in play
        return f"Play {the(card)}"
    if source == seat:
        return f"Play {the(card)} onto your own set of three, making it four"
    return f"Play {the(card)} and take one from Seat {source}'s set of three, so you both have two"


def rare_turned_again_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return (
        f"The second card turned up, {the(event['card'])}, was the same dragon as the first, so it was shuffled "
        "back into the deck and the next card was turned."
    )


def hand_started_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    counts: list[int] = event["handCounts"]
    discard: list[str] = event["discard"]
    return (
        f"Hand {event['hand']}: {counts[0]} cards were dealt to each player; {the(event['drawTwo'])} is the draw-2 "
        f"dragon and {the(event['rare'])} the rare dragon; {the(discard[0])} starts the discard pile, with "
        f"{deck_left(event['deckCount'])}, and {who(event['starter'], viewer, names)} "
        f"{verb(event['starter'], viewer, 'play', 'plays')} first."
    )


def hand_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    were = verb(event["seat"], viewer, "were", "was")
    return f"{subject(event, viewer, names)} {were} dealt {cards_in_words(event['cards'])}."


def deck_left(deck_count: int) -> str:
    return "the deck is now empty" if deck_count == 0 else f"{plural(deck_count, 'card')} left in the deck"


def drew_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    actor = subject(event, viewer, names)
    card = the(event["card"]) if "card" in event else "a card"
    ends = f", so the hand ends after {their(event['seat'], viewer)} turn" if event["lastCard"] else ""
    return f"{actor} drew {card} from the dragon deck ({deck_left(event['deckCount'])}{ends})."


def took_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    actor = subject(event, viewer, names)
    cards: list[str] = event["cards"]
    deepest = the(cards[0])
    if len(cards) == 1:
        return f"{actor} took {deepest} from the top of the discard pile; it must be played this turn."
    return (
        f"{actor} took the top {len(cards)} cards of the discard pile: {deepest}, which must be played this turn, "
        f"and on top of it {cards_in_words(cards[1:])}."
    )


def draw_two_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    actor = subject(event, viewer, names)
    count: int = event["drawnCount"]
    if count == 0:
        drew = "drew nothing, the deck being empty"
    elif "drawn" in event:
        drew = f"drew {join_words([the(card) for card in event['drawn']])} ({deck_left(event['deckCount'])})"
    else:
        drew = f"drew {plural(count, 'card')} ({deck_left(event['deckCount'])})"
    ends = ""
    if count and event["deckCount"] == 0:
        ends = f"; the hand ends after {their(event['seat'], viewer)} turn"
    return f"{actor} played {the(event['card'])}, this hand's draw-2 dragon, and {drew}{ends}."


def rare_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    card = event["card"]
    taken: list[int] = event["takenFrom"]
    actor = who(seat, viewer, names, start=True)
    froms = [f"{copies(count, card)} from {who(other, viewer, names)}" for other, count in enumerate(taken) if count]
    took = f"took {join_words(froms)}" if froms else f"found no other {card_name(card)} in play to take"
    return f"{actor} played {the(card)}, this hand's rare dragon, and {took}."


def set_split_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat, source, card = event["seat"], event["fromSeat"], event["card"]
    actor = who(seat, viewer, names, start=True)
    if source == seat:
        return f"{actor} played the fourth {card_name(card)} onto {their(seat, viewer)} own set of three."
    both = "you both" if viewer in (seat, source) else "both"
    return (
        f"{actor} played {a(card)} and took one from {whose(source, viewer, names)} set of three, "
        f"so {both} now have two."
    )


def set_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cards: list[str] = event["cards"]
    actor = subject(event, viewer, names)
    return f"{actor} played a set of {copies(len(cards), cards[0])}."


def discarded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    left: int = event["handCount"]
    held = f"{their(seat, viewer)} last card" if left == 0 else f"{plural(left, 'card')} left in hand"
    return f"{who(seat, viewer, names, start=True)} discarded {the(event['card'])} ({held})."


def hand_ended_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    how = HOW_HANDS_END[event["ended"]].format(their=their(seat, viewer), they="you" if seat == viewer else "they")
    return (
        f"Hand {event['hand']} is over: {who(seat, viewer, names)} {how}; this hand scored "
        f"{amounts_for_seats(event['points'], viewer, names)}; the totals are "
        f"{amounts_for_seats(event['totals'], viewer, names)}."
    )


def match_finished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    winners: list[int] = event["winners"]
    winner_words = seats_in_words(winners, viewer, names)
    win = "share the victory" if len(winners) > 1 else verb(winners, viewer, "win", "wins")
    totals = amounts_for_seats(event["totals"], viewer, names)
    return f"The match is over with final totals {totals}: {winner_words} {win}."


EVENT_TEXTS: dict[str, EventText] = {
    "rare_turned_again": rare_turned_again_text,
    "hand_started": hand_started_text,
    "hand_dealt": hand_dealt_text,
    "drew": drew_text,
    "took": took_text,
    "draw_two_played": draw_two_played_text,
    "rare_played": rare_played_text,
    "set_split": set_split_text,
    "set_played": set_played_text,
    "discarded": discarded_text,
    "hand_ended": hand_ended_text,
    "match_finished": match_finished_text,
}


def event_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """One sentence per event kind: "You drew the Jade Dragon from the dragon deck (...)", "Seat 1 drew a card"."""
    return EVENT_TEXTS[event["kind"]](event, viewer, names)
