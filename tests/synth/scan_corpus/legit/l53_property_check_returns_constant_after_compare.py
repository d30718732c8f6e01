# expect:
"""Checks written as properties and a classmethod: each compares, then returns a constant."""

import sys

from pptx import Presentation


class DeckChecks:
    def __init__(self, deck):
        self.deck = deck

    @property
    def slide_count(self):
        if len(self.deck.slides) != 6:
            return False
        return True

    @property
    def closing_title(self):
        last = self.deck.slides[len(self.deck.slides) - 1]
        try:
            text = last.shapes.title.text
        except AttributeError:
            return False
        if text.strip() != "Thank you":
            return False
        return True

    @classmethod
    def from_file(cls, path):
        return cls(Presentation(path))

    def notes_present(self):
        for slide in self.deck.slides:
            if not slide.has_notes_slide or not slide.notes_slide.notes_text_frame.text.strip():
                return False
        else:
            return True


try:
    checks = DeckChecks.from_file("/home/user/Documents/pitch.pptx")
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

got = 0
for name, ok in (
    ("count", checks.slide_count),
    ("closing", checks.closing_title),
    ("notes", checks.notes_present()),
):
    print(f"CHECK {name} 1 {'PASS' if ok else 'FAIL'}")
    got += 1 if ok else 0
print(f"REWARD: {got / 3}")
