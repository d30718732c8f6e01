"""Chat → tracker: an estimate the team settled in a chat thread goes onto the issue.

``estimate-from-thread``: in a channel, a teammate asked how many story points an issue should
get; people proposed numbers in the thread and the asker confirmed one in their last reply. The
issue gets that estimate and a label. The number is only in the chat (the Generator draws it per
task, with other numbers proposed around it and a second, look-alike thread about another
issue), so the reward reads it from the chat's state and the tracker's change from the tracker.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import build_seed
from cuagym.apps.issue_tracker.edits import update_issue
from cuagym.apps.team_chat import DISPLAY, add_message, channel_id, ensure_member, finish
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import (
    CHAT,
    CHAT_HELPERS,
    ME_CHAT,
    REPORTERS,
    chat_base,
)
from cuagym.families.cross.issue_tracker._oracle_cross import EstimateFromThreadOracle
from cuagym.families.issue_tracker.shared import (
    ME,
    NOW,
    PROJECT_NAMES,
    TRACKER_HELPERS,
    IssueFamily,
    gold_from,
    open_issues,
    params,
    patch_script,
    setup_script,
    task_world,
)
from cuagym.families.team_chat.shared import setup_script as chat_setup_script
from cuagym.families.team_chat.shared import validate as validate_chat
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "EstimateFromThread",
    "EstimateFromThreadParams",
]

_POINTS = (1, 2, 3, 5, 8, 13)
_LABELS = ("estimated", "sized", "ready")


def _question(key: str, title: str) -> str:
    return f"How many story points should {key} ({title}) get? Let's settle it in this thread."


class EstimateFromThreadParams(TaskParams):
    """Task parameters of ``EstimateFromThread`` (in the order its tasks list them)."""

    issue_key: str
    issue_title: str
    author: str
    channel: str
    label: str


class EstimateFromThread(IssueFamily):
    id: ClassVar[str] = "estimate-from-thread"
    params_type: ClassVar[type[TaskParams] | None] = EstimateFromThreadParams
    apps: ClassVar[tuple[str, ...]] = (CHAT, "issue-tracker")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "detail", "fields", "estimate-and-labels")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/threads/reply-in-thread",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The tracker, then the chat on top: the estimate is read there first."""
        return [StartWindow(app="issue-tracker", page="/"), StartWindow(app=CHAT, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return EstimateFromThreadOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        issue = rng.choice(open_issues(seed, ("story", "bug", "task")))
        author = DISPLAY[rng.choice(REPORTERS)]
        first = author.split()[0]
        label = rng.choice(_LABELS)
        channel = "engineering"
        key, title = issue["key"], issue["title"]
        pname = PROJECT_NAMES[issue["project"]]
        instruction = rng.choice(
            [
                f"The team settled the estimate of {key} in #{channel}, in the thread under "
                f"{first}'s question about it. Give {key} the number of story points {first} "
                f"confirmed in that thread, and add the label “{label}” to it.",
                f"{first} asked in #{channel} how many story points {key} (“{title}”) should "
                f"get, and confirmed a number in the thread. Put that estimate on {key} and "
                f"label it “{label}”, keeping its other labels.",
                f"Copy the estimate agreed for {key} into the tracker: it is the number "
                f"{first} confirmed in the #{channel} thread about {key}. Also tag the issue "
                f"“{label}”.",
                f"In the {pname} tracker, {key} still needs the estimate decided in "
                f"#{channel}: whatever {first} confirmed in the thread under the question. Set "
                f"it as the story points and add “{label}” to the labels.",
                f"{key}'s story points should match the figure {first} confirmed in the "
                f"#{channel} thread on it, and the issue should carry the label “{label}” "
                "besides its current ones.",
                f"Someone has to record the outcome of the #{channel} estimation thread that "
                f"{first} started on {key}: that issue gets exactly the story points {first} "
                f"approved there, and the extra label “{label}” next to the ones it has.",
                f"Our chat already agreed on a size for {key} (“{title}”); {first} confirmed "
                f"it in the #{channel} thread. Make the tracker show that size as the story "
                f"points of {key} and attach “{label}” to its labels.",
                f"{pname} issue {key} is missing its estimate. The value is the one {first} "
                f"signed off on in the #{channel} discussion thread; enter it as story points, "
                f"and mark the issue with the label “{label}” as well.",
                f"Bring {key} up to date with the #{channel} conversation: its points must "
                f"equal the number {first} settled on in the thread under their question, "
                f"and “{label}” must appear among its labels without removing others.",
            ]
        )
        context = (
            f"You are {ME}, signed in to both the team chat and the issue tracker. In "
            f"#{channel}, {author} asked how many story points {key} (“{title}”) should get; "
            "teammates proposed numbers in the thread and the asker confirmed one there. "
            "Another thread in the channel estimates a different issue. Only the estimate and "
            "the label of that issue change; the chat stays as it is."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            issue_key=key,
            issue_title=title,
            author=author,
            channel=channel,
            label=label,
        )

    def _chat(self, task: TaskConfig, p: Mapping[str, Any], old: int | None) -> dict[str, Any]:
        rng = family_rng(task, "chat-world")
        chat = chat_base(rng, ME)
        cid = channel_id(chat, p["channel"])
        author = next(u for u, n in DISPLAY.items() if n == p["author"])
        talkers = rng.sample([u for u in REPORTERS if u != author], 2)
        for uid in (ME_CHAT["id"], author, *talkers):
            ensure_member(chat, cid, uid)
        # The look-alike thread first: same asker, another issue, another number.
        seed = build_seed()
        other = rng.choice(
            [i for i in open_issues(seed, ("story", "bug", "task")) if i["key"] != p["issue_key"]]
        )
        decided = rng.choice([n for n in _POINTS if n != old])
        decoy = rng.choice([n for n in _POINTS if n not in (decided, old)])
        mid = add_message(chat, cid, author, _question(other["key"], other["title"]), minutes=90)
        add_message(chat, cid, talkers[0], f"I'd say {decided}.", minutes=6, parent=mid)
        add_message(chat, cid, author, f"Agreed, {decided} it is.", minutes=9, parent=mid)
        # The task's thread: two proposals, then the asker's decision (not always the last
        # proposal, and never the issue's current estimate).
        points = rng.sample([n for n in _POINTS if n != old], 2)
        final = rng.choice(points)
        qid = add_message(
            chat, cid, author, _question(p["issue_key"], p["issue_title"]), minutes=50
        )
        add_message(chat, cid, talkers[0], f"I'd say {points[0]}.", minutes=5, parent=qid)
        add_message(
            chat, cid, talkers[1], f"More like {points[1]}, it touches the API too.", minutes=7,
            parent=qid,
        )  # fmt: skip
        add_message(chat, cid, author, f"Agreed, {final} it is.", minutes=11, parent=qid)
        add_message(chat, cid, talkers[1], f"Side note: {decoy} points was my first guess.",
                    minutes=3, parent=qid)  # fmt: skip
        finish(chat, rng)
        validate_chat(chat, f"{task.task_id} chat world")
        return chat

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params(task)
        world = task_world(task, {p["issue_key"]})
        issue = world["issues"][p["issue_key"]]
        chat = self._chat(task, p, issue["storyPoints"])
        cid = channel_id(chat, p["channel"])
        author = next(u for u, n in DISPLAY.items() if n == p["author"])
        question = next(
            m["id"]
            for m in chat["messages"][cid]
            if m["sender"] == author and m["text"].startswith(f"How many story points should "
                                                              f"{p['issue_key']} ")
        )  # fmt: skip
        final = [
            m["text"]
            for m in chat["messages"][cid]
            if m["threadParent"] == question and m["sender"] == author
        ][-1]
        points = int(final.split()[1])
        labels = sorted({*issue["labels"], p["label"]})
        gold = gold_from(
            world,
            lambda s: update_issue(
                s, p["issue_key"], {"storyPoints": points, "labels": labels}, NOW
            ),
        )
        summary = f"estimate of {p['issue_key']} from #{p['channel']}"
        setup = setup_script(world, summary) + "\n\n" + chat_setup_script(task.task_id, chat)
        return GeneratedScripts(setup, patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        p = params(task)
        read = """
        data = hub_state("issue-tracker")
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
        chat = hub_state("team-chat")
        cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
        """
        return compose_reward(
            header=f"# reward.py: the estimate of {p['issue_key']} from #{p['channel']}",
            imports="import json\nimport re\n",
            libraries=[*WEB_LIBRARIES, TRACKER_HELPERS, CHAT_HELPERS],
            constants=f"PARAMS = json.loads({json.dumps(p)!r})",
            read=read,
            body=_BODY,
        )


_BODY = inlined_file("cuagym.families.cross.issue_tracker._checks", "estimate_from_thread.py")
