"""Helpers every expenses ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block: a
family's reward pastes everything below the inline marker after the shared frame and the hub
libraries. Standard library only, no state, no checks of its own.

Records are *found* by what a person would quote: a report by its number (``ER-2301``), a card
charge by its merchant and amount, a cost centre by its code (``CC-110``), a category by name.
What the agent typed is judged with :func:`exact` (case counts, runs of whitespace are one
space); money is compared in cents.
"""

# -- inlined into reward.py --
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    return exact(text).lower()


def report_id(state: dict[str, Any], number: int) -> str | None:
    for rid, report in state["reports"].items():
        if report["number"] == number:
            return str(rid)
    return None


def centre_id(state: dict[str, Any], code: str) -> str | None:
    for ccid, centre in state["costCentres"].items():
        if fold(centre["code"]) == fold(code):
            return str(ccid)
    return None


def category_id(state: dict[str, Any], name: str) -> str | None:
    for cid, category in state["categories"].items():
        if fold(category["name"]) == fold(name):
            return str(cid)
    return None


def total_of(report: dict[str, Any]) -> int:
    """A report's total in US cents: the sum of its lines."""
    return sum(int(line["amountCents"]) for line in report["lines"].values())


def added(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def new_lines(init: dict[str, Any], cur: dict[str, Any], rid: str) -> list[str]:
    """Keys of the lines of report ``rid`` that exist now and did not initially."""
    before = (init["reports"].get(rid) or {}).get("lines") or {}
    after = (cur["reports"].get(rid) or {}).get("lines") or {}
    return sorted(k for k in after if k not in before)


def audit_paths(diff: dict[str, Any]) -> list[str]:
    """The diff paths of new audit-trail entries (every action leaves one)."""
    return ["audit." + a for a in added(diff, "audit")]


def unlike(record: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The keys of ``expected`` whose value in ``record`` differs (a missing key differs)."""
    missing = object()
    return sorted(k for k, v in expected.items() if record.get(k, missing) != v)


def latest_moment(init: dict[str, Any]) -> str:
    """The newest timestamp of the initial world's audit trail: anything the agent did
    happened after it."""
    return str(max([""] + [a["at"] for a in init["audit"].values()]))


def fresh(stamp: Any, init: dict[str, Any]) -> bool:
    """Is ``stamp`` a timestamp set now (not before anything in the initial world)?"""
    return isinstance(stamp, str) and stamp >= latest_moment(init)


def mail_read_marks(mail_initial: dict[str, Any]) -> list[str]:
    """The mailbox paths a cross-app task may change by only reading mail: each thread's
    ``unread`` flag, when the mailbox marks a conversation read on opening it."""
    if not mail_initial["settings"].get("markReadOnOpen"):
        return []
    return ["threads." + t + ".unread" for t in sorted(mail_initial["threads"])]


def audit_actions(cur: dict[str, Any], diff: dict[str, Any]) -> list[str]:
    """The actions of the new audit-trail entries, sorted: one per action the person took."""
    return sorted(str(cur["audit"][a]["action"]) for a in added(diff, "audit"))


def audit_log(cur: dict[str, Any], diff: dict[str, Any]) -> list[list[str]]:
    """The new audit-trail entries as sorted ``[action, detail]`` pairs (the detail as the app
    wrote it): a reward compares them with what the asked actions write."""
    entries = [cur["audit"][a] for a in added(diff, "audit")]
    return sorted([str(e["action"]), str(e["detail"])] for e in entries)


def line_note(cur: dict[str, Any], line: dict[str, Any]) -> str:
    """What adding ``line`` writes in the audit trail: its category, merchant and amount."""
    name = (cur["categories"].get(line.get("categoryId")) or {}).get("name", "")
    return f"{name} {line.get('merchant', '')} {line.get('amountCents')}".strip()
