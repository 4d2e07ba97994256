"""The cross-check of Gin Rummy's variant ``openspiel`` against OpenSpiel 2.0.2's ``gin_rummy``, as a library and a
command: both engines get the same deck (a seeded shuffle: our game's preset deck, the option ``deck``; OpenSpiel's
chance outcomes in the same order) and the same moves (one seeded policy), and at every step they must agree on the
player to act and on the set of legal action ids; at the end, on the returns. The plugin's CI test
(plugins/gin_rummy/tests/test_openspiel.py) plays 1,000 hands; the command, 10,000 by default (the benchmark run,
docs/performance.md), printing the mismatches, how the hands ended (knock, gin, undercut, the wall, OpenSpiel's two
caps) and how many had lay-offs; it exits 1 on any mismatch or on an ending kind (knock, gin, undercut, wall) or
lay-offs that never occurred::

    .venv/bin/python -m cardengine_gin_rummy.openspiel_check --hands 10000

It needs OpenSpiel (the plugin's extra ``openspiel``: ``pip install -e 'plugins/gin_rummy[openspiel]'``), imported
only when a check runs: the game itself never imports this module nor OpenSpiel. Our game is reached through the
engine's public functions and registry (the plugin installed); moves cross between the engines by the documented
translation, written here again from OpenSpiel's side (its own meld ids), not taken from the game's modules
(docs/rules/gin_rummy.md, "Action ids"): a card is ``suit * 13 + rank`` (suits S C D H, ranks A 2-9 T J Q K), 52
``draw_upcard``, 53 ``draw_stock``, 54 ``pass``, 55 ``knock``, 56 + OpenSpiel's meld id a ``meld``; an id below 52 is
a ``lay_off`` in OpenSpiel's lay-off phase and a ``discard`` elsewhere.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import GameState, Move

GAME_ID = "gin_rummy"
OPTIONS = {"variant": "openspiel"}
RANKS, SUITS = "A23456789TJQK", "SCDH"
CODES = [rank + suit for suit in SUITS for rank in RANKS]
CARD_IDS = {code: card_id for card_id, code in enumerate(CODES)}
SIMPLE = {"draw_upcard": 52, "draw_stock": 53, "pass": 54, "knock": 55}
SIMPLE_KINDS = {action: kind for kind, action in SIMPLE.items()}
MELD_BASE = 56
EXPLORE = 0.15  # the policy's share of uniformly random moves
KNOCK_EAGERNESS = (0.9, 0.3, 0.0)
REQUIRED_ENDINGS = ("knock", "gin", "undercut", "wall")  # and lay-offs: what every long enough run must see


def pyspiel_module() -> Any:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # the extra `openspiel`

    return pyspiel


@dataclass
class CrossCheck:
    """The tally of a cross-check: hands, steps, mismatches (the first few described), and how hands ended."""

    hands: int = 0
    steps: int = 0
    mismatches: list[str] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    with_layoffs: int = 0

    def summary(self) -> str:
        endings = ", ".join(f"{kind} {count}" for kind, count in sorted(self.endings.items()))
        return (
            f"{self.hands} hands, {self.steps} moves, {len(self.mismatches)} mismatches; endings: {endings}; "
            f"hands with lay-offs: {self.with_layoffs}"
        )


class Translator:
    """Action ids and our notation, both ways, by the documented mapping (meld ids from OpenSpiel's own utils)."""

    def __init__(self, pyspiel: Any) -> None:
        self.game = pyspiel.load_game("gin_rummy")  # built once: a game and its utils take milliseconds to build
        self.utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.layoff_phase = pyspiel.gin_rummy.Phase.LAYOFF

    def action_of(self, move: Move) -> int:
        if move.kind in SIMPLE:
            return SIMPLE[move.kind]
        if move.kind == "meld":
            cards = sorted(CARD_IDS[code] for code in move.args[0].split(","))
            return MELD_BASE + int(self.utils.meld_to_int(cards))
        return CARD_IDS[move.args[0]]

    def move_of(self, spiel_state: Any, action: int) -> str:
        if action in SIMPLE_KINDS:
            return SIMPLE_KINDS[action]
        if action >= MELD_BASE:
            cards = sorted(self.utils.int_to_meld[action - MELD_BASE])
            return "meld " + ",".join(CODES[card] for card in cards)
        kind = "lay_off" if spiel_state.current_phase() == self.layoff_phase else "discard"
        return f"{kind} {CODES[action]}"


class Policy:
    """One seeded policy for both engines, reading OpenSpiel's state: take the upcard when it lowers the deadwood,
    discard to the least deadwood, knock mostly when allowed, lay off and meld what it can; a share of moves is
    uniformly random, so that every legal path gets walked."""

    def __init__(self, pyspiel: Any, utils: Any, seed: int) -> None:
        self.random = random.Random(seed)
        self.utils = utils
        phases = pyspiel.gin_rummy.Phase
        self.draws = {phases.FIRST_UPCARD, phases.DRAW}
        self.discard, self.knock = phases.DISCARD, phases.KNOCK
        # How eager to knock, per hand: at once, sometimes, hardly ever (those hands reach the wall).
        self.eagerness = self.random.choice(KNOCK_EAGERNESS)

    def least_deadwood(self, hand: list[int], cards: list[int]) -> int:
        scored = [(self.utils.min_deadwood([other for other in hand if other != card]), card) for card in cards]
        best = min(score for score, _ in scored)
        return self.random.choice([card for score, card in scored if score == best])

    def choose(self, spiel_state: Any, legal: list[int]) -> int:
        if self.random.random() < EXPLORE:
            return self.random.choice(legal)
        phase = spiel_state.current_phase()
        player = spiel_state.current_player()
        hand = list(spiel_state.hands()[player])
        if phase in self.draws:
            upcard = spiel_state.upcard()
            if 52 in legal and self.utils.min_deadwood([*hand, upcard]) < spiel_state.deadwood()[player]:
                return 52
            return 53 if 53 in legal else 54
        if phase == self.discard:
            if 55 in legal and (spiel_state.deadwood()[player] == 0 or self.random.random() < self.eagerness):
                return 55
            return self.least_deadwood(hand, [action for action in legal if action < 52])
        if phase == self.knock and len(hand) == 11:
            return self.least_deadwood(hand, legal)
        plays = [action for action in legal if action != 54]
        return self.random.choice(plays) if plays else 54


def preset_deck(seed: int) -> list[str]:
    """The hand's deck, shuffled by ``seed``: given to our game as its preset deck (the option ``deck``) and to
    OpenSpiel as its chance outcomes in the same order (seat 0's ten cards, seat 1's, the upcard, the stock)."""
    deck = list(CODES)
    random.Random(seed).shuffle(deck)
    return deck


def compare_step(translator: Translator, state: GameState, spiel_state: Any, where: str) -> str | None:
    """A mismatch of the player to act or of the legal action ids, described; None when the engines agree."""
    to_act = engine.to_act(state)
    if spiel_state.is_terminal() or not to_act:
        return None if spiel_state.is_terminal() and not to_act else f"{where}: one engine ended, to act {to_act}"
    if to_act != (spiel_state.current_player(),):
        return f"{where}: to act {to_act} against OpenSpiel's {spiel_state.current_player()}"
    ours = sorted(translator.action_of(move) for move in engine.legal_moves(state, to_act[0]))
    theirs = sorted(spiel_state.legal_actions())
    return None if ours == theirs else f"{where}: legal ids {ours} against OpenSpiel's {theirs}"


def play_hand(pyspiel: Any, translator: Translator, seed: int, tally: CrossCheck) -> None:
    """Plays one seeded hand on both engines, adding its steps, mismatches and ending to ``tally``."""
    deck = preset_deck(seed)
    state, _ = engine.new_game(GAME_ID, 2, seed, {**OPTIONS, "deck": deck})
    spiel_state = translator.game.new_initial_state()
    for code in deck[:21]:
        spiel_state.apply_action(CARD_IDS[code])
    stock = iter(deck[21:])
    policy = Policy(pyspiel, translator.utils, seed)
    while True:
        mismatch = compare_step(translator, state, spiel_state, f"seed {seed} step {state.step}")
        if mismatch is not None:
            tally.mismatches.append(mismatch)
            return
        if spiel_state.is_terminal():
            break
        seat = spiel_state.current_player()
        action = policy.choose(spiel_state, spiel_state.legal_actions())
        state, _ = engine.apply(state, seat, translator.move_of(spiel_state, action))
        spiel_state.apply_action(action)
        if action == 53:  # both draw the deck's next card: OpenSpiel as a chance outcome
            card = next(stock)
            spiel_state.apply_action(CARD_IDS[card])
            if card not in engine.view(state, seat)["hand"]:
                tally.mismatches.append(f"seed {seed} step {state.step}: our stock did not give the {card}")
                return
        tally.steps += 1
    record(tally, state, spiel_state, seed)


def record(tally: CrossCheck, state: GameState, spiel_state: Any, seed: int) -> None:
    sheet = engine.score(state)
    returns = [int(value) for value in spiel_state.returns()]
    if list(sheet.totals) != returns:
        tally.mismatches.append(f"seed {seed}: points {list(sheet.totals)} against OpenSpiel's returns {returns}")
    details = sheet.rounds[0].details
    tally.hands += 1
    tally.endings[str(details["ending"])] += 1
    tally.with_layoffs += bool(details["layoffs"])


def cross_check(hands: int, first_seed: int = 0) -> CrossCheck:
    """Plays ``hands`` seeded hands (seeds from ``first_seed``) on both engines."""
    pyspiel = pyspiel_module()
    translator = Translator(pyspiel)
    tally = CrossCheck()
    for seed in range(first_seed, first_seed + hands):
        play_hand(pyspiel, translator, seed, tally)
    return tally


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Gin Rummy (variant openspiel) against OpenSpiel, move for move.")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parsed = parser.parse_args(arguments)
    started = time.process_time()
    tally = cross_check(parsed.hands, parsed.first_seed)
    print(tally.summary())
    print(f"CPU time: {time.process_time() - started:.1f} s")
    for mismatch in tally.mismatches[:20]:
        print("mismatch:", mismatch)
    missing = [ending for ending in REQUIRED_ENDINGS if not tally.endings[ending]]
    if missing or not tally.with_layoffs:
        print("never occurred:", ", ".join(missing) or "lay-offs")
    sys.exit(1 if tally.mismatches or missing or not tally.with_layoffs else 0)


if __name__ == "__main__":
    main()
