"""``issue-status-by-mail``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross._office_scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the answer, as the tracker holds it: each asked issue's status name ----------------------
names = {s["id"]: s["name"] for s in tinit["workflow"]["statuses"]}
now = {k: names.get(tinit["issues"][k]["status"]) for k in P["keys"] if k in tinit["issues"]}
want = [fold(k + ": " + str(now.get(k))) for k in P["keys"]]
checks.append(("setup", 0, now == P["statuses"], f"statuses {now}"))
checks.append(("tracker_untouched", 0, not diff_outside(tdiff, []),
               "tracker changes: " + listing(diff_outside(tdiff, []))))

# -- the mailbox: one reply in the question's conversation, to the sender ---------------------
tid = find_thread(minit, P["subject"], P["sender_email"])
new = added_ids(minit, mcur, "messages")
replies = [m for m in new_sent(minit, mcur, me_mail) if m["threadId"] == tid]
m = replies[0] if len(replies) == 1 else None
checks.append(("replied", 1, m is not None, f"{len(replies)} reply(ies) in the conversation"))
to = emails(m["to"]) if m else []
checks.append(("to_sender", 1, to == [P["sender_email"].lower()], f"to {to}"))
copied = emails(m["cc"] + m["bcc"]) if m else []
checks.append(("nobody_copied", 0, not copied, f"cc/bcc {copied}"))
typed, signature, forwarded = body_parts(m["body"] if m else "")
lines = [fold(line) for line in typed if line]
right = [line for line in want if line in lines]
checks.append(("statuses", 4, m is not None and len(right) == len(want),
               f"{len(right)} of {len(want)} right: {typed[:6]}"))
checks.append(("as_asked", 0, lines == want, "one KEY: Status line per issue, in order"))
checks.append(("signature_kept", 0, signature_kept(signature, minit["settings"]),
               "the signature block is the account's"))
checks.append(("no_forward", 0, forwarded is None, "no forwarded message"))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
lid = label_id(minit, P["label"])
labels = mcur["threads"].get(tid, {}).get("labels", []) if tid else []
was = minit["threads"][tid]["labels"] if tid else []
checks.append(("labelled", 1, lid is not None and labels == [*was, lid], f"labels {labels}"))
extra = diff_outside(mdiff, ["messages." + k for k in new] + opened(minit, [tid])
                     + ["threads." + str(tid) + ".labels"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
