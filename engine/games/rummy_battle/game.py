"""Rummy Battle: the declaration, set-up, views and scores; the turn flow is in ``flow``, legality in ``legal``."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from engine.errors import IllegalMoveError, InvalidOptionError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.games.rummy_battle.cards import hand_sort_key
from engine.games.rummy_battle.deal import deal_round, match_deck
from engine.games.rummy_battle.explain import explain
from engine.games.rummy_battle.flow import group_view, match_totals, play
from engine.games.rummy_battle.legal import legal_moves
from engine.games.rummy_battle.table import (
    ACCEPT,
    DISCARD,
    DRAW,
    DRAW_BONUS,
    DRAW_MOVE,
    FINISHED,
    HOARD_MOVE,
    LAY_OFF,
    LUCKY,
    LUCKY_DAY_MOVE,
    MELD,
    PASS,
    PICKPOCKET_MOVE,
    REACT,
    SECOND_CHANCE,
    SWITCHEROO_MOVE,
    TAKE,
    THIEF_MOVE,
    RummyTable,
    marker_revealed,
    stock_cards,
    stock_count,
    table_of,
)
from engine.moves import Move, MoveKind
from engine.options import OptionSpec
from engine.scoring import RoundScore, ScoreSheet, highest_scorers
from engine.state import GameState

HAND_NAMES = [f"hand:{seat}" for seat in range(6)]
SEAT_SETS = [frozenset((seat,)) for seat in range(6)]


class RummyBattleGame(Game):
    id: ClassVar[str] = "rummy_battle"
    title: ClassVar[str] = "Rummy Battle"
    description: ClassVar[str] = (
        "Every player for himself: lay Runs and Sets (Jokers wild), play off on anyone's groups, and fight with "
        "Action Cards (Hoard, Pickpocket, Thief, Switcheroo, Lucky Day) and a 2nd Chance. Five rounds; the "
        "Marker decides whether going out costs 100 or earns 10."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(name="rounds", kind="int", default=5, minimum=1, maximum=10, description="Rounds in a match."),
        OptionSpec(
            name="hand_size", kind="int", default=10, minimum=3, maximum=15, description="Cards dealt to each player."
        ),
        OptionSpec(
            name="marker_depth",
            kind="int",
            default=30,
            minimum=0,
            maximum=60,
            description="Cards counted from the bottom of the stock to insert the Marker.",
        ),
        OptionSpec(name="decks", kind="int", default=2, minimum=1, maximum=3, description="Standard 52-card decks."),
        OptionSpec(name="jokers", kind="int", default=4, minimum=0, maximum=8, description="Jokers (wild, 20 points)."),
        OptionSpec(
            name="action_copies",
            kind="int",
            default=4,
            minimum=0,
            maximum=6,
            description="Copies of each Action Card (Hoard, Pickpocket, Thief, Switcheroo, Lucky Day).",
        ),
        OptionSpec(
            name="second_chance",
            kind="bool",
            default=True,
            description="Each player receives one 2nd Chance Card for the match.",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = {
        DRAW_MOVE: MoveKind(DRAW_MOVE, (), description="Draw two cards from the stock"),
        TAKE: MoveKind(TAKE, ("count",), description="Take the top {count} card(s) of the discard pile"),
        HOARD_MOVE: MoveKind(HOARD_MOVE, ("count",), description="Play Hoard: take the top {count} discard(s)"),
        MELD: MoveKind(MELD, ("cards",), frozenset({"cards"}), description="Lay down the group {cards}"),
        LAY_OFF: MoveKind(LAY_OFF, ("group", "card"), description="Play off {card} on group {group}"),
        DRAW_BONUS: MoveKind(DRAW_BONUS, (), description="Draw one card for a new group"),
        PICKPOCKET_MOVE: MoveKind(PICKPOCKET_MOVE, ("seat",), description="Play Pickpocket against seat {seat}"),
        THIEF_MOVE: MoveKind(THIEF_MOVE, ("group",), description="Play Thief to take the Set {group}"),
        SWITCHEROO_MOVE: MoveKind(SWITCHEROO_MOVE, ("seat",), description="Play Switcheroo with seat {seat}"),
        LUCKY_DAY_MOVE: MoveKind(LUCKY_DAY_MOVE, (), description="Play Lucky Day"),
        DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}, ending the turn"),
        SECOND_CHANCE: MoveKind(SECOND_CHANCE, (), description="Reveal the 2nd Chance to cancel the Action Card"),
        ACCEPT: MoveKind(ACCEPT, (), description="Let the Action Card take effect"),
        PASS: MoveKind(PASS, (), description="Play off no card in Lucky Day's round"),
    }
    # One round with the full pack: every rule, at 2 to 6 players, within the CI budget for 1,000 playouts per
    # variant. Later rounds repeat the same deal code; the round-to-round flow is covered by scripted hands.
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = ({"rounds": 1},)
    playout_bound: ClassVar[int] = 30_000

    def deck(self, state: GameState) -> list[str]:
        return match_deck(state)

    def setup(self, state: GameState) -> list[Event]:
        cards = len(match_deck(state))
        needed = state.players * int(state.options["hand_size"]) + 2
        if cards < needed:
            raise InvalidOptionError(
                f"Option 'hand_size' is too large: dealing {state.options['hand_size']} cards to {state.players} "
                f"players needs {needed} cards with an up-card and a stock, but the pack has {cards}.",
                option="hand_size",
            )
        state.table = cast(
            dict[str, Any],
            RummyTable(
                phase=DRAW,
                round=0,
                dealer=0,
                turn=0,
                first_turn=True,
                hands=[],
                stock="",
                marker=0,
                discards=[],
                action_pile=[],
                groups=[],
                opened=[],
                second_chance=[bool(state.options["second_chance"])] * state.players,
                actions_played=[],
                must_play="",
                bonus_draws=0,
                resume="",
                pending=None,
                lucky_seat=0,
                lucky_left=0,
                outs=[],
                rounds=[],
            ),
        )
        events: list[Event] = []
        deal_round(state, events)
        return events

    # ----- turn flow -----------------------------------------------------------------------------------
    def to_act(self, state: GameState) -> tuple[int, ...]:
        table = table_of(state)
        phase = table["phase"]
        if phase == REACT:
            pending = table["pending"]
            return (pending["victim"],) if pending else ()
        if phase == LUCKY:
            return (table["lucky_seat"],)
        if phase == FINISHED:
            return ()
        return (table["turn"],)

    def is_finished(self, state: GameState) -> bool:
        return table_of(state)["phase"] == FINISHED

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        return legal_moves(table_of(state), seat)

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        return play(state, seat, move)

    def explain_illegal(self, state: GameState, seat: int, move: Move) -> IllegalMoveError:
        return explain(table_of(state), state.players, seat, move)

    # ----- views ---------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = table_of(state)
        pending = table["pending"]
        return {
            "phase": table["phase"],
            "round": table["round"],
            "rounds": int(state.options["rounds"]),
            "dealer": table["dealer"],
            "turn": table["turn"],
            "firstTurn": table["first_turn"],
            "hand": sorted(table["hands"][seat], key=hand_sort_key) if seat is not None else None,
            "handCounts": [len(hand) for hand in table["hands"]],
            "stockCount": stock_count(table["stock"]),
            "markerRevealed": marker_revealed(table),
            "cardsAboveMarker": max(0, stock_count(table["stock"]) - table["marker"]),
            "discardPile": list(table["discards"]),
            "actionPile": list(table["action_pile"]),
            "groups": [group_view(index, group) for index, group in enumerate(table["groups"])],
            "opened": list(table["opened"]),
            "secondChance": list(table["second_chance"]),
            "actionsPlayed": list(table["actions_played"]),
            "mustPlay": table["must_play"] or None,
            "bonusDraws": table["bonus_draws"],
            "pending": dict(pending) if pending else None,
            "luckyDay": (
                {"seat": table["lucky_seat"], "seatsLeft": table["lucky_left"]} if table["phase"] == LUCKY else None
            ),
            "outs": list(table["outs"]),
            "totals": match_totals(table, state.players),
        }

    def card_locations(self, state: GameState) -> list[CardLocation]:
        table = table_of(state)
        places = [CardLocation(HAND_NAMES[seat], hand, SEAT_SETS[seat]) for seat, hand in enumerate(table["hands"])]
        places.append(CardLocation("stock", stock_cards(table["stock"]), frozenset()))
        places.append(CardLocation("discards", table["discards"]))
        places.append(CardLocation("actions", table["action_pile"]))
        places.append(CardLocation("groups", [card for group in table["groups"] for card in group["cards"]]))
        if table["must_play"]:
            places.append(CardLocation("must_play", [table["must_play"]]))
        return places

    # ----- scores --------------------------------------------------------------------------------------
    def score(self, state: GameState) -> ScoreSheet:
        table = table_of(state)
        rounds = tuple(
            RoundScore(
                f"round {number}",
                tuple(record["points"]),
                {
                    "played": record["played"],
                    "actionCards": record["actions"],
                    "inHand": record["in_hand"],
                    "goingOut": record["bonus"],
                    "outs": record["outs"],
                    "ended": record["ended"],
                    "markerRevealed": record["marker_revealed"],
                },
            )
            for number, record in enumerate(table["rounds"], start=1)
        )
        totals = tuple(match_totals(table, state.players))
        finished = table["phase"] == FINISHED
        return ScoreSheet(totals, rounds, finished, highest_scorers(totals) if finished else ())
