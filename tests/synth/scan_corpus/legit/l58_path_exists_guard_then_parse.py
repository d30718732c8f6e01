# expect:
"""Export to CSV: existence is a guard, the rows decide."""

import csv
from pathlib import Path

out = Path.home() / "Documents" / "contacts.csv"
ok = False
if out.is_file():
    with out.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    ok = len(rows) == 13 and rows[0] == ["name", "email", "region"]
print(f"CHECK exported 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
