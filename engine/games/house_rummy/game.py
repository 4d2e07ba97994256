"""House Rummy: the base rules ("Rummy Base Rules") and the New Card Rules with their Card List.

A turn is draw, play, discard. The turn flow is a small state machine (``table.py`` names the phases); each
move kind has one small handler here, ``legal.py`` says what is legal, ``flow.py`` passes the turn, resolves
the claim window and discard actions and ends hands, ``groups.py`` and ``scoring.py`` are pure helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from engine.errors import IllegalMoveError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.games.house_rummy import legal
from engine.games.house_rummy.cards import COLLECTABLE, HOT_POTATO, TRANSITION, ability, full_deck
from engine.games.house_rummy.flow import (
    after_discard,
    answer_claim,
    as_table_dict,
    deal,
    draw_from_stock,
    end_hand,
    end_turn,
    match_totals,
    new_table,
)
from engine.games.house_rummy.groups import (
    CROSS_CARDS,
    add_to_group,
    build_meld,
    parse_target,
    remove_from_group,
)
from engine.games.house_rummy.illegal import explain
from engine.games.house_rummy.legal import NEW_PILE, fish_matches, new_cards_on, triggers
from engine.games.house_rummy.table import (
    CLAIM,
    EXCHANGE_GIVE,
    EXTRA_DISCARD,
    FINISHED,
    FISH_GIVE,
    NOBODY,
    PLAY,
    POTATO,
    table_of,
)
from engine.moves import LIST_SEPARATOR, Move, MoveKind
from engine.options import OptionSpec
from engine.scoring import RoundScore, ScoreSheet, highest_scorers
from engine.state import GameState

SEAT_SETS = tuple(frozenset((seat,)) for seat in range(6))
HAND_NAMES = tuple(f"hand:{seat}" for seat in range(6))
NOBODY_SET: frozenset[int] = frozenset()
Handler = Callable[[GameState, int, Move, list[Event]], None]


class HouseRummyGame(Game):
    id: ClassVar[str] = "house_rummy"
    title: ClassVar[str] = "House Rummy"
    description: ClassVar[str] = (
        "Rummy as one family plays it: draw from the stock or take any number of cards off a discard pile, lay "
        "sets and runs, play off anyone's groups, call rummy on the board; with the New Card Rules, 37 cards with "
        "abilities and five special cards."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name="new_cards",
            kind="bool",
            default=True,
            description="Play the New Card Rules: the Card List's abilities and the five special cards (57 cards).",
        ),
        OptionSpec(
            name="one_group_per_turn",
            kind="bool",
            default=True,
            description="House rule: at most one new group per turn (playing off groups is never limited).",
        ),
        OptionSpec(
            name="single_hand",
            kind="bool",
            default=False,
            description="Play one hand only; otherwise hands are played until someone reaches the target score.",
        ),
        OptionSpec(
            name="target_score",
            kind="int",
            default=500,
            minimum=1,
            maximum=100_000,
            description="The match ends after the hand in which a player's total reaches this score.",
        ),
        OptionSpec(
            name="max_hands",
            kind="int",
            default=20,
            minimum=1,
            maximum=1_000,
            description="The match also ends after this many hands, so that it always ends (highest total wins).",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = {
        legal.M_DRAW: MoveKind(legal.M_DRAW, (), description="Draw the top card of the draw pile"),
        legal.M_TAKE: MoveKind(
            legal.M_TAKE, ("pile", "count"), description="Take the top {count} card(s) of discard pile {pile}"
        ),
        legal.M_MELD: MoveKind(
            legal.M_MELD, ("cards",), frozenset({"cards"}), description="Start a new group with {cards}"
        ),
        legal.M_LAY_OFF: MoveKind(
            legal.M_LAY_OFF,
            ("cards", "target"),
            frozenset({"cards"}),
            description="Play {cards} off group {target}",
        ),
        legal.M_MOVE_CARD: MoveKind(
            legal.M_MOVE_CARD, ("card", "target"), description="Move your Move card {card} to group {target}"
        ),
        legal.M_PLAY_POTATO: MoveKind(
            legal.M_PLAY_POTATO, (), description="Play the Hot Potato to your board (you go out this turn)"
        ),
        legal.M_DISCARD: MoveKind(legal.M_DISCARD, ("card", "pile"), description="Discard {card} to pile {pile}"),
        legal.M_PASS_POTATO: MoveKind(legal.M_PASS_POTATO, ("seat",), description="Pass the Hot Potato to seat {seat}"),
        legal.M_KEEP_POTATO: MoveKind(legal.M_KEEP_POTATO, (), description="Keep the Hot Potato"),
        legal.M_CLAIM: MoveKind(
            legal.M_CLAIM, ("target",), description="Rummy on the board: claim the discard for group {target}"
        ),
        legal.M_PASS: MoveKind(legal.M_PASS, (), description="Do not claim the discard"),
        legal.M_FISH: MoveKind(legal.M_FISH, ("seat", "ask"), description="Fish: ask seat {seat} for a {ask}"),
        legal.M_GIVE: MoveKind(legal.M_GIVE, ("card",), description="Give {card}"),
        legal.M_SEE_HAND: MoveKind(legal.M_SEE_HAND, ("seat",), description="See the hand of seat {seat}"),
        legal.M_EXCHANGE: MoveKind(legal.M_EXCHANGE, ("seat",), description="Exchange a card with seat {seat}"),
        legal.M_SEARCH: MoveKind(legal.M_SEARCH, ("card",), description="Take {card} from the discard pile"),
    }
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = (
        {"single_hand": True},
        {"single_hand": True, "new_cards": False},
    )
    playout_bound: ClassVar[int] = 20_000

    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {
            legal.M_DRAW: self._draw,
            legal.M_TAKE: self._take,
            legal.M_MELD: self._meld,
            legal.M_LAY_OFF: self._lay_off,
            legal.M_MOVE_CARD: self._move_card,
            legal.M_PLAY_POTATO: self._play_potato,
            legal.M_DISCARD: self._discard,
            legal.M_PASS_POTATO: self._pass_potato,
            legal.M_KEEP_POTATO: self._keep_potato,
            legal.M_CLAIM: self._claim,
            legal.M_PASS: self._claim,
            legal.M_FISH: self._fish,
            legal.M_GIVE: self._give,
            legal.M_SEE_HAND: self._see_hand,
            legal.M_EXCHANGE: self._exchange,
            legal.M_SEARCH: self._search,
        }

    # ----- set-up ------------------------------------------------------------------------------------------------
    def deck(self, state: GameState) -> list[str]:
        return full_deck(new_cards_on(state))

    def setup(self, state: GameState) -> list[Event]:
        state.table = as_table_dict(new_table(state.players))
        events: list[Event] = []
        deal(state, events)
        return events

    # ----- turn flow ---------------------------------------------------------------------------------------------
    def to_act(self, state: GameState) -> tuple[int, ...]:
        table = table_of(state)
        phase = table["phase"]
        if phase == FINISHED:
            return ()
        if phase == CLAIM:
            claim = table["claim"]
            assert claim is not None
            return tuple(claim["w"])
        act = table["act"]
        if phase == FISH_GIVE and act is not None:
            return (act["t"],)
        if phase == EXCHANGE_GIVE and act is not None:
            return tuple(seat for seat, given in zip((act["s"], act["t"]), act["g"], strict=True) if not given)
        return (table["turn"],)

    def is_finished(self, state: GameState) -> bool:
        return table_of(state)["phase"] == FINISHED

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        return legal.legal_moves(state, seat)

    def parse_move(self, text: str) -> Move:
        """Reads a move; a new group's cards may be listed in any order (``meld TH,JH,QH`` is ``meld JH,QH,TH``), and
        a Transition played with its card may be listed after it (``lay_off 2H,TR 0lo`` is ``lay_off TR,2H 0lo``)."""
        move = super().parse_move(text)
        if move.kind == legal.M_MELD:
            return Move(move.kind, (LIST_SEPARATOR.join(sorted(move.args[0].split(LIST_SEPARATOR))),))
        if move.kind == legal.M_LAY_OFF:
            cards = move.args[0].split(LIST_SEPARATOR)
            if len(cards) == 2 and cards[1] == TRANSITION and cards[0] != TRANSITION:
                return Move(move.kind, (f"{TRANSITION}{LIST_SEPARATOR}{cards[0]}", move.args[1]))
        return move

    def explain_illegal(self, state: GameState, seat: int, move: Move) -> IllegalMoveError:
        return explain(state, seat, move)

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        self._handlers[move.kind](state, seat, move, events)
        return events

    # ----- draw --------------------------------------------------------------------------------------------------
    def _draw(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        draw_from_stock(state, seat, events, "draw")
        table_of(state)["phase"] = PLAY

    def _take(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        index, count = int(move.args[0]), int(move.args[1])
        pile = table["piles"][index]
        taken = pile[-count:]
        del pile[-count:]
        table["hands"][seat].extend(taken)
        bottom = taken[0]
        exempt = ability(bottom, new_cards_on(state)) == COLLECTABLE
        table["forced"] = bottom if count > 1 and not exempt else ""
        table["single"] = bottom if count == 1 else ""
        if not pile and len(table["piles"]) > 1:
            del table["piles"][index]
        table["phase"] = PLAY
        events.append(
            Event("took", seat=seat, data={"pile": index, "cards": taken, "mustPlayBottom": bool(table["forced"])})
        )

    # ----- play --------------------------------------------------------------------------------------------------
    def _meld(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        hand = table["hands"][seat]
        cards = move.args[0].split(",")
        owners: dict[str, int] = {}
        board_card = ""
        for card in cards:
            if card in hand:
                owners[card] = seat
            else:
                board_card = card
        if board_card:
            for group in table["groups"]:
                if board_card in group["c"] and table["cross"].get(board_card) != table["groups"].index(group):
                    if board_card in CROSS_CARDS:
                        owners[board_card] = group["w"][group["c"].index(board_card)]
                    else:
                        owners[board_card] = remove_from_group(group, board_card)
                    break
        built = build_meld(cards, owners, seat, new_cards_on(state))
        assert built is not None
        index = len(table["groups"])
        table["groups"].append(built)
        if board_card in CROSS_CARDS:
            table["cross"][board_card] = index
        for card in cards:
            if card != board_card:
                hand.remove(card)
        table["melded"] += 1
        if table["forced"] in cards:
            table["forced"] = ""
        events.append(
            Event(
                "melded",
                seat=seat,
                data={"group": index, "kind": built["k"], "cards": built["c"], "boardCardUsed": bool(board_card)},
            )
        )
        if self._played_out(state, seat, events):
            return
        if HOT_POTATO in hand and new_cards_on(state):
            table["phase"] = POTATO

    def _lay_off(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        cards = move.args[0].split(",")
        parsed = parse_target(move.args[1])
        assert parsed is not None
        index, end = parsed
        hand = table["hands"][seat]
        for card in cards:
            hand.remove(card)
        add_to_group(table["groups"][index], end, cards, seat, new_cards_on(state))
        if table["forced"] in cards:
            table["forced"] = ""
        events.append(Event("laid_off", seat=seat, data={"cards": cards, "target": move.args[1]}))
        self._played_out(state, seat, events)

    def _move_card(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        card, target = move.args
        parsed = parse_target(target)
        assert parsed is not None
        source = next(i for i, group in enumerate(table["groups"]) if card in group["c"])
        owner = remove_from_group(table["groups"][source], card)
        add_to_group(table["groups"][parsed[0]], parsed[1], [card], owner, new_cards_on(state))
        events.append(Event("moved", seat=seat, data={"card": card, "from": source, "target": target}))

    def _play_potato(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        table["hands"][seat].remove(HOT_POTATO)
        table["loose"][seat].append(HOT_POTATO)
        events.append(Event("potato_played", seat=seat, data={"card": HOT_POTATO}))
        self._played_out(state, seat, events)

    def _played_out(self, state: GameState, seat: int, events: list[Event]) -> bool:
        """A player who has played every card has gone out without a discard: the others take one more turn."""
        table = table_of(state)
        if table["hands"][seat]:
            return False
        if table["out"] == NOBODY:
            table["out"] = seat
        events.append(Event("played_out", seat=seat))
        end_turn(state, events)
        return True

    def _discard(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        card, pile_arg = move.args
        extra = table["phase"] == EXTRA_DISCARD
        action = "" if extra else triggers(state, table, card)
        table["hands"][seat].remove(card)
        if pile_arg == NEW_PILE:
            table["piles"].append([card])
            pile = len(table["piles"]) - 1
        else:
            pile = int(pile_arg)
            table["piles"][pile].append(card)
        table["phase"] = PLAY
        events.append(Event("discarded", seat=seat, data={"card": card, "pile": pile, "newPile": pile_arg == NEW_PILE}))
        if not table["hands"][seat]:
            events.append(Event("went_out", seat=seat))
            end_hand(state, "went_out", seat, events)
            return
        after_discard(state, seat, card, pile, action, events)

    def _pass_potato(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        other = int(move.args[0])
        table["hands"][seat].remove(HOT_POTATO)
        table["hands"][other].append(HOT_POTATO)
        table["phase"] = PLAY
        events.append(Event("potato_passed", seat=seat, data={"to": other}))
        self._played_out(state, seat, events)

    def _keep_potato(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table_of(state)["phase"] = PLAY
        events.append(Event("potato_kept", seat=seat))

    # ----- decisions after a discard ------------------------------------------------------------------------------
    def _claim(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        answer_claim(state, seat, move.args[0] if move.kind == legal.M_CLAIM else "-", events)

    def _fish(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        act = table["act"]
        assert act is not None
        target, ask = int(move.args[0]), move.args[1]
        act["t"], act["q"] = target, ask
        events.append(Event("fished", seat=seat, data={"asked": target, "ask": ask}))
        if fish_matches(table["hands"][target], ask):
            table["phase"] = FISH_GIVE
            return
        events.append(Event("go_fish", seat=target))
        if table["stock"]:
            draw_from_stock(state, seat, events, "go_fish")
        end_turn(state, events)

    def _give(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        act = table["act"]
        assert act is not None
        card = move.args[0]
        if table["phase"] == FISH_GIVE:
            table["hands"][seat].remove(card)
            table["hands"][act["s"]].append(card)
            events.append(Event("fish_given", seat=seat, data={"to": act["s"]}))
            events.append(Event("fish_card", seat=seat, data={"to": act["s"], "card": card}, audience=(seat, act["s"])))
            end_turn(state, events)
            return
        act["g"][0 if seat == act["s"] else 1] = card
        events.append(Event("exchange_chosen", seat=seat))
        if not all(act["g"]):
            return
        first, second = act["s"], act["t"]
        events.append(Event("exchange_done", data={"seats": [first, second]}))
        card_first, card_second = act["g"]
        table["hands"][first].remove(card_first)
        table["hands"][second].remove(card_second)
        table["hands"][first].append(card_second)
        table["hands"][second].append(card_first)
        for me, gave, got in ((first, card_first, card_second), (second, card_second, card_first)):
            events.append(Event("exchanged", seat=me, data={"gave": gave, "got": got}, audience=(me,)))
        end_turn(state, events)

    def _see_hand(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        target = int(move.args[0])
        events.append(Event("saw_hand", seat=seat, data={"shown": target}))
        events.append(
            Event(
                "hand_shown", seat=target, data={"to": seat, "cards": sorted(table["hands"][target])}, audience=(seat,)
            )
        )
        end_turn(state, events)

    def _exchange(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        act = table["act"]
        assert act is not None
        act["t"] = int(move.args[0])
        table["phase"] = EXCHANGE_GIVE
        events.append(Event("exchange_started", seat=seat, data={"with": act["t"]}))

    def _search(self, state: GameState, seat: int, move: Move, events: list[Event]) -> None:
        table = table_of(state)
        act = table["act"]
        assert act is not None
        card = move.args[0]
        table["piles"][act["p"]].remove(card)
        table["hands"][seat].append(card)
        events.append(Event("searched", seat=seat, data={"card": card, "pile": act["p"]}))
        end_turn(state, events)

    # ----- what seats see -----------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = table_of(state)
        finished = table["phase"] == FINISHED
        claim = table["claim"]
        act = table["act"]
        own = seat is not None and seat == table["turn"]
        return {
            "phase": table["phase"],
            "hand": sorted(table["hands"][seat]) if seat is not None else None,
            "handCounts": [len(hand) for hand in table["hands"]],
            "hands": [sorted(hand) for hand in table["hands"]] if finished else None,
            "stockCount": len(table["stock"]),
            "piles": [list(pile) for pile in table["piles"]],
            "groups": [group_view(index, group, table["cross"]) for index, group in enumerate(table["groups"])],
            "potatoOnBoard": [list(cards) for cards in table["loose"]],
            "turn": table["turn"],
            "direction": "left" if table["direction"] == 1 else "right",
            "dealer": table["dealer"],
            "handNumber": table["hand_no"],
            "playedOut": None if table["out"] == NOBODY else table["out"],
            "mustPlayBottomCard": bool(table["forced"]),
            # the card that must be played, as its index in "hand" (the card itself is shown once, in the hand)
            "bottomCardIndex": sorted(table["hands"][seat]).index(table["forced"])
            if own and seat is not None and table["forced"]
            else None,
            "newGroupsThisTurn": table["melded"],
            "claim": None
            if claim is None
            else {
                "pile": claim["p"],
                "discarder": claim["s"],
                "waiting": list(claim["w"]),
            },  # the card: that pile's top
            "action": None
            if act is None
            else {
                "name": act["a"],
                "by": act["s"],
                "with": None if act["t"] == NOBODY else act["t"],
                "ask": act["q"] if act["a"] == "fish" else "",
            },
            "totals": match_totals(table, state.players),
        }

    def card_locations(self, state: GameState) -> list[CardLocation]:
        table = table_of(state)
        finished = table["phase"] == FINISHED
        places = [
            CardLocation(HAND_NAMES[seat], hand, None if finished else SEAT_SETS[seat])
            for seat, hand in enumerate(table["hands"])
        ]
        places.append(CardLocation("stock", table["stock"], NOBODY_SET))
        piles = table["piles"]
        places.append(CardLocation("piles", piles[0] if len(piles) == 1 else [c for pile in piles for c in pile]))
        board: list[str] = []
        for group in table["groups"]:
            board += group["c"]
        for card in table["cross"]:
            board.remove(card)  # a Cross card in two groups is one card
        for cards in table["loose"]:
            board += cards
        places.append(CardLocation("board", board))
        return places

    # ----- scores -------------------------------------------------------------------------------------------------
    def score(self, state: GameState) -> ScoreSheet:
        table = table_of(state)
        rounds = tuple(
            RoundScore(
                record["label"],
                tuple(record["points"]),
                {
                    "reason": record["reason"],
                    "seat": None if record["seat"] == NOBODY else record["seat"],
                    "board": [part[0] for part in record["parts"]],
                    "groupBonus": [part[1] for part in record["parts"]],
                    "hand": [part[2] for part in record["parts"]],
                },
            )
            for record in table["rounds"]
        )
        totals = tuple(match_totals(table, state.players))
        finished = table["phase"] == FINISHED
        return ScoreSheet(totals, rounds, finished, highest_scorers(totals) if finished else (), {"hands": len(rounds)})


def group_view(index: int, group: Any, cross: dict[str, int]) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": index,
        "kind": "set" if group["k"] == "s" else "run",
        "startedBy": group["o"],
        # a Cross card shared with the group it was first played to is shown there, and here as "+<card>"
        "cards": [f"+{card}" if cross.get(card) == index else card for card in group["c"]],
        "owners": list(group["w"]),
    }
    if group["k"] == "s":
        shown["protected"] = bool(group["x"])
    else:
        shown["openLow"] = group["lx"] == 0
        shown["openHigh"] = group["hx"] == 0
        shown["suitLow"] = group["ls"]
        shown["suitHigh"] = group["hs"]
    return shown
