"""Invoice PDF text via PyMuPDF; passed = comparison, then `if passed: score += w`."""

import sys

import fitz

try:
    doc = fitz.open("/home/user/invoice_0042.pdf")
except Exception:
    print("CHECK open 0 FAIL cannot open PDF")
    print("REWARD: 0.0")
    sys.exit(0)

text = "\n".join(page.get_text() for page in doc)
weights = {"total": 2, "vendor": 1, "date": 1}
score = 0
passed = "Total: $1,250.00" in text
if passed:
    score += weights["total"]
print(f"CHECK total {weights['total']} {'PASS' if passed else 'FAIL'}")
passed = "Vendor: Northwind Traders" in text
if passed:
    score += weights["vendor"]
print(f"CHECK vendor {weights['vendor']} {'PASS' if passed else 'FAIL'}")
passed = doc.page_count == 1 and "2024-03-31" in text
if passed:
    score += weights["date"]
print(f"CHECK date {weights['date']} {'PASS' if passed else 'FAIL'}")
print(f"REWARD: {score / sum(weights.values()):.3f}")
