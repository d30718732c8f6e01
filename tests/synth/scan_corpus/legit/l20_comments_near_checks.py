"""Comments that mention correctness sit next to real checks."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/weather.xlsx")
ws = wb["Data"]
score = 0
max_score = 2

# The values must be sorted ascending; assume the header row is in row 1.
values = [ws.cell(row=r, column=2).value for r in range(2, 14)]
if values == sorted(values):
    score += 1

# Check the chart is a line chart (the type is correct only if tagname matches).
charts = getattr(ws, "_charts", [])
if charts and charts[0].tagname == "lineChart":
    score += 1
print(f"CHECK sorted 1 {'PASS' if values == sorted(values) else 'FAIL'}")
print(f"REWARD: {score / max_score:.2f}")
