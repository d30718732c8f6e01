"""reward.py: Budget ends with a Total row holding the sum of the amounts."""
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

print(f"CHECK total_label 1 {'PASS' if label_ok else 'FAIL'} last label {last[0]!r}")
print(f"CHECK total_value 1 {'PASS' if value_ok else 'FAIL'} got {last[1]!r}, want {expected}")
print(f"CHECK items_kept 0 {'PASS' if kept_ok else 'FAIL'} the rows above the total")
print(f"REWARD: {(int(label_ok) + int(value_ok)) / 2 if kept_ok else 0.0}")
