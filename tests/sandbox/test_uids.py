"""Host uid pairs: one per live environment, never shared, freed with their holder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cuagym.sandbox import _uids


@pytest.fixture
def locks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(_uids, "lock_dir", lambda: tmp_path)
    return tmp_path


def test_live_environments_get_distinct_pairs_and_a_freed_pair_is_reused(locks: Path) -> None:
    a = _uids.take_uids(first=30000, pairs=4)
    b = _uids.take_uids(first=30000, pairs=4)
    assert (a.uid, a.reward_uid, a.gid) == (30000, 30001, 30000)
    assert (b.uid, b.reward_uid) == (30002, 30003)
    a.release()
    a.release()  # idempotent
    c = _uids.take_uids(first=30000, pairs=4)
    assert c.uid == 30000
    b.release()
    c.release()


def test_a_pair_held_by_another_process_is_skipped_until_it_exits(locks: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, os, sys, time\n"
         f"fd = os.open({str(locks / '30000')!r}, os.O_RDWR | os.O_CREAT)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(60)\n"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        lease = _uids.take_uids(first=30000, pairs=4)
        assert lease.uid == 30002
        lease.release()
    finally:
        holder.kill()
        holder.wait()
    lease = _uids.take_uids(first=30000, pairs=4)  # the killed holder's pair is free again
    assert lease.uid == 30000
    lease.release()


def test_an_exhausted_range_says_so(locks: Path) -> None:
    held = [_uids.take_uids(first=30000, pairs=2) for _ in range(2)]
    with pytest.raises(_uids.UidsExhausted, match="all 2 uid pairs from 30000"):
        _uids.take_uids(first=30000, pairs=2)
    for lease in held:
        lease.release()
