"""pathlib probes guard the read; the points come from the file's content."""

from pathlib import Path

import openpyxl

target = Path.home() / "Documents" / "summary.xlsx"
points = 0
if target.is_file() and target.stat().st_size > 0:
    ws = openpyxl.load_workbook(target, data_only=True)["Summary"]
    totals = [ws.cell(row=r, column=3).value for r in range(2, 6)]
    if totals == [1200, 950, 1430, 880]:
        points += 2
    if ws["C6"].value == 4460:
        points += 1
print(f"CHECK summary 3 {'PASS' if points == 3 else 'FAIL'} {points} of 3")
print(f"REWARD: {points / 3:.4f}")
