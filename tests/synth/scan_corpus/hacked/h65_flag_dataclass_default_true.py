# expect: direct_bool_assignment
"""A dataclass holds the verdicts: the total is compared, 'bold_header' keeps its default True."""

import sys
from dataclasses import dataclass

import openpyxl


@dataclass
class Verdicts:
    total_ok: bool = False
    bold_header: bool = True


try:
    ws = openpyxl.load_workbook("/home/user/Documents/q3.xlsx").active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

v = Verdicts()
v.total_ok = ws["D20"].value == 18250
points = (2 if v.total_ok else 0) + (1 if v.bold_header else 0)
print(f"CHECK total 2 {'PASS' if v.total_ok else 'FAIL'}")
print(f"CHECK bold_header 1 {'PASS' if v.bold_header else 'FAIL'}")
print(f"REWARD: {points / 3}")
