"""The kinds of bot a seat can be given at CreateGame (``SeatConfig.bot``) and the policy that plays each: the one
registry the service reads (CreateGame accepts exactly these kinds; the bot workers play each with its policy).

A policy (``engine.bots.Policy``) is pure: ``choose(seat_input, rng) -> Move`` over the seat's own input
(``engine.bots.SeatInput``). Add a kind here when its policy exists.

A *level* (``easy``, ``medium``, ``hard``: ``engine.bots.levels.LEVELS``) is a kind named by strength rather than by
algorithm: a policy and a budget tuned per game (``LevelPolicy``), rated on the ladder (``cardengine ladder``). A
level takes no budget of its own: its budget is part of the level.

A search kind also takes a budget of its own after a colon (a *bot spec*, ``parse_bot``): ``mcts:500ms`` or
``mcts:2s`` (time per move, instead of the service's ``--bot-budget-ms``) or ``mcts:300it`` (a fixed number of
iterations: reproducible play, however long it takes). CreateGame, ``cardengine play --bots`` and ``cardengine
arena --bots`` read specs with ``parse_bot``; ``bot_policy`` gives the policy of one.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.bots import GreedyPolicy, ISMCTSPolicy, Policy, RandomPolicy, SeatInput
from engine.bots.levels import LEVELS, LevelPolicy
from engine.moves import Move

BOT_POLICIES: Mapping[str, Policy] = {
    "random": RandomPolicy(),
    "greedy": GreedyPolicy(),
    "mcts": ISMCTSPolicy(),
    **{level: LevelPolicy(level) for level in LEVELS},
}

BOT_KINDS: tuple[str, ...] = tuple(BOT_POLICIES)
"""Every kind: the algorithms (``random``, ``greedy``, ``mcts``), then the levels, weakest first."""
LEVEL_KINDS: tuple[str, ...] = LEVELS
"""The kinds that are levels (``easy``, ``medium``, ``hard``), weakest first: the catalog lists them per game with
their ratings."""

SEARCH_KINDS = frozenset({"mcts"})
"""The kinds that take a budget of their own (``mcts:500ms``, ``mcts:300it``)."""
MAX_BUDGET_MS = 5000
"""The longest time budget a spec may ask for: well within a bot worker's lease (10 s by default)."""
MAX_ITERATIONS = 5000

BUDGET_PATTERN = re.compile(r"(?P<amount>[0-9]{1,6}(?:\.[0-9]{1,3})?)(?P<unit>ms|s|it)")
SPEC_EXAMPLES = "'mcts:500ms', 'mcts:2s' or 'mcts:300it'"
BOT_SPEC_PATTERN = (
    "^(|"
    + "|".join(re.escape(kind) for kind in BOT_KINDS if kind not in SEARCH_KINDS)
    + "|("
    + "|".join(re.escape(kind) for kind in sorted(SEARCH_KINDS))
    + ")(:"
    + BUDGET_PATTERN.pattern.replace("?P<amount>", "").replace("?P<unit>", "")
    + ")?)$"
)
"""The shape of ``SeatConfig.bot`` in the OpenAPI document (bounds are checked by ``parse_bot``)."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A kind of bot with, for a search kind, its own budget: time per move or a fixed number of iterations."""

    kind: str
    budget_seconds: float | None = None
    iterations: int | None = None

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.kind}:{self.iterations}it"
        if self.budget_seconds is not None:
            return f"{self.kind}:{round(self.budget_seconds * 1000)}ms"
        return self.kind


def parse_bot(spec: str) -> BotSpec:
    """A bot spec (``random``, ``greedy``, ``mcts``, ``mcts:500ms``, ``mcts:2s``, ``mcts:300it``, or a level:
    ``easy``, ``medium``, ``hard``); ValueError with a
    sentence naming what is wrong otherwise."""
    kind, colon, budget = spec.partition(":")
    if kind not in BOT_POLICIES:
        kinds = ", ".join(repr(name) for name in BOT_KINDS)
        raise ValueError(f"{spec!r} is no kind of bot of this server; use one of {kinds}.")
    if not colon:
        return BotSpec(kind)
    if kind in LEVEL_KINDS:
        raise ValueError(f"{spec!r}: {kind!r} is a level, whose budget is part of the level; write {kind!r} alone.")
    if kind not in SEARCH_KINDS:
        raise ValueError(f"{spec!r}: only {', '.join(sorted(SEARCH_KINDS))} takes a budget; {kind!r} takes none.")
    match = BUDGET_PATTERN.fullmatch(budget)
    if match is None:
        raise ValueError(f"{spec!r} has no budget this server reads; write it as {SPEC_EXAMPLES}.")
    amount, unit = float(match["amount"]), match["unit"]
    if unit == "it":
        if not amount.is_integer() or not 1 <= amount <= MAX_ITERATIONS:
            raise ValueError(f"{spec!r}: a number of iterations is a whole number from 1 to {MAX_ITERATIONS}.")
        return BotSpec(kind, iterations=int(amount))
    milliseconds = amount * 1000 if unit == "s" else amount
    if not 1 <= milliseconds <= MAX_BUDGET_MS:
        raise ValueError(f"{spec!r}: a time budget is from 1 ms to {MAX_BUDGET_MS} ms.")
    return BotSpec(kind, budget_seconds=milliseconds / 1000)


def is_bot_spec(spec: str) -> bool:
    try:
        parse_bot(spec)
    except ValueError:
        return False
    return True


class BudgetedPolicy:
    """A policy that moves within its own time budget rather than the one its seat input carries."""

    def __init__(self, policy: Policy, budget_seconds: float) -> None:
        self.policy = policy
        self.budget_seconds = budget_seconds

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        return self.policy.choose(dataclasses.replace(seat_input, budget_seconds=self.budget_seconds), rng)


@functools.lru_cache(maxsize=64)
def bot_policy(spec: str) -> Policy:
    """The policy that plays a bot spec (ValueError for a spec ``parse_bot`` refuses)."""
    parsed = parse_bot(spec)
    if parsed.iterations is not None:
        return ISMCTSPolicy(iterations=parsed.iterations)
    if parsed.budget_seconds is not None:
        return BudgetedPolicy(BOT_POLICIES[parsed.kind], parsed.budget_seconds)
    return BOT_POLICIES[parsed.kind]
