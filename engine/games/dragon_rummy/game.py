"""Dragon Mystery Rummy's turn flow: deal, then turns of draw-or-take, plays and a discard, then scoring.

The turn is a small state machine. ``draw`` phase: draw the top card of the deck, or take a card of the spread
discard pile with every card on top of it (the deepest taken must be played this turn). ``play`` phase: any
allowed plays, then one mandatory discard, which passes the turn (or ends the hand). Hands are dealt until a
player's total reaches the target score.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, ClassVar, cast

from engine.errors import IllegalMoveError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.games.dragon_rummy.dragons import (
    HAND_SIZES,
    dragon_name,
    full_deck,
    play_area_points,
)
from engine.games.dragon_rummy.explain import explain
from engine.games.dragon_rummy.legal import (
    DISCARD,
    DRAW,
    PLAY,
    SET,
    TAKE,
    draw_phase_moves,
    play_phase_moves,
)
from engine.games.dragon_rummy.plays import (
    SLOT_DRAW_TWO,
    SLOT_RARE,
    cards_drawn,
    single_slot,
    split_source,
)
from engine.games.dragon_rummy.table import (
    ENDED_DECK,
    ENDED_OUT,
    PHASE_DRAW,
    PHASE_FINISHED,
    PHASE_PLAY,
    DragonTable,
    HandRecord,
    table_of,
)
from engine.moves import Move, MoveKind
from engine.options import OptionSpec
from engine.scoring import RoundScore, ScoreSheet, highest_scorers
from engine.state import GameState

TARGET_OPTION = "target_score"
MAX_PLAYERS = 4
FULL_DECK = tuple(full_deck())
HAND_PLACES = tuple(f"hand:{seat}" for seat in range(MAX_PLAYERS))
ONLY_SEAT = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
NOBODY: frozenset[int] = frozenset()


class DragonRummyGame(Game):
    id: ClassVar[str] = "dragon_rummy"
    title: ClassVar[str] = "Dragon Mystery Rummy: The Case of the Rare Dragon"
    description: ClassVar[str] = (
        "Mike Fitzgerald's rummy of forty dragons: draw, or dig into the spread discard pile; play the hand's "
        "draw-2 dragon, its rare dragon, a split of someone's set of three, or sets of three or four; discard. "
        "Rare dragons score 3, draw-2 dragons -1, others 1; hands until someone reaches the target."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name=TARGET_OPTION,
            kind="int",
            default=50,
            minimum=1,
            maximum=500,
            description="Hands are played until someone has this many points or more at the end of a hand.",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = {
        DRAW: MoveKind(DRAW, (), description="Draw the top card of the dragon deck"),
        TAKE: MoveKind(
            TAKE,
            ("card", "count"),
            description="Take the top {count} cards of the discard pile, down to {card}, and play {card} this turn",
        ),
        PLAY: MoveKind(
            PLAY,
            ("card",),
            description="Play one {card}: the draw-2 dragon draws two, the rare dragon takes every other copy in "
            "play, any other dragon takes one of a set of three in play",
        ),
        SET: MoveKind(SET, ("cards",), frozenset({"cards"}), description="Play the set {cards}"),
        DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}, ending the turn"),
    }
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = ({}, {TARGET_OPTION: 10})
    # 3,000 random 4-player matches to 50 points took at most 550 moves (17 hands).
    playout_bound: ClassVar[int] = 5_000

    def deck(self, state: GameState) -> list[str]:
        return list(FULL_DECK)

    # ----- set-up --------------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        state.table = cast(
            dict[str, Any],
            DragonTable(
                phase=PHASE_DRAW,
                hand_number=0,
                starter=0,
                turn=0,
                draw_two="",
                rare="",
                deck=[],
                discard=[],
                hands=[[] for _ in range(state.players)],
                areas=[[] for _ in range(state.players)],
                must_play=None,
                used=[],
                last_drawn=False,
                records=[],
            ),
        )
        events: list[Event] = []
        self._start_hand(state, 0, events)
        return events

    def _start_hand(self, state: GameState, starter: int, events: list[Event]) -> None:
        """Shuffles the forty cards, deals, turns the draw-2 and rare dragons and starts the discard pile."""
        table = table_of(state)
        players = state.players
        deck = full_deck()
        state.shuffle(deck)
        order = [(starter + i) % players for i in range(players)]
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(HAND_SIZES[players]):
            for seat in order:
                hands[seat].append(deck.pop())
        draw_two = deck.pop()
        rare = deck.pop()
        while rare == draw_two:
            events.append(Event("rare_turned_again", data={"card": rare}))
            deck.append(rare)
            state.shuffle(deck)
            rare = deck.pop()
        table["hand_number"] += 1
        table["starter"] = starter
        table["turn"] = starter
        table["phase"] = PHASE_DRAW
        table["draw_two"] = draw_two
        table["rare"] = rare
        table["hands"] = [sorted(hand) for hand in hands]
        table["areas"] = [[] for _ in range(players)]
        table["discard"] = [deck.pop()]
        table["deck"] = deck
        self._reset_turn(table)
        events.append(
            Event(
                "hand_started",
                data={
                    "hand": table["hand_number"],
                    "starter": starter,
                    "drawTwo": draw_two,
                    "rare": rare,
                    "discard": list(table["discard"]),
                    "deckCount": len(deck),
                    "handCounts": [len(hand) for hand in hands],
                },
            )
        )
        events.extend(
            Event("hand_dealt", seat=seat, data={"cards": list(table["hands"][seat])}, audience=(seat,))
            for seat in range(players)
        )

    @staticmethod
    def _reset_turn(table: DragonTable) -> None:
        table["must_play"] = None
        table["used"] = []
        table["last_drawn"] = False

    # ----- turn flow -----------------------------------------------------------------------------------
    def to_act(self, state: GameState) -> tuple[int, ...]:
        table = table_of(state)
        return () if table["phase"] == PHASE_FINISHED else (table["turn"],)

    def is_finished(self, state: GameState) -> bool:
        return table_of(state)["phase"] == PHASE_FINISHED

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        table = table_of(state)
        if table["phase"] == PHASE_DRAW:
            return draw_phase_moves(table, seat)
        return play_phase_moves(table, seat)

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        if table_of(state)["phase"] == PHASE_DRAW:
            self._draw_phase(state, seat, move, events)
        else:
            self._play_phase(state, seat, move, events)
        return events

    # ----- draw phase: draw from the deck or take from the discard pile -------------------------------
    def _draw_phase(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        if move.kind == DRAW:
            self._draw(state, seat, events)
        else:
            self._take(state, seat, int(move.args[1]), events)

    def _draw(self, state: GameState, seat: int, events: list[Event]) -> None:
        table = table_of(state)
        card = table["deck"].pop()
        insort(table["hands"][seat], card)
        table["last_drawn"] = not table["deck"]
        table["phase"] = PHASE_PLAY
        events.append(
            Event(
                "drew",
                seat=seat,
                data={"deckCount": len(table["deck"]), "lastCard": table["last_drawn"]},
                secret={"card": card},
                secret_to=(seat,),
            )
        )

    def _take(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        table = table_of(state)
        taken = table["discard"][-count:]
        del table["discard"][-count:]
        for card in taken:
            insort(table["hands"][seat], card)
        table["must_play"] = taken[0]
        table["phase"] = PHASE_PLAY
        events.append(Event("took", seat=seat, data={"cards": taken, "count": count}))  # cards[0] must be played

    # ----- play phase: single plays and sets, then the discard ----------------------------------------
    def _play_phase(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        if move.kind == PLAY:
            self._play_single(state, seat, move.args[0], events)
        elif move.kind == SET:
            self._play_set(state, seat, move.args[0].split(","), events)
        else:
            self._discard(state, seat, move.args[0], events)

    def _play_single(self, state: GameState, seat: int, card: str, events: list[Event]) -> None:
        table = table_of(state)
        table["hands"][seat].remove(card)
        area = table["areas"][seat]
        slot = single_slot(card, table["draw_two"], table["rare"])
        table["used"].append(slot)
        if table["must_play"] == card:
            table["must_play"] = None
        if slot == SLOT_DRAW_TWO:
            insort(area, card)
            drawn = [table["deck"].pop() for _ in range(cards_drawn(card, card, len(table["deck"])))]
            for drawn_card in drawn:
                insort(table["hands"][seat], drawn_card)
            if drawn and not table["deck"]:
                table["last_drawn"] = True
            events.append(
                Event(
                    "draw_two_played",
                    seat=seat,
                    data={
                        "card": card,
                        "drawnCount": len(drawn),
                        "deckCount": len(table["deck"]),
                        "lastCard": table["last_drawn"],
                    },
                    secret={"drawn": drawn},
                    secret_to=(seat,),
                )
            )
        elif slot == SLOT_RARE:
            taken = [0] * state.players
            for other, other_area in enumerate(table["areas"]):
                if other != seat:
                    taken[other] = other_area.count(card)
                    table["areas"][other] = [c for c in other_area if c != card]
            area.extend([card] * (1 + sum(taken)))
            area.sort()
            events.append(Event("rare_played", seat=seat, data={"card": card, "takenFrom": taken}))
        else:
            source = split_source(card, table["areas"])
            assert source is not None
            table["areas"][source].remove(card)
            area.extend((card, card))
            area.sort()
            events.append(Event("set_split", seat=seat, data={"card": card, "fromSeat": source}))

    def _play_set(self, state: GameState, seat: int, cards: list[str], events: list[Event]) -> None:
        table = table_of(state)
        hand = table["hands"][seat]
        for card in cards:
            hand.remove(card)
        table["areas"][seat].extend(cards)
        table["areas"][seat].sort()
        if table["must_play"] == cards[0]:
            table["must_play"] = None
        events.append(Event("set_played", seat=seat, data={"cards": cards}))

    def _discard(self, state: GameState, seat: int, card: str, events: list[Event]) -> None:
        table = table_of(state)
        table["hands"][seat].remove(card)
        table["discard"].append(card)
        events.append(Event("discarded", seat=seat, data={"card": card, "handCount": len(table["hands"][seat])}))
        if not table["hands"][seat]:
            self._end_hand(state, seat, ENDED_OUT, events)
        elif table["last_drawn"]:
            self._end_hand(state, seat, ENDED_DECK, events)
        else:
            table["turn"] = (seat + 1) % state.players
            table["phase"] = PHASE_DRAW
            self._reset_turn(table)

    # ----- end of a hand -------------------------------------------------------------------------------
    def _end_hand(self, state: GameState, seat: int, ended: str, events: list[Event]) -> None:
        table = table_of(state)
        draw_two, rare = table["draw_two"], table["rare"]
        points = [play_area_points(area, draw_two, rare) for area in table["areas"]]
        breakdown = [
            [area.count(draw_two), area.count(rare), len(area) - area.count(draw_two) - area.count(rare)]
            for area in table["areas"]
        ]
        table["records"].append(
            HandRecord(
                hand=table["hand_number"],
                draw_two=draw_two,
                rare=rare,
                ended=ended,
                by=seat,
                points=points,
                breakdown=breakdown,
            )
        )
        totals = match_totals(table, state.players)
        events.append(
            Event(
                "hand_ended",
                seat=seat,
                data={"hand": table["hand_number"], "ended": ended, "points": points, "totals": totals},
            )
        )
        if max(totals) >= int(state.options[TARGET_OPTION]):
            table["phase"] = PHASE_FINISHED
            self._reset_turn(table)
            events.append(Event("match_finished", data={"totals": totals, "winners": list(highest_scorers(totals))}))
            return
        self._start_hand(state, (table["starter"] + 1) % state.players, events)

    # ----- errors --------------------------------------------------------------------------------------
    def explain_illegal(self, state: GameState, seat: int, move: Move) -> IllegalMoveError:
        return explain(table_of(state), seat, move, state.step) or super().explain_illegal(state, seat, move)

    # ----- views ---------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = table_of(state)
        draw_two, rare = table["draw_two"], table["rare"]
        return {
            "phase": table["phase"],
            "handNumber": table["hand_number"],
            "starter": table["starter"],
            "turn": table["turn"],
            "drawTwo": draw_two,
            "rare": rare,
            "drawTwoName": dragon_name(draw_two),
            "rareName": dragon_name(rare),
            "hand": list(self._private_hand(table, seat)) if seat is not None else None,
            "handCounts": [len(hand) for hand in table["hands"]],
            "deckCount": len(table["deck"]),
            "discard": list(table["discard"]),
            "playAreas": [list(area) for area in table["areas"]],
            "playAreaPoints": [play_area_points(area, draw_two, rare) for area in table["areas"]],
            "mustPlay": table["must_play"],
            "usedThisTurn": list(table["used"]),
            "lastCardDrawn": table["last_drawn"],
            "totals": match_totals(table, state.players),
            "targetScore": int(state.options[TARGET_OPTION]),
        }

    @staticmethod
    def _private_hand(table: DragonTable, seat: int) -> list[str]:
        """The seat's cards, except the one taken from the discard pile that must still be played (public)."""
        hand = table["hands"][seat]
        if table["must_play"] is not None and seat == table["turn"]:
            hand = list(hand)
            hand.remove(table["must_play"])
        return hand

    def card_locations(self, state: GameState) -> list[CardLocation]:
        """Each hand (its owner's), the deck (nobody's), and one public place: the discard pile, every play area,
        the face-up draw-2 and rare dragons, and a card taken from the discard pile that must still be played."""
        table = table_of(state)
        places = [
            CardLocation(HAND_PLACES[seat], self._private_hand(table, seat), ONLY_SEAT[seat])
            for seat in range(state.players)
        ]
        places.append(CardLocation("deck", table["deck"], NOBODY))
        face_up = [*table["discard"], table["draw_two"], table["rare"]]
        for area in table["areas"]:
            face_up.extend(area)
        if table["must_play"] is not None:
            face_up.append(table["must_play"])
        places.append(CardLocation("face_up", face_up))
        return places

    # ----- scores --------------------------------------------------------------------------------------
    def score(self, state: GameState) -> ScoreSheet:
        table = table_of(state)
        rounds = tuple(
            RoundScore(
                f"hand {record['hand']}",
                tuple(record["points"]),
                {
                    "drawTwo": record["draw_two"],
                    "rare": record["rare"],
                    "ended": record["ended"],
                    "by": record["by"],
                    "playAreas": [{"drawTwo": d, "rare": r, "other": o} for d, r, o in record["breakdown"]],
                },
            )
            for record in table["records"]
        )
        totals = match_totals(table, state.players)
        finished = table["phase"] == PHASE_FINISHED
        return ScoreSheet(
            tuple(totals),
            rounds,
            finished,
            highest_scorers(totals) if finished else (),
            {"targetScore": int(state.options[TARGET_OPTION])},
        )


def match_totals(table: DragonTable, players: int) -> list[int]:
    return [sum(record["points"][seat] for record in table["records"]) for seat in range(players)]
