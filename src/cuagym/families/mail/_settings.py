"""Mail families on the account's settings: the signature and the reading behaviour."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import ACCOUNT
from cuagym.apps.mail.ops import update_settings
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["UpdateSignature"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"

_TITLES = (
    "Head of Customer Success",
    "Account Director",
    "Senior Account Director",
    "Customer Success Lead",
    "Key Account Manager",
    "Regional Sales Manager",
)
# What the reading setting should do, said two ways per value (frames pick one).
_READING = {
    True: ("opening a conversation should mark it as read", "mark conversations read on opening"),
    False: (
        "opening a conversation should no longer mark it as read",
        "stop marking conversations read when I open them",
    ),
}
# Sentence frames: each gives the reading behaviour and the exact signature (a data block
# after ":" and a blank line, so its lines are data, not wording).
_FRAMES = (
    "My signature has to reflect my new role, and {reading_clause}. Set the signature to exactly "
    "these lines:\n\n{signature}",
    "I've been promoted: please {reading_verb}, and replace my email signature with the "
    "following text, line for line:\n\n{signature}",
    "Two preference changes for my mailbox. First, {reading_clause}. Second, the signature "
    "should read exactly:\n\n{signature}",
    "Update my account settings so that {reading_clause}, with this as my new signature:\n\n"
    "{signature}",
    "New job title, new desk phone. Change my signature to the three lines below and "
    "{reading_verb} while you are in the settings:\n\n{signature}",
)


def signature_for(title: str, phone: str) -> str:
    """The signature in the seed's shape: name, title · company, phone."""
    return f"{ACCOUNT['name']}\n{title} \u00b7 {ACCOUNT['company']}\n{phone}"


class UpdateSignatureParams(TaskParams):
    """``update-signature``'s task parameters."""

    title: str
    phone: str
    signature: str
    reading: str


class UpdateSignature(MailFamily):
    id = "update-signature"
    params_type = UpdateSignatureParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("settings", "preferences", "signature")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:settings/preferences/reading",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title = rng.choice(_TITLES)
        phone = f"+1 (312) 555-0{rng.randint(100, 199)}"
        mark_read = rng.random() < 0.5
        signature = signature_for(title, phone)
        clause, verb = _READING[mark_read]
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        target, old = ("on", "off") if mark_read else ("off", "on")
        return self.make_task(
            task_id,
            frame.format(reading_clause=clause, reading_verb=verb, signature=signature),
            f"The mailbox belongs to {ACCOUNT['name']}; the settings screen holds her signature "
            f"(now with her old title and phone) and the option to mark conversations as read on "
            f"opening them, which is {old} (it should end up {target}).",
            title=title,
            phone=phone,
            signature=signature,
            reading=target,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        # The other reading behaviour than the one asked, so that the setting must change.
        world["settings"]["markReadOnOpen"] = UpdateSignatureParams.of(task).reading != "on"

    def solve(self, task: TaskConfig, state: State) -> None:
        p = UpdateSignatureParams.of(task)
        update_settings(state, p.signature, p.reading == "on")

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "update_signature.py")
        return reward_script(params(task), body, task.task_id)
