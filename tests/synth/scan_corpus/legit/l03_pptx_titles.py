"""Deck structure from python-pptx; a helper with parameters does the comparison."""

from pptx import Presentation

EXPECTED_TITLES = ["Acme Corp", "Problem", "Solution", "Market", "Team", "Ask"]


def slide_title(slide):
    if slide.shapes.title is None:
        return ""
    return slide.shapes.title.text.strip()


def main():
    try:
        prs = Presentation("/home/user/pitch.pptx")
    except Exception as exc:
        print(f"CHECK open 0 FAIL {exc}")
        print("REWARD: 0.0")
        return
    titles = [slide_title(s) for s in prs.slides]
    score = 0
    if len(titles) == len(EXPECTED_TITLES):
        score += 1
        print("CHECK slide_count 1 PASS")
    else:
        print(f"CHECK slide_count 1 FAIL {len(titles)}")
    matched = sum(1 for got, want in zip(titles, EXPECTED_TITLES, strict=False) if got == want)
    score += 3 * matched / len(EXPECTED_TITLES)
    print(f"CHECK titles 3 {'PASS' if matched == len(EXPECTED_TITLES) else 'FAIL'} {matched}")
    print(f"REWARD: {score / 4:.3f}")


if __name__ == "__main__":
    main()
