"""Random legal playouts with the conformance checks: the package's own (``engine.certify``, which ``cardengine
certify`` runs on any game), under the names the tests import."""

from __future__ import annotations

from engine.certify.content import ContentValidators, cards_shown, content_validators, first_error, strings_in
from engine.certify.legality import GENERIC_CODES, assert_refusals, not_legal_moves
from engine.certify.playout import FULL_CHECKS, Match, Variant, phase_of, playout, run_playout, variants
from engine.certify.secrecy import (
    assert_conserved,
    assert_determinization,
    assert_events_hide_secrets,
    assert_views_hide_secrets,
    visible_cards,
)

__all__ = [
    "FULL_CHECKS",
    "GENERIC_CODES",
    "ContentValidators",
    "Match",
    "Variant",
    "assert_conserved",
    "assert_determinization",
    "assert_events_hide_secrets",
    "assert_refusals",
    "assert_views_hide_secrets",
    "cards_shown",
    "content_validators",
    "first_error",
    "not_legal_moves",
    "phase_of",
    "playout",
    "run_playout",
    "strings_in",
    "variants",
    "visible_cards",
]
