"""One sentence per event kind (``event_text``), written only from the event as the viewer sees it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.house_rummy.card_words import (
    action_words,
    ask_words,
    cards_count,
    cards_in_words,
    set_in_words,
    target_words,
    the_card,
)
from engine.games.house_rummy.cards import PROTECTED
from engine.games.house_rummy.table import RUN, SET
from engine.words import (
    EventText,
    amounts_for_seats,
    join_words,
    seats_in_words,
    subject,
    their,
    upper_first,
    verb,
    who,
    whose,
)


def stock_left(count: int) -> str:
    if count == 0:
        return "the draw pile is empty"
    return f"{cards_count(count)} {'is' if count == 1 else 'are'} left in the draw pile"


def hand_started_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    first = event["turn"]
    return (
        f"Hand {event['hand']}: {who(event['dealer'], viewer, names, start=True)} dealt {event['handCounts'][0]} "
        f"cards to each player and turned up {the_card(event['turned'])} to start the discard pile; "
        f"{stock_left(event['stockCount'])}; {who(first, viewer, names)} {verb(first, viewer, 'play', 'plays')} first."
    )


def hand_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{subject(event, viewer, names)} {verb(seat, viewer, 'were', 'was')} dealt {cards_in_words(event['cards'])}."
    )


DREW_WHY = {"draw": "", "draw_discard": " (Draw & Discard 1)", "go_fish": " (Go fish)"}


def drew_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    why = DREW_WHY.get(event["reason"], "")
    return f"{subject(event, viewer, names)} drew a card from the draw pile{why}; {stock_left(event['stockCount'])}."


def drew_card_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} drew {the_card(event['card'])}."


def took_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cards: list[str] = event["cards"]
    where = f"discard pile {event['pile']}"
    if len(cards) == 1:
        return f"{subject(event, viewer, names)} took {the_card(cards[0])} from the top of {where}."
    duty = (
        f" and must play the bottom-most, {the_card(cards[0])}, this turn"
        if event["mustPlayBottom"]
        else f" (nothing must be played: {the_card(cards[0])} is Collectable)"
    )
    top_down = cards_in_words(list(reversed(cards)), in_order=True)
    return f"{subject(event, viewer, names)} took the top {len(cards)} cards of {where} ({top_down}){duty}."


def melded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """The ``melded`` event: a new group, a set or a run (``meldKind``)."""
    run = event["meldKind"] == RUN
    words = cards_in_words(event["cards"], in_order=True) if run else set_in_words(event["cards"])
    board = ", using a card from the board" if event["boardCardUsed"] else ""
    kind = RUN if run else SET
    return f"{subject(event, viewer, names)} started group {event['group']}, a new {kind} of {words}{board}."


def laid_off_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cards: list[str] = event["cards"]
    if cards == [PROTECTED]:
        return f"{subject(event, viewer, names)} protected {target_words(event['target'])} with a Protected card."
    played = cards_in_words(cards, in_order=True)
    return f"{subject(event, viewer, names)} played {played} off {target_words(event['target'])}."


def moved_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{subject(event, viewer, names)} moved {their(seat, viewer)} Move card, {the_card(event['card'])}, from "
        f"group {event['from']} to {target_words(event['target'])}."
    )


def potato_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return f"{subject(event, viewer, names)} played the Hot Potato to {their(seat, viewer)} board (-25 points)."


def potato_passed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} passed the Hot Potato to {who(event['to'], viewer, names)}."


def potato_kept_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} kept the Hot Potato."


def played_out_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{subject(event, viewer, names)} played every card of {their(seat, viewer)} hand: the hand ends before "
        f"{their(seat, viewer)} next turn."
    )


def discarded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    where = f"to start discard pile {event['pile']}" if event["newPile"] else f"onto discard pile {event['pile']}"
    return f"{subject(event, viewer, names)} discarded {the_card(event['card'])} {where}."


def went_out_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} went out by discarding {their(event['seat'], viewer)} last card."


def claim_window_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    waiting = seats_in_words(event["waiting"], viewer, names)
    return (
        f"{upper_first(whose(event['seat'], viewer, names))} discard, {the_card(event['card'])}, can be played: "
        f"{waiting} may call rummy on the board."
    )


def claimed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} called rummy on the board for {target_words(event['target'])}."


def passed_claim_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} did not call rummy on the board."


def rummy_on_the_board_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return (
        f"Rummy on the board: {who(event['seat'], viewer, names)} played {whose(event['from'], viewer, names)} "
        f"discard, {the_card(event['card'])}, off {target_words(event['target'])}."
    )


def discard_action_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{upper_first(whose(event['seat'], viewer, names))} discard triggers {action_words(event['action'])}."


def fished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    asked = who(event["asked"], viewer, names)
    return f"{subject(event, viewer, names)} asked {asked} for {ask_words(event['ask'])} (Fish)."


def go_fish_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f'{subject(event, viewer, names)} {verb(event["seat"], viewer, "have", "has")} none: "Go fish".'


def fish_given_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    choice = their(event["seat"], viewer)
    return f"{subject(event, viewer, names)} gave {who(event['to'], viewer, names)} a card of {choice} choice."


def fish_card_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} gave {who(event['to'], viewer, names)} {the_card(event['card'])}."


def exchange_started_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return (
        f"{subject(event, viewer, names)} chose {who(event['with'], viewer, names)} for Exchange 1: both give each "
        "other a card face down."
    )


def exchange_chosen_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} chose a card to give, face down."


def exchange_done_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    first, second = event["seats"]
    pair = f"{who(first, viewer, names, start=True)} and {who(second, viewer, names)}"
    return f"{pair} gave each other a card face down."


def exchanged_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return (
        f"In the exchange {who(event['seat'], viewer, names)} gave {the_card(event['gave'])} and got "
        f"{the_card(event['got'])}."
    )


def saw_hand_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} saw {whose(event['shown'], viewer, names)} hand."


def hand_shown_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{subject(event, viewer, names)} showed {who(event['to'], viewer, names)} {their(seat, viewer)} hand: "
        f"{cards_in_words(event['cards'])}."
    )


def searched_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} searched discard pile {event['pile']} and took {the_card(event['card'])}."


def skipped_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{upper_first(whose(event['seat'], viewer, names))} turn is skipped."


def turn_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    if event["again"]:
        return f"{subject(event, viewer, names)} {verb(seat, viewer, 'take', 'takes')} another turn."
    return f"It is {whose(seat, viewer, names)} turn."


HAND_ENDINGS = {
    "went_out": "went out",
    "played_out": "played out",
}


def points_words(seat: int, points: int, parts: Sequence[int], viewer: int | None, names: Sequence[str]) -> str:
    board, bonus, held = parts
    extra = f" + {bonus} for groups" if bonus else ""
    scores = verb(seat, viewer, "score", "scores")
    return f"{who(seat, viewer, names)} {scores} {points} ({board} played{extra} - {held} in hand)"


def hand_scored_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    out = event.get("seat")  # the seat that went or played out; absent when the draw pile ran out
    if out is None:
        ending = "the draw pile ran out"
    else:
        ending = f"{who(out, viewer, names)} {HAND_ENDINGS.get(event['reason'], 'went out')}"
    scores = join_words(
        [
            points_words(seat, points, parts, viewer, names)
            for seat, (points, parts) in enumerate(zip(event["points"], event["parts"], strict=True))
        ]
    )
    return f"Hand {event['hand']} is over, {ending}: {scores}."


def match_finished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    winners: list[int] = event["winners"]
    totals = amounts_for_seats(event["totals"], viewer, names)
    win = "share the win" if len(winners) > 1 else verb(winners, viewer, "win", "wins")
    return f"The match is over: final totals {totals}; {seats_in_words(winners, viewer, names)} {win}."


EVENT_TEXTS: dict[str, EventText] = {
    "hand_started": hand_started_text,
    "hand_dealt": hand_dealt_text,
    "drew": drew_text,
    "drew_card": drew_card_text,
    "took": took_text,
    "melded": melded_text,
    "laid_off": laid_off_text,
    "moved": moved_text,
    "potato_played": potato_played_text,
    "potato_passed": potato_passed_text,
    "potato_kept": potato_kept_text,
    "played_out": played_out_text,
    "discarded": discarded_text,
    "went_out": went_out_text,
    "claim_window": claim_window_text,
    "claimed": claimed_text,
    "passed_claim": passed_claim_text,
    "rummy_on_the_board": rummy_on_the_board_text,
    "discard_action": discard_action_text,
    "fished": fished_text,
    "go_fish": go_fish_text,
    "fish_given": fish_given_text,
    "fish_card": fish_card_text,
    "exchange_started": exchange_started_text,
    "exchange_chosen": exchange_chosen_text,
    "exchange_done": exchange_done_text,
    "exchanged": exchanged_text,
    "saw_hand": saw_hand_text,
    "hand_shown": hand_shown_text,
    "searched": searched_text,
    "skipped": skipped_text,
    "turn": turn_text,
    "hand_scored": hand_scored_text,
    "match_finished": match_finished_text,
}


def event_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """One sentence per event kind, from the event as ``viewer`` sees it: "Seat 1 drew a card from the draw pile; 35
    cards are left in the draw pile." / "You drew the 7 of Clubs."."""
    return EVENT_TEXTS[event["kind"]](event, viewer, names)
