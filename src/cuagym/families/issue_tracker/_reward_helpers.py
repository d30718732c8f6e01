"""The helpers every issue-tracker reward carries, pasted as text after the shared frame and
the hub libraries (:func:`cuagym.scripts.inlined_file`). Their text is what the scripts hold,
untyped: the checks see them through the typed stand-ins of ``_checks._scope``."""

# mypy: allow-untyped-defs


# fmt: off
# -- inlined into reward.py --
def user_named(state, display_name):
    for user in state["users"].values():
        if user["displayName"].lower() == display_name.lower():
            return user["id"]
    return None


def status_named(state, name):
    for status in state["workflow"]["statuses"]:
        if status["name"].lower() == name.lower():
            return status["id"]
    return None


def sprint_named(state, project, name):
    for sprint in state["sprints"].values():
        if sprint["project"] == project and sprint["name"].lower() == name.lower():
            return sprint["id"]
    return None


def is_done(state, status_id):
    for status in state["workflow"]["statuses"]:
        if status["id"] == status_id:
            return status["category"] == "done"
    return False


def exact(text):
    # A text the instruction quotes, as typed: case and punctuation count; runs of whitespace
    # are one space (the UI collapses them in summaries and trims comments).
    return " ".join(str(text).split())
