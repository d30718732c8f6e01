# expect: placeholder_verification
"""Check results collected from helpers; one helper never looks at the document."""

from docx import Document


def has_title(doc):
    return bool(doc.paragraphs) and doc.paragraphs[0].style.name == "Title"


def has_toc(doc):
    return True


doc = Document("/home/user/handbook.docx")
results = [has_title(doc), has_toc(doc)]
for name, ok in zip(["title", "toc"], results, strict=True):
    print(f"CHECK {name} 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {sum(results) / len(results):.2f}")
