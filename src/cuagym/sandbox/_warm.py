"""The warm runners' policy: their jails' bwrap options and each run's mounts (pure).

Two kinds of warm runner can serve an environment, each a jail of its own: ``reward`` (the
reward's uid over a read-only home: reward.py, ~14 runs per tuple) and ``script`` (the
environment's own uid over the writable home: ``initial_setup.py``, ``golden_patch.py``, a
procedural role's ``python -m`` turn). A warm jail is built by the same ``_jail.bwrap_args``
as the cold run it replaces, with three differences, each for one reason:

* the per-run folders (/home/user, /tmp, /dev/shm, /opt/task, the views) are bound from the
  supervisor's shared ``wr/`` slots, where each run's own mounts appear and vanish
  (``_warm_host``): the jail outlives the run, what a run sees does not;
* its command is ``_warm_jail.py`` (bound at ``INNER_WARM``), which lowers RLIMIT_NPROC and
  starts the hub relay itself (boot.py's two jobs) before it imports the reward libraries;
* its environment is the cold run's without the run's own variables (but ``PYTHONPATH``,
  which shapes its imports; see ``JAIL_ENV``): each child gets the run's full environment
  (``run_env``), as ``--clearenv`` and ``--setenv`` give a cold run.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cuagym.core._pyparse import parse_python
from cuagym.sandbox import _jail
from cuagym.sandbox._models import HubLink, Limits

INNER_WARM = "/opt/cuagym/warm.py"
#: Modules the runner may import before the runs, if the reward imports them: the libraries
#: reward scripts use (counted over every family's reward.py) and the standard modules they
#: import. A fixed list: the runner never imports a name task code chose (an import runs code).
#: Not pymupdf: it prints a notice when imported, which a run's stderr would then lack.
PRELOADABLE = frozenset({
    "collections", "datetime", "hashlib", "json", "math", "pathlib", "posixpath", "re", "stat",
    "typing", "unicodedata", "xml.etree.ElementTree", "zipfile", "csv", "statistics",
    "openpyxl", "docx", "pptx", "requests", "lxml", "lxml.etree",
})  # fmt: skip
#: Views (read-only snapshots) a warm run can bind; ``_supervisor.WARM_SLOTS`` has as many.
VIEW_SLOTS = 4
#: Each kind of warm runner has slots of its own (two can be alive in one environment):
#: ``reward`` runs as the reward's uid over a read-only home, ``script`` as the environment's
#: own uid over the writable home (``initial_setup.py``, ``golden_patch.py``, a role's turn).
WARM_DIRS = {"reward": "wr", "script": "ws"}
WARM_DIR = WARM_DIRS["reward"]
#: Run variables the jail itself starts with, because they shape the runner's imports (its
#: ``sys.path``): a run that asks for another value gets another jail (the key differs).
JAIL_ENV = ("PYTHONPATH",)


def preload_for(source: str) -> list[str]:
    """The preloadable modules ``source`` imports (at any depth of its code), in the order a
    fresh interpreter would meet them; none if it does not parse (its run reports that)."""
    return list(_preload_for(source))


@functools.lru_cache(maxsize=64)
def _preload_for(source: str) -> tuple[str, ...]:
    # Cached: a tuple's reward runs ~14 times, and parsing a 50 KB reward costs ~0.03 s.
    try:
        tree = parse_python(source)  # serialised: CPython 3.11's parse is not thread-safe
    except (SyntaxError, ValueError):
        return ()
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    wanted = []
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in PRELOADABLE and prefix not in wanted:
                wanted.append(prefix)
    return tuple(wanted)


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
    preload: Sequence[str] = (),
    kind: str = "reward",
    readonly_home: bool = True,
) -> dict[str, Any]:
    """The ``warm`` part of a run request: the jail's bwrap arguments (its identity: a run
    asking for other ones gets a new jail), the run's mounts (slot, inner path, host source),
    and what the child runs (argv, environment, cwd). ``preload``: what the runner imports
    before the first run (:func:`preload_for`; the same reward keeps its jail). ``kind``: whose
    runner (``WARM_DIRS``); ``readonly_home``: bind the home as the cold run would."""
    root = state_root.rstrip("/")
    slots = f"{root}/{WARM_DIRS[kind]}"
    command = [python, INNER_WARM, str(limits.processes), ",".join(preload)]
    if hub is not None:
        _host, port, _prefix = hub.target()
        command += [str(port), _jail.INNER_HUB_SOCK, _jail.INNER_BOOT]
    view_slots = [(f"{slots}/v{i}", inner, True) for i, (_src, inner, _ro) in enumerate(view_binds)]
    args = _jail.bwrap_args(
        state_root=root,
        run_dir=WARM_DIRS[kind],
        image_venv=image_venv,
        inner_uid=inner_uid,
        inner_gid=inner_gid,
        env=_jail.inner_env(
            {k: run_env[k] for k in JAIL_ENV if k in run_env}, hub, sid, image_venv is not None
        ),
        command=command,
        limits=limits,
        hub=hub,
        readonly_home=readonly_home,
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
        "kind": kind,
        "readonly_home": readonly_home,
        "bwrap_args": args,
        "mounts": mounts,
        "argv": list(argv),
        "env": dict(run_env),
        "cwd": _jail.INNER_HOME,
    }
