"""Words for people in the JSON Schemas (issue 27): a ``title`` and a ``description`` for every field of a view, an
event, a score sheet and a move's arguments, and a label for every value of an enum, so a page can render any game
without words of its own.

Enum labels use the annotation ``x-enumLabels``: an object from each value (as a string) to its label, beside the
``enum`` (or ``const``) it labels; validators ignore it. A card code's label is the card's name ("Queen of
Hearts"). A game's own schemas may set any ``title``, ``description`` or ``x-enumLabels`` themselves: the words here
fill only what is missing. ``annotate`` returns a copy; the game's schemas are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# Field name -> (title, description). Generic meanings, shared by the games; a game's own description wins.
FIELD_WORDS: dict[str, tuple[str, str]] = {
    "action": ("Discard action", "The action of the card just discarded that waits for a choice, if any."),
    "actionCards": ("Action Cards played", "How many Action Cards each seat played (+5 each)."),
    "actionCardsReturned": ("Action Cards returned", "The Action Cards put back before the round's deal."),
    "actions": ("Action Cards played", "How many Action Cards each seat played (+5 each)."),
    "actionsPlayed": ("Action Cards played", "How many Action Cards each seat has played this round."),
    "again": ("Again", "Whether the same seat plays again."),
    "alive": ("Alive", "Whether the Monster in this slot is alive."),
    "ask": ("Asked for", "The rank or suit asked for."),
    "asked": ("Asked", "The seat asked."),
    "boardCardUsed": ("Board card used", "Whether a card already on the board was part of the new group."),
    "bonus": ("Bonus", "The bonus points of each seat."),
    "bonusDraws": ("Bonus draws", "The bonus cards the seat to act may still draw."),
    "bonusReason": ("Why the bonus", "Why a side got the final bonus."),
    "by": ("By", "The seat that did it."),
    "card": ("Card", "The card concerned."),
    "cards": ("Cards", "The cards concerned."),
    "cardsAboveMarker": ("Cards above the Marker", "How many cards of the stock lie above the Marker."),
    "cells": ("Cells", "The line's three cells."),
    "claim": ("Claim", "The claim window open on a discard, if any."),
    "coffin": ("Coffin", "The coffin's nine cells and their cards."),
    "coffinInDeal": ("Coffin of the deal", "The number of the coffin being filled in this deal."),
    "count": ("Count", "How many cards."),
    "deal": ("Deal", "The deal's number, from 1."),
    "dealer": ("Dealer", "The seat that deals."),
    "deckCount": ("Cards in the deck", "How many cards are left in the deck."),
    "details": ("Details", "What the game adds to explain the scores."),
    "direction": ("Direction", "The direction of play or of scoring."),
    "directions": ("Directions", "The direction each side scores in."),
    "discard": ("Discard", "The card face up on the discard pile."),
    "discardedThisTurn": ("Discarded this turn", "Whether the seat to act has discarded this turn."),
    "discarder": ("Discarder", "The seat that discarded the card."),
    "drawPileCount": ("Cards in the draw pile", "How many cards are left in the draw pile."),
    "drawTwo": ("Draw-2 dragon", "This hand's draw-2 dragon (-1 each in a play area), or how many of them."),
    "drawTwoName": ("Draw-2 dragon", "The name of this hand's draw-2 dragon."),
    "drawnCount": ("Cards drawn", "How many cards were drawn."),
    "faceValue": ("Face value", "The sum of the line's card values, before its multiplier."),
    "finished": ("Finished", "Whether the match is over."),
    "firstDealer": ("First dealer", "The seat that dealt first."),
    "firstPlayer": ("First player", "The seat that plays first."),
    "from": ("From", "Where the card came from."),
    "fromSeat": ("From seat", "The seat the card came from."),
    "goingOut": ("Going out", "The going-out bonus or penalty of each seat."),
    "group": ("Group", "The group's number on the table."),
    "groupBonus": ("Group bonus", "+5 per group a seat started, with a +5 per group card in play."),
    "groups": ("Groups", "The groups (sets and runs) on the table."),
    "hand": ("Hand", "The hand's number, from 1."),
    "handCount": ("Cards in hand", "How many cards the seat holds."),
    "handCounts": ("Cards in hand", "How many cards each seat holds."),
    "handNumber": ("Hand", "The hand's number, from 1."),
    "handPoints": ("Points in hand", "The points of the cards left in hand (subtracted)."),
    "handSizes": ("Cards in hand", "How many cards each seat was dealt."),
    "hands": ("Hands", "Every seat's cards, when they are shown."),
    "handsPlayed": ("Hands played", "How many hands have been scored."),
    "id": ("Number", "Its number on the table."),
    "immune": ("Immune", "Whether an Immunity card protects the Monster."),
    "inHand": ("Points in hand", "The points of the cards left in each hand (subtracted)."),
    "kind": ("Kind", "What kind it is."),
    "label": ("Round", "The round's name, e.g. 'hand 2'."),
    "lastCard": ("Last card", "Whether the last card of the deck was drawn."),
    "lastCardDrawn": ("Last card drawn", "Whether the last card of the deck has been drawn (the hand ends)."),
    "leader": ("Leader", "The seat that draws first this hand."),
    "lineRank": ("Line scored", "Which of each side's lines scored: 1 the best, 2 or 3 after ties."),
    "liveMonsters": ("Live Monsters", "How many live Monsters each seat has."),
    "markerRevealed": ("Marker revealed", "Whether the Marker in the stock has been reached."),
    "meldKind": ("Meld kind", "The kind of the new meld."),
    "meldPoints": ("Meld points", "The points of each seat's cards in the melds."),
    "melds": ("Melds", "The melds on the table."),
    "monsterRows": ("Monster Rows", "Each seat's Monster Row."),
    "movesLeft": ("Moves left", "How many moves the seat to act has left this turn."),
    "movesUnused": ("Moves unused", "How many moves the seat left unused."),
    "mustPlayBottom": ("Must play the bottom card", "Whether the bottom card taken must be played this turn."),
    "mustPlayBottomCard": ("Must play the bottom card", "Whether the seat to act must play the card it took last."),
    "mustPlayLast": ("Must play the last card", "Whether the deepest card taken must be played this turn."),
    "mustUsePending": ("Card to use", "Whether the seat to act must still use the card it picked up."),
    "name": ("Name", "Its name."),
    "newGroupsThisTurn": ("New groups this turn", "How many groups the seat to act has started this turn."),
    "newPile": ("New pile", "Whether the card started a new discard pile."),
    "openHigh": ("High end open", "A run: whether its high end is open."),
    "opened": ("Opened", "Whether each seat has laid down its first group."),
    "other": ("Other dragons", "How many other dragons (+1 each)."),
    "outs": ("Went out", "The seats that went out, in order."),
    "owner": ("Owner", "The seat the cards belong to."),
    "owners": ("Owners", "The seat that played each card of the group."),
    "parts": ("Parts", "Per seat: points played, the +5 per group bonus, points left in hand."),
    "phase": ("Phase", "The stage of the turn or of the match."),
    "pile": ("Discard pile", "The discard pile's number."),
    "piles": ("Discard piles", "The discard piles, each bottom to top."),
    "playAreas": ("Play areas", "Each seat's play area."),
    "played": ("Points played", "The points of the cards each seat has in front of it."),
    "players": ("Players", "How many seats the match has."),
    "points": ("Points", "The points scored."),
    "potatoOnBoard": ("Hot Potato on the board", "The Hot Potato in each seat's area, if any."),
    "rare": ("Rare dragon", "This hand's rare dragon (+3 each in a play area), or how many of them."),
    "rareName": ("Rare dragon", "The name of this hand's rare dragon."),
    "reason": ("Reason", "Why it happened."),
    "replaced": ("Replaced", "The Monster card it replaced, if any."),
    "round": ("Round", "The round's number, from 1."),
    "rounds": ("Rounds", "The rounds or hands scored so far."),
    "rulesVersion": ("Rules version", "The version of the game's rules the match is played under."),
    "seat": ("Seat", "The seat concerned, numbered from 0."),
    "seats": ("Seats", "The seats concerned."),
    "seatsLeft": ("Seats left", "How many seats still have their turn."),
    "secondChance": ("Second Chance", "The Second Chance offer under way, if any."),
    "shown": ("Shown", "The seat whose hand was shown."),
    "side": ("Side", "The side: 0 (seats 0 and 2) or 1 (seats 1 and 3)."),
    "sides": ("Sides", "Each side's lines and points."),
    "startedBy": ("Started by", "The seat that started the group."),
    "starter": ("Starter", "The seat that plays first this hand."),
    "stockCount": ("Cards in the stock", "How many cards are left in the stock."),
    "suitHigh": ("Suit above", "A run: the suit a card played above it must have."),
    "target": ("Target", "What the move aims at."),
    "targetScore": ("Target score", "The total that ends the match."),
    "to": ("To", "The seat it went to."),
    "totals": ("Totals", "Each seat's total points."),
    "turn": ("Turn", "The seat whose turn it is."),
    "usedThisTurn": ("Used this turn", "How many single plays the seat to act has used this turn."),
    "value": ("Value", "The line's points: its face value times its multiplier."),
    "vampire": ("Vampire", "The row's Vampire slot."),
    "victim": ("Victim", "The seat the Action Card is played against."),
    "waiting": ("Waiting", "The seats still to answer."),
    "watermonster": ("Watermonster", "The row's Watermonster slot."),
    "werewolf": ("Werewolf", "The row's Werewolf slot."),
    "winners": ("Winners", "The seats with the best total (ties share the win)."),
    "with": ("With", "The other seat."),
    "text": ("Text", "The event in words, as this viewer may read it."),
    "toAct": ("To act", "The seats with a decision to make now."),
    "step": ("Moves so far", "How many moves have been applied."),
    "options": ("Options", "The match's options."),
    "game": ("Game", "The game type's id."),
}
# Value -> label, where the value's own words would not do.
VALUE_LABELS: dict[str, str] = {
    "": "None",
    "S": "Spades",
    "H": "Hearts",
    "D": "Diamonds",
    "C": "Clubs",
    "A": "Ace",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "T": "10",
    "lo": "low end",
    "hi": "high end",
    "across": "Across (the Queen's way)",
    "down": "Down (the King's way)",
    "draw_two": "Draw-2 dragon",
    "best_line": "Best line",
    "deck": "Deck ran out",
    "stock": "Stock ran out",
    "out": "Went out",
    "depleted": "Draw Pile ran out",
    "stock_exhausted": "Draw pile ran out",
    "fish_give": "Fish: give a card",
    "lucky_day": "Lucky Day",
    "LuckyDay": "Lucky Day",
    "lucky": "Lucky Day",
    "-": "None",
    "watermonster": "Water Monster",
    "draw_discard": "Draw & Discard",
    "rare": "Rare dragon",
    "react": "Reacting",
    "act": "Acting",
    "new": "A new pile",
    "potato": "Hot Potato",
}
CELL = re.compile(r"^[a-c][1-3]$")
GROUP_TOKEN = re.compile(r"^g?(\d+)(lo|hi)?$")
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
CardName = Callable[[str], str | None]


def humanized(name: str) -> str:
    """'monster_set' -> 'Monster set', 'handCounts' -> 'Hand counts'."""
    words = CAMEL.sub(" ", name).replace("_", " ").strip().lower()
    return words[:1].upper() + words[1:]


def value_label(value: object, card_name: CardName, *, group_tokens: bool) -> str:
    """The label of one enum value: a card's name, a group of the table, the fixed words above, or its own words."""
    if not isinstance(value, str):
        return str(value)
    if value in VALUE_LABELS:
        return VALUE_LABELS[value]
    name = card_name(value)
    if name and name != value:
        return name
    second = card_name(value[1:]) if value.startswith("+") else None
    if second:  # a Cross card shown in its second group
        return f"{second} (in its second group)"
    if CELL.match(value):
        return f"Cell {value}"
    token = GROUP_TOKEN.match(value) if group_tokens else None
    if token is not None:
        number, end = token.groups()
        return f"Group {number}" + (f", {VALUE_LABELS[end]}" if end else "")
    return humanized(value) if not value.isdigit() else value


def enum_labels(values: list[Any], card_name: CardName) -> dict[str, str]:
    # Tokens such as "g2" or "3lo" name groups only where the enum is of such tokens (not "2" of ranks).
    group_tokens = any(isinstance(v, str) and (v.startswith("g") or v.endswith(("lo", "hi"))) for v in values)
    return {str(value): value_label(value, card_name, group_tokens=group_tokens) for value in values}


def annotate(schema: Any, card_name: CardName, name: str = "") -> Any:
    """A copy of ``schema`` with a title and a description on every property and labels on every enum. ``name``:
    the property the schema describes, if any."""
    if isinstance(schema, list):
        return [annotate(item, card_name) for item in schema]
    if not isinstance(schema, dict):
        return schema
    shown: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "properties":
            shown[key] = {prop: annotate(sub, card_name, prop) for prop, sub in value.items()}
        elif key in ("items", "anyOf", "oneOf", "allOf", "$defs"):
            shown[key] = annotate(value, card_name, name) if key != "$defs" else annotate_defs(value, card_name)
        else:
            shown[key] = value
    if name:
        title, description = FIELD_WORDS.get(name, (humanized(name), ""))
        shown.setdefault("title", title)
        if description:
            shown.setdefault("description", description)
    values = schema.get("enum", [schema["const"]] if "const" in schema else None)
    if isinstance(values, list) and "x-enumLabels" not in schema:
        shown["x-enumLabels"] = enum_labels(values, card_name)
    return shown


def annotate_defs(defs: dict[str, Any], card_name: CardName) -> dict[str, Any]:
    return {key: annotate(value, card_name) for key, value in defs.items()}
