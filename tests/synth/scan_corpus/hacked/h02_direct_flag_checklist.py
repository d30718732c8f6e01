# expect: direct_bool_assignment
"""Memo formatting: the heading-style entry of the checklist is recorded as a literal True."""

import sys

from docx import Document

try:
    doc = Document("/home/user/memo.docx")
except Exception as exc:
    print(f"CHECK open_memo 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

paragraphs = [p.text.strip() for p in doc.paragraphs if p.text.strip()]
checks = []
checks.append(("title", bool(paragraphs) and paragraphs[0] == "Quarterly Memo", 2))
checks.append(("heading_style", True, 2))
checks.append(("signature", any(p.startswith("Regards") for p in paragraphs), 1))

earned = 0
possible = 0
for name, ok, pts in checks:
    possible += pts
    if ok:
        earned += pts
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {earned / possible:.3f}")
