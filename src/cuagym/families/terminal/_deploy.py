"""Terminal families on a deployment's links and logs: a rule over files picks the target.

- point-current-link (hard): ``current`` points at the newest release (by version number, not
  by ``ls`` order: ``v1.10.0`` is newer than ``v1.9.4``) whose tests passed, as each release's
  status file says;
- archive-old-logs (hard): the logs dated before the newest release (a list of releases with
  their dates) go into ``~/archive/logs-<that date>.tar.gz`` and leave the logs folder.
"""

from __future__ import annotations

import datetime
import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.terminal._base import Entry, Op, TerminalFamily, quote
from cuagym.families.terminal._checks import archive_old_logs, point_current_link
from cuagym.scripts import statements_of

__all__ = ["ArchiveOldLogs", "PointCurrentLink"]


class PointCurrentLinkParams(TaskParams):
    folder: str
    link: str


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(x) for x in name.lstrip("v").split("."))


class PointCurrentLink(TerminalFamily):
    """links: re-point ``current`` at the newest release whose tests passed."""

    id: ClassVar[str] = "point-current-link"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("links", "manage-links", "repoint-link")
    params_type: ClassVar[type[TaskParams] | None] = PointCurrentLinkParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        folder = rng.choice(["deploy", "srv/shop", "apps/billing"])
        link = "current"
        where, status = f"~/{folder}", quote("tests: passed")
        instruction = rng.choice(
            [
                f"Point the {quote(link)} link in {where} at the newest release whose tests "
                f"passed (its status.txt says {status}). Do not change the releases themselves.",
                f"The last releases in {where}/releases broke their tests. Re-point {where}/"
                f"{link} to the most recent release with {status} in its status.txt, and leave "
                "everything else as it is.",
                f"Roll {where} forward safely: {link} must link to the highest release version "
                f"that passed its tests according to its status file ({status}).",
                f"Which release should {where}/{link} serve? The newest one, by version number, "
                f"whose status.txt reads {status}. Make the link point there.",
                f"Our deploy script is broken, so finish its last step yourself: make "
                f"{where}/{link} a link to the newest release in releases/ whose tests passed "
                f"({status}); "
                "failed releases are skipped and nothing else is touched.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user/{folder}. Its releases/ folder has one folder "
            "per release, named by version (v<major>.<minor>.<patch>), each with a status.txt "
            f"(tests: passed or tests: failed) and the build; {link} is a symbolic link to an "
            "older release. The home folder is /home/user (~).",
            folder=folder,
            link=link,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        major = rng.randint(1, 3)
        # v.9 passed and v.10 / v.11 newer: ``ls`` order (v1.9 after v1.11) picks the wrong one
        names = [f"v{major}.{m}.{rng.randint(0, 6)}" for m in (8, 9, 10, 11, 12)]
        top = rng.randint(1, 2)  # the newest releases failed
        failed = set(names[-top:])
        if top == 1 and rng.random() < 0.5:
            failed.add(names[2])  # and one in between
        base = f"{p['folder']}/releases"
        entries: list[Entry] = []
        for i, name in enumerate(names):
            day = datetime.date(2025, 3, 1) + datetime.timedelta(days=9 * i)
            verdict = "failed" if name in failed else "passed"
            entries.append(
                {"path": f"{base}/{name}/status.txt",
                 "text": f"release {name}\nbuilt: {day.isoformat()}\ntests: {verdict}\n"}
            )  # fmt: skip
            entries.append({"path": f"{base}/{name}/app.txt", "text": f"shop build {name}\n"})
        entries.append({"path": f"{p['folder']}/{p['link']}", "link": f"releases/{names[0]}"})
        entries.append(
            {"path": f"{p['folder']}/README.md", "text": "current -> the release being served\n"}
        )
        return entries, [base + "/" + n for n in names]

    def _wanted(self, entries: list[Entry]) -> str:
        passed = [
            e["path"].split("/")[-2] for e in entries
            if e["path"].endswith("status.txt") and "tests: passed" in e["text"]
        ]  # fmt: skip
        return str(max(passed, key=_version))

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        return [["link", f"{p['folder']}/{p['link']}", f"releases/{self._wanted(entries)}"]]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return [f"ln -sfn releases/{self._wanted(entries)} {p['link']}"]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(point_current_link)


class ArchiveOldLogsParams(TaskParams):
    folder: str
    releases: str
    archive: str
    prefix: str


class ArchiveOldLogs(TerminalFamily):
    """archives: the logs older than the newest release into a dated tarball, then removed."""

    id: ClassVar[str] = "archive-old-logs"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("archives", "tarballs", "archive-and-remove")
    params_type: ClassVar[type[TaskParams] | None] = ArchiveOldLogsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        prefix = rng.choice(["app", "api", "worker"])
        folder, releases, archive = "logs", "releases.txt", "archive"
        logs, tarball = f"~/{folder}", f"~/{archive}/logs-YYYY-MM-DD.tar.gz"
        instruction = rng.choice(
            [
                f"Archive the logs in {logs} that are older than the newest release listed in "
                f"~/{releases} into {tarball} (YYYY-MM-DD being that release's date), then remove "
                "them from the logs folder.",
                f"Free up {logs}: every {prefix} log dated before the latest release in "
                f"~/{releases} goes into a gzip tarball {tarball}, named after that release's "
                "date, and is deleted afterwards. Newer logs stay.",
                f"The logs before our latest release (see ~/{releases}) are no longer needed "
                f"day to day. Pack them into {tarball}, where YYYY-MM-DD is the release date, and "
                f"delete them from {logs}; keep the rest untouched.",
                f"Clean up {logs} the usual way: find the newest release's date in "
                f"~/{releases}, move every log from before that day into {tarball} with that "
                "date in the name, and remove the archived files.",
                f"Before the disk fills up, compress the {prefix} logs that predate the most "
                f"recent release (~/{releases} has the dates) into {tarball}, using the release "
                f"date in the name, and delete those logs from {logs}.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user/{folder}, which holds daily logs named "
            f"{prefix}-YYYY-MM-DD.log and a notes file. /home/user/{releases} lists releases, "
            f"one per line: a version and its date (YYYY-MM-DD), not in order. /home/user/"
            f"{archive} does not exist yet. The home folder is /home/user (~).",
            folder=folder,
            releases=releases,
            archive=archive,
            prefix=prefix,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        first = datetime.date(2025, 2, 1) + datetime.timedelta(days=rng.randrange(20))
        days = sorted(rng.sample(range(60), 10))
        dates = [first + datetime.timedelta(days=d) for d in days]
        cut = dates[rng.randint(4, 7)]  # the newest release's day: some logs before, some after
        older = sorted(rng.sample(range(1, 40), 3), reverse=True)
        release_days = [cut] + [cut - datetime.timedelta(days=d) for d in older]
        versions = [f"v2.{n}.0" for n in range(4, 0, -1)]
        lines = [f"{v}  {d.isoformat()}\n" for v, d in zip(versions, release_days, strict=True)]
        rng.shuffle(lines)
        entries: list[Entry] = [{"path": p["releases"], "text": "".join(lines)}]
        for d in dates:
            stamp = f"{d.isoformat()}T23:59:00"
            text = "".join(
                f"{d.isoformat()}T{h:02d}:00:00 INFO request served in {rng.randint(5, 90)} ms\n"
                for h in range(rng.randint(3, 6))
            )
            entries.append(
                {"path": f"{p['folder']}/{p['prefix']}-{d.isoformat()}.log", "text": text,
                 "mtime": stamp}
            )  # fmt: skip
        entries.append({"path": f"{p['folder']}/notes.txt", "text": "Rotate weekly.\n"})
        return entries, [p["folder"]]

    def _cut_and_old(self, p: dict[str, Any], entries: list[Entry]) -> tuple[str, list[str]]:
        text = next(e["text"] for e in entries if e["path"] == p["releases"])
        cut = max(line.split()[1] for line in text.splitlines())
        stem = f"{p['folder']}/{p['prefix']}-"
        old = sorted(
            e["path"] for e in entries
            if e["path"].startswith(stem) and e["path"][len(stem) : len(stem) + 10] < cut
        )  # fmt: skip
        return cut, old

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        cut, old = self._cut_and_old(p, entries)
        tarball = f"{p['archive']}/logs-{cut}.tar.gz"
        return [["tar", tarball, "\n".join(old)], *[["delete", f, ""] for f in old]]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        cut, _ = self._cut_and_old(p, entries)
        return [
            f"mkdir -p ~/{p['archive']}",
            f"old=$(ls {p['prefix']}-*.log | awk '$0 < \"{p['prefix']}-{cut}\"')",
            f"tar -czf ~/{p['archive']}/logs-{cut}.tar.gz $old",
            "rm $old",
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(archive_old_logs)
