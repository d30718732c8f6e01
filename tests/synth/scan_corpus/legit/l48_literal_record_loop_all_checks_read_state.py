# expect:
"""Records in a literal tuple, every verdict read from the sheet; a running score and early
defaults that the checks overwrite."""

import sys

import openpyxl

try:
    ws = openpyxl.load_workbook("/home/user/Documents/budget.xlsx", data_only=True).active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

total_ok, header_ok = False, False
total_ok, header_ok = ws["C12"].value == 4820, ws["A1"].value == "Region"
sorted_ok = [ws[f"A{r}"].value for r in range(2, 12)] == sorted(
    ws[f"A{r}"].value for r in range(2, 12)
)

score = 0
for name, ok, pts in (("total", total_ok, 2), ("header", header_ok, 1), ("sorted", sorted_ok, 1)):
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
    score += pts if ok else 0
print(f"REWARD: {score / 4}")
