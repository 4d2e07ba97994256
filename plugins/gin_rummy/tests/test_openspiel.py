"""Gin Rummy (variant ``openspiel``) against OpenSpiel 2.0.2's gin_rummy, move for move: 1,000 seeded hands, the
same deck and the same policy on both engines; at every step the player to act and the set of legal action ids
agree, and at the end the returns (cardengine_gin_rummy.openspiel_check, whose command plays 10,000). Every ending
occurs, and lay-offs."""

from __future__ import annotations

from cardengine_gin_rummy.openspiel_check import REQUIRED_ENDINGS, cross_check

HANDS = 1_000


def test_a_thousand_hands_match_openspiel_move_for_move() -> None:
    tally = cross_check(HANDS)
    assert tally.mismatches == [], tally.mismatches[:5]
    assert tally.hands == HANDS
    assert set(REQUIRED_ENDINGS) == {"knock", "gin", "undercut", "wall"}
    assert set(REQUIRED_ENDINGS) <= set(tally.endings), tally.summary()
    assert tally.with_layoffs > 0, tally.summary()
