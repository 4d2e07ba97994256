"""What each seat sees of a House Rummy table, where every card is (for the conformance checks), and the table in
words: legal moves described with full card names (``describe_move``) and one sentence per event kind
(``event_text``), written only from the event as the viewer sees it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby
from typing import Any

from engine.cards import RANK_NAMES, SUIT_NAMES, SUITS
from engine.game import CardLocation
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.cards import (
    ABILITY_NAMES,
    COLLECTABLE,
    CROSS_CARDS,
    FISH,
    HOT_POTATO,
    PROTECTED,
    RANK_OF,
    SPECIAL_NAMES,
    SPECIALS,
    TRANSITION,
    ability,
    card_name,
)
from engine.games.house_rummy.flow import Phase, triggers
from engine.games.house_rummy.groups import HIGH, LOW, build_meld, parse_target
from engine.games.house_rummy.moves import NEW_PILE
from engine.games.house_rummy.scoring import match_totals
from engine.games.house_rummy.table import FINISHED, NOBODY, RUN, SET, Group, HouseTable, new_cards_on, table_of
from engine.moves import LIST_SEPARATOR, Move
from engine.state import GameState
from engine.words import (
    EventText,
    amounts_for_seats,
    count_words,
    join_words,
    possessive_for_mover,
    rank_plural,
    seats_in_words,
    subject,
    their,
    upper_first,
    verb,
    who,
    whose,
)

SEAT_SETS = tuple(frozenset((seat,)) for seat in range(6))
HAND_NAMES = tuple(f"hand:{seat}" for seat in range(6))
NOBODY_SET: frozenset[int] = frozenset()


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    table = table_of(state)
    finished = table["phase"] == FINISHED
    claim = table["claim"]
    act = table["action"]
    own = seat is not None and seat == table["turn"]
    bottom = table["bottom_card"]
    return {
        "phase": table["phase"],
        "hand": sorted(table["hands"][seat]) if seat is not None else None,
        "handCounts": [len(hand) for hand in table["hands"]],
        "hands": [sorted(hand) for hand in table["hands"]] if finished else None,
        "stockCount": len(table["stock"]),
        "piles": [list(pile) for pile in table["piles"]],
        "groups": [
            group_view(index, group, table["cross_second_group"]) for index, group in enumerate(table["groups"])
        ],
        "potatoOnBoard": [list(cards) for cards in table["potato_on_board"]],
        "turn": table["turn"],
        "direction": "left" if table["direction"] == 1 else "right",
        "dealer": table["dealer"],
        "handNumber": table["hand_number"],
        "playedOut": None if table["played_out"] == NOBODY else table["played_out"],
        "mustPlayBottomCard": bool(bottom),
        # the card that must be played, as its index in "hand" (the card itself is shown once, in the hand)
        "bottomCardIndex": sorted(table["hands"][seat]).index(bottom) if own and seat is not None and bottom else None,
        "newGroupsThisTurn": table["groups_started"],
        "claim": None
        if claim is None
        else {"pile": claim["pile"], "discarder": claim["discarder"], "waiting": list(claim["waiting"])},
        "action": None
        if act is None
        else {
            "name": act["name"],
            "by": act["discarder"],
            "with": None if act["named"] == NOBODY else act["named"],
            "ask": act["ask"] if act["name"] == FISH else "",
        },
        "totals": match_totals(table, state.players),
    }


def group_view(index: int, group: Group, cross_second_group: dict[str, int]) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": index,
        "kind": group["kind"],
        "startedBy": group["starter"],
        # a Cross card shared with the group it was first played to is shown there, and here as "+<card>"
        "cards": [f"+{card}" if cross_second_group.get(card) == index else card for card in group["cards"]],
        "owners": list(group["owners"]),
    }
    if group["kind"] == SET:
        shown["protected"] = bool(group["protected"])
    else:
        shown["openLow"] = group["low_closed"] == 0
        shown["openHigh"] = group["high_closed"] == 0
        shown["suitLow"] = group["low_suit"]
        shown["suitHigh"] = group["high_suit"]
    return shown


def card_locations(state: GameState) -> list[CardLocation]:
    table = table_of(state)
    finished = table["phase"] == FINISHED
    places = [
        CardLocation(HAND_NAMES[seat], hand, None if finished else SEAT_SETS[seat])
        for seat, hand in enumerate(table["hands"])
    ]
    places.append(CardLocation("stock", table["stock"], NOBODY_SET))
    piles = table["piles"]
    places.append(CardLocation("piles", piles[0] if len(piles) == 1 else [c for pile in piles for c in pile]))
    board: list[str] = []
    for group in table["groups"]:
        board += group["cards"]
    for card in table["cross_second_group"]:
        board.remove(card)  # a Cross card in two groups is one card
    for cards in table["potato_on_board"]:
        board += cards
    places.append(CardLocation("board", board))
    return places


# ----- cards in words ----------------------------------------------------------------------------------------
SPECIAL_PLURALS = {TRANSITION: "Transitions", PROTECTED: "Protected cards", HOT_POTATO: "Hot Potatoes"}
SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}
END_WORDS = {LOW: "low end", HIGH: "high end"}


def cards_count(count: int) -> str:
    """ "a card", "3 cards", "no cards"."""
    return "a card" if count == 1 else f"{count_words(count) if count == 0 else count} cards"


def the_card(card: str) -> str:
    """ "the 7 of Clubs", "a Transition", "a Protected card", "the Hot Potato"."""
    if card == TRANSITION:
        return "a Transition"
    if card == PROTECTED:
        return "a Protected card"
    return f"the {card_name(card)}"


def card_order(card: str) -> tuple[int, int]:
    """Hands read suit by suit (spades, hearts, diamonds, clubs), Ace to King, the special cards last."""
    if card in SPECIAL_NAMES:
        return len(SUITS), SPECIALS.index(card)
    return SUIT_ORDER[card[1]], RANK_OF[card[0]]


def cards_in_words(cards: Sequence[str], *, in_order: bool = False) -> str:
    """Cards with the standard cards of one suit side by side named together: "the Ace, 7 and King of Spades, the 2
    of Hearts, two Transitions and the Hot Potato" (``in_order``: as given, e.g. a run low to high: "the 2 of
    Hearts, a Transition and the 3 and 4 of Spades"); "no cards" for none."""
    if not cards:
        return "no cards"
    ordered = list(cards) if in_order else sorted(cards, key=card_order)
    parts: list[str] = []
    for key, same_run in groupby(ordered, key=lambda card: card if card in SPECIAL_NAMES else card[1]):
        same = list(same_run)
        if key in SPECIAL_NAMES:
            parts.append(the_card(key) if len(same) == 1 else f"{count_words(len(same))} {SPECIAL_PLURALS[key]}")
        else:
            parts.append(f"the {join_words([RANK_NAMES[card[0]] for card in same])} of {SUIT_NAMES[key]}")
    return join_words(parts)


def set_in_words(cards: Sequence[str]) -> str:
    """A set's cards: "the 7s of Spades, Hearts and Clubs" (and "a Protected card" closing it)."""
    standard = [card for card in cards if card not in SPECIAL_NAMES]
    if not standard:
        return cards_in_words(cards)
    words = f"the {rank_plural(standard[0][0])} of {join_words([SUIT_NAMES[card[1]] for card in standard])}"
    return join_words([words, *(the_card(card) for card in cards if card in SPECIAL_NAMES)])


def ask_words(ask: str) -> str:
    """What Fish asks for: "a Queen", "an Ace", "an 8", "a 10", "a card of Hearts"."""
    if ask in SUIT_NAMES:
        return f"a card of {SUIT_NAMES[ask]}"
    name = RANK_NAMES.get(ask, ask)
    return f"{'an' if name[0] in 'A8' else 'a'} {name}"


def target_words(token: str) -> str:
    """A target token: "group 3", "the high end of group 3"."""
    parsed = parse_target(token)
    if parsed is None:
        return f"group {token}"
    index, end = parsed
    return f"group {index}" if end is None else f"the {END_WORDS[end]} of group {index}"


def action_words(action: str) -> str:
    return ABILITY_NAMES.get(action, action)


# ----- legal moves in words ----------------------------------------------------------------------------------
def group_words(table: HouseTable, token: str, me: int) -> str:
    """A target on the board: "the high end of group 2, Seat 1's run of the 6, 7 and 8 of Hearts", "group 0, your
    set of the 7s of Spades, Hearts and Clubs"."""
    parsed = parse_target(token)
    if parsed is None or parsed[0] >= len(table["groups"]):
        return target_words(token)
    group = table["groups"][parsed[0]]
    cards = set_in_words(group["cards"]) if group["kind"] == SET else cards_in_words(group["cards"], in_order=True)
    return f"{target_words(token)}, {possessive_for_mover(group['starter'], me)} {group['kind']} of {cards}"


def pile_words(index: int, table: HouseTable) -> str:
    return "the discard pile" if len(table["piles"]) == 1 else f"discard pile {index}"


def describe_move(state: GameState, seat: int, move: Move) -> str:
    """A legal move as a sentence with full card names: "Play the 9 of Spades off the high end of group 2, Seat 1's
    run of the 6, 7 and 8 of Spades"."""
    table = table_of(state)
    kind, args = move.kind, move.args
    describe = DESCRIBE.get(kind)
    return describe(state, table, seat, args) if describe is not None else str(move)


Describe = Callable[[GameState, HouseTable, int, tuple[str, ...]], str]


def describe_draw(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Draw the top card of the draw pile ({cards_count(len(table['stock']))} left)"


def describe_take(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    index, count = int(args[0]), int(args[1])
    pile = table["piles"][index]
    taken = pile[-count:]
    where = pile_words(index, table)
    if count == 1:
        return f"Take the top card of {where}, {the_card(taken[0])}"
    top_down = cards_in_words(list(reversed(taken)), in_order=True)
    bottom = taken[0]
    if ability(bottom, new_cards_on(state)) == COLLECTABLE:
        duty = f"; {the_card(bottom)} at the bottom is Collectable, so nothing must be played"
    else:
        duty = f", and play the bottom-most, {the_card(bottom)}, this turn"
    return f"Take the top {count} cards of {where} ({top_down}){duty}"


def describe_meld(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    cards = args[0].split(LIST_SEPARATOR)
    built = build_meld(cards, dict.fromkeys(cards, seat), seat, new_cards_on(state))
    if built is None:
        return f"Start a new group with {cards_in_words(cards)}"
    words = set_in_words(built["cards"]) if built["kind"] == SET else cards_in_words(built["cards"], in_order=True)
    hand = table["hands"][seat]
    board = [card for card in cards if card not in hand]
    using = ""
    if board and board[0] in CROSS_CARDS:
        using = f" ({the_card(board[0])}, a Cross card on the board, is then in both groups)"
    elif board:
        using = f" (moving your Move card, {the_card(board[0])}, from the board)"
    return f"Start a new {built['kind']} with {words}{using}"


def describe_lay_off(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    cards = args[0].split(LIST_SEPARATOR)
    where = group_words(table, args[1], seat)
    if cards == [PROTECTED]:
        return f"Protect {where} with a Protected card: no card can be played there any more"
    return f"Play {cards_in_words(cards, in_order=True)} off {where}"


def describe_move_card(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    card, target = args
    source = next((i for i, group in enumerate(table["groups"]) if card in group["cards"]), None)
    origin = f" from group {source}" if source is not None else ""
    return f"Move your Move card, {the_card(card)},{origin} to {group_words(table, target, seat)}"


def describe_play_potato(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return "Play the Hot Potato to your board, going out this turn (it still counts -25)"


def describe_discard(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    card, pile = args
    if pile == NEW_PILE:
        return f"Discard {the_card(card)} to start a new discard pile (New Discard)"
    where = pile_words(int(pile), table)
    if len(table["hands"][seat]) == 1:
        return f"Discard your last card, {the_card(card)}, onto {where}: you go out and the hand ends"
    if table["phase"] == Phase.EXTRA_DISCARD:
        return f"Discard {the_card(card)} onto {where} (Draw & Discard 1: it triggers no action)"
    action = triggers(state, table, card)
    then = f", triggering {action_words(action)}" if action else ""
    return f"Discard {the_card(card)} onto {where}{then}"


def describe_pass_potato(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Pass the Hot Potato to Seat {args[0]}"


def describe_keep_potato(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return "Keep the Hot Potato"


def describe_claim(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    window = table["claim"]
    card = the_card(window["card"]) if window is not None else "the discard"
    return f"Rummy on the board: claim {card} for {group_words(table, args[0], seat)}"


def describe_pass(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    window = table["claim"]
    return f"Do not claim {the_card(window['card']) if window is not None else 'the discard'}"


def describe_fish(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Fish: ask Seat {args[0]} for {ask_words(args[1])}"


def describe_give(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    act = table["action"]
    card = the_card(args[0])
    if act is None:
        return f"Give {card}"
    if table["phase"] == Phase.FISH_GIVE:
        return f"Give {card} to Seat {act['discarder']}, who fished for {ask_words(act['ask'])}"
    other = act["named"] if seat == act["discarder"] else act["discarder"]
    return f"Give {card} to Seat {other} in the exchange, face down"


def describe_see_hand(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"See Seat {args[0]}'s hand ({cards_count(len(table['hands'][int(args[0])]))})"


def describe_exchange(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Exchange 1 with Seat {args[0]}: you both give each other a card face down"


def describe_search(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    act = table["action"]
    where = pile_words(act["pile"], table) if act is not None else "the discard pile"
    return f"Take {the_card(args[0])} from {where} (Search Discard)"


DESCRIBE: dict[str, Describe] = {
    kinds.DRAW: describe_draw,
    kinds.TAKE: describe_take,
    kinds.MELD: describe_meld,
    kinds.LAY_OFF: describe_lay_off,
    kinds.MOVE_CARD: describe_move_card,
    kinds.PLAY_POTATO: describe_play_potato,
    kinds.DISCARD: describe_discard,
    kinds.PASS_POTATO: describe_pass_potato,
    kinds.KEEP_POTATO: describe_keep_potato,
    kinds.CLAIM: describe_claim,
    kinds.PASS: describe_pass,
    kinds.FISH: describe_fish,
    kinds.GIVE: describe_give,
    kinds.SEE_HAND: describe_see_hand,
    kinds.EXCHANGE: describe_exchange,
    kinds.SEARCH: describe_search,
}


# ----- events in words ---------------------------------------------------------------------------------------
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
    out = event["seat"]
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
