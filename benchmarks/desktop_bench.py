"""Benchmark of GUI environments (``cuagym.envs._desktop``): Xvfb + real LibreOffice Calc.

Measures, with medians of one run:

* cold start: a new desktop (Xvfb, window manager) to a rendered Calc window on a file;
* screenshot: raw capture and PNG of the Calc screen;
* action -> screenshot: one ``act`` (a cursor key) followed by a PNG screenshot, and the time
  until the effect is on screen (polling raw frames);
* capacity: N environments (Xvfb + WM + Calc on a file) started one after the other and held
  at once; every one must still answer an action with a changed screen. Memory per
  environment is the sum over its process trees of PSS (shared pages split fairly) and RSS.

    .venv/bin/python benchmarks/desktop_bench.py              # table
    .venv/bin/python benchmarks/desktop_bench.py --json       # one JSON document on stdout
    .venv/bin/python benchmarks/desktop_bench.py --envs 24 --cold 5

Needs root (the apps run as uid 1000) and the Debian packages of the desktop layer.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cuagym.envs._desktop import Desktop

APP_UID = 1000


def make_home(top: Path, index: int) -> Path:
    import openpyxl

    home = top / f"home-{index}"
    home.mkdir()
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for row in range(1, 41):
        for col in range(1, 9):
            ws.cell(row, col, row * col if col > 1 else f"row {row}")
    wb.save(home / "data.xlsx")
    shutil.chown(home, APP_UID, APP_UID)
    shutil.chown(home / "data.xlsx", APP_UID, APP_UID)
    return home


def ms(values: list[float]) -> float:
    return round(statistics.median(values) * 1000, 1)


def _sessions_memory(sids: set[int]) -> tuple[int, int, int]:
    """(processes, PSS KiB, RSS KiB) of every process in the given sessions."""
    count = pss = rss = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_bytes()
            sid = int(stat[stat.rfind(b")") + 2 :].split()[3])
            if sid not in sids:
                continue
            rollup = Path(f"/proc/{name}/smaps_rollup").read_text()
        except (OSError, ValueError, IndexError):
            continue
        count += 1
        for line in rollup.splitlines():
            if line.startswith("Pss:"):
                pss += int(line.split()[1])
            elif line.startswith("Rss:"):
                rss += int(line.split()[1])
    return count, pss, rss


async def cold_start(top: Path, runs: int) -> dict[str, Any]:
    display_s, total_s = [], []
    for i in range(runs):
        home = make_home(top, 1000 + i)
        t0 = time.perf_counter()
        desktop = Desktop(home=home, uid=APP_UID)
        await desktop.start()
        t1 = time.perf_counter()
        await desktop.open("calc", "data.xlsx")
        t2 = time.perf_counter()
        await desktop.close()
        display_s.append(t1 - t0)
        total_s.append(t2 - t0)
    return {
        "runs": runs,
        "display_ms": ms(display_s),
        "to_rendered_calc_ms": ms(total_s),
        "all_ms": [round(v * 1000) for v in total_s],
    }


async def latency(top: Path, samples: int) -> dict[str, Any]:
    home = make_home(top, 2000)
    async with Desktop(home=home, uid=APP_UID) as desktop:
        await desktop.open("calc", "data.xlsx")
        raw, png, act_png, visible = [], [], [], []
        size = 0
        for _ in range(samples):
            t = time.perf_counter()
            desktop.frame()
            raw.append(time.perf_counter() - t)
        for _ in range(samples):
            t = time.perf_counter()
            size = len(await desktop.screenshot())
            png.append(time.perf_counter() - t)
        for i in range(samples):
            before = desktop.frame().bgra
            t = time.perf_counter()
            await desktop.act({"action": "key", "keys": ["down" if i % 2 == 0 else "up"]})
            await desktop.screenshot()
            act_png.append(time.perf_counter() - t)
            # When does the move show? (it may already have, during the screenshot)
            t = time.perf_counter()
            await desktop.act({"action": "key", "keys": ["right" if i % 2 == 0 else "left"]})
            while desktop.frame().bgra == before:
                await asyncio.sleep(0.002)
            visible.append(time.perf_counter() - t)
            await asyncio.sleep(0.05)
    return {
        "samples": samples,
        "raw_grab_ms": ms(raw),
        "screenshot_png_ms": ms(png),
        "png_bytes": size,
        "action_then_screenshot_ms": ms(act_png),
        "action_to_visible_change_ms": ms(visible),
    }


async def capacity(top: Path, envs: int) -> dict[str, Any]:
    desktops: list[Desktop] = []
    starts: list[float] = []
    failures: list[str] = []
    try:
        for i in range(envs):
            home = make_home(top, i)
            desktop = Desktop(home=home, uid=APP_UID)
            t = time.perf_counter()
            try:
                await desktop.start()
                await desktop.open("calc", "data.xlsx")
            except Exception as exc:
                failures.append(f"env {i}: {type(exc).__name__}: {exc}"[:300])
                await desktop.close()
                break
            starts.append(time.perf_counter() - t)
            desktops.append(desktop)
        await asyncio.sleep(2.0)  # let the last ones settle before measuring memory
        per_env = [_sessions_memory(set(d.sessions())) for d in desktops]
        responsive = 0
        for desktop in desktops:
            before = desktop.frame().bgra
            await desktop.act({"action": "key", "keys": ["down"]})
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and desktop.frame().bgra == before:
                await asyncio.sleep(0.02)
            responsive += desktop.frame().bgra != before
        avail_kib = _mem_available_kib()
    finally:
        await asyncio.gather(*(d.close() for d in desktops), return_exceptions=True)
    pss = [p for _, p, _ in per_env]
    rss = [r for _, _, r in per_env]
    return {
        "requested": envs,
        "started": len(desktops),
        "responsive": responsive,
        "failures": failures,
        "start_ms_median": ms(starts) if starts else None,
        "start_ms_last": round(starts[-1] * 1000) if starts else None,
        "processes_per_env": statistics.median([c for c, _, _ in per_env]) if per_env else 0,
        "pss_mib_per_env": round(statistics.median(pss) / 1024, 1) if pss else None,
        "rss_mib_per_env": round(statistics.median(rss) / 1024, 1) if rss else None,
        "pss_mib_total": round(sum(pss) / 1024, 1),
        "mem_available_mib_while_held": round(avail_kib / 1024),
    }


def _mem_available_kib() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1])
    return 0


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    top = Path(tempfile.mkdtemp(prefix="cuagym-desktop-bench-"))
    os.chmod(top, 0o755)
    try:
        # Warm the LibreOffice profile template and the page cache: "cold" means a new
        # environment, not a machine that never ran LibreOffice.
        warm = make_home(top, 9999)
        async with Desktop(home=warm, uid=APP_UID) as desktop:
            await desktop.open("calc", "data.xlsx")
        result: dict[str, Any] = {
            "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "machine": {
                "cpus": os.cpu_count(),
                "mem_gib": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30),
                "python": platform.python_version(),
                "loadavg_before": [round(x, 2) for x in os.getloadavg()],
            },
            "screen": "1280x800x24, matchbox, LibreOffice gtk3",
        }
        result["cold_start"] = await cold_start(top, args.cold)
        result["latency"] = await latency(top, args.samples)
        if args.envs:
            result["capacity"] = await capacity(top, args.envs)
        result["machine"]["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
        return result
    finally:
        shutil.rmtree(top, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--cold", type=int, default=5, help="cold starts to time")
    parser.add_argument("--samples", type=int, default=30, help="latency samples")
    parser.add_argument("--envs", type=int, default=16, help="environments held at once (0: skip)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("run as root: the apps run as uid 1000")
    result = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(result))
        return
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
