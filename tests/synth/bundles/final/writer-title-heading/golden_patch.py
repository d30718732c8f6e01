"""golden_patch.py: retitle and restyle the first paragraph."""
import docx

doc = docx.Document("Documents/report.docx")
first = doc.paragraphs[0]
first.text = "Quarterly Report"
first.style = doc.styles["Heading 1"]
doc.save("Documents/report.docx")
