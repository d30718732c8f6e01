"""The impress world builder of ``initial_setup.py``: a JSON deck spec rendered as a .pptx.

Decks are built on python-pptx's default template (layouts: 0 Title Slide, 1 Title and Content,
3 Two Content, 5 Title Only). Slide keys: layout (index), title, subtitle, bullets, notes,
table (rows, the first the header).
"""

# mypy: allow-untyped-defs, allow-untyped-calls
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# fmt: off
# -- inlined into reward.py --
from pptx import Presentation
from pptx.util import Inches


def fill(text_frame, lines):
    text_frame.text = lines[0]
    for line in lines[1:]:
        text_frame.add_paragraph().text = line


def build_pptx(spec):
    deck = Presentation()
    deck.core_properties.title = spec["title"]
    for s in spec["slides"]:
        slide = deck.slides.add_slide(deck.slide_layouts[s["layout"]])
        slide.shapes.title.text = s["title"]
        if s.get("subtitle"):
            slide.placeholders[1].text = s["subtitle"]
        if s.get("bullets"):
            fill(slide.placeholders[1].text_frame, s["bullets"])
        if s.get("table"):
            rows = s["table"]
            frame = slide.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(1.8),
                                           Inches(9), Inches(0.4) * len(rows))
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    frame.table.cell(r, c).text = value
        if s.get("notes"):
            slide.notes_slide.notes_text_frame.text = s["notes"]
    deck.save(spec["path"])
