"""``cardengine serve``: the gRPC and REST servers, in one process or ``--workers N`` sharing the ports."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.bots.hints import HINT_ITERATIONS
from service.access.limits import LimitSettings
from service.cli.arguments import add_key_prefix_argument, env_float, env_int, fail
from service.cli.bots import add_bot_arguments
from service.cli.rating_arguments import add_rating_arguments, rating_problem, rating_settings
from service.cli.webhook_arguments import add_webhook_arguments, webhook_problem, webhook_settings
from service.matchmaking.matcher import MATCH_LEASE_SECONDS, MATCH_TICK_SECONDS

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands
    from service.runtime.server import ServeConfig


def command_serve(args: argparse.Namespace) -> int:
    from service.observability.logs import configure_logging
    from service.runtime.server import serve
    from service.runtime.workers import default_workers

    problem = serve_arguments_problem(args)
    if problem:
        return fail(problem)
    configure_logging(args.log_level)
    config = serve_config(args)
    problem = access_problem(config) or bot_settings_problem(config) or webhook_problem(config.webhooks)
    if problem:
        return fail(problem)
    workers = args.workers or default_workers(args.redis_url)
    if workers > 1 and not args.redis_url:
        return fail("--workers above 1 needs --redis-url (the embedded store lives in one process)")
    if workers > 1:
        return supervise_workers(args, workers, config)
    join_supervisor_if_any()
    return serve(config)


def serve_arguments_problem(args: argparse.Namespace) -> str | None:
    """Why the arguments cannot serve, checked before anything starts; None if they can. Resolves
    ``--redis-cluster`` into the Redis URL (``args.redis_url``)."""
    from service.edges.cors import CorsPolicy

    try:
        CorsPolicy.parse(args.cors_origins)
    except ValueError as error:
        return f"--cors-origins: {error}"
    if args.stream_ticket_seconds <= 0 or args.sse_heartbeat_seconds <= 0:
        return "--stream-ticket-seconds and --sse-heartbeat-seconds must be positive"
    if (
        args.max_connections_per_address < 0
        or min(args.header_timeout_seconds, args.body_timeout_seconds, args.idle_timeout_seconds) <= 0
    ):
        return "--max-connections-per-address must be 0 (off) or more, and the REST time-outs positive"
    if not args.redis_timeout_seconds > 0:
        return "--redis-timeout-seconds must be positive"
    if args.state_cache_mib < 0:
        return "--state-cache-mib must be 0 (none) or more"
    if args.hint_iterations < 0:
        return "--hint-iterations must be 0 (each game's default) or more"
    if rating_problem(args):
        return rating_problem(args)
    if not 0 < args.matchmaking_tick_seconds < args.matchmaking_lease_seconds:
        return "--matchmaking-tick-seconds must be positive and below --matchmaking-lease-seconds"
    if args.redis_replica_wait_ms < 0:
        return "--redis-replica-wait-ms must be 0 (off) or more"
    if args.redis_cluster:  # --redis-cluster / REDIS_CLUSTER=1: the URL names a node of a Redis Cluster
        from service.storage.redis_store import cluster_url

        try:
            args.redis_url = cluster_url(args.redis_url)
        except ValueError as error:
            return f"--redis-cluster: {error}"
    return None


def serve_config(args: argparse.Namespace) -> ServeConfig:
    from service.edges.web_files import DEFAULT_WEB_ROOT
    from service.runtime.server import ServeConfig

    return ServeConfig(
        host=args.host,
        grpc_port=args.grpc_port,
        http_port=args.http_port,
        redis_url=args.redis_url or None,
        ttl_seconds=args.ttl_seconds,
        finished_ttl_seconds=args.finished_ttl_seconds,
        grpc_workers=args.grpc_workers,
        http_threads=args.http_threads,
        grace_seconds=args.grace_seconds,
        key_prefix=args.key_prefix,
        cors_origins=args.cors_origins,
        stream_ticket_seconds=args.stream_ticket_seconds,
        sse_heartbeat_seconds=args.sse_heartbeat_seconds,
        web_root=Path(args.web_root) if args.web_root else DEFAULT_WEB_ROOT,
        bot_workers=args.bot_workers,
        bot_delay_ms=args.bot_delay_ms,
        bot_budget_ms=args.bot_budget_ms,
        bot_lease_seconds=args.bot_lease_seconds,
        redis_timeout_seconds=args.redis_timeout_seconds,
        redis_replica_wait_ms=args.redis_replica_wait_ms,
        secret=args.secret,
        otlp_endpoint=args.otlp_endpoint or None,
        announce=args.announce,
        state_cache_mib=args.state_cache_mib,
        hint_iterations=args.hint_iterations,
        matchmaking_tick_seconds=args.matchmaking_tick_seconds,
        matchmaking_lease_seconds=args.matchmaking_lease_seconds,
        **access_settings(args),
        **request_limit_settings(args),
        **webhook_settings(args),
        **rating_settings(args),
    )


def bot_settings_problem(config: ServeConfig) -> str | None:
    try:
        config.bot_settings()
    except ValueError as error:
        return str(error)
    return None


def access_problem(config: ServeConfig) -> str | None:
    """Why the keys and limits of ``config`` cannot serve, before anything starts; None if they can."""
    from service.access.keys import read_keys_file

    try:
        config.limits.check()
        if config.api_keys_file is not None:
            read_keys_file(config.api_keys_file)
    except (OSError, ValueError) as error:
        return str(error)
    if config.api_keys_in_store and not (config.redis_url and config.secret):
        return "--api-keys-in-store needs --redis-url and --secret (the keys are in Redis, hashed with the secret)"
    return None


# ----- serve --workers N ------------------------------------------------------------------------------------------


def supervise_workers(args: argparse.Namespace, workers: int, config: ServeConfig) -> int:
    """Runs ``workers`` processes of this same ``serve`` command (``--workers 1`` on the shared ports), each one
    ``python -m service.cli serve ...``, until SIGTERM or SIGINT."""
    from service.runtime.greeting import greeting, wants_words
    from service.runtime.workers import supervise

    raw = list(getattr(args, "raw_argv", ["serve"]))
    command = [sys.executable, "-m", "service.cli", "serve", *raw[raw.index("serve") + 1 :]]
    host = args.host or ("0.0.0.0" if args.redis_url else "127.0.0.1")

    def describe(grpc_port: int, http_port: int) -> str:
        return greeting(config.serving(grpc_port, http_port, workers))

    words = wants_words(args.announce)
    return supervise(command, workers, host, args.grpc_port, args.http_port, describe if words else None)


def join_supervisor_if_any() -> None:
    """In a worker of ``serve --workers N`` (its supervisor's pid in the environment): binds the ports beside its
    siblings and stops when its supervisor dies."""
    from service.runtime.workers import WORKER_OF, enable_reuse_port, follow_parent

    parent = os.environ.get(WORKER_OF)
    if parent:
        enable_reuse_port()
        follow_parent(int(parent))


# ----- the parser -------------------------------------------------------------------------------------------------


def add_serve_parser(commands: Subcommands) -> None:
    serve = commands.add_parser(
        "serve",
        help="run the gRPC and REST servers (in-memory store, or Redis with --redis-url)",
        description="Every option also reads an environment variable (shown in brackets) for its default.",
    )
    add_listen_arguments(serve)
    add_store_arguments(serve)
    add_process_arguments(serve)
    add_web_arguments(serve)
    add_bot_arguments(serve, prefix="bot-")
    add_access_arguments(serve)
    add_request_limit_arguments(serve)
    add_webhook_arguments(serve)
    add_rating_arguments(serve)
    serve.set_defaults(func=command_serve)


def add_listen_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--host",
        default=os.environ.get("HOST", ""),
        help="address to bind (default: 127.0.0.1 with the embedded store, 0.0.0.0 with --redis-url) [HOST]",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=env_int("WORKERS", 0),
        help="server processes sharing the ports (SO_REUSEPORT); 0: one per core with --redis-url, 1 with the "
        "embedded store, which lives in one process [WORKERS]",
    )
    serve.add_argument(
        "--grpc-port", type=int, default=env_int("GRPC_PORT", 50051), help="gRPC port, 0: any free [GRPC_PORT]"
    )
    serve.add_argument(
        "--http-port", type=int, default=env_int("HTTP_PORT", 8080), help="REST port, 0: any free [HTTP_PORT]"
    )


def add_store_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--redis-url",
        default=os.environ.get("REDIS_URL", ""),
        help="store games in Redis, e.g. redis://127.0.0.1:6379/0 (default: in memory) [REDIS_URL]",
    )
    serve.add_argument(
        "--redis-cluster",
        action="store_true",
        default=os.environ.get("REDIS_CLUSTER", "") not in ("", "0"),
        help="the Redis URL names a node of a Redis Cluster (as does a redis+cluster://host:port URL) "
        "[REDIS_CLUSTER=1]",
    )
    serve.add_argument(
        "--redis-timeout-seconds",
        type=float,
        default=env_float("REDIS_TIMEOUT_SECONDS", 1),
        help="every Redis command and connect gives up after this; a stalled Redis then answers UNAVAILABLE "
        "store/unavailable [REDIS_TIMEOUT_SECONDS]",
    )
    serve.add_argument(
        "--redis-replica-wait-ms",
        type=int,
        default=env_int("REDIS_REPLICA_WAIT_MS", 500),
        help="a move or game is acknowledged once a Redis replica has it (WAIT 1), waiting up to this long, else "
        "answered 503 store/durability_unknown; only on Redis nodes with replicas; at most half the Redis timeout; 0: "
        "no waiting (faster, and a failover may lose acknowledged writes) [REDIS_REPLICA_WAIT_MS]",
    )
    serve.add_argument(
        "--secret",
        default=os.environ.get("CARDENGINE_SECRET", ""),
        help="key from which a CreateGame with a requestId derives its seat tokens, so a retry gets the same ones; "
        "give every replica the same one (default: random per process, so retries work within one process) "
        "[CARDENGINE_SECRET]",
    )
    serve.add_argument(
        "--ttl-seconds",
        type=int,
        default=env_int("GAME_TTL_SECONDS", 24 * 3600),
        help="a game untouched this long expires; refreshed on every move, 0: never [GAME_TTL_SECONDS]",
    )
    serve.add_argument(
        "--finished-ttl-seconds",
        type=int,
        default=env_int("FINISHED_GAME_TTL_SECONDS", 3600),
        help="a finished game expires this long after its last move, 0: never [FINISHED_GAME_TTL_SECONDS]",
    )
    add_key_prefix_argument(serve)


def add_process_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--grpc-workers",
        type=int,
        default=env_int("GRPC_WORKERS", 64),
        help="gRPC threads for calls; WatchGame streams get --max-streams more of their own [GRPC_WORKERS]",
    )
    serve.add_argument(
        "--http-threads",
        type=int,
        default=env_int("HTTP_THREADS", 32),
        help="REST requests answered at once (each connection has a thread; a stream gives its place back once it "
        "starts) [HTTP_THREADS]",
    )
    serve.add_argument(
        "--grace-seconds",
        type=float,
        default=env_float("GRACE_SECONDS", 10),
        help="on SIGTERM, time given to requests in flight [GRACE_SECONDS]",
    )
    serve.add_argument("--log-level", default=os.environ.get("LOG_LEVEL", "INFO"), help="[LOG_LEVEL]")
    serve.add_argument(
        "--announce",
        choices=("auto", "words", "json"),
        default=os.environ.get("ANNOUNCE", "auto"),
        help="how serving is announced on stdout: words (where to play, the REST and gRPC addresses, the API "
        "explorer at /docs), json (one line for programs), or auto: words on a terminal, json otherwise; the logs "
        "are JSON lines on stderr either way [ANNOUNCE]",
    )
    serve.add_argument(
        "--otlp-endpoint",
        default=os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT", ""),
        help="send OpenTelemetry traces over OTLP/HTTP to this endpoint (e.g. http://collector:4318; needs the "
        "'tracing' extra); default: none, tracing off. Prometheus metrics are always at GET /metrics of the REST "
        "port [OTEL_EXPORTER_OTLP_ENDPOINT]",
    )


def add_web_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--cors-origins",
        default=os.environ.get("CORS_ORIGINS", ""),
        help="web origins allowed to call the REST API from a browser, comma-separated "
        "(https://table.example,http://localhost:5173), or * for any; default: none, same origin only [CORS_ORIGINS]",
    )
    serve.add_argument(
        "--stream-ticket-seconds",
        type=float,
        default=env_float("STREAM_TICKET_SECONDS", 60),
        help="lifetime of a stream ticket (POST /v1/games/{id}/stream-tickets) [STREAM_TICKET_SECONDS]",
    )
    serve.add_argument(
        "--sse-heartbeat-seconds",
        type=float,
        default=env_float("SSE_HEARTBEAT_SECONDS", 15),
        help="a comment line on an idle Server-Sent Events stream this often [SSE_HEARTBEAT_SECONDS]",
    )
    serve.add_argument(
        "--state-cache-mib",
        type=int,
        default=env_int("STATE_CACHE_MIB", 64),
        help="memory for the decoded states kept per process, in MiB (0: none) [STATE_CACHE_MIB]",
    )
    serve.add_argument(
        "--hint-iterations",
        type=int,
        default=env_int("HINT_ITERATIONS", 0),
        help="the search's iterations per hint (SuggestMoves), its cost and strength; 0: each game's default "
        f"({HINT_ITERATIONS}, fewer in the games of engine.bots.hints.GAME_HINT_ITERATIONS) [HINT_ITERATIONS]",
    )
    serve.add_argument(
        "--matchmaking-tick-seconds",
        type=float,
        default=env_float("MATCHMAKING_TICK_SECONDS", MATCH_TICK_SECONDS),
        help="how often the matcher of quick match looks at the waiting tickets, in seconds "
        f"(default {MATCH_TICK_SECONDS}) [MATCHMAKING_TICK_SECONDS]",
    )
    serve.add_argument(
        "--matchmaking-lease-seconds",
        type=float,
        default=env_float("MATCHMAKING_LEASE_SECONDS", MATCH_LEASE_SECONDS),
        help="the matcher's lease: one replica at a time makes the matches, and another takes over this long after "
        f"it stops renewing (default {MATCH_LEASE_SECONDS}) [MATCHMAKING_LEASE_SECONDS]",
    )
    serve.add_argument(
        "--web-root",
        default=os.environ.get("WEB_ROOT", ""),
        help="folder of the web table served at / (default: the installed clients/web) [WEB_ROOT]",
    )


# ----- keys and limits --------------------------------------------------------------------------------------------

_LIMIT_DEFAULTS = LimitSettings()

# The numeric access options: flag, environment variable, type, default, help.
ACCESS_NUMBERS: list[tuple[str, str, type, float, str]] = [
    ("--key-rate", "KEY_RATE", float, _LIMIT_DEFAULTS.key_rate, "requests a second per API key, 0: no limit"),
    ("--key-burst", "KEY_BURST", int, _LIMIT_DEFAULTS.key_burst, "requests an API key may send at once"),
    (
        "--address-rate",
        "ADDRESS_RATE",
        float,
        _LIMIT_DEFAULTS.address_rate,
        "requests a second per client address, 0: no limit",
    ),
    (
        "--address-burst",
        "ADDRESS_BURST",
        int,
        _LIMIT_DEFAULTS.address_burst,
        "requests a client address may send at once",
    ),
    (
        "--live-games-per-key",
        "LIVE_GAMES_PER_KEY",
        int,
        _LIMIT_DEFAULTS.live_games_per_key,
        "unfinished games an API key may hold, 0: no cap",
    ),
    (
        "--wrong-tokens",
        "WRONG_TOKENS",
        int,
        _LIMIT_DEFAULTS.wrong_tokens,
        "wrong seat tokens or tickets per game and caller before 429, 0: no limit",
    ),
    (
        "--wrong-token-seconds",
        "WRONG_TOKEN_SECONDS",
        float,
        _LIMIT_DEFAULTS.wrong_token_seconds,
        "how long the wrong tokens count, and the 429 lasts",
    ),
    (
        "--hint-rate",
        "HINT_RATE",
        float,
        _LIMIT_DEFAULTS.hint_rate,
        "hints computed a second per API key (per client address without one), 0: no limit",
    ),
    ("--hint-burst", "HINT_BURST", int, _LIMIT_DEFAULTS.hint_burst, "hints an API key or address may ask at once"),
]


def add_access_arguments(serve: argparse.ArgumentParser) -> None:
    """API keys and limits (``service.access.keys``, ``service.access.limits``; docs/operations.md)."""
    serve.add_argument(
        "--api-keys-file",
        default=os.environ.get("API_KEYS_FILE", ""),
        help="a file of API keys, one a line with an optional name; CreateGame and ListGameTypes then need one "
        "(x-api-key or Authorization: ApiKey) [API_KEYS_FILE]",
    )
    serve.add_argument(
        "--api-keys-in-store",
        action="store_true",
        default=os.environ.get("API_KEYS_IN_STORE", "").lower() in ("1", "true", "yes"),
        help="accept the keys of `cardengine keys create` (Redis; needs --secret) [API_KEYS_IN_STORE]",
    )
    for flag, variable, kind, default, text in ACCESS_NUMBERS:
        value = os.environ.get(variable)
        serve.add_argument(
            flag, type=kind, default=kind(value) if value else kind(default), help=f"{text} [{variable}]"
        )


def access_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServeConfig fields of ``add_access_arguments``."""
    return {
        "api_keys_file": Path(args.api_keys_file) if args.api_keys_file else None,
        "api_keys_in_store": args.api_keys_in_store,
        "limits": LimitSettings(
            key_rate=args.key_rate,
            key_burst=args.key_burst,
            address_rate=args.address_rate,
            address_burst=args.address_burst,
            live_games_per_key=args.live_games_per_key,
            wrong_tokens=args.wrong_tokens,
            wrong_token_seconds=args.wrong_token_seconds,
            hint_rate=args.hint_rate,
            hint_burst=args.hint_burst,
        ),
    }


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1; got {value}")
    return value


def add_request_limit_arguments(serve: argparse.ArgumentParser) -> None:
    """Request size limits and live-stream caps (docs/operations.md "Limits of requests and streams")."""
    from service.edges.grpc_server import MAX_MESSAGE_BYTES
    from service.edges.rest import MAX_BODY_BYTES, MAX_HEADER_BYTES
    from service.edges.streams import DEFAULT_STREAMS_PER_CLIENT, DEFAULT_STREAMS_PER_GAME, DEFAULT_STREAMS_PER_SERVER

    limits = [
        ("--max-body-bytes", "MAX_BODY_BYTES", MAX_BODY_BYTES, "largest REST body (larger: 413 request/too_large)"),
        ("--max-header-bytes", "MAX_HEADER_BYTES", MAX_HEADER_BYTES, "largest REST request line and headers (431)"),
        ("--grpc-max-message-bytes", "GRPC_MAX_MESSAGE_BYTES", MAX_MESSAGE_BYTES, "largest gRPC request"),
        ("--max-streams", "MAX_STREAMS", DEFAULT_STREAMS_PER_SERVER, "live streams per protocol (SSE; WatchGame)"),
        ("--max-streams-per-game", "MAX_STREAMS_PER_GAME", DEFAULT_STREAMS_PER_GAME, "live streams of one game"),
        ("--max-streams-per-client", "MAX_STREAMS_PER_CLIENT", DEFAULT_STREAMS_PER_CLIENT, "live streams of one IP"),
    ]
    for flag, variable, default, text in limits:
        serve.add_argument(flag, type=positive_int, default=env_int(variable, default), help=f"{text} [{variable}]")
    add_connection_arguments(serve)


def add_connection_arguments(serve: argparse.ArgumentParser) -> None:
    """The REST connection limits and deadlines (``service.edges.http_server``)."""
    from service.edges.http_server import ConnectionLimits

    known = ConnectionLimits()
    serve.add_argument(
        "--max-connections-per-address",
        type=int,
        default=env_int("MAX_CONNECTIONS_PER_ADDRESS", known.per_address),
        help="REST connections one client address may hold (one more: 429 limit/connections); 0: no limit; raise "
        "it behind a proxy, whose address every client shares [MAX_CONNECTIONS_PER_ADDRESS]",
    )
    serve.add_argument(
        "--max-connections",
        type=positive_int,
        default=env_int("MAX_CONNECTIONS", known.total),
        help="REST connections in all [MAX_CONNECTIONS]",
    )
    deadlines = [
        ("--header-timeout-seconds", "HEADER_TIMEOUT_SECONDS", known.header_seconds, "a request's line and headers"),
        ("--body-timeout-seconds", "BODY_TIMEOUT_SECONDS", known.body_seconds, "a whole request, body included"),
        ("--idle-timeout-seconds", "IDLE_TIMEOUT_SECONDS", known.idle_seconds, "a kept-alive idle connection"),
    ]
    for flag, variable, default, text in deadlines:
        serve.add_argument(
            flag, type=float, default=env_float(variable, default), help=f"REST deadline of {text} [{variable}]"
        )


def request_limit_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServeConfig fields of ``add_request_limit_arguments``."""
    from service.edges.http_server import ConnectionLimits
    from service.edges.streams import StreamLimits

    return {
        "connection_limits": ConnectionLimits(
            per_address=args.max_connections_per_address,
            total=args.max_connections,
            header_seconds=args.header_timeout_seconds,
            body_seconds=args.body_timeout_seconds,
            idle_seconds=args.idle_timeout_seconds,
        ),
        "max_body_bytes": args.max_body_bytes,
        "max_header_bytes": args.max_header_bytes,
        "grpc_max_message_bytes": args.grpc_max_message_bytes,
        "stream_limits": StreamLimits(
            per_server=args.max_streams, per_game=args.max_streams_per_game, per_client=args.max_streams_per_client
        ),
    }
