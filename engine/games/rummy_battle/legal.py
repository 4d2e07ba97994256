"""Every legal move of a seat, phase by phase: the one source of truth for legality."""

from __future__ import annotations

from engine.games.rummy_battle.cards import (
    HOARD,
    LUCKY_DAY,
    PICKPOCKET,
    SWITCHEROO,
    THIEF,
)
from engine.games.rummy_battle.melds import (
    Group,
    MeldChecker,
    find_melds,
    group_accepts,
    lay_off_options,
    melds_with,
)
from engine.games.rummy_battle.table import (
    ACCEPT,
    DISCARD,
    DRAW,
    DRAW_BONUS,
    DRAW_MOVE,
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
    SWITCHEROO_MOVE,
    TAKE,
    THIEF_MOVE,
    RummyTable,
    group_id,
)
from engine.moves import Move

DRAW_TWO = Move(DRAW_MOVE)
BONUS = Move(DRAW_BONUS)
LUCKY_DAY_PLAY = Move(LUCKY_DAY_MOVE)
REACTIONS = [Move(SECOND_CHANCE), Move(ACCEPT)]
PASS_MOVE = Move(PASS)
GROUP_IDS = [group_id(index) for index in range(128)]


def legal_moves(table: RummyTable, seat: int) -> list[Move]:
    phase = table["phase"]
    if phase == PLAY:
        return play_moves(table, seat)
    if phase == DRAW:
        return draw_moves(table, seat)
    if phase == REACT:
        return list(REACTIONS)
    if phase == LUCKY:
        return [*lay_off_moves(table["groups"], table["hands"][seat]), PASS_MOVE]
    return []


def take_counts(table: RummyTable, seat: int) -> list[int]:
    """How many cards the seat may take from the discard pile: the deepest taken must be playable at once."""
    pile = table["discards"]
    if not pile:
        return []
    if table["first_turn"]:
        return [1]  # the up-card, with no need to play it
    checker = MeldChecker(table["hands"][seat])
    accepted = accepted_cards(table["groups"]) if table["opened"][seat] else frozenset()
    counts: list[int] = []
    for count in range(1, len(pile) + 1):
        card = pile[-count]
        checker.add(card)
        if card in accepted or checker.can_meld(card):
            counts.append(count)
    return counts


def accepted_cards(groups: list[Group]) -> set[str]:
    """Cards some group on the table would take as a lay-off (``JK`` if any takes a Joker)."""
    accepted: set[str] = set()
    for group in groups:
        accepted.update(card for _, card in lay_off_options(group))
    return accepted


def draw_moves(table: RummyTable, seat: int) -> list[Move]:
    moves = [DRAW_TWO]
    moves.extend(Move(TAKE, (str(count),)) for count in take_counts(table, seat))
    hand = table["hands"][seat]
    if HOARD in hand:
        moves.extend(Move(HOARD_MOVE, (str(count),)) for count in range(1, len(table["discards"]) + 1))
    moves.extend(action_moves(table, seat))
    return moves


def play_moves(table: RummyTable, seat: int) -> list[Move]:
    hand = table["hands"][seat]
    groups = table["groups"]
    opened = table["opened"][seat]
    must = table["must_play"]
    if must:
        moves = [Move(MELD, (meld,)) for meld in melds_with(hand, must)]
        if opened:
            for index, group in enumerate(groups):
                name = group_id(index)
                moves.extend(Move(LAY_OFF, (name, token)) for token, card in lay_off_options(group) if card == must)
        return moves
    moves = [Move(MELD, (meld,)) for meld in find_melds(hand)]
    if opened:
        moves.extend(lay_off_moves(groups, hand))
    if table["bonus_draws"] and table["stock"]:
        moves.append(BONUS)
    moves.extend(action_moves(table, seat))
    moves.extend([Move(DISCARD, (card,)) for card in sorted(set(hand))])
    return moves


def lay_off_moves(groups: list[Group], hand: list[str]) -> list[Move]:
    """Every card of the hand that extends a group on the table, each once per group and end."""
    if not groups:
        return []
    held = set(hand)
    moves: list[Move] = []
    for index, group in enumerate(groups):
        name = GROUP_IDS[index] if index < len(GROUP_IDS) else group_id(index)
        for token, card in group_accepts(group["run"], group["key"], group["low"], len(group["cards"])):
            if card in held:
                moves.append(Move(LAY_OFF, (name, token)))
    return moves


def action_moves(table: RummyTable, seat: int) -> list[Move]:
    """Action Cards the turn player may play now (not while a card taken from the discard pile waits)."""
    if table["must_play"]:
        return []
    hand = table["hands"][seat]
    moves: list[Move] = []
    if table["opened"][seat]:
        hands = table["hands"]
        victims = [other for other in range(len(hands)) if other != seat and hands[other]]
        if PICKPOCKET in hand:
            moves.extend(Move(PICKPOCKET_MOVE, (str(other),)) for other in victims)
        if THIEF in hand:
            moves.extend(
                Move(THIEF_MOVE, (group_id(index),))
                for index, group in enumerate(table["groups"])
                if not group["run"] and group["owner"] != seat
            )
        if SWITCHEROO in hand and len(hand) > 1:
            moves.extend(Move(SWITCHEROO_MOVE, (str(other),)) for other in victims)
    if LUCKY_DAY in hand:
        moves.append(LUCKY_DAY_PLAY)
    return moves
