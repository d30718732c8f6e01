# expect:
"""Checks as static methods of a namespace class; each returns a constant after a comparison."""

import sys

from pptx import Presentation


class Slides:
    @staticmethod
    def title_is(prs, index, text):
        slide = prs.slides[index]
        if slide.shapes.title is None:
            return False
        if slide.shapes.title.text_frame.text.strip() != text:
            return False
        return True

    @staticmethod
    def count_is(prs, n):
        try:
            assert len(prs.slides) == n
        except AssertionError:
            return 0.0
        return 1.0


try:
    prs = Presentation("/home/user/Documents/deck.pptx")
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)
a = Slides.title_is(prs, 0, "Q3 Review")
b = Slides.count_is(prs, 5)
print(f"CHECK title 1 {'PASS' if a else 'FAIL'}")
print(f"CHECK count 1 {'PASS' if b else 'FAIL'}")
print(f"REWARD: {(a + b) / 2}")
