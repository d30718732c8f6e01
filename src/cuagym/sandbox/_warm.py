"""The warm reward runner's policy: its jail's bwrap options and each run's mounts (pure).

The warm jail is built by the same ``_jail.bwrap_args`` as a cold reward run, with three
differences, each for one reason:

* the per-run folders (/home/user, /tmp, /dev/shm, /opt/task, the views) are bound from the
  supervisor's shared ``wr/`` slots, where each run's own mounts appear and vanish
  (``_warm_host``): the jail outlives the run, what a run sees does not;
* its command is ``_warm_jail.py`` (bound at ``INNER_WARM``), which lowers RLIMIT_NPROC and
  starts the hub relay itself (boot.py's two jobs) before it imports the reward libraries;
* its environment is the cold run's without the run's own variables: each child gets the
  run's full environment (``run_env``), as ``--clearenv`` and ``--setenv`` give a cold run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cuagym.sandbox import _jail
from cuagym.sandbox._models import HubLink, Limits

INNER_WARM = "/opt/cuagym/warm.py"
#: Views (read-only snapshots) a warm run can bind; ``_supervisor.WARM_SLOTS`` has as many.
VIEW_SLOTS = 4
WARM_DIR = "wr"


def warm_spec(
    *,
    state_root: str,
    python: str,
    image_venv: Path | None,
    inner_uid: int,
    inner_gid: int,
    limits: Limits,
    hub: HubLink | None,
    sid: str | None,
    binds: Sequence[tuple[str, str, bool]],
    view_binds: Sequence[tuple[str, str, bool]],
    argv: Sequence[str],
    run_env: Mapping[str, str],
) -> dict[str, Any]:
    """The ``warm`` part of a run request: the jail's bwrap arguments (its identity: a run
    asking for other ones gets a new jail), the run's mounts (slot, inner path, host source),
    and what the child runs (argv, environment, cwd)."""
    root = state_root.rstrip("/")
    slots = f"{root}/{WARM_DIR}"
    command = [python, INNER_WARM, str(limits.processes)]
    if hub is not None:
        _host, port, _prefix = hub.target()
        command += [str(port), _jail.INNER_HUB_SOCK, _jail.INNER_BOOT]
    view_slots = [(f"{slots}/v{i}", inner, True) for i, (_src, inner, _ro) in enumerate(view_binds)]
    args = _jail.bwrap_args(
        state_root=root,
        run_dir=WARM_DIR,
        image_venv=image_venv,
        inner_uid=inner_uid,
        inner_gid=inner_gid,
        env=_jail.inner_env({}, hub, sid, image_venv is not None),
        command=command,
        limits=limits,
        hub=hub,
        readonly_home=True,
        binds=[*binds, *view_slots, (f"{root}/lib/warm.py", INNER_WARM, True)],
        home_source=f"{slots}/home",
        start_wrapper=False,
    )
    mounts: list[list[str | None]] = [
        ["home", _jail.INNER_HOME, None],
        ["tmp", "/tmp", None],
        ["shm", "/dev/shm", None],
        ["task", _jail.INNER_TASK, None],
    ]
    mounts += [[f"v{i}", inner, src] for i, (src, inner, _ro) in enumerate(view_binds)]
    return {
        "bwrap_args": args,
        "mounts": mounts,
        "argv": list(argv),
        "env": dict(run_env),
        "cwd": _jail.INNER_HOME,
    }
