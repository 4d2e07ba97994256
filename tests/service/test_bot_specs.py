"""Bot specs (service/core/bot_kinds.py): the kinds random, greedy and mcts, mcts with a budget of its own
('mcts:500ms', 'mcts:2s', 'mcts:300it') and the levels easy, medium and hard at CreateGame, in the bot workers and in
`cardengine play --bots` and `cardengine arena --bots`."""

from __future__ import annotations

import random
import time

import pytest

import engine
from engine.bots import GreedyPolicy, ISMCTSPolicy, RandomPolicy, bot_random, seat_input
from engine.bots.levels import LevelPolicy
from service.cli import main
from service.core.bot_kinds import BOT_KINDS, LEVEL_KINDS, BotSpec, BudgetedPolicy, bot_policy, parse_bot
from service.storage.store import MemoryStore
from tests.service.test_bot_seats import SEED, bot_server, create, log_of, states_of


def test_the_kinds_are_random_greedy_mcts_and_the_levels() -> None:
    assert BOT_KINDS == ("random", "greedy", "mcts", "easy", "medium", "hard")
    assert LEVEL_KINDS == ("easy", "medium", "hard")
    for level in LEVEL_KINDS:
        policy = bot_policy(level)
        assert isinstance(policy, LevelPolicy) and policy.level == level
    assert isinstance(bot_policy("random"), RandomPolicy)
    assert isinstance(bot_policy("greedy"), GreedyPolicy)
    mcts = bot_policy("mcts")
    assert isinstance(mcts, ISMCTSPolicy) and mcts.iterations is None, "mcts spends the service's budget"


@pytest.mark.parametrize(
    ("spec", "parsed", "text"),
    [
        ("mcts", BotSpec("mcts"), "mcts"),
        ("mcts:500ms", BotSpec("mcts", budget_seconds=0.5), "mcts:500ms"),
        ("mcts:2s", BotSpec("mcts", budget_seconds=2.0), "mcts:2000ms"),
        ("mcts:1.5s", BotSpec("mcts", budget_seconds=1.5), "mcts:1500ms"),
        ("mcts:300it", BotSpec("mcts", iterations=300), "mcts:300it"),
        ("greedy", BotSpec("greedy"), "greedy"),
        ("easy", BotSpec("easy"), "easy"),
        ("hard", BotSpec("hard"), "hard"),
    ],
)
def test_specs_are_read(spec: str, parsed: BotSpec, text: str) -> None:
    assert parse_bot(spec) == parsed
    assert str(parsed) == text


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        (
            "alphazero",
            "'alphazero' is no kind of bot of this server; use one of 'random', 'greedy', 'mcts', 'easy', 'medium', "
            "'hard'.",
        ),
        ("hard:500ms", "'hard:500ms': 'hard' is a level, whose budget is part of the level; write 'hard' alone."),
        ("Easy", "'Easy' is no kind of bot of this server"),
        ("Random", "'Random' is no kind of bot of this server"),
        ("greedy:50ms", "'greedy:50ms': only mcts takes a budget; 'greedy' takes none."),
        ("mcts:500", "'mcts:500' has no budget this server reads; write it as 'mcts:500ms', 'mcts:2s' or 'mcts:3"),
        ("mcts:0it", "'mcts:0it': a number of iterations is a whole number from 1 to 5000."),
        ("mcts:1.5it", "'mcts:1.5it': a number of iterations is a whole number from 1 to 5000."),
        ("mcts:9s", "'mcts:9s': a time budget is from 1 ms to 5000 ms."),
        ("mcts:", "'mcts:' has no budget this server reads"),
    ],
)
def test_bad_specs_are_refused_with_a_reason(spec: str, reason: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_bot(spec)
    assert str(refused.value).startswith(reason)


def test_a_time_budget_of_its_own_replaces_the_seat_inputs() -> None:
    policy = bot_policy("mcts:30ms")
    assert isinstance(policy, BudgetedPolicy) and policy.budget_seconds == 0.03
    state, _ = engine.new_game("dracula", 2, 3, {"deals": 1})
    while len(engine.legal_moves(state, engine.to_act(state)[0])) < 2:
        state, _ = engine.apply(state, engine.to_act(state)[0], engine.legal_moves(state, engine.to_act(state)[0])[0])
    given = seat_input(state, engine.to_act(state)[0], budget_seconds=5.0)
    started = time.perf_counter()
    assert policy.choose(given, random.Random(1)) in given.legal_moves
    assert time.perf_counter() - started < 1.0, "30 ms, not the input's 5 s"


def test_create_game_accepts_specs_and_the_bot_worker_plays_them() -> None:
    """A bots-only Dracula deal with an 'mcts:25it' seat and a 'greedy' seat, played by the server's worker: every
    move of each seat is its policy's seeded choice from that seat's own input."""
    store = MemoryStore()
    with bot_server(store, "memory") as live:
        game_id, tokens = create(live, "rest", "dracula", [("", "mcts:25it"), ("", "greedy")], deals=1)
        assert tokens == {}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            stored = store.load(game_id)
            assert stored is not None
            if stored.finished:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the bots did not finish the deal")
    entries = log_of(store, game_id)
    states = states_of("dracula", 2, {"deals": 1}, entries)
    for entry in entries[1:]:
        assert entry.seat is not None
        before = states[entry.version - 1]
        policy = ISMCTSPolicy(iterations=25) if entry.seat == 0 else GreedyPolicy()
        expected = policy.choose(seat_input(before, entry.seat), bot_random(SEED, entry.version - 1, entry.seat))
        assert entry.move == expected.notation, f"version {entry.version}"
    assert engine.is_finished(states[-1])


def test_create_game_accepts_a_level_and_the_bot_worker_plays_it() -> None:
    """A bots-only Dracula deal with an 'easy' seat and a 'random' seat: every move of the easy seat is the level's
    seeded choice (LevelPolicy('easy'), Dracula's settings) from that seat's own input."""
    store = MemoryStore()
    with bot_server(store, "memory") as live:
        game_id, tokens = create(live, "rest", "dracula", [("", "easy"), ("", "random")], deals=1)
        assert tokens == {}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            stored = store.load(game_id)
            assert stored is not None
            if stored.finished:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the bots did not finish the deal")
    entries = log_of(store, game_id)
    states = states_of("dracula", 2, {"deals": 1}, entries)
    for entry in entries[1:]:
        assert entry.seat is not None
        before = states[entry.version - 1]
        policy = LevelPolicy("easy") if entry.seat == 0 else RandomPolicy()
        expected = policy.choose(seat_input(before, entry.seat), bot_random(SEED, entry.version - 1, entry.seat))
        assert entry.move == expected.notation, f"version {entry.version}"
    assert engine.is_finished(states[-1])


def test_play_and_arena_take_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "dracula", "--bots", "easy,random", "--option", "deals=1", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("final totals: ")
    arena = ["arena", "--game", "dracula", "--bots", "easy,random", "--options", '{"deals": 1}', "--matches", "1"]
    assert main(arena) == 0
    out = capsys.readouterr().out
    assert "seats: easy, random;" in out
    assert main(["play", "--bots", "easy:20it"]) == 2
    assert "error: --bots: 'easy:20it': 'easy' is a level" in capsys.readouterr().err


def test_play_with_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "dracula", "--bots", "mcts:20it,greedy", "--option", "deals=1", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Dracula: 2 players, seed 4, options {'deals': 1}"
    assert lines[-1].startswith("final totals: ")
    assert main(["play", "--bots", "mcts:0it"]) == 2
    assert "error: --bots: 'mcts:0it'" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["mcts:0it", "greedy:50ms", "mcts:500", "medium:2s"])
def test_create_game_refuses_a_bad_spec_as_an_unknown_bot(spec: str) -> None:
    with bot_server(MemoryStore(), "memory") as live:
        status, body = live.rest.post("/v1/games", {"gameType": "dracula", "seats": [{}, {"bot": spec}]})
    assert status == 400
    error = body["error"]
    assert (error["code"], error["details"]["field"]) == ("seats/unknown_bot", "seats[1].bot")
    assert error["message"] == (
        f"seats[1].bot {spec!r} is no kind of bot of this server; use one of 'random', 'greedy', 'mcts', 'easy', "
        "'medium', 'hard' (a search "
        "bot with a budget of its own: 'mcts:500ms', 'mcts:2s' or 'mcts:300it'), or empty for a person."
    )
