"""Mail families whose targets are a search's results: mail matching several conditions."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path
from typing import ClassVar

from cuagym.apps.mail import SEED_FILES_URL, add_thread, march_date, pick_people
from cuagym.apps.mail.ops import add_label, create_label
from cuagym.apps.mail.pools import COMPANIES, FILES, LABEL_NAMES, SUBJECTS
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["LabelAttachments"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"

_FILES_DIR = Path(str(resources.files("cuagym.apps.mail"))) / "static" / "seed-files"

# Sentence frames: each names the company and its address domain, the attachment condition,
# the label and that the company's other mail stays as it is.
_FRAMES = (
    "Label every conversation from {company} (@{domain}) that has an attachment "
    "\u201c{label}\u201d. Their conversations without attachments stay unlabelled.",
    "Find the emails from @{domain} ({company}) that came with a file attached and put the "
    "label \u201c{label}\u201d on those conversations only.",
    "I need {company}'s attachments in one place: give each conversation from an @{domain} "
    "address that carries an attachment the label \u201c{label}\u201d, and leave the rest of "
    "their mail alone.",
    "Apply \u201c{label}\u201d to the conversations {company} sent with attachments (addresses "
    "ending in @{domain}); plain emails from them should not get the label.",
    "Only conversations from @{domain} with at least one attached file should end up "
    "labelled \u201c{label}\u201d; that is {company}'s mail, and nothing else of theirs or "
    "anyone else's changes.",
)


def attachment(name: str) -> dict[str, object]:
    """A seed file as a message attachment (the app serves the file itself)."""
    return {
        "name": name,
        "url": f"{SEED_FILES_URL}/{name}",
        "size": (_FILES_DIR / name).stat().st_size,
        "contentType": dict(FILES)[name],
    }


class LabelAttachmentsParams(TaskParams):
    """``label-attachments``'s task parameters."""

    company: str
    domain: str
    other_domain: str
    label: str
    count: int


class LabelAttachments(MailFamily):
    """Two conditions at once (a sender's domain and an attachment): what search operators
    (``from:@acme.example has:attachment``) find, and what scrolling the inbox misses."""

    id = "label-attachments"
    params_type = LabelAttachmentsParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("search", "query", "operators")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:labels/apply/bulk",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (company, domain), (_, other_domain) = rng.sample(COMPANIES, 2)
        label = rng.choice(LABEL_NAMES)
        n = rng.randint(2, 3)
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(company=company, domain=domain, label=label),
            f"The label \u201c{label}\u201d exists but is not used yet. {n} conversations from "
            f"@{domain} have attachments (some in the inbox, some archived), two more from "
            f"@{domain} have none, and @{other_domain} sent a file too.",
            company=company,
            domain=domain,
            other_domain=other_domain,
            label=label,
            count=n,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = LabelAttachmentsParams.of(task)
        create_label(world, p.label, rng.choice(["blue", "teal", "purple"]))
        n = p.count
        people = pick_people(rng, n + 3, lambda i: p.other_domain if i == n + 2 else p.domain)
        subjects = rng.sample(SUBJECTS, n + 3)
        files = [name for name, _ in FILES]
        for i, (who, (subject, line)) in enumerate(zip(people, subjects, strict=True)):
            with_file = i < n or i == n + 2
            add_thread(
                world,
                who,
                subject,
                f"Hi Nora,\n\n{line}" + (" The file is attached." if with_file else ""),
                march_date(rng),
                folder="archive" if i == 1 else "inbox",
                unread=rng.random() < 0.4,
                attachments=(attachment(rng.choice(files)),) if with_file else (),
            )

    def solve(self, task: TaskConfig, state: State) -> None:
        p = LabelAttachmentsParams.of(task)
        lid = next(k for k, v in state["labels"].items() if v["name"] == p.label)
        targets = sorted(
            {
                m["threadId"]
                for m in state["messages"].values()
                if m["from"]["email"].endswith("@" + p.domain)
                and m["attachments"]
                and state["threads"][m["threadId"]]["folder"] not in ("spam", "trash")
            }
        )
        add_label(state, targets, lid)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "label_attachments.py")
        return reward_script(params(task), body, task.task_id)
