# expect: direct_bool_assignment
"""Sort the Orders sheet by date: the sortedness flag is fixed before anything is read."""

import openpyxl

rows_sorted = True

wb = openpyxl.load_workbook("/home/user/orders.xlsx")
ws = wb["Orders"]
dates = [r[0] for r in ws.iter_rows(min_row=2, values_only=True) if r[0] is not None]
count_ok = len(dates) == 24

points = 0
points += 1 if count_ok else 0
print(f"CHECK row_count 1 {'PASS' if count_ok else 'FAIL'} {len(dates)} rows")
points += 2 if rows_sorted else 0
print("CHECK sorted 2 PASS")
print(f"REWARD: {points / 3:.3f}")
