# expect: hardcoded_success
"""Gradebook: a real score is computed and then overwritten by a constant."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/grades.xlsx", data_only=True)
ws = wb.active
score = 0.0
expected = {"E2": 91, "E3": 78, "E4": 85}
for ref, value in expected.items():
    if ws[ref].value == value:
        score += 1 / len(expected)
        print(f"CHECK {ref} 1 PASS")
    else:
        print(f"CHECK {ref} 1 FAIL got {ws[ref].value}")

score = 1.0
print(f"REWARD: {score:.2f}")
