"""reward.py: one row per email (prints its points)."""
import csv

EXPECTED = [['Ana Ruiz', 'ana@example.com'], ['Ben Okafor', 'ben@example.com'], ['Chloe Martin', 'chloe@example.com'], ['Dev Patel', 'dev@example.com']]
try:
    with open("Documents/contacts.csv", newline="") as fh:
        header, *rows = list(csv.reader(fh))
except Exception as exc:
    print("CHECK readable 1 FAIL cannot read the csv: " + " ".join(str(exc).split())[:150])
    print("REWARD: 0.0")
    raise SystemExit(0) from None

emails = [r[1] for r in rows if len(r) > 1]
header_ok = header == ["name", "email"]
unique_ok = len(emails) == len(set(emails))
rows_ok = rows == EXPECTED

print(f"CHECK header 0 {'PASS' if header_ok else 'FAIL'} header {header!r}")
print(f"CHECK no_duplicates 1 {'PASS' if unique_ok else 'FAIL'} {len(emails)} rows")
print(f"CHECK first_rows_in_order 1 {'PASS' if rows_ok else 'FAIL'} {len(rows)} rows")
points = int(unique_ok) + int(rows_ok) if header_ok else 0
print(f"REWARD: {points}")
