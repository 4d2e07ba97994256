"""The ladder (service/cli/ladder.py) and its rating math (service/cli/elo.py): maximum-likelihood Elo with exact
expected values (the closed forms of two players and of a chain), the prior of one virtual draw per pair, the anchor,
the 95% interval from the Hessian against a hand computation; the pairs; and one tiny ladder run end to end, resumed."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from service.cli import main
from service.cli.arena import MatchResult
from service.cli.elo import ELO_PER_NATURAL, Z_95, GameResult, Rating, fit
from service.cli.ladder import DEFAULT_POOL, default_pairs, pair_score, parse_pairs


def games(first: str, second: str, wins: int, losses: int, draws: int = 0) -> list[GameResult]:
    return (
        [GameResult(first, second, 1.0)] * wins
        + [GameResult(first, second, 0.0)] * losses
        + [GameResult(first, second, 0.5)] * draws
    )


def by_player(ratings: list[Rating]) -> dict[str, Rating]:
    return {rating.player: rating for rating in ratings}


def test_three_wins_one_loss_is_400_log10_3_before_the_prior() -> None:
    anchor, strong = fit(["b", "a"], games("a", "b", 3, 1), anchor="b", prior_draws=0)
    assert (anchor.player, anchor.rating, anchor.low, anchor.high) == ("b", 0.0, 0.0, 0.0)
    assert strong.rating == pytest.approx(400 * math.log10(3), abs=1e-9)  # 190.85
    # Fisher information by hand: 4 games x p(1 - p) = 4 x 3/4 x 1/4 = 3/4 (natural units); se = 1 / sqrt(3/4).
    half = 1.959963984540054 * (400 / math.log(10)) / math.sqrt(0.75)
    assert half == pytest.approx(393.153, abs=1e-3)
    assert strong.low == pytest.approx(strong.rating - half)
    assert strong.high == pytest.approx(strong.rating + half)
    assert (strong.games, strong.score, anchor.games, anchor.score) == (4, 3.0, 4, 1.0)


def test_the_prior_is_one_virtual_draw_per_pair() -> None:
    _, strong = fit(["b", "a"], games("a", "b", 3, 1), anchor="b")
    assert strong.rating == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-9)  # 3.5 of 5: 147.19
    half = Z_95 * ELO_PER_NATURAL / math.sqrt(5 * 0.7 * 0.3)  # the prior's game counts in the information
    assert strong.high - strong.rating == pytest.approx(half)
    assert strong.games == 4, "the virtual draw is no game played"
    # All wins: finite with the prior (4.5 of 5), the estimate of a pair that never lost.
    _, sweep = fit(["b", "a"], games("a", "b", 4, 0), anchor="b")
    assert sweep.rating == pytest.approx(400 * math.log10(9), abs=1e-9)  # 381.70
    # The prior fades: at 30 wins and 10 losses it moves the estimate 5.6 points from 400 log10 3 (44 at 3 to 1).
    _, many = fit(["b", "a"], games("a", "b", 30, 10), anchor="b")
    assert many.rating == pytest.approx(400 * math.log10(30.5 / 10.5), abs=1e-9)
    assert 400 * math.log10(3) - many.rating == pytest.approx(5.604, abs=1e-3)


def test_draws_count_half_and_the_anchor_is_fixed() -> None:
    even = by_player(fit(["a", "b"], games("a", "b", 1, 1, draws=2), anchor="a", prior_draws=0))
    assert even["b"].rating == pytest.approx(0.0, abs=1e-9)
    shifted = by_player(fit(["b", "a"], games("a", "b", 3, 1), anchor="b", prior_draws=0, anchor_rating=1000))
    assert shifted["b"].rating == 1000.0
    assert shifted["a"].rating == pytest.approx(1000 + 400 * math.log10(3))
    flipped = by_player(fit(["a", "b"], games("a", "b", 3, 1), anchor="a", prior_draws=0))
    assert flipped["b"].rating == pytest.approx(-400 * math.log10(3))


def test_a_chain_adds_the_variances_of_its_links() -> None:
    """a-b 3:1 and b-c 3:1, no a-c: each link's estimate is its own 400 log10 3 (a tree has no other path). By hand,
    with a fixed, the information of (b, c) is [[1.5, -0.75], [-0.75, 0.75]]; its inverse [[4/3, 4/3], [4/3, 8/3]]:
    c's variance is twice b's."""
    results = games("b", "a", 3, 1) + games("c", "b", 3, 1)
    rated = by_player(fit(["a", "b", "c"], results, anchor="a", prior_draws=0))
    step = 400 * math.log10(3)
    assert rated["b"].rating == pytest.approx(step)
    assert rated["c"].rating == pytest.approx(2 * step)
    b_half = rated["b"].high - rated["b"].rating
    c_half = rated["c"].high - rated["c"].rating
    assert b_half == pytest.approx(Z_95 * ELO_PER_NATURAL * math.sqrt(4 / 3))
    assert c_half == pytest.approx(Z_95 * ELO_PER_NATURAL * math.sqrt(8 / 3))


def test_a_cycle_is_solved_jointly() -> None:
    """a beats b, b beats c, c beats a, each 2:1 with no prior: by symmetry, all equal."""
    results = games("a", "b", 2, 1) + games("b", "c", 2, 1) + games("c", "a", 2, 1)
    for rating in fit(["a", "b", "c"], results, anchor="a", prior_draws=0):
        assert rating.rating == pytest.approx(0.0, abs=1e-9)


def test_unlinked_players_and_bad_scores_are_refused() -> None:
    with pytest.raises(ValueError, match="no pair of games links 'c' to the anchor 'a'"):
        fit(["a", "b", "c"], games("a", "b", 1, 1), anchor="a")
    with pytest.raises(ValueError, match="the anchor 'z' is not among the players"):
        fit(["a", "b"], games("a", "b", 1, 1), anchor="z")
    with pytest.raises(ValueError, match="a score is from 0 to 1; got 2"):
        fit(["a", "b"], [GameResult("a", "b", 2)], anchor="a")


def test_the_default_pairs_are_neighbours_and_next_but_one() -> None:
    assert DEFAULT_POOL == ("random", "greedy", "easy", "medium", "mcts:200ms", "hard")
    assert default_pairs(DEFAULT_POOL) == [
        ("random", "greedy"),
        ("greedy", "easy"),
        ("easy", "medium"),
        ("medium", "mcts:200ms"),
        ("mcts:200ms", "hard"),
        ("random", "easy"),
        ("greedy", "medium"),
        ("easy", "mcts:200ms"),
        ("medium", "hard"),
    ]
    assert len(parse_pairs("all", DEFAULT_POOL)) == 15
    assert parse_pairs("random-hard, mcts:0.2s-easy, hard-random", DEFAULT_POOL) == [
        ("random", "hard"),
        ("mcts:200ms", "easy"),
    ]
    with pytest.raises(ValueError, match="'mcts:20it' \\(in 'random-mcts:20it'\\) is not in the pool"):
        parse_pairs("random-mcts:20it", DEFAULT_POOL)
    with pytest.raises(ValueError, match="'expert' is no kind of bot"):
        parse_pairs("random-expert", DEFAULT_POOL)
    with pytest.raises(ValueError, match="'random' is no pair"):
        parse_pairs("random", DEFAULT_POOL)


def test_a_pairs_score_is_its_share_of_the_winners() -> None:
    def result(seats: list[str], winners: list[int]) -> MatchResult:
        return MatchResult(0, 1, 0, seats, [0] * len(seats), winners, True, 10)

    assert pair_score(result(["a", "b"], [0]), "a") == 1.0
    assert pair_score(result(["a", "b"], [0]), "b") == 0.0
    assert pair_score(result(["a", "b"], [0, 1]), "a") == 0.5  # a shared win
    assert pair_score(result(["a", "b"], []), "b") == 0.5  # no winner: a tie
    assert pair_score(result(["a", "b", "a", "b"], [0, 2]), "a") == 1.0  # partners winning together


def test_a_tiny_ladder_end_to_end_and_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """random against mcts:20it in Dracula (short match options: 2 deals), 1 then 2 duplicate deals."""
    out, plot, ratings = tmp_path / "ladder.json", tmp_path / "ladder.png", tmp_path / "ratings.json"
    command = ["ladder", "--game", "dracula", "--pool", "random,mcts:20it", "--deals", "1", "--seed", "3"]
    assert main([*command, "--json", str(out), "--plot", str(plot), "--ratings", str(ratings)]) == 0
    printed = capsys.readouterr().out
    first = json.loads(out.read_text())
    assert (first["game"], first["players"], first["options"], first["anchor"]) == (
        "dracula",
        2,
        {"deals": 2},
        "random",
    )
    assert first["pairs"] == [["random", "mcts:20it"]]
    assert first["budgets"] == {"random": {}, "mcts:20it": {"iterations": 20}}
    assert first["commands"] == ["cardengine " + " ".join(command) + f" --json {out} --plot {plot} --ratings {ratings}"]
    assert [(m["deal_seed"], m["rotation"], m["seats"]) for m in first["matches"]] == [
        (3, 0, ["random", "mcts:20it"]),
        (3, 1, ["mcts:20it", "random"]),
    ]
    # mcts's score: its share of each match's winners (no winner: a tie).
    mcts_score = sum(
        sum(m["seats"][seat] == "mcts:20it" for seat in m["winners"]) / len(m["winners"]) if m["winners"] else 0.5
        for m in first["matches"]
    )
    expected = 400 * math.log10((mcts_score + 0.5) / (2 - mcts_score + 0.5))  # two games and one virtual draw
    rated = {entry["player"]: entry for entry in first["ratings"]}
    assert rated["random"] == {"player": "random", "rating": 0.0, "low": 0.0, "high": 0.0, "games": 2,
                               "score": 2 - mcts_score}  # fmt: skip
    assert rated["mcts:20it"]["rating"] == pytest.approx(expected, abs=0.05)
    assert f"{'mcts:20it':<16} {round(expected):>+8d}  " in printed
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    catalog = json.loads(ratings.read_text())["games"]["dracula"]
    assert catalog["ratings"]["mcts:20it"]["rating"] == rated["mcts:20it"]["rating"]
    assert catalog["command"] == first["commands"][0]
    # Resumed with 2 deals: only the second deal is played, the first deal's matches kept as they were.
    assert main([*command[:-4], "--deals", "2", "--seed", "3", "--json", str(out), "--resume"]) == 0
    assert "this run 1 duplicate groups" in capsys.readouterr().out
    second = json.loads(out.read_text())
    assert second["matches"][:2] == first["matches"]
    assert [(m["deal_seed"], m["rotation"]) for m in second["matches"]] == [(3, 0), (3, 1), (4, 0), (4, 1)]
    assert len(second["commands"]) == 2
    # --replay drops a player's matches (its settings changed) and plays them again: both deals, nothing else kept.
    assert (
        main([*command[:-4], "--deals", "2", "--seed", "3", "--json", str(out), "--resume", "--replay", "mcts:20it"])
        == 0
    )
    assert "this run 2 duplicate groups" in capsys.readouterr().out
    third = json.loads(out.read_text())
    assert [(m["deal_seed"], m["rotation"]) for m in third["matches"]] == [(3, 0), (3, 1), (4, 0), (4, 1)]
    assert len(third["commands"]) == 3 and third["commands"][-1].endswith("--resume --replay mcts:20it")
    # A file played another way is not resumed.
    assert main([*command, "--options", '{"deals": 1}', "--json", str(out), "--resume"]) == 2
    assert "was played with options {'deals': 2}, this run with {'deals': 1}" in capsys.readouterr().err


def test_bad_command_lines_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--game", "dracula", "--pool", "random,alphazero"]) == 2
    assert "'alphazero' is no kind of bot" in capsys.readouterr().err
    assert main(["ladder", "--game", "dracula", "--pool", "random,greedy,easy", "--pairs", "greedy-easy"]) == 2
    assert "no pair of games links 'greedy', 'easy' to the anchor 'random'" in capsys.readouterr().err
    assert main(["ladder", "--game", "dracula", "--players", "3"]) == 2
    assert "error: " in capsys.readouterr().err
    assert main(["ladder", "--game", "dracula", "--resume"]) == 2
    assert "--resume adds to the --json file" in capsys.readouterr().err
    assert main(["ladder", "--game", "dracula", "--replay", "hard"]) == 2
    assert "--replay plays again what an earlier --json file holds: add --resume" in capsys.readouterr().err
    assert main(["ladder", "--game", "dracula", "--json", "x.json", "--resume", "--replay", "expert"]) == 2
    assert "'expert' is no kind of bot" in capsys.readouterr().err
    assert main(["ladder", "--game", "dracula", "--pool", "random,easy", "--json", "x.json", "--resume",
                 "--replay", "hard"]) == 2  # fmt: skip
    assert "--replay: hard not in the pool (random, easy)" in capsys.readouterr().err
