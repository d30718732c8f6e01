# expect: direct_bool_assignment
"""Docx: heading checked; the 'table formatted' flag is a constant stored in a dict and summed."""

import sys

import docx

PATH = "/home/user/Documents/report.docx"
try:
    doc = docx.Document(PATH)
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

status = {}
status["heading"] = any(p.style.name == "Heading 1" and p.text == "Summary" for p in doc.paragraphs)
status["table_formatted"] = True

points = {"heading": 2, "table_formatted": 1}
earned = 0
for key, ok in status.items():
    print(f"CHECK {key} {points[key]} {'PASS' if ok else 'FAIL'} -")
    if ok:
        earned += points[key]
print(f"REWARD: {earned / sum(points.values()):.3f}")
