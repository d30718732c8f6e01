# expect: existence_only
"""Existence only: counted with sum() of Path.is_file() over a generator."""

import pathlib

root = pathlib.Path("/home/user/Sorted")
names = ["x.jpg", "y.jpg", "z.jpg"]
found = sum((root / "Images" / n).is_file() for n in names)
print(f"CHECK moved 3 {'PASS' if found == 3 else 'FAIL'} {found}/3")
print(f"REWARD: {found / 3:.3f}")
