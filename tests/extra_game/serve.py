"""``cardengine`` with High Card registered first: ``python -m tests.extra_game.serve serve --http-port 0 ...`` is a
real server whose catalog lists a game that nothing else in the project knows (tests/web/test_generic_layout.py)."""

from engine.registry import register
from service.cli.commands import main
from tests.extra_game.high_card import HighCardGame

register(HighCardGame())
raise SystemExit(main())
