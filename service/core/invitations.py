"""Invitations to seats (CreateGame ``invite_seats``): a secret code per invited seat, redeemed once
(RedeemInvitation) for that seat's token, so that the creator never holds other players' tokens.

The store keeps an invitation under the SHA-256 of its code, with the seat's token encrypted by a key derived from
the code: what the store holds alone does not give a token away. Redeeming takes the record out of the store in the
same step (GETDEL on Redis), so two redemptions of one code never both succeed.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence

import orjson

from service.core import errors

INVITATION_SECONDS = 24 * 3600  # as long as an unfinished game lives in the store by default
CODE_BYTES = 18


def code_hash(code: str) -> str:
    return hashlib.sha256(b"invitation\x00" + code.encode("utf-8")).hexdigest()


def _mask(code: str, size: int) -> bytes:
    return hashlib.shake_256(b"invitation-token\x00" + code.encode("utf-8")).digest(size)


def seal(seat: int, token: str, code: str) -> bytes:
    """The stored record of an invitation: its seat and the token encrypted under the code."""
    raw = token.encode("ascii")
    sealed = bytes(a ^ b for a, b in zip(raw, _mask(code, len(raw)), strict=True))
    return orjson.dumps({"s": seat, "t": base64.b64encode(sealed).decode("ascii")})


def unseal(record: bytes, code: str) -> tuple[int, str]:
    """The seat and token of a stored invitation record, with the code that redeems it."""
    raw = orjson.loads(record)
    sealed = base64.b64decode(raw["t"])
    token = bytes(a ^ b for a, b in zip(sealed, _mask(code, len(sealed)), strict=True)).decode("ascii")
    return int(raw["s"]), token


def check_invite_seats(invite_seats: Sequence[int], players: int, bots: Sequence[str]) -> tuple[int, ...]:
    """The invited seats, sorted; INVALID_ARGUMENT (``seats/invalid_invitation``) for a seat out of range, a bot's
    seat, or one named twice."""
    seen: set[int] = set()
    for seat in invite_seats:
        problem = ""
        if not 0 <= seat < players:
            problem = f"seat {seat} is not one of the game's seats 0 to {players - 1}"
        elif bots[seat]:
            problem = f"seat {seat} is played by a bot ({bots[seat]!r}) and has no token to invite to"
        elif seat in seen:
            problem = f"seat {seat} is named twice"
        if problem:
            raise errors.invalid_argument(
                f"inviteSeats: {problem}; list each person's seat to invite once.",
                field="inviteSeats",
                code="seats/invalid_invitation",
            )
        seen.add(seat)
    return tuple(sorted(seen))
