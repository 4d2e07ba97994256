"""``cardengine keys create|list|revoke``: the API keys kept in the service's Redis."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING

from service.cli.arguments import add_redis_arguments, fail

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands
    from service.storage.protocols import KeyStore


def command_keys(args: argparse.Namespace) -> int:
    """``cardengine keys create|list|revoke`` on the service's Redis: exit 0 done, 1 no such key, 2 unusable."""
    from service.core import errors
    from service.storage.factory import open_store

    if not args.redis_url:
        return fail("keys are kept in the service's Redis: give --redis-url or set REDIS_URL")
    if args.action == "create" and not args.secret:
        return fail("a key is kept hashed with the server secret: give --secret or set CARDENGINE_SECRET")
    if args.action == "revoke" and not args.key_id:
        return fail("name the key to revoke by its id (cardengine keys list)")
    store = open_store(args.redis_url, key_prefix=args.key_prefix)
    keys = store.keys
    try:
        return run_key_action(args, keys)
    except (errors.StoreUnavailableError, ValueError) as error:
        return fail(str(error))
    finally:
        store.close()


def run_key_action(args: argparse.Namespace, keys: KeyStore) -> int:
    from service.access.keys import create_key

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
    return 0


def add_keys_parser(commands: Subcommands) -> None:
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
    add_redis_arguments(keys)
    keys.add_argument(
        "--secret", default=os.environ.get("CARDENGINE_SECRET", ""), help="the server secret [CARDENGINE_SECRET]"
    )
    keys.set_defaults(func=command_keys)
