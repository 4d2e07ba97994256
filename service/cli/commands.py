"""The ``cardengine`` command: ``games``, ``play``, ``bench``, ``serve``, ``bots``, ``replay``, ``verify`` and
``arena``."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import engine
from service.access.limits import LimitSettings
from service.cli.arena import add_arena_parser


def _options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE; got {pair!r}")
        options[name] = value
    return options


def player_counts_text(counts: Sequence[int]) -> str:
    """``2-6`` for a range without gaps, else every count: ``2 or 4``."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(str(count) for count in counts)


def command_games(args: argparse.Namespace) -> int:
    for game in engine.all_games():
        if args.json:
            print(json.dumps(game.catalog_entry()))
            continue
        print(f"{game.id:<14} {game.title} ({player_counts_text(game.supported_player_counts())} players)")
        for spec in game.options:
            print(f"{'':<16}--option {spec.name}=<{spec.kind}> (default {spec.default}): {spec.description}")
    return 0


def command_play(args: argparse.Namespace) -> int:
    if args.target and args.bots:
        raise SystemExit("--bots plays a match in process; with --target the server's clients play at random")
    if args.target:
        return command_play_remote(args)
    from service.bots.kinds import parse_bot
    from service.cli.local_match import play_local_match

    if args.matches != 1:
        raise SystemExit("--matches needs --target (a local match is played once)")
    try:
        bots = [spec.strip() for spec in args.bots.split(",") if spec.strip()] if args.bots else []
        for spec in bots:
            parse_bot(spec)
    except ValueError as error:
        print(f"error: --bots: {error}", file=sys.stderr)
        return 2
    try:
        budget = args.bot_budget_ms / 1000
        play_local_match(args.game, args.players, args.seed, _options(args.option), bots=bots, budget_seconds=budget)
    except engine.EngineError as error:
        print(f"error: {error.code}: {error.reason}", file=sys.stderr)
        return 2
    return 0


def command_play_remote(args: argparse.Namespace) -> int:
    import grpc

    from clients.grpc_client import GameEngineError
    from clients.network_match import option_value, play_network_matches

    options = {name: option_value(str(value)) for name, value in _options(args.option).items()}
    with contextlib.suppress(engine.UnknownGameError):  # the server names the unknown game in its answer
        options = {**engine.get_game(args.game).playout_options, **options}
    try:
        play_network_matches(args.target, args.game, args.players, args.seed, args.matches, options)
    except GameEngineError as error:
        print(f"error: {error.status.name} {error.code}: {error.message}", file=sys.stderr)
        return 2
    except grpc.FutureTimeoutError:
        print(f"error: no gRPC server answers at {args.target}", file=sys.stderr)
        return 2
    return 0


def command_bench(args: argparse.Namespace) -> int:
    from pathlib import Path

    from service.cli.bench import has_compiled_engine, run_benchmarks

    compiled = Path(args.compiled) if args.compiled else None
    if compiled is not None and not has_compiled_engine(compiled):
        print(
            f"error: --compiled: no compiled engine in {compiled}; build it with bash scripts/build_compiled_engine",
            file=sys.stderr,
        )
        return 2
    run_benchmarks(args.game or None, args.seconds, compiled=compiled, serving_gc=not args.default_gc)
    return 0


def command_serve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from service.edges.cors import CorsPolicy
    from service.edges.web_files import DEFAULT_WEB_ROOT
    from service.observability.logs import configure_logging
    from service.runtime.server import ServeConfig, serve
    from service.runtime.workers import default_workers, supervise

    try:
        CorsPolicy.parse(args.cors_origins)
    except ValueError as error:
        print(f"error: --cors-origins: {error}", file=sys.stderr)
        return 2
    if args.stream_ticket_seconds <= 0 or args.sse_heartbeat_seconds <= 0:
        print("error: --stream-ticket-seconds and --sse-heartbeat-seconds must be positive", file=sys.stderr)
        return 2
    if not args.redis_timeout_seconds > 0:
        print("error: --redis-timeout-seconds must be positive", file=sys.stderr)
        return 2
    if args.redis_cluster:  # --redis-cluster / REDIS_CLUSTER=1: the URL names a node of a Redis Cluster
        from service.storage.redis_store import cluster_url

        try:
            args.redis_url = cluster_url(args.redis_url)
        except ValueError as error:
            print(f"error: --redis-cluster: {error}", file=sys.stderr)
            return 2
    configure_logging(args.log_level)
    config = ServeConfig(
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
        secret=args.secret,
        otlp_endpoint=args.otlp_endpoint or None,
        **access_settings(args),
        **request_limit_settings(args),
    )
    problem = access_problem(config)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        config.bot_settings()
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    workers = args.workers or default_workers(args.redis_url)
    if workers > 1 and not args.redis_url:
        print("error: --workers above 1 needs --redis-url (the embedded store lives in one process)", file=sys.stderr)
        return 2
    if workers > 1:
        raw = list(getattr(args, "raw_argv", ["serve"]))
        host = args.host or ("0.0.0.0" if args.redis_url else "127.0.0.1")
        return supervise(raw[raw.index("serve") + 1 :], workers, host, args.grpc_port, args.http_port)
    return serve(config)


def command_bots(args: argparse.Namespace) -> int:
    from service.bots.runner import BotsConfig, run_bots
    from service.bots.worker import BotSettings
    from service.observability.logs import configure_logging

    configure_logging(args.log_level)
    if not args.redis_url:
        print("error: bot workers share the service's Redis: give --redis-url or set REDIS_URL", file=sys.stderr)
        return 2
    try:
        settings = BotSettings(
            workers=args.workers,
            delay_seconds=args.delay_ms / 1000,
            budget_seconds=args.budget_ms / 1000,
            lease_seconds=args.lease_seconds,
        )
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if settings.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return 2
    config = BotsConfig(
        redis_url=args.redis_url,
        key_prefix=args.key_prefix,
        settings=settings,
        health_host=args.health_host,
        health_port=args.health_port,
        grace_seconds=args.grace_seconds,
    )
    return run_bots(config)


def command_replay(args: argparse.Namespace) -> int:
    """Exit 0: the rebuilt match equals the stored one; 1: it differs (the first differing move is named);
    2: it could not be checked (no Redis URL, unknown game, store down)."""
    from service.core import errors
    from service.core.replay import replay_stored_game
    from service.storage.redis_store import RedisStore

    if not args.redis_url:
        print("error: replay reads a game from Redis: give --redis-url or set REDIS_URL", file=sys.stderr)
        return 2
    store = RedisStore.from_url(args.redis_url, key_prefix=args.key_prefix)
    try:
        report = replay_stored_game(store, args.game_id)
    except (errors.ServiceError, errors.StoreUnavailableError) as error:
        failure = errors.to_service_error(error)
        print(f"error: {failure.code}: {failure.message}", file=sys.stderr)
        return 2
    finally:
        store.close()
    if args.json:
        print(
            json.dumps(
                {
                    "gameId": report.game_id,
                    "gameType": report.game_type,
                    "players": report.players,
                    "version": report.version,
                    "finished": report.finished,
                    "movesReplayed": report.moves,
                    "ok": report.ok,
                    "problem": report.problem,
                }
            )
        )
    else:
        print(report.summary(), file=sys.stdout if report.ok else sys.stderr)
    return 0 if report.ok else 1


def command_verify(args: argparse.Namespace) -> int:
    """Exit 0: the record is verified (commitment, every public event, the score); 1: it is not (each difference
    named); 2: no record could be read (server down, unknown or unfinished game, unreadable file)."""
    import urllib.error
    import urllib.parse
    import urllib.request

    from service.core.fairness import verify_record

    if bool(args.game_id) == bool(args.file):
        print("error: give either GAME_ID (read from --url) or --file EXPORT.json", file=sys.stderr)
        return 2
    try:
        if args.file:
            with open(args.file, "rb") as file:
                data = file.read()
        else:
            url = f"{args.url.rstrip('/')}/v1/games/{urllib.parse.quote(args.game_id, safe='')}/record"
            with urllib.request.urlopen(url, timeout=args.timeout) as answer:
                data = answer.read()
        record = json.loads(data)
    except urllib.error.HTTPError as error:
        body = error.read().decode("utf-8", "replace")[:500]
        print(f"error: the server answered {error.code}: {body}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as error:
        print(f"error: no record could be read: {error}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print("error: the record is not a JSON object", file=sys.stderr)
        return 2
    if args.save:
        with open(args.save, "wb") as file:
            file.write(data)
    seat: int | None = None
    seat_events: list[dict[str, Any]] = []
    if args.token and not args.file:  # the seat's own log too: its hidden draws against the replay
        try:
            seat, seat_events = _seat_log(args.url, args.game_id, args.token, args.timeout)
        except urllib.error.HTTPError as error:
            print(f"error: the server answered {error.code} for the seat's log", file=sys.stderr)
            return 2
        except (OSError, ValueError) as error:
            print(f"error: the seat's log could not be read: {error}", file=sys.stderr)
            return 2
    verdict = verify_record(record, seat, seat_events)
    if args.json:
        print(
            json.dumps(
                {"gameId": verdict.game_id, "ok": verdict.ok, "checks": verdict.checks, "problems": verdict.problems}
            )
        )
    else:
        print(verdict.summary(), file=sys.stdout if verdict.ok else sys.stderr)
    return 0 if verdict.ok else 1


def _seat_log(url: str, game_id: str, token: str, timeout: float) -> tuple[int | None, list[dict[str, Any]]]:
    """The seat of ``token`` in the game and its whole event log (every page of GET /v1/games/{id}/events)."""
    import urllib.parse
    import urllib.request

    base = f"{url.rstrip('/')}/v1/games/{urllib.parse.quote(game_id, safe='')}"
    headers = {"Authorization": f"Bearer {token}"}

    def get(path: str) -> Any:
        with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers), timeout=timeout) as answer:
            return json.loads(answer.read())

    seat = get("").get("seat")
    page = get("/events?pageSize=1000")
    events: list[dict[str, Any]] = list(page["events"])
    while page.get("nextPageToken"):
        page = get(f"/events?pageSize=1000&pageToken={urllib.parse.quote(page['nextPageToken'])}")
        events += page["events"]
    return seat, events


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def add_serve_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    serve = commands.add_parser(
        "serve",
        help="run the gRPC and REST servers (in-memory store, or Redis with --redis-url)",
        description="Every option also reads an environment variable (shown in brackets) for its default.",
    )
    serve.add_argument(
        "--host",
        default=os.environ.get("HOST", ""),
        help="address to bind (default: 127.0.0.1 with the embedded store, 0.0.0.0 with --redis-url) [HOST]",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=_env_int("WORKERS", 0),
        help="server processes sharing the ports (SO_REUSEPORT); 0: one per core with --redis-url, 1 with the "
        "embedded store, which lives in one process [WORKERS]",
    )
    serve.add_argument(
        "--grpc-port", type=int, default=_env_int("GRPC_PORT", 50051), help="gRPC port, 0: any free [GRPC_PORT]"
    )
    serve.add_argument(
        "--http-port", type=int, default=_env_int("HTTP_PORT", 8080), help="REST port, 0: any free [HTTP_PORT]"
    )
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
        default=float(os.environ.get("REDIS_TIMEOUT_SECONDS", "1")),
        help="every Redis command and connect gives up after this; a stalled Redis then answers UNAVAILABLE "
        "store/unavailable [REDIS_TIMEOUT_SECONDS]",
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
        default=_env_int("GAME_TTL_SECONDS", 24 * 3600),
        help="a game untouched this long expires; refreshed on every move, 0: never [GAME_TTL_SECONDS]",
    )
    serve.add_argument(
        "--finished-ttl-seconds",
        type=int,
        default=_env_int("FINISHED_GAME_TTL_SECONDS", 3600),
        help="a finished game expires this long after its last move, 0: never [FINISHED_GAME_TTL_SECONDS]",
    )
    serve.add_argument(
        "--grpc-workers",
        type=int,
        default=_env_int("GRPC_WORKERS", 64),
        help="gRPC threads for calls; WatchGame streams get --max-streams more of their own [GRPC_WORKERS]",
    )
    serve.add_argument(
        "--http-threads",
        type=int,
        default=_env_int("HTTP_THREADS", 32),
        help="REST threads for requests; event streams get --max-streams more of their own [HTTP_THREADS]",
    )
    serve.add_argument(
        "--grace-seconds",
        type=float,
        default=float(os.environ.get("GRACE_SECONDS", "10")),
        help="on SIGTERM, time given to requests in flight [GRACE_SECONDS]",
    )
    serve.add_argument(
        "--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", "ce:"), help="Redis key prefix [REDIS_KEY_PREFIX]"
    )
    serve.add_argument("--log-level", default=os.environ.get("LOG_LEVEL", "INFO"), help="[LOG_LEVEL]")
    serve.add_argument(
        "--otlp-endpoint",
        default=os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT", ""),
        help="send OpenTelemetry traces over OTLP/HTTP to this endpoint (e.g. http://collector:4318; needs the "
        "'tracing' extra); default: none, tracing off. Prometheus metrics are always at GET /metrics of the REST "
        "port [OTEL_EXPORTER_OTLP_ENDPOINT]",
    )
    serve.add_argument(
        "--cors-origins",
        default=os.environ.get("CORS_ORIGINS", ""),
        help="web origins allowed to call the REST API from a browser, comma-separated "
        "(https://table.example,http://localhost:5173), or * for any; default: none, same origin only [CORS_ORIGINS]",
    )
    serve.add_argument(
        "--stream-ticket-seconds",
        type=float,
        default=float(os.environ.get("STREAM_TICKET_SECONDS", "60")),
        help="lifetime of a stream ticket (POST /v1/games/{id}/stream-tickets) [STREAM_TICKET_SECONDS]",
    )
    serve.add_argument(
        "--sse-heartbeat-seconds",
        type=float,
        default=float(os.environ.get("SSE_HEARTBEAT_SECONDS", "15")),
        help="a comment line on an idle Server-Sent Events stream this often [SSE_HEARTBEAT_SECONDS]",
    )
    serve.add_argument(
        "--web-root",
        default=os.environ.get("WEB_ROOT", ""),
        help="folder of the web table served at / (default: the installed clients/web) [WEB_ROOT]",
    )
    add_bot_arguments(serve, prefix="bot-")
    add_access_arguments(serve)
    add_request_limit_arguments(serve)
    serve.set_defaults(func=command_serve)


def add_access_arguments(serve: argparse.ArgumentParser) -> None:
    """API keys and limits (``service.access.keys``, ``service.access.limits``; README "Limits and keys")."""
    defaults = LimitSettings()
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
    numbers: list[tuple[str, str, type, float, str]] = [
        ("--key-rate", "KEY_RATE", float, defaults.key_rate, "requests a second per API key, 0: no limit"),
        ("--key-burst", "KEY_BURST", int, defaults.key_burst, "requests an API key may send at once"),
        (
            "--address-rate",
            "ADDRESS_RATE",
            float,
            defaults.address_rate,
            "requests a second per client address, 0: no limit",
        ),
        ("--address-burst", "ADDRESS_BURST", int, defaults.address_burst, "requests a client address may send at once"),
        (
            "--live-games-per-key",
            "LIVE_GAMES_PER_KEY",
            int,
            defaults.live_games_per_key,
            "unfinished games an API key may hold, 0: no cap",
        ),
        (
            "--wrong-tokens",
            "WRONG_TOKENS",
            int,
            defaults.wrong_tokens,
            "wrong seat tokens or tickets per game and caller before 429, 0: no limit",
        ),
        (
            "--wrong-token-seconds",
            "WRONG_TOKEN_SECONDS",
            float,
            defaults.wrong_token_seconds,
            "how long the wrong tokens count, and the 429 lasts",
        ),
    ]
    for flag, variable, kind, default, text in numbers:
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
        ),
    }


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1; got {value}")
    return value


def add_request_limit_arguments(serve: argparse.ArgumentParser) -> None:
    """Request size limits and live-stream caps (README "Limits of requests and streams")."""
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
        serve.add_argument(flag, type=_positive_int, default=_env_int(variable, default), help=f"{text} [{variable}]")


def request_limit_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServeConfig fields of ``add_request_limit_arguments``."""
    from service.edges.streams import StreamLimits

    return {
        "max_body_bytes": args.max_body_bytes,
        "max_header_bytes": args.max_header_bytes,
        "grpc_max_message_bytes": args.grpc_max_message_bytes,
        "stream_limits": StreamLimits(
            per_server=args.max_streams, per_game=args.max_streams_per_game, per_client=args.max_streams_per_client
        ),
    }


def access_problem(config: Any) -> str | None:
    """Why the keys and limits of ``config`` (a ServeConfig) cannot serve, before anything starts; None if they can."""
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


def command_keys(args: argparse.Namespace) -> int:
    """``cardengine keys create|list|revoke`` on the service's Redis: exit 0 done, 1 no such key, 2 unusable."""
    from service.access.keys import RedisKeyStore, create_key
    from service.core import errors
    from service.storage.redis_store import RedisStore

    if not args.redis_url:
        print("error: keys are kept in the service's Redis: give --redis-url or set REDIS_URL", file=sys.stderr)
        return 2
    if args.action == "create" and not args.secret:
        print(
            "error: a key is kept hashed with the server secret: give --secret or set CARDENGINE_SECRET",
            file=sys.stderr,
        )
        return 2
    if args.action == "revoke" and not args.key_id:
        print("error: name the key to revoke by its id (cardengine keys list)", file=sys.stderr)
        return 2
    store = RedisStore.from_url(args.redis_url, key_prefix=args.key_prefix)
    keys = RedisKeyStore(store.client, store.prefix, store._guard)
    try:
        if args.action == "create":
            key_id, key = create_key(keys, args.secret, args.name)
            if args.json:
                print(json.dumps({"id": key_id, "name": args.name, "key": key}))
            else:
                print(f"key {key_id} created; it is shown only now:\n{key}")
        elif args.action == "list":
            for record in keys.records():
                if args.json:
                    print(json.dumps(record.to_json()))
                else:
                    state = "revoked" if record.revoked_at is not None else "active"
                    print(f"{record.key_id}\t{record.name or '-'}\t{state}")
        elif not keys.revoke(args.key_id, time.time()):
            print(f"error: no key {args.key_id!r}", file=sys.stderr)
            return 1
        else:
            print(f"key {args.key_id} revoked")
    except (errors.StoreUnavailableError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        store.close()
    return 0


def add_keys_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    keys = commands.add_parser(
        "keys",
        help="create, list and revoke the API keys kept in the service's Redis",
        description="API keys kept in Redis for `cardengine serve --api-keys-in-store`: a key is shown once, at "
        "create; Redis keeps only its HMAC under the server secret. A revocation holds on every replica at once.",
    )
    keys.add_argument("action", choices=("create", "list", "revoke"))
    keys.add_argument("key_id", nargs="?", default="", metavar="KEY_ID", help="the key to revoke (its id)")
    keys.add_argument("--name", default="", help="a name kept with a new key")
    keys.add_argument("--json", action="store_true", help="one JSON object a line")
    keys.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", ""), help="the Redis of the service [REDIS_URL]"
    )
    keys.add_argument(
        "--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", "ce:"), help="Redis key prefix [REDIS_KEY_PREFIX]"
    )
    keys.add_argument(
        "--secret", default=os.environ.get("CARDENGINE_SECRET", ""), help="the server secret [CARDENGINE_SECRET]"
    )
    keys.set_defaults(func=command_keys)


def add_bot_arguments(parser: argparse.ArgumentParser, prefix: str) -> None:
    """The bot workers' options: ``--bot-workers`` ... on ``serve``, ``--workers`` ... on ``bots``."""
    parser.add_argument(
        f"--{prefix}workers" if prefix else "--workers",
        dest="bot_workers" if prefix else "workers",
        type=int,
        default=_env_int("BOT_WORKERS", 1),
        help="threads playing bot seats"
        + (" in this process (0: none, e.g. when `cardengine bots` runs them)" if prefix else "")
        + " [BOT_WORKERS]",
    )
    parser.add_argument(
        f"--{prefix}delay-ms",
        dest="bot_delay_ms" if prefix else "delay_ms",
        type=int,
        default=_env_int("BOT_DELAY_MS", 0),
        help="think delay: a bot moves at least this long after its turn began, so people can follow [BOT_DELAY_MS]",
    )
    parser.add_argument(
        f"--{prefix}budget-ms",
        dest="bot_budget_ms" if prefix else "budget_ms",
        type=int,
        default=_env_int("BOT_BUDGET_MS", 200),
        help="time a bot may think per move (a search bot stops within it; random is instant) [BOT_BUDGET_MS]",
    )
    parser.add_argument(
        f"--{prefix}lease-seconds",
        dest="bot_lease_seconds" if prefix else "lease_seconds",
        type=float,
        default=float(os.environ.get("BOT_LEASE_SECONDS", "10")),
        help="a game claimed by a worker that dies goes to another worker after this [BOT_LEASE_SECONDS]",
    )


def add_bots_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bots = commands.add_parser(
        "bots",
        help="run bot workers only: they play the bot seats of games in the service's Redis",
        description="Bot workers over the Redis of `cardengine serve` (any number of processes, on any machine): "
        "they claim games waiting on a bot seat from the store's bot queue and play them with compare-and-set, "
        "like any client. Every option also reads an environment variable (shown in brackets) for its default.",
    )
    bots.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", ""), help="the Redis of the service [REDIS_URL]"
    )
    bots.add_argument(
        "--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", "ce:"), help="Redis key prefix [REDIS_KEY_PREFIX]"
    )
    add_bot_arguments(bots, prefix="")
    bots.add_argument(
        "--health-host", default=os.environ.get("HOST", "0.0.0.0"), help="address of the health endpoint [HOST]"
    )
    bots.add_argument(
        "--health-port",
        type=int,
        default=_env_int("HEALTH_PORT", 8081),
        help="HTTP port of /healthz (workers running) and /readyz (Redis answers), 0: any free [HEALTH_PORT]",
    )
    bots.add_argument(
        "--grace-seconds",
        type=float,
        default=float(os.environ.get("GRACE_SECONDS", "10")),
        help="on SIGTERM, time given to the bot moves in flight [GRACE_SECONDS]",
    )
    bots.add_argument("--log-level", default=os.environ.get("LOG_LEVEL", "INFO"), help="[LOG_LEVEL]")
    bots.set_defaults(func=command_bots)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardengine", description="A stateless rules engine for card games.")
    commands = parser.add_subparsers(dest="command", required=True)

    games = commands.add_parser("games", help="list the registered games and their options")
    games.add_argument("--json", action="store_true", help="one JSON catalog entry per line")
    games.set_defaults(func=command_games)

    play = commands.add_parser("play", help="play a full match between bots (random by default) and print it")
    play.add_argument("--game", default="dracula")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--target", metavar="HOST:PORT", help="play through the gRPC API of this server")
    play.add_argument("--matches", type=int, default=1, help="number of matches (with --target)")
    play.add_argument(
        "--bots",
        default="",
        help="bot specs by seat, comma-separated, cycled over the seats (random, greedy, mcts, mcts:500ms, "
        "mcts:300it); default: seeded random bots",
    )
    play.add_argument("--bot-budget-ms", type=float, default=200.0, help="mcts's time per move (with --bots)")
    play.set_defaults(func=command_play)

    bench = commands.add_parser("bench", help="measure the engine: matches/s, moves/s, step and codec times")
    bench.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    bench.add_argument(
        "--compiled",
        nargs="?",
        const="build/compiled",
        default="",
        metavar="DIR",
        help="also the compiled engine of DIR (default build/compiled; bash scripts/build_compiled_engine makes it) "
        "beside the anchors, in the same run",
    )
    bench.add_argument(
        "--default-gc",
        action="store_true",
        help="measure under Python's default garbage-collector settings, not those of a serving process",
    )
    bench.set_defaults(func=command_bench)

    add_serve_parser(commands)
    add_bots_parser(commands)
    add_keys_parser(commands)
    add_arena_parser(commands)

    replay = commands.add_parser(
        "replay",
        help="rebuild a stored game from its creation record and move log, and check it against its snapshot",
        description="Replays every move of the game through the rules (engine.replay) and compares the events and "
        "the final state with the stored ones. Exit status 0: identical; 1: they differ (the first differing move "
        "is named); 2: the game could not be read.",
    )
    replay.add_argument("game_id", metavar="GAME_ID", help="the game's id, as CreateGame returned it")
    replay.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", ""), help="the Redis of the service [REDIS_URL]"
    )
    replay.add_argument(
        "--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", "ce:"), help="Redis key prefix [REDIS_KEY_PREFIX]"
    )
    replay.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    replay.set_defaults(func=command_replay)

    verify = commands.add_parser(
        "verify",
        help="check a finished match's provably fair deal: commitment, replay of every move, public events, score",
        description="Reads a finished match's public record (GET /v1/games/GAME_ID/record of a running server, or a "
        "saved export with --file), checks that sha256(seed || salt) equals the commitment published at creation, "
        "replays the move log from the revealed seed (engine.replay) and compares every public event and the "
        "final score with the recorded ones (docs/fairness.md). Exit status 0: verified; 1: not verified (each "
        "difference is named); 2: no record could be read.",
    )
    verify.add_argument("game_id", nargs="?", default="", metavar="GAME_ID", help="the game's id")
    verify.add_argument("--file", default="", help="a saved record (JSON) to verify offline, instead of GAME_ID")
    verify.add_argument(
        "--url",
        default=os.environ.get("CARDENGINE_URL", "http://127.0.0.1:8080"),
        help="the server's REST URL [CARDENGINE_URL, default http://127.0.0.1:8080, the local serve]",
    )
    verify.add_argument("--save", default="", help="also write the record read to this file")
    verify.add_argument(
        "--token",
        default=os.environ.get("CARDENGINE_TOKEN", ""),
        help="a seat token of the game: also check that seat's own events, its hidden draws, against the replay "
        "[CARDENGINE_TOKEN]",
    )
    verify.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the server")
    verify.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    verify.set_defaults(func=command_verify)
    return parser


# The commands whose GAME_ID is a positional argument. A game id is URL-safe base64 and may begin with "-" (a
# keyed id, or one made before ids avoided it): argparse would take it for an option.
GAME_ID_COMMANDS = frozenset({"replay", "verify"})


def _game_ids_as_positionals(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """`replay -abc --json` as `replay --json -- -abc`: a word of a GAME_ID command that begins with "-" but is no
    option of that command (nor an option's value) is its game id, moved after "--" so argparse reads it as one;
    and `--token -xyz` as `--token=-xyz` (an option's value that begins with "-")."""
    words = list(argv)
    if not words or words[0] not in GAME_ID_COMMANDS or "--" in words:
        return words
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command = subparsers.choices[words[0]]
    takes_value = {option: action.nargs != 0 for action in command._actions for option in action.option_strings}
    kept, ids = [words[0]], []
    index = 1
    while index < len(words):
        word = words[index]
        option = word.split("=", 1)[0]
        if word.startswith("-") and len(word) > 1 and option not in takes_value:
            ids.append(word)
        elif takes_value.get(word, False) and index + 1 < len(words):  # `--token T`: T is the option's value
            index += 1
            value = words[index]
            # A value that begins with "-" (a seat token may) but is no option: joined, as argparse reads it.
            joined = value.startswith("-") and value.split("=", 1)[0] not in takes_value
            kept += [f"{word}={value}"] if joined else [word, value]
        else:
            kept.append(word)
        index += 1
    return [*kept, "--", *ids] if ids else kept


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(_game_ids_as_positionals(parser, raw))
    args.raw_argv = raw  # `serve --workers N` passes them on
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
