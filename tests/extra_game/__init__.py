"""A small real game that no part of the project knows by name: registered at run time through
``engine.registry.register``, it checks that the tools, the catalog and the web table take every game from the
registry (tests/test_games_listed_once.py), and installed as a plugin (``plugin.py``) that the tools, a server and the
web table take it from its entry point (tests/test_plugins.py, tests/web/test_generic_layout.py)."""
