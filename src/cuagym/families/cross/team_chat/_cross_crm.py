"""crm -> team-chat, owned by the chat: a digest of the CRM opportunities that meet a criterion
(closing in a month, at a stage or of an owner, above an amount) posted in #sales and
pinned there.

``pipeline-digest-to-chat``: the instruction states the criterion; which deals meet it (and
their combined amount) only the CRM says. The reward recomputes the answer from the CRM's
initial state (pinned to the task's params), wants one new top-level post of the signed-in
person in #sales naming every matching deal, no other deal, and the total in whole dollars, and
wants it pinned, and guards both apps' whole diffs (the CRM is only read).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from datetime import date
from typing import Any, ClassVar

from cuagym.apps import crm as crm_app
from cuagym.apps import mail as mail_app
from cuagym.apps.crm import build_seed as crm_seed
from cuagym.apps.team_chat import add_message, days_before_newest, ensure_member, finish, gold_now
from cuagym.apps.team_chat.edits import create_channel, post_message, toggle_pin
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import CHAT_HELPERS
from cuagym.families.cross._mailcrm import owner_in_crm
from cuagym.families.cross._office import (
    CHAT,
    CRM,
    OWNER_ID,
    cross_reward,
    cross_scripts,
    office_chat,
)
from cuagym.families.cross._office_text import digest_label, digest_text, money
from cuagym.families.cross.team_chat._oracle_mail import DigestOracle
from cuagym.families.team_chat.shared import validate
from cuagym.scripts import inlined, inlined_file

__all__ = ["PipelineDigestToChat", "PipelineDigestToChatParams", "matching_deals"]

State = dict[str, Any]
_THRESHOLDS = (30_000, 40_000, 50_000, 60_000, 75_000, 100_000, 150_000, 200_000)
_SALES = ("u-liam", "u-sofia", "u-sam")

# Four parts drawn apart (why, what to post, how to name the deals, how to give the total),
# each with many wordings; the criterion is the only fact the instruction states.
_OPENERS = (
    "Liam asked for a quick pipeline digest in the sales channel.",
    "Before Monday's forecast call the team wants a few deals called out in #sales.",
    "Share a slice of the CRM pipeline with the team in #sales.",
    "The sales channel is waiting for this week's short pipeline update.",
    "Our forecast review needs numbers from the CRM, posted where sales can see them.",
    "Sam wants to know which deals to watch and asked for the list in #sales.",
    "Sofia is preparing the board slides and needs some deals from the CRM.",
    "Ahead of the quarterly review, #sales should see where the big deals stand.",
)
_ASKS = (
    "Post one message in #sales that names every {criterion}.",
    "In a single #sales post, list each {criterion}.",
    "Write exactly one message in #sales covering every {criterion}.",
    "The #sales post should mention all of the {criterion_plural}, one message only.",
    "Tell #sales, in one post, which deals qualify: each {criterion}.",
    "One #sales message must cover the {criterion_plural}.",
    "Find the {criterion_plural} and announce them together in #sales.",
    "List the {criterion_plural} in a single message to #sales.",
)
_NAMES = (
    "Call each deal by its full name as the CRM shows it.",
    "Use the opportunities' exact CRM names and leave the other deals out.",
    "Name the deals exactly as they appear in the CRM, nothing else.",
    "Spell each opportunity name the way the CRM does.",
    "Include nothing but those deals, each under its CRM name.",
    "Every qualifying deal appears with its complete opportunity name; no other deal does.",
    "Refer to them by their CRM opportunity names, skipping deals that miss the bar.",
    "Deals that do not qualify stay out; the ones that do keep their CRM names.",
)
_PINS = (
    "Pin the post so it stays at hand.",
    "Then pin that message in the channel.",
    "It should end up pinned in #sales.",
    "Keep it pinned for the week.",
    "Pin it once it is posted.",
    "The post belongs among the channel's pinned messages.",
    "Make sure the message is pinned.",
    "Leave it pinned so latecomers find it.",
)
_TOTALS = (
    "End with their combined amount in whole dollars, such as $1,250,000.",
    "Give the total of their amounts written like $480,000.",
    "Add their amounts up into one total in dollars without cents (for example $96,500).",
    "State the sum of their amounts as whole dollars with thousands separators.",
    "Add the total value of them all, formatted like $2,040,000.",
    "Close with what they are worth together, in dollars as in $310,000.",
    "Their summed amount goes in too, written as whole dollars like $75,000.",
    "Also report their total value, no cents, comma-separated like $1,800,000.",
)


def _month_name(month: str) -> str:
    day = date.fromisoformat(month + "-01")
    return f"{day:%B} {day.year}"


def matching_deals(crm: State, kind: str, key: str, threshold_cents: int) -> list[dict[str, Any]]:
    """The open opportunities closing in month ``key`` (``kind`` "month": ``2027-02``), at
    stage ``key`` ("stage") or owned by the user named ``key`` ("owner") worth at least
    ``threshold_cents``, by close date then name."""

    def group(o: dict[str, Any]) -> str:
        if kind == "month":
            return str(o["closeDate"])[:7]
        if kind == "owner":
            return str(crm["users"].get(o["ownerId"], {}).get("name"))
        return str(o["stage"])

    found = [
        o
        for o in crm["opportunities"].values()
        if not o["stage"].startswith("Closed")
        and (o["amountCents"] or 0) >= threshold_cents
        and group(o) == key
    ]
    return sorted(found, key=lambda o: (o["closeDate"], o["name"]))


def _groups(crm: State) -> list[tuple[str, str]]:
    opens = [o for o in crm["opportunities"].values() if not o["stage"].startswith("Closed")]
    months = sorted({o["closeDate"][:7] for o in opens})
    stages = sorted({o["stage"] for o in opens})
    # The signed-in user becomes the mailbox's owner (``owner_in_crm``): named by others only.
    owners = sorted(
        {crm["users"][o["ownerId"]]["name"] for o in opens if o["ownerId"] != crm["currentUser"]}
    )
    return (
        [("month", m) for m in months]
        + [("stage", s) for s in stages]
        + [("owner", u) for u in owners]
    )


class PipelineDigestToChatParams(TaskParams):
    """``pipeline-digest-to-chat``'s task parameters."""

    kind: str
    key: str
    threshold_cents: int
    channel: str
    names: list[str]
    total_cents: int


class PipelineDigestToChat(TaskFamily):
    """CRM -> chat: the deals that meet the criterion, judged over the whole pipeline."""

    id: ClassVar[str] = "pipeline-digest-to-chat"
    params_type: ClassVar[type[TaskParams] | None] = PipelineDigestToChatParams
    domain: ClassVar[str] = CHAT
    apps: ClassVar[tuple[str, ...]] = (CRM, CHAT)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messaging", "pins", "pin-message")
    also_covers: ClassVar[tuple[str, ...]] = (
        "crm:insights/dashboards/reports",
        "team-chat:messaging/compose/post-message",
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the CRM on top: the answer is read there first."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app=CRM, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return DigestOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        crm = crm_seed()
        options = []
        for kind, key in _groups(crm):
            everyone = matching_deals(crm, kind, key, 0)
            for dollars in _THRESHOLDS:
                hits = matching_deals(crm, kind, key, dollars * 100)
                if 2 <= len(hits) < len(everyone):  # a judgement: some deals are left out
                    options.append((kind, key, dollars))
        kind, key, dollars = rng.choice(options)
        hits = matching_deals(crm, kind, key, dollars * 100)
        amount = f"${dollars:,}"
        if kind == "month":
            when = _month_name(key)
            criterion = f"open opportunity in the CRM closing in {when} worth at least {amount}"
            plural = f"open CRM opportunities closing in {when} worth {amount} or more"
        elif kind == "owner":
            who = key
            criterion = f"open opportunity {who} owns in the CRM worth at least {amount}"
            plural = f"open CRM opportunities owned by {who} worth {amount} or more"
        else:
            criterion = f"open opportunity in the {key} stage of the CRM worth at least {amount}"
            plural = f"CRM opportunities at {key} worth {amount} or more"
        words = {"criterion": criterion, "criterion_plural": plural}
        parts = [rng.choice(x) for x in (_OPENERS, _ASKS, _NAMES, _TOTALS, _PINS)]
        total = sum(int(o["amountCents"]) for o in hits)
        listing = "; ".join(f"{o['name']} ({money(o['amountCents'])})" for o in hits)
        return self.make_task(
            task_id,
            " ".join(part.format(**words) for part in parts),
            f"You are Nora Castellanos, signed in to the CRM and to the team chat of Fernhill "
            f"Analytics, where you are a member of #sales. The CRM's deals that qualify: "
            f"{listing}; together {money(total)}. Other deals of the same {kind} ({key}) are "
            "below the amount or closed.",
            kind=kind,
            key=key,
            threshold_cents=dollars * 100,
            channel="sales",
            names=[o["name"] for o in hits],
            total_cents=total,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = PipelineDigestToChatParams.of(task)
        mail = mail_app.build_seed()  # only the owner's identity is read from it
        keep = sorted(crm_seed()["opportunities"])  # the amounts the task states stay put
        crm = crm_app.varied_seed(family_rng(task, "world"), keep)
        owner_in_crm(crm, mail)
        rng = family_rng(task, "chat-world")
        chat = office_chat(rng, mail["account"])
        cid = create_channel(chat, "u-liam", "sales", "Pipeline, forecasts and wins.")
        chat["channels"][cid]["createdAt"] = days_before_newest(chat, 30)
        for uid in (*_SALES, OWNER_ID):
            ensure_member(chat, cid, uid)
        add_message(chat, cid, "u-liam", "Forecast call moves to Monday 10:00 this week.",
                    minutes=rng.randrange(60, 600))  # fmt: skip
        add_message(chat, cid, "u-sofia", "Noted, I'll bring the renewal numbers.", minutes=12)
        finish(chat, rng)
        validate(chat, f"{task.task_id} chat world")
        gold = copy.deepcopy(chat)
        text = digest_text(digest_label(p.kind, p.key, p.threshold_cents), p.names, p.total_cents)
        mid = post_message(gold, cid, OWNER_ID, text, now=gold_now(gold))
        toggle_pin(gold, cid, mid, OWNER_ID)
        validate(gold, f"{task.task_id} chat gold")
        return cross_scripts(task, {CRM: crm, CHAT: chat}, {CHAT: gold})

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.cross.team_chat._checks", "pipeline_digest.py")
        return cross_reward(task, _READ, [inlined(crm_app.REWARD_LIBRARY), CHAT_HELPERS], body)


_READ = """
chat = hub_state("team-chat")
cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
me_chat = cinit["currentUser"]
crm = hub_state("crm")
rinit, rdiff = crm["initial_state"], crm["state_diff"]
"""
