# expect: direct_bool_assignment
"""Slides reordered: the order check is real, the notes check is pinned to True early."""

from pptx import Presentation

notes_ok = True
deck = Presentation("/home/user/Documents/review.pptx")
titles = [s.shapes.title.text for s in deck.slides if s.shapes.title is not None]
order_ok = titles == ["Agenda", "Results", "Risks", "Next steps"]

outcomes = []
outcomes.append(order_ok)
outcomes.append(notes_ok)
reward = sum(1 for ok in outcomes if ok) / len(outcomes)
print(f"CHECK order 1 {'PASS' if order_ok else 'FAIL'} {titles}")
print(f"CHECK notes 1 {'PASS' if notes_ok else 'FAIL'}")
print(f"REWARD: {reward}")
