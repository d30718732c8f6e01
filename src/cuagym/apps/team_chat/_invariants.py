"""Cross-entity rules of a team-chat state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path uses the diff-path syntax of
``state_diff`` (``channels.c-x.members``, ``messages.c-general``): a task author who gets a 422
can find the offending value with the same path they would read in ``/go``. Messages are an
array compared whole by the diff, so message-level problems are reported at the array's path and
the message id is named in the text.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from itertools import compress
from operator import is_not
from typing import Any

from cuagym.apps.team_chat._schema import Message, TeamChatState
from cuagym.apps.webkit import diff_path, parse_ts
from cuagym.hub import Violation

__all__ = [
    "CHANNEL_NAME_RE",
    "RESERVED_IDS",
    "broken_states",
    "check_invariants",
    "invariants_hold_after",
]

CHANNEL_NAME_RE = re.compile(r"^[a-z0-9_-]{1,80}$")
# Keys the hub masks by bare name (see TeamChat.volatile): an entity keyed by one of these would
# silently vanish from every state_diff, so such ids are refused outright.
RESERVED_IDS = frozenset({"ui", "lastViewedAt"})


def check_invariants(state: TeamChatState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    yield from _check_users(state)
    yield from _check_channels(state)
    yield from _check_dms(state)
    yield from _check_messages(state)


def _check_users(state: TeamChatState) -> Iterator[Violation]:
    if state.current_user not in state.users:
        yield Violation(path="currentUser", message=f"unknown user {state.current_user!r}")
    handles: Counter[str] = Counter(u.name for u in state.users.values())
    for key, user in state.users.items():
        if key in RESERVED_IDS:
            yield Violation(path=diff_path("users", key), message=f"{key!r} is a reserved id")
        if user.id != key:
            yield Violation(
                path=diff_path("users", key, "id"),
                message=f"id {user.id!r} differs from key {key!r}",
            )
        if handles[user.name] > 1:
            yield Violation(
                path=diff_path("users", key, "name"), message=f"handle {user.name!r} is not unique"
            )


def _member_problems(members: list[str], users: set[str]) -> list[str]:
    # Every UI write revalidates the whole state, so the common, valid case must stay cheap.
    if users.issuperset(members) and len(set(members)) == len(members):
        return []
    problems = [f"unknown user {m!r}" for m in members if m not in users]
    dupes = sorted(m for m, n in Counter(members).items() if n > 1)
    if dupes:
        problems.append(f"duplicate members {dupes}")
    return problems


def _check_channels(state: TeamChatState) -> Iterator[Violation]:
    users = set(state.users)
    names: Counter[str] = Counter(c.name for c in state.channels.values())
    for key, ch in state.channels.items():
        if key in RESERVED_IDS:
            yield Violation(path=diff_path("channels", key), message=f"{key!r} is a reserved id")
        if ch.id != key:
            yield Violation(
                path=diff_path("channels", key, "id"),
                message=f"id {ch.id!r} differs from key {key!r}",
            )
        if not CHANNEL_NAME_RE.match(ch.name):
            yield Violation(
                path=diff_path("channels", key, "name"),
                message=f"channel name {ch.name!r} must be 1-80 characters of a-z 0-9 _ -",
            )
        if names[ch.name] > 1:
            yield Violation(
                path=diff_path("channels", key, "name"),
                message=f"channel name {ch.name!r} is used by another channel",
            )
        if ch.created_by not in users:
            yield Violation(
                path=diff_path("channels", key, "createdBy"),
                message=f"unknown user {ch.created_by!r}",
            )
        for problem in _member_problems(ch.members, users):
            yield Violation(path=diff_path("channels", key, "members"), message=problem)


def _check_dms(state: TeamChatState) -> Iterator[Violation]:
    users = set(state.users)
    seen_sets: dict[frozenset[str], str] = {}
    for key, dm in state.dms.items():
        if key in RESERVED_IDS:
            yield Violation(path=diff_path("dms", key), message=f"{key!r} is a reserved id")
        if dm.id != key:
            yield Violation(
                path=diff_path("dms", key, "id"), message=f"id {dm.id!r} differs from key {key!r}"
            )
        if key in state.channels:
            yield Violation(path=diff_path("dms", key), message=f"id {key!r} is also a channel id")
        members_path = diff_path("dms", key, "members")
        for problem in _member_problems(dm.members, users):
            yield Violation(path=members_path, message=problem)
        member_set = frozenset(dm.members)
        if len(member_set) < 2:
            yield Violation(path=members_path, message="a DM needs at least 2 distinct members")
        elif member_set in seen_sets:
            yield Violation(
                path=members_path,
                message=f"same members as DM {seen_sets[member_set]!r} (one DM per member set)",
            )
        else:
            seen_sets[member_set] = key


def _check_messages(state: TeamChatState) -> Iterator[Violation]:
    users = set(state.users)
    owner: dict[str, str] = {}  # message id -> the conversation that first used it
    for cid, msgs in state.messages.items():
        yield from _conversation_problems(state, cid, msgs, users, owner)


def _conversation_problems(
    state: TeamChatState, cid: str, msgs: list[Message], users: set[str], owner: dict[str, str]
) -> Iterator[Violation]:
    """The rules of one conversation; ``owner`` holds the message ids seen before it."""
    path = diff_path("messages", cid)
    if cid not in state.channels and cid not in state.dms:
        yield Violation(path=path, message=f"{cid!r} is neither a channel nor a DM")
    dm = state.dms.get(cid)
    members = dm.members if dm else None
    top_level: set[str] = set()
    previous: datetime | None = None
    for msg in msgs:
        if msg.id in owner:
            where = "this conversation" if owner[msg.id] == cid else repr(owner[msg.id])
            yield Violation(path=path, message=f"message id {msg.id!r} is already used in {where}")
        else:
            owner[msg.id] = cid
        ts = parse_ts(msg.ts)
        if previous is not None and ts < previous:
            yield Violation(path=path, message=f"message {msg.id!r} is out of ts order ({msg.ts})")
        previous = ts if previous is None else max(previous, ts)
        if not _plainly_valid(msg, users, top_level, members):
            for problem in _message_problems(msg, users, top_level, members):
                yield Violation(path=path, message=f"message {msg.id!r}: {problem}")
        if msg.thread_parent is None:
            top_level.add(msg.id)


def _plainly_valid(
    msg: Message, users: set[str], earlier_top_level: set[str], dm_members: list[str] | None
) -> bool:
    """A cheap pass for the common case; anything unusual gets the full, explaining check."""
    return (msg.thread_parent is None or msg.thread_parent in earlier_top_level) and _locally_plain(
        msg, users, dm_members
    )


def _locally_plain(msg: Message, users: set[str], dm_members: list[str] | None) -> bool:
    return (
        msg.sender in users
        and (dm_members is None or msg.sender in dm_members)
        and _reactions_plain(msg, users)
        and not msg.edited
        and msg.edited_at is None
    )


def _reactions_plain(msg: Message, users: set[str]) -> bool:
    if not msg.reactions:
        return True
    if len({r.emoji for r in msg.reactions}) != len(msg.reactions):
        return False
    return all(
        r.users and users.issuperset(r.users) and len(set(r.users)) == len(r.users)
        for r in msg.reactions
    )


def _message_problems(
    msg: Message, users: set[str], earlier_top_level: set[str], dm_members: list[str] | None
) -> Iterator[str]:
    yield from _sender_problems(msg, users, dm_members)
    if msg.thread_parent is not None and msg.thread_parent not in earlier_top_level:
        # Replies nest one level only, and a parent precedes its replies in ts order.
        yield (
            f"threadParent {msg.thread_parent!r} is not an earlier top-level message "
            "of the same conversation"
        )
    yield from _content_problems(msg, users)


def _sender_problems(msg: Message, users: set[str], dm_members: list[str] | None) -> Iterator[str]:
    if msg.sender not in users:
        yield f"unknown sender {msg.sender!r}"
    elif dm_members is not None and msg.sender not in dm_members:
        yield f"sender {msg.sender!r} is not a member of this DM"


def _content_problems(msg: Message, users: set[str]) -> Iterator[str]:
    emoji = Counter(r.emoji for r in msg.reactions)
    for name, n in emoji.items():
        if n > 1:
            yield f"emoji {name!r} appears in {n} reactions (one reaction per emoji)"
    for reaction in msg.reactions:
        if not reaction.users:
            yield f"reaction {reaction.emoji!r} has no users"
        for problem in _member_problems(reaction.users, users):
            yield f"reaction {reaction.emoji!r}: {problem}"
    if msg.edited != (msg.edited_at is not None):
        yield "edited and editedAt disagree (editedAt is set iff edited is true)"
    elif msg.edited_at is not None and parse_ts(msg.edited_at) < parse_ts(msg.ts):
        yield "editedAt is before ts"


# -- after an edit ---------------------------------------------------------------------------
def invariants_hold_after(before: TeamChatState, after: TeamChatState) -> bool:
    """True only if ``after`` has no violations, knowing ``before`` had none.

    Parts the edit left alone are the same objects in both states. Users, channels and DMs
    must be untouched (their rules are global); then only the conversations whose message list
    changed are checked: an edited message that kept its place (id, ts, thread parent) by the
    rules of one message, anything else by the rules of its whole conversation, against the
    message ids of all the others.
    """
    if (
        after.current_user != before.current_user
        or after.users is not before.users
        or after.channels is not before.channels
        or after.dms is not before.dms
    ):
        return False
    if after.messages is before.messages:
        return True
    if after.messages.keys() != before.messages.keys():
        return False
    users: set[str] | None = None
    for cid, msgs in after.messages.items():
        old = before.messages[cid]
        if msgs is old:
            continue
        users = set(after.users) if users is None else users
        dm = after.dms.get(cid)
        members = dm.members if dm else None
        if len(msgs) == len(old) and all(
            _kept_place(msgs[i], old[i])
            and (
                _locally_plain(msgs[i], users, members)
                or (
                    not any(_sender_problems(msgs[i], users, members))
                    and not any(_content_problems(msgs[i], users))
                )
            )
            for i in compress(range(len(msgs)), map(is_not, msgs, old))
        ):
            continue
        owner = {m.id: c for c, ms in after.messages.items() if c != cid for m in ms}
        if any(True for _ in _conversation_problems(after, cid, msgs, users, owner)):
            return False
    return True


def _kept_place(msg: Message, old: Message) -> bool:
    """The message still sits where it sat: same id, time and thread (so the order, id and
    thread rules of its conversation give what they gave before)."""
    return msg.id == old.id and msg.ts == old.ts and msg.thread_parent == old.thread_parent


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    sender = copy.deepcopy(seed)
    first_conv = next(iter(sender["messages"]))
    sender["messages"][first_conv][0]["sender"] = "u-nobody"
    creator = copy.deepcopy(seed)
    creator["channels"][next(iter(creator["channels"]))]["createdBy"] = "u-nobody"
    me = copy.deepcopy(seed)
    me["currentUser"] = "u-nobody"
    return {
        "message from an unknown user": sender,
        "channel created by an unknown user": creator,
        "current user does not exist": me,
    }
