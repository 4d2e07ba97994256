"""``cardengine replay`` (rebuild a stored game and check it against its snapshot) and ``cardengine verify`` (check
a finished match's provably fair deal from its public record)."""

from __future__ import annotations

import argparse
import hmac
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from service.cli.arguments import add_redis_arguments, fail

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands
    from service.core.fairness import Verdict

HEX64 = re.compile(r"[0-9a-f]{64}")


def command_replay(args: argparse.Namespace) -> int:
    """Exit 0: the rebuilt match equals the stored one; 1: it differs (the first differing move is named);
    2: it could not be checked (no Redis URL, unknown game, store down)."""
    from service.core import errors
    from service.core.audit import audit_stored_game
    from service.storage.factory import open_store

    if not args.redis_url:
        return fail("replay reads a game from Redis: give --redis-url or set REDIS_URL")
    store = open_store(args.redis_url, key_prefix=args.key_prefix)
    try:
        report = audit_stored_game(store, args.game_id)
    except (errors.ServiceError, errors.StoreUnavailableError) as error:
        failure = errors.to_service_error(error)
        return fail(f"{failure.code}: {failure.message}")
    finally:
        store.close()
    if args.json:
        outcome = {
            "gameId": report.game_id,
            "gameType": report.game_type,
            "players": report.players,
            "version": report.version,
            "finished": report.finished,
            "movesReplayed": report.moves,
            "ok": report.ok,
            "problem": report.problem,
        }
        print(json.dumps(outcome))
    else:
        print(report.summary(), file=sys.stdout if report.ok else sys.stderr)
    return 0 if report.ok else 1


def command_verify(args: argparse.Namespace) -> int:
    """Exit 0: the record is verified (commitment, every public event, the score; with ``--commitment``, the
    record's commitment is that one); 1: it is not (each difference named); 2: no record could be read (server
    down, unknown or unfinished game, unreadable file) or ``--commitment`` is not a SHA-256 in hex."""
    from service.core.fairness import verify_record

    if bool(args.game_id) == bool(args.file):
        return fail("give either GAME_ID (read from --url) or --file EXPORT.json")
    known = args.commitment.strip().lower() or None
    if known is not None and not HEX64.fullmatch(known):
        return fail(f"--commitment is a SHA-256 in hex (64 characters), as the game showed it; got {known[:80]!r}")
    try:
        data = read_record(args)
        record = json.loads(data)
    except urllib.error.HTTPError as error:
        return fail(f"the server answered {error.code}: {error.read().decode('utf-8', 'replace')[:500]}")
    except (OSError, ValueError) as error:
        return fail(f"no record could be read: {error}")
    if not isinstance(record, dict):
        return fail("the record is not a JSON object")
    if args.save:
        with open(args.save, "wb") as file:
            file.write(data)
    seat: int | None = None
    seat_events: list[dict[str, Any]] = []
    if args.token and not args.file:  # the seat's own log too: its hidden draws against the replay
        try:
            seat, seat_events = seat_log(args.url, args.game_id, args.token, args.timeout)
        except urllib.error.HTTPError as error:
            return fail(f"the server answered {error.code} for the seat's log")
        except (OSError, ValueError) as error:
            return fail(f"the seat's log could not be read: {error}")
    verdict = with_known_commitment(verify_record(record, seat, seat_events), record, known)
    if args.json:
        print(
            json.dumps(
                {"gameId": verdict.game_id, "ok": verdict.ok, "checks": verdict.checks, "problems": verdict.problems}
            )
        )
    else:
        print(verdict.summary(), file=sys.stdout if verdict.ok else sys.stderr)
    return 0 if verdict.ok else 1


def with_known_commitment(verdict: Verdict, record: Mapping[str, Any], known: str | None) -> Verdict:
    """``verdict`` with the check of the commitment the player saw at creation (``--commitment``) first: a forger
    may give a record a new salt and recompute its commitment, which the record alone cannot reveal."""
    if known is None:
        return verdict
    promised = record.get("seedCommitment")
    if isinstance(promised, str) and hmac.compare_digest(promised.encode(), known.encode()):
        check = f"the record's commitment is the one seen at creation ({known})"
        return replace(verdict, checks=(check, *verdict.checks))
    problem = (
        f"the record's commitment {promised!r} is not the one seen at creation ({known}): the record is not "
        "the match that was committed to."
    )
    return replace(verdict, problems=(problem, *verdict.problems))


def read_record(args: argparse.Namespace) -> bytes:
    """The record's bytes: the ``--file`` export, or GET /v1/games/{id}/record of ``--url``."""
    if args.file:
        with open(args.file, "rb") as file:
            return file.read()
    url = f"{args.url.rstrip('/')}/v1/games/{urllib.parse.quote(args.game_id, safe='')}/record"
    with urllib.request.urlopen(url, timeout=args.timeout) as answer:
        data: bytes = answer.read()
    return data


def seat_log(url: str, game_id: str, token: str, timeout: float) -> tuple[int | None, list[dict[str, Any]]]:
    """The seat of ``token`` in the game and its whole event log (every page of GET /v1/games/{id}/events)."""
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


def add_replay_parser(commands: Subcommands) -> None:
    replay = commands.add_parser(
        "replay",
        help="rebuild a stored game from its creation record and move log, and check it against its snapshot",
        description="Replays every move of the game through the rules (engine.replay) and compares the events and "
        "the final state with the stored ones. Exit status 0: identical; 1: they differ (the first differing move "
        "is named); 2: the game could not be read.",
    )
    replay.add_argument("game_id", metavar="GAME_ID", help="the game's id, as CreateGame returned it")
    add_redis_arguments(replay)
    replay.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    replay.set_defaults(func=command_replay)


def add_verify_parser(commands: Subcommands) -> None:
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
        "--commitment",
        default="",
        metavar="HEX",
        help="the seedCommitment the game showed when it began (CreateGame's answer, the game header): the record "
        "must carry this one, else it is not verified (a record alone cannot show a recomputed commitment)",
    )
    verify.add_argument(
        "--token",
        default=os.environ.get("CARDENGINE_TOKEN", ""),
        help="a seat token of the game: also check that seat's own events, its hidden draws, against the replay "
        "[CARDENGINE_TOKEN]",
    )
    verify.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the server")
    verify.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    verify.set_defaults(func=command_verify)
