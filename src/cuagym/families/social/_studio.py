"""Studio families: schedule a post, move a scheduled post to another day."""

from __future__ import annotations

import copy
import random
from datetime import date, timedelta
from typing import ClassVar

from cuagym.apps.social import BRAND, build_seed, pools
from cuagym.apps.social.ops import compose_post, move_to_day
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

__all__ = ["ReschedulePost", "SchedulePost", "long_day", "visibility_words"]

_TIMES = ["08:30", "09:00", "10:15", "12:00", "13:45", "16:30", "18:00", "19:15"]


def long_day(iso: str) -> str:
    """``2026-12-22`` -> ``Tuesday, December 22, 2026``."""
    day = date.fromisoformat(iso)
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def visibility_words(visibility: str) -> str:
    return {"public": "public (everyone)", "followers": "visible to our followers only",
            "private": "visible only to us"}[visibility]  # fmt: skip


_SCHEDULE_FRAMES = (
    "Schedule this post for {day} at {time} UTC: \u201c{text}\u201d. Make it {vis} and tag it "
    "{tags}.",
    "Queue up a post in the studio that goes out on {day} at {time} UTC. Text: \u201c{text}\u201d "
    "Tags: {tags}. Audience: {vis}.",
    "We want \u201c{text}\u201d to go out on {day}, {time} UTC, tagged {tags}; it should be {vis}.",
    "Please put a post on the content calendar for {day} at {time} UTC with the text "
    "\u201c{text}\u201d, the tags {tags}, {vis}.",
    "Write and schedule (do not publish it yet) a post saying \u201c{text}\u201d for {time} UTC "
    "on {day}. It must carry the tags {tags} and be {vis}.",
)


class SchedulePostParams(TaskParams):
    """``schedule-post``'s task parameters."""

    text: str
    tags: list[str]
    day: str
    time: str
    visibility: str


class SchedulePost(SocialFamily):
    """Write a post in the studio composer and schedule it at a day and time."""

    id: ClassVar[str] = "schedule-post"
    params_type = SchedulePostParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("studio", "queue", "schedule-post")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        i = rng.randrange(len(pools.ANNOUNCEMENTS))
        text, tags = pools.ANNOUNCEMENTS[i], sorted(pools.TAG_SETS[i])
        day = (date(2026, 12, 3) + timedelta(days=rng.randint(0, 50))).isoformat()
        clock = rng.choice(_TIMES)
        visibility = rng.choice(["public", "public", "followers"])
        frame = rng.choice(_SCHEDULE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(text=text, day=long_day(day), time=clock, vis=visibility_words(visibility),
                         tags=" and ".join("#" + t for t in tags)),
            "You run the Fernhill Outfitters account (@fernhill) in Social Studio. The studio's "
            "composer publishes now, schedules at a day and a time in UTC, or saves a draft.",
            text=text, tags=tags, day=day, time=clock, visibility=visibility,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = SchedulePostParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        at = f"{p.day}T{p.time}:00Z"
        compose_post(gold, p.text, visibility=p.visibility, tags=p.tags, mode="schedule",
                     scheduled_at=at, now=GEN_NOW)  # fmt: skip
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "schedule_post.py"), self.id)


_MOVE_FRAMES = (
    "Our scheduled post \u201c{snip}\u2026\u201d should go out on {day} instead of {old}, at "
    "the same time of day.",
    "Move the queued post that starts \u201c{snip}\u201d from {old} to {day}; keep its time.",
    "Reschedule \u201c{snip}\u2026\u201d (now planned for {old}) to {day}, same hour.",
    "The post beginning \u201c{snip}\u201d is on the calendar for {old}. Put it on {day} "
    "without changing the time it goes out.",
    "Shift our scheduled post \u201c{snip}\u2026\u201d to {day} (it is set for {old}); the "
    "time stays as it is.",
)


class ReschedulePostParams(TaskParams):
    """``reschedule-post``'s task parameters."""

    body: str
    snip: str
    old_day: str
    day: str
    time: str


class ReschedulePost(SocialFamily):
    """Move a scheduled post to another day on the content calendar (drag or its date menu)."""

    id: ClassVar[str] = "reschedule-post"
    params_type = ReschedulePostParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("studio", "calendar", "reschedule")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        queued = sorted(
            (p for p in seed["posts"].values()
             if p["authorId"] == BRAND and p["status"] == "scheduled"),
            key=lambda p: p["id"],
        )  # fmt: skip
        post = rng.choice(queued)
        old = date.fromisoformat(post["scheduledAt"][:10])
        shift = rng.choice([-3, -2, -1, 1, 2, 3, 5, 7])
        new = max(old + timedelta(days=shift), date(2026, 12, 2))
        if new == old:
            new = old + timedelta(days=2)
        snip = snippet(post["body"])
        frame = rng.choice(_MOVE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(snip=snip, day=long_day(new.isoformat()), old=long_day(old.isoformat())),
            f"You run @{BRAND} in Social Studio. The post is scheduled for {long_day(str(old))} "
            f"at {post['scheduledAt'][11:16]} UTC; the studio has a queue and a month calendar.",
            body=post["body"], snip=snip, old_day=old.isoformat(), day=new.isoformat(),
            time=post["scheduledAt"][11:16],
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ReschedulePostParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pid = next(k for k, v in world["posts"].items()
                   if v["body"] == p.body and v["status"] == "scheduled")  # fmt: skip
        move_to_day(gold, pid, p.day)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "reschedule_post.py"), self.id)
