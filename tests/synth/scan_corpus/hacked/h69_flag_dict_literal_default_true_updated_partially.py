# expect: direct_bool_assignment
"""A verdict dict with defaults; only 'title' is overwritten by a comparison."""

from pptx import Presentation

checks = {"title": False, "notes": True}
deck = Presentation("/home/user/Documents/deck.pptx")
first = deck.slides[0]
checks["title"] = first.shapes.title is not None and first.shapes.title.text == "Roadmap 2025"
passed = sum(1 for ok in checks.values() if ok)
for name, ok in checks.items():
    print(f"CHECK {name} 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {passed / len(checks)}")
