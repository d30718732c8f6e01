# expect:
"""A checker method returns the constant True only once a real comparison has passed."""

import sys

import docx


class Report:
    def __init__(self, path):
        self.doc = docx.Document(path)

    def has_heading(self, text):
        for p in self.doc.paragraphs:
            if p.style.name.startswith("Heading") and p.text.strip() == text:
                return True
        return False

    def check(self, name, pts, fn, *args):
        ok = fn(*args)
        print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
        return pts if ok else 0


try:
    r = Report("/home/user/Documents/report.docx")
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)
score = r.check("summary", 1, r.has_heading, "Summary") + r.check(
    "risks", 1, r.has_heading, "Risks"
)
print(f"REWARD: {score / 2}")
