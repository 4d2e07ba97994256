"""Passing the turn, ending a hand and the match."""

from __future__ import annotations

from engine.events import Event
from engine.games.house_rummy.dealing import deal
from engine.games.house_rummy.flow_events import Events
from engine.games.house_rummy.phases import DRAW_PHASE, FINISHED_PHASE
from engine.games.house_rummy.scoring import explain_hand, match_totals, score_hand
from engine.games.house_rummy.table import NOBODY, HandRecord, new_cards_on, table_of
from engine.scoring import packed
from engine.state import GameState


def end_turn(state: GameState, events: Events, *, skip: bool = False, again: bool = False) -> None:
    table = table_of(state)
    table["action"] = None
    seat = table["turn"]
    players = state.players
    if again:
        following = seat
    else:
        following = (seat + table["direction"]) % players
        if skip:
            if events is not None:
                events.append(Event("skipped", seat=following))
            following = (following + table["direction"]) % players
    if table["played_out"] != NOBODY and following == table["played_out"]:
        end_hand(state, "played_out", table["played_out"], events)
        return
    if not table["stock"]:
        end_hand(state, "stock_exhausted", NOBODY, events)
        return
    table["turns_in_a_row"] = table["turns_in_a_row"] + 1 if following == seat else 1
    table["turn"] = following
    table["phase"] = DRAW_PHASE
    table["bottom_card"] = ""
    table["groups_started"] = 0
    table["single_card_taken"] = ""
    if events is not None:
        events.append(Event("turn", following, {"again": following == seat}))


def end_hand(state: GameState, reason: str, seat: int, events: Events) -> None:
    table = table_of(state)
    board = (table["groups"], table["cross_second_group"], table["hands"], table["potato_on_board"])
    scores = score_hand(*board, new_cards=new_cards_on(state))
    explanations = explain_hand(*board, scores, new_cards=new_cards_on(state))
    record = HandRecord(
        label=f"hand {table['hand_number']}",
        points=[s.total for s in scores],
        parts=[s.as_list() for s in scores],
        reason=reason,
        seat=seat,
        explanations=packed(explanations),
    )
    table["rounds"] = [*table["rounds"], record]
    table["claim"] = None
    table["action"] = None
    if events is not None:
        events.append(
            Event(
                "hand_scored",
                None if seat == NOBODY else seat,  # who went or played out; no seat when the stock ran out
                {
                    "hand": table["hand_number"],
                    "reason": reason,
                    "points": record["points"],
                    "parts": record["parts"],
                    "explanations": explanations,  # the hands left are shown: they are counted
                },
            )
        )
    totals = match_totals(table, state.players)
    over = (
        bool(state.options["single_hand"])
        or max(totals) >= int(state.options["target_score"])
        or 0 < int(state.options["max_hands"]) <= table["hand_number"]
    )
    if over:
        table["phase"] = FINISHED_PHASE
        best = max(totals)
        if events is not None:
            events.append(
                Event(
                    "match_finished", data={"totals": totals, "winners": [s for s, t in enumerate(totals) if t == best]}
                )
            )
        return
    table["dealer"] = (table["dealer"] + 1) % state.players
    deal(state, events)
