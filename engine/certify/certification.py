"""``cardengine certify GAME``: the conformance suite on any registered game, for game authors.

Each check plays the game's variants (every player count with each of its ``conformance_variants``) from seeds 0,
1, ... (``playouts`` per variant) with the checks it names (``engine.certify.playout``), and reports a pass with
what it covered or its first failure. A game that fails a check fails the certification; ``certify`` never raises
for a fault of the game (its exceptions are its failures)."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import engine
from engine.certify import golden
from engine.certify.content import content_validators
from engine.certify.playout import run_playout, variants
from engine.registry import get_game


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One check's verdict: its name, what it certifies, whether it passed, and what it covered or why it failed."""

    name: str
    title: str
    passed: bool
    detail: str
    seconds: float

    def line(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        return f"{verdict} {self.name}: {self.title} ({self.detail}; {self.seconds:.1f} s)"


@dataclass(frozen=True, slots=True)
class Settings:
    game_id: str
    playouts: int
    golden_dir: Path | None = None
    write_golden: bool = False


# A check's body: returns what it covered, raises (an AssertionError or the game's own error) at its first fault.
CheckBody = Callable[[Settings], str]


def playout_check(checks: frozenset[str]) -> CheckBody:
    """A check that plays every variant's seeds with ``checks`` (an empty set: the checks every playout makes)."""

    def body(settings: Settings) -> str:
        played = variants({settings.game_id})
        for variant in played:
            for seed in range(settings.playouts):
                try:
                    run_playout(variant, seed, checks)
                except Exception as error:
                    where, message = f"{variant} seed {seed}", describe(error)
                    raise AssertionError(message if message.startswith(where) else f"{where}: {message}") from error
        return f"{len(played)} variants x {settings.playouts} playouts"

    return body


def check_determinism(settings: Settings) -> str:
    """The same seed gives the same deal, the same legal moves, events and states, every time."""
    played = variants({settings.game_id})
    for variant in played:
        for seed in range(settings.playouts):
            first, first_events = engine.new_game(variant.game_id, variant.players, seed, variant.options)
            again, again_events = engine.new_game(variant.game_id, variant.players, seed, variant.options)
            assert engine.encode(first) == engine.encode(again), f"{variant} seed {seed}: two set-ups differ"
            assert first_events == again_events, f"{variant} seed {seed}: the set-up's events differ"
            one, other = run_playout(variant, seed, frozenset()), run_playout(variant, seed, frozenset())
            assert one.moves == other.moves, f"{variant} seed {seed}: the same seed offered other moves"
            assert one.snapshot == other.snapshot, f"{variant} seed {seed}: the same moves ended in other states"
    return f"{len(played)} variants x {settings.playouts} seeds, each played twice"


def check_schemas_declared(settings: Settings) -> None:
    assert content_validators(settings.game_id) is not None, (
        f"{settings.game_id} declares no JSON Schemas of its content (Game.schemas, docs/engine.md)"
    )


def check_views(settings: Settings) -> str:
    check_schemas_declared(settings)
    return playout_check(frozenset({"views"}))(settings)


def check_events(settings: Settings) -> str:
    check_schemas_declared(settings)
    return playout_check(frozenset({"events"}))(settings)


def check_replay(settings: Settings) -> str:
    """A match rebuilt from its set-up and moves (``engine.replay``, every move checked again) ends in its state."""
    played = variants({settings.game_id})
    for variant in played:
        for seed in range(settings.playouts):
            match = run_playout(variant, seed, frozenset())
            replayed = engine.replay(variant.game_id, variant.players, seed, variant.options, match.moves)
            assert engine.encode(replayed.state) == match.snapshot, f"{variant} seed {seed}: the replay differs"
    return f"{len(played)} variants x {settings.playouts} matches replayed"


def check_golden(settings: Settings) -> str:
    """Each golden playthrough is recorded the same twice, replays from its move list, and (with a folder) equals
    its file there."""
    cases = golden.cases({settings.game_id})
    compared = 0
    for case in cases:
        text = golden.record(case)
        assert golden.record(case) == text, f"{case.name}: two recordings differ"
        assert golden.replays(case, text), f"{case.name}: the playthrough does not replay from its move list"
        if settings.golden_dir is None:
            continue
        path = case.path_in(settings.golden_dir)
        if settings.write_golden:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        assert path.exists(), f"{path} is missing (--write-golden writes it)"
        assert path.read_text() == text, f"{path} differs from the playthrough played now"
        compared += 1
    folder = f", {compared} compared with {settings.golden_dir}" if settings.golden_dir is not None else ""
    return f"{len(cases)} playthroughs{folder}"


# The checks in the order they run: name, what it certifies, its body.
CHECKS: tuple[tuple[str, str, CheckBody], ...] = (
    ("determinism", "the same seed plays the same match", check_determinism),
    ("codec", "snapshot round trip, card conservation, apply leaves its input unchanged", playout_check(frozenset())),
    ("notation", "every legal move's notation and structured form round trip", playout_check(frozenset({"notation"}))),
    (
        "legality",
        "legal_moves against explain: refusals specific, reasons hide cards, every legal move applies",
        playout_check(frozenset({"refusals", "legality", "apply_all"})),
    ),
    ("views", "every view matches its schema and shows no hidden card", check_views),
    ("events", "every event matches its schema, has a text and shows no hidden card", check_events),
    ("secrecy", "secrecy by resampling: determinize keeps what seats know", playout_check(frozenset({"determinize"}))),
    ("replay", "a match replays from its moves to the same state", check_replay),
    ("golden", "golden playthroughs record alike and replay", check_golden),
)
CHECK_NAMES: tuple[str, ...] = tuple(name for name, _, _ in CHECKS)


def describe(error: BaseException) -> str:
    """An error in one line: its type (unless a plain assertion) and message, and where a game's code raised it."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    if isinstance(error, AssertionError):
        return text
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {text}{where}"


def certify(
    game_id: str,
    playouts: int = 3,
    *,
    only: Sequence[str] = (),
    golden_dir: Path | None = None,
    write_golden: bool = False,
) -> list[CheckResult]:
    """Runs the checks (``only`` those named) on the registered game ``game_id``; one result per check. Raises
    ``UnknownGameError`` for a game not registered and ``ValueError`` for a check not known."""
    get_game(game_id)
    unknown = sorted(set(only) - set(CHECK_NAMES))
    if unknown:
        raise ValueError(f"Unknown checks {', '.join(unknown)}; the checks are: {', '.join(CHECK_NAMES)}.")
    settings = Settings(game_id, playouts, golden_dir, write_golden)
    results = []
    for name, title, body in CHECKS:
        if only and name not in only:
            continue
        started = time.perf_counter()
        try:
            detail, passed = body(settings), True
        except Exception as error:
            detail, passed = describe(error), False
        results.append(CheckResult(name, title, passed, detail, time.perf_counter() - started))
    return results
