"""Families that need a judgement the instruction asks for: which post is the most liked,
which reports to act on, who commented and is not followed yet."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.social import BRAND, build_seed
from cuagym.apps.social.ops import follow, resolve_report, set_pinned
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

__all__ = ["FollowBackCommenters", "ModerateReports", "PinTopPost", "top_post"]

State = dict[str, Any]
_MONTHS = {"2026-10": "October 2026", "2026-11": "November 2026"}


def top_post(state: State, kind: str, value: str) -> str | None:
    """The account's published post with the most likes among those published in the month
    ``value`` (``kind`` month) or tagged ``value`` (``kind`` tag); None on a tie."""
    me = state["currentUser"]
    pool = [
        p
        for p in state["posts"].values()
        if p["authorId"] == me and p["status"] == "published" and not p["hidden"]
        and (p["publishedAt"].startswith(value) if kind == "month" else value in p["tags"])
    ]  # fmt: skip
    if not pool:
        return None
    best = max(len(p["likedBy"]) for p in pool)
    winners = [p["id"] for p in pool if len(p["likedBy"]) == best]
    return str(winners[0]) if len(winners) == 1 else None


_PIN_FRAMES = (
    "Pin to our profile the post of ours that got the most likes {crit}.",
    "Of our own posts {crit}, find the one with the most likes and make it our pinned post.",
    "Our pinned post should be our best performer {crit} (the one with the most likes). Pin it.",
    "Look through our posts {crit} and pin the most-liked one to the top of our profile.",
    "Swap our pinned post for the most liked of our posts {crit}.",
)


class PinTopPostParams(TaskParams):
    """``pin-top-post``'s task parameters."""

    kind: str
    value: str
    label: str


class PinTopPost(SocialFamily):
    """Compare like counts across the account's posts, then pin the winner."""

    id: ClassVar[str] = "pin-top-post"
    params_type = PinTopPostParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("posts", "manage", "pin")
    also_covers: ClassVar[tuple[str, ...]] = ("social:people/profiles/browse-profile",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        mine = [p for p in seed["posts"].values()
                if p["authorId"] == BRAND and p["status"] == "published"]  # fmt: skip
        options = [("month", m, f"published in {label}") for m, label in _MONTHS.items()]
        tags = sorted({t for p in mine for t in p["tags"]})
        options += [("tag", t, f"tagged #{t}") for t in tags
                    if sum(t in p["tags"] for p in mine) >= 3]  # fmt: skip
        valid = []
        for kind, value, label in options:
            winner = top_post(seed, kind, value)
            if winner is not None and not seed["posts"][winner]["pinned"]:
                valid.append((kind, value, label))
        kind, value, label = rng.choice(valid)
        frame = rng.choice(_PIN_FRAMES)
        return self.make_task(
            task_id,
            frame.format(crit=label),
            f"You run @{BRAND} in Social Studio. A post's like count shows on its card; the "
            "profile shows the pinned post first. One post can be pinned at a time.",
            kind=kind, value=value, label=label,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = PinTopPostParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        winner = top_post(world, p.kind, p.value)
        assert winner is not None  # the world varies other people's posts only
        set_pinned(gold, winner, True)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "pin_top_post.py"), self.id)


_MOD_FRAMES = (
    "Clear the moderation queue: remove the reported content of every open report whose "
    "reason is {remove}, and dismiss every other open report.",
    "Work through all open reports. Those filed for {remove} get the content removed; all "
    "the rest are dismissed.",
    "Moderate: content reported as {remove} comes down, every other open report is "
    "dismissed. Leave no report open.",
    "Resolve each open report in the queue: remove the post or comment when the reason is "
    "{remove}, otherwise dismiss the report.",
    "Our policy today: {remove} reports mean the content is removed; anything else reported "
    "is dismissed. Apply it to every open report.",
)


class ModerateReportsParams(TaskParams):
    """``moderate-reports``'s task parameters."""

    remove: list[str]


class ModerateReports(SocialFamily):
    """Resolve every open report by its reason: remove the content or dismiss the report."""

    id: ClassVar[str] = "moderate-reports"
    params_type = ModerateReportsParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("moderation", "reports", "resolve")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        reasons = sorted(
            {r["reason"] for r in seed["reports"].values() if r["status"] == "open"} - {"other"}
        )
        remove = sorted(rng.sample(reasons, k=rng.choice([1, 2])))
        words = " or ".join(r.replace("-", " ") for r in remove)
        frame = rng.choice(_MOD_FRAMES)
        return self.make_task(
            task_id,
            frame.format(remove=words),
            f"You moderate the community as @{BRAND} in Social Studio. A report's reason is one "
            "of spam, harassment, misinformation, off topic or other; removing hides the "
            "reported post or comment from everyone.",
            remove=remove,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ModerateReportsParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        for rid, report in sorted(world["reports"].items()):
            if report["status"] == "open":
                decision = "removed" if report["reason"] in p.remove else "dismissed"
                resolve_report(gold, rid, decision, GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "moderate_reports.py"), self.id)


_FOLLOW_FRAMES = (
    "Follow back everyone who commented on our post \u201c{snip}\u2026\u201d and whom we do "
    "not follow yet.",
    "Everybody who left a comment under \u201c{snip}\u2026\u201d should be followed by us. "
    "Follow the ones we are not following already.",
    "Go through the comments on our post that starts \u201c{snip}\u201d and follow each "
    "commenter we don't follow yet.",
    "Make sure we follow every person who commented on \u201c{snip}\u2026\u201d.",
    "We want to thank the commenters of \u201c{snip}\u2026\u201d with a follow: follow every "
    "one of them that we don't follow.",
)


class FollowBackCommentersParams(TaskParams):
    """``follow-back-commenters``'s task parameters."""

    post_body: str
    snip: str


class FollowBackCommenters(SocialFamily):
    """Read a post's thread, check each commenter's profile, follow the ones not followed."""

    id: ClassVar[str] = "follow-back-commenters"
    params_type = FollowBackCommentersParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("people", "profiles", "follow")
    also_covers: ClassVar[tuple[str, ...]] = ("social:feed/engage/comment",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        following = set(seed["profiles"][BRAND]["following"])
        candidates = []
        for pid, post in sorted(seed["posts"].items()):
            if post["authorId"] != BRAND or post["status"] != "published":
                continue
            commenters = {c["authorId"] for c in seed["comments"].values()
                          if c["postId"] == pid and c["authorId"] != BRAND}  # fmt: skip
            same_start = [p for p in seed["posts"].values() if p["authorId"] == BRAND
                          and snippet(p["body"]) == snippet(post["body"])]  # fmt: skip
            if len(commenters - following) >= 2 and len(same_start) == 1:
                candidates.append(post)
        post = rng.choice(candidates)
        snip = snippet(post["body"])
        frame = rng.choice(_FOLLOW_FRAMES)
        return self.make_task(
            task_id,
            frame.format(snip=snip),
            f"You run @{BRAND} in Social Studio. A profile shows a Follow button when we do not "
            "follow it yet.",
            post_body=post["body"], snip=snip,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = FollowBackCommentersParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pid = next(k for k, v in world["posts"].items() if v["body"] == p.post_body)
        for comment in world["comments"].values():
            if comment["postId"] == pid and comment["authorId"] != BRAND:
                follow(gold, comment["authorId"])
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(CHECKS, "follow_back_commenters.py")
        return reward_script(params_of(task), body, self.id)
