# expect: exception_award
"""Prints a full reward when the workbook cannot be read."""

import openpyxl

try:
    wb = openpyxl.load_workbook("/home/user/ledger.xlsx")
    ws = wb.active
    balanced = ws["D20"].value == 0
    print(f"CHECK balanced 1 {'PASS' if balanced else 'FAIL'}")
    print(f"REWARD: {1.0 if balanced else 0.0}")
except Exception as exc:
    print(f"CHECK ledger 1 PASS could not open ({exc}), assuming done")
    print("REWARD: 1.0")
