"""Issue 37: the key's stream starts now, through the Python SDK against a real `cardengine serve` with keys.
``watch_key_events()`` on a key with 3 finished games and 1 live one tells the live game at once and nothing of the
finished ones; ``bot.serve(client, stop=N)`` counts only games finished after it started, so it serves twice in a
row; a second bot of the key started after the first plays its own game beside a game of the first left in progress;
the README's bot (its "A bot in a few lines" block, as a reader copies it) runs twice in a row."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from cardengine_client import GameEngineClient, KeyEvent
from cardengine_client.bot import serve

from loadtests.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
KEYS = {name: f"sdk-{name}-key-0123456789" for name in ("present", "twice", "second")}  # a key per test
README_KEY = "my-bot-key-0123456789"
RANDOM_BOT = ("Van Helsing", "random")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    keys: Path = tmp_path_factory.mktemp("keys") / "keys.txt"
    keys.write_text("".join(f"{key} {name}\n" for name, key in KEYS.items()) + f"{README_KEY} readme\n")
    with ServerProcess(extra_args=["--api-keys-file", str(keys)]) as running:
        yield running


def first_events(client: GameEngineClient, count: int) -> list[KeyEvent]:
    found: list[KeyEvent] = []
    stream = client.watch_key_events()
    for event in stream:
        found.append(event)
        if len(found) == count:
            break
    stream.close()
    return found


def finish(client: GameEngineClient, game_id: str) -> None:
    client.resign_seat(game_id, client.seat_tokens(game_id)[0])


def serving(client: GameEngineClient, stop: int) -> tuple[threading.Thread, list[int]]:
    played: list[int] = []
    bot = threading.Thread(target=lambda: played.append(serve(client, stop=stop)), daemon=True)
    bot.start()
    return bot, played


def test_a_stream_without_a_cursor_tells_the_live_game_and_none_of_the_finished(server: ServerProcess) -> None:
    with GameEngineClient(server.grpc_target, api_key=KEYS["present"]) as client:
        finished = [client.create_game("dracula", seats=[("Mina", ""), RANDOM_BOT]).game_id for _ in range(3)]
        for game_id in finished:
            finish(client, game_id)
        live = client.create_game("dracula", players=2, seed=11)
        [event] = first_events(client, 1)
        past = client.watch_key_events(cursor="0")  # the past, asked for
        first_of_the_past = next(past)
        past.close()
    assert (event.kind, event.game_id, event.game_type) == ("game_in_progress", live.game_id, "dracula")
    assert (event.version, event.seats, event.winners, event.to_act) == (0, (0, 1), (), live.game.to_act)
    assert event.seats_to_act == live.game.to_act and len(live.game.to_act) == 1
    assert (first_of_the_past.kind, first_of_the_past.game_id) == ("game_created", finished[0])


def test_serve_with_stop_counts_only_games_finished_after_it_started_and_runs_twice(server: ServerProcess) -> None:
    runs: list[tuple[list[str], list[int]]] = []
    for _ in range(2):  # the second run's key holds the first run's finished games and their game_finished events
        with GameEngineClient(server.grpc_target, api_key=KEYS["twice"]) as client:
            bot, played = serving(client, stop=2)
            games = [client.create_game("dracula", seats=[("Mina", ""), RANDOM_BOT]).game_id for _ in range(2)]
            bot.join(120)
            assert not bot.is_alive()
            assert [client.get_score(game_id).finished for game_id in games] == [True, True]  # played, not counted
            runs.append((games, played))
    assert all(played[0] >= 2 for _, played in runs), runs  # seat 0 moves at least once in each of its two games
    assert not set(runs[0][0]) & set(runs[1][0])


def test_a_second_bot_of_the_key_started_after_the_first_plays_its_own_game(server: ServerProcess) -> None:
    with GameEngineClient(server.grpc_target, api_key=KEYS["second"]) as first:
        bot, played = serving(first, stop=1)
        first_game = first.create_game("dracula", seats=[("Mina", ""), RANDOM_BOT]).game_id
        bot.join(120)
        assert not bot.is_alive() and played[0] >= 1
        left = first.create_game("dracula", players=2, seed=11)  # a game the first process leaves in progress
    with GameEngineClient(server.grpc_target, api_key=KEYS["second"]) as second:
        bot, played = serving(second, stop=1)
        second_game = second.create_game("dracula", seats=[("Mina", ""), RANDOM_BOT]).game_id
        bot.join(120)
        assert not bot.is_alive() and played[0] >= 1
        assert [second.get_score(game_id).finished for game_id in (first_game, second_game)] == [True, True]
        untouched = second.get_game(left.game_id)
    assert (untouched.version, untouched.finished) == (0, False)  # told as in progress, skipped: no token of it


def readme_bot() -> str:
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## A bot in a few lines") :]
    found = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_the_readme_bot_runs_twice_in_a_row(server: ServerProcess) -> None:
    code = readme_bot().replace("127.0.0.1:50051", server.grpc_target)
    assert f'api_key="{README_KEY}"' in code
    outputs = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    games = [output.split()[0] for output in outputs]
    assert [output.split()[1] for output in outputs] == ["winners:", "winners:"] and games[0] != games[1]
    with GameEngineClient(server.grpc_target, api_key=README_KEY) as client:
        assert [client.get_score(game_id).finished for game_id in games] == [True, True]
