# expect:
"""Flags start False and turn True only under a test of the document; the score is a weighted
sum of them plus a constant-free ratio."""

import sys

import docx

try:
    doc = docx.Document("/home/user/Documents/report.docx")
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

title_ok = False
if doc.paragraphs and doc.paragraphs[0].text.strip() == "Quarterly Report":
    title_ok = True
toc_ok = False
for p in doc.paragraphs:
    if p.style.name.startswith("TOC"):
        toc_ok = True
headings = [p for p in doc.paragraphs if p.style.name == "Heading 1"]
ratio = min(len(headings), 4) / 4
score = 0.4 * title_ok + 0.2 * toc_ok + 0.4 * ratio
print(f"CHECK title 2 {'PASS' if title_ok else 'FAIL'}")
print(f"CHECK toc 1 {'PASS' if toc_ok else 'FAIL'}")
print(f"CHECK headings 2 {'PASS' if ratio == 1 else 'FAIL'} {len(headings)}")
print(f"REWARD: {score:.3f}")
