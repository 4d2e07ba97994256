"""`cardengine arena`: duplicate matches (every deal once per distinct rotation of the seats), the per-bot table with
95% intervals, --jobs processes, --json, --plot, and clear errors."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from service.cli import arena, main
from service.cli.arena import MatchResult, mean_interval, rotations, score_difference, seat_labels, win_share


def test_a_tiny_tournament_in_two_processes_prints_the_table_and_writes_every_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.json"
    status = main(
        [
            "arena",
            "--game",
            "dracula",
            "--players",
            "2",
            "--bots",
            "mcts:20it,random",
            "--matches",
            "2",
            "--seed",
            "5",
            "--jobs",
            "2",
            "--options",
            '{"deals": 1}',
            "--json",
            str(out),
        ]
    )
    assert status == 0
    printed = capsys.readouterr()
    lines = printed.out.splitlines()
    assert lines[0] == "dracula, 2 players: 2 deals x 2 rotations = 4 matches (seeds 5-6), options {'deals': 1}"
    assert lines[1].startswith("seats: mcts:20it, random; 2 job(s), ")
    header = "bot matches par win rate [95% CI] score diff [95% CI] decisions/s mean ms p95 ms"
    assert lines[2].split() == header.split()
    rows = {line.split()[0]: line.split() for line in lines[4:6]}
    assert set(rows) == {"mcts:20it", "random"}
    assert rows["mcts:20it"][1:3] == ["4", "0.50"] and rows["random"][1:3] == ["4", "0.50"]
    assert "4/2" not in printed.err and "2/2 deals" in printed.err, "the progress bar ends at 2 of 2 deals"
    document = json.loads(out.read_text())
    matches = document["matches"]
    assert [(m["deal"], m["deal_seed"], m["rotation"]) for m in matches] == [(0, 5, 0), (0, 5, 1), (1, 6, 0), (1, 6, 1)]
    assert [m["seats"] for m in matches] == [["mcts:20it", "random"], ["random", "mcts:20it"]] * 2
    assert all(m["finished"] and len(m["totals"]) == 2 for m in matches)
    summary = {entry["label"]: entry for entry in document["summary"]}
    # The printed means are the JSON's, which are the matches' own.
    diffs = [(m["totals"][m["seats"].index("mcts:20it")] - m["totals"][m["seats"].index("random")]) for m in matches]
    assert summary["mcts:20it"]["score_difference"]["mean"] == pytest.approx(sum(diffs) / 4)
    assert summary["random"]["score_difference"]["mean"] == pytest.approx(-sum(diffs) / 4)
    assert rows["mcts:20it"][6] == f"{sum(diffs) / 4:+.1f}"
    low, high = (float(value.strip("[],")) for value in rows["mcts:20it"][4:6])
    assert 0.0 <= low <= high <= 1.0, "a win rate's interval stays within 0 and 1"
    assert summary["mcts:20it"]["decisions"] == sum(m["decision_times"]["mcts:20it"]["decisions"] for m in matches)


def test_the_same_deal_is_the_same_match_in_one_process_or_several() -> None:
    config = arena.ArenaConfig("dracula", 2, ("mcts:10it", "greedy"), 2, 9, {"deals": 1})
    _, alone = arena.run_arena(config)
    _, shared = arena.run_arena(arena.ArenaConfig("dracula", 2, ("mcts:10it", "greedy"), 2, 9, {"deals": 1}, jobs=2))
    assert [(r.deal, r.rotation, r.seats, r.totals, r.moves) for r in alone] == [
        (r.deal, r.rotation, r.seats, r.totals, r.moves) for r in shared
    ]


def test_distinct_rotations_only() -> None:
    assert rotations(["a", "b"]) == [0, 1]
    assert rotations(["a", "b", "a"]) == [0, 1, 2]
    assert rotations(["a", "b", "a", "b"]) == [0, 1], "two bots at four seats: two matches per deal"
    assert rotations(["a", "a"]) == [0]
    assert seat_labels(["mcts", "random", "mcts"]) == ["mcts#1", "random", "mcts#2"]


def result(seats: list[str], totals: list[int], winners: list[int]) -> MatchResult:
    return MatchResult(0, 1, 0, seats, totals, winners, True, 10)


def test_win_shares_and_score_differences() -> None:
    two = result(["m", "r"], [236, 34], [0])
    assert (win_share(two, "m"), win_share(two, "r")) == (1.0, 0.0)
    assert (score_difference(two, "m"), score_difference(two, "r")) == (202.0, -202.0)
    tie = result(["m", "r"], [50, 50], [0, 1])
    assert win_share(tie, "m") == win_share(tie, "r") == 0.5
    partners = result(["m", "r", "m", "r"], [120, 51, 120, 51], [0, 2])
    assert (win_share(partners, "m"), win_share(partners, "r")) == (1.0, 0.0), "partners win together"
    assert score_difference(partners, "m") == 69.0
    three = result(["m", "r", "m"], [30, 60, 0], [1])
    assert score_difference(three, "m") == 15.0 - 60.0 and win_share(three, "r") == 1.0


def test_mean_interval_is_students_t() -> None:
    interval = mean_interval([1.0, 2.0, 3.0])  # sd 1, n 3, t(2) = 4.303
    assert interval.mean == 2.0
    assert interval.low == pytest.approx(2.0 - 4.303 / math.sqrt(3))
    assert interval.high == pytest.approx(2.0 + 4.303 / math.sqrt(3))
    lone = mean_interval([4.0])
    assert lone.mean == 4.0 and math.isnan(lone.low)


def test_plot_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "arena.png"
    args = ["arena", "--bots", "greedy,random", "--matches", "2", "--options", '{"deals": 1}', "--plot", str(picture)]
    assert main(args) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote the plot to {picture}" in capsys.readouterr().out


def test_plot_without_matplotlib_says_so_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it now fails, as when it is not installed
    picture = tmp_path / "arena.png"
    assert main(["arena", "--matches", "50", "--plot", str(picture)]) == 2
    printed = capsys.readouterr()
    assert "--plot needs matplotlib, which is not installed: pip install 'cardengine[arena]'" in printed.err
    assert printed.out == "" and not picture.exists()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--bots", "mcts,alphazero"], "error: --bots: 'alphazero' is no kind of bot of this server"),
        (["--bots", "greedy:50ms"], "error: --bots: 'greedy:50ms': only mcts takes a budget"),
        (["--game", "chess"], "error: game/unknown"),
        (["--players", "3"], "error: game/invalid_players: Dracula takes 2 or 4 players; got 3."),
        (["--options", '{"deals": 9}'], "error: game/invalid_option"),
        (["--options", "[1]"], "error: --options must be a JSON object"),
        (["--matches", "0"], "error: --matches must be at least 1"),
    ],
)
def test_bad_arguments_exit_2_with_a_reason(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *arguments]) == 2
    assert message in capsys.readouterr().err
