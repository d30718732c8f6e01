"""``react-to-message``'s reward checks: the body of its ``main`` after the conversation's
lines (``_conv``), pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.team_chat._checks._conv import *  # noqa: F403
from cuagym.families.team_chat._checks._scope import *  # noqa: F403

# a message or its stand-in dict: mypy would take the stand-in's narrow type
before: Any
after: Any

# fmt: off
# -- inlined into reward.py --
author = uid(init, P["author"])
hits = [m["id"] for m in init_msgs
        if m["sender"] == author and norm(P["match"]) in norm(m["text"])]
tid = hits[0] if len(hits) == 1 else None
before = next((m for m in init_msgs if m["id"] == tid), {"reactions": [], "text": ""})
after = next((m for m in cur_msgs if m["id"] == tid), {"reactions": [], "text": None})
had = [r["emoji"] for r in before["reactions"] if me in r["users"]]
has = [r["emoji"] for r in after["reactions"] if me in r["users"]]
# The reactions as a set per emoji: the asked one gains you, every other stays as it was.
want = {r["emoji"]: sorted(r["users"]) for r in before["reactions"]}
want[P["emoji"]] = sorted(set(want.get(P["emoji"], [])) | {me})
got = {r["emoji"]: sorted(r["users"]) for r in after["reactions"]}
same_message = ({k: v for k, v in after.items() if k != "reactions"}
                == {k: v for k, v in before.items() if k != "reactions"})
rest_same = ([m for m in cur_msgs if m["id"] != tid] == [m for m in init_msgs if m["id"] != tid])
extra = diff_outside(diff, ["messages." + str(conv)])
checks.append(("target_message", 0, tid is not None, f"{len(hits)} matching message(s)"))
checks.append(("reacted", 3, P["emoji"] in has and P["emoji"] not in had, f"mine now: {has}"))
checks.append(("only_that_reaction", 0, got == want, f"reactions now: {got}"))
checks.append(("message_unchanged", 0, same_message, "the message itself (text, pin, ...)"))
checks.append(("other_messages_kept", 0, rest_same, "the channel's other messages"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
