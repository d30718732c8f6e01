"""A teacher-stage run in its own process, for the kill -9 test: ``python -m
tests.filter.teacher_child CORPUS OUT`` with the rollout layer's test double (slow episodes)
and no judge. Prints one line per decided tuple."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from cuagym.filter import TeacherOptions, collect_inputs, run_teacher
from tests.filter.teacher_helpers import ScriptedRollouts
from tests.filter.test_teacher_stage import plan


async def main(corpus: Path, out: Path) -> None:
    options = TeacherOptions(
        out=out, n=4, workers=2, on_done=lambda o: print(o.task_id, o.status, flush=True)
    )
    await run_teacher(collect_inputs([corpus]), ScriptedRollouts(plan, delay_s=0.3), options)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2])))
