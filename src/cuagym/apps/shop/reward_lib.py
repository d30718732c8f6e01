"""Helpers every shop ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block: a
family's reward pastes everything below the inline marker after the shared frame and the hub
libraries. Standard library only, no state, no checks of its own.

Records are *found* by what a person would quote: an order by its number (``#1042``), a variant
by its SKU, a customer by e-mail, a discount by its code (case-insensitive). What the agent
typed is judged with :func:`exact` (case counts, runs of whitespace are one space); money is
compared in cents.
"""

# -- inlined into reward.py --
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    return exact(text).lower()


def order_id(state: dict[str, Any], number: int) -> str | None:
    for oid, order in state["orders"].items():
        if order["number"] == number:
            return str(oid)
    return None


def variant_id(state: dict[str, Any], sku: str) -> str | None:
    for vid, variant in state["variants"].items():
        if fold(variant["sku"]) == fold(sku):
            return str(vid)
    return None


def customer_id(state: dict[str, Any], email: str) -> str | None:
    for cid, customer in state["customers"].items():
        if fold(customer["email"]) == fold(email):
            return str(cid)
    return None


def discount_id(state: dict[str, Any], code: str) -> str | None:
    for did, discount in state["discounts"].items():
        if fold(discount["code"]) == fold(code):
            return str(did)
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


def stock_log(cur: dict[str, Any], new_ids: list[str], vid: str) -> list[dict[str, Any]]:
    """The new inventory adjustments (``new_ids``) of one variant."""
    return [cur["adjustments"][a] for a in new_ids if cur["adjustments"][a]["variantId"] == vid]


def mail_read_marks(mail_initial: dict[str, Any]) -> list[str]:
    """The mailbox paths a cross-app task may change by only reading mail: each thread's
    ``unread`` flag, when the mailbox marks a conversation read on opening it."""
    if not mail_initial["settings"].get("markReadOnOpen"):
        return []
    return ["threads." + t + ".unread" for t in sorted(mail_initial["threads"])]


def stock_consistent(init: dict[str, Any], cur: dict[str, Any], new_ids: list[str]) -> bool:
    """Does every variant's stock differ from its initial count by exactly the deltas of its
    new inventory adjustments (the log and the counts tell the same story)?"""
    moved: dict[str, int] = {}
    for aid in new_ids:
        adj = cur["adjustments"][aid]
        moved[adj["variantId"]] = moved.get(adj["variantId"], 0) + adj["delta"]
    for vid, variant in cur["variants"].items():
        before = init["variants"].get(vid, {}).get("stock", 0)
        if variant["stock"] - before != moved.get(vid, 0):
            return False
    return True


def latest_moment(init: dict[str, Any]) -> str:
    """The newest timestamp of the initial world's orders, refunds and stock log: anything the
    agent did happened after it."""
    stamps = [""]
    for order in init["orders"].values():
        stamps += [
            order[k] or ""
            for k in ("placedAt", "paidAt", "shippedAt", "deliveredAt", "cancelledAt")
        ]
    stamps += [r["createdAt"] for r in init["refunds"].values()]
    stamps += [a["at"] for a in init["adjustments"].values()]
    return max(stamps)


def fresh(stamp: Any, init: dict[str, Any]) -> bool:
    """Is ``stamp`` a timestamp set now (not before anything in the initial world)?"""
    return isinstance(stamp, str) and stamp >= latest_moment(init)
