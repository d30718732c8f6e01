"""initial_setup.py: a short report whose title is a plain paragraph."""
import os

import docx

os.makedirs("Documents", exist_ok=True)
doc = docx.Document()
doc.add_paragraph("quarterly report")
doc.add_paragraph("Revenue grew 4% over the previous quarter, led by the subscription plans.")
doc.add_paragraph("Costs stayed flat; hiring resumes next quarter.")
doc.save("Documents/report.docx")
