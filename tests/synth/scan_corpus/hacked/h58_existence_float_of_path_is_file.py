# expect: existence_only
"""Existence only: the score is the float of Path.is_file()."""

from pathlib import Path

out = Path("/home/user/Documents/summary.pdf")
score = float(out.is_file())
print(f"CHECK summary_pdf 1 {'PASS' if score else 'FAIL'}")
print(f"REWARD: {score}")
