"""Quick match (docs/api.md "Quick match"): tickets, the matcher that turns them into games, and bot fill.

- ``tickets`` (``Tickets``): CreateTicket, GetTicket, CancelTicket: a ticket asks for a game of a type, number of
  players, options and rated or not, for the calling API key and one of its players, with an acceptable rating
  range that widens while it waits and a time after which bots fill the empty seats;
- ``matching``: which waiting tickets make one game (pure functions of the tickets and the time);
- ``matcher`` (``Matcher``): the loop every server process runs; one process at a time holds the store's lease
  ``matchmaker`` (service/storage/protocols.py ``LeaseStore``) and makes the matches: claim the tickets (one
  compare-and-set), create the game (its id and seat tokens derived from the tickets, so creating it again finds
  it), tell each ticket's key (``match_found``), complete the match. A matcher killed anywhere in between leaves the
  claim pending; the next holder completes it, so no ticket is lost or matched twice;
- ``ratings``: a player's rating and the server bot level nearest to it.

The tickets live in the store's ``MatchmakingStore`` part (memory, Redis, Redis Cluster: service/storage/).
"""
