"""``fix-own-message``'s reward checks: the body of its ``main`` after the conversation's
lines (``_conv``), pasted as text."""

# ruff: noqa: F405
from cuagym.families.team_chat._checks._conv import *  # noqa: F403
from cuagym.families.team_chat._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
hits = [m["id"] for m in init_msgs if m["sender"] == me and norm(P["match"]) in norm(m["text"])]
tid = hits[0] if len(hits) == 1 else None
before = next((m for m in init_msgs if m["id"] == tid), {"text": ""})
after = next((m for m in cur_msgs if m["id"] == tid), {"text": ""})
text = exact(after["text"])
expected = before["text"].replace(P["wrong"], P["right"])
# Only the text of the message changes (the app marks it edited); its pin, reactions, thread
# and attachments stay as they were.
edit_only = ({k: v for k, v in after.items() if k not in ("text", "edited", "editedAt")}
             == {k: v for k, v in before.items() if k not in ("text", "edited", "editedAt")})
cur_by_id = {m["id"]: m for m in cur_msgs}
others_kept = all(cur_by_id.get(m["id"]) == m for m in init_msgs if m["id"] != tid)
new_msgs = [m for m in cur_msgs if m["id"] not in init_ids]
extra = diff_outside(diff, ["messages." + str(conv)])
checks.append(("own_message_found", 0, tid is not None, f"{len(hits)} matching message(s)"))
checks.append(("corrected", 2, P["right"] in text and P["wrong"] not in text,
               "text now: " + after["text"]))
checks.append(("rest_unchanged", 2, tid is not None and text == exact(expected),
               "expected: " + expected))
checks.append(("no_new_message", 0, not new_msgs, f"{len(new_msgs)} new message(s)"))
checks.append(("only_the_text", 0, tid is not None and edit_only, "pin, reactions, thread kept"))
checks.append(("others_kept", 0, others_kept, "the channel's other messages are unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
