# expect: existence_only
"""Existence only: a results dict filled from Path(...).exists() for each expected file."""

from pathlib import Path

HOME = Path("/home/user")
expected = ["Archive/2023/a.txt", "Archive/2023/b.txt", "Archive/2024/c.txt"]
results = {}
for rel in expected:
    results[rel] = (HOME / rel).exists()
for rel, ok in results.items():
    print(f"CHECK {rel} 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {sum(results.values()) / len(results):.3f}")
