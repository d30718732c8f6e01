"""``pipeline-digest-to-chat``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross._office_scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the answer, as the CRM holds it: the open deals meeting the criterion --------------------
deals = sorted(
    (o for o in rinit["opportunities"].values()
     if not o["stage"].startswith("Closed") and (o["amountCents"] or 0) >= P["threshold_cents"]
     and P["key"] == (o["closeDate"][:7] if P["kind"] == "month" else o["stage"]
                      if P["kind"] == "stage" else rinit["users"][o["ownerId"]]["name"])),
    key=lambda o: (o["closeDate"], o["name"]))
want = [o["name"] for o in deals]
total = sum(o["amountCents"] for o in deals)
dollars = "$" + f"{total // 100:,}"
checks.append(("setup", 0, want == P["names"] and total == P["total_cents"],
               f"{len(want)} deal(s), {dollars}"))
checks.append(("crm_untouched", 0, not diff_outside(rdiff, []),
               "crm changes: " + listing(diff_outside(rdiff, []))))

# -- the chat: one new top-level post of mine in the channel ----------------------------------
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == P["channel"]), None)
old_ids = {m["id"] for ms in cinit["messages"].values() for m in ms}
new = [(c, m) for c, ms in ccur["messages"].items() for m in ms if m["id"] not in old_ids]
posts = [m for c, m in new if c == conv and m["sender"] == me_chat and m["threadParent"] is None
         and not m["attachments"] and not m["reactions"]]
post = posts[0] if len(posts) == 1 else None
text = norm(post["text"]) if post else ""
checks.append(("posted_in_channel", 1, post is not None, f"{len(posts)} new post(s) of yours"))
named = [n for n in want if norm(n) in text]
checks.append(("every_matching_deal", 3, post is not None and bool(want) and named == want,
               f"named {len(named)} of {len(want)}"))
others = [o["name"] for o in rinit["opportunities"].values()
          if o["name"] not in want and norm(o["name"]) in text]
checks.append(("no_other_deal", 0, not others, "also named: " + "; ".join(others)))
checks.append(("total", 2, post is not None and norm(dollars) in text, "total " + dollars))
checks.append(("pinned", 1, post is not None and post["pinned"] is True, "the post is pinned"))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new chat message(s)"))
cur_ids = {m["id"]: m for m in ccur["messages"].get(conv, [])}
kept = all(cur_ids.get(m["id"]) == m for m in cinit["messages"].get(conv, []))
checks.append(("channel_kept", 0, kept, "the channel's earlier messages are unchanged"))
cextra = diff_outside(cdiff, ["messages." + str(conv)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))
