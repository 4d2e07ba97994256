"""Tournaments for bots (docs/api.md "Tournaments"): the use cases (``tournaments.py``), the pairings of round robin
and Swiss (``formats.py``), the standings with confidence intervals (``standings.py``, over the arena's statistics
in service/core/standings.py), the stored state and answers (``records.py``) and the director that plays them under
the store's lease (``director.py``). The store's part is ``TournamentStore`` (service/storage/protocols.py)."""
