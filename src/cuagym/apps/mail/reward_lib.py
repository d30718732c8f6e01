"""Helpers every mail ``reward.py`` carries, copied into the script as source text.

This module is real code (imported and tested on the host) and the text of the reward's helper
block: :func:`cuagym.families.mail._scripts.reward_script` pastes everything below the
inline marker into each reward, after the shared frame and the hub libraries. So it imports
only the standard library, holds no state, and has no checks of its own.

Two ways of comparing text, on purpose:

* :func:`fold` (case-insensitive, outer punctuation dropped) only *finds* what the task names:
  the conversation with a subject, a label by its name;
* :func:`exact` and :func:`text_lines` judge what the agent wrote: a quoted sentence, a name, a
  template's text must be what the instruction says, case and punctuation included (only runs
  of whitespace count as one, because the UI trims and a textarea may wrap).

A message body the UI prefilled has parts: what the person typed, the signature block (after a
``-- `` line) and, in a forward, the forwarded message. :func:`body_parts` splits them so that
a reward compares the typed part with the instruction and checks the rest is what the UI put
there, untouched.
"""

# -- inlined into reward.py --
from typing import Any

FORWARD_HEADER = "---------- Forwarded message ----------"
SIGNATURE_LINE = "--"


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    """A text for *finding* things: lower case, single spaces, no surrounding punctuation."""
    return exact(text).lower().strip(" .!?,;:")


def text_lines(text: Any) -> list[str]:
    """A multi-line text as its lines (each :func:`exact`), outer blank lines dropped."""
    raw = str(text if text is not None else "").replace("\r\n", "\n").replace("\r", "\n")
    lines = [exact(line) for line in raw.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def body_parts(body: Any) -> tuple[list[str], list[str] | None, list[str] | None]:
    """``(typed, signature, forwarded)`` lines of a message body: what precedes the signature
    line ``-- `` (or the forwarded-message header), the signature block (None without one) and
    the forwarded message from its header on (None when the body has none)."""
    lines = text_lines(body)
    forwarded: list[str] | None = None
    if FORWARD_HEADER in lines:
        at = lines.index(FORWARD_HEADER)
        lines, forwarded = lines[:at], lines[at:]
    signature: list[str] | None = None
    if SIGNATURE_LINE in lines:
        at = lines.index(SIGNATURE_LINE)
        lines, signature = lines[:at], text_lines("\n".join(lines[at + 1 :]))
    return text_lines("\n".join(lines)), signature, forwarded


def signature_kept(signature: list[str] | None, settings: dict[str, Any]) -> bool:
    """The body's signature block is absent or exactly the account's signature."""
    return signature is None or signature == text_lines(settings.get("signature", ""))


def thread_msgs(state: dict[str, Any], tid: Any) -> list[dict[str, Any]]:
    msgs = [m for m in state["messages"].values() if m["threadId"] == tid]
    return sorted(msgs, key=lambda m: (m["date"], m["id"]))


def find_thread(state: dict[str, Any], subject: str, sender: str) -> str | None:
    """The thread whose first message has this subject and comes from this address."""
    for tid in sorted(state["threads"]):
        firsts = thread_msgs(state, tid)[:1]
        same_subject = [m for m in firsts if fold(m["subject"]) == fold(subject)]
        if [m for m in same_subject if m["from"]["email"].lower() == sender.lower()]:
            return str(tid)
    return None


def label_id(state: dict[str, Any], name: str) -> str | None:
    for lid, label in state["labels"].items():
        if fold(label["name"]) == fold(name):
            return str(lid)
    return None


def emails(items: list[dict[str, Any]]) -> list[str]:
    return sorted(a["email"].lower() for a in items)


def added_ids(init: dict[str, Any], cur: dict[str, Any], section: str) -> list[str]:
    """Ids of the ``section`` entities that exist now and did not initially."""
    return sorted(k for k in cur[section] if k not in init[section])


def new_sent(init: dict[str, Any], cur: dict[str, Any], me: str) -> list[dict[str, Any]]:
    """Messages sent (not drafts) by the account owner that the initial state did not have:
    under the owner's name, and a conversation they start is neither starred nor unread
    (C7 found a sent mail under another name, and a starred new conversation, scoring 1.0)."""
    new = [cur["messages"][mid] for mid in added_ids(init, cur, "messages")]
    name = cur["account"]["name"]

    def plain(m: dict[str, Any]) -> bool:
        thread = cur["threads"].get(m["threadId"])
        fresh = m["threadId"] not in init["threads"] and thread is not None
        return not (fresh and (thread["starred"] or thread["unread"]))

    return [
        m
        for m in new
        if not m["isDraft"]
        and m["from"]["email"].lower() == me
        and m["from"]["name"] == name
        and plain(m)
    ]


def opened(init: dict[str, Any], tids: list[Any]) -> list[str]:
    """The ``unread`` paths opening these threads may change: only when the account marks a
    conversation read on opening it (the setting), never otherwise."""
    if not init["settings"].get("markReadOnOpen"):
        return []
    return ["threads." + str(t) + ".unread" for t in tids if t is not None]
