# expect: existence_only
"""Renamed spreadsheet: pathlib is_file decides the whole reward."""

from pathlib import Path

report = Path("/home/user") / "Documents" / "inventory_final.xlsx"
reward = 1.0 if report.is_file() else 0.0
print(f"CHECK renamed 1 {'PASS' if reward else 'FAIL'}")
print(f"REWARD: {reward}")
