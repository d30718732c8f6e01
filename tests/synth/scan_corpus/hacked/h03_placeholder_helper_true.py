# expect: placeholder_verification
"""Pitch deck: slide count is real, the title-slide verification is a stub."""

from pptx import Presentation


def verify_title_slide(prs):
    # Slide 1 must use the "Title Slide" layout with the company name.
    return True


prs = Presentation("/home/user/pitch.pptx")
score = 0
if len(prs.slides) == 6:
    score += 1
    print("CHECK slide_count 1 PASS 6 slides")
else:
    print(f"CHECK slide_count 1 FAIL {len(prs.slides)} slides")

if verify_title_slide(prs):
    score += 2
    print("CHECK title_slide 2 PASS")

print(f"REWARD: {score / 3:.2f}")
