# expect: direct_bool_assignment
"""Renumbered list: a mismatch is only printed; the flag keeps the True it started with."""

from docx import Document

doc = Document("/home/user/Documents/steps.docx")
items = [p.text for p in doc.paragraphs if p.style.name == "List Number"]
numbered_ok = True
for i, text in enumerate(items):
    if not text:
        print(f"empty item {i}")
count_ok = len(items) == 7
reward = 0.5 * count_ok + 0.5 * numbered_ok
print(f"CHECK count 1 {'PASS' if count_ok else 'FAIL'}")
print(f"CHECK numbered 1 {'PASS' if numbered_ok else 'FAIL'}")
print(f"REWARD: {reward}")
