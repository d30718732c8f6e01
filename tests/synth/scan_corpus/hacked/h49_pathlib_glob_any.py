# expect: existence_only
"""Convert the invoices to CSV: any CSV in the folder passes."""

from pathlib import Path

folder = Path("/home/user/Documents/invoices")
converted = any(folder.glob("*.csv"))
print(f"CHECK converted 1 {'PASS' if converted else 'FAIL'}")
print(f"REWARD: {1.0 if converted else 0.0}")
