# expect: existence_only
"""Download task: any PDF in Downloads counts."""

import glob

score = 0.0
pdfs = glob.glob("/home/user/Downloads/*.pdf")
if pdfs:
    score += 1.0
    print(f"CHECK downloaded 1 PASS {pdfs[0]}")
else:
    print("CHECK downloaded 1 FAIL")
print(f"REWARD: {score}")
