"""``create-template``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added_ids(init, cur, "templates")
named = [cur["templates"][k] for k in new
         if exact(cur["templates"][k]["name"]) == exact(P["name"])]
t = named[0] if len(named) == 1 else {}
checks.append(("template_created", 2, bool(t),
               f"new templates {[cur['templates'][k]['name'] for k in new]}"))
checks.append(("subject", 1, bool(t) and exact(t["subject"]) == exact(P["subject"]),
               f"subject {t.get('subject')!r}"))
# The text as given, line by line (paragraphs kept), nothing added or dropped.
body = text_lines(t.get("body", ""))
checks.append(("text", 2, bool(t) and body == text_lines(P["text"]),
               f"{len(body)} line(s), first {body[:1]}"))
checks.append(("one_template", 0, len(new) <= 1, f"{len(new)} new templates"))
extra = diff_outside(diff, ["templates." + k for k in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
