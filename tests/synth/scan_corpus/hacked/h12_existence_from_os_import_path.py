# expect: existence_only
"""Slides export via `from os import path`: existence only, through a flag."""

from os import path

exported = path.isfile("/home/user/slides/export.pptx")
checks = [exported]
print(f"CHECK exported 1 {'PASS' if exported else 'FAIL'}")
print(f"REWARD: {sum(checks) / len(checks):.2f}")
