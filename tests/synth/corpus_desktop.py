"""Script sources of the corpus's desktop-style bundles: xlsx, docx and csv files in the home.

Three correct tasks (``*_SETUP``, ``*_PATCH``, ``*_REWARD``) and the broken variants that each
target one consensus condition; ``bundle_corpus`` assembles them into bundles.
"""

from __future__ import annotations

# -- calc: a total row in an xlsx workbook ------------------------------------------------------
CALC_INSTRUCTION = (
    "Add a row at the bottom of the Budget sheet in Documents/budget.xlsx labelled 'Total' whose "
    "amount is the sum of all amounts above it."
)
CALC_CONTEXT = "Documents/budget.xlsx has a Budget sheet with columns Item and Amount."

_CALC_BUILD = """\
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Budget"
ws.append(["Item", "Amount"])
for item, amount in [("Rent", 950), ("Groceries", 310), ("Transport", 85), ("Utilities", 120)]:
    ws.append([item, amount])
wb.save("Documents/budget.xlsx")
print("wrote Documents/budget.xlsx")
"""
CALC_SETUP = (
    '"""initial_setup.py: a household budget without its total row."""\n'
    "import os\n\nimport openpyxl\n\n"
    'os.makedirs("Documents", exist_ok=True)\n' + _CALC_BUILD
)
# The folder is never created, so saving fails.
CALC_SETUP_CRASH = (
    '"""initial_setup.py: a household budget without its total row."""\n'
    "import openpyxl\n\n" + _CALC_BUILD
)
CALC_PATCH = '''\
"""golden_patch.py: append the Total row."""
import openpyxl

wb = openpyxl.load_workbook("Documents/budget.xlsx")
ws = wb["Budget"]
total = sum(row[1] for row in ws.iter_rows(min_row=2, values_only=True))
ws.append(["Total", total])
wb.save("Documents/budget.xlsx")
'''

_CALC_READ = """\
import os

import openpyxl

try:
    ws = openpyxl.load_workbook("Documents/budget.xlsx")["Budget"]
    rows = [list(r[:2]) for r in ws.iter_rows(values_only=True)]
    before = os.path.join(os.environ["CUAGYM_INITIAL_HOME"], "Documents/budget.xlsx")
    initial = openpyxl.load_workbook(before)["Budget"].iter_rows(values_only=True)
    initial = [list(r[:2]) for r in initial]
    last_bold = bool(ws.cell(row=ws.max_row, column=1).font.bold)
except Exception as exc:
    print("CHECK readable 1 FAIL cannot read the workbook: " + " ".join(str(exc).split())[:150])
    print("REWARD: 0.0")
    raise SystemExit(0) from None

items = [r for r in rows[1:] if r[0] not in (None, "Total")]
expected = sum(r[1] for r in items if isinstance(r[1], int | float))
last = rows[-1]
label_ok = last[0] == "Total"
value_ok = label_ok and isinstance(last[1], int | float) and abs(last[1] - expected) < 1e-9
kept_ok = rows[:-1] == initial  # the task adds a row: every other row stays as it was
"""
CALC_REWARD = (
    '"""reward.py: Budget ends with a Total row holding the sum of the amounts."""\n'
    + _CALC_READ
    + """
print(f"CHECK total_label 1 {'PASS' if label_ok else 'FAIL'} last label {last[0]!r}")
print(f"CHECK total_value 1 {'PASS' if value_ok else 'FAIL'} got {last[1]!r}, want {expected}")
print(f"CHECK items_kept 0 {'PASS' if kept_ok else 'FAIL'} the rows above the total")
print(f"REWARD: {(int(label_ok) + int(value_ok)) / 2 if kept_ok else 0.0}")
"""
)
# The total checked, the rows above it not: a policy that edits an amount as well still
# scores 1.0 (C7's collateral near miss).
CALC_REWARD_REST_UNCHECKED = (
    '"""reward.py: Budget ends with a Total row (the rows above are not looked at)."""\n'
    + _CALC_READ
    + """
print(f"CHECK total_label 1 {'PASS' if label_ok else 'FAIL'} last label {last[0]!r}")
print(f"CHECK total_value 1 {'PASS' if value_ok else 'FAIL'} got {last[1]!r}, want {expected}")
print(f"REWARD: {(int(label_ok) + int(value_ok)) / 2}")
"""
)
# Also demands a bold total row, which the task never asked for: 2 of 4 points on gold.
CALC_REWARD_BOLD = (
    '"""reward.py: a Total row with the sum, in bold."""\n'
    + _CALC_READ
    + """
print(f"CHECK total_label 1 {'PASS' if label_ok else 'FAIL'} last label {last[0]!r}")
print(f"CHECK total_value 1 {'PASS' if value_ok else 'FAIL'} got {last[1]!r}, want {expected}")
print(f"CHECK total_bold 2 {'PASS' if last_bold else 'FAIL'} bold: {last_bold}")
print(f"REWARD: {(int(label_ok) + int(value_ok) + 2 * int(last_bold)) / 4}")
"""
)
# Weights drawn at random: endpoints score 1.0 / 0.0 every time, a partial state does not.
CALC_REWARD_RANDOM = (
    '"""reward.py: a Total row with the sum (weights drawn at random)."""\n'
    "import random\n\n"
    + _CALC_READ
    + """
checks = [
    ("total_label", random.uniform(1, 3), label_ok),
    ("total_value", random.uniform(1, 3), value_ok),
]
for name, points, ok in checks:
    print(f"CHECK {name} {points!r} {'PASS' if ok else 'FAIL'}")
earned = sum(points for _, points, ok in checks if ok)
print(f"REWARD: {earned / sum(points for _, points, _ in checks)}")
"""
)
# The exit code used as a second verdict: non-zero on a state that fails.
CALC_REWARD_EXIT = (
    '"""reward.py: a Total row with the sum; exits 1 when the state fails."""\n'
    "import sys\n\n"
    + _CALC_READ
    + """
score = (int(label_ok) + int(value_ok)) / 2
print(f"CHECK total_label 1 {'PASS' if label_ok else 'FAIL'} last label {last[0]!r}")
print(f"CHECK total_value 1 {'PASS' if value_ok else 'FAIL'} got {last[1]!r}, want {expected}")
print(f"REWARD: {score}")
sys.exit(0 if score == 1.0 else 1)
"""
)

# -- writer: a Heading 1 title in a docx document ----------------------------------------------
WRITER_INSTRUCTION = (
    "Turn the first line of Documents/report.docx into a 'Heading 1' title that reads exactly "
    "'Quarterly Report'. Leave the rest of the document as it is."
)
WRITER_CONTEXT = "Documents/report.docx starts with a plain line 'quarterly report'."
WRITER_SETUP = '''\
"""initial_setup.py: a short report whose title is a plain paragraph."""
import os

import docx

os.makedirs("Documents", exist_ok=True)
doc = docx.Document()
doc.add_paragraph("quarterly report")
doc.add_paragraph("Revenue grew 4% over the previous quarter, led by the subscription plans.")
doc.add_paragraph("Costs stayed flat; hiring resumes next quarter.")
doc.save("Documents/report.docx")
'''
WRITER_PATCH = '''\
"""golden_patch.py: retitle and restyle the first paragraph."""
import docx

doc = docx.Document("Documents/report.docx")
first = doc.paragraphs[0]
first.text = "Quarterly Report"
first.style = doc.styles["Heading 1"]
doc.save("Documents/report.docx")
'''
# The file name's case is wrong: the document is never found.
WRITER_PATCH_CRASH = WRITER_PATCH.replace(
    'Document("Documents/report', 'Document("Documents/Report'
)

_WRITER_READ = """\
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
"""
_WRITER_CHECKS = """
print(f"CHECK title_text 1 {'PASS' if text_ok else 'FAIL'} first line {text!r}")
print(f"CHECK title_style 1 {'PASS' if style_ok else 'FAIL'} style {style!r}")
print(f"CHECK body_kept 0 {'PASS' if body_ok else 'FAIL'} {len(body)} body paragraphs")
score = (int(text_ok) + int(style_ok)) / 2 if body_ok else 0.0
"""
WRITER_REWARD = (
    '"""reward.py: the first paragraph is a Heading 1 reading Quarterly Report."""\n'
    + _WRITER_READ
    + _WRITER_CHECKS
    + 'print(f"REWARD: {score}")\n'
)
# Correct scoring, but it starts a process to count words: forbidden whatever it scores.
WRITER_REWARD_SUBPROCESS = (
    '"""reward.py: Heading 1 title (counts words with wc)."""\n'
    "import subprocess\n\n"
    + _WRITER_READ
    + _WRITER_CHECKS
    + """words = subprocess.run(["wc", "-w"], input=" ".join(body), capture_output=True, text=True)
print(f"CHECK body_words 0 PASS {words.stdout.strip()} words")
print(f"REWARD: {score}")
"""
)
# Everything but the contract's last line.
WRITER_REWARD_NO_LINE = (
    '"""reward.py: Heading 1 title (prints its score in its own words)."""\n'
    + _WRITER_READ
    + _WRITER_CHECKS
    + 'print(f"score: {score}")\n'
)

# -- files: deduplicate a csv ------------------------------------------------------------------
CSV_INSTRUCTION = (
    "Remove the duplicate rows from Documents/contacts.csv: keep the first row of each email "
    "address, in the original order, and keep the header."
)
CSV_CONTEXT = (
    "Documents/contacts.csv (columns name,email) lists Ana Ruiz, Ben Okafor, Chloe Martin and "
    "Dev Patel, in that order of first appearance, some of them more than once."
)
_CONTACTS = [
    ("Ana Ruiz", "ana@example.com"),
    ("Ben Okafor", "ben@example.com"),
    ("Chloe Martin", "chloe@example.com"),
    ("Dev Patel", "dev@example.com"),
]
_CSV_WRITE = """\
import csv
import os

os.makedirs("Documents", exist_ok=True)
with open("Documents/contacts.csv", "w", newline="") as fh:
    writer = csv.writer(fh)
    writer.writerow(["name", "email"])
    writer.writerows(ROWS)
"""
CSV_SETUP = (
    '"""initial_setup.py: a contact list with duplicates."""\n'
    + f"ROWS = {[_CONTACTS[i] for i in (0, 1, 0, 2, 1, 3)]!r}\n"
    + _CSV_WRITE
)
# The file is written already deduplicated: the task is solved before the agent starts.
CSV_SETUP_SOLVED = (
    '"""initial_setup.py: a contact list (already without duplicates)."""\n'
    + f"ROWS = {_CONTACTS!r}\n"
    + _CSV_WRITE
)
CSV_PATCH = '''\
"""golden_patch.py: keep the first row of each email."""
import csv

with open("Documents/contacts.csv", newline="") as fh:
    header, *rows = list(csv.reader(fh))
seen = set()
kept = []
for row in rows:
    if row[1] not in seen:
        seen.add(row[1])
        kept.append(row)
with open("Documents/contacts.csv", "w", newline="") as fh:
    csv.writer(fh).writerows([header, *kept])
'''
_CSV_READ = f"""\
import csv

EXPECTED = {[list(c) for c in _CONTACTS]!r}
try:
    with open("Documents/contacts.csv", newline="") as fh:
        header, *rows = list(csv.reader(fh))
except Exception as exc:
    print("CHECK readable 1 FAIL cannot read the csv: " + " ".join(str(exc).split())[:150])
    print("REWARD: 0.0")
    raise SystemExit(0) from None

emails = [r[1] for r in rows if len(r) > 1]
header_ok = header == ["name", "email"]
unique_ok = len(emails) == len(set(emails))
rows_ok = rows == EXPECTED
"""
_CSV_CHECKS = """
print(f"CHECK header 0 {'PASS' if header_ok else 'FAIL'} header {header!r}")
print(f"CHECK no_duplicates 1 {'PASS' if unique_ok else 'FAIL'} {len(emails)} rows")
print(f"CHECK first_rows_in_order 1 {'PASS' if rows_ok else 'FAIL'} {len(rows)} rows")
points = int(unique_ok) + int(rows_ok) if header_ok else 0
"""
CSV_REWARD = (
    '"""reward.py: one row per email, first occurrences, original order."""\n'
    + _CSV_READ
    + _CSV_CHECKS
    + 'print(f"REWARD: {points / 2}")\n'
)
# Prints the points, not the fraction of them: 2 on the golden state.
CSV_REWARD_POINTS = (
    '"""reward.py: one row per email (prints its points)."""\n'
    + _CSV_READ
    + _CSV_CHECKS
    + 'print(f"REWARD: {points}")\n'
)
# Caches what it read next to the file before scoring: a write into the read-only home.
CSV_REWARD_WRITES = (
    '"""reward.py: one row per email (caches what it read)."""\n'
    "import json\n\n"
    + _CSV_READ
    + 'with open("Documents/.contacts-cache.json", "w") as cache:\n'
    + "    json.dump(rows, cache)\n"
    + _CSV_CHECKS
    + 'print(f"REWARD: {points / 2}")\n'
)
# Never looks at the file.
CSV_REWARD_CONSTANT = '''\
"""reward.py: duplicates removed."""
print("CHECK no_duplicates 1 PASS duplicates removed")
print("CHECK first_rows_in_order 1 PASS rows in order")
print("REWARD: 1.0")
'''
