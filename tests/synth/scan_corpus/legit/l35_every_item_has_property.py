"""A flag that starts False, set True for a non-empty list in which every item matched."""

from docx import Document

doc = Document("/home/user/Documents/policy.docx")
headings = [p for p in doc.paragraphs if p.style is not None and p.style.name.startswith("Heading")]
numbered = False
if headings:
    numbered = True
    for p in headings:
        if not p.text[:1].isdigit():
            numbered = False
print(f"CHECK numbered 1 {'PASS' if numbered else 'FAIL'} {len(headings)} headings")
print(f"REWARD: {1.0 if numbered else 0.0}")
