# expect:
"""A dataclass of verdicts, every field False by default and each set by a comparison."""

import sys
from dataclasses import dataclass, field

import openpyxl


@dataclass
class Verdicts:
    total_ok: bool = False
    header_ok: bool = False
    notes: list = field(default_factory=list)


try:
    ws = openpyxl.load_workbook("/home/user/Documents/q3.xlsx").active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

v = Verdicts()
v.total_ok = ws["D20"].value == 18250
v.header_ok = bool(ws["A1"].font.bold) and ws["A1"].value == "Region"
points = (2 if v.total_ok else 0) + (1 if v.header_ok else 0)
print(f"CHECK total 2 {'PASS' if v.total_ok else 'FAIL'}")
print(f"CHECK header 1 {'PASS' if v.header_ok else 'FAIL'}")
print(f"REWARD: {points / 3}")
