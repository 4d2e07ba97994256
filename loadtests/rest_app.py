"""The REST app alone over a Redis store (``REDIS_URL``), as the WSGI callable ``app``: what the REST server
candidates of ``loadtests/rest_servers.py`` serve. ``python -m loadtests.rest_app PORT`` serves it with the
server ``cardengine serve`` uses (``service.edges.http_server``, with its connection limits)."""

from __future__ import annotations

import os
import sys

from service.core.game_service import GameService
from service.edges.rest import create_app, create_http_server
from service.edges.wsgi import wsgi_app
from service.storage.redis_store import RedisStore

rest_app = create_app(GameService(RedisStore.from_url(os.environ["REDIS_URL"])), web_root=None)
app = wsgi_app(rest_app)

if __name__ == "__main__":
    create_http_server(rest_app, host="127.0.0.1", port=int(sys.argv[1]), threads=32).serve_forever()
