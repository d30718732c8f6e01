"""Re-score families' states after LibreOffice has re-saved every office file in them.

An agent's end state is a file *LibreOffice* saved, not one python-docx or python-pptx wrote:
style names, run properties, placeholder types, numbering and page sizes all come back in
Writer's or Impress's own way. For each family this runs setup (and, for gold, the golden patch)
in a sandbox, copies /home/user out, has ``soffice --headless --convert-to`` open and save every
.docx/.pptx/.xlsx in the same format (one soffice run per file type for all states together:
its start-up dominates), and runs the reward on the result in a fresh sandbox whose home starts
as setup left it, snapshot ``initial`` taken (rewards compare with the home python-docx and
python-pptx wrote), then has the re-saved files written over it. The gold state must still
score 1.0 and the initial state 0.0.
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import parse_reward_output
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.domains import TaskFamily
from cuagym.envs import LocalEnvironment
from tests.families.writer.office_checks import gather_limited

SOFFICE = shutil.which("soffice")
_FILTERS = {
    "docx": "docx:MS Word 2007 XML",
    "pptx": "pptx:Impress MS PowerPoint 2007 XML",
    "xlsx": "xlsx:Calc MS Excel 2007 XML",
}


@dataclass
class Roundtrip:
    family: str
    r_init: float | None
    r_gold: float | None
    init_output: str
    gold_output: str


def resave(homes: list[Path], profile: Path) -> None:
    """Open and save every office file under ``homes`` with LibreOffice, in place."""
    assert SOFFICE is not None
    for ext, filter_name in _FILTERS.items():
        files = [f for home in homes for f in sorted(home.rglob(f"*.{ext}"))]
        if not files:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            stage, out = Path(tmp, "in"), Path(tmp, "out")
            stage.mkdir()
            staged = [stage / f"{i:04d}_{f.name}" for i, f in enumerate(files)]
            for src, dst in zip(files, staged, strict=True):
                shutil.copyfile(src, dst)
            subprocess.run(
                [
                    SOFFICE,
                    f"-env:UserInstallation=file://{profile}",
                    "--headless",
                    "--convert-to",
                    filter_name,
                    "--outdir",
                    str(out),
                    *map(str, staged),
                ],
                check=True,
                capture_output=True,
                timeout=600,
            )
            for src, dst in zip(files, staged, strict=True):
                shutil.copyfile(out / dst.name, src)


async def _build(family: TaskFamily, seed: int, gold: bool, dest: Path) -> None:
    scripts = family.generate(family.sample(seed))
    steps = [(scripts.initial_setup, "initial_setup")]
    if gold:
        steps.append((scripts.golden_patch, "golden_patch"))
    async with LocalEnvironment() as env:
        for code, role in steps:
            result = await env.run_script(code, role=role, timeout=60)
            assert result.exit_code == 0, (family.id, role, result.stderr)
        shutil.copytree(env.home, dest, symlinks=False)
    for path in [dest, *dest.rglob("*")]:  # readable by the sandbox's uid
        path.chmod(0o755 if path.is_dir() else 0o644)


_WRITE = """
import base64
import json
import os

for path, data in json.loads(FILES).items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(base64.b64decode(data))
"""


async def _score(family: TaskFamily, seed: int, initial: Path, home: Path) -> str:
    """The reward on ``home``'s office files, in an environment that started as ``initial``."""
    # The re-saved office files, and whatever else differs from the initial home (a PDF the
    # golden patch exported, which LibreOffice does not re-save).
    changed = [
        f
        for f in sorted(home.rglob("*"))
        if f.is_file()
        and f.suffix.lstrip(".") not in _FILTERS
        and not (
            (initial / f.relative_to(home)).is_file()
            and (initial / f.relative_to(home)).read_bytes() == f.read_bytes()
        )
    ]
    office = [f for ext in _FILTERS for f in sorted(home.rglob(f"*.{ext}"))]
    files = {
        f"/home/user/{f.relative_to(home)}": base64.b64encode(f.read_bytes()).decode()
        for f in [*office, *changed]
    }
    write = f"FILES = {json.dumps(json.dumps(files))}\n" + _WRITE
    async with LocalEnvironment(base=initial) as env:
        await env.snapshot(INITIAL_SNAPSHOT)
        result = await env.run_script(write, role="golden_patch")
        assert result.exit_code == 0, (family.id, result.stderr)
        result = await env.run_script(family.write_reward(family.sample(seed)), role="reward")
        assert result.exit_code == 0, (family.id, result.stderr)
        return result.stdout


async def roundtrip(families: tuple[TaskFamily, ...], seed: int, workdir: Path) -> list[Roundtrip]:
    homes = {
        (f.id, kind): workdir / f"{f.id}-{kind}"
        for f in families
        for kind in ("initial", "init", "gold")
    }
    await gather_limited(
        _build(f, seed, kind == "gold", homes[f.id, kind])
        for f in families
        for kind in ("initial", "gold")
    )
    for f in families:  # the initial state, to be re-saved (the "initial" copy stays as written)
        shutil.copytree(homes[f.id, "initial"], homes[f.id, "init"], symlinks=False)
    resaved = [home for (_, kind), home in homes.items() if kind != "initial"]
    await asyncio.to_thread(resave, resaved, workdir / "profile")
    outputs = await gather_limited(
        _score(f, seed, homes[f.id, "initial"], homes[f.id, kind])
        for f in families
        for kind in ("init", "gold")
    )
    results = []
    for i, family in enumerate(families):
        init_out, gold_out = outputs[2 * i], outputs[2 * i + 1]
        results.append(
            Roundtrip(
                family.id,
                parse_reward_output(init_out).reward,
                parse_reward_output(gold_out).reward,
                init_out,
                gold_out,
            )
        )
    return results
