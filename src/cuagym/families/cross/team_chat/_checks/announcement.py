"""``mail-announcement-to-channel``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross._office_scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the facts, as the mailbox held them: the announcement and its correction -----------------
tid = find_thread(minit, P["subject"], P["sender_email"])
said = " ".join(m["body"] for m in thread_msgs(minit, tid))
final = P["time"] if P["changed"] == "time" else P["place"]
told = [norm(said).count(norm(f)) for f in (P["event"], P["date"], P["stale"], final)]
checks.append(("setup", 0, tid is not None and min(told) > 0, f"conversation {tid}: {told}"))
checks.append(("mailbox_untouched", 0, not diff_outside(mdiff, opened(minit, [tid])),
               "mail changes: " + listing(diff_outside(mdiff, opened(minit, [tid])))))

# -- the chat: one new top-level post of mine, in the asked channel ---------------------------
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == P["channel"]), None)
old_ids = {m["id"] for ms in cinit["messages"].values() for m in ms}
new = [(c, m) for c, ms in ccur["messages"].items() for m in ms if m["id"] not in old_ids]
posts = [m for c, m in new if c == conv and m["sender"] == me_chat and m["threadParent"] is None
         and not m["attachments"] and not m["pinned"] and not m["reactions"]]
post = posts[0] if len(posts) == 1 else None
text = norm(post["text"]) if post else ""
checks.append(("posted_in_channel", 2, post is not None,
               f"{len(posts)} new post(s) of yours in #{P['channel']}"))
checks.append(("event", 1, post is not None and norm(P["event"]) in text, text[:120]))
checks.append(("date", 1, post is not None and norm(P["date"]) in text, "date " + P["date"]))
checks.append(("time", 2, post is not None and norm(P["time"]) in text, "time " + P["time"]))
checks.append(("place", 2, post is not None and norm(P["place"]) in text, "place " + P["place"]))
# The value the correction replaced must not be announced (beside the right one or alone).
checks.append(("not_the_stale_value", 0, norm(P["stale"]) not in text, "stale " + P["stale"]))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new chat message(s)"))
cur_ids = {m["id"]: m for m in ccur["messages"].get(conv, [])}
kept = all(cur_ids.get(m["id"]) == m for m in cinit["messages"].get(conv, []))
checks.append(("channel_kept", 0, kept, "the channel's earlier messages are unchanged"))
# Joined (posting needs it), and nobody else added or removed.
was = cinit["channels"][conv]["members"] if conv else []
now = ccur["channels"][conv]["members"] if conv in ccur["channels"] else []
checks.append(("joined", 1, now == [*was, me_chat], f"members {len(was)} -> {len(now)}"))
cextra = diff_outside(cdiff, ["messages." + str(conv), "channels." + str(conv) + ".members"])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))
