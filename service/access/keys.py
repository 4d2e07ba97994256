"""API keys: who may create games and read the catalog on a hosted server.

Two sources, either or both:

- a file (``--api-keys-file``): one key a line, optionally followed by a name (``KEY [NAME]``; ``#`` starts a
  comment). Keys are hashed (SHA-256) when the file is loaded and only the hashes are kept. A key's id is
  ``file:<name>``, or ``file:<first 12 hex digits of its hash>`` without a name;
- the store (``cardengine keys create|list|revoke``, Redis): a key ``cek_<id>_<secret part>`` is kept only as its
  HMAC-SHA256 under the server secret (``--secret`` / ``CARDENGINE_SECRET``), beside a record of its id, name,
  creation time and revocation. Every replica reads the same records at each request, so a revocation holds on
  every replica at once.

A request names its key with ``x-api-key: <key>`` (gRPC: the ``x-api-key`` metadata) or ``Authorization: ApiKey
<key>``; seat tokens stay ``Authorization: Bearer <token>``. A key's id (never the key) is what a game records as its
creator and what the per-key limits count by (``service.access.limits``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import orjson

from service.core import errors
from service.storage.protocols import KeyRecord, KeyStore

API_KEY_HEADER = "x-api-key"
MIN_KEY_LENGTH = 16
MAX_KEY_LENGTH = 256
KEY_ID_PATTERN = re.compile(r"^[A-Za-z0-9:_.-]{1,80}$")
NAME_PATTERN = re.compile(r"^[\x21-\x7e]{1,64}$")


def api_key_of(x_api_key: str | None, authorization: str | None) -> str | None:
    """The API key a request presents (``x-api-key``, else ``Authorization: ApiKey <key>``); None without one."""
    if x_api_key is not None and x_api_key.strip():
        return x_api_key.strip()
    if authorization:
        scheme, _, value = authorization.strip().partition(" ")
        if scheme.lower() == "apikey" and value.strip():
            return value.strip()
    return None


def sha256_hex(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


# ----- the file of keys -------------------------------------------------------------------------------------------


def read_keys_file(path: Path) -> dict[str, KeyRecord]:
    """The keys of ``path`` by their SHA-256; ValueError naming the line for a malformed file."""
    found: dict[str, KeyRecord] = {}
    ids: set[str] = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        words = text.split()
        if len(words) > 2:
            raise ValueError(f"{path}:{number}: a line is a key and an optional name (no spaces in either).")
        key, name = words[0], words[1] if len(words) == 2 else ""
        if not MIN_KEY_LENGTH <= len(key) <= MAX_KEY_LENGTH or not key.isascii():
            raise ValueError(f"{path}:{number}: a key is {MIN_KEY_LENGTH} to {MAX_KEY_LENGTH} ASCII characters.")
        digest = sha256_hex(key)
        key_id = f"file:{name}" if name else f"file:{digest[:12]}"
        if not KEY_ID_PATTERN.match(key_id):
            raise ValueError(f"{path}:{number}: a key's name is letters, digits, ':', '_', '.' or '-'.")
        if digest in found or key_id in ids:
            raise ValueError(f"{path}:{number}: the key or its name {name!r} comes twice.")
        ids.add(key_id)
        found[digest] = KeyRecord(key_id, name, 0.0)
    if not found:
        raise ValueError(f"{path}: no key in the file.")
    return found


# ----- keys in the store ------------------------------------------------------------------------------------------


class MemoryKeyStore:
    """Keys of one process (the embedded store; tests)."""

    is_shared = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_digest: dict[str, str] = {}
        self._records: dict[str, KeyRecord] = {}

    def add(self, digest: str, record: KeyRecord) -> None:
        with self._lock:
            self._by_digest[digest] = record.key_id
            self._records[record.key_id] = record

    def find(self, digest: str) -> KeyRecord | None:
        with self._lock:
            key_id = self._by_digest.get(digest)
            return None if key_id is None else self._records[key_id]

    def records(self) -> list[KeyRecord]:
        with self._lock:
            return sorted(self._records.values(), key=lambda record: (record.created_at, record.key_id))

    def revoke(self, key_id: str, when: float) -> bool:
        with self._lock:
            record = self._records.get(key_id)
            if record is None:
                return False
            if record.revoked_at is None:
                self._records[key_id] = KeyRecord(record.key_id, record.name, record.created_at, when)
            return True


# KEYS: digests hash, records hash. ARGV: digest. The record of the key with that digest, or nil.
FIND_SCRIPT = """
local key_id = redis.call('HGET', KEYS[1], ARGV[1])
if not key_id then
  return false
end
return redis.call('HGET', KEYS[2], key_id)
"""

# KEYS: records hash. ARGV: key id, revocation time. 1 if revoked (or already), 0 if no such key.
REVOKE_SCRIPT = """
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then
  return 0
end
local record = cjson.decode(raw)
if record['revokedAt'] == nil then
  record['revokedAt'] = tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(record))
end
return 1
"""


RunScript = Callable[[Any, list[str], list[Any]], Any]  # (redis-py script object, keys, args) -> the reply


def run_on_client(script: Any, keys: list[str], args: list[Any]) -> Any:
    """A script through redis-py's client (its script object: EVALSHA, loading the script if Redis lost it)."""
    return script(keys=keys, args=args)


class RedisKeyStore:
    """Keys in the service's Redis: ``<prefix>{keys}:digests`` (HMAC of a key -> its id) and
    ``<prefix>{keys}:records`` (id -> JSON record); one hash tag, so each lookup is one script in one slot."""

    is_shared = True

    def __init__(
        self,
        client: object,
        key_prefix: str,
        guard: Callable[[Callable[[], Any]], Any],
        run_script: RunScript | None = None,
    ) -> None:
        """``run_script``: how the lookup script runs (the store's ``_evalsha``, on its own wire connections: a key
        is looked up on every request that sends one); redis-py's script object without it."""
        import redis
        import redis.cluster

        assert isinstance(client, redis.Redis | redis.cluster.RedisCluster)
        self.client: Any = client
        self.digests_key = f"{key_prefix}{{keys}}:digests"
        self.records_key = f"{key_prefix}{{keys}}:records"
        self._guard = guard
        self._run = run_script or run_on_client
        self._find = client.register_script(FIND_SCRIPT)
        self._revoke = client.register_script(REVOKE_SCRIPT)

    def add(self, digest: str, record: KeyRecord) -> None:
        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.hset(self.records_key, record.key_id, orjson.dumps(record.to_json()))
                pipe.hset(self.digests_key, digest, record.key_id)
                pipe.execute()

        self._guard(write)

    def find(self, digest: str) -> KeyRecord | None:
        raw = self._guard(lambda: self._run(self._find, [self.digests_key, self.records_key], [digest]))
        return KeyRecord.from_json(orjson.loads(raw)) if isinstance(raw, bytes) else None

    def records(self) -> list[KeyRecord]:
        raw: dict[bytes, bytes] = self._guard(lambda: self.client.hgetall(self.records_key))
        found = [KeyRecord.from_json(orjson.loads(value)) for value in raw.values()]
        return sorted(found, key=lambda record: (record.created_at, record.key_id))

    def revoke(self, key_id: str, when: float) -> bool:
        return bool(self._guard(lambda: self._revoke(keys=[self.records_key], args=[key_id, when])))


def hmac_hex(secret: str, key: str) -> str:
    return hmac.new(secret.encode("utf-8"), key.encode("utf-8"), hashlib.sha256).hexdigest()


def create_key(store: KeyStore, secret: str, name: str = "", now: Callable[[], float] = time.time) -> tuple[str, str]:
    """A new key in ``store``: (its id, the key). The key is shown once; the store keeps only its HMAC."""
    if name and not NAME_PATTERN.match(name):
        raise ValueError("a key's name is 1 to 64 printable ASCII characters without spaces.")
    key_id = secrets.token_hex(6)
    key = f"cek_{key_id}_{secrets.token_urlsafe(24)}"
    store.add(hmac_hex(secret, key), KeyRecord(key_id, name, round(now(), 3)))
    return key_id, key


# ----- the key ring -----------------------------------------------------------------------------------------------


class KeyRing:
    """Every key a server accepts: those of the file and those of the store. ``enabled`` is False when there is
    neither, and then no call needs a key."""

    def __init__(
        self,
        file_keys: Mapping[str, KeyRecord] | None = None,
        store: KeyStore | None = None,
        secret: str = "",
    ) -> None:
        if store is not None and not secret:
            raise ValueError("keys kept in the store need the server secret (--secret or CARDENGINE_SECRET).")
        self._file_keys = dict(file_keys or {})
        self._store = store
        self._secret = secret

    @property
    def enabled(self) -> bool:
        return bool(self._file_keys) or self._store is not None

    def authenticate(self, key: str) -> str:
        """The id of ``key``; UNAUTHENTICATED (``auth/invalid_api_key`` or ``auth/revoked_api_key``) otherwise."""
        if len(key) > MAX_KEY_LENGTH:
            raise errors.invalid_api_key()
        record = self._file_keys.get(sha256_hex(key))  # a lookup by a hash of the key: nothing to time
        if record is not None:
            return record.key_id
        if self._store is not None:
            found = self._store.find(hmac_hex(self._secret, key))
            if found is not None:
                if found.revoked_at is not None:
                    raise errors.revoked_api_key(found.key_id)
                return found.key_id
        raise errors.invalid_api_key()


def make_key_ring(api_keys_file: Path | None, in_store: bool, secret: str, store: object) -> KeyRing:
    """The server's keys: those of ``api_keys_file`` and, with ``in_store``, those of the store (Redis only)."""
    from service.storage.redis_store import RedisStore

    file_keys = read_keys_file(api_keys_file) if api_keys_file is not None else None
    key_store: KeyStore | None = None
    if in_store:
        if not isinstance(store, RedisStore):
            raise ValueError("keys kept in the store need the Redis store (--redis-url).")
        key_store = RedisKeyStore(store.client, store.prefix, store._guard, store._evalsha)
    return KeyRing(file_keys, key_store, secret)
