"""The discard, and the rummy-on-the-board claim window it may open."""

from __future__ import annotations

from engine.events import Event
from engine.games.house_rummy import knowledge
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board import accepts_card
from engine.games.house_rummy.copy_on_write import hand_without, own_group, set_hand, set_pile
from engine.games.house_rummy.discard_actions import perform_action, triggers
from engine.games.house_rummy.groups import add_to_group, parse_target
from engine.games.house_rummy.moves import NEW_PILE
from engine.games.house_rummy.phases import CLAIM_PHASE, EXTRA_DISCARD_PHASE, PLAY_PHASE
from engine.games.house_rummy.table import NOBODY, Claim, new_cards_on, table_of
from engine.games.house_rummy.turns import end_hand
from engine.moves import Move
from engine.state import GameState


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
    events = [Event("discarded", seat, {"card": card, "pile": pile, "newPile": pile_arg == NEW_PILE})]
    if not table["hands"][seat]:
        events.append(Event("went_out", seat=seat))
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
    events = [Event("claimed" if target != "-" else "passed_claim", seat=seat, data={"target": target})]
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
            add_to_group(
                own_group(table, parsed[0]), parsed[1], [window["card"]], winner, new_cards=new_cards_on(state)
            )
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
