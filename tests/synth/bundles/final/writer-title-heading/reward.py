"""reward.py: the first paragraph is a Heading 1 reading Quarterly Report."""
import docx

try:
    paragraphs = docx.Document("Documents/report.docx").paragraphs
    text, style = paragraphs[0].text.strip(), paragraphs[0].style.name
    body = [p.text for p in paragraphs[1:]]
except Exception as exc:
    print("CHECK readable 1 FAIL cannot read the document: " + " ".join(str(exc).split())[:150])
    print("REWARD: 0.0")
    raise SystemExit(0) from None

text_ok = text == "Quarterly Report"
style_ok = style == "Heading 1"
body_ok = body == [
    "Revenue grew 4% over the previous quarter, led by the subscription plans.",
    "Costs stayed flat; hiring resumes next quarter.",
]

print(f"CHECK title_text 1 {'PASS' if text_ok else 'FAIL'} first line {text!r}")
print(f"CHECK title_style 1 {'PASS' if style_ok else 'FAIL'} style {style!r}")
print(f"CHECK body_kept 0 {'PASS' if body_ok else 'FAIL'} {len(body)} body paragraphs")
score = (int(text_ok) + int(style_ok)) / 2 if body_ok else 0.0
print(f"REWARD: {score}")
