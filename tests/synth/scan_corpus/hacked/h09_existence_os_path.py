# expect: existence_only
"""Report conversion: points for the PDF existing, nothing looks inside it."""

import os

score = 0
total = 2
if os.path.exists("/home/user/report.pdf"):
    score += 2
    print("CHECK pdf_exported 2 PASS")
else:
    print("CHECK pdf_exported 2 FAIL")
print(f"REWARD: {score / total}")
