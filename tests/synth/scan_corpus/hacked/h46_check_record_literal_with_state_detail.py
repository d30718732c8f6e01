# expect: direct_bool_assignment
"""Bold header row: the record's detail reads the cell, its verdict is a literal."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/Documents/budget.xlsx")
ws = wb.active
checks = []
checks.append(("title", 1, ws["A1"].value == "Budget 2025", f"A1 is {ws['A1'].value!r}"))
checks.append(("header_bold", 2, True, f"B2 font: {ws['B2'].font.b}"))
total = sum(points for _, points, _, _ in checks)
earned = sum(points for _, points, passed, _ in checks if passed)
for name, points, passed, detail in checks:
    print(f"CHECK {name} {points} {'PASS' if passed else 'FAIL'} {detail}")
print(f"REWARD: {round(earned / total, 4)}")
