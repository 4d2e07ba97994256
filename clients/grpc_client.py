"""The repository's name of the Python SDK: ``clients.grpc_client`` re-exports ``cardengine_client``
(clients/python/, installable on its own with ``pip install ./clients/python``), for the scripts and bots
written against it. New code imports ``cardengine_client``.
"""

import sys
from pathlib import Path

try:
    import cardengine_client
except ImportError:  # a .venv installed before the SDK had its package: import it from its source folder
    sys.path.append(str(Path(__file__).resolve().parent / "python"))
    import cardengine_client

from cardengine_client import *  # noqa: F403  (the SDK's whole public surface, under the old name)

__all__ = cardengine_client.__all__
