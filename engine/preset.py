"""A preset deck: the option ``deck`` that every game accepts (``engine.api.new_game`` takes it out of the options
before the game's own are checked), naming the order of the pack for the match's first deal, so that duplicate
play, tournaments and cross-checks with other engines get the same deals whatever the seed.

Its value is a list of card codes (``["AS", "2S", ...]``, or the same comma-joined: ``"AS,2S,..."``): every card of
the match's deck (``Game.deck``) once each, identical copies as often as the deck has them, in the order that the
set-up's shuffle of the whole deck would otherwise leave them (``engine.cards.deal_round_robin`` deals from the end
of that list, the top of the stock). The first shuffle of the whole deck during set-up takes this order and draws
nothing from the seed; every later shuffle (a later hand's deal, a re-cut) is seeded as before, and a match without the
option is dealt exactly as before. Dracula's set-up shuffles the whole pack for its cut, so there the preset orders
the cut (its deals follow, seeded, after the declarations).

The preset is never kept: it is not among the match's options, in its snapshot or in any view (it holds every
seat's hand), so a match so dealt is replayed by giving the same deck again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.errors import InvalidOptionError
from engine.words import join_words

PRESET_OPTION = "deck"


class InvalidPresetDeckError(InvalidOptionError):
    """The option ``deck`` is no list of card codes, or not a permutation of the match's deck."""

    code = "options/invalid_deck"

    def __init__(self, reason: str) -> None:
        super().__init__(reason, option=PRESET_OPTION)


def preset_cards(value: object) -> list[str]:
    """The option's value as a list of card codes: a list of strings, or one string of codes joined by commas."""
    if isinstance(value, str):
        cards = [card.strip() for card in value.split(",")]
    elif isinstance(value, list | tuple) and all(isinstance(card, str) for card in value):
        cards = [str(card).strip() for card in value]
    else:
        raise InvalidPresetDeckError(
            f"Option '{PRESET_OPTION}' must be a list of card codes (or one string of codes joined by commas); got "
            f"a value of type {type(value).__name__}."
        )
    if not all(cards):
        raise InvalidPresetDeckError(f"Option '{PRESET_OPTION}' has an empty card code.")
    return cards


def sample(cards: Counter[str]) -> str:
    """A few of ``cards`` in words, for a refusal: "2H, 3C and 2 more"."""
    shown = sorted(cards.elements())
    listed = [*shown[:5], f"{len(shown) - 5} more"] if len(shown) > 5 else shown
    return join_words(listed)


def check_permutation(preset: Sequence[str], deck: Sequence[str]) -> None:
    """Raises ``InvalidPresetDeckError`` unless ``preset`` holds exactly the cards of ``deck``."""
    wanted, given = Counter(deck), Counter(preset)
    if wanted == given:
        return
    missing, extra = wanted - given, given - wanted
    parts = [f"{len(preset)} cards for a deck of {len(deck)}"] if len(preset) != len(deck) else []
    if missing:
        parts.append(f"it lacks {sample(missing)}")
    if extra:
        parts.append(f"it has {sample(extra)} beyond the deck")
    raise InvalidPresetDeckError(
        f"Option '{PRESET_OPTION}' must list every card of this match's deck once each (identical copies as often as "
        f"the deck has them); {'; '.join(parts)}."
    )
