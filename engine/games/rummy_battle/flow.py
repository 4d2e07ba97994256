"""The turn flow: the phases, the deal, one small function per move kind, and the ends of turns, Lucky Day rounds
and rounds.

Phases: ``draw`` (the turn player draws) -> ``play`` (groups, lay-offs, Action Cards, a discard ends the turn);
``react`` (a victim answers Pickpocket, Thief or Switcheroo with 2nd Chance or accepts) and ``lucky`` (Lucky Day's
round of play-offs) interrupt either and return to it. A round ends when a player goes out, or when a turn ends
with the stock empty; after the last round the match is ``finished``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from engine.errors import InvalidOptionError
from engine.events import Event
from engine.games.rummy_battle import knowledge, moves
from engine.games.rummy_battle.cards import (
    HOARD,
    LUCKY_DAY,
    PICKPOCKET,
    SWITCHEROO,
    THIEF,
    is_action,
    match_deck,
    played_card,
)
from engine.games.rummy_battle.dealing import deal_round, new_table
from engine.games.rummy_battle.melds import Group, Meld, lay_off, meld_of
from engine.games.rummy_battle.scoring import match_totals, score_round
from engine.games.rummy_battle.table import (
    DRAW_PHASE,
    ENDED_BY_GOING_OUT,
    ENDED_BY_STOCK,
    FINISHED_PHASE,
    LUCKY_PHASE,
    PLAY_PHASE,
    REACT_PHASE,
    Pending,
    RummyTable,
    draw_from_stock,
    group_id,
    group_index,
    marker_revealed,
    stock_count,
    table_of,
)
from engine.games.rummy_battle.table import Phase as Phase  # the phases, defined with the table's constants
from engine.moves import Move
from engine.scoring import highest_scorers, unpacked
from engine.state import GameState

STOCK_DRAW: Final = 2  # cards taken from the stock as a draw
UP_CARD_AND_STOCK: Final = 2  # the pack must leave an up-card and at least one stock card after the deal

Play = Callable[[GameState, RummyTable, int, Move, list[Event]], None]


# ----- set-up, the deal and who acts -------------------------------------------------------------------------
def setup(state: GameState) -> list[Event]:
    """A new match: every seat's 2nd Chance, and the first round dealt by seat 0."""
    cards = len(match_deck(state))
    needed = state.players * int(state.options["hand_size"]) + UP_CARD_AND_STOCK
    if cards < needed:
        raise InvalidOptionError(
            f"Option 'hand_size' is too large: dealing {state.options['hand_size']} cards to {state.players} "
            f"players needs {needed} cards with an up-card and a stock, but the pack has {cards}.",
            option="hand_size",
        )
    state.table = cast(dict[str, Any], new_table(state))
    events: list[Event] = []
    deal_round(state, events)
    return events


def to_act(state: GameState) -> tuple[int, ...]:
    table = cast(RummyTable, state.table)
    phase = table["phase"]
    if phase == REACT_PHASE:
        pending = table["pending"]
        return (pending["victim"],) if pending else ()
    if phase == LUCKY_PHASE:
        return (table["lucky_seat"],)
    if phase == FINISHED_PHASE:
        return ()
    return (table["turn"],)


def is_finished(state: GameState) -> bool:
    return bool(state.table["phase"] == FINISHED_PHASE)


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    if move.kind in PLAYS_OF_THE_SEAT:
        unshare_seat(table, seat, move.kind)
    else:
        unshare(table)
    events: list[Event] = []
    PLAYS[move.kind](state, table, seat, move, events)
    return events


def unshare(table: RummyTable) -> None:
    """Copy on write: ``engine.apply`` hands ``play`` a new table dict whose values are the caller's; the lists a
    play may change in place are copied here first (the groups list, but not the groups: a play that changes one
    copies it, ``own_group``). The stock is a string, the scalars are values."""
    table["hands"] = [list(hand) for hand in table["hands"]]
    table["known_cards"] = [list(cards) for cards in table["known_cards"]]
    table["privately_known"] = [list(items) for items in table["privately_known"]]
    table["discards"] = list(table["discards"])
    table["action_pile"] = list(table["action_pile"])
    table["groups"] = list(table["groups"])
    table["opened"] = list(table["opened"])
    table["second_chance"] = list(table["second_chance"])
    table["actions_played"] = list(table["actions_played"])
    table["outs"] = list(table["outs"])
    table["rounds"] = list(table["rounds"])


def unshare_seat(table: RummyTable, seat: int, kind: str) -> None:
    """``unshare`` for the plays that change no other seat's hand or records (``PLAYS_OF_THE_SEAT``), copying only
    what a play of ``kind`` may change: a draw from the stock only the seat's hand; a take also the seat's public
    record and the discard pile; a group, a lay-off or a discard also the private records when some seat knows
    anything (a card leaving the hand face up is then forgotten by every observer), the piles, the groups, who has
    opened, who went out and the rounds (the Action Cards played and the 2nd Chances are never changed by them)."""
    hands = table["hands"] = list(table["hands"])
    hands[seat] = list(hands[seat])
    if kind == moves.DRAW or kind == moves.DRAW_BONUS:
        return
    known_cards = table["known_cards"] = list(table["known_cards"])
    known_cards[seat] = list(known_cards[seat])
    table["discards"] = list(table["discards"])
    if kind == moves.TAKE:
        return
    privately_known = table["privately_known"]
    if any(privately_known):
        table["privately_known"] = [list(items) for items in privately_known]
    table["action_pile"] = list(table["action_pile"])
    table["groups"] = list(table["groups"])
    table["opened"] = list(table["opened"])
    table["outs"] = list(table["outs"])
    table["rounds"] = list(table["rounds"])


def own_group(table: RummyTable, index: int) -> Group:
    """Group ``index`` with lists of its own, in place of the shared one, for a play to change."""
    group = table["groups"][index].copy()
    group["cards"] = list(group["cards"])
    group["by"] = list(group["by"])
    table["groups"][index] = group
    return group


# ----- drawing -----------------------------------------------------------------------------------------------
def draw_two(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    cards = draw_from_stock(table, STOCK_DRAW)
    table["hands"][seat].extend(cards)
    events.append(Event("drew", seat=seat, data={"count": len(cards)}, secret={"cards": cards}, secret_to=(seat,)))
    _reveal_marker(table, len(cards), events)
    _to_play(table)


def take_from_discards(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    count = int(move.args[0])
    pile = table["discards"]
    cards = pile[-count:]
    del pile[-count:]
    cards.reverse()  # taken from the top down: the deepest card is the last one taken
    deepest = cards[-1]
    if table["first_turn"]:
        table["hands"][seat].extend(cards)
        knowledge.seen_taking(table, seat, cards)
        events.append(Event("took", seat=seat, data={"cards": cards, "mustPlayLast": False}))
    else:
        table["hands"][seat].extend(cards[:-1])
        knowledge.seen_taking(table, seat, cards[:-1])
        table["must_play"] = deepest
        events.append(Event("took", seat=seat, data={"cards": cards, "mustPlayLast": True}))
    _to_play(table)


def hoard(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    count = int(move.args[0])
    _spend_action(table, seat, HOARD, events, {})
    pile = table["discards"]
    cards = pile[-count:]
    del pile[-count:]
    cards.reverse()
    table["hands"][seat].extend(cards)
    knowledge.seen_taking(table, seat, cards)
    events.append(Event("hoarded", seat=seat, data={"cards": cards}))
    _to_play(table)


def draw_bonus(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    table["bonus_draws"] -= 1
    cards = draw_from_stock(table, 1)
    table["hands"][seat].extend(cards)
    events.append(
        Event("drew_bonus", seat=seat, data={"count": len(cards)}, secret={"cards": cards}, secret_to=(seat,))
    )
    _reveal_marker(table, len(cards), events)


def _reveal_marker(table: RummyTable, drawn: int, events: list[Event]) -> None:
    """The Marker is revealed when the stock is drawn down to it."""
    left = stock_count(table["stock"])
    if left <= table["marker"] < left + drawn:
        events.append(Event("marker_revealed", data={"stockCount": left}))


def _to_play(table: RummyTable) -> None:
    table["phase"] = PLAY_PHASE
    table["first_turn"] = False


# ----- groups and lay-offs -----------------------------------------------------------------------------------
def meld(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    tokens = move.args[0].split(",")
    new = meld_of(move.args[0])
    assert isinstance(new, Meld)
    hand = table["hands"][seat]
    cards = list(new.cards)
    must = table["must_play"]
    if must:
        cards.remove(must)
        table["must_play"] = ""
    for card in cards:
        hand.remove(card)
        knowledge.seen_leaving(table, seat, card)
    table["groups"].append(
        Group(owner=seat, run=new.run, key=new.key, low=new.low, cards=list(new.cards), by=[seat] * len(new.cards))
    )
    table["opened"][seat] = True
    table["bonus_draws"] += 1
    name = group_id(len(table["groups"]) - 1)
    events.append(
        Event("melded", seat=seat, data={"group": name, "meldKind": "run" if new.run else "set", "cards": tokens})
    )
    _check_turn_player_out(state, table, events)


def lay_off_card(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    name, token = move.args
    index = group_index(name, table["groups"])
    assert index is not None
    group = own_group(table, index)
    card = played_card(token)
    if table["phase"] == PLAY_PHASE and table["must_play"] == card:
        table["must_play"] = ""
    else:
        table["hands"][seat].remove(card)
        knowledge.seen_leaving(table, seat, card)
    lay_off(group, token, seat)
    events.append(
        Event("laid_off", seat=seat, data={"group": name, "card": token, "luckyDay": table["phase"] == LUCKY_PHASE})
    )
    if table["phase"] == LUCKY_PHASE:
        if not table["hands"][seat]:
            table["outs"].append(seat)
            events.append(Event("went_out", seat=seat, data={"by": "lucky_day"}))
        _next_lucky_seat(state, table, events)
        return
    _check_turn_player_out(state, table, events)


def discard(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    card = move.args[0]
    hand = table["hands"][seat]
    hand.remove(card)
    knowledge.seen_leaving(table, seat, card)
    if is_action(card):
        table["action_pile"].append(card)
    else:
        table["discards"].append(card)
    events.append(Event("discarded", seat=seat, data={"card": card}))
    if not hand:
        table["outs"].append(seat)
        events.append(Event("went_out", seat=seat, data={"by": "discard"}))
        end_round(state, table, ENDED_BY_GOING_OUT, events)
        return
    if not table["stock"]:
        events.append(Event("stock_exhausted", data={}))
        end_round(state, table, ENDED_BY_STOCK, events)
        return
    table["turn"] = (seat + 1) % state.players
    table["phase"] = DRAW_PHASE
    table["bonus_draws"] = 0


def _check_turn_player_out(state: GameState, table: RummyTable, events: list[Event]) -> None:
    """The turn player who has played his last card (and whose play is resolved) has gone out."""
    seat = table["turn"]
    if table["phase"] in (DRAW_PHASE, PLAY_PHASE) and not table["hands"][seat] and not table["must_play"]:
        table["outs"].append(seat)
        events.append(Event("went_out", seat=seat, data={"by": "playing"}))
        end_round(state, table, ENDED_BY_GOING_OUT, events)


# ----- Action Cards ------------------------------------------------------------------------------------------
def _spend_action(table: RummyTable, seat: int, card: str, events: list[Event], data: dict[str, object]) -> None:
    table["hands"][seat].remove(card)
    knowledge.seen_leaving(table, seat, card)
    table["action_pile"].append(card)
    table["actions_played"][seat] += 1
    events.append(Event("action_played", seat=seat, data={"card": card, **data}))


def pickpocket(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    victim = int(move.args[0])
    _spend_action(table, seat, PICKPOCKET, events, {"victim": victim})
    _start_against(state, table, Pending(action=moves.PICKPOCKET, by=seat, victim=victim, target=""), events)


def thief(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    name = move.args[0]
    index = group_index(name, table["groups"])
    assert index is not None
    victim = table["groups"][index]["owner"]
    _spend_action(table, seat, THIEF, events, {"victim": victim, "group": name})
    _start_against(state, table, Pending(action=moves.THIEF, by=seat, victim=victim, target=name), events)


def switcheroo(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    victim = int(move.args[0])
    _spend_action(table, seat, SWITCHEROO, events, {"victim": victim})
    _start_against(state, table, Pending(action=moves.SWITCHEROO, by=seat, victim=victim, target=""), events)


def _start_against(state: GameState, table: RummyTable, pending: Pending, events: list[Event]) -> None:
    if table["second_chance"][pending["victim"]]:
        table["pending"] = pending
        table["resume"] = table["phase"]
        table["phase"] = REACT_PHASE
        events.append(Event("awaiting_second_chance", seat=pending["victim"], data={"action": pending["action"]}))
        return
    _resolve(state, table, pending, events)
    _check_turn_player_out(state, table, events)


def reveal_second_chance(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    pending = table["pending"]
    assert pending is not None
    table["second_chance"][seat] = False
    events.append(Event("second_chance", seat=seat, data={"cancelled": pending["action"], "by": pending["by"]}))
    _resume(table)
    _check_turn_player_out(state, table, events)


def accept(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    pending = table["pending"]
    assert pending is not None
    events.append(Event("accepted", seat=seat, data={"action": pending["action"], "by": pending["by"]}))
    _resume(table)
    _resolve(state, table, pending, events)
    _check_turn_player_out(state, table, events)


def _resume(table: RummyTable) -> None:
    table["phase"] = table["resume"]
    table["resume"] = ""
    table["pending"] = None


def _resolve(state: GameState, table: RummyTable, pending: Pending, events: list[Event]) -> None:
    action, seat, victim = pending["action"], pending["by"], pending["victim"]
    hands = table["hands"]
    if action == moves.PICKPOCKET:
        victim_hand = hands[victim]
        card = victim_hand.pop(state.random_below(len(victim_hand)))
        hands[seat].append(card)
        knowledge.pickpocketed(table, seat, victim, card)
        events.append(
            Event(
                "pickpocketed",
                seat=seat,
                data={"victim": victim},
                secret={"card": card},
                secret_to=(seat, victim),
            )
        )
    elif action == moves.THIEF:
        index = group_index(pending["target"], table["groups"])
        assert index is not None
        group = own_group(table, index)
        group["owner"] = seat
        group["by"] = [seat if player == victim else player for player in group["by"]]
        events.append(Event("set_stolen", seat=seat, data={"victim": victim, "group": pending["target"]}))
    else:
        hands[seat], hands[victim] = hands[victim], hands[seat]
        knowledge.switched(table, seat, victim)
        events.append(
            Event(
                "hands_switched",
                seat=seat,
                data={"victim": victim, "handCounts": [len(hand) for hand in hands]},
            )
        )
        events.extend(
            Event("hand_received", seat=player, data={"cards": list(hands[player])}, audience=(player,))
            for player in (seat, victim)
        )


def lucky_day(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    _spend_action(table, seat, LUCKY_DAY, events, {})
    table["resume"] = table["phase"]
    table["phase"] = LUCKY_PHASE
    table["lucky_seat"] = seat
    table["lucky_left"] = state.players
    if not table["hands"][seat]:
        table["outs"].append(seat)  # Lucky Day was his last card: he has played them all
        events.append(Event("went_out", seat=seat, data={"by": "playing"}))
    _settle_lucky(state, table, events)


def pass_lucky(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    events.append(Event("passed", seat=seat, data={}))
    _next_lucky_seat(state, table, events)


def _next_lucky_seat(state: GameState, table: RummyTable, events: list[Event]) -> None:
    table["lucky_left"] -= 1
    table["lucky_seat"] = (table["lucky_seat"] + 1) % state.players
    _settle_lucky(state, table, events)


def _settle_lucky(state: GameState, table: RummyTable, events: list[Event]) -> None:
    """Skips seats with no card to play off; when every seat has had its chance, ends Lucky Day's round."""
    while table["lucky_left"] > 0 and not table["hands"][table["lucky_seat"]]:
        table["lucky_left"] -= 1
        table["lucky_seat"] = (table["lucky_seat"] + 1) % state.players
    if table["lucky_left"] > 0:
        return
    table["lucky_seat"] = 0
    if table["outs"]:
        end_round(state, table, ENDED_BY_GOING_OUT, events)
        return
    table["phase"] = table["resume"]
    table["resume"] = ""


# ----- the end of a round and of the match -------------------------------------------------------------------
def end_round(state: GameState, table: RummyTable, ended: str, events: list[Event]) -> None:
    revealed = marker_revealed(table)
    record = score_round(
        table["groups"],
        table["hands"],
        table["actions_played"],
        table["outs"] if ended == ENDED_BY_GOING_OUT else [],
        ended,
        marker_revealed=revealed,
    )
    table["rounds"].append(record)
    events.append(
        Event(
            "round_ended",
            data={
                "round": table["round"],
                "ended": ended,
                "outs": record["outs"],
                "markerRevealed": revealed,
                "points": record["points"],
                "played": record["played"],
                "actions": record["actions"],
                "inHand": record["in_hand"],
                "bonus": record["bonus"],
                "explanations": unpacked(record["explanations"]),  # the hands left are shown: they are counted
            },
        )
    )
    if table["round"] >= int(state.options["rounds"]):
        table["phase"] = FINISHED_PHASE
        totals = match_totals(table, state.players)
        events.append(Event("match_finished", data={"totals": totals, "winners": list(highest_scorers(totals))}))
        return
    table["dealer"] = (table["dealer"] + 1) % state.players
    deal_round(state, events)


# The plays that change only the acting seat's hand and records (and the shared piles): ``unshare_seat``.
PLAYS_OF_THE_SEAT: Final = frozenset(
    (moves.DRAW, moves.TAKE, moves.DRAW_BONUS, moves.MELD, moves.LAY_OFF, moves.DISCARD)
)

PLAYS: Final[dict[str, Play]] = {
    moves.DRAW: draw_two,
    moves.TAKE: take_from_discards,
    moves.HOARD: hoard,
    moves.MELD: meld,
    moves.LAY_OFF: lay_off_card,
    moves.DRAW_BONUS: draw_bonus,
    moves.PICKPOCKET: pickpocket,
    moves.THIEF: thief,
    moves.SWITCHEROO: switcheroo,
    moves.LUCKY_DAY: lucky_day,
    moves.DISCARD: discard,
    moves.SECOND_CHANCE: reveal_second_chance,
    moves.ACCEPT: accept,
    moves.PASS: pass_lucky,
}
