"""Groups on the board (sets and runs) as small records, and the pure combinatorics over them.

A set holds cards of one rank (``r``). A run holds cards in sequence; each of its cards has a position (``p``):
Ace low is 1, Two 2, ... King 13, Ace high 14, and a run that wraps through a KA2 Ace keeps counting (Two 15).
The rank at a position is ``(position - 1) % 13 + 1``. A run keeps its span (``lo``..``hi``) and the suit at each
end (``ls``/``hs``, which a Transition can change); an end is closed (``lx``/``hx``) by an ordinary Ace (1) or by a
Protected card (2). Transitions and Protected cards sit in the card list with position 0. A Move card taken out
of a group leaves its span unchanged: the group stays valid and its place is not refilled.

Every card in a group has an owner (``w``): the seat whose area it is in. ``o`` is the seat that started the
group. Target tokens name a set by its index (``3``) and a run end by index and end (``3lo``, ``3hi``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import NotRequired, TypedDict

from engine.cards import RANKS, SUITS
from engine.games.house_rummy.cards import (
    PROTECTED,
    RANK_OF,
    SPECIAL_NAMES,
    TRANSITION,
)

SET = "s"
RUN = "r"
OPEN = 0
CLOSED_BY_ACE = 1
CLOSED_BY_PROTECTED = 2
KA2_ACES = frozenset({"AS", "AC"})
MOVE_CARDS = frozenset({"8S", "8H", "8D", "8C"})
CROSS_CARDS = frozenset({"3C", "6D", "TH", "KS"})
SET_CARDS = {rank: tuple(RANKS[rank - 1] + suit for suit in SUITS) for rank in range(1, 14)}
LOW = "lo"
HIGH = "hi"


class Group(TypedDict):
    k: str  # SET or RUN
    o: int  # the seat that started the group
    c: list[str]  # cards; a run's from its low end to its high end
    w: list[int]  # owner of each card
    r: NotRequired[int]  # set: its rank
    x: NotRequired[int]  # set: closed by a Protected card
    p: NotRequired[list[int]]  # run: position of each card (0 for Transition and Protected)
    lo: NotRequired[int]
    hi: NotRequired[int]
    ls: NotRequired[str]
    hs: NotRequired[str]
    lx: NotRequired[int]
    hx: NotRequired[int]


def rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def card_at(position: int, suit: str) -> str:
    return RANKS[rank_at(position) - 1] + suit


def is_ka2(card: str, new_cards: bool) -> bool:
    return new_cards and card in KA2_ACES


def parse_target(token: str) -> tuple[int, str | None] | None:
    """``3`` -> (3, None); ``3hi`` -> (3, 'hi'); anything else -> None."""
    end: str | None = None
    if token.endswith((LOW, HIGH)):
        token, end = token[:-2], token[-2:]
    if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        return None
    return int(token), end


# ----- what an end or a set accepts ---------------------------------------------------------------------------
def end_position(group: Group, end: str) -> int:
    """The position a card played to ``end`` of a run would take."""
    return group["hi"] + 1 if end == HIGH else group["lo"] - 1


def end_is_open(group: Group, end: str) -> bool:
    return (group["hx"] if end == HIGH else group["lx"]) == OPEN


def board_accepts(groups: list[Group]) -> tuple[dict[str, list[str]], list[tuple[int, str]]]:
    """One pass over the board: for each card, the targets it can be played to on its own (``PR``: where a
    Protected card may go), and the open run ends as (rank needed, target) for a Transition and its card."""
    accepts: dict[str, list[str]] = {}
    protect: list[str] = []
    open_ends: list[tuple[int, str]] = []
    for index, group in enumerate(groups):
        if group["k"] == SET:
            if group["x"]:
                continue
            token = str(index)
            present = group["c"]
            missing = False
            for card in SET_CARDS[group["r"]]:
                if card not in present:
                    if card in accepts:
                        accepts[card].append(token)
                    else:
                        accepts[card] = [token]
                    missing = True
            if missing:
                protect.append(token)
            continue
        if not group["lx"]:
            token = f"{index}{LOW}"
            rank = (group["lo"] - 2) % 13
            card = RANKS[rank] + group["ls"]
            if card in accepts:
                accepts[card].append(token)
            else:
                accepts[card] = [token]
            protect.append(token)
            open_ends.append((rank + 1, token))
        if not group["hx"]:
            token = f"{index}{HIGH}"
            rank = group["hi"] % 13
            card = RANKS[rank] + group["hs"]
            if card in accepts:
                accepts[card].append(token)
            else:
                accepts[card] = [token]
            protect.append(token)
            open_ends.append((rank + 1, token))
    if protect:
        accepts[PROTECTED] = protect
    return accepts, open_ends


def accepts_card(groups: list[Group], card: str) -> bool:
    """Whether a single card can be played to some group on its own (cheaper than ``board_accepts``)."""
    if card == PROTECTED:
        return PROTECTED in board_accepts(groups)[0]
    if card in SPECIAL_NAMES:
        return False
    rank = RANK_OF[card[0]]
    suit = card[1]
    for group in groups:
        if group["k"] == SET:
            if group["r"] == rank and not group["x"] and card not in group["c"]:
                return True
        elif (not group["lx"] and group["ls"] == suit and (group["lo"] - 2) % 13 + 1 == rank) or (
            not group["hx"] and group["hs"] == suit and group["hi"] % 13 + 1 == rank
        ):
            return True
    return False


def targets_for(groups: list[Group], card: str) -> list[str]:
    """Every target a single card from hand can be played to on its own (a lay-off, a claim, a Protected)."""
    return board_accepts(groups)[0].get(card, [])


def is_playable(groups: list[Group], card: str) -> bool:
    return accepts_card(groups, card)


def transition_pairs(open_ends: list[tuple[int, str]], hand: Iterable[str]) -> list[tuple[str, str]]:
    by_rank: dict[int, list[str]] = {}
    for card in sorted(set(hand)):
        if card not in SPECIAL_NAMES:
            by_rank.setdefault(RANK_OF[card[0]], []).append(card)
    return [(card, token) for rank, token in open_ends for card in by_rank.get(rank, ())]


def transition_fits(group: Group, end: str, card: str) -> bool:
    return (
        group["k"] == RUN
        and end_is_open(group, end)
        and card not in SPECIAL_NAMES
        and RANK_OF[card[0]] == rank_at(end_position(group, end))
    )


# ----- changing groups ----------------------------------------------------------------------------------------
def add_to_group(group: Group, end: str | None, cards: list[str], owner: int, new_cards: bool) -> None:
    """Plays ``cards`` (one card, a Protected, or a Transition and its follower) to a set or a run end."""
    if group["k"] == SET:
        for card in cards:
            group["c"].append(card)
            group["w"].append(owner)
            if card == PROTECTED:
                group["x"] = 1
        return
    high = end == HIGH
    for card in cards:
        if card in (PROTECTED, TRANSITION):
            _place(group, high, card, owner, 0)
            if card == PROTECTED:
                group["hx" if high else "lx"] = CLOSED_BY_PROTECTED
            continue
        position = end_position(group, HIGH if high else LOW)
        _place(group, high, card, owner, position)
        if high:
            group["hi"], group["hs"] = position, card[1]
        else:
            group["lo"], group["ls"] = position, card[1]
        if card[0] == "A" and not is_ka2(card, new_cards):
            group["hx" if high else "lx"] = CLOSED_BY_ACE


def _place(group: Group, high: bool, card: str, owner: int, position: int) -> None:
    if high:
        group["c"].append(card)
        group["w"].append(owner)
        group["p"].append(position)
    else:
        group["c"].insert(0, card)
        group["w"].insert(0, owner)
        group["p"].insert(0, position)


def remove_from_group(group: Group, card: str) -> int:
    """Takes a Move card out of its group (the span stays); returns its owner."""
    index = group["c"].index(card)
    group["c"].pop(index)
    owner = group["w"].pop(index)
    if group["k"] == RUN:
        group["p"].pop(index)
    return owner


def new_set(cards: list[str], owners: list[int], starter: int) -> Group:
    return Group(k=SET, o=starter, c=cards, w=owners, r=RANK_OF[cards[0][0]], x=0)


def new_run(low: int, high: int, suit: str, owners_by_card: dict[str, int], starter: int, new_cards: bool) -> Group:
    cards = [card_at(position, suit) for position in range(low, high + 1)]
    low_card, high_card = cards[0], cards[-1]
    return Group(
        k=RUN,
        o=starter,
        c=cards,
        w=[owners_by_card[card] for card in cards],
        p=list(range(low, high + 1)),
        lo=low,
        hi=high,
        ls=suit,
        hs=suit,
        lx=CLOSED_BY_ACE if low_card[0] == "A" and not is_ka2(low_card, new_cards) else OPEN,
        hx=CLOSED_BY_ACE if high_card[0] == "A" and not is_ka2(high_card, new_cards) else OPEN,
    )


# ----- finding new groups --------------------------------------------------------------------------------------
def run_spans(ranks: set[int] | frozenset[int], wrap: bool) -> Iterator[tuple[int, int]]:
    """Every span (low, high) of 3 to 13 positions whose ranks are all in ``ranks``.

    An Ace can only be inside a span (between a King and a Two) when ``wrap`` (its suit's Ace is a KA2 card).
    Thirteen-card spans are given once (starting from the lowest position).
    """
    full_seen = False
    for low in range(1, 14):
        if low not in ranks:
            continue
        high = low
        while high + 1 <= low + 12 and rank_at(high + 1) in ranks:
            if high != low and rank_at(high) == 1 and not wrap:
                break
            high += 1
            if high - low >= 2:
                if high - low == 12:
                    if full_seen:
                        break
                    full_seen = True
                yield low, high


def span_for(ranks: set[int], wrap: bool) -> tuple[int, int] | None:
    """The span a run of exactly these ranks takes (the first one, for a full thirteen)."""
    for low, high in run_spans(ranks, wrap):
        if high - low + 1 == len(ranks):
            return low, high
    return None


def find_melds(hand: Iterable[str], extras: Iterable[tuple[str, bool, bool]], new_cards: bool) -> list[tuple[str, ...]]:
    """Every new group from hand cards, optionally with one board card of ``extras``: (card, may start a set,
    may start a run) for a Cross card (the group of the other kind) or one's own Move card. Each meld is its
    cards, sorted; a meld with a board card holds at least two cards from hand.
    """
    standard = sorted({card for card in hand if card not in SPECIAL_NAMES})
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, set[int]] = {}
    for card in standard:
        by_rank.setdefault(card[0], []).append(card)
        by_suit.setdefault(card[1], set()).add(RANK_OF[card[0]])
    melds: list[tuple[str, ...]] = []
    for cards in by_rank.values():
        for size in range(3, len(cards) + 1):
            melds.extend(combinations(cards, size))
    for suit, ranks in by_suit.items():
        if len(ranks) >= 3:
            melds.extend(_runs(ranks, suit, new_cards, 0))
    for extra, as_set, as_run in extras:
        rank, suit = extra[0], extra[1]
        if as_set:
            same_rank = by_rank.get(rank, [])
            for size in range(2, len(same_rank) + 1):
                melds.extend(tuple(sorted((extra, *combo))) for combo in combinations(same_rank, size))
        ranks = by_suit.get(suit, set())
        if as_run and len(ranks) >= 2:
            melds.extend(_runs(ranks | {RANK_OF[rank]}, suit, new_cards, RANK_OF[rank]))
    return melds


def _runs(ranks: set[int], suit: str, new_cards: bool, needed: int) -> Iterator[tuple[str, ...]]:
    wrap = is_ka2("A" + suit, new_cards) and 1 in ranks
    for low, high in run_spans(ranks, wrap):
        if needed and not any(rank_at(position) == needed for position in range(low, high + 1)):
            continue
        yield tuple(sorted(card_at(position, suit) for position in range(low, high + 1)))


def note_card(card: str, rank_counts: dict[str, int], suit_ranks: dict[str, set[int]]) -> None:
    """Adds a card to the tallies ``meld_possible`` reads (special cards are left out)."""
    if card in SPECIAL_NAMES:
        return
    rank_counts[card[0]] = rank_counts.get(card[0], 0) + 1
    suit_ranks.setdefault(card[1], set()).add(RANK_OF[card[0]])


def meld_possible(card: str, rank_counts: dict[str, int], suit_ranks: dict[str, set[int]], new_cards: bool) -> bool:
    """Whether ``card`` starts a set or a run with cards tallied by ``note_card`` (which must not include it)."""
    if card in SPECIAL_NAMES:
        return False
    rank, suit = card[0], card[1]
    if rank_counts.get(rank, 0) >= 2:
        return True
    available = suit_ranks.get(suit)
    if not available or len(available) < 2:
        return False
    own = RANK_OF[rank]
    wrap = is_ka2("A" + suit, new_cards) and (own == 1 or 1 in available)
    for position in (own, 14) if own == 1 else (own,):
        for low in (position - 2, position - 1, position):
            if rank_at(low + 1) == 1 and not wrap:
                continue
            if all(q == position or rank_at(q) in available for q in (low, low + 1, low + 2)):
                return True
    return False


def meld_kind(cards: Iterable[str]) -> str:
    ranks = {card[0] for card in cards}
    return SET if len(ranks) == 1 else RUN


def build_meld(cards: list[str], owners_by_card: dict[str, int], starter: int, new_cards: bool) -> Group | None:
    """The group record for a meld's cards, or None if they are neither a set nor a run."""
    if len(cards) < 3 or any(card in SPECIAL_NAMES for card in cards) or len(set(cards)) != len(cards):
        return None
    if meld_kind(cards) == SET:
        ordered = sorted(cards, key=lambda card: SUITS.index(card[1]))
        return new_set(ordered, [owners_by_card[card] for card in ordered], starter)
    suits = {card[1] for card in cards}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    ranks = {RANK_OF[card[0]] for card in cards}
    wrap = is_ka2("A" + suit, new_cards) and 1 in ranks
    span = span_for(ranks, wrap)
    if span is None:
        return None
    return new_run(span[0], span[1], suit, owners_by_card, starter, new_cards)
