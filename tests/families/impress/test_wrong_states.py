"""Plausible wrong end states of every impress family score below 1.0, in real sandboxes.

Each is what an RL policy may reach: a duplicate action, a collateral change, the right content
in the wrong place or format, partial completion. Most start from the gold state (the golden
patch, then the mistake); ``after_gold=False`` ones replace the golden patch. ``why`` says what
is wrong; bounds pin partial credit where the share of points is the point of the state.
"""

from __future__ import annotations

import pytest

from cuagym.domains import TaskFamily, load_domain
from tests.families.writer.office_checks import Mistake, assert_mistakes_fail

domain = load_domain("impress")

M = Mistake
MISTAKES = [
    # -- speaker-notes ---------------------------------------------------------------------------
    M(
        "speaker-notes",
        "notes_on_the_next_slide",
        "the notes on the wrong slide",
        """
deck = Presentation(P["path"])
slides = list(deck.slides)
slide = slides[index_of(deck, find_slide(deck, P["target"])) + 1]
slide.notes_slide.notes_text_frame.text = P["notes"]
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "speaker-notes",
        "notes_everywhere",
        "the notes pasted on every slide",
        """
deck = Presentation(P["path"])
for slide in deck.slides:
    slide.notes_slide.notes_text_frame.text = P["notes"]
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "speaker-notes",
        "notes_with_more",
        "the notes plus a remark of the agent's own",
        """
deck = Presentation(P["path"])
frame = find_slide(deck, P["target"]).notes_slide.notes_text_frame
frame.add_paragraph().text = "(draft)"
deck.save(P["path"])
""",
        (0.75, 0.75),
    ),
    M(
        "speaker-notes",
        "notes_lower_case",
        "the notes not as given (case)",
        """
deck = Presentation(P["path"])
frame = find_slide(deck, P["target"]).notes_slide.notes_text_frame
frame.text = P["notes"].lower()
deck.save(P["path"])
""",
        (0.75, 0.75),
    ),
    M(
        "speaker-notes",
        "title_retyped",
        "collateral: the slide's title retyped in capitals",
        """
deck = Presentation(P["path"])
title = find_slide(deck, P["target"]).shapes.title
title.text_frame.paragraphs[0].runs[0].text = P["target"].upper()
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- delete-slide ----------------------------------------------------------------------------
    M(
        "delete-slide",
        "deleted_the_real_one",
        "the look-alike slide deleted instead",
        """
deck = Presentation(P["path"])
delete_slide(deck, find_slide(deck, P["target"].removesuffix(" (old draft)")))
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "delete-slide",
        "deleted_both",
        "the real slide deleted as well",
        """
deck = Presentation(P["path"])
delete_slide(deck, find_slide(deck, P["target"].removesuffix(" (old draft)")))
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "delete-slide",
        "emptied_not_deleted",
        "the slide's text cleared, the slide left in",
        """
deck = Presentation(P["path"])
slide = find_slide(deck, P["target"])
for shape in slide.shapes:
    if shape.has_text_frame:
        shape.text_frame.text = ""
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "delete-slide",
        "notes_lost",
        "collateral: another slide's speaker notes removed",
        """
deck = Presentation(P["path"])
for slide in deck.slides:
    if slide.has_notes_slide and slide.notes_slide.notes_text_frame.text:
        slide.notes_slide.notes_text_frame.text = ""
        break
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- fix-typo --------------------------------------------------------------------------------
    M(
        "fix-typo",
        "capitals_lost",
        "Replace All without case: 'Managment' became 'management'",
        """
deck = Presentation(P["path"])
for slide in deck.slides:
    for shape in slide.shapes:
        if shape.has_text_frame:
            for paragraph in shape.text_frame.paragraphs:
                for run in paragraph.runs:
                    run.text = run.text.replace(P["wrong"], P["right"]).replace(
                        P["wrong"].capitalize(), P["right"])
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "fix-typo",
        "one_left",
        "partial: one misspelling left",
        """
deck = Presentation(P["path"])
left = 1
for slide in deck.slides:
    for shape in slide.shapes:
        if shape.has_text_frame:
            for paragraph in shape.text_frame.paragraphs:
                for run in paragraph.runs:
                    if left and P["wrong"] in run.text.casefold():
                        left -= 1
                        continue
                    run.text = run.text.replace(P["wrong"], P["right"]).replace(
                        P["wrong"].capitalize(), P["right"].capitalize())
deck.save(P["path"])
""",
        (0.0, 0.9),
        after_gold=False,
    ),
    M(
        "fix-typo",
        "other_word_changed",
        "collateral: another slide's title edited",
        """
deck = Presentation(P["path"])
title = deck.slides[1].shapes.title.text_frame.paragraphs[0].runs[0]
title.text = title.text + "!"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "fix-typo",
        "bullet_deleted",
        "a corrected bullet deleted instead of kept",
        """
deck = Presentation(P["path"])
for slide in deck.slides:
    for shape in slide.shapes:
        if shape.has_text_frame:
            for paragraph in shape.text_frame.paragraphs:
                if P["right"] in paragraph.text.casefold():
                    paragraph.runs[0].text = "TBD"
                    break
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- add-bullet-slide ------------------------------------------------------------------------
    M(
        "add-bullet-slide",
        "at_the_end",
        "the new slide at the end, not after the named one",
        """
deck = Presentation(P["path"])
slide = deck.slides.add_slide(deck.slide_layouts[1])
slide.shapes.title.text = P["new"]
fill(slide.placeholders[1].text_frame, P["bullets"])
deck.save(P["path"])
""",
        (0.6, 0.6),
        after_gold=False,
    ),
    M(
        "add-bullet-slide",
        "title_lower_case",
        "the title not as given (case)",
        """
deck = Presentation(P["path"])
find_slide(deck, P["new"]).shapes.title.text = P["new"].lower()
deck.save(P["path"])
""",
        (0.8, 0.8),
    ),
    M(
        "add-bullet-slide",
        "extra_text_box",
        "a text box the task did not ask for on the new slide",
        """
deck = Presentation(P["path"])
box = find_slide(deck, P["new"]).shapes.add_textbox(Inches(1), Inches(6), Inches(4), Inches(1))
box.text_frame.text = "Added by the team"
deck.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "add-bullet-slide",
        "neighbour_edited",
        "collateral: the previous slide's bullets changed",
        """
deck = Presentation(P["path"])
slide = find_slide(deck, P["after"])
for shape in slide.placeholders:
    if shape.placeholder_format.idx == 1:
        shape.text_frame.add_paragraph().text = "More to come"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- reorder-slides --------------------------------------------------------------------------
    M(
        "reorder-slides",
        "only_the_first_move",
        "partial: the second move not done",
        """
deck = Presentation(P["path"])
move_slide(deck, find_slide(deck, P["first"]), 1)
deck.save(P["path"])
""",
        (0.25, 0.25),
        after_gold=False,
    ),
    M(
        "reorder-slides",
        "before_the_closer",
        "the slide put before the closing slide, not last",
        """
deck = Presentation(P["path"])
move_slide(deck, find_slide(deck, P["first"]), 1)
move_slide(deck, find_slide(deck, P["last"]), len(deck.slides) - 2)
deck.save(P["path"])
""",
        (0.0, 0.9),
        after_gold=False,
    ),
    M(
        "reorder-slides",
        "rebuilt_not_moved",
        "the moved slide rebuilt: its notes and layout lost",
        """
deck = Presentation(P["path"])
old = find_slide(deck, P["first"])
new = deck.slides.add_slide(deck.slide_layouts[5])
new.shapes.title.text = P["first"]
move_slide(deck, new, index_of(deck, old))
delete_slide(deck, old)
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "reorder-slides",
        "edited_while_moving",
        "collateral: the last slide's title retyped",
        """
deck = Presentation(P["path"])
title = find_slide(deck, P["last"]).shapes.title.text_frame.paragraphs[0].runs[0]
title.text = title.text.upper()
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- title-format ----------------------------------------------------------------------------
    M(
        "title-format",
        "color_left_black",
        "partial: bold and size, but black",
        """
deck = Presentation(P["path"])
for paragraph in deck.slides[0].shapes.title.text_frame.paragraphs:
    for run in paragraph.runs:
        run.font.bold = True
        run.font.size = Pt(P["size"])
        run.font.color.rgb = RGBColor(0, 0, 0)
deck.save(P["path"])
""",
        (0.5, 0.5),
        after_gold=False,
    ),
    M(
        "title-format",
        "italic_too",
        "italics added to what was asked",
        """
deck = Presentation(P["path"])
for paragraph in deck.slides[0].shapes.title.text_frame.paragraphs:
    for run in paragraph.runs:
        run.font.italic = True
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "title-format",
        "every_title",
        "every slide's title formatted, not the title slide's",
        """
deck = Presentation(P["path"])
for slide in deck.slides:
    for paragraph in slide.shapes.title.text_frame.paragraphs:
        for run in paragraph.runs:
            run.font.bold = True
            run.font.size = Pt(P["size"])
            run.font.color.rgb = RGBColor.from_string(P["color"])
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "title-format",
        "size_off",
        "a size near the asked one",
        """
deck = Presentation(P["path"])
for paragraph in deck.slides[0].shapes.title.text_frame.paragraphs:
    for run in paragraph.runs:
        run.font.size = Pt(P["size"] + 2)
deck.save(P["path"])
""",
        (0.75, 0.75),
    ),
    M(
        "title-format",
        "subtitle_too",
        "collateral: the subtitle formatted as well",
        """
deck = Presentation(P["path"])
for paragraph in deck.slides[0].placeholders[1].text_frame.paragraphs:
    for run in paragraph.runs:
        run.font.bold = True
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- two-column-layout -----------------------------------------------------------------------
    M(
        "two-column-layout",
        "appended_to_one_column",
        "the new points added under the old ones",
        """
deck = Presentation(P["path"])
body = find_slide(deck, P["target"]).placeholders[1].text_frame
for line in P["right"]:
    body.add_paragraph().text = line
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "two-column-layout",
        "columns_swapped",
        "the kept points on the right, the new on the left",
        """
deck = Presentation(P["path"])
old = find_slide(deck, P["target"])
new = deck.slides.add_slide(deck.slide_layouts[3])
new.shapes.title.text = P["target"]
fill(new.placeholders[1].text_frame, P["right"])
fill(new.placeholders[2].text_frame, P["left"])
if old.has_notes_slide:
    new.notes_slide.notes_text_frame.text = old.notes_slide.notes_text_frame.text
move_slide(deck, new, index_of(deck, old))
delete_slide(deck, old)
deck.save(P["path"])
""",
        (0.0, 0.9),
        after_gold=False,
    ),
    M(
        "two-column-layout",
        "notes_lost",
        "the slide rebuilt without its speaker notes",
        """
deck = Presentation(P["path"])
old = find_slide(deck, P["target"])
new = deck.slides.add_slide(deck.slide_layouts[3])
new.shapes.title.text = P["target"]
fill(new.placeholders[1].text_frame, P["left"])
fill(new.placeholders[2].text_frame, P["right"])
new.notes_slide.notes_text_frame.text = "Rebuilt"
move_slide(deck, new, index_of(deck, old))
delete_slide(deck, old)
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "two-column-layout",
        "caption_box",
        "a third text area on the slide",
        """
deck = Presentation(P["path"])
box = find_slide(deck, P["target"]).shapes.add_textbox(
    Inches(1), Inches(6.5), Inches(8), Inches(0.5))
box.text_frame.text = "Source: internal figures"
deck.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "two-column-layout",
        "another_slide_edited",
        "collateral: the next slide's title changed",
        """
deck = Presentation(P["path"])
slide = list(deck.slides)[index_of(deck, find_slide(deck, P["target"])) + 1]
slide.shapes.title.text = slide.shapes.title.text + " (cont.)"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- slide-table -----------------------------------------------------------------------------
    M(
        "slide-table",
        "header_only",
        "partial: the header row without the data",
        """
deck = Presentation(P["path"])
frame = find_slide(deck, P["target"]).shapes.add_table(
    1, 3, Inches(0.75), Inches(1.8), Inches(8.5), Inches(0.45))
for c, value in enumerate(P["header"]):
    frame.table.cell(0, c).text = value
deck.save(P["path"])
""",
        (2 / 6 - 0.001, 2 / 6 + 0.001),
        after_gold=False,
    ),
    M(
        "slide-table",
        "numbers_reformatted",
        "revenues written with a decimal the task did not",
        """
deck = Presentation(P["path"])
table = [s for s in find_slide(deck, P["target"]).shapes if s.has_table][0].table
for r in range(1, len(table.rows)):
    table.cell(r, 1).text = table.cell(r, 1).text + ".0"
deck.save(P["path"])
""",
        (0.5, 0.5),
    ),
    M(
        "slide-table",
        "on_the_wrong_slide",
        "the table on the slide after the named one",
        """
deck = Presentation(P["path"])
slide = list(deck.slides)[index_of(deck, find_slide(deck, P["target"])) + 1]
rows = [P["header"], *P["rows"]]
frame = slide.shapes.add_table(len(rows), 3, Inches(0.75), Inches(1.8), Inches(8.5),
                               Inches(0.45) * len(rows))
for r, row in enumerate(rows):
    for c, value in enumerate(row):
        frame.table.cell(r, c).text = value
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "slide-table",
        "title_renamed",
        "collateral: the slide's title changed",
        """
deck = Presentation(P["path"])
find_slide(deck, P["target"]).shapes.title.text = P["target"] + " (table)"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "slide-table",
        "total_row_added",
        "a total row the task did not ask for",
        """
deck = Presentation(P["path"])
slide = find_slide(deck, P["target"])
for shape in list(slide.shapes):
    if shape.has_table:
        shape._element.getparent().remove(shape._element)
rows = [P["header"], *P["rows"], ["Total", "", ""]]
frame = slide.shapes.add_table(len(rows), 3, Inches(0.75), Inches(1.8), Inches(8.5),
                               Inches(0.45) * len(rows))
for r, row in enumerate(rows):
    for c, value in enumerate(row):
        frame.table.cell(r, c).text = value
deck.save(P["path"])
""",
        (0.0, 0.9),
    ),
    # -- agenda-slide ----------------------------------------------------------------------------
    M(
        "agenda-slide",
        "at_the_end",
        "the agenda as the last slide, not the second",
        """
deck = Presentation(P["path"])
following = [s.shapes.title.text for s in list(deck.slides)[1:]]
slide = deck.slides.add_slide(deck.slide_layouts[1])
slide.shapes.title.text = "Agenda"
fill(slide.placeholders[1].text_frame, following)
deck.save(P["path"])
""",
        (0.0, 0.9),
        after_gold=False,
    ),
    M(
        "agenda-slide",
        "closer_left_out",
        "the closing slide's title missing from the agenda",
        """
deck = Presentation(P["path"])
following = [s.shapes.title.text for s in list(deck.slides)[1:-1]]
slide = deck.slides.add_slide(deck.slide_layouts[1])
slide.shapes.title.text = "Agenda"
fill(slide.placeholders[1].text_frame, following)
move_slide(deck, slide, 1)
deck.save(P["path"])
""",
        (0.0, 0.9),
        after_gold=False,
    ),
    M(
        "agenda-slide",
        "items_lower_case",
        "the items not in the slides' wording (case)",
        """
deck = Presentation(P["path"])
following = [s.shapes.title.text.lower() for s in list(deck.slides)[1:]]
slide = deck.slides.add_slide(deck.slide_layouts[1])
slide.shapes.title.text = "Agenda"
fill(slide.placeholders[1].text_frame, following)
move_slide(deck, slide, 1)
deck.save(P["path"])
""",
        (0.6, 0.6),
        after_gold=False,
    ),
    M(
        "agenda-slide",
        "subtitle_edited",
        "collateral: the title slide's subtitle changed",
        """
deck = Presentation(P["path"])
deck.slides[0].placeholders[1].text = "Agenda inside"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- export-pdf ------------------------------------------------------------------------------
    M(
        "export-pdf",
        "pdf_in_the_other_folder",
        "the PDF saved in the other folder than the one asked",
        """
import os
elsewhere = P["pdf"].replace("/Desktop/", "/Documents/") if "/Desktop/" in P["pdf"] else \\
    P["pdf"].replace("/Documents/", "/Desktop/")
os.rename(P["pdf"], elsewhere)
""",
        (0.0, 0.0),
    ),
    M(
        "export-pdf",
        "deck_edited_before_export",
        "collateral: a slide deleted from the deck before exporting it",
        """
deck = Presentation(P["path"])
delete_slide(deck, deck.slides[len(deck.slides) - 1])
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "export-pdf",
        "deck_copy_named_pdf",
        "the deck saved again under the PDF's name (a .pptx, not a PDF)",
        """
deck = Presentation(P["path"])
deck.save(P["pdf"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "export-pdf",
        "only_the_first_slide",
        "a PDF of the title slide alone",
        """
import pymupdf
pdf = pymupdf.open(P["pdf"])
pdf.select([0])
pdf.save(P["pdf"] + ".tmp")
pdf.close()
import os
os.replace(P["pdf"] + ".tmp", P["pdf"])
""",
        (0.0, 0.2),
    ),
    M(
        "export-pdf",
        "pages_reversed",
        "every slide exported, in reverse order",
        """
import os
import pymupdf
pdf = pymupdf.open(P["pdf"])
pdf.select(list(range(len(pdf) - 1, -1, -1)))
pdf.save(P["pdf"] + ".tmp")
pdf.close()
os.replace(P["pdf"] + ".tmp", P["pdf"])
""",
        (0.0, 0.6),
    ),
    # -- workbook-slide-table --------------------------------------------------------------------
    M(
        "workbook-slide-table",
        "workbook_edited",
        "the workbook's last order deleted (and saved) after the table was made",
        """
from openpyxl import load_workbook
book = load_workbook(P["xlsx"])
book[P["sheet"]].delete_rows(book[P["sheet"]].max_row)
book.save(P["xlsx"])
""",
        (0.0, 0.0),
    ),
    M(
        "workbook-slide-table",
        "table_on_the_next_slide",
        "the right table on the slide after the named one",
        """
deck = Presentation(P["path"])
slide = find_slide(deck, P["target"])
table = [s for s in slide.shapes if s.has_table][0]
element = table._element
element.getparent().remove(element)
after = list(deck.slides)[index_of(deck, slide) + 1]
after.shapes._spTree.append(element)
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "workbook-slide-table",
        "title_renamed",
        "collateral: the slide's title changed",
        """
deck = Presentation(P["path"])
find_slide(deck, P["target"]).shapes.title.text = P["target"] + " (from the workbook)"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "workbook-slide-table",
        "no_total_row",
        "the region rows without the total row",
        """
deck = Presentation(P["path"])
table = [s for s in find_slide(deck, P["target"]).shapes if s.has_table][0].table
table._tbl.remove(table._tbl.tr_lst[-1])
deck.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "workbook-slide-table",
        "revenue_rounded",
        "revenues written as whole numbers, not with two decimals",
        """
deck = Presentation(P["path"])
table = [s for s in find_slide(deck, P["target"]).shapes if s.has_table][0].table
for r in range(1, len(table.rows)):
    value = float(table.cell(r, 2).text.replace(",", ""))
    table.cell(r, 2).text = str(round(value))
deck.save(P["path"])
""",
        (0.0, 0.8),
    ),
    # -- hide-slides -----------------------------------------------------------------------------
    M(
        "hide-slides",
        "other_slides_hidden",
        "two other content slides hidden instead of the named ones",
        """
deck = Presentation(P["path"])
others = [t for t in P["slides"][1:-1] if t not in P["targets"]]
for title in others[:2]:
    find_slide(deck, title)._element.set("show", "0")
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "hide-slides",
        "deleted_not_hidden",
        "the slides deleted instead of hidden",
        """
deck = Presentation(P["path"])
for title in P["targets"]:
    delete_slide(deck, find_slide(deck, title))
deck.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "hide-slides",
        "hidden_and_marked",
        'collateral: the hidden slides\' titles marked "(hidden)"',
        """
deck = Presentation(P["path"])
for title in P["targets"]:
    find_slide(deck, title).shapes.title.text = title + " (hidden)"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "hide-slides",
        "only_the_first",
        "one of the two slides hidden",
        """
deck = Presentation(P["path"])
find_slide(deck, P["targets"][1])._element.set("show", "1")
deck.save(P["path"])
""",
        (0.0, 0.6),
    ),
    M(
        "hide-slides",
        "closing_slide_too",
        "the closing slide hidden as well",
        """
deck = Presentation(P["path"])
deck.slides[len(deck.slides) - 1]._element.set("show", "0")
deck.save(P["path"])
""",
        (0.0, 0.7),
    ),
    # -- duplicate-slide -------------------------------------------------------------------------
    M(
        "duplicate-slide",
        "copy_at_the_end",
        "the copy added as the last slide, not after the original",
        """
deck = Presentation(P["path"])
move_slide(deck, find_slide(deck, P["copy"]), len(deck.slides) - 1)
deck.save(P["path"])
""",
        (0.0, 0.6),
    ),
    M(
        "duplicate-slide",
        "points_left_out",
        "a slide with the copy's title but none of the original's points",
        """
deck = Presentation(P["path"])
copy = find_slide(deck, P["copy"])
copy.placeholders[1].text_frame.text = ""
deck.save(P["path"])
""",
        (0.0, 0.6),
    ),
    M(
        "duplicate-slide",
        "original_edited",
        "collateral: the original slide's first point changed too",
        """
deck = Presentation(P["path"])
frame = find_slide(deck, P["target"]).placeholders[1].text_frame
frame.paragraphs[0].runs[0].text = frame.paragraphs[0].runs[0].text + " (updated)"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "duplicate-slide",
        "closing_slide_deleted",
        "collateral: the closing slide deleted",
        """
deck = Presentation(P["path"])
delete_slide(deck, deck.slides[len(deck.slides) - 1])
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "duplicate-slide",
        "subtitle_edited",
        "collateral: the title slide's subtitle changed",
        """
deck = Presentation(P["path"])
deck.slides[0].placeholders[1].text = "Draft"
deck.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- slide-table-to-workbook -----------------------------------------------------------------
    M(
        "slide-table-to-workbook",
        "deck_edited",
        "the slide's first revenue changed (and saved) to match a typo in the workbook",
        """
deck = Presentation(P["deck"])
table = [s for s in find_slide(deck, P["slide"]).shapes if s.has_table][0].table
table.cell(1, 1).text = str(int(table.cell(1, 1).text) + 1)
deck.save(P["deck"])
book = load_workbook(P["path"])
ws = book[P["sheet"]]
ws["B2"] = ws["B2"].value + 1
ws.cell(row=ws.max_row, column=2).value += 1
book.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "slide-table-to-workbook",
        "notes_sheet_edited",
        "collateral: the Notes sheet's first note overwritten",
        """
book = load_workbook(P["path"])
book["Notes"]["A2"] = "Copied from the deck."
book.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "slide-table-to-workbook",
        "header_renamed",
        "collateral: the revenue header renamed",
        """
book = load_workbook(P["path"])
book[P["sheet"]]["B1"] = "Revenue"
book.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "slide-table-to-workbook",
        "revenues_as_text",
        "the revenues typed as text, not numbers",
        """
book = load_workbook(P["path"])
ws = book[P["sheet"]]
for row in range(2, ws.max_row):
    ws.cell(row=row, column=2).value = str(ws.cell(row=row, column=2).value)
book.save(P["path"])
""",
        (0.0, 0.8),
    ),
    M(
        "slide-table-to-workbook",
        "sorted_by_region",
        "the rows sorted by region name instead of the slide's order",
        """
book = load_workbook(P["path"])
ws = book[P["sheet"]]
body = sorted([[c.value for c in r] for r in ws.iter_rows(min_row=2, max_row=ws.max_row - 1)])
if body == [[c.value for c in r] for r in ws.iter_rows(min_row=2, max_row=ws.max_row - 1)]:
    body.reverse()  # already in name order: reversed is another order than the slide's
for i, (region, revenue) in enumerate(body, start=2):
    ws.cell(row=i, column=1).value, ws.cell(row=i, column=2).value = region, revenue
book.save(P["path"])
""",
        (0.0, 0.6),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("family", domain.families, ids=lambda f: f.id)
async def test_wrong_end_states_score_below_one(family: TaskFamily) -> None:
    await assert_mistakes_fail(family, MISTAKES)


def test_every_mistake_names_a_family_and_a_reason() -> None:
    ids = {f.id for f in domain.families}
    for mistake in MISTAKES:
        assert mistake.family in ids and mistake.why.strip(), mistake.name
    names = [(m.family, m.name) for m in MISTAKES]
    assert len(set(names)) == len(names)
