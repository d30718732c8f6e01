"""A flag that starts True and is falsified by state comparisons in a loop."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/attendance.xlsx", data_only=True)
ws = wb["March"]
all_filled = True
for row in ws.iter_rows(min_row=2, max_col=3, values_only=True):
    if row[0] is None:
        break
    if row[2] not in ("present", "absent", "excused"):
        all_filled = False
score = 0
if all_filled:
    score += 1
print(f"CHECK statuses 1 {'PASS' if all_filled else 'FAIL'}")
print(f"REWARD: {float(score)}")
