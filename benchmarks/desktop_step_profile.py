"""Phase profile of rollout_bench's desktop step: act → settle → screenshot → image + context.

Each round resets Calc on a totals-row workbook and takes 20 cursor-key steps (every screen
new), timing each phase. ``--compare`` alternates, round by round in one process, the desktop's
input and settle as they are (XTEST over its own connection, captures on DAMAGE notices) with
the previous ones (xdotool per action, polling), so both see the same load: on a shared machine
the fair comparison. Medians and 10th percentiles per phase, our process's CPU per step, and
the captures and encodings started per step.

    PYTHONPATH=src .venv/bin/python benchmarks/desktop_step_profile.py --rounds 4 --compare

Needs root, the env image, Xvfb and LibreOffice (as rollout_bench.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cuagym.agent import RolloutEnv
from cuagym.agent.context import ImageCache, build_messages, prepare_image
from cuagym.core import ImageSpec
from cuagym.core.policy import TurnInput
from cuagym.envs import png_size

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rollout_bench import _family_task, _reset  # the bench's own task and reset

PHASES = ("act", "settle", "shot", "image", "step")
KEYS = ["down"] * 10 + ["right"] * 10


class _Counted:
    """Counts the desktop's captures and encodings (wrapping its bound methods)."""

    def __init__(self, desktop: Any) -> None:
        self.frames = self.encodes = 0
        frame, encode = desktop.frame, desktop._encode

        def counted_frame() -> Any:
            self.frames += 1
            return frame()

        async def counted_encode(f: Any, ahead: bool = False) -> Any:
            self.encodes += 1
            return await encode(f, ahead)

        desktop.frame, desktop._encode = counted_frame, counted_encode


def _use(desktop: Any, variant: str, extensions: tuple[int | None, int | None]) -> None:
    """``new``: XTEST + DAMAGE as the desktop has them; ``old``: xdotool + polling (the
    connection's extensions hidden, so the desktop takes its fallbacks)."""
    x = desktop._x
    x._xtest, x._damage_opcode = extensions if variant == "new" else (None, None)


async def profile(rounds: int, compare: bool) -> dict[str, Any]:
    task = _family_task("calc", "totals-row", 0)
    variants = ["old", "new"] if compare else ["new"]
    times: dict[str, dict[str, list[float]]] = {v: {p: [] for p in PHASES} for v in variants}
    cpu: dict[str, list[float]] = {v: [] for v in variants}
    counts: dict[str, list[int]] = {v: [0, 0] for v in variants}
    async with RolloutEnv() as rollout:
        env = rollout.env
        desktop = env.desktop
        extensions = (desktop._x._xtest, desktop._x._damage_opcode)
        counted = _Counted(desktop)
        for _ in range(rounds):
            for variant in variants:
                _use(desktop, "new", extensions)
                await _reset(rollout, task, None)
                _use(desktop, variant, extensions)
                spec, cache = ImageSpec(), ImageCache()
                first = await env.screenshot()
                env.prepare_sizes([spec.size(*png_size(first))])
                history = [TurnInput(screenshot=first, response="Action: x.")] * 12
                counted.frames = counted.encodes = 0
                c0 = time.process_time()
                for key in KEYS:
                    t0 = time.perf_counter()
                    await env.act({"action": "key", "keys": [key]})
                    t1 = time.perf_counter()
                    await env.wait_settled(0.05, 2.0)
                    t2 = time.perf_counter()
                    png = await env.screenshot()
                    t3 = time.perf_counter()
                    prepare_image(png, spec, cache)
                    build_messages("the task", [*history, TurnInput(screenshot=png)], spec=spec,
                                   cache=cache)  # fmt: skip
                    t4 = time.perf_counter()
                    spans = (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0)
                    for phase, span in zip(PHASES, spans, strict=True):
                        times[variant][phase].append(span * 1000)
                cpu[variant].append((time.process_time() - c0) / len(KEYS) * 1000)
                counts[variant][0] += counted.frames
                counts[variant][1] += counted.encodes
        _use(desktop, "new", extensions)
    out: dict[str, Any] = {}
    for variant in variants:
        n = len(times[variant]["step"])
        out[variant] = {
            **{f"{p}_ms": round(statistics.median(v), 1) for p, v in times[variant].items()},
            **{f"{p}_p10_ms": round(sorted(v)[n // 10], 1) for p, v in times[variant].items()},
            "our_cpu_per_step_ms": round(statistics.median(cpu[variant]), 1),
            "captures_per_step": round(counts[variant][0] / n, 2),
            "encodings_per_step": round(counts[variant][1] / n, 2),
            "steps": n,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of 20 steps (per variant)")
    parser.add_argument("--compare", action="store_true", help="alternate with xdotool + polling")
    args = parser.parse_args()
    load = [round(x, 2) for x in os.getloadavg()]
    result = asyncio.run(profile(args.rounds, args.compare))
    result["load_avg"] = load
    result["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
