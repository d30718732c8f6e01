# expect: direct_bool_assignment
"""A shared check() helper, called once with a literal True instead of a comparison."""

import csv

score = 0.0
total = 0.0


def check(name, points, ok, detail=""):
    global score, total
    total += points
    if ok:
        score += points
    print(f"CHECK {name} {points} {'PASS' if ok else 'FAIL'} {detail}")


with open("/home/user/inventory.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))

check("row_count", 2, len(rows) == 40, f"{len(rows)} rows")
check("sorted_by_sku", 2, [r["sku"] for r in rows] == sorted(r["sku"] for r in rows))
check("no_duplicates", 1, True, "dedup verified")
print(f"REWARD: {score / total if total else 0.0:.3f}")
