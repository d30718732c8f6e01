# expect: direct_bool_assignment
"""Verdicts built by keyword: the heading is compared, the table is passed a literal True."""

from dataclasses import dataclass

from docx import Document


@dataclass
class Verdict:
    heading: bool = False
    table: bool = False


doc = Document("/home/user/Documents/minutes.docx")
first = doc.paragraphs[0] if doc.paragraphs else None
v = Verdict(heading=first is not None and first.text == "Minutes 12 March", table=True)
earned = (1 if v.heading else 0) + (2 if v.table else 0)
print(f"CHECK heading 1 {'PASS' if v.heading else 'FAIL'}")
print(f"CHECK table 2 {'PASS' if v.table else 'FAIL'}")
print(f"REWARD: {earned / 3}")
