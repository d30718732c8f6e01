"""The initial home a reward may compare against (an additive part of DESIGN.md §2's contract).

A reward runs on the final state only. To check that *everything outside the target* is as
the task started, it needs the home as ``initial_setup.py`` left it. The convention:

* a runner takes a snapshot named :data:`INITIAL_SNAPSHOT` of the environment right after
  initial_setup.py (before the golden patch, before an agent acts);
* when the reward runs, the environment shows that snapshot read-only at a path of its
  choosing and names the path in :data:`INITIAL_HOME_ENV`; without such a snapshot the
  variable is not set, and a reward that needs the initial home scores 0 (it cannot verify).

The ``local`` provider shows it at ``/opt/cuagym/initial/home`` (a read-only overlay of the
snapshot's layers, no copy); an OSWorld config copies the home right after setup.
"""

from __future__ import annotations

__all__ = ["INITIAL_HOME_ENV", "INITIAL_SNAPSHOT"]

#: The snapshot name runners give the state right after initial_setup.py.
INITIAL_SNAPSHOT = "initial"
#: The environment variable that tells reward.py where the initial home is (read-only).
INITIAL_HOME_ENV = "CUAGYM_INITIAL_HOME"
