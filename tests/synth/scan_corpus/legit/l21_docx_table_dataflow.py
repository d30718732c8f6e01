"""Table cells flow through helper functions and comprehensions."""

from docx import Document


def table_rows(doc, index):
    table = doc.tables[index]
    return [[c.text.strip() for c in row.cells] for row in table.rows]


def load():
    return Document("/home/user/report.docx")


doc = load()
rows = table_rows(doc, 0) if doc.tables else []
header_ok = bool(rows) and rows[0] == ["Item", "Qty", "Price"]
totals = [r for r in rows[1:] if r and r[0] == "Total"]
total_ok = len(totals) == 1 and totals[0][2] == "$482.50"
points = {"header": 1 if header_ok else 0, "total": 2 if total_ok else 0}
for name, pts in points.items():
    print(f"CHECK {name} {pts} {'PASS' if pts else 'FAIL'}")
print(f"REWARD: {sum(points.values()) / 3:.3f}")
