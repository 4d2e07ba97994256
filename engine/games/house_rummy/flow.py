"""The turn flow between moves: dealing, what follows a discard, passing the turn, ending a hand and the match."""

from __future__ import annotations

from typing import Any, cast

from engine.events import Event
from engine.games.house_rummy.cards import (
    DRAW_DISCARD,
    EXCHANGE,
    FISH,
    GO_AGAIN,
    REVERSE,
    SEARCH,
    SEE_HAND,
    SKIP,
    full_deck,
)
from engine.games.house_rummy.groups import add_to_group, is_playable, parse_target
from engine.games.house_rummy.legal import exchange_partners, new_cards_on, search_choices
from engine.games.house_rummy.scoring import score_hand
from engine.games.house_rummy.table import (
    CLAIM,
    DRAW,
    EXTRA_DISCARD,
    FINISHED,
    NOBODY,
    Action,
    Claim,
    HandRecord,
    HouseTable,
    table_of,
)
from engine.games.house_rummy.table import (
    EXCHANGE as PHASE_EXCHANGE,
)
from engine.games.house_rummy.table import (
    FISH as PHASE_FISH,
)
from engine.games.house_rummy.table import (
    SEARCH as PHASE_SEARCH,
)
from engine.games.house_rummy.table import (
    SEE_HAND as PHASE_SEE_HAND,
)
from engine.state import GameState

HAND_SIZE = 7
HAND_SIZE_TWO_PLAYERS = 10


def new_table(players: int) -> HouseTable:
    return HouseTable(
        phase=DRAW,
        hand_no=0,
        dealer=players - 1,  # so that seat 0, left of the dealer, plays first
        turn=0,
        direction=1,
        hands=[[] for _ in range(players)],
        stock=[],
        piles=[],
        groups=[],
        cross={},
        loose=[[] for _ in range(players)],
        forced="",
        melded=0,
        single="",
        chain=1,
        out=NOBODY,
        claim=None,
        act=None,
        rounds=[],
    )


def deal(state: GameState, events: list[Event]) -> None:
    """Shuffles the whole deck and deals a hand: 7 each (10 with two players), one card turned to start the pile."""
    table = table_of(state)
    players = state.players
    deck = full_deck(new_cards_on(state))
    state.shuffle(deck)
    size = HAND_SIZE_TWO_PLAYERS if players == 2 else HAND_SIZE
    first = (table["dealer"] + 1) % players
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(size * players):
        hands[(first + i) % players].append(deck.pop())
    flipped = deck.pop()
    table["phase"] = DRAW
    table["hand_no"] += 1
    table["turn"] = first
    table["direction"] = 1
    table["hands"] = hands
    table["stock"] = deck
    table["piles"] = [[flipped]]
    table["groups"] = []
    table["cross"] = {}
    table["loose"] = [[] for _ in range(players)]
    table["forced"] = ""
    table["melded"] = 0
    table["single"] = ""
    table["chain"] = 1
    table["out"] = NOBODY
    table["claim"] = None
    table["act"] = None
    events.append(
        Event(
            "hand_started",
            data={
                "hand": table["hand_no"],
                "dealer": table["dealer"],
                "handCounts": [len(h) for h in hands],
                "stockCount": len(deck),
                "turned": flipped,
                "turn": first,
            },
        )
    )
    events.extend(
        Event("hand_dealt", seat=seat, data={"cards": sorted(hands[seat])}, audience=(seat,)) for seat in range(players)
    )


# ----- after a discard --------------------------------------------------------------------------------------------
def after_discard(state: GameState, seat: int, card: str, pile: int, action: str, events: list[Event]) -> None:
    """Opens the claim window if the discard can be played, then performs the discard action, then passes on."""
    table = table_of(state)
    if is_playable(table["groups"], card):
        waiting = [(seat + i) % state.players for i in range(1, state.players)]
        table["claim"] = Claim(c=card, p=pile, s=seat, w=waiting, t=[""] * state.players, n=action)
        table["phase"] = CLAIM
        events.append(Event("claim_window", seat=seat, data={"card": card, "pile": pile, "waiting": waiting}))
        return
    perform_action(state, seat, action, pile, card, events)


def answer_claim(state: GameState, seat: int, target: str, events: list[Event]) -> None:
    """Records a claim (a target) or a pass ("-"); when all have answered, the first claimant from the discarder's
    left (in seat order, whatever the direction of play) plays the card to the board."""
    table = table_of(state)
    claim = table["claim"]
    assert claim is not None
    claim["t"][seat] = target
    claim["w"].remove(seat)
    events.append(Event("claimed" if target != "-" else "passed_claim", seat=seat, data={"target": target}))
    if claim["w"]:
        return
    table["claim"] = None
    discarder = claim["s"]
    pile = claim["p"]
    for i in range(1, state.players):
        winner = (discarder + i) % state.players
        chosen = claim["t"][winner]
        if chosen and chosen != "-":
            parsed = parse_target(chosen)
            assert parsed is not None
            index, end = parsed
            table["piles"][pile].pop()
            add_to_group(table["groups"][index], end, [claim["c"]], winner, new_cards_on(state))
            events.append(
                Event("rummy_on_the_board", seat=winner, data={"card": claim["c"], "target": chosen, "from": discarder})
            )
            if not table["piles"][pile] and len(table["piles"]) > 1:
                del table["piles"][pile]
                pile = NOBODY
            break
    perform_action(state, discarder, claim["n"], pile, claim["c"], events)


def perform_action(state: GameState, seat: int, action: str, pile: int, card: str, events: list[Event]) -> None:
    table = table_of(state)
    if action:
        events.append(Event("discard_action", seat=seat, data={"action": action}))
    final_round = table["out"] != NOBODY
    if action == REVERSE:
        if state.players > 2 and not final_round:
            table["direction"] = -table["direction"]
        end_turn(state, events)
    elif action == SKIP:
        end_turn(state, events, skip=not final_round)
    elif action == GO_AGAIN:
        end_turn(state, events, again=True)
    elif action in (FISH, SEE_HAND):
        table["act"] = Action(a=action, s=seat, t=NOBODY, p=pile, q="", g=["", ""])
        table["phase"] = PHASE_FISH if action == FISH else PHASE_SEE_HAND
    elif action == EXCHANGE and exchange_partners(table, state.players, seat):
        table["act"] = Action(a=action, s=seat, t=NOBODY, p=pile, q="", g=["", ""])
        table["phase"] = PHASE_EXCHANGE
    elif action == SEARCH and pile != NOBODY and search_choices(table["piles"][pile], card):
        table["act"] = Action(a=action, s=seat, t=NOBODY, p=pile, q=card, g=["", ""])
        table["phase"] = PHASE_SEARCH
    elif action == DRAW_DISCARD and table["stock"]:
        draw_from_stock(state, seat, events, "draw_discard")
        table["phase"] = EXTRA_DISCARD
    else:
        end_turn(state, events)


def draw_from_stock(state: GameState, seat: int, events: list[Event], reason: str) -> None:
    table = table_of(state)
    card = table["stock"].pop()
    table["hands"][seat].append(card)
    events.append(Event("drew", seat=seat, data={"reason": reason, "stockCount": len(table["stock"])}))
    # The card goes to the drawer alone, in an event of its own: a private event stays private even when the same
    # move ends the hand and the card is shuffled away.
    events.append(Event("drew_card", seat=seat, data={"card": card}, audience=(seat,)))


# ----- passing the turn, ending the hand --------------------------------------------------------------------------
def end_turn(state: GameState, events: list[Event], *, skip: bool = False, again: bool = False) -> None:
    table = table_of(state)
    table["act"] = None
    seat = table["turn"]
    players = state.players
    if again:
        following = seat
    else:
        following = (seat + table["direction"]) % players
        if skip:
            events.append(Event("skipped", seat=following))
            following = (following + table["direction"]) % players
    if table["out"] != NOBODY and following == table["out"]:
        end_hand(state, "played_out", table["out"], events)
        return
    if not table["stock"]:
        end_hand(state, "stock_exhausted", NOBODY, events)
        return
    table["chain"] = table["chain"] + 1 if following == seat else 1
    table["turn"] = following
    table["phase"] = DRAW
    table["forced"] = ""
    table["melded"] = 0
    table["single"] = ""
    events.append(Event("turn", seat=following, data={"again": following == seat}))


def end_hand(state: GameState, reason: str, seat: int, events: list[Event]) -> None:
    table = table_of(state)
    new_cards = new_cards_on(state)
    scores = score_hand(table["groups"], table["cross"], table["hands"], table["loose"], new_cards)
    record = HandRecord(
        label=f"hand {table['hand_no']}",
        points=[s.total for s in scores],
        parts=[s.as_list() for s in scores],
        reason=reason,
        seat=seat,
    )
    table["rounds"].append(record)
    table["claim"] = None
    table["act"] = None
    events.append(
        Event(
            "hand_scored",
            data={
                "hand": table["hand_no"],
                "reason": reason,
                "seat": seat,
                "points": record["points"],
                "parts": record["parts"],
            },
        )
    )
    totals = match_totals(table, state.players)
    over = (
        bool(state.options["single_hand"])
        or max(totals) >= int(state.options["target_score"])
        or table["hand_no"] >= int(state.options["max_hands"])
    )
    if over:
        table["phase"] = FINISHED
        best = max(totals)
        events.append(
            Event("match_finished", data={"totals": totals, "winners": [s for s, t in enumerate(totals) if t == best]})
        )
        return
    table["dealer"] = (table["dealer"] + 1) % state.players
    deal(state, events)


def match_totals(table: HouseTable, players: int) -> list[int]:
    return [sum(record["points"][seat] for record in table["rounds"]) for seat in range(players)]


def as_table_dict(table: HouseTable) -> dict[str, Any]:
    return cast(dict[str, Any], table)
