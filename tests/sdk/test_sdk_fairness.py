"""The SDK's fairness check: the revealed seed and salt must hash to the commitment seen at creation (the same
hash as the service's, service/core/fairness.py), and the server must still show that commitment."""

from __future__ import annotations

import pytest
from cardengine_client import Fairness, FairnessError, check_fairness, commitment_of

from service.core import fairness as service_fairness

SEED, SALT = 759398343907966998, bytes(range(32))
PROMISED = service_fairness.commitment(SEED, SALT)


def revealed(seed: int = SEED, salt: bytes = SALT, commitment: str = PROMISED, source: str = "server") -> Fairness:
    return Fairness(source, commitment, True, str(seed), salt.hex())


def test_the_sdk_hashes_as_the_service_does() -> None:
    assert commitment_of(str(SEED), SALT.hex()) == PROMISED
    check_fairness("g", PROMISED, revealed())


@pytest.mark.parametrize(
    ("shown", "reason"),
    [
        (revealed(seed=SEED + 1), f"sha256(seed || salt) is {service_fairness.commitment(SEED + 1, SALT)}"),
        (revealed(salt=bytes(32)), f"sha256(seed || salt) is {service_fairness.commitment(SEED, bytes(32))}"),
        (revealed(commitment="0" * 64), f"the commitment changed from {PROMISED} to {'0' * 64}"),
    ],
)
def test_another_seed_salt_or_commitment_is_a_fairness_error(shown: Fairness, reason: str) -> None:
    with pytest.raises(FairnessError) as failure:
        check_fairness("g", PROMISED, shown)
    assert failure.value.game_id == "g"
    assert failure.value.reason.startswith(reason)


def test_a_client_seed_claims_no_commitment() -> None:
    check_fairness("g", "", revealed(seed=1, commitment="", source="client"))
