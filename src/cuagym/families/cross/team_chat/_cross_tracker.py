"""Tracker → chat families owned by the chat (one hub session holds both apps' states).

``sprint-channel``: open a public channel for the tracker's active sprint, described by the
sprint's goal exactly as the tracker states it, with a first message. The goal is drawn per
task by the Generator (it is in the tracker's world only), so the reward reads it from the
tracker's state and requires the tracker untouched.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.team_chat import finish, gold_now
from cuagym.apps.team_chat.edits import create_channel, post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import CHAT_HELPERS, ME_CHAT, chat_base
from cuagym.families.cross.team_chat._oracle_tracker import SprintChannelOracle
from cuagym.families.issue_tracker.shared import ME, TRACKER_HELPERS, gold_from, task_world
from cuagym.families.issue_tracker.shared import setup_script as tracker_setup
from cuagym.families.team_chat.shared import golden_script, params_of, patch_ops, quote, validate
from cuagym.families.team_chat.shared import setup_script as chat_setup_script
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "SprintChannel",
    "SprintChannelParams",
]

TRACKER = "issue-tracker"
_PROJECTS = {"WEB": "Storefront Web", "MOB": "Trail Companion App", "OPS": "Platform Operations"}
#: The active sprint's goal, drawn per task (the seed's own among them).
_GOALS: dict[str, tuple[str, ...]] = {
    "WEB": (
        "Saved cards and guest checkout behind a flag; fix search plurals",
        "Guest checkout for all traffic and faster product search",
        "Wishlist sync across devices and a cleaner basket page",
    ),
    "MOB": (
        "Manage offline maps; fix Apple login",
        "Route sharing with friends and a lighter map cache",
        "Battery-friendly tracking and offline elevation profiles",
    ),
    "OPS": (
        "Reliable backups and disk alerts",
        "Cheaper CI runners and faster deploys",
        "Zero-downtime database upgrades for the orders cluster",
    ),
}
_OPENERS: tuple[str, ...] = (
    "Welcome! Daily updates for this sprint go here.",
    "Hi all, this is our sprint room until the review.",
    "Kickoff: questions about the sprint scope belong in this channel.",
)


class SprintChannelParams(TaskParams):
    """Task parameters of ``SprintChannel`` (in the order its tasks list them)."""

    project: str
    sprint_name: str
    channel: str
    text: str


class SprintChannel(TaskFamily):
    id: ClassVar[str] = "sprint-channel"
    params_type: ClassVar[type[TaskParams] | None] = SprintChannelParams
    domain: ClassVar[str] = "team-chat"
    apps: ClassVar[tuple[str, ...]] = (TRACKER, "team-chat")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("channels", "create", "public-channel")
    also_covers: ClassVar[tuple[str, ...]] = ("issue-tracker:sprints/report",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The tracker, then the chat on top: the chat is where the change happens."""
        return [StartWindow(app=TRACKER, page="/"), StartWindow(app="team-chat", page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return SprintChannelOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        project = rng.choice(sorted(_PROJECTS))
        number = {"WEB": 23, "MOB": 12, "OPS": 7}[project]  # the seed's active sprints
        sprint = f"{project} Sprint {number}"
        channel = f"{project.lower()}-sprint-{number}"
        text = rng.choice(_OPENERS)
        pname, said = _PROJECTS[project], quote(text)
        instruction = rng.choice(
            [
                f"Open a public channel #{channel} for {sprint}. Its description must be the "
                f"sprint's goal exactly as the tracker states it, and its first message "
                f"{said}",
                f"{sprint} of {pname} needs a chat room: create the public channel #{channel}, "
                f"describe it with the sprint goal from the tracker (word for word), and post "
                f"{said} there.",
                f"Create #{channel} (public) whose description repeats the goal of {sprint} as "
                f"written in the issue tracker, then welcome people with {said}",
                f"Set up a public #{channel} channel for the active {pname} sprint, "
                f"{sprint}: the channel description is that sprint's goal, copied exactly, "
                f"and {said} is posted in it.",
                f"The team wants #{channel} as a public channel about {sprint}. Use the "
                f"sprint's goal from the tracker, unchanged, as the channel description, and "
                f"write {said} as its opening message.",
                f"I'd like a public room #{channel} in the team chat where the first post "
                f"reads {said} and the description is the goal of {sprint}, identical to the "
                "wording the tracker holds for that sprint.",
                f"Give {sprint} ({pname}) its own public channel, #{channel}. People joining "
                f"should see the tracker's sprint goal, verbatim, as the channel's description, "
                f"and {said} as the very first message.",
                f"There should be a #{channel} channel, open to everyone, whose description "
                f"matches the {sprint} goal recorded in the issue tracker character for "
                f"character, and whose first message is {said} sent by you.",
                f"Kick off {sprint} in the chat: a new public #{channel}, its description "
                f"copied unchanged from that sprint's goal in the tracker, and {said} as the "
                "message that starts the conversation.",
            ]
        )
        context = (
            f"You are {ME}, signed in to both the issue tracker and the team chat. {sprint} is "
            f"the active sprint of {pname} ({project}) and has a goal in the tracker. No "
            f"channel named #{channel} exists yet. The tracker is not to change."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=project,
            sprint_name=sprint,
            channel=channel,
            text=text,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task)
        world = task_world(task, ())
        sprint = next(s for s in world["sprints"].values() if s["name"] == p["sprint_name"])
        sprint["goal"] = family_rng(task, "goal").choice(_GOALS[p["project"]])
        gold_from(world, lambda s: None)  # validates; the tracker does not change
        rng = family_rng(task, "chat-world")
        chat = chat_base(rng, ME)
        finish(chat, rng)
        validate(chat, f"{task.task_id} chat world")
        gold = copy.deepcopy(chat)
        now = gold_now(gold)
        me = ME_CHAT["id"]
        cid = create_channel(gold, me, p["channel"], sprint["goal"], now=now)
        post_message(gold, cid, me, p["text"], now=now)
        validate(gold, f"{task.task_id} chat gold")
        summary = f"#{p['channel']} for {p['sprint_name']}"
        setup = tracker_setup(world, summary) + "\n\n" + chat_setup_script(task.task_id, chat)
        return GeneratedScripts(setup, golden_script(task.task_id, patch_ops(chat, gold)))

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task)
        read = """
        data = hub_state("issue-tracker")
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
        chat = hub_state("team-chat")
        cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
        me = cinit["currentUser"]
        """
        return compose_reward(
            header=f"# reward.py: #{p['channel']} for {p['sprint_name']}, described by its goal",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, TRACKER_HELPERS, CHAT_HELPERS],
            constants=f"PARAMS = json.loads({json.dumps(p)!r})",
            read=read,
            body=_BODY,
        )


_BODY = inlined_file("cuagym.families.cross.team_chat._checks", "sprint_channel.py")
