"""cuagym taskgen → cuagym synth --tasks: the generated tasks run through the real loop and
their sampling cell lands in meta.json."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.domains import load_domains
from cuagym.synth import load_tasks_file, make_backend
from cuagym.taskgen import TaskgenOptions, run_taskgen, write_task_file
from cuagym.taskgen._dedup_models import DedupConfig
from tests.synth.synth_helpers import requires_jail, run


@requires_jail
@pytest.mark.slow
async def test_generated_tasks_synthesize_with_their_cell_in_meta(tmp_path: Path) -> None:
    options = TaskgenOptions(domains=["team-chat"], n=2, seed=3, constraints=None,
                             dedup=DedupConfig(cosine=None))  # fmt: skip
    result = await run_taskgen(options)
    assert len(result.tasks) == 2
    path = tmp_path / "tasks.json"
    await asyncio.to_thread(write_task_file, path, result.tasks)
    specs = load_tasks_file(path, load_domains(), need_family=True)
    summary, outcomes = await run(specs, make_backend("procedural"), tmp_path / "out", workers=2)
    assert summary.accepted == 2, [o.detail for o in outcomes]
    made_by_id = {t.task.task_id: t for t in result.tasks}
    for outcome in outcomes:
        made = made_by_id[outcome.task_id]
        assert outcome.bundle is not None
        bundle = Bundle.load(outcome.bundle)
        meta = bundle.meta.model_dump()
        cell = made.cell.model_dump()
        for key in ("platform", "category", "difficulty", "scenario", "task_type",
                    "taxonomy_path", "source_pass"):  # fmt: skip
            assert meta[key] == cell[key], key
        assert "cell" not in (bundle.task.model_extra or {})


def test_the_task_file_is_written_with_the_users_umask(tmp_path: Path) -> None:
    import os

    old = os.umask(0o022)
    try:
        write_task_file(tmp_path / "tasks.json", [])
    finally:
        os.umask(old)
    assert (tmp_path / "tasks.json").stat().st_mode & 0o777 == 0o644, "not 0600 (mkstemp)"
    assert [p.name for p in tmp_path.iterdir()] == ["tasks.json"]
