"""A flag set True inside a loop, only for the item whose state matches."""

from pptx import Presentation

deck = Presentation("/home/user/Documents/launch.pptx")
found_chart = False
for slide in deck.slides:
    for shape in slide.shapes:
        if shape.has_chart and shape.chart.chart_title.text_frame.text == "Signups":
            found_chart = True

notes_ok = False
for slide in deck.slides:
    if slide.has_notes_slide and "launch date" in slide.notes_slide.notes_text_frame.text:
        notes_ok = True

score = 0
score += 2 if found_chart else 0
score += 1 if notes_ok else 0
print(f"CHECK chart 2 {'PASS' if found_chart else 'FAIL'}")
print(f"CHECK notes 1 {'PASS' if notes_ok else 'FAIL'}")
print(f"REWARD: {score / 3:.4f}")
