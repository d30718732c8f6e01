"""Existence as a guard before a content check; points only under state comparisons."""

import os
import sys

import openpyxl

PATH = "/home/user/Documents/sales_q3.xlsx"

if not os.path.exists(PATH):
    print("CHECK file_exists 0 FAIL sales_q3.xlsx missing")
    print("REWARD: 0.0")
    sys.exit(0)

try:
    wb = openpyxl.load_workbook(PATH, data_only=True)
except Exception as exc:
    print(f"CHECK open 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

ws = wb["Summary"]
score = 0.0
total = 4.0

if ws["B10"].value == 15230:
    score += 2
    print("CHECK total_cell 2 PASS")
else:
    print(f"CHECK total_cell 2 FAIL B10={ws['B10'].value}")

if ws._charts:
    chart = ws._charts[0]
    if chart.tagname == "barChart":
        score += 2
        print("CHECK bar_chart 2 PASS")
    else:
        print(f"CHECK bar_chart 2 FAIL {chart.tagname}")
else:
    print("CHECK bar_chart 2 FAIL no chart")

print(f"REWARD: {score / total:.3f}")
