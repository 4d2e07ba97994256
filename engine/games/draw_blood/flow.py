"""Draw Blood's turn flow: a small state machine over hands of play, and the match to a target score.

Phases: ``draw`` (draw one card, or pick up the whole Discard Pile), ``act`` (one move per live Monster, at least
one; at most one discard; ``end_turn`` ends the turn early), ``hand_over`` (the hand is scored and every hand is
shown; the next hand's leader deals it with ``next_hand``) and ``finished``. A hand ends when a player goes out or
the moment the last card of the Draw Pile is drawn. The match ends after the hand in which a player reaches the
target score (or, only if the option ``max_hands`` is set, after that many hands).

``play`` is only called with a legal move (``legal.py``); ``PLAYS`` maps each move kind to its one function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, Final, cast

from engine.cards import deal_round_robin
from engine.errors import InvalidOptionError
from engine.events import Event
from engine.games.draw_blood.cards import (
    HAND_SIZE,
    KILL,
    SLOT_INDEX,
    SLOT_OF_IMMUNITY,
    SLOT_OF_MONSTER,
    SLOTS,
    full_deck,
    sort_cards,
)
from engine.games.draw_blood.melds import extend_meld, meld_kind
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
from engine.games.draw_blood.scoring import match_over, score_hand, totals
from engine.games.draw_blood.table import (
    ENDING_DEPLETED,
    ENDING_OUT,
    DrawBloodTable,
    Meld,
    Slot,
    empty_slot,
    is_immune,
    meld_by_id,
    moves_per_turn,
    table_of,
)
from engine.moves import Move
from engine.scoring import highest_scorers, unpacked
from engine.state import GameState


class Phase(StrEnum):
    DRAW = "draw"  # the seat to act must draw one card or pick up the Discard Pile
    ACT = "act"  # the seat makes its moves, or ends its turn
    HAND_OVER = "hand_over"  # the hand is scored and the hands are shown; the next leader deals the next hand
    FINISHED = "finished"


# The members under plain names, for the code that runs on every step (an Enum class attribute is a slow read).
DRAWING: Final = Phase.DRAW
ACTING: Final = Phase.ACT
HAND_OVER: Final = Phase.HAND_OVER
FINISHED: Final = Phase.FINISHED


def to_act(state: GameState) -> tuple[int, ...]:
    """The seat to act (``Game.to_act``): the turn's, until the match is finished."""
    table = table_of(state)
    return () if table["phase"] == FINISHED else (table["turn"],)


def is_finished(state: GameState) -> bool:
    """``Game.is_finished``."""
    return table_of(state)["phase"] == FINISHED


def new_table(players: int) -> DrawBloodTable:
    return DrawBloodTable(
        phase=DRAWING,
        hand_number=0,
        leader=0,
        turn=0,
        moves_left=0,
        discarded_this_turn=False,
        must_use_card=None,
        hands=[[] for _ in range(players)],
        known_cards=[[] for _ in range(players)],
        draw_pile=[],
        discard_pile=[],
        monster_rows=[],
        melds=[],
        next_meld_id=1,
        scored_hands=[],
    )


def setup(state: GameState) -> list[Event]:
    """A new match: checks that the deck leaves a Draw Pile after the deal, then deals the first hand."""
    size = len(full_deck(state.options))
    if size <= HAND_SIZE * state.players:
        raise InvalidOptionError(
            f"The deck of {size} cards is too small to deal {HAND_SIZE} cards to each of {state.players} players "
            "and leave a Draw Pile; add cards with the deck options.",
            option="number_copies",
        )
    state.table = cast(dict[str, Any], new_table(state.players))
    events: list[Event] = []
    deal(state, events)
    return events


def deal(state: GameState, events: list[Event]) -> None:
    """Shuffles the whole deck and deals 10 cards each, one at a time from the hand's leader (hand *n* is led by
    seat (*n*-1) mod players); the rest is the Draw Pile, and the Discard Pile starts empty."""
    table = table_of(state)
    players = state.players
    table["hand_number"] += 1
    leader = (table["hand_number"] - 1) % players
    cards = full_deck(state.options)
    state.shuffle(cards)
    hands = deal_round_robin(cards, players, HAND_SIZE, leader)
    table["phase"] = DRAWING
    table["leader"] = table["turn"] = leader
    table["moves_left"] = 0
    table["discarded_this_turn"] = False
    table["must_use_card"] = None
    table["hands"] = hands
    table["known_cards"] = [[] for _ in range(players)]
    table["draw_pile"] = cards
    table["discard_pile"] = []
    table["monster_rows"] = [[empty_slot() for _ in SLOTS] for _ in range(players)]
    table["melds"] = []
    table["next_meld_id"] = 1
    events.append(
        Event("hand_dealt", data={"hand": table["hand_number"], "leader": leader, "drawPileCount": len(cards)})
    )
    events.extend(
        Event("cards_dealt", seat=seat, data={"cards": sort_cards(hands[seat])}, audience=(seat,))
        for seat in range(players)
    )


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    return PLAYS[move.kind](state, seat, move)


# ----- the draw ----------------------------------------------------------------------------------------------
def draw(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    pile = table["draw_pile"] = list(table["draw_pile"])
    card = pile.pop()
    own_hand(table, seat).append(card)
    left = len(pile)
    events = [Event("drew", seat=seat, data={"drawPileCount": left}, secret={"card": card}, secret_to=(seat,))]
    if not left:
        end_hand(state, None, events)
    else:
        start_moves(table, seat)
    return events


def pick_up_discard_pile(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    pile = table["discard_pile"]
    own_hand(table, seat).extend(pile)
    known = table["known_cards"] = list(table["known_cards"])
    known[seat] = [*known[seat], *pile]  # everyone saw these cards go into the hand
    table["must_use_card"] = pile[-1]
    table["discard_pile"] = []
    start_moves(table, seat)
    return [Event("picked_up_discard_pile", seat=seat, data={"cards": pile})]


def start_moves(table: DrawBloodTable, seat: int) -> None:
    """After the draw: one move per live Monster, at least one, counted now."""
    table["phase"] = ACTING
    table["moves_left"] = moves_per_turn(table["monster_rows"][seat])
    table["discarded_this_turn"] = False


# ----- the moves ---------------------------------------------------------------------------------------------
def play_monster(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    monster = move.args[0]
    slot = own_slot(table, seat, SLOT_OF_MONSTER[monster])
    take_from_hand(table, seat, (monster,))
    replaced = bool(slot["cards"])
    slot["cards"].append(monster)
    slot["alive"] = True
    events = [Event("monster_played", seat=seat, data={"card": monster, "slot": monster.lower(), "replaced": replaced})]
    return after_move(state, seat, events)


def kill(state: GameState, seat: int, move: Move) -> list[Event]:
    """A Kill card kills an opponent's live Monster, or cancels its Immunity (the Monster lives on)."""
    table = table_of(state)
    target, slot_name = int(move.args[0]), move.args[1]
    slot = own_slot(table, target, SLOT_INDEX[slot_name])
    take_from_hand(table, seat, (KILL,))
    if is_immune(slot):
        slot["immunity"].append(KILL)
        events = [Event("immunity_cancelled", seat=seat, data={"target": target, "slot": slot_name})]
    else:
        slot["cards"].append(KILL)
        slot["alive"] = False
        events = [Event("monster_killed", seat=seat, data={"target": target, "slot": slot_name, "by": KILL})]
    return after_move(state, seat, events)


def play_immunity(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    card = move.args[0]
    take_from_hand(table, seat, (card,))
    own_slot(table, seat, SLOT_OF_IMMUNITY[card])["immunity"] = [card]
    events = [Event("immunity_played", seat=seat, data={"card": card, "slot": SLOTS[SLOT_OF_IMMUNITY[card]]})]
    return after_move(state, seat, events)


def meld(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    cards = card_list(move.args[0])
    take_from_hand(table, seat, cards)
    kind = meld_kind(cards, int(state.options["highest_number"]))
    assert kind is not None
    meld_id = table["next_meld_id"]
    table["next_meld_id"] += 1
    table["melds"] = [
        *table["melds"],
        Meld(id=meld_id, owner=seat, kind=kind, cards=cards, placed_by=[seat] * len(cards)),
    ]
    events = [Event("melded", seat=seat, data={"meld": meld_id, "meldKind": kind, "cards": cards})]
    return after_move(state, seat, events)


def lay_off(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    shared = meld_by_id(table, move.args[0])
    assert shared is not None
    target = Meld(
        id=shared["id"],
        owner=shared["owner"],
        kind=shared["kind"],
        cards=list(shared["cards"]),
        placed_by=list(shared["placed_by"]),
    )
    table["melds"] = [target if meld is shared else meld for meld in table["melds"]]
    cards = card_list(move.args[1])
    take_from_hand(table, seat, cards)
    extend_meld(target["kind"], target["cards"], target["placed_by"], cards, seat)
    events = [Event("laid_off", seat=seat, data={"meld": target["id"], "owner": target["owner"], "cards": cards})]
    return after_move(state, seat, events)


def triple_kill(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    cards = card_list(move.args[0])
    take_from_hand(table, seat, cards)
    events = [use_triple(table, seat, cards, int(move.args[1]), move.args[2], pair=None)]
    return after_move(state, seat, events)


def triple_revive(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    cards = card_list(move.args[0])
    take_from_hand(table, seat, cards)
    events = [use_triple(table, seat, cards, seat, move.args[1], pair=None)]
    return after_move(state, seat, events)


def complete_pair(state: GameState, seat: int, move: Move) -> list[Event]:
    """A Pair on the table completed to three of a kind from the hand, used at once to kill or revive."""
    table = table_of(state)
    pair = meld_by_id(table, move.args[0])
    assert pair is not None
    card = move.args[1]
    take_from_hand(table, seat, (card,))
    table["melds"] = [meld for meld in table["melds"] if meld is not pair]
    target, slot_name = (int(move.args[2]), move.args[3]) if move.kind == PAIR_KILL else (seat, move.args[2])
    events = [use_triple(table, seat, [*pair["cards"], card], target, slot_name, pair=pair["id"])]
    return after_move(state, seat, events)


def use_triple(
    table: DrawBloodTable, seat: int, cards: list[str], target: int, slot_name: str, *, pair: int | None
) -> Event:
    """Places a three-of-a-kind on a Monster: Skulls kill an opponent's, Hearts revive one's own."""
    slot = own_slot(table, target, SLOT_INDEX[slot_name])
    slot["cards"].extend(cards)
    kills = target != seat
    slot["alive"] = not kills
    data: dict[str, Any] = {"target": target, "slot": slot_name, "by": cards}
    if pair is not None:
        data["pair"] = pair
    return Event("monster_killed" if kills else "monster_revived", seat=seat, data=data)


def discard(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    card = move.args[0]
    take_from_hand(table, seat, (card,))
    table["discard_pile"] = [*table["discard_pile"], card]
    table["discarded_this_turn"] = True
    return after_move(state, seat, [Event("discarded", seat=seat, data={"card": card})])


def end_turn(state: GameState, seat: int, move: Move) -> list[Event]:
    events = [Event("turn_ended", seat=seat, data={"movesUnused": table_of(state)["moves_left"]})]
    next_turn(state, seat)
    return events


def next_hand(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    deal(state, events)
    return events


def take_from_hand(table: DrawBloodTable, seat: int, cards: Sequence[str]) -> None:
    """Cards leave the hand; for each, if a copy of it was known to be there (taken with the Discard Pile), one
    known copy leaves too: the others cannot tell which copy was played."""
    hand = own_hand(table, seat)
    for card in cards:
        hand.remove(card)
    known = table["known_cards"][seat]
    if known and any(card in known for card in cards):
        known = list(known)
        for card in cards:
            if card in known:
                known.remove(card)
        table["known_cards"] = [*table["known_cards"][:seat], known, *table["known_cards"][seat + 1 :]]


# ----- copy-on-write: ``play`` gets a state whose table values are shared with the caller's state (see
# ``Game.copy_on_write``), so every value it changes is first replaced by a copy, and only the one changed.
def own_hand(table: DrawBloodTable, seat: int) -> list[str]:
    """``seat``'s hand, copied into a copied list of hands: free to change."""
    hands = table["hands"] = list(table["hands"])
    hand = hands[seat] = list(hands[seat])
    return hand


def own_slot(table: DrawBloodTable, seat: int, index: int) -> Slot:
    """Slot ``index`` of ``seat``'s Monster Row, copied (with its lists) into copied rows: free to change."""
    rows = table["monster_rows"] = list(table["monster_rows"])
    row = rows[seat] = list(rows[seat])
    shared = row[index]
    slot = row[index] = Slot(cards=list(shared["cards"]), alive=shared["alive"], immunity=list(shared["immunity"]))
    return slot


# ----- between moves, turns and hands ------------------------------------------------------------------------
def after_move(state: GameState, seat: int, events: list[Event]) -> list[Event]:
    """One move is used; going out ends the hand at once, the last move ends the turn."""
    table = table_of(state)
    table["moves_left"] -= 1
    table["must_use_card"] = None
    if not table["hands"][seat]:
        events.append(Event("went_out", seat=seat))
        end_hand(state, seat, events)
    elif table["moves_left"] == 0:
        next_turn(state, seat)
    return events


def next_turn(state: GameState, seat: int) -> None:
    table = table_of(state)
    table["turn"] = (seat + 1) % state.players
    table["phase"] = DRAWING
    table["moves_left"] = 0
    table["discarded_this_turn"] = False
    table["must_use_card"] = None


def end_hand(state: GameState, went_out: int | None, events: list[Event]) -> None:
    """Scores the hand, then ends the match or waits for the next hand's leader to deal it."""
    table = table_of(state)
    players = state.players
    record = score_hand(table, players, went_out, ENDING_DEPLETED if went_out is None else ENDING_OUT)
    table["scored_hands"] = [*table["scored_hands"], record]
    totals_now = totals(table, players)
    events.append(
        Event(
            "hand_scored",
            data={
                "hand": table["hand_number"],
                "ending": record["ending"],
                "out": went_out,
                "meldPoints": record["meld_points"],
                "handPoints": record["hand_points"],
                "points": record["points"],
                "totals": totals_now,
                "hands": [sort_cards(hand) for hand in table["hands"]],
                "explanations": unpacked(record["explanations"]),
            },
        )
    )
    table["moves_left"] = 0
    table["must_use_card"] = None
    if match_over(totals_now, table["hand_number"], state.options):
        table["phase"] = FINISHED
        events.append(
            Event("match_finished", data={"totals": totals_now, "winners": list(highest_scorers(totals_now))})
        )
        return
    table["phase"] = HAND_OVER
    table["turn"] = table["hand_number"] % players  # the leader of the next hand deals it


PLAYS: Final[dict[str, Callable[[GameState, int, Move], list[Event]]]] = {
    DRAW: draw,
    PICK_UP_DISCARD_PILE: pick_up_discard_pile,
    PLAY_MONSTER: play_monster,
    KILL_MONSTER: kill,
    PLAY_IMMUNITY: play_immunity,
    MELD: meld,
    LAY_OFF: lay_off,
    TRIPLE_KILL: triple_kill,
    TRIPLE_REVIVE: triple_revive,
    PAIR_KILL: complete_pair,
    PAIR_REVIVE: complete_pair,
    DISCARD: discard,
    END_TURN: end_turn,
    NEXT_HAND: next_hand,
}
