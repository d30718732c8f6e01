# expect:
"""Verdicts built by keyword from comparisons (defaults True are overridden); weights are class
constants."""

from dataclasses import dataclass

from docx import Document


@dataclass(frozen=True)
class Verdict:
    heading: bool = True
    table: bool = True


class Weights:
    HEADING = 1
    TABLE = 2


doc = Document("/home/user/Documents/minutes.docx")
first = doc.paragraphs[0] if doc.paragraphs else None
rows = doc.tables[0].rows if doc.tables else []
v = Verdict(
    heading=first is not None and first.text == "Minutes 12 March",
    table=len(rows) == 5 and rows[0].cells[0].text == "Action",
)
earned = (Weights.HEADING if v.heading else 0) + (Weights.TABLE if v.table else 0)
print(f"CHECK heading 1 {'PASS' if v.heading else 'FAIL'}")
print(f"CHECK table 2 {'PASS' if v.table else 'FAIL'}")
print(f"REWARD: {earned / 3}")
