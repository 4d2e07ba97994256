"""Legal moves, phase by phase: the one source of truth for what a seat may do."""

from __future__ import annotations

from engine.games.house_rummy.cards import (
    ASK_TOKENS,
    HOT_POTATO,
    NEW_DISCARD,
    SPECIAL_NAMES,
    TRANSITION,
    discard_action,
)
from engine.games.house_rummy.groups import (
    CROSS_CARDS,
    MOVE_CARDS,
    SET,
    board_accepts,
    find_melds,
    meld_possible,
    note_card,
    targets_for,
    transition_pairs,
)
from engine.games.house_rummy.table import (
    CLAIM,
    DRAW,
    EXCHANGE,
    EXCHANGE_GIVE,
    EXTRA_DISCARD,
    FISH,
    FISH_GIVE,
    PLAY,
    POTATO,
    SEARCH,
    SEE_HAND,
    HouseTable,
    table_of,
)
from engine.moves import Move
from engine.state import GameState

M_DRAW = "draw"
M_TAKE = "take"
M_MELD = "meld"
M_LAY_OFF = "lay_off"
M_MOVE_CARD = "move_card"
M_PLAY_POTATO = "play_potato"
M_DISCARD = "discard"
M_PASS_POTATO = "pass_potato"
M_KEEP_POTATO = "keep_potato"
M_CLAIM = "claim"
M_PASS = "pass"
M_FISH = "fish"
M_GIVE = "give"
M_SEE_HAND = "see_hand"
M_EXCHANGE = "exchange"
M_SEARCH = "search"
NEW_PILE = "new"
NEW_DISCARD_CARD = "2S"
NEW_DISCARD_CARDS = frozenset({"2S", "2C"})
COLLECTABLE_CARD = "4C"

DRAW_MOVE = Move(M_DRAW)
PASS_MOVE = Move(M_PASS)
KEEP_POTATO_MOVE = Move(M_KEEP_POTATO)
PLAY_POTATO_MOVE = Move(M_PLAY_POTATO)


def new_cards_on(state: GameState) -> bool:
    return bool(state.options["new_cards"])


def one_group_rule(state: GameState) -> bool:
    return bool(state.options["one_group_per_turn"])


# ----- draw -------------------------------------------------------------------------------------------------------
def take_counts(
    table: HouseTable, pile: int, new_cards: bool, board: tuple[dict[str, list[str]], list[tuple[int, str]]]
) -> list[int]:
    """How many cards may be taken from a pile: one always; more only if the bottom-most can be played at once
    (or is the Collectable card)."""
    cards = table["piles"][pile]
    if len(cards) < 2:
        return [1] if cards else []
    accepts, open_ends = board
    hand = table["hands"][table["turn"]]
    rank_counts: dict[str, int] = {}
    suit_ranks: dict[str, set[int]] = {}
    for card in hand:
        note_card(card, rank_counts, suit_ranks)
    counts = [1]
    size = len(cards)
    for count in range(2, size + 1):
        note_card(cards[size - count + 1], rank_counts, suit_ranks)
        bottom = cards[size - count]
        if (
            bottom in accepts
            or (new_cards and bottom == COLLECTABLE_CARD)
            or meld_possible(bottom, rank_counts, suit_ranks, new_cards)
            or (bottom == TRANSITION and transition_pairs(open_ends, [*hand, *cards[size - count + 1 :]]))
        ):
            counts.append(count)
    return counts


def draw_moves(table: HouseTable, new_cards: bool) -> list[Move]:
    moves = [DRAW_MOVE]
    board: tuple[dict[str, list[str]], list[tuple[int, str]]] | None = None
    for index, cards in enumerate(table["piles"]):
        pile = str(index)
        if len(cards) == 1:
            moves.append(Move(M_TAKE, (pile, "1")))
        elif cards:
            board = board or board_accepts(table["groups"])
            moves.extend(Move(M_TAKE, (pile, str(count))) for count in take_counts(table, index, new_cards, board))
    return moves


# ----- play -------------------------------------------------------------------------------------------------------
def meld_extras(table: HouseTable, seat: int, new_cards: bool) -> list[tuple[str, bool, bool]]:
    """Board cards a new group may include: a Cross card not yet in a group of the other kind, one's own Move card."""
    if not new_cards:
        return []
    extras: list[tuple[str, bool, bool]] = []
    cross = table["cross"]
    for _index, group in enumerate(table["groups"]):
        for card, owner in zip(group["c"], group["w"], strict=True):
            if card in CROSS_CARDS and card not in cross:
                extras.append((card, group["k"] != SET, group["k"] == SET))
            elif card in MOVE_CARDS and owner == seat:
                extras.append((card, True, True))
    return extras


def may_start_group(state: GameState, table: HouseTable) -> bool:
    return not (one_group_rule(state) and table["melded"])


def move_card_moves(table: HouseTable, seat: int, accepts: dict[str, list[str]]) -> list[Move]:
    moves: list[Move] = []
    for group in table["groups"]:
        for card, owner in zip(group["c"], group["w"], strict=True):
            if owner == seat and card in MOVE_CARDS and card in accepts:
                moves.extend(Move(M_MOVE_CARD, (card, target)) for target in accepts[card])
    return moves


def discard_targets(state: GameState, table: HouseTable, card: str, extra: bool) -> list[str]:
    """The piles ``card`` may be discarded to: a New Discard whose action triggers starts a new pile."""
    if not extra and triggers(state, table, card) == NEW_DISCARD:
        return [NEW_PILE]
    return [str(index) for index in range(len(table["piles"]))]


def triggers(state: GameState, table: HouseTable, card: str) -> str:
    """The discard action ``card`` performs if discarded now by the player to move, or ""."""
    new_cards = new_cards_on(state)
    action = discard_action(card, new_cards)
    if not action or table["chain"] > 1 or len(table["hands"][table["turn"]]) <= 1:
        return ""
    if table["single"] and discard_action(table["single"], new_cards) == action:
        return ""
    return action


def discard_moves(
    state: GameState, table: HouseTable, seat: int, extra: bool, accepts: dict[str, list[str]]
) -> list[Move]:
    hand = table["hands"][seat]
    piles = [str(index) for index in range(len(table["piles"]))]
    last = len(hand) == 1
    new_pile = not extra and bool(triggers(state, table, NEW_DISCARD_CARD))
    moves: list[Move] = []
    for card in sorted(set(hand)):
        if card == HOT_POTATO or (last and card in accepts):
            continue
        if new_pile and card in NEW_DISCARD_CARDS:
            moves.append(Move(M_DISCARD, (card, NEW_PILE)))
        else:
            moves.extend([Move(M_DISCARD, (card, pile)) for pile in piles])
    return moves


def play_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    new_cards = new_cards_on(state)
    hand = table["hands"][seat]
    forced = table["forced"]
    accepts, open_ends = board_accepts(table["groups"])
    moves: list[Move] = []
    if len(hand) >= 2 and may_start_group(state, table):
        for meld in find_melds(hand, meld_extras(table, seat, new_cards), new_cards):
            if not forced or forced in meld:
                moves.append(Move(M_MELD, (",".join(meld),)))
    for card in sorted(set(hand)) if not forced else (forced,):
        targets = accepts.get(card)
        if targets:
            moves.extend(Move(M_LAY_OFF, (card, target)) for target in targets)
    if TRANSITION in hand and open_ends:
        for card, target in transition_pairs(open_ends, hand):
            if not forced or forced in (TRANSITION, card):
                moves.append(Move(M_LAY_OFF, (f"{TRANSITION},{card}", target)))
    if forced:
        return moves
    if new_cards:
        moves.extend(move_card_moves(table, seat, accepts))
        if HOT_POTATO in hand and len(hand) <= 2:
            moves.append(PLAY_POTATO_MOVE)
    moves.extend(discard_moves(state, table, seat, False, accepts))
    return moves


# ----- decisions after a discard ----------------------------------------------------------------------------------
def claim_moves(table: HouseTable) -> list[Move]:
    claim = table["claim"]
    assert claim is not None
    return [PASS_MOVE, *(Move(M_CLAIM, (target,)) for target in targets_for(table["groups"], claim["c"]))]


def other_seats(players: int, seat: int) -> list[int]:
    return [other for other in range(players) if other != seat]


def fish_matches(hand: list[str], ask: str) -> list[str]:
    return sorted({card for card in hand if card not in SPECIAL_NAMES and (card[0] == ask or card[1] == ask)})


def exchange_partners(table: HouseTable, players: int, seat: int) -> list[int]:
    return [other for other in other_seats(players, seat) if table["hands"][other]]


def search_choices(pile: list[str], searcher: str) -> list[str]:
    """Search Discard: any card of the pile it went to, except the Search Discard card itself."""
    rest = list(pile)
    if searcher in rest:
        rest.remove(searcher)
    return sorted(set(rest))


def search_cards(table: HouseTable) -> list[str]:
    act = table["act"]
    assert act is not None
    return search_choices(table["piles"][act["p"]], act["q"])


def legal_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    phase = table["phase"]
    players = state.players
    if phase == DRAW:
        return draw_moves(table, new_cards_on(state))
    if phase == PLAY:
        return play_moves(state, table, seat)
    if phase == CLAIM:
        return claim_moves(table)
    if phase == POTATO:
        return [*(Move(M_PASS_POTATO, (str(o),)) for o in other_seats(players, seat)), KEEP_POTATO_MOVE]
    if phase == EXTRA_DISCARD:
        return discard_moves(state, table, seat, True, board_accepts(table["groups"])[0])
    if phase == FISH:
        return [Move(M_FISH, (str(o), ask)) for o in other_seats(players, seat) for ask in ASK_TOKENS]
    act = table["act"]
    assert act is not None
    if phase == FISH_GIVE:
        return [Move(M_GIVE, (card,)) for card in fish_matches(table["hands"][seat], act["q"])]
    if phase == SEE_HAND:
        return [Move(M_SEE_HAND, (str(o),)) for o in other_seats(players, seat)]
    if phase == EXCHANGE:
        return [Move(M_EXCHANGE, (str(o),)) for o in exchange_partners(table, players, seat)]
    if phase == EXCHANGE_GIVE:
        return [Move(M_GIVE, (card,)) for card in sorted(set(table["hands"][seat]))]
    if phase == SEARCH:
        return [Move(M_SEARCH, (card,)) for card in search_cards(table)]
    return []
