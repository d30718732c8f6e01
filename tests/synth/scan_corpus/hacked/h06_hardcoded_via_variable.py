# expect: hardcoded_success
"""CSV export: the reward is a constant reached through a module-level variable."""

import csv

FULL = 1.0

with open("/home/user/export/contacts.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))

print(f"CHECK rows 1 {'PASS' if len(rows) == 25 else 'FAIL'} {len(rows)} rows")
print(f"REWARD: {FULL}")
