"""cuagym.rl's own costs: slicing + tokenisation, and the verl agent loop's overhead per turn.

    .venv/bin/python benchmarks/rl_bench.py [--turns 100] [--repeats 5] [--json]

Both use a tiny Qwen2-VL-style processor built in code (its tokenizer is smaller than a real
model's; token counts differ, the work per token does not) and UI-like 1280x800 screenshots
(text lines on a flat background), sent at the default ``ImageSpec`` (smart resize, factor 28:
1288x812, 1,066 image tokens each).

* ``slice``: ``slice_episode`` of a ``--turns``-turn episode with one screenshot per turn, with a
  processor: every slice's token ids, masks, logprobs and image token counts. ``cold`` uses a new
  encoder (nothing cached), ``warm`` one that already sliced an episode (the system prompt and
  the image token counts cached, as in training). The screenshots are not decoded for this:
  ``images`` is the separate cost of materialising every slice's resized screenshots (what an
  engine or SFT export needs), reported for completeness. Goal: slice + tokenise < 2 s.
* ``loop``: the verl agent loop's own work per turn, without generation and without an
  environment: the policy's context (``build_messages``), its token ids, the screenshots for
  the engine (resized once, decoded once, reused while they stay in view) and the decoded
  answer — against a scripted token server (a test double that answers instantly) — plus, per
  turn, the episode's slicing into verl's ``AgentLoopOutput``s at its end. Goal: < 20 ms.

Medians of ``--repeats`` runs on one core (``taskset`` is applied when available). The machine
load is printed with the figures: timings from a loaded machine are not comparable.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cuagym.agent.context import SYSTEM_PROMPT, prepare_image
from cuagym.core import Episode, EpisodeRecord, ImageSpec, TurnRecord
from cuagym.core.episode import screen_name
from cuagym.core.policy import TurnInput
from cuagym.rl import slice_episode
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._tiny import tiny_processor
from cuagym.rl._verl_outputs import IncrementalSlicer
from cuagym.rl._verl_policy import VerlPolicy
from cuagym.rl.scripted import ScriptedTokenServer

SCREEN = (1280, 800)
INSTRUCTION = "Fill in the quarterly totals in budget.xlsx, then save it."


def _screenshot(t: int) -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", SCREEN, (246, 246, 246))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, SCREEN[0], 28), fill=(60, 64, 72))
    for row, y in enumerate(range(40, SCREEN[1], 22)):
        draw.text(
            (12, y),
            f"A{row + t}  {row * 37.5 + t:10.2f}  Quarterly revenue forecast",
            fill=(20, 20, 20),
        )
        draw.line((0, y + 20, SCREEN[0], y + 20), fill=(210, 210, 210))
    draw.rectangle((300 + 7 * t % 600, 200, 420 + 7 * t % 600, 224), outline=(30, 90, 200), width=2)
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def _answer(t: int) -> str:
    return (
        f"Action: type the total into cell B{t + 2}.\n<tool_call>\n"
        '{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": '
        f"[{300 + t}, {212 + t % 40}]}}}}\n</tool_call>\n<tool_call>\n"
        '{"name": "computer_use", "arguments": {"action": "type", "text": "'
        f'{1234.5 + t}\\n"}}}}\n</tool_call>'
    )


def _episode(root: Path, turns: int, screens: list[bytes]) -> Episode:
    sent = ImageSpec().size(*SCREEN)
    record = EpisodeRecord(
        task_id="calc-bench-001", k=0, bundle=str(root / "bundle"), policy="openai:bench",
        status="success", ended_by="terminate", steps=turns, reward=1.0,
        started_at=datetime(2026, 1, 1, tzinfo=UTC), screen_size=SCREEN, instruction=INSTRUCTION,
    )  # fmt: skip
    records = [
        TurnRecord(
            t=t,
            screenshot=screen_name(t),
            image_size=sent,
            response=_answer(t),
            logprobs=[-0.1] * 60,
        )
        for t in range(turns)
    ]
    files = {screen_name(t): screens[t] for t in range(turns)}
    return Episode.load(Episode.write(root, root / "calc-bench-001" / "0", record, records, files))


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 4)


def bench_slice(processor: Any, episode: Episode, repeats: int) -> dict[str, Any]:
    cold, warm, images = [], [], []
    warm_encoder = ChatEncoder(processor)
    slice_episode(episode, tokenizer=warm_encoder)
    for _ in range(repeats):
        encoder = ChatEncoder(processor)
        t0 = time.perf_counter()
        slices = slice_episode(episode, tokenizer=encoder)
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        slices = slice_episode(episode, tokenizer=warm_encoder)
        warm.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        n_images = sum(len(s.images) for s in slices)
        images.append(time.perf_counter() - t0)
    tokens = [s.tokens.total_tokens for s in slices if s.tokens is not None]
    return {
        "turns": len(episode.turns),
        "slices": len(slices),
        "tokens_max_slice": max(tokens),
        "images": n_images,
        "cold_s": _median(cold),
        "warm_s": _median(warm),
        "materialise_images_s": _median(images),
        "goal_s": 2.0,
    }


async def _loop_once(processor: Any, screens: list[bytes], turns: int) -> float:
    """One episode through the policy with the incremental slicer: seconds per turn."""
    encoder = ChatEncoder(processor)
    slicer = IncrementalSlicer(
        task_id="calc-bench-001", k=0, instruction=INSTRUCTION, system=SYSTEM_PROMPT,
        spec=ImageSpec(), encoder=encoder, interval=10, max_prompt=8192, max_context=144_000,
        with_logprobs=True,
    )  # fmt: skip
    server = ScriptedTokenServer(processor.tokenizer, _answer)
    policy = VerlPolicy(server, encoder, {"temperature": 1.0, "top_p": 1.0, "logprobs": True})
    policy.sink = slicer
    await policy.begin(None, None)
    history: list[TurnInput] = []
    record = EpisodeRecord(
        task_id="calc-bench-001", k=0, bundle="/bench", policy=policy.name, status="success",
        ended_by="terminate", steps=turns, reward=1.0,
        started_at=datetime(2026, 1, 1, tzinfo=UTC), screen_size=SCREEN,
    )  # fmt: skip
    t0 = time.perf_counter()
    for t in range(turns):
        turn = await policy.generate(INSTRUCTION, [*history, TurnInput(screens[t], None, None)])
        history.append(TurnInput(screens[t], None, turn.text))
    slicer.finish(record)
    return (time.perf_counter() - t0) / turns


def bench_loop(processor: Any, screens: list[bytes], turns: int, repeats: int) -> dict[str, Any]:
    per_turn = [asyncio.run(_loop_once(processor, screens, turns)) for _ in range(repeats)]
    # The screenshot resize every policy pays (cuagym.agent.prepare_image, the foundation's),
    # measured alone: the part of the loop's time that is not the verl integration's own.
    resize = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for png in screens:
            prepare_image(png, ImageSpec())
        resize.append((time.perf_counter() - t0) / len(screens))
    total = statistics.median(per_turn) * 1000
    image = statistics.median(resize) * 1000
    return {
        "turns": turns,
        "per_turn_ms": round(total, 2),
        "of_which_resize_ms": round(image, 2),
        "own_per_turn_ms": round(total - image, 2),
        "goal_ms": 20.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    processor = tiny_processor()
    screens = [_screenshot(t) for t in range(args.turns)]
    root = Path(tempfile.mkdtemp(prefix="rl-bench-"))
    try:
        episode = _episode(root, args.turns, screens)
        result = {
            "slice": bench_slice(processor, episode, args.repeats),
            "loop": bench_loop(processor, screens, args.turns, args.repeats),
            "load_avg": [round(x, 2) for x in os.getloadavg()],
            "cores": 1,
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
        return
    s, lp = result["slice"], result["loop"]
    print(
        f"slice {s['turns']} turns -> {s['slices']} slices: cold {s['cold_s']} s, warm "
        f"{s['warm_s']} s (goal < {s['goal_s']} s); materialising {s['images']} screenshots "
        f"{s['materialise_images_s']} s"
    )
    print(
        f"agent loop per turn: {lp['per_turn_ms']} ms, of which the screenshot resize "
        f"{lp['of_which_resize_ms']} ms, own {lp['own_per_turn_ms']} ms (goal < "
        f"{lp['goal_ms']} ms); load {result['load_avg']}"
    )


if __name__ == "__main__":
    main()
