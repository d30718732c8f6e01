"""glob finds the file, the workbook content decides."""

import glob
import sys

from openpyxl import load_workbook as lw

candidates = sorted(glob.glob("/home/user/Downloads/*.xlsx"))
if not candidates:
    print("CHECK found 0 FAIL no workbook")
    print("REWARD: 0.0")
    sys.exit(0)

wb = lw(candidates[-1], read_only=True)
ws = wb.worksheets[0]
first_row = [c.value for c in next(ws.iter_rows(max_row=1))]
ok = first_row[:3] == ["Date", "Amount", "Category"]
print(f"CHECK header 1 {'PASS' if ok else 'FAIL'} {first_row[:3]}")
print(f"REWARD: {1.0 if ok else 0.0}")
