"""The ``cardengine`` command line: ``python -m service.cli`` or the ``cardengine`` script."""

from service.cli.commands import build_parser, main
from service.cli.serve import request_limit_settings

__all__ = ["build_parser", "main", "request_limit_settings"]
