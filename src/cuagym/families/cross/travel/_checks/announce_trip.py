"""``announce-trip``'s reward checks: the trip approved with the note asked for, and the exact
announcement in the channel; neither app changed otherwise."""

# ruff: noqa: F405, E501
from cuagym.families.cross.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the travel site: the approval -----------------------------------------------------------
tid = trip_by_name(init, P["trip"])
trip = cur["trips"].get(tid) or {}
checks.append(("trip_found", 0, tid is not None and (init["trips"].get(tid) or {}).get("status") == "submitted", f"trip {tid}"))
checks.append(("approved", 2, trip.get("status") == "approved" and trip.get("decidedBy") == init["currentUser"], f"status {trip.get('status')!r} by {trip.get('decidedBy')!r}"))
checks.append(("note", 1, trip.get("status") == "approved" and exact(trip.get("decisionNote")) == exact(P["note"]), f"note {trip.get('decisionNote')!r}"))
extra = diff_outside(diff, ["trips." + str(tid) + "." + f for f in ("status", "decisionNote", "decidedBy", "decidedAt")])
checks.append(("travel_unchanged_otherwise", 0, not extra, "other changes: " + listing(extra)))
# -- the chat: the announcement in the channel -------------------------------------------------
cid = next((c["id"] for c in cinit["channels"].values() if c["name"] == P["channel"]), None)
before = {m["id"] for m in cinit["messages"].get(cid, [])} if cid else set()
fresh = [m for m in ccur["messages"].get(cid, []) if m["id"] not in before] if cid else []
mine = [m for m in fresh if m["sender"] == cme and m["threadParent"] is None]
# a plain new message: not pinned, no reactions, attachments or edits
plain = {"reactions": [], "attachments": [], "edited": False, "editedAt": None, "pinned": False}
said = [m for m in mine if exact(m["text"]) == exact(P["text"]) and not unlike(m, plain)]
checks.append(("announced", 2, bool(said), "new messages: " + " | ".join(m["text"] for m in fresh)))
checks.append(("one_announcement", 0, len(fresh) <= 1, f"{len(fresh)} new message(s)"))
kept = [m for m in ccur["messages"].get(cid, []) if m["id"] in before] if cid else []
intact = kept == (cinit["messages"].get(cid, []) if cid else [])
checks.append(("channel_history_intact", 0, intact, "earlier messages of the channel unchanged"))
cextra = diff_outside(cdiff, ["messages." + str(cid)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))
