"""``report-workbook-figure``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, B007
from typing import Any

from cuagym.families.cross.team_chat._checks._scope import *  # noqa: F403

#: per region, each order's (amount, product)
amounts: dict[Any, list[tuple[float, Any]]]
#: the figure asked for (None: the region has no orders)
want: float | None

# fmt: off
# -- inlined into reward.py --
# -- the figure, from the workbook as the task found it (and the context's, pinned) ----------
ws = book[P["sheet"]]
rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2, max_col=6) if r[0].value]
amounts = {}
for order_id, region, product, units, price, amount in rows:
    amounts.setdefault(region, []).append((float(amount), product))
mine = amounts.get(P["region"], [])
if P["measure"] == "total":
    want = round(sum(a for a, _ in mine), 2)
    others = [round(sum(a for a, _ in v), 2) for v in amounts.values()] + [
        round(sum(a for _, _, _, _, _, a in rows), 2)]
elif P["measure"] == "number":
    want = len(mine)
    others = [len(v) for v in amounts.values()] + [len(rows)]
else:
    ranked = sorted(mine, reverse=True)
    want = ranked[0][0] if ranked else None
    others = [max(a for a, _ in v) for v in amounts.values()] + [a for a, _ in ranked[1:]]
tol = 0.5 if P["measure"] == "number" else 0.005
wrong = sorted({o for o in others if want is None or abs(o - want) > tol})
product = ranked[0][1] if P["measure"] == "largest" and ranked else None
pinned = want is not None and abs(want - P["figure"]) <= tol and product == P.get("product")
checks.append(("setup", 0, pinned and len(rows) == P["n_orders"],
               f"{len(rows)} orders; the figure is {want}" + (f" ({product})" if product else "")))

# -- the chat: one new message of mine in the channel, stating the figure ---------------------
cid = next((c["id"] for c in init["channels"].values() if c["name"] == P["channel"]), None)
init_msgs = init["messages"].get(cid, [])
cur_msgs = cur["messages"].get(cid, [])
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
new_msgs = [m for m in cur_msgs if m["id"] not in init_ids]
posted = [m for m in new_msgs if m["sender"] == me and m["threadParent"] is None
          and not m["attachments"] and not m["pinned"] and not m["reactions"]]
text = posted[0]["text"] if len(posted) == 1 else ""
said = figures_in(text)
checks.append(("posted", 1, len(posted) == 1,
               f"{len(posted)} new message(s) of yours in #{P['channel']}"))
checks.append(("figure_stated", 3, want is not None and states_figure(text, want, tol),
               f"figures in the message: {said}; wanted {want}"))
if P["measure"] == "largest":
    checks.append(("product_named", 1, bool(product) and norm(product) in norm(text),
                   f"message: {text!r}; wanted {product}"))
# Listing every region's figure answers nothing: no other region's (or the overall) figure.
stray = [w for w in wrong if states_figure(text, w, tol)]
checks.append(("only_that_figure", 0, not stray, f"other figures stated: {stray}"))
checks.append(("one_message", 0, len(new_msgs) <= 1,
               f"{len(new_msgs)} new message(s) in the channel"))
by_id = {m["id"]: m for m in cur_msgs}
kept = all(by_id.get(m["id"]) == m for m in init_msgs)
checks.append(("old_messages_kept", 0, kept, "the channel's earlier messages are unchanged"))
extra = diff_outside(diff, ["messages." + str(cid)])
checks.append(("chat_unchanged_otherwise", 0, not extra, "other changes: " + listing(extra)))

# -- the workbook (and every other file) as it was: the task only reads it --------------------
moved = tree_changes(tree(start), tree(HOME), start, HOME)
target = os.path.relpath(P["path"], HOME)
lock = os.path.join(os.path.dirname(target), ".~lock." + os.path.basename(target) + "#")
checks.append(("files_unchanged", 0, not uncovered(moved, [lock], "/"),
               "changed files: " + listing(uncovered(moved, [lock], "/"))))
