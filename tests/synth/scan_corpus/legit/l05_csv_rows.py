"""CSV export compared with expected rows."""

import csv
import sys

EXPECTED_HEADER = ["name", "email", "phone"]

try:
    with open("/home/user/export/contacts.csv", newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        rows = list(reader)
except (OSError, StopIteration) as exc:
    print(f"CHECK read 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

score = 0.0
if header == EXPECTED_HEADER:
    score += 0.4
    print("CHECK header 0.4 PASS")
else:
    print(f"CHECK header 0.4 FAIL {header}")
emails = [r[1] for r in rows if len(r) > 1]
if len(rows) == 25 and all("@" in e for e in emails):
    score += 0.6
    print("CHECK rows 0.6 PASS")
else:
    print(f"CHECK rows 0.6 FAIL {len(rows)}")
print(f"REWARD: {round(score, 3)}")
