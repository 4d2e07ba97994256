"""The API's generated code (messages and gRPC stubs) for the SDK's modules, which import it from here only.

In the repository this is the server's one generated tree, service/generated/ (importable as ``cardengine`` once the
project is installed: ``bash scripts/bootstrap``). A built SDK (``pip install ./clients/python``) carries a copy of
that tree inside this package instead, and this file is replaced by one importing the copy (clients/python/
hatch_build.py), so that the installed SDK needs nothing of the server.
"""

from cardengine.v1 import game_engine_pb2, game_engine_pb2_grpc

__all__ = ["game_engine_pb2", "game_engine_pb2_grpc"]
