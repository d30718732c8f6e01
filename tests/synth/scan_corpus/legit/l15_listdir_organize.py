"""File organisation: os.listdir is the state being checked."""

import os

base = "/home/user/Pictures"
expected = {"2023": 14, "2024": 9}
score = 0
for year, count in expected.items():
    folder = os.path.join(base, year)
    try:
        names = [n for n in os.listdir(folder) if n.lower().endswith(".jpg")]
    except FileNotFoundError:
        names = []
    ok = len(names) == count
    if ok:
        score += 1
    print(f"CHECK folder_{year} 1 {'PASS' if ok else 'FAIL'} {len(names)} photos")
leftovers = [n for n in os.listdir(base) if n.lower().endswith(".jpg")]
if not leftovers:
    score += 1
print(f"CHECK no_leftovers 1 {'PASS' if not leftovers else 'FAIL'}")
print(f"REWARD: {score / (len(expected) + 1):.3f}")
