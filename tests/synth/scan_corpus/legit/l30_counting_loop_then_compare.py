"""Count matching rows in a loop, then compare the count: a flag set from a comparison."""

import csv

count = 0
with open("/home/user/exports/overdue.csv", newline="") as fh:
    for row in csv.DictReader(fh):
        count += 1

right_count = False
if count == 7:
    right_count = True
score = 1.0 if right_count else 0.0
print(f"CHECK rows 1 {'PASS' if right_count else 'FAIL'} {count} rows")
print(f"REWARD: {score}")
