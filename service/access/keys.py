"""API keys: who may create games and read the catalog on a hosted server.

Two sources, either or both:

- a file (``--api-keys-file``): one key a line, optionally followed by a name (``KEY [NAME]``; ``#`` starts a
  comment). Keys are hashed (SHA-256) when the file is loaded and only the hashes are kept. A key's id is
  ``file:<name>``, or ``file:<first 12 hex digits of its hash>`` without a name;
- the store (``store.keys``, a ``KeyStore``: Redis; ``cardengine keys create|list|revoke``): a key
  ``cek_<id>_<secret part>`` is kept only as its HMAC-SHA256 under the server secret (``--secret`` /
  ``CARDENGINE_SECRET``), beside a record of its id, name, creation time and revocation. Every replica reads the
  same records at each request, so a revocation holds on every replica at once.

A request names its key with ``x-api-key: <key>`` (gRPC: the ``x-api-key`` metadata) or ``Authorization: ApiKey
<key>``; seat tokens stay ``Authorization: Bearer <token>``. A key's id (never the key) is what a game records as its
creator and what the per-key limits count by (``service.access.limits``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from service.core import errors
from service.storage.protocols import GameStore, KeyRecord, KeyStore

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

    def names(self) -> dict[str, str]:
        """Each key's name by its id (the file's and the store's), for pages that show a key by name (the
        leaderboards' bot keys, service/ratings/boards.py)."""
        names = {record.key_id: record.name for record in self._file_keys.values()}
        if self._store is not None:
            names |= {record.key_id: record.name for record in self._store.records()}
        return names

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


def make_key_ring(api_keys_file: Path | None, *, in_store: bool, secret: str, store: GameStore) -> KeyRing:
    """The server's keys: those of ``api_keys_file`` and, with ``in_store``, those of the store (Redis only: no
    command reaches the keys of a process's memory)."""
    file_keys = read_keys_file(api_keys_file) if api_keys_file is not None else None
    key_store: KeyStore | None = None
    if in_store:
        if not store.keys.is_shared:
            raise ValueError("keys kept in the store need the Redis store (--redis-url).")
        key_store = store.keys
    return KeyRing(file_keys, key_store, secret)
