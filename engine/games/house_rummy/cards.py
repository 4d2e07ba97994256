"""House Rummy's cards: the 52 standard cards (``7H``, ``TS``, ``AC``) and, with the New Card Rules, five special
cards without rank or suit: two Transitions (``TR``), two Protected (``PR``) and one Hot Potato (``HP``).

The Card List gives 37 standard cards an ability. Its four columns lost their suit symbols; they are read as
spades, hearts, diamonds, clubs from left to right (the engine's own suit order). Every card with an ability is
read from the Card List here (``cards_with``); no other module names such a card.
"""

from __future__ import annotations

from typing import Final

from engine.cards import RANKS, SUITS, CardInfo, standard_card_info, standard_deck
from engine.cards import card_name as standard_card_name

TRANSITION: Final = "TR"
PROTECTED: Final = "PR"
HOT_POTATO: Final = "HP"
SPECIALS: Final = (TRANSITION, TRANSITION, PROTECTED, PROTECTED, HOT_POTATO)
SPECIAL_NAMES: Final = {TRANSITION: "Transition", PROTECTED: "Protected", HOT_POTATO: "Hot Potato"}

# On-discard actions.
NEW_DISCARD: Final = "new_discard"
REVERSE: Final = "reverse"
SKIP: Final = "skip"
GO_AGAIN: Final = "go_again"
FISH: Final = "fish"
SEE_HAND: Final = "see_hand"
DRAW_DISCARD: Final = "draw_discard"
EXCHANGE: Final = "exchange"
SEARCH: Final = "search"
# Play modifiers.
KA2: Final = "ka2"
CROSS: Final = "cross"
MOVE: Final = "move"
COLLECTABLE: Final = "collectable"
# Scoring modifiers.
SPONGE: Final = "sponge"
PLUS_PER_GROUP: Final = "plus_per_group"
PLUS_ON_TWO: Final = "plus_on_two"
DOUBLE_RUN: Final = "double_run"

# The Card List, row by row; columns are spades, hearts, diamonds, clubs ("" = no ability).
CARD_LIST: Final[dict[str, tuple[str, str, str, str]]] = {
    "2": (NEW_DISCARD, DOUBLE_RUN, DOUBLE_RUN, NEW_DISCARD),
    "3": ("", REVERSE, FISH, CROSS),
    "4": (PLUS_PER_GROUP, SEE_HAND, "", COLLECTABLE),
    "5": (DRAW_DISCARD, "", GO_AGAIN, ""),
    "6": (SKIP, EXCHANGE, CROSS, PLUS_PER_GROUP),
    "7": ("", SEARCH, "", ""),
    "8": (MOVE, MOVE, MOVE, MOVE),
    "9": ("", GO_AGAIN, DRAW_DISCARD, REVERSE),
    "T": (EXCHANGE, CROSS, SPONGE, ""),
    "J": (SEE_HAND, "", "", SEARCH),
    "Q": ("", "", SKIP, FISH),
    "K": (CROSS, SPONGE, "", ""),
    "A": (KA2, PLUS_ON_TWO, PLUS_ON_TWO, KA2),
}
ABILITIES: Final[dict[str, str]] = {
    rank + suit: ability for rank, row in CARD_LIST.items() for suit, ability in zip(SUITS, row, strict=True) if ability
}
DISCARD_ACTIONS: Final = frozenset(
    {NEW_DISCARD, REVERSE, SKIP, GO_AGAIN, FISH, SEE_HAND, DRAW_DISCARD, EXCHANGE, SEARCH}
)
ABILITY_NAMES: Final = {
    NEW_DISCARD: "New Discard",
    REVERSE: "Reverse",
    SKIP: "Skip",
    GO_AGAIN: "Go Again",
    FISH: "Fish",
    SEE_HAND: "See Hand",
    DRAW_DISCARD: "Draw & Discard 1",
    EXCHANGE: "Exchange 1",
    SEARCH: "Search Discard",
    KA2: "KA2",
    CROSS: "Cross",
    MOVE: "Move",
    COLLECTABLE: "Collectable",
    SPONGE: "Sponge",
    PLUS_PER_GROUP: "+5 per group",
    PLUS_ON_TWO: "+5 on 2",
    DOUBLE_RUN: "Double Run",
}


def cards_with(ability_name: str) -> frozenset[str]:
    """The cards the Card List gives ``ability_name``."""
    return frozenset(card for card, found in ABILITIES.items() if found == ability_name)


KA2_ACES: Final = cards_with(KA2)
CROSS_CARDS: Final = cards_with(CROSS)
MOVE_CARDS: Final = cards_with(MOVE)
COLLECTABLE_CARDS: Final = cards_with(COLLECTABLE)
NEW_DISCARD_CARDS: Final = cards_with(NEW_DISCARD)

RANK_OF: Final = {rank: index + 1 for index, rank in enumerate(RANKS)}  # Ace 1 ... King 13
ASK_TOKENS: Final = tuple(RANKS) + tuple(SUITS)  # what Fish may ask for: a rank or a suit
# A rank's four cards.
SET_CARDS: Final = {rank: tuple(RANKS[rank - 1] + suit for suit in SUITS) for rank in range(1, 14)}

BASE_DECK: Final = tuple(standard_deck())
NEW_CARDS_DECK: Final = (*BASE_DECK, *SPECIALS)


def full_deck(new_cards: bool) -> list[str]:
    """52 standard cards, plus the five special cards when the New Card Rules are on (57)."""
    return list(NEW_CARDS_DECK if new_cards else BASE_DECK)


def is_special(card: str) -> bool:
    return card in SPECIAL_NAMES


def ability(card: str, *, new_cards: bool) -> str:
    return ABILITIES.get(card, "") if new_cards else ""


def discard_action(card: str, new_cards: bool) -> str:
    found = ability(card, new_cards=new_cards)
    return found if found in DISCARD_ACTIONS else ""


def face_value(card: str) -> int:
    """Points of a standard card off an Ace's special cases: 2-9 five, 10-K ten, Ace fifteen."""
    rank = card[0]
    if rank == "A":
        return 15
    return 10 if rank in "TJQK" else 5


def hand_penalty(card: str) -> int:
    """What a card left in hand costs: its value; Transition and Protected 10, the Hot Potato 25."""
    if card == HOT_POTATO:
        return 25
    if card in SPECIAL_NAMES:
        return 10
    return face_value(card)


def card_name(card: str) -> str:
    """The full name of a card: "Queen of Hearts", "Transition"."""
    if card in SPECIAL_NAMES:
        return SPECIAL_NAMES[card]
    return standard_card_name(card)


# ----- the catalog's card list --------------------------------------------------------------------------------
ACE_WORDS: Final = (
    "An Ace can be played below a 2 or above a King, but not both. An Ace played on a 2 is worth 5 points. On a K, "
    "in a set, or in your hand it is 15 points."
)
# The New Card Rules' headings of the Card List's three kinds of ability, in the text's words.
ON_DISCARD: Final = "On-Discard Action: action occurs when you discard this card"
PLAY_MODIFIER: Final = "Play Modifier: changes how cards can be played on the board"
SCORING_MODIFIER: Final = "Scoring Modifier: only has effects when scoring points at the end"
# Each ability in the text's own words ("Rummy Base Rules", "New Card Rules").
ABILITY_TEXTS: Final[dict[str, tuple[str, str]]] = {
    NEW_DISCARD: (
        ON_DISCARD,
        "When discarded, it must be played to a new discard stack. Anybody can draw from any discard (but not both), "
        "or discard to any. When any discard is completely picked up, it is gone and can no longer be discarded to, "
        "except the last discard pile.",
    ),
    REVERSE: (ON_DISCARD, "Turn order flow is reversed. Does nothing in 2 player mode."),
    SKIP: (ON_DISCARD, "Skip the next player's turn."),
    GO_AGAIN: (ON_DISCARD, "Immediately take another turn."),
    FISH: (
        ON_DISCARD,
        "Ask another player for a specific suit or rank. If they have any, they must give you one of their choice. "
        'Otherwise, they say "Go fish", and you draw 1.',
    ),
    SEE_HAND: (ON_DISCARD, "Choose another player. They show you their hand for up to 10 seconds."),
    DRAW_DISCARD: (
        ON_DISCARD,
        "Draw 1 from the draw pile, then discard 1 of your choice. The discarded card does not trigger discard "
        "actions.",
    ),
    EXCHANGE: (ON_DISCARD, "Choose another player. You both give each other a card face-down."),
    SEARCH: (ON_DISCARD, "Take any 1 card from the discard pile this was discarded into."),
    KA2: (PLAY_MODIFIER, "This Ace card can be in a run with both a King and a 2."),
    CROSS: (
        PLAY_MODIFIER,
        "This card can simultaneously be in a run and a set. Both count as distinct groups. If you only create one "
        "of the groups, any other player can play off of this card to create the other group. Both groups have to "
        "be started with at least 3 total cards.",
    ),
    MOVE: (
        PLAY_MODIFIER,
        "This card can be removed from its current group and placed in another group. This can be done as many "
        "times as desired throughout the game. You can move it into a new group with 2 valid cards from your hand. "
        "Moving it away from a group does not invalidate the group or return any cards to hand; all connected cards "
        "remain in-play. One player cannot move another player's cards.",
    ),
    COLLECTABLE: (
        PLAY_MODIFIER,
        "If this is the last card someone takes from the discard, they don't have to play it. In other words, "
        "anyone can freely collect all cards up to this card without being forced to play anything.",
    ),
    SPONGE: (
        SCORING_MODIFIER,
        "When the score is counted, each sponge you have in-play will \u201cabsorb\u201d a card of your choice from "
        "your hand. The absorbed card counts as 0. The value of the Sponge card does not change.",
    ),
    PLUS_PER_GROUP: (
        SCORING_MODIFIER,
        "If you have this in play, each group you own (not cards you played on other player\u2019s groups) gives you "
        "+5 points. If you have more than one \u201c+5 per group\u201d card, the bonus is only counted once. Does not "
        "stack in any way with Double Run.",
    ),
    PLUS_ON_TWO: (
        SCORING_MODIFIER,
        "When this Ace is played in a run on a 2, it is worth 5 extra points. This can be doubled by Double Run.",
    ),
    DOUBLE_RUN: (
        SCORING_MODIFIER,
        "If this card is used in a run, that run is worth double points. If you can get multiple in the same run, "
        "it is doubled multiple times (there are only 2 in the game, so if you get them both, the run is x4). Other "
        "players that play on this run also have those cards doubled.",
    ),
}
SPECIAL_TEXTS: Final = {
    TRANSITION: "Worth -10 points in hand / 0 on the board. Can be played on either end of a run, then a card of the "
    "next rank of any suit can be played on this transition card (e.g. 2 of hearts / transition / 3 of spades). Can "
    "be used to play on other player\u2019s runs. Another card must be played on this, you can\u2019t leave a "
    "Transition as the last card on the run.",
    PROTECTED: "Worth -10 points in hand / 0 on the board. Can be placed on any set to prevent any cards from being "
    "added to it by any player. Can be placed on the end of any run to prevent any cards from being played to that "
    "end by any player. Note that 2 Protected cards must be used to fully block a run. You are not allowed to "
    "protect something that nothing else can play to.",
    HOT_POTATO: "Worth -25 points. Cannot be played or discarded. Exception: You can play it to your board if you "
    "will go out this turn, and it is still worth -25. It can be traded using the exchange card. When you play a new "
    "group, if this is in your hand, you may pass it to a player of your choice.",
}
# "Worth -10 points in hand", "Worth -25 points".
SPECIAL_POINTS: Final = {TRANSITION: -10, PROTECTED: -10, HOT_POTATO: -25}


def ability_words(card: str) -> str:
    """A Card List card's ability in the text's words: "Skip (New Card Rules, On-Discard Action: action occurs when
    you discard this card): Skip the next player's turn."; "" for a card without one."""
    found = ABILITIES.get(card, "")
    if not found:
        return ""
    kind, text = ABILITY_TEXTS[found]
    return f"{ABILITY_NAMES[found]} (New Card Rules, {kind}): {text}"


def card_list() -> list[CardInfo]:
    """The catalog's card list: the 52 standard cards, suit by suit, with their points (2-9 five, 10-K ten, an Ace
    fifteen, five on a 2) and the Card List's ability in the text's words, then the special cards of the New Card
    Rules (on by default: Transition x2, Protected x2, Hot Potato x1) with their points in hand."""
    infos = []
    for card in BASE_DECK:
        words = [ACE_WORDS] if card[0] == "A" else []
        if ability_words(card):
            words.append(ability_words(card))
        infos.append(standard_card_info(card, 1, face_value(card), " ".join(words)))
    infos.extend(
        CardInfo(card, SPECIAL_NAMES[card], SPECIALS.count(card), SPECIAL_POINTS[card], description=SPECIAL_TEXTS[card])
        for card in SPECIAL_NAMES
    )
    return infos


def transition_first(cards: list[str]) -> list[str]:
    """The canonical order of a lay-off's cards: as they lie on the run, a Transition before its card."""
    return sorted(cards, key=lambda card: (card != TRANSITION, card))
