"""``estimate-from-thread``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the confirmed number, read from the chat as it was ---------------------------------------
key = PARAMS["issue_key"]
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == PARAMS["channel"]), None)
author = chat_uid(cinit, PARAMS["author"])
msgs = cinit["messages"].get(conv, [])
asked = [m for m in msgs if m["sender"] == author and m["threadParent"] is None
         and re.search(r"\b" + re.escape(key) + r"\b", m["text"])]
qid = asked[0]["id"] if len(asked) == 1 else None
said = [m["text"] for m in msgs if qid is not None and m["threadParent"] == qid
        and m["sender"] == author]
numbers = re.findall(r"\d+", said[-1]) if said else []
want = int(numbers[0]) if numbers else None
checks.append(("thread_found", 0, want is not None, f"{len(asked)} question(s), {said[-1:]}"))

# -- the tracker: that estimate and the label on the issue, nothing else ------------------------
before = init["issues"].get(key, {})
after = cur["issues"].get(key, {})
wanted_labels = sorted(set(before.get("labels", [])) | {PARAMS["label"]})
checks.append(("estimate", 3, want is not None and after.get("storyPoints") == want,
               f"story points {after.get('storyPoints')}"))
checks.append(("label", 1, sorted(after.get("labels", [])) == wanted_labels,
               f"labels {after.get('labels')}"))
extra = sorted(set(diff) - {"issues." + key + ".storyPoints", "issues." + key + ".labels"})
checks.append(("nothing_else_changed", 0, not extra, f"other changes: {extra[:5]}"))
checks.append(("chat_unchanged", 0, not cdiff, "chat changes: " + listing(sorted(cdiff))))
