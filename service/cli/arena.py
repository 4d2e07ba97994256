"""``cardengine arena``: bots against each other in duplicate matches, with confidence intervals.

Duplicate matches: every deal (one seed) is played once per rotation of the seats, so that every bot sits once in
every seat of every deal and the luck of the cards cancels out. The bot specs (``service.core.bot_kinds.parse_bot``:
``mcts:200ms``, ``mcts:300it``, ``greedy``, ``random``) are given to the seats in their order, cycled when fewer
than the players (``mcts,random`` at four seats: mcts, random, mcts, random); rotations that give every seat the
same bot as an earlier rotation are played once (two bots at four seats: two matches per deal, not four). The
game's ``playout_options`` are used under the user's ``--options`` so that matches between weak bots end.

Per bot (over the matches it played):

- **win rate**: its share of the winners (ties shared: one of two winners gets 1/2; partners who win together
  get the whole win), averaged over the matches; with equal strength a bot holding ``k`` of ``n`` seats expects
  ``k / n`` (printed as *par*);
- **score difference**: the mean final total of its seats minus the mean final total of the other seats;
- both with a 95% confidence interval over the duplicate groups (one value per deal: the mean over its
  rotations; Student's t), so that the deal's luck is out of the spread (a win rate's interval cut to 0..1);
- **decisions per second**, **mean and p95 time per decision**: a decision is a move with a choice (two legal
  moves or more), timed around ``Policy.choose``.

``--jobs J`` plays the duplicate groups in J processes (``ProcessPoolExecutor``); a progress bar runs on stderr;
``--json`` writes every match; ``--plot`` draws the score-difference distributions and the win rates (matplotlib,
the ``arena`` extra).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

import engine
import engine.bots as engine_bots
from service.cli.arguments import fail, match_settings
from service.core.bot_kinds import bot_policy, parse_bot
from service.core.standings import Interval, group_intervals
from service.core.standings import mean_interval as mean_interval  # the arena's tests' names for them
from service.core.standings import score_difference as score_difference
from service.core.standings import win_share as win_share

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands


# ----- one match, one duplicate group -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GroupTask:
    """One deal to play in every distinct rotation: the unit of work of a process."""

    game_id: str
    players: int
    deal: int
    deal_seed: int
    options: Mapping[str, object]
    bots: tuple[str, ...]  # the spec of each seat before rotating (already cycled to the player count)
    labels: tuple[str, ...]  # the bot label of each seat before rotating
    budget_seconds: float


@dataclass(slots=True)
class MatchResult:
    deal: int
    deal_seed: int
    rotation: int
    seats: list[str]  # the bot label of each seat
    totals: list[int]
    winners: list[int]
    finished: bool
    moves: int
    decision_times: dict[str, list[float]] = field(default_factory=dict)  # per bot label, seconds

    def to_json(self) -> dict[str, Any]:
        record = asdict(self)
        record["decision_times"] = {
            label: {
                "decisions": len(times),
                "seconds": round(sum(times), 6),
                "max_seconds": round(max(times), 6) if times else 0.0,
            }
            for label, times in self.decision_times.items()
        }
        return record


def rotations(labels: Sequence[str]) -> list[int]:
    """The rotations that seat the bots differently from every earlier one."""
    seen: set[tuple[str, ...]] = set()
    distinct = []
    for rotation in range(len(labels)):
        seating = tuple(labels[(seat + rotation) % len(labels)] for seat in range(len(labels)))
        if seating not in seen:
            seen.add(seating)
            distinct.append(rotation)
    return distinct


def play_group(task: GroupTask) -> list[MatchResult]:
    """Plays the task's deal once per distinct rotation of the seats."""
    results = []
    for rotation in rotations(task.labels):
        seat_specs = [task.bots[(seat + rotation) % task.players] for seat in range(task.players)]
        seat_labels = [task.labels[(seat + rotation) % task.players] for seat in range(task.players)]
        results.append(play_match(task, rotation, seat_specs, seat_labels))
    return results


def play_match(task: GroupTask, rotation: int, specs: Sequence[str], labels: Sequence[str]) -> MatchResult:
    state, _ = engine.new_game(task.game_id, task.players, task.deal_seed, task.options)
    policies = [bot_policy(spec) for spec in specs]
    times: dict[str, list[float]] = {label: [] for label in labels}
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        given = engine_bots.seat_input(state, seat, task.budget_seconds)
        generator = engine_bots.bot_random(f"arena:{task.deal_seed}", state.step, seat)
        started = time.perf_counter()
        move = policies[seat].choose(given, generator)
        thought = time.perf_counter() - started
        if len(given.legal_moves) > 1:
            times[labels[seat]].append(thought)
        state, _ = engine.apply(state, seat, move)
    sheet = engine.score(state)
    return MatchResult(
        task.deal,
        task.deal_seed,
        rotation,
        list(labels),
        list(sheet.totals),
        list(sheet.winners),
        sheet.finished,
        state.step,
        times,
    )


# ----- statistics -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BotSummary:
    label: str
    matches: int
    par: float  # the win rate of equal strength: its seats over the players
    win_rate: Interval
    score_difference: Interval
    decisions: int
    decisions_per_second: float
    mean_ms: float
    p95_ms: float

    def to_json(self) -> dict[str, Any]:
        record = asdict(self)
        for name in ("win_rate", "score_difference"):
            record[name] = {key: (None if math.isnan(value) else value) for key, value in record[name].items()}
        return record


def summarize(results: Sequence[MatchResult], labels: Sequence[str]) -> list[BotSummary]:
    summaries = []
    players = len(labels)
    for label in dict.fromkeys(labels):
        played = [result for result in results if label in result.seats]
        groups: dict[int, list[MatchResult]] = {}
        for result in played:
            groups.setdefault(result.deal, []).append(result)
        win_rate, difference = group_intervals(list(groups.values()), label)
        times = sorted(t for result in played for t in result.decision_times.get(label, []))
        thinking = sum(times)
        summaries.append(
            BotSummary(
                label,
                len(played),
                labels.count(label) / players,
                win_rate,
                difference,
                len(times),
                len(times) / thinking if thinking > 0 else math.inf if times else 0.0,
                1000 * thinking / len(times) if times else 0.0,
                1000 * times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)] if times else 0.0,
            )
        )
    return summaries


def interval_text(interval: Interval, digits: int, *, signed: bool = False) -> str:
    sign = "+" if signed else ""
    if math.isnan(interval.low):
        return f"{interval.mean:{sign}.{digits}f} [n/a]"
    return f"{interval.mean:{sign}.{digits}f} [{interval.low:{sign}.{digits}f}, {interval.high:{sign}.{digits}f}]"


def table_text(summaries: Sequence[BotSummary]) -> str:
    header = (
        f"{'bot':<16} {'matches':>7} {'par':>5}  {'win rate [95% CI]':<22} {'score diff [95% CI]':<28} "
        f"{'decisions/s':>11} {'mean ms':>8} {'p95 ms':>8}"
    )
    lines = [header, "-" * len(header)]
    for s in summaries:
        lines.append(
            f"{s.label:<16} {s.matches:>7} {s.par:>5.2f}  {interval_text(s.win_rate, 2):<22} "
            f"{interval_text(s.score_difference, 1, signed=True):<28} {s.decisions_per_second:>11.1f} "
            f"{s.mean_ms:>8.1f} {s.p95_ms:>8.1f}"
        )
    return "\n".join(lines)


# ----- the tournament ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ArenaConfig:
    game_id: str
    players: int | None
    bots: tuple[str, ...]
    matches: int  # deals: each is played once per distinct rotation
    seed: int
    options: Mapping[str, object]
    jobs: int = 1
    budget_seconds: float = engine_bots.DEFAULT_BUDGET_SECONDS


def seat_labels(specs: Sequence[str]) -> list[str]:
    """A label per spec: the spec itself, numbered when the same spec is listed twice (``mcts#1``, ``mcts#2``)."""
    labels = []
    for index, spec in enumerate(specs):
        same = [other for other in specs if other == spec]
        labels.append(spec if len(same) == 1 else f"{spec}#{specs[: index + 1].count(spec)}")
    return labels


def group_tasks(config: ArenaConfig) -> list[GroupTask]:
    game = engine.get_game(config.game_id)
    players = game.default_players if config.players is None else config.players
    game.check_players(players)
    options = {**game.playout_options, **config.options}
    engine.new_game(config.game_id, players, config.seed, options)  # options checked before any process starts
    specs = [str(parse_bot(spec)) for spec in config.bots]
    labels = seat_labels(specs)
    seats = tuple(specs[seat % len(specs)] for seat in range(players))
    seat_names = tuple(labels[seat % len(labels)] for seat in range(players))
    return [
        GroupTask(game.id, players, deal, config.seed + deal, options, seats, seat_names, config.budget_seconds)
        for deal in range(config.matches)
    ]


def run_arena(
    config: ArenaConfig, progress: Callable[[int, int, float], None] | None = None
) -> tuple[list[GroupTask], list[MatchResult]]:
    """Plays every duplicate group (in ``config.jobs`` processes when more than one); results in deal order."""
    tasks = group_tasks(config)
    return tasks, [result for group in play_groups(tasks, config.jobs, progress) for result in group]


def play_groups(
    tasks: Sequence[GroupTask], jobs: int, progress: Callable[[int, int, float], None] | None = None
) -> list[list[MatchResult]]:
    """Plays every task's duplicate group (in ``jobs`` processes when more than one); the groups in task order."""
    started = time.perf_counter()
    results: dict[int, list[MatchResult]] = {}
    if progress:
        progress(0, len(tasks), 0.0)
    if jobs <= 1:
        for index, task in enumerate(tasks):
            results[index] = play_group(task)
            if progress:
                progress(len(results), len(tasks), time.perf_counter() - started)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(play_group, task): index for index, task in enumerate(tasks)}
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                if progress:
                    progress(len(results), len(tasks), time.perf_counter() - started)
    return [results[index] for index in range(len(tasks))]


def progress_bar(stream: TextIO, unit: str = "deals") -> Callable[[int, int, float], None]:
    def show(done: int, total: int, seconds: float) -> None:
        width = 30
        filled = width * done // max(total, 1)
        eta = f", {seconds / done * (total - done):.0f}s left" if done else ""
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}, {seconds:.0f}s{eta}  ")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def write_plot(path: str, results: Sequence[MatchResult], summaries: Sequence[BotSummary], title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [summary.label for summary in summaries]
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    distributions = [[score_difference(r, label) for r in results if label in r.seats] for label in labels]
    left.boxplot(distributions, showmeans=True)
    left.set_xticks(range(1, len(labels) + 1), labels)
    left.axhline(0, color="grey", linewidth=0.8)
    left.set_title("score difference per match")
    left.set_ylabel("own mean total - others' mean total")
    rates = [summary.win_rate.mean for summary in summaries]
    errors = [
        [0 if math.isnan(s.win_rate.low) else s.win_rate.mean - s.win_rate.low for s in summaries],
        [0 if math.isnan(s.win_rate.high) else s.win_rate.high - s.win_rate.mean for s in summaries],
    ]
    right.bar(labels, rates, yerr=errors, capsize=6, color="tab:blue")
    right.scatter(labels, [s.par for s in summaries], color="tab:red", marker="_", s=600, label="par")
    right.set_ylim(0, 1)
    right.set_title("win rate (ties shared), 95% CI")
    right.legend()
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def plotting_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def arena_main(config: ArenaConfig, json_path: str | None, plot_path: str | None, out: TextIO | None = None) -> int:
    """The ``cardengine arena`` command: plays, prints the table (on ``out``, stdout by default), writes the JSON
    and the plot; exit status."""
    out = out or sys.stdout
    if plot_path and not plotting_available():
        print(
            "error: --plot needs matplotlib, which is not installed: pip install 'cardengine[arena]' "
            "(or matplotlib), or leave --plot out.",
            file=sys.stderr,
        )
        return 2
    if config.matches < 1 or not config.bots:
        print("error: --matches must be at least 1 and --bots name at least one bot", file=sys.stderr)
        return 2
    try:
        tasks = group_tasks(config)
    except engine.EngineError as error:  # an unknown game, a player count or an option it refuses
        print(f"error: {error.code}: {error.reason}", file=sys.stderr)
        return 2
    except ValueError as error:  # a bot spec parse_bot refuses
        print(f"error: --bots: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    _, results = run_arena(config, progress_bar(sys.stderr))
    elapsed = time.perf_counter() - started
    task = tasks[0]
    labels = list(task.labels)
    summaries = summarize(results, labels)
    title = (
        f"{task.game_id}, {task.players} players: {len(tasks)} deals x {len(rotations(labels))} rotations = "
        f"{len(results)} matches (seeds {config.seed}-{config.seed + len(tasks) - 1}), options {dict(task.options)}"
    )
    print(title, file=out)
    print(f"seats: {', '.join(labels)}; {config.jobs} job(s), {elapsed:.1f}s", file=out)
    print(table_text(summaries), file=out)
    if json_path:
        document = {
            "game": task.game_id,
            "players": task.players,
            "seed": config.seed,
            "options": dict(task.options),
            "bots": list(config.bots),
            "seats": labels,
            "budget_seconds": config.budget_seconds,
            "summary": [summary.to_json() for summary in summaries],
            "matches": [result.to_json() for result in results],
        }
        with open(json_path, "w", encoding="utf-8") as handle:
            json.dump(document, handle, indent=1)
        print(f"wrote {len(results)} matches to {json_path}", file=out)
    if plot_path:
        write_plot(plot_path, results, summaries, f"{task.game_id}, {task.players} players, {len(results)} matches")
        print(f"wrote the plot to {plot_path}", file=out)
    return 0


# ----- the command line -------------------------------------------------------------------------------------------
def add_arena_parser(commands: Subcommands) -> None:
    arena = commands.add_parser(
        "arena",
        help="bots against each other in duplicate matches: win rates and score differences with 95%% intervals",
        description="Plays every deal once per rotation of the seats (duplicate matches, so the luck of the cards "
        "cancels) and prints per bot its win rate (ties shared; 'par' is the rate of equal strength), its mean score "
        "difference (its seats' mean total minus the other seats'), both with 95%% confidence intervals over the "
        "deals, and its decisions per second and time per decision.",
    )
    arena.add_argument("--game", default="dracula")
    arena.add_argument("--players", type=int, default=None)
    arena.add_argument(
        "--bots",
        default="mcts,random",
        help="bot specs by seat, comma-separated, cycled over the seats: the levels easy, medium, hard, or random, "
        "greedy, mcts, mcts:500ms, mcts:300it (default: mcts,random)",
    )
    arena.add_argument("--matches", type=int, default=10, help="deals; each is played once per rotation of the seats")
    arena.add_argument("--seed", type=int, default=1, help="the first deal's seed (the next deals: seed+1, ...)")
    arena.add_argument("--jobs", type=int, default=1, help="processes playing deals in parallel (0: every core)")
    arena.add_argument(
        "--budget-ms", type=float, default=engine_bots.DEFAULT_BUDGET_SECONDS * 1000, help="mcts's time per move"
    )
    arena.add_argument("--options", default="{}", help="game options as a JSON object, over the playout options")
    arena.add_argument("--json", metavar="OUT.json", help="write every match and the summary as JSON")
    arena.add_argument("--plot", metavar="OUT.png", help="draw score differences and win rates (needs matplotlib)")
    arena.set_defaults(func=command_arena)


def command_arena(args: argparse.Namespace) -> int:
    options = match_settings(args.options, args.budget_ms)
    if isinstance(options, str):
        return fail(options)
    config = ArenaConfig(
        game_id=args.game,
        players=args.players,
        bots=tuple(spec.strip() for spec in args.bots.split(",") if spec.strip()),
        matches=args.matches,
        seed=args.seed,
        options=options,
        jobs=args.jobs if args.jobs > 0 else os.cpu_count() or 1,
        budget_seconds=args.budget_ms / 1000,
    )
    return arena_main(config, args.json, args.plot)
