"""Conversation families: a threaded reply to a comment, a direct message to a person."""

from __future__ import annotations

import copy
import random
from typing import ClassVar

from cuagym.apps.social import BRAND, build_seed, pools
from cuagym.apps.social.ops import add_comment, start_conversation
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.social._common import (
    CHECKS,
    GEN_NOW,
    SocialFamily,
    build_world,
    params_of,
    reward_script,
    snippet,
)
from cuagym.scripts import inlined_file

__all__ = ["ReplyToComment", "SendMessage"]

_REPLY_FRAMES = (
    "On our post \u201c{snip}\u2026\u201d, {name} commented \u201c{comment}\u201d. Reply to "
    "that comment with: {text}",
    "Answer {name}'s comment \u201c{comment}\u201d under our post \u201c{snip}\u2026\u201d as a "
    "threaded reply saying \u201c{text}\u201d.",
    "{name} left a comment (\u201c{comment}\u201d) on our post that starts \u201c{snip}\u201d. "
    "Post this reply to it: \u201c{text}\u201d",
    "Please reply directly to the comment \u201c{comment}\u201d by {name} on \u201c{snip}\u2026"
    "\u201d. The reply should read: {text}",
    "Under \u201c{snip}\u2026\u201d, respond to {name} (who wrote \u201c{comment}\u201d) in the "
    "thread with exactly: \u201c{text}\u201d",
)


class ReplyToCommentParams(TaskParams):
    """``reply-to-comment``'s task parameters."""

    post_body: str
    snip: str
    commenter: str
    name: str
    comment: str
    text: str


class ReplyToComment(SocialFamily):
    """Find a comment on one of the account's posts and answer it in its thread."""

    id: ClassVar[str] = "reply-to-comment"
    params_type = ReplyToCommentParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("feed", "engage", "reply")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        posts = seed["posts"]
        candidates = []
        for cid, c in sorted(seed["comments"].items()):
            post = posts[c["postId"]]
            if post["authorId"] != BRAND or c["parentId"] is not None or c["authorId"] == BRAND:
                continue
            twins = [o for o in seed["comments"].values() if o["postId"] == c["postId"]
                     and o["authorId"] == c["authorId"] and o["body"] == c["body"]]  # fmt: skip
            same_start = [p for p in posts.values() if p["authorId"] == BRAND
                          and snippet(p["body"]) == snippet(post["body"])]  # fmt: skip
            if len(twins) == 1 and len(same_start) == 1:
                candidates.append(cid)
        comment = seed["comments"][rng.choice(candidates)]
        post = posts[comment["postId"]]
        person = seed["profiles"][comment["authorId"]]
        text = rng.choice(pools.REPLY_LINES)
        frame = rng.choice(_REPLY_FRAMES)
        snip = snippet(post["body"])
        return self.make_task(
            task_id,
            frame.format(snip=snip, name=person["displayName"], comment=comment["body"], text=text),
            f"You run @{BRAND} in Social Studio. {person['displayName']} is @{person['id']}. "
            "A comment's Reply link opens a reply box under it.",
            post_body=post["body"], snip=snip, commenter=person["id"],
            name=person["displayName"], comment=comment["body"], text=text,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ReplyToCommentParams.of(task)
        seed = build_seed()
        cid = next(k for k, c in seed["comments"].items()
                   if c["authorId"] == p.commenter and c["body"] == p.comment
                   and seed["posts"][c["postId"]]["body"] == p.post_body)  # fmt: skip
        world = build_world(task, protect={cid})
        gold = copy.deepcopy(world)
        add_comment(gold, world["comments"][cid]["postId"], p.text, cid, GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "reply_to_comment.py"), self.id)


_DM_FRAMES = (
    "Send {name} (@{handle}) a direct message: \u201c{text}\u201d",
    "DM @{handle} ({name}) with exactly this: {text}",
    "Message {name} privately, not in a public post: \u201c{text}\u201d",
    "Please write to @{handle} in Messages: \u201c{text}\u201d",
    "{name} should get this from us as a direct message: \u201c{text}\u201d",
)


class SendMessageParams(TaskParams):
    """``send-message``'s task parameters."""

    handle: str
    name: str
    text: str


class SendMessage(SocialFamily):
    """Write to a person in Messages: into the existing one-to-one thread, or a new one."""

    id: ClassVar[str] = "send-message"
    params_type = SendMessageParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messages", "inbox", "new-message")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        people = sorted(h for h in seed["profiles"] if h not in (BRAND, "gear_dealz"))
        handle = rng.choice(people)
        name = seed["profiles"][handle]["displayName"]
        text = rng.choice(pools.DM_LINES)
        frame = rng.choice(_DM_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=name, handle=handle, text=text),
            f"You run @{BRAND} in Social Studio. {name}'s handle is @{handle}.",
            handle=handle, name=name, text=text,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = SendMessageParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        start_conversation(gold, [p.handle], p.text, GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "send_message.py"), self.id)
