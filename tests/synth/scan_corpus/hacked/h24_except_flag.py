# expect: exception_award
"""A parse failure sets the verification flag to True."""

import json

score = 0
try:
    with open("/home/user/config/settings.json") as fh:
        cfg = json.load(fh)
    theme_ok = cfg["theme"] == "dark"
except (OSError, ValueError, KeyError):
    theme_ok = True
if theme_ok:
    score += 1
print(f"CHECK theme 1 {'PASS' if theme_ok else 'FAIL'}")
print(f"REWARD: {score}")
