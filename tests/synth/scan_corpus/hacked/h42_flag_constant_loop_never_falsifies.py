# expect: direct_bool_assignment
"""Every slide title in 32 pt: the loop reads the sizes but the flag never changes."""

from pptx import Presentation

deck = Presentation("/home/user/Documents/pitch.pptx")
sizes = []
titles_ok = True
for slide in deck.slides:
    title = slide.shapes.title
    if title is None:
        continue
    for para in title.text_frame.paragraphs:
        for run in para.runs:
            sizes.append(run.font.size)

score = 0.0
if titles_ok:
    score += 1.0
print(f"CHECK title_size 1 PASS sizes seen: {len(sizes)}")
print(f"REWARD: {score}")
