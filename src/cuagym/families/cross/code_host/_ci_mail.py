"""Mail -> forge: the build bot's e-mail about a failing CI run, acted on in the forge.

``rerun-from-ci-mail``: the mailbox holds the CI bot's report of a failed run (repository,
workflow, run number, pull request, failing step); re-run that run and add the label ``ci`` to
its pull request. The facts are in the e-mail only; the mailbox is only read (opening the
message may mark it read, nothing else).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps.code_host.ops import rerun_run, update_labels
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.code_host.shared import (
    GEN_NOW,
    REWARD_HELPERS,
    SEED,
    build_world,
    failed_head_runs,
    params_of,
    pull_of,
)
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.code_host._oracle import RerunFromMailOracle
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["RerunFromCiMail"]

FORGE, MAIL = "code-host", "mail"
OWNER = {
    "name": "Mara Okafor",
    "email": "mara.okafor@larkspur.example",
    "title": "Engineering Manager",
    "company": "Larkspur Systems",
}
BOT = {"name": "Forge CI", "email": "ci-noreply@forge.larkspur.example"}
_READ = """
data = hub_state("code-host")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
box = hub_state("mail")
minit, mcur, mdiff = box["initial_state"], box["current_state"], box["state_diff"]
"""
_FRAMES = (
    "The CI bot e-mailed you about a failed run. Re-run that run on the code forge and add the "
    'label "ci" to the pull request it belongs to.',
    "Act on the failing-build e-mail in your inbox: start the reported run again and label its "
    'pull request "ci" (keep the labels it has).',
    "A build failure report from Forge CI is in your mailbox. On the forge, re-run the run it "
    'names, and mark its pull request with the "ci" label.',
    "Someone has to deal with the CI failure mail: give the failed run another attempt and put "
    'the "ci" label on its pull request, next to the labels it already carries.',
    "Use the e-mail from Forge CI to find the broken run; re-run it and tag the pull request "
    'it ran for with "ci". Leave the mailbox as it is.',
)


def mail_world(rng: random.Random, report: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The mailbox, owned by the forge's person, with the bot's report in the inbox (unread)."""
    box = mail_app.varied_seed(rng)
    # the mailbox becomes the forge person's: the account, and every address it wrote from or
    # received at (drafts are always from the account owner)
    was = {"name": box["account"]["name"], "email": box["account"]["email"]}
    now = {"name": OWNER["name"], "email": OWNER["email"]}
    box["account"].update(OWNER)
    box["settings"]["signature"] = f"{OWNER['name']}\n{OWNER['title']} · {OWNER['company']}"
    for message in box["messages"].values():
        if message["from"] == was:
            message["from"] = dict(now)
        for field in ("to", "cc", "bcc"):
            message[field] = [dict(now) if x == was else x for x in message[field]]
    subject = (
        f"[{report['repo']}] {report['workflow']} #{report['run']} failed on {report['branch']}"
    )
    body = (
        f"Run {report['workflow']} #{report['run']} of {report['repo']} failed.\n\n"
        f"Pull request: #{report['number']} {report['title']}\n"
        f"Branch: {report['branch']}\nFailed step: {report['step']}\n\n"
        "You are receiving this because you watch this repository."
    )
    date = max(m["date"] for m in box["messages"].values())
    tid = mail_app.add_thread(box, BOT, subject, body, date, unread=True)
    return box, tid


class RerunFromCiMailParams(TaskParams):
    repo: str
    run: int
    number: int
    labels: list[str]


class RerunFromCiMail(TaskFamily):
    id: ClassVar[str] = "rerun-from-ci-mail"
    domain: ClassVar[str] = FORGE
    apps: ClassVar[tuple[str, ...]] = (FORGE, MAIL)
    params_type: ClassVar[type[TaskParams] | None] = RerunFromCiMailParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("ci", "control", "from-mail")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/read/open",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The forge, then the mailbox on top: the report is read first."""
        return [StartWindow(app=FORGE, page="/"), StartWindow(app=MAIL, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return RerunFromMailOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pull, run = rng.choice(
            [(p, r) for p, r in failed_head_runs(SEED) if "ci" not in p["labels"]]
        )
        frame = rng.choice(_FRAMES)
        return self.make_task(
            task_id,
            frame,
            f"You are {OWNER['name']}, signed in to your mailbox and to the code forge. The "
            "report is the newest e-mail from Forge CI.",
            repo=pull["repoId"],
            run=run["number"],
            number=pull["number"],
            labels=sorted({*pull["labels"], "ci"}),
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RerunFromCiMailParams.of(task)
        forge = build_world(task)
        pull = pull_of(forge, p.repo, p.number)
        run = next(
            r for r in forge["runs"].values() if r["repoId"] == p.repo and r["number"] == p.run
        )
        report = {
            "repo": p.repo,
            "workflow": run["workflow"],
            "run": p.run,
            "number": p.number,
            "title": pull["title"],
            "branch": run["branch"],
            "step": run["failedStep"],
        }
        box, _ = mail_world(family_rng(task, "mail"), report)
        gold = copy.deepcopy(forge)
        rerun_run(gold, run["id"], gold["currentUser"], now=GEN_NOW)
        update_labels(gold, "pulls", pull["id"], p.labels)
        return GeneratedScripts(
            setup_script({FORGE: forge, MAIL: box}, self.id),
            patch_script({FORGE: record_edits(forge, gold), MAIL: []}, self.id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task)
        return compose_reward(
            header=f"# reward.py: re-run {p['repo']} run #{p['run']} reported by mail",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, REWARD_HELPERS],
            constants=f"P = json.loads({json.dumps(p)!r})",
            read=_READ,
            body=inlined_file("cuagym.families.cross.code_host._checks", "rerun_from_ci_mail.py"),
        )
