"""social rewards against wrong end states: each scores below 1.0, for the reason written next
to it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ``ops`` (a state the UI could leave) to the initial or the gold state; the family's
real reward.py scores it in its own process against a live hub (``web_end_states``). The
cross-app families' other app (team chat, the issue tracker) holds its own initial world in
the same session, untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cuagym.apps.issue_tracker import IssueTracker
from cuagym.apps.mail import MailApp
from cuagym.apps.social import SocialApp, ops
from cuagym.apps.team_chat import TeamChat
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("social")
SEED = 0
P = dict[str, Any]
ME = "fernhill"


class SessionEndStates(EndStates):
    """:class:`EndStates` whose fresh sessions also hold the other apps' initial worlds (a
    cross-app reward reads them)."""

    others: dict[str, State] = {}  # noqa: RUF012 (set per mistake, read by _post)

    def _post(self, sid: str, action: str, state: State) -> None:
        if action == "set":
            for app, world in self.others.items():
                r = httpx.post(
                    f"{self.hub.url}/{app}/post", params={"sid": sid}, headers=self.hub.auth,
                    json={"action": "set", "state": world}, timeout=60,
                )  # fmt: skip
                assert r.status_code == 200, r.text
        super()._post(sid, action, state)


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SessionEndStates]:
    hub = Hub(apps=[SocialApp(), TeamChat(), IssueTracker(), MailApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    live = LiveHub(url=url, token=hub.token, hub=hub)
    try:
        yield SessionEndStates("social", live, tmp_path_factory.mktemp("social"))
    finally:
        stop()


# -- lookups --------------------------------------------------------------------------------------
def new_posts(state: State) -> list[str]:
    return sorted(k for k in state["posts"] if k > "p-0156")


def mine(state: State, status: str) -> list[dict[str, Any]]:
    return sorted(
        (p for p in state["posts"].values() if p["authorId"] == ME and p["status"] == status),
        key=lambda p: p["id"],
    )


def post_by_body(state: State, body: str) -> str:
    return str(next(k for k, v in state["posts"].items() if v["body"] == body))


def someone_elses_post(state: State) -> str:
    return str(next(k for k, p in sorted(state["posts"].items())
                    if p["authorId"] != ME and p["status"] == "published"))  # fmt: skip


# -- schedule-post / announce-from-chat -----------------------------------------------------------
def published_now(state: State, p: P) -> None:
    ops.compose_post(state, p["text"], visibility=p["visibility"], tags=p["tags"], mode="now")


def one_hour_late(state: State, p: P) -> None:
    post = state["posts"][new_posts(state)[0]]
    hour = int(p["time"][:2]) + 1
    post["scheduledAt"] = f"{p['day']}T{hour:02d}:{p['time'][3:]}:00Z"


def tags_left_out(state: State, p: P) -> None:
    state["posts"][new_posts(state)[0]]["tags"] = []


def liked_something_too(state: State, p: P) -> None:
    ops.toggle_like(state, "posts", someone_elses_post(state))


def first_request_used(state: State, p: P) -> None:
    post = state["posts"][new_posts(state)[0]]
    post["scheduledAt"] = f"{p['first_day']}T{p['first_time']}:00Z"


def other_audience(state: State, p: P) -> None:
    post = state["posts"][new_posts(state)[0]]
    post["visibility"] = "public" if p["visibility"] == "followers" else "followers"


# -- reschedule-post ------------------------------------------------------------------------------
def day_after(state: State, p: P) -> None:
    pid = post_by_body(state, p["body"])
    day = int(p["day"][8:]) % 28 + 1
    ops.move_to_day(state, pid, f"{p['day'][:8]}{day:02d}")


def new_day_other_time(state: State, p: P) -> None:
    post = state["posts"][post_by_body(state, p["body"])]
    post["scheduledAt"] = f"{p['day']}T07:05:00Z"


def published_instead(state: State, p: P) -> None:
    ops.publish_now(state, post_by_body(state, p["body"]))


def another_post_moved(state: State, p: P) -> None:
    other = next(q for q in mine(state, "scheduled") if q["body"] != p["body"])
    ops.move_to_day(state, other["id"], "2027-02-01")


# -- reply-to-comment / complaint-reply-with-issue ------------------------------------------------
def target_comment(state: State, p: P) -> dict[str, Any]:
    return next(
        c
        for c in state["comments"].values()
        if c["authorId"] == p["commenter"]
        and c["body"] == p["comment"]
        and state["posts"][c["postId"]]["body"] == p["post_body"]
    )


def top_level_instead(state: State, p: P) -> None:
    ops.add_comment(state, target_comment(state, p)["postId"], p["text"])


def reply_reworded(state: State, p: P) -> None:
    target = target_comment(state, p)
    ops.add_comment(state, target["postId"], p["text"].rstrip("!.") + ", cheers", target["id"])


def reply_and_like(state: State, p: P) -> None:
    target = target_comment(state, p)
    ops.toggle_like(state, "posts", target["postId"])


def complaint_post(state: State, p: P) -> str:
    return str(next(k for k, v in state["posts"].items()
                    if v["authorId"] == p["handle"] and v["body"] == p["complaint"]))  # fmt: skip


def reply_line(key: str, status: str) -> str:
    return f"Thanks for flagging this! It's tracked as {key} and its status is {status}."


def stale_status(state: State, p: P) -> None:
    other = "Done" if p["status"] != "Done" else "To Do"
    ops.add_comment(state, complaint_post(state, p), reply_line(p["key"], other))


def wrong_issue(state: State, p: P) -> None:
    other = "WEB-16" if p["key"] != "WEB-16" else "WEB-12"
    ops.add_comment(state, complaint_post(state, p), reply_line(other, p["status"]))


def on_another_post(state: State, p: P) -> None:
    ops.add_comment(state, someone_elses_post(state), reply_line(p["key"], p["status"]))


# -- send-message ---------------------------------------------------------------------------------
def to_someone_else(state: State, p: P) -> None:
    other = "maya_okafor" if p["handle"] != "maya_okafor" else "leo_brandt"
    ops.start_conversation(state, [other], p["text"])


def message_reworded(state: State, p: P) -> None:
    ops.start_conversation(state, [p["handle"]], p["text"].lower())


def sent_twice(state: State, p: P) -> None:
    ops.start_conversation(state, [p["handle"]], p["text"])


def email_summarised(state: State, p: P) -> None:
    ops.start_conversation(state, [p["handle"]], f"Your repair {p['ticket']} is ready.")


def email_sent_to_someone_else(state: State, p: P) -> None:
    other = "maya_okafor" if p["handle"] != "maya_okafor" else "leo_brandt"
    ops.start_conversation(state, [other], p["body"])


def email_posted_publicly_too(state: State, p: P) -> None:
    ops.compose_post(state, p["body"])


# -- pin-top-post ---------------------------------------------------------------------------------
def runner_up_pinned(state: State, p: P) -> None:
    pool = [q for q in mine(state, "published")
            if (q["publishedAt"].startswith(p["value"]) if p["kind"] == "month"
                else p["value"] in q["tags"])]  # fmt: skip
    pool.sort(key=lambda q: len(q["likedBy"]), reverse=True)
    ops.set_pinned(state, pool[1]["id"], True)


def most_liked_overall(state: State, p: P) -> None:
    best = max(mine(state, "published"), key=lambda q: (len(q["likedBy"]), q["id"]))
    ops.set_pinned(state, best["id"], True)


def followed_someone_too(state: State, p: P) -> None:
    ops.follow(state, next(h for h in sorted(state["profiles"])
                           if h != ME and h not in state["profiles"][ME]["following"]))  # fmt: skip


# -- moderate-reports -----------------------------------------------------------------------------
def everything_dismissed(state: State, p: P) -> None:
    for rid, r in sorted(state["reports"].items()):
        if r["status"] == "open":
            ops.resolve_report(state, rid, "dismissed")


def last_left_open(state: State, p: P) -> None:
    open_ids = sorted(k for k, r in state["reports"].items() if r["status"] == "open")
    for rid in open_ids[:-1]:
        decision = "removed" if state["reports"][rid]["reason"] in p["remove"] else "dismissed"
        ops.resolve_report(state, rid, decision)


def everything_removed(state: State, p: P) -> None:
    for rid, r in sorted(state["reports"].items()):
        if r["status"] == "open":
            ops.resolve_report(state, rid, "removed")


# -- follow-back-commenters -----------------------------------------------------------------------
def commenters(state: State, p: P) -> list[str]:
    pid = post_by_body(state, p["post_body"])
    return sorted({c["authorId"] for c in state["comments"].values()
                   if c["postId"] == pid and c["authorId"] != ME})  # fmt: skip


def one_commenter_missed(state: State, p: P) -> None:
    newly = [h for h in commenters(state, p)]
    ops.unfollow(state, newly[-1])


def an_old_friend_unfollowed(state: State, p: P) -> None:
    keep = set(commenters(state, p))
    ops.unfollow(state, next(h for h in state["profiles"][ME]["following"] if h not in keep))


MISTAKES = [
    Mistake("schedule-post", "init", published_now, (0.5, 0.5), "scheduled_not_published",
            "published at once instead of scheduled"),
    Mistake("schedule-post", "gold", one_hour_late, (0.75, 0.75), "time",
            "scheduled an hour after the time asked"),
    Mistake("schedule-post", "gold", tags_left_out, (0.875, 0.875), "tags",
            "the tags the instruction names are missing"),
    Mistake("schedule-post", "gold", liked_something_too, (0, 0), "nothing_else_changed",
            "also liked someone's post on the way"),
    Mistake("reschedule-post", "gold", day_after, (0, 0), "new_day_same_time",
            "moved to the wrong day"),
    Mistake("reschedule-post", "gold", new_day_other_time, (0, 0), "new_day_same_time",
            "right day, but the time of day changed"),
    Mistake("reschedule-post", "init", published_instead, (0, 0), "still_scheduled",
            "published the post instead of moving it"),
    Mistake("reschedule-post", "gold", another_post_moved, (0, 0), "nothing_else_changed",
            "another scheduled post moved too"),
    Mistake("reply-to-comment", "init", top_level_instead, (0.5, 0.5), "threaded_reply",
            "a new top-level comment, not a reply in the thread"),
    Mistake("reply-to-comment", "init", reply_reworded, (0.5, 0.5), "text",
            "the reply's text differs from the one asked"),
    Mistake("reply-to-comment", "gold", reply_and_like, (0, 0), "nothing_else_changed",
            "also liked the post"),
    Mistake("send-message", "init", to_someone_else, (0.5, 0.5), "to_the_person",
            "the message went to another person"),
    Mistake("send-message", "init", message_reworded, (0.5, 0.5), "text",
            "the message's text changed (lower case)"),
    Mistake("send-message", "gold", sent_twice, (0, 0), "one_new_message",
            "the message was sent twice"),
    Mistake("forward-mail-as-dm", "init", email_summarised, (0.4, 0.4), "email_text",
            "a summary of the email instead of its text"),
    Mistake("forward-mail-as-dm", "init", email_sent_to_someone_else, (0.6, 0.6),
            "to_the_person", "the email went to another person"),
    Mistake("forward-mail-as-dm", "gold", email_posted_publicly_too, (0, 0),
            "nothing_else_changed", "also posted the email publicly"),
    Mistake("pin-top-post", "init", runner_up_pinned, (0, 0), "top_post_pinned",
            "pinned the second most liked post"),
    Mistake("pin-top-post", "init", most_liked_overall, (0, 0), "top_post_pinned",
            "pinned the most liked post overall, ignoring the criterion"),
    Mistake("pin-top-post", "gold", followed_someone_too, (0, 0), "nothing_else_changed",
            "also followed someone"),
    Mistake("moderate-reports", "init", everything_dismissed, (0.2, 0.2), "right_decisions",
            "dismissed everything, removed nothing"),
    Mistake("moderate-reports", "init", last_left_open, (0, 0.4), "all_resolved",
            "one report left open"),
    Mistake("moderate-reports", "init", everything_removed, (0.2, 0.4), "right_decisions",
            "removed content that should only have been dismissed"),
    Mistake("follow-back-commenters", "gold", one_commenter_missed, (0, 0),
            "commenters_followed", "one commenter not followed"),
    Mistake("follow-back-commenters", "gold", followed_someone_too, (0, 0),
            "no_one_else_followed", "also followed someone who did not comment"),
    Mistake("follow-back-commenters", "gold", an_old_friend_unfollowed, (0, 0),
            "no_one_unfollowed", "unfollowed someone on the way"),
    Mistake("announce-from-chat", "gold", first_request_used, (5 / 7, 5 / 7), "corrected_time",
            "scheduled at the first message's time, ignoring the correction"),
    Mistake("announce-from-chat", "gold", other_audience, (6 / 7, 6 / 7), "visibility",
            "the audience of the first message, not the corrected one"),
    Mistake("announce-from-chat", "init", published_now, (4 / 7, 4 / 7),
            "scheduled_not_published", "published at once instead of scheduled"),
    Mistake("complaint-reply-with-issue", "init", stale_status, (4 / 6, 4 / 6),
            "status_and_wording", "the issue's status is not the tracker's"),
    Mistake("complaint-reply-with-issue", "init", wrong_issue, (2 / 6, 2 / 6), "issue_key",
            "named another issue"),
    Mistake("complaint-reply-with-issue", "init", on_another_post, (4 / 6, 4 / 6),
            "on_the_complaint", "the reply went under another post"),
]  # fmt: skip


def test_every_family_has_three_wrong_end_states() -> None:
    for family in domain.families:
        assert sum(m.family == family.id for m in MISTAKES) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: SessionEndStates) -> None:
    family = domain.family(mistake.family)
    worlds = getattr(family, "worlds", None)
    end_states.others = {}
    if worlds is not None:
        other = {k: v for k, v in worlds(family.sample(SEED)).items() if k != "social"}
        end_states.others = other
    end_states.check(family, SEED, mistake)
