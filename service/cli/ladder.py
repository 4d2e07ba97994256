"""``cardengine ladder``: the bots' and levels' ratings in one game, from duplicate matches between pairs of them.

**The pool.** The reference bots ``random``, ``greedy`` and ``mcts:200ms`` and the levels ``easy``, ``medium`` and
``hard`` (``engine.bots.levels``), listed in their expected order of strength: random < greedy < easy < medium <
mcts:200ms ~ hard. ``--pool`` replaces it (any bot specs, in the order expected; the first is the anchor).

**The pairs.** Not every pair: every player against its neighbour and its next-but-one in that order (random-greedy,
greedy-easy, easy-medium, medium-mcts, mcts-hard; random-easy, greedy-medium, easy-mcts, medium-hard: 9 of the 15).
The adjacent pairs measure the gaps the levels are tuned for (hard against mcts included); the skip pairs tie the
chain into a graph where every rating rests on two paths, and a pair too lopsided to measure (random against hard,
all wins) is not worth its time. ``--pairs all`` plays all of them, ``--pairs random-greedy,easy-hard`` a list.

**The matches.** Each pair plays ``--deals`` duplicate matches (every deal once per distinct rotation of the seats,
as ``cardengine arena`` does; the two players alternate seats when there are more than two), on the same deals
(seeds ``--seed``, ``--seed`` + 1, ...) for every pair, ``--players`` 2 by default, under the game's short match
options (``Game.short_match_options``, e.g. Dracula ``deals: 2``) over its playout options, so a match is short;
``--options`` adds to or overrides them.

**The ratings.** Elo by maximum likelihood (``service.cli.elo``): each match is one game between the pair, scoring
the pair's share of its winners (1, 0, or 1/2 for a tie or a shared win); random is the anchor at 0; one virtual draw
per pair keeps a pair of all wins finite; 95% intervals from the observed Fisher information. Elo rather than
openskill: a match here always has two sides (the two players of a pair, whatever the seat count), and a duplicate
match makes the pair, not the seat, the unit, which is exactly the Bradley-Terry model; openskill's many-team updates
are sequential (order-dependent) and give no likelihood interval.

Output: a table on stdout; ``--json`` every match, the ratings, the command lines and each player's budget
(``--resume`` adds to that file: only the pairs and deals it lacks are played; ``--replay PLAYERS`` with it drops
those players' matches and plays them again, after their settings changed); ``--ratings`` merges the game's
ratings into the file the catalog reads (``service/core/ladder_ratings.json``); ``--plot`` the ratings with their
intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import engine
import engine.bots as engine_bots
from engine.bots.levels import LEVELS, level_settings
from service.cli.arena import GroupTask, MatchResult, play_groups, progress_bar
from service.cli.arguments import fail, match_settings
from service.core.bot_kinds import parse_bot
from service.core.level_ratings import RATINGS_FILE

if TYPE_CHECKING:  # service.cli.elo needs numpy (the arena extra): imported when a ladder runs
    from service.cli.arguments import Subcommands
    from service.cli.elo import GameResult, Rating

REFERENCE_POOL: tuple[str, ...] = ("random", "greedy", "mcts:200ms")
DEFAULT_POOL: tuple[str, ...] = ("random", "greedy", *LEVELS[:2], "mcts:200ms", *LEVELS[2:])
"""The reference bots and the levels in their expected order of strength (the first is the anchor)."""
PRIOR_DRAWS = 1.0

Pair = tuple[str, str]


def default_pairs(pool: Sequence[str]) -> list[Pair]:
    """Every player against its neighbour, then against its next-but-one, in the pool's order."""
    return [(pool[i], pool[i + 1]) for i in range(len(pool) - 1)] + [
        (pool[i], pool[i + 2]) for i in range(len(pool) - 2)
    ]


def parse_pairs(text: str, pool: Sequence[str]) -> list[Pair]:
    """``default``, ``all`` or ``A-B,C-D`` (specs of the pool); ValueError with a sentence otherwise."""
    if text == "default":
        return default_pairs(pool)
    if text == "all":
        return [(pool[i], pool[j]) for i in range(len(pool)) for j in range(i + 1, len(pool))]
    pairs: list[Pair] = []
    for word in (part.strip() for part in text.split(",")):
        first, dash, second = word.partition("-")
        if not dash:
            raise ValueError(f"{word!r} is no pair; write two players of the pool joined by '-', e.g. 'random-easy'.")
        first, second = normalized(first), normalized(second)
        for player in (first, second):
            if player not in pool:
                raise ValueError(f"{player!r} (in {word!r}) is not in the pool {', '.join(pool)}.")
        if first == second:
            raise ValueError(f"{word!r} pairs a player with itself.")
        if (first, second) not in pairs and (second, first) not in pairs:
            pairs.append((first, second))
    return pairs


def normalized(spec: str) -> str:
    """The spec as the ladder labels it (``mcts:0.2s`` -> ``mcts:200ms``); ValueError for a spec parse_bot refuses."""
    return str(parse_bot(spec.strip()))


@dataclass(frozen=True, slots=True)
class LadderConfig:
    game_id: str
    players: int
    pool: tuple[str, ...]
    pairs: tuple[Pair, ...]
    deals: int
    seed: int
    options: Mapping[str, object]  # the user's, over the game's playout and short match options
    jobs: int = 1
    budget_seconds: float = engine_bots.DEFAULT_BUDGET_SECONDS  # plain ``mcts``'s time per move


def match_options(game_id: str, options: Mapping[str, object]) -> dict[str, object]:
    game = engine.get_game(game_id)
    return {**game.playout_options, **game.short_match_options, **options}


def ladder_tasks(config: LadderConfig) -> list[tuple[Pair, GroupTask]]:
    """One duplicate group per pair and deal, the pairs in order; EngineError for a game, count or option refused."""
    game = engine.get_game(config.game_id)
    game.check_players(config.players)
    options = match_options(game.id, config.options)
    engine.new_game(game.id, config.players, config.seed, options)  # options checked before any process starts
    tasks = []
    for pair in config.pairs:
        seats = tuple(pair[seat % 2] for seat in range(config.players))
        for deal in range(config.deals):
            task = GroupTask(
                game.id, config.players, deal, config.seed + deal, options, seats, seats, config.budget_seconds
            )
            tasks.append((pair, task))
    return tasks


def pair_score(result: MatchResult, player: str) -> float:
    """``player``'s score in a match of its pair: its share of the winners (ties shared), 1/2 with no winner."""
    if not result.winners:
        return 0.5
    return sum(1 for seat in result.winners if result.seats[seat] == player) / len(result.winners)


@dataclass(frozen=True, slots=True)
class LadderMatch:
    pair: Pair
    result: MatchResult
    saved: Mapping[str, Any] | None = None  # the record read from an earlier run's JSON: written back as it was

    def game(self) -> GameResult:
        from service.cli.elo import GameResult

        return GameResult(self.pair[0], self.pair[1], pair_score(self.result, self.pair[0]))

    def to_json(self) -> dict[str, Any]:
        return dict(self.saved) if self.saved is not None else {"pair": list(self.pair), **self.result.to_json()}

    @staticmethod
    def from_json(record: Mapping[str, Any]) -> LadderMatch:
        result = MatchResult(
            record["deal"],
            record["deal_seed"],
            record["rotation"],
            list(record["seats"]),
            list(record["totals"]),
            list(record["winners"]),
            record["finished"],
            record["moves"],
        )
        return LadderMatch((record["pair"][0], record["pair"][1]), result, record)


def budget_of(game_id: str, spec: str, budget_seconds: float) -> dict[str, Any]:
    """What a player spends per move: a level's settings in this game, a spec's own budget, plain mcts's default."""
    parsed = parse_bot(spec)
    if parsed.kind in LEVELS:
        return {"level": parsed.kind, **asdict(level_settings(game_id, parsed.kind))}
    if parsed.iterations is not None:
        return {"iterations": parsed.iterations}
    if parsed.budget_seconds is not None:
        return {"budget_seconds": parsed.budget_seconds}
    if parsed.kind == "mcts":
        return {"budget_seconds": budget_seconds}
    return {}


def rate(players: Sequence[str], matches: Sequence[LadderMatch], anchor: str) -> list[Rating]:
    """Every player's rating, strongest first (ValueError when a player is not linked to the anchor)."""
    from service.cli.elo import fit

    ratings = fit(players, [match.game() for match in matches], anchor, PRIOR_DRAWS)
    return sorted(ratings, key=lambda rating: -rating.rating)


def pair_summary(pairs: Sequence[Pair], matches: Sequence[LadderMatch]) -> list[dict[str, Any]]:
    summary = []
    for pair in pairs:
        games = [match.game() for match in matches if match.pair == pair]
        summary.append({"pair": list(pair), "games": len(games), "score": sum(game.score for game in games)})
    return summary


def table_text(ratings: Sequence[Rating]) -> str:
    header = f"{'player':<16} {'rating':>8}  {'95% interval':<20} {'games':>6} {'score':>7} {'mean':>5}"
    lines = [header, "-" * len(header)]
    for r in ratings:
        interval = f"[{round(r.low):+d}, {round(r.high):+d}]"
        mean = r.score / r.games if r.games else math.nan
        lines.append(f"{r.player:<16} {round(r.rating):>+8d}  {interval:<20} {r.games:>6} {r.score:>7.1f} {mean:>5.2f}")
    return "\n".join(lines)


def rating_json(rating: Rating) -> dict[str, Any]:
    return {
        "player": rating.player,
        "rating": round(rating.rating, 1) + 0.0,  # never -0.0
        "low": round(rating.low, 1),
        "high": round(rating.high, 1),
        "games": rating.games,
        "score": rating.score,
    }


def write_plot(path: str, ratings: Sequence[Rating], title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = sorted(ratings, key=lambda rating: rating.rating)
    figure, axes = plt.subplots(figsize=(7, 0.6 * len(ordered) + 1.6))
    positions = range(len(ordered))
    axes.errorbar(
        [r.rating for r in ordered],
        positions,
        xerr=[[r.rating - r.low for r in ordered], [r.high - r.rating for r in ordered]],
        fmt="o",
        capsize=5,
        color="tab:blue",
    )
    axes.set_yticks(list(positions), [r.player for r in ordered])
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("Elo rating (random = 0), 95% interval")
    axes.set_title(title, fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def merge_ratings(path: Path, game_id: str, entry: Mapping[str, Any]) -> None:
    """Writes ``entry`` as ``game_id``'s ratings in the catalog's file, keeping the other games'."""
    document: dict[str, Any] = {"games": {}}
    if path.exists():
        document = json.loads(path.read_text(encoding="utf-8"))
    games = dict(document.get("games", {}))
    games[game_id] = dict(entry)
    document["games"] = {key: games[key] for key in sorted(games)}
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


class LadderError(Exception):
    """A bad command line or an unusable --resume file: the sentence to print."""


def resumed_matches(path: str, config: LadderConfig) -> tuple[list[LadderMatch], list[str]]:
    """The matches and command lines of an earlier run's JSON, if it played the same game the same way."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return [], []
    except json.JSONDecodeError as error:
        raise LadderError(f"--resume: {path} is not JSON: {error}") from None
    expected = {
        "game": config.game_id,
        "players": config.players,
        "options": match_options(config.game_id, config.options),
        "budget_seconds": config.budget_seconds,
    }
    for key, value in expected.items():
        if document.get(key) != value:
            raise LadderError(
                f"--resume: {path} was played with {key} {document.get(key)!r}, this run with {value!r}; "
                "resume with the same game, players, options and budget, or write another --json file."
            )
    matches = [LadderMatch.from_json(record) for record in document.get("matches", [])]
    return matches, list(document.get("commands", []))


def run_ladder(
    config: LadderConfig, earlier: Sequence[LadderMatch] = (), progress: bool = True
) -> tuple[list[LadderMatch], int]:
    """Plays the groups ``earlier`` lacks; every match (earlier ones first) and the number of groups played."""
    done = {(match.pair, match.result.deal_seed) for match in earlier}
    todo = [(pair, task) for pair, task in ladder_tasks(config) if (pair, task.deal_seed) not in done]
    groups = play_groups(
        [task for _, task in todo], config.jobs, progress_bar(sys.stderr, "duplicate groups") if progress else None
    )
    played = [LadderMatch(pair, result) for (pair, _), group in zip(todo, groups, strict=True) for result in group]
    return [*earlier, *played], len(todo)


@dataclass(frozen=True, slots=True)
class LadderPlan:
    """What a run plays and rates: the earlier matches (``--resume``), every player and pair rated."""

    earlier: tuple[LadderMatch, ...]
    commands: tuple[str, ...]
    players: tuple[str, ...]
    pairs: tuple[Pair, ...]


def ladder_plan(config: LadderConfig, json_path: str | None, resume: bool, replay: Sequence[str] = ()) -> LadderPlan:
    """Checks the run before playing: LadderError, EngineError or ValueError (a player not linked to the anchor).
    ``replay``: players whose earlier matches are dropped, to be played again (their settings changed)."""
    if config.deals < 1:
        raise LadderError("--deals must be at least 1")
    if len(config.pool) < 2 or not config.pairs:
        raise LadderError("the ladder needs at least two players in --pool and one pair in --pairs")
    if resume and not json_path:
        raise LadderError("--resume adds to the --json file: name it with --json PATH")
    if replay and not resume:
        raise LadderError("--replay plays again what an earlier --json file holds: add --resume")
    unknown = [player for player in replay if player not in config.pool]
    if unknown:
        raise LadderError(f"--replay: {', '.join(unknown)} not in the pool ({', '.join(config.pool)})")
    earlier, commands = resumed_matches(json_path, config) if resume and json_path else ([], [])
    earlier = [match for match in earlier if not set(match.pair) & set(replay)]
    ladder_tasks(config)  # the game, player count and options
    players = tuple(dict.fromkeys([*config.pool, *(p for match in earlier for p in match.pair)]))
    pairs = tuple(dict.fromkeys([*(match.pair for match in earlier), *config.pairs]))
    from service.cli.elo import GameResult, fit

    fit(players, [GameResult(a, b, 0.5) for a, b in pairs], players[0])  # every player linked to the anchor
    return LadderPlan(tuple(earlier), tuple(commands), players, pairs)


def missing_module(plot_path: str | None) -> str | None:
    """The sentence for a module the run needs and lacks: numpy (the ratings), matplotlib (``--plot``)."""
    for module, needed in (("numpy", True), ("matplotlib", bool(plot_path))):
        try:
            if needed:
                __import__(module)
        except ImportError:
            why = "the ratings need" if module == "numpy" else "--plot needs"
            return f"{why} {module}, which is not installed: pip install 'cardengine[arena]'"
    return None


def ladder_main(
    config: LadderConfig,
    *,
    json_path: str | None = None,
    plot_path: str | None = None,
    ratings_path: str | None = None,
    resume: bool = False,
    replay: Sequence[str] = (),
    command: str = "",
    out: TextIO | None = None,
) -> int:
    """The ``cardengine ladder`` command: plays, prints the ratings, writes the JSON, the ratings file and the plot;
    exit status."""
    out = out or sys.stdout
    missing = missing_module(plot_path)
    if missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    try:
        plan = ladder_plan(config, json_path, resume, replay)
    except LadderError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except engine.EngineError as error:
        print(f"error: {error.code}: {error.reason}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"error: --pairs: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    matches, played = run_ladder(config, plan.earlier)
    elapsed = time.perf_counter() - started
    ratings = rate(plan.players, matches, plan.players[0])
    options = match_options(config.game_id, config.options)
    print(
        f"{config.game_id}, {config.players} players, options {options}: {len(matches)} matches "
        f"({len(plan.pairs)} pairs; this run {played} duplicate groups in {elapsed:.0f}s, {config.jobs} job(s))",
        file=out,
    )
    print(f"Elo by maximum likelihood, {plan.players[0]} = 0, one virtual draw per pair; 95% intervals", file=out)
    print(table_text(ratings), file=out)
    write_outputs(config, plan, matches, ratings, command, json_path, ratings_path, out)
    if plot_path:
        write_plot(plot_path, ratings, f"{config.game_id}, {config.players} players, {len(matches)} matches")
        print(f"wrote the plot to {plot_path}", file=out)
    return 0


def write_outputs(
    config: LadderConfig,
    plan: LadderPlan,
    matches: Sequence[LadderMatch],
    ratings: Sequence[Rating],
    command: str,
    json_path: str | None,
    ratings_path: str | None,
    out: TextIO,
) -> None:
    """The ``--json`` document (every match, the ratings, the commands, the budgets) and the ``--ratings`` entry."""
    options = match_options(config.game_id, config.options)
    budgets = {player: budget_of(config.game_id, player, config.budget_seconds) for player in plan.players}
    if json_path:
        document = {
            "game": config.game_id,
            "players": config.players,
            "options": options,
            "budget_seconds": config.budget_seconds,
            "seed": config.seed,
            "deals": config.deals,
            "pool": list(plan.players),
            "pairs": [list(pair) for pair in plan.pairs],
            "anchor": plan.players[0],
            "prior_draws": PRIOR_DRAWS,
            "budgets": budgets,
            "commands": [*plan.commands, command] if command else list(plan.commands),
            "ratings": [rating_json(rating) for rating in ratings],
            "pair_results": pair_summary(plan.pairs, matches),
            "matches": [match.to_json() for match in matches],
        }
        Path(json_path).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(matches)} matches and the ratings to {json_path}", file=out)
    if ratings_path:
        entry = {
            "players": config.players,
            "options": options,
            "anchor": plan.players[0],
            "matches": len(matches),
            "command": command,
            "budgets": budgets,
            "ratings": {r.player: {k: v for k, v in rating_json(r).items() if k != "player"} for r in ratings},
        }
        merge_ratings(Path(ratings_path), config.game_id, entry)
        print(f"merged {config.game_id}'s ratings into {ratings_path}", file=out)


# ----- the command line -------------------------------------------------------------------------------------------
def add_ladder_parser(commands: Subcommands) -> None:
    ladder = commands.add_parser(
        "ladder",
        help="rate the reference bots and the levels of one game: Elo from duplicate matches, 95%% intervals",
        description="Plays duplicate matches (every deal in every seat rotation) between pairs of the pool "
        "(random, greedy, mcts:200ms and the levels easy, medium, hard), under the game's short match options, and "
        "rates every player by maximum-likelihood Elo (random = 0) with 95% intervals. A benchmark: the full "
        "ladder takes long; --resume adds to an earlier --json file.",
    )
    ladder.add_argument("--game", required=True)
    ladder.add_argument("--players", type=int, default=2, help="seats per match (default 2; the pair alternates)")
    ladder.add_argument(
        "--pool",
        default=",".join(DEFAULT_POOL),
        help="bot specs, weakest first; the first is the anchor (default: %(default)s)",
    )
    ladder.add_argument(
        "--pairs",
        default="default",
        help="'default' (each player against its neighbour and next-but-one in the pool), 'all', or a list "
        "'random-greedy,easy-hard'",
    )
    ladder.add_argument("--deals", type=int, default=10, help="deals per pair; each is played in every rotation")
    ladder.add_argument("--seed", type=int, default=1, help="the first deal's seed (the next deals: seed+1, ...)")
    ladder.add_argument("--jobs", type=int, default=1, help="processes playing in parallel (0: every core)")
    ladder.add_argument(
        "--budget-ms",
        type=float,
        default=engine_bots.DEFAULT_BUDGET_SECONDS * 1000,
        help="plain mcts's time per move (mcts:200ms and the levels carry their own)",
    )
    ladder.add_argument(
        "--options", default="{}", help="game options as a JSON object, over the short match and playout options"
    )
    ladder.add_argument("--json", metavar="OUT.json", help="write every match, the ratings and the command")
    ladder.add_argument("--resume", action="store_true", help="add to the --json file: play only what it lacks")
    ladder.add_argument(
        "--replay",
        metavar="PLAYERS",
        default="",
        help="with --resume: drop the file's matches of these players (comma-separated) and play them again, "
        "after their settings changed",
    )
    ladder.add_argument(
        "--ratings",
        metavar="RATINGS.json",
        nargs="?",
        const=str(RATINGS_FILE),
        help="merge the game's ratings into this file; alone, into the catalog's (service/core/ladder_ratings.json)",
    )
    ladder.add_argument("--plot", metavar="OUT.png", help="draw the ratings with their intervals (needs matplotlib)")
    ladder.set_defaults(func=command_ladder)


def command_ladder(args: argparse.Namespace) -> int:
    options = match_settings(args.options, args.budget_ms)
    if isinstance(options, str):
        return fail(options)
    try:
        pool = tuple(dict.fromkeys(normalized(spec) for spec in args.pool.split(",") if spec.strip()))
        pairs = tuple(parse_pairs(args.pairs, pool))
        replay = tuple(normalized(spec) for spec in args.replay.split(",") if spec.strip())
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    config = LadderConfig(
        game_id=args.game,
        players=args.players,
        pool=pool,
        pairs=pairs,
        deals=args.deals,
        seed=args.seed,
        options=options,
        jobs=args.jobs if args.jobs > 0 else os.cpu_count() or 1,
        budget_seconds=args.budget_ms / 1000,
    )
    command = shlex.join(["cardengine", *getattr(args, "raw_argv", [])])
    return ladder_main(
        config,
        json_path=args.json,
        plot_path=args.plot,
        ratings_path=args.ratings,
        resume=args.resume,
        replay=replay,
        command=command,
    )
