"""The files families for real: scripts run in sandboxed environments, as the consensus check does.

- every family x 2 seeds: r(init) = 0 and r(gold) = 1 (``check_desktop_sample``);
- plausible mistakes (a small script run after setup instead of the golden patch) get partial
  or no credit, never full;
- SKILL.md's three templates run as written: setup scores 0, setup + patch scores 1.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from cuagym.core import TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily
from cuagym.domains.files import domain
from cuagym.envs import LocalEnvironment
from tests.domains.desktop_harness import DesktopSample, check_desktop_sample

pytestmark = pytest.mark.slow

FAMILIES = domain.families
SEEDS = (0, 1)
PAIRS = [(f, s) for f in FAMILIES for s in SEEDS]


async def run(env: LocalEnvironment, code: str, role: str) -> str:
    result = await env.run_script(code, role=role, timeout=60)
    assert result.exit_code == 0, f"{role}: {result.stdout}\n{result.stderr[-3000:]}"
    return result.stdout


async def score_after(family: TaskFamily, seed: int, change: str) -> tuple[float | None, str]:
    """Setup, then ``change`` (a script) instead of the golden patch, then the reward."""
    task = family.sample(seed)
    async with LocalEnvironment() as env:
        await run(env, family.generate(task).initial_setup, "initial_setup")
        await run(env, change, "golden_patch")
        out = await run(env, family.write_reward(task), "reward")
    return parse_reward_output(out).reward, out


@pytest.fixture(scope="module")
def samples() -> dict[tuple[str, int], DesktopSample]:
    """Every family x seed, run concurrently (sandbox start-up dominates; the CPUs are shared)."""
    gate = asyncio.Semaphore(4)

    async def one(family: TaskFamily, seed: int) -> DesktopSample:
        async with gate:
            return await check_desktop_sample(family, seed)

    async def everything() -> list[DesktopSample]:
        return await asyncio.gather(*(one(f, s) for f, s in PAIRS))

    done = asyncio.run(everything())
    return {(f.id, s): r for (f, s), r in zip(PAIRS, done, strict=True)}


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
@pytest.mark.parametrize("seed", SEEDS)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, seed: int, samples: dict[tuple[str, int], DesktopSample]
) -> None:
    sample = samples[(family.id, seed)]
    assert sample.r_init == 0.0, sample.init_output
    assert sample.r_gold == 1.0, sample.gold_output
    init = parse_reward_output(sample.init_output)
    # the initial state is intact: every guard holds there, the checks that score do not
    assert all(c.passed for c in init.checks if c.points == 0), sample.init_output


# -- plausible mistakes ---------------------------------------------------------------------------
def script(body: str) -> Any:
    """A mistake script: ``body`` runs in /home/user with ``P`` (the task's params)."""

    def build(p: dict[str, Any]) -> str:
        return (
            "import json\nimport os\nimport shutil\nimport zipfile\n"
            f"P = json.loads({json.dumps(p)!r})\nos.chdir('/home/user')\n" + body
        )

    return build


COPY_INSTEAD_OF_MOVE = script("""
where = {e: folder for folder, exts in P["scheme"].items() for e in exts}
for name in sorted(os.listdir("Downloads")):
    dst = os.path.join("Downloads", where[name.rsplit(".", 1)[1]])
    os.makedirs(dst, exist_ok=True)
    shutil.copy2(os.path.join("Downloads", name), dst)
""")

COPY_THE_OLDEST = script("""
reports = [os.path.join("Reports", n) for n in os.listdir("Reports")]
shutil.copy2(min(reports, key=os.path.getmtime), P["share"])
""")

KEEP_THE_NEWEST = script("""
import hashlib
groups = {}
for name in os.listdir(P["folder"]):
    path = os.path.join(P["folder"], name)
    groups.setdefault(hashlib.sha256(open(path, "rb").read()).hexdigest(), []).append(path)
os.makedirs(P["target"])
for paths in groups.values():
    for path in sorted(paths, key=os.path.getmtime)[:-1]:  # keeps the newest: wrong
        shutil.move(path, P["target"])
""")

ZIP_WITHOUT_THE_FOLDER = script("""
folder = os.path.join(P["parent"], P["project"])
with zipfile.ZipFile(folder + ".zip", "w") as zf:
    for root, _, names in os.walk(folder):
        for name in names:
            zf.write(os.path.join(root, name), os.path.relpath(os.path.join(root, name), folder))
""")

DELETE_LOOK_ALIKES_TOO = script("""
for root, _, names in os.walk(P["folder"]):
    for name in names:
        if P["ext"] in name:
            os.remove(os.path.join(root, name))
""")

UPPERCASE_EXTENSION_KEPT = script("""
for name in P["originals"]:
    os.rename(os.path.join(P["folder"], name),
              os.path.join(P["folder"], P["prefix"] + "_" + name[4:8] + ".JPG"))
""")

MISTAKES: list[tuple[str, Any, tuple[float, float]]] = [
    # (family, mistake, (lowest, highest) acceptable reward)
    ("organize-by-type", COPY_INSTEAD_OF_MOVE, (0.0, 0.0)),
    ("copy-newest-report", COPY_THE_OLDEST, (0.0, 0.0)),
    ("move-duplicates", KEEP_THE_NEWEST, (0.4, 0.4)),
    ("archive-folder", ZIP_WITHOUT_THE_FOLDER, (0.2, 0.2)),
    ("delete-temp-files", DELETE_LOOK_ALIKES_TOO, (0.0, 0.0)),
    ("batch-rename", UPPERCASE_EXTENSION_KEPT, (0.0, 0.0)),
]


@pytest.fixture(scope="module")
def mistake_scores() -> dict[str, tuple[float | None, str]]:
    """Every mistake of MISTAKES scored on seed 1 of its family, concurrently."""
    gate = asyncio.Semaphore(4)

    async def one(family_id: str, mistake: Any) -> tuple[float | None, str]:
        family = domain.family(family_id)
        async with gate:
            return await score_after(family, 1, mistake(params(family.sample(1))))

    async def everything() -> list[tuple[float | None, str]]:
        return await asyncio.gather(*(one(fid, mistake) for fid, mistake, _ in MISTAKES))

    return dict(zip([m[0] for m in MISTAKES], asyncio.run(everything()), strict=True))


def params(task: TaskConfig) -> dict[str, Any]:
    return (task.model_extra or {})["params"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("family_id", "bounds"), [(m[0], m[2]) for m in MISTAKES])
def test_a_plausible_mistake_is_not_full_credit(
    family_id: str,
    bounds: tuple[float, float],
    mistake_scores: dict[str, tuple[float | None, str]],
) -> None:
    reward, out = mistake_scores[family_id]
    assert reward is not None and bounds[0] <= reward <= bounds[1] < 1.0, out


# -- SKILL.md templates ---------------------------------------------------------------------------
def templates() -> dict[str, str]:
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", domain.skill, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    assert re.findall(r"^## (\d)\. ", domain.skill, re.M) == ["1", "2", "3", "4", "5", "6"]
    assert set(templates()) == {"initial_setup.py", "golden_patch.py", "reward.py"}


async def test_skill_templates_score_zero_then_one() -> None:
    from cuagym.synth import scan_source

    code = templates()
    assert scan_source(code["reward.py"], "reward.py").ok
    async with LocalEnvironment() as env:
        await run(env, code["initial_setup.py"], "initial_setup")
        before = parse_reward_output(await run(env, code["reward.py"], "reward"))
        await run(env, code["golden_patch.py"], "golden_patch")
        after = parse_reward_output(await run(env, code["reward.py"], "reward"))
    assert before.ok and before.reward == 0.0, before
    assert after.ok and after.reward == 1.0, after
