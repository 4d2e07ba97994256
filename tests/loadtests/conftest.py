"""The private redis-server of the service tests (or ``REDIS_URL``), for the benchmark's rows on Redis."""

from tests.service.conftest import redis_url

__all__ = ["redis_url"]
