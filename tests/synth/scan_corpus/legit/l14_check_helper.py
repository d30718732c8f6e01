"""The usual check() helper: every call passes a state comparison."""

import csv

score = 0.0
total = 0.0


def check(name, points, ok, detail=""):
    global score, total
    total += points
    if ok:
        score += points
    print(f"CHECK {name} {points} {'PASS' if ok else 'FAIL'} {detail}")


try:
    with open("/home/user/inventory.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
except OSError as exc:
    print(f"CHECK read 0 FAIL {exc}")
    rows = []

skus = [r.get("sku", "") for r in rows]
check("row_count", 2, len(rows) == 40, f"{len(rows)} rows")
check("sorted_by_sku", 2, skus == sorted(skus))
check("no_duplicates", 1, len(set(skus)) == len(skus))
print(f"REWARD: {score / total if total else 0.0:.3f}")
