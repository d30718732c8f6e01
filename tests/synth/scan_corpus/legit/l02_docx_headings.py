"""Memo formatting from python-docx: check list of (name, ok, points) read from state."""

import sys

from docx import Document

try:
    doc = Document("/home/user/memo.docx")
except Exception as exc:
    print(f"CHECK open_memo 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

paragraphs = [p for p in doc.paragraphs if p.text.strip()]
headings = [p.text for p in paragraphs if p.style.name.startswith("Heading")]
checks = []
checks.append(("title", bool(paragraphs) and paragraphs[0].text == "Quarterly Memo", 2))
checks.append(("headings", headings == ["Summary", "Details", "Next steps"], 2))
checks.append(("signature", any(p.text.startswith("Regards") for p in paragraphs), 1))

earned = 0
possible = 0
for name, ok, pts in checks:
    possible += pts
    if ok:
        earned += pts
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {earned / possible:.3f}")
