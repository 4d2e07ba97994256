"""The turn flow: one small function per move kind, and the ends of turns, Lucky Day rounds and rounds.

Phases: ``draw`` (the turn player draws) -> ``play`` (groups, lay-offs, Action Cards, a discard ends the turn);
``react`` (a victim answers Pickpocket, Thief or Switcheroo with 2nd Chance or accepts) and ``lucky`` (Lucky Day's
round of play-offs) interrupt either and return to it. A round ends when a player goes out, or when a turn ends
with the stock empty; after the last round the match is ``finished``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event
from engine.games.rummy_battle.cards import (
    HOARD,
    LUCKY_DAY,
    PICKPOCKET,
    SWITCHEROO,
    THIEF,
    is_action,
)
from engine.games.rummy_battle.deal import deal_round
from engine.games.rummy_battle.melds import Group, group_tokens, lay_off, played_card, read_meld
from engine.games.rummy_battle.scoring import score_round
from engine.games.rummy_battle.table import (
    ACCEPT,
    DISCARD,
    DRAW,
    DRAW_BONUS,
    DRAW_MOVE,
    ENDED_BY_GOING_OUT,
    ENDED_BY_STOCK,
    FINISHED,
    HOARD_MOVE,
    LAY_OFF,
    LUCKY,
    LUCKY_DAY_MOVE,
    MELD,
    PASS,
    PICKPOCKET_MOVE,
    PLAY,
    REACT,
    SECOND_CHANCE,
    STOCK_DRAW,
    SWITCHEROO_MOVE,
    TAKE,
    THIEF_MOVE,
    Pending,
    RummyTable,
    group_id,
    group_index,
    marker_revealed,
    stock_count,
    table_of,
)
from engine.games.rummy_battle.table import draw_from_stock as draw_cards
from engine.moves import Move
from engine.scoring import highest_scorers
from engine.state import GameState

Handler = Callable[[GameState, RummyTable, int, Move, list[Event]], None]


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    events: list[Event] = []
    HANDLERS[move.kind](state, table, seat, move, events)
    return events


# ----- drawing -----------------------------------------------------------------------------------------------
def draw_from_stock(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    cards = draw_cards(table, STOCK_DRAW)
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
        events.append(Event("took", seat=seat, data={"cards": cards, "mustPlayLast": False}))
    else:
        table["hands"][seat].extend(cards[:-1])
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
    events.append(Event("hoarded", seat=seat, data={"cards": cards}))
    _to_play(table)


def draw_bonus(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    table["bonus_draws"] -= 1
    cards = draw_cards(table, 1)
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
    table["phase"] = PLAY
    table["first_turn"] = False


# ----- groups and lay-offs -----------------------------------------------------------------------------------
def meld(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    tokens = move.args[0].split(",")
    new = read_meld(tokens)
    hand = table["hands"][seat]
    cards = list(new.cards)
    must = table["must_play"]
    if must:
        cards.remove(must)
        table["must_play"] = ""
    for card in cards:
        hand.remove(card)
    table["groups"].append(
        Group(owner=seat, run=new.run, key=new.key, low=new.low, cards=list(new.cards), by=[seat] * len(new.cards))
    )
    table["opened"][seat] = True
    table["bonus_draws"] += 1
    name = group_id(len(table["groups"]) - 1)
    events.append(
        Event("melded", seat=seat, data={"group": name, "kind": "run" if new.run else "set", "cards": tokens})
    )
    _check_turn_player_out(state, table, events)


def lay_off_card(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    name, token = move.args
    index = group_index(name, table["groups"])
    assert index is not None
    group = table["groups"][index]
    card = played_card(token)
    if table["phase"] == PLAY and table["must_play"] == card:
        table["must_play"] = ""
    else:
        table["hands"][seat].remove(card)
    lay_off(group, token, seat)
    events.append(
        Event("laid_off", seat=seat, data={"group": name, "card": token, "luckyDay": table["phase"] == LUCKY})
    )
    if table["phase"] == LUCKY:
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
    table["phase"] = DRAW
    table["bonus_draws"] = 0


def _check_turn_player_out(state: GameState, table: RummyTable, events: list[Event]) -> None:
    """The turn player who has played his last card (and whose play is resolved) has gone out."""
    seat = table["turn"]
    if table["phase"] in (DRAW, PLAY) and not table["hands"][seat] and not table["must_play"]:
        table["outs"].append(seat)
        events.append(Event("went_out", seat=seat, data={"by": "playing"}))
        end_round(state, table, ENDED_BY_GOING_OUT, events)


# ----- Action Cards ------------------------------------------------------------------------------------------
def _spend_action(table: RummyTable, seat: int, card: str, events: list[Event], data: dict[str, object]) -> None:
    table["hands"][seat].remove(card)
    table["action_pile"].append(card)
    table["actions_played"][seat] += 1
    events.append(Event("action_played", seat=seat, data={"card": card, **data}))


def pickpocket(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    victim = int(move.args[0])
    _spend_action(table, seat, PICKPOCKET, events, {"victim": victim})
    _start_against(state, table, Pending(action=PICKPOCKET_MOVE, by=seat, victim=victim, target=""), events)


def thief(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    name = move.args[0]
    index = group_index(name, table["groups"])
    assert index is not None
    victim = table["groups"][index]["owner"]
    _spend_action(table, seat, THIEF, events, {"victim": victim, "group": name})
    _start_against(state, table, Pending(action=THIEF_MOVE, by=seat, victim=victim, target=name), events)


def switcheroo(state: GameState, table: RummyTable, seat: int, move: Move, events: list[Event]) -> None:
    victim = int(move.args[0])
    _spend_action(table, seat, SWITCHEROO, events, {"victim": victim})
    _start_against(state, table, Pending(action=SWITCHEROO_MOVE, by=seat, victim=victim, target=""), events)


def _start_against(state: GameState, table: RummyTable, pending: Pending, events: list[Event]) -> None:
    if table["second_chance"][pending["victim"]]:
        table["pending"] = pending
        table["resume"] = table["phase"]
        table["phase"] = REACT
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
    if action == PICKPOCKET_MOVE:
        victim_hand = hands[victim]
        card = victim_hand.pop(state.random_below(len(victim_hand)))
        hands[seat].append(card)
        events.append(
            Event(
                "pickpocketed",
                seat=seat,
                data={"victim": victim},
                secret={"card": card},
                secret_to=(seat, victim),
            )
        )
    elif action == THIEF_MOVE:
        index = group_index(pending["target"], table["groups"])
        assert index is not None
        group = table["groups"][index]
        group["owner"] = seat
        group["by"] = [seat if player == victim else player for player in group["by"]]
        events.append(Event("set_stolen", seat=seat, data={"victim": victim, "group": pending["target"]}))
    else:
        hands[seat], hands[victim] = hands[victim], hands[seat]
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
    table["phase"] = LUCKY
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
        revealed,
        ended,
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
            },
        )
    )
    if table["round"] >= int(state.options["rounds"]):
        table["phase"] = FINISHED
        totals = match_totals(table, state.players)
        events.append(Event("match_finished", data={"totals": totals, "winners": list(highest_scorers(totals))}))
        return
    table["dealer"] = (table["dealer"] + 1) % state.players
    deal_round(state, events)


def match_totals(table: RummyTable, players: int) -> list[int]:
    return [sum(record["points"][seat] for record in table["rounds"]) for seat in range(players)]


def group_view(index: int, group: Group) -> dict[str, object]:
    """A group as seats see it; ``by`` has one digit per card: the seat that played it (its points are his)."""
    return {
        "id": group_id(index),
        "owner": group["owner"],
        "kind": "run" if group["run"] else "set",
        "cards": group_tokens(group["run"], group["key"], group["low"], group["cards"]),
        "by": "".join(map(str, group["by"])),
    }


HANDLERS: dict[str, Handler] = {
    DRAW_MOVE: draw_from_stock,
    TAKE: take_from_discards,
    HOARD_MOVE: hoard,
    MELD: meld,
    LAY_OFF: lay_off_card,
    DRAW_BONUS: draw_bonus,
    PICKPOCKET_MOVE: pickpocket,
    THIEF_MOVE: thief,
    SWITCHEROO_MOVE: switcheroo,
    LUCKY_DAY_MOVE: lucky_day,
    DISCARD: discard,
    SECOND_CHANCE: reveal_second_chance,
    ACCEPT: accept,
    PASS: pass_lucky,
}
