"""The one source of legality: small predicates per rule, each ``None`` (allowed) or the ``IllegalMoveError`` with
its precise code and reason, and ``legal_moves`` and ``explain`` built from the same predicates and generators.

The bottom-most card taken from a discard pile (two or more cards) must be played this turn. Whether it still can
be is answered by one bounded search of what the turn can reach (``BottomCardSearch``): a depth-first search over
the turn's own plays (``turn_plays``, the generator of the legal plays) applied to hypothetical states by the turn
flow's own functions, memoised, stopping at the first success. A take of two or more cards is legal when the search
finds a way; a play that does not play the bottom card is legal when the card can still be played after it; no
discard is legal until it is played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import orjson

from engine.errors import IllegalMoveError
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.cards import (
    ASK_TOKENS,
    COLLECTABLE,
    CROSS_CARDS,
    HOT_POTATO,
    MOVE_CARDS,
    NEW_DISCARD_CARDS,
    PROTECTED,
    RANK_OF,
    SPECIAL_NAMES,
    TRANSITION,
    ability,
    card_name,
)
from engine.games.house_rummy.flow import (
    CLAIM_PHASE,
    DRAW_PHASE,
    EXCHANGE_GIVE_PHASE,
    EXCHANGE_PHASE,
    EXTRA_DISCARD_PHASE,
    FISH_GIVE_PHASE,
    FISH_PHASE,
    PLAY_PHASE,
    POTATO_PHASE,
    SEARCH_PHASE,
    SEARCH_PLAYS,
    SEE_HAND_PHASE,
    TURN_PHASES,
    Phase,
    exchange_partners,
    fish_matches,
    hand_without,
    other_seats,
    search_choices,
    starts_new_pile,
)
from engine.games.house_rummy.groups import (
    ANY_SUIT_NEIGHBOURS,
    CARD_BITS,
    Board,
    Extra,
    accepts_card,
    board_accepts,
    board_cards,
    build_meld,
    groups_json,
    hand_bits,
    has_meld_with,
    hypothetical_board,
    isolated,
    lay_offs_of,
    may_reach_board,
    meld_kind,
    meld_moves,
    parse_target,
    relevant_cards,
    transition_fits,
    transition_pairs,
)
from engine.games.house_rummy.moves import (
    DRAW_MOVE,
    KEEP_POTATO_MOVE,
    NEW_PILE,
    PASS_MOVE,
    PLAY_POTATO_MOVE,
    cards_of,
    transition_move,
)
from engine.games.house_rummy.table import RUN, SET, Group, HouseTable, new_cards_on, one_group_rule, table_of
from engine.moves import Move
from engine.state import GameState

Refusal = IllegalMoveError | None

KINDS_BY_PHASE: Final[dict[str, tuple[str, ...]]] = {
    Phase.DRAW: (kinds.DRAW, kinds.TAKE),
    Phase.PLAY: (kinds.MELD, kinds.LAY_OFF, kinds.MOVE_CARD, kinds.PLAY_POTATO, kinds.DISCARD),
    Phase.POTATO: (kinds.PASS_POTATO, kinds.KEEP_POTATO),
    Phase.CLAIM: (kinds.CLAIM, kinds.PASS),
    Phase.FISH: (kinds.FISH,),
    Phase.FISH_GIVE: (kinds.GIVE,),
    Phase.SEE_HAND: (kinds.SEE_HAND,),
    Phase.EXCHANGE: (kinds.EXCHANGE,),
    Phase.EXCHANGE_GIVE: (kinds.GIVE,),
    Phase.SEARCH: (kinds.SEARCH,),
    Phase.EXTRA_DISCARD: (kinds.DISCARD,),
}
PHASE_WORDS: Final[dict[str, str]] = {
    Phase.DRAW: "draw a card or take from a discard pile",
    Phase.PLAY: "play cards or discard",
    Phase.POTATO: "pass the Hot Potato or keep it",
    Phase.CLAIM: "answer the rummy-on-the-board claim window",
    Phase.FISH: "name a player and a rank or suit to fish for",
    Phase.FISH_GIVE: "give a card that was fished for",
    Phase.SEE_HAND: "name the player whose hand to see",
    Phase.EXCHANGE: "name the player to exchange a card with",
    Phase.EXCHANGE_GIVE: "choose a card to give in the exchange",
    Phase.SEARCH: "take a card from the discard pile",
    Phase.EXTRA_DISCARD: "discard one card (Draw & Discard 1)",
}
NEW_CARD_KINDS: Final = frozenset({kinds.MOVE_CARD, kinds.PLAY_POTATO})
CROSS_OR_MOVE: Final = CROSS_CARDS | MOVE_CARDS


def refuse(move: Move, code: str, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"'{move}' is not legal: {why}.", code=f"move/{code}")


def named(card: str) -> str:
    return f"{card_name(card)} ('{card}')"


# ----- the bottom-most card taken ---------------------------------------------------------------------------------
def holds(move: Move, card: str) -> bool:
    """Whether ``move`` plays ``card`` from the hand."""
    if move.kind in (kinds.MELD, kinds.LAY_OFF):
        return card in cards_of(move)
    return move.kind == kinds.PLAY_POTATO and card == HOT_POTATO


def board_of_hand(table: HouseTable, hand: list[str]) -> Board:
    """What the board accepts of the cards of ``hand`` (the Protected card's targets only if it holds one)."""
    return board_accepts(table["groups"], PROTECTED in hand)


def first_verdict(bottom: str, usable: int, has_transition: bool, board: Board, may_meld: bool) -> bool | None:
    """The cheapest steps of the search at a state: True if the card fits the board as it is, False if it has no
    neighbour to be played with (``isolated``: ``usable``, the hand's and the usable board cards' standard cards as
    bits; ``has_transition``, whether the hand holds a Transition), else None (search on)."""
    if bottom in board.accepts:
        return True
    if isolated(bottom, usable, has_transition, board, may_meld):
        return False
    return None


class BottomCardSearch:
    """Whether the bottom card can still be played this turn, by a depth-first search over the turn's plays.

    A state of the turn is known by the seat's hand, the board and the turn's counters. A query visits each state
    once (the Move cards can go back and forth); a state found on the way to a success is remembered as alive, and
    every state a failed query visited as dead, for the next queries of the same search. ``may_reach_board`` bounds
    the search: a state from which no play can bring the card to the board is not expanded.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.alive: set[bytes] = set()
        self.dead: set[bytes] = set()
        self.boards: dict[bytes, tuple[Board, list[Extra], frozenset[str]]] = {}
        self.root: tuple[list[Group], Board, list[Extra], frozenset[str], int] | None = None
        self.last_board_key: tuple[object, object, bytes] | None = None
        self.last_board: tuple[object, object, bool, tuple[Board, list[Extra], frozenset[str], bytes]] | None = None

    def keeps_bottom(self, state: GameState, move: Move) -> bool:
        """Whether the bottom card can still be played after ``move`` (a play of the turn that does not play it).

        A play changes only the group it is played to (a Move card leaving a group leaves its ends as they were), so
        a standard card that fits another group now still fits it after the play."""
        table = table_of(state)
        bottom = table["bottom_card"]
        if bottom in ANY_SUIT_NEIGHBOURS and self.still_plays(state, table, move, bottom):
            return True
        child = turn_copy(state)
        SEARCH_PLAYS[move.kind](child, self.seat, move, None)
        return self.can_play(child)

    def still_plays(self, state: GameState, table: HouseTable, move: Move, bottom: str) -> bool:
        """A play of the standard card ``bottom`` that ``move`` leaves open (so the search after it would find one at
        once): off a group end the move does not touch (a play changes only the end or set it is played to; a Move
        card leaving a group leaves its ends as they were), after a Transition to such a run end, or in a new group of
        the cards left in hand after a lay-off or a move (which keep every board card a new group may use).

        ``state`` is a state of the match (not one of the search's): its board is ``board_of_hand``'s (what
        ``board_of`` makes for it), kept by its groups list's identity since its plays were listed."""
        kind = move.kind
        touched: tuple[int, str | None] | None = None  # a meld adds a group and changes no end
        if kind == kinds.LAY_OFF or kind == kinds.MOVE_CARD:
            touched = parse_target(move.args[-1])
        elif kind != kinds.MELD:
            return False
        board = board_of_hand(table, table["hands"][self.seat])
        extras = meld_extras(state, table, self.seat, board)
        for target in board.accepts.get(bottom, ()):
            if touched is None or parse_target(target) != touched:
                return True
        hand = table["hands"][self.seat]
        if kind == kinds.MELD and HOT_POTATO in hand and new_cards_on(state):
            return False  # the meld asks the Hot Potato's question first
        left = hand_without(hand, cards_of(move)) if kind == kinds.LAY_OFF else hand  # (a meld holds no Transition)
        if TRANSITION in left:
            rank = RANK_OF[bottom[0]]
            for needed, target in board.open_ends:
                if needed == rank and (touched is None or parse_target(target) != touched):
                    return True
        return (
            kind != kinds.MELD
            and len(left) >= 2
            and may_start_group(state, table)
            and has_meld_with(hand_bits(left), extras, new_cards_on(state), bottom)
        )

    def can_play(self, state: GameState, checked: bool = False) -> bool:
        """Whether the bottom card of ``state`` can be played this turn (``checked``: the caller found
        ``first_verdict`` None for it with a new group allowed, and no play of it now (``plays_card``) and
        ``may_reach_board`` True, so that need not be asked again)."""
        visited: set[bytes] = set()
        found = self._visit(state, visited, checked)
        if not found:
            self.dead |= visited
        return found

    def share_board(self, state: GameState) -> tuple[Board, int]:
        """The draw phase: every take sees the board of ``state``, computed once; with the board cards a new group may
        use, as bits (``hand_bits``)."""
        if self.root is None:
            table = table_of(state)
            protect = new_cards_on(state) and any(
                PROTECTED in cards for cards in (table["hands"][self.seat], *table["piles"])
            )
            board = board_accepts(table["groups"], protect)
            extras = meld_extras(state, table, self.seat, board)
            extra_cards = frozenset(extra for extra, _, _ in extras)
            self.root = (table["groups"], board, extras, extra_cards, hand_bits(extra_cards) if extra_cards else 0)
        return self.root[1], self.root[4]

    def board_of(self, state: GameState, table: HouseTable) -> tuple[Board, list[Extra], frozenset[str], bytes]:
        """The board's targets and the board cards a new group may use; computed once per board."""
        groups = table["groups"]
        if self.root is not None and self.root[0] is groups:  # the draw phase: every take sees the same board
            return self.root[1], self.root[2], self.root[3], b""
        cross = table["cross_second_group"]
        protect = PROTECTED in table["hands"][self.seat]
        last = self.last_board  # the same objects hold the same board during a search (copy on write)
        if last is not None and last[0] is groups and last[1] is cross and last[2] == protect:
            return last[3]
        board_json = groups_json(groups)
        board_key = b"[%s,%s]" % (board_json, orjson.dumps(cross))  # orjson's [groups, cross]
        cache_key = board_key + b"P" if protect else board_key
        known = self.boards.get(cache_key)
        if known is None:
            board = hypothetical_board(board_json, groups, protect)
            extras = meld_extras(state, table, self.seat, board)
            known = (board, extras, frozenset(extra for extra, _, _ in extras))
            self.boards[cache_key] = known
        found = (*known, board_key)
        self.last_board = (groups, cross, protect, found)
        return found

    def board_key(self, table: HouseTable) -> bytes:
        """The board's part of a state's key; the last one is kept for the states that share its board (the takes
        of the draw phase: the plays replace the groups they change, so the same objects hold the same board)."""
        groups, cross = table["groups"], table["cross_second_group"]
        last = self.last_board_key
        if last is None or last[0] is not groups or last[1] is not cross:
            last = self.last_board_key = (groups, cross, b"[%s,%s]" % (groups_json(groups), orjson.dumps(cross)))
        return last[2]

    def _visit(self, state: GameState, visited: set[bytes], checked: bool = False) -> bool:
        table = table_of(state)
        bottom = table["bottom_card"]
        if not bottom:
            return True
        hand = table["hands"][self.seat]
        plays: Iterable[Move]
        if table["phase"] == POTATO_PHASE:
            board_key = b"[%s,%s]" % (groups_json(table["groups"]), orjson.dumps(table["cross_second_group"]))
            plays = potato_moves(state, self.seat)
        else:
            shared = self.root is not None and self.root[0] is table["groups"]
            if not shared and accepts_card(table["groups"], bottom):  # cheaper than the board's targets
                return True
            board, extras, extra_cards, board_key = self.board_of(state, table)
            may_meld = may_start_group(state, table)
            if not (checked and may_meld):
                in_hand = hand_bits(hand)
                usable = in_hand | hand_bits(extra_cards) if extra_cards else in_hand
                has_transition = TRANSITION in hand
                verdict = first_verdict(bottom, usable, has_transition, board, may_meld)
                if verdict is not None:
                    return verdict
                # (``turn_plays`` with ``only=bottom``)
                if plays_card(state, hand, in_hand, has_transition, board, extras, bottom, may_meld):
                    return True
                if not may_reach_board(bottom, hand, in_hand, usable, board, may_meld):  # (after first_verdict)
                    return False
            plays = turn_plays(state, table, self.seat, board, "", extras, relevant_cards(bottom, hand, extra_cards))
            if not plays:  # (no state of this key can be alive: the plays of a key's state are the same)
                return False
        key = b"%s|%s|%d|%s" % (
            table["phase"].encode(),
            ",".join(sorted(hand)).encode(),
            table["groups_started"],
            board_key or self.board_key(table),
        )
        if key in self.alive:
            return True
        if key in self.dead or key in visited:
            return False
        visited.add(key)
        for move in plays:
            child = turn_copy(state)
            SEARCH_PLAYS[move.kind](child, self.seat, move, None)
            if self._visit(child, visited):
                self.alive.add(key)
                return True
        return False


def turn_copy(state: GameState) -> GameState:
    """A copy of ``state`` for a hypothetical play of the turn: the plays replace every table value they change
    (copy on write, see ``flow``), so a new table dict of the same values is enough."""
    return GameState(
        state.game_id,
        state.rules_version,
        state.players,
        state.options,
        state.seed,
        state.rng_state,
        state.step,
        dict(state.table),
    )


def taken_state(state: GameState, seat: int, pile: int, count: int) -> GameState:
    """The hypothetical state after ``take pile count``: the cards in the hand, the bottom one to be played."""
    table = table_of(state)
    cards = table["piles"][pile]
    hands = list(table["hands"])
    hands[seat] = [*hands[seat], *cards[-count:]]
    piles = list(table["piles"])
    piles[pile] = cards[:-count]
    hypothetical: dict[str, Any] = {
        **table,
        "hands": hands,
        "piles": piles,
        "bottom_card": cards[-count],
        "phase": PLAY_PHASE,
    }
    return GameState(
        state.game_id,
        state.rules_version,
        state.players,
        state.options,
        state.seed,
        state.rng_state,
        state.step,
        hypothetical,
    )


def keeps_bottom_card(state: GameState, move: Move, search: BottomCardSearch) -> bool:
    """Whether ``move`` plays the bottom card or leaves it playable (or no card taken must be played)."""
    bottom = table_of(state)["bottom_card"]
    return not bottom or holds(move, bottom) or search.keeps_bottom(state, move)


def bottom_card_refusal(state: GameState, seat: int, move: Move, search: BottomCardSearch) -> Refusal:
    """A play that leaves the bottom card in hand is legal only if the card can still be played after it."""
    if keeps_bottom_card(state, move, search):
        return None
    bottom = table_of(state)["bottom_card"]
    return refuse(
        move,
        "must_play_bottom_card",
        f"the bottom-most card taken from the discard pile, {named(bottom)}, must be played this turn, and after this "
        "move it could not be",
    )


# ----- draw -------------------------------------------------------------------------------------------------------
def take_allowed(
    state: GameState, seat: int, pile: int, count: int, search: BottomCardSearch, held: tuple[int, bool] | None = None
) -> bool:
    """One card may always be taken; more when the bottom-most is the Collectable card or can be played this turn
    (``held``: the standard cards of the hand with those taken as bits, ``hand_bits``, and whether they hold a
    Transition, when the caller keeps them)."""
    table = table_of(state)
    cards = table["piles"][pile]
    bottom = cards[-count]
    if count == 1 or ability(bottom, new_cards_on(state)) == COLLECTABLE:
        return True
    board, extra_bits = search.share_board(state)
    if held is None:
        held = held_after_take(table["hands"][seat], cards[-count:])
    in_hand, has_transition = held
    # The search's first steps, before its state.
    verdict = first_verdict(bottom, in_hand | extra_bits, has_transition, board, True)
    if verdict is not None:
        return verdict
    hand = [*table["hands"][seat], *cards[-count:]]
    # The search's next steps at the state after the take (``_visit``), on its hand and the shared board alone: a
    # play of the card now, else the bound; the hypothetical state is made only for a search past them.
    may_meld = may_start_group(state, table)
    assert search.root is not None
    if plays_card(state, hand, in_hand, has_transition, board, search.root[2], bottom, may_meld):
        return True
    if not may_reach_board(bottom, hand, in_hand, in_hand | extra_bits, board, may_meld):
        return False
    return search.can_play(taken_state(state, seat, pile, count), checked=True)


def held_after_take(hand: list[str], taken: list[str]) -> tuple[int, bool]:
    """``take_allowed``'s ``held`` of ``hand`` with the cards ``taken``."""
    return hand_bits(hand) | hand_bits(taken), TRANSITION in hand or TRANSITION in taken


def take_refusal(state: GameState, seat: int, move: Move, search: BottomCardSearch) -> Refusal:
    table = table_of(state)
    pile_token, count_token = move.args
    if bad := pile_refusal(table, move, pile_token):
        return bad
    pile = table["piles"][int(pile_token)]
    if not count_token.isdigit() or not 1 <= int(count_token) <= len(pile):
        return refuse(move, "bad_count", f"pile {pile_token} holds {len(pile)} card(s); take 1 to {len(pile)}")
    if take_allowed(state, seat, int(pile_token), int(count_token), search):
        return None
    return refuse(
        move,
        "bottom_card_not_playable",
        f"with more than one card taken the bottom-most, {named(pile[-int(count_token)])}, must be played this "
        "turn, and no plays this turn can play it",
    )


def draw_moves(state: GameState, seat: int) -> list[Move]:
    moves = [DRAW_MOVE]
    search = BottomCardSearch(seat)
    table = table_of(state)
    hand = table["hands"][seat]
    held = hand_bits(hand), TRANSITION in hand  # (``take_allowed``'s ``held``)
    for index, cards in enumerate(table["piles"]):
        if not cards:
            continue
        moves.append(take_move(index, 1))  # (one card may always be taken)
        in_hand, has_transition = held
        for count in range(1, len(cards) + 1):  # the hand with the cards taken, one more per count
            card = cards[-count]
            in_hand |= CARD_BITS.get(card, 0)
            has_transition = has_transition or card == TRANSITION
            if count >= 2 and take_allowed(state, seat, index, count, search, (in_hand, has_transition)):
                moves.append(take_move(index, count))
    return moves


_take_moves: Final[list[list[Move]]] = []  # [pile][count]


def take_move(pile: int, count: int) -> Move:
    """``take <pile> <count>`` (pure, memoized: moves are values)."""
    while len(_take_moves) <= pile:
        _take_moves.append([])
    by_count = _take_moves[pile]
    while len(by_count) <= count:
        by_count.append(Move(kinds.TAKE, (str(pile), str(len(by_count)))))
    return by_count[count]


# ----- play -------------------------------------------------------------------------------------------------------
def meld_extras(state: GameState, table: HouseTable, seat: int, board: Board | None = None) -> list[Extra]:
    """Board cards a new group may include: a Cross card not yet in a group of the other kind, one's own Move card
    (``board``: the board of ``table``'s groups, when known; it lists their Cross and Move cards)."""
    if not new_cards_on(state):
        return []
    if board is None:
        board = board_accepts(table["groups"], False)
    cross = table["cross_second_group"]
    known = board.extras.get(seat)  # (the plays replace the dict when they change it: copy on write)
    if known is not None and known[0] is cross:
        return known[1]
    extras: list[Extra] = []
    for card, owner, in_set in board_cards(board, table["groups"]):
        if card in CROSS_CARDS and card not in cross:
            extras.append((card, not in_set, in_set))
        elif card in MOVE_CARDS and owner == seat:
            extras.append((card, True, True))
    board.extras[seat] = (cross, extras)
    return extras


def may_start_group(state: GameState, table: HouseTable) -> bool:
    return not (one_group_rule(state) and table["groups_started"])


def own_move_card(table: HouseTable, seat: int, card: str) -> bool:
    return card in MOVE_CARDS and any(
        owner == seat and held == card
        for group in table["groups"]
        for held, owner in zip(group["cards"], group["owners"], strict=True)
    )


def plays_card(
    state: GameState,
    hand: list[str],
    in_hand: int,
    has_transition: bool,
    board: Board,
    extras: list[Extra],
    card: str,
    may_meld: bool,
) -> bool:
    """Whether ``turn_plays`` with ``only=card`` lists a play (a seat holding ``hand``, its standard cards as bits
    ``in_hand``, ``has_transition``: whether it holds a Transition; ``may_meld``: whether it may still start a new
    group), as a yes/no from the same predicates, no move made: off a group, after a Transition, the Hot Potato
    when going out, in a new group."""
    if card in board.accepts:
        return True
    if has_transition and board.open_ends:
        if card == TRANSITION:
            ranks = {needed for needed, _ in board.open_ends}
            if any(held not in SPECIAL_NAMES and RANK_OF[held[0]] in ranks for held in hand):
                return True
        elif card not in SPECIAL_NAMES:
            rank = RANK_OF[card[0]]
            if any(needed == rank for needed, _ in board.open_ends):
                return True
    if card == HOT_POTATO and len(hand) <= 2 and HOT_POTATO in hand and new_cards_on(state):
        return True
    return len(hand) >= 2 and may_meld and has_meld_with(in_hand, extras, new_cards_on(state), card)


def turn_plays(
    state: GameState,
    table: HouseTable,
    seat: int,
    board: Board,
    only: str = "",
    extras: list[Extra] | None = None,
    among: frozenset[str] | None = None,
) -> list[Move]:
    """Every play of the play phase (no discard), whatever the bottom card; with ``only``: those playing that card;
    with ``among``: those whose cards all come from it, besides a Transition (``extras``: the board cards a new
    group may use, when known)."""
    new_cards = new_cards_on(state)
    hand = table["hands"][seat]
    pool = hand if among is None else [card for card in hand if card in among]
    accepts, open_ends = board.accepts, board.open_ends
    moves: list[Move]
    if only:
        moves = list(lay_offs_of(board, only)) if only in accepts else []
    else:
        moves = []
        for card in sorted({card for card in pool if card in accepts}):
            moves.extend(lay_offs_of(board, card))
    if TRANSITION in hand and open_ends:
        pairs = transition_pairs(open_ends, pool, "" if only == TRANSITION else only)
        moves.extend(transition_move(card, target) for card, target in pairs)
    if new_cards:
        if not only:
            for card, owner, _ in board_cards(board, table["groups"]):
                if owner == seat and card in MOVE_CARDS and card in accepts and (among is None or card in among):
                    moves.extend(Move(kinds.MOVE_CARD, (card, target)) for target in accepts[card])
        if HOT_POTATO in hand and len(hand) <= 2 and only in ("", HOT_POTATO) and among is None:
            moves.append(PLAY_POTATO_MOVE)
    if len(hand) >= 2 and may_start_group(state, table):
        usable = meld_extras(state, table, seat, board) if extras is None else extras
        if among is not None:
            usable = [extra for extra in usable if extra[0] in among]
        moves.extend(meld_moves(pool, usable, new_cards, only))
    return moves


def discard_moves(state: GameState, table: HouseTable, seat: int, board: Board) -> list[Move]:
    hand = table["hands"][seat]
    piles = len(table["piles"])
    last = len(hand) == 1
    moves: list[Move] = []
    previous = ""
    for card in sorted(hand):  # each card once (the copies of a card are next to each other)
        if card == previous:
            continue
        previous = card
        if card == HOT_POTATO or (last and card in board.accepts):
            continue
        if card in NEW_DISCARD_CARDS and starts_new_pile(state, table, card):
            moves.append(Move(kinds.DISCARD, (card, NEW_PILE)))
        else:
            moves.extend(discards_to_piles(card, piles))
    return moves


_discard_moves: Final[dict[str, list[tuple[Move, ...]]]] = {}  # [card][piles]


def discards_to_piles(card: str, piles: int) -> tuple[Move, ...]:
    """``discard <card> <pile>`` to each of ``piles`` piles, in pile order (pure, memoized: moves are values)."""
    by_piles = _discard_moves.get(card)
    if by_piles is None:
        by_piles = _discard_moves[card] = []
    while len(by_piles) <= piles:
        by_piles.append(tuple(Move(kinds.DISCARD, (card, str(index))) for index in range(len(by_piles))))
    return by_piles[piles]


def play_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    board = board_of_hand(table, table["hands"][seat])
    bottom = table["bottom_card"]
    if not bottom:
        return [*turn_plays(state, table, seat, board), *discard_moves(state, table, seat, board)]
    search = BottomCardSearch(seat)
    return [move for move in turn_plays(state, table, seat, board) if keeps_bottom_card(state, move, search)]


def potato_moves(state: GameState, seat: int) -> list[Move]:
    return [*(Move(kinds.PASS_POTATO, (str(other),)) for other in other_seats(state.players, seat)), KEEP_POTATO_MOVE]


# ----- refusals of the play phase ---------------------------------------------------------------------------------
def not_in_hand(table: HouseTable, seat: int, move: Move, cards: list[str]) -> Refusal:
    hand = list(table["hands"][seat])
    for card in cards:
        if card not in hand:
            return refuse(move, "card_not_in_hand", f"seat {seat} does not hold {named(card)}")
        hand.remove(card)
    return None


def meld_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if not may_start_group(state, table):
        return refuse(move, "one_group_per_turn", "only one new group may be started per turn (house rule)")
    cards = cards_of(move)
    hand = table["hands"][seat]
    from_board = [card for card in cards if card not in hand]
    usable = {card: (as_set, as_run) for card, as_set, as_run in meld_extras(state, table, seat)}
    if len(from_board) > 1 or (from_board and from_board[0] not in usable):
        return not_in_hand(table, seat, move, cards)
    if build_meld(cards, dict.fromkeys(cards, seat), seat, new_cards_on(state)) is None:
        return refuse(move, "not_a_group", "a new group is a set of 3+ cards of one rank or a run of 3+ of one suit")
    if from_board:
        as_set, as_run = usable[from_board[0]]
        if not (as_set if meld_kind(cards) == SET else as_run):
            return refuse(
                move,
                "board_card_not_usable",
                f"{named(from_board[0])} is a Cross card: it may only start a group of the other kind than its own",
            )
    return None


def lay_off_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    cards = cards_of(move)
    if bad := not_in_hand(table, seat, move, cards):
        return bad
    parsed = parse_target(move.args[1])
    if parsed is None or parsed[0] >= len(table["groups"]):
        return refuse(move, "no_such_group", f"there is no group '{move.args[1]}' (groups are numbered from 0)")
    index, end = parsed
    group = table["groups"][index]
    if (group["kind"] == SET) != (end is None):
        return refuse(move, "bad_target", "name a set by its number and a run end by number and 'lo' or 'hi'")
    if len(cards) > 2:
        return refuse(move, "one_card_at_a_time", "play one card (or a Transition and its card) off a group at a time")
    if len(cards) == 2:
        if cards[0] != TRANSITION:
            return refuse(move, "transition_needs_card", "two cards are played off a group only as Transition,card")
        if group["kind"] != RUN or not transition_fits(group, end or "", cards[1]):
            return refuse(move, "does_not_fit", f"{named(cards[1])} cannot follow a Transition at that run end")
        return None
    card = cards[0]
    if card == TRANSITION:
        return refuse(move, "transition_needs_card", "a Transition must be followed at once by a card of the next rank")
    if card == HOT_POTATO:
        return refuse(move, "hot_potato", "the Hot Potato cannot be played to a group")
    targets = board_accepts(table["groups"], card == PROTECTED).accepts.get(card, [])
    if move.args[1] in targets:
        return None
    if card == PROTECTED:
        return refuse(
            move,
            "nothing_to_protect",
            f"nothing else can play to {move.args[1]} (it is closed, or every card that could go there is locked in "
            "a group), and you are not allowed to protect something that nothing else can play to",
        )
    return refuse(move, "does_not_fit", f"{named(card)} does not fit group {move.args[1]}")


def move_card_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    card, target = move.args
    if not own_move_card(table, seat, card):
        return refuse(move, "not_your_move_card", f"'{card}' is not a Move card of yours on the board")
    if target not in board_accepts(table["groups"], False).accepts.get(card, []):
        return refuse(move, "does_not_fit", f"{named(card)} does not fit group {target}")
    return None


def play_potato_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := not_in_hand(table, seat, move, [HOT_POTATO]):
        return bad
    if len(table["hands"][seat]) > 2:
        return refuse(
            move,
            "hot_potato_not_going_out",
            "the Hot Potato may only be played to your board when you go out this turn (at most one other card left)",
        )
    return None


def discard_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    card, pile = move.args
    if table["bottom_card"]:
        return refuse(
            move,
            "must_play_bottom_card",
            f"the bottom-most card taken from the discard pile, {named(table['bottom_card'])}, must be played before "
            "the discard",
        )
    if bad := not_in_hand(table, seat, move, [card]):
        return bad
    if card == HOT_POTATO:
        return refuse(move, "hot_potato", "the Hot Potato can never be discarded")
    if len(table["hands"][seat]) == 1 and accepts_card(table["groups"], card):
        return refuse(move, "playable_last_card", f"{named(card)} can be played, so it must not be discarded last")
    if card in NEW_DISCARD_CARDS and starts_new_pile(state, table, card):
        if pile != NEW_PILE:
            return refuse(move, "new_discard_pile", f"{named(card)} (New Discard) must start a new pile: use 'new'")
        return None
    if pile == NEW_PILE:
        return refuse(move, "new_discard_pile", "only a New Discard card whose action triggers starts a new pile")
    return pile_refusal(table, move, pile)


# ----- refusals after a discard -----------------------------------------------------------------------------------
def seat_refusal(state: GameState, move: Move, token: str, seat: int) -> Refusal:
    if not token.isdigit() or int(token) >= state.players:
        return refuse(move, "bad_seat", f"'{token}' is not a seat of this {state.players}-player match")
    if int(token) == seat:
        return refuse(move, "bad_seat", "you must name another player")
    return None


def pile_refusal(table: HouseTable, move: Move, token: str) -> Refusal:
    if not token.isdigit() or int(token) >= len(table["piles"]):
        return refuse(
            move, "no_such_pile", f"there is no discard pile '{token}' (piles: 0 to {len(table['piles']) - 1})"
        )
    return None


def claim_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    window = table["claim"]
    assert window is not None
    card = window["card"]
    if move.args[0] in board_accepts(table["groups"], card == PROTECTED).accepts.get(card, []):
        return None
    return refuse(move, "does_not_fit", f"{named(card)} cannot be played to group {move.args[0]}")


def fish_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := seat_refusal(state, move, move.args[0], seat):
        return bad
    if move.args[1] not in ASK_TOKENS:
        return refuse(move, "bad_ask", "ask for a rank (A,2-9,T,J,Q,K) or a suit (S,H,D,C)")
    return None


def give_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := not_in_hand(table, seat, move, [move.args[0]]):
        return bad
    act = table["action"]
    assert act is not None
    if table["phase"] == FISH_GIVE_PHASE and move.args[0] not in fish_matches(table["hands"][seat], act["ask"]):
        return refuse(move, "card_does_not_match", f"the card given must match the {act['ask']} that was asked for")
    return None


def seat_choice_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := seat_refusal(state, move, move.args[0], seat):
        return bad
    if move.kind == kinds.EXCHANGE and not table["hands"][int(move.args[0])]:
        return refuse(move, "empty_hand", f"seat {move.args[0]} has no card to exchange")
    return None


def search_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    act = table["action"]
    assert act is not None
    if move.args[0] in search_choices(table["piles"][act["pile"]], act["ask"]):
        return None
    return refuse(move, "card_not_in_pile", f"'{move.args[0]}' is not in the discard pile the Search Discard went to")


def no_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    return None


REFUSALS: Final[dict[str, Callable[[GameState, HouseTable, int, Move], Refusal]]] = {
    kinds.DRAW: no_refusal,
    kinds.MELD: meld_refusal,
    kinds.LAY_OFF: lay_off_refusal,
    kinds.MOVE_CARD: move_card_refusal,
    kinds.PLAY_POTATO: play_potato_refusal,
    kinds.DISCARD: discard_refusal,
    kinds.PASS_POTATO: lambda state, table, seat, move: seat_refusal(state, move, move.args[0], seat),
    kinds.KEEP_POTATO: no_refusal,
    kinds.CLAIM: claim_refusal,
    kinds.PASS: no_refusal,
    kinds.FISH: fish_refusal,
    kinds.GIVE: give_refusal,
    kinds.SEE_HAND: seat_choice_refusal,
    kinds.EXCHANGE: seat_choice_refusal,
    kinds.SEARCH: search_refusal,
}


# ----- the two views of the same rules ----------------------------------------------------------------------------
def legal_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    phase = table["phase"]
    players = state.players
    if phase == DRAW_PHASE:
        return draw_moves(state, seat)
    if phase == PLAY_PHASE:
        return play_moves(state, seat)
    if phase == POTATO_PHASE:
        found = potato_moves(state, seat)
        if not table["bottom_card"]:
            return found
        search = BottomCardSearch(seat)
        return [move for move in found if keeps_bottom_card(state, move, search)]
    if phase == CLAIM_PHASE:
        window = table["claim"]
        assert window is not None
        accepts = board_accepts(table["groups"], window["card"] == PROTECTED).accepts
        return [PASS_MOVE, *(Move(kinds.CLAIM, (target,)) for target in accepts.get(window["card"], []))]
    if phase == EXTRA_DISCARD_PHASE:
        return discard_moves(state, table, seat, board_of_hand(table, table["hands"][seat]))
    if phase == FISH_PHASE:
        return [Move(kinds.FISH, (str(o), ask)) for o in other_seats(players, seat) for ask in ASK_TOKENS]
    act = table["action"]
    assert act is not None
    if phase == FISH_GIVE_PHASE:
        return [Move(kinds.GIVE, (card,)) for card in fish_matches(table["hands"][seat], act["ask"])]
    if phase == SEE_HAND_PHASE:
        return [Move(kinds.SEE_HAND, (str(o),)) for o in other_seats(players, seat)]
    if phase == EXCHANGE_PHASE:
        return [Move(kinds.EXCHANGE, (str(o),)) for o in exchange_partners(table, players, seat)]
    if phase == EXCHANGE_GIVE_PHASE:
        return [Move(kinds.GIVE, (card,)) for card in sorted(set(table["hands"][seat]))]
    if phase == SEARCH_PHASE:
        return [Move(kinds.SEARCH, (card,)) for card in search_choices(table["piles"][act["pile"]], act["ask"])]
    return []


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """``None`` for a legal move of a seat in ``to_act``; else the first rule it breaks."""
    table = table_of(state)
    phase = table["phase"]
    allowed = KINDS_BY_PHASE.get(phase, ())
    if move.kind not in allowed:
        words = PHASE_WORDS.get(phase, phase)
        return refuse(move, "wrong_phase", f"now is the time to {words} (moves: {', '.join(allowed) or 'none'})")
    if move.kind in NEW_CARD_KINDS and not new_cards_on(state):
        return refuse(move, "new_cards_off", "the New Card Rules are not in play in this match")
    search = BottomCardSearch(seat)
    if move.kind == kinds.TAKE:
        return take_refusal(state, seat, move, search)
    if bad := REFUSALS[move.kind](state, table, seat, move):
        return bad
    if phase in TURN_PHASES:
        return bottom_card_refusal(state, seat, move, search)
    return None
