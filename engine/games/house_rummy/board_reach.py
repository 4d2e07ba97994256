"""What a turn could possibly bring to the board: the quick bounds of the bottom-card search (``isolated``,
``may_reach_board``) and the cards whose plays can matter to it (``relevant_cards``)."""

from __future__ import annotations

from typing import Final

from engine.cards import RANKS
from engine.games.house_rummy.board import Board, board_bits
from engine.games.house_rummy.card_bits import CARD_BITS, STANDARD_CARDS, SUIT_BITS, above, below, card_count, rank_bits
from engine.games.house_rummy.cards import PROTECTED, RANK_OF, SET_CARDS, SPECIAL_NAMES, TRANSITION
from engine.games.house_rummy.groups import HIGH, LOW


def neighbours(rank: int) -> tuple[int, int]:
    """The ranks next to ``rank`` in a run, either way round (King and Two next to the Ace)."""
    return rank % 13 + 1, (rank - 2) % 13 + 1


# For each standard card: its suit's neighbours, and the neighbours of any suit (after a Transition).
SAME_SUIT_NEIGHBOURS: Final = {
    card: tuple(RANKS[rank - 1] + card[1] for rank in neighbours(RANK_OF[card[0]])) for card in STANDARD_CARDS
}


ANY_SUIT_NEIGHBOURS: Final = {
    card: tuple(other for rank in neighbours(RANK_OF[card[0]]) for other in SET_CARDS[rank]) for card in STANDARD_CARDS
}


NEXT_IN_SUIT: Final = {card: RANKS[RANK_OF[card[0]] % 13] + card[1] for card in STANDARD_CARDS}


PREVIOUS_IN_SUIT: Final = {card: RANKS[(RANK_OF[card[0]] - 2) % 13] + card[1] for card in STANDARD_CARDS}


STANDARD_SET: Final = frozenset(STANDARD_CARDS)


RUN_ENDS: Final = (LOW, HIGH)


def isolated(card: str, usable: int, *, has_transition: bool, board: Board, may_meld: bool) -> bool:
    """The first, cheapest part of ``may_reach_board``: a standard card that fits no group as it is, with no
    Transition in hand, can only be played next to a neighbour of its suit that gets into a run (one that fits a
    run end, or has a neighbour of its own, or the card's other neighbour is there too), or (when a new group may
    still be started) in a set of three of its rank among the hand and the usable board cards (``usable``: their
    standard cards as bits, ``hand_bits``; ``has_transition``: whether the hand holds a Transition)."""
    bit = CARD_BITS.get(card, 0)
    if not bit or has_transition:
        return False
    near = (above(bit) | below(bit)) & usable  # its usable neighbours of its suit
    if near:
        if near & board_bits(board)[0] or near & (near - 1):  # one fits a run end, or both are there
            return False
        if (above(near) | below(near)) & usable & ~bit:  # the neighbour has a neighbour of its own
            return False
    if not may_meld:
        return True
    rank = rank_bits(bit)
    return card_count(usable & (rank | rank << 14 | rank << 28 | rank << 42)) < 3  # its rank's usable cards


def may_reach_board(card: str, hand: list[str], in_hand: int, usable: int, board: Board, *, may_meld: bool) -> bool:
    """A quick bound for the search of a turn: False only if no sequence of plays can bring ``card`` (of the hand)
    to the board this turn (``extra_cards``: the board cards a new group may use; ``may_meld``: whether a new group
    may still be started). It ignores which end of a run a card goes to, that one new group uses up the turn's
    group and the Ace's limits, so it may say True wrongly, never False wrongly.

    A standard card reaches the board only by fitting a group as it is, by a new set (three of its rank among the
    hand and the usable board cards), in a run: a new one (three in sequence), or next to a card of its suit that
    got into a run this turn, or after a Transition of the hand (each used once), next to an open run end or a card
    that got into a run before. A Transition needs a card of the hand to follow it; the Hot Potato needs all but
    one other card of the hand played; a Protected card needs a target, which only the board as it is or a play
    can give.

    The caller knows that the card fits no group as it is and is not ``isolated``. On bit masks (``CARD_BITS``):
    sets of standard cards; ``in_hand``: the hand's (``hand_bits``), ``usable``: with the board cards a new group
    may use.
    """
    run_ends, accepted, high_ends, low_ends, end_ranks = board_bits(board)
    in_sets = usable & accepted  # cards that can go to a set, from which no run grows
    seeds = usable & run_ends  # cards that can go into a run: their neighbours may follow
    if may_meld:
        spades, hearts, diamonds, clubs = (
            usable & SUIT_BITS,
            usable >> 14 & SUIT_BITS,
            usable >> 28 & SUIT_BITS,
            usable >> 42,
        )
        threes = (spades & hearts & (diamonds | clubs)) | ((spades | hearts) & diamonds & clubs)  # ranks, as bits
        in_sets |= usable & (threes | threes << 14 | threes << 28 | threes << 42)
        starts = usable & below(usable) & below(below(usable))  # the lowest of three in sequence
        seeds |= starts | above(starts) | above(above(starts))
    standard = card not in SPECIAL_NAMES
    bit = CARD_BITS[card] if standard else 0
    if in_sets & bit:
        return True
    in_runs = suit_closure(seeds, usable)
    transitions = hand.count(TRANSITION)
    if standard and (in_runs & bit or not transitions):
        return (in_runs & bit) != 0
    followers = 0
    for step in range(transitions):  # each Transition of the hand lets one more step change suit
        following = may_follow_transition(in_runs, followers, usable, high_ends, low_ends, end_ranks)
        if standard and step == transitions - 1:
            # The last step brings the card's run of its suit (``suit_closure``) into a run, or nothing of it.
            return (suit_closure(bit, usable) & in_hand & following) != 0
        new = in_hand & ~in_runs & following
        if not new:
            break
        followers |= new
        in_runs |= suit_closure(new, usable)
        if standard and in_runs & bit:
            return True
    placed = in_runs | in_sets
    if card == TRANSITION:
        return (in_hand & may_follow_transition(in_runs, followers, usable, high_ends, low_ends, end_ranks)) != 0
    if card == PROTECTED:
        return PROTECTED in board.accepts or placed != 0
    if card in SPECIAL_NAMES:  # the Hot Potato: played only with at most one other card left in hand
        return card_count(in_hand & ~placed) <= 1
    return (placed & bit) != 0


def suit_closure(seeds: int, usable: int) -> int:
    """``seeds`` and every card of ``usable`` joined to them by an unbroken sequence of their suit, as bits."""
    placed = seeds
    while True:
        grown = placed | ((above(placed) | below(placed)) & usable)
        if grown == placed:
            return placed
        placed = grown


def may_follow_transition(
    in_runs: int, followers: int, usable: int, high_ends: int, low_ends: int, end_ranks: int
) -> int:
    """The cards (as bits) that may follow a Transition: of a rank an open run end needs (``end_ranks``, a bit
    per rank), or one rank above (below) a card, of any suit, that got into a run and can be its high (low) end.

    A card can be the high end of a run that grows from below it if it fits such an end on the board or followed a
    Transition, or if the card below it is usable and either does so too or has a usable card below it (two cards
    of its suit there: a new run); the same for a low end."""
    fits_high = high_ends | followers
    fits_low = low_ends | followers
    may_end_high = fits_high | above(usable & (fits_high | above(usable)))
    may_end_low = fits_low | below(usable & (fits_low | below(usable)))
    ranks = end_ranks | above(rank_bits(in_runs & may_end_high)) | below(rank_bits(in_runs & may_end_low))
    return ranks | ranks << 14 | ranks << 28 | ranks << 42


def in_suit_closure(seeds: set[str], usable: set[str]) -> set[str]:
    """``seeds`` and every card of ``usable`` joined to them by an unbroken sequence of their suit."""
    placed = set(seeds)
    queue = list(seeds)
    while queue:
        for other in SAME_SUIT_NEIGHBOURS[queue.pop()]:
            if other in usable and other not in placed:
                placed.add(other)
                queue.append(other)
    return placed


def relevant_cards(card: str, hand: list[str], extra_cards: frozenset[str]) -> frozenset[str] | None:
    """The cards whose plays can help bring a standard ``card`` of the hand to the board this turn, or None (any
    play may help a special card). A card reaches the board in a set of its rank, or in a run next to a card of its
    suit (of any suit after each Transition of the hand) that got there before it, and so on back: only the cards
    of its rank and its chain of neighbours count, and only in a group with the card's rank or in its run. Any other
    play only uses up cards, the turn's group or a group's far end, so leaving it out of a sequence of plays that
    brings the card to the board leaves one that still does: the search only tries plays of these cards."""
    if card not in SAME_SUIT_NEIGHBOURS:
        return None
    usable = set(hand).difference(SPECIAL_NAMES) | extra_cards
    chain = in_suit_closure({card}, usable)
    for _ in range(hand.count(TRANSITION)):  # each Transition lets the chain change suit once
        hop = {other for held in chain for other in ANY_SUIT_NEIGHBOURS[held] if other in usable} - chain
        if not hop:
            break
        chain |= in_suit_closure(hop, usable)
    return frozenset(chain.union(held for held in SET_CARDS[RANK_OF[card[0]]] if held in usable))
