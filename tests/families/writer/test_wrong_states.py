"""Plausible wrong end states of every writer family score below 1.0, in real sandboxes.

Each is what an RL policy may reach: a duplicate action, a collateral change, the right content
in the wrong place or format, partial completion. Most start from the gold state (the golden
patch, then the mistake); ``after_gold=False`` ones replace the golden patch. ``why`` says what
is wrong; bounds pin partial credit where the share of points is the point of the state.
"""

from __future__ import annotations

import pytest

from cuagym.domains import TaskFamily, load_domain
from tests.families.writer.office_checks import Mistake, assert_mistakes_fail

domain = load_domain("writer")

M = Mistake
MISTAKES = [
    # -- apply-heading-styles --------------------------------------------------------------------
    M(
        "apply-heading-styles",
        "sub_titles_as_level_1",
        "Heading 1 where Heading 2 was asked",
        """
doc = Document(P["path"])
for text in P["h1"] + P["h2"]:
    find_para(doc, text).style = "Heading 1"
doc.save(P["path"])
""",
        after_gold=False,
    ),
    M(
        "apply-heading-styles",
        "body_paragraph_bolded",
        "collateral: a body paragraph made bold",
        """
doc = Document(P["path"])
body = section_paras(doc, P["h1"][0])[0]
for run in body.runs:
    run.bold = True
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "apply-heading-styles",
        "title_upper_cased",
        "a heading's wording changed (case)",
        """
doc = Document(P["path"])
heading = find_para(doc, P["h1"][-1])
heading.runs[0].text = heading.runs[0].text.upper()
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "apply-heading-styles",
        "extra_heading",
        "a body paragraph made a heading as well",
        """
doc = Document(P["path"])
section_paras(doc, P["h1"][-1])[0].style = "Heading 2"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- replace-company-name --------------------------------------------------------------------
    M(
        "replace-company-name",
        "body_only",
        "the fee table still has the old name",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        run.text = run.text.replace(P["old"], P["new"])
doc.save(P["path"])
""",
        (0.25, 0.25),
        after_gold=False,
    ),
    M(
        "replace-company-name",
        "lower_case_name",
        "the new name typed in lower case",
        """
doc = Document(P["path"])
paragraphs = list(doc.paragraphs)
for table in doc.tables:
    for row in table.rows:
        for cell in row.cells:
            paragraphs.extend(cell.paragraphs)
for paragraph in paragraphs:
    for run in paragraph.runs:
        run.text = run.text.replace(P["old"], P["new"].lower())
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "replace-company-name",
        "client_renamed_too",
        "the client's name replaced as well",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        run.text = run.text.replace(P["client"], P["new"])
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "replace-company-name",
        "fee_changed",
        "collateral: a fee in the table edited",
        """
doc = Document(P["path"])
doc.tables[0].rows[1].cells[2].text = "$0.00"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- emphasize-phrase ------------------------------------------------------------------------
    M(
        "emphasize-phrase",
        "whole_sentence",
        "the whole paragraph emphasized, not the phrase",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    if P["phrase"] in paragraph.text:
        for run in paragraph.runs:
            setattr(run.font, P["attr"], True)
doc.save(P["path"])
""",
        (0.75, 0.75),
        after_gold=False,
    ),
    M(
        "emphasize-phrase",
        "bold_and_italic",
        "the other emphasis added to the phrase too",
        """
doc = Document(P["path"])
other = "italic" if P["attr"] == "bold" else "bold"
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        if run.text == P["phrase"]:
            setattr(run.font, other, True)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "emphasize-phrase",
        "the_other_emphasis",
        "bold where italics was asked (or the reverse)",
        """
doc = Document(P["path"])
other = "italic" if P["attr"] == "bold" else "bold"
for paragraph in doc.paragraphs:
    if P["phrase"] not in paragraph.text or len(paragraph.runs) != 1:
        continue
    first, *rest = paragraph.runs[0].text.split(P["phrase"])
    paragraph.runs[0].text = first
    for tail in rest:
        setattr(paragraph.add_run(P["phrase"]).font, other, True)
        paragraph.add_run(tail)
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "emphasize-phrase",
        "also_underlined",
        "underline added to the emphasized phrase",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        if run.text == P["phrase"]:
            run.font.underline = True
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "emphasize-phrase",
        "a_heading_emphasized",
        "collateral: a section heading emphasized",
        """
doc = Document(P["path"])
for run in find_para(doc, P["sections"][0]).runs:
    setattr(run.font, P["attr"], True)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- paragraph-format ------------------------------------------------------------------------
    M(
        "paragraph-format",
        "spacing_everywhere",
        "all paragraphs spaced, not one section",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    paragraph.paragraph_format.line_spacing = P["spacing"]
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "paragraph-format",
        "exact_spacing",
        "line spacing as a fixed height, not in lines",
        """
doc = Document(P["path"])
find_para(doc, P["title"]).alignment = WD_ALIGN_PARAGRAPH.CENTER
for paragraph in section_paras(doc, P["section"]):
    paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    paragraph.paragraph_format.line_spacing = Pt(18 * P["spacing"])
    paragraph.paragraph_format.space_after = Pt(P["after_pt"])
doc.save(P["path"])
""",
        (0.0, 0.72),
        after_gold=False,
    ),
    M(
        "paragraph-format",
        "first_line_indent",
        "collateral: an indent the task did not ask for",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    paragraph.paragraph_format.first_line_indent = Cm(1)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "paragraph-format",
        "title_left_alone",
        "partial: the title is not centered",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    paragraph.paragraph_format.line_spacing = P["spacing"]
    paragraph.paragraph_format.space_after = Pt(P["after_pt"])
doc.save(P["path"])
""",
        (5 / 6 - 0.001, 5 / 6 + 0.001),
        after_gold=False,
    ),
    # -- make-list -------------------------------------------------------------------------------
    M(
        "make-list",
        "half_the_items",
        "partial: only half of the items are list items",
        """
doc = Document(P["path"])
items = section_paras(doc, P["section"])
for paragraph in items[: len(items) // 2]:
    paragraph.style = "List Number" if P["kind"] == "numbered" else "List Bullet"
doc.save(P["path"])
""",
        (0.25, 0.25),
        after_gold=False,
    ),
    M(
        "make-list",
        "wrong_list_kind",
        "bullets where numbers were asked (or the reverse)",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    paragraph.style = "List Bullet" if P["kind"] == "numbered" else "List Number"
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "make-list",
        "heading_listed_too",
        "the section's heading became a list item too",
        """
doc = Document(P["path"])
find_para(doc, P["section"]).style = "List Bullet"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "make-list",
        "item_reworded",
        "an item's wording changed (its full stop dropped)",
        """
doc = Document(P["path"])
item = section_paras(doc, P["section"])[0]
item.runs[0].text = item.runs[0].text.rstrip(".")
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- page-setup ------------------------------------------------------------------------------
    M(
        "page-setup",
        "forgot_margins",
        "partial: paper and orientation only",
        """
doc = Document(P["path"])
for section in doc.sections:
    long, short = (29.7, 21.0) if P["paper"] == "A4" else (27.94, 21.59)
    wide = P["orientation"] == "landscape"
    width, height = (long, short) if wide else (short, long)
    section.page_width, section.page_height = Cm(width), Cm(height)
doc.save(P["path"])
""",
        (0.6, 0.6),
        after_gold=False,
    ),
    M(
        "page-setup",
        "paper_kept",
        "partial: orientation and margins, but on the old paper",
        """
doc = Document(P["path"])
for section in doc.sections:
    width, height = section.page_width, section.page_height
    wide = P["orientation"] == "landscape"
    section.page_width, section.page_height = (
        (max(width, height), min(width, height))
        if wide
        else (min(width, height), max(width, height))
    )
    for side in ("top", "right", "bottom", "left"):
        setattr(section, side + "_margin", Cm(P["margin_cm"]))
doc.save(P["path"])
""",
        (0.8, 0.8),
        after_gold=False,
    ),
    M(
        "page-setup",
        "body_font_shrunk",
        "collateral: the body text made smaller to fit",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        run.font.size = Pt(10)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "page-setup",
        "header_added",
        "collateral: a header the task did not ask for",
        """
doc = Document(P["path"])
doc.sections[0].header.paragraphs[0].text = P["title"]
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- header-footer ---------------------------------------------------------------------------
    M(
        "header-footer",
        "typed_page_number",
        "literal text where a page-number field was asked",
        """
doc = Document(P["path"])
doc.sections[0].header.paragraphs[0].text = P["header"]
doc.sections[0].footer.paragraphs[0].text = "Page 1"
doc.save(P["path"])
""",
        (0.5, 0.5),
        after_gold=False,
    ),
    M(
        "header-footer",
        "header_lower_case",
        "the header's text not as given (case)",
        """
doc = Document(P["path"])
doc.sections[0].header.paragraphs[0].text = P["header"].lower()
doc.save(P["path"])
""",
        (0.5, 0.5),
    ),
    M(
        "header-footer",
        "also_in_the_body",
        "the header text typed into the body as well",
        """
doc = Document(P["path"])
doc.paragraphs[0].insert_paragraph_before(P["header"])
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "header-footer",
        "extra_header_line",
        "the header holds more than the asked text",
        """
doc = Document(P["path"])
doc.sections[0].header.add_paragraph("Draft")
doc.save(P["path"])
""",
        (0.5, 0.5),
    ),
    M(
        "header-footer",
        "turned_landscape",
        "collateral: the page orientation changed",
        """
doc = Document(P["path"])
section = doc.sections[0]
section.orientation = WD_ORIENT.LANDSCAPE
section.page_width, section.page_height = section.page_height, section.page_width
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- table-total -----------------------------------------------------------------------------
    M(
        "table-total",
        "no_total_row",
        "partial: the amounts but no total row",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
for row in table.rows[1:]:
    amount = float(row.cells[1].text) * float(row.cells[2].text.replace(",", ""))
    row.cells[3].text = f"{amount:,.2f}"
doc.save(P["path"])
""",
        (4 / 7 - 0.001, 4 / 7 + 0.001),
        after_gold=False,
    ),
    M(
        "table-total",
        "price_changed",
        "a unit price changed and the amounts made to match it",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
total = 0.0
for i, row in enumerate(table.rows[1:-1]):
    if i == 0:
        row.cells[2].text = "1.00"
    amount = round(float(row.cells[1].text) * float(row.cells[2].text.replace(",", "")), 2)
    total += amount
    row.cells[3].text = f"{amount:,.2f}"
table.rows[-1].cells[3].text = f"{total:,.2f}"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-total",
        "header_case_changed",
        "the right amounts and total, and the Item header shouted (found by C7's near misses)",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
total = 0.0
for row in table.rows[1:-1]:
    amount = round(float(row.cells[1].text) * float(row.cells[2].text.replace(",", "")), 2)
    total += amount
    row.cells[3].text = f"{amount:,.2f}"
table.rows[-1].cells[3].text = f"{total:,.2f}"
table.rows[0].cells[0].text = "ITEM"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-total",
        "total_quantity_filled",
        "the total row also sums the quantities",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
table.rows[-1].cells[1].text = str(sum(int(r.cells[1].text) for r in table.rows[1:-1]))
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "table-total",
        "whole_numbers",
        "amounts without the two decimals asked",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
for row in table.rows[1:]:
    row.cells[3].text = row.cells[3].text.replace(",", "").split(".")[0]
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "table-total",
        "total_row_twice",
        "the total row added twice",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
last = [c.text for c in table.rows[-1].cells]
cells = table.add_row().cells
for cell, text in zip(cells, last):
    cell.text = text
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    # -- insert-section --------------------------------------------------------------------------
    M(
        "insert-section",
        "at_the_end",
        "the new section at the end, not between the two",
        """
doc = Document(P["path"])
anchor = doc.paragraphs[-1]
anchor = insert_after(anchor, P["heading"], "Heading 1")
anchor = insert_after(anchor, P["intro"])
for item in P["items"]:
    anchor = insert_after(anchor, item, "List Bullet")
doc.save(P["path"])
""",
        (6 / 7 - 0.001, 6 / 7 + 0.001),
        after_gold=False,
    ),
    M(
        "insert-section",
        "intro_bulleted",
        "the intro paragraph made a list item too",
        """
doc = Document(P["path"])
find_para(doc, P["intro"]).style = "List Bullet"
doc.save(P["path"])
""",
        (6 / 7 - 0.001, 6 / 7 + 0.001),
    ),
    M(
        "insert-section",
        "heading_lower_case",
        "the heading not as given (case)",
        """
doc = Document(P["path"])
heading = find_para(doc, P["heading"])
heading.runs[0].text = heading.runs[0].text.lower()
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "insert-section",
        "inserted_twice",
        "the whole section added twice",
        """
doc = Document(P["path"])
anchor = section_paras(doc, P["heading"])[-1]
anchor = insert_after(anchor, P["heading"], "Heading 1")
anchor = insert_after(anchor, P["intro"])
for item in P["items"]:
    anchor = insert_after(anchor, item, "List Bullet")
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "insert-section",
        "neighbour_lost",
        "collateral: a paragraph before it deleted",
        """
doc = Document(P["path"])
gone = section_paras(doc, P["before"])[0]
gone._p.getparent().remove(gone._p)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- title-page ------------------------------------------------------------------------------
    M(
        "title-page",
        "no_page_break",
        "partial: the title page lines but no new page",
        """
doc = Document(P["path"])
first = find_para(doc, P["first"])
first.insert_paragraph_before(P["title"], style="Title")
first.insert_paragraph_before(P["subtitle"], style="Subtitle")
first.insert_paragraph_before(P["line"])
doc.save(P["path"])
""",
        (5 / 7 - 0.001, 5 / 7 + 0.001),
        after_gold=False,
    ),
    M(
        "title-page",
        "every_section_new_page",
        "collateral: page breaks before every heading",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    if paragraph.style.name == "Heading 1":
        paragraph.paragraph_format.page_break_before = True
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "title-page",
        "title_as_heading",
        "the title in Heading 1, not in the Title style",
        """
doc = Document(P["path"])
first = find_para(doc, P["first"])
first.insert_paragraph_before(P["title"], style="Heading 1")
first.insert_paragraph_before(P["subtitle"], style="Subtitle")
line = first.insert_paragraph_before(P["line"])
line.add_run().add_break(WD_BREAK.PAGE)
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "title-page",
        "line_reworded",
        "the 'Prepared by' line not as given",
        """
doc = Document(P["path"])
line = find_para(doc, P["line"])
line.runs[0].text = line.runs[0].text.replace("Prepared by", "By")
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    # -- sales-summary-table (calc -> writer) ----------------------------------------------------
    M(
        "sales-summary-table",
        "workbook_order",
        "regions in reverse order, not alphabetical",
        """
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [c.value for c in ws[1]]
sums = {}
for row in ws.iter_rows(min_row=2, values_only=True):
    region = row[head.index("Region")]
    sums[region] = sums.get(region, 0.0) + row[head.index("Amount")]
doc = Document(P["path"])
intro = section_paras(doc, P["section"])[0]
table = doc.add_table(rows=1, cols=2)
table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Region", "Total sales"
for region in sorted(sums, reverse=True):
    cells = table.add_row().cells
    cells[0].text, cells[1].text = region, f"{sums[region]:,.2f}"
cells = table.add_row().cells
cells[0].text, cells[1].text = "Total", f"{sum(sums.values()):,.2f}"
intro._p.addnext(table._tbl)
doc.save(P["path"])
""",
        (0.0, 0.9),
        after_gold=False,
    ),
    M(
        "sales-summary-table",
        "workbook_edited",
        "an order amount changed in the workbook",
        """
book = load_workbook(P["xlsx"])
ws = book[P["sheet"]]
ws.cell(row=2, column=6).value = 1.0
book.save(P["xlsx"])
""",
        (0.0, 0.0),
    ),
    M(
        "sales-summary-table",
        "extra_column",
        "a third column the task did not ask for",
        """
doc = Document(P["path"])
table = doc.tables[0]
table.add_column(Cm(3))
table.rows[0].cells[2].text = "Orders"
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "sales-summary-table",
        "intro_rewritten",
        "collateral: the intro paragraph edited",
        """
doc = Document(P["path"])
intro = section_paras(doc, P["section"])[0]
intro.runs[0].text = "Sales by region:"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- memo-to-slides (writer -> impress) ------------------------------------------------------
    M(
        "memo-to-slides",
        "with_a_title_slide",
        "a title slide the task did not ask for",
        """
deck = Presentation(P["deck"])
slide = deck.slides.add_slide(deck.slide_layouts[0])
slide.shapes.title.text = P["title"]
ids = deck.slides._sldIdLst
element = ids[-1]
ids.remove(element)
ids.insert(0, element)
deck.save(P["deck"])
""",
        (0.0, 0.9),
    ),
    M(
        "memo-to-slides",
        "upper_case_titles",
        "slide titles not as the memo writes them",
        """
deck = Presentation(P["deck"])
for slide in deck.slides:
    slide.shapes.title.text = slide.shapes.title.text.upper()
deck.save(P["deck"])
""",
        (0.0, 0.9),
    ),
    M(
        "memo-to-slides",
        "memo_edited",
        "the memo itself changed (a heading renamed)",
        """
doc = Document(P["path"])
heading = next(p for p in doc.paragraphs if p.style.name == "Heading 1")
heading.runs[0].text = heading.runs[0].text + " (slides)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "memo-to-slides",
        "a_second_copy",
        "an extra file: the deck saved twice",
        """
deck = Presentation(P["deck"])
deck.save(P["deck"].replace(".pptx", "_copy.pptx"))
""",
        (0.0, 0.0),
    ),
    M(
        "memo-to-slides",
        "body_text_as_bullets",
        "the sections' body text added to the slides",
        """
outline = []
for paragraph in Document(P["path"]).paragraphs:
    if paragraph.style.name == "Heading 1":
        outline.append([])
    elif paragraph.text.strip() and outline and paragraph.style.name == "Normal":
        outline[-1].append(paragraph.text)
deck = Presentation(P["deck"])
for slide, extra in zip(deck.slides, outline):
    for text in extra[:1]:
        slide.placeholders[1].text_frame.add_paragraph().text = text
deck.save(P["deck"])
""",
        (0.0, 0.9),
    ),
    # -- deck-handout ----------------------------------------------------------------------------
    M(
        "deck-handout",
        "deck_retitled",
        "a slide of the deck retitled (and saved) to match a typo in the handout",
        """
deck = Presentation(P["deck"])
slide = deck.slides[1]
slide.shapes.title.text = slide.shapes.title.text + " (draft)"
deck.save(P["deck"])
doc = Document(P["path"])
heading = find_para(doc, P["slides"][1])
heading.runs[0].text = heading.runs[0].text + " (draft)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "deck-handout",
        "introduction_removed",
        "collateral: the handout's introduction deleted",
        """
doc = Document(P["path"])
intro = doc.paragraphs[1]
intro._p.getparent().remove(intro._p)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "deck-handout",
        "sections_above_the_introduction",
        "the sections put between the title and the introduction",
        """
doc = Document(P["path"])
intro = doc.paragraphs[1]
body = intro._p.getparent()
body.remove(intro._p)
body.insert(len(body) - 1, intro._p)  # back in, last before the section properties
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "deck-handout",
        "numbered_points",
        "the points as a numbered list, not bullets",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    if paragraph.style.name == "List Bullet":
        paragraph.style = "List Number"
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    M(
        "deck-handout",
        "title_slide_included",
        "a section for the title slide too (its subtitle as a point)",
        """
deck = Presentation(P["deck"])
title = deck.slides[0]
doc = Document(P["path"])
heading = insert_after(doc.paragraphs[1], title.shapes.title.text_frame.text, "Heading 1")
insert_after(heading, title.placeholders[1].text_frame.text, "List Bullet")
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    # -- export-pdf ------------------------------------------------------------------------------
    M(
        "export-pdf",
        "pdf_in_the_other_folder",
        "the PDF saved in the other folder than the one asked",
        """
import os
folders = ("/Desktop/", "/Documents/")
mine = [f for f in folders if f in P["pdf"]][0]
os.rename(P["pdf"], P["pdf"].replace(mine, [f for f in folders if f != mine][0]))
""",
        (0.0, 0.0),
    ),
    M(
        "export-pdf",
        "document_edited",
        "collateral: the document's last section heading renamed and saved",
        """
doc = Document(P["path"])
heading = find_para(doc, P["sections"][-1])
heading.runs[0].text = heading.runs[0].text + " (final)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "export-pdf",
        "document_copy_named_pdf",
        "the document saved again under the PDF's name (a .docx, not a PDF)",
        """
Document(P["path"]).save(P["pdf"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "export-pdf",
        "title_only",
        "a PDF holding the title alone",
        """
import pymupdf
out = pymupdf.open()
out.new_page().insert_text((50, 60), P["title"], fontsize=11)
out.save(P["pdf"])
""",
        (0.0, 0.5),
        after_gold=False,
    ),
    # -- table-of-contents -----------------------------------------------------------------------
    M(
        "table-of-contents",
        "typed_not_generated",
        "the entries typed in by hand: no table of contents field",
        """
doc = Document(P["path"])
for element in doc.element.body.xpath(".//w:fldChar | .//w:instrText"):
    element.getparent().remove(element)
doc.save(P["path"])
""",
        (0.0, 0.7),
    ),
    M(
        "table-of-contents",
        "at_the_end",
        "the table at the end of the document, not after the byline",
        """
doc = Document(P["path"])
body = doc.element.body
paras = list(body.iterchildren(qn("w:p")))
start = next(i for i, p in enumerate(paras) if "".join(p.xpath(".//w:t/text()")) == P["byline"])
end = next(i for i, p in enumerate(paras) if p.xpath("./w:pPr/w:pStyle/@w:val") == ["Heading1"])
for p in paras[start + 1:end]:
    body.remove(p)
    body.insert(len(body) - 1, p)  # last, before the section properties
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-of-contents",
        "heading_renamed",
        "collateral: the last section's heading renamed",
        """
doc = Document(P["path"])
heading = find_para(doc, P["sections"][-1])
heading.runs[0].text = heading.runs[0].text + " (draft)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-of-contents",
        "byline_deleted",
        "collateral: the byline replaced by the table",
        """
doc = Document(P["path"])
byline = find_para(doc, P["byline"])
byline._p.getparent().remove(byline._p)
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-of-contents",
        "level_1_only",
        "the level-2 headings left out of the table",
        """
doc = Document(P["path"])
subs = [p.text for p in doc.paragraphs if p.style.name == "Heading 2"]
for p in list(doc.element.body.iterchildren(qn("w:p"))):
    text = "".join(p.xpath(".//w:t/text()"))
    if p.xpath("./w:pPr/w:pStyle/@w:val") != ["Heading2"] and any(
            text.startswith(s) and text != s for s in subs):
        p.getparent().remove(p)
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    # -- report-and-slide-total ------------------------------------------------------------------
    M(
        "report-and-slide-total",
        "slide_left_as_is",
        "the total written into the report only; the slide keeps the placeholder",
        """
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [c.value for c in ws[1]]
total = sum(row[head.index("Amount")] for row in ws.iter_rows(min_row=2, values_only=True))
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        run.text = run.text.replace(P["placeholder"], f"{total:,.2f}")
doc.save(P["path"])
""",
        (0.0, 0.5),
        after_gold=False,
    ),
    M(
        "report-and-slide-total",
        "no_thousands_separator",
        "the total written without the thousands separator",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        for word in run.text.split():
            if word[:1].isdigit() and "," in word:
                run.text = run.text.replace(word, word.replace(",", ""))
doc.save(P["path"])
deck = Presentation(P["deck"])
for slide in deck.slides:
    for shape in slide.shapes:
        if shape.has_text_frame:
            for paragraph in shape.text_frame.paragraphs:
                for run in paragraph.runs:
                    for word in run.text.split():
                        if word[:1].isdigit() and "," in word:
                            run.text = run.text.replace(word, word.replace(",", ""))
deck.save(P["deck"])
""",
        (0.0, 0.2),
    ),
    M(
        "report-and-slide-total",
        "workbook_edited",
        "the workbook's last order deleted (and saved)",
        """
book = load_workbook(P["xlsx"])
book[P["sheet"]].delete_rows(book[P["sheet"]].max_row)
book.save(P["xlsx"])
""",
        (0.0, 0.0),
    ),
    M(
        "report-and-slide-total",
        "slide_retitled",
        "collateral: the slide's title changed",
        """
deck = Presentation(P["deck"])
slide = next(s for s in deck.slides if s.shapes.title.text == P["slide"])
slide.shapes.title.text = P["slide"] + " (final)"
deck.save(P["deck"])
""",
        (0.0, 0.0),
    ),
    M(
        "report-and-slide-total",
        "report_heading_edited",
        "collateral: a heading of the report changed",
        """
doc = Document(P["path"])
heading = find_para(doc, "Outlook")
heading.runs[0].text = "Outlook and Risks"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- link-phrase -----------------------------------------------------------------------------
    M(
        "link-phrase",
        "whole_paragraph_linked",
        "the whole paragraph made the link, not the phrase",
        """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
run = host.runs[0]
link = OxmlElement("w:hyperlink")
link.set(qn("r:id"), doc.part.relate_to(P["url"], RT.HYPERLINK, is_external=True))
run._r.addprevious(link)
link.append(run._r)
doc.save(P["path"])
""",
        (0.0, 0.4),
        after_gold=False,
    ),
    M(
        "link-phrase",
        "site_root_address",
        "the link points at the site's home page, not the address given",
        """
doc = Document(P["path"])
for rel in doc.part.rels.values():
    if rel.reltype == RT.HYPERLINK:
        rel._target = P["url"].split("/")[0] + "//" + P["url"].split("/")[2] + "/"
doc.save(P["path"])
""",
        (0.0, 0.7),
    ),
    M(
        "link-phrase",
        "phrase_capitalised",
        "the linked words retyped with a capital letter",
        """
doc = Document(P["path"])
for node in doc.element.body.xpath(".//w:hyperlink//w:t"):
    node.text = node.text[:1].upper() + node.text[1:]
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "link-phrase",
        "address_typed_in",
        "the address typed after the phrase instead of a link",
        """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
host.runs[0].text = host.runs[0].text.replace(P["phrase"], P["phrase"] + " (" + P["url"] + ")")
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "link-phrase",
        "title_edited",
        "collateral: the document title changed",
        """
doc = Document(P["path"])
title = find_para(doc, P["title"])
title.runs[0].text = P["title"] + " (linked)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- comment-phrase --------------------------------------------------------------------------
    M(
        "comment-phrase",
        "comment_on_the_paragraph",
        "the comment anchored to the whole paragraph, not the phrase",
        """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
doc.add_comment(host.runs[0], text=P["remark"], author="Reviewer", initials="R")
doc.save(P["path"])
""",
        (0.0, 0.7),
        after_gold=False,
    ),
    M(
        "comment-phrase",
        "remark_typed_into_the_text",
        "the remark typed into the paragraph instead of a comment",
        """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
host.runs[0].text = host.runs[0].text.replace(P["phrase"], P["phrase"] + " [" + P["remark"] + "]")
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "comment-phrase",
        "phrase_reworded",
        "collateral: the commented words changed",
        """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
for run in host.runs:
    run.text = run.text.replace(P["phrase"], P["phrase"].upper())
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "comment-phrase",
        "heading_edited",
        "collateral: a section heading changed",
        """
doc = Document(P["path"])
heading = find_para(doc, P["sections"][0])
heading.runs[0].text = heading.runs[0].text + " (reviewed)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "comment-phrase",
        "two_comments",
        "the comment added twice",
        """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
marked = [r for r in host.runs if r.text == P["phrase"]][0]
doc.add_comment(marked, text=P["remark"], author="Reviewer", initials="R")
doc.save(P["path"])
""",
        (0.0, 0.9),
    ),
    # -- accept-changes --------------------------------------------------------------------------
    M(
        "accept-changes",
        "rejected_all",
        "every tracked change rejected instead of accepted",
        """
doc = Document(P["path"])
body = doc.element.body
for added in body.xpath(".//w:ins"):
    added.getparent().remove(added)
for gone in body.xpath(".//w:del"):
    for text in list(gone.iter(qn("w:delText"))):
        text.tag = qn("w:t")
    for child in list(gone):
        gone.addprevious(child)
    gone.getparent().remove(gone)
doc.save(P["path"])
""",
        (0.0, 0.4),
        after_gold=False,
    ),
    M(
        "accept-changes",
        "edited_paragraphs_dropped",
        "the paragraphs with changes deleted instead of accepted",
        """
doc = Document(P["path"])
for p in doc.element.body.xpath("./w:p[.//w:ins or .//w:del]"):
    p.getparent().remove(p)
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "accept-changes",
        "heading_renamed",
        "collateral: a section heading changed",
        """
doc = Document(P["path"])
heading = find_para(doc, P["sections"][0])
heading.runs[0].text = heading.runs[0].text + " (final)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "accept-changes",
        "sentence_typed_over",
        "collateral: a plain paragraph reworded while accepting",
        """
doc = Document(P["path"])
plain = [p for p in doc.paragraphs if p.style.name == "Normal" and len(p.runs) == 1][0]
plain.runs[0].text = plain.runs[0].text.upper()
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    # -- clear-formatting ------------------------------------------------------------------------
    M(
        "clear-formatting",
        "only_bold_cleared",
        "the bold removed, the italics left",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    for run in paragraph.runs:
        run.bold = None
doc.save(P["path"])
""",
        (0.0, 0.6),
        after_gold=False,
    ),
    M(
        "clear-formatting",
        "underlined_instead",
        "the formatting cleared but the paragraphs underlined",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    for run in paragraph.runs:
        run.underline = True
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "clear-formatting",
        "heading_unbolded",
        "collateral: the section heading's style replaced by plain text",
        """
doc = Document(P["path"])
find_para(doc, P["section"]).style = "Normal"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "clear-formatting",
        "retyped_in_lower_case",
        "the paragraphs retyped without formatting, in lower case",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    text = paragraph.text
    for run in paragraph.runs[1:]:
        run._r.getparent().remove(run._r)
    paragraph.runs[0].text = text.lower()
    paragraph.runs[0].bold = None
    paragraph.runs[0].italic = None
doc.save(P["path"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    # -- save-odt --------------------------------------------------------------------------------
    M(
        "save-odt",
        "docx_named_odt",
        "the Word file copied under the .odt name (still a .docx inside)",
        """
Document(P["path"]).save(P["odt"])
""",
        (0.0, 0.0),
        after_gold=False,
    ),
    M(
        "save-odt",
        "original_edited",
        "collateral: the .docx's last heading renamed and saved",
        """
doc = Document(P["path"])
heading = find_para(doc, P["sections"][-1])
heading.runs[0].text = heading.runs[0].text + " (archived)"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "save-odt",
        "in_the_other_folder",
        "the copy saved in the other folder than the one asked",
        """
import os
folders = ("/Desktop/", "/Documents/")
mine = [f for f in folders if f in P["odt"]][0]
os.rename(P["odt"], P["odt"].replace(mine, [f for f in folders if f != mine][0]))
""",
        (0.0, 0.0),
    ),
    M(
        "save-odt",
        "headings_only",
        "a copy holding the headings but none of the body text",
        """
import zipfile
with zipfile.ZipFile(P["odt"]) as package:
    parts = {n: package.read(n) for n in package.namelist()}
text = parts["content.xml"].decode()
start, end = text.index("<office:text>") + 13, text.index("</office:text>")
kept = [chunk + "</text:h>" for chunk in text[start:end].split("</text:h>") if "<text:h" in chunk]
kept = [chunk[chunk.index("<text:h"):] for chunk in kept]
parts["content.xml"] = (text[:start] + "".join(kept) + text[end:]).encode()
with zipfile.ZipFile(P["odt"], "w") as package:
    package.writestr("mimetype", parts.pop("mimetype"), compress_type=zipfile.ZIP_STORED)
    for name, data in parts.items():
        package.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
""",
        (0.0, 0.7),
    ),
    # -- table-to-workbook -----------------------------------------------------------------------
    M(
        "table-to-workbook",
        "report_edited",
        "the report's first quantity changed (and saved) to match a typo in the workbook",
        """
doc = Document(P["report"])
table = next(t for t in doc.tables if t.rows[0].cells[0].text == "Item")
cell = table.rows[1].cells[1]
cell.paragraphs[0].runs[0].text = str(int(cell.text) + 1)
doc.save(P["report"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-to-workbook",
        "notes_sheet_edited",
        "collateral: the Notes sheet's first note overwritten",
        """
book = load_workbook(P["path"])
book["Notes"]["A2"] = "Copied from the report."
book.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-to-workbook",
        "header_renamed",
        "collateral: the Amount header renamed",
        """
book = load_workbook(P["path"])
book[P["sheet"]]["D1"] = "Line total"
book.save(P["path"])
""",
        (0.0, 0.0),
    ),
    M(
        "table-to-workbook",
        "numbers_as_text",
        "quantities and prices typed as text",
        """
book = load_workbook(P["path"])
ws = book[P["sheet"]]
for row in range(2, ws.max_row):
    for col in (2, 3):
        ws.cell(row=row, column=col).value = str(ws.cell(row=row, column=col).value)
book.save(P["path"])
""",
        (0.0, 0.5),
    ),
    M(
        "table-to-workbook",
        "no_total_row",
        "the line items without the total row",
        """
book = load_workbook(P["path"])
ws = book[P["sheet"]]
ws.delete_rows(ws.max_row)
book.save(P["path"])
""",
        (0.0, 0.8),
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
