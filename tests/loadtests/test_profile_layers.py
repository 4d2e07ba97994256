"""loadtests/profile_layers.py: each sample to one layer, by the innermost frame a rule names."""

from __future__ import annotations

from loadtests.profile_layers import TRUNCATED, flame_svg, layer_samples, sample_layer

ROOT = "Thread._bootstrap (threading.py:1002);Thread.run (threading.py:982)"
HANDLER = (
    ROOT + ";_unary_response_in_pool (grpc/_server.py:788);ErrorMapping.unary.<locals>.handle "
    "(service/edges/grpc_server.py:450);GameEngineServicer.ApplyMove (service/edges/grpc_server.py:187);"
    "Moves.apply_move (service/core/moves.py:108);Moves.commit_move (service/core/moves.py:133)"
)


def layer(thread: str, stack: str) -> str:
    return sample_layer(thread, stack.split(";"))


def test_the_innermost_named_frame_decides() -> None:
    worker = "thread (12): grpc_3"
    assert layer(worker, HANDLER) == "core: other"
    assert layer(worker, HANDLER + ";apply (engine/api.py:117);play (engine/games/dracula/flow.py:40)") == (
        "core: engine apply"  # the engine's frames pass the layer to the entry point that called them
    )
    assert layer(worker, HANDLER + ";game_view (service/core/games.py:160);view (engine/api.py:130)") == "core: view"
    assert layer(worker, HANDLER + ";StoreMeter.call (service/observability/metered_store.py:85)") == "hooks: metrics"
    assert (
        layer(
            worker,
            HANDLER + ";StoreMeter.call (service/observability/metered_store.py:85);"
            "WireConnection._send (service/storage/redis_wire.py:115)",
        )
        == "store client"
    )
    assert layer(worker, ROOT + ";_worker (concurrent/futures/thread.py:85)") == "transport"
    assert layer("thread (13): http-connection", ROOT + ";Connection._answer (service/edges/http_server.py:440)") == (
        "transport"
    )


def test_threads_and_stacks_without_a_request() -> None:
    assert layer("thread (14): clock-sweeper", ROOT + ";sweep (service/core/clocks.py:90)") == "background threads"
    assert layer("thread (15): Thread-1 (_monitor)", ROOT) == "hooks: logs"
    assert layer("thread (16): grpc_4", "<genexpr> (engine/games/dracula/flow.py:128)") == TRUNCATED


def test_counts_and_flame_graph() -> None:
    stacks = {"thread (12): grpc_3;" + HANDLER: 3, "thread (12): grpc_3;" + ROOT + ";_serve (grpc/_server.py:1314)": 1}
    assert layer_samples(stacks) == {"core: other": 3, "transport": 1}
    svg = flame_svg(stacks, "test", min_width=0.0)
    assert svg.startswith("<svg") and "Moves.commit_move (service/core/moves.py)" in svg and "4 samples" in svg
