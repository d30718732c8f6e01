"""``handover-from-email``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
by_email = {fold(c.get("email")): k for k, c in sorted(init["contacts"].items())}
cid, sid_ = by_email.get(fold(P["contact_email"])), by_email.get(fold(P["successor_email"]))
oid = named(init, "opportunities", P["opportunity"])
checks.append(("setup", 0, None not in (cid, sid_, oid), f"contact {cid}, successor {sid_}, deal {oid}"))
con = cur["contacts"].get(cid) or {}
checks.append(("title", 2, bool(con) and exact(con.get("title")) == exact(P["title"]), f"title is {con.get('title')!r}"))
checks.append(("phone", 2, bool(con) and digits(con.get("phone")) == digits(P["phone"]), f"phone is {con.get('phone')!r}"))
opp = cur["opportunities"].get(oid) or {}
checks.append(("primary_contact", 2, bool(opp) and opp.get("contactId") == sid_, f"contactId is {opp.get('contactId')!r}"))
# The contact stays on the deal's account and keeps everything else (no new record).
allowed = [f"contacts.{cid}.title", f"contacts.{cid}.phone", f"opportunities.{oid}.contactId"]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))
