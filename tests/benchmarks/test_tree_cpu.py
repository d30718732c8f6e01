"""benchmarks/_tree_cpu.py: the executor comparison's CPU per process group, counted for a
process that is born and dies inside the measured span."""

from __future__ import annotations

import os
import subprocess
import time

from benchmarks._tree_cpu import TreeCpu, group_of


def test_a_child_born_and_gone_inside_the_span_is_counted_in_its_group() -> None:
    with TreeCpu(interval=0.05) as cpu:
        busy = subprocess.Popen(["/bin/sh", "-c", "while :; do :; done"])
        time.sleep(0.8)
        busy.kill()
        _, _, usage = os.wait4(busy.pid, 0)
        busy.returncode = -9  # reaped above: Popen must not wait for it again
    groups = cpu.by_group()
    # What the shell really used (little on a loaded machine): the sampler sees all of it but
    # the CPU of its last interval (50 ms) and rounding to 10 ms.
    used = usage.ru_utime + usage.ru_stime
    assert used > 0.0
    assert used - 0.05 - 0.02 <= groups.get("other", 0.0) <= used + 0.02, (groups, used)
    assert cpu.wall >= 0.8


def test_groups_of_ray_and_the_apps() -> None:
    assert group_of(1, "raylet", driver=7) == "ray:raylet"
    assert group_of(1, "ray::_ActorHost", driver=7) == "ray:worker"
    assert group_of(1, "ray::DashboardA", driver=7) == "ray:dashboard_agent"
    assert group_of(1, "soffice.bin", driver=7) == "env:office"
    assert group_of(7, "python", driver=7) == "driver"
