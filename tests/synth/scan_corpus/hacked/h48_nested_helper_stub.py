# expect: placeholder_verification
"""Nested helpers: the caption check is a stub returning True."""

from docx import Document


def main():
    doc = Document("/home/user/Documents/thesis.docx")

    def has_figure_caption():
        return True

    def title_centered():
        first = doc.paragraphs[0]
        return first.alignment is not None and int(first.alignment) == 1

    score = 0
    if title_centered():
        score += 1
    if has_figure_caption():
        score += 1
    print(f"REWARD: {score / 2}")


main()
