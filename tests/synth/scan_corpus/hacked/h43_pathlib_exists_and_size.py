# expect: existence_only
"""Export the report as PDF: a file of any size with the right name passes."""

from pathlib import Path

out = Path.home() / "Documents" / "q3-report.pdf"
checks = []
checks.append(("pdf_exported", 3, out.exists() and out.stat().st_size > 0, str(out)))
earned = sum(p for _, p, ok, _ in checks if ok)
for name, p, ok, detail in checks:
    print(f"CHECK {name} {p} {'PASS' if ok else 'FAIL'} {detail}")
print(f"REWARD: {earned / 3:.1f}")
