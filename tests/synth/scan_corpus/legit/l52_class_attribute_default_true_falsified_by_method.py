# expect:
"""A checker class starts 'sorted_ok' True and its run() falsifies it on the first bad pair."""

from docx import Document


class ReportCheck:
    sorted_ok = True

    def __init__(self, path):
        self.doc = Document(path)

    def run(self):
        heads = [p.text for p in self.doc.paragraphs if p.style.name == "Heading 2"]
        if not heads:
            self.sorted_ok = False
        for a, b in zip(heads, heads[1:]):
            if a.lower() > b.lower():
                self.sorted_ok = False


check = ReportCheck("/home/user/Documents/report.docx")
check.run()
print(f"CHECK sorted 1 {'PASS' if check.sorted_ok else 'FAIL'}")
print(f"REWARD: {1.0 if check.sorted_ok else 0.0}")
