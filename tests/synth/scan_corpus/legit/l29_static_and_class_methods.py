"""Static and class methods as comparison helpers over a docx."""

from docx import Document


class Compare:
    @staticmethod
    def same_text(a, b):
        if " ".join(a.split()).casefold() != " ".join(b.split()).casefold():
            return False
        return True

    @classmethod
    def is_heading(cls, paragraph, level):
        if paragraph.style is None or paragraph.style.name != f"Heading {level}":
            return False
        return True


doc = Document("/home/user/Documents/minutes.docx")
paras = [p for p in doc.paragraphs if p.text.strip()]
title_ok = bool(paras) and Compare.same_text(paras[0].text, "Board Minutes")
heading_ok = bool(paras) and Compare.is_heading(paras[0], 1)
score = (2 if title_ok else 0) + (1 if heading_ok else 0)
print(f"CHECK title 2 {'PASS' if title_ok else 'FAIL'}")
print(f"CHECK heading 1 {'PASS' if heading_ok else 'FAIL'}")
print(f"REWARD: {score / 3:.4f}")
