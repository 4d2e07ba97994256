"""Structured logs: one JSON object per line, with the fields a record carries (game_id, seat, version, ...).

Operator logs never hold a secret: a move's text (``give 9D``, ``search 5C`` name hidden cards), a token, a ticket
or cards are written only by DEBUG records; a field of those names on a record at INFO or above is left out
(``SECRET_FIELDS``), whichever logger wrote it. INFO records name a move by its kind and version."""

from __future__ import annotations

import atexit
import logging
import logging.handlers
import queue
import sys
import time
from typing import Any

import orjson

# Attributes every LogRecord has; anything else was passed with ``extra=`` and is logged as a field.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime", "taskName"}
SECRET_FIELDS = frozenset({"move", "notation", "token", "tokens", "ticket", "cards", "hand", "api_key", "secret"})


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        shown_secrets = record.levelno <= logging.DEBUG
        for key, value in record.__dict__.items():
            if key not in _STANDARD and value is not None and (shown_secrets or key not in SECRET_FIELDS):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


class _DeferredQueueHandler(logging.handlers.QueueHandler):
    """Hands records to the writer thread as they are: formatting and the write happen off the request path."""

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record


def configure_logging(level: str = "INFO") -> None:
    """JSON lines on stderr for the service's loggers (and warnings of the libraries), written by a background
    thread; flushed at exit."""
    writer = logging.StreamHandler(sys.stderr)
    writer.setFormatter(JsonFormatter())
    records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    listener = logging.handlers.QueueListener(records, writer)
    listener.start()
    atexit.register(listener.stop)
    root = logging.getLogger()
    root.handlers[:] = [_DeferredQueueHandler(records)]
    root.setLevel(logging.WARNING)
    logging.getLogger("cardengine").setLevel(level.upper())
