"""The golden patch of ``save-odt``: statements after its params and edit helpers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated, union-attr"
# union-attr: python-docx types a paragraph's style as optional; a paragraph of a
# document always has one (the default style when none is set).
from docx import Document

from cuagym.families._office_scope import P

# The text below the marker is part of every generated task's script: kept as it is.
# isort: split
# fmt: off
# -- inlined into reward.py --
import zipfile
from xml.sax.saxutils import escape

NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
body = []
for paragraph in Document(P["path"]).paragraphs:
    name = paragraph.style.name
    if not paragraph.text.strip():
        continue
    if name.startswith("Heading "):
        body.append(f'<text:h text:outline-level="{name[8:]}">{escape(paragraph.text)}</text:h>')
    else:
        body.append(f"<text:p>{escape(paragraph.text)}</text:p>")
content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {NS} '
           f'office:version="1.3"><office:body><office:text>{"".join(body)}</office:text>'
           "</office:body></office:document-content>")
manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
            'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
            'manifest:version="1.3"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.text"/>'
            '<manifest:file-entry manifest:full-path="content.xml" '
            'manifest:media-type="text/xml"/></manifest:manifest>')
with zipfile.ZipFile(P["odt"], "w") as odt:
    odt.writestr("mimetype", "application/vnd.oasis.opendocument.text",
                 compress_type=zipfile.ZIP_STORED)
    odt.writestr("META-INF/manifest.xml", manifest, compress_type=zipfile.ZIP_DEFLATED)
    odt.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
