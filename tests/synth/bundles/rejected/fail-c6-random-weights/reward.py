"""reward.py: a Total row with the sum (weights drawn at random)."""
import random

import os

import openpyxl

try:
    ws = openpyxl.load_workbook("Documents/budget.xlsx")["Budget"]
    rows = [list(r[:2]) for r in ws.iter_rows(values_only=True)]
    before = os.path.join(os.environ["CUAGYM_INITIAL_HOME"], "Documents/budget.xlsx")
    initial = openpyxl.load_workbook(before)["Budget"].iter_rows(values_only=True)
    initial = [list(r[:2]) for r in initial]
    last_bold = bool(ws.cell(row=ws.max_row, column=1).font.bold)
except Exception as exc:
    print("CHECK readable 1 FAIL cannot read the workbook: " + " ".join(str(exc).split())[:150])
    print("REWARD: 0.0")
    raise SystemExit(0) from None

items = [r for r in rows[1:] if r[0] not in (None, "Total")]
expected = sum(r[1] for r in items if isinstance(r[1], int | float))
last = rows[-1]
label_ok = last[0] == "Total"
value_ok = label_ok and isinstance(last[1], int | float) and abs(last[1] - expected) < 1e-9
kept_ok = rows[:-1] == initial  # the task adds a row: every other row stays as it was

checks = [
    ("total_label", random.uniform(1, 3), label_ok),
    ("total_value", random.uniform(1, 3), value_ok),
]
for name, points, ok in checks:
    print(f"CHECK {name} {points!r} {'PASS' if ok else 'FAIL'}")
earned = sum(points for _, points, ok in checks if ok)
print(f"REWARD: {earned / sum(points for _, points, _ in checks)}")
