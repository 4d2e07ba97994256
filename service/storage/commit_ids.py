"""Commit ids: each stored state of a game carries the id of the write that made it (``StoredGame.commit_id``).

A version number names a place in a game's history, not the history: after a store goes back (a failover that lost
writes, a restart from an older save) the same number may name another state. A commit therefore names the state it
was computed from by its commit id, and the store refuses it unless that is the id it holds (issue 36).
"""

from __future__ import annotations

import itertools
import os

_PROCESS = os.urandom(6).hex()  # this process's own prefix: ids from two processes never meet
_COUNTER = itertools.count(1)  # next() on a count is atomic under the GIL


def new_commit_id() -> str:
    """An id no other commit of any process has: this process's random prefix and its next number."""
    return f"{_PROCESS}{next(_COUNTER):x}"
