"""Draw Blood's turn flow: a small state machine over hands of play, and the match to a target score.

Phases: ``draw`` (draw one card, or pick up the whole Discard Pile), ``act`` (one move per live Monster, at least
one; at most one discard; ``end_turn`` ends the turn early), ``hand_over`` (the hand is scored and every hand is
shown; the next hand's leader deals it with ``next_hand``) and ``finished``. A hand ends when a player goes out or
the moment the last card of the Draw Pile is drawn. The match ends after the hand in which a player reaches the
target score, or after ``max_hands`` hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from engine.errors import IllegalMoveError, InvalidOptionError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.games.draw_blood.actions import action_moves
from engine.games.draw_blood.cards import (
    CARD_ORDER,
    CARD_POINTS,
    KILL,
    SLOT_INDEX,
    SLOT_OF_IMMUNITY,
    SLOT_OF_MONSTER,
    SLOTS,
    DeckSpec,
    hand_points,
    sort_cards,
)
from engine.games.draw_blood.illegal import explain
from engine.games.draw_blood.melds import extend_meld, meld_kind
from engine.games.draw_blood.move_kinds import (
    DISCARD,
    DRAW,
    END_TURN,
    KILL_MONSTER,
    LAY_OFF,
    MELD,
    MOVE_KINDS,
    NEXT_HAND,
    PAIR_KILL,
    PAIR_REVIVE,
    PICK_UP_DISCARD_PILE,
    PLAY_IMMUNITY,
    PLAY_MONSTER,
    TRIPLE_KILL,
    TRIPLE_REVIVE,
)
from engine.games.draw_blood.table import (
    ENDING_DEPLETED,
    ENDING_OUT,
    PHASE_ACT,
    PHASE_DRAW,
    PHASE_FINISHED,
    PHASE_HAND_OVER,
    DrawBloodTable,
    HandRecord,
    Meld,
    empty_slot,
    is_immune,
    live_monsters,
    moves_per_turn,
    table_of,
)
from engine.moves import LIST_SEPARATOR, Move
from engine.options import OptionSpec
from engine.scoring import RoundScore, ScoreSheet, highest_scorers
from engine.state import GameState

HAND_SIZE = 10


def deck_spec(options: dict[str, Any]) -> DeckSpec:
    return DeckSpec(
        highest_number=int(options["highest_number"]),
        number_copies=int(options["number_copies"]),
        monster_copies=int(options["monster_copies"]),
        kill_cards=int(options["kill_cards"]),
        immunity=bool(options["immunity"]),
    )


class DrawBloodGame(Game):
    id: ClassVar[str] = "draw_blood"
    title: ClassVar[str] = "Draw Blood"
    description: ClassVar[str] = (
        "Draw Blood Rummy: play Monsters to earn moves, lay down Melds, kill your opponents' Monsters with Kill "
        "cards and Triple Skulls, revive yours with Triple Hearts; optional Immunity expansion."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(name="immunity", kind="bool", default=False, description="Add the three Immunity cards."),
        OptionSpec(
            name="target_score",
            kind="int",
            default=500,
            minimum=1,
            maximum=100_000,
            description="The match ends after the hand in which a player reaches this score.",
        ),
        OptionSpec(
            name="max_hands",
            kind="int",
            default=50,
            minimum=1,
            maximum=1000,
            description="The match also ends after this many hands (the highest total wins).",
        ),
        OptionSpec(
            name="highest_number",
            kind="int",
            default=7,
            minimum=3,
            maximum=9,
            description="Numbered Blood Cards run from 1 to this number.",
        ),
        OptionSpec(
            name="number_copies",
            kind="int",
            default=6,
            minimum=1,
            maximum=12,
            description="Copies of each Numbered Blood Card.",
        ),
        OptionSpec(
            name="monster_copies", kind="int", default=3, minimum=1, maximum=6, description="Copies of each Monster."
        ),
        OptionSpec(name="kill_cards", kind="int", default=3, minimum=0, maximum=6, description="Number of Kill cards."),
    )
    move_kinds: ClassVar[dict[str, Any]] = MOVE_KINDS
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = (
        {"immunity": False, "max_hands": 2},
        {"immunity": True, "max_hands": 2},
    )
    playout_bound: ClassVar[int] = 20_000

    def deck(self, state: GameState) -> list[str]:
        return deck_spec(state.options).cards()

    # ----- set-up --------------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        if len(self.deck(state)) <= HAND_SIZE * state.players:
            raise InvalidOptionError(
                f"The deck of {len(self.deck(state))} cards is too small to deal {HAND_SIZE} cards to each of "
                f"{state.players} players and leave a Draw Pile; add cards with the deck options.",
                option="number_copies",
            )
        state.table = cast(
            dict[str, Any],
            DrawBloodTable(
                phase=PHASE_DRAW,
                hand_number=0,
                leader=0,
                turn=0,
                moves_left=0,
                discarded=False,
                must_use=None,
                hands=[],
                draw_pile=[],
                discard_pile=[],
                rows=[],
                melds=[],
                next_meld_id=1,
                rounds=[],
            ),
        )
        events: list[Event] = []
        self._deal(state, events)
        return events

    def _deal(self, state: GameState, events: list[Event]) -> None:
        table = table_of(state)
        players = state.players
        table["hand_number"] += 1
        leader = (table["hand_number"] - 1) % players
        cards = self.deck(state)
        state.shuffle(cards)
        order = [(leader + i) % players for i in range(players)]
        hands: list[list[str]] = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            hands[order[i % players]].append(cards.pop())
        table["phase"] = PHASE_DRAW
        table["leader"] = table["turn"] = leader
        table["moves_left"] = 0
        table["discarded"] = False
        table["must_use"] = None
        table["hands"] = hands
        table["draw_pile"] = cards
        table["discard_pile"] = []
        table["rows"] = [[empty_slot() for _ in SLOTS] for _ in range(players)]
        table["melds"] = []
        table["next_meld_id"] = 1
        events.append(
            Event(
                "hand_dealt",
                data={"hand": table["hand_number"], "leader": leader, "drawPileCount": len(cards)},
            )
        )
        events.extend(
            Event("cards_dealt", seat=seat, data={"cards": sort_cards(hands[seat])}, audience=(seat,))
            for seat in range(players)
        )

    # ----- turn flow -----------------------------------------------------------------------------------
    def to_act(self, state: GameState) -> tuple[int, ...]:
        table = table_of(state)
        return () if table["phase"] == PHASE_FINISHED else (table["turn"],)

    def is_finished(self, state: GameState) -> bool:
        return table_of(state)["phase"] == PHASE_FINISHED

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        table = table_of(state)
        if table["phase"] == PHASE_DRAW:
            return self._draw_moves(state, table, seat)
        if table["phase"] == PHASE_HAND_OVER:
            return [Move(NEXT_HAND)]
        return self._act_moves(state, table, seat)

    def _draw_moves(self, state: GameState, table: DrawBloodTable, seat: int) -> list[Move]:
        moves = [Move(DRAW)]
        if self.can_pick_up_discard_pile(state, seat):
            moves.append(Move(PICK_UP_DISCARD_PILE))
        return moves

    def can_pick_up_discard_pile(self, state: GameState, seat: int) -> bool:
        """The pile may be picked up only if its top card can be used in the very next move (not discarded)."""
        table = table_of(state)
        pile = table["discard_pile"]
        if not pile:
            return False
        hand = [*table["hands"][seat], *pile]
        highest = int(state.options["highest_number"])
        return any(True for _ in action_moves(table, seat, hand, highest, required=pile[-1]))

    def _act_moves(self, state: GameState, table: DrawBloodTable, seat: int) -> list[Move]:
        hand = table["hands"][seat]
        highest = int(state.options["highest_number"])
        if table["must_use"] is not None:
            return list(action_moves(table, seat, hand, highest, required=table["must_use"]))
        moves = list(action_moves(table, seat, hand, highest))
        if not table["discarded"]:
            moves.extend(Move(DISCARD, (card,)) for card in sort_cards(list(set(hand))))
        moves.append(Move(END_TURN))
        return moves

    def parse_move(self, text: str) -> Move:
        """Reads a move; lists of cards are put in the fixed card order (``meld 4H,2H,3S`` is ``meld 2H,3S,4H``)."""
        move = super().parse_move(text)
        kind = self.move_kinds[move.kind]
        if not kind.list_params:
            return move
        args = tuple(
            LIST_SEPARATOR.join(sort_cards(value.split(LIST_SEPARATOR)))
            if name in kind.list_params and all(card in CARD_ORDER for card in value.split(LIST_SEPARATOR))
            else value
            for name, value in zip(kind.params, move.args, strict=True)
        )
        return Move(move.kind, args)

    def explain_illegal(self, state: GameState, seat: int, move: Move) -> IllegalMoveError:
        return explain(self, state, seat, move)

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        PLAYS[move.kind](self, state, seat, move, events)
        return events

    # ----- the draw ------------------------------------------------------------------------------------
    def _draw(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        card = table["draw_pile"].pop()
        table["hands"][seat].append(card)
        left = len(table["draw_pile"])
        events.append(Event("drew", seat=seat, data={"drawPileCount": left}, secret={"card": card}, secret_to=(seat,)))
        if not left:
            self._end_hand(state, None, events)
            return
        self._start_moves(table, seat)

    def _pick_up_discard_pile(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        pile = table["discard_pile"]
        table["hands"][seat].extend(pile)
        table["must_use"] = pile[-1]
        events.append(Event("picked_up_discard_pile", seat=seat, data={"cards": list(pile)}))
        table["discard_pile"] = []
        self._start_moves(table, seat)

    @staticmethod
    def _start_moves(table: DrawBloodTable, seat: int) -> None:
        table["phase"] = PHASE_ACT
        table["moves_left"] = moves_per_turn(table["rows"][seat])
        table["discarded"] = False

    # ----- the moves -----------------------------------------------------------------------------------
    def _play_monster(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        monster = move.args[0]
        slot = table["rows"][seat][SLOT_OF_MONSTER[monster]]
        table["hands"][seat].remove(monster)
        replaced = bool(slot["stack"])
        slot["stack"].append(monster)
        slot["alive"] = True
        events.append(
            Event("monster_played", seat=seat, data={"card": monster, "slot": monster.lower(), "replaced": replaced})
        )
        self._after_move(state, seat, events)

    def _kill(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        target, slot_name = int(move.args[0]), move.args[1]
        slot = table["rows"][target][SLOT_INDEX[slot_name]]
        table["hands"][seat].remove(KILL)
        if is_immune(slot):
            slot["shield"].append(KILL)
            events.append(Event("immunity_cancelled", seat=seat, data={"target": target, "slot": slot_name}))
        else:
            slot["stack"].append(KILL)
            slot["alive"] = False
            events.append(Event("monster_killed", seat=seat, data={"target": target, "slot": slot_name, "by": KILL}))
        self._after_move(state, seat, events)

    def _play_immunity(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        card = move.args[0]
        table["hands"][seat].remove(card)
        table["rows"][seat][SLOT_OF_IMMUNITY[card]]["shield"] = [card]
        events.append(Event("immunity_played", seat=seat, data={"card": card, "slot": SLOTS[SLOT_OF_IMMUNITY[card]]}))
        self._after_move(state, seat, events)

    def _meld(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        cards = move.args[0].split(LIST_SEPARATOR)
        self._take_from_hand(table, seat, cards)
        kind = meld_kind(cards, int(state.options["highest_number"]))
        assert kind is not None
        meld_id = table["next_meld_id"]
        table["next_meld_id"] += 1
        table["melds"].append(Meld(id=meld_id, owner=seat, kind=kind, cards=cards, by=[seat] * len(cards)))
        events.append(Event("melded", seat=seat, data={"meld": meld_id, "kind": kind, "cards": cards}))
        self._after_move(state, seat, events)

    def _lay_off(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        meld = self.meld_by_id(table, move.args[0])
        assert meld is not None
        cards = move.args[1].split(LIST_SEPARATOR)
        self._take_from_hand(table, seat, cards)
        extend_meld(meld["kind"], meld["cards"], meld["by"], cards, seat)
        events.append(Event("laid_off", seat=seat, data={"meld": meld["id"], "owner": meld["owner"], "cards": cards}))
        self._after_move(state, seat, events)

    def _triple_kill(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        cards = move.args[0].split(LIST_SEPARATOR)
        self._take_from_hand(table, seat, cards)
        self._use_triple(table, seat, cards, int(move.args[1]), move.args[2], events, meld_id=None)
        self._after_move(state, seat, events)

    def _triple_revive(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        cards = move.args[0].split(LIST_SEPARATOR)
        self._take_from_hand(table, seat, cards)
        self._use_triple(table, seat, cards, seat, move.args[1], events, meld_id=None)
        self._after_move(state, seat, events)

    def _complete_pair(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        meld = self.meld_by_id(table, move.args[0])
        assert meld is not None
        card = move.args[1]
        table["hands"][seat].remove(card)
        table["melds"].remove(meld)
        target, slot_name = (int(move.args[2]), move.args[3]) if move.kind == PAIR_KILL else (seat, move.args[2])
        self._use_triple(table, seat, [*meld["cards"], card], target, slot_name, events, meld_id=meld["id"])
        self._after_move(state, seat, events)

    @staticmethod
    def _use_triple(
        table: DrawBloodTable,
        seat: int,
        cards: list[str],
        target: int,
        slot_name: str,
        events: list[Event],
        *,
        meld_id: int | None,
    ) -> None:
        """Places a three-of-a-kind on a Monster: Skulls kill an opponent's, Hearts revive one's own."""
        slot = table["rows"][target][SLOT_INDEX[slot_name]]
        slot["stack"].extend(cards)
        kills = target != seat
        slot["alive"] = not kills
        data: dict[str, Any] = {"target": target, "slot": slot_name, "by": cards}
        if meld_id is not None:
            data["pair"] = meld_id
        events.append(Event("monster_killed" if kills else "monster_revived", seat=seat, data=data))

    def _discard(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        card = move.args[0]
        table["hands"][seat].remove(card)
        table["discard_pile"].append(card)
        table["discarded"] = True
        events.append(Event("discarded", seat=seat, data={"card": card}))
        self._after_move(state, seat, events)

    def _end_turn(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        events.append(Event("turn_ended", seat=seat, data={"movesUnused": table_of(state)["moves_left"]}))
        self._next_turn(state, seat)

    @staticmethod
    def _take_from_hand(table: DrawBloodTable, seat: int, cards: list[str]) -> None:
        hand = table["hands"][seat]
        for card in cards:
            hand.remove(card)

    @staticmethod
    def meld_by_id(table: DrawBloodTable, meld_id: str) -> Meld | None:
        for meld in table["melds"]:
            if str(meld["id"]) == meld_id:
                return meld
        return None

    def _after_move(self, state: GameState, seat: int, events: list[Event]) -> None:
        table = table_of(state)
        table["moves_left"] -= 1
        table["must_use"] = None
        if not table["hands"][seat]:
            events.append(Event("went_out", seat=seat))
            self._end_hand(state, seat, events)
        elif table["moves_left"] == 0:
            self._next_turn(state, seat)

    @staticmethod
    def _next_turn(state: GameState, seat: int) -> None:
        table = table_of(state)
        table["turn"] = (seat + 1) % state.players
        table["phase"] = PHASE_DRAW
        table["moves_left"] = 0
        table["discarded"] = False
        table["must_use"] = None

    # ----- the end of a hand ---------------------------------------------------------------------------
    def _end_hand(self, state: GameState, out: int | None, events: list[Event]) -> None:
        table = table_of(state)
        players = state.players
        meld_points = [0] * players
        for meld in table["melds"]:
            for card, placed_by in zip(meld["cards"], meld["by"], strict=True):
                meld_points[placed_by] += CARD_POINTS[card]
        held = [hand_points(hand) for hand in table["hands"]]
        points = [meld_points[seat] - held[seat] for seat in range(players)]
        record = HandRecord(
            label=f"hand {table['hand_number']}",
            points=points,
            meld_points=meld_points,
            hand_points=held,
            ending=ENDING_DEPLETED if out is None else ENDING_OUT,
            out=out,
        )
        table["rounds"].append(record)
        totals = self.totals(table, players)
        events.append(
            Event(
                "hand_scored",
                data={
                    "hand": table["hand_number"],
                    "ending": record["ending"],
                    "out": out,
                    "meldPoints": meld_points,
                    "handPoints": held,
                    "points": points,
                    "totals": totals,
                    "hands": [sort_cards(hand) for hand in table["hands"]],
                },
            )
        )
        target = int(state.options["target_score"])
        if max(totals) >= target or table["hand_number"] >= int(state.options["max_hands"]):
            table["phase"] = PHASE_FINISHED
            table["moves_left"] = 0
            table["must_use"] = None
            events.append(Event("match_finished", data={"totals": totals, "winners": list(highest_scorers(totals))}))
            return
        table["phase"] = PHASE_HAND_OVER
        table["moves_left"] = 0
        table["must_use"] = None
        table["turn"] = table["hand_number"] % players  # the leader of the next hand deals it

    def _next_hand(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        self._deal(state, events)

    @staticmethod
    def totals(table: DrawBloodTable, players: int) -> list[int]:
        return [sum(record["points"][seat] for record in table["rounds"]) for seat in range(players)]

    # ----- views ---------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = table_of(state)
        revealed = table["phase"] in (PHASE_HAND_OVER, PHASE_FINISHED)
        shown: dict[str, Any] = {
            "phase": table["phase"],
            "handNumber": table["hand_number"],
            "leader": table["leader"],
            "turn": table["turn"],
            "movesLeft": table["moves_left"],
            "discardedThisTurn": table["discarded"],
            # After picking up the Discard Pile its top card is set aside in the holder's view ("mustUse", not
            # repeated in "hand") until it is used; the others see only that one is pending.
            "mustUse": table["must_use"] if seat == table["turn"] else None,
            "mustUsePending": table["must_use"] is not None,
            "hand": None if revealed else self._shown_hand(table, seat),
            "handCounts": [len(hand) for hand in table["hands"]],
            "drawPileCount": len(table["draw_pile"]),
            "discardPile": list(table["discard_pile"]),
            "monsterRows": [
                {
                    SLOTS[index]: {
                        "cards": list(slot["stack"]),
                        "alive": slot["alive"],
                        "immunity": list(slot["shield"]),
                        "immune": is_immune(slot),
                    }
                    for index, slot in enumerate(row)
                }
                for row in table["rows"]
            ],
            "liveMonsters": [live_monsters(row) for row in table["rows"]],
            "melds": [
                {
                    "id": meld["id"],
                    "owner": meld["owner"],
                    "kind": meld["kind"],
                    "cards": list(meld["cards"]),
                    "placedBy": list(meld["by"]),
                }
                for meld in table["melds"]
            ],
            "totals": self.totals(table, state.players),
            "targetScore": int(state.options["target_score"]),
        }
        if revealed:  # at the end of a hand every hand is shown (and "hand" is null)
            shown["hands"] = [sort_cards(hand) for hand in table["hands"]]
        return shown

    @staticmethod
    def _shown_hand(table: DrawBloodTable, seat: int | None) -> list[str] | None:
        if seat is None:
            return None
        hand = sort_cards(table["hands"][seat])
        if table["must_use"] is not None and seat == table["turn"]:
            hand.remove(table["must_use"])
        return hand

    def card_locations(self, state: GameState) -> list[CardLocation]:
        table = table_of(state)
        revealed = table["phase"] in (PHASE_HAND_OVER, PHASE_FINISHED)
        places = [
            CardLocation(f"hand:{seat}", hand, None if revealed else frozenset((seat,)))
            for seat, hand in enumerate(table["hands"])
        ]
        places.append(CardLocation("draw_pile", table["draw_pile"], frozenset()))
        # Everything face up in one place: the Discard Pile, the Monster Rows (with Kill cards, triples and
        # Immunity cards) and the Melds.
        public = list(table["discard_pile"])
        for row in table["rows"]:
            for slot in row:
                public += slot["stack"]
                public += slot["shield"]
        for meld in table["melds"]:
            public += meld["cards"]
        places.append(CardLocation("face_up", public))
        return places

    # ----- scores --------------------------------------------------------------------------------------
    def score(self, state: GameState) -> ScoreSheet:
        table = table_of(state)
        rounds = tuple(
            RoundScore(
                record["label"],
                tuple(record["points"]),
                {
                    "meldPoints": list(record["meld_points"]),
                    "handPoints": list(record["hand_points"]),
                    "ending": record["ending"],
                    "out": record["out"],
                },
            )
            for record in table["rounds"]
        )
        totals = self.totals(table, state.players)
        finished = table["phase"] == PHASE_FINISHED
        return ScoreSheet(
            tuple(totals),
            rounds,
            finished,
            highest_scorers(totals) if finished else (),
            {"targetScore": int(state.options["target_score"]), "handsPlayed": len(table["rounds"])},
        )


Play = Callable[[DrawBloodGame, GameState, int, Move, list[Event]], None]
PLAYS: dict[str, Play] = {
    DRAW: DrawBloodGame._draw,
    PICK_UP_DISCARD_PILE: DrawBloodGame._pick_up_discard_pile,
    PLAY_MONSTER: DrawBloodGame._play_monster,
    KILL_MONSTER: DrawBloodGame._kill,
    PLAY_IMMUNITY: DrawBloodGame._play_immunity,
    MELD: DrawBloodGame._meld,
    LAY_OFF: DrawBloodGame._lay_off,
    TRIPLE_KILL: DrawBloodGame._triple_kill,
    TRIPLE_REVIVE: DrawBloodGame._triple_revive,
    PAIR_KILL: DrawBloodGame._complete_pair,
    PAIR_REVIVE: DrawBloodGame._complete_pair,
    DISCARD: DrawBloodGame._discard,
    END_TURN: DrawBloodGame._end_turn,
    NEXT_HAND: DrawBloodGame._next_hand,
}
