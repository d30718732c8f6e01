# expect: existence_only
"""Existence only: a Path method compared to True, the score assigned in branches."""

from pathlib import PurePath, Path

p = Path(str(PurePath("/home/user") / "Backup" / "db.sql.gz"))
if p.exists() == True:  # noqa: E712
    score = 1.0
else:
    score = 0.0
print(f"CHECK backup 1 {'PASS' if score else 'FAIL'}")
print(f"REWARD: {score}")
