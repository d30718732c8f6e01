# expect: direct_bool_assignment
"""Memo: apply Heading 1 to the title and add a table of contents. The TOC entry is set by
hand after the real heading comparison."""

from docx import Document

POINTS = {"heading": 2, "toc": 2}

doc = Document("/home/user/Documents/memo.docx")
first = next(p for p in doc.paragraphs if p.text.strip())

verdict = {}
verdict["heading"] = first.style.name == "Heading 1"
verdict["toc"] = True

score = sum(POINTS[k] for k, v in verdict.items() if v) / sum(POINTS.values())
for k, v in verdict.items():
    print(f"CHECK {k} {POINTS[k]} {'PASS' if v else 'FAIL'}")
print(f"REWARD: {score:.4f}")
