"""Reward lines the message families share, pasted before their checks: the conversation the
task names, its messages before and after, and my new ones."""

# ruff: noqa: F405
from cuagym.families.team_chat._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
conv = next((c["id"] for c in init["channels"].values() if c["name"] == P["channel"]), None)
init_msgs = init["messages"].get(conv, [])
cur_msgs = cur["messages"].get(conv, [])
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
new_mine = [m for m in cur_msgs if m["id"] not in init_ids and m["sender"] == me]
