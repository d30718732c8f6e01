"""``schedule-follow-up``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = named(init, "opportunities", P["name"])
new_acts, new_notes = added(diff, "activities"), added(diff, "notes")
tasks = [cur["activities"][a] for a in new_acts
         if exact(cur["activities"][a]["subject"]) == exact(P["subject"])
         and (cur["activities"][a]["relatedType"], cur["activities"][a]["relatedId"]) == ("opportunity", oid)]
t = tasks[0] if len(tasks) == 1 else {}
notes = [cur["notes"][n] for n in new_notes
         if exact(cur["notes"][n]["title"]) == exact(P["note_title"])
         and (cur["notes"][n]["relatedType"], cur["notes"][n]["relatedId"]) == ("opportunity", oid)]
n = notes[0] if len(notes) == 1 else {}
checks.append(("task_on_opportunity", 2, oid is not None and bool(t), f"{len(tasks)} matching new task(s)"))
checks.append(("task_due", 1, bool(t) and t.get("dueDate") == P["due_date"], f"dueDate is {t.get('dueDate')!r}"))
checks.append(("task_priority", 1, bool(t) and t.get("priority") == P["priority"], f"priority is {t.get('priority')!r}"))
checks.append(("task_open", 1, bool(t) and t.get("status") == "Open", f"status is {t.get('status')!r}"))
checks.append(("note_on_opportunity", 2, oid is not None and bool(n), f"{len(notes)} matching new note(s)"))
# The note's text as given; the instruction's closing period may or may not be typed.
said = exact(n.get("body")).removesuffix(".") == exact(P["note_body"]).removesuffix(".")
checks.append(("note_body", 1, bool(n) and said, f"body is {n.get('body')!r}"))
checks.append(("no_task_comments", 0, not t or t.get("description") == "", f"comments {t.get('description')!r}"))
checks.append(("one_each", 0, len(new_acts) <= 1 and len(new_notes) <= 1, f"{len(new_acts)} new task(s), {len(new_notes)} new note(s)"))
extra = diff_outside(diff, ["activities." + a for a in new_acts] + ["notes." + x for x in new_notes])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
