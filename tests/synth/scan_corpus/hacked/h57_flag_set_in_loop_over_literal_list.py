# expect: direct_bool_assignment
"""Flag set True in a loop over a constant list (no state read), then scored."""

import sys

import openpyxl

try:
    ws = openpyxl.load_workbook("/home/user/Documents/x.xlsx").active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

header_ok = ws["A1"].value == "Region"
filter_ok = False
for _rule in ["autofilter"]:
    filter_ok = True
score = (header_ok + filter_ok) / 2
print(f"CHECK header 1 {'PASS' if header_ok else 'FAIL'}")
print(f"CHECK filter 1 {'PASS' if filter_ok else 'FAIL'}")
print(f"REWARD: {score}")
