"""``create-private-channel``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.team_chat._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
made = [c for c in cur["channels"].values()
        if c["name"] == P["channel"] and c["id"] not in init["channels"]]
ch = made[0] if made else {}
cid = ch.get("id")
members = ch.get("members", [])
wanted = {me, uid(init, P["first"]), uid(init, P["second"])}
msgs = cur["messages"].get(cid, []) if cid else []
welcome = [m for m in msgs if m["sender"] == me and m["threadParent"] is None
           and exact(m["text"]) == exact(P["text"])]
# The post as posted: no reaction, pin or attachment nobody asked for.
plain = [m for m in welcome if not m["attachments"] and not m["reactions"] and not m["pinned"]]
settings = {k: ch.get(k) for k in ("topic", "archived", "createdBy")}
extra = diff_outside(diff, ["channels." + str(cid), "messages." + str(cid)])
checks.append(("created", 2, cid is not None, f"new channel: {cid}"))
checks.append(("private", 1, ch.get("isPrivate") is True, f"isPrivate: {ch.get('isPrivate')}"))
checks.append(("description", 1, exact(ch.get("purpose", "")) == exact(P["purpose"]),
               f"purpose: {ch.get('purpose')}"))
checks.append(("first_member", 1, uid(init, P["first"]) in members, P["first"]))
checks.append(("second_member", 1, uid(init, P["second"]) in members, P["second"]))
checks.append(("welcome_post", 2, len(plain) == 1, f"{len(plain)} post(s) with the asked text"))
checks.append(("members_exactly", 0, sorted(members) == sorted(wanted),
               f"members: {sorted(members)}"))
checks.append(("one_message", 0, len(msgs) <= 1, f"{len(msgs)} message(s) in the new channel"))
checks.append(("nothing_else_set", 0, settings == {"topic": "", "archived": False, "createdBy": me},
               f"settings: {settings}"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
