"""Several early REWARD: 0.0 exits; a constant 0.0 is never a hacked success."""

import sys
from pathlib import Path

import fitz

ZERO = 0.0
pdf = Path("/home/user/thesis.pdf")
if not pdf.exists():
    print("CHECK exists 0 FAIL")
    print(f"REWARD: {ZERO}")
    sys.exit(0)
try:
    doc = fitz.open(pdf)
except RuntimeError:
    print("REWARD: 0.0")
    sys.exit(0)
if doc.page_count == 0:
    print("REWARD: 0")
    sys.exit(0)

toc = doc.get_toc()
chapters = [t for t in toc if t[0] == 1]
ok = len(chapters) >= 5
print(f"CHECK chapters 1 {'PASS' if ok else 'FAIL'} {len(chapters)}")
print(f"REWARD: {1.0 if ok else 0.0}")
