"""Cross-application families between the team chat and the issue tracker (one hub session).

Both apps keep their state in the same hub session (DESIGN.md §3: ``/<app>/post?sid=S`` per
app), so a task spans them by writing both worlds in ``initial_setup.py``, changing both in
``golden_patch.py`` and reading both ``/go`` answers in ``reward.py``. The start screen opens
one browser window per app (the agent switches between them like any desktop's windows).

- ``file-bug-from-chat``: a teammate reports a bug in a channel; file it in the tracker with
  the report's own words as its description, then answer in the report's thread with the new
  issue's key. The reward reads the key from the tracker and the report from the chat: neither
  half is right without the other.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import CURRENT_USER, build_seed
from cuagym.apps.issue_tracker.edits import create_issue
from cuagym.apps.team_chat import (
    DISPLAY,
    add_message,
    channel_id,
    ensure_member,
    finish,
    gold_now,
)
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import (
    CHAT,
    CHAT_HELPERS,
    ME_CHAT,
    REPORTERS,
    REPORTS,
    chat_base,
    reply_text,
)
from cuagym.families.cross.issue_tracker._oracle_cross import FileBugFromChatOracle
from cuagym.families.issue_tracker.shared import (
    ME,
    NOW,
    PROJECT_NAMES,
    TRACKER_HELPERS,
    IssueFamily,
    gold_from,
    params,
    patch_script,
    setup_script,
    task_world,
)
from cuagym.families.team_chat.shared import golden_script, patch_ops
from cuagym.families.team_chat.shared import setup_script as chat_setup_script
from cuagym.families.team_chat.shared import validate as validate_chat
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "FileBugFromChat",
    "FileBugFromChatParams",
]

_PRIORITIES: tuple[str, ...] = ("Highest", "High", "Medium")


def _chat_world(task: TaskConfig, p: Mapping[str, Any]) -> tuple[dict[str, Any], str, str]:
    """The chat world: the seed varied, the tracker's user added, the report posted.
    Returns (world, channel id, report message id)."""
    rng = family_rng(task, "chat-world")
    world = chat_base(rng, ME)
    reporter = next(u for u, name in DISPLAY.items() if name == p["reporter"])
    cid = channel_id(world, p["channel"])
    ensure_member(world, cid, ME_CHAT["id"])
    ensure_member(world, cid, reporter)
    report = next(text for *_, text in REPORTS if text.startswith(p["match"]))
    mid = add_message(world, cid, reporter, report, minutes=rng.randrange(20, 120))
    # A bystander answers in the thread, and the channel moves on: the report is not last.
    other = rng.choice([u for u in REPORTERS if u != reporter])
    ensure_member(world, cid, other)
    add_message(world, cid, other, "Oh no, I have seen that too.", minutes=4, parent=mid)
    add_message(
        world,
        cid,
        other,
        "Reminder: timesheets are due by Friday noon.",
        minutes=rng.randrange(9, 40),
    )
    finish(world, rng)
    validate_chat(world, f"{task.task_id} chat world")
    return world, cid, mid


class FileBugFromChatParams(TaskParams):
    """Task parameters of ``FileBugFromChat`` (in the order its tasks list them)."""

    reporter: str
    channel: str
    match: str
    project: str
    title: str
    priority: str
    assignee_name: str
    reply_prefix: str


class FileBugFromChat(IssueFamily):
    """Chat → tracker → chat: file a reported bug, then answer the report with its key."""

    id: ClassVar[str] = "file-bug-from-chat"
    params_type: ClassVar[type[TaskParams] | None] = FileBugFromChatParams
    apps: ClassVar[tuple[str, ...]] = (CHAT, "issue-tracker")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "create", "with-description")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/threads/reply-in-thread",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The tracker, then the chat on top: the task starts from the report."""
        return [StartWindow(app="issue-tracker", page="/"), StartWindow(app=CHAT, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return FileBugFromChatOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        project, channel, title, report = rng.choice(REPORTS)
        reporter = DISPLAY[rng.choice(REPORTERS)]
        first = reporter.split()[0]
        assignee = seed["users"][rng.choice(sorted(u for u in seed["users"] if u != CURRENT_USER))]
        name = assignee["displayName"]
        priority = rng.choice(_PRIORITIES)
        pname = PROJECT_NAMES[project]
        key = "KEY"
        reply = f"“{reply_text(key)}”"
        instruction = rng.choice(
            [
                f"{first} reported a bug in #{channel}. File it in {pname} ({project}) as a bug "
                f"titled “{title}” with priority {priority}, assigned to {name}, whose "
                f"description is {first}'s message word for word. Then reply in the thread of "
                f"that message with {reply}, where {key} is the new issue's key.",
                f"Turn {first}'s bug report in #{channel} into a {pname} bug: title "
                f"“{title}”, {priority} priority, assignee {name}, and the report's exact text "
                f"as the description. Answer the report in its thread with {reply}, {key} "
                "being the key the tracker gave the new bug.",
                f"The problem {first} described in #{channel} needs a bug in the {project} "
                f"project (“{title}”, priority {priority}, assigned to {name}, description "
                f"copied verbatim from the report). Once it exists, let {first} know by "
                f"replying {reply} in the report's thread, with the real issue key for {key}.",
                f"Log {first}'s #{channel} report in the tracker: a {pname} bug named "
                f"“{title}” for {name} at {priority} priority, with the reported message as "
                f"its description, unchanged. Close the loop with a thread reply to the "
                f"report saying {reply} ({key} = the new bug's key).",
                f"In #{channel}, {first} flagged a bug. Create it in {pname} as “{title}”, a "
                f"{priority} priority bug for {name} whose description repeats {first}'s "
                f"message exactly, and post {reply} in the thread under the report, replacing "
                f"{key} with the key of the issue you created.",
                f"What {first} wrote in #{channel} is a genuine defect, so the tracker should "
                f"have it: a {pname} bug called “{title}”, priority {priority}, owned by "
                f"{name}, its description identical to {first}'s post. Under that post, a "
                f"thread reply must say {reply} with {key} standing for the issue's key.",
                f"I want {first}'s report from #{channel} recorded as a bug of {project} "
                f"titled “{title}”, at {priority} priority and with {name} as assignee; the "
                f"report's full text becomes its description. {first} should also see {reply} "
                f"in the report's thread, where {key} is whatever key the bug received.",
                f"A bug report by {first} is sitting in #{channel}. The end result should be "
                f"a new {pname} issue of type bug, “{title}”, assigned to {name} with "
                f"{priority} priority and described by the report copied exactly, plus a "
                f"reply {reply} in that report's thread ({key} replaced by the issue's key).",
                f"Get {first}'s #{channel} bug into {pname}: the issue is a bug titled "
                f"“{title}” whose description is the report, letter for letter, with "
                f"{priority} as priority and {name} responsible for it. Acknowledge it in the "
                f"report's thread by answering {reply}, {key} being the created issue's key.",
            ]
        )
        context = (
            f"You are {ME}, signed in to both the team chat and the issue tracker. In "
            f"#{channel}, {reporter} posted a bug report that begins “{report[:40]}…”; someone "
            f"already answered in its thread. Project {pname} ({project}) exists and {name} is "
            "on its team; no issue with that title exists yet."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            reporter=reporter,
            channel=channel,
            match=report[:40],
            project=project,
            title=title,
            priority=priority.lower(),
            assignee_name=name,
            reply_prefix="Filed as",
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params(task)
        world = task_world(task, ())
        chat, cid, mid = _chat_world(task, p)
        report = next(m["text"] for m in chat["messages"][cid] if m["id"] == mid)
        fields = {
            "type": "bug",
            "title": p["title"],
            "description": report,
            "priority": p["priority"],
            "assignee": self.uid(world, p["assignee_name"]),
            "labels": [],
            "storyPoints": None,
            "sprint": None,
        }
        keys: list[str] = []
        gold = gold_from(
            world, lambda s: keys.append(create_issue(s, CURRENT_USER, p["project"], fields, NOW))
        )
        chat_gold = copy.deepcopy(chat)
        post_message(
            chat_gold,
            cid,
            ME_CHAT["id"],
            reply_text(keys[0]),
            thread_parent=mid,
            now=gold_now(chat_gold),
        )
        validate_chat(chat_gold, f"{task.task_id} chat gold")
        summary = f"file {p['title']!r} from #{p['channel']}"
        # Two apps, one session: each part is the app's own script, run one after the other.
        setup = setup_script(world, summary) + "\n\n" + chat_setup_script(task.task_id, chat)
        patch = (
            patch_script(world, gold, summary)
            + "\n\n"
            + golden_script(task.task_id, patch_ops(chat, chat_gold))
        )
        return GeneratedScripts(setup, patch)

    def write_reward(self, task: TaskConfig) -> str:
        p = params(task)
        read = """
        data = hub_state("issue-tracker")
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
        chat = hub_state("team-chat")
        cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
        me = cinit["currentUser"]
        """
        return compose_reward(
            header=f"# reward.py: file {p['title']!r} from #{p['channel']}, answer with its key",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, TRACKER_HELPERS, CHAT_HELPERS],
            constants=f"PARAMS = json.loads({json.dumps(p)!r})",
            read=read,
            body=_BODY,
        )


_BODY = inlined_file("cuagym.families.cross.issue_tracker._checks", "file_bug_from_chat.py")
