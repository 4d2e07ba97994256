"""The events a play records (``Events``)."""

from __future__ import annotations

from engine.events import Event

# The events a play records; None in the hypothetical plays of the bottom-card search (``SEARCH_PLAYS``), which
# change the state exactly as the real plays do but make no events and leave the knowledge records (``knowledge``,
# never read by the search) as they were.
Events = list[Event] | None
