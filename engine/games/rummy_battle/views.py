"""What seats see: the view of the table, every place cards can be (for conservation and secrecy checks), and the
table in words: legal moves described with full card names (``describe_move``) and one sentence per event kind
(``event_text``), written only from the event as the viewer sees it, so a text never says more than its data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any

from engine.cards import RANK_NAMES, SUIT_NAMES
from engine.game import CardLocation
from engine.games.rummy_battle import moves
from engine.games.rummy_battle.cards import (
    ACTION_POINTS,
    ACTION_SET,
    HOARD,
    JOKER,
    JOKER_AS,
    LUCKY_DAY,
    NATURALS,
    PICKPOCKET,
    SWITCHEROO,
    THIEF,
    card_name,
    hand_sort_key,
    is_action,
    stand_in,
)
from engine.games.rummy_battle.melds import Group, Meld, group_tokens, read_meld
from engine.games.rummy_battle.scoring import match_totals
from engine.games.rummy_battle.table import (
    ENDED_BY_STOCK,
    LUCKY_PHASE,
    RummyTable,
    group_id,
    group_index,
    marker_revealed,
    stock_cards,
    stock_count,
    table_of,
)
from engine.moves import Move
from engine.state import GameState
from engine.words import (
    EventText,
    amounts_for_seats,
    count_words,
    join_words,
    plural,
    possessive_for_mover,
    rank_plural,
    seats_in_words,
    subject,
    their,
    verb,
    who,
    whose,
)

HAND_NAMES = [f"hand:{seat}" for seat in range(6)]
SEAT_SETS = [frozenset((seat,)) for seat in range(6)]


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The seat's own hand (by suit, then rank), other hands as counts, and everything public."""
    table = table_of(state)
    pending = table["pending"]
    return {
        "phase": table["phase"],
        "round": table["round"],
        "rounds": int(state.options["rounds"]),
        "dealer": table["dealer"],
        "turn": table["turn"],
        "firstTurn": table["first_turn"],
        "hand": sorted(table["hands"][seat], key=hand_sort_key) if seat is not None else None,
        "handCounts": [len(hand) for hand in table["hands"]],
        "stockCount": stock_count(table["stock"]),
        "markerRevealed": marker_revealed(table),
        "cardsAboveMarker": max(0, stock_count(table["stock"]) - table["marker"]),
        "discardPile": list(table["discards"]),
        "actionPile": list(table["action_pile"]),
        "groups": [group_view(index, group) for index, group in enumerate(table["groups"])],
        "opened": list(table["opened"]),
        "secondChance": list(table["second_chance"]),
        "actionsPlayed": list(table["actions_played"]),
        "mustPlay": table["must_play"] or None,
        "bonusDraws": table["bonus_draws"],
        "pending": dict(pending) if pending else None,
        "luckyDay": (
            {"seat": table["lucky_seat"], "seatsLeft": table["lucky_left"]} if table["phase"] == LUCKY_PHASE else None
        ),
        "outs": list(table["outs"]),
        "totals": match_totals(table, state.players),
    }


def group_view(index: int, group: Group) -> dict[str, object]:
    """A group as seats see it; ``by`` has one digit per card: the seat that played it (its points are his)."""
    return {
        "id": group_id(index),
        "owner": group["owner"],
        "kind": "run" if group["run"] else "set",
        "cards": group_tokens(group["key"], group["low"], group["cards"], run=group["run"]),
        "by": "".join(map(str, group["by"])),
    }


def card_locations(state: GameState) -> list[CardLocation]:
    table = table_of(state)
    places = [CardLocation(HAND_NAMES[seat], hand, SEAT_SETS[seat]) for seat, hand in enumerate(table["hands"])]
    places.append(CardLocation("stock", stock_cards(table["stock"]), frozenset()))
    places.append(CardLocation("discards", table["discards"]))
    places.append(CardLocation("actions", table["action_pile"]))
    places.append(CardLocation("groups", [card for group in table["groups"] for card in group["cards"]]))
    if table["must_play"]:
        places.append(CardLocation("must_play", [table["must_play"]]))
    return places


# ----- cards in words ----------------------------------------------------------------------------------------
PLURAL_NAMES = {
    JOKER: "Jokers",
    HOARD: "Hoards",
    PICKPOCKET: "Pickpockets",
    THIEF: "Thieves",
    SWITCHEROO: "Switcheroos",
    LUCKY_DAY: "Lucky Days",
}
# The Action Card each kind of move against a seat plays (the pending action and the 2nd Chance events name it).
ACTION_OF_KIND = {moves.PICKPOCKET: PICKPOCKET, moves.THIEF: THIEF, moves.SWITCHEROO: SWITCHEROO}


def cards_count(count: int) -> str:
    """ "a card", "two cards", "no card"."""
    if count == 1:
        return "a card"
    return f"{count_words(count)} card{'' if count == 0 else 's'}"


def the_card(token: str) -> str:
    """A card or group token in a sentence: "the 7 of Hearts", "a Joker", "a Joker as the 7 of Hearts", "a
    Pickpocket", "a Lucky Day"."""
    if token in NATURALS:
        return f"the {card_name(token)}"
    return f"a {card_name(token)}"


def action_name(kind: str) -> str:
    """The Action Card of a pending action (``pickpocket``, ``thief``, ``switcheroo``): "Pickpocket"."""
    return card_name(ACTION_OF_KIND.get(kind, kind))


def cards_in_words(cards: Sequence[str]) -> str:
    """A hand's cards in the hand's order, Play Cards of a suit together, other cards counted: "the Ace, 7, 7 and
    King of Spades, the 2 of Hearts, two Jokers and a Pickpocket"; "no cards" for none."""
    if not cards:
        return "no cards"
    ordered = sorted(cards, key=hand_sort_key)
    parts: list[str] = []
    for suit, group in groupby(ordered, key=lambda card: card[1] if card in NATURALS else card):
        same = list(group)
        if suit in SUIT_NAMES and same[0] in NATURALS:
            parts.append(f"the {join_words([RANK_NAMES[card[0]] for card in same])} of {SUIT_NAMES[suit]}")
        elif len(same) == 1:
            parts.append(the_card(same[0]))
        else:
            parts.append(f"{count_words(len(same))} {PLURAL_NAMES.get(same[0], card_name(same[0]))}")
    return join_words(parts)


def sequence_in_words(cards: Sequence[str]) -> str:
    """Cards in the order given (the discard pile from the top down): "the 9 of Hearts, a Joker and the 5 of
    Spades"."""
    return join_words([the_card(card) for card in cards])


def group_in_words(tokens: Sequence[str], *, run: bool) -> str:
    """A group's cards: a Run "the 5, 6, 7 and 8 of Hearts, a Joker standing for the 7"; a Set "the 5 of Spades, two
    5s of Hearts and a Joker" (copies of the two decks counted)."""
    if run:
        shown = [stand_in(token) or token for token in tokens]
        ranks = join_words([RANK_NAMES[card[0]] for card in shown])
        words = f"the {ranks} of {SUIT_NAMES[shown[0][1]]}"
        wild = [RANK_NAMES[token[len(JOKER_AS)]] for token in tokens if token.startswith(JOKER_AS)]
        if wild:
            words += f", {jokers_words(len(wild))} standing for the {join_words(wild)}"
        return words
    copies = Counter(token for token in tokens if token in NATURALS)
    naturals = [f"the {card_name(card)}" if count == 1 else copies_words(card, count) for card, count in copies.items()]
    jokers = sum(1 for token in tokens if token == JOKER)
    if jokers:
        naturals.append(jokers_words(jokers))
    return join_words(naturals)


def copies_words(card: str, count: int) -> str:
    """ "two Jacks of Diamonds" (both copies of the two decks)."""
    return f"{count_words(count)} {rank_plural(card[0])} of {SUIT_NAMES[card[1]]}"


def jokers_words(count: int) -> str:
    return "a Joker" if count == 1 else f"{count_words(count)} Jokers"


def meld_in_words(tokens: Sequence[str], *, run: bool) -> str:
    """ "a Run of the 5, 6 and 7 of Hearts", "a Set of 5s: the 5 of Spades, the 5 of Hearts and a Joker"."""
    if run:
        return f"a Run of {group_in_words(tokens, run=True)}"
    rank = next(token[0] for token in tokens if token in NATURALS)
    return f"a Set of {rank_plural(rank)}: {group_in_words(tokens, run=False)}"


# ----- legal moves in words ----------------------------------------------------------------------------------
def group_words(group: Group, name: str, me: int) -> str:
    """ "Seat 1's Run g2 (the 6, 7 and 8 of Spades)", "your Set g1 (the 5 of Spades, the 5 of Hearts and ...)"."""
    tokens = group_tokens(group["key"], group["low"], group["cards"], run=group["run"])
    kind = "Run" if group["run"] else "Set"
    return f"{possessive_for_mover(group['owner'], me)} {kind} {name} ({group_in_words(tokens, run=group['run'])})"


def discard_top(discards: Sequence[str], count: int) -> str:
    """The top ``count`` cards of the discard pile: "the top card of the discard pile (the 5 of Spades)", "the top 3
    cards of the discard pile (the 9 of Hearts, the King of Clubs and the 5 of Spades)"."""
    taken = list(reversed(discards[-count:]))
    if count == 1:
        return f"the top card of the discard pile ({the_card(taken[0])})"
    return f"the top {count} cards of the discard pile ({sequence_in_words(taken)})"


def describe_move(state: GameState, seat: int, move: Move) -> str:
    """A legal move as a sentence with full card names: "Play off the 9 of Spades on Seat 1's Run g2 (the 6, 7 and 8
    of Spades)"."""
    table = table_of(state)
    kind, args = move.kind, move.args
    if kind == moves.DRAW:
        if stock_count(table["stock"]) == 1:
            return "Draw the last card of the stock"
        return "Draw two cards from the stock"
    if kind == moves.TAKE:
        count = int(args[0])
        if table["first_turn"]:
            return f"Take the up-card, {the_card(table['discards'][-1])}"
        taken = discard_top(table["discards"], count)
        if count == 1:
            return f"Take {taken} and play it at once"
        return f"Take {taken} and play the last one taken, {the_card(table['discards'][-count])}, at once"
    if kind == moves.HOARD:
        return f"Play a Hoard as your draw: take {discard_top(table['discards'], int(args[0]))} into your hand"
    if kind == moves.MELD:
        tokens = args[0].split(",")
        meld = read_meld(tokens)
        run = meld.run if isinstance(meld, Meld) else True
        verb = "Lay down" if table["opened"][seat] else "Open with"
        return f"{verb} {meld_in_words(tokens, run=run)}"
    if kind == moves.LAY_OFF:
        name, token = args
        index = group_index(name, table["groups"])
        where = group_words(table["groups"][index], name, seat) if index is not None else f"group {name}"
        lucky = " in Lucky Day's round" if table["phase"] == LUCKY_PHASE else ""
        return f"Play off {the_card(token)} on {where}{lucky}"
    if kind == moves.DRAW_BONUS:
        return "Draw one card from the stock for a new Run or Set you laid down this turn"
    return describe_other_move(table, seat, move)


def describe_other_move(table: RummyTable, seat: int, move: Move) -> str:
    """``describe_move`` for the Action Cards, the discard, and the answers to an Action Card or Lucky Day."""
    kind, args = move.kind, move.args
    if kind == moves.PICKPOCKET:
        victim = int(args[0])
        held = plural(len(table["hands"][victim]), "card")
        return f"Play a Pickpocket: take one card at random from Seat {victim}'s hand of {held}"
    if kind == moves.THIEF:
        name = args[0]
        index = group_index(name, table["groups"])
        where = group_words(table["groups"][index], name, seat) if index is not None else f"group {name}"
        return f"Play a Thief: take {where}, which then scores for you"
    if kind == moves.SWITCHEROO:
        victim = int(args[0])
        mine = len(table["hands"][seat]) - 1
        theirs = len(table["hands"][victim])
        return f"Play a Switcheroo: swap your other {plural(mine, 'card')} for Seat {victim}'s {plural(theirs, 'card')}"
    if kind == moves.LUCKY_DAY:
        return (
            "Play a Lucky Day: starting with you and going clockwise, every player may play off one card from hand "
            "onto any Run or Set"
        )
    if kind == moves.DISCARD:
        card = args[0]
        hand = table["hands"][seat]
        if len(hand) == 1:
            return f"Discard {the_card(card)}, your last card, and go out"
        if is_action(card):
            return f"Discard {the_card(card)} onto the Action Card pile (unplayed), ending your turn"
        return f"Discard {the_card(card)}, ending your turn"
    pending = table["pending"]
    if kind == moves.SECOND_CHANCE and pending is not None:
        return f"Reveal your 2nd Chance to cancel Seat {pending['by']}'s {action_name(pending['action'])}"
    if kind == moves.ACCEPT and pending is not None:
        return f"Let Seat {pending['by']}'s {action_name(pending['action'])} take effect, keeping your 2nd Chance"
    if kind == moves.PASS:
        return "Play off no card in Lucky Day's round"
    return str(move)


# ----- events in words ---------------------------------------------------------------------------------------
def round_started_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    dealer, first = event["dealer"], event["firstPlayer"]
    counts: list[int] = event["handCounts"]
    up = event["upCard"]
    returned: int = event["actionCardsReturned"]
    turned = f"{verb(dealer, viewer, 'turn', 'turns')} up {the_card(up)}" if up else "no Play Card is left to turn up"
    if returned:
        actions = "an Action Card" if returned == 1 else f"{count_words(returned)} Action Cards"
        turned += f" (after {actions} turned up went back into the stock)"
    above = event["cardsAboveMarker"]
    marker = f"{above} above the Marker" if above else "the Marker already revealed"
    return (
        f"Round {event['round']}: {who(dealer, viewer, names, start=True)} {verb(dealer, viewer, 'deal', 'deals')} "
        f"{plural(counts[0] if counts else 0, 'card')} to each player and {turned}; {event['stockCount']} cards are in "
        f"the stock, {marker}, and {who(first, viewer, names)} {verb(first, viewer, 'play', 'plays')} first."
    )


def hand_dealt_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    were = verb(seat, viewer, "were", "was")
    return f"{who(seat, viewer, names, start=True)} {were} dealt {cards_in_words(event['cards'])}."


def drew_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cards = event.get("cards")  # only the drawer sees them
    drawn = cards_in_words(cards) if cards else cards_count(event["count"])
    return f"{subject(event, viewer, names)} drew {drawn} from the stock."


def took_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cards: list[str] = event["cards"]
    taken = f"{subject(event, viewer, names)} took {sequence_in_words(cards)} from the discard pile"
    if not event["mustPlayLast"]:
        return f"{taken}."
    if len(cards) == 1:
        return f"{taken} and must play it at once."
    return f"{taken} and must play the last one taken, {the_card(cards[-1])}, at once."


def hoarded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return (
        f"{subject(event, viewer, names)} took {sequence_in_words(event['cards'])} from the discard pile with a Hoard."
    )


def drew_bonus_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    cards = event.get("cards")  # only the drawer sees them
    drawn = cards_in_words(cards) if cards else cards_count(event["count"])
    return f"{subject(event, viewer, names)} drew {drawn} from the stock for a new Run or Set."


def marker_revealed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    left: int = event["stockCount"]
    cards = f"{left} card{' is' if left == 1 else 's are'}"
    return (
        f"The Marker is revealed, {cards} left in the stock: the first player to go out now earns a bonus of 10 "
        "points instead of a penalty of 100."
    )


def melded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """The ``melded`` event: its data's ``meldKind`` (``run`` or ``set``) says which kind of group was laid down."""
    return (
        f"{subject(event, viewer, names)} laid down group {event['group']}, "
        f"{meld_in_words(event['cards'], run=event['meldKind'] == 'run')}."
    )


def laid_off_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    lucky = " in Lucky Day's round" if event["luckyDay"] else ""
    return f"{subject(event, viewer, names)} played off {the_card(event['card'])} on group {event['group']}{lucky}."


def discarded_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat, card = event["seat"], event["card"]
    pile = " onto the Action Card pile" if card in ACTION_SET else ""
    actor = who(seat, viewer, names, start=True)
    return f"{actor} discarded {the_card(card)}{pile}, ending {their(seat, viewer)} turn."


WENT_OUT_HOW = {
    "playing": "by playing {their} last card",
    "discard": "by discarding {their} last card",
    "lucky_day": "by playing off {their} last card in Lucky Day's round",
}


def went_out_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    how = WENT_OUT_HOW.get(event["by"], "").format(their=their(seat, viewer))
    return f"{who(seat, viewer, names, start=True)} went out {how}."


def stock_exhausted_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return "The stock has run out: the round ends with this turn, with no bonus or penalty for going out."


def action_played_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat, card = event["seat"], event["card"]
    actor = who(seat, viewer, names, start=True)
    if card == HOARD:
        return f"{actor} played a Hoard as {their(seat, viewer)} draw."
    if card == LUCKY_DAY:
        return (
            f"{actor} played a Lucky Day: starting with {who(seat, viewer, names)} and going clockwise, every "
            "player may play off one card from hand onto any Run or Set."
        )
    victim = event["victim"]
    if card == PICKPOCKET:
        return f"{actor} played a Pickpocket against {who(victim, viewer, names)}."
    if card == THIEF:
        return f"{actor} played a Thief to take {whose(victim, viewer, names)} Set {event['group']}."
    return f"{actor} played a Switcheroo to swap hands with {who(victim, viewer, names)}."


def awaiting_second_chance_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{who(seat, viewer, names, start=True)} may reveal {their(seat, viewer)} 2nd Chance to cancel the "
        f"{action_name(event['action'])}, or let it take effect."
    )


def second_chance_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    return (
        f"{who(seat, viewer, names, start=True)} revealed {their(seat, viewer)} 2nd Chance and cancelled "
        f"{whose(event['by'], viewer, names)} {action_name(event['cancelled'])}."
    )


def accepted_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return (
        f"{subject(event, viewer, names)} let {whose(event['by'], viewer, names)} "
        f"{action_name(event['action'])} take effect."
    )


def pickpocketed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """Only the thief and the victim see the card (the event's secret); the others read that a card was taken."""
    seat, victim = event["seat"], event["victim"]
    actor = who(seat, viewer, names, start=True)
    card = event.get("card")
    if card is None:
        return f"{actor} took a card from {who(victim, viewer, names)} with a Pickpocket."
    if victim == viewer:
        return f"{actor} took your {card_name(card)} with a Pickpocket."
    return f"{actor} took {the_card(card)} from {who(victim, viewer, names)} with a Pickpocket."


def set_stolen_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat, victim = event["seat"], event["victim"]
    return (
        f"{who(seat, viewer, names, start=True)} took {whose(victim, viewer, names)} Set {event['group']} with a "
        f"Thief: it now scores for {who(seat, viewer, names)}, and {who(victim, viewer, names)} "
        f"{verb(victim, viewer, 'are', 'is')} still open."
    )


def hands_switched_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat, victim = event["seat"], event["victim"]
    counts: list[int] = event["handCounts"]
    return (
        f"{who(seat, viewer, names, start=True)} swapped hands with {who(victim, viewer, names)} with a Switcheroo: "
        f"{who(seat, viewer, names)} now {verb(seat, viewer, 'hold', 'holds')} {plural(counts[seat], 'card')} and "
        f"{who(victim, viewer, names)} {verb(victim, viewer, 'hold', 'holds')} {plural(counts[victim], 'card')}."
    )


def hand_received_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    seat = event["seat"]
    holds = verb(seat, viewer, "hold", "holds")
    return f"After the Switcheroo {who(seat, viewer, names)} {holds} {cards_in_words(event['cards'])}."


def passed_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    return f"{subject(event, viewer, names)} played off no card in Lucky Day's round."


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def round_points_words(event: Mapping[str, Any], seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """ "Seat 0 scores -20 (+30 for cards played, -50 for cards in hand)"."""
    parts = [f"{signed(event['played'][seat])} for cards played"]
    if event["actions"][seat]:
        parts.append(f"{signed(ACTION_POINTS * event['actions'][seat])} for Action Cards played")
    parts.append(f"{signed(-event['inHand'][seat])} for cards in hand")
    if event["bonus"][seat]:
        parts.append(f"{signed(event['bonus'][seat])} for going out")
    scores = verb(seat, viewer, "score", "scores")
    return f"{who(seat, viewer, names)} {scores} {event['points'][seat]} ({', '.join(parts)})"


def round_ended_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    outs: list[int] = event["outs"]
    if event["ended"] == ENDED_BY_STOCK or not outs:
        how = "the stock ran out"
    else:
        when = "after" if event["markerRevealed"] else "before"
        went = seats_in_words(outs, viewer, names)
        how = f"{went} went out {when} the Marker was revealed"
    scores = "; ".join(round_points_words(event, seat, viewer, names) for seat in range(len(event["points"])))
    return f"Round {event['round']} is over, {how}: {scores}."


def match_finished_text(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    winners: list[int] = event["winners"]
    win = "share the win" if len(winners) > 1 else verb(winners, viewer, "win", "wins")
    totals = amounts_for_seats(event["totals"], viewer, names)
    return f"The match is over, with totals {totals}: {seats_in_words(winners, viewer, names)} {win}."


EVENT_TEXTS: dict[str, EventText] = {
    "round_started": round_started_text,
    "hand_dealt": hand_dealt_text,
    "drew": drew_text,
    "took": took_text,
    "hoarded": hoarded_text,
    "drew_bonus": drew_bonus_text,
    "marker_revealed": marker_revealed_text,
    "melded": melded_text,
    "laid_off": laid_off_text,
    "discarded": discarded_text,
    "went_out": went_out_text,
    "stock_exhausted": stock_exhausted_text,
    "action_played": action_played_text,
    "awaiting_second_chance": awaiting_second_chance_text,
    "second_chance": second_chance_text,
    "accepted": accepted_text,
    "pickpocketed": pickpocketed_text,
    "set_stolen": set_stolen_text,
    "hands_switched": hands_switched_text,
    "hand_received": hand_received_text,
    "passed": passed_text,
    "round_ended": round_ended_text,
    "match_finished": match_finished_text,
}


def event_text(event: Mapping[str, Any], viewer: int | None, seat_names: Sequence[str]) -> str:
    """One sentence for the event as ``viewer`` sees it (``event`` is already redacted for that viewer)."""
    return EVENT_TEXTS[event["kind"]](event, viewer, seat_names)
