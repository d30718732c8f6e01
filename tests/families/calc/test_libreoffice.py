"""Rewards read what LibreOffice writes: the initial and the golden workbook of every family,
re-saved by LibreOffice Calc (cached formula values, Calc's own styles, escaped number
formats, its chart XML), still score 0 and 1, every guard holding on both.

Headless conversion has no window, so it drops view settings (frozen panes): that family's
LibreOffice save is proven by its GUI oracle instead (``test_oracles``).
"""

from __future__ import annotations

import asyncio
import base64
import shutil
from pathlib import Path

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import TaskFamily, load_domain
from cuagym.envs import LocalEnvironment
from tests.families.desktop_harness import is_desk_web, score_end_states

domain = load_domain("calc")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice (soffice)"),
]

# A desktop x web family needs a hub session besides the workbook: its LibreOffice save is
# proven by its GUI oracle (tests/families/desk_web), like frozen panes'.
FAMILIES = [f for f in domain.families if f.id != "freeze-panes" and not is_desk_web(f)]
SEED = 0


async def _run(env: LocalEnvironment, code: str, role: str) -> str:
    result = await env.run_script(code, role=role, timeout=120)
    assert result.exit_code == 0, f"{role}: {result.stdout}\n{result.stderr[-3000:]}"
    return result.stdout


def path_of(family: TaskFamily) -> str:
    return str((family.sample(SEED).params or {})["path"])


async def workbooks(family: TaskFamily) -> tuple[bytes, bytes]:
    """The task's workbook as setup wrote it and as the golden patch left it."""
    scripts = family.generate(family.sample(SEED))
    path = path_of(family)
    dump = f"import base64\nprint(base64.b64encode(open({path!r}, 'rb').read()).decode())"
    async with LocalEnvironment() as env:
        await _run(env, scripts.initial_setup, "initial_setup")
        init = base64.b64decode(await _run(env, dump, "initial_setup"))
        await _run(env, scripts.golden_patch, "golden_patch")
        gold = base64.b64decode(await _run(env, dump, "initial_setup"))
    return init, gold


def put(path: str, data: bytes) -> str:
    blob = base64.b64encode(data).decode()
    return f"import base64\nopen({path!r}, 'wb').write(base64.b64decode({blob!r}))\n"


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[RewardOutput]]:
    """family id -> [reward on LibreOffice's save of the initial, of the golden workbook]."""
    tmp: Path = tmp_path_factory.mktemp("lo")
    return asyncio.run(round_trips(tmp))


async def round_trips(tmp: Path) -> dict[str, list[RewardOutput]]:
    gate = asyncio.Semaphore(3)

    async def dump(family: TaskFamily) -> None:
        async with gate:
            init, gold = await workbooks(family)
        (tmp / f"{family.id}-init.xlsx").write_bytes(init)
        (tmp / f"{family.id}-gold.xlsx").write_bytes(gold)

    async def score(family: TaskFamily) -> list[RewardOutput]:
        saved = [(tmp / "lo" / f"{family.id}-{k}.xlsx").read_bytes() for k in ("init", "gold")]
        async with gate:
            return await score_end_states(
                family, SEED, [(put(path_of(family), data),) for data in saved]
            )

    await asyncio.gather(*(dump(f) for f in FAMILIES))
    sources = sorted(str(p) for p in tmp.glob("*.xlsx"))
    convert = await asyncio.create_subprocess_exec(
        "soffice", f"-env:UserInstallation={(tmp / 'profile').as_uri()}", "--headless",
        "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(tmp / "lo"), *sources,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(convert.communicate(), timeout=600)
    assert convert.returncode == 0, err.decode(errors="replace")[-2000:]
    done = await asyncio.gather(*(score(f) for f in FAMILIES))
    return dict(zip([f.id for f in FAMILIES], done, strict=True))


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_libreoffice_saves_score_zero_and_one(
    family: TaskFamily, scored: dict[str, list[RewardOutput]]
) -> None:
    init, gold = scored[family.id]
    assert init.reward == 0.0, init
    assert all(c.passed for c in init.checks if c.points == 0), init
    assert gold.reward == 1.0, gold
