"""Why a move was rejected: precise, stable codes and full-sentence reasons (never another seat's hidden cards)."""

from __future__ import annotations

from engine.errors import IllegalMoveError
from engine.games.house_rummy import legal
from engine.games.house_rummy.cards import ASK_TOKENS, HOT_POTATO, PROTECTED, TRANSITION, card_label
from engine.games.house_rummy.groups import (
    MOVE_CARDS,
    RUN,
    SET,
    build_meld,
    is_playable,
    parse_target,
    targets_for,
    transition_fits,
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

KINDS_BY_PHASE: dict[str, tuple[str, ...]] = {
    DRAW: (legal.M_DRAW, legal.M_TAKE),
    PLAY: (legal.M_MELD, legal.M_LAY_OFF, legal.M_MOVE_CARD, legal.M_PLAY_POTATO, legal.M_DISCARD),
    POTATO: (legal.M_PASS_POTATO, legal.M_KEEP_POTATO),
    CLAIM: (legal.M_CLAIM, legal.M_PASS),
    FISH: (legal.M_FISH,),
    FISH_GIVE: (legal.M_GIVE,),
    SEE_HAND: (legal.M_SEE_HAND,),
    EXCHANGE: (legal.M_EXCHANGE,),
    EXCHANGE_GIVE: (legal.M_GIVE,),
    SEARCH: (legal.M_SEARCH,),
    EXTRA_DISCARD: (legal.M_DISCARD,),
}
PHASE_WORDS = {
    DRAW: "draw a card or take from a discard pile",
    PLAY: "play cards or discard",
    POTATO: "pass the Hot Potato or keep it",
    CLAIM: "answer the rummy-on-the-board claim window",
    FISH: "name a player and a rank or suit to fish for",
    FISH_GIVE: "give a card that was fished for",
    SEE_HAND: "name the player whose hand to see",
    EXCHANGE: "name the player to exchange a card with",
    EXCHANGE_GIVE: "choose a card to give in the exchange",
    SEARCH: "take a card from the discard pile",
    EXTRA_DISCARD: "discard one card (Draw & Discard 1)",
}


def fail(move: Move, code: str, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"'{move}' is not legal: {why}.", code=f"move/{code}")


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError:
    table = table_of(state)
    phase = table["phase"]
    allowed = KINDS_BY_PHASE.get(phase, ())
    if move.kind not in allowed:
        return fail(
            move,
            "wrong_phase",
            f"now is the time to {PHASE_WORDS.get(phase, phase)} (moves: {', '.join(allowed) or 'none'})",
        )
    if not legal.new_cards_on(state) and move.kind in (legal.M_MOVE_CARD, legal.M_PLAY_POTATO):
        return fail(move, "new_cards_off", "the New Card Rules are not in play in this match")
    checker = CHECKS.get(move.kind)
    found = checker(state, table, seat, move) if checker else None
    return found or fail(move, "illegal", f"it is not one of seat {seat}'s legal moves at step {state.step}")


def _seat_arg(state: GameState, move: Move, token: str, seat: int) -> IllegalMoveError | None:
    if not token.isdigit() or int(token) >= state.players:
        return fail(move, "bad_seat", f"'{token}' is not a seat of this {state.players}-player match")
    if int(token) == seat:
        return fail(move, "bad_seat", "you must name another player")
    return None


def _pile_arg(table: HouseTable, move: Move, token: str) -> IllegalMoveError | None:
    if not token.isdigit() or int(token) >= len(table["piles"]):
        return fail(move, "no_such_pile", f"there is no discard pile '{token}' (piles: 0 to {len(table['piles']) - 1})")
    return None


def _not_in_hand(table: HouseTable, seat: int, move: Move, cards: list[str]) -> IllegalMoveError | None:
    hand = list(table["hands"][seat])
    for card in cards:
        if card not in hand:
            return fail(move, "card_not_in_hand", f"seat {seat} does not hold {card_label(card)} ('{card}')")
        hand.remove(card)
    return None


def _forced(table: HouseTable, move: Move, cards: list[str]) -> IllegalMoveError | None:
    forced = table["forced"]
    if forced and forced not in cards:
        return fail(
            move,
            "must_play_bottom_card",
            f"the bottom-most card taken from the discard pile, {card_label(forced)}, must be played first",
        )
    return None


def check_take(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    pile_token, count_token = move.args
    if bad := _pile_arg(table, move, pile_token):
        return bad
    pile = table["piles"][int(pile_token)]
    if not count_token.isdigit() or not 1 <= int(count_token) <= len(pile):
        return fail(move, "bad_count", f"pile {pile_token} holds {len(pile)} card(s); take 1 to {len(pile)}")
    bottom = pile[-int(count_token)]
    return fail(
        move,
        "bottom_card_not_playable",
        f"with more than one card taken the bottom-most, {card_label(bottom)}, must be played this turn, and it "
        "cannot be played",
    )


def check_meld(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    cards = move.args[0].split(",")
    if legal.one_group_rule(state) and table["melded"]:
        return fail(move, "one_group_per_turn", "only one new group may be started per turn (house rule)")
    in_hand = [card for card in cards if card in table["hands"][seat]]
    board = [card for card in cards if card not in in_hand]
    usable = {card for card, _, _ in legal.meld_extras(table, seat, legal.new_cards_on(state))}
    if (len(board) > 1 or (board and board[0] not in usable)) and (bad := _not_in_hand(table, seat, move, cards)):
        return bad
    if bad := _forced(table, move, cards):
        return bad
    if build_meld(cards, dict.fromkeys(cards, seat), seat, legal.new_cards_on(state)) is None:
        return fail(move, "not_a_group", "a new group is a set of 3+ cards of one rank or a run of 3+ of one suit")
    if cards != sorted(cards):
        return fail(move, "not_canonical", f"list the cards in sorted order: {','.join(sorted(cards))}")
    return fail(move, "board_card_not_usable", "a board card in a new group must be a Cross card or your own Move card")


def check_lay_off(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    cards = move.args[0].split(",")
    if bad := _not_in_hand(table, seat, move, cards):
        return bad
    if bad := _forced(table, move, cards):
        return bad
    parsed = parse_target(move.args[1])
    if parsed is None or parsed[0] >= len(table["groups"]):
        return fail(move, "no_such_group", f"there is no group '{move.args[1]}' (groups are numbered from 0)")
    group = table["groups"][parsed[0]]
    if (group["k"] == SET) != (parsed[1] is None):
        return fail(move, "bad_target", "name a set by its number and a run end by number and 'lo' or 'hi'")
    if len(cards) == 2:
        if cards[0] != TRANSITION:
            return fail(move, "transition_needs_card", "two cards are played off a group only as Transition,card")
        if group["k"] != RUN or not transition_fits(group, parsed[1] or "", cards[1]):
            return fail(move, "does_not_fit", f"{card_label(cards[1])} is not the next rank after that run end")
    if len(cards) == 1 and cards[0] == TRANSITION:
        return fail(move, "transition_needs_card", "a Transition must be followed at once by a card of the next rank")
    if len(cards) == 1 and cards[0] == HOT_POTATO:
        return fail(move, "hot_potato", "the Hot Potato cannot be played to a group")
    if len(cards) == 1 and cards[0] == PROTECTED:
        return fail(move, "nothing_to_protect", "that set or run end is already closed: nothing else can play to it")
    if len(cards) > 2:
        return fail(move, "one_card_at_a_time", "play one card (or a Transition and its card) off a group at a time")
    return fail(move, "does_not_fit", f"{card_label(cards[-1])} does not fit group {move.args[1]}")


def check_move_card(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    card = move.args[0]
    if bad := _forced(table, move, []):
        return bad
    owned = any(
        card == c and owner == seat
        for group in table["groups"]
        for c, owner in zip(group["c"], group["w"], strict=True)
    )
    if card not in MOVE_CARDS or not owned:
        return fail(move, "not_your_move_card", f"{card} is not a Move card of yours on the board")
    if move.args[1] not in targets_for(table["groups"], card):
        return fail(move, "does_not_fit", f"{card_label(card)} does not fit group {move.args[1]}")
    return None


def check_play_potato(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    if bad := _not_in_hand(table, seat, move, [HOT_POTATO]):
        return bad
    if bad := _forced(table, move, []):
        return bad
    return fail(
        move,
        "hot_potato_not_going_out",
        "the Hot Potato may only be played to your board when you go out this turn (at most one other card left)",
    )


def check_discard(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    card, pile = move.args
    if bad := _forced(table, move, []):
        return bad
    if bad := _not_in_hand(table, seat, move, [card]):
        return bad
    if card == HOT_POTATO:
        return fail(move, "hot_potato", "the Hot Potato can never be discarded")
    if len(table["hands"][seat]) == 1 and is_playable(table["groups"], card):
        return fail(move, "playable_last_card", f"{card_label(card)} can be played, so it must not be discarded last")
    targets = legal.discard_targets(state, table, card, table["phase"] == EXTRA_DISCARD)
    if targets == [legal.NEW_PILE]:
        return fail(move, "new_discard_pile", f"{card_label(card)} (New Discard) must start a new pile: use 'new'")
    if pile == legal.NEW_PILE:
        return fail(move, "new_discard_pile", "only a New Discard card whose action triggers starts a new pile")
    return _pile_arg(table, move, pile)


def check_pass_potato(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    return _seat_arg(state, move, move.args[0], seat)


def check_claim(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    claim = table["claim"]
    assert claim is not None
    return fail(move, "does_not_fit", f"{card_label(claim['c'])} cannot be played to group {move.args[0]}")


def check_fish(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    if bad := _seat_arg(state, move, move.args[0], seat):
        return bad
    if move.args[1] not in ASK_TOKENS:
        return fail(move, "bad_ask", "ask for a rank (A,2-9,T,J,Q,K) or a suit (S,H,D,C)")
    return None


def check_give(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    if bad := _not_in_hand(table, seat, move, [move.args[0]]):
        return bad
    act = table["act"]
    assert act is not None
    if table["phase"] == FISH_GIVE:
        return fail(move, "card_does_not_match", f"the card given must match the {act['q']} that was asked for")
    return None


def check_seat_choice(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    if bad := _seat_arg(state, move, move.args[0], seat):
        return bad
    if move.kind == legal.M_EXCHANGE and not table["hands"][int(move.args[0])]:
        return fail(move, "empty_hand", f"seat {move.args[0]} has no card to exchange")
    return None


def check_search(state: GameState, table: HouseTable, seat: int, move: Move) -> IllegalMoveError | None:
    return fail(move, "card_not_in_pile", f"{move.args[0]} is not in the discard pile the Search Discard went to")


CHECKS = {
    legal.M_TAKE: check_take,
    legal.M_MELD: check_meld,
    legal.M_LAY_OFF: check_lay_off,
    legal.M_MOVE_CARD: check_move_card,
    legal.M_PLAY_POTATO: check_play_potato,
    legal.M_DISCARD: check_discard,
    legal.M_PASS_POTATO: check_pass_potato,
    legal.M_CLAIM: check_claim,
    legal.M_FISH: check_fish,
    legal.M_GIVE: check_give,
    legal.M_SEE_HAND: check_seat_choice,
    legal.M_EXCHANGE: check_seat_choice,
    legal.M_SEARCH: check_search,
}
