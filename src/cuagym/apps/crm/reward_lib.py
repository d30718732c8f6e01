"""Helpers every crm ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block:
:func:`cuagym.families.crm._common.reward_script` pastes everything below the inline
marker into each reward, after the shared frame and the hub libraries. Standard library only,
no state, no checks of its own.

Text is compared two ways, on purpose: :func:`fold` (case-insensitive) only *finds* the records
a task names (a lead by name and company, an account by name); :func:`exact` judges what the
agent typed (a title, a next step, an account name): case and punctuation count, only runs of
whitespace are one space. Phone numbers compare by their digits (``(312) 555-0142`` and
``312-555-0142`` are the same number), amounts in cents, dates as ISO days.

:func:`unlike` is the whole-record guard: the fields of a record that differ from what they
should be, so a reward can say "the new contact is the lead's, with only the asked changes".
"""

# -- inlined into reward.py --
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    """A text for *finding* records: :func:`exact`, lower case."""
    return exact(text).lower()


def digits(text: Any) -> str:
    return "".join(ch for ch in str(text if text is not None else "") if ch.isdigit())


def lead_id(state: dict[str, Any], first: str, last: str, company: str) -> str | None:
    for lid, lead in state["leads"].items():
        found = (fold(lead["firstName"]), fold(lead["lastName"]), fold(lead["company"]))
        if found == (fold(first), fold(last), fold(company)):
            return str(lid)
    return None


def named(state: dict[str, Any], collection: str, name: str) -> str | None:
    for rid, record in state[collection].items():
        if fold(record.get("name")) == fold(name):
            return str(rid)
    return None


def added(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def unlike(record: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The keys of ``expected`` whose value in ``record`` differs (a missing key differs)."""
    missing = object()
    return sorted(k for k, v in expected.items() if record.get(k, missing) != v)


def mail_read_marks(mail_initial: dict[str, Any]) -> list[str]:
    """The mailbox paths a cross-app task may change by only reading mail: each thread's
    ``unread`` flag, when the mailbox marks a conversation read on opening it."""
    if not mail_initial["settings"].get("markReadOnOpen"):
        return []
    return ["threads." + t + ".unread" for t in sorted(mail_initial["threads"])]
