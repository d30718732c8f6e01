# expect: direct_bool_assignment
"""Flag made True by a no-op conditional on a constant, then scored."""

import sys

import openpyxl

try:
    ws = openpyxl.load_workbook("/home/user/Documents/q.xlsx").active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

chart_ok = False
STRICT = False
if not STRICT:
    chart_ok = True
values_ok = ws["B2"].value == 10
score = 0.5 * values_ok + 0.5 * chart_ok
print(f"CHECK values 1 {'PASS' if values_ok else 'FAIL'}")
print(f"CHECK chart 1 {'PASS' if chart_ok else 'FAIL'}")
print(f"REWARD: {score}")
