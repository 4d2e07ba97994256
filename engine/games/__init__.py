"""The built-in games, one package each. ``engine.registry`` finds every package here and registers one instance of
the ``Game`` subclass the package exports in its ``__all__``: adding a game is adding its package, nothing here."""
