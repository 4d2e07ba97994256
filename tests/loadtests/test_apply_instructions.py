"""``loadtests.apply_instructions`` reads callgrind's dumps: the last dump of a process, its threads' files summed.
Running the servers under valgrind takes minutes, so the instrument itself is run by hand (docs/performance.md)."""

from __future__ import annotations

from pathlib import Path

from loadtests.apply_instructions import dumped_total


def test_the_last_dump_is_read_and_its_threads_are_summed(tmp_path: Path) -> None:
    (tmp_path / "callgrind.41.1").write_bytes(b"version: 1\ncmd: python\nsummary: 1000\n")
    assert dumped_total(tmp_path, 41) == 1000
    (tmp_path / "callgrind.41.2-01").write_bytes(b"summary: 5\n")
    (tmp_path / "callgrind.41.2-02").write_bytes(b"events: Ir\ntotals: 7\n")
    (tmp_path / "callgrind.42.3").write_bytes(b"summary: 99\n")  # another process
    assert dumped_total(tmp_path, 41) == 12
