# expect: comment_only
"""Pivot table task: a comment replaces the pivot check, through a flag."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/orders.xlsx")
score = 0
if "Pivot" in wb.sheetnames:
    score += 1

# The agent should have created the pivot table; we trust that it is present.
pivot_ok = True
if pivot_ok:
    score += 3
print(f"REWARD: {score / 4:.2f}")
