"""Tracker → chat: report a slice of the active sprint in a team channel (one hub session).

``post-sprint-status``: read the active sprint's board (its unfinished bugs, its unfinished
stories, or what waits In Review) and post their keys in a channel, in one message of a fixed
shape. The Generator moves one card of the sprint a step along the workflow, so the answer is
on the board of this task's world, not in the seed; the reward recomputes it from the tracker's
state and requires the tracker untouched.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import build_seed, category
from cuagym.apps.issue_tracker.edits import transition
from cuagym.apps.team_chat import add_message, channel_id, ensure_member, finish, gold_now
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import CHAT, CHAT_HELPERS, ME_CHAT, chat_base, status_text
from cuagym.families.cross.issue_tracker._oracle_cross import PostSprintStatusOracle
from cuagym.families.issue_tracker.shared import (
    ME,
    NOW,
    PROJECT_NAMES,
    TRACKER_HELPERS,
    IssueFamily,
    gold_from,
    params,
    setup_script,
    task_world,
)
from cuagym.families.team_chat.shared import golden_script, patch_ops
from cuagym.families.team_chat.shared import setup_script as chat_setup_script
from cuagym.families.team_chat.shared import validate as validate_chat
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "SCOPES",
    "PostSprintStatus",
    "PostSprintStatusParams",
    "in_scope",
]

#: the label the message carries (the scope's name) -> what the instruction calls it
SCOPES: dict[str, str] = {
    "open bugs": "bugs that are not Done",
    "open stories": "stories that are not Done",
    "in review": "issues waiting In Review",
}
_CHANNELS: tuple[str, ...] = ("engineering", "general")
_NEXT = {"todo": "in-progress", "in-progress": "in-review", "in-review": "done"}


def _number(key: str) -> int:
    return int(key.rsplit("-", 1)[1])


def in_scope(state: dict[str, Any], sprint: str, scope: str) -> list[str]:
    """Keys of the sprint's issues in ``scope``, lowest number first."""
    keys = []
    for key, issue in state["issues"].items():
        if issue["sprint"] != sprint:
            continue
        unfinished = category(state, issue["status"]) != "done"
        if (
            (scope == "open bugs" and issue["type"] == "bug" and unfinished)
            or (scope == "open stories" and issue["type"] == "story" and unfinished)
            or (scope == "in review" and issue["status"] == "in-review")
        ):
            keys.append(key)
    return sorted(keys, key=_number)


class PostSprintStatusParams(TaskParams):
    """Task parameters of ``PostSprintStatus`` (in the order its tasks list them)."""

    project: str
    sprint_name: str
    label: str
    channel: str


class PostSprintStatus(IssueFamily):
    id: ClassVar[str] = "post-sprint-status"
    params_type: ClassVar[type[TaskParams] | None] = PostSprintStatusParams
    apps: ClassVar[tuple[str, ...]] = ("issue-tracker", CHAT)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("board", "columns")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/compose/post-message",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the tracker on top: the task starts from the board."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app="issue-tracker", page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return PostSprintStatusOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        project = rng.choice(sorted(PROJECT_NAMES))
        sprint = next(
            s["name"]
            for s in seed["sprints"].values()
            if s["project"] == project and s["state"] == "active"
        )
        label = rng.choice(sorted(SCOPES))
        what = SCOPES[label]
        channel = rng.choice(_CHANNELS)
        head = f"“{sprint} {label}:”"
        order = "lowest issue number first, separated by a comma and a space"
        pname = PROJECT_NAMES[project]
        instruction = rng.choice(
            [
                f"Post the {what} in {sprint} to #{channel}: one message reading {head} "
                f"followed by their keys, {order}.",
                f"The team wants a status line in #{channel}. List the keys of the {what} in "
                f"the active {pname} sprint, {sprint}, in a single message that starts with "
                f"{head} and continues with the keys, {order}.",
                f"Share in #{channel} the {what} of {sprint}: write {head} and then the keys of "
                f"those issues ({order}), all in one message.",
                f"Look at {sprint} of {pname} ({project}) and tell #{channel} which are its "
                f"{what}, as one message: {head} plus their keys, {order}.",
                f"#{channel} should get a one-message summary of the {what} in {sprint}. It "
                f"begins with {head}, and after that come the issue keys, {order}.",
                f"Let #{channel} know the {what} in {sprint}. A single post is enough, "
                f"beginning with {head}; the keys come next, {order}.",
                f"I'd like a quick update for #{channel} about {sprint} in {pname}. Write "
                f"one message that opens with {head} and names the keys of the {what}, "
                f"{order}.",
                f"Report the {what} of the active {project} sprint ({sprint}) to the "
                f"#{channel} channel in one post, {head} first, then every matching key, "
                f"{order}.",
                f"Anyone reading #{channel} should learn from one new message what the {what} "
                f"of {sprint} are: the message starts {head} and lists those keys, {order}.",
            ]
        )
        context = (
            f"You are {ME}, signed in to both the issue tracker and the team chat. {sprint} is "
            f"the active sprint of {pname} ({project}); its board shows the sprint's issues by "
            f"status. You are a member of #{channel}. Nothing in the tracker is to change."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=project,
            sprint_name=sprint,
            label=label,
            channel=channel,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params(task)
        world = task_world(task, ())
        sid = next(
            s["id"]
            for s in world["sprints"].values()
            if s["project"] == p["project"] and s["name"] == p["sprint_name"]
        )
        # One card a step further than in the seed: the board of this world, not the seed's,
        # holds the answer. Never a move that would leave the asked slice empty.
        rng = family_rng(task, "progress")
        cards = [
            k
            for k, i in sorted(world["issues"].items())
            if i["sprint"] == sid and i["type"] != "subtask" and i["status"] in _NEXT
        ]
        rng.shuffle(cards)
        for key in cards:
            trial = copy.deepcopy(world)
            transition(trial, key, _NEXT[trial["issues"][key]["status"]], NOW)
            if in_scope(trial, sid, p["label"]):
                world = trial
                break
        keys = in_scope(world, sid, p["label"])
        gold_from(world, lambda s: None)  # validates the world; the tracker does not change
        chat_rng = family_rng(task, "chat-world")
        chat = chat_base(chat_rng, ME)
        cid = channel_id(chat, p["channel"])
        ensure_member(chat, cid, ME_CHAT["id"])
        add_message(chat, cid, "u-tomas", "Who has the sprint numbers for standup?", minutes=25)
        finish(chat, chat_rng)
        validate_chat(chat, f"{task.task_id} chat world")
        chat_gold = copy.deepcopy(chat)
        text = status_text(p["sprint_name"], p["label"], keys)
        post_message(chat_gold, cid, ME_CHAT["id"], text, now=gold_now(chat_gold))
        validate_chat(chat_gold, f"{task.task_id} chat gold")
        summary = f"{p['label']} of {p['sprint_name']} to #{p['channel']}"
        setup = setup_script(world, summary) + "\n\n" + chat_setup_script(task.task_id, chat)
        patch = golden_script(task.task_id, patch_ops(chat, chat_gold))
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
            header=f"# reward.py: {p['label']} of {p['sprint_name']} posted to #{p['channel']}",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, TRACKER_HELPERS, CHAT_HELPERS],
            constants=f"PARAMS = json.loads({json.dumps(p)!r})",
            read=read,
            body=_BODY,
        )


_BODY = inlined_file("cuagym.families.cross.issue_tracker._checks", "post_sprint_status.py")
