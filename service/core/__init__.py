"""The core: the use cases of the API over the store protocols, free of any transport.

``game_service.GameService`` builds them over one store (``catalog``, ``creation``, ``reads``, ``streams``,
``moves``, ``bot_turns``, ``timeouts``) with the after-commit hooks (``hooks``). The values they answer with are in
``records``, the stored forms in ``stored``, the refusals in ``errors``; ``clocks``, ``fairness`` and ``forfeit``
hold the rules the service adds to the engine's, ``audit`` rebuilds a stored game from its log."""
