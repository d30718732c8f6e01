# expect: hardcoded_success
"""Email draft: one check is real, the other adds points unconditionally."""

import json

with open("/home/user/mail/draft.json") as fh:
    draft = json.load(fh)

score = 0
if draft.get("to") == "hr@example.com":
    score += 1
score += 1
print(f"REWARD: {score / 2}")
