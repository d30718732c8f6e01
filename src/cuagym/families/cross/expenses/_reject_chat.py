"""A report rejected in the expense app, and its reason told in the team chat (apps: expenses,
team-chat).

One hub session holds both apps' states; the expense app's signed-in person is a member of
the chat workspace too (same person, two apps). The agent rejects the report with the reason
asked, then posts the exact notice in a channel. The reward reads both ``/go``: the report
rejected with that reason and nothing else changed; the chat's only change that message.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.expenses import WORLD_NOW, build_seed
from cuagym.apps.expenses.ops import reject_report
from cuagym.apps.team_chat import base_world, channel_id, ensure_member, finish, gold_now
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.expenses._oracle import CHAT_ME, CROSS_ORACLES
from cuagym.families.cross.expenses._shared import EXPENSES, ME, expense_world, reward
from cuagym.families.team_chat.shared import validate

__all__ = ["RejectionToChat"]

State = dict[str, Any]
CHAT = "team-chat"
_REASONS = (
    "The client dinner was not pre-approved.",
    "Personal travel is not reimbursed.",
    "Receipts do not match the amounts claimed.",
    "Duplicate of an earlier report.",
    "Hotel upgrade above the travel policy.",
)
_FRAMES = (
    "Reject {employee}'s expense report ER-{number} with the reason “{reason}”, then post "
    "{text} in the team chat's #{channel} channel.",
    "ER-{number} from {employee} cannot be reimbursed: reject it (reason: {reason}) and let "
    "them know in #{channel} by posting exactly {text}",
    "Two steps: in the expense app, reject ER-{number} ({employee}) giving “{reason}” as the "
    "reason; in the chat, write {text} to #{channel}.",
    "Turn down {employee}'s report ER-{number} — the reason is “{reason}” — and announce it "
    "in #{channel} with the message {text}",
    "Please reject ER-{number} by {employee} with the reason “{reason}”. Afterwards tell "
    "#{channel}: {text}",
)


def chat_world(rng: random.Random) -> State:
    """The chat seed, varied, with the expense app's person signed in and in #general and
    #leadership."""
    me = CHAT_ME["id"]
    world = base_world(rng, me)
    world["users"][me] = {
        "id": me,
        "name": CHAT_ME["name"],
        "displayName": ME,
        "title": CHAT_ME["title"],
        "email": f"{CHAT_ME['name']}@{world['workspace']['slug']}.example",
        "timezone": "America/Los_Angeles",
        "avatarColor": "#7a5f1f",
        "statusText": "",
        "isAdmin": False,
    }
    for name in ("general", "leadership"):
        ensure_member(world, channel_id(world, name), me)
    finish(world, rng)
    return world


class RejectionToChatParams(TaskParams):
    number: int
    title: str
    employee: str
    reason: str
    channel: str
    text: str


class RejectionToChat(TaskFamily):
    id: ClassVar[str] = "rejection-to-chat"
    domain: ClassVar[str] = EXPENSES
    params_type = RejectionToChatParams
    apps: ClassVar[tuple[str, ...]] = (EXPENSES, CHAT)
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cross-app", "chat", "rejection-notice")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/compose/post-message",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the expense app on top: the rejection comes first."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app=EXPENSES, page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        report = rng.choice(
            [
                r
                for _, r in sorted(seed["reports"].items())
                if r["status"] in ("submitted", "reviewed")
            ]
        )
        employee = seed["employees"][report["employeeId"]]["name"]
        reason = rng.choice(_REASONS)
        channel = rng.choice(("general", "leadership"))
        text = f"{employee.split()[0]}, ER-{report['number']} was rejected: {reason}"
        frame = rng.choice(_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                employee=employee,
                number=report["number"],
                reason=reason,
                channel=channel,
                text=f"“{text}”",
            ),
            f"You are {ME}, signed in to both the expense app and the team chat, and a member of "
            f"#{channel}. ER-{report['number']} ({report['title']}) is in review.",
            number=report["number"],
            title=report["title"],
            employee=employee,
            reason=reason,
            channel=channel,
            text=text,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RejectionToChatParams.of(task)
        expenses = expense_world(task)
        gold = copy.deepcopy(expenses)
        reject_report(gold, f"rep-{p.number}", p.reason, WORLD_NOW)
        chat = chat_world(family_rng(task, "chat"))
        chat_gold = copy.deepcopy(chat)
        post_message(
            chat_gold, channel_id(chat_gold, p.channel), CHAT_ME["id"], p.text, now=gold_now(chat)
        )
        validate(chat, f"{self.id} chat world")
        validate(chat_gold, f"{self.id} chat gold")
        edits = {EXPENSES: record_edits(expenses, gold), CHAT: record_edits(chat, chat_gold)}
        return GeneratedScripts(
            setup_script({EXPENSES: expenses, CHAT: chat}, self.id), patch_script(edits, self.id)
        )

    def write_reward(self, task: TaskConfig) -> str:
        read = (
            'chat = hub_state("team-chat")\n'
            'cinit, ccur = chat["initial_state"], chat["current_state"]\n'
            'cdiff = chat["state_diff"]\n'
            'cme = cinit["currentUser"]\n'
        )
        return reward(
            task,
            f"reject ER-{task.params and task.params.get('number')} and tell the chat",
            read,
            ("cuagym.families.expenses._checks", "reject_report.py"),
            ("", "rejection_to_chat.py"),
        )
