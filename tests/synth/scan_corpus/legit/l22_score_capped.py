"""Score capped with min(1.0, ...) and rounded; loops over rows from the state."""

import csv

with open("/home/user/grades.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))

expected = {"alice": "A", "bob": "B+", "chen": "A-"}
score = 0.0
for row in rows:
    name = row.get("student", "").lower()
    if name in expected and row.get("grade") == expected[name]:
        score += 1 / len(expected)
        print(f"CHECK {name} 1 PASS")
reward = min(1.0, score)
reward = round(reward, 3)
print(f"REWARD: {reward}")
