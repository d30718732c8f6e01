# expect: direct_bool_assignment
"""Calc: a flag set constant in a tuple unpack, then scored at the end."""

import sys

import openpyxl

try:
    ws = openpyxl.load_workbook("/home/user/Documents/budget.xlsx", data_only=True).active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

total_ok = ws["C12"].value == 4820
sorted_ok, bold_ok = True, True

score = 0
for name, ok, pts in (("total", total_ok, 2), ("sorted", sorted_ok, 1), ("bold", bold_ok, 1)):
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
    score += pts if ok else 0
print(f"REWARD: {score / 4}")
