"""Synthetic corpora and rollout runs of realistic size for ``stats_bench.py``.

Not training data and not rollouts: seeded random stand-ins with the shape and size of real
ones, for measuring how fast ``cuagym stats`` reads and counts.

* **Tuples**: ``task_config.json`` and ``meta.json`` are written fresh per tuple (valid for the
  core models, ~0.9 KB and ~0.5 KB like the demo corpus); domains, difficulties, task types
  and instruction lengths follow the paper's distributions, instructions start with the
  paper's verbs behind its kinds of lead-ins. The five other bundle files (``initial_setup.py``,
  ``golden_patch.py``, ``reward.py``, ``REVIEW.md``, ``config.json``: ~65 KB) are hard links to
  a checked-in bundle's files: real sizes in the folder, which stats never opens.
* **Episodes**: ``episode.json`` and ``turns.jsonl`` exactly as DESIGN.md §6 (validated by
  ``cuagym.core.Episode.load``), 3-40 turns each (mean about 15), responses of 150-700
  characters with the tool-call blocks, calls per step and actions drawn from the paper's
  appendix D.1 figures, and for the RL half per-token ``logprobs`` and a ``policy_version``.
  Screenshots are hard links to one 1280x800 PNG (stats checks they exist, reads none).
"""

from __future__ import annotations

import json
import os
import random
import shutil
from datetime import UTC, datetime
from pathlib import Path

from PIL import Image

TEMPLATE = Path(__file__).resolve().parent.parent / "tests" / "synth" / "bundles" / "final"
TEMPLATE_BUNDLE = TEMPLATE / "calc-total-row"
LINKED = ("initial_setup.py", "golden_patch.py", "reward.py", "REVIEW.md", "config.json")

DOMAINS = {  # domain -> (apps it uses alone, platform)
    "calc": (["calc"], "desktop"),
    "writer": (["writer"], "desktop"),
    "impress": (["impress"], "desktop"),
    "files": (["files"], "desktop"),
    "team-chat": (["team-chat"], "web"),
    "mail": (["mail"], "web"),
    "issue-tracker": (["issue-tracker"], "web"),
    "crm": (["crm"], "web"),
}
CROSS_APPS = ["calc", "writer", "impress", "files", "team-chat", "mail", "crm"]
DIFFICULTY = {"easy": 5_684, "medium": 12_103, "hard": 14_325}
WORD_BINS = {(5, 29): 10_988, (30, 59): 11_010, (60, 99): 6_073, (100, 149): 2_775,
             (150, 249): 1_042, (250, 390): 234}  # fmt: skip
VERBS = {"open": 4_585, "create": 2_728, "set": 1_448, "add": 1_028, "use": 906, "extract": 891,
         "configure": 728, "apply": 605, "insert": 562, "build": 440, "read": 427, "change": 361,
         "write": 290, "convert": 265, "remove": 227, "export": 183, "check": 170, "find": 139,
         "merge": 45, "reconcile": 30}  # fmt: skip
LEAD_INS = ["", "", "", "Please ", "I want to ", "Can you ", "Could you please ", "Then "]
FILLER_TEXT = (
    "the quarterly report in Documents with the totals per region and keep every other sheet "
    "exactly as it is so the finance team can review it before the deadline"
)
FILLER = FILLER_TEXT.split()
CALLS = {1: 0.696, 2: 0.267, 3: 0.024, 4: 0.008, 5: 0.003, 6: 0.002}
ACTIONS = {"left_click": 11_187, "key": 7_356, "type": 5_199, "screenshot": 2_319,
           "mouse_move": 1_279, "scroll": 1_112, "triple_click": 666, "wait": 615,
           "double_click": 346, "key_down": 153, "key_up": 153, "right_click": 147,
           "left_click_drag": 104}  # fmt: skip


class _Linker:
    """Hard links to one source file, starting a fresh copy every 50,000 links (ext4 allows
    65,000 links per inode)."""

    _PER_COPY = 50_000

    def __init__(self, source: Path, scratch: Path) -> None:
        self.source, self.scratch, self.count, self.copy = source, scratch, 0, source

    def link(self, target: Path) -> None:
        if self.count % self._PER_COPY == 0:
            self.scratch.mkdir(parents=True, exist_ok=True)
            self.copy = self.scratch / f"{self.count // self._PER_COPY}-{self.source.name}"
            if not self.copy.exists():
                shutil.copyfile(self.source, self.copy)
        os.link(self.copy, target)
        self.count += 1


def _weighted(rng: random.Random, table: dict[str, int]) -> str:
    return rng.choices(list(table), weights=list(table.values()))[0]


def _instruction(rng: random.Random) -> str:
    (low, high) = rng.choices(list(WORD_BINS), weights=list(WORD_BINS.values()))[0]
    words = rng.randint(low, high)
    head = f"{rng.choice(LEAD_INS)}{_weighted(rng, VERBS)}".split()
    start = rng.randrange(len(FILLER))
    body = [FILLER[(start + i) % len(FILLER)] for i in range(max(0, words - len(head)))]
    text = " ".join(head + body)
    return text[0].upper() + text[1:] + "."


def write_corpus(root: Path, n: int, seed: int = 0) -> Path:
    """``n`` bundle folders under ``root/final``; returns that folder."""
    rng = random.Random(seed)
    final = root / "final"
    final.mkdir(parents=True, exist_ok=True)
    domains = list(DOMAINS)
    linkers = {name: _Linker(TEMPLATE_BUNDLE / name, root / "sources") for name in LINKED}
    for i in range(n):
        task_id = f"bench-{i:06d}"
        folder = final / task_id
        folder.mkdir()
        domain = domains[i % len(domains)]
        difficulty = _weighted(rng, DIFFICULTY)
        cross = rng.random() < 0.383
        apps, platform = DOMAINS[domain]
        if cross:
            others = [a for a in CROSS_APPS if a not in apps]
            apps = apps + rng.sample(others, rng.choice([1, 1, 1, 2, 3]))
            web = {DOMAINS[a][1] for a in apps if a in DOMAINS}
            platform = "cross" if len(web) > 1 else platform
        task = {
            "task_id": task_id,
            "instruction": _instruction(rng),
            "context": "/home/user/Documents/report.xlsx is open in LibreOffice Calc. " * 4,
            "domain": domain,
            "apps": apps,
            "difficulty": difficulty,
            "params": {"path": "/home/user/Documents/report.xlsx", "rows": rng.randint(5, 90)},
            "family": "bench",
        }
        meta = {
            "platform": platform,
            "domain": domain,
            "difficulty": difficulty,
            "scenario": rng.choice(["commercial", "educational", "scientific", "personal"]),
            "task_type": "cross" if cross else "single",
            "taxonomy_path": ["data", "formulas", "totals"],
            "source_pass": rng.choice(["breadth", "gap_fill", "edge_cases"]),
            "backend": "llm",
            "model": "bench-model",
            "rounds": rng.randint(1, 5),
            "tokens_in": rng.randint(5_000, 20_000),
            "tokens_out": rng.randint(2_000, 8_000),
            "cost_usd": 0.11,
            "timings_s": {"generator": 120.5, "discriminator": 98.1, "total": 2700.0},
        }
        (folder / "task_config.json").write_text(json.dumps(task, indent=2) + "\n")
        (folder / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")
        for name in LINKED:
            linkers[name].link(folder / name)
    return final


def _turn(rng: random.Random, t: int, version: int | None) -> dict[str, object]:
    n = rng.choices(list(CALLS), weights=list(CALLS.values()))[0]
    calls = [{"action": _weighted(rng, ACTIONS), "coordinate": [rng.randint(0, 1279),
              rng.randint(0, 799)]} for _ in range(n)]  # fmt: skip
    blocks = "".join(
        '<tool_call>{"name": "computer_use", "arguments": ' + json.dumps(c) + "}</tool_call>"
        for c in calls
    )
    thought = "Action: " + " ".join(FILLER[: rng.randint(10, 60)]) + "\n"
    response = thought + blocks
    return {
        "t": t,
        "screenshot": f"screens/{t:04d}.png",
        "image_size": [1280, 800],
        "feedback": None,
        "response": response,
        "calls": calls,
        "error": None,
        "results": ["ok"] * n,
        "logprobs": [round(-rng.random() * 2, 4) for _ in range(len(response) // 4)]
        if version is not None
        else None,
        "policy_version": version,
        "t_model_s": round(rng.uniform(0.5, 4.0), 3),
        "t_env_s": round(rng.uniform(0.1, 1.0), 3),
    }


def write_run(root: Path, n: int, tasks: int, seed: int = 0) -> Path:
    """``n`` episodes under ``root/run/<task_id>/<k>/``; returns the run folder."""
    rng = random.Random(seed + 1)
    run = root / "run"
    run.mkdir(parents=True, exist_ok=True)
    png = root / "screen.png"
    Image.new("RGB", (1280, 800), (246, 247, 249)).save(png)
    screens = _Linker(png, root / "sources")
    started = datetime(2026, 11, 30, 12, 0, tzinfo=UTC).isoformat()
    for i in range(n):
        task_id, k = f"bench-{i // 4 % tasks:06d}", i % 4
        folder = run / task_id / str(k)
        (folder / "screens").mkdir(parents=True)
        rl = i % 2 == 0
        version = (i // 2) % 30 if rl else None
        steps = min(40, max(3, int(rng.expovariate(1 / 14)) + 3))
        turns = [_turn(rng, t, version) for t in range(steps)]
        reward = rng.choice([0.0, 0.5, 1.0, 1.0])
        record = {
            "task_id": task_id,
            "k": k,
            "bundle": f"corpus/final/{task_id}",
            "policy": "openai:bench-policy" if rl else "anthropic:bench-teacher",
            "model": "bench-model",
            "status": "success" if reward == 1.0 else "failure",
            "ended_by": "terminate",
            "terminate_status": "success",
            "steps": steps,
            "reward": reward,
            "checks": [{"name": "totals", "points": 1.0, "passed": reward == 1.0, "detail": ""}],
            "format_errors": 0,
            "action_errors": 0,
            "sampler_retries": 0,
            "wall_s": 60.0,
            "started_at": started,
            "screen_size": [1280, 800],
        }
        (folder / "episode.json").write_text(json.dumps(record, indent=2) + "\n")
        with open(folder / "turns.jsonl", "w") as fh:
            for turn in turns:
                fh.write(json.dumps(turn) + "\n")
        for t in range(steps):
            screens.link(folder / "screens" / f"{t:04d}.png")
        screens.link(folder / "screens" / "final.png")
    return run
