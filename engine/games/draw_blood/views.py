"""What a seat sees of a Draw Blood table, where every card is (for the conformance checks), and the table in
words: legal moves described with full card names (``describe_move``) and one sentence per event kind
(``event_text``), written only from the event as the viewer sees it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import CardLocation
from engine.games.draw_blood.cards import (
    CARD_NAMES,
    HAND_SIZE,
    MONSTERS,
    PLURAL_NAMES,
    SLOT_INDEX,
    SLOT_OF_IMMUNITY,
    SLOT_OF_MONSTER,
    SLOTS,
    card_name,
    sort_cards,
)
from engine.games.draw_blood.flow import FINISHED, HAND_OVER
from engine.games.draw_blood.melds import IMMUNITY_RUN, KILL_SET, MONSTER_RUN, RUN, meld_kind
from engine.games.draw_blood.moves import (
    DISCARD,
    DRAW,
    END_TURN,
    KILL_MONSTER,
    LAY_OFF,
    MELD,
    NEXT_HAND,
    PAIR_KILL,
    PAIR_REVIVE,
    PICK_UP_DISCARD_PILE,
    PLAY_IMMUNITY,
    PLAY_MONSTER,
    TRIPLE_KILL,
    TRIPLE_REVIVE,
    card_list,
)
from engine.games.draw_blood.scoring import totals
from engine.games.draw_blood.table import DrawBloodTable, Meld, is_dead, is_immune, live_monsters, meld_by_id, table_of
from engine.moves import Move
from engine.state import GameState
from engine.words import (
    EventText,
    amounts_for_seats,
    count_words,
    join_words,
    plural,
    possessive_for_mover,
    seats_in_words,
    subject,
    their,
    verb,
    who,
    whose,
)


def hands_revealed(table: DrawBloodTable) -> bool:
    """At the end of a hand (and of the match) every hand is shown."""
    return table["phase"] in (HAND_OVER, FINISHED)


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    table = table_of(state)
    revealed = hands_revealed(table)
    must_use = table["must_use_card"]
    shown: dict[str, Any] = {
        "phase": str(table["phase"]),
        "handNumber": table["hand_number"],
        "leader": table["leader"],
        "turn": table["turn"],
        "movesLeft": table["moves_left"],
        "discardedThisTurn": table["discarded_this_turn"],
        # After picking up the Discard Pile its top card is set aside in the holder's view ("mustUse", not
        # repeated in "hand") until it is used; the others see only that one is pending.
        "mustUse": must_use if seat == table["turn"] else None,
        "mustUsePending": must_use is not None,
        "hand": None if revealed else shown_hand(table, seat),
        "handCounts": [len(hand) for hand in table["hands"]],
        "drawPileCount": len(table["draw_pile"]),
        "discardPile": list(table["discard_pile"]),
        "monsterRows": [
            {
                SLOTS[index]: {
                    "cards": list(slot["cards"]),
                    "alive": slot["alive"],
                    "immunity": list(slot["immunity"]),
                    "immune": is_immune(slot),
                }
                for index, slot in enumerate(row)
            }
            for row in table["monster_rows"]
        ],
        "liveMonsters": [live_monsters(row) for row in table["monster_rows"]],
        "melds": [
            {
                "id": meld["id"],
                "owner": meld["owner"],
                "kind": meld["kind"],
                "cards": list(meld["cards"]),
                "placedBy": list(meld["placed_by"]),
            }
            for meld in table["melds"]
        ],
        "totals": totals(table, state.players),
        "targetScore": int(state.options["target_score"]),
    }
    if revealed:  # at the end of a hand every hand is shown (and "hand" is null)
        shown["hands"] = [sort_cards(hand) for hand in table["hands"]]
    return shown


def shown_hand(table: DrawBloodTable, seat: int | None) -> list[str] | None:
    if seat is None:
        return None
    hand = sort_cards(table["hands"][seat])
    if table["must_use_card"] is not None and seat == table["turn"]:
        hand.remove(table["must_use_card"])
    return hand


def card_locations(state: GameState) -> list[CardLocation]:
    table = table_of(state)
    revealed = hands_revealed(table)
    places = [
        CardLocation(f"hand:{seat}", hand, None if revealed else frozenset((seat,)))
        for seat, hand in enumerate(table["hands"])
    ]
    places.append(CardLocation("draw_pile", table["draw_pile"], frozenset()))
    # Everything face up in one place: the Discard Pile, the Monster Rows (with Kill cards, triples and Immunity
    # cards) and the Melds.
    public = list(table["discard_pile"])
    for row in table["monster_rows"]:
        for slot in row:
            public += slot["cards"]
            public += slot["immunity"]
    for meld in table["melds"]:
        public += meld["cards"]
    places.append(CardLocation("face_up", public))
    return places


# ----- cards in words ----------------------------------------------------------------------------------------
def the_card(card: str) -> str:
    """ "the 3 of Skulls", "the Vampire" (an unknown code, never met in a legal move or an event, as given)."""
    return f"the {card_name(card) or card}"


def cards_in_words(cards: Sequence[str]) -> str:
    """Cards in the card order, copies counted: "the 2 of Hearts, two 3s of Skulls, the Werewolf and the Kill
    Card"."""
    groups = Counter(sort_cards(cards))
    return join_words(
        [
            the_card(card) if count == 1 else f"{count_words(count)} {PLURAL_NAMES[card]}"
            for card, count in groups.items()
        ]
    )


def meld_in_words(kind: str, cards: Sequence[str]) -> str:
    """A Meld in the text's words: "a Run of the 1 of Skulls, the 2 of Hearts and the 3 of Skulls" (longer
    ones: "a Run from the 2 of Hearts to the 6 of Hearts"), "a Pair of 5s of Skulls", "a Set of three Vampires",
    "a Three-Of-A-Kind of Kill Cards", "a Run of one of each Monster"."""
    if kind == RUN:
        if len(cards) > 3:
            return f"a Run from {the_card(cards[0])} to {the_card(cards[-1])}"
        return f"a Run of {cards_in_words(cards)}"
    if kind == MONSTER_RUN:
        return "a Run of one of each Monster (the Vampire, the Werewolf and the Water Monster)"
    if kind == IMMUNITY_RUN:
        return "a Meld of all three Immunity Cards"
    plural = PLURAL_NAMES[cards[0]]
    if len(cards) == 2:
        return f"a Pair of {plural}"
    if kind == KILL_SET:
        return f"a Three-Of-A-Kind of {plural}"
    return f"a Set of {count_words(len(cards))} {plural}"


def monster_of_slot(slot: str) -> str:
    """ "vampire" -> "Vampire", "watermonster" -> "Water Monster"."""
    return CARD_NAMES[MONSTERS[SLOT_INDEX[slot]]]


# ----- legal moves in words ----------------------------------------------------------------------------------
def meld_words(meld: Meld | None, meld_id: str, me: int) -> str:
    """ "Meld 2, Seat 0's Run of the 1 of Skulls, the 2 of Hearts and the 3 of Skulls"."""
    if meld is None:
        return f"Meld {meld_id}"
    owner = possessive_for_mover(meld["owner"], me)
    return f"Meld {meld['id']}, {owner} {meld_in_words(meld['kind'], meld['cards'])[2:]}"


def describe_move(state: GameState, seat: int, move: Move) -> str:
    """A legal move as a sentence with full card names: "Kill Seat 1's Vampire with a Kill Card"."""
    table = table_of(state)
    kind, args = move.kind, move.args
    if kind == DRAW:
        if len(table["draw_pile"]) == 1:
            return "Draw the last card of the Draw Pile (the hand ends at once)"
        return "Draw one card from the Draw Pile"
    if kind == PICK_UP_DISCARD_PILE:
        pile = table["discard_pile"]
        size = plural(len(pile), "card")
        top = the_card(pile[-1]) if pile else "the top card"
        return f"Pick up the whole Discard Pile ({size}) and use its top card, {top}, in your next move"
    if kind == PLAY_MONSTER:
        monster = args[0]
        slot = table["monster_rows"][seat][SLOT_OF_MONSTER[monster]] if monster in SLOT_OF_MONSTER else None
        on_top = ", on top of the killed one" if slot is not None and is_dead(slot) else ""
        return f"Play {the_card(monster)} in your Monster Row{on_top}"
    if kind == KILL_MONSTER:
        target, slot_name = int(args[0]), args[1]
        monster = f"{possessive_for_mover(target, seat)} {monster_of_slot(slot_name)}"
        if is_immune(table["monster_rows"][target][SLOT_INDEX[slot_name]]):
            return f"Play a Kill Card on the Immunity Card above {monster}, cancelling its Immunity"
        return f"Kill {monster} with a Kill Card"
    if kind == PLAY_IMMUNITY:
        card = args[0]
        return f"Play {the_card(card)} above your {CARD_NAMES[MONSTERS[SLOT_OF_IMMUNITY[card]]]}"
    if kind == MELD:
        cards = card_list(args[0])
        meld = meld_kind(cards, int(state.options["highest_number"]))
        return f"Lay down a Meld: {meld_in_words(meld, cards)}" if meld else f"Lay down {cards_in_words(cards)}"
    if kind == LAY_OFF:
        return f"Play {cards_in_words(card_list(args[1]))} off {meld_words(meld_by_id(table, args[0]), args[0], seat)}"
    if kind == TRIPLE_KILL:
        triple = cards_in_words(card_list(args[0]))
        victim = possessive_for_mover(int(args[1]), seat)
        return f"Kill {victim} {monster_of_slot(args[2])} with Triple Skulls: {triple}"
    if kind == TRIPLE_REVIVE:
        return f"Revive your {monster_of_slot(args[1])} with Triple Hearts: {cards_in_words(card_list(args[0]))}"
    if kind in (PAIR_KILL, PAIR_REVIVE):
        pair = f"Add {the_card(args[1])} to {meld_words(meld_by_id(table, args[0]), args[0], seat)}"
        if kind == PAIR_KILL:
            victim = possessive_for_mover(int(args[2]), seat)
            return f"{pair}, and kill {victim} {monster_of_slot(args[3])} with the three"
        return f"{pair}, and revive your {monster_of_slot(args[2])} with the three"
    if kind == DISCARD:
        return f"Discard {the_card(args[0])}"
    if kind == END_TURN:
        return f"End your turn, leaving {plural(table['moves_left'], 'move')} unused"
    if kind == NEXT_HAND:
        return f"Deal hand {table['hand_number'] + 1}"
    return str(move)


# ----- events in words ---------------------------------------------------------------------------------------
def cards_left(count: int) -> str:
    if count == 0:
        return "the Draw Pile is empty"
    return f"{count} card{' is' if count == 1 else 's are'} left in the Draw Pile"


def hand_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    leader = event["leader"]
    return (
        f"Hand {event['hand']} is dealt, {HAND_SIZE} cards to each player, with {event['drawPileCount']} cards left "
        f"in the Draw Pile; {who(leader, viewer, names)} {verb(leader, viewer, 'draw', 'draws')} first."
    )


def cards_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    were = verb(seat, viewer, "were", "was")
    return f"{who(seat, viewer, names, start=True)} {were} dealt {cards_in_words(event['cards'])}."


def drew_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    card = event.get("card")  # only the drawer sees it
    drawn = the_card(card) if card is not None else "a card"
    return f"{subject(event, viewer, names)} drew {drawn}; {cards_left(event['drawPileCount'])}."


def picked_up_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    cards: list[str] = event["cards"]
    return (
        f"{who(seat, viewer, names, start=True)} picked up the Discard Pile ({cards_in_words(cards)}) and must use "
        f"its top card, {the_card(cards[-1])}, in the next move."
    )


def monster_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    on_top = ", on top of the killed one" if event["replaced"] else ""
    row = f"{their(seat, viewer)} Monster Row"
    return f"{who(seat, viewer, names, start=True)} played {the_card(event['card'])} in {row}{on_top}."


def killed_with(event: Mapping[str, Any]) -> str:
    by = event["by"]
    if isinstance(by, str):
        return "with a Kill Card"
    triple = "Triple Skulls" if event["kind"] == "monster_killed" else "Triple Hearts"
    if "pair" in event:
        return f"with {triple}, completing the Pair of Meld {event['pair']} with a third {card_name(by[-1])}"
    return f"with {triple} ({cards_in_words(by)})"


def monster_killed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    monster = f"{whose(event['target'], viewer, names)} {monster_of_slot(event['slot'])}"
    return f"{subject(event, viewer, names)} killed {monster} {killed_with(event)}."


def monster_revived_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    monster = f"{their(seat, viewer)} {monster_of_slot(event['slot'])}"
    return f"{who(seat, viewer, names, start=True)} revived {monster} {killed_with(event)}."


def immunity_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    monster = monster_of_slot(event["slot"])
    return (
        f"{who(seat, viewer, names, start=True)} played {the_card(event['card'])} above {their(seat, viewer)} "
        f"{monster}, which may not be killed while it has Immunity."
    )


def immunity_cancelled_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    monster = f"{whose(event['target'], viewer, names)} {monster_of_slot(event['slot'])}"
    return (
        f"{subject(event, viewer, names)} played a Kill Card on the Immunity Card above {monster}, "
        "cancelling its Immunity: the Monster remains alive, but is no longer protected."
    )


def melded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """ "Seat 0 laid down Meld 1: a Run of the 1 of Skulls, the 2 of Hearts and the 3 of Skulls"; the Meld's kind is
    the data's ``meldKind``."""
    return (
        f"{subject(event, viewer, names)} laid down Meld {event['meld']}: "
        f"{meld_in_words(event['meldKind'], event['cards'])}."
    )


def laid_off_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat, owner = event["seat"], event["owner"]
    meld = (
        f"{their(seat, viewer)} own Meld {event['meld']}"
        if owner == seat
        else f"{whose(owner, viewer, names)} Meld {event['meld']}"
    )
    return f"{who(seat, viewer, names, start=True)} played {cards_in_words(event['cards'])} off {meld}."


def discarded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} discarded {the_card(event['card'])}."


def turn_ended_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    unused = event["movesUnused"]
    left = f" with {count_words(unused)} move{'' if unused == 1 else 's'} unused" if unused else ""
    return f"{who(seat, viewer, names, start=True)} ended {their(seat, viewer)} turn{left}."


def went_out_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return f"{who(seat, viewer, names, start=True)} went out: no cards are left in {their(seat, viewer)} hand."


def hand_scored_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    out = event["out"]
    ending = "the Draw Pile is depleted" if out is None else f"{who(out, viewer, names)} went out"
    scores = join_words(
        [
            f"{who(seat, viewer, names)} {verb(seat, viewer, 'score', 'scores')} {points} ({melded} for Melds minus "
            f"{held} for cards in hand)"
            for seat, (points, melded, held) in enumerate(
                zip(event["points"], event["meldPoints"], event["handPoints"], strict=True)
            )
        ]
    )
    return (
        f"Hand {event['hand']} is over, {ending}: {scores}; totals {amounts_for_seats(event['totals'], viewer, names)}."
    )


def match_finished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    winners: list[int] = event["winners"]
    win = "share the win" if len(winners) > 1 else verb(winners, viewer, "win", "wins")
    winners_words = seats_in_words(winners, viewer, names)
    totals = amounts_for_seats(event["totals"], viewer, names)
    return f"The match is over: final totals {totals}; {winners_words} {win}."


EVENT_TEXTS: dict[str, EventText] = {
    "hand_dealt": hand_dealt_text,
    "cards_dealt": cards_dealt_text,
    "drew": drew_text,
    "picked_up_discard_pile": picked_up_text,
    "monster_played": monster_played_text,
    "monster_killed": monster_killed_text,
    "monster_revived": monster_revived_text,
    "immunity_played": immunity_played_text,
    "immunity_cancelled": immunity_cancelled_text,
    "melded": melded_text,
    "laid_off": laid_off_text,
    "discarded": discarded_text,
    "turn_ended": turn_ended_text,
    "went_out": went_out_text,
    "hand_scored": hand_scored_text,
    "match_finished": match_finished_text,
}


def event_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """One sentence per event kind, from the event as ``viewer`` sees it: "Seat 2 drew a card; 33 cards are left in
    the Draw Pile." / "You drew the 7 of Skulls; 33 cards are left in the Draw Pile."."""
    return EVENT_TEXTS[event["kind"]](event, viewer, names)
