# expect: existence_only
"""A helper named like a verifier only checks that the file exists."""

import os

score = 0


def document_is_valid(path):
    return os.path.isfile(path) and path.endswith(".docx")


for name in ("cover_letter.docx", "resume.docx"):
    if document_is_valid(os.path.join("/home/user/applications", name)):
        score += 1
        print(f"CHECK {name} 1 PASS")
    else:
        print(f"CHECK {name} 1 FAIL")
print(f"REWARD: {score / 2}")
