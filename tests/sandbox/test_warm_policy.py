"""The warm runner's pure policy: which modules it preloads, what its jail is told."""

from __future__ import annotations

from pathlib import Path

from cuagym.sandbox import Limits
from cuagym.sandbox._warm import PRELOADABLE, preload_for, warm_spec


def test_preload_is_the_rewards_imports_among_the_fixed_list() -> None:
    source = (
        "import json, os\nfrom openpyxl.utils import get_column_letter\n"
        "import xml.etree.ElementTree as ET\nfrom . import sibling\n"
        "def f():\n    import docx\n    import initial.home.evil\n"
    )
    assert preload_for(source) == ["json", "openpyxl", "xml.etree.ElementTree", "docx"]
    assert set(preload_for(source)) <= PRELOADABLE
    assert preload_for("import (") == []


def test_the_warm_jail_binds_the_slots_where_a_cold_run_binds_its_folders() -> None:
    spec = warm_spec(
        state_root="/run/cuagym/x", python="/opt/cuagym/venv/bin/python3",
        image_venv=Path("/var/lib/cuagym/image/venv"), inner_uid=1000, inner_gid=1000,
        limits=Limits(), hub=None, sid=None, binds=(),
        view_binds=[("/run/cuagym/x/v/r1", "/opt/cuagym/initial/home", True)],
        argv=["/opt/task/reward.py"], run_env={"HOME": "/home/user", "X": "1"},
        preload=["json", "openpyxl"],
    )  # fmt: skip
    args = spec["bwrap_args"]
    pairs = {(args[i + 1], args[i + 2]) for i, a in enumerate(args[:-2]) if a.endswith("bind")}
    slots = "/run/cuagym/x/wr"
    assert {
        (f"{slots}/home", "/home/user"), (f"{slots}/tmp", "/tmp"), (f"{slots}/shm", "/dev/shm"),
        (f"{slots}/task", "/opt/task"), (f"{slots}/v0", "/opt/cuagym/initial/home"),
        ("/run/cuagym/x/lib/warm.py", "/opt/cuagym/warm.py"),
    } <= pairs  # fmt: skip
    assert args[args.index("--") + 1 :] == [
        "/opt/cuagym/venv/bin/python3", "/opt/cuagym/warm.py", "256", "json,openpyxl"
    ]  # fmt: skip
    assert "X" not in args  # the run's own variables reach the child, not the jail
    assert spec["mounts"][-1] == ["v0", "/opt/cuagym/initial/home", "/run/cuagym/x/v/r1"]
    assert spec["env"] == {"HOME": "/home/user", "X": "1"}
