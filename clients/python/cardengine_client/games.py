"""Generated from the games' JSON Schemas by clients/schema_types.py; never edited by hand."""

from __future__ import annotations

from typing import Any, Literal, NoReturn, NotRequired, TypedDict, cast, overload

from cardengine_client.values import GameEvent, GameView

# ----- dracula

DraculaCard = Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS", "VP"]

DraculaScoreRoundsItemDetailsSidesItemLinesItem = TypedDict(
    "DraculaScoreRoundsItemDetailsSidesItemLinesItem",
    {
        "cells": str,
        "cards": list[DraculaCard],
        "faceValue": int,
        "multiplier": Literal[0, 1, 2, 3, 5],
        "vampire": bool,
        "value": int,
    },
)

DraculaScoreRoundsItemDetailsSidesItem = TypedDict(
    "DraculaScoreRoundsItemDetailsSidesItem",
    {
        "side": Literal[0, 1],
        "seats": list[int],
        "points": int,
        "direction": Literal["across", "down"],
        "lines": list[DraculaScoreRoundsItemDetailsSidesItemLinesItem],
    },
)

DraculaScoreRoundsItemDetailsCoffin = TypedDict(
    "DraculaScoreRoundsItemDetailsCoffin",
    {
        "a1": DraculaCard,
        "b1": DraculaCard,
        "c1": DraculaCard,
        "a2": DraculaCard,
        "b2": DraculaCard,
        "c2": DraculaCard,
        "a3": DraculaCard,
        "b3": DraculaCard,
        "c3": DraculaCard,
    },
)

DraculaScoreDetailsEnded = TypedDict(
    "DraculaScoreDetailsEnded",
    {
        "reason": Literal["creator"],
    },
)

DraculaScoreDetailsForfeit = TypedDict(
    "DraculaScoreDetailsForfeit",
    {
        "seat": int,
        "reason": Literal["left", "resigned", "time"],
    },
)

DraculaScoreRoundsItemDetails1 = TypedDict(
    "DraculaScoreRoundsItemDetails1",
    {
        "bonusReason": Literal["best_line", "difference", "none"],
    },
)

DraculaScoreRoundsItemDetails = TypedDict(
    "DraculaScoreRoundsItemDetails",
    {
        "coffin": DraculaScoreRoundsItemDetailsCoffin,
        "lineRank": int,
        "sides": list[DraculaScoreRoundsItemDetailsSidesItem],
    },
)

DraculaCoffinScoredEventSidesItemLinesItem = TypedDict(
    "DraculaCoffinScoredEventSidesItemLinesItem",
    {
        "cells": str,
        "faceValue": int,
        "multiplier": Literal[0, 1, 2, 3, 5],
        "vampire": bool,
        "value": int,
    },
)

DraculaScoreDetails = TypedDict(
    "DraculaScoreDetails",
    {
        "bestLine": list[int],
        "directions": list[Literal["", "across", "down"]],
        "forfeit": NotRequired[DraculaScoreDetailsForfeit],
        "ended": NotRequired[DraculaScoreDetailsEnded],
    },
)

DraculaScoreRoundsItem = TypedDict(
    "DraculaScoreRoundsItem",
    {
        "label": str,
        "points": list[int],
        "details": DraculaScoreRoundsItemDetails | DraculaScoreRoundsItemDetails1,
    },
)

DraculaCoffinScoredEventSidesItem = TypedDict(
    "DraculaCoffinScoredEventSidesItem",
    {
        "side": Literal[0, 1],
        "seats": list[int],
        "points": int,
        "direction": Literal["across", "down"],
        "lines": list[DraculaCoffinScoredEventSidesItemLinesItem],
    },
)

DraculaCoffinScoredEventCoffin = TypedDict(
    "DraculaCoffinScoredEventCoffin",
    {
        "a1": DraculaCard,
        "b1": DraculaCard,
        "c1": DraculaCard,
        "a2": DraculaCard,
        "b2": DraculaCard,
        "c2": DraculaCard,
        "a3": DraculaCard,
        "b3": DraculaCard,
        "c3": DraculaCard,
    },
)

DraculaScore = TypedDict(
    "DraculaScore",
    {
        "totals": list[int],
        "rounds": list[DraculaScoreRoundsItem],
        "finished": bool,
        "winners": list[int],
        "details": DraculaScoreDetails,
    },
)

DraculaPlaceArgs = TypedDict(
    "DraculaPlaceArgs",
    {
        "card": DraculaCard,
        "cell": Literal["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"],
    },
)

DraculaDeclareArgs = TypedDict(
    "DraculaDeclareArgs",
    {
        "direction": Literal["across", "down"],
    },
)

DraculaEndedEvent = TypedDict(
    "DraculaEndedEvent",
    {
        "kind": Literal["ended"],
        "text": str,
        "reason": Literal["creator"],
    },
)

DraculaForfeitedEvent = TypedDict(
    "DraculaForfeitedEvent",
    {
        "kind": Literal["forfeited"],
        "seat": int,
        "text": str,
        "reason": Literal["left", "resigned", "time"],
    },
)

DraculaSeedRevealedEvent = TypedDict(
    "DraculaSeedRevealedEvent",
    {
        "kind": Literal["seed_revealed"],
        "text": str,
        "seedSource": Literal["client", "server"],
        "seedCommitment": str,
        "seed": str,
        "salt": str,
    },
)

DraculaMatchFinishedEvent = TypedDict(
    "DraculaMatchFinishedEvent",
    {
        "kind": Literal["match_finished"],
        "seat": NotRequired[int],
        "text": str,
        "totals": list[int],
        "bonus": list[int],
        "bonusReason": Literal["best_line", "difference", "none"],
        "winners": list[int],
    },
)

DraculaCoffinScoredEvent = TypedDict(
    "DraculaCoffinScoredEvent",
    {
        "kind": Literal["coffin_scored"],
        "seat": NotRequired[int],
        "text": str,
        "label": str,
        "points": list[int],
        "lineRank": int,
        "coffin": DraculaCoffinScoredEventCoffin,
        "sides": list[DraculaCoffinScoredEventSidesItem],
    },
)

DraculaPlacedEvent = TypedDict(
    "DraculaPlacedEvent",
    {
        "kind": Literal["placed"],
        "seat": int,
        "text": str,
        "card": DraculaCard,
        "cell": Literal["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"],
    },
)

DraculaNailTurnedEvent = TypedDict(
    "DraculaNailTurnedEvent",
    {
        "kind": Literal["nail_turned"],
        "seat": NotRequired[int],
        "text": str,
        "card": DraculaCard,
        "cell": Literal["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"],
    },
)

DraculaHandDealtEvent = TypedDict(
    "DraculaHandDealtEvent",
    {
        "kind": Literal["hand_dealt"],
        "seat": int,
        "text": str,
        "cards": list[DraculaCard],
    },
)

DraculaDealStartedEvent = TypedDict(
    "DraculaDealStartedEvent",
    {
        "kind": Literal["deal_started"],
        "seat": NotRequired[int],
        "text": str,
        "deal": int,
        "dealer": int,
        "handSizes": list[int],
        "stockCount": int,
    },
)

DraculaDeclaredEvent = TypedDict(
    "DraculaDeclaredEvent",
    {
        "kind": Literal["declared"],
        "seat": int,
        "text": str,
        "direction": Literal["across", "down"],
    },
)

DraculaCutEvent = TypedDict(
    "DraculaCutEvent",
    {
        "kind": Literal["cut"],
        "seat": NotRequired[int],
        "text": str,
        "cards": list[DraculaCard],
        "firstDealer": int | None,
    },
)

DraculaView = TypedDict(
    "DraculaView",
    {
        "game": str,
        "rulesVersion": int,
        "players": int,
        "seat": int | None,
        "step": int,
        "toAct": list[int],
        "finished": bool,
        "options": dict[str, Any],
        "phase": Literal["declare", "finished", "play"],
        "firstDealer": int,
        "dealer": int,
        "deal": int,
        "coffinInDeal": int,
        "directions": list[Literal["", "across", "down"]],
        "turn": int,
        "coffin": list[list[DraculaCard | None]],
        "hand": list[DraculaCard] | None,
        "handCounts": list[int],
        "stockCount": int,
        "used": list[DraculaCard],
        "totals": list[int],
    },
)

DraculaEvent = DraculaCutEvent | DraculaDeclaredEvent | DraculaDealStartedEvent | DraculaHandDealtEvent | DraculaNailTurnedEvent | DraculaPlacedEvent | DraculaCoffinScoredEvent | DraculaMatchFinishedEvent | DraculaSeedRevealedEvent | DraculaForfeitedEvent | DraculaEndedEvent

DraculaMoveArgs = TypedDict(
    "DraculaMoveArgs",
    {
        "declare": DraculaDeclareArgs,
        "place": DraculaPlaceArgs,
    },
)



# ----- dragon_rummy

DragonRummyCard = Literal["AZ", "BR", "CR", "EM", "FR", "GO", "JA", "ON", "SH", "ST"]

DragonRummyScoreRoundsItemDetailsExplanationsItem = TypedDict(
    "DragonRummyScoreRoundsItemDetailsExplanationsItem",
    {
        "cards": list[DragonRummyCard],
        "drawTwo": int,
        "rare": int,
        "other": int,
        "points": int,
    },
)

DragonRummyScoreRoundsItemDetailsPlayAreasItem = TypedDict(
    "DragonRummyScoreRoundsItemDetailsPlayAreasItem",
    {
        "drawTwo": int,
        "rare": int,
        "other": int,
    },
)

DragonRummyScoreDetailsEnded = TypedDict(
    "DragonRummyScoreDetailsEnded",
    {
        "reason": Literal["creator"],
    },
)

DragonRummyScoreDetailsForfeit = TypedDict(
    "DragonRummyScoreDetailsForfeit",
    {
        "seat": int,
        "reason": Literal["left", "resigned", "time"],
    },
)

DragonRummyScoreRoundsItemDetails = TypedDict(
    "DragonRummyScoreRoundsItemDetails",
    {
        "drawTwo": DragonRummyCard,
        "rare": DragonRummyCard,
        "ended": Literal["deck", "out"],
        "by": int,
        "playAreas": list[DragonRummyScoreRoundsItemDetailsPlayAreasItem],
        "explanations": NotRequired[list[DragonRummyScoreRoundsItemDetailsExplanationsItem]],
    },
)

DragonRummyScoreDetails = TypedDict(
    "DragonRummyScoreDetails",
    {
        "targetScore": int,
        "forfeit": NotRequired[DragonRummyScoreDetailsForfeit],
        "ended": NotRequired[DragonRummyScoreDetailsEnded],
    },
)

DragonRummyScoreRoundsItem = TypedDict(
    "DragonRummyScoreRoundsItem",
    {
        "label": str,
        "points": list[int],
        "details": DragonRummyScoreRoundsItemDetails,
    },
)

DragonRummyHandEndedEventExplanationsItem = TypedDict(
    "DragonRummyHandEndedEventExplanationsItem",
    {
        "cards": list[DragonRummyCard],
        "drawTwo": int,
        "rare": int,
        "other": int,
        "points": int,
    },
)

DragonRummyScore = TypedDict(
    "DragonRummyScore",
    {
        "totals": list[int],
        "rounds": list[DragonRummyScoreRoundsItem],
        "finished": bool,
        "winners": list[int],
        "details": DragonRummyScoreDetails,
    },
)

DragonRummyDiscardArgs = TypedDict(
    "DragonRummyDiscardArgs",
    {
        "card": DragonRummyCard,
    },
)

DragonRummySetArgs = TypedDict(
    "DragonRummySetArgs",
    {
        "cards": list[DragonRummyCard],
    },
)

DragonRummyPlayArgs = TypedDict(
    "DragonRummyPlayArgs",
    {
        "card": DragonRummyCard,
    },
)

DragonRummyTakeArgs = TypedDict(
    "DragonRummyTakeArgs",
    {
        "card": DragonRummyCard,
        "count": str | int,
    },
)

DragonRummyDrawArgs = TypedDict("DragonRummyDrawArgs", {})

DragonRummyEndedEvent = TypedDict(
    "DragonRummyEndedEvent",
    {
        "kind": Literal["ended"],
        "text": str,
        "reason": Literal["creator"],
    },
)

DragonRummyForfeitedEvent = TypedDict(
    "DragonRummyForfeitedEvent",
    {
        "kind": Literal["forfeited"],
        "seat": int,
        "text": str,
        "reason": Literal["left", "resigned", "time"],
    },
)

DragonRummySeedRevealedEvent = TypedDict(
    "DragonRummySeedRevealedEvent",
    {
        "kind": Literal["seed_revealed"],
        "text": str,
        "seedSource": Literal["client", "server"],
        "seedCommitment": str,
        "seed": str,
        "salt": str,
    },
)

DragonRummyMatchFinishedEvent = TypedDict(
    "DragonRummyMatchFinishedEvent",
    {
        "kind": Literal["match_finished"],
        "seat": NotRequired[int],
        "text": str,
        "totals": list[int],
        "winners": list[int],
    },
)

DragonRummyHandEndedEvent = TypedDict(
    "DragonRummyHandEndedEvent",
    {
        "kind": Literal["hand_ended"],
        "seat": int,
        "text": str,
        "hand": int,
        "ended": Literal["deck", "out"],
        "points": list[int],
        "totals": list[int],
        "explanations": list[DragonRummyHandEndedEventExplanationsItem],
    },
)

DragonRummyDiscardedEvent = TypedDict(
    "DragonRummyDiscardedEvent",
    {
        "kind": Literal["discarded"],
        "seat": int,
        "text": str,
        "card": DragonRummyCard,
        "handCount": int,
    },
)

DragonRummySetPlayedEvent = TypedDict(
    "DragonRummySetPlayedEvent",
    {
        "kind": Literal["set_played"],
        "seat": int,
        "text": str,
        "cards": list[DragonRummyCard],
    },
)

DragonRummySetSplitEvent = TypedDict(
    "DragonRummySetSplitEvent",
    {
        "kind": Literal["set_split"],
        "seat": int,
        "text": str,
        "card": DragonRummyCard,
        "fromSeat": int,
    },
)

DragonRummyRarePlayedEvent = TypedDict(
    "DragonRummyRarePlayedEvent",
    {
        "kind": Literal["rare_played"],
        "seat": int,
        "text": str,
        "card": DragonRummyCard,
        "takenFrom": list[int],
    },
)

DragonRummyDrawTwoPlayedEvent = TypedDict(
    "DragonRummyDrawTwoPlayedEvent",
    {
        "kind": Literal["draw_two_played"],
        "seat": int,
        "text": str,
        "card": DragonRummyCard,
        "drawnCount": int,
        "deckCount": int,
        "lastCard": bool,
        "drawn": NotRequired[list[DragonRummyCard]],
    },
)

DragonRummyTookEvent = TypedDict(
    "DragonRummyTookEvent",
    {
        "kind": Literal["took"],
        "seat": int,
        "text": str,
        "cards": list[DragonRummyCard],
        "count": int,
    },
)

DragonRummyDrewEvent = TypedDict(
    "DragonRummyDrewEvent",
    {
        "kind": Literal["drew"],
        "seat": int,
        "text": str,
        "deckCount": int,
        "lastCard": bool,
        "card": NotRequired[DragonRummyCard],
    },
)

DragonRummyHandDealtEvent = TypedDict(
    "DragonRummyHandDealtEvent",
    {
        "kind": Literal["hand_dealt"],
        "seat": int,
        "text": str,
        "cards": list[DragonRummyCard],
    },
)

DragonRummyHandStartedEvent = TypedDict(
    "DragonRummyHandStartedEvent",
    {
        "kind": Literal["hand_started"],
        "seat": NotRequired[int],
        "text": str,
        "hand": int,
        "starter": int,
        "drawTwo": DragonRummyCard,
        "rare": DragonRummyCard,
        "discard": list[DragonRummyCard],
        "deckCount": int,
        "handCounts": list[int],
    },
)

DragonRummyRareTurnedAgainEvent = TypedDict(
    "DragonRummyRareTurnedAgainEvent",
    {
        "kind": Literal["rare_turned_again"],
        "seat": NotRequired[int],
        "text": str,
        "card": DragonRummyCard,
    },
)

DragonRummyView = TypedDict(
    "DragonRummyView",
    {
        "game": str,
        "rulesVersion": int,
        "players": int,
        "seat": int | None,
        "step": int,
        "toAct": list[int],
        "finished": bool,
        "options": dict[str, Any],
        "phase": Literal["draw", "finished", "play"],
        "handNumber": int,
        "starter": int,
        "turn": int,
        "drawTwo": DragonRummyCard,
        "rare": DragonRummyCard,
        "drawTwoName": str,
        "rareName": str,
        "hand": list[DragonRummyCard] | None,
        "handCounts": list[int],
        "deckCount": int,
        "discard": list[DragonRummyCard],
        "playAreas": list[list[DragonRummyCard]],
        "playAreaPoints": list[int],
        "mustPlay": DragonRummyCard | None,
        "usedThisTurn": list[Literal["draw_two", "rare", "split"]],
        "lastCardDrawn": bool,
        "totals": list[int],
        "targetScore": int,
    },
)

DragonRummyEvent = DragonRummyRareTurnedAgainEvent | DragonRummyHandStartedEvent | DragonRummyHandDealtEvent | DragonRummyDrewEvent | DragonRummyTookEvent | DragonRummyDrawTwoPlayedEvent | DragonRummyRarePlayedEvent | DragonRummySetSplitEvent | DragonRummySetPlayedEvent | DragonRummyDiscardedEvent | DragonRummyHandEndedEvent | DragonRummyMatchFinishedEvent | DragonRummySeedRevealedEvent | DragonRummyForfeitedEvent | DragonRummyEndedEvent

DragonRummyMoveArgs = TypedDict(
    "DragonRummyMoveArgs",
    {
        "draw": DragonRummyDrawArgs,
        "take": DragonRummyTakeArgs,
        "play": DragonRummyPlayArgs,
        "set": DragonRummySetArgs,
        "discard": DragonRummyDiscardArgs,
    },
)



# ----- draw_blood

DrawBloodCard = Literal["1S", "2H", "3S", "4H", "5S", "6H", "7S", "8H", "9S", "COFFIN", "FULLMOON", "KILL", "VAMPIRE", "WATER", "WATERMONSTER", "WEREWOLF"]

DrawBloodScoreRoundsItemDetailsExplanationsItemMeldsItem = TypedDict(
    "DrawBloodScoreRoundsItemDetailsExplanationsItemMeldsItem",
    {
        "meld": int,
        "kind": Literal["immunity_run", "kill_set", "monster_run", "monster_set", "run", "set"],
        "cards": list[DrawBloodCard],
        "points": int,
    },
)

DrawBloodScoreRoundsItemDetailsExplanationsItem = TypedDict(
    "DrawBloodScoreRoundsItemDetailsExplanationsItem",
    {
        "melds": list[DrawBloodScoreRoundsItemDetailsExplanationsItemMeldsItem],
        "handPoints": int,
        "points": int,
    },
)

DrawBloodScoreDetailsEnded = TypedDict(
    "DrawBloodScoreDetailsEnded",
    {
        "reason": Literal["creator"],
    },
)

DrawBloodScoreDetailsForfeit = TypedDict(
    "DrawBloodScoreDetailsForfeit",
    {
        "seat": int,
        "reason": Literal["left", "resigned", "time"],
    },
)

DrawBloodScoreRoundsItemDetails = TypedDict(
    "DrawBloodScoreRoundsItemDetails",
    {
        "meldPoints": list[int],
        "handPoints": list[int],
        "ending": Literal["depleted", "out"],
        "out": int | None,
        "hands": NotRequired[list[list[DrawBloodCard]]],
        "explanations": NotRequired[list[DrawBloodScoreRoundsItemDetailsExplanationsItem]],
    },
)

DrawBloodHandScoredEventExplanationsItemMeldsItem = TypedDict(
    "DrawBloodHandScoredEventExplanationsItemMeldsItem",
    {
        "meld": int,
        "kind": Literal["immunity_run", "kill_set", "monster_run", "monster_set", "run", "set"],
        "cards": list[DrawBloodCard],
        "points": int,
    },
)

DrawBloodViewMonsterRowsItemWatermonster = TypedDict(
    "DrawBloodViewMonsterRowsItemWatermonster",
    {
        "cards": list[DrawBloodCard],
        "alive": bool,
        "immunity": list[Literal["COFFIN", "FULLMOON", "KILL", "WATER"]],
        "immune": bool,
    },
)

DrawBloodViewMonsterRowsItemWerewolf = TypedDict(
    "DrawBloodViewMonsterRowsItemWerewolf",
    {
        "cards": list[DrawBloodCard],
        "alive": bool,
        "immunity": list[Literal["COFFIN", "FULLMOON", "KILL", "WATER"]],
        "immune": bool,
    },
)

DrawBloodViewMonsterRowsItemVampire = TypedDict(
    "DrawBloodViewMonsterRowsItemVampire",
    {
        "cards": list[DrawBloodCard],
        "alive": bool,
        "immunity": list[Literal["COFFIN", "FULLMOON", "KILL", "WATER"]],
        "immune": bool,
    },
)

DrawBloodScoreDetails = TypedDict(
    "DrawBloodScoreDetails",
    {
        "targetScore": int,
        "handsPlayed": int,
        "forfeit": NotRequired[DrawBloodScoreDetailsForfeit],
        "ended": NotRequired[DrawBloodScoreDetailsEnded],
    },
)

DrawBloodScoreRoundsItem = TypedDict(
    "DrawBloodScoreRoundsItem",
    {
        "label": str,
        "points": list[int],
        "details": DrawBloodScoreRoundsItemDetails,
    },
)

DrawBloodHandScoredEventExplanationsItem = TypedDict(
    "DrawBloodHandScoredEventExplanationsItem",
    {
        "melds": list[DrawBloodHandScoredEventExplanationsItemMeldsItem],
        "handPoints": int,
        "points": int,
    },
)

DrawBloodViewMeldsItem = TypedDict(
    "DrawBloodViewMeldsItem",
    {
        "id": int,
        "owner": int,
        "kind": Literal["immunity_run", "kill_set", "monster_run", "monster_set", "run", "set"],
        "cards": list[DrawBloodCard],
        "placedBy": list[int],
    },
)

DrawBloodViewMonsterRowsItem = TypedDict(
    "DrawBloodViewMonsterRowsItem",
    {
        "vampire": DrawBloodViewMonsterRowsItemVampire,
        "werewolf": DrawBloodViewMonsterRowsItemWerewolf,
        "watermonster": DrawBloodViewMonsterRowsItemWatermonster,
    },
)

DrawBloodScore = TypedDict(
    "DrawBloodScore",
    {
        "totals": list[int],
        "rounds": list[DrawBloodScoreRoundsItem],
        "finished": bool,
        "winners": list[int],
        "details": DrawBloodScoreDetails,
    },
)

DrawBloodNextHandArgs = TypedDict("DrawBloodNextHandArgs", {})

DrawBloodEndTurnArgs = TypedDict("DrawBloodEndTurnArgs", {})

DrawBloodDiscardArgs = TypedDict(
    "DrawBloodDiscardArgs",
    {
        "card": DrawBloodCard,
    },
)

DrawBloodPairReviveArgs = TypedDict(
    "DrawBloodPairReviveArgs",
    {
        "meld": str,
        "card": DrawBloodCard,
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodPairKillArgs = TypedDict(
    "DrawBloodPairKillArgs",
    {
        "meld": str,
        "card": DrawBloodCard,
        "seat": Literal["0", "1", "2", "3"],
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodTripleReviveArgs = TypedDict(
    "DrawBloodTripleReviveArgs",
    {
        "cards": list[DrawBloodCard],
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodTripleKillArgs = TypedDict(
    "DrawBloodTripleKillArgs",
    {
        "cards": list[DrawBloodCard],
        "seat": Literal["0", "1", "2", "3"],
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodLayOffArgs = TypedDict(
    "DrawBloodLayOffArgs",
    {
        "meld": str,
        "cards": list[DrawBloodCard],
    },
)

DrawBloodMeldArgs = TypedDict(
    "DrawBloodMeldArgs",
    {
        "cards": list[DrawBloodCard],
    },
)

DrawBloodPlayImmunityArgs = TypedDict(
    "DrawBloodPlayImmunityArgs",
    {
        "card": Literal["COFFIN", "FULLMOON", "WATER"],
    },
)

DrawBloodKillArgs = TypedDict(
    "DrawBloodKillArgs",
    {
        "seat": Literal["0", "1", "2", "3"],
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodPlayMonsterArgs = TypedDict(
    "DrawBloodPlayMonsterArgs",
    {
        "card": Literal["VAMPIRE", "WATERMONSTER", "WEREWOLF"],
    },
)

DrawBloodPickUpDiscardPileArgs = TypedDict("DrawBloodPickUpDiscardPileArgs", {})

DrawBloodDrawArgs = TypedDict("DrawBloodDrawArgs", {})

DrawBloodEndedEvent = TypedDict(
    "DrawBloodEndedEvent",
    {
        "kind": Literal["ended"],
        "text": str,
        "reason": Literal["creator"],
    },
)

DrawBloodForfeitedEvent = TypedDict(
    "DrawBloodForfeitedEvent",
    {
        "kind": Literal["forfeited"],
        "seat": int,
        "text": str,
        "reason": Literal["left", "resigned", "time"],
    },
)

DrawBloodSeedRevealedEvent = TypedDict(
    "DrawBloodSeedRevealedEvent",
    {
        "kind": Literal["seed_revealed"],
        "text": str,
        "seedSource": Literal["client", "server"],
        "seedCommitment": str,
        "seed": str,
        "salt": str,
    },
)

DrawBloodMatchFinishedEvent = TypedDict(
    "DrawBloodMatchFinishedEvent",
    {
        "kind": Literal["match_finished"],
        "seat": NotRequired[int],
        "text": str,
        "totals": list[int],
        "winners": list[int],
    },
)

DrawBloodHandScoredEvent = TypedDict(
    "DrawBloodHandScoredEvent",
    {
        "kind": Literal["hand_scored"],
        "seat": NotRequired[int],
        "text": str,
        "hand": int,
        "ending": Literal["depleted", "out"],
        "out": int | None,
        "meldPoints": list[int],
        "handPoints": list[int],
        "points": list[int],
        "totals": list[int],
        "hands": list[list[DrawBloodCard]],
        "explanations": list[DrawBloodHandScoredEventExplanationsItem],
    },
)

DrawBloodWentOutEvent = TypedDict(
    "DrawBloodWentOutEvent",
    {
        "kind": Literal["went_out"],
        "seat": int,
        "text": str,
    },
)

DrawBloodTurnEndedEvent = TypedDict(
    "DrawBloodTurnEndedEvent",
    {
        "kind": Literal["turn_ended"],
        "seat": int,
        "text": str,
        "movesUnused": int,
    },
)

DrawBloodDiscardedEvent = TypedDict(
    "DrawBloodDiscardedEvent",
    {
        "kind": Literal["discarded"],
        "seat": int,
        "text": str,
        "card": DrawBloodCard,
    },
)

DrawBloodLaidOffEvent = TypedDict(
    "DrawBloodLaidOffEvent",
    {
        "kind": Literal["laid_off"],
        "seat": int,
        "text": str,
        "meld": int,
        "owner": int,
        "cards": list[DrawBloodCard],
    },
)

DrawBloodMeldedEvent = TypedDict(
    "DrawBloodMeldedEvent",
    {
        "kind": Literal["melded"],
        "seat": int,
        "text": str,
        "meld": int,
        "meldKind": Literal["immunity_run", "kill_set", "monster_run", "monster_set", "run", "set"],
        "cards": list[DrawBloodCard],
    },
)

DrawBloodImmunityCancelledEvent = TypedDict(
    "DrawBloodImmunityCancelledEvent",
    {
        "kind": Literal["immunity_cancelled"],
        "seat": int,
        "text": str,
        "target": int,
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodImmunityPlayedEvent = TypedDict(
    "DrawBloodImmunityPlayedEvent",
    {
        "kind": Literal["immunity_played"],
        "seat": int,
        "text": str,
        "card": Literal["COFFIN", "FULLMOON", "WATER"],
        "slot": Literal["vampire", "watermonster", "werewolf"],
    },
)

DrawBloodMonsterRevivedEvent = TypedDict(
    "DrawBloodMonsterRevivedEvent",
    {
        "kind": Literal["monster_revived"],
        "seat": int,
        "text": str,
        "target": int,
        "slot": Literal["vampire", "watermonster", "werewolf"],
        "by": list[DrawBloodCard],
        "pair": NotRequired[int],
    },
)

DrawBloodMonsterKilledEvent = TypedDict(
    "DrawBloodMonsterKilledEvent",
    {
        "kind": Literal["monster_killed"],
        "seat": int,
        "text": str,
        "target": int,
        "slot": Literal["vampire", "watermonster", "werewolf"],
        "by": Literal["KILL"] | list[DrawBloodCard],
        "pair": NotRequired[int],
    },
)

DrawBloodMonsterPlayedEvent = TypedDict(
    "DrawBloodMonsterPlayedEvent",
    {
        "kind": Literal["monster_played"],
        "seat": int,
        "text": str,
        "card": Literal["VAMPIRE", "WATERMONSTER", "WEREWOLF"],
        "slot": Literal["vampire", "watermonster", "werewolf"],
        "replaced": bool,
    },
)

DrawBloodPickedUpDiscardPileEvent = TypedDict(
    "DrawBloodPickedUpDiscardPileEvent",
    {
        "kind": Literal["picked_up_discard_pile"],
        "seat": int,
        "text": str,
        "cards": list[DrawBloodCard],
    },
)

DrawBloodDrewEvent = TypedDict(
    "DrawBloodDrewEvent",
    {
        "kind": Literal["drew"],
        "seat": int,
        "text": str,
        "drawPileCount": int,
        "card": NotRequired[DrawBloodCard],
    },
)

DrawBloodCardsDealtEvent = TypedDict(
    "DrawBloodCardsDealtEvent",
    {
        "kind": Literal["cards_dealt"],
        "seat": int,
        "text": str,
        "cards": list[DrawBloodCard],
    },
)

DrawBloodHandDealtEvent = TypedDict(
    "DrawBloodHandDealtEvent",
    {
        "kind": Literal["hand_dealt"],
        "seat": NotRequired[int],
        "text": str,
        "hand": int,
        "leader": int,
        "drawPileCount": int,
    },
)

DrawBloodView = TypedDict(
    "DrawBloodView",
    {
        "game": str,
        "rulesVersion": int,
        "players": int,
        "seat": int | None,
        "step": int,
        "toAct": list[int],
        "finished": bool,
        "options": dict[str, Any],
        "phase": Literal["act", "draw", "finished", "hand_over"],
        "handNumber": int,
        "leader": int,
        "turn": int,
        "movesLeft": int,
        "discardedThisTurn": bool,
        "mustUse": DrawBloodCard | None,
        "mustUsePending": bool,
        "hand": list[DrawBloodCard] | None,
        "handCounts": list[int],
        "drawPileCount": int,
        "discardPile": list[DrawBloodCard],
        "monsterRows": list[DrawBloodViewMonsterRowsItem],
        "liveMonsters": list[int],
        "melds": list[DrawBloodViewMeldsItem],
        "totals": list[int],
        "targetScore": int,
        "hands": NotRequired[list[list[DrawBloodCard]]],
    },
)

DrawBloodEvent = DrawBloodHandDealtEvent | DrawBloodCardsDealtEvent | DrawBloodDrewEvent | DrawBloodPickedUpDiscardPileEvent | DrawBloodMonsterPlayedEvent | DrawBloodMonsterKilledEvent | DrawBloodMonsterRevivedEvent | DrawBloodImmunityPlayedEvent | DrawBloodImmunityCancelledEvent | DrawBloodMeldedEvent | DrawBloodLaidOffEvent | DrawBloodDiscardedEvent | DrawBloodTurnEndedEvent | DrawBloodWentOutEvent | DrawBloodHandScoredEvent | DrawBloodMatchFinishedEvent | DrawBloodSeedRevealedEvent | DrawBloodForfeitedEvent | DrawBloodEndedEvent

DrawBloodMoveArgs = TypedDict(
    "DrawBloodMoveArgs",
    {
        "draw": DrawBloodDrawArgs,
        "pick_up_discard_pile": DrawBloodPickUpDiscardPileArgs,
        "play_monster": DrawBloodPlayMonsterArgs,
        "kill": DrawBloodKillArgs,
        "play_immunity": DrawBloodPlayImmunityArgs,
        "meld": DrawBloodMeldArgs,
        "lay_off": DrawBloodLayOffArgs,
        "triple_kill": DrawBloodTripleKillArgs,
        "triple_revive": DrawBloodTripleReviveArgs,
        "pair_kill": DrawBloodPairKillArgs,
        "pair_revive": DrawBloodPairReviveArgs,
        "discard": DrawBloodDiscardArgs,
        "end_turn": DrawBloodEndTurnArgs,
        "next_hand": DrawBloodNextHandArgs,
    },
)



# ----- house_rummy

HouseRummyCard = Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "HP", "JC", "JD", "JH", "JS", "KC", "KD", "KH", "KS", "PR", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TR", "TS"]

HouseRummyScoreRoundsItemDetailsExplanationsItemGroupsItem = TypedDict(
    "HouseRummyScoreRoundsItemDetailsExplanationsItemGroupsItem",
    {
        "group": int,
        "kind": Literal["run", "set"],
        "cards": list[HouseRummyCard],
        "multiplier": Literal[1, 2, 4],
        "points": int,
    },
)

HouseRummyScoreRoundsItemDetailsExplanationsItem = TypedDict(
    "HouseRummyScoreRoundsItemDetailsExplanationsItem",
    {
        "groups": list[HouseRummyScoreRoundsItemDetailsExplanationsItemGroupsItem],
        "hotPotato": int,
        "groupBonus": int,
        "hand": list[HouseRummyCard],
        "sponged": list[HouseRummyCard],
        "handPoints": int,
        "points": int,
    },
)

HouseRummyScoreDetailsEnded = TypedDict(
    "HouseRummyScoreDetailsEnded",
    {
        "reason": Literal["creator"],
    },
)

HouseRummyScoreDetailsForfeit = TypedDict(
    "HouseRummyScoreDetailsForfeit",
    {
        "seat": int,
        "reason": Literal["left", "resigned", "time"],
    },
)

HouseRummyScoreRoundsItemDetails = TypedDict(
    "HouseRummyScoreRoundsItemDetails",
    {
        "reason": Literal["played_out", "stock_exhausted", "went_out"],
        "seat": int | None,
        "board": list[int],
        "groupBonus": list[int],
        "hand": list[int],
        "explanations": NotRequired[list[HouseRummyScoreRoundsItemDetailsExplanationsItem]],
    },
)

HouseRummyHandScoredEventExplanationsItemGroupsItem = TypedDict(
    "HouseRummyHandScoredEventExplanationsItemGroupsItem",
    {
        "group": int,
        "kind": Literal["run", "set"],
        "cards": list[HouseRummyCard],
        "multiplier": Literal[1, 2, 4],
        "points": int,
    },
)

HouseRummyScoreDetails = TypedDict(
    "HouseRummyScoreDetails",
    {
        "hands": int,
        "forfeit": NotRequired[HouseRummyScoreDetailsForfeit],
        "ended": NotRequired[HouseRummyScoreDetailsEnded],
    },
)

HouseRummyScoreRoundsItem = TypedDict(
    "HouseRummyScoreRoundsItem",
    {
        "label": str,
        "points": list[int],
        "details": HouseRummyScoreRoundsItemDetails,
    },
)

HouseRummyHandScoredEventExplanationsItem = TypedDict(
    "HouseRummyHandScoredEventExplanationsItem",
    {
        "groups": list[HouseRummyHandScoredEventExplanationsItemGroupsItem],
        "hotPotato": int,
        "groupBonus": int,
        "hand": list[HouseRummyCard],
        "sponged": list[HouseRummyCard],
        "handPoints": int,
        "points": int,
    },
)

HouseRummyViewAction1 = TypedDict(
    "HouseRummyViewAction1",
    {
        "name": Literal["exchange", "fish", "search", "see_hand"],
        "by": int,
        "with": int | None,
        "ask": Literal["", "2", "3", "4", "5", "6", "7", "8", "9", "A", "C", "D", "H", "J", "K", "Q", "S", "T"],
    },
)

HouseRummyViewClaim1 = TypedDict(
    "HouseRummyViewClaim1",
    {
        "pile": int,
        "discarder": int,
        "waiting": list[int],
    },
)

HouseRummyViewGroupsItem = TypedDict(
    "HouseRummyViewGroupsItem",
    {
        "id": int,
        "startedBy": int,
        "cards": list[Literal["+3C", "+6D", "+KS", "+TH", "2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "HP", "JC", "JD", "JH", "JS", "KC", "KD", "KH", "KS", "PR", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TR", "TS"]],
        "owners": list[int],
        "kind": Literal["run", "set"],
        "protected": NotRequired[bool],
        "openLow": NotRequired[bool],
        "openHigh": NotRequired[bool],
        "suitLow": NotRequired[Literal["C", "D", "H", "S"]],
        "suitHigh": NotRequired[Literal["C", "D", "H", "S"]],
    },
)

HouseRummyScore = TypedDict(
    "HouseRummyScore",
    {
        "totals": list[int],
        "rounds": list[HouseRummyScoreRoundsItem],
        "finished": bool,
        "winners": list[int],
        "details": HouseRummyScoreDetails,
    },
)

HouseRummySearchArgs = TypedDict(
    "HouseRummySearchArgs",
    {
        "card": HouseRummyCard,
    },
)

HouseRummyExchangeArgs = TypedDict(
    "HouseRummyExchangeArgs",
    {
        "seat": Literal["0", "1", "2", "3", "4", "5"],
    },
)

HouseRummySeeHandArgs = TypedDict(
    "HouseRummySeeHandArgs",
    {
        "seat": Literal["0", "1", "2", "3", "4", "5"],
    },
)

HouseRummyGiveArgs = TypedDict(
    "HouseRummyGiveArgs",
    {
        "card": HouseRummyCard,
    },
)

HouseRummyFishArgs = TypedDict(
    "HouseRummyFishArgs",
    {
        "seat": Literal["0", "1", "2", "3", "4", "5"],
        "ask": Literal["2", "3", "4", "5", "6", "7", "8", "9", "A", "C", "D", "H", "J", "K", "Q", "S", "T"],
    },
)

HouseRummyPassArgs = TypedDict("HouseRummyPassArgs", {})

HouseRummyClaimArgs = TypedDict(
    "HouseRummyClaimArgs",
    {
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
    },
)

HouseRummyKeepPotatoArgs = TypedDict("HouseRummyKeepPotatoArgs", {})

HouseRummyPassPotatoArgs = TypedDict(
    "HouseRummyPassPotatoArgs",
    {
        "seat": Literal["0", "1", "2", "3", "4", "5"],
    },
)

HouseRummyDiscardArgs = TypedDict(
    "HouseRummyDiscardArgs",
    {
        "card": HouseRummyCard,
        "pile": Literal["0", "1", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "2", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "3", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39", "4", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "5", "50", "51", "52", "53", "54", "55", "56", "6", "7", "8", "9", "new"],
    },
)

HouseRummyPlayPotatoArgs = TypedDict("HouseRummyPlayPotatoArgs", {})

HouseRummyMoveCardArgs = TypedDict(
    "HouseRummyMoveCardArgs",
    {
        "card": HouseRummyCard,
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
    },
)

HouseRummyLayOffArgs = TypedDict(
    "HouseRummyLayOffArgs",
    {
        "cards": list[HouseRummyCard],
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
    },
)

HouseRummyMeldArgs = TypedDict(
    "HouseRummyMeldArgs",
    {
        "cards": list[HouseRummyCard],
    },
)

HouseRummyTakeArgs = TypedDict(
    "HouseRummyTakeArgs",
    {
        "pile": Literal["0", "1", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "2", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "3", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39", "4", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "5", "50", "51", "52", "53", "54", "55", "56", "6", "7", "8", "9"],
        "count": Literal["1", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "2", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "3", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39", "4", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "5", "50", "51", "52", "53", "54", "55", "56", "57", "6", "7", "8", "9"],
    },
)

HouseRummyDrawArgs = TypedDict("HouseRummyDrawArgs", {})

HouseRummyEndedEvent = TypedDict(
    "HouseRummyEndedEvent",
    {
        "kind": Literal["ended"],
        "text": str,
        "reason": Literal["creator"],
    },
)

HouseRummyForfeitedEvent = TypedDict(
    "HouseRummyForfeitedEvent",
    {
        "kind": Literal["forfeited"],
        "seat": int,
        "text": str,
        "reason": Literal["left", "resigned", "time"],
    },
)

HouseRummySeedRevealedEvent = TypedDict(
    "HouseRummySeedRevealedEvent",
    {
        "kind": Literal["seed_revealed"],
        "text": str,
        "seedSource": Literal["client", "server"],
        "seedCommitment": str,
        "seed": str,
        "salt": str,
    },
)

HouseRummyMatchFinishedEvent = TypedDict(
    "HouseRummyMatchFinishedEvent",
    {
        "kind": Literal["match_finished"],
        "seat": NotRequired[int],
        "text": str,
        "totals": list[int],
        "winners": list[int],
    },
)

HouseRummyHandScoredEvent = TypedDict(
    "HouseRummyHandScoredEvent",
    {
        "kind": Literal["hand_scored"],
        "seat": NotRequired[int],
        "text": str,
        "hand": int,
        "reason": Literal["played_out", "stock_exhausted", "went_out"],
        "points": list[int],
        "parts": list[list[int]],
        "explanations": list[HouseRummyHandScoredEventExplanationsItem],
    },
)

HouseRummyTurnEvent = TypedDict(
    "HouseRummyTurnEvent",
    {
        "kind": Literal["turn"],
        "seat": int,
        "text": str,
        "again": bool,
    },
)

HouseRummySkippedEvent = TypedDict(
    "HouseRummySkippedEvent",
    {
        "kind": Literal["skipped"],
        "seat": int,
        "text": str,
    },
)

HouseRummySearchedEvent = TypedDict(
    "HouseRummySearchedEvent",
    {
        "kind": Literal["searched"],
        "seat": int,
        "text": str,
        "card": HouseRummyCard,
        "pile": int,
    },
)

HouseRummyHandShownEvent = TypedDict(
    "HouseRummyHandShownEvent",
    {
        "kind": Literal["hand_shown"],
        "seat": int,
        "text": str,
        "to": int,
        "cards": list[HouseRummyCard],
    },
)

HouseRummySawHandEvent = TypedDict(
    "HouseRummySawHandEvent",
    {
        "kind": Literal["saw_hand"],
        "seat": int,
        "text": str,
        "shown": int,
    },
)

HouseRummyExchangedEvent = TypedDict(
    "HouseRummyExchangedEvent",
    {
        "kind": Literal["exchanged"],
        "seat": int,
        "text": str,
        "gave": HouseRummyCard,
        "got": HouseRummyCard,
    },
)

HouseRummyExchangeDoneEvent = TypedDict(
    "HouseRummyExchangeDoneEvent",
    {
        "kind": Literal["exchange_done"],
        "seat": NotRequired[int],
        "text": str,
        "seats": list[int],
    },
)

HouseRummyExchangeChosenEvent = TypedDict(
    "HouseRummyExchangeChosenEvent",
    {
        "kind": Literal["exchange_chosen"],
        "seat": int,
        "text": str,
    },
)

HouseRummyExchangeStartedEvent = TypedDict(
    "HouseRummyExchangeStartedEvent",
    {
        "kind": Literal["exchange_started"],
        "seat": int,
        "text": str,
        "with": int,
    },
)

HouseRummyFishCardEvent = TypedDict(
    "HouseRummyFishCardEvent",
    {
        "kind": Literal["fish_card"],
        "seat": int,
        "text": str,
        "to": int,
        "card": HouseRummyCard,
    },
)

HouseRummyFishGivenEvent = TypedDict(
    "HouseRummyFishGivenEvent",
    {
        "kind": Literal["fish_given"],
        "seat": int,
        "text": str,
        "to": int,
    },
)

HouseRummyGoFishEvent = TypedDict(
    "HouseRummyGoFishEvent",
    {
        "kind": Literal["go_fish"],
        "seat": int,
        "text": str,
    },
)

HouseRummyFishedEvent = TypedDict(
    "HouseRummyFishedEvent",
    {
        "kind": Literal["fished"],
        "seat": int,
        "text": str,
        "asked": int,
        "ask": Literal["2", "3", "4", "5", "6", "7", "8", "9", "A", "C", "D", "H", "J", "K", "Q", "S", "T"],
    },
)

HouseRummyDiscardActionEvent = TypedDict(
    "HouseRummyDiscardActionEvent",
    {
        "kind": Literal["discard_action"],
        "seat": int,
        "text": str,
        "action": Literal["draw_discard", "exchange", "fish", "go_again", "new_discard", "reverse", "search", "see_hand", "skip"],
    },
)

HouseRummyRummyOnTheBoardEvent = TypedDict(
    "HouseRummyRummyOnTheBoardEvent",
    {
        "kind": Literal["rummy_on_the_board"],
        "seat": int,
        "text": str,
        "card": HouseRummyCard,
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
        "from": int,
    },
)

HouseRummyPassedClaimEvent = TypedDict(
    "HouseRummyPassedClaimEvent",
    {
        "kind": Literal["passed_claim"],
        "seat": int,
        "text": str,
        "target": Literal["-"],
    },
)

HouseRummyClaimedEvent = TypedDict(
    "HouseRummyClaimedEvent",
    {
        "kind": Literal["claimed"],
        "seat": int,
        "text": str,
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
    },
)

HouseRummyClaimWindowEvent = TypedDict(
    "HouseRummyClaimWindowEvent",
    {
        "kind": Literal["claim_window"],
        "seat": int,
        "text": str,
        "card": HouseRummyCard,
        "pile": int,
        "waiting": list[int],
    },
)

HouseRummyWentOutEvent = TypedDict(
    "HouseRummyWentOutEvent",
    {
        "kind": Literal["went_out"],
        "seat": int,
        "text": str,
    },
)

HouseRummyDiscardedEvent = TypedDict(
    "HouseRummyDiscardedEvent",
    {
        "kind": Literal["discarded"],
        "seat": int,
        "text": str,
        "card": HouseRummyCard,
        "pile": int,
        "newPile": bool,
    },
)

HouseRummyPlayedOutEvent = TypedDict(
    "HouseRummyPlayedOutEvent",
    {
        "kind": Literal["played_out"],
        "seat": int,
        "text": str,
    },
)

HouseRummyPotatoKeptEvent = TypedDict(
    "HouseRummyPotatoKeptEvent",
    {
        "kind": Literal["potato_kept"],
        "seat": int,
        "text": str,
    },
)

HouseRummyPotatoPassedEvent = TypedDict(
    "HouseRummyPotatoPassedEvent",
    {
        "kind": Literal["potato_passed"],
        "seat": int,
        "text": str,
        "to": int,
    },
)

HouseRummyPotatoPlayedEvent = TypedDict(
    "HouseRummyPotatoPlayedEvent",
    {
        "kind": Literal["potato_played"],
        "seat": int,
        "text": str,
        "card": Literal["HP"],
    },
)

HouseRummyMovedEvent = TypedDict(
    "HouseRummyMovedEvent",
    {
        "kind": Literal["moved"],
        "seat": int,
        "text": str,
        "card": HouseRummyCard,
        "from": int,
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
    },
)

HouseRummyLaidOffEvent = TypedDict(
    "HouseRummyLaidOffEvent",
    {
        "kind": Literal["laid_off"],
        "seat": int,
        "text": str,
        "cards": list[HouseRummyCard],
        "target": Literal["0", "0hi", "0lo", "1", "10", "10hi", "10lo", "11", "11hi", "11lo", "12", "12hi", "12lo", "13", "13hi", "13lo", "14", "14hi", "14lo", "15", "15hi", "15lo", "16", "16hi", "16lo", "17", "17hi", "17lo", "18", "18hi", "18lo", "19", "19hi", "19lo", "1hi", "1lo", "2", "20", "20hi", "20lo", "21", "21hi", "21lo", "22", "22hi", "22lo", "23", "23hi", "23lo", "24", "24hi", "24lo", "25", "25hi", "25lo", "26", "26hi", "26lo", "27", "27hi", "27lo", "2hi", "2lo", "3", "3hi", "3lo", "4", "4hi", "4lo", "5", "5hi", "5lo", "6", "6hi", "6lo", "7", "7hi", "7lo", "8", "8hi", "8lo", "9", "9hi", "9lo"],
    },
)

HouseRummyMeldedEvent = TypedDict(
    "HouseRummyMeldedEvent",
    {
        "kind": Literal["melded"],
        "seat": int,
        "text": str,
        "group": int,
        "meldKind": Literal["run", "set"],
        "cards": list[HouseRummyCard],
        "boardCardUsed": bool,
    },
)

HouseRummyTookEvent = TypedDict(
    "HouseRummyTookEvent",
    {
        "kind": Literal["took"],
        "seat": int,
        "text": str,
        "pile": int,
        "cards": list[HouseRummyCard],
        "mustPlayBottom": bool,
    },
)

HouseRummyDrewCardEvent = TypedDict(
    "HouseRummyDrewCardEvent",
    {
        "kind": Literal["drew_card"],
        "seat": int,
        "text": str,
        "card": HouseRummyCard,
    },
)

HouseRummyDrewEvent = TypedDict(
    "HouseRummyDrewEvent",
    {
        "kind": Literal["drew"],
        "seat": int,
        "text": str,
        "reason": Literal["draw", "draw_discard", "go_fish"],
        "stockCount": int,
    },
)

HouseRummyHandDealtEvent = TypedDict(
    "HouseRummyHandDealtEvent",
    {
        "kind": Literal["hand_dealt"],
        "seat": int,
        "text": str,
        "cards": list[HouseRummyCard],
    },
)

HouseRummyHandStartedEvent = TypedDict(
    "HouseRummyHandStartedEvent",
    {
        "kind": Literal["hand_started"],
        "seat": NotRequired[int],
        "text": str,
        "hand": int,
        "dealer": int,
        "handCounts": list[int],
        "stockCount": int,
        "turned": HouseRummyCard,
        "turn": int,
    },
)

HouseRummyView = TypedDict(
    "HouseRummyView",
    {
        "game": str,
        "rulesVersion": int,
        "players": int,
        "seat": int | None,
        "step": int,
        "toAct": list[int],
        "finished": bool,
        "options": dict[str, Any],
        "phase": Literal["claim", "draw", "exchange", "exchange_give", "extra_discard", "finished", "fish", "fish_give", "play", "potato", "search", "see_hand"],
        "hand": list[HouseRummyCard] | None,
        "handCounts": list[int],
        "hands": list[list[HouseRummyCard]] | None,
        "stockCount": int,
        "piles": list[list[HouseRummyCard]],
        "groups": list[HouseRummyViewGroupsItem],
        "potatoOnBoard": list[list[Literal["HP"]]],
        "turn": int,
        "direction": Literal["left", "right"],
        "dealer": int,
        "handNumber": int,
        "playedOut": int | None,
        "mustPlayBottomCard": bool,
        "bottomCardIndex": int | None,
        "newGroupsThisTurn": int,
        "claim": None | HouseRummyViewClaim1,
        "action": None | HouseRummyViewAction1,
        "totals": list[int],
    },
)

HouseRummyEvent = HouseRummyHandStartedEvent | HouseRummyHandDealtEvent | HouseRummyDrewEvent | HouseRummyDrewCardEvent | HouseRummyTookEvent | HouseRummyMeldedEvent | HouseRummyLaidOffEvent | HouseRummyMovedEvent | HouseRummyPotatoPlayedEvent | HouseRummyPotatoPassedEvent | HouseRummyPotatoKeptEvent | HouseRummyPlayedOutEvent | HouseRummyDiscardedEvent | HouseRummyWentOutEvent | HouseRummyClaimWindowEvent | HouseRummyClaimedEvent | HouseRummyPassedClaimEvent | HouseRummyRummyOnTheBoardEvent | HouseRummyDiscardActionEvent | HouseRummyFishedEvent | HouseRummyGoFishEvent | HouseRummyFishGivenEvent | HouseRummyFishCardEvent | HouseRummyExchangeStartedEvent | HouseRummyExchangeChosenEvent | HouseRummyExchangeDoneEvent | HouseRummyExchangedEvent | HouseRummySawHandEvent | HouseRummyHandShownEvent | HouseRummySearchedEvent | HouseRummySkippedEvent | HouseRummyTurnEvent | HouseRummyHandScoredEvent | HouseRummyMatchFinishedEvent | HouseRummySeedRevealedEvent | HouseRummyForfeitedEvent | HouseRummyEndedEvent

HouseRummyMoveArgs = TypedDict(
    "HouseRummyMoveArgs",
    {
        "draw": HouseRummyDrawArgs,
        "take": HouseRummyTakeArgs,
        "meld": HouseRummyMeldArgs,
        "lay_off": HouseRummyLayOffArgs,
        "move_card": HouseRummyMoveCardArgs,
        "play_potato": HouseRummyPlayPotatoArgs,
        "discard": HouseRummyDiscardArgs,
        "pass_potato": HouseRummyPassPotatoArgs,
        "keep_potato": HouseRummyKeepPotatoArgs,
        "claim": HouseRummyClaimArgs,
        "pass": HouseRummyPassArgs,
        "fish": HouseRummyFishArgs,
        "give": HouseRummyGiveArgs,
        "see_hand": HouseRummySeeHandArgs,
        "exchange": HouseRummyExchangeArgs,
        "search": HouseRummySearchArgs,
    },
)



# ----- rummy_battle

RummyBattleCard = Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "Hoard", "JC", "JD", "JH", "JK", "JS", "KC", "KD", "KH", "KS", "LuckyDay", "Pickpocket", "QC", "QD", "QH", "QS", "Switcheroo", "TC", "TD", "TH", "TS", "Thief"]

RummyBattleScoreRoundsItemDetailsExplanationsItemGroupsItem = TypedDict(
    "RummyBattleScoreRoundsItemDetailsExplanationsItemGroupsItem",
    {
        "group": int,
        "kind": Literal["run", "set"],
        "cards": list[RummyBattleCard],
        "points": int,
    },
)

RummyBattleScoreRoundsItemDetailsExplanationsItem = TypedDict(
    "RummyBattleScoreRoundsItemDetailsExplanationsItem",
    {
        "groups": list[RummyBattleScoreRoundsItemDetailsExplanationsItemGroupsItem],
        "actionCards": int,
        "actionPoints": int,
        "hand": list[RummyBattleCard],
        "handPoints": int,
        "goingOut": Literal[-100, -50, 0, 10],
        "points": int,
    },
)

RummyBattleScoreDetailsEnded = TypedDict(
    "RummyBattleScoreDetailsEnded",
    {
        "reason": Literal["creator"],
    },
)

RummyBattleScoreDetailsForfeit = TypedDict(
    "RummyBattleScoreDetailsForfeit",
    {
        "seat": int,
        "reason": Literal["left", "resigned", "time"],
    },
)

RummyBattleScoreRoundsItemDetails = TypedDict(
    "RummyBattleScoreRoundsItemDetails",
    {
        "played": list[int],
        "actionCards": list[int],
        "inHand": list[int],
        "goingOut": list[Literal[-100, -50, 0, 10]],
        "outs": list[int],
        "ended": Literal["out", "stock"],
        "markerRevealed": bool,
        "explanations": NotRequired[list[RummyBattleScoreRoundsItemDetailsExplanationsItem]],
    },
)

RummyBattleRoundEndedEventExplanationsItemGroupsItem = TypedDict(
    "RummyBattleRoundEndedEventExplanationsItemGroupsItem",
    {
        "group": int,
        "kind": Literal["run", "set"],
        "cards": list[RummyBattleCard],
        "points": int,
    },
)

RummyBattleScoreDetails = TypedDict(
    "RummyBattleScoreDetails",
    {
        "forfeit": NotRequired[RummyBattleScoreDetailsForfeit],
        "ended": NotRequired[RummyBattleScoreDetailsEnded],
    },
)

RummyBattleScoreRoundsItem = TypedDict(
    "RummyBattleScoreRoundsItem",
    {
        "label": str,
        "points": list[int],
        "details": RummyBattleScoreRoundsItemDetails,
    },
)

RummyBattleRoundEndedEventExplanationsItem = TypedDict(
    "RummyBattleRoundEndedEventExplanationsItem",
    {
        "groups": list[RummyBattleRoundEndedEventExplanationsItemGroupsItem],
        "actionCards": int,
        "actionPoints": int,
        "hand": list[RummyBattleCard],
        "handPoints": int,
        "goingOut": Literal[-100, -50, 0, 10],
        "points": int,
    },
)

RummyBattleViewLuckyDay1 = TypedDict(
    "RummyBattleViewLuckyDay1",
    {
        "seat": int,
        "seatsLeft": int,
    },
)

RummyBattleViewLuckyDay = TypedDict(
    "RummyBattleViewLuckyDay",
    {
        "seat": int,
        "seatsLeft": int,
    },
)

RummyBattleViewPending1 = TypedDict(
    "RummyBattleViewPending1",
    {
        "action": Literal["pickpocket", "switcheroo", "thief"],
        "by": int,
        "victim": int,
        "target": Literal["", "g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
    },
)

RummyBattleViewPending = TypedDict(
    "RummyBattleViewPending",
    {
        "action": Literal["pickpocket", "switcheroo", "thief"],
        "by": int,
        "victim": int,
        "target": Literal["", "g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
    },
)

RummyBattleViewGroupsItem = TypedDict(
    "RummyBattleViewGroupsItem",
    {
        "id": Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
        "owner": int,
        "kind": Literal["run", "set"],
        "cards": list[Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JK=2C", "JK=2D", "JK=2H", "JK=2S", "JK=3C", "JK=3D", "JK=3H", "JK=3S", "JK=4C", "JK=4D", "JK=4H", "JK=4S", "JK=5C", "JK=5D", "JK=5H", "JK=5S", "JK=6C", "JK=6D", "JK=6H", "JK=6S", "JK=7C", "JK=7D", "JK=7H", "JK=7S", "JK=8C", "JK=8D", "JK=8H", "JK=8S", "JK=9C", "JK=9D", "JK=9H", "JK=9S", "JK=AC", "JK=AD", "JK=AH", "JK=AS", "JK=JC", "JK=JD", "JK=JH", "JK=JS", "JK=KC", "JK=KD", "JK=KH", "JK=KS", "JK=QC", "JK=QD", "JK=QH", "JK=QS", "JK=TC", "JK=TD", "JK=TH", "JK=TS", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"]],
        "by": str,
    },
)

RummyBattleScore = TypedDict(
    "RummyBattleScore",
    {
        "totals": list[int],
        "rounds": list[RummyBattleScoreRoundsItem],
        "finished": bool,
        "winners": list[int],
        "details": RummyBattleScoreDetails,
    },
)

RummyBattlePassArgs = TypedDict("RummyBattlePassArgs", {})

RummyBattleAcceptArgs = TypedDict("RummyBattleAcceptArgs", {})

RummyBattleSecondChanceArgs = TypedDict("RummyBattleSecondChanceArgs", {})

RummyBattleDiscardArgs = TypedDict(
    "RummyBattleDiscardArgs",
    {
        "card": RummyBattleCard,
    },
)

RummyBattleLuckyDayArgs = TypedDict("RummyBattleLuckyDayArgs", {})

RummyBattleSwitcherooArgs = TypedDict(
    "RummyBattleSwitcherooArgs",
    {
        "seat": Literal["0", "1", "2", "3", "4", "5"],
    },
)

RummyBattleThiefArgs = TypedDict(
    "RummyBattleThiefArgs",
    {
        "group": Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
    },
)

RummyBattlePickpocketArgs = TypedDict(
    "RummyBattlePickpocketArgs",
    {
        "seat": Literal["0", "1", "2", "3", "4", "5"],
    },
)

RummyBattleDrawBonusArgs = TypedDict("RummyBattleDrawBonusArgs", {})

RummyBattleLayOffArgs = TypedDict(
    "RummyBattleLayOffArgs",
    {
        "group": Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
        "card": Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JK=2C", "JK=2D", "JK=2H", "JK=2S", "JK=3C", "JK=3D", "JK=3H", "JK=3S", "JK=4C", "JK=4D", "JK=4H", "JK=4S", "JK=5C", "JK=5D", "JK=5H", "JK=5S", "JK=6C", "JK=6D", "JK=6H", "JK=6S", "JK=7C", "JK=7D", "JK=7H", "JK=7S", "JK=8C", "JK=8D", "JK=8H", "JK=8S", "JK=9C", "JK=9D", "JK=9H", "JK=9S", "JK=AC", "JK=AD", "JK=AH", "JK=AS", "JK=JC", "JK=JD", "JK=JH", "JK=JS", "JK=KC", "JK=KD", "JK=KH", "JK=KS", "JK=QC", "JK=QD", "JK=QH", "JK=QS", "JK=TC", "JK=TD", "JK=TH", "JK=TS", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"],
    },
)

RummyBattleMeldArgs = TypedDict(
    "RummyBattleMeldArgs",
    {
        "cards": list[Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JK=2C", "JK=2D", "JK=2H", "JK=2S", "JK=3C", "JK=3D", "JK=3H", "JK=3S", "JK=4C", "JK=4D", "JK=4H", "JK=4S", "JK=5C", "JK=5D", "JK=5H", "JK=5S", "JK=6C", "JK=6D", "JK=6H", "JK=6S", "JK=7C", "JK=7D", "JK=7H", "JK=7S", "JK=8C", "JK=8D", "JK=8H", "JK=8S", "JK=9C", "JK=9D", "JK=9H", "JK=9S", "JK=AC", "JK=AD", "JK=AH", "JK=AS", "JK=JC", "JK=JD", "JK=JH", "JK=JS", "JK=KC", "JK=KD", "JK=KH", "JK=KS", "JK=QC", "JK=QD", "JK=QH", "JK=QS", "JK=TC", "JK=TD", "JK=TH", "JK=TS", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"]],
    },
)

RummyBattleHoardArgs = TypedDict(
    "RummyBattleHoardArgs",
    {
        "count": str,
    },
)

RummyBattleTakeArgs = TypedDict(
    "RummyBattleTakeArgs",
    {
        "count": str,
    },
)

RummyBattleDrawArgs = TypedDict("RummyBattleDrawArgs", {})

RummyBattleEndedEvent = TypedDict(
    "RummyBattleEndedEvent",
    {
        "kind": Literal["ended"],
        "text": str,
        "reason": Literal["creator"],
    },
)

RummyBattleForfeitedEvent = TypedDict(
    "RummyBattleForfeitedEvent",
    {
        "kind": Literal["forfeited"],
        "seat": int,
        "text": str,
        "reason": Literal["left", "resigned", "time"],
    },
)

RummyBattleSeedRevealedEvent = TypedDict(
    "RummyBattleSeedRevealedEvent",
    {
        "kind": Literal["seed_revealed"],
        "text": str,
        "seedSource": Literal["client", "server"],
        "seedCommitment": str,
        "seed": str,
        "salt": str,
    },
)

RummyBattleMatchFinishedEvent = TypedDict(
    "RummyBattleMatchFinishedEvent",
    {
        "kind": Literal["match_finished"],
        "seat": NotRequired[int],
        "text": str,
        "totals": list[int],
        "winners": list[int],
    },
)

RummyBattleRoundEndedEvent = TypedDict(
    "RummyBattleRoundEndedEvent",
    {
        "kind": Literal["round_ended"],
        "seat": NotRequired[int],
        "text": str,
        "round": int,
        "ended": Literal["out", "stock"],
        "outs": list[int],
        "markerRevealed": bool,
        "points": list[int],
        "played": list[int],
        "actions": list[int],
        "inHand": list[int],
        "bonus": list[Literal[-100, -50, 0, 10]],
        "explanations": list[RummyBattleRoundEndedEventExplanationsItem],
    },
)

RummyBattlePassedEvent = TypedDict(
    "RummyBattlePassedEvent",
    {
        "kind": Literal["passed"],
        "seat": int,
        "text": str,
    },
)

RummyBattleHandReceivedEvent = TypedDict(
    "RummyBattleHandReceivedEvent",
    {
        "kind": Literal["hand_received"],
        "seat": int,
        "text": str,
        "cards": list[RummyBattleCard],
    },
)

RummyBattleHandsSwitchedEvent = TypedDict(
    "RummyBattleHandsSwitchedEvent",
    {
        "kind": Literal["hands_switched"],
        "seat": int,
        "text": str,
        "victim": int,
        "handCounts": list[int],
    },
)

RummyBattleSetStolenEvent = TypedDict(
    "RummyBattleSetStolenEvent",
    {
        "kind": Literal["set_stolen"],
        "seat": int,
        "text": str,
        "victim": int,
        "group": Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
    },
)

RummyBattlePickpocketedEvent = TypedDict(
    "RummyBattlePickpocketedEvent",
    {
        "kind": Literal["pickpocketed"],
        "seat": int,
        "text": str,
        "victim": int,
        "card": NotRequired[RummyBattleCard],
    },
)

RummyBattleAcceptedEvent = TypedDict(
    "RummyBattleAcceptedEvent",
    {
        "kind": Literal["accepted"],
        "seat": int,
        "text": str,
        "action": Literal["pickpocket", "switcheroo", "thief"],
        "by": int,
    },
)

RummyBattleSecondChanceEvent = TypedDict(
    "RummyBattleSecondChanceEvent",
    {
        "kind": Literal["second_chance"],
        "seat": int,
        "text": str,
        "cancelled": Literal["pickpocket", "switcheroo", "thief"],
        "by": int,
    },
)

RummyBattleAwaitingSecondChanceEvent = TypedDict(
    "RummyBattleAwaitingSecondChanceEvent",
    {
        "kind": Literal["awaiting_second_chance"],
        "seat": int,
        "text": str,
        "action": Literal["pickpocket", "switcheroo", "thief"],
    },
)

RummyBattleActionPlayedEvent = TypedDict(
    "RummyBattleActionPlayedEvent",
    {
        "kind": Literal["action_played"],
        "seat": int,
        "text": str,
        "card": Literal["Hoard", "LuckyDay", "Pickpocket", "Switcheroo", "Thief"],
        "victim": NotRequired[int],
        "group": NotRequired[Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"]],
    },
)

RummyBattleStockExhaustedEvent = TypedDict(
    "RummyBattleStockExhaustedEvent",
    {
        "kind": Literal["stock_exhausted"],
        "seat": NotRequired[int],
        "text": str,
    },
)

RummyBattleWentOutEvent = TypedDict(
    "RummyBattleWentOutEvent",
    {
        "kind": Literal["went_out"],
        "seat": int,
        "text": str,
        "by": Literal["discard", "lucky_day", "playing"],
    },
)

RummyBattleDiscardedEvent = TypedDict(
    "RummyBattleDiscardedEvent",
    {
        "kind": Literal["discarded"],
        "seat": int,
        "text": str,
        "card": RummyBattleCard,
    },
)

RummyBattleLaidOffEvent = TypedDict(
    "RummyBattleLaidOffEvent",
    {
        "kind": Literal["laid_off"],
        "seat": int,
        "text": str,
        "group": Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
        "card": Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JK=2C", "JK=2D", "JK=2H", "JK=2S", "JK=3C", "JK=3D", "JK=3H", "JK=3S", "JK=4C", "JK=4D", "JK=4H", "JK=4S", "JK=5C", "JK=5D", "JK=5H", "JK=5S", "JK=6C", "JK=6D", "JK=6H", "JK=6S", "JK=7C", "JK=7D", "JK=7H", "JK=7S", "JK=8C", "JK=8D", "JK=8H", "JK=8S", "JK=9C", "JK=9D", "JK=9H", "JK=9S", "JK=AC", "JK=AD", "JK=AH", "JK=AS", "JK=JC", "JK=JD", "JK=JH", "JK=JS", "JK=KC", "JK=KD", "JK=KH", "JK=KS", "JK=QC", "JK=QD", "JK=QH", "JK=QS", "JK=TC", "JK=TD", "JK=TH", "JK=TS", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"],
        "luckyDay": bool,
    },
)

RummyBattleMeldedEvent = TypedDict(
    "RummyBattleMeldedEvent",
    {
        "kind": Literal["melded"],
        "seat": int,
        "text": str,
        "group": Literal["g1", "g10", "g11", "g12", "g13", "g14", "g15", "g16", "g17", "g18", "g19", "g2", "g20", "g21", "g22", "g23", "g24", "g25", "g26", "g27", "g28", "g29", "g3", "g30", "g31", "g32", "g33", "g34", "g35", "g36", "g37", "g38", "g39", "g4", "g40", "g41", "g42", "g43", "g44", "g45", "g46", "g47", "g48", "g49", "g5", "g50", "g51", "g52", "g53", "g54", "g6", "g7", "g8", "g9"],
        "meldKind": Literal["run", "set"],
        "cards": list[Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JK=2C", "JK=2D", "JK=2H", "JK=2S", "JK=3C", "JK=3D", "JK=3H", "JK=3S", "JK=4C", "JK=4D", "JK=4H", "JK=4S", "JK=5C", "JK=5D", "JK=5H", "JK=5S", "JK=6C", "JK=6D", "JK=6H", "JK=6S", "JK=7C", "JK=7D", "JK=7H", "JK=7S", "JK=8C", "JK=8D", "JK=8H", "JK=8S", "JK=9C", "JK=9D", "JK=9H", "JK=9S", "JK=AC", "JK=AD", "JK=AH", "JK=AS", "JK=JC", "JK=JD", "JK=JH", "JK=JS", "JK=KC", "JK=KD", "JK=KH", "JK=KS", "JK=QC", "JK=QD", "JK=QH", "JK=QS", "JK=TC", "JK=TD", "JK=TH", "JK=TS", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"]],
    },
)

RummyBattleMarkerRevealedEvent = TypedDict(
    "RummyBattleMarkerRevealedEvent",
    {
        "kind": Literal["marker_revealed"],
        "seat": NotRequired[int],
        "text": str,
        "stockCount": int,
    },
)

RummyBattleDrewBonusEvent = TypedDict(
    "RummyBattleDrewBonusEvent",
    {
        "kind": Literal["drew_bonus"],
        "seat": int,
        "text": str,
        "count": int,
        "cards": NotRequired[list[RummyBattleCard]],
    },
)

RummyBattleHoardedEvent = TypedDict(
    "RummyBattleHoardedEvent",
    {
        "kind": Literal["hoarded"],
        "seat": int,
        "text": str,
        "cards": list[Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"]],
    },
)

RummyBattleTookEvent = TypedDict(
    "RummyBattleTookEvent",
    {
        "kind": Literal["took"],
        "seat": int,
        "text": str,
        "cards": list[Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"]],
        "mustPlayLast": bool,
    },
)

RummyBattleDrewEvent = TypedDict(
    "RummyBattleDrewEvent",
    {
        "kind": Literal["drew"],
        "seat": int,
        "text": str,
        "count": int,
        "cards": NotRequired[list[RummyBattleCard]],
    },
)

RummyBattleHandDealtEvent = TypedDict(
    "RummyBattleHandDealtEvent",
    {
        "kind": Literal["hand_dealt"],
        "seat": int,
        "text": str,
        "cards": list[RummyBattleCard],
    },
)

RummyBattleRoundStartedEvent = TypedDict(
    "RummyBattleRoundStartedEvent",
    {
        "kind": Literal["round_started"],
        "seat": NotRequired[int],
        "text": str,
        "round": int,
        "dealer": int,
        "firstPlayer": int,
        "upCard": Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"] | None,
        "actionCardsReturned": int,
        "stockCount": int,
        "cardsAboveMarker": int,
        "handCounts": list[int],
    },
)

RummyBattleView = TypedDict(
    "RummyBattleView",
    {
        "game": str,
        "rulesVersion": int,
        "players": int,
        "seat": int | None,
        "step": int,
        "toAct": list[int],
        "finished": bool,
        "options": dict[str, Any],
        "phase": Literal["draw", "finished", "lucky", "play", "react"],
        "round": int,
        "rounds": int,
        "dealer": int,
        "turn": int,
        "firstTurn": bool,
        "hand": list[RummyBattleCard] | None,
        "handCounts": list[int],
        "stockCount": int,
        "markerRevealed": bool,
        "cardsAboveMarker": int,
        "discardPile": list[Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"]],
        "actionPile": list[Literal["Hoard", "LuckyDay", "Pickpocket", "Switcheroo", "Thief"]],
        "groups": list[RummyBattleViewGroupsItem],
        "opened": list[bool],
        "secondChance": list[bool],
        "actionsPlayed": list[int],
        "mustPlay": Literal["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "JC", "JD", "JH", "JK", "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "TC", "TD", "TH", "TS"] | None,
        "bonusDraws": int,
        "pending": RummyBattleViewPending | RummyBattleViewPending1,
        "luckyDay": RummyBattleViewLuckyDay | RummyBattleViewLuckyDay1,
        "outs": list[int],
        "totals": list[int],
    },
)

RummyBattleEvent = RummyBattleRoundStartedEvent | RummyBattleHandDealtEvent | RummyBattleDrewEvent | RummyBattleTookEvent | RummyBattleHoardedEvent | RummyBattleDrewBonusEvent | RummyBattleMarkerRevealedEvent | RummyBattleMeldedEvent | RummyBattleLaidOffEvent | RummyBattleDiscardedEvent | RummyBattleWentOutEvent | RummyBattleStockExhaustedEvent | RummyBattleActionPlayedEvent | RummyBattleAwaitingSecondChanceEvent | RummyBattleSecondChanceEvent | RummyBattleAcceptedEvent | RummyBattlePickpocketedEvent | RummyBattleSetStolenEvent | RummyBattleHandsSwitchedEvent | RummyBattleHandReceivedEvent | RummyBattlePassedEvent | RummyBattleRoundEndedEvent | RummyBattleMatchFinishedEvent | RummyBattleSeedRevealedEvent | RummyBattleForfeitedEvent | RummyBattleEndedEvent

RummyBattleMoveArgs = TypedDict(
    "RummyBattleMoveArgs",
    {
        "draw": RummyBattleDrawArgs,
        "take": RummyBattleTakeArgs,
        "hoard": RummyBattleHoardArgs,
        "meld": RummyBattleMeldArgs,
        "lay_off": RummyBattleLayOffArgs,
        "draw_bonus": RummyBattleDrawBonusArgs,
        "pickpocket": RummyBattlePickpocketArgs,
        "thief": RummyBattleThiefArgs,
        "switcheroo": RummyBattleSwitcherooArgs,
        "lucky_day": RummyBattleLuckyDayArgs,
        "discard": RummyBattleDiscardArgs,
        "second_chance": RummyBattleSecondChanceArgs,
        "accept": RummyBattleAcceptArgs,
        "pass": RummyBattlePassArgs,
    },
)



GameTypeId = Literal["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]


KeyEventKind = Literal["game_created", "game_joined", "your_turn", "game_finished", "game_in_progress", "tournament_round", "match_found"]
"""Every kind of event of an API key's stream (WatchKeyEvents, GET /v1/key-events)."""


BotKind = Literal["random", "greedy", "mcts", "easy", "medium", "hard"]
"""Every kind of bot a seat can be given (the catalog's bot_kinds; mcts also takes a budget: mcts:500ms)."""


BotLevelName = Literal["easy", "medium", "hard"]
"""The levels of play, weakest first (each game's GameType.levels, with their ratings)."""


@overload
def typed_view(view: GameView, game_type: Literal["dracula"]) -> DraculaView: ...


@overload
def typed_view(view: GameView, game_type: Literal["dragon_rummy"]) -> DragonRummyView: ...


@overload
def typed_view(view: GameView, game_type: Literal["draw_blood"]) -> DrawBloodView: ...


@overload
def typed_view(view: GameView, game_type: Literal["house_rummy"]) -> HouseRummyView: ...


@overload
def typed_view(view: GameView, game_type: Literal["rummy_battle"]) -> RummyBattleView: ...


def typed_view(view: GameView, game_type: GameTypeId) -> Any:
    """The view typed for its game type (``GameView.view``, checked: no cast)."""
    if view.game_type != game_type:
        raise ValueError(f"a {view.game_type} view is no {game_type} view")
    return cast(Any, view.view)


@overload
def typed_event(event: GameEvent, game_type: Literal["dracula"]) -> DraculaEvent: ...


@overload
def typed_event(event: GameEvent, game_type: Literal["dragon_rummy"]) -> DragonRummyEvent: ...


@overload
def typed_event(event: GameEvent, game_type: Literal["draw_blood"]) -> DrawBloodEvent: ...


@overload
def typed_event(event: GameEvent, game_type: Literal["house_rummy"]) -> HouseRummyEvent: ...


@overload
def typed_event(event: GameEvent, game_type: Literal["rummy_battle"]) -> RummyBattleEvent: ...


def typed_event(event: GameEvent, game_type: GameTypeId) -> Any:
    """The event typed for its game type (``GameEvent.content``, checked: no cast)."""
    return cast(Any, event.content)
