# expect: dynamic_code
"""Evaluates a formula taken from the workbook with eval()."""

import openpyxl

ws = openpyxl.load_workbook("/home/user/calc.xlsx").active
formula = str(ws["B1"].value or "").lstrip("=")
try:
    value = eval(formula.replace("^", "**"))
except Exception:
    value = None
ok = value == 144
print(f"CHECK formula 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
