"""The turn flow: the phases of the state machine, one small function per move kind (``PLAYS``), dealing, what
follows a discard (the claim window, the discard action), passing the turn, ending a hand and the match."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Final, cast

from engine.cards import deal_round_robin
from engine.events import Event
from engine.games.house_rummy import knowledge
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.cards import (
    COLLECTABLE,
    CROSS_CARDS,
    DRAW_DISCARD,
    EXCHANGE,
    FISH,
    GO_AGAIN,
    HOT_POTATO,
    NEW_DISCARD,
    REVERSE,
    SEARCH,
    SEE_HAND,
    SKIP,
    SPECIAL_NAMES,
    ability,
    discard_action,
    full_deck,
)
from engine.games.house_rummy.groups import (
    accepts_card,
    add_to_group,
    build_meld,
    copy_group,
    parse_target,
    remove_from_group,
)
from engine.games.house_rummy.moves import NEW_PILE, cards_of
from engine.games.house_rummy.scoring import match_totals, score_hand
from engine.games.house_rummy.table import (
    FINISHED,
    NOBODY,
    Action,
    Claim,
    Group,
    HandRecord,
    HouseTable,
    new_cards_on,
    table_of,
)
from engine.moves import Move
from engine.state import GameState

# The events a play records; None in the hypothetical plays of the bottom-card search (``SEARCH_PLAYS``), which
# change the state exactly as the real plays do but make no events and leave the knowledge records (``knowledge``,
# never read by the search) as they were.
Events = list[Event] | None

HAND_SIZE: Final = 7
HAND_SIZE_TWO_PLAYERS: Final = 10


class Phase(StrEnum):
    DRAW = "draw"  # the player to move draws from the stock or takes from a discard pile
    PLAY = "play"  # melds, lay-offs, moves; ends with a discard (or by playing out)
    POTATO = "potato"  # after a new group with the Hot Potato in hand: pass it or keep it
    CLAIM = "claim"  # "rummy on the board": the other seats answer claim or pass for a playable discard
    FISH = "fish"  # Fish: the discarder names a player and a rank or suit
    FISH_GIVE = "fish_give"  # the asked player chooses which matching card to give
    SEE_HAND = "see_hand"  # See Hand: the discarder names a player, who shows only them the hand
    EXCHANGE = "exchange"  # Exchange 1: the discarder names a player
    EXCHANGE_GIVE = "exchange_give"  # both choose a card to give, face down
    SEARCH = "search"  # Search Discard: the discarder takes a card of the pile the card went to
    EXTRA_DISCARD = "extra_discard"  # Draw & Discard 1: the discard after the draw (triggers no action)
    FINISHED = FINISHED


# The phases of the player's own turn after the draw, in which the bottom card taken must still be played.
TURN_PHASES: Final = frozenset({Phase.PLAY, Phase.POTATO})
# The phases' values as the table holds them (plain text: a member's ``value`` is a property, slower).
CLAIM_PHASE: Final = Phase.CLAIM.value
DRAW_PHASE: Final = Phase.DRAW.value
EXCHANGE_PHASE: Final = Phase.EXCHANGE.value
EXCHANGE_GIVE_PHASE: Final = Phase.EXCHANGE_GIVE.value
EXTRA_DISCARD_PHASE: Final = Phase.EXTRA_DISCARD.value
FINISHED_PHASE: Final = Phase.FINISHED.value
FISH_PHASE: Final = Phase.FISH.value
FISH_GIVE_PHASE: Final = Phase.FISH_GIVE.value
PLAY_PHASE: Final = Phase.PLAY.value
POTATO_PHASE: Final = Phase.POTATO.value
SEARCH_PHASE: Final = Phase.SEARCH.value
SEE_HAND_PHASE: Final = Phase.SEE_HAND.value


# ----- events -----------------------------------------------------------------------------------------------------
# Events are values (frozen, their data read only): the frequent ones, whose data take few values, are made once and
# shared (making an ``Event`` costs more than most plays' own work).
EVENTS_KEPT: Final = 4096
_events: Final[dict[tuple[object, ...], Event]] = {}


def keep_event(key: tuple[object, ...], event: Event) -> Event:
    if len(_events) >= EVENTS_KEPT:
        _events.clear()
    _events[key] = event
    return event


def seat_event(kind: str, seat: int) -> Event:
    """``Event(kind, seat=seat)``, made once."""
    key = (kind, seat)
    return _events.get(key) or keep_event(key, Event(kind, seat=seat))


def item_event(kind: str, seat: int, name: str, value: str | int | bool) -> Event:
    """``Event(kind, seat=seat, data={name: value})``, made once (a kind's ``name`` has values of one type)."""
    key = (kind, seat, name, value)
    return _events.get(key) or keep_event(key, Event(kind, seat=seat, data={name: value}))


def discarded_event(seat: int, card: str, pile: int, new_pile: bool) -> Event:
    key = ("discarded", seat, card, pile, new_pile)
    return _events.get(key) or keep_event(
        key, Event("discarded", seat=seat, data={"card": card, "pile": pile, "newPile": new_pile})
    )


def drew_event(seat: int, reason: str, stock_count: int) -> Event:
    key = ("drew", seat, reason, stock_count)
    return _events.get(key) or keep_event(
        key, Event("drew", seat=seat, data={"reason": reason, "stockCount": stock_count})
    )


def drew_card_event(seat: int, card: str) -> Event:
    key = ("drew_card", seat, card)
    return _events.get(key) or keep_event(key, Event("drew_card", seat=seat, data={"card": card}, audience=(seat,)))


# ----- set-up ---------------------------------------------------------------------------------------------------
def new_table(players: int) -> HouseTable:
    return HouseTable(
        phase=DRAW_PHASE,
        hand_number=0,
        dealer=players - 1,  # so that seat 0, left of the dealer, plays first
        turn=0,
        direction=1,
        hands=[[] for _ in range(players)],
        stock=[],
        piles=[],
        groups=[],
        cross_second_group={},
        potato_on_board=[[] for _ in range(players)],
        bottom_card="",
        groups_started=0,
        single_card_taken="",
        turns_in_a_row=1,
        played_out=NOBODY,
        known_cards=[[] for _ in range(players)],
        seen_cards={},
        claim=None,
        action=None,
        rounds=[],
    )


def setup(state: GameState) -> list[Event]:
    state.table = cast(dict[str, Any], new_table(state.players))
    events: list[Event] = []
    deal(state, events)
    return events


def deal(state: GameState, events: Events) -> None:
    """Shuffles the whole deck and deals a hand: 7 each (10 with two players), one card turned to start the pile
    (``events`` None: a hypothetical play of the bottom-card search, which records none)."""
    table = table_of(state)
    players = state.players
    deck = full_deck(new_cards_on(state))
    state.shuffle(deck)
    first = (table["dealer"] + 1) % players
    hands = deal_round_robin(deck, players, HAND_SIZE_TWO_PLAYERS if players == 2 else HAND_SIZE, first)
    flipped = deck.pop()
    table.update(
        {
            "phase": DRAW_PHASE,
            "hand_number": table["hand_number"] + 1,
            "turn": first,
            "direction": 1,
            "hands": hands,
            "stock": deck,
            "piles": [[flipped]],
            "groups": [],
            "cross_second_group": {},
            "potato_on_board": [[] for _ in range(players)],
            "bottom_card": "",
            "groups_started": 0,
            "single_card_taken": "",
            "turns_in_a_row": 1,
            "played_out": NOBODY,
            "known_cards": [[] for _ in range(players)],
            "seen_cards": {},
            "claim": None,
            "action": None,
        }
    )
    if events is None:
        return
    events.append(
        Event(
            "hand_started",
            data={
                "hand": table["hand_number"],
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


def to_act(state: GameState) -> tuple[int, ...]:
    """The player to move; every seat yet to answer a claim window; both seats choosing a card to exchange."""
    table = table_of(state)
    phase = table["phase"]
    if phase == FINISHED_PHASE:
        return ()
    if phase == CLAIM_PHASE:
        window = table["claim"]
        assert window is not None
        return tuple(window["waiting"])
    act = table["action"]
    if phase == FISH_GIVE_PHASE and act is not None:
        return (act["named"],)
    if phase == EXCHANGE_GIVE_PHASE and act is not None:
        return tuple(
            seat for seat, given in zip((act["discarder"], act["named"]), act["chosen"], strict=True) if not given
        )
    return (table["turn"],)


# ----- pure helpers the rules and the flow share -----------------------------------------------------------------
def other_seats(players: int, seat: int) -> list[int]:
    return [other for other in range(players) if other != seat]


def fish_matches(hand: list[str], ask: str) -> list[str]:
    return sorted({card for card in hand if card not in SPECIAL_NAMES and ask in (card[0], card[1])})


def exchange_partners(table: HouseTable, players: int, seat: int) -> list[int]:
    return [other for other in other_seats(players, seat) if table["hands"][other]]


def search_choices(pile: list[str], searcher: str) -> list[str]:
    """Search Discard: any card of the pile it went to, except the Search Discard card itself."""
    rest = list(pile)
    if searcher in rest:
        rest.remove(searcher)
    return sorted(set(rest))


def triggers(state: GameState, table: HouseTable, card: str) -> str:
    """The discard action ``card`` performs if discarded now by the player to move, or ""."""
    new_cards = new_cards_on(state)
    action = discard_action(card, new_cards)
    if not action or table["turns_in_a_row"] > 1 or len(table["hands"][table["turn"]]) <= 1:
        return ""
    if table["single_card_taken"] and discard_action(table["single_card_taken"], new_cards) == action:
        return ""
    return action


def starts_new_pile(state: GameState, table: HouseTable, card: str) -> bool:
    """A New Discard whose action triggers must start a new discard pile (never in the extra discard)."""
    return table["phase"] != EXTRA_DISCARD_PHASE and triggers(state, table, card) == NEW_DISCARD


# ----- copy on write: a play replaces every table value it changes, never one in place -------------------------
def set_hand(table: HouseTable, seat: int, hand: list[str]) -> None:
    hands = list(table["hands"])
    hands[seat] = hand
    table["hands"] = hands


def hand_without(hand: list[str], cards: list[str]) -> list[str]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def set_pile(table: HouseTable, index: int, pile: list[str]) -> None:
    piles = list(table["piles"])
    piles[index] = pile
    table["piles"] = piles


def own_group(table: HouseTable, index: int) -> Group:
    """A private copy of group ``index``, installed in a new groups list, for the play to change."""
    groups = list(table["groups"])
    group = groups[index] = copy_group(groups[index])
    table["groups"] = groups
    return group


# ----- draw -------------------------------------------------------------------------------------------------------
def draw(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    draw_from_stock(state, seat, events, "draw")
    table_of(state)["phase"] = PLAY_PHASE
    return events


def take(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    index, count = int(move.args[0]), int(move.args[1])
    pile = table["piles"][index][:-count]
    taken = table["piles"][index][-count:]
    set_pile(table, index, pile)
    set_hand(table, seat, [*table["hands"][seat], *taken])
    knowledge.make_public(table, seat, taken)
    bottom = taken[0]
    exempt = ability(bottom, new_cards_on(state)) == COLLECTABLE
    table["bottom_card"] = bottom if count > 1 and not exempt else ""
    table["single_card_taken"] = bottom if count == 1 else ""
    if not pile and len(table["piles"]) > 1:
        table["piles"] = [*table["piles"][:index], *table["piles"][index + 1 :]]
    table["phase"] = PLAY_PHASE
    return [
        Event("took", seat=seat, data={"pile": index, "cards": taken, "mustPlayBottom": bool(table["bottom_card"])})
    ]


def draw_from_stock(state: GameState, seat: int, events: list[Event], reason: str) -> None:
    table = table_of(state)
    stock = table["stock"]
    card = stock[-1]
    table["stock"] = stock[:-1]
    set_hand(table, seat, [*table["hands"][seat], card])
    events.append(drew_event(seat, reason, len(table["stock"])))
    # The card goes to the drawer alone, in an event of its own: a private event stays private even when the same
    # move ends the hand and the card is shuffled away.
    events.append(drew_card_event(seat, card))


# ----- play -------------------------------------------------------------------------------------------------------
def meld(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_meld(state, seat, move, events)
    return events


def play_meld(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    hand = table["hands"][seat]
    cards = cards_of(move)
    owners = dict.fromkeys(cards, seat)
    board_card = next((card for card in cards if card not in hand), "")
    if board_card:
        for index, group in enumerate(table["groups"]):
            if board_card in group["cards"] and table["cross_second_group"].get(board_card) != index:
                if board_card in CROSS_CARDS:
                    owners[board_card] = group["owners"][group["cards"].index(board_card)]
                else:
                    owners[board_card] = remove_from_group(own_group(table, index), board_card)
                break
    built = build_meld(cards, owners, seat, new_cards_on(state))
    assert built is not None
    index = len(table["groups"])
    table["groups"] = [*table["groups"], built]
    if board_card in CROSS_CARDS:
        table["cross_second_group"] = {**table["cross_second_group"], board_card: index}
    from_hand = [card for card in cards if card != board_card]
    hand = hand_without(hand, from_hand)
    set_hand(table, seat, hand)
    if events is not None:  # (the search's hypothetical plays need no knowledge records)
        for card in from_hand:
            knowledge.forget_card(table, seat, card)
    table["groups_started"] += 1
    played_bottom(table, cards)
    if events is not None:
        events.append(
            Event(
                "melded",
                seat=seat,
                data={
                    "group": index,
                    "meldKind": built["kind"],
                    "cards": built["cards"],
                    "boardCardUsed": bool(board_card),
                },
            )
        )
    if not played_out(state, seat, events) and HOT_POTATO in hand and new_cards_on(state):
        table["phase"] = POTATO_PHASE  # public: everyone now knows where the Hot Potato is
        if events is not None and HOT_POTATO not in table["known_cards"][seat]:
            knowledge.make_public(table, seat, [HOT_POTATO])


def lay_off(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_lay_off(state, seat, move, events)
    return events


def play_lay_off(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    cards = cards_of(move)
    parsed = parse_target(move.args[1])
    assert parsed is not None
    set_hand(table, seat, hand_without(table["hands"][seat], cards))
    if events is not None:
        for card in cards:
            knowledge.forget_card(table, seat, card)
    add_to_group(own_group(table, parsed[0]), parsed[1], cards, seat, new_cards_on(state))
    played_bottom(table, cards)
    if events is not None:
        events.append(Event("laid_off", seat=seat, data={"cards": cards, "target": move.args[1]}))
    played_out(state, seat, events)


def move_card(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_move_card(state, seat, move, events)
    return events


def play_move_card(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    card, target = move.args
    parsed = parse_target(target)
    assert parsed is not None
    source = next(i for i, group in enumerate(table["groups"]) if card in group["cards"])
    owner = remove_from_group(own_group(table, source), card)
    add_to_group(own_group(table, parsed[0]), parsed[1], [card], owner, new_cards_on(state))
    if events is not None:
        events.append(Event("moved", seat=seat, data={"card": card, "from": source, "target": target}))


def play_potato(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_play_potato(state, seat, move, events)
    return events


def play_play_potato(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    set_hand(table, seat, hand_without(table["hands"][seat], [HOT_POTATO]))
    if events is not None:
        knowledge.forget_card(table, seat, HOT_POTATO)
    on_board = list(table["potato_on_board"])
    on_board[seat] = [*on_board[seat], HOT_POTATO]
    table["potato_on_board"] = on_board
    played_bottom(table, [HOT_POTATO])
    if events is not None:
        events.append(Event("potato_played", seat=seat, data={"card": HOT_POTATO}))
    played_out(state, seat, events)


def pass_potato(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_pass_potato(state, seat, move, events)
    return events


def play_pass_potato(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    other = int(move.args[0])
    set_hand(table, seat, hand_without(table["hands"][seat], [HOT_POTATO]))
    set_hand(table, other, [*table["hands"][other], HOT_POTATO])
    if events is not None:
        knowledge.forget_card(table, seat, HOT_POTATO)
        knowledge.make_public(table, other, [HOT_POTATO])
    table["phase"] = PLAY_PHASE
    if events is not None:
        events.append(item_event("potato_passed", seat, "to", other))
    played_out(state, seat, events)


def keep_potato(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_keep_potato(state, seat, move, events)
    return events


def play_keep_potato(state: GameState, seat: int, move: Move, events: Events) -> None:
    table_of(state)["phase"] = PLAY_PHASE
    if events is not None:
        events.append(seat_event("potato_kept", seat))


def played_bottom(table: HouseTable, cards: list[str]) -> None:
    if table["bottom_card"] in cards:
        table["bottom_card"] = ""


def played_out(state: GameState, seat: int, events: Events) -> bool:
    """A player who has played every card has gone out without a discard: the others take one more turn."""
    table = table_of(state)
    if table["hands"][seat]:
        return False
    if table["played_out"] == NOBODY:
        table["played_out"] = seat
    if events is not None:
        events.append(seat_event("played_out", seat))
    end_turn(state, events)
    return True


# ----- discard and what follows -----------------------------------------------------------------------------------
def discard(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    card, pile_arg = move.args
    action = "" if table["phase"] == EXTRA_DISCARD_PHASE else triggers(state, table, card)
    set_hand(table, seat, hand_without(table["hands"][seat], [card]))
    knowledge.forget_card(table, seat, card)
    if pile_arg == NEW_PILE:
        table["piles"] = [*table["piles"], [card]]
        pile = len(table["piles"]) - 1
    else:
        pile = int(pile_arg)
        set_pile(table, pile, [*table["piles"][pile], card])
    table["phase"] = PLAY_PHASE
    events = [discarded_event(seat, card, pile, pile_arg == NEW_PILE)]
    if not table["hands"][seat]:
        events.append(seat_event("went_out", seat))
        end_hand(state, "went_out", seat, events)
        return events
    if accepts_card(table["groups"], card):
        waiting = [(seat + i) % state.players for i in range(1, state.players)]
        table["claim"] = Claim(
            card=card, pile=pile, discarder=seat, waiting=waiting, answers=[""] * state.players, then_action=action
        )
        table["phase"] = CLAIM_PHASE
        events.append(Event("claim_window", seat=seat, data={"card": card, "pile": pile, "waiting": waiting}))
        return events
    perform_action(state, seat, action, pile, card, events)
    return events


def claim(state: GameState, seat: int, move: Move) -> list[Event]:
    """Records a claim (a target) or a pass; when all have answered, the first claimant from the discarder's left
    (in seat order, whatever the direction of play) plays the card to the board."""
    table = table_of(state)
    shared = table["claim"]
    assert shared is not None
    target = move.args[0] if move.kind == kinds.CLAIM else "-"
    window = table["claim"] = shared.copy()
    window["answers"] = list(shared["answers"])
    window["answers"][seat] = target
    window["waiting"] = [waiting for waiting in shared["waiting"] if waiting != seat]
    events = [item_event("claimed" if target != "-" else "passed_claim", seat, "target", target)]
    if window["waiting"]:
        return events
    table["claim"] = None
    discarder = window["discarder"]
    pile = window["pile"]
    for i in range(1, state.players):
        winner = (discarder + i) % state.players
        chosen = window["answers"][winner]
        if chosen and chosen != "-":
            parsed = parse_target(chosen)
            assert parsed is not None
            set_pile(table, pile, table["piles"][pile][:-1])
            add_to_group(own_group(table, parsed[0]), parsed[1], [window["card"]], winner, new_cards_on(state))
            events.append(
                Event(
                    "rummy_on_the_board",
                    seat=winner,
                    data={"card": window["card"], "target": chosen, "from": discarder},
                )
            )
            if not table["piles"][pile] and len(table["piles"]) > 1:
                table["piles"] = [*table["piles"][:pile], *table["piles"][pile + 1 :]]
                pile = NOBODY
            break
    perform_action(state, discarder, window["then_action"], pile, window["card"], events)
    return events


def perform_action(state: GameState, seat: int, action: str, pile: int, card: str, events: list[Event]) -> None:
    if not action:  # most discards
        end_turn(state, events)
        return
    table = table_of(state)
    events.append(item_event("discard_action", seat, "action", action))
    final_round = table["played_out"] != NOBODY
    choice = Action(name=action, discarder=seat, named=NOBODY, pile=pile, ask="", chosen=["", ""])
    if action == REVERSE:
        if state.players > 2 and not final_round:
            table["direction"] = -table["direction"]
        end_turn(state, events)
    elif action == SKIP:
        end_turn(state, events, skip=not final_round)
    elif action == GO_AGAIN:
        end_turn(state, events, again=True)
    elif action in (FISH, SEE_HAND):
        table["action"] = choice
        table["phase"] = FISH_PHASE if action == FISH else SEE_HAND_PHASE
    elif action == EXCHANGE and exchange_partners(table, state.players, seat):
        table["action"] = choice
        table["phase"] = EXCHANGE_PHASE
    elif action == SEARCH and pile != NOBODY and search_choices(table["piles"][pile], card):
        choice["ask"] = card
        table["action"] = choice
        table["phase"] = SEARCH_PHASE
    elif action == DRAW_DISCARD and table["stock"]:
        draw_from_stock(state, seat, events, "draw_discard")
        table["phase"] = EXTRA_DISCARD_PHASE
    else:
        end_turn(state, events)


# ----- the choices of a discard action ----------------------------------------------------------------------------
def fish(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    shared = table["action"]
    assert shared is not None
    target, ask = int(move.args[0]), move.args[1]
    act = table["action"] = shared.copy()
    act["named"], act["ask"] = target, ask
    events = [Event("fished", seat=seat, data={"asked": target, "ask": ask})]
    if fish_matches(table["hands"][target], ask):
        table["phase"] = FISH_GIVE_PHASE
        return events
    events.append(seat_event("go_fish", target))
    if table["stock"]:
        draw_from_stock(state, seat, events, "go_fish")
    end_turn(state, events)
    return events


def give(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    act = table["action"]
    assert act is not None
    card = move.args[0]
    asker = act["discarder"]
    if table["phase"] == FISH_GIVE_PHASE:
        knowledge.fish_given(table, seat, asker, card, frozenset(fish_matches(table["hands"][seat], act["ask"])))
        set_hand(table, seat, hand_without(table["hands"][seat], [card]))
        set_hand(table, asker, [*table["hands"][asker], card])
        events = [
            item_event("fish_given", seat, "to", asker),
            Event("fish_card", seat=seat, data={"to": asker, "card": card}, audience=(seat, asker)),
        ]
        end_turn(state, events)
        return events
    act = table["action"] = act.copy()
    act["chosen"] = list(act["chosen"])
    act["chosen"][0 if seat == asker else 1] = card
    events = [seat_event("exchange_chosen", seat)]
    if not all(act["chosen"]):
        return events
    first, second = asker, act["named"]
    events.append(Event("exchange_done", data={"seats": [first, second]}))
    card_first, card_second = act["chosen"]
    set_hand(table, first, [*hand_without(table["hands"][first], [card_first]), card_second])
    set_hand(table, second, [*hand_without(table["hands"][second], [card_second]), card_first])
    knowledge.exchanged(table, first, second, card_first, card_second)
    for me, gave, got in ((first, card_first, card_second), (second, card_second, card_first)):
        events.append(Event("exchanged", seat=me, data={"gave": gave, "got": got}, audience=(me,)))
    end_turn(state, events)
    return events


def see_hand(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    target = int(move.args[0])
    knowledge.make_seen(table, seat, target, table["hands"][target], replace=True)
    events = [
        item_event("saw_hand", seat, "shown", target),
        Event("hand_shown", seat=target, data={"to": seat, "cards": sorted(table["hands"][target])}, audience=(seat,)),
    ]
    end_turn(state, events)
    return events


def exchange(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    shared = table["action"]
    assert shared is not None
    act = table["action"] = shared.copy()
    act["named"] = int(move.args[0])
    table["phase"] = EXCHANGE_GIVE_PHASE
    return [item_event("exchange_started", seat, "with", act["named"])]


def search(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    act = table["action"]
    assert act is not None
    card = move.args[0]
    set_pile(table, act["pile"], hand_without(table["piles"][act["pile"]], [card]))
    set_hand(table, seat, [*table["hands"][seat], card])
    knowledge.make_public(table, seat, [card])
    events = [Event("searched", seat=seat, data={"card": card, "pile": act["pile"]})]
    end_turn(state, events)
    return events


# ----- passing the turn, ending the hand --------------------------------------------------------------------------
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
                events.append(seat_event("skipped", following))
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
        events.append(item_event("turn", following, "again", following == seat))


def end_hand(state: GameState, reason: str, seat: int, events: Events) -> None:
    table = table_of(state)
    scores = score_hand(
        table["groups"], table["cross_second_group"], table["hands"], table["potato_on_board"], new_cards_on(state)
    )
    record = HandRecord(
        label=f"hand {table['hand_number']}",
        points=[s.total for s in scores],
        parts=[s.as_list() for s in scores],
        reason=reason,
        seat=seat,
    )
    table["rounds"] = [*table["rounds"], record]
    table["claim"] = None
    table["action"] = None
    if events is not None:
        events.append(
            Event(
                "hand_scored",
                data={
                    "hand": table["hand_number"],
                    "reason": reason,
                    "seat": None if seat == NOBODY else seat,  # who went or played out; None when the stock ran out
                    "points": record["points"],
                    "parts": record["parts"],
                },
            )
        )
    totals = match_totals(table, state.players)
    over = (
        bool(state.options["single_hand"])
        or max(totals) >= int(state.options["target_score"])
        or table["hand_number"] >= int(state.options["max_hands"])
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


# ----- one dispatch ----------------------------------------------------------------------------------------------
PLAYS: Final[dict[str, Callable[[GameState, int, Move], list[Event]]]] = {
    kinds.DRAW: draw,
    kinds.TAKE: take,
    kinds.MELD: meld,
    kinds.LAY_OFF: lay_off,
    kinds.MOVE_CARD: move_card,
    kinds.PLAY_POTATO: play_potato,
    kinds.DISCARD: discard,
    kinds.PASS_POTATO: pass_potato,
    kinds.KEEP_POTATO: keep_potato,
    kinds.CLAIM: claim,
    kinds.PASS: claim,
    kinds.FISH: fish,
    kinds.GIVE: give,
    kinds.SEE_HAND: see_hand,
    kinds.EXCHANGE: exchange,
    kinds.SEARCH: search,
}


# The plays the bottom-card search tries on hypothetical states (the turn's plays and the potato's answers): the same
# functions as ``PLAYS``, recording no events.
SEARCH_PLAYS: Final[dict[str, Callable[[GameState, int, Move, Events], None]]] = {
    kinds.MELD: play_meld,
    kinds.LAY_OFF: play_lay_off,
    kinds.MOVE_CARD: play_move_card,
    kinds.PLAY_POTATO: play_play_potato,
    kinds.PASS_POTATO: play_pass_potato,
    kinds.KEEP_POTATO: play_keep_potato,
}


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    return PLAYS[move.kind](state, seat, move)
