"""Terminal families on scheduled jobs and search results, both kept as files.

- schedule-job (medium): a crontab line added to ``~/.crontab`` (there is no cron daemon: the
  file is the user crontab) for a schedule given in words; the other jobs stay;
- save-search-results (medium): the files of a project whose contents hold a marker, listed
  one per line in a file (a file with the marker only in its name is not one of them).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.terminal._base import Entry, Op, TerminalFamily, quote
from cuagym.families.terminal._checks import save_search_results, schedule_job
from cuagym.scripts import statements_of

__all__ = ["SaveSearchResults", "ScheduleJob"]

#: (the schedule in words, its crontab fields)
_SCHEDULES = (
    ("every day at 02:30", "30 2 * * *"),
    ("every Monday at 07:15", "15 7 * * 1"),
    ("every 15 minutes", "*/15 * * * *"),
    ("on the 1st of every month at 06:00", "0 6 1 * *"),
    ("every Sunday at 23:45", "45 23 * * 0"),
    ("every weekday (Monday to Friday) at 18:00", "0 18 * * 1-5"),
)
_SCRIPTS = ("backup.sh", "rotate-logs.sh", "sync-photos.sh", "report.py", "cleanup.sh")


class ScheduleJobParams(TaskParams):
    file: str
    script: str
    when: str


class ScheduleJob(TerminalFamily):
    """scheduling: one job line in the user crontab file."""

    id: ClassVar[str] = "schedule-job"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("scheduling", "crontab", "add-job")
    params_type: ClassVar[type[TaskParams] | None] = ScheduleJobParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        when, _ = rng.choice(_SCHEDULES)
        script = "bin/" + rng.choice(_SCRIPTS)
        file = ".crontab"
        full = f"/home/user/{script}"
        instruction = rng.choice(
            [
                f"Schedule {full} to run {when}: add a job for it to my crontab, ~/{file}, "
                "and keep the jobs that are already there.",
                f"Add a cron job to ~/{file} that runs {full} {when}. The existing entries "
                "stay as they are.",
                f"I want {full} to run {when}. Write the crontab line for it into ~/{file} "
                "next to the other jobs, without changing them.",
                f"Put {full} on a schedule - {when} - by adding one entry to the crontab file "
                f"~/{file}; nothing else changes.",
                f"Our backups need {full} run {when}. Add exactly one job for it to ~/{file} "
                "and leave every other line of the file untouched.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user. /home/user/{file} is the user crontab "
            "(minute hour day-of-month month day-of-week command, one job per line; there is "
            f"no cron daemon here, the file is what counts) with a few jobs. {full} exists and "
            "is executable. The home folder is /home/user (~).",
            file=file,
            script=script,
            when=when,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        others = [s for s in _SCRIPTS if f"bin/{s}" != p["script"]]
        jobs = rng.sample(others, 2)
        text = (
            "# m h dom mon dow command\n"
            'MAILTO=""\n'
            f"0 3 * * * /home/user/bin/{jobs[0]}\n"
            f"*/30 9-17 * * 1-5 /home/user/bin/{jobs[1]} >> /home/user/logs/{jobs[1]}.log 2>&1\n"
        )
        entries: list[Entry] = [{"path": p["file"], "text": text}]
        for name in [p["script"].rsplit("/", 1)[1], *jobs]:
            body = f"#!/bin/bash\n# {name}: scheduled job\necho ran {name}\n"
            entries.append({"path": f"bin/{name}", "text": body, "mode": "755"})
        return entries, ["bin"]

    def _fields(self, p: dict[str, Any]) -> str:
        return next(f for w, f in _SCHEDULES if w == p["when"])

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        line = f"{self._fields(p)} /home/user/{p['script']}\n"
        return [["write", p["file"], entries[0]["text"] + line]]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return [f"echo '{self._fields(p)} /home/user/{p['script']}' >> ~/{p['file']}"]

    def checks(self, p: dict[str, Any]) -> str:
        return self._schedules_line() + statements_of(schedule_job)

    def _schedules_line(self) -> str:
        table = {w: f for w, f in _SCHEDULES}
        return f'WANT = {table!r}[P["when"]]\n'


class SaveSearchResultsParams(TaskParams):
    folder: str
    marker: str
    output: str


_SOURCES = (
    ("src/app.py", "def main():\n    run()\n"),
    ("src/models.py", "class Order:\n    pass\n"),
    ("src/payments.py", "def charge(card):\n    return True\n"),
    ("src/utils/dates.py", "def today():\n    return None\n"),
    ("src/utils/text.py", "def slug(s):\n    return s.lower()\n"),
    ("tests/test_app.py", "def test_main():\n    assert True\n"),
    ("tests/test_payments.py", "def test_charge():\n    assert True\n"),
    ("docs/setup.md", "# Setup\nInstall the requirements.\n"),
    ("docs/api.md", "# API\nGET /orders\n"),
    ("Makefile", "test:\n\tpytest\n"),
)


class SaveSearchResults(TerminalFamily):
    """search: the files whose contents hold a marker, saved as a list."""

    id: ClassVar[str] = "save-search-results"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("search", "content", "files-containing")
    params_type: ClassVar[type[TaskParams] | None] = SaveSearchResultsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        folder = rng.choice(["project", "webshop", "invoice-tool"])
        marker = rng.choice(["TODO", "FIXME", "HACK"])
        output = f"{marker.lower()}-files.txt"
        where, out = f"~/{folder}", f"~/{output}"
        instruction = rng.choice(
            [
                f"List every file under {where} whose contents contain {marker} (in capitals) "
                f"in {out}, one path per line, relative to {where}.",
                f"Which files in {where} still have a {marker} in them? Save their paths, "
                f"relative to the project folder and one per line, to {out}.",
                f"Search {where} and its subfolders for files containing the text {marker}, "
                f"and write the list of their relative paths to {out}.",
                f"Before the release I need {out}: the paths (relative to {where}) of all files "
                f"there whose text includes {quote(marker)}, one per line.",
                f"Collect the files under {where} that mention {marker} in their contents into "
                f"a list at {out} - one relative path per line, nothing else in it.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user/{folder}, a small code project (src/, tests/, "
            f"docs/). {marker} is case-sensitive: a lowercase {marker.lower()} does not count, "
            f"nor does a file name. /home/user/{output} does not exist yet. The home folder is "
            "/home/user (~).",
            folder=folder,
            marker=marker,
            output=output,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        marker = p["marker"]
        entries: list[Entry] = []
        picks = rng.sample(range(len(_SOURCES)), len(_SOURCES))
        for n, i in enumerate(picks):
            path, text = _SOURCES[i]
            comment = "#" if not path.endswith(".md") else "<!--"
            if n < 4:  # the marker
                text = f"{comment} {marker}: {rng.choice(['tidy up', 'handle errors'])}\n" + text
            elif n < 6:  # the marker in lowercase: not a match
                text += f"{comment} {marker.lower()} list reviewed\n"
            entries.append({"path": f"{p['folder']}/{path}", "text": text})
        entries.append({"path": f"{p['folder']}/{marker}.md", "text": "# Open items\nNone.\n"})
        return entries, [p["folder"]]

    def _hits(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        prefix = p["folder"] + "/"
        return sorted(e["path"][len(prefix) :] for e in entries if p["marker"] in e["text"])

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        return [["write", p["output"], "".join(h + "\n" for h in self._hits(p, entries))]]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return [f"grep -rl {p['marker']} . | sed 's|^\\./||' | sort > ~/{p['output']}"]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(save_search_results)
