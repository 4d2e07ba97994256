"""Fixtures of the browser tests: a real `cardengine serve` (in memory, port 0) and Debian's Chromium driven by
Playwright (`scripts/install_chromium` installs it; Playwright's own browser download is not used)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from loadtests.server_process import ServerProcess
from tests.web.table import CHROMIUM, Rest, launch


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with ServerProcess() as running:
        yield running


@pytest.fixture(scope="module")
def rest(server: ServerProcess) -> Rest:
    return Rest(server.http_url)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run `bash scripts/bootstrap` (scripts/install_chromium)"
    with sync_playwright() as playwright:
        running = launch(playwright.chromium)
        yield running
        running.close()
