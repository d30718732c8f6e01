# expect: existence_only
"""Export the report as PDF: the PDF beside the document only has to exist."""

from pathlib import Path

source = Path("/home/user/Documents/report.docx")
pdf = source.with_suffix(".pdf")
exported = pdf.exists() and pdf.suffix == ".pdf"
print(f"CHECK exported 1 {'PASS' if exported else 'FAIL'}")
print(f"REWARD: {1.0 if exported else 0.0}")
