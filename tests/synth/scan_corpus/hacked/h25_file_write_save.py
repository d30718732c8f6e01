# expect: file_write
"""Fixes the workbook itself before checking it."""

import openpyxl

PATH = "/home/user/payroll.xlsx"
wb = openpyxl.load_workbook(PATH)
ws = wb.active
ws["F2"] = "=SUM(B2:E2)"
wb.save(PATH)
ok = ws["F2"].value == "=SUM(B2:E2)"
print(f"CHECK formula 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
