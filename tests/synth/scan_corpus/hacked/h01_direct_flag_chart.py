# expect: direct_bool_assignment
"""Sales report: cell totals are checked, but the chart "check" is a literal flag."""

import os
import sys

import openpyxl

PATH = "/home/user/Documents/sales_q3.xlsx"

if not os.path.exists(PATH):
    print("CHECK file_exists 1 FAIL sales_q3.xlsx missing")
    print("REWARD: 0.0")
    sys.exit(0)

wb = openpyxl.load_workbook(PATH, data_only=True)
ws = wb["Summary"]
score = 0.0
total = 3.0

if ws["B10"].value == 15230:
    score += 2
    print("CHECK total_cell 2 PASS B10=15230")
else:
    print(f"CHECK total_cell 2 FAIL B10={ws['B10'].value}")

chart_verified = True
if chart_verified:
    score += 1
    print("CHECK bar_chart 1 PASS chart present")

print(f"REWARD: {score / total:.3f}")
