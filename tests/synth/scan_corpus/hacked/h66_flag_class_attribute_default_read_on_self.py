# expect: direct_bool_assignment
"""A checker class whose 'sorted_ok' attribute is True from the start and never recomputed."""

from docx import Document


class ReportCheck:
    sorted_ok = True

    def __init__(self, path):
        self.doc = Document(path)
        self.title_ok = False

    def run(self):
        heads = [p.text for p in self.doc.paragraphs if p.style.name == "Heading 1"]
        self.title_ok = bool(heads) and heads[0] == "Quarterly Report"

    def score(self):
        return (1 if self.title_ok else 0) + (1 if self.sorted_ok else 0)


check = ReportCheck("/home/user/Documents/report.docx")
check.run()
print(f"CHECK title 1 {'PASS' if check.title_ok else 'FAIL'}")
print(f"CHECK sorted 1 {'PASS' if check.sorted_ok else 'FAIL'}")
print(f"REWARD: {check.score() / 2}")
