"""Cross-entity rules of a mail state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path uses the diff-path syntax of
``state_diff`` (``threads.t-0003.labels``, ``messages.m-0012.threadId``): a task author who gets
a 422 finds the offending value at the same path they would read in ``/go``.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from cuagym.apps.mail._schema import MailState
from cuagym.hub import InvariantChecks, Violation

__all__ = [
    "CHECKS",
    "LABEL_NAME_RE",
    "RESERVED_IDS",
    "broken_states",
    "check_invariants",
    "invariants_hold_after",
    "parse_ts",
    "path",
]

#: Label names: letters, digits, spaces and a little punctuation; no leading/trailing space.
LABEL_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 &/_.'-]{0,38}[A-Za-z0-9.)]?$")
# The hub masks the key ``ui`` wherever it occurs (MailApp.volatile): an entity keyed ``ui``
# would silently vanish from every state_diff, so such ids are refused outright.
RESERVED_IDS = frozenset({"ui"})
_SIMPLE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_KEYED = ("labels", "threads", "messages", "contacts", "templates")


def parse_ts(ts: str) -> datetime:
    """Parse a schema-valid timestamp (``...Z`` or ``...+00:00``) into an aware datetime."""
    return datetime.fromisoformat(ts)


def path(*keys: str) -> str:
    """A diff path for ``keys`` (bracketed form for keys outside the simple alphabet)."""
    out = ""
    for key in keys:
        if _SIMPLE_KEY.match(key):
            out = f"{out}.{key}" if out else key
        else:
            out = f"{out}[{json.dumps(key, ensure_ascii=False)}]"
    return out


def check_invariants(state: MailState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: MailState, after: MailState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_keys(section: str) -> Callable[[MailState], Iterator[Violation]]:
    def check(state: MailState) -> Iterator[Violation]:
        for key, entity in getattr(state, section).items():
            if key in RESERVED_IDS:
                yield Violation(path=path(section, key), message=f"{key!r} is a reserved id")
            if entity.id != key:
                yield Violation(
                    path=path(section, key, "id"),
                    message=f"id {entity.id!r} differs from key {key!r}",
                )

    return check


def _check_contacts(state: MailState) -> Iterator[Violation]:
    yield from _unique(
        state, "contacts", "email", {k: c.email.lower() for k, c in state.contacts.items()}
    )


def _check_templates(state: MailState) -> Iterator[Violation]:
    yield from _unique(
        state, "templates", "name", {k: t.name.lower() for k, t in state.templates.items()}
    )


def _check_groups(state: MailState) -> Iterator[Violation]:
    for key, contact in state.contacts.items():
        dupes = sorted(g for g, n in Counter(contact.groups).items() if n > 1)
        if dupes:
            yield Violation(path=path("contacts", key, "groups"), message=f"duplicates {dupes}")


def _unique(
    state: MailState, section: str, field: str, values: dict[str, str]
) -> Iterator[Violation]:
    counts = Counter(values.values())
    for key, value in values.items():
        if counts[value] > 1:
            yield Violation(
                path=path(section, key, field),
                message=f"{field} {value!r} is used by another entry (case-insensitive)",
            )


def _check_labels(state: MailState) -> Iterator[Violation]:
    for key, label in state.labels.items():
        if not LABEL_NAME_RE.match(label.name):
            yield Violation(
                path=path("labels", key, "name"),
                message=f"label name {label.name!r}: 1-40 letters, digits, spaces or & / _ . ' -",
            )
    yield from _unique(
        state, "labels", "name", {k: v.name.lower() for k, v in state.labels.items()}
    )


def _check_threads(state: MailState) -> Iterator[Violation]:
    counts = Counter(m.thread_id for m in state.messages.values())
    for key, thread in state.threads.items():
        if counts[key] == 0:
            yield Violation(path=path("threads", key), message="a thread needs at least 1 message")
        unknown = [lid for lid in thread.labels if lid not in state.labels]
        if unknown:
            yield Violation(
                path=path("threads", key, "labels"), message=f"unknown labels {unknown}"
            )
        dupes = sorted(lid for lid, n in Counter(thread.labels).items() if n > 1)
        if dupes:
            yield Violation(path=path("threads", key, "labels"), message=f"duplicates {dupes}")
        if thread.snoozed_until is not None and thread.folder != "inbox":
            yield Violation(
                path=path("threads", key, "snoozedUntil"),
                message=f"only inbox threads can be snoozed (folder is {thread.folder!r})",
            )


def _check_messages(state: MailState) -> Iterator[Violation]:
    me = state.account.email.lower()
    drafts: Counter[str] = Counter()
    for key, msg in state.messages.items():
        if msg.thread_id not in state.threads:
            yield Violation(
                path=path("messages", key, "threadId"),
                message=f"unknown thread {msg.thread_id!r}",
            )
        if msg.is_draft:
            drafts[msg.thread_id] += 1
            if msg.sender.email.lower() != me:
                yield Violation(
                    path=path("messages", key, "from"),
                    message="a draft is always from the account owner",
                )
        elif msg.sender.email.lower() == me and not (msg.to or msg.cc or msg.bcc):
            yield Violation(
                path=path("messages", key, "to"),
                message="a sent message needs at least one recipient (to, cc or bcc)",
            )
    for tid, n in drafts.items():
        if n > 1:
            yield Violation(
                path=path("threads", tid), message=f"{n} drafts in one thread (at most 1)"
            )


# Each check with the fields it reads, in the order of the report.
CHECKS = InvariantChecks(
    *(([section], _check_keys(section)) for section in _KEYED),
    (["labels"], _check_labels),
    (["threads", "messages", "labels"], _check_threads),
    (["account", "messages", "threads"], _check_messages),
    (["contacts"], _check_contacts),
    (["templates"], _check_templates),
    (["contacts"], _check_groups),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    orphan = copy.deepcopy(seed)
    orphan["messages"][next(iter(orphan["messages"]))]["threadId"] = "t-nowhere"
    label = copy.deepcopy(seed)
    thread = label["threads"][next(iter(label["threads"]))]
    thread["labels"] = [*thread["labels"], "l-nowhere"]
    twins = copy.deepcopy(seed)
    first, second = list(twins["labels"])[:2]
    twins["labels"][second]["name"] = twins["labels"][first]["name"]
    return {
        "message in a thread that does not exist": orphan,
        "thread with a label that does not exist": label,
        "two labels with one name": twins,
    }
