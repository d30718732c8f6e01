"""Host uids of environments: a pair per live environment, never shared.

Every environment runs its apps and its scripts as a host uid that no other live environment
has, and its reward as a second uid of its own (DESIGN §4, "What an agent can reach"): the
kernel then forbids one environment to signal, ptrace or read ``/proc`` of another's processes,
or to read files another keeps private, and the agent's processes cannot touch the reward's.

A pair is taken by an exclusive ``flock`` on a file named after it, held by the process that
runs the environment for as long as it does: several orchestrators on one machine (rollout
workers, Ray actors) never take the same pair, and a killed one frees its pairs with its file
descriptors, without cleanup. The uids need no account in the host's /etc/passwd.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from dataclasses import dataclass
from pathlib import Path

FIRST_UID = 20000
#: pairs (apps+scripts uid, reward uid) available: uids FIRST_UID .. FIRST_UID + 2*PAIRS - 1
PAIRS = 4096
_LOCK_DIR = Path("/run/cuagym-uids")
_FALLBACK_LOCK_DIR = Path("/tmp/cuagym-uids")
_taken_here: set[int] = set()  # flock is per open file: guard against ourselves too
_guard = threading.Lock()


class UidsExhausted(RuntimeError):
    """Every uid pair of the range is held by a live environment."""


@dataclass
class UidLease:
    """One environment's uids: ``uid`` runs its apps and scripts, ``reward_uid`` its reward;
    both have the group ``gid`` (= ``uid``), so the reward reads what the apps leave readable
    to their group. ``release()`` frees the pair (also done by the process's exit)."""

    uid: int
    reward_uid: int
    gid: int
    _fd: int

    def release(self) -> None:
        fd, self._fd = self._fd, -1
        if fd < 0:
            return
        with _guard:
            _taken_here.discard(self.uid)
        with contextlib.suppress(OSError):
            os.close(fd)


def lock_dir() -> Path:
    return _LOCK_DIR if os.access("/run", os.W_OK) else _FALLBACK_LOCK_DIR


def take_uids(first: int = FIRST_UID, pairs: int = PAIRS) -> UidLease:
    """The lowest free pair of the range, held until released (or this process exits)."""
    folder = lock_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    for k in range(pairs):
        uid = first + 2 * k
        with _guard:
            if uid in _taken_here:
                continue
            fd = os.open(folder / str(uid), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            _taken_here.add(uid)
        return UidLease(uid=uid, reward_uid=uid + 1, gid=uid, _fd=fd)
    raise UidsExhausted(
        f"all {pairs} uid pairs from {first} are held by live environments (locks in {folder})"
    )
