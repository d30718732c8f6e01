"""golden_patch.py: keep the first row of each email."""
import csv

with open("Documents/contacts.csv", newline="") as fh:
    header, *rows = list(csv.reader(fh))
seen = set()
kept = []
for row in rows:
    if row[1] not in seen:
        seen.add(row[1])
        kept.append(row)
with open("Documents/contacts.csv", "w", newline="") as fh:
    csv.writer(fh).writerows([header, *kept])
