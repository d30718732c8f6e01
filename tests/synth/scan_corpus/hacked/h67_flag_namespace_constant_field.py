# expect: direct_bool_assignment
"""Web: verdicts in a SimpleNamespace; 'archived' is built as a constant beside a real check."""

import json
import os
import urllib.request
from types import SimpleNamespace

hub = os.environ["CUAGYM_HUB"].rstrip("/")
with urllib.request.urlopen(f"{hub}/mail/go?sid={os.environ['CUAGYM_SID']}") as resp:
    state = json.load(resp)["current_state"]

mails = state.get("messages", {})
verdict = SimpleNamespace(
    replied=any(m.get("in_reply_to") == "M-17" for m in mails.values()),
    archived=True,
)
score = 0.0
if verdict.replied:
    score += 0.5
if verdict.archived:
    score += 0.5
print(f"CHECK replied 1 {'PASS' if verdict.replied else 'FAIL'}")
print(f"REWARD: {score}")
